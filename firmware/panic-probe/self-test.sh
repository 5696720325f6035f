#!/usr/bin/env bash
# Proves that the panic probe sees every shape of call. On a scratch copy of
# the core and the firmware, it plants one panic at a time in a core function,
# each of a shape that a probe calling the core too simply would miss, and
# checks that the plant fails the probe: its link (with the panic handler's
# undefined symbol), or, for a method the probe never calls, its coverage
# step. The unchanged copy must link and be covered.
#
# The shapes (issue #30), each in a function the audit named where it named
# one, and in others:
#   length      a panic only a long enough input slice reaches
#   capacity 0  a panic only a const-generic instance at 0 reaches
#   never called  a new public method that panics, named as methods of other
#               types the probe calls (so only coverage per type sees it): the
#               coverage step must fail
#   receiver    a panic that depends on the receiver's state
#   two values  a panic when two arguments of one kind differ
#   enum        a panic behind one variant of an enum argument
#   unwrap      an `expect` / `unwrap` of a `None` some input gives
#   unreachable an `unreachable!` some input reaches
#   division    a division by an input that may be zero
#
# Called by run-tests.sh; runs on its own too: `firmware/panic-probe/self-test.sh`.
# `self-test.sh TARGET SHAPE...` runs only the plants whose shape is named.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TERM_COLOR=never
target=${1:-thumbv7m-none-eabi}
shift || true
only=" $* "

# shape|file|the item the plant goes in (a Perl pattern up to its `{`)|the
# planted code. A `fn` plant goes first in the function's body; a plant for
# `impl` goes first in that impl block (a new method).
plants=(
  'length|core/src/tchu/trail/mod.rs|pub fn new_in\b[^{]*|let _ = [0u8; 100][routes.len()];'
  'length|core/src/grid/sudoku/node.rs|pub fn new\b[^{]*|let _ = [0u8; 100][givens.len()];'
  'length|core/src/camicia/packed.rs|pub fn from_row\b[^{]*|let _ = [0u8; 100][row.len()];'
  'length|core/src/tour/check.rs|pub fn check_tour_with\b[^{]*|let _ = [0u8; 100][seen.len()];'
  'capacity 0|core/src/bag.rs|pub fn of_n\b[^{]*|if N == 0 { panic!("plant") }'
  'capacity 0|core/src/camicia/deal.rs|pub fn from_hands\b[^{]*|if W == 0 { panic!("plant") }'
  'capacity 2|core/src/bag.rs|pub fn union\b[^{]*|if N == 2 { panic!("plant") }'
  'odd capacity|core/src/camicia/cycle.rs|pub fn find\b[^{]*|if W % 4 == 3 { panic!("plant") }'
  'never called|core/src/jass/score.rs|impl ScoreError |#[doc = "A plant."] pub fn is_empty(self) -> bool { panic!("plant") }'
  'never called|core/src/camicia/hunt/shard.rs|impl Shard |#[doc = "A plant."] pub fn capacity(&self) -> u64 { if self.k() > 3 { panic!("plant") } 0 }'
  'receiver|core/src/camicia/hunt/tally.rs|pub fn absorb\b[^{]*|if self.deals > 3 { panic!("plant") }'
  'receiver|core/src/camicia/hunt/best.rs|pub fn insert\b[^{]*|if self.len > 2 { panic!("plant") }'
  'two values|core/src/tchu/trail/bonus.rs|pub fn new_in\b[^{]*|if a.len() != b.len() { panic!("plant") }'
  'two values|core/src/camicia/hunt/best.rs|pub fn compare\b[^{]*|if x.ending.cards != y.ending.cards { panic!("plant") }'
  'enum|core/src/grid/walk.rs|pub const fn new_in\(root: P, seek: Seek, queue: S\)[^{]*|if let Seek::UpTo(_) = seek { panic!("plant") }'
  'enum|core/src/grid/sudoku/mod.rs|pub fn new\(puzzle: Sudoku, seek: Seek\)[^{]*|if let Seek::UpTo(_) = seek { panic!("plant") }'
  'unwrap|core/src/camicia/hunt/shard.rs|pub const fn new\b[^{]*|let _ = k.checked_sub(1_000_000).expect("plant");'
  'unwrap|core/src/tchu/card.rs|pub const fn of\(color: Color\)[^{]*|let _ = (color as u8).checked_sub(5).unwrap();'
  'unreachable|core/src/camicia/hunt/mod.rs|pub const fn chunk_deals\b[^{]*|if index == 77 { unreachable!() }'
  'division|core/src/camicia/hunt/mod.rs|pub const fn new\(seed: u64[^{]*|let _ = 1000 / (seed % 7);'
)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r core Cargo.toml "$scratch"/
[ -f rustfmt.toml ] && cp rustfmt.toml "$scratch"/
mkdir "$scratch/firmware"
(cd firmware && tar -c --exclude=./target --exclude=target . | tar -x -C "$scratch/firmware")
# The scratch workspace holds the core only (the CLI and tests are not copied).
sed -i 's/^members = \[.*\]/members = ["core"]/' "$scratch/Cargo.toml"
grep -q '^members = \["core"\]' "$scratch/Cargo.toml" || { echo "self-test: cannot set the scratch workspace's members" >&2; exit 1; }
# One target dir for every plant, kept between runs: only the core and the probe rebuild.
export CARGO_TARGET_DIR=${PROBE_SELF_TEST_TARGET:-$PWD/firmware/target/probe-self-test}
coverage_target=${PROBE_SELF_TEST_COVERAGE_TARGET:-$PWD/firmware/target/probe-self-test-coverage}

