//! The CLI's one error type: a message for the `error:` line.

use std::fmt;
use std::io;

/// What went wrong, worded for the user; printed as `error: {message}`.
#[derive(Debug)]
pub struct CliError {
    message: String,
    broken_pipe: bool,
}

/// Result of a CLI command.
pub type CliResult<T = ()> = Result<T, CliError>;

impl CliError {
    /// Makes an error from a message (lowercase, no trailing period).
    pub fn new(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            broken_pipe: false,
        }
    }

    /// Returns whether the reader of our output went away (`plateau demo | head`).
    pub fn is_broken_pipe(&self) -> bool {
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
            message: format!("cannot write output: {e}"),
            broken_pipe: e.kind() == io::ErrorKind::BrokenPipe,
        }
    }
}

/// Returns an error `what 'text': why`, quoting the user's text (cut if very long).
pub fn bad(what: &str, text: &str, why: impl fmt::Display) -> CliError {
    CliError::new(format!("{what} '{}': {why}", shorten(text)))
}

/// Cuts a user-supplied string to a printable length for an error line.
pub fn shorten(text: &str) -> String {
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
