//! `plateau solve sudoku`: one puzzle per line, each solved (or counted) and
//! answered with its line number.
//!
//! A file is read and every line validated before the first search, so a bad
//! line is one `error:` and no answers. `--seconds` bounds the whole file: the
//! puzzles not solved by then are `exhausted`. Ctrl-C answers the puzzle being
//! searched as `exhausted` (stopped by `interrupt`) and ends the batch there.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use plateau::grid::{
    self, DepthFirst, Frame, Seek, Shape, Sudoku, SudokuError, SudokuSearch, SudokuStack,
};
use plateau::search;
use serde::Serialize;

use super::{ran_out, source_name};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::input::{content_lines, read_text};
use crate::limits::{self, Budgets, Limits};
use crate::output::{self, Answer, Status, Stop};
use crate::progress::{self, Interruptible, Progress};

pub(super) const AFTER_HELP: &str = "\
Each puzzle is one line of digits, '.' or '0' for a blank; blank lines and # comments
are skipped. The status is unique, multiple (at least 2, or the exact count with
--count), none (with the reason when the givens repeat a digit) or exhausted
(--max-steps, --seconds or Ctrl-C stopped it: a count is then at least N).

Every line is checked before the first search: a bad line is an error and no puzzle
is solved. Each answer names its line; Ctrl-C answers the puzzle being searched as
exhausted and stops there.

Example: plateau solve sudoku fixtures/sudoku/famous.txt --json";

// The arguments of `plateau solve sudoku` (its help is the variant's).
#[derive(Args, Debug)]
#[command(
    allow_negative_numbers = true,
    mut_arg("max_steps", super::steps_per_puzzle),
    mut_arg("seconds", |a| a.help("Stop searching after about this many seconds in all: the puzzles not solved by then are exhausted (default: no time limit)"))
)]
pub(crate) struct SudokuArgs {
    /// The file of puzzles (`-`: standard input).
    #[arg(default_value = "-")]
    file: PathBuf,
    /// Count every solution instead of stopping at the second.
    #[arg(long)]
    count: bool,
    #[command(flatten)]
    budgets: Budgets,
}

/// Runs `plateau solve sudoku`.
pub(super) fn run(args: SudokuArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let text = read_text(Some(&args.file), io)?;
    let puzzles = parse_sudokus(&text, &source_name(&args.file))?;
    let seek = if args.count {
        Seek::All
    } else {
        Seek::Uniqueness
    };
    // One deadline for the whole file, and one stack lent to every search.
    let limits = args.budgets.limits();
    let mut stack: Box<SudokuStack> = Box::default();
    if let [(line, givens)] = puzzles.as_slice() {
        let spinner = Progress::new(io, json, "sudoku", None);
        spinner.message("steps");
        let answer = solve(givens, *line, seek, &mut stack, &limits, &spinner)?;
        drop(spinner);
        return output::emit(io, json, &answer);
    }
    // A bar over the puzzles, unless the answers go to the same terminal
    // (they would be drawn over it): there they are the feedback.
    let bar = if std::io::stdout().is_terminal() {
        Progress::hidden()
    } else {
        Progress::new(io, json, "sudoku", Some(puzzles.len() as u64))
    };
    // Ctrl-C while an answer is printed ends the batch after it (sections
    // nest: the searches' own close inside this one).
    let _section = Interruptible::open();
    for (done, (line, givens)) in puzzles.iter().enumerate() {
        let answer = solve(
            givens,
            *line,
            seek,
            &mut stack,
            &limits,
            &Progress::hidden(),
        )?;
        let stop = answer.stopped_by;
        output::emit(io, json, &answer)?;
        bar.set(done as u64 + 1);
        if let Some(signal) = stop.and_then(Stop::signal).or_else(progress::signal) {
            // The rest of the file is not played, and the output says so.
            if let Some((next, _)) = puzzles.get(done + 1) {
                let left = (puzzles.len() - done - 1) as u64;
                output::emit(io, json, &output::Unplayed::new(signal, *next, left))?;
            }
            break;
        }
    }
    Ok(())
}

/// The answer for one sudoku: `{"status", "stopped_by"?, "line", "count",
/// "complete", "solution", "reason"?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct SudokuAnswer {
    /// `unique`, `multiple`, `none` or `exhausted`.
    status: Status,
    /// What stopped the search, when `exhausted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    /// The puzzle's line in the input, from 1.
    line: usize,
    /// Solutions found: exact when complete; with `multiple` and no
    /// `--count` the search stops at the second (at least 2).
    #[serde(flatten, serialize_with = "output::count")]
    count: search::Count,
    /// One solution as digits, row by row.
    solution: Option<String>,
    /// Why there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// The side of the grid (text only).
    #[serde(skip)]
    side: usize,
}

