#!/usr/bin/env bash
# plateau's core on the chip: runs the firmware checks under QEMU (Cortex-M3,
# the Cortex-M0 of a BBC micro:bit with its 16 KiB of RAM, and Cortex-M4F), in
# images of a few capabilities each (one each on the micro:bit), proves a
# wrong expected value and an over-budget stack each fail the run, runs the
# defmt build, links the panic-freedom probe (release and opt-level 3; every
# public function called; panics planted behind input lengths fail its link;
# overflow checks on: reported), holds each image to the flash budget and its
# lent buffers to .bss, measures each capability's flash alone and the sliced
# searches' slices in instructions, and writes the figures to FIGURES.md.
# Called by .ci/run; runs on its own too: `firmware/run-tests.sh`.
# With CI=true, FIGURES.md is not rewritten: a difference between this run's
# figures and the committed ones (the commit line aside) fails the run.
set -euo pipefail
case "${1:-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
[ $# -eq 0 ] || { echo "error: firmware/run-tests.sh takes no arguments, not '$*' (see --help)" >&2; exit 2; }
cd "$(dirname "$0")"
export CARGO_TERM_COLOR=never

FLASH_BUDGET=$((128 * 1024)) # bytes of .text + .rodata in each release image
# Largest static allowed in .data: a buffer lent to a search is filled with
# zeros at compile time (.bss); in .data its initial value would take its size
# again in flash, which the flash figure (.text + .rodata) does not count.
DATA_STATIC_LIMIT=1024
# -icount shift=0: the virtual clock moves 1 ns per guest instruction, so that
# SysTick counts instructions (the sliced checks' figures); the runners of
# .cargo/config.toml run every image so.
QEMU_M3="timeout 60 qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb -nographic -semihosting-config enable=on,target=native -icount shift=0 -kernel"
M3=thumbv7m-none-eabi
M0=thumbv6m-none-eabi
M4F=thumbv7em-none-eabihf
TARGETS=("$M3" "$M0" "$M4F")
# What each target runs on (the runners: .cargo/config.toml; memory maps: build.rs,
# memory-*.x), and the board's RAM in bytes.
declare -A CPU=([$M3]="Cortex-M3" [$M0]="Cortex-M0" [$M4F]="Cortex-M4F")
declare -A MACHINE=([$M3]="lm3s6965evb" [$M0]="microbit" [$M4F]="netduinoplus2")
declare -A RAM=([$M3]=$((64 * 1024)) [$M0]=$((16 * 1024)) [$M4F]=$((128 * 1024)))
# Where each board's RAM begins (the initial stack pointer must lie within it).
RAM_START=$((0x20000000))
# The capabilities (Cargo.toml's default features), and the images each target
# runs: all the capabilities together pass the flash budget, so they run in
# images of a few each (features, comma-separated), each within the budget; on
# the micro:bit (16 KiB of RAM), one image per capability.
read -r -a CAPABILITIES <<<"$(sed -nE 's/^default = \[(.*)\]/\1/p' Cargo.toml | tr -d '",')"
IMAGES=("bits,jass,tchu,tour" "camicia,grid")
images_of() {
  if [ "$1" = "$M0" ]; then printf '%s\n' "${CAPABILITIES[@]}"; else printf '%s\n' "${IMAGES[@]}"; fi
}
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
# The probe's coverage reads rustdoc's JSON and builds the probe with unstable
# flags: its pinned nightly, with the Cortex-M3 target (panic-probe/coverage.sh).
nightly=$(sed -n 's/^nightly=\${PROBE_NIGHTLY:-\(.*\)}$/\1/p' panic-probe/coverage.sh)
nightly=${PROBE_NIGHTLY:-$nightly}
if ! rustup run "$nightly" rustc -V >/dev/null 2>&1; then
  rustup toolchain install "$nightly" --profile minimal >/dev/null 2>&1 || fail "cannot install $nightly"
fi
rustup target add --toolchain "$nightly" "$M3" >/dev/null 2>&1 || true
rustup target list --toolchain "$nightly" --installed | grep -qx "$M3" || fail "cannot add $M3 to $nightly"
size_tool=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-size 2>/dev/null | head -1 || true)
if [ -z "$size_tool" ]; then
  size_tool=$(command -v llvm-size || command -v llvm-size-14 || true)
