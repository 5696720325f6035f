//! `plateau tour`: a knight's tour of any board, from any square, or a count
//! of the tours from a square.

mod answer;
mod draw;
mod notation;

use std::path::{Path, PathBuf};

use clap::Args;
use plateau::search::Outcome;
use plateau::tour::{Board, Square, Tour, TourKind, check_tour_with};

use self::answer::{CountAnswer, Request, TourAnswer};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::limits::{self, Budgets};
use crate::outfile::OutFile;
use crate::output::{Stop, emit};
use crate::progress::Progress;

/// Largest board the CLI allocates (5 bytes per square: the tour and the scratch).
const MAX_SQUARES: u64 = 50_000_000;
/// The default of `--max-steps` to find a tour: enough for every board the
/// CLI holds (the most measured is about 215 M units, 4.3 a square, for an
/// open tour of 7069x7071, whose first Warnsdorff pass fails), and a search
/// ends as soon as it finds one.
const DEFAULT_MAX_STEPS: &str = "1000000000";
/// The default of `--max-steps` for `--count`, which runs to its budget on
/// any board larger than 6x6: a few seconds of counting.
const DEFAULT_COUNT_STEPS: &str = "100000000";

/// `--max-steps` of `tour`: its unit and its defaults.
fn steps(arg: clap::Arg) -> clap::Arg {
    // Two defaults, both in the words: clap would show only the first.
    arg.default_value(DEFAULT_MAX_STEPS)
        .default_value_if("count", "true", Some(DEFAULT_COUNT_STEPS))
        .hide_default_value(true)
        .help(
            "Most knight moves the search may try before it gives up (\"exhausted\"); its sweeps over the board count too: one per square of a tour built, walked or checked, one per 8 squares' degrees. Default: 1000000000 to find a tour (enough for every board), 100000000 with --count",
        )
}

/// Find a knight's tour: every square once, by knight moves.
#[derive(Args, Debug)]
#[command(
    after_help = "Example: plateau tour --board 8x8 --start e8 --closed --svg tour.svg",
    mut_arg("max_steps", steps)
)]
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
    #[command(flatten)]
    budgets: Budgets,
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
    // The picture's file is checked before the search, not after it.
    let svg = args.svg.as_deref().map(OutFile::check).transpose()?;
    let svg_to_output = svg.as_ref().is_some_and(OutFile::is_stdout);
    if svg_to_output && json {
        return Err(CliError::new(format!(
            "--svg {} and --json both write to standard output: give --svg a file name",
            args.svg.as_deref().unwrap_or(Path::new("-")).display()
        )));
    }
    let request = Request { board, start, kind };
    let limits = args.budgets.limits();
    let n = squares_allowed(board)?;
    let mut out = vec![Square::default(); n];
    let mut scratch = vec![0u8; n];
    let what = if args.count {
        "tour count, steps"
    } else {
        "tour search, steps"
    };
    let progress = Progress::new(io, json, what, Progress::len_of(args.budgets.max_steps));
    let mut tour = Tour::new_in(board, &mut out[..], &mut scratch[..])
        .map_err(|e| CliError::new(e.to_string()))?;
    if args.count {
        let mut count = tour
            .count(start, kind)
            .map_err(|e| CliError::new(e.to_string()))?;
        let Ok((outcome, stop)) = limits::drive(&mut count, &limits, &progress, |_, _, _| {});
        drop(progress);
        return emit(
            io,
            json,
            &CountAnswer::new(request, *outcome.so_far(), stop),
        );
    }
    let mut search = tour
        .find(start, kind)
        .map_err(|e| CliError::new(e.to_string()))?;
    let Ok((outcome, stop)) = limits::drive(&mut search, &limits, &progress, |_, _, _| {});
    drop(progress);
    match outcome {
        Outcome::Done(()) => {
            if !check_tour_with(board, &out, kind, &mut scratch) {
                return Err(CliError::new(
                    "internal error: the tour found fails the checker",
                ));
            }
            if let Some(svg) = &svg {
                svg.write(draw::svg(board, &out, kind).as_bytes(), io.out, io.err)?;
                if svg_to_output {
                    // The picture is the answer: standard output holds only the SVG.
                    return Ok(());
                }
            }
            emit(io, json, &TourAnswer::found(request, &out))
        }
        Outcome::NoSolution(why) => {
            no_picture(svg.as_ref(), io)?;
            emit(io, json, &TourAnswer::none(request, why))
        }
        Outcome::Exhausted { best, .. } => {
            no_picture(svg.as_ref(), io)?;
            // A search that ran out always says what stopped it; a missing
            // stop can only be the step budget.
            let stop = stop.unwrap_or(Stop::MaxSteps);
            emit(io, json, &TourAnswer::exhausted(request, stop, best))
        }
    }
}

/// With no tour there is no picture: the file at `--svg FILE` is left as
/// it was (plateau never removes a file it did not write), and a note on the
/// error stream says that no picture was written, so that an older one is
/// not taken for this search's.
fn no_picture(svg: Option<&OutFile>, io: &mut Io<'_>) -> CliResult {
    let Some(svg) = svg.filter(|s| !s.is_stdout()) else {
        return Ok(());
    };
    writeln!(
        io.err,
        "note: no tour to draw: no picture was written to {}",
        svg.name().display()
    )?;
    Ok(())
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
