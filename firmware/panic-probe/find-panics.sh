#!/usr/bin/env bash
# Lists every call into core's panic machinery left in the probe, each with the
# source line just before it (usually the core's line that can panic).
# Use it when the probe fails to link: fix those lines in the core.
# `PROFILE=probe-overflow panic-probe/find-panics.sh` lists them with overflow
# checks on; `TARGET=thumbv6m-none-eabi` for the Cortex-M0.
set -euo pipefail
cd "$(dirname "$0")"
profile=${PROFILE:-probe}
target=${TARGET:-thumbv7m-none-eabi}
cargo build -q --profile "$profile" -p plateau-panic-probe --target "$target" --features find-panics
objdump=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-objdump 2>/dev/null | head -1 || true)
objdump=${objdump:-$(command -v llvm-objdump || command -v llvm-objdump-14)}
"$objdump" -d -l --no-show-raw-insn -C "${CARGO_TARGET_DIR:-../target}/$target/$profile/plateau-panic-probe" |
  awk '/^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[0-9a-f]+ /, "", fn) }
       /^; \// { where = $2 }
       /\tb(l|\.w)?\t.*<core::(panicking|slice::index|option::unwrap_failed|option::expect_failed|result::unwrap_failed|str::slice_error_fail)/ {
         callee = $0; sub(/.*</, "<", callee); sub(/>.*/, ">", callee)
         print fn "\n    at " where "\n    calls " callee; found = 1 }
       END { if (!found) print "no call into the panic machinery" }'
