//! The `plateau` binary: a thin shell over [`plateau_cli::run`].

use std::io::{self, IsTerminal};

fn main() {
    // Without the handler Ctrl-C still ends the process; only the answer so
    // far is lost, so a refusal is not worth failing for.
    let _ = plateau_cli::install_interrupt_handler();
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    // Unlocked: a command may write its results from a thread of their own.
    let mut stdout = io::BufWriter::new(io::stdout());
    let mut stderr = io::stderr();
    let terminal = io::stderr().is_terminal();
    let code = plateau_cli::run(
        std::env::args_os(),
        &mut plateau_cli::Io {
            stdin: &mut stdin,
            out: &mut stdout,
            err: &mut stderr,
            progress: terminal,
            reader_gone: Some(plateau_cli::stdout_reader_gone),
        },
    );
    drop(stdout);
    std::process::exit(code);
}
