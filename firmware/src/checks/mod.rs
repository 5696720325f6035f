//! Every check the image runs, one capability per module.
//!
//! To add a capability: write `checks/<cap>.rs` with `pub fn <what>() -> Outcome`
//! functions, its expected values in `expected/<cap>.rs`, then declare the module
//! below and add one line per check to [`ALL`].

use crate::harness::Check;

mod bits;
mod camicia;
mod grid;
mod jass;
mod tchu;
mod tour;

/// The checks, in the order they run and print.
pub const ALL: &[Check] = &[
    Check {
        name: "bits/mask-edges",
        run: bits::mask_edges,
    },
    Check {
        name: "bits/extract-edges",
        run: bits::extract_edges,
    },
    Check {
        name: "bits/pack-rules",
        run: bits::pack_rules,
    },
    Check {
        name: "jass/worked-example",
        run: jass::worked_example,
    },
    Check {
        name: "jass/packing",
        run: jass::packing,
    },
    Check {
        name: "jass/match-and-limits",
        run: jass::match_and_limits,
    },
    Check {
        name: "tchu/claim-points",
        run: tchu::claim_points,
    },
    Check {
        name: "tchu/cards-and-stations",
        run: tchu::cards_and_stations,
    },
    Check {
        name: "tchu/claims-and-map",
        run: tchu::claims_and_map,
    },
    Check {
        name: "tchu/longest-trails",
        run: tchu::longest_trails,
    },
    Check {
        name: "camicia/published-cases",
        run: camicia::published_cases,
    },
    // Not on the Cortex-M0 (`cfg(no_hunt)`, set by build.rs): its larger
    // Thumb-1 code would pass the 128 KiB flash budget with the hunt in.
    #[cfg(not(no_hunt))]
    Check {
        name: "camicia/short-hunt",
        run: camicia::short_hunt,
    },
    Check {
        name: "grid/margins-counts",
        run: grid::margins_counts,
    },
    Check {
        name: "grid/hard-sudoku",
        run: grid::hard_sudoku,
    },
    Check {
        name: "tour/eight-by-eight",
        run: tour::eight_by_eight,
    },
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
