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
//! [`bag`]: `SortedBag<T, N>`, a sorted multiset of at most `N` distinct elements
//! held inline; [`tchu`]: the cards, routes, claims and real map of tCHu.
//!
//! ```
//! use plateau::tchu::map;
//! let claims = map::route("COI_DAV_1").ok_or("no route")?.possible_claim_cards();
//! assert_eq!(claims.len(), 3); // {2×VIOLET}, {VIOLET, LOCOMOTIVE}, {2×LOCOMOTIVE}
//! assert_eq!(claims.first().map(|c| c.to_string()).as_deref(), Some("{2×VIOLET}"));
//! # Ok::<(), &str>(())
//! ```
//!
//! [`tchu::trail`]: the exact longest trail of a network of routes (the 10-point
//! bonus), a branch-and-bound on the routes to drop; the whole map in milliseconds.
//!
//! ```
//! use plateau::tchu::{map, trail::Trail};
//! let trail = Trail::longest_unbounded(&map::ROUTES).map_err(|_| "too big")?;
//! assert_eq!(trail.length(), 159); // of the map's 205
//! # Ok::<(), &str>(())
//! ```
//!
//! [`camicia`]: Beggar-my-neighbour played exactly, loops found in constant memory.
//!
//! ```
//! use plateau::camicia::{Deal, Rank::*, Status};
//! let deal: Deal = Deal::from_hands(&[Jack, Two, Three], &[Four, Jack, Five])?;
//! let outcome = deal.simulate(1_000);
//! assert_eq!((outcome.status, outcome.cards, outcome.tricks), (Status::Loop, 8, 3));
//! # Ok::<(), plateau::camicia::CamiciaError>(())
//! ```
//!
//! [`grid`]: one tree search (breadth-first in a lent queue or depth-first on an
//! explicit stack, with a step budget) and four puzzles on it: margins (black
//! cells counted per row and column), sudoku, minesweeper and snake.
//!
//! ```
//! use plateau::grid::{Limits, Outcome, Shape, Sudoku};
//! let report = Sudoku::new(Shape::Four, &[0; 16])?.solve(Limits::all(plateau::UNLIMITED))?;
//! assert!(matches!(report.outcome, Outcome::Multiple { count: 288, .. }));
//! # Ok::<(), Box<dyn core::error::Error>>(())
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
