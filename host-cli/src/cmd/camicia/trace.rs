//! `plateau camicia trace`: a game card by card, streamed.
//!
//! The game is first simulated (a `Simulation` driven in slices, with the
//! deadline and Ctrl-C), then replayed event by event up to where the
//! simulation says it stands. A trace can be longer than memory (a 988-card
//! deal plays tens of thousands of events, each with both hands), so nothing
//! is kept: every event is written as it is played. The text table aligns
//! its columns to the widest row, so the game (deterministic) is replayed
//! twice: once to measure the columns, once to print. JSON needs no widths:
//! one pass, one record a line. `--seconds` and Ctrl-C bound the replay too:
//! either stops it there, and the final status line says `exhausted`, what
//! stopped it, and the cards and tricks of the events written.

use std::convert::Infallible;

use plateau::Budget;
use plateau::camicia::{Deal, Event, GameOutcome, Player, Rank, Trace};
use plateau::search::{Outcome, Search};
use serde::Serialize;

use super::{Game, WIDE, narrow, play};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::limits::{self, Limits};
use crate::output::{self, Status, Stop, write_json};
use crate::progress::{Interruptible, Progress};

/// One row of a trace: an event and the state after it.
struct Row {
    round: u64,
    event: Option<Event>,
    a: String,
    b: String,
    pile: String,
    owed: u8,
}

impl Row {
    /// The event in words: `deal`, `A plays J`, `B takes 3`.
    fn words(&self) -> String {
        match self.event {
            None => "deal".to_string(),
            Some(Event::Play { player, card }) => format!("{player} plays {card}"),
            Some(Event::Take { player, cards }) => format!("{player} takes {cards}"),
        }
    }
}

/// One event of `trace --json`: `event` first, then the round, who and what,
/// and the state after it.
#[derive(Serialize)]
struct Record<'a> {
    /// `deal` (the first record), `play` or `take`.
    event: &'static str,
    /// The round the event belongs to (from 1).
    round: u64,
    /// Who plays or takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<&'static str>,
    /// The card played.
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<&'static str>,
    /// How many cards the pile held when taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    cards: Option<usize>,
    /// A's hand, top card first, spaced.
    a: &'a str,
    /// B's hand.
    b: &'a str,
    /// The pile, bottom card first.
    pile: &'a str,
    /// The penalty still owed.
    owed: u8,
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::A => "A",
        Player::B => "B",
    }
}

impl<'a> Record<'a> {
    fn of(row: &'a Row) -> Self {
        let (event, player, card, cards) = match row.event {
            None => ("deal", None, None, None),
            Some(Event::Play { player, card }) => {
                ("play", Some(player_name(player)), Some(card.symbol()), None)
            }
            Some(Event::Take { player, cards }) => {
                ("take", Some(player_name(player)), None, Some(cards))
            }
        };
        Record {
            event,
            round: row.round,
            player,
            card,
            cards,
            a: &row.a,
            b: &row.b,
            pile: &row.pile,
            owed: row.owed,
        }
    }
}

fn spaced(cards: impl Iterator<Item = Rank>) -> String {
    let mut s = String::new();
    for card in cards {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(card.symbol());
    }
    s
}

/// How a replay ended: at the outcome's point, or cut short (by the
/// deadline or Ctrl-C) after `cards` cards and `tricks` tricks.
enum Replayed {
    Whole,
    Cut { cards: u64, tricks: u64, stop: Stop },
}

/// A replay as a search, driven as every search is (`limits::drive`): its
/// unit one event, each handed to `each` as a row; done at the outcome's
/// point.
struct Replay<const W: usize, F> {
    trace: Trace<W>,
    each: F,
    events: u64,
}

impl<const W: usize, F: FnMut(&Row) -> CliResult> Search for Replay<W, F> {
    type Done = ();
    type NoSolution = Infallible;
    type Best = ();
    type Error = CliError;

    fn run(&mut self, budget: Budget) -> Result<Outcome<(), Infallible, ()>, CliError> {
        for _ in 0..budget.get() {
            let round = self.trace.game().round();
            let Some(event) = self.trace.next() else {
                return Ok(Outcome::Done(()));
            };
            self.events += 1;
            (self.each)(&row(&self.trace, round, Some(event)))?;
        }
        Ok(Outcome::Exhausted {
            best: (),
            spent: self.events,
        })
    }

    fn spent(&self) -> u64 {
        self.events
    }
}

