//! Typed answers, rendered as text or JSON in one place.
//!
//! Every command builds one [`Answer`] per result (a struct deriving
//! `Serialize`, its keys in field order) and hands it to [`emit`]: with
//! `--json` it becomes one JSON object on one line, otherwise the answer writes
//! its own text. No command writes JSON by hand.
//!
//! The shared vocabulary (docs/cli.md): every answer has a `status`
//! ([`Status`]); a count is the core's `search::Count`, serialized by [`count`] (`count` plus `complete`); a grid cell
//! is a [`Cell`] (`{"row":…,"col":…}`, 1-based); a search that ran out says
//! what stopped it ([`Stop`]); seconds are [`Seconds`] (to the millisecond).

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use plateau::camicia::{self, GameOutcome};
use plateau::grid::GridOutcome;
use plateau::search;
use serde::{Deserialize, Serialize, Serializer};

use crate::progress::Signal;
use crate::{CliResult, Io};

/// One result of a command: serialized for `--json`, written as text otherwise.
pub(crate) trait Answer: Serialize {
    /// Writes the answer for people, ending with a newline.
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// Prints `answer` as one JSON line or as its text.
pub(crate) fn emit(io: &mut Io<'_>, json: bool, answer: &impl Answer) -> CliResult {
    emit_to(io.out, json, answer)
}

/// The last line of a batch (`camicia --batch`, a file of sudokus) that
/// a signal ended early: how many of its lines were not played, from which
/// line. So a batch cut short never looks like a whole one.
#[derive(Serialize)]
pub(crate) struct Unplayed {
    /// `exhausted`.
    status: Status,
    /// `interrupt` or `terminate`.
    stopped_by: Stop,
    /// The first line not played.
    line: usize,
    /// How many lines were not played, from that one on.
    not_played: u64,
}

impl Unplayed {
    /// The lines from `line` on, `not_played` of them, that `signal` skipped.
    pub(crate) fn new(signal: Signal, line: usize, not_played: u64) -> Self {
        Unplayed {
            status: Status::Exhausted,
            stopped_by: Stop::of(signal),
            line,
            not_played,
        }
    }
}

impl Answer for Unplayed {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = if self.not_played == 1 { "" } else { "s" };
        writeln!(
            out,
            "stopped by {}: {} line{s} not played, from line {}",
            self.stopped_by.flag(),
            self.not_played,
            self.line
        )
    }
}

/// Prints `answer` as [`emit`] does, to `out` (a file, a buffer).
pub(crate) fn emit_to(out: &mut dyn Write, json: bool, answer: &impl Answer) -> CliResult {
    if json {
        write_json(out, answer)
    } else {
        answer.write_text(out)?;
        Ok(())
    }
}

/// Lines a command streams as it finds them, written by a thread of their
/// own ([`with_outbox`]): a reader that stops reading (a pager, a full
/// pipe) never holds up the work, so its deadline, Ctrl-C and checkpoints go
/// on. What waits to be written is what the command found and would have
/// printed anyway.
pub(crate) struct Outbox<'a> {
    to_writer: mpsc::Sender<Vec<u8>>,
    stopped: &'a AtomicBool,
}

impl Outbox<'_> {
    /// Queues lines already rendered (as text or JSON, by [`emit_to`] or a
    /// record's writer, which seals them); dropped once the writer has
    /// stopped ([`Self::open`]).
    pub(crate) fn send(&self, bytes: Vec<u8>) {
        // A writer that has stopped has said so in `stopped` first.
        let _ = self.to_writer.send(bytes);
    }

    /// Whether the writer still writes: `false` once it has stopped on an
    /// error, or found the reader gone while it waited for lines.
    pub(crate) fn open(&self) -> bool {
        !self.stopped.load(Ordering::Acquire)
    }
}

