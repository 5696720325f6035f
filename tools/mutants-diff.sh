#!/usr/bin/env bash
# Mutation testing of the lines a submission changes, with cargo-mutants: run
# by .ci/run on the whole submission (every commit since the landed commit it
# builds on), not only its last commit.
#
#   tools/mutants-diff.sh                     # the change since .ci/mutants-base, no time limit
#   MUTANTS_BUDGET=600 tools/mutants-diff.sh  # as CI: at most about 600 s of mutants
#   MUTANTS_BASE=HEAD~3 tools/mutants-diff.sh # the change since another commit
#   tools/mutants-diff.sh --check-exclusions  # only step 1
#
# 1. The exclusions. cargo-mutants ignores an `exclude_re` pattern of
#    .cargo/mutants.toml that matches no mutant, so when the code moves, the
#    equivalent mutant it named comes back as missed and the stale pattern may
#    later hide a real one. Every pattern must match at least one mutant of the
#    workspace, listed with the configuration off; otherwise this fails and names
#    the stale patterns (fix them and tools/mutants-equivalent.md).
# 2. The diff: `git diff BASE -- core host-cli/src` (the core and the CLI's
#    code; not the tests), where BASE is MUTANTS_BASE or the commit in
#    .ci/mutants-base: the landed commit of main that this submission starts
#    from (write `git rev-parse HEAD` there when you start; it must be an
#    ancestor of HEAD). So a large commit followed by a small one is mutated
#    whole. Only the mutants of the lines it touches are tested. An empty diff,
#    or one that yields no mutant (comments, docs), is a no-op that says so.
# 3. The mutants, in round-robin shards of about SHARD mutants each (the shards
#    interleave the files, so any prefix of them samples the whole change): each
#    mutant is built and tested against every test of the workspace with
#    cargo-nextest, which stops at the first failure (a caught mutant takes a
#    build and a second or two; a missed one the whole suite). With
#    MUTANTS_BUDGET (seconds) a shard starts only while the budget lasts, so the
#    step ends in about that time however large the change; the mutants of the
#    shards not reached are listed as untested (run this script without a budget
#    to test them all: it prints how long that takes).
# 4. Fails if a mutant tested survives, and lists it: test it, or if it cannot
#    change behaviour, add it to .cargo/mutants.toml with its reason (and to
#    tools/mutants-equivalent.md). Unviable mutants (they do not compile) and
#    timeouts (the mutant makes a test hang, which counts as caught) are listed.
#
# Under CI=true the mutants are applied in place (--in-place: the CI checkout
# exists only to be tested, and the builds are shared with the rest of .ci/run);
# elsewhere cargo-mutants works in a copy and never touches your tree. Results:
# target/mutants-diff/ (the diff, each shard's mutants.out/, untested.txt).
# cargo-mutants is installed if missing (cargo install --locked cargo-mutants).
set -euo pipefail
case "${1:-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
case "${1:-}" in '' | --check-exclusions) ;; *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

out=target/mutants-diff
mkdir -p "$out"

if ! cargo mutants --version >/dev/null 2>&1; then
    echo "installing cargo-mutants (cargo install --locked cargo-mutants)..." >&2
    start=$(date +%s)
    cargo install --locked cargo-mutants
    echo "cargo-mutants installed in $(($(date +%s) - start)) s" >&2
fi
cargo nextest --version >/dev/null 2>&1 || cargo install --locked cargo-nextest

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
if [ -n "${MUTANTS_BASE:-}" ]; then
    base=$MUTANTS_BASE
else
    [ -f .ci/mutants-base ] ||
        { echo "mutants-diff: no .ci/mutants-base (the landed commit this submission starts from) and no MUTANTS_BASE" >&2; exit 1; }
    base=$(grep -Ev '^\s*(#|$)' .ci/mutants-base | head -1)
fi
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    echo "mutants-diff: no commit $base to diff against (a shallow clone? fetch more history, or set MUTANTS_BASE)" >&2
    exit 1
fi
if ! git merge-base --is-ancestor "$base" HEAD; then
    echo "mutants-diff: $base is not an ancestor of HEAD: .ci/mutants-base must name the landed commit this submission starts from" >&2
    exit 1
fi
diff="$out/changes.diff"
git diff "$base" -- core host-cli/src >"$diff"
echo "== the change since $base ($(git rev-parse --short "$base"), $(git rev-list --count "$base"..HEAD) commits) under core/ and host-cli/src: $(grep -c '^diff --git' "$diff" || true) file(s)"
if [ ! -s "$diff" ]; then
    echo "no change under core/ or host-cli/src since $base: no mutant to test"
    exit 0
fi
mutants=$(cargo mutants --in-diff "$diff" --list)
if [ -z "$mutants" ]; then
    echo "the change touches no code that cargo-mutants mutates (comments, docs, tests, macros): no mutant to test"
    exit 0
