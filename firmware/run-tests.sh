#!/usr/bin/env bash
# plateau's core on the chip: runs the firmware checks under QEMU (Cortex-M3,
# Cortex-M0 and Cortex-M4F), proves a wrong expected value and an over-budget
# stack each fail the run, runs the defmt build, links the panic-freedom probe
# (release and opt-level 3; every public function called; panics planted behind
# input lengths fail its link; overflow checks on: reported), holds the image to
# its flash budget, and writes the measured figures to FIGURES.md.
# Called by .ci/run; runs on its own too: `firmware/run-tests.sh`.
# With CI=true, FIGURES.md is not rewritten: the difference between this run's
# figures and the committed ones is printed as a warning (never a failure).
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TERM_COLOR=never

FLASH_BUDGET=$((128 * 1024)) # bytes of .text + .rodata in the release image
QEMU_M3="timeout 60 qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb -nographic -semihosting-config enable=on,target=native -kernel"
M3=thumbv7m-none-eabi
M0=thumbv6m-none-eabi
M4F=thumbv7em-none-eabihf
TARGETS=("$M3" "$M0" "$M4F")
# What each target runs on (the runners: .cargo/config.toml; memory maps: build.rs).
declare -A CPU=([$M3]="Cortex-M3" [$M0]="Cortex-M0" [$M4F]="Cortex-M4F")
declare -A MACHINE=([$M3]="lm3s6965evb" [$M0]="lm3s6965evb" [$M4F]="netduinoplus2")
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
qemu_version=$(qemu-system-arm --version | head -1)
echo "$qemu_version"
rustup target add "${TARGETS[@]}" >/dev/null 2>&1 || true
for target in "${TARGETS[@]}"; do
  rustup target list --installed | grep -qx "$target" || fail "cannot add the target $target"
done
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

for target in "${TARGETS[@]}"; do
  step "checks on $target (${CPU[$target]}, QEMU ${MACHINE[$target]})"
  set +e
  run_image "$target" "" | tee "$log/out-$target"
  code=${PIPESTATUS[0]}
  set -e
  [ "$code" -eq 0 ] || { cat "$log/stderr"; fail "the checks on $target exited with $code"; }
  grep -Eq '^[0-9]+ passed, 0 failed$' "$log/out-$target" || fail "no '0 failed' line on $target"
  elf=$out/$target/release/plateau-firmware
  flash=$(flash_of "$elf")
  echo "$flash $(ram_of "$elf")" >"$log/size-$target"
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

step "panic-freedom probe: every public function of the core is called"
panic-probe/coverage.sh

step "panic-freedom probe (release + LTO)"
for target in "$M3" "$M0"; do
  cargo build -q --locked --profile probe -p plateau-panic-probe --target "$target" ||
    fail "the probe does not link on $target: a public function of the core can panic (panic-probe/find-panics.sh says where)"
  probe_flash=$(flash_of "$out/$target/probe/plateau-panic-probe")
  echo "$probe_flash" >"$log/probe-$target"
  echo "links on $target: flash $probe_flash B"
done
# The probe's profile optimizes for size, like the image; the same must hold for speed.
CARGO_PROFILE_PROBE_OPT_LEVEL=3 cargo build -q --locked --profile probe -p plateau-panic-probe --target "$M3" ||
  fail "the probe does not link at opt-level 3 on $M3 (panic-probe/find-panics.sh says where)"
echo "links on $M3 at opt-level 3 too"
# Many firmware builds keep overflow checks on in release. Profile probe-overflow
# (Cargo.toml) turns them on; until no arithmetic reachable from the core can
# overflow-panic there, its result is reported (and written to FIGURES.md), not
# required. Set OVERFLOW_CHECKS_MUST_LINK=true to require it.
OVERFLOW_CHECKS_MUST_LINK=${OVERFLOW_CHECKS_MUST_LINK:-false}
for target in "$M3" "$M0"; do
  if cargo build -q --locked --profile probe-overflow -p plateau-panic-probe --target "$target" \
    >"$log/overflow-$target" 2>&1; then
    echo "links" >"$log/overflow-result-$target"
    echo "links on $target with overflow checks on"
  else
    grep -q 'undefined symbol: plateau_core_reached_a_panic' "$log/overflow-$target" ||
      { cat "$log/overflow-$target"; fail "the overflow-checks probe on $target: not the expected link error"; }
    [ "$OVERFLOW_CHECKS_MUST_LINK" = "true" ] &&
      fail "the probe does not link with overflow checks on $target (PROFILE=probe-overflow panic-probe/find-panics.sh says where)"
    result="does not link"
    if [ "$target" = "$M3" ]; then # counted once: a build of its own
      sites=$(PROFILE=probe-overflow TARGET=$target panic-probe/find-panics.sh 2>/dev/null | grep -c '^    calls' || true)
      result="$result: $sites calls into the panic machinery remain"
    fi
    echo "$result" >"$log/overflow-result-$target"
    echo "WARNING: with overflow checks on, the probe $result on $target"
    echo "WARNING: (PROFILE=probe-overflow TARGET=$target panic-probe/find-panics.sh lists them)"
  fi
