//! `plateau camicia`: simulate Beggar-my-neighbour deals, trace a game, hunt for
//! record deals and merge hunts.
//!
//! The deal notation (compact `A/B`, spaced `A | B`, two hands) is read here;
//! `trace` streams a game card by card, `hunt` and `merge` search for records.

mod checkpoint;
mod hunt;
mod merge;
mod report;
mod sched;
mod trace;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use plateau::camicia::{CamiciaError, Deal, Outcome, PackedDeal, Player, Rank};
use serde::Serialize;

use crate::Io;
use crate::error::{CliError, CliResult, bad};
use crate::input::{content_lines, numbered_lines, read_text};
use crate::limits::{self, Limits, SECONDS_NAME, STEPS_NAME};
use crate::output::{self, Answer, Status, Stop};
use crate::progress::{self, Progress};
use hunt::HuntArgs;

/// Rounds played at most by default: the longest known game has 1,165.
pub(crate) const DEFAULT_MAX_ROUNDS: u64 = 1_000_000;
/// Blocks of 64 cards of the largest deal the tool takes.
const WIDE: usize = 16;
/// Cards the tool takes in one deal.
pub(crate) const MAX_CARDS: usize = Deal::<WIDE>::CAPACITY;

/// Simulate a deal to its end or to a loop: status, cards played, tricks.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_help = "Examples:
  plateau camicia \"2 A 7 8 Q 10\" \"3 4 5 6 K 9 J\"     (status: finished, cards: 13, tricks: 1)
  plateau camicia ---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---
  plateau camicia --batch deals.txt")]
pub(crate) struct CamiciaArgs {
    #[command(subcommand)]
    action: Option<CamiciaAction>,
    /// A's hand and B's hand (`"2 A 7 8 Q 10" "3 4 5 6 K 9 J"`), or one deal:
    /// compact `---AJ--Q/-K--` (`-` any number card) or spaced `2 A 7 | 3 K`.
    #[arg(value_name = "DEAL", num_args = 1.., allow_hyphen_values = true)]
    deal: Vec<String>,
    /// Read one deal per line from FILE, or from standard input (`-` or nothing).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", conflicts_with = "deal")]
    batch: Option<PathBuf>,
    /// Rounds to play at most before giving up (status `exhausted`): the step
    /// budget, in rounds.
    #[arg(long, value_name = STEPS_NAME, default_value_t = DEFAULT_MAX_ROUNDS, visible_alias = "max-steps",
          value_parser = limits::parse_steps, allow_negative_numbers = true)]
    max_rounds: u64,
    /// Give up the same way after about this many seconds, in all for --batch
    /// (default: no time limit).
    #[arg(long, value_name = SECONDS_NAME, value_parser = limits::parse_seconds, allow_negative_numbers = true)]
    seconds: Option<f64>,
}

#[derive(Subcommand, Debug)]
enum CamiciaAction {
    /// Play a deal card by card: round, A's hand, B's hand, pile, penalty owed.
    #[command(after_help = "Example: plateau camicia trace \"J 2 3\" \"4 J 5\"")]
    Trace {
        /// A's hand and B's hand, or one deal (as for `plateau camicia`).
        #[arg(value_name = "DEAL", num_args = 1.., allow_hyphen_values = true)]
        deal: Vec<String>,
        /// Rounds to play at most: the step budget, in rounds.
        #[arg(long, value_name = STEPS_NAME, default_value_t = DEFAULT_MAX_ROUNDS, visible_alias = "max-steps",
              value_parser = limits::parse_steps, allow_negative_numbers = true)]
        max_rounds: u64,
        /// Play at most the rounds that about this many seconds allow (default:
        /// no time limit).
        #[arg(long, value_name = SECONDS_NAME, value_parser = limits::parse_seconds, allow_negative_numbers = true)]
        seconds: Option<f64>,
    },
    /// Search 52-card deals for the longest games and for loops.
    #[command(
        after_help = "Example: plateau camicia hunt --seconds 5 --threads 1 --seed 7 --shard 1/4"
    )]
    Hunt(HuntArgs),
    /// Combine the shards of one hunt (`hunt --json` outputs), verified.
    ///
    /// Each file must be whole and of the same hunt, each shard once, none
    /// missing, and every listed deal must play as listed.
    #[command(after_help = "Example: plateau camicia merge shard-1.jsonl shard-2.jsonl --json")]
    Merge {
        /// Files written by `plateau camicia hunt --json`, one per shard;
        /// `-` reads standard input.
        #[arg(value_name = "FILE", default_value = "-")]
        files: Vec<PathBuf>,
        /// Deals to list by cards and by tricks, 1 to 1000.
        #[arg(long, default_value_t = hunt::DEFAULT_TOP, value_parser = hunt::parse_top, allow_negative_numbers = true)]
        top: usize,
    },
}

