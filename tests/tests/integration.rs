//! The integration tests of `plateau-tests`, one test binary (issue #42):
//! each file of this folder is a module here, so the suite is compiled and
//! linked once instead of once per file. A new test file gets a `mod` line.
//!
//! Run one file's tests with a filter on its module:
//! `cargo test -p plateau-tests --test integration -- cli_snapshots::`.
//!
//! What sharing one process asks of the tests:
//! - **The working directory.** Tests that run the CLI in process move to the
//!   workspace root first (`fixtures/...` paths are relative to it); no test
//!   wants another directory, so their order does not matter.
//! - **insta.** `cli_snapshots` is the only test that asserts snapshots: its
//!   `glob!` counts failures in a process-wide counter, which another test's
//!   snapshot running beside it would feed. It names its snapshots as when it
//!   was a binary of its own (`cli_snapshots__cli_on_fixtures@….snap`).
//! - **proptest.** This file is not `main.rs`: proptest's default regression
//!   file is looked for beside a `lib.rs` or `main.rs` above the test's file,
//!   and, finding none, is the file beside it (`camicia.proptest-regressions`).
//! - Nothing sets an environment variable or a signal handler.

mod architecture;
mod budgets;
mod camicia;
mod camicia_shuffle;
mod cli_camicia;
mod cli_camicia_loops;
mod cli_conventions;
mod cli_grid;
mod cli_jass;
mod cli_snapshots;
mod cli_tchu;
mod cli_tour;
mod firmware_expected;
mod grammar;
mod grid_margins;
mod grid_minesweeper;
mod grid_snake;
mod grid_sudoku;
mod grid_sudoku_crate;
mod hostile;
mod jass;
mod slices;
mod tchu_bag;
mod tchu_claims;
mod tchu_map;
mod tchu_trail;
mod tools;
mod tour;
