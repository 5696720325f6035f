#!/usr/bin/env bash
# Mutation testing of the lines a change touches, with cargo-mutants: run by
# .ci/run on every commit, against its parent.
#
#   tools/mutants-diff.sh                       # the change since HEAD~1 (uncommitted edits too)
#   MUTANTS_BASE=main tools/mutants-diff.sh     # the change since another commit
#   tools/mutants-diff.sh --check-exclusions    # only step 1
#
# 1. The exclusions. cargo-mutants ignores an `exclude_re` pattern of
#    .cargo/mutants.toml that matches no mutant, so when the code moves, the
#    equivalent mutant it named comes back as missed and the stale pattern may
#    later hide a real one. Every pattern must match at least one mutant of the
#    workspace, listed with the configuration off; otherwise this fails and names
#    the stale patterns (fix them and tools/mutants-equivalent.md).
# 2. The diff: `git diff $MUTANTS_BASE -- core host-cli/src` (the core and the
#    CLI's code; not the tests). Only the mutants of the lines it touches are
#    tested. An empty diff, or one that yields no mutant (comments, docs), is a
#    no-op that says so.
# 3. Pass 1 tests each mutant against the tests of its own package (the core's
#    unit tests and doctests, or the CLI's unit and integration tests; a core
#    mutant takes about 15 s); pass 2 tries the survivors against every test of
#    the workspace (tests/ too; about 2 minutes each, as every test binary is
#    rebuilt), after checking that the unmutated workspace passes them.
# 4. Fails if a mutant survives both passes, and lists it: test it, or if it
#    cannot change behaviour, add it to .cargo/mutants.toml with its reason (and
#    to tools/mutants-equivalent.md). Unviable mutants (they do not compile) and
#    timeouts (the mutant makes a test hang, which counts as caught) are listed.
#
# Under CI=true the mutants are applied in place (--in-place: the CI checkout
# exists only to be tested, and the builds are shared with the rest of .ci/run);
# elsewhere cargo-mutants works in a copy and never touches your tree. Results:
# target/mutants-diff/ (the diff, pass 1's mutants.out/, pass2/mutants.out/).
# cargo-mutants is installed if missing (cargo install --locked cargo-mutants).
# .ci/run caps the whole script with `timeout`: a change too large to
# mutation-test in that time fails CI rather than pass untested; run this script
# on it locally (no cap), or split it.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/mutants-diff
mkdir -p "$out"

if ! cargo mutants --version >/dev/null 2>&1; then
    echo "installing cargo-mutants (cargo install --locked cargo-mutants)..." >&2
    start=$(date +%s)
    cargo install --locked cargo-mutants
    echo "cargo-mutants installed in $(($(date +%s) - start)) s" >&2
fi

# --- 1. every exclusion matches a mutant -----------------------------------
check_exclusions() {
    local all="$out/all-mutants.txt"
    # Every mutant of the workspace, with the configuration (and so the
    # exclusions) off; names as exclude_re sees them (file:line:column: ...).
    cargo mutants --no-config --workspace --list >"$all"
    # Each pattern is searched in the names as cargo-mutants does (an unanchored
    # match; these patterns mean the same in Python's re as in Rust's regex).
    # tomllib: Python 3.11 or newer (CI has it for tools/ci-milp.sh).
    python3 - "$all" <<'PY'
import re, sys, tomllib
with open(".cargo/mutants.toml", "rb") as f:
    patterns = tomllib.load(f).get("exclude_re", [])
with open(sys.argv[1]) as f:
    names = f.read().splitlines()
if not patterns or not names:
    sys.exit(f"mutants-diff: read {len(patterns)} exclude_re patterns and {len(names)} mutants: nothing to check")
stale = []
for p in patterns:
    hits = [n for n in names if re.search(p, n)]
    if hits:
        print(f"exclusion matches {len(hits)}: {p}")
        for n in hits:
            print(f"    {n}")
    else:
        print(f"STALE exclusion, it matches no mutant: {p}", file=sys.stderr)
        stale.append(p)
if stale:
    sys.exit(
        f"mutants-diff: {len(stale)} of the {len(patterns)} exclude_re patterns in .cargo/mutants.toml "
        "match no mutant (the code moved): fix them, and tools/mutants-equivalent.md "
        "(`cargo mutants --no-config --list` shows the names)"
    )
print(f"all {len(patterns)} exclude_re patterns of .cargo/mutants.toml match a mutant ({len(names)} mutants in the workspace)")
PY
}

echo "== the exclusions of .cargo/mutants.toml"
check_exclusions
if [ "${1:-}" = --check-exclusions ]; then exit 0; fi

