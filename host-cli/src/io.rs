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
    /// Whether the reader of `out` has gone (a pipe closed at its other end,
    /// `plateau … | head -1`): asked while a command that streams its lines
    /// waits for the next one, so that it ends when no one reads, not at its
    /// next line. `None`: never asked (`out` is a buffer); the binary passes
    /// [`stdout_reader_gone`].
    pub reader_gone: Option<fn() -> bool>,
}

/// Whether the standard output is a pipe whose reading end is closed, asked
/// without writing: `poll` reports an error on it (as GNU `tail -f` asks).
/// False for a file, a terminal, or when it cannot tell.
#[must_use]
pub fn stdout_reader_gone() -> bool {
    #[cfg(unix)]
    {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let stdout = std::io::stdout();
        let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
        let now = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        poll(&mut fds, Some(&now)).is_ok_and(|_| fds[0].revents().contains(PollFlags::ERR))
    }
    #[cfg(not(unix))]
    {
        false
    }
}