impl Answer for SudokuAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let status = match (self.status, &self.reason) {
            // Without --count the search stops at 2: "found" says so.
            (Status::Multiple, _) => format!("multiple ({} solutions found)", self.count.at_least),
            (Status::Exhausted, _) => format!(
                "exhausted ({} solutions found before {})",
                self.count,
                ran_out(self.stopped_by)
            ),
            (s, Some(r)) => format!("{s}: {r}"),
            (s, None) => s.to_string(),
        };
        writeln!(out, "line {}: {status}", self.line)?;
        if let Some(sol) = &self.solution {
            let digits: Vec<char> = sol.chars().collect();
            for row in digits.chunks(self.side.max(1)) {
                writeln!(out, "{}", row.iter().collect::<String>())?;
            }
        }
        Ok(())
    }
}

/// Reads one puzzle per content line; returns (line number, givens).
fn parse_sudokus(text: &str, name: &str) -> CliResult<Vec<(usize, Vec<u8>)>> {
    let mut out = Vec::new();
    for (line, content) in content_lines(text) {
        let chars: Vec<char> = content.chars().collect();
        let Some(shape) = Shape::from_cells(chars.len()) else {
            return Err(CliError::new(format!(
                "{name}: line {line}: a sudoku has 81 cells (16 or 36 for 4×4 or 6×6), this line has {}",
                chars.len()
            )));
        };
        let side = shape.side() as u32;
        let mut givens = Vec::with_capacity(chars.len());
        for (col, ch) in chars.iter().enumerate() {
            let d = match ch {
                '.' | '0' => 0,
                c => match c.to_digit(10) {
                    Some(d) if d <= side => d as u8,
                    _ => {
                        return Err(CliError::new(format!(
                            "{name}: line {line}, column {}: '{}' is not a digit from 1 to {side}, '.' or '0'",
                            col + 1,
                            crate::error::shorten(&c.to_string())
                        )));
                    }
                },
            };
            givens.push(d);
        }
        out.push((line, givens));
    }
    if out.is_empty() {
        return Err(CliError::new(format!(
            "{name} holds no sudoku (one per line: 81 characters, '.' or '0' for blanks)"
        )));
    }
    Ok(out)
}

/// Solves one sudoku on `stack` under `limits`, seeking `seek`.
fn solve(
    givens: &[u8],
    line: usize,
    seek: Seek,
    stack: &mut SudokuStack,
    limits: &Limits,
    progress: &Progress,
) -> CliResult<SudokuAnswer> {
    let shape = Shape::from_cells(givens.len()).unwrap_or(Shape::Nine);
    let side = shape.side();
    let puzzle = match Sudoku::new(shape, givens) {
        Ok(p) => p,
        Err(e) => {
            return Ok(SudokuAnswer {
                status: Status::None,
                stopped_by: None,
                line,
                count: search::Count::exactly(0),
                solution: None,
                reason: Some(reason(e)),
                side,
            });
        }
    };
    // 9×9: the band search on the lent stack; 4×4 and 6×6: the general one.
    let (outcome, stop) = if shape == Shape::Nine {
        let mut search = SudokuSearch::new_in(puzzle, seek, stack)?;
        limits::drive(&mut search, limits, progress, |_, _, _| {})?
    } else {
        let frames = vec![Frame::new(puzzle); shape.cells() + 1];
        let mut search = DepthFirst::new_in(puzzle, seek, frames);
        limits::drive(&mut search, limits, progress, |_, _, _| {})?
    };
    let (status, count, first) = output::solutions(&outcome);
    let digits = |s: &Sudoku| -> String {
        s.digits()
            .iter()
            .take(shape.cells())
            .map(|&d| char::from(b'0' + d))
            .collect()
    };
    Ok(SudokuAnswer {
        status,
        stopped_by: stop,
        line,
        count,
        solution: first.map(digits),
        reason: (status == Status::None).then(|| "no grid completes the givens".to_string()),
        side,
    })
}

/// Says why givens have no solution, with 1-based rows and columns.
fn reason(e: SudokuError) -> String {
    let at = |cell: grid::Cell| (usize::from(cell.row) + 1, usize::from(cell.col) + 1);
    match e {
        SudokuError::Duplicate {
            digit,
            first,
            second,
        } => {
            let ((r1, c1), (r2, c2)) = (at(first), at(second));
            let unit = if r1 == r2 {
                format!("row {r1}")
            } else if c1 == c2 {
                format!("column {c1}")
            } else {
                "a box".to_string()
            };
            format!(
                "digit {digit} is given twice in {unit} (row {r1} column {c1}, row {r2} column {c2})"
            )
        }
        other => other.to_string(),
    }
}