fi
if [ -z "$size_tool" ]; then
  apt-get install -y -qq --no-install-recommends llvm >/dev/null
  size_tool=$(command -v llvm-size)
fi
nm_tool=$(dirname "$size_tool")/$(basename "$size_tool" | sed 's/size/nm/')
[ -x "$nm_tool" ] || nm_tool=$(command -v llvm-nm || command -v nm)
# Every capability runs in exactly one image.
covered=$(printf '%s\n' "${IMAGES[@]}" | tr ',' '\n' | sort | tr '\n' ' ')
expected=$(printf '%s\n' "${CAPABILITIES[@]}" | sort | tr '\n' ' ')
[ "$covered" = "$expected" ] || fail "IMAGES cover [$covered], the capabilities are [$expected]"

# Runs the image for $1 (target) with only the features $2; prints its output;
# returns its exit code.
run_image() {
  local target=$1 features=$2
  cargo run -q --locked --release --target "$target" --no-default-features \
    ${features:+--features "$features"} 2>"$log/stderr" || return $?
}

# Builds the image for $1 (target) with only the features $2.
build_image() {
  cargo build -q --locked --release --target "$1" --no-default-features ${2:+--features "$2"}
}

# Prints .text + .rodata of an ELF file in bytes.
flash_of() {
  "$size_tool" -A "$1" | awk '$1 == ".text" || $1 == ".rodata" { sum += $2 } END { print sum }'
}

# Succeeds when two FIGURES.md files differ only in the commit line and in
# numbers within 1 % of each other (or by 1 when a percentage follows).
figures_within_noise() {
  paste -d '\n' <(grep -v '^- Commit: ' "$1") <(grep -v '^- Commit: ' "$2") |
    awk -v lines_a="$(grep -vc '^- Commit: ' "$1")" -v lines_b="$(grep -vc '^- Commit: ' "$2")" '
      function split_line(line, words, numbers,   n) {
        n = 0
        while (match(line, /[0-9]+/)) {
          words[n] = substr(line, 1, RSTART - 1)
          numbers[n] = substr(line, RSTART, RLENGTH) + 0
          line = substr(line, RSTART + RLENGTH)
          n++
        }
        words[n] = line
        return n
      }
      BEGIN { if (lines_a != lines_b) exit 1 }
      NR % 2 == 1 { a = $0; next }
      {
        na = split_line(a, wa, xa); nb = split_line($0, wb, xb)
        if (na != nb) exit 1
        for (i = 0; i <= na; i++) if (wa[i] != wb[i]) exit 1
        for (i = 0; i < na; i++) {
          d = xa[i] - xb[i]; if (d < 0) d = -d
          m = xa[i] > xb[i] ? xa[i] : xb[i]
          if (100 * d > m && !(d == 1 && wa[i + 1] ~ /^ %/)) exit 1
        }
      }'
}

# Prints the static RAM (.data + .bss + .uninit) of an ELF file in bytes.
ram_of() {
  "$size_tool" -A "$1" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".uninit" { sum += $2 } END { print sum }'
}

# Prints "size name" of each static of an ELF file in .data, largest first.
data_statics_of() {
  "$nm_tool" -S -C --size-sort -r "$1" | awk '$3 == "d" || $3 == "D" {
    size = 0; hex = toupper($2)
    for (i = 1; i <= length(hex); i++) size = size * 16 + index("0123456789ABCDEF", substr(hex, i, 1)) - 1
    if (size > 0) { $1 = ""; $2 = ""; $3 = ""; sub(/^ +/, ""); sub(/::h[0-9a-f]+$/, ""); print size, $0 }
  }'
}

