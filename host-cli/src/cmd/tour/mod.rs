//! `plateau tour`: a knight's tour of any board, from any square, or a count
//! of the tours from a square.

mod answer;
mod draw;
mod notation;

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use plateau::Budget;
use plateau::tour::{Board, Square, Tour, TourCount, TourKind, TourOutcome, check_tour_with};

use self::answer::{CountAnswer, Request, TourAnswer};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::input::write_file;
use crate::limits::{self, Limits, SECONDS_NAME, STEPS_NAME, run_within};
use crate::output::{Stop, emit};
use crate::progress::Progress;

/// Largest board the CLI allocates (5 bytes per square: the tour and the scratch).
const MAX_SQUARES: u64 = 50_000_000;
/// The default of `--max-steps`: knight moves tried (a few seconds of search).
const DEFAULT_MAX_STEPS: u64 = 100_000_000;

/// Find a knight's tour: every square once, by knight moves.
#[derive(Args, Debug)]
#[command(after_help = "Example: plateau tour --board 8x8 --start e8 --closed --svg tour.svg")]
pub(crate) struct TourArgs {
    /// Board size WIDTHxHEIGHT (files x ranks), each 1 to 65535, like 8x8.
    #[arg(long, value_name = "WxH", allow_hyphen_values = true)]
    board: String,
    /// Start square: algebraic (e8: files a-z, ranks from 1) or zero-based x,y.
    #[arg(
        long,
        value_name = "SQUARE",
        default_value = "a1",
        allow_hyphen_values = true
    )]
    start: String,
    /// Require a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    closed: bool,
    /// Count the directed tours from the start square instead of finding one
    /// (exact, or "at least N" when a limit stops the count).
    #[arg(long, conflicts_with = "svg")]
    count: bool,
    /// Also draw the board and the tour into this SVG file; `-` prints the
    /// picture on standard output instead of the text answer.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Most knight moves the search may try before it gives up ("exhausted").
    #[arg(
        long,
        value_name = STEPS_NAME,
        default_value_t = DEFAULT_MAX_STEPS,
        value_parser = limits::parse_steps,
        allow_negative_numbers = true
    )]
    max_steps: u64,
    /// Give up the same way after about this many seconds; one pass over the
    /// board is never cut, so a pass that would not end in time does not start
    /// (default: no time limit).
    #[arg(
        long,
        value_name = SECONDS_NAME,
        value_parser = limits::parse_seconds,
        allow_negative_numbers = true
    )]
    seconds: Option<f64>,
}

/// Runs `plateau tour`.
pub(crate) fn run(args: TourArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let board = notation::parse_board(&args.board)?;
    let start = notation::parse_square(&args.start, board)?;
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let svg_to_output = args.svg.as_deref() == Some(Path::new("-"));
    if svg_to_output && json {
        return Err(CliError::new(
            "--svg - and --json both write to standard output: give --svg a file name",
        ));
    }
    let request = Request { board, start, kind };
    let limits = Limits::new(args.max_steps, args.seconds);
    let n = squares_allowed(board)?;
    if !args.count
        && let Some(deadline) = limits.deadline
        && !pass_fits(n, kind, deadline)
    {
        return emit(io, json, &TourAnswer::exhausted(request, Stop::Seconds, 0));
    }
    let mut out = vec![Square::default(); n];
    let mut scratch = vec![0u8; n];
    let what = if args.count {
        "tour count, knight moves"
    } else {
        "tour search, knight moves"
    };
    let progress = Progress::new(io, json, what, Some(args.max_steps));
    let mut tour = Tour::new(board, &mut out[..], &mut scratch[..])
        .map_err(|e| CliError::new(e.to_string()))?;
    if args.count {
        let (count, stop) = run_within(
            &limits,
            &progress,
            |steps| {
                tour.count(start, kind, Budget::new(steps))
                    .map_err(|e| CliError::new(e.to_string()))
            },
            |count| matches!(count, TourCount::Exhausted { .. }),
        )?;
        drop(progress);
        let counted = match count {
            TourCount::Exactly(n) => n,
            TourCount::Exhausted { at_least, .. } => at_least,
        };
        return emit(io, json, &CountAnswer::new(request, counted, stop));
    }
    let (outcome, stop) = run_within(
        &limits,
        &progress,
        |steps| {
            tour.find(start, kind, Budget::new(steps))
                .map_err(|e| CliError::new(e.to_string()))
        },
        |outcome| matches!(outcome, TourOutcome::Exhausted { .. }),
    )?;
    drop(progress);
    match outcome {
        TourOutcome::Found => {
            if !check_tour_with(board, &out, kind, &mut scratch) {
                return Err(CliError::new(
                    "internal error: the tour found fails the checker",
                ));
            }
            if let Some(path) = &args.svg {
                write_file(path, draw::svg(board, &out, kind).as_bytes(), io)?;
                if svg_to_output {
                    // The picture is the answer: standard output holds only the SVG.
                    return Ok(());
                }
            }
            emit(io, json, &TourAnswer::found(request, &out))
        }
        TourOutcome::NoSolution(why) => emit(io, json, &TourAnswer::none(request, why)),
        TourOutcome::Exhausted { visited, .. } => {
            // A run that ran out always says what stopped it; a missing stop
            // can only be the step budget.
            let stop = stop.unwrap_or(Stop::MaxSteps);
            emit(io, json, &TourAnswer::exhausted(request, stop, visited))
        }
    }
}

/// Returns the board's number of squares if the CLI allocates that many.
fn squares_allowed(board: Board) -> CliResult<usize> {
    let n = board.squares();
    if n > MAX_SQUARES {
        return Err(CliError::new(format!(
            "board {}x{} has {n} squares; the command line handles at most {MAX_SQUARES} (the library has no such limit)",
            board.width(),
            board.height()
        )));
    }
    usize::try_from(n).map_err(|_| CliError::new("board too large for this machine"))
}

/// The side of the board a big board's first pass is timed on.
const SAMPLE_SIDE: u16 = 1000;

/// Returns whether one pass over a board of `n` squares fits before `deadline`.
///
/// `Tour::find` tries nothing with fewer moves than squares, and a pass over the
/// board is never cut, so `--seconds` alone cannot stop the first pass over a big
/// board: a pass over a 1000x1000 board is timed first, and the real one starts
/// only if, at that speed, it ends in the time left.
fn pass_fits(n: usize, kind: TourKind, deadline: Instant) -> bool {
    let sample_squares = usize::from(SAMPLE_SIDE) * usize::from(SAMPLE_SIDE);
    if n <= sample_squares || Instant::now() >= deadline {
        // Small boards, and a time already spent, are left to `run_within`.
        return true;
    }
    let Ok(sample) = Board::new(SAMPLE_SIDE, SAMPLE_SIDE) else {
        return true;
    };
    let Ok(mut tour) = Tour::new(
        sample,
        vec![Square::default(); sample_squares],
        vec![0u8; sample_squares],
    ) else {
        return true;
    };
    let began = Instant::now();
    let corner = Square::new(0, 0);
    let _ = tour.find(corner, kind, Budget::UNLIMITED);
    let per_square = began.elapsed().as_secs_f64() / sample_squares as f64;
    let left = deadline
        .saturating_duration_since(Instant::now())
        .as_secs_f64();
    n as f64 * per_square <= left
}