/// Writes the queued lines to `out` until the queue closes; while it waits,
/// asks `reader_gone` every [`READER_CHECK`], a gone reader being a broken pipe.
fn write_lines(
    lines: &mpsc::Receiver<Vec<u8>>,
    out: &mut (dyn Write + Send),
    reader_gone: Option<fn() -> bool>,
) -> io::Result<()> {
    loop {
        match lines.recv_timeout(READER_CHECK) {
            Ok(bytes) => {
                out.write_all(&bytes)?;
                // Each line as it comes: the reader sees the work go on.
                out.flush()?;
            }
            Err(RecvTimeoutError::Timeout) => {
                if reader_gone.is_some_and(|gone| gone()) {
                    return Err(io::Error::from(io::ErrorKind::BrokenPipe));
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
    }
}

/// How often a writer with nothing to write asks whether its reader has gone.
const READER_CHECK: Duration = Duration::from_millis(50);

/// Runs `work` with an [`Outbox`] whose lines a thread writes to `out`, in
/// order; returns when they are all written: `work`'s error first, then the
/// writer's. While it waits for lines, the writer asks `reader_gone` every
/// 50 ms, and stops as on a broken pipe if it says so.
pub(crate) fn with_outbox<R>(
    out: &mut (dyn Write + Send),
    reader_gone: Option<fn() -> bool>,
    work: impl FnOnce(&Outbox) -> CliResult<R>,
) -> CliResult<R> {
    let stopped = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (to_writer, lines) = mpsc::channel::<Vec<u8>>();
        let stopped = &stopped;
        let writer = scope.spawn(move || {
            let written = write_lines(&lines, out, reader_gone);
            if written.is_err() {
                stopped.store(true, Ordering::Release);
            }
            written
        });
        let done = work(&Outbox { to_writer, stopped });
        // (The outbox is gone: the writer ends once the queue is written.)
        let written = writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread failed")));
        let value = done?;
        written?;
        Ok(value)
    })
}

/// Writes any serializable value as one JSON line (for streams of records,
/// such as a trace's events, that are not answers themselves).
pub(crate) fn write_json(out: &mut dyn Write, value: &impl Serialize) -> CliResult {
    serde_json::to_writer(&mut *out, value).map_err(|e| match e.io_error_kind() {
        Some(kind) => io::Error::from(kind).into(),
        None => crate::CliError::new(format!("cannot write JSON: {e}")),
    })?;
    writeln!(out)?;
    Ok(())
}

/// How a command's answer stands: the `status` key of every JSON answer
/// (read back too: `camicia merge` reads hunts' reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    /// The answer was computed (a lookup, a packed score, a trail, a tour).
    Found,
    /// Exactly one solution exists.
    Unique,
    /// More than one solution exists (see the answer's `count`).
    Multiple,
    /// There is no solution, no tour, no claim: an answer, not an error.
    None,
    /// The game loops forever (Camicia).
    Loop,
    /// The game ends (Camicia).
    Finished,
    /// A budget (`--max-steps`, `--seconds`) or Ctrl-C stopped the work first;
    /// what the answer holds is the best so far, and no count in it is exact.
    Exhausted,
}

impl Status {
    /// The status as the JSON spells it.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Found => "found",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Loop => "loop",
            Status::Finished => "finished",
            Status::Exhausted => "exhausted",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What stopped a search before it ended on its own: the `stopped_by` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Stop {
    /// `--max-steps` ran out.
    #[serde(rename = "max-steps")]
    MaxSteps,
    /// `--seconds` ran out.
    #[serde(rename = "seconds")]
    Seconds,
    /// The user pressed Ctrl-C (SIGINT).
    #[serde(rename = "interrupt")]
    Interrupt,
    /// SIGTERM: a scheduler's time limit or preemption, or `kill`.
    #[serde(rename = "terminate")]
    Terminate,
}

impl Stop {
    /// Names the stop for text output: the flag, "Ctrl-C" or "SIGTERM".
    pub(crate) fn flag(self) -> &'static str {
        match self {
            Stop::MaxSteps => "--max-steps",
            Stop::Seconds => "--seconds",
            Stop::Interrupt => "Ctrl-C",
            Stop::Terminate => "SIGTERM",
        }
    }

