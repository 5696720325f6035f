//! The plateau command-line tool, as a library so that tests run it in process.
//!
//! [`run`] parses the arguments, dispatches one command and turns how it
//! ended into the exit code: 0 for an answer (including "no solution"), 2 for
//! bad input, with one `error:` line on the error stream; 128 + the signal's
//! number for a hunt that a signal paused after saving its checkpoint (one
//! `paused:` line). Everything else lives in its module: the streams (`io`),
//! the commands (`cmd`), the budgets and the one driver of every search
//! (`limits`), answers (`output`), errors and their wording (`error`).

use std::ffi::OsString;

use clap::{Parser, Subcommand};

mod cmd;
mod error;
mod input;
mod io;
mod limits;
mod outfile;
mod output;
mod progress;

pub(crate) use error::{CliError, CliResult, Exit};
pub use io::{Io, stdout_reader_gone};
pub use progress::install_interrupt_handler;

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

/// Commands that print no answer (their output is a script, roff or other
/// commands' answers) and so refuse `--json`: it is kept out of their help.
const NO_JSON: [&str; 3] = ["demo", "completions", "man"];

/// The command line's definition, as `--help`, the completions and the man
/// pages show it: [`Cli`], with `--json` hidden where it is refused.
pub(crate) fn command() -> clap::Command {
    // Each of these gets a `--json` of its own, hidden, before the root's
    // global one would reach it: still parsed (and refused by `run` with
    // words), never shown.
    let hidden = clap::Arg::new("json")
        .long("json")
        .action(clap::ArgAction::SetTrue)
        .global(true)
        .hide(true);
    NO_JSON
        .iter()
        .fold(<Cli as clap::CommandFactory>::command(), |command, name| {
            command.mut_subcommand(name, |sub| sub.arg(hidden.clone()))
        })
}

/// Runs the command line `args` (program name first) and returns the exit code.
pub fn run<I, T>(args: I, io: &mut Io<'_>) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    limits::start_clock();
    let parsed = command()
        .try_get_matches_from(help_without_help_flag(args))
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => return error::clap_exit(&e, io),
    };
    let json = cli.json;
    let answered = |done: CliResult| done.map(|()| Exit::Answered);
    let exit = match cli.command {
        Command::Demo => answered(cmd::demo::run(json, io)),
        Command::Jass(cmd) => answered(cmd::jass::run(cmd, json, io)),
        Command::Tchu(cmd) => answered(cmd::tchu::run(cmd, json, io)),
        Command::Camicia(args) => cmd::camicia::run(args, json, io),
        Command::Solve(cmd) => answered(cmd::solve::run(cmd, json, io)),
        Command::Tour(args) => answered(cmd::tour::run(args, json, io)),
        Command::Completions { .. } | Command::Man { .. } if json => Err(CliError::new(
            "completions and man pages are scripts and roff, not answers: drop --json",
        )),
        Command::Completions { shell } => answered(cmd::shell::completions(shell, io)),
        Command::Man { path } => answered(cmd::shell::man_page(&path, io)),
    };
    let exit = exit.and_then(|exit| io.out.flush().map(|()| exit).map_err(CliError::from));
    error::exit_code(exit, io)
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
