//! `plateau solve`: brute-force grid puzzles (sudoku, margins, minesweeper, snake).
//!
//! One file per puzzle: its notation, its search under the budget flags and
//! its typed answer. This module holds the command line and what the four
//! share: the input's name, the words for what stopped a search, and the
//! answer of the searches that list solutions ([`SolutionsAnswer`]).

use std::io::{self, Write};

use clap::{Subcommand, ValueEnum};
use plateau::search;
use serde::Serialize;

use crate::Io;
use crate::error::CliResult;
use crate::output::{self, Answer, Status, Stop};

mod margins;
mod minesweeper;
mod snake;
mod sudoku;

/// The default `--max-steps` of every grid command: about ten seconds of
/// search at most, on this kind of machine, for the slowest of them.
const DEFAULT_STEPS: &str = "10000000";

/// `--max-steps` of a grid command: its unit and its default.
pub(crate) fn steps(arg: clap::Arg) -> clap::Arg {
    arg.default_value(DEFAULT_STEPS).help(
        "Search steps (nodes expanded) allowed: the answer is then what was found so far, marked as exhausted",
    )
}

/// `--max-steps` of `solve sudoku`: per puzzle.
pub(crate) fn steps_per_puzzle(arg: clap::Arg) -> clap::Arg {
    steps(arg).help(
        "Search steps (nodes expanded) allowed per puzzle: the answer is then what was found so far, marked as exhausted",
    )
}

/// Brute-force grid puzzles.
#[derive(Subcommand, Debug)]
pub(crate) enum SolveCommand {
    /// Solve sudokus, one per line (81 characters; 16 or 36 for 4×4 or 6×6).
    #[command(after_help = sudoku::AFTER_HELP)]
    Sudoku(sudoku::SudokuArgs),
    /// Paint cells black so that every row and column has its count of black cells.
    #[command(after_help = margins::AFTER_HELP)]
    Margins(margins::MarginsArgs),
    /// Find the squares that are a mine (or safe) in every layout that fits the numbers.
    #[command(after_help = minesweeper::FORMAT)]
    Minesweeper(minesweeper::MinesweeperArgs),
    /// Find the snake from head to tail that meets the row and column counts.
    #[command(after_help = snake::FORMAT)]
    Snake(snake::SnakeArgs),
}

/// How to walk the tree of partial grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Walk {
    /// Breadth-first, with a queue.
    Bfs,
    /// Depth-first, with a stack.
    Dfs,
}

/// Runs a `plateau solve` command.
pub(crate) fn run(cmd: SolveCommand, json: bool, io: &mut Io<'_>) -> CliResult {
    match cmd {
        SolveCommand::Sudoku(args) => sudoku::run(args, json, io),
        SolveCommand::Margins(args) => margins::run(args, json, io),
        SolveCommand::Minesweeper(args) => minesweeper::run(args, json, io),
        SolveCommand::Snake(args) => snake::run(args, json, io),
    }
}

/// Names an input file in messages: its path, or `standard input` for `-`.
fn source_name(path: &std::path::Path) -> String {
    if path == std::path::Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// Says what stopped a search, for text answers: "the step budget ran out",
/// "the time (--seconds) ran out", "Ctrl-C stopped the search" or "SIGTERM
/// stopped the search".
fn ran_out(stop: Option<Stop>) -> &'static str {
    match stop {
        Some(Stop::Seconds) => "the time (--seconds) ran out",
        Some(Stop::Interrupt) => "Ctrl-C stopped the search",
        Some(Stop::Terminate) => "SIGTERM stopped the search",
        Some(Stop::MaxSteps) | None => "the step budget ran out",
    }
}

/// The puzzle a [`SolutionsAnswer`] solves: its words in text.
#[derive(Clone, Copy)]
enum Puzzle {
    Margins,
    Snake,
}

/// The answer of a search that lists its solutions (`solve margins`,
/// `solve snake`).
#[derive(Serialize)]
struct SolutionsAnswer {
    #[serde(skip)]
    puzzle: Puzzle,
    /// `none`, `unique`, `multiple` or `exhausted`.
    status: Status,
    /// What stopped the search, when `exhausted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    /// Solutions: exact when complete.
    #[serde(flatten, serialize_with = "output::count")]
    count: search::Count,
    /// The first `--limit` solutions, as rows of text (margins: `#` black,
    /// `.` white; snake: `H` head, `T` tail, `#` body, `.` empty).
    solutions: Vec<Vec<String>>,
}

impl Answer for SolutionsAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let one = self.count.at_least == 1;
        let name = match self.puzzle {
            Puzzle::Margins => {
                let noun = if one { "solution" } else { "solutions" };
                if self.count.exact {
                    writeln!(out, "{} {noun}", self.count)?;
                } else {
                    writeln!(
                        out,
                        "{} {noun} found before {}",
                        self.count,
                        ran_out(self.stopped_by)
                    )?;
                }
                "solution"
            }
            Puzzle::Snake => {
                match self.status {
                    Status::Exhausted => writeln!(
                        out,
                        "exhausted: {} snakes found before {}",
                        self.count,
                        ran_out(self.stopped_by)
                    )?,
                    Status::None => writeln!(out, "none: no snake fits")?,
                    s => writeln!(
                        out,
                        "{s}: {} {}",
                        self.count,
                        if one { "snake" } else { "snakes" }
                    )?,
                }
                "snake"
            }
        };
        for (i, grid) in self.solutions.iter().enumerate() {
            writeln!(out)?;
            writeln!(out, "{name} {}", i + 1)?;
            for row in grid {
                writeln!(out, "{row}")?;
            }
        }
        Ok(())
    }
}
