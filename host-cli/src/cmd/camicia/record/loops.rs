//! A `loops` output, in one form for everything that writes or reads one:
//! `loops` prints it as it goes, its checkpoint is the output so far, and
//! `merge` reads shards of it back and prints their union.
//!
//! Its lines (`--json`): one [`CycleLine`] per cycle in the order found (the
//! cycles started from first, in their order, then by the trial that found
//! each), each followed by the [`DealLine`]s of the deals listed for it; then
//! the [`Summary`] (the counts, the time, the search's parameters); then the
//! seal (`seal.rs`). [`Writer`] writes them, a cycle at a time or all at once
//! ([`render`]); [`read`] (`loops/read.rs`) reads them back and believes
//! nothing it has not checked: the seal, the lines' order, the counts against the lines, each
//! cycle's canonical deal and each deal played again by the exact
//! simulation (it loops, into the cycle it is listed with). What it does not
//! replay is the backward walk (`tree`, and whether every deal of the tree
//! is listed): a resumed search rebuilds that and compares.

use std::io::{self, Write};

use clap::ValueEnum;
use plateau::camicia::hunt::Shard;
use serde::{Deserialize, Serialize};

use super::super::CycleInfo;
use super::super::construct::{Found, text};
use super::super::deck::Deck;
use super::or_none;
use super::seal::Sealer;
use super::wire::{seconds, some_seconds};
use crate::error::CliResult;
use crate::output::{Answer, Seconds, Status, Stop, emit_to};

mod read;

pub(crate) use read::read;

/// The `kind` of the one line of an older `loops` checkpoint (its own
/// format, before it was the output so far).
pub(crate) const OLD_CHECKPOINT: &str = "loops-checkpoint";

/// The deck of a summary that names none.
fn standard() -> String {
    Deck::STANDARD.to_string()
}

/// Which deals `loops` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Split {
    /// 26 cards a hand.
    Balanced,
    /// Any split of the 52 cards (both hands non-empty).
    Any,
}

impl Split {
    /// The flag's value.
    fn name(self) -> &'static str {
        match self {
            Split::Balanced => "balanced",
            Split::Any => "any",
        }
    }

    /// The deals' adjective in the text output.
    fn word(self) -> &'static str {
        match self {
            Split::Balanced => "balanced",
            Split::Any => "looping",
        }
    }
}

/// The `kind` of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Kind {
    Cycle,
    Deal,
    Summary,
}

/// One turn of a cycle: its id, its tricks and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    id: String,
    tricks: u64,
    cards: u64,
}

/// A cycle line: the cycle, its canonical deal, the deals found for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct CycleLine {
    status: Status,
    kind: Kind,
    id: String,
    tricks: u64,
    cards: u64,
    /// The least of its round-start states (`Cycle::canonical`).
    canonical: String,
    /// The states of its tree (from which the cycle is reached).
    tree: u64,
    /// The deal lines after it.
    deals: u64,
    /// The trial that found it (none for a cycle started from): shards'
    /// outputs merge in this order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) trial: Option<u64>,
}

impl CycleLine {
    /// Its id (12 hex digits).
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// Its canonical deal, compact.
    pub(crate) fn canonical(&self) -> &str {
        &self.canonical
    }
}

/// A cycle line as shown: its text names the split of its deals.
#[derive(Serialize)]
#[serde(transparent)]
struct Shown<'a> {
    line: &'a CycleLine,
    #[serde(skip)]
    split: Split,
}

impl Answer for Shown<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let c = self.line;
        writeln!(
            out,
            "cycle {}: {} tricks and {} cards a turn, {} {} deals among the {} states that reach it; least state {}",
            c.id,
            c.tricks,
            c.cards,
            c.deals,
            self.split.word(),
            c.tree,
            c.canonical
        )
    }
}

/// A deal line: a deal, its game, its cycle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct DealLine {
    status: Status,
    kind: Kind,
    deal: String,
    cards: u64,
    tricks: u64,
    cycle: CycleInfo,
}

impl Answer for DealLine {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "  {}  loop, cards: {}, tricks: {}; {}",
            self.deal, self.cards, self.tricks, self.cycle
        )
    }
}

/// A cycle's lines: its own, then its deals'.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CycleLines {
    pub(crate) line: CycleLine,
    pub(crate) deals: Vec<DealLine>,
}

