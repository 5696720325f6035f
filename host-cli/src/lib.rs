//! The plateau command-line tool, as a library so that tests run it in process.
//!
//! [`run`] parses the arguments, runs one command and returns the exit code:
//! 0 for an answer (including "no solution"), 2 for bad input, with one
//! `error:` line on the error stream; 128 + the signal's number for a hunt
//! that a signal paused after saving its checkpoint (one `paused:` line).

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::{Parser, Subcommand};

mod cmd;
mod error;
mod input;
mod limits;
mod output;
mod progress;

pub(crate) use error::{CliError, CliResult};
pub use progress::install_interrupt_handler;

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
pub(crate) struct Cli {
    /// Print results as JSON, one object per line.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show every capability once: real command lines and what they print.
    Demo,
    /// Bit-packed Jass scores.
    #[command(subcommand)]
    Jass(cmd::jass::JassCommand),
    /// tCHu (Ticket to Ride Switzerland): routes, claims, tunnel cards, longest trail.
    #[command(subcommand)]
    Tchu(cmd::tchu::TchuCommand),
    /// Camicia (Beggar-my-neighbour): simulate, trace, hunt for records.
    Camicia(cmd::camicia::CamiciaArgs),
    /// Brute-force grid puzzles: sudoku, margins, minesweeper, snake.
    #[command(
        subcommand,
        after_help = "Example: plateau solve margins --rows 2,2,1 --cols 2,2,1"
    )]
    Solve(cmd::solve::SolveCommand),
    /// Knight's tours on any board, open or closed.
    Tour(cmd::tour::TourArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example: plateau completions bash > ~/.local/share/bash-completion/completions/plateau"
    )]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) of plateau or of one of its commands.
    #[command(after_help = "Example: plateau man tchu longest | man -l -")]
    Man {
        /// The command whose page to print, e.g. `tchu longest`; none for plateau(1).
        #[arg(value_name = "COMMAND")]
        path: Vec<String>,
    },
}

/// Runs the command line `args` (program name first) and returns the exit code.
pub fn run<I, T>(args: I, io: &mut Io<'_>) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    limits::start_clock();
    let cli = match Cli::try_parse_from(help_without_help_flag(args)) {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e, io),
    };
    let json = cli.json;
    let result = match cli.command {
        Command::Demo => cmd::demo::run(json, io),
        Command::Jass(cmd) => cmd::jass::run(cmd, json, io),
        Command::Tchu(cmd) => cmd::tchu::run(cmd, json, io),
        Command::Camicia(args) => cmd::camicia::run(args, json, io),
        Command::Solve(cmd) => cmd::solve::run(cmd, json, io),
        Command::Tour(args) => cmd::tour::run(args, json, io),
        Command::Completions { .. } | Command::Man { .. } if json => Err(CliError::new(
            "completions and man pages are scripts and roff, not answers: drop --json",
        )),
        Command::Completions { shell } => completions(shell, io),
        Command::Man { path } => man_page(&path, io),
    };
    let result = result.and_then(|()| io.out.flush().map_err(CliError::from));
    match result {
        Ok(()) => 0,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e) if e.pause_code().is_some() => {
            let _ = writeln!(io.err, "paused: {}", one_line(&e.to_string()));
            e.pause_code().unwrap_or(2)
        }
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
            let _ = writeln!(io.err, "error: {} (see --help)", one_line(&clap_message(e)));
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

/// Lets `plateau help tour --help` mean `plateau help tour`: clap's `help`
/// command takes no flags of its own.
fn help_without_help_flag<I, T>(args: I) -> Vec<OsString>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if args.get(1).is_some_and(|a| a == "help") {
        let help_flag = |a: &OsString| a == "--help" || a == "-h";
        let head = args.iter().take(2).cloned();
        head.chain(args.iter().skip(2).filter(|a| !help_flag(a)).cloned())
            .collect()
    } else {
        args
    }
}

/// Prints the completion script for `shell`, generated from the clap definitions.
fn completions(shell: clap_complete::Shell, io: &mut Io<'_>) -> CliResult {
    use clap::CommandFactory;
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "plateau", &mut io.out);
    Ok(())
}

/// Prints the man page of `plateau` or of the command `path` names
/// (`["tchu", "longest"]` gives plateau-tchu-longest(1)).
fn man_page(path: &[String], io: &mut Io<'_>) -> CliResult {
    use clap::CommandFactory;
    let mut command = Cli::command();
    // Building names the subcommands plateau-tchu-longest and so on.
    command.build();
    for word in path {
        let Some(sub) = command.find_subcommand(word).cloned() else {
            let name = command.get_display_name().unwrap_or("plateau");
            return Err(error::bad(
                "command",
                word,
                format!("{name} has no such command (see --help)"),
            ));
        };
        command = sub;
    }
    clap_mangen::Man::new(command).render(&mut io.out)?;
    Ok(())
}
