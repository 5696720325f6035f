//! Every check the image runs, one capability per module.
//!
//! To add a capability: write `checks/<cap>.rs` with `pub fn <what>() -> Outcome`
//! functions, its expected values in `expected/<cap>.rs`, then declare the module
//! below and add one line per check to [`ALL`].
//!
//! `board_8k` (build.rs sets it for `PLATEAU_BOARD`'s 8 KiB boards, issue #41's
//! stretch) leaves out the checks whose statics and stack pass 8 KiB of RAM:
//! the whole Swiss map's trail and every grid check but the 9×9 sudoku.

use crate::harness::Check;

#[cfg(feature = "bits")]
mod bits;
#[cfg(feature = "camicia")]
mod camicia;
#[cfg(feature = "grid")]
mod grid;
#[cfg(feature = "jass")]
mod jass;
#[cfg(feature = "tchu")]
mod tchu;
#[cfg(feature = "tour")]
mod tour;

/// The checks, in the order they run and print.
pub const ALL: &[Check] = &[
    #[cfg(feature = "bits")]
    Check {
        name: "bits/mask-edges",
        run: bits::mask_edges,
    },
    #[cfg(feature = "bits")]
    Check {
        name: "bits/extract-edges",
        run: bits::extract_edges,
    },
    #[cfg(feature = "bits")]
    Check {
        name: "bits/pack-rules",
        run: bits::pack_rules,
    },
    #[cfg(feature = "jass")]
    Check {
        name: "jass/worked-example",
        run: jass::worked_example,
    },
    #[cfg(feature = "jass")]
    Check {
        name: "jass/packing",
        run: jass::packing,
    },
    #[cfg(feature = "jass")]
    Check {
        name: "jass/match-and-limits",
        run: jass::match_and_limits,
    },
    #[cfg(feature = "tchu")]
    Check {
        name: "tchu/claim-points",
        run: tchu::claim_points,
    },
    #[cfg(feature = "tchu")]
    Check {
        name: "tchu/cards-and-stations",
        run: tchu::cards_and_stations,
    },
    #[cfg(feature = "tchu")]
    Check {
        name: "tchu/claims-and-map",
        run: tchu::claims_and_map,
    },
    #[cfg(feature = "tchu")]
    Check {
        name: "tchu/longest-trails",
        run: tchu::longest_trails,
    },
    #[cfg(feature = "tchu")]
    Check {
        name: "tchu/sliced-trail",
        run: tchu::sliced_trail,
    },
    #[cfg(feature = "tchu")]
    Check {
        name: "tchu/trail-as-task",
        run: tchu::trail_as_task,
    },
    #[cfg(all(feature = "tchu", not(board_8k)))]
    Check {
        name: "tchu/whole-map",
        run: tchu::whole_map,
    },
    #[cfg(feature = "camicia")]
    Check {
        name: "camicia/published-cases",
        run: camicia::published_cases,
    },
    #[cfg(feature = "camicia")]
    Check {
        name: "camicia/sliced-game",
        run: camicia::sliced_game,
    },
    #[cfg(feature = "camicia")]
    Check {
        name: "camicia/short-hunt",
        run: camicia::short_hunt,
    },
    #[cfg(all(feature = "grid", not(board_8k)))]
    Check {
        name: "grid/margins-counts",
        run: grid::margins_counts,
    },
    #[cfg(feature = "grid")]
    Check {
        name: "grid/hard-sudoku",
        run: grid::hard_sudoku,
    },
    #[cfg(all(feature = "grid", not(board_8k)))]
    Check {
        name: "grid/sliced-sudoku-count",
        run: grid::sliced_sudoku_count,
    },
    #[cfg(all(feature = "grid", not(board_8k)))]
    Check {
        name: "grid/snake",
        run: grid::snake,
    },
    #[cfg(all(feature = "grid", not(board_8k)))]
    Check {
        name: "grid/one-two-one",
        run: grid::one_two_one,
    },
    #[cfg(feature = "tour")]
    Check {
        name: "tour/eight-by-eight",
        run: tour::eight_by_eight,
    },
    #[cfg(feature = "tour")]
    Check {
        name: "tour/none-and-counts",
        run: tour::none_and_counts,
    },
    #[cfg(feature = "over-budget")]
    Check {
        name: "firmware/over-budget",
        run: over_budget,
    },
];

/// Uses more stack than the budget allows (feature `over-budget`): proves the
/// budget is enforced.
#[cfg(feature = "over-budget")]
fn over_budget() -> crate::harness::Outcome {
    let mut big = [0u8; crate::harness::STACK_BUDGET + 1024];
    for (i, b) in big.iter_mut().enumerate() {
        *b = i as u8;
    }
    let big = core::hint::black_box(&mut big);
    crate::harness::holds("buffer written", big.iter().any(|b| *b != 0))
}
