//! `plateau tour`: a knight's tour of any board, from any square.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use plateau::Budget;
use plateau::tour::{
    Board, MAX_SIDE, NoTour, Square, Tour, TourKind, TourOutcome, check_tour_with,
};

use crate::Io;
use crate::limits::legacy::{Ended, run_within};
use crate::limits::{self as budget, SECONDS_NAME, STEPS_NAME};
use crate::error::{CliError, CliResult, bad};

/// Largest board the CLI allocates (5 bytes per square: the tour and the scratch).
pub const MAX_SQUARES: u64 = 50_000_000;
/// Largest board printed square by square; larger boards get a one-line summary.
pub const MAX_PRINTED_SIDE: u16 = 26;
/// Largest board drawn as SVG.
pub const MAX_SVG_SQUARES: u64 = 1_000_000;

/// Find a knight's tour: every square once, by knight moves.
#[derive(Args, Debug)]
#[command(after_help = "Example: plateau tour --board 8x8 --start e8 --closed --svg tour.svg")]
pub struct TourArgs {
    /// Board size WIDTHxHEIGHT (files x ranks), each 1 to 65535, like 8x8.
    #[arg(long, value_name = "WxH")]
    board: String,
    /// Start square: algebraic (e8: files a-z, ranks from 1) or zero-based x,y.
    #[arg(long, value_name = "SQUARE", default_value = "a1")]
    start: String,
    /// Require a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    closed: bool,
    /// Also draw the board and the tour into this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Most moves the search may try before it gives up ("exhausted").
    #[arg(long, value_name = STEPS_NAME, default_value_t = 100_000_000)]
    max_steps: u64,
    /// Give up the same way after about this many seconds; one pass over the
    /// board is never cut, so a pass that would not end in time does not start
    /// (default: no time limit).
    #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
    seconds: Option<f64>,
}

/// Runs `plateau tour`.
pub fn run(args: TourArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let board = parse_board(&args.board)?;
    let start = parse_square(&args.start, board)?;
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let deadline = budget::deadline(args.seconds);
    let (outcome, ended) = tour_within(board, start, kind, args.max_steps, deadline)?;
    if let (Some(path), Ok(squares)) = (&args.svg, &outcome) {
        std::fs::write(path, svg(board, squares, kind))
            .map_err(|e| CliError::new(format!("cannot write {}: {e}", path.display())))?;
    }
    print(board, start, kind, &outcome, ended, json, io)
}

/// A tour (checked), or why there is none.
pub type Answer = Result<Vec<Square>, TourOutcome>;

/// Finds a tour and checks it; a tour that fails the checker is a bug, reported as an error.
pub fn tour(board: Board, start: Square, kind: TourKind, max_steps: u64) -> CliResult<Answer> {
    Ok(tour_within(board, start, kind, max_steps, None)?.0)
}

/// Finds a tour within `max_steps` moves and before `deadline`, and checks it.
pub fn tour_within(
    board: Board,
    start: Square,
    kind: TourKind,
    max_steps: u64,
    deadline: Option<Instant>,
) -> CliResult<(Answer, Ended)> {
    let n = board.squares();
    if n > MAX_SQUARES {
        return Err(CliError::new(format!(
            "board {}x{} has {n} squares; the command line handles at most {MAX_SQUARES} (the library has no such limit)",
            board.width(),
            board.height()
        )));
    }
    let n = usize::try_from(n).map_err(|_| CliError::new("board too large for this machine"))?;
    if let Some(deadline) = deadline
        && !pass_fits(n, kind, deadline)
    {
        return Ok((
            Err(TourOutcome::Exhausted {
                visited: 0,
                spent: 0,
            }),
            Ended::Seconds,
        ));
    }
    let mut out = vec![Square::default(); n];
    let mut scratch = vec![0u8; n];
    let mut tour = Tour::new(board, &mut out[..], &mut scratch[..])
        .map_err(|e| CliError::new(e.to_string()))?;
    let (outcome, ended) = run_within(
        max_steps,
        deadline,
        |steps| {
            tour.find(start, kind, Budget::new(steps))
                .map_err(|e| CliError::new(e.to_string()))
        },
        |outcome| matches!(outcome, TourOutcome::Exhausted { .. }),
    )?;
    if outcome != TourOutcome::Found {
        return Ok((Err(outcome), ended));
    }
    if !check_tour_with(board, &out, kind, &mut scratch) {
        return Err(CliError::new(
            "internal error: the tour found fails the checker",
        ));
    }
    Ok((Ok(out), ended))
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

/// Parses `WxH` (also `W×H`, `WXH`).
pub fn parse_board(text: &str) -> CliResult<Board> {
    let why = format!("expected WIDTHxHEIGHT with each side from 1 to {MAX_SIDE}, like 8x8");
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| bad("board", text, &why))?;
    let side = |s: &str| -> Option<u16> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse::<u16>().ok().filter(|&v| v > 0)
    };
    match (side(w.trim()), side(h.trim())) {
        (Some(w), Some(h)) => Board::new(w, h).map_err(|e| bad("board", text, e)),
        _ => Err(bad("board", text, why)),
    }
}

