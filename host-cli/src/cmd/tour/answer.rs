//! The answers of `plateau tour`: a tour (or why there is none, or how far
//! the search got), and a count of tours.

use std::io::{self, Write};

use plateau::search;
use plateau::tour::{Board, NoTour, Square, TourKind};
use serde::{Serialize, Serializer};

use super::draw::grid;
use super::notation::name;
use crate::output::{self, Answer, Cell, Status, Stop};

/// Largest board printed square by square; larger boards get a one-line summary.
const MAX_PRINTED_SIDE: u16 = 26;

/// A square as a cell: the row is the rank (1 at the bottom, like a1), the
/// column the file (1 for a).
fn cell(s: Square) -> Cell {
    Cell {
        row: usize::from(s.y) + 1,
        col: usize::from(s.x) + 1,
    }
}

/// The squares of a tour, serialized one cell at a time (a 50-million-square
/// tour is never copied).
pub(super) struct Path<'a>(&'a [Square]);

impl Serialize for Path<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|&q| cell(q)))
    }
}

/// What a search is about: the board, the start and the kind of tour.
#[derive(Clone, Copy, Debug)]
pub(super) struct Request {
    pub(super) board: Board,
    pub(super) start: Square,
    pub(super) kind: TourKind,
}

impl Request {
    /// "open knight's tour of 5x5 from a1 (0,0)".
    fn title(self) -> String {
        format!(
            "{} knight's tour of {}x{} from {}",
            self.kind_word(),
            self.board.width(),
            self.board.height(),
            name(self.start)
        )
    }

    fn kind_word(self) -> &'static str {
        match self.kind {
            TourKind::Open => "open",
            TourKind::Closed => "closed",
        }
    }
}

/// How one stop reads in text: what ran out, and the flag to raise.
fn ran_out(stop: Stop) -> String {
    match stop {
        Stop::MaxSteps => "the step budget ran out".to_string(),
        Stop::Seconds => "the time ran out".to_string(),
        Stop::Interrupt | Stop::Terminate => format!("{} stopped the search", stop.flag()),
    }
}

/// The advice after a stop, if a flag can help.
fn advice(stop: Stop) -> String {
    match stop {
        Stop::MaxSteps | Stop::Seconds => format!("; try a larger {}", stop.flag()),
        Stop::Interrupt | Stop::Terminate => String::new(),
    }
}

/// The answer of `plateau tour`: `found` with the squares, `none` with the
/// reason, or `exhausted` with what stopped the search and how far it got.
#[derive(Serialize)]
pub(super) struct TourAnswer<'a> {
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    width: u16,
    height: u16,
    closed: bool,
    start: Cell,
    #[serde(skip_serializing_if = "Option::is_none")]
    squares: Option<Path<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    visited: Option<u64>,
    #[serde(skip)]
    request: Request,
}

impl<'a> TourAnswer<'a> {
    fn new(request: Request, status: Status) -> Self {
        TourAnswer {
            status,
            stopped_by: None,
            width: request.board.width(),
            height: request.board.height(),
            closed: request.kind == TourKind::Closed,
            start: cell(request.start),
            squares: None,
            reason: None,
            visited: None,
            request,
        }
    }

    /// A tour, checked.
    pub(super) fn found(request: Request, squares: &'a [Square]) -> Self {
        TourAnswer {
            squares: Some(Path(squares)),
            ..TourAnswer::new(request, Status::Found)
        }
    }

    /// No tour exists, for this reason.
    pub(super) fn none(request: Request, why: NoTour) -> Self {
        TourAnswer {
            reason: Some(why.reason()),
            ..TourAnswer::new(request, Status::None)
        }
    }

    /// The search stopped first; its longest partial tour had `visited` squares.
    pub(super) fn exhausted(request: Request, stop: Stop, visited: u64) -> Self {
        TourAnswer {
            stopped_by: Some(stop),
            visited: Some(visited),
            ..TourAnswer::new(request, Status::Exhausted)
        }
    }
}

impl Answer for TourAnswer<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let title = self.request.title();
        if let Some(Path(squares)) = self.squares {
            let last = squares.last().copied().unwrap_or(self.request.start);
            writeln!(
                out,
                "{title}: found, {} squares, ends on {} (checked)",
                squares.len(),
                name(last)
            )?;
            let board = self.request.board;
            if board.width() <= MAX_PRINTED_SIDE && board.height() <= MAX_PRINTED_SIDE {
                write!(out, "{}", grid(board, squares))?;
            }
        } else if let Some(reason) = self.reason {
            writeln!(out, "{title}: none, {reason}")?;
        } else if let Some(stop) = self.stopped_by {
            writeln!(
                out,
                "{title}: exhausted, {} (longest partial tour {} squares){}",
                ran_out(stop),
                self.visited.unwrap_or(0),
                advice(stop)
            )?;
        }
        Ok(())
    }
}

/// The answer of `plateau tour --count`: how many directed tours start on
/// the square; `none`, `unique` or `multiple` when counted to the end,
/// `exhausted` (a lower bound) when a limit stopped the count.
#[derive(Serialize)]
pub(super) struct CountAnswer {
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    width: u16,
    height: u16,
    closed: bool,
    start: Cell,
    #[serde(flatten, serialize_with = "output::count")]
    count: search::Count,
    #[serde(skip)]
    request: Request,
}

impl CountAnswer {
    /// The count: exact, or (cut short by `stop`) a lower bound.
    pub(super) fn new(request: Request, counted: search::Count, stop: Option<Stop>) -> Self {
        let status = match (counted.exact, counted.at_least) {
            (false, _) => Status::Exhausted,
            (true, 0) => Status::None,
            (true, 1) => Status::Unique,
            (true, _) => Status::Multiple,
        };
        let count = counted;
        CountAnswer {
            status,
            stopped_by: stop,
            width: request.board.width(),
            height: request.board.height(),
            closed: request.kind == TourKind::Closed,
            start: cell(request.start),
            count,
            request,
        }
    }
}

impl Answer for CountAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let r = self.request;
        write!(
            out,
            "directed {} knight's tours of {}x{} from {}: {}",
            r.kind_word(),
            r.board.width(),
            r.board.height(),
            name(r.start),
            self.count
        )?;
        match self.stopped_by {
            Some(stop) => writeln!(out, " (exhausted, {}{})", ran_out(stop), advice(stop)),
            None => writeln!(out),
        }
    }
}
