//! How a command ends: an answer, a pause, or the CLI's one error type (a
//! message for the `error:` line), and how each becomes the exit code.

use std::fmt;
use std::io;

use crate::Io;
use crate::progress::Signal;

/// What went wrong, worded for the user; printed as `error: {message}`.
#[derive(Debug)]
pub(crate) struct CliError {
    message: String,
    broken_pipe: bool,
}

/// Result of a CLI command.
pub(crate) type CliResult<T = ()> = Result<T, CliError>;

/// How a command that did not fail ended.
#[derive(Debug)]
pub(crate) enum Exit {
    /// It answered (exit code 0), "no solution" and "exhausted" included.
    Answered,
    /// A signal paused it after it saved its state (a hunt with a
    /// checkpoint): `paused: {note}`, exit code 128 + the signal.
    Paused {
        /// The signal.
        signal: Signal,
        /// What was saved and how to resume.
        note: String,
    },
}

/// Exit code of bad input.
const BAD_INPUT: i32 = 2;

/// Writes the last line a command's end calls for and returns the exit
/// code: 0, 128 + a pausing signal, or 2 with one `error:` line (0 when the
/// reader of the output went away: `plateau demo | head` is no error).
pub(crate) fn exit_code(end: CliResult<Exit>, io: &mut Io<'_>) -> i32 {
    match end {
        Ok(Exit::Answered) => 0,
        Ok(Exit::Paused { signal, note }) => {
            let _ = writeln!(io.err, "paused: {}", one_line(&note));
            signal.exit_code()
        }
        Err(e) if e.broken_pipe => 0,
        Err(e) => {
            let _ = writeln!(io.err, "error: {}", one_line(&e.to_string()));
            BAD_INPUT
        }
    }
}

impl CliError {
    /// Makes an error from a message (lowercase, no trailing period).
    pub(crate) fn new(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            broken_pipe: false,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError {
            message: format!("cannot write output: {}", plain(&e)),
            broken_pipe: e.kind() == io::ErrorKind::BrokenPipe,
        }
    }
}

/// Each core error becomes the `error:` line its own message makes: the
/// core's messages carry their context (which row, cell, route).
macro_rules! from_core_errors {
    ($($error:ty),* $(,)?) => {$(
        impl From<$error> for CliError {
            fn from(e: $error) -> Self {
                CliError::new(e.to_string())
            }
        }
    )*};
}

from_core_errors!(
    plateau::grid::MarginsError,
    plateau::grid::MinefieldError,
    plateau::grid::SnakeError,
    plateau::grid::SudokuError,
    plateau::grid::MemoryError,
    plateau::tour::TourError,
    plateau::camicia::CamiciaError,
);

/// Prints help and version to the output (exit 0), usage errors as one line
/// (exit 2); returns the exit code.
pub(crate) fn clap_exit(e: &clap::Error, io: &mut Io<'_>) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let written = write!(io.out, "{}", e.render()).and_then(|()| io.out.flush());
            exit_code(written.map(|()| Exit::Answered).map_err(CliError::from), io)
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let help = e.render().to_string();
            let usage = help
                .lines()
                .find_map(|l| l.strip_prefix("Usage: "))
                .and_then(|u| u.split(" [").next())
                .and_then(|u| u.split(" <").next())
                .unwrap_or("plateau");
            let _ = writeln!(io.err, "error: missing command (see '{usage} --help')");
            BAD_INPUT
        }
        _ => {
            let _ = writeln!(io.err, "error: {} (see --help)", one_line(&clap_message(e)));
            BAD_INPUT
        }
    }
}

/// Makes an error message one short line: control characters escaped (a file
/// named `a\nb`, a pasted carriage return), and any word longer than 60
/// characters (a 10,000-character argument echoed back) cut to its first 40.
fn one_line(message: &str) -> String {
    const LONG: usize = 60;
    const KEEP: usize = 40;
    let escaped: String = message
        .chars()
        .flat_map(|c| {
            let out: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            out
        })
        .collect();
    escaped
        .split(' ')
        .map(|word| {
            if word.chars().count() > LONG {
                let head: String = word.chars().take(KEEP).collect();
                format!("{head}…")
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Returns clap's message whole, on one line: the error with the arguments it
/// lists (missing ones, possible values) and its tips, without the usage and
/// the "For more information" line.
fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    for paragraph in text.split("\n\n") {
        let words: Vec<&str> = paragraph.split_whitespace().collect();
        let joined = words.join(" ");
        if joined.is_empty()
            || joined.starts_with("Usage:")
            || joined.starts_with("For more information")
        {
            continue;
        }
        parts.push(joined);
    }
    let message = parts.join("; ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    if message.is_empty() {
        "invalid arguments".to_string()
    } else {
        message.to_string()
    }
}

/// Returns an error `what 'text': why`, quoting the user's text (cut if very long).
pub(crate) fn bad(what: &str, text: &str, why: impl fmt::Display) -> CliError {
    CliError::new(format!("{what} '{}': {why}", shorten(text)))
}

/// Cuts a user-supplied string to a printable length for an error line.
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    if clean.chars().count() <= MAX {
        clean
    } else {
        let head: String = clean.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// Says what an I/O error means in plain words ("no such file", "is a
/// directory", "no space left on the device"), without Rust's `(os error N)`.
pub(crate) fn plain(e: &io::Error) -> String {
    use io::ErrorKind as K;
    let words = match e.kind() {
        K::NotFound => "no such file",
        K::PermissionDenied => "permission denied",
        K::IsADirectory => "is a directory",
        K::NotADirectory => "a part of the path is not a directory",
        K::StorageFull => "no space left on the device",
        K::BrokenPipe => "the reader went away",
        K::AlreadyExists => "the file exists",
        K::ReadOnlyFilesystem => "the file system is read-only",
        K::InvalidData => "not valid text",
        K::UnexpectedEof => "the file ends too early",
        K::OutOfMemory => "out of memory",
        K::Interrupted => "interrupted",
        _ => {
            // Anything rarer: the system's words, without "(os error N)".
            let text = e.to_string();
            return match text.find(" (os error") {
                Some(i) => text[..i].to_lowercase(),
                None => text.to_lowercase(),
            };
        }
    };
    words.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn os_errors_read_as_plain_words() {
        let full = io::Error::from_raw_os_error(28);
        assert_eq!(plain(&full), "no space left on the device");
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(plain(&missing), "no such file");
        let odd = io::Error::from_raw_os_error(71);
        assert!(!plain(&odd).contains("os error"), "{}", plain(&odd));
    }
}