/// Parses a square: algebraic `e8` (files a-z, ranks from 1) or zero-based `x,y`.
pub fn parse_square(text: &str, board: Board) -> CliResult<Square> {
    let why = "expected a square like e8 (files a-z, ranks from 1) or x,y counted from 0";
    let number = |s: &str| -> Option<u32> {
        if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    let (x, y) = if let Some((x, y)) = text.split_once(',') {
        (number(x.trim()), number(y.trim()))
    } else {
        let mut chars = text.chars();
        match chars.next() {
            Some(f) if f.is_ascii_alphabetic() => {
                let file = u32::from(f.to_ascii_lowercase()) - u32::from('a');
                let rank = number(chars.as_str()).and_then(|r| r.checked_sub(1));
                (Some(file), rank)
            }
            _ => (None, None),
        }
    };
    let (Some(x), Some(y)) = (x, y) else {
        return Err(bad("square", text, why));
    };
    if x >= u32::from(board.width()) || y >= u32::from(board.height()) {
        return Err(bad(
            "square",
            text,
            format!(
                "off the {}x{} board (files a-{}, ranks 1-{}; x,y from 0,0 to {},{})",
                board.width(),
                board.height(),
                file_letter(board.width().saturating_sub(1).min(25)),
                board.height(),
                board.width() - 1,
                board.height() - 1
            ),
        ));
    }
    // Both are below 65,535: checked against the board's sides.
    Ok(Square::new(x as u16, y as u16))
}

fn file_letter(x: u16) -> char {
    char::from(b'a' + (x.min(25) as u8))
}

/// Names a square: algebraic on boards up to 26 files, and `x,y` always.
pub fn name(s: Square) -> String {
    if s.x < 26 {
        format!(
            "{}{} ({},{})",
            file_letter(s.x),
            u32::from(s.y) + 1,
            s.x,
            s.y
        )
    } else {
        format!("({},{})", s.x, s.y)
    }
}

fn what(board: Board, start: Square, kind: TourKind) -> String {
    format!(
        "{} knight's tour of {}x{} from {}",
        match kind {
            TourKind::Open => "open",
            TourKind::Closed => "closed",
        },
        board.width(),
        board.height(),
        name(start)
    )
}

fn print(
    board: Board,
    start: Square,
    kind: TourKind,
    answer: &Answer,
    ended: Ended,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let title = what(board, start, kind);
    match answer {
        Ok(squares) => {
            if json {
                // Written by hand so the keys keep the documented order (status first).
                let mut line = format!(
                    "{{\"status\":\"found\",\"width\":{},\"height\":{},\"closed\":{},\"squares\":[",
                    board.width(),
                    board.height(),
                    kind == TourKind::Closed
                );
                for (k, s) in squares.iter().enumerate() {
                    let sep = if k == 0 { "" } else { "," };
                    let _ = write!(line, "{sep}[{},{}]", s.x, s.y);
                }
                line.push_str("]}");
                writeln!(io.out, "{line}")?;
                return Ok(());
            }
            let last = squares.last().copied().unwrap_or(start);
            writeln!(
                io.out,
                "{title}: found, {} squares, ends on {} (checked)",
                squares.len(),
                name(last)
            )?;
            if board.width() <= MAX_PRINTED_SIDE && board.height() <= MAX_PRINTED_SIDE {
                write!(io.out, "{}", grid(board, squares))?;
            }
        }
        Err(TourOutcome::NoSolution(why)) => {
            if json {
                writeln!(
                    io.out,
                    "{{\"status\":\"none\",\"reason\":{}}}",
                    serde_json::Value::from(why.reason())
                )?;
                return Ok(());
            }
            writeln!(io.out, "{title}: none, {}", reason(*why))?;
        }
        Err(TourOutcome::Exhausted { visited, .. }) => {
            if json {
                writeln!(io.out, "{{\"status\":\"exhausted\",\"visited\":{visited}}}")?;
                return Ok(());
            }
            let (what, flag) = match ended {
                Ended::Seconds => ("the time", "--seconds"),
                Ended::Done | Ended::Steps => ("the step budget", "--max-steps"),
            };
            writeln!(
                io.out,
                "{title}: exhausted, {what} ran out (longest partial tour {visited} squares); try a larger {flag}"
            )?;
        }
        Err(TourOutcome::Found) => {}
    }
    Ok(())
}

fn reason(why: NoTour) -> &'static str {
    why.reason()
}

