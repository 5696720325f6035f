//! Pictures of a tour: the board with move numbers (text) and SVG.

use std::fmt::Write as _;

use plateau::tour::{Board, Square, TourKind};

use super::notation::file_letter;

/// Largest board drawn as SVG.
const MAX_SVG_SQUARES: u64 = 1_000_000;

/// Draws the board with each square's move number, rank 1 at the bottom.
pub(super) fn grid(board: Board, squares: &[Square]) -> String {
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
pub(super) fn svg(board: Board, squares: &[Square], kind: TourKind) -> String {
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
