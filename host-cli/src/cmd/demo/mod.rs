//! `plateau demo`: every capability once, as real command lines.
//!
//! The demo is data: [`SCRIPT`] lists command lines exactly as a user types
//! them in a POSIX shell, from any directory (inputs come inline or through
//! `printf … |`, never from files). Each line is run through the same
//! [`crate::run`] as a command typed by hand, and printed with what it printed.
//! A test runs every shown line in `sh` and compares.

use crate::error::CliError;
use crate::{CliResult, Io};

/// One step of the demo: a heading, or a command line with an optional
/// comment (shown after `#`, not part of the command).
enum Step {
    /// A section heading.
    Heading(&'static str),
    /// A shell command line: `printf '…' | plateau …` or `plateau …`.
    Line(&'static str, &'static str),
}

use Step::{Heading, Line};

/// The demo, in order.
const SCRIPT: &[Step] = &[
    Heading("Jass: a turn of 9 tricks, scores packed in one u64"),
    Line(
        "plateau jass score 1:13 2:18 1:18 2:18 1:18 2:18 1:18 2:18 1:18 next",
        "",
    ),
    Heading("tCHu: the Swiss map's routes, their claims and tunnel cards"),
    Line("plateau tchu claims COI_DAV_1", ""),
    Line(
        "plateau tchu additional COI_DAV_1 --claim violet,locomotive --drawn violet,black,locomotive",
        "",
    ),
    Heading("tCHu: the longest trail, exact, for the 10-point bonus"),
    Line(
        "plateau tchu longest NEU_YVE_1,NEU_SOL_1,BER_NEU_1,BER_SOL_1,BER_LUC_1,BER_FRI_1",
        "",
    ),
    Line(
        "plateau tchu longest --all",
        "one player owning all 88 routes",
    ),
    Heading("Camicia: Beggar-my-neighbour played exactly, loops found in constant memory"),
    Line("plateau camicia '2 A 7 8 Q 10' '3 4 5 6 K 9 J'", ""),
    Line("plateau camicia 'J 2 3' '4 J 5'", ""),
    Line(
        "plateau camicia ---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---",
        "Nessler 2022, the longest known game",
    ),
    Line(
        "plateau camicia ---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA",
        "Casella et al. 2024, the first game that never ends",
    ),
    Line(
        "plateau camicia hunt --deals 1000000 --seed 1 --top 3",
        "a search for long games: swaps of the best deal so far, one game at a time on each thread",
    ),
    Heading("Grid puzzles: one tree search, four puzzles"),
    Line(
        "printf '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\\n' | plateau solve sudoku",
        "Arto Inkala's 2012 puzzle",
    ),
    Line("plateau solve margins --rows 2,2,1 --cols 2,2,1", ""),
    Line(
        "printf '???\\n121\\n' | plateau solve minesweeper",
        "'?' hidden, digits revealed",
    ),
    Line(
        "printf 'rows 3 2 3\\ncols 3 1 3 1\\nhead 1 1\\ntail 1 4\\n' | plateau solve snake",
        "",
    ),
    Heading("Knight's tours: Warnsdorff's rule, made certain"),
    Line("plateau tour --board 8x8 --start e8 --closed", ""),
    Line("plateau tour --board 3x4 --start b2", ""),
];

/// Runs the demo: each line through [`crate::run`], printed with its output.
pub(crate) fn run(json: bool, io: &mut Io<'_>) -> CliResult {
    if json {
        return Err(CliError::new(
            "the demo prints text only; add --json to any of its command lines instead",
        ));
    }
    writeln!(
        io.out,
        "plateau {}: board- and card-game algorithms for small machines",
        env!("CARGO_PKG_VERSION")
    )?;
    for step in SCRIPT {
        match step {
            Heading(title) => writeln!(io.out, "\n== {title}")?,
            Line(line, comment) => {
                if comment.is_empty() {
                    writeln!(io.out, "$ {line}")?;
                } else {
                    writeln!(io.out, "$ {line}   # {comment}")?;
                }
                run_line(line, io)?;
            }
        }
    }
    Ok(())
}

/// Runs one shell line of the demo: its optional `printf '…' |` becomes the
/// standard input, the rest the arguments.
fn run_line(line: &str, io: &mut Io<'_>) -> CliResult {
    let (stdin, command) = match line.split_once(" | ") {
        Some((printf, command)) => (printf_text(printf)?, command),
        None => (String::new(), line),
    };
    let args = shell_words(command)?;
    let mut input = stdin.as_bytes();
    let mut err = Vec::new();
    let code = crate::run(
        &args,
        &mut Io {
            stdin: &mut input,
            out: &mut *io.out,
            err: &mut err,
            progress: io.progress,
            reader_gone: io.reader_gone,
        },
    );
    if code != 0 {
        let why = String::from_utf8_lossy(&err);
        return Err(CliError::new(format!(
            "the demo line '{line}' failed: {}",
            why.trim().trim_start_matches("error: ")
        )));
    }
    Ok(())
}

/// Splits a command line on spaces, with single-quoted words (no escapes
/// inside, as in `sh`).
fn shell_words(line: &str) -> CliResult<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err(CliError::new(format!(
            "the demo line '{line}' has an open quote"
        )));
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

/// The text `printf 'TEXT'` prints, for the demo's own lines (`\n` only).
fn printf_text(command: &str) -> CliResult<String> {
    command
        .strip_prefix("printf '")
        .and_then(|rest| rest.strip_suffix('\''))
        .map(|text| text.replace("\\n", "\n"))
        .ok_or_else(|| CliError::new(format!("the demo line '{command}' is not printf '…'")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_sh() {
        let words = shell_words("plateau camicia 'J 2 3' '4 J 5'").ok();
        let want = ["plateau", "camicia", "J 2 3", "4 J 5"].map(String::from);
        assert_eq!(words.as_deref(), Some(&want[..]));
        assert!(shell_words("plateau 'open").is_err());
    }

    #[test]
    fn every_line_names_plateau_first() {
        for step in SCRIPT {
            if let Line(line, _) = step {
                let command = line.split_once(" | ").map_or(*line, |(_, c)| c);
                assert!(command.starts_with("plateau "), "{line}");
            }
        }
    }
}
