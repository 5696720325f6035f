//! `plateau solve`: brute-force grid puzzles (sudoku, margins, minesweeper, snake).

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};
use plateau::Budget;
use plateau::grid::{
    BreadthFirst, Cell, Count, DepthFirst, Frame, Margins, Minefield, Outcome, Report, Shape,
    Snake, Strategy, Sudoku, SudokuError, SurveyOutcome, margins, minesweeper, minesweeper::Square,
    snake,
};
use serde_json::{Value, json};

use crate::limits::legacy::{Ended, run_within};
use crate::limits::{self as budget, SECONDS_NAME, STEPS_NAME};
use crate::error::{CliError, CliResult, bad};
use crate::input::{content_lines, read_text};
use crate::Io;
use crate::output::write_json;

const MINESWEEPER_FORMAT: &str = "\
File format: one board row per line, all rows the same width (at most 32):
  ?    a hidden square
  *    a flagged mine
  0-8  a revealed number ('.' is a revealed 0)
An optional line `mines N` (before or after the board) gives the total number of mines.
Blank lines and lines starting with # are skipped.

Output marks every hidden square: M a mine in every layout, S safe in every layout,
? undecided; then how many layouts put a mine on each square next to a number.

Example: plateau solve minesweeper fixtures/minesweeper/corner.txt";

const SNAKE_FORMAT: &str = "\
File format: four lines (blank lines and # comments skipped):
  rows 2 1 2     the snake's cells in each row, top to bottom (- = not given)
  cols 2 1 2     the snake's cells in each column, left to right (- = not given)
  head 1 1       row and column of the head (1-based)
  tail 3 3       row and column of the tail
At most 16 rows and 16 columns. The snake is one path of side-by-side cells from
head to tail that never touches itself, not even corner to corner (except where
it turns).

Example: plateau solve snake fixtures/snake/small.txt";

/// Brute-force grid puzzles.
#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Solve sudokus, one per line (81 characters; 16 or 36 for 4×4 or 6×6).
    #[command(after_help = "\
Each puzzle is one line of digits, '.' or '0' for a blank; blank lines and # comments
are skipped. The status is unique, multiple (at least 2, or the exact count with
--count), none (with the reason when the givens repeat a digit) or exhausted
(--max-steps or --seconds ran out).

Example: plateau solve sudoku fixtures/sudoku/famous.txt --json")]
    Sudoku {
        /// The file of puzzles (`-` or nothing: standard input).
        file: Option<PathBuf>,
        /// Count every solution instead of stopping at the second.
        #[arg(long)]
        count: bool,
        /// Search steps allowed per puzzle.
        #[arg(long, value_name = STEPS_NAME, default_value_t = 10_000_000)]
        max_steps: u64,
        /// Stop searching after about this many seconds in all: the puzzles not
        /// solved by then are exhausted (default: no time limit).
        #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
        seconds: Option<f64>,
    },
    /// Paint cells black so that every row and column has its count of black cells.
    #[command(after_help = "Example: plateau solve margins --rows 2,2,1 --cols 2,2,1 --json")]
    Margins {
        /// Black cells per row, top to bottom (at most 16 rows).
        #[arg(long, value_name = "N,N,...")]
        rows: String,
        /// Black cells per column, left to right (at most 16 columns).
        #[arg(long, value_name = "N,N,...")]
        cols: String,
        /// Walk the tree breadth-first (a queue) or depth-first (a stack).
        #[arg(long, value_enum, default_value_t = Walk::Dfs)]
        strategy: Walk,
        /// Most solutions listed (the count is always exact).
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// Partial grids the breadth-first queue may hold.
        #[arg(long, default_value_t = 100_000)]
        queue: usize,
        /// Search steps allowed.
        #[arg(long, value_name = STEPS_NAME, default_value_t = 100_000_000)]
        max_steps: u64,
        /// Stop searching after about this many seconds (default: no time limit).
        #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
        seconds: Option<f64>,
    },
    /// Find the squares that are a mine (or safe) in every layout that fits the numbers.
    #[command(after_help = MINESWEEPER_FORMAT)]
    Minesweeper {
        /// The board file (`-`: standard input).
        file: PathBuf,
        /// Search steps allowed.
        #[arg(long, value_name = STEPS_NAME, default_value_t = 100_000_000)]
        max_steps: u64,
        /// Stop searching after about this many seconds (default: no time limit).
        #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
        seconds: Option<f64>,
    },
    /// Find the snake from head to tail that meets the row and column counts.
    #[command(after_help = SNAKE_FORMAT)]
    Snake {
        /// The puzzle file (`-`: standard input).
        file: PathBuf,
        /// Most solutions listed (the count is exact unless the budget runs out).
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// Search steps allowed.
        #[arg(long, value_name = STEPS_NAME, default_value_t = 100_000_000)]
        max_steps: u64,
        /// Stop searching after about this many seconds (default: no time limit).
        #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
        seconds: Option<f64>,
    },
}

