#!/usr/bin/env bash
# Exactness of `plateau tchu longest` above the tests' 20 routes, against an
# independent MILP (tools/verify_longest_trail.py, CBC through PuLP):
#   - the whole map: the MILP must give 159 (all 88 routes) and 139 (without
#     the second tracks of double routes), and the CLI the same length with a
#     valid trail;
#   - random connected pieces of 30-40 routes, drawn from a seed that changes
#     per run and is printed: replay a failure with MILP_SEED=<seed>.
# Exits non-zero on any disagreement. Sets up a Python virtual environment with
# PuLP (which ships the CBC binary) in target/milp-venv, reused when present.
#
#   tools/ci-milp.sh                      # 30 pieces, a new seed
#   MILP_SEED=1234 MILP_PIECES=200 tools/ci-milp.sh
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/milp-venv
pieces=${MILP_PIECES:-30}
# A new seed each run (seconds and the shell's random number), unless given.
seed=${MILP_SEED:-$(($(date +%s) % 1000000 * 32768 + RANDOM))}

if ! "$venv/bin/python" -c 'import pulp' 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pulp
fi
# PuLP's bundled CBC must run on this machine.
"$venv/bin/python" -c 'import pulp, sys; sys.exit(0 if pulp.PULP_CBC_CMD(msg=False).available() else 1)' ||
  { echo "ci-milp: PuLP's CBC solver does not run here" >&2; exit 1; }

cargo build --release -p plateau-cli
plateau=target/release/plateau
verify=("$venv/bin/python" tools/verify_longest_trail.py --plateau "$plateau")

echo "ci-milp: seed $seed ($pieces pieces; replay with MILP_SEED=$seed tools/ci-milp.sh)"
"${verify[@]}" --cli --expect 159
"${verify[@]}" --cli --expect 139 --without-doubles
"${verify[@]}" --cross-check "$pieces" --seed "$seed"