/// The row of `trace`'s game as it stands, after `event` of `round`.
fn row<const W: usize>(trace: &Trace<W>, round: u64, event: Option<Event>) -> Row {
    Row {
        round,
        event,
        a: spaced(trace.game().hand(Player::A)),
        b: spaced(trace.game().hand(Player::B)),
        pile: spaced(trace.game().pile()),
        owed: trace.game().owed(),
    }
}

/// Replays `deal` up to where `outcome` says the game stands and hands each
/// row to `each`, the deal first; holds one row at a time. The deadline and
/// Ctrl-C of `limits` cut it short (its step limit was the simulation's).
fn replay<const W: usize>(
    deal: &Deal<W>,
    outcome: GameOutcome,
    limits: &Limits,
    mut each: impl FnMut(&Row) -> CliResult,
) -> CliResult<Replayed> {
    let trace = Trace::new(deal, outcome);
    each(&row(&trace, 1, None))?;
    let mut replay = Replay {
        trace,
        each,
        events: 0,
    };
    let limits = Limits::until(limits.deadline);
    let (_, stop) = limits::drive(&mut replay, &limits, &Progress::hidden(), |_, _, _| {})?;
    Ok(match stop {
        None => Replayed::Whole,
        Some(stop) => {
            let game = replay.trace.game();
            Replayed::Cut {
                cards: game.cards(),
                tricks: game.tricks(),
                stop,
            }
        }
    })
}

/// The widths of the table's columns: event, A's hand, B's hand, pile.
#[derive(Clone, Copy)]
struct Widths {
    event: usize,
    a: usize,
    b: usize,
    pile: usize,
}

impl Widths {
    /// The header's widths.
    fn header() -> Self {
        Widths {
            event: HEADER.1.len(),
            a: HEADER.2.len(),
            b: HEADER.3.len(),
            pile: HEADER.4.len(),
        }
    }

    fn widen(&mut self, row: &Row) {
        self.event = self.event.max(row.words().len());
        self.a = self.a.max(row.a.len());
        self.b = self.b.max(row.b.len());
        self.pile = self.pile.max(row.pile.len());
    }
}

/// The table's header.
const HEADER: (&str, &str, &str, &str, &str, &str) =
    ("round", "event", "A's hand", "B's hand", "pile", "owed");

/// Traces `deal` under `limits`: the game is simulated first (sliced, with
/// the deadline and Ctrl-C), then replayed event by event; the last line is
/// the game's answer.
pub(crate) fn run(deal: &Deal<WIDE>, limits: &Limits, json: bool, io: &mut Io<'_>) -> CliResult {
    let (outcome, stop) = play(deal, limits, &Progress::hidden());
    let mut answer = Game::of(deal, &outcome, stop);
    // The deadline or Ctrl-C while the game was simulated: its answer so
    // far, no replay.
    if !matches!(
        stop,
        Some(Stop::Interrupt | Stop::Terminate | Stop::Seconds)
    ) {
        let _section = Interruptible::open();
        let replayed = match narrow(deal) {
            Some(deal) => stream(&deal, outcome, limits, json, io)?,
            None => stream(deal, outcome, limits, json, io)?,
        };
        if let Replayed::Cut {
            cards,
            tricks,
            stop,
        } = replayed
        {
            answer = Game {
                status: Status::Exhausted,
                cards,
                tricks,
                cycle: None,
                stopped_by: Some(stop),
                ..answer
            };
        }
    }
    output::emit(io, json, &answer)
}

/// Writes the trace of `deal` up to `outcome`: JSON records in one pass, or
/// the table in two.
fn stream<const W: usize>(
    deal: &Deal<W>,
    outcome: GameOutcome,
    limits: &Limits,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult<Replayed> {
    if json {
        return replay(deal, outcome, limits, |row| {
            write_json(io.out, &Record::of(row))
        });
    }
    let mut w = Widths::header();
    if let cut @ Replayed::Cut { .. } = replay(deal, outcome, limits, |row| {
        w.widen(row);
        Ok(())
    })? {
        return Ok(cut);
    }
    let Widths {
        event: we,
        a: wa,
        b: wb,
        pile: wp,
    } = w;
    let (round, event, ha, hb, pile, owed) = HEADER;
    writeln!(
        io.out,
        "{round:>5}  {event:<we$}  {ha:<wa$}  {hb:<wb$}  {pile:<wp$}  {owed}"
    )?;
    replay(deal, outcome, limits, |r| {
        writeln!(
            io.out,
            "{:>5}  {:<we$}  {:<wa$}  {:<wb$}  {:<wp$}  {}",
            r.round,
            r.words(),
            r.a,
            r.b,
            r.pile,
            r.owed
        )?;
        Ok(())
    })
}
