//! The CLI's one error type: a message for the `error:` line.

use std::fmt;
use std::io;

/// What went wrong, worded for the user; printed as `error: {message}`.
#[derive(Debug)]
pub(crate) struct CliError {
    message: String,
    broken_pipe: bool,
    /// For a pause, not an error: the exit code (128 + the signal).
    paused: Option<i32>,
}

/// Result of a CLI command.
pub(crate) type CliResult<T = ()> = Result<T, CliError>;

impl CliError {
    /// Makes an error from a message (lowercase, no trailing period).
    pub(crate) fn new(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            broken_pipe: false,
            paused: None,
        }
    }

    /// Makes the note of a command that a signal paused (a hunt that saved
    /// its checkpoint): printed as `paused: {message}`, with exit code `code`.
    pub(crate) fn paused(code: i32, message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            broken_pipe: false,
            paused: Some(code),
        }
    }

    /// Returns the exit code of a pause, if this is one.
    pub(crate) fn pause_code(&self) -> Option<i32> {
        self.paused
    }

    /// Returns whether the reader of our output went away (`plateau demo | head`).
    pub(crate) fn is_broken_pipe(&self) -> bool {
        self.broken_pipe
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
            paused: None,
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
    plateau::grid::SearchError,
    plateau::tour::TourError,
    plateau::camicia::CamiciaError,
);

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