/// Runs a `plateau camicia` command.
pub(crate) fn run(args: CamiciaArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let mut args = args;
    let mut json = json;
    match args.action {
        Some(CamiciaAction::Trace {
            mut deal,
            max_rounds,
            seconds,
        }) => {
            let mut budget = Budget {
                max_rounds,
                seconds,
            };
            flags_among_hands(&mut deal, &mut json, &mut budget)?;
            if deal.is_empty() {
                return Err(CliError::new(
                    "give a deal to trace: two hands, or one deal A/B (see --help)",
                ));
            }
            let (a, b) = deal_from_args(&deal)?;
            let limits = Limits::new(budget.max_rounds, budget.seconds);
            trace::run(&a, &b, &limits, json, io)
        }
        Some(CamiciaAction::Hunt(hunt)) => hunt::run(&hunt, json, io),
        Some(CamiciaAction::Merge { files, top }) => merge::run(&files, top, json, io),
        None => {
            let mut budget = Budget {
                max_rounds: args.max_rounds,
                seconds: args.seconds,
            };
            if let Some(path) = &args.batch {
                return batch(path, budget, json, io);
            }
            flags_among_hands(&mut args.deal, &mut json, &mut budget)?;
            if args.deal.is_empty() {
                return Err(CliError::new(
                    "give a deal (two hands, or A/B), --batch FILE, or a subcommand (see --help)",
                ));
            }
            let (a, b) = deal_from_args(&args.deal)?;
            let limits = Limits::new(budget.max_rounds, budget.seconds);
            let progress = Progress::new(io, json, "rounds", Some(budget.max_rounds));
            let (outcome, stop) = simulate_within(&a, &b, &limits, &progress)?;
            drop(progress);
            output::emit(io, json, &Game::of(outcome, stop))
        }
    }
}

/// The budget of a game: `--max-rounds` (alias `--max-steps`) and `--seconds`.
#[derive(Clone, Copy, Debug)]
struct Budget {
    max_rounds: u64,
    seconds: Option<f64>,
}

/// Takes `--json`, `--max-rounds N` (or `--max-steps N`) and `--seconds S` out
/// of the hands: the hands accept values starting with `-` (compact deals do),
/// so clap hands these flags over as hands when they come after them. A bad
/// value gets clap's words.
fn flags_among_hands(deal: &mut Vec<String>, json: &mut bool, budget: &mut Budget) -> CliResult {
    let mut kept = Vec::new();
    let mut words = std::mem::take(deal).into_iter();
    while let Some(word) = words.next() {
        let flag = ["--max-rounds", "--max-steps", "--seconds"]
            .into_iter()
            .find(|f| word == *f || word.strip_prefix(f).is_some_and(|v| v.starts_with('=')));
        if word == "--json" {
            *json = true;
        } else if let Some(flag) = flag {
            let value = match word.strip_prefix(flag).and_then(|v| v.strip_prefix('=')) {
                Some(v) => v.to_string(),
                None => words.next().unwrap_or_default(),
            };
            let invalid = |placeholder: &str, why: String| {
                CliError::new(format!(
                    "invalid value '{}' for '{flag} <{placeholder}>': {why} (see --help)",
                    crate::error::shorten(&value)
                ))
            };
            if flag == "--seconds" {
                let s = limits::parse_seconds(&value).map_err(|why| invalid(SECONDS_NAME, why))?;
                budget.seconds = Some(s);
            } else {
                budget.max_rounds =
                    limits::parse_steps(&value).map_err(|why| invalid(STEPS_NAME, why))?;
            }
        } else {
            kept.push(word);
        }
    }
    *deal = kept;
    Ok(())
}

/// A card that is not one, at a position of a hand.
struct CardError {
    player: Player,
    index: usize,
    /// Byte offset of the card in the text it came from.
    offset: usize,
    card: String,
}

impl CardError {
    fn describe(&self) -> String {
        format!(
            "{}'s card {} '{}' is not a card (2-10, J, Q, K, A, or - for any number card)",
            self.player,
            self.index,
            crate::error::shorten(&self.card)
        )
    }
}

/// Splits `text` into (byte offset, token) at white space.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, text.get(s..i).unwrap_or_default()));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.get(s..).unwrap_or_default()));
    }
    out
}

