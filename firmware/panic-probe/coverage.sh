#!/usr/bin/env bash
# Checks that the probe calls every public function of the core: each name of a
# `pub fn` / `pub const fn` in core/src (tests excluded) must appear in
# src/main.rs as a call (`name(` or `name::<`).
# A name shared by several types (`new`, `len`) counts once; the probe's own
# comment says how the rest of the API (trait impls, generic instances) is covered.
set -euo pipefail
cd "$(dirname "$0")"
core=../../core/src
probe=src/main.rs
missing=0
for name in $(grep -rhoE --include='*.rs' --exclude='tests.rs' 'pub (const )?fn [a-z_0-9]+' "$core" |
  awk '{ print $NF }' | sort -u); do
  if ! grep -qE "(\.|::|[^a-z_0-9])$name(\(|::<)" "$probe"; then
    echo "panic probe: no call to \`$name\` (a public function of the core)" >&2
    missing=1
  fi
done
[ "$missing" -eq 0 ] && echo "every public function name of the core is called by the probe"
exit "$missing"
