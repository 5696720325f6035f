//! The streams a command talks to.

use std::io::{BufRead, Write};

/// The streams a command talks to; the binary passes the real ones, tests buffers.
pub struct Io<'a> {
    /// Standard input (for `-` file arguments).
    pub stdin: &'a mut dyn BufRead,
    /// Where results go (`Send`: a command may write its results on a
    /// thread of their own, so that a slow reader never holds up its work).
    pub out: &'a mut (dyn Write + Send),
    /// Where errors and progress go.
    pub err: &'a mut dyn Write,
    /// Whether to draw progress bars (the error stream is a terminal).
    pub progress: bool,
}
