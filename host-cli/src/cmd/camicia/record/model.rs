//! What a report holds: the tally and times ([`Report`]), the hunt's
//! parameters ([`Params`]) and who produced it ([`Header`]).

use plateau::camicia::hunt::{Entry, Order};

use super::or_none;
use crate::output::Stop;

/// Loop deals kept in a report.
pub(crate) const LOOPS_KEPT: usize = 20;

/// What a hunt (or several) found: the core's tally, and the time it took.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub(crate) tally: plateau::camicia::hunt::Tally<Vec<Entry>>,
    pub(crate) seconds: f64,
    pub(crate) thread_seconds: f64,
    /// Processor time the threads got (less than `thread_seconds` on a busy machine).
    pub(crate) cpu_seconds: f64,
}

impl Report {
    /// Returns an empty report listing `top` deals by cards and by tricks.
    pub(crate) fn new(top: usize) -> Report {
        Report::with_room([top, top, LOOPS_KEPT])
    }

    /// Returns an empty report whose lists (by cards, by tricks, loops) keep
    /// `room` deals each.
    pub(super) fn with_room(room: [usize; 3]) -> Report {
        Report {
            tally: plateau::camicia::hunt::Tally::new_in(
                vec![Entry::EMPTY; room[0]],
                vec![Entry::EMPTY; room[1]],
                vec![Entry::EMPTY; room[2]],
            ),
            seconds: 0.0,
            thread_seconds: 0.0,
            cpu_seconds: 0.0,
        }
    }

    /// Adds another report (the result does not depend on the order).
    pub(crate) fn absorb(&mut self, other: &Report) {
        self.tally.absorb(&other.tally);
        self.thread_seconds += other.thread_seconds;
        self.cpu_seconds += other.cpu_seconds;
    }

    /// The three lists, in the order the report prints them, with their
    /// order and kind.
    pub(super) fn lists(&self) -> [(&'static str, &'static str, Order, &[Entry]); 3] {
        let t = &self.tally;
        [
            (
                "longest by cards",
                "by-cards",
                Order::CardsFirst,
                t.by_cards.as_slice(),
            ),
            (
                "longest by tricks",
                "by-tricks",
                Order::TricksFirst,
                t.by_tricks.as_slice(),
            ),
            ("loops", "loop", Order::CardsFirst, t.loop_deals.as_slice()),
        ]
    }
}

/// What makes two runs the same hunt: a checkpoint is only resumed by a hunt
/// of equal parameters, and only shards of one hunt merge.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Params {
    pub(crate) seed: u64,
    /// `K/N`.
    pub(crate) shard: String,
    /// `--deals` (none: until `--seconds` stops it).
    pub(crate) deals: Option<u64>,
    /// `--seconds` (none: until `--deals` are played).
    pub(crate) seconds: Option<f64>,
    pub(crate) fresh: bool,
    /// `--climb`.
    pub(crate) climb: bool,
    /// `--lift-from`: `None` for no lifts (and for `--fresh`).
    pub(crate) lift_from: Option<u64>,
    pub(crate) max_rounds: u64,
    /// `--top`; none in the reports of plateau before it was written down.
    pub(crate) top: Option<usize>,
}

impl Params {
    /// Names the first parameter, other than those in `skip`, that differs
    /// from `other`'s: its flag, this value, the other value.
    pub(crate) fn difference(
        &self,
        other: &Params,
        skip: &[&str],
    ) -> Option<(&'static str, String, String)> {
        let of = |p: &Params| {
            [
                ("--seed", p.seed.to_string()),
                ("--shard", p.shard.clone()),
                ("--deals", or_none(p.deals)),
                ("--seconds", or_none(p.seconds)),
                ("--fresh", p.fresh.to_string()),
                ("--climb", p.climb.to_string()),
                (
                    "--lift-from",
                    p.lift_from
                        .map_or_else(|| "off".to_string(), |c| c.to_string()),
                ),
                ("--max-rounds", p.max_rounds.to_string()),
                ("--top", or_none(p.top)),
            ]
        };
        super::difference(of(self), of(other), skip)
    }

    /// Returns shard `(K, N)` of `K/N`.
    pub(crate) fn shard_k_n(&self) -> Result<(u64, u64), String> {
        super::shard_k_n(&self.shard)
    }
}

/// Who produced a report and how it stands, besides its tally.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Header {
    pub(crate) params: Params,
    /// Threads in all.
    pub(crate) threads: u64,
    /// The hunts (tasks) that ran them: 1 for a hunt, the shards for a merge.
    pub(crate) tasks: u64,
    /// Whether every deal asked was played (`status: found`).
    pub(crate) complete: bool,
    /// What stopped the hunt before its deals, if anything did.
    pub(crate) stop: Option<Stop>,
    /// For a merge: the places of each list (by cards, by tricks, loops)
    /// that the shards' lists prove.
    pub(crate) proven: Option<[usize; 3]>,
}