link() {
  (cd "$scratch/firmware" && nice -n 10 cargo build -q --locked --profile probe -p plateau-panic-probe \
    --target "$target") >"$scratch/link.log" 2>&1
}
covered() {
  CARGO_TARGET_DIR=$coverage_target nice -n 10 firmware/panic-probe/coverage.sh "$scratch" >"$scratch/link.log" 2>&1
}

printf 'self-test: the unchanged core links ... '
link || { cat "$scratch/link.log"; echo "self-test: FAILED: the unchanged copy does not link" >&2; exit 1; }
echo ok
printf 'self-test: the unchanged core is covered ... '
covered || { cat "$scratch/link.log"; echo "self-test: FAILED: the unchanged copy is not covered" >&2; exit 1; }
echo ok

failed=0
for plant in "${plants[@]}"; do
  IFS='|' read -r shape file item code <<<"$plant"
  [ "$only" = "  " ] || [[ "$only" == *" $shape "* ]] || continue
  cp "$scratch/$file" "$scratch/$file.orig"
  # Right after the item's opening brace (the first item that matches).
  ITEM=$item CODE=$code perl -0pi -e 's/((?:^|\n)\s*$ENV{ITEM}\{)/$1\n    $ENV{CODE}/ or exit 3' \
    "$scratch/$file" || { echo "self-test: FAILED: no \`$item\` in $file to plant in" >&2; exit 1; }
  printf 'self-test: %-12s %s in %s ... ' "$shape" "$(sed -E 's/\\b|\[\^\{\]\*|\\//g' <<<"$item")" "$file"
  if [ "$shape" = "never called" ]; then
    if covered; then
      echo "COVERED"
      failed=1
    elif grep -q "no call to [A-Za-z]*::$(sed -E 's/.*pub fn ([a-z_]+).*/\1/' <<<"$code")\$" "$scratch/link.log"; then
      echo "fails the coverage, as it must"
    else
      echo "another error"
      cat "$scratch/link.log"
      failed=1
    fi
  elif link; then
    echo "LINKED"
    failed=1
  elif grep -q 'undefined symbol: plateau_core_reached_a_panic' "$scratch/link.log"; then
    echo "fails the link, as it must"
  else
    echo "another error"
    cat "$scratch/link.log"
    failed=1
  fi
  mv "$scratch/$file.orig" "$scratch/$file"
done
[ "$failed" -eq 0 ] || { echo "self-test: FAILED: the probe misses a planted panic" >&2; exit 1; }
echo "self-test: every planted panic fails the probe"
