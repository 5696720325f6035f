#!/usr/bin/env bash
# Checks that the panic probe calls every public function and method of the
# core, per type (`Type::method`, not per name), and every const-generic item
# of the core at capacity 0: `coverage.py` reads the core's public API from
# rustdoc's JSON and the probe's calls from its unoptimized build.
#
# Needs the pinned nightly toolchain with the thumbv7m-none-eabi target
# (rustdoc's JSON output and `-Z inline-llvm=no` are unstable; run-tests.sh
# installs it):
#   rustup toolchain install nightly-2026-05-20 --profile minimal
#   rustup target add --toolchain nightly-2026-05-20 thumbv7m-none-eabi
# The probe's link itself (the proof) is built with the stable toolchain.
#
# Usage: panic-probe/coverage.sh [REPOSITORY]  (default: this one; self-test.sh
# passes its scratch copy). CARGO_TARGET_DIR is honoured.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "${1:-$here/../..}" && pwd)
# A pinned nightly: rustdoc's JSON changes format between nightlies, and
# coverage.py reads one format (it says so if it meets another).
nightly=${PROBE_NIGHTLY:-nightly-2026-05-20}
target=thumbv7m-none-eabi
out=${CARGO_TARGET_DIR:-$root/firmware/target/probe-coverage}
export CARGO_TARGET_DIR=$out

rustup run "$nightly" rustc -V >/dev/null 2>&1 ||
  { echo "coverage: no $nightly toolchain (rustup toolchain install $nightly --profile minimal)" >&2; exit 1; }
tools=$(ls -d "$(rustc --print sysroot)"/lib/rustlib/*/bin 2>/dev/null | head -1)
[ -x "$tools/llvm-nm" ] && [ -x "$tools/llvm-readobj" ] ||
  { echo "coverage: no llvm-nm / llvm-readobj (rustup component add llvm-tools)" >&2; exit 1; }

# The public API: rustdoc's JSON of the core.
# (--locked where the repository has its lock file; self-test.sh's scratch
# workspace, the core alone, has none.)
locked=(--locked)
[ -f "$root/Cargo.lock" ] || locked=()
(cd "$root" && cargo "+$nightly" rustdoc -q "${locked[@]}" -p plateau-core --lib -- \
  -Z unstable-options --output-format json)

# The probe unoptimized (profile probe-coverage), with v0 symbol names (types
# and const arguments in every name) and its relocations kept in the binary;
# `-Z inline-llvm=no -Z inline-mir=no`: `#[inline(always)]` functions stay
# calls too. `find-panics`: the panic handler loops, so the unoptimized build
# links.
(cd "$root/firmware" &&
  CARGO_TARGET_THUMBV7M_NONE_EABI_RUSTFLAGS="-C symbol-mangling-version=v0 -C link-arg=--emit-relocs -Z inline-llvm=no -Z inline-mir=no" \
    cargo "+$nightly" build -q --locked --profile probe-coverage -p plateau-panic-probe \
    --target "$target" --features find-panics)

python3 "$here/coverage.py" "$out/doc/plateau.json" \
  "$out/$target/probe-coverage/plateau-panic-probe" "$tools"