done
if cargo build -q --locked --profile probe -p plateau-panic-probe --target "$M3" --features must-fail \
  >"$log/must-fail" 2>&1; then
  fail "the probe linked with a deliberate panic: it proves nothing"
fi
grep -q 'undefined symbol: plateau_core_reached_a_panic' "$log/must-fail" ||
  { cat "$log/must-fail"; fail "must-fail: not the expected link error"; }
echo "a deliberate panic fails the link, as it must"

step "panic-freedom probe self-test: panics planted behind input lengths fail the link"
panic-probe/self-test.sh "$M3"

step "figures"
# Everything below is measured by this run; nothing is typed.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "unknown")
if [ -n "$(git status --porcelain 2>/dev/null)" ]; then
  commit="$commit + uncommitted changes"
fi
{
  echo "# Firmware figures"
  echo
  echo "Written by \`firmware/run-tests.sh\` (never by hand): regenerate them with that"
  echo "command. CI reruns it and prints any difference from this file as a warning."
  echo
  echo "- Commit: $commit"
  echo "- Toolchain: $(rustc -V)"
  echo "- QEMU: $qemu_version"
  echo "- Command: \`firmware/run-tests.sh\`"
  echo
  echo "## Peak stack per check"
  echo
  echo "Bytes of stack each check used, measured on the emulated chip by painting"
  echo "(\`src/stack.rs\`); the budget is $(grep -oE 'budget [0-9]+ B per check' "$log/out-$M3" | grep -oE '[0-9]+') B per check."
  echo
  header="| check |"
  rule="|---|"
  for target in "${TARGETS[@]}"; do
    header="$header ${CPU[$target]} |"
    rule="$rule---:|"
  done
  echo "$header"
  echo "$rule"
  # One row per check, in the order the M3 ran them; a column per target.
  for target in "${TARGETS[@]}"; do
    sed -nE 's/^ok   ([^:]+): stack ([0-9]+) B$/\1 \2/p' "$log/out-$target" >"$log/stack-$target"
  done
  while read -r check _; do
    row="| $check |"
    for target in "${TARGETS[@]}"; do
      # "—": the check is not in this target's image (build.rs says why).
      used=$(awk -v c="$check" '$1 == c { print $2 }' "$log/stack-$target")
      row="$row ${used:-—} |"
    done
    echo "$row"
  done <"$log/stack-$M3"
  echo
  echo "## Flash and static RAM per image"
  echo
  echo "The release image (\`opt-level = \"z\"\`, fat LTO) with every check; flash is"
  echo ".text + .rodata (budget $FLASH_BUDGET B), static RAM is .data + .bss + .uninit."
  echo
  echo "| target | CPU | QEMU machine | flash (B) | static RAM (B) |"
  echo "|---|---|---|---:|---:|"
  for target in "${TARGETS[@]}"; do
    read -r flash ram <"$log/size-$target"
    echo "| $target | ${CPU[$target]} | ${MACHINE[$target]} | $flash | $ram |"
  done
  echo
  echo "## Panic probe"
  echo
  echo "Flash of the probe (profile \`probe\`: the release build), which calls every"
  echo "public function of the core; it is linked, never run."
  echo
  echo "| target | flash (B) |"
  echo "|---|---:|"
  for target in "$M3" "$M0"; do
    echo "| $target | $(cat "$log/probe-$target") |"
  done
  echo
  echo "With overflow checks on (profile \`probe-overflow\`; what remains and why:"
  echo "\`Cargo.toml\`, \`PROFILE=probe-overflow panic-probe/find-panics.sh\`):"
  echo
  for target in "$M3" "$M0"; do
    echo "- $target: $(cat "$log/overflow-result-$target")"
  done
} >"$log/FIGURES.md"
if [ "${CI:-}" = "true" ]; then
  if diff -u FIGURES.md "$log/FIGURES.md" >"$log/figures.diff"; then
    echo "FIGURES.md is up to date"
  else
    echo "WARNING: this run's figures differ from the committed FIGURES.md (not a failure;"
    echo "WARNING: rerun firmware/run-tests.sh without CI=true and commit FIGURES.md):"
    cat "$log/figures.diff"
  fi
else
  cp "$log/FIGURES.md" FIGURES.md
  echo "wrote firmware/FIGURES.md"
fi

step "firmware done"
