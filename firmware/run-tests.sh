#!/usr/bin/env bash
# plateau's core on the chip: runs the firmware checks under QEMU (Cortex-M3 and
# Cortex-M0), proves a wrong expected value and an over-budget stack each fail
# the run, runs the defmt build, links the panic-freedom probe (and proves a
# panic fails its link), and holds the image to its flash budget.
# Called by .ci/run; runs on its own too: `firmware/run-tests.sh`.
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TERM_COLOR=never

FLASH_BUDGET=$((128 * 1024)) # bytes of .text + .rodata in the release image
QEMU_M3="timeout 60 qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb -nographic -semihosting-config enable=on,target=native -kernel"
M3=thumbv7m-none-eabi
M0=thumbv6m-none-eabi
out=${CARGO_TARGET_DIR:-target}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

step() { printf '\n--- firmware: %s (%ss)\n' "$*" "$SECONDS"; }
fail() { echo "firmware: FAILED: $*" >&2; exit 1; }

step "tools"
if ! command -v qemu-system-arm >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends qemu-system-arm >/dev/null
fi
qemu-system-arm --version | head -1
rustup target add "$M3" "$M0" >/dev/null 2>&1 || rustup target list --installed | grep -q "$M0" ||
  fail "cannot add the thumb targets"
rustup component add llvm-tools >/dev/null 2>&1 || true
size_tool=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-size 2>/dev/null | head -1 || true)
if [ -z "$size_tool" ]; then
  size_tool=$(command -v llvm-size || command -v llvm-size-14 || true)
fi
if [ -z "$size_tool" ]; then
  apt-get install -y -qq --no-install-recommends llvm >/dev/null
  size_tool=$(command -v llvm-size)
fi

# Runs the image for $1 (target) with features $2; prints its output; returns its exit code.
run_image() {
  local target=$1 features=$2
  cargo run -q --locked --release --target "$target" ${features:+--features "$features"} 2>"$log/stderr" ||
    return $?
}

# Prints .text + .rodata of an ELF file in bytes.
flash_of() {
  "$size_tool" -A "$1" | awk '$1 == ".text" || $1 == ".rodata" { sum += $2 } END { print sum }'
}

# Prints the static RAM (.data + .bss + .uninit) of an ELF file in bytes.
ram_of() {
  "$size_tool" -A "$1" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".uninit" { sum += $2 } END { print sum }'
}

step "fmt and clippy"
cargo fmt --all --check
cargo clippy -q --locked --release --workspace -- -D warnings
cargo clippy -q --locked --release --features defmt -- -D warnings

for target in "$M3" "$M0"; do
  step "checks on $target under QEMU"
  set +e
  run_image "$target" "" | tee "$log/out"
  code=${PIPESTATUS[0]}
  set -e
  [ "$code" -eq 0 ] || { cat "$log/stderr"; fail "the checks on $target exited with $code"; }
  grep -Eq '^[0-9]+ passed, 0 failed$' "$log/out" || fail "no '0 failed' line on $target"
  elf=$out/$target/release/plateau-firmware
  flash=$(flash_of "$elf")
  echo "flash (.text + .rodata) on $target: $flash B of the $FLASH_BUDGET B budget; static RAM $(ram_of "$elf") B"
  [ "$flash" -le "$FLASH_BUDGET" ] || fail "image on $target is $flash B, over the $FLASH_BUDGET B budget"
done

# The negative runs print their own "N passed, 1 failed": kept in a file, so that
# the only such lines in CI's log are those of runs that must pass.
step "a wrong expected value fails the run"
set +e
run_image "$M3" wrong-expected >"$log/wrong"
code=$?
set -e
grep '^FAIL' "$log/wrong" || true
[ "$code" -eq 1 ] || fail "wrong-expected run exited with $code, not 1"
grep -q '^FAIL jass/worked-example: .*step 1: packed' "$log/wrong" || fail "wrong-expected: no FAIL line"
echo "failed as it must (exit 1)"

step "a check over the stack budget fails the run"
set +e
run_image "$M3" over-budget >"$log/over"
code=$?
set -e
grep '^FAIL' "$log/over" || true
[ "$code" -eq 1 ] || fail "over-budget run exited with $code, not 1"
grep -q '^FAIL firmware/over-budget: stack [0-9]* B over the budget' "$log/over" ||
  fail "over-budget: no FAIL line"
echo "failed as it must (exit 1)"

step "defmt build (the core's defmt feature; frames over semihosting)"
cargo build -q --locked --release --target "$M3" --features defmt
set +e
$QEMU_M3 "$out/$M3/release/plateau-firmware" >"$log/defmt.bin" 2>/dev/null
code=$?
set -e
[ "$code" -eq 0 ] || fail "the defmt image exited with $code"
if command -v defmt-print >/dev/null; then
  defmt-print -e "$out/$M3/release/plateau-firmware" <"$log/defmt.bin" | tee "$log/defmt.txt"
  grep -Eq '[0-9]+ passed, 0 failed' "$log/defmt.txt" || fail "defmt: no '0 failed' line"
else
  echo "exit 0, $(wc -c <"$log/defmt.bin") B of defmt frames (install defmt-print to decode them)"
fi

step "panic-freedom probe (release + LTO)"
for target in "$M3" "$M0"; do
  cargo build -q --locked --profile probe -p plateau-panic-probe --target "$target" ||
    fail "the probe does not link on $target: a public function of the core can panic (panic-probe/find-panics.sh says where)"
  echo "links on $target: flash $(flash_of "$out/$target/probe/plateau-panic-probe") B"
done
# The probe's profile optimizes for size, like the image; the same must hold for speed.
CARGO_PROFILE_PROBE_OPT_LEVEL=3 cargo build -q --locked --profile probe -p plateau-panic-probe --target "$M3" ||
  fail "the probe does not link at opt-level 3 on $M3 (panic-probe/find-panics.sh says where)"
echo "links on $M3 at opt-level 3 too"
if cargo build -q --locked --profile probe -p plateau-panic-probe --target "$M3" --features must-fail \
  >"$log/must-fail" 2>&1; then
  fail "the probe linked with a deliberate panic: it proves nothing"
fi
grep -q 'undefined symbol: plateau_core_reached_a_panic' "$log/must-fail" ||
  { cat "$log/must-fail"; fail "must-fail: not the expected link error"; }
echo "a deliberate panic fails the link, as it must"

step "firmware done"
