//! Camicia: the published cases that fit 52 cards, through every engine (the
//! general `Deal`, the packed one, and the packed deals 32 at a time as the
//! hunt plays them), loops included; a game that never ends played in slices
//! from a cooperative loop; and a short record hunt, whose answer is the
//! host's for the same seed.

use plateau::Budget;
use plateau::camicia::hunt::{Entry, Hunt, HuntSearch, Shard, Tally};
use plateau::camicia::{Deal, GameOutcome as Game, PackedDeal, Rank, Simulation, Status};
use plateau::search::{Outcome as Answer, Search};

use crate::cooperative::{self, Sliced};
use crate::expected::camicia::{
    CASES, CASES_THAT_FIT, HUNT, HUNT_BY_CARDS, HUNT_BY_TRICKS, HUNT_COUNTS, SLICED_GAME,
};
use crate::harness::{AtStep, Mismatch, Outcome, accepted, displays, equal};

/// Rounds either engine may play before answering `Exhausted`.
const BUDGET: Budget = Budget::new(100_000);

/// Reads a spaced hand (`2 A 7 8 Q 10`) into `out`; returns the cards read.
fn hand<'a>(text: &str, out: &'a mut [Rank; 52]) -> Result<&'a [Rank], &'static str> {
    let mut n = 0;
    for symbol in text.split_ascii_whitespace() {
        let rank = Rank::from_symbol(symbol).ok_or("not a card")?;
        *out.get_mut(n).ok_or("more than 52 cards")? = rank;
        n += 1;
    }
    out.get(..n).ok_or("more than 52 cards")
}

/// The status word of the published cases: `finished`, `loop`, else none.
fn status(text: &str) -> Option<Status> {
    match text {
        "finished" => Some(Status::Finished),
        "loop" => Some(Status::Loop),
        _ => None,
    }
}

/// Reads published case `i` into a packed deal, with the outcome the
/// publication gives it.
fn case(i: usize) -> Result<(PackedDeal, Option<Status>, u64, u64), &'static str> {
    let (_, text_a, text_b, expected, cards, tricks) = CASES.get(i).ok_or("no such case")?;
    let (mut a, mut b) = ([Rank::Two; 52], [Rank::Two; 52]);
    let deal = Deal::<1>::from_hands(hand(text_a, &mut a)?, hand(text_b, &mut b)?)
        .map_err(|_| "Deal::from_hands refused a case")?;
    let packed =
        PackedDeal::from_deal(&deal).map_err(|_| "PackedDeal::from_deal refused a case")?;
    Ok((packed, status(expected), *cards, *tricks))
}

/// The status, cards and tricks of an outcome, as the publication gives them.
fn reading(got: Game) -> (Option<Status>, u64, u64) {
    let status = match got {
        Answer::Done(end) => Some(end.status),
        _ => None,
    };
    (status, got.cards(), got.tricks())
}

/// The 27 published cases that fit 52 cards, records and loops included.
pub fn published_cases() -> Outcome {
    equal("cases", CASES.len(), CASES_THAT_FIT)?;
    let (mut a, mut b) = ([Rank::Two; 52], [Rank::Two; 52]);
    for (i, (_, text_a, text_b, expected, cards, tricks)) in CASES.iter().enumerate() {
        let a = accepted("A's hand", hand(text_a, &mut a)).at(i)?;
        let b = accepted("B's hand", hand(text_b, &mut b)).at(i)?;
        let deal: Deal = accepted("Deal::from_hands", Deal::from_hands(a, b)).at(i)?;
        let got = deal.simulate(BUDGET);
        equal(
            "status, cards, tricks",
            reading(got),
            (status(expected), *cards, *tricks),
        )
        .at(i)?;
        let packed = accepted("PackedDeal::from_deal", PackedDeal::from_deal(&deal)).at(i)?;
        equal("packed engine", packed.simulate(BUDGET), got).at(i)?;
    }
    // All at once: each case reported once, with its own deal and the
    // published outcome. The deals are read again as the lanes take them
    // (not held in an array: the check's stack is the engine's figure).
    let mut reported = [false; CASES_THAT_FIT];
    let mut first_wrong: Option<usize> = None;
    let mut refused = false;
    let mut report = |i: usize, deal: PackedDeal, outcome: Game| {
        let right = case(i).is_ok_and(|(packed, status, cards, tricks)| {
            packed == deal && reading(outcome) == (status, cards, tricks)
        });
        let fresh = reported
            .get_mut(i)
            .is_some_and(|r| !core::mem::replace(r, true));
        if !(right && fresh) && first_wrong.is_none() {
            first_wrong = Some(i);
        }
    };
    let mut n = 0;
    // The hunt's form (a `dyn` source and sink): the image holds one copy of
    // the 32-lane engine for both checks, within the Cortex-M0's flash.
    let mut next = || {
        let deal = case(n).map(|c| c.0);
        n += 1;
        refused |= deal.is_err() && n <= CASES_THAT_FIT;
        deal.ok()
    };
    PackedDeal::simulate_many(
        core::iter::from_fn(&mut next as &mut dyn FnMut() -> Option<PackedDeal>),
        BUDGET,
        &mut report as &mut dyn FnMut(usize, PackedDeal, Game),
    );
    equal("simulate_many: every case read", refused, false)?;
    equal("simulate_many: first wrong report", first_wrong, None)?;
    equal(
        "simulate_many: all reported",
        reported,
        [true; CASES_THAT_FIT],
    )?;
    Ok(())
}

