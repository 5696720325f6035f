//! Shared helpers of plateau's tests: running the CLI in process, and slow
//! obviously-right reference implementations to compare the core against.

pub mod tchu_trail;

use std::path::{Path, PathBuf};

/// What one in-process run of the CLI printed and returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Everything written to standard output.
    pub stdout: String,
    /// Everything written to standard error.
    pub stderr: String,
    /// The exit code.
    pub code: i32,
}

impl Run {
    /// Formats the run for a snapshot: the command, its output, its errors and the code.
    pub fn transcript(&self, command: &str) -> String {
        format!(
            "$ plateau {command}\n--- stdout\n{}--- stderr\n{}--- exit code: {}\n",
            self.stdout, self.stderr, self.code
        )
    }
}

/// Runs `plateau ARGS` in process with `stdin` as standard input.
pub fn run_cli<S: AsRef<str>>(args: &[S], stdin: &[u8]) -> Run {
    let mut input = stdin;
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("plateau").chain(args.iter().map(AsRef::as_ref));
    let code = plateau_cli::run(
        argv.map(str::to_string).collect::<Vec<_>>(),
        &mut plateau_cli::Io {
            stdin: &mut input,
            out: &mut out,
            err: &mut err,
            progress: false,
        },
    );
    Run {
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
        code,
    }
}

/// Returns the workspace's root folder (where `fixtures/` is).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Returns the path of a file below `fixtures/`.
pub fn fixture(relative: &str) -> PathBuf {
    workspace_root().join("fixtures").join(relative)
}
