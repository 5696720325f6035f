#!/usr/bin/env bash
# Runs every fuzz target (or those named) for SECONDS each and prints one line per
# target: executions, corpus size, and whether it found anything.
#   fuzz/run.sh [SECONDS] [TARGET...]        (default 60 s, every target)
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Findings are left in fuzz/artifacts/TARGET/; reproduce one with
#   cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
cargo +nightly fuzz build -O >/dev/null
status=0
for t in "${targets[@]}"; do
  log=$(mktemp)
  if cargo +nightly fuzz run -O "$t" -- -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=20 >"$log" 2>&1; then
    verdict="no finding"
  else
    verdict="FINDING (see fuzz/artifacts/$t and $log)"
    status=1
  fi
  runs=$(grep -Eo 'Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+' || echo "?")
  corpus=$(find "fuzz/corpus/$t" -type f 2>/dev/null | wc -l)
  printf '%-14s %10s executions in %ss, corpus %5s inputs: %s\n' "$t" "$runs" "$seconds" "$corpus" "$verdict"
done
exit $status