# --- 2. the diff -------------------------------------------------------------
base=${MUTANTS_BASE:-HEAD~1}
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    echo "mutants-diff: no commit $base to diff against (a shallow clone? fetch more history, or set MUTANTS_BASE)" >&2
    exit 1
fi
diff="$out/changes.diff"
git diff "$base" -- core host-cli/src >"$diff"
echo "== the change since $base ($(git rev-parse --short "$base")) under core/ and host-cli/src: $(grep -c '^diff --git' "$diff" || true) file(s)"
if [ ! -s "$diff" ]; then
    echo "no change under core/ or host-cli/src since $base: no mutant to test"
    exit 0
fi
mutants=$(cargo mutants --in-diff "$diff" --list)
if [ -z "$mutants" ]; then
    echo "the change touches no code that cargo-mutants mutates (comments, docs, tests, macros): no mutant to test"
    exit 0
fi
echo "$(grep -c . <<<"$mutants") mutant(s) in the change:"
echo "$mutants"

# --- 3. the two passes -------------------------------------------------------
place=()
if [ "${CI:-}" = true ]; then place=(--in-place); fi

# cargo-mutants exits 2 when some mutants are missed and 3 on timeouts: both are
# results, read from its output files, not failures of the run.
run() {
    local code=0
    cargo mutants "${place[@]}" --no-shuffle "$@" || code=$?
    case "$code" in
    0 | 2 | 3) ;;
    *)
        echo "mutants-diff: cargo mutants failed (exit $code); see its log under $out" >&2
        exit "$code"
        ;;
    esac
}

p1="$out/mutants.out" p2="$out/pass2/mutants.out"
rm -rf "$p1" "$p2"
echo "== pass 1: each mutant against the tests of its own package"
run --in-diff "$diff" --output "$out"

re=()
while IFS= read -r name; do
    re+=(--re "^$(printf '%s' "$name" | sed 's/[][\\.+*?(){}|^$#&~-]/\\&/g')\$")
done <"$p1/missed.txt"
if [ ${#re[@]} -gt 0 ]; then
    echo "== pass 2: the $((${#re[@]} / 2)) survivor(s) against every test of the workspace"
    # cargo-mutants 27 runs the baseline of the mutated package only, even with
    # --test-workspace, and sets the tests' timeout from it: the whole workspace
    # then "times out" on every mutant, which would count as caught. So the
    # unmutated workspace is tested here, and its time sets the timeout.
    log="$out/pass2-baseline.log"
    start=$(date +%s)
    cargo test --workspace --no-run >"$log" 2>&1 &&
        built=$(date +%s) && cargo test --workspace >>"$log" 2>&1 ||
        { tail -40 "$log" >&2; echo "mutants-diff: the unmutated workspace fails to build or pass its tests (above; $log)" >&2; exit 1; }
    took=$(($(date +%s) - built))
    limit=$((took * 3 + 60))
    echo "unmutated workspace: built in $((built - start)) s, tests pass in ${took} s; each mutant's tests get ${limit} s"
    mkdir -p "$out/pass2"
    run --in-diff "$diff" --output "$out/pass2" "${re[@]}" --test-workspace true \
        --baseline skip --timeout "$limit"
fi

# --in-place restores each file after its mutant; make sure of it.
if [ ${#place[@]} -gt 0 ] && grep -rl 'changed by cargo-mutants' core host-cli/src; then
    echo "mutants-diff: cargo-mutants left a mutation in the tree (above)" >&2
    exit 1
fi

# --- 4. the verdict ----------------------------------------------------------
count() { { cat "$@" 2>/dev/null || true; } | sort -u | grep -c . || true; }
missed=$(if [ -d "$p2" ]; then count "$p2/missed.txt"; else echo 0; fi)
echo "== counts (both passes)"
echo "caught:   $(count "$p1/caught.txt" "$p2/caught.txt")"
echo "missed:   $missed"
echo "unviable: $(count "$p1/unviable.txt" "$p2/unviable.txt")"
echo "timeout:  $(count "$p1/timeout.txt" "$p2/timeout.txt") (a test hangs on the mutant: caught)"
for f in "$p1/timeout.txt" "$p2/timeout.txt"; do
    if [ -s "$f" ]; then sed 's/^/  timeout: /' "$f"; fi
done
if [ "$missed" -gt 0 ]; then
    echo "== MISSED: no test fails on these mutants of the change (logs: $p2/log/)" >&2
    cat "$p2/missed.txt" >&2
    echo "mutants-diff: $missed mutant(s) of the change survive every test: test them, or if one cannot change behaviour, add it to .cargo/mutants.toml and tools/mutants-equivalent.md with the reason" >&2
    exit 1
fi
echo "every mutant of the change is caught"