/// Draws the board with each square's move number, rank 1 at the bottom.
pub fn grid(board: Board, squares: &[Square]) -> String {
    let (w, h) = (usize::from(board.width()), usize::from(board.height()));
    let mut number = vec![0usize; w * h];
    for (k, s) in squares.iter().enumerate() {
        if let Some(c) = number.get_mut(usize::from(s.y) * w + usize::from(s.x)) {
            *c = k + 1;
        }
    }
    let cell = squares.len().to_string().len();
    let margin = h.to_string().len();
    let mut text = String::new();
    for y in (0..h).rev() {
        let _ = write!(text, "{:>margin$} ", y + 1);
        for x in 0..w {
            let v = number.get(y * w + x).copied().unwrap_or(0);
            let _ = write!(text, " {v:>cell$}");
        }
        text.push('\n');
    }
    let _ = write!(text, "{:>margin$} ", "");
    for x in 0..w {
        let _ = write!(text, " {:>cell$}", file_letter(x as u16));
    }
    text.push('\n');
    text
}

/// Draws the board and the tour as an SVG picture (std only).
pub fn svg(board: Board, squares: &[Square], kind: TourKind) -> String {
    let (w, h) = (u64::from(board.width()), u64::from(board.height()));
    if board.squares() > MAX_SVG_SQUARES {
        return format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"40\"><text x=\"10\" y=\"25\">{}x{} board: too large to draw ({} squares)</text></svg>\n",
            w,
            h,
            board.squares()
        );
    }
    // Cells of 40 px on small boards, down to 2 px so the picture stays near 1000 px.
    let cell = (1000 / w.max(h)).clamp(2, 40);
    let (pw, ph) = (w * cell, h * cell);
    let centre = |s: &Square| {
        (
            u64::from(s.x) * cell + cell / 2,
            (h - 1 - u64::from(s.y)) * cell + cell / 2,
        )
    };
    // a1 is dark: shift the tiling a row down when the height is even.
    let shift = if h % 2 == 1 { 0 } else { cell };
    let mut t = String::new();
    let _ = writeln!(
        t,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}\" height=\"{ph}\" viewBox=\"0 0 {pw} {ph}\">"
    );
    let _ = writeln!(
        t,
        "<defs><pattern id=\"board\" width=\"{}\" height=\"{}\" y=\"{shift}\" patternUnits=\"userSpaceOnUse\"><rect width=\"{}\" height=\"{}\" fill=\"#f0d9b5\"/><rect width=\"{cell}\" height=\"{cell}\" fill=\"#b58863\"/><rect x=\"{cell}\" y=\"{cell}\" width=\"{cell}\" height=\"{cell}\" fill=\"#b58863\"/></pattern></defs>",
        2 * cell,
        2 * cell,
        2 * cell,
        2 * cell
    );
    let _ = writeln!(
        t,
        "<rect x=\"0\" y=\"0\" width=\"{pw}\" height=\"{ph}\" fill=\"url(#board)\"/>"
    );
    let _ = writeln!(
        t,
        "<rect x=\"0\" y=\"0\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#333\"/>"
    );
    let stroke = (cell / 12).max(1);
    let mut points = String::new();
    for s in squares {
        let (x, y) = centre(s);
        let _ = write!(points, "{x},{y} ");
    }
    let _ = writeln!(
        t,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1a4f8b\" stroke-width=\"{stroke}\" stroke-linejoin=\"round\"/>",
        points.trim_end()
    );
    if let (TourKind::Closed, Some(a), Some(b)) = (kind, squares.first(), squares.last()) {
        let ((x1, y1), (x2, y2)) = (centre(b), centre(a));
        let _ = writeln!(
            t,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#c0392b\" stroke-width=\"{stroke}\" stroke-dasharray=\"{0} {0}\"/>",
            stroke * 3
        );
    }
    if let Some(a) = squares.first() {
        let (x, y) = centre(a);
        let r = (cell * 2 / 5).max(1);
        let _ = writeln!(
            t,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"#27ae60\"/><text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\" fill=\"white\">1</text>",
            y + cell / 6,
            (cell / 2).max(1)
        );
    }
    if let Some(b) = squares.last() {
        let (x, y) = centre(b);
        let r = (cell / 5).max(1);
        let _ = writeln!(
            t,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"#c0392b\"/>"
        );
    }
    t.push_str("</svg>\n");
    t
}