    /// The stop a signal makes.
    pub(crate) fn of(signal: Signal) -> Stop {
        match signal {
            Signal::Interrupt => Stop::Interrupt,
            Signal::Terminate => Stop::Terminate,
        }
    }

    /// The signal of a stop by a signal.
    pub(crate) fn signal(self) -> Option<Signal> {
        match self {
            Stop::Interrupt => Some(Signal::Interrupt),
            Stop::Terminate => Some(Signal::Terminate),
            Stop::MaxSteps | Stop::Seconds => None,
        }
    }
}

/// Serializes the core's count (`search::Count`) flat into its answer, with
/// `#[serde(flatten, serialize_with = "output::count")]`: `"count":N,
/// "complete":true|false` (complete: exact, the search ended on its own).
/// Its text, `N` or `at least N`, is the core's `Display`.
pub(crate) fn count<S: serde::Serializer>(c: &search::Count, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut st = s.serialize_struct("Count", 2)?;
    st.serialize_field("count", &c.at_least)?;
    st.serialize_field("complete", &c.exact)?;
    st.end()
}

/// The status, the count and the first solution of a grid search's outcome:
/// `unique` or `multiple` when done (the count exact unless the search
/// stopped at what it sought), `none`, or `exhausted` with the solutions
/// found so far (at least).
pub(crate) fn solutions<P>(outcome: &GridOutcome<P>) -> (Status, search::Count, Option<&P>) {
    match outcome {
        search::Outcome::Done(found) => {
            let status = if found.is_unique() {
                Status::Unique
            } else {
                Status::Multiple
            };
            (status, found.count, Some(&found.first))
        }
        search::Outcome::NoSolution(()) => (Status::None, search::Count::exactly(0), None),
        search::Outcome::Exhausted { best, .. } => match best {
            Some(found) => (Status::Exhausted, found.count, Some(&found.first)),
            None => (Status::Exhausted, search::Count::at_least(0), None),
        },
    }
}

/// The status, cards and tricks of a Camicia game's outcome: `finished` or
/// `loop` when done, `exhausted` with what it played when the rounds ran out.
pub(crate) fn game(outcome: &GameOutcome) -> (Status, u64, u64) {
    match *outcome {
        search::Outcome::Done(end) => {
            let status = match end.status {
                camicia::Status::Finished => Status::Finished,
                camicia::Status::Loop => Status::Loop,
            };
            (status, end.cards, end.tricks)
        }
        search::Outcome::Exhausted { best, .. } => (Status::Exhausted, best.cards, best.tricks),
        search::Outcome::NoSolution(never) => match never {},
    }
}

/// A cell of a grid or board, 1-based, as `{"row":R,"col":C}` everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Cell {
    /// Row, counted from 1 at the top.
    pub(crate) row: usize,
    /// Column, counted from 1 at the left.
    pub(crate) col: usize,
}

/// A duration in seconds, serialized to the millisecond (`0.12`, not
/// `0.12000000000000001`) and printed with two decimals in text.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Seconds(pub(crate) f64);

impl Serialize for Seconds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64((self.0 * 1000.0).round() / 1000.0)
    }
}

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Example {
        status: Status,
        #[serde(flatten, serialize_with = "count")]
        count: search::Count,
        cell: Cell,
        stopped_by: Option<Stop>,
        seconds: Seconds,
    }

    #[test]
    fn keys_come_in_field_order_and_numbers_stay_short() {
        let e = Example {
            status: Status::Exhausted,
            count: search::Count::at_least(7),
            cell: Cell { row: 1, col: 2 },
            stopped_by: Some(Stop::MaxSteps),
            seconds: Seconds(0.1 + 0.02),
        };
        assert_eq!(
            serde_json::to_string(&e).ok().as_deref(),
            Some(
                r#"{"status":"exhausted","count":7,"complete":false,"cell":{"row":1,"col":2},"stopped_by":"max-steps","seconds":0.12}"#
            )
        );
    }

    #[test]
    fn a_cut_count_reads_at_least() {
        assert_eq!(search::Count::at_least(5).to_string(), "at least 5");
        assert_eq!(search::Count::exactly(5).to_string(), "5");
    }
}
