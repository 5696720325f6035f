//! `plateau camicia trace`: a game card by card, streamed.
//!
//! A trace can be longer than memory (a 988-card deal plays tens of thousands
//! of events, each with both hands), so nothing is kept: every event is
//! written as it is played. The text table aligns its columns to the widest
//! row, so the game (deterministic) is played twice: once to measure the
//! columns, once to print. JSON needs no widths: one pass, one record a line.

use plateau::camicia::{Deal, Event, Outcome, Player, Rank, Trace};
use serde::Serialize;

use super::{Game, WIDE, rounds_within};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::limits::Limits;
use crate::output::{self, write_json};
use crate::progress::Progress;

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

/// Plays `deal` for `max_rounds` rounds and hands each row to `each`, the
/// deal first; returns the outcome. Holds one row at a time.
fn replay<const W: usize>(
    deal: &Deal<W>,
    max_rounds: u64,
    mut each: impl FnMut(&Row) -> CliResult,
) -> CliResult<Outcome> {
    let mut trace = Trace::new(deal, plateau::Budget::new(max_rounds));
    let row = |trace: &Trace<W>, round: u64, event: Option<Event>| Row {
        round,
        event,
        a: spaced(trace.game().hand(Player::A)),
        b: spaced(trace.game().hand(Player::B)),
        pile: spaced(trace.game().pile()),
        owed: trace.game().owed(),
    };
    each(&row(&trace, 1, None))?;
    loop {
        let round = trace.game().round();
        let Some(event) = trace.next() else { break };
        each(&row(&trace, round, Some(event)))?;
    }
    Ok(trace.outcome())
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

/// Traces the deal `a`/`b` under `limits`: the game is played within the
/// rounds the time allows (`--seconds`), then replayed event by event.
pub(crate) fn run(
    a: &[Rank],
    b: &[Rank],
    limits: &Limits,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let ((_, max_rounds), stop) = rounds_within(a, b, limits, &Progress::hidden())?;
    let outcome = match Deal::<1>::from_hands(a, b) {
        Ok(deal) => stream(&deal, max_rounds, json, io)?,
        Err(_) => {
            let deal = Deal::<WIDE>::from_hands(a, b)
                .map_err(|e| CliError::new(format!("cannot trace this deal: {e}")))?;
            stream(&deal, max_rounds, json, io)?
        }
    };
    output::emit(io, json, &Game::of(outcome, stop))
}

/// Writes the trace of `deal`: JSON records in one pass, or the table in two.
fn stream<const W: usize>(
    deal: &Deal<W>,
    max_rounds: u64,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult<Outcome> {
    if json {
        return replay(deal, max_rounds, |row| write_json(io.out, &Record::of(row)));
    }
    let mut w = Widths::header();
    replay(deal, max_rounds, |row| {
        w.widen(row);
        Ok(())
    })?;
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
    replay(deal, max_rounds, |r| {
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
