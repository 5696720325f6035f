#!/usr/bin/env bash
# Lists the places of the calls into the panic machinery that remain in the
# probe built with overflow checks on (profile probe-overflow), one a line,
# sorted and each once: a line of the core as `core/src/FILE: its code` (so
# that a site moved by an edit above it is the same site), anything else
# (the standard library's adapters, compiler-builtins) by its file alone (its
# lines move with the toolchain). run-tests.sh compares this list with
# overflow-baseline: a new site, or one gone, fails the run.
# `TARGET=thumbv6m-none-eabi` for the Cortex-M0.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
PROFILE=probe-overflow ./find-panics.sh |
  awk '/^    at /{print $2}' |
  while IFS= read -r at; do
    file=${at%:*}
    line=${at##*:}
    case $file in
      "$root"/core/*)
        code=$(sed -n "${line}p" "$file" | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//')
        printf '%s: %s\n' "${file#"$root"/}" "$code"
        ;;
      "$root"/*) printf '%s\n' "${file#"$root"/}" ;;
      */library/*) printf 'library/%s\n' "${file#*/library/}" ;;
      *) printf '%s\n' "$file" ;;
    esac
  done | sort -u
