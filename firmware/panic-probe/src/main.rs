//! Panic-freedom probe: calls every public function, method and trait method of
//! plateau's core, in every shape it can be called in, on inputs the optimizer
//! cannot see, and keeps every result.
//!
//! Its panic handler calls `plateau_core_reached_a_panic`, which is declared and
//! defined nowhere. Built with fat LTO (profile `probe`: the release build,
//! overflow checks off), the binary links only if the optimizer removed every
//! path to a panic; otherwise the linker fails, naming that symbol.
//! `run-tests.sh` links it on the Cortex-M3 and M0, at opt-level "z" and 3.
//! With overflow checks on (profile `probe-overflow`) it does not link yet:
//! the calls into the panic machinery that remain there are counted and held
//! to `overflow-baseline`.
//!
//! # The shapes of a call
//!
//! A panic is missed when the probe calls a function in a form that makes the
//! panic's branch dead code. So every call here follows five rules, and
//! `self-test.sh` plants a panic of each shape in the core and checks that it
//! fails the link:
//! 1. **Opaque values.** Every argument passes through [`opaque`]
//!    (`core::hint::black_box`): integers, `bool`s, `Option`s and every enum
//!    (`opaque(Seek::All)` may be any `Seek`, `UpTo(n)` included), so no
//!    variant's path folds away.
//! 2. **Opaque lengths.** Every slice is [`lend`]: cut from a larger array at an
//!    opaque length, then the cut passes through `black_box`.
//! 3. **Opaque receivers.** Every value a method is called on is built through
//!    the API from opaque inputs and then passed through [`opaque`] itself, so
//!    its state (a tally's counts, a search's stack) is unknown, never the
//!    fresh value the optimizer could follow from its constructor.
//! 4. **Two of a kind, independent.** Where a function takes two values of
//!    one type (two searches, two bags, a receiver and another of its type),
//!    they come from different opaque inputs, never one value passed twice.
//! 5. **Every capacity.** Each const-generic type and method runs at every
//!    capacity from 0 to 3, at odd ones above and at its documented edges
//!    (`SortedBag` at 0, 1, 2, 3, 5, 7, 9 and 64 distinct cards; `Deal` and its
//!    games at `W` = 0, 1, 2, 3, 5, 7 and 8; `SudokuStack` at 0, 1, 2, 3, 5 and
//!    its default 82 frames; the grid's walks at 0 to 3 and 5 (and 8);
//!    `Tour` over lent slices and arrays of 0, 1, 2, 3, 5, 16, 25 and 64): a
//!    panic at one capacity only (`W % 4 == 3`) fails the link.
//!
//! # Completeness
//!
//! `coverage.sh` checks it on every run of `run-tests.sh`: it reads the core's
//! public API from rustdoc's JSON (every free function, inherent method, trait
//! method written in the core, and each core trait's provided methods per
//! implementing type) and the calls of this probe from its unoptimized build
//! (the relocations from `main` down to the first function of the core), and
//! fails naming each `Type::method` the probe never calls, and each
//! const-generic item never used at 0, 1, 2, 3 and an odd capacity of 5 or
//! more. Derived impls (`Debug`, `Hash`,
//! `PartialEq`, ...) are the compiler's and not required; most are run anyway
//! (`debug`, `hash`). Not probed: the `defmt::Format` impls (that would need a
//! defmt logger in the probe).
//!
//! To cover a new public function: call it in the module of its capability on
//! `opaque(..)` / `lend(..)` inputs, on an `opaque` receiver, and pass what it
//! returns to `keep` (and `show` for `Display` impls). `find-panics.sh` lists
//! the source lines of the core that still reach a panic.
#![no_std]
#![no_main]

use core::fmt::{self, Write};
use core::hash::{Hash, Hasher};
use core::hint::black_box;

use cortex_m_rt::entry;

mod basics;
mod camicia;
mod grid;
mod tchu;
mod tour;
mod trail;

#[cfg(not(feature = "find-panics"))]
unsafe extern "C" {
    /// Defined nowhere: any call to it left after optimization fails the link.
    fn plateau_core_reached_a_panic() -> !;
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: never runs: the binary does not link if this call survives.
    #[cfg(not(feature = "find-panics"))]
    unsafe {
        plateau_core_reached_a_panic()
    }
    // `find-panics.sh` and the coverage build: link anyway.
    #[cfg(feature = "find-panics")]
    loop {}
}

/// Returns `value`, hidden from the optimizer: any value of its type.
pub fn opaque<T>(value: T) -> T {
    black_box(value)
}

/// Lends `items` as a slice whose length and contents the optimizer cannot
/// know: cut at an opaque length, then the cut passes through `black_box`.
pub fn lend<T>(items: &[T]) -> &[T] {
    let n = opaque(items.len());
    black_box(items.get(..n).unwrap_or_default())
}

/// Lends `items` mutably, as [`lend`] does.
pub fn lend_mut<T>(items: &mut [T]) -> &mut [T] {
    let n = opaque(items.len());
    black_box(items.get_mut(..n).unwrap_or_default())
}

/// Keeps a result alive so the call that made it is not removed.
pub fn keep<T>(value: T) {
    black_box(value);
}

/// A `fmt::Write` sink that keeps every byte: runs `Display` impls to the end.
struct Sink;

impl Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            keep(b);
        }
        opaque(Ok(()))
    }
}

/// Runs a value's `Display` and `Debug` impls.
pub fn show<T: fmt::Display + fmt::Debug>(value: T) {
    keep(write!(Sink, "{value}"));
    keep(write!(Sink, "{value:?}"));
}

/// Runs a value's `Debug` impl.
pub fn debug<T: fmt::Debug>(value: T) {
    keep(write!(Sink, "{value:?}"));
}

/// A `Hasher` that keeps what it is fed: runs `Hash` impls.
struct KeepHasher;

impl Hasher for KeepHasher {
    fn finish(&self) -> u64 {
        opaque(0)
    }
    fn write(&mut self, bytes: &[u8]) {
        keep(bytes);
    }
}

/// Runs a value's `Hash` impl.
pub fn hash<T: Hash>(value: T) {
    value.hash(&mut KeepHasher);
}

/// Shows an error, or keeps a value.
pub fn settle<T, E: fmt::Display + fmt::Debug>(result: Result<T, E>) -> Option<T> {
    match result {
        Ok(v) => Some(v),
        Err(e) => {
            show(e);
            None
        }
    }
}

/// Panics on purpose (feature `must-fail`): proves a reachable panic fails the link.
#[cfg(feature = "must-fail")]
fn probe_the_probe() {
    let slice: &[u8] = opaque(&[1, 2, 3]);
    keep(slice[opaque(7)]);
}

#[entry]
fn main() -> ! {
    #[cfg(feature = "must-fail")]
    probe_the_probe();
    basics::probe();
    tchu::probe();
    trail::probe();
    camicia::probe();
    grid::probe();
    tour::probe();
    loop {
        keep(());
    }
}
