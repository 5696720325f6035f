//! The tour's notation: board sizes `WxH` and squares (`e8` or `x,y`).

use plateau::tour::{Board, MAX_SIDE, Square};

use crate::error::{CliResult, bad};
use crate::limits::number_in;

/// Parses `WxH` (also `W×H`, `WXH`); junk, zero, negative and too large
/// sides all get the one wording.
pub(super) fn parse_board(text: &str) -> CliResult<Board> {
    let why = format!("expected WIDTHxHEIGHT with each side from 1 to {MAX_SIDE}, like 8x8");
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| bad("board", text, &why))?;
    let side = |s: &str| -> Option<u16> {
        number_in(s, 1, MAX_SIDE as u64)
            .ok()
            .and_then(|v| u16::try_from(v).ok())
    };
    match (side(w), side(h)) {
        (Some(w), Some(h)) => Board::new(w, h).map_err(|e| bad("board", text, e)),
        _ => Err(bad("board", text, why)),
    }
}

/// Parses a square: algebraic `e8` (files a-z, ranks from 1) or zero-based `x,y`.
pub(super) fn parse_square(text: &str, board: Board) -> CliResult<Square> {
    let why = "expected a square like e8 (files a-z, ranks from 1) or x,y counted from 0";
    // Six digits are past any side; longer numbers are junk, not a u32 overflow.
    let number = |s: &str| -> Option<u32> {
        if s.len() > 6 {
            return None;
        }
        number_in(s, 0, 999_999)
            .ok()
            .and_then(|v| u32::try_from(v).ok())
    };
    let (x, y) = if let Some((x, y)) = text.split_once(',') {
        (number(x), number(y))
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
    let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) else {
        return Err(off_board(text, board));
    };
    if x >= board.width() || y >= board.height() {
        return Err(off_board(text, board));
    }
    Ok(Square::new(x, y))
}

fn off_board(text: &str, board: Board) -> crate::error::CliError {
    bad(
        "square",
        text,
        format!(
            "off the {}x{} board (files a-{}, ranks 1-{}; x,y from 0,0 to {},{})",
            board.width(),
            board.height(),
            file_letter(board.width().saturating_sub(1)),
            board.height(),
            board.width() - 1,
            board.height() - 1
        ),
    )
}

/// The letter of file `x` (a for 0), `z` for every file past the 26th.
pub(super) fn file_letter(x: u16) -> char {
    // Below 26: fits a byte.
    char::from(b'a' + x.min(25) as u8)
}

/// Names a square: algebraic on boards up to 26 files, and `x,y` always.
pub(super) fn name(s: Square) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_zero_and_junk_sides_read_alike() {
        let words = |t: &str| parse_board(t).err().map(|e| e.to_string());
        let why = "expected WIDTHxHEIGHT with each side from 1 to 65535, like 8x8";
        for t in ["-5x5", "0x5", "8by8", "70000x3", "x8", "8x"] {
            assert_eq!(words(t), Some(format!("board '{t}': {why}")));
        }
        assert!(parse_board("8X8").is_ok() && parse_board("8×8").is_ok());
    }

    #[test]
    fn squares_in_both_notations() {
        let b = Board::new(8, 8).expect("8x8 is a board");
        assert_eq!(parse_square("e8", b).ok(), Some(Square::new(4, 7)));
        assert_eq!(parse_square("4,7", b).ok(), Some(Square::new(4, 7)));
        assert!(parse_square("-1,3", b).is_err());
        assert!(parse_square("99999999999,1", b).is_err());
    }
}
