//! The integration tests of `plateau-cli`, one test binary (issue #42): each
//! file of this folder is a module here, so the suite is compiled and linked
//! once instead of once per file. A new test file gets a `mod` line.
//!
//! Run one file's tests with a filter on its module:
//! `cargo test -p plateau-cli --test integration -- docs::`.
//!
//! What sharing one process asks of the tests: they run the real binary
//! (`CARGO_BIN_EXE_plateau`) in processes of their own, and signal only those
//! (or their own process groups), never the test process. Their files go to
//! folders of distinct names under the temporary directory. Only `docs` moves
//! the working directory (to the workspace root, for trycmd); every other
//! test gives its paths absolute or sets its child's directory.

mod common;

mod camicia_memory;
mod demo;
mod docs;
mod files;
mod grid_memory;
mod hunt_checkpoint;
mod hunt_merge;
mod interrupt;
mod loops_record;
mod signals;
#[cfg(unix)]
mod tchu_interrupt;
mod tour_interrupt;
mod tour_memory;
