#![doc = include_str!("../README.md")]
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

/// The budget that never runs out: every search takes a `u64` count of steps,
/// and this one (`u64::MAX`) is too large to be spent.
pub const UNLIMITED: u64 = u64::MAX;

pub mod bag;
pub mod bits;
pub mod camicia;
pub mod grid;
pub mod jass;
pub mod tchu;
pub mod tour;
