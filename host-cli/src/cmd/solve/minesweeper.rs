//! `plateau solve minesweeper`: the squares that are a mine, or safe, in every
//! layout of mines that fits the numbers.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use plateau::grid::{self, Minefield, Survey, SurveySearch, minesweeper, minesweeper::Tile};
use plateau::search;
use plateau::search::Outcome;
use serde::Serialize;

use super::{ran_out, source_name};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::input::{content_lines, read_text};
use crate::limits::{self, Budgets};
use crate::output::{self, Answer, Cell, Status, Stop};
use crate::progress::Progress;

pub(super) const FORMAT: &str = "\
File format: one board row per line, all rows the same width (at most 32):
  ?    a hidden square
  *    a flagged mine
  0-8  a revealed number ('.' is a revealed 0)
An optional line `mines N` (before or after the board) gives the total number of mines.
Blank lines and lines starting with # are skipped.

Output marks every hidden square: M a mine in every layout, S safe in every layout,
? undecided; then how many layouts put a mine on each square next to a number.

Example: plateau solve minesweeper fixtures/minesweeper/corner.txt";

// The arguments of `plateau solve minesweeper` (its help is the variant's).
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("max_steps", super::steps))]
pub(crate) struct MinesweeperArgs {
    /// The board file (`-`: standard input).
    #[arg(default_value = "-")]
    file: PathBuf,
    #[command(flatten)]
    budgets: Budgets,
}

/// Runs `plateau solve minesweeper`.
pub(super) fn run(args: MinesweeperArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let text = read_text(Some(&args.file), io)?;
    let board = parse_board(&text, &source_name(&args.file))?;
    let width = board.width.max(1);
    let height = board.squares.len() / width;
    let field = Minefield::new(board.width, height, &board.squares, board.total)?;
    let spinner = Progress::new(io, json, "minesweeper", None);
    spinner.message("steps");
    // The frames (about 6 KiB) on the heap, inside the search.
    let mut search = Box::new(SurveySearch::new(&field));
    let Ok((outcome, stop)) =
        limits::drive(&mut *search, &args.budgets.limits(), &spinner, |_, _, _| {});
    drop(spinner);
    let mut answer = answer(&board, &field, &outcome);
    answer.stopped_by = stop;
    output::emit(io, json, &answer)
}

/// A parsed minesweeper board.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    /// Squares per row.
    width: usize,
    /// The squares, row by row.
    squares: Vec<Tile>,
    /// The total number of mines, if given.
    total: Option<u16>,
}

/// Reads the minesweeper file format (see `plateau solve minesweeper --help`).
fn parse_board(text: &str, name: &str) -> CliResult<Board> {
    let mut squares = Vec::new();
    let mut width = None;
    let mut total = None;
    let mut rows = 0usize;
    for (line, content) in content_lines(text) {
        if let Some(rest) = content.strip_prefix("mines") {
            let n = rest.trim();
            if total.is_some() {
                return Err(CliError::new(format!(
                    "{name}: line {line}: the total of mines is given twice"
                )));
            }
            total = Some(n.parse::<u16>().map_err(|_| {
                CliError::new(format!(
                    "{name}: line {line}: 'mines {}' needs a whole number from 0 to 65535",
                    crate::error::shorten(n)
                ))
            })?);
            continue;
        }
        let chars: Vec<char> = content.chars().collect();
        match width {
            None => width = Some(chars.len()),
            Some(w) if w != chars.len() => {
                return Err(CliError::new(format!(
                    "{name}: line {line}: {} squares but the first row has {w}",
                    chars.len()
                )));
            }
            Some(_) => {}
        }
        if chars.len() > minesweeper::MAX_SIDE {
            return Err(CliError::new(format!(
                "{name}: line {line}: more than {} squares in a row",
                minesweeper::MAX_SIDE
            )));
        }
        for (col, ch) in chars.iter().enumerate() {
            let sq = match ch {
                '?' => Tile::Hidden,
                '*' => Tile::Mine,
                '.' => Tile::Number(0),
                c => match c.to_digit(10) {
                    Some(d) if d <= u32::from(minesweeper::MAX_NUMBER) => Tile::Number(d as u8),
                    _ => {
                        return Err(CliError::new(format!(
                            "{name}: line {line}, column {}: '{}' is not ?, *, . or a number from 0 to {}",
                            col + 1,
                            crate::error::shorten(&c.to_string()),
                            minesweeper::MAX_NUMBER
                        )));
                    }
                },
            };
            squares.push(sq);
        }
        rows += 1;
        if rows > minesweeper::MAX_SIDE {
            return Err(CliError::new(format!(
                "{name}: line {line}: more than {} rows",
                minesweeper::MAX_SIDE
            )));
        }
    }
    let Some(width) = width else {
        return Err(CliError::new(format!(
            "{name}: no board (expected rows of ?, *, . and 0-8)"
        )));
    };
    Ok(Board {
        width,
        squares,
        total,
    })
}