step "fmt and clippy"
cargo fmt --all --check
cargo clippy -q --locked --release --workspace -- -D warnings
cargo clippy -q --locked --release --features defmt -- -D warnings

for target in "${TARGETS[@]}"; do
  : >"$log/out-$target"
  mapfile -t images < <(images_of "$target")
  for image in "${images[@]}"; do
    step "checks on $target (${CPU[$target]}, QEMU ${MACHINE[$target]}): $image"
    set +e
    run_image "$target" "$image" | tee "$log/run"
    code=${PIPESTATUS[0]}
    set -e
    [ "$code" -eq 0 ] || { cat "$log/stderr"; fail "the checks $image on $target exited with $code"; }
    grep -Eq '^[0-9]+ passed, 0 failed$' "$log/run" || fail "no '0 failed' line for $image on $target"
    cat "$log/run" >>"$log/out-$target"
    elf=$out/$target/release/plateau-firmware
    flash=$(flash_of "$elf")
    echo "$target $image $flash $(ram_of "$elf")" >>"$log/sizes"
    echo "flash (.text + .rodata) of $image on $target: $flash B of the $FLASH_BUDGET B budget; static RAM $(ram_of "$elf") B"
    [ "$flash" -le "$FLASH_BUDGET" ] || fail "image $image on $target is $flash B, over the $FLASH_BUDGET B budget"
    # The image's RAM: its statics and its initial stack pointer (the top of
    # the stack, cortex-m-rt's _stack_start) within the board's.
    ram=$(ram_of "$elf")
    sp=$((0x$("$nm_tool" "$elf" | awk '$3 == "_stack_start" { print $1 }')))
    [ "$ram" -le "${RAM[$target]}" ] && [ "$sp" -le $((RAM_START + ${RAM[$target]})) ] && [ "$sp" -gt "$RAM_START" ] ||
      fail "image $image on $target: static RAM $ram B, initial stack pointer $(printf '%#x' "$sp"): not within the board's ${RAM[$target]} B"
    echo "static RAM $ram B and initial stack pointer $(printf '%#x' "$sp") within the ${MACHINE[$target]}'s ${RAM[$target]} B of RAM"
    data_statics_of "$elf" >"$log/data"
    while read -r size name; do
      echo "$target $image $size $name" >>"$log/data-statics"
      [ "$size" -le "$DATA_STATIC_LIMIT" ] ||
        fail "$name ($size B) is in .data in $image on $target: a lent buffer belongs in .bss (zero-filled, a const fn)"
    done <"$log/data"
  done
  # The calibration of SysTick against instructions must be exact under
  # -icount: proportional counts, and a spin of known length measured at it.
  while read -r short ishort long ilong ispin measured; do
    [ "$short" -gt 0 ] || fail "SysTick did not count on $target (QEMU without -icount?)"
    product=$((long * ishort)) expected_product=$((short * ilong))
    [ "$product" -le $((expected_product + expected_product / 200)) ] &&
      [ "$product" -ge $((expected_product - expected_product / 200)) ] ||
      fail "calibration on $target: $short counts for $ishort instructions, $long for $ilong: not proportional"
    [ $((measured * 1000)) -ge $((ispin * 995)) ] && [ $((measured * 1000)) -le $((ispin * 1005)) ] ||
      fail "calibration on $target: a spin of $ispin instructions measured $measured"
  done < <(sed -nE 's/^calibration: SysTick counts ([0-9]+) for ([0-9]+) instructions, ([0-9]+) for ([0-9]+); a spin of ([0-9]+) instructions measures ([0-9]+)$/\1 \2 \3 \4 \5 \6/p' "$log/out-$target")
  grep -q '^calibration: ' "$log/out-$target" || fail "no calibration line on $target"
done