/// Parses a hand: spaced ranks (`2 A 10`), or one compact word (`-A--J`).
fn parse_hand(text: &str, player: Player, base: usize) -> Result<Vec<Rank>, CardError> {
    let words = tokens(text);
    if let [(offset, word)] = words.as_slice()
        && Rank::from_symbol(word).is_none()
    {
        return word
            .char_indices()
            .enumerate()
            .map(|(n, (i, c))| {
                Rank::from_compact(c).ok_or_else(|| CardError {
                    player,
                    index: n + 1,
                    offset: base + offset + i,
                    card: c.to_string(),
                })
            })
            .collect();
    }
    words
        .iter()
        .enumerate()
        .map(|(n, (offset, word))| {
            Rank::from_symbol(word).ok_or_else(|| CardError {
                player,
                index: n + 1,
                offset: base + offset,
                card: (*word).to_string(),
            })
        })
        .collect()
}

/// Why a deal's text was refused, with the byte offset where it went wrong.
enum DealError {
    Card(CardError),
    NoSeparator,
    TooMany(usize),
}

impl DealError {
    fn describe(&self) -> String {
        match self {
            DealError::Card(e) => e.describe(),
            DealError::NoSeparator => {
                "missing '/' between A's and B's hands (compact A/B, or spaced A | B)".to_string()
            }
            DealError::TooMany(n) => {
                format!("{n} cards, more than the {MAX_CARDS} a deal may hold")
            }
        }
    }

    fn offset(&self) -> usize {
        match self {
            DealError::Card(e) => e.offset,
            _ => 0,
        }
    }
}

/// Parses one deal: `A/B` or `A | B`, each hand compact or spaced.
fn parse_deal(text: &str) -> Result<(Vec<Rank>, Vec<Rank>), DealError> {
    let at = text
        .find('/')
        .or_else(|| text.find('|'))
        .ok_or(DealError::NoSeparator)?;
    let (a, b) = (
        text.get(..at).unwrap_or_default(),
        text.get(at + 1..).unwrap_or_default(),
    );
    let a = parse_hand(a, Player::A, 0).map_err(DealError::Card)?;
    let b = parse_hand(b, Player::B, at + 1).map_err(DealError::Card)?;
    check_size(&a, &b)?;
    Ok((a, b))
}

fn check_size(a: &[Rank], b: &[Rank]) -> Result<(), DealError> {
    let total = a.len() + b.len();
    if total > MAX_CARDS {
        return Err(DealError::TooMany(total));
    }
    Ok(())
}

/// Reads the deal of the command line: two hands, or one deal.
fn deal_from_args<S: AsRef<str>>(args: &[S]) -> CliResult<(Vec<Rank>, Vec<Rank>)> {
    match args {
        [deal] => {
            let deal = deal.as_ref();
            parse_deal(deal).map_err(|e| bad("deal", deal, e.describe()))
        }
        [a, b] => {
            let (a, b) = (a.as_ref(), b.as_ref());
            let ha = parse_hand(a, Player::A, 0).map_err(|e| bad("A's hand", a, e.describe()))?;
            let hb = parse_hand(b, Player::B, 0).map_err(|e| bad("B's hand", b, e.describe()))?;
            check_size(&ha, &hb).map_err(|e| CliError::new(e.describe()))?;
            Ok((ha, hb))
        }
        _ => Err(CliError::new(format!(
            "expected two hands or one deal A/B, not {} arguments (quote each hand: \"2 A 7\")",
            args.len()
        ))),
    }
}

/// Simulates a parsed deal under `limits` (growing round budgets under a
/// deadline, answering on Ctrl-C); returns the outcome and what stopped it.
fn simulate_within(
    a: &[Rank],
    b: &[Rank],
    limits: &Limits,
    progress: &Progress,
) -> CliResult<(Outcome, Option<Stop>)> {
    let ((outcome, _), stop) = rounds_within(a, b, limits, progress)?;
    Ok((outcome, stop))
}

/// Simulates a parsed deal under `limits`; returns the outcome with the round
/// budget of the run that gave it, and what stopped it (`None`: the game
/// ended or looped).
fn rounds_within(
    a: &[Rank],
    b: &[Rank],
    limits: &Limits,
    progress: &Progress,
) -> CliResult<((Outcome, u64), Option<Stop>)> {
    let ((outcome, rounds), stop) = limits::run_within(
        limits,
        progress,
        |rounds| Ok((simulate(a, b, rounds), rounds)),
        |(outcome, _)| outcome.status == plateau::camicia::Status::Exhausted,
    )?;
    // A game that ended on its own is never called exhausted.
    let stop = stop.filter(|_| outcome.status == plateau::camicia::Status::Exhausted);
    Ok(((outcome, rounds), stop))
}

