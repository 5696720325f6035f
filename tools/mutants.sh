#!/usr/bin/env bash
# Mutation testing of the core's small modules with cargo-mutants.
#
# A developer tool, not part of CI: every mutant is a rebuild and a test run.
#
#   tools/mutants.sh                  # test every mutant, then print the counts
#   tools/mutants.sh --list           # list the mutants without testing them
#   tools/mutants.sh --iterate        # after adding tests: retest only the survivors
#   tools/mutants.sh -F 'bag.rs'      # any other cargo-mutants option is passed on
#                                     # (cargo mutants --help lists them)
#
# Mutated: core/src/bits.rs, core/src/jass/**, core/src/bag.rs and
# core/src/tchu/claim.rs (the tCHu claims). Each mutant counts as caught if the
# core's unit tests of those modules or the integration tests that cover them
# (tests/tests/jass.rs, tchu_bag.rs, tchu_claims.rs: modules of the one
# integration binary) fail. The other, slow, tests are not run.
#
# Two passes keep it quick: a mutant caught by the core's unit tests needs only
# the core rebuilt; only the survivors of that pass are tried again against the
# full set, which also rebuilds plateau-cli for the integration tests. Both
# passes build the workspace crates at opt-level 0 (dependencies stay optimised):
# building dominates, and the tests are small.
#
# Mutants that cannot change any behaviour are excluded by `.cargo/mutants.toml`
# (`exclude_re`), each with its reason there and in tools/mutants-equivalent.md.
# Results: target/mutants/mutants.out/ (pass 1: caught.txt, missed.txt,
# timeout.txt, unviable.txt, log/; previously_caught.txt with --iterate) and
# target/mutants/pass2/mutants.out/ (pass 2); the script prints the counts of both.
#
# Limitation: cargo-mutants does not look inside `macro_rules!` bodies, so the
# mask/extract/pack functions that `bits_impl!` expands to are not mutated; only
# the items written outside the macro in bits.rs (the error's Display) are.
set -euo pipefail
case "${1:-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac

cd "$(dirname "$0")/.."

if ! cargo mutants --version >/dev/null 2>&1; then
    echo "installing cargo-mutants (cargo install --locked cargo-mutants)..." >&2
    start=$(date +%s)
    cargo install --locked cargo-mutants
    echo "cargo-mutants installed in $(($(date +%s) - start)) s" >&2
fi

out=target/mutants
mkdir -p "$out"
common=(
    --jobs 1
    --file core/src/bits.rs
    --file 'core/src/jass/**'
    --file core/src/bag.rs
    --file core/src/tchu/claim.rs
    --cargo-arg=--config=profile.test.opt-level=0
)

# `--iterate` (after adding tests: retest only what the last run did not catch)
# applies to pass 1; pass 2 always takes exactly pass 1's survivors.
iterate=()
args=()
for arg in "$@"; do
    case "$arg" in
    --list | --list-files | --version | -V)
        exec cargo mutants "${common[@]}" "$@"
        ;;
    --iterate) iterate=(--iterate) ;;
    *) args+=("$arg") ;;
    esac
done

# A mutant that loops forever while collecting (say `Subsets::advance` always
# true) would eat all the memory before its timeout: cap each process at 8 GiB.
ulimit -v 8388608

# cargo-mutants exits 2 when some mutants are missed and 3 on timeouts: both are
# results, not failures of the run.
run() {
    local code=0
    nice -n 15 cargo mutants "$@" || code=$?
    case "$code" in
    0 | 2 | 3) ;;
    *) exit "$code" ;;
    esac
}

p1="$out/mutants.out" p2="$out/pass2/mutants.out"
# --iterate skips the mutants found unviable before without listing them again:
# keep the list across runs for the counts.
touch "$out/unviable-all.txt"
if [ ${#iterate[@]} -eq 0 ]; then : >"$out/unviable-all.txt"; fi

echo "== pass 1: the core's unit tests of bits, jass, bag, claims and tCHu cards" >&2
run "${common[@]}" --output "$out" "${iterate[@]}" --test-package plateau-core "${args[@]}" \
    -- --lib -- bits:: jass:: bag:: tchu::claim:: tchu::tests::
sort -u -o "$out/unviable-all.txt" "$out/unviable-all.txt" "$p1/unviable.txt"

# Pass 2 tests exactly the mutants pass 1 missed (timeouts of pass 1 are final:
# a mutant that hangs the unit tests would hang the integration tests too).
re=()
while IFS= read -r name; do
    re+=(--re "^$(printf '%s' "$name" | sed 's/[][\\.+*?(){}|^$#&~-]/\\&/g')\$")
done <"$p1/missed.txt"
rm -rf "$p2"
# The integration tests are one binary (tests/tests/integration.rs, a module
# per file): of it, only the modules jass, tchu_bag and tchu_claims run.
tests=(--lib --test=integration)
skip=(--skip camicia:: --skip grid:: --skip tour:: --skip tour_reference:: --skip trail::)
for module in $(sed -n 's/^mod \([a-z0-9_]*\);$/\1/p' tests/tests/integration.rs); do
    case "$module" in
    jass | tchu_bag | tchu_claims) ;;
    *) skip+=(--skip "$module::") ;;
    esac
done
if [ ${#re[@]} -gt 0 ]; then
    echo "== pass 2: the $((${#re[@]} / 2)) survivors, against the unit and integration tests" >&2
    # cargo-mutants 27 runs its baseline on the mutated package only, where
    # `--test integration` does not exist: check the unmutated tree here instead.
    nice -n 15 cargo test --config profile.test.opt-level=0 \
        -p plateau-core -p plateau-tests "${tests[@]}" -- "${skip[@]}" >&2
    mkdir -p "$out/pass2"
    # The targets go to both the build and the test phase (`--cargo-arg`), so
    # that the other integration tests are not built for every mutant.
    run "${common[@]}" --output "$out/pass2" "${re[@]}" --baseline skip --timeout 300 \
        --test-package plateau-core,plateau-tests "${tests[@]/#/--cargo-arg=}" "${args[@]}" \
        -- -- "${skip[@]}"
fi

count() { { cat "$@" 2>/dev/null || true; } | sort -u | grep -c . || true; }
# previously_caught.txt (--iterate) also lists the unviable mutants: leave them out.
{ cat "$p1/caught.txt" "$p1/previously_caught.txt" "$p2/caught.txt" 2>/dev/null || true; } |
    sort -u | comm -23 - "$out/unviable-all.txt" >"$out/caught-all.txt"
all=$(cargo mutants --no-config "${common[@]}" "${args[@]}" --list | grep -c . || true)
kept=$(cargo mutants "${common[@]}" "${args[@]}" --list | grep -c . || true)
echo "== counts (both passes)"
echo "caught:   $(count "$out/caught-all.txt")"
echo "missed:   $(if [ -d "$p2" ]; then count "$p2/missed.txt"; else echo 0; fi)"
echo "unviable: $(count "$out/unviable-all.txt" "$p2/unviable.txt")"
echo "timeout:  $(count "$p1/timeout.txt" "$p2/timeout.txt") (see $p1/timeout.txt)"
echo "equivalent, excluded: $((all - kept)) (.cargo/mutants.toml, tools/mutants-equivalent.md)"
if [ -d "$p2" ] && [ -s "$p2/missed.txt" ]; then
    echo "== missed"
    cat "$p2/missed.txt"
fi
