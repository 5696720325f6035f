//! plateau: board- and card-game algorithms for small machines.
//!
//! `#![no_std]`, no allocator, no `unsafe`, and no panics reachable from the
//! public API: invalid input is a small typed error, every search takes a step
//! budget, and every capacity is a const generic or memory the caller lends.
//!
//! # A tour of the modules
//!
//! [`bits`]: masks, field extraction and packing on `u32`/`u64`.
//!
//! ```
//! assert_eq!(plateau::bits::mask64(60, 4), Ok(0xF000_0000_0000_0000));
//! ```
//!
//! [`jass`]: the two teams' Jass scores packed into one `u64`.
//!
//! ```
//! use plateau::jass::{Score, TeamId};
//! let s = Score::INITIAL.with_additional_trick(TeamId::Team1, 13)?.next_turn()?;
//! assert_eq!(s.packed().total_points(TeamId::Team1), 13);
//! # Ok::<(), plateau::jass::ScoreError>(())
//! ```
//!
//! [`tour`]: knight's tours on any board up to 65,535 × 65,535, open or closed,
//! in the caller's memory; "none" only with a reason.
//!
//! ```
//! use plateau::tour::{Board, Square, TourBuffer, TourKind, TourOutcome, NoTour};
//! let mut buf = TourBuffer::<64>::new();
//! let board = Board::new(8, 8)?;
//! assert_eq!(buf.find(board, Square::new(0, 0), TourKind::Closed, 1 << 20)?, TourOutcome::Found);
//! let board = Board::new(4, 4)?;
//! assert_eq!(buf.find(board, Square::new(0, 0), TourKind::Open, 1 << 20)?, TourOutcome::None(NoTour::NoOpenTour));
//! # Ok::<(), plateau::tour::TourError>(())
//! ```
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

pub mod bits;
pub mod jass;
pub mod tchu;
pub mod tour;
