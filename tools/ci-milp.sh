#!/usr/bin/env bash
# Exactness of `plateau tchu longest` above the tests' 20 routes, against an
# independent MILP (tools/verify_longest_trail.py, CBC through PuLP):
#   - the whole map: the MILP must give 159 (all 88 routes) and 139 (without
#     the second tracks of double routes), and the CLI the same length with a
#     valid trail;
#   - the networks grown by hill climbs to be hard for the search
#     (fixtures/tchu/trail-hard.tsv, trail-grown-*.tsv) and one whose 64
#     stations are all odd (trail-odd-64.tsv), and the firmware's sliced
#     trail network (trail-firmware-sliced.tsv): the MILP must give the length
#     each file names, and the CLI the same;
#   - the firmware's 40-route network (fixtures/tchu/trail-firmware-40.tsv, the
#     routes of firmware/src/expected/tchu.rs): the MILP must give the 73 the
#     chip checks, and the CLI the same;
#   - random connected pieces of 30-40 routes, drawn from a seed that changes
#     per run and is printed: replay a failure with MILP_SEED=<seed>;
#   - the check itself: fake CLIs, each the real one with its answer spoiled
#     (a route dropped, a length too long, a route walked twice), must each be
#     caught, for the reason expected, and the unspoiled fake must pass; a
#     wrong --expect must fail.
# Exits non-zero on any disagreement, or when a fake is not caught. Sets up a
# Python virtual environment with PuLP (which ships the CBC binary) and highspy
# (HiGHS, the second solver of tools/trail-vs-milp, which shares this venv) in
# target/milp-venv, reused when present.
#
#   tools/ci-milp.sh                      # 30 pieces, a new seed
#   MILP_SEED=1234 MILP_PIECES=200 tools/ci-milp.sh
set -euo pipefail
case "${1:-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
[ $# -eq 0 ] || { echo "error: tools/ci-milp.sh takes no arguments, not '$*' (see --help)" >&2; exit 2; }
cd "$(dirname "$0")/.."

venv=target/milp-venv
pieces=${MILP_PIECES:-30}
# A new seed each run (seconds and the shell's random number), unless given.
seed=${MILP_SEED:-$(($(date +%s) % 1000000 * 32768 + RANDOM))}

if ! "$venv/bin/python" -c 'import pulp, highspy' 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pulp highspy
fi
# PuLP's bundled CBC must run on this machine, and HiGHS through highspy.
"$venv/bin/python" -c 'import pulp, sys; sys.exit(0 if pulp.PULP_CBC_CMD(msg=False).available() else 1)' ||
  { echo "ci-milp: PuLP's CBC solver does not run here" >&2; exit 1; }
"$venv/bin/python" -c 'import pulp, sys; sys.exit(0 if pulp.HiGHS(msg=False).available() else 1)' ||
  { echo "ci-milp: HiGHS (highspy) does not run here" >&2; exit 1; }

cargo build --release -p plateau-cli
plateau=target/release/plateau
verify=("$venv/bin/python" tools/verify_longest_trail.py --plateau "$plateau")
firmware_net=fixtures/tchu/trail-firmware-40.tsv

echo "ci-milp: seed $seed ($pieces pieces; replay with MILP_SEED=$seed tools/ci-milp.sh)"
"${verify[@]}" --cli --expect 159
"${verify[@]}" --cli --expect 139 --without-doubles
"${verify[@]}" "$firmware_net" --cli --expect 73
# The networks grown to be hard for the search, the large ones (over 128
# routes) and the one with every station odd: each file names its MILP length
# on a "# longest: N" line.
for net in fixtures/tchu/trail-hard.tsv fixtures/tchu/trail-grown-*.tsv fixtures/tchu/trail-odd-64.tsv \
  fixtures/tchu/trail-large-*.tsv \
  fixtures/tchu/trail-firmware-sliced.tsv; do
  expect=$(sed -n 's/^# longest: \([0-9]*\)$/\1/p' "$net")
  [[ -n $expect ]] || { echo "ci-milp: $net names no '# longest: N'" >&2; exit 1; }
  "${verify[@]}" "$net" --cli --expect "$expect"
done
"${verify[@]}" --cross-check "$pieces" --seed "$seed"

# The fake CLI: runs the real one with the same arguments and input, then
# spoils its JSON answer as FAKE_MODE says. `drop` leaves a trail of the
# network whose length is the sum of its routes, only shorter than the longest:
# the comparison with the MILP alone can see it. The others claim more than the
# trail they show holds (the length kept or raised, a route walked twice), which
# the check of the trail itself must see.
fakes=$(mktemp -d)
trap 'rm -rf "$fakes"' EXIT
cat >"$fakes/plateau" <<'PY'
#!/usr/bin/env python3
import json, os, subprocess, sys

network = sys.stdin.read()
real = subprocess.run([os.environ["FAKE_REAL"], *sys.argv[1:]], input=network,
                      capture_output=True, text=True, check=False)
if real.returncode != 0:
    sys.stderr.write(real.stderr)
    sys.exit(real.returncode)
answer = json.loads(real.stdout)
lengths = {f[0]: int(f[3]) for f in (l.split("\t") for l in network.splitlines())
           if len(f) >= 4 and f[3].isdigit()}
routes, stations, mode = answer["routes"], answer["stations"], os.environ["FAKE_MODE"]
if mode == "drop":          # one route short, the length its sum: a shorter trail
    answer["length"] -= lengths[routes.pop()]
    stations.pop()
elif mode == "keep-length": # one route short, the length still the whole trail's
    routes.pop()
    stations.pop()
elif mode == "longer":      # the same trail, one more than it is long
    answer["length"] += 1
elif mode == "repeat":      # its last route walked back: longer, a route twice
    routes.append(routes[-1])
    stations.append(stations[-2])
    answer["length"] += lengths[routes[-1]]
elif mode != "honest":
    sys.exit(f"fake plateau: unknown FAKE_MODE {mode}")
print(json.dumps(answer, separators=(",", ":")))
PY
chmod +x "$fakes/plateau"
fake=("$venv/bin/python" tools/verify_longest_trail.py --plateau "$fakes/plateau")
export FAKE_REAL=$plateau

# The unspoiled fake must pass: a spoiled one caught below is caught for its spoil.
FAKE_MODE=honest "${fake[@]}" "$firmware_net" --cli --expect 73 >/dev/null ||
  { echo "ci-milp: the honest fake CLI fails the check" >&2; exit 1; }
# Each spoiled fake must fail the check with the words of its spoil.
caught() { # MODE EXPECTED-WORDS ARGS...
  local mode=$1 words=$2 out
  shift 2
  if out=$(FAKE_MODE=$mode "${fake[@]}" "$@" 2>&1); then
    printf '%s\n' "$out"
    echo "ci-milp: a fake CLI ($mode) was NOT caught: $*" >&2
    exit 1
  fi
  if ! grep -q "DISAGREE.*$words" <<<"$out"; then
    printf '%s\n' "$out"
    echo "ci-milp: a fake CLI ($mode) failed, but not with '$words': $*" >&2
    exit 1
  fi
  echo "ci-milp: fake CLI ($mode) caught: $(grep -m1 DISAGREE <<<"$out")"
}
caught drop "milp 73, cli " "$firmware_net" --cli
caught drop "milp 159, cli " --cli
caught drop "milp [0-9]*, cli " --cross-check 2 --seed "$seed"
caught keep-length "length is not the sum" "$firmware_net" --cli
caught longer "length is not the sum" "$firmware_net" --cli
caught repeat "a route twice" "$firmware_net" --cli
# And a wrong expectation must fail the MILP's own check.
if "${verify[@]}" "$firmware_net" --expect 74 >/dev/null; then
  echo "ci-milp: --expect 74 passed on a network whose longest trail is 73" >&2
  exit 1
fi
echo "ci-milp: a wrong --expect (74 for 73) fails"