/// How to walk the tree of partial grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Walk {
    /// Breadth-first, with a queue.
    Bfs,
    /// Depth-first, with a stack.
    Dfs,
}

/// Runs a `plateau solve` command.
pub fn run(cmd: SolveCommand, json: bool, io: &mut Io<'_>) -> CliResult {
    match cmd {
        SolveCommand::Sudoku {
            file,
            count,
            max_steps,
            seconds,
        } => {
            let text = read_text(file.as_deref(), io)?;
            let name = source_name(file.as_deref());
            let puzzles = parse_sudokus(&text, &name)?;
            let count = if count { Count::All } else { Count::Uniqueness };
            // One deadline for the whole file.
            let deadline = budget::deadline(seconds);
            // A long file shows its progress when the error stream is a terminal.
            let bar = (io.progress && puzzles.len() > 1000)
                .then(|| indicatif::ProgressBar::new(puzzles.len() as u64));
            for (line, givens) in puzzles {
                let (answer, ended) = run_within(
                    max_steps,
                    deadline,
                    |steps| Ok(solve_sudoku(&givens, Budget::new(steps), count)),
                    |answer| answer.ran_out,
                )?;
                print_sudoku(line, &answer, ended, json, io)?;
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            Ok(())
        }
        SolveCommand::Margins {
            rows,
            cols,
            strategy,
            limit,
            queue,
            max_steps,
            seconds,
        } => {
            let r = parse_counts("--rows", &rows)?;
            let c = parse_counts("--cols", &cols)?;
            let (answer, ended) = run_within(
                max_steps,
                budget::deadline(seconds),
                |steps| solve_margins(&r, &c, strategy, limit, queue, Budget::new(steps)),
                |answer| !answer.complete,
            )?;
            print_margins(&answer, ended, json, io)
        }
        SolveCommand::Minesweeper {
            file,
            max_steps,
            seconds,
        } => {
            let text = read_text(Some(&file), io)?;
            let board = parse_minefield(&text, &source_name(Some(&file)))?;
            let (answer, ended) = run_within(
                max_steps,
                budget::deadline(seconds),
                |steps| survey_minefield(&board, Budget::new(steps)),
                |answer| answer.exhausted,
            )?;
            print_minefield(&answer, ended, json, io)
        }
        SolveCommand::Snake {
            file,
            limit,
            max_steps,
            seconds,
        } => {
            let text = read_text(Some(&file), io)?;
            let puzzle = parse_snake(&text, &source_name(Some(&file)))?;
            let (answer, ended) = run_within(
                max_steps,
                budget::deadline(seconds),
                |steps| solve_snake(&puzzle, limit, Budget::new(steps)),
                |answer| answer.status == "exhausted",
            )?;
            print_snake(&answer, ended, json, io)
        }
    }
}

fn source_name(path: Option<&std::path::Path>) -> String {
    match path {
        Some(p) if p != std::path::Path::new("-") => p.display().to_string(),
        _ => "standard input".to_string(),
    }
}

// ---------------------------------------------------------------- sudoku

/// The answer for one sudoku.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SudokuAnswer {
    /// `unique`, `multiple`, `none` or `exhausted`.
    pub status: &'static str,
    /// One solution as digits, row by row.
    pub solution: Option<String>,
    /// Solutions found (exact unless the status is `exhausted` or the search stopped at 2).
    pub count: u64,
    /// Why there is no solution, when the givens say so.
    pub reason: Option<String>,
    /// The side of the grid.
    pub side: usize,
    /// Whether the step budget ran out before the search ended.
    pub ran_out: bool,
}