# The negative runs print their own "N passed, 1 failed": kept in a file, so that
# the only such lines in CI's log are those of runs that must pass.
step "a wrong expected value fails the run"
set +e
run_image "$M3" jass,wrong-expected >"$log/wrong"
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

step "defmt builds (the core's defmt feature; frames over semihosting), one per image"
# One image per group of IMAGES, as the plain checks: all the capabilities at
# once hold more statics than the lm3s6965evb's 64 KiB of RAM leave stack for.
for image in "${IMAGES[@]}"; do
  cargo build -q --locked --release --target "$M3" --no-default-features --features "defmt,$image"
  set +e
  $QEMU_M3 "$out/$M3/release/plateau-firmware" >"$log/defmt.bin" 2>/dev/null
  code=$?
  set -e
  [ "$code" -eq 0 ] || fail "the defmt image of $image exited with $code"
  if command -v defmt-print >/dev/null; then
    defmt-print -e "$out/$M3/release/plateau-firmware" <"$log/defmt.bin" | tee "$log/defmt.txt"
    grep -Eq '[0-9]+ passed, 0 failed' "$log/defmt.txt" || fail "defmt ($image): no '0 failed' line"
  else
    echo "$image: exit 0, $(wc -c <"$log/defmt.bin") B of defmt frames (install defmt-print to decode them)"
  fi
done

step "flash and static RAM of each capability alone"
# The image with one capability's checks and nothing else, and with none (the
# harness, formatting and semihosting): what each capability costs in flash,
# and the static RAM it needs.
for target in "${TARGETS[@]}"; do
  for capability in "" "${CAPABILITIES[@]}"; do
    build_image "$target" "$capability"
    flash=$(flash_of "$out/$target/release/plateau-firmware")
    ram=$(ram_of "$out/$target/release/plateau-firmware")
    echo "$target ${capability:-none} $flash $ram" >>"$log/alone"
    echo "$target ${capability:-(none)}: flash $flash B, static RAM $ram B"
  done
done

step "panic-freedom probe: every public function and method of the core is called, per type, and every const-generic item at capacity 0"
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
# (Cargo.toml) turns them on. Until no arithmetic reachable from the core can
# overflow-panic there, the places of the calls into the panic machinery that
# remain (panic-probe/overflow-sites.sh: a core line by its code, anything else
# by its file) are held to a committed list (panic-probe/overflow-baseline): a
# new place fails the run, even when another is gone and the count is the same
# (a new arithmetic that can overflow: make it checked, wrapping or saturating
# where the value can grow, or wrapping with a comment where it cannot); a
# place of the list this build does not show is only reported (a few calls are
# attributed to other lines by other builds of the same code). Set
# OVERFLOW_CHECKS_MUST_LINK=true to require the link itself.
OVERFLOW_CHECKS_MUST_LINK=${OVERFLOW_CHECKS_MUST_LINK:-false}
grep -Ev '^\s*(#|$)' panic-probe/overflow-baseline | sort -u >"$log/overflow-baseline"
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
    if [ "$target" = "$M3" ]; then # listed once: a build of its own
      TARGET=$target panic-probe/overflow-sites.sh >"$log/overflow-sites" 2>/dev/null ||
        fail "panic-probe/overflow-sites.sh failed"
      sites=$(wc -l <"$log/overflow-sites")
      result="$result: calls into the panic machinery remain at $sites places, those of panic-probe/overflow-baseline"
      new=$(comm -13 "$log/overflow-baseline" "$log/overflow-sites")
      gone=$(comm -23 "$log/overflow-baseline" "$log/overflow-sites")
      if [ -n "$new" ]; then
        PROFILE=probe-overflow TARGET=$target panic-probe/find-panics.sh 2>/dev/null || true
        printf 'new places:\n%s\n' "$new" >&2
        fail "with overflow checks on, calls into the panic machinery at places not in panic-probe/overflow-baseline (above): an arithmetic of the core can now overflow"
      elif [ -n "$gone" ]; then
        # Not a failure: which line a few of these calls are attributed to
        # moves between builds of the same code (panic-probe/overflow-baseline
        # lists each place seen); a place gone for good is still worth taking out.
        printf 'places of panic-probe/overflow-baseline this build does not list (moved or gone):\n%s\n' "$gone"
      fi
    fi
    echo "$result" >"$log/overflow-result-$target"
    echo "with overflow checks on, the probe $result on $target"
  fi
