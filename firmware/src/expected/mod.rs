//! The values the checks expect, as plain constants.
//!
//! Each file holds data only (no imports, no code), so that the host test
//! `tests/tests/firmware_expected.rs` can `include!` it and compare it with the
//! CLI snapshots in `tests/tests/snapshots/`: the chip and the host are held to
//! the same answers.

pub mod camicia;
pub mod grid;
pub mod jass;
pub mod tchu;
pub mod tour;