/// What the survey says about every square: `{"status", "stopped_by"?,
/// "count", "complete", "board", "mines", "safe", "frequencies"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct MinefieldAnswer {
    /// `found`, `none` (no layout fits) or `exhausted` (nothing decided).
    status: Status,
    /// What stopped the survey, when `exhausted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    /// Layouts of the squares next to numbers that fit: exact when complete.
    #[serde(flatten, serialize_with = "output::count")]
    layouts: search::Count,
    /// The board with hidden squares marked `M`, `S` or `?`.
    board: Vec<String>,
    /// The squares that are a mine in every layout.
    mines: Vec<Cell>,
    /// The squares that are safe in every layout.
    safe: Vec<Cell>,
    /// The squares next to numbers, with the layouts that put a mine there.
    frequencies: Vec<Frequency>,
}

/// A square next to a number and how many layouts put a mine on it:
/// `{"row", "col", "mine_layouts"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
struct Frequency {
    #[serde(flatten)]
    cell: Cell,
    /// Layouts with a mine on this square.
    mine_layouts: u64,
}

impl Answer for MinefieldAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.status {
            Status::Exhausted => {
                return writeln!(
                    out,
                    "exhausted: {} before every layout was seen",
                    ran_out(self.stopped_by)
                );
            }
            Status::None => return writeln!(out, "no layout of mines fits the numbers"),
            _ => {}
        }
        let layouts = self.layouts.at_least;
        let noun = if layouts == 1 { "layout" } else { "layouts" };
        writeln!(out, "{layouts} {noun} of the squares next to numbers fit")?;
        for row in &self.board {
            writeln!(out, "{row}")?;
        }
        writeln!(
            out,
            "M: a mine in every layout, S: safe in every layout, ?: undecided"
        )?;
        for f in &self.frequencies {
            writeln!(
                out,
                "row {} col {}: mine in {} of {layouts} ({:.1}%)",
                f.cell.row,
                f.cell.col,
                f.mine_layouts,
                100.0 * f.mine_layouts as f64 / layouts as f64
            )?;
        }
        Ok(())
    }
}

/// The 1-based cell of a core cell.
fn cell(c: grid::Cell) -> Cell {
    Cell {
        row: usize::from(c.row) + 1,
        col: usize::from(c.col) + 1,
    }
}

/// The answer for a survey's outcome: every hidden square marked when done,
/// none when no layout fits (each square next to a number in no layout),
/// the board as given when the budget ran out (nothing is decided).
fn answer(
    board: &Board,
    field: &Minefield,
    outcome: &Outcome<Survey, (), plateau::search::Count>,
) -> MinefieldAnswer {
    let (status, layouts, survey) = match outcome {
        Outcome::Done(survey) => (
            Status::Found,
            search::Count::exactly(survey.layouts()),
            Some(survey),
        ),
        Outcome::NoSolution(()) => (Status::None, search::Count::exactly(0), None),
        Outcome::Exhausted { best, .. } => {
            return MinefieldAnswer {
                status: Status::Exhausted,
                stopped_by: None,
                layouts: *best,
                board: marked(board, |_| None),
                mines: Vec::new(),
                safe: Vec::new(),
                frequencies: Vec::new(),
            };
        }
    };
    let frequencies = match survey {
        Some(survey) => survey
            .mine_counts()
            .map(|(c, m)| Frequency {
                cell: cell(c),
                mine_layouts: m,
            })
            .collect(),
        None => field
            .frontier()
            .map(|c| Frequency {
                cell: cell(c),
                mine_layouts: 0,
            })
            .collect(),
    };
    let frontier: BTreeSet<grid::Cell> = field.frontier().collect();
    let forced = |at: grid::Cell| {
        let survey = survey?;
        if frontier.contains(&at) {
            survey.forced(at)
        } else {
            survey.interior_forced()
        }
    };
    let w = board.width.max(1);
    let (mut mines, mut safe) = (Vec::new(), Vec::new());
    for (i, &sq) in board.squares.iter().enumerate() {
        // The board is at most MAX_SIDE squares either way: both fit a u8.
        let at = grid::Cell::new((i / w) as u8, (i % w) as u8);
        if sq == Tile::Hidden {
            match forced(at) {
                Some(true) => mines.push(cell(at)),
                Some(false) => safe.push(cell(at)),
                None => {}
            }
        }
    }
    MinefieldAnswer {
        status,
        stopped_by: None,
        layouts,
        board: marked(board, forced),
        mines,
        safe,
        frequencies,
    }
}

/// The board's rows, each hidden square marked `M` (a mine in every layout,
/// `forced` says `Some(true)`), `S` (safe in every layout) or `?`.
fn marked(board: &Board, forced: impl Fn(grid::Cell) -> Option<bool>) -> Vec<String> {
    let w = board.width.max(1);
    board
        .squares
        .chunks(w)
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, &sq)| {
                    let mark = match forced(grid::Cell::new(r as u8, c as u8)) {
                        Some(true) => 'M',
                        Some(false) => 'S',
                        None => '?',
                    };
                    square(sq, mark)
                })
                .collect()
        })
        .collect()
}

/// The character of a square, `hidden` for a hidden one.
fn square(sq: Tile, hidden: char) -> char {
    match sq {
        Tile::Mine => '*',
        Tile::Number(n) => char::from(b'0' + n),
        Tile::Hidden => hidden,
    }
}