impl CycleLines {
    /// The lines of a cycle the construction found.
    pub(crate) fn of(found: &Found) -> CycleLines {
        let turn = CycleInfo::of(&found.cycle);
        let deals = found.deals.iter().map(|(state, end, cycle)| DealLine {
            status: Status::Loop,
            kind: Kind::Deal,
            deal: text(state),
            cards: end.cards,
            tricks: end.tricks,
            cycle: CycleInfo::of(cycle),
        });
        CycleLines {
            line: CycleLine {
                status: Status::Loop,
                kind: Kind::Cycle,
                id: turn.id,
                tricks: turn.tricks,
                cards: turn.cards,
                canonical: text(&found.cycle.canonical()),
                tree: found.tree as u64,
                deals: found.deals.len() as u64,
                trial: found.trial,
            },
            deals: deals.collect(),
        }
    }
}

/// The last line before the seal.
#[derive(Serialize, Deserialize)]
struct Summary {
    /// `found`; `exhausted` for a search that `--seconds` or a signal
    /// stopped, or a checkpoint of one under way.
    status: Status,
    kind: Kind,
    /// Distinct cycles listed (those started from included).
    cycles: u64,
    /// Cycles with at least one deal of the wanted split.
    cycles_with_deals: u64,
    deals: u64,
    /// The cycle with the most tricks a turn (then cards; the first found
    /// of equals).
    longest: Option<Turn>,
    trials: u64,
    /// Trials whose deal looped (into any cycle).
    looped: u64,
    /// Wall time; for a merge, the shards' added.
    #[serde(deserialize_with = "seconds")]
    seconds: Seconds,
    // Follows from the trials and seconds: written, not read.
    #[serde(skip_deserializing)]
    trials_per_second: Option<u64>,
    threads: u64,
    /// The searches (tasks) that made the trials: 1, or the shards of a merge.
    tasks: u64,
    seed: u64,
    /// `K/N`; `N/N` for a merge of all N.
    shard: String,
    split: Split,
    /// `--deck` (an output of plateau before decks: the standard 52).
    #[serde(default = "standard")]
    deck: String,
    /// `--from`, compact (Casella et al.'s deal, always started from, is
    /// not among them).
    from: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    asked_steps: Option<u64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "some_seconds"
    )]
    asked_seconds: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
}

impl Answer for Summary {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: {} distinct cycles, {} of them reached by {} {} deals; {} trials ({} looped) in {:.1} s",
            self.status,
            self.cycles,
            self.cycles_with_deals,
            self.deals,
            self.split.word(),
            self.trials,
            self.looped,
            self.seconds.0
        )?;
        if let Some(c) = &self.longest {
            writeln!(
                out,
                "longest cycle: {}, {} tricks and {} cards a turn",
                c.id, c.tricks, c.cards
            )?;
        }
        if let Some(stop) = self.stopped_by {
            writeln!(out, "stopped by {}", stop.flag())?;
        }
        Ok(())
    }
}

/// The trials shard `k` of `n` makes of a search of `trials` in all: trial
/// numbers `k-1, k-1+n, ...` below `trials`.
pub(crate) fn share(trials: u64, shard: Shard) -> u64 {
    let first = shard.k() - 1;
    if trials > first {
        (trials - first - 1) / shard.n() + 1
    } else {
        0
    }
}

/// What makes two runs the same search: a checkpoint is only resumed by a
/// search of equal parameters (its budgets aside), and only shards of one
/// search merge.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Params {
    pub(crate) seed: u64,
    pub(crate) shard: Shard,
    pub(crate) split: Split,
    pub(crate) deck: Deck,
    /// `--from`, compact.
    pub(crate) from: Vec<String>,
    /// `--max-steps`, if given.
    pub(crate) steps: Option<u64>,
    /// `--seconds`, if given (and finite).
    pub(crate) seconds: Option<f64>,
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
                ("--shard", format!("{}/{}", p.shard.k(), p.shard.n())),
                ("--split", p.split.name().to_string()),
                ("--deck", p.deck.to_string()),
                (
                    "--from",
                    or_none((!p.from.is_empty()).then(|| p.from.join(" "))),
                ),
                ("--max-steps", or_none(p.steps)),
                ("--seconds", or_none(p.seconds)),
            ]
        };
        super::difference(of(self), of(other), skip)
    }
}

