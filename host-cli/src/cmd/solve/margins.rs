//! `plateau solve margins`: paint cells black so that every row and column has
//! its count, listing the first grids and counting them all.

use clap::Args;
use plateau::grid::{
    self, BreadthFirst, DepthFirst, Frame, Margins, MemoryError, Seek, Strategy, margins,
};

use super::Walk;
use super::{Puzzle, SolutionsAnswer};
use crate::Io;
use crate::error::{CliError, CliResult, bad};
use crate::limits::{self, Budgets, Limits};
use crate::output::{self, Stop};
use crate::progress::Progress;

pub(super) const AFTER_HELP: &str = "\
The breadth-first queue starts at 4096 grids and doubles in place when full, up to
--queue grids and never past 1048576 (each queued grid takes 164 bytes: 172 MB at most).

Example: plateau solve margins --rows 2,2,1 --cols 2,2,1 --json";

/// The queue the breadth-first search starts with.
const FIRST_QUEUE: usize = 4096;
/// The most grids the queue ever holds, whatever `--queue` says: 172 MB.
pub(crate) const MAX_QUEUE: usize = 1 << 20;
/// The most grids listed (`--limit`), so a large limit cannot fill the memory.
pub(crate) const MAX_LISTED: u64 = 100_000;

// The arguments of `plateau solve margins` (its help is the variant's).
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("max_steps", super::steps))]
pub(crate) struct MarginsArgs {
    /// Black cells per row, top to bottom (at most 16 rows).
    #[arg(long, value_name = "N,N,...", allow_hyphen_values = true)]
    rows: String,
    /// Black cells per column, left to right (at most 16 columns).
    #[arg(long, value_name = "N,N,...", allow_hyphen_values = true)]
    cols: String,
    /// Walk the tree breadth-first (a queue) or depth-first (a stack).
    #[arg(long, value_enum, default_value_t = Walk::Dfs)]
    strategy: Walk,
    /// Most solutions listed, up to 100000 (the count is exact unless the budget runs out).
    #[arg(long, default_value_t = 10, value_parser = parse_limit)]
    limit: usize,
    /// Most partial grids the breadth-first queue may hold (164 bytes each;
    /// it grows as needed, never past 1048576 grids).
    #[arg(long, default_value_t = 100_000, value_parser = parse_queue)]
    queue: usize,
    #[command(flatten)]
    budgets: Budgets,
}

/// Parses `--limit`: 0 to [`MAX_LISTED`].
pub(super) fn parse_limit(text: &str) -> Result<usize, String> {
    limits::number_in(text, 0, MAX_LISTED).map(|n| n as usize)
}