/// Rounds a slice of the sliced game plays.
const GAME_SLICE: Budget = Budget::new(16);

/// A game that never ends, played in one call and in slices of
/// [`GAME_SLICE`] rounds from a cooperative loop: the same loop, found at the
/// same cards and tricks, with the same rounds spent (its replays, which find
/// where the loop starts, are cut into slices too).
pub fn sliced_game() -> Outcome {
    let (text, cards, tricks) = SLICED_GAME;
    let deal: Deal = accepted("the deal's notation", text.parse())?;
    let outcome = cooperative::sliced(GAME_SLICE, |budget| play(&deal, budget))?;
    equal(
        "status, cards, tricks",
        reading(outcome),
        (Some(Status::Loop), cards, tricks),
    )
}

/// Plays the game of `deal` afresh to its end in slices of `budget` rounds.
fn play(deal: &Deal, budget: Budget) -> Result<Sliced<Game>, Mismatch> {
    let mut game = Simulation::new(deal);
    let Ok(sliced) = cooperative::drive(&mut game, budget);
    Ok(sliced)
}

/// Compares a best list with the host's (deal text, cards, tricks), best first.
fn same_list(what: &'static str, got: &[Entry], expected: &[(&str, u64, u64)]) -> Outcome {
    equal(what, got.len(), expected.len())?;
    for (i, (f, &(deal, cards, tricks))) in got.iter().zip(expected).enumerate() {
        displays(what, f.deal, deal).at(i)?;
        equal(what, (f.ending.cards, f.ending.tricks), (cards, tricks)).at(i)?;
    }
    Ok(())
}

/// A hunt of two thousand fresh shuffles from a fixed seed, its longest game
/// lifted: the host's counts and best lists (`plateau camicia hunt`, the
/// same core code).
pub fn short_hunt() -> Outcome {
    let (seed, deals, rounds) = HUNT;
    let tally = Tally::new_in([Entry::EMPTY; 5], [Entry::EMPTY; 5], [Entry::EMPTY; 5]);
    let hunt = Hunt::new(seed, Budget::new(rounds));
    let mut search = HuntSearch::new_in(hunt, Shard::WHOLE, Budget::new(deals), tally);
    let Ok(done) = search.run(Budget::UNLIMITED);
    equal("the hunt is done", done, Answer::Done(deals))?;
    let t = search.tally();
    equal(
        "deals, chunks, finished, loops, exhausted, cards of finished",
        (
            t.deals,
            t.chunks,
            t.finished,
            t.loops,
            t.exhausted,
            t.cards_of_finished,
        ),
        HUNT_COUNTS,
    )?;
    same_list("by cards", t.by_cards.as_slice(), &HUNT_BY_CARDS)?;
    same_list("by tricks", t.by_tricks.as_slice(), &HUNT_BY_TRICKS)?;
    equal("loops", t.loop_deals.len(), 0)
}