fi
total=$(grep -c . <<<"$mutants")
echo "$total mutant(s) in the change"

# --- 3. the shards -----------------------------------------------------------
place=()
if [ "${CI:-}" = true ]; then place=(--in-place); fi
shard_size=${SHARD:-20}
shards=$(((total + shard_size - 1) / shard_size))
budget=${MUTANTS_BUDGET:-}
# The unmutated workspace must pass: its time sets the tests' timeout.
log="$out/baseline.log"
start=$(date +%s)
cargo nextest run --workspace --no-run >"$log" 2>&1 &&
    built=$(date +%s) && cargo nextest run --workspace --no-fail-fast >>"$log" 2>&1 ||
    { tail -40 "$log" >&2; echo "mutants-diff: the unmutated workspace fails to build or pass its tests (above; $log)" >&2; exit 1; }
took=$(($(date +%s) - built))
limit=$((took * 3 + 60))
echo "unmutated workspace: built in $((built - start)) s, tests pass in ${took} s; each mutant's tests get ${limit} s"

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

began=$(date +%s)
done_shards=0
rm -rf "$out"/shard-*
for k in $(seq 0 $((shards - 1))); do
    elapsed=$(($(date +%s) - began))
    if [ -n "$budget" ] && [ "$done_shards" -gt 0 ]; then
        # A shard starts only if, at the pace so far, it ends within the budget.
        per=$((elapsed / done_shards))
        if [ $((elapsed + per)) -gt "$budget" ]; then
            break
        fi
    fi
    echo "== shard $((k + 1)) of $shards (${elapsed} s so far)"
    run --in-diff "$diff" --shard "$k/$shards" --sharding round-robin --output "$out/shard-$k" \
        --test-tool nextest --test-workspace true --baseline skip --timeout "$limit"
    done_shards=$((done_shards + 1))
done

# --in-place restores each file after its mutant; make sure of it.
if [ ${#place[@]} -gt 0 ] && grep -rl 'changed by cargo-mutants' core host-cli/src; then
    echo "mutants-diff: cargo-mutants left a mutation in the tree (above)" >&2
    exit 1
fi

# --- 4. the verdict ----------------------------------------------------------
count() {
    if [ $# -eq 0 ]; then echo 0; return; fi
    { cat "$@" 2>/dev/null || true; } | sort -u | grep -c . || true
}
files() { for k in $(seq 0 $((done_shards - 1))); do echo "$out/shard-$k/mutants.out/$1"; done; }
mapfile -t missed_files < <(files missed.txt)
missed=$(count "${missed_files[@]}")
tested=0
for k in $(seq 0 $((done_shards - 1))); do
    tested=$((tested + $(count "$out/shard-$k/mutants.out/caught.txt" "$out/shard-$k/mutants.out/missed.txt" \
        "$out/shard-$k/mutants.out/unviable.txt" "$out/shard-$k/mutants.out/timeout.txt")))
done
# The mutants of the shards not reached: every mutant of the change but those
# tested (one pass over the list above, not one `cargo mutants --list` a shard:
# with shards of 3 that was 511 calls).
{ cat "$out"/shard-*/mutants.out/{caught,missed,unviable,timeout}.txt 2>/dev/null || true; } |
    sort -u >"$out/tested.txt"
{ grep -vxF -f "$out/tested.txt" <<<"$mutants" || true; } >"$out/untested.txt"
untested=$(grep -c . "$out/untested.txt" || true)
echo "== counts: $done_shards of $shards shards, $tested of $total mutants tested in $(($(date +%s) - began)) s"
echo "caught:   $(count $(files caught.txt))"
echo "missed:   $missed"
echo "unviable: $(count $(files unviable.txt))"
echo "timeout:  $(count $(files timeout.txt)) (a test hangs on the mutant: caught)"
for f in $(files timeout.txt); do
    if [ -s "$f" ]; then sed 's/^/  timeout: /' "$f"; fi
done
if [ "$untested" -gt 0 ]; then
    echo "untested: $untested mutants of the shards the budget of ${budget} s did not reach (listed in $out/untested.txt); at this pace all of them take about $(( ($(date +%s) - began) * shards / done_shards )) s: run tools/mutants-diff.sh without MUTANTS_BUDGET"
fi
if [ "$missed" -gt 0 ]; then
    echo "== MISSED: no test fails on these mutants of the change (logs: $out/shard-*/mutants.out/log/)" >&2
    cat "${missed_files[@]}" 2>/dev/null | sort -u >&2
    echo "mutants-diff: $missed mutant(s) of the change survive every test: test them, or if one cannot change behaviour, add it to .cargo/mutants.toml and tools/mutants-equivalent.md with the reason" >&2
    exit 1
fi
echo "every mutant tested is caught"