/// A `loops` output: the search, the cycles listed, the counts and how it
/// stands.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) params: Params,
    pub(crate) cycles: Vec<CycleLines>,
    pub(crate) trials: u64,
    pub(crate) looped: u64,
    pub(crate) seconds: f64,
    pub(crate) threads: u64,
    /// 1 for a search, the shards for a merge.
    pub(crate) tasks: u64,
    /// Whether the search ended on its own (`status: found`).
    pub(crate) complete: bool,
    /// What stopped it, if anything did.
    pub(crate) stop: Option<Stop>,
}

impl Record {
    /// The ids of the cycles started from, in order.
    pub(crate) fn started(&self) -> Vec<&str> {
        self.cycles
            .iter()
            .filter(|c| c.line.trial.is_none())
            .map(|c| c.line.id.as_str())
            .collect()
    }

    /// Its summary: the counts of its lines, its own counts and parameters.
    fn summary(&self) -> Summary {
        let p = &self.params;
        // The first found of those with the most tricks (then cards).
        let longest = self
            .cycles
            .iter()
            .rev()
            .max_by_key(|c| (c.line.tricks, c.line.cards))
            .map(|c| Turn {
                id: c.line.id.clone(),
                tricks: c.line.tricks,
                cards: c.line.cards,
            });
        Summary {
            status: if self.complete {
                Status::Found
            } else {
                Status::Exhausted
            },
            kind: Kind::Summary,
            cycles: self.cycles.len() as u64,
            cycles_with_deals: self.cycles.iter().filter(|c| !c.deals.is_empty()).count() as u64,
            deals: self.cycles.iter().map(|c| c.deals.len() as u64).sum(),
            longest,
            trials: self.trials,
            looped: self.looped,
            seconds: Seconds(self.seconds),
            // `as` saturates: a rate is a whole number of trials a second.
            trials_per_second: super::rate(self.trials, self.seconds).map(|r| r as u64),
            threads: self.threads,
            tasks: self.tasks,
            seed: p.seed,
            shard: format!("{}/{}", p.shard.k(), p.shard.n()),
            split: p.split,
            deck: p.deck.to_string(),
            from: p.from.clone(),
            asked_steps: p.steps,
            asked_seconds: p.seconds,
            stopped_by: self.stop,
        }
    }
}

/// Writes an output's lines, as text or JSON, a cycle at a time and then
/// the end (JSON: sealed): the bytes of a record printed as it is found are
/// those of the record rendered whole ([`render`]).
pub(crate) struct Writer {
    json: bool,
    split: Split,
    sealer: Sealer,
}

impl Writer {
    /// A writer of an output of `split` deals.
    pub(crate) fn new(json: bool, split: Split) -> Writer {
        Writer {
            json,
            split,
            sealer: Sealer::new(),
        }
    }

    /// Returns the lines of `cycle`: its own, then its deals'.
    pub(crate) fn cycle(&mut self, cycle: &CycleLines) -> CliResult<Vec<u8>> {
        let mut out = Vec::new();
        let shown = Shown {
            line: &cycle.line,
            split: self.split,
        };
        emit_to(&mut out, self.json, &shown)?;
        for deal in &cycle.deals {
            emit_to(&mut out, self.json, deal)?;
        }
        self.sealer.add(&out);
        Ok(out)
    }

    /// Returns the last lines: the summary of `record`, then (JSON) the seal.
    pub(crate) fn end(&mut self, record: &Record) -> CliResult<Vec<u8>> {
        let mut out = Vec::new();
        emit_to(&mut out, self.json, &record.summary())?;
        if self.json {
            self.sealer.add(&out);
            out.extend(self.sealer.line()?);
        }
        Ok(out)
    }
}

/// Renders a whole output: its cycles, its summary and (JSON) its seal.
pub(crate) fn render(record: &Record, json: bool) -> CliResult<Vec<u8>> {
    let mut writer = Writer::new(json, record.params.split);
    let mut out = Vec::new();
    for cycle in &record.cycles {
        out.extend(writer.cycle(cycle)?);
    }
    out.extend(writer.end(record)?);
    Ok(out)
}