done
if cargo build -q --locked --profile probe -p plateau-panic-probe --target "$M3" --features must-fail \
  >"$log/must-fail" 2>&1; then
  fail "the probe linked with a deliberate panic: it proves nothing"
fi
grep -q 'undefined symbol: plateau_core_reached_a_panic' "$log/must-fail" ||
  { cat "$log/must-fail"; fail "must-fail: not the expected link error"; }
echo "a deliberate panic fails the link, as it must"

step "panic-freedom probe self-test: a panic planted in each shape (length, capacity 0, never called, receiver, two values, enum, unwrap, unreachable, division) fails the probe"
panic-probe/self-test.sh "$M3"

step "figures"
# Everything below is measured by this run; nothing is typed.
# The commit of the code measured (the core, the firmware and the lock file;
# this file aside): CI's own commit is the one after, that commits this file.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "unknown")
if [ -n "$(git status --porcelain -- ../core . ../Cargo.toml ../Cargo.lock ':!FIGURES.md' 2>/dev/null)" ]; then
  commit="$commit + uncommitted changes"
fi
{
  echo "# Firmware figures"
  echo
  echo "Written by \`firmware/run-tests.sh\` (never by hand): regenerate them with that"
  echo "command. CI reruns it and fails on any difference from this file (the commit aside)."
  echo
  echo "- Commit: $commit"
  echo "- Toolchain: $(rustc -V)"
  echo "- QEMU: $qemu_version"
  echo "- Command: \`firmware/run-tests.sh\`"
  echo
  echo "## Peak stack per check"
  echo
  echo "Bytes of stack each check used, measured on the emulated chip by painting"
  echo "(\`src/stack.rs\`); the budget is $(grep -oE 'budget [0-9]+ B per check' "$log/out-$M3" | head -1 | grep -oE '[0-9]+') B per check."
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
      # "—": the check is in none of this target's images.
      used=$(awk -v c="$check" '$1 == c { print $2 }' "$log/stack-$target")
      row="$row ${used:-—} |"
    done
    echo "$row"
  done <"$log/stack-$M3"
  echo
  echo "## Flash and static RAM per image"
  echo
  echo "The release images (\`opt-level = \"z\"\`, fat LTO); each runs the checks of a few"
  echo "capabilities (\`IMAGES\` in \`run-tests.sh\`: all of them in one image pass the"
  echo "budget). Flash is .text + .rodata (budget $FLASH_BUDGET B per image), static RAM is"
  echo ".data + .bss + .uninit."
  echo
  echo "| target | CPU | QEMU machine | capabilities | flash (B) | static RAM (B) |"
  echo "|---|---|---|---|---:|---:|"
  while read -r target image flash ram; do
    echo "| $target | ${CPU[$target]} | ${MACHINE[$target]} | ${image//,/, } | $flash | $ram |"
  done <"$log/sizes"
  echo
  echo "Statics in .data (their initial values take flash too, beyond the figure"
  echo "above; a lent buffer over $DATA_STATIC_LIMIT B there fails the run):"
  echo
  if [ -s "$log/data-statics" ]; then
    awk '{ t = $1; i = $2; s = $3; $1 = ""; $2 = ""; $3 = ""; sub(/^ +/, ""); gsub(/,/, ", ", i); print "- " t ", " i ": `" $0 "`, " s " B" }' "$log/data-statics"
  else
    echo "- none"
  fi
  echo
  echo "## Memory a caller lends the core"
  echo
  echo "\`size_of\` of each type a caller lends a search, as the image prints it on"
  echo "the chip (\`src/sizes.rs\`; a \`usize\` takes 4 bytes there, 8 on a 64-bit host)."
  echo
  header="| type |"
  rule="|---|"
  for target in "${TARGETS[@]}"; do
    header="$header ${CPU[$target]} (B) |"
    rule="$rule---:|"
  done
  echo "$header"
  echo "$rule"
  sed -nE 's/^memory (.*): [0-9]+ B$/\1/p' "$log/out-${TARGETS[0]}" | awk '!seen[$0]++' | while read -r type; do
    row="| \`$type\` |"
    for target in "${TARGETS[@]}"; do
      bytes=$(grep -F "memory $type: " "$log/out-$target" | head -1 | sed -nE 's/.*: ([0-9]+) B$/\1/p')
      row="$row ${bytes:-—} |"
    done
    echo "$row"
  done
  echo
  echo "## Each capability alone, per board"
  echo
  echo "The image with one capability's checks and nothing else"
  echo "(\`--no-default-features --features <capability>\`): its flash (.text + .rodata),"
  echo "its static RAM (.data + .bss: the harness's and the memory its searches are"
  echo "lent), the peak stack of its checks (measured as above; on the micro:bit in"
  echo "that very image, on the other boards in the group image that holds it), and"
  echo "static RAM plus peak stack against the board's RAM: what a firmware needs to"
  echo "run that capability, harness included."
  echo
  for target in "${TARGETS[@]}"; do
    echo "### ${MACHINE[$target]} ($target, ${CPU[$target]}, $((${RAM[$target]} / 1024)) KiB of RAM)"
    echo
    echo "| capability | flash (B) | static RAM (B) | peak stack (B) | static + stack (B) | of the RAM |"
    echo "|---|---:|---:|---:|---:|---:|"
    for capability in none "${CAPABILITIES[@]}"; do
      read -r flash ram < <(awk -v t="$target" -v c="$capability" '$1 == t && $2 == c { print $3, $4 }' "$log/alone")
      stack=$(sed -nE "s/^peak stack $capability: ([0-9]+) B$/\1/p" "$log/out-$target" | sort -n | tail -1)
      if [ -n "$stack" ]; then
        sum=$((ram + stack))
        echo "| $capability | $flash | $ram | $stack | $sum | $((100 * sum / ${RAM[$target]})) % |"
      else
        echo "| $capability | $flash | $ram | — | — | — |"
      fi
    done
    echo
  done
  echo "### Flash of each capability alone, side by side"
  echo
  echo "In brackets, what the capability adds to the harness, formatting and"
  echo "semihosting alone (none). Capabilities share code (the core's helpers,"
  echo "formatting), so images of several cost less than the sum."
  echo
  header="| capability |"
  rule="|---|"
  for target in "${TARGETS[@]}"; do
    header="$header ${CPU[$target]} |"
    rule="$rule---:|"
  done
  echo "$header"
  echo "$rule"
  for capability in none "${CAPABILITIES[@]}"; do
    row="| $capability |"
    for target in "${TARGETS[@]}"; do
      base=$(awk -v t="$target" '$1 == t && $2 == "none" { print $3 }' "$log/alone")
      flash=$(awk -v t="$target" -v c="$capability" '$1 == t && $2 == c { print $3 }' "$log/alone")
      if [ "$capability" = none ]; then
        row="$row $flash |"
      else
        row="$row $flash (+$((flash - base))) |"
      fi
    done
    echo "$row"
  done
  echo
  echo "## Sliced searches"
  echo
  echo "Each check runs a search to its end twice, in one call and from a cooperative"
  echo "loop in slices of a fixed budget (\`src/cooperative.rs\`), with other work between"
  echo "slices (a tick counter standing in for a watchdog, which must move once a"
  echo "slice), and expects the same outcome and steps spent. Each slice is timed with"
  echo "SysTick on the core clock, QEMU running with \`-icount shift=0\` (1 ns of virtual"
  echo "time a guest instruction); the image converts counts to instructions with a"
  echo "spin loop of a known instruction count (below). These are guest instructions"
  echo "counted by QEMU: about the cycles of a zero-wait-state core, though somewhat"
  echo "fewer (most instructions take one cycle there; loads, taken branches and"
  echo "divides take two or more). A real chip running from flash with wait states"
  echo "takes more cycles still."
  echo "The figures are exact to one SysTick count (the calibration gives its size in"
  echo "instructions), and include the few instructions that read the clock."
  echo
  echo "Calibration (each image prints it; the run fails unless the counts are"
  echo "proportional and a third spin is measured at its known length within 0.5 %):"
  echo
  echo "| target | CPU | spin 1 (instructions) | its SysTick counts | spin 2 (instructions) | its counts | instructions a count | spin 3 (instructions) | measured at |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  for target in "${TARGETS[@]}"; do
    read -r short ishort long ilong ispin measured < <(sed -nE 's/^calibration: SysTick counts ([0-9]+) for ([0-9]+) instructions, ([0-9]+) for ([0-9]+); a spin of ([0-9]+) instructions measures ([0-9]+)$/\1 \2 \3 \4 \5 \6/p' "$log/out-$target" | head -1)
    per_count=$(awk -v a="$short" -v b="$long" -v i="$ishort" -v j="$ilong" 'BEGIN { printf "%.2f", (j - i) / (b - a) }')
    echo "| $target | ${CPU[$target]} | $ishort | $short | $ilong | $long | $per_count | $ispin | $measured |"
  done
  for target in "${TARGETS[@]}"; do
    sed -nE 's/^sliced ([^:]+): budget ([0-9]+) steps, ([0-9]+) slices, ticks moved ([0-9]+), largest slice ([0-9]+) steps, ([0-9]+) instructions, spent ([0-9]+) steps$/\1 \2 \3 \4 \5 \6 \7/p' \
      "$log/out-$target" >"$log/sliced-$target"
  done
  while read -r check _; do
    echo
    echo "### $check"
    echo
    echo "| target | CPU | slice budget (steps) | slices | ticks moved | steps spent | largest slice (steps) | largest slice (instructions) |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    for target in "${TARGETS[@]}"; do
      read -r _ budget slices ticks most_steps most_instructions spent < <(awk -v c="$check" '$1 == c' "$log/sliced-$target")
      echo "| $target | ${CPU[$target]} | ${budget:-—} | ${slices:-—} | ${ticks:-—} | ${spent:-—} | ${most_steps:-—} | ${most_instructions:-—} |"
    done
  done <"$log/sliced-$M3"
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
  # Every line must match but the one naming the commit, every word exactly
  # and every number within 1 % (a rounded percentage within 1). The builds
  # are not the same to the byte in two checkouts: cargo hashes the absolute
  # path of the core (a path dependency outside the firmware's workspace) into
  # its symbols, and LLVM's choices move with them: the probe measured 636,616
  # and 636,864 B of flash built from two paths at one commit, and the largest
  # slice's instructions moved by 0.14 %. Any change of the code beyond that
  # noise, or of the checks, still fails here.
  if diff -u <(grep -v '^- Commit: ' FIGURES.md) <(grep -v '^- Commit: ' "$log/FIGURES.md") >"$log/figures.diff" ||
    figures_within_noise FIGURES.md "$log/FIGURES.md"; then
    echo "FIGURES.md is up to date"
  else
    cat "$log/figures.diff"
    fail "this run's figures differ from the committed FIGURES.md (above): rerun firmware/run-tests.sh without CI=true and commit FIGURES.md"
  fi
else
  cp "$log/FIGURES.md" FIGURES.md
  echo "wrote firmware/FIGURES.md"
fi

step "firmware done"