/// Simulates a parsed deal (at most [`MAX_CARDS`] cards).
fn simulate(a: &[Rank], b: &[Rank], max_rounds: u64) -> Outcome {
    if let Ok(deal) = Deal::<1>::from_hands(a, b) {
        return deal.simulate(plateau::Budget::new(max_rounds));
    }
    match Deal::<WIDE>::from_hands(a, b) {
        Ok(deal) => deal.simulate(plateau::Budget::new(max_rounds)),
        // Sizes are checked when parsing.
        Err(_) => Outcome {
            status: plateau::camicia::Status::Exhausted,
            cards: 0,
            tricks: 0,
            rounds: 0,
        },
    }
}

/// The shared status of a game's outcome.
fn status_of(status: plateau::camicia::Status) -> Status {
    match status {
        plateau::camicia::Status::Finished => Status::Finished,
        plateau::camicia::Status::Loop => Status::Loop,
        plateau::camicia::Status::Exhausted => Status::Exhausted,
    }
}

/// The answer for one game: `status`, with the batch line and deal it came
/// from, the cards and tricks played, and what stopped an exhausted game.
#[derive(Serialize, Debug)]
struct Game<'a> {
    /// `finished`, `loop` or `exhausted`.
    status: Status,
    /// The input line of a `--batch` deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// A `--batch` deal as written on its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    deal: Option<&'a str>,
    /// Cards put on the pile (for an exhausted game, within the budget).
    cards: u64,
    /// Takes of a non-empty pile (the same).
    tricks: u64,
    /// What stopped an exhausted game: `max-steps`, `seconds` or `interrupt`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
}

impl Game<'_> {
    fn of(o: Outcome, stop: Option<Stop>) -> Self {
        Game {
            status: status_of(o.status),
            line: None,
            deal: None,
            cards: o.cards,
            tricks: o.tricks,
            stopped_by: stop,
        }
    }
}

impl Answer for Game<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "status: {}, cards: {}, tricks: {}",
            self.status, self.cards, self.tricks
        )
    }
}

/// `--batch`: checks every line first (nothing is played if one is bad, and
/// the error names it), then plays them in order, one answer a line.
fn batch(path: &Path, budget: Budget, json: bool, io: &mut Io<'_>) -> CliResult {
    let text = read_text(Some(path), io)?;
    let name = if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let mut deals = 0u64;
    for (n, line) in content_lines(&text) {
        batch_deal(&text, &name, n, line)?;
        deals += 1;
    }
    if deals == 0 {
        return Err(CliError::new(format!(
            "{name} holds no deal (one per line: A/B compact, or spaced hands separated by ' | ')"
        )));
    }
    // One deadline for the whole file.
    let limits = Limits::new(budget.max_rounds, budget.seconds);
    let progress = Progress::new(io, json, "deals", Some(deals));
    // Ctrl-C between two deals ends the batch too, after the answers so far.
    let _section = progress::Interruptible::open();
    for (done, (n, line)) in content_lines(&text).enumerate() {
        let (a, b) = batch_deal(&text, &name, n, line)?;
        let (outcome, stop) = simulate_within(&a, &b, &limits, &Progress::hidden())?;
        let answer = Game {
            line: Some(n),
            deal: Some(line),
            ..Game::of(outcome, stop)
        };
        output::emit(io, json, &answer)?;
        progress.set(done as u64 + 1);
        // Ctrl-C ends the batch after the line it stopped.
        if progress::interrupted() {
            break;
        }
    }
    Ok(())
}

/// Parses the deal on line `n` of a batch, or says where it is wrong.
fn batch_deal(text: &str, name: &str, n: usize, line: &str) -> CliResult<(Vec<Rank>, Vec<Rank>)> {
    parse_deal(line).map_err(|e| {
        // `content_lines` trims the line: find where it starts in the raw line.
        let raw = numbered_lines(text).nth(n - 1).map_or("", |(_, l)| l);
        let lead = raw.len() - raw.trim_start().len();
        let column = raw
            .get(..lead + e.offset())
            .map_or(1, |s| s.chars().count() + 1);
        CliError::new(format!(
            "{name}: line {n}, column {column}: {}",
            e.describe()
        ))
    })
}

/// Parses a compact 52-card-or-smaller deal for the hunt's files: `A/B`.
fn parse_packed(text: &str) -> Result<PackedDeal, String> {
    let (a, b) = parse_deal(text).map_err(|e| e.describe())?;
    let row: Vec<Rank> = a.iter().chain(&b).copied().collect();
    PackedDeal::from_row(&row, a.len()).map_err(|e| match e {
        CamiciaError::TooManyCards { .. } => {
            "the hands hold more cards than the deal's capacity".to_string()
        }
        _ => e.to_string(),
    })
}