/// Parses `--queue`: 1 up (the queue itself never grows past [`MAX_QUEUE`]).
fn parse_queue(text: &str) -> Result<usize, String> {
    limits::number_in(text, 1, u64::MAX).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// Runs `plateau solve margins`.
pub(super) fn run(args: MarginsArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let rows = parse_counts("--rows", &args.rows)?;
    let cols = parse_counts("--cols", &args.cols)?;
    check(&rows, &cols)?;
    let puzzle = Margins::new(&rows, &cols)?;
    let limits = args.budgets.limits();
    let spinner = Progress::new(io, json, "margins", None);
    spinner.message("steps");
    let mut solutions = Vec::new();
    let limit = args.limit;
    let keep = |m: &Margins| {
        if solutions.len() < limit {
            solutions.push(picture(m));
        }
    };
    let (outcome, stop) = match args.strategy {
        Walk::Dfs => {
            // A frame per cell, plus one: the deepest path never needs more.
            let stack = vec![Frame::new(puzzle); puzzle.rows() * puzzle.cols() + 1];
            let mut search = DepthFirst::new_in(puzzle, Seek::All, stack);
            limits::drive(&mut search.visiting(keep), &limits, &spinner, |_, _, _| {})
                .map_err(|e| queue_error(e, args.queue))?
        }
        Walk::Bfs => breadth_first(puzzle, args.queue, &limits, &spinner, keep)?,
    };
    drop(spinner);
    let (status, count, _) = output::solutions(&outcome);
    let answer = SolutionsAnswer {
        puzzle: Puzzle::Margins,
        status,
        stopped_by: stop,
        count,
        solutions,
    };
    output::emit(io, json, &answer)
}

/// Searches breadth-first on a queue that starts at [`FIRST_QUEUE`] grids
/// and, each time it is full, doubles, up to `queue` grids (and never past
/// [`MAX_QUEUE`]): the memory follows what the search needs, not the flag.
/// It grows in place: its room for `queue` grids is set aside at the start
/// (address space, not memory: a page is only memory once a grid is put
/// there), so the old queue and a new one never coexist and the peak is the
/// queue's own size.
fn breadth_first(
    puzzle: Margins,
    queue: usize,
    limits: &Limits,
    progress: &Progress,
    mut keep: impl FnMut(&Margins),
) -> CliResult<(grid::GridOutcome<Margins>, Option<Stop>)> {
    let ceiling = queue.min(MAX_QUEUE);
    let mut room = ceiling.min(FIRST_QUEUE);
    let mut grids = Vec::with_capacity(ceiling);
    grids.resize(room, puzzle);
    let mut search = BreadthFirst::new_in(puzzle, Seek::All, grids);
    loop {
        match limits::drive(
            &mut search.visiting(&mut keep),
            limits,
            progress,
            |_, _, _| {},
        ) {
            Err(MemoryError::QueueFull { .. }) if room < ceiling => {
                room = room.saturating_mul(2).min(ceiling);
                // Within the capacity set aside: nothing is moved.
                search = search
                    .grow_with(|mut grids| {
                        grids.resize(room, puzzle);
                        grids
                    })
                    .map_err(|e| queue_error(e, queue))?;
            }
            driven => return driven.map_err(|e| queue_error(e, queue)),
        }
    }
}

/// Says that the search's memory ran short, and what to do about it.
fn queue_error(e: MemoryError, queue: usize) -> CliError {
    match e {
        MemoryError::QueueFull { .. } if queue > MAX_QUEUE => CliError::new(format!(
            "the breadth-first queue is full ({MAX_QUEUE} grids, the most it holds); use --strategy dfs"
        )),
        MemoryError::QueueFull { .. } => CliError::new(format!(
            "the breadth-first queue is full ({queue} grids); use --strategy dfs or a larger --queue"
        )),
        other => CliError::new(other.to_string()),
    }
}

/// Reads `2,2,1` as counts.
fn parse_counts(flag: &str, text: &str) -> CliResult<Vec<u8>> {
    let most = u8::try_from(margins::MAX_SIDE).unwrap_or(u8::MAX);
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            crate::limits::number_in(item, 0, u64::from(most))
                .map(|n| u8::try_from(n).unwrap_or(most))
                .map_err(|why| {
                    bad(
                        flag,
                        text,
                        format!("item {} '{}': {why}", i + 1, item.trim()),
                    )
                })
        })
        .collect()
}

/// Checks the sizes and that no count exceeds its line, naming the line.
fn check(rows: &[u8], cols: &[u8]) -> CliResult {
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
    Ok(())
}

/// Draws a solved grid: `#` black, `.` white.
fn picture(m: &Margins) -> Vec<String> {
    (0..m.rows())
        .map(|r| {
            (0..m.cols())
                .map(|c| {
                    let cell = grid::Cell::new(r as u8, c as u8);
                    if m.cell(cell) == Some(true) { '#' } else { '.' }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes of one queued grid, as the help and docs/grid.md say.
    const GRID_BYTES: usize = 164;

    #[test]
    fn the_documented_bytes_per_queued_grid_are_right() {
        assert_eq!(std::mem::size_of::<Margins>(), GRID_BYTES);
        // 171,966,464 bytes: "172 MB" in the help and docs/grid.md.
        assert_eq!((MAX_QUEUE * GRID_BYTES + 500_000) / 1_000_000, 172);
    }
}
