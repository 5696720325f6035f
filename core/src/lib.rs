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

pub mod search;
pub use search::Budget;

pub mod bag;
pub mod bits;
pub mod camicia;
pub mod grid;
pub mod jass;
pub mod rng;
pub mod tchu;
pub mod tour;
