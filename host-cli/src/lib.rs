//! The plateau command-line tool, as a library so that tests run it in process.
//!
//! [`run`] parses the arguments, runs one command and returns the exit code:
//! 0 for an answer (including "no solution"), 2 for bad input, with one
//! `error:` line on the error stream.

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::{Parser, Subcommand};

pub mod budget;
pub mod camicia;
pub mod camicia_hunt;
pub mod demo;
pub mod error;
pub mod input;
pub mod jass;
pub mod solve;
pub mod tchu;
pub mod tchu_trail;
pub mod tour;

pub use error::{CliError, CliResult};

/// The streams a command talks to; the binary passes the real ones, tests buffers.
pub struct Io<'a> {
    /// Standard input (for `-` file arguments).
    pub stdin: &'a mut dyn BufRead,
    /// Where results go.
    pub out: &'a mut dyn Write,
    /// Where errors and progress go.
    pub err: &'a mut dyn Write,
    /// Whether to draw progress bars (the error stream is a terminal).
    pub progress: bool,
}

/// plateau: board- and card-game algorithms for small machines.
#[derive(Parser, Debug)]
#[command(name = "plateau", version, about, long_about = None, propagate_version = true)]
#[command(after_help = "Start with `plateau demo`. Every command takes --help and --json.")]
pub struct Cli {
    /// Print results as JSON, one object per line.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show every capability once on built-in data.
    Demo,
    /// Bit-packed Jass scores.
    #[command(subcommand)]
    Jass(jass::JassCommand),
    /// tCHu (Ticket to Ride Switzerland): routes, claims, tunnel cards, longest trail.
    #[command(subcommand)]
    Tchu(tchu::TchuCommand),
    /// Camicia (Beggar-my-neighbour): simulate, trace, hunt for records.
    Camicia(camicia::CamiciaArgs),
    /// Brute-force grid puzzles: sudoku, margins, minesweeper, snake.
    #[command(
        subcommand,
        after_help = "Example: plateau solve margins --rows 2,2,1 --cols 2,2,1"
    )]
    Solve(solve::SolveCommand),
    /// Knight's tours on any board, open or closed.
    Tour(tour::TourArgs),
}

/// Runs the command line `args` (program name first) and returns the exit code.
pub fn run<I, T>(args: I, io: &mut Io<'_>) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    budget::start_clock();
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e, io),
    };
    let json = cli.json;
    let result = match cli.command {
        Command::Demo => demo::run(io),
        Command::Jass(cmd) => jass::run(cmd, json, io),
        Command::Tchu(cmd) => tchu::run(cmd, json, io),
        Command::Camicia(args) => camicia::run(args, json, io),
        Command::Solve(cmd) => solve::run(cmd, json, io),
        Command::Tour(args) => tour::run(args, json, io),
    };
    let result = result.and_then(|()| io.out.flush().map_err(CliError::from));
    match result {
        Ok(()) => 0,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e) => {
            let _ = writeln!(io.err, "error: {}", one_line(&e.to_string()));
            2
        }
    }
}

/// Prints help and version to the output (exit 0), usage errors as one line (exit 2).
fn clap_error(e: &clap::Error, io: &mut Io<'_>) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(io.out, "{}", e.render());
            let _ = io.out.flush();
            0
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
            2
        }
        _ => {
            let text = e.render().to_string();
            let first = text
                .lines()
                .next()
                .unwrap_or("error: invalid arguments")
                .trim_end();
            let first = first.strip_prefix("error: ").unwrap_or(first);
            let _ = writeln!(io.err, "error: {} (see --help)", one_line(first));
            2
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

/// Writes one JSON value on its own line.
pub fn write_json(out: &mut dyn Write, value: &serde_json::Value) -> CliResult {
    writeln!(out, "{value}")?;
    Ok(())
}
