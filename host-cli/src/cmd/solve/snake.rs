//! `plateau solve snake`: the snakes from head to tail that meet the row and
//! column counts.

use std::path::PathBuf;

use clap::Args;
use plateau::grid::{self, DepthFirst, Frame, Seek, Snake, Strategy, snake};

use super::margins::parse_limit;
use super::source_name;
use super::{Puzzle, SolutionsAnswer};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::input::{content_lines, read_text};
use crate::limits::{self, Budgets};
use crate::output::{self};
use crate::progress::Progress;

pub(super) const FORMAT: &str = "\
File format: four lines (blank lines and # comments skipped):
  rows 2 1 2     the snake's cells in each row, top to bottom (- = not given)
  cols 2 1 2     the snake's cells in each column, left to right (- = not given)
  head 1 1       row and column of the head (1-based)
  tail 3 3       row and column of the tail
At most 16 rows and 16 columns. The snake is one path of side-by-side cells from
head to tail that never touches itself, not even corner to corner (except where
it turns).

Example: plateau solve snake fixtures/snake/small.txt";

// The arguments of `plateau solve snake` (its help is the variant's).
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("max_steps", super::steps))]
pub(crate) struct SnakeArgs {
    /// The puzzle file (`-`: standard input).
    #[arg(default_value = "-")]
    file: PathBuf,
    /// Most solutions listed, up to 100000 (the count is exact unless the budget runs out).
    #[arg(long, default_value_t = 10, value_parser = parse_limit)]
    limit: usize,
    #[command(flatten)]
    budgets: Budgets,
}

/// Runs `plateau solve snake`.
pub(super) fn run(args: SnakeArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let text = read_text(Some(&args.file), io)?;
    let spec = parse_snake(&text, &source_name(&args.file))?;
    let at = |(row, col): (u8, u8)| grid::Cell::new(row, col);
    let puzzle = Snake::new(&spec.rows, &spec.cols, at(spec.head), at(spec.tail))?;
    let spinner = Progress::new(io, json, "snake", None);
    spinner.message("steps");
    let mut solutions = Vec::new();
    let keep = |s: &Snake| {
        if solutions.len() < args.limit {
            solutions.push(picture(s, &spec));
        }
    };
    // A frame per cell, plus one: the deepest path never needs more.
    let stack = vec![Frame::new(puzzle); puzzle.rows() * puzzle.cols() + 1];
    let mut search = DepthFirst::new_in(puzzle, Seek::All, stack);
    let (outcome, stop) = limits::drive(
        &mut search.visiting(keep),
        &args.budgets.limits(),
        &spinner,
        |_, _, _| {},
    )?;
    drop(spinner);
    let (status, count, _) = output::solutions(&outcome);
    let answer = SolutionsAnswer {
        puzzle: Puzzle::Snake,
        status,
        stopped_by: stop,
        count,
        solutions,
    };
    output::emit(io, json, &answer)
}

/// A parsed snake puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SnakeSpec {
    /// Counts per row (`None`: not given).
    rows: Vec<Option<u8>>,
    /// Counts per column.
    cols: Vec<Option<u8>>,
    /// Head (row, col), 0-based.
    head: (u8, u8),
    /// Tail (row, col), 0-based.
    tail: (u8, u8),
}

/// Reads the snake file format (see `plateau solve snake --help`).
fn parse_snake(text: &str, name: &str) -> CliResult<SnakeSpec> {
    let mut rows = None;
    let mut cols = None;
    let mut head = None;
    let mut tail = None;
    for (line, content) in content_lines(text) {
        let mut words = content.split_whitespace();
        let key = words.next().unwrap_or("");
        let values: Vec<&str> = words.collect();
        let err = |what: String| CliError::new(format!("{name}: line {line}: {what}"));
        match key {
            "rows" | "cols" => {
                let counts = values
                    .iter()
                    .map(|v| match *v {
                        "-" => Ok(None),
                        v => {
                            let most = u8::try_from(snake::MAX_SIDE).unwrap_or(u8::MAX);
                            crate::limits::number_in(v, 0, u64::from(most))
                                .map(|n| Some(u8::try_from(n).unwrap_or(most)))
                                .map_err(|why| {
                                    err(format!("'{}': {why} or -", crate::error::shorten(v)))
                                })
                        }
                    })
                    .collect::<CliResult<Vec<_>>>()?;
                if counts.is_empty() || counts.len() > snake::MAX_SIDE {
                    return Err(err(format!("{key} needs 1 to {} counts", snake::MAX_SIDE)));
                }
                let slot = if key == "rows" { &mut rows } else { &mut cols };
                if slot.replace(counts).is_some() {
                    return Err(err(format!("{key} is given twice")));
                }
            }
            "head" | "tail" => {
                let [r, c] = values.as_slice() else {
                    return Err(err(format!(
                        "{key} needs a row and a column, like '{key} 1 1'"
                    )));
                };
                let num = |v: &str| {
                    v.parse::<u8>()
                        .ok()
                        .filter(|&n| (1..=snake::MAX_SIDE).contains(&usize::from(n)))
                };
                let (Some(r), Some(c)) = (num(r), num(c)) else {
                    return Err(err(format!(
                        "{key} needs a row and a column from 1 to {}",
                        snake::MAX_SIDE
                    )));
                };
                let slot = if key == "head" { &mut head } else { &mut tail };
                if slot.replace((r - 1, c - 1)).is_some() {
                    return Err(err(format!("{key} is given twice")));
                }
            }
            other => {
                return Err(err(format!(
                    "'{}' is not rows, cols, head or tail",
                    crate::error::shorten(other)
                )));
            }
        }
    }
    let missing = |what: &str| CliError::new(format!("{name}: no '{what}' line"));
    let spec = SnakeSpec {
        rows: rows.ok_or_else(|| missing("rows"))?,
        cols: cols.ok_or_else(|| missing("cols"))?,
        head: head.ok_or_else(|| missing("head"))?,
        tail: tail.ok_or_else(|| missing("tail"))?,
    };
    // At most MAX_SIDE (16) counts each: the lengths fit a u8.
    let (h, w) = (spec.rows.len() as u8, spec.cols.len() as u8);
    for (what, (r, c)) in [("head", spec.head), ("tail", spec.tail)] {
        if r >= h || c >= w {
            return Err(CliError::new(format!(
                "{name}: the {what} ({}, {}) is outside the {h}×{w} grid",
                r + 1,
                c + 1
            )));
        }
    }
    for (what, counts, width) in [("row", &spec.rows, w), ("column", &spec.cols, h)] {
        if let Some((i, n)) = counts
            .iter()
            .enumerate()
            .find_map(|(i, n)| n.filter(|&n| n > width).map(|n| (i, n)))
        {
            return Err(CliError::new(format!(
                "{name}: {what} {} counts {n} cells but has only {width}",
                i + 1
            )));
        }
    }
    Ok(spec)
}

/// Draws a snake: `H` head, `T` tail, `#` body, `.` empty.
fn picture(s: &Snake, spec: &SnakeSpec) -> Vec<String> {
    (0..s.rows())
        .map(|r| {
            (0..s.cols())
                .map(|c| {
                    let at = (r as u8, c as u8);
                    if at == spec.head {
                        'H'
                    } else if at == spec.tail {
                        'T'
                    } else if s.is_body(grid::Cell::new(r as u8, c as u8)) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}
