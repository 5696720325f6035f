//! The values the checks expect, as plain constants.
//!
//! Each file holds data only (no imports, no code), so that the host test
//! `tests/tests/firmware_expected.rs` can `include!` it and compare it with the
//! CLI snapshots in `tests/tests/snapshots/`: the chip and the host are held to
//! the same answers.

#[cfg(feature = "camicia")]
pub mod camicia;
#[cfg(feature = "grid")]
pub mod grid;
#[cfg(feature = "jass")]
pub mod jass;
#[cfg(feature = "tchu")]
pub mod tchu;
#[cfg(feature = "tour")]
pub mod tour;