/// Reads one puzzle per content line; returns (line number, givens).
pub fn parse_sudokus(text: &str, name: &str) -> CliResult<Vec<(usize, Vec<u8>)>> {
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

/// Solves one sudoku within `budget` (nodes expanded), looking for `count` solutions.
pub fn solve_sudoku(givens: &[u8], budget: Budget, count: Count) -> SudokuAnswer {
    let shape = Shape::from_cells(givens.len()).unwrap_or(Shape::Nine);
    let side = shape.side();
    let puzzle = match Sudoku::new(shape, givens) {
        Ok(p) => p,
        Err(e) => {
            return SudokuAnswer {
                status: "none",
                solution: None,
                count: 0,
                reason: Some(sudoku_reason(e)),
                side,
                ran_out: false,
            };
        }
    };
    let report = puzzle.solve(budget, count);
    let grid = |s: &Sudoku| -> String {
        s.digits()
            .iter()
            .take(shape.cells())
            .map(|&d| char::from(b'0' + d))
            .collect()
    };
    // (A search stopped at its count on the budget's last step is reported as
    // exhausted too, as it always was: see issue #18.)
    let ran_out = report
        .as_ref()
        .is_ok_and(|r| !r.outcome.is_complete() && r.steps >= budget.get());
    let (status, solution, count, reason) = match report {
        Err(e) => ("exhausted", None, 0, Some(e.to_string())),
        Ok(r) => match r.outcome {
            Outcome::NoSolution => ("none", None, 0, Some("no grid completes the givens".into())),
            Outcome::Unique(s) => ("unique", Some(grid(&s)), 1, None),
            // A count cut short by the budget is not the count: exhausted.
            Outcome::Multiple { first, count, .. } if ran_out => {
                ("exhausted", Some(grid(&first)), count, None)
            }
            Outcome::Multiple { first, count, .. } => ("multiple", Some(grid(&first)), count, None),
            Outcome::Exhausted { first, count, .. } => {
                ("exhausted", first.as_ref().map(grid), count, None)
            }
        },
    };
    SudokuAnswer {
        status,
        solution,
        count,
        reason,
        side,
        ran_out,
    }
}

fn sudoku_reason(e: SudokuError) -> String {
    let at = |cell: Cell| (usize::from(cell.row) + 1, usize::from(cell.col) + 1);
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

fn print_sudoku(
    line: usize,
    a: &SudokuAnswer,
    ended: Ended,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    if json {
        let mut v = json!({ "status": a.status, "solution": a.solution, "count": a.count });
        if let (Some(reason), Some(map)) = (&a.reason, v.as_object_mut()) {
            map.insert("reason".into(), Value::from(reason.as_str()));
        }
        return write_json(io.out, &v);
    }
    let status = match (a.status, &a.reason) {
        ("multiple", _) => format!("multiple ({} solutions found)", a.count),
        ("exhausted", _) => format!(
            "exhausted ({} solutions found before {} ran out)",
            a.count,
            ran_out_what(ended)
        ),
        (s, Some(r)) => format!("{s}: {r}"),
        (s, None) => s.to_string(),
    };
    writeln!(io.out, "line {line}: {status}")?;
    if let Some(sol) = &a.solution {
        let digits: Vec<char> = sol.chars().collect();
        for row in digits.chunks(a.side.max(1)) {
            writeln!(io.out, "{}", row.iter().collect::<String>())?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- margins

/// The answer for a margins puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarginsAnswer {
    /// Solutions (exact when `complete`).
    pub count: u64,
    /// The first `limit` solutions, rows of `#` (black) and `.` (white).
    pub solutions: Vec<Vec<String>>,
    /// Whether the whole tree was searched.
    pub complete: bool,
}

/// Reads `2,2,1` as counts.
pub fn parse_counts(flag: &str, text: &str) -> CliResult<Vec<u8>> {
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            let item = item.trim();
            item.parse::<u8>()
                .ok()
                .filter(|&n| usize::from(n) <= margins::MAX_SIDE)
                .ok_or_else(|| {
                    bad(
                        flag,
                        text,
                        format!(
                            "item {} '{item}' is not a count from 0 to {}",
                            i + 1,
                            margins::MAX_SIDE
                        ),
                    )
                })
        })
        .collect()
}

/// Solves a margins puzzle.
pub fn solve_margins(
    rows: &[u8],
    cols: &[u8],
    walk: Walk,
    limit: usize,
    queue: usize,
    budget: Budget,
) -> CliResult<MarginsAnswer> {
    let most = margins::MAX_SIDE;
    if rows.len() > most || cols.len() > most {
        return Err(CliError::new(format!(
            "a grid has at most {most} rows and {most} columns"
        )));
    }
    if let Some((i, n)) = rows
        .iter()
        .enumerate()
        .find(|(_, n)| usize::from(**n) > cols.len())
    {
        return Err(CliError::new(format!(
            "--rows: row {} asks for {n} black cells but there are {} columns",
            i + 1,
            cols.len()
        )));
    }
    if let Some((i, n)) = cols
        .iter()
        .enumerate()
        .find(|(_, n)| usize::from(**n) > rows.len())
    {
        return Err(CliError::new(format!(
            "--cols: column {} asks for {n} black cells but there are {} rows",
            i + 1,
            rows.len()
        )));
    }
    let puzzle = Margins::new(rows, cols).map_err(|e| CliError::new(e.to_string()))?;
    let mut solutions = Vec::new();
    let visit = |m: &Margins| {
        if solutions.len() < limit {
            solutions.push(
                (0..m.rows())
                    .map(|r| {
                        (0..m.cols())
                            .map(|c| {
                                let cell = Cell::new(r as u8, c as u8);
                                if m.cell(cell) == Some(true) { '#' } else { '.' }
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
    };
    let report: Report<Margins> = match walk {
        Walk::Dfs => {
            let mut stack = vec![Frame::new(puzzle); rows.len() * cols.len() + 1];
            DepthFirst::new(&mut stack).run(puzzle, budget, Count::All, visit)
        }
        Walk::Bfs => {
            let mut q = vec![puzzle; queue.max(1)];
            BreadthFirst::new(&mut q).run(puzzle, budget, Count::All, visit)
        }
    }
    .map_err(|e| {
        CliError::new(format!(
            "{e} ({queue} grids); use --strategy dfs or a larger --queue"
        ))
    })?;
    Ok(MarginsAnswer {
        count: report.outcome.count(),
        solutions,
        complete: report.outcome.is_complete(),
    })
}

fn print_margins(a: &MarginsAnswer, ended: Ended, json: bool, io: &mut Io<'_>) -> CliResult {
    if json {
        let mut v = json!({ "count": a.count, "solutions": a.solutions });
        if let (false, Some(map)) = (a.complete, v.as_object_mut()) {
            map.insert("exhausted".into(), Value::Bool(true));
        }
        return write_json(io.out, &v);
    }
    let noun = if a.count == 1 {
        "solution"
    } else {
        "solutions"
    };
    if a.complete {
        writeln!(io.out, "{} {noun}", a.count)?;
    } else {
        writeln!(
            io.out,
            "{} {noun} found before {} ran out",
            a.count,
            ran_out_what(ended)
        )?;
    }
    for (i, grid) in a.solutions.iter().enumerate() {
        writeln!(io.out)?;
        writeln!(io.out, "solution {}", i + 1)?;
        for row in grid {
            writeln!(io.out, "{row}")?;
        }
    }
    Ok(())
}

/// Names what ran out: `the step budget` (`--max-steps`) or `the time (--seconds)`.
fn ran_out_what(ended: Ended) -> &'static str {
    match ended {
        Ended::Seconds => "the time (--seconds)",
        Ended::Done | Ended::Steps => "the step budget",
    }
}

// ---------------------------------------------------------------- minesweeper

/// A parsed minesweeper board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Squares per row.
    pub width: usize,
    /// The squares, row by row.
    pub squares: Vec<Square>,
    /// The total number of mines, if given.
    pub total: Option<u16>,
}

/// Reads the minesweeper file format (see `plateau solve minesweeper --help`).
pub fn parse_minefield(text: &str, name: &str) -> CliResult<Board> {
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
                '?' => Square::Hidden,
                '*' => Square::Mine,
                '.' => Square::Number(0),
                c => match c.to_digit(10) {
                    Some(d) if d <= u32::from(minesweeper::MAX_NUMBER) => Square::Number(d as u8),
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

/// What the survey says about every square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinefieldAnswer {
    /// Squares per row.
    pub width: usize,
    /// Consistent layouts of the frontier.
    pub layouts: u64,
    /// The board with hidden squares marked `M`, `S` or `?`.
    pub marked: Vec<String>,
    /// Squares (row, col, 1-based) that are a mine in every layout.
    pub mines: Vec<(usize, usize)>,
    /// Squares that are safe in every layout.
    pub safe: Vec<(usize, usize)>,
    /// Frontier squares with the layouts that put a mine there.
    pub frequencies: Vec<(usize, usize, u64)>,
    /// Whether the step budget ran out before every layout was seen (then
    /// nothing else is known).
    pub exhausted: bool,
}

/// Surveys a board within `budget` (nodes expanded).
pub fn survey_minefield(board: &Board, budget: Budget) -> CliResult<MinefieldAnswer> {
    let w = board.width.max(1);
    let height = board.squares.len() / w;
    let field = Minefield::new(board.width, height, &board.squares, board.total)
        .map_err(|e| CliError::new(e.to_string()))?;
    let survey = match field.survey(budget) {
        SurveyOutcome::Found(survey) => survey,
        SurveyOutcome::Exhausted { .. } => {
            return Ok(MinefieldAnswer {
                width: board.width,
                layouts: 0,
                marked: Vec::new(),
                mines: Vec::new(),
                safe: Vec::new(),
                frequencies: Vec::new(),
                exhausted: true,
            });
        }
    };
    let interior = survey.interior_forced();
    let frontier: std::collections::BTreeSet<Cell> = field.frontier().collect();
    let mut answer = MinefieldAnswer {
        width: board.width,
        layouts: survey.layouts(),
        marked: Vec::new(),
        mines: Vec::new(),
        safe: Vec::new(),
        frequencies: survey
            .mine_counts()
            .map(|(c, m)| (usize::from(c.row) + 1, usize::from(c.col) + 1, m))
            .collect(),
        exhausted: false,
    };
    let mut row = String::new();
    for (i, sq) in board.squares.iter().enumerate() {
        let at = (i / w + 1, i % w + 1);
        let c = match sq {
            Square::Mine => '*',
            Square::Number(n) => char::from(b'0' + n),
            Square::Hidden => {
                // The board is at most MAX_SIDE squares either way: both fit a u8.
                let cell = Cell::new((i / w) as u8, (i % w) as u8);
                let forced = if frontier.contains(&cell) {
                    survey.forced(cell)
                } else {
                    interior
                };
                match forced {
                    Some(true) => {
                        answer.mines.push(at);
                        'M'
                    }
                    Some(false) => {
                        answer.safe.push(at);
                        'S'
                    }
                    None => '?',
                }
            }
        };
        row.push(c);
        if (i + 1) % w == 0 {
            answer.marked.push(std::mem::take(&mut row));
        }
    }
    Ok(answer)
}

fn print_minefield(a: &MinefieldAnswer, ended: Ended, json: bool, io: &mut Io<'_>) -> CliResult {
    if a.exhausted {
        if json {
            return write_json(io.out, &json!({ "status": "exhausted" }));
        }
        writeln!(
            io.out,
            "exhausted: {} ran out before every layout was seen",
            ran_out_what(ended)
        )?;
        return Ok(());
    }
    if json {
        let cells =
            |v: &[(usize, usize)]| v.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>();
        let freq: Vec<Value> = a
            .frequencies
            .iter()
            .map(|&(r, c, m)| json!({ "row": r, "col": c, "mines": m }))
            .collect();
        return write_json(
            io.out,
            &json!({
                "layouts": a.layouts,
                "mines": cells(&a.mines),
                "safe": cells(&a.safe),
                "frequencies": freq,
                "board": a.marked,
            }),
        );
    }
    if a.layouts == 0 {
        writeln!(io.out, "no layout of mines fits the numbers")?;
        return Ok(());
    }
    let noun = if a.layouts == 1 { "layout" } else { "layouts" };
    writeln!(
        io.out,
        "{} {noun} of the squares next to numbers fit",
        a.layouts
    )?;
    for row in &a.marked {
        writeln!(io.out, "{row}")?;
    }
    writeln!(
        io.out,
        "M: a mine in every layout, S: safe in every layout, ?: undecided"
    )?;
    for &(r, c, m) in &a.frequencies {
        writeln!(
            io.out,
            "row {r} col {c}: mine in {m} of {} ({:.1}%)",
            a.layouts,
            100.0 * m as f64 / a.layouts as f64
        )?;
    }
    Ok(())
}

// ---------------------------------------------------------------- snake

/// A parsed snake puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnakeSpec {
    /// Counts per row (`None`: not given).
    pub rows: Vec<Option<u8>>,
    /// Counts per column.
    pub cols: Vec<Option<u8>>,
    /// Head (row, col), 0-based.
    pub head: (u8, u8),
    /// Tail (row, col), 0-based.
    pub tail: (u8, u8),
}

/// Reads the snake file format (see `plateau solve snake --help`).
pub fn parse_snake(text: &str, name: &str) -> CliResult<SnakeSpec> {
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
                        v => v
                            .parse::<u8>()
                            .ok()
                            .filter(|&n| usize::from(n) <= snake::MAX_SIDE)
                            .map(Some)
                            .ok_or_else(|| {
                                err(format!(
                                    "'{}' is not a count from 0 to {} or -",
                                    crate::error::shorten(v),
                                    snake::MAX_SIDE
                                ))
                            }),
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

/// The snakes found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnakeAnswer {
    /// `unique`, `multiple`, `none` or `exhausted`.
    pub status: &'static str,
    /// Snakes found.
    pub count: u64,
    /// The first `limit` of them: `H` head, `T` tail, `#` body, `.` empty.
    pub solutions: Vec<Vec<String>>,
}

/// Solves a snake puzzle, counting every solution within `budget` (nodes expanded).
pub fn solve_snake(spec: &SnakeSpec, limit: usize, budget: Budget) -> CliResult<SnakeAnswer> {
    let cell = |(row, col): (u8, u8)| Cell::new(row, col);
    let puzzle = Snake::new(&spec.rows, &spec.cols, cell(spec.head), cell(spec.tail))
        .map_err(|e| CliError::new(e.to_string()))?;
    let mut solutions = Vec::new();
    let mut stack = vec![Frame::new(puzzle); puzzle.rows() * puzzle.cols() + 1];
    let report = DepthFirst::new(&mut stack)
        .run(puzzle, budget, Count::All, |s: &Snake| {
            if solutions.len() < limit {
                solutions.push(snake_picture(s, spec));
            }
        })
        .map_err(|e| CliError::new(e.to_string()))?;
    let status = match report.outcome {
        Outcome::NoSolution => "none",
        Outcome::Unique(_) => "unique",
        Outcome::Multiple { complete: true, .. } => "multiple",
        Outcome::Multiple {
            complete: false, ..
        }
        | Outcome::Exhausted { .. } => "exhausted",
    };
    Ok(SnakeAnswer {
        status,
        count: report.outcome.count(),
        solutions,
    })
}

fn snake_picture(s: &Snake, spec: &SnakeSpec) -> Vec<String> {
    (0..s.rows())
        .map(|r| {
            (0..s.cols())
                .map(|c| {
                    let at = (r as u8, c as u8);
                    if at == spec.head {
                        'H'
                    } else if at == spec.tail {
                        'T'
                    } else if s.is_body(Cell::new(r as u8, c as u8)) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

fn print_snake(a: &SnakeAnswer, ended: Ended, json: bool, io: &mut Io<'_>) -> CliResult {
    if json {
        return write_json(
            io.out,
            &json!({ "status": a.status, "count": a.count, "solutions": a.solutions }),
        );
    }
    match a.status {
        "exhausted" => writeln!(
            io.out,
            "exhausted: {} snakes found before {} ran out",
            a.count,
            ran_out_what(ended)
        )?,
        "none" => writeln!(io.out, "none: no snake fits")?,
        s => writeln!(
            io.out,
            "{s}: {} {}",
            a.count,
            if a.count == 1 { "snake" } else { "snakes" }
        )?,
    }
    for (i, grid) in a.solutions.iter().enumerate() {
        writeln!(io.out)?;
        writeln!(io.out, "snake {}", i + 1)?;
        for row in grid {
            writeln!(io.out, "{row}")?;
        }
    }
    Ok(())
}
