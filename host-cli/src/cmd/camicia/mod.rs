//! `plateau camicia`: simulate Beggar-my-neighbour deals, trace a game, hunt for
//! record deals and merge hunts.
//!
//! The deal notation (compact `A/B`, spaced `A | B`, two hands) is read by the
//! core (`str::parse`, `Deal::from_hand_texts`); its errors are worded here,
//! with the text they point at. A game is a `Simulation` driven by the one
//! driver (`limits::drive`); `trace` replays it card by card, `hunt`
//! searches for records, `loops` constructs games that never end, and
//! `merge` combines the shards of either.

mod construct;
mod deck;
mod hunt;
mod loops;
mod merge;
mod record;
mod sched;
mod trace;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use plateau::camicia::{
    CamiciaError, Cycle, Deal, GameOutcome, PackedDeal, Player, Rank, Simulation,
};
use serde::{Deserialize, Serialize};

use crate::Io;
use crate::error::{CliError, CliResult, Exit, bad};
use crate::input::{content_lines, numbered_lines, read_text};
use crate::limits::{self, Budgets, Limits, SECONDS_NAME, STEPS_NAME};
use crate::output::{self, Answer, Status, Stop};
use crate::progress::{self, Progress};
use hunt::HuntArgs;

/// Rounds played at most by default: the longest known game has 1,165.
pub(crate) const DEFAULT_MAX_ROUNDS: u64 = 1_000_000;

/// `--max-rounds` (alias `--max-steps`) of `camicia` and `camicia trace`.
fn rounds(arg: clap::Arg) -> clap::Arg {
    arg.long("max-rounds")
        .visible_alias("max-steps")
        .default_value("1000000")
        .help("Rounds to play at most before giving up (status `exhausted`): the step budget, in rounds")
}
/// Blocks of 64 cards of the largest deal the tool takes.
const WIDE: usize = 16;
/// Cards the tool takes in one deal.
pub(crate) const MAX_CARDS: usize = Deal::<WIDE>::CAPACITY;

/// Simulate a deal to its end or to a loop: status, cards played, tricks.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    mut_arg("max_steps", rounds),
    mut_arg("seconds", |a| a.help("Give up the same way after about this many seconds, in all for --batch (default: no time limit)"))
)]
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
    #[command(flatten)]
    budgets: Budgets,
}

#[derive(Subcommand, Debug)]
enum CamiciaAction {
    /// Play a deal card by card: round, A's hand, B's hand, pile, penalty owed.
    #[command(after_help = "Example: plateau camicia trace \"J 2 3\" \"4 J 5\"")]
    Trace(TraceArgs),
    /// Search 52-card deals for the longest games and for loops.
    #[command(
        after_help = "Example: plateau camicia hunt --seconds 5 --threads 1 --seed 7 --shard 1/4"
    )]
    Hunt(HuntArgs),
    /// Construct 52-card deals whose games never end, and their cycles.
    ///
    /// From the cycles of known looping deals (Casella et al.'s, and --from),
    /// by backward play and by perturbing the states found; every deal printed
    /// is checked by the exact simulation.
    #[command(after_help = "Examples:
  plateau camicia loops --seconds 60
  plateau camicia loops --max-steps 100000 --seed 7 --json
  plateau camicia loops --split any --seconds 5
  plateau camicia loops --max-steps 100000 --shard 1/2 --json --output loops-1.jsonl")]
    Loops(loops::LoopsArgs),
    /// Combine the shards of one hunt or loops search (`--json` outputs), verified.
    ///
    /// Each file must be whole and of the same search, each shard once, none
    /// missing, and every listed deal must play as listed. A `loops` output
    /// is told from a hunt's report by its lines (it begins with a cycle
    /// line); its merge is the output of the search in one piece.
    #[command(after_help = "Examples:
  plateau camicia merge shard-1.jsonl shard-2.jsonl --json
  plateau camicia merge loops-1.jsonl loops-2.jsonl loops-3.jsonl")]
    Merge {
        /// Files written by `plateau camicia hunt --json` or `plateau camicia
        /// loops --json` (or their checkpoints), one per shard; `-` reads
        /// standard input.
        #[arg(value_name = "FILE", default_value = "-")]
        files: Vec<PathBuf>,
        /// Deals to list by cards and by tricks, 1 to 1000 (a hunt's merge).
        #[arg(long, default_value_t = hunt::DEFAULT_TOP, value_parser = hunt::parse_top, allow_negative_numbers = true)]
        top: usize,
    },
}

/// The arguments of `plateau camicia trace`.
#[derive(Args, Debug)]
#[command(
    mut_arg("max_steps", rounds),
    mut_arg("seconds", |a| a.help("Play at most the rounds that about this many seconds allow (default: no time limit)"))
)]
pub(crate) struct TraceArgs {
    /// A's hand and B's hand, or one deal (as for `plateau camicia`).
    #[arg(value_name = "DEAL", num_args = 1.., allow_hyphen_values = true)]
    deal: Vec<String>,
    #[command(flatten)]
    budgets: Budgets,
}

/// Runs a `plateau camicia` command: the hunt may pause, the others answer.
pub(crate) fn run(mut args: CamiciaArgs, json: bool, io: &mut Io<'_>) -> CliResult<Exit> {
    match args.action.take() {
        Some(CamiciaAction::Hunt(hunt)) => hunt::run(&hunt, json, io),
        Some(CamiciaAction::Loops(loops)) => loops::run(&loops, json, io),
        Some(CamiciaAction::Trace(trace)) => trace_game(trace, json, io).map(|()| Exit::Answered),
        Some(CamiciaAction::Merge { files, top }) => {
            merge::run(&files, top, json, io).map(|()| Exit::Answered)
        }
        None => game(args, json, io).map(|()| Exit::Answered),
    }
}

/// Runs `plateau camicia trace`.
fn trace_game(mut trace: TraceArgs, mut json: bool, io: &mut Io<'_>) -> CliResult {
    flags_among_hands(&mut trace.deal, &mut json, &mut trace.budgets)?;
    if trace.deal.is_empty() {
        return Err(CliError::new(
            "give a deal to trace: two hands, or one deal A/B (see --help)",
        ));
    }
    let deal = deal_from_args(&trace.deal)?;
    trace::run(&deal, &trace.budgets.limits(), json, io)
}

/// Runs `plateau camicia DEAL` and `plateau camicia --batch FILE`.
fn game(mut args: CamiciaArgs, mut json: bool, io: &mut Io<'_>) -> CliResult {
    if let Some(path) = &args.batch {
        return batch(path, &args.budgets, json, io);
    }
    flags_among_hands(&mut args.deal, &mut json, &mut args.budgets)?;
    if args.deal.is_empty() {
        return Err(CliError::new(
            "give a deal (two hands, or A/B), --batch FILE, or a subcommand (see --help)",
        ));
    }
    let deal = deal_from_args(&args.deal)?;
    let progress = Progress::new(io, json, "rounds", Progress::len_of(args.budgets.max_steps));
    let (outcome, stop) = play(&deal, &args.budgets.limits(), &progress);
    drop(progress);
    output::emit(io, json, &Game::of(&deal, &outcome, stop))
}

/// Takes `--json`, `--max-rounds N` (or `--max-steps N`) and `--seconds S` out
/// of the hands: the hands accept values starting with `-` (compact deals do),
/// so clap hands these flags over as hands when they come after them. A bad
/// value gets clap's words.
fn flags_among_hands(deal: &mut Vec<String>, json: &mut bool, budget: &mut Budgets) -> CliResult {
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
                budget.max_steps =
                    limits::parse_steps(&value).map_err(|why| invalid(STEPS_NAME, why))?;
            }
        } else {
            kept.push(word);
        }
    }
    *deal = kept;
    Ok(())
}

/// Words an error of the deal notation, quoting the card it points at in
/// `text` (the deal's, or the hand's for an error of a hand given alone).
fn describe(e: CamiciaError, text: &str) -> String {
    match e {
        CamiciaError::NotACard {
            player,
            card,
            at,
            len,
        } => format!(
            "{player}'s card {card} '{}' is not a card (2-10, J, Q, K, A, or - for any number card)",
            crate::error::shorten(text.get(at..at + len).unwrap_or_default())
        ),
        CamiciaError::NoSeparator => {
            "missing '/' between A's and B's hands (compact A/B, or spaced A | B)".to_string()
        }
        CamiciaError::TooManyCards { cards, .. } => {
            format!("{cards} cards, more than the {MAX_CARDS} a deal may hold")
        }
        other => other.to_string(),
    }
}

/// Refuses a deal with no card at all (`/`, two empty hands): no game, as
/// a batch with no deal is none.
const NO_CARD: &str = "no card in either hand: a deal needs at least one card";

/// Reads the deal of the command line: two hands, or one deal.
fn deal_from_args<S: AsRef<str>>(args: &[S]) -> CliResult<Deal<WIDE>> {
    let deal = read_deal(args)?;
    if deal.total() == 0 {
        return Err(match args {
            [deal] => bad("deal", deal.as_ref(), NO_CARD),
            _ => CliError::new("both hands are empty: a deal needs at least one card"),
        });
    }
    Ok(deal)
}

/// Reads two hands, or one deal.
fn read_deal<S: AsRef<str>>(args: &[S]) -> CliResult<Deal<WIDE>> {
    // A whole deal, then more words: options written after the deal, read
    // as hands (a hand may begin with `-`, a number card).
    if let [deal, more @ ..] = args
        && deal.as_ref().contains('/')
        && let Some(next) = more.first()
    {
        return Err(CliError::new(format!(
            "'{}' after the deal A/B would be read as a hand: give options before the deal",
            next.as_ref()
        )));
    }
    match args {
        [deal] => {
            let deal = deal.as_ref();
            deal.parse()
                .map_err(|e| bad("deal", deal, describe(e, deal)))
        }
        [a, b] => {
            let (a, b) = (a.as_ref(), b.as_ref());
            Deal::from_hand_texts(a, b).map_err(|e| match e {
                CamiciaError::NotACard {
                    player: Player::A, ..
                } => bad("A's hand", a, describe(e, a)),
                CamiciaError::NotACard { .. } => bad("B's hand", b, describe(e, b)),
                _ => CliError::new(describe(e, "")),
            })
        }
        _ => Err(CliError::new(format!(
            "expected two hands or one deal A/B, not {} arguments (quote each hand: \"2 A 7\")",
            args.len()
        ))),
    }
}

/// The deal on one word of bit planes, if it fits (the faster engine).
fn narrow(deal: &Deal<WIDE>) -> Option<Deal<1>> {
    let a: Vec<Rank> = deal.hand(Player::A).collect();
    let b: Vec<Rank> = deal.hand(Player::B).collect();
    Deal::from_hands(&a, &b).ok()
}

/// Plays `deal` under `limits` (the driver's slices, the deadline, Ctrl-C);
/// returns the outcome and what stopped an exhausted game.
fn play(deal: &Deal<WIDE>, limits: &Limits, progress: &Progress) -> (GameOutcome, Option<Stop>) {
    // (The progress line shows the rounds spent: `drive` sets them.)
    let Ok(driven) = match narrow(deal) {
        Some(deal) => limits::drive(&mut Simulation::new(&deal), limits, progress, |_, _, _| {}),
        None => limits::drive(&mut Simulation::new(deal), limits, progress, |_, _, _| {}),
    };
    driven
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
    /// The cycle of a loop.
    #[serde(skip_serializing_if = "Option::is_none")]
    cycle: Option<CycleInfo>,
    /// What stopped an exhausted game: `max-steps`, `seconds` or `interrupt`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
}

impl Game<'_> {
    fn of(deal: &Deal<WIDE>, o: &GameOutcome, stop: Option<Stop>) -> Self {
        let (status, cards, tricks) = output::game(o);
        Game {
            status,
            line: None,
            deal: None,
            cards,
            tricks,
            cycle: o
                .done()
                .and_then(|end| Cycle::find(deal, end))
                .map(|c| CycleInfo::of(&c)),
            stopped_by: stop,
        }
    }
}

/// A loop's cycle as the CLI writes it: its id, one turn's tricks and cards,
/// and the tricks played before the game enters it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct CycleInfo {
    /// `Cycle::id`, 12 hex digits.
    pub(crate) id: String,
    /// Tricks in one turn of the cycle.
    pub(crate) tricks: u64,
    /// Cards in one turn of the cycle.
    pub(crate) cards: u64,
    /// Tricks before the game enters the cycle.
    pub(crate) entry: u64,
}

impl CycleInfo {
    pub(crate) fn of<const W: usize>(cycle: &Cycle<W>) -> Self {
        CycleInfo {
            id: format!("{:012x}", cycle.id()),
            tricks: cycle.tricks,
            cards: cycle.cards,
            entry: cycle.entry,
        }
    }
}

impl std::fmt::Display for CycleInfo {
    /// `cycle 0795961b5504: 62 tricks and 440 cards a turn, entered after 4 tricks`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.entry == 1 { "" } else { "s" };
        write!(
            f,
            "cycle {}: {} tricks and {} cards a turn, entered after {} trick{plural}",
            self.id, self.tricks, self.cards, self.entry
        )
    }
}

impl Answer for Game<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(
            out,
            "status: {}, cards: {}, tricks: {}",
            self.status, self.cards, self.tricks
        )?;
        if let Some(cycle) = &self.cycle {
            write!(out, "; {cycle}")?;
        }
        match self.stopped_by {
            // The game's budget is in rounds: `--max-rounds` (alias `--max-steps`).
            Some(Stop::MaxSteps) => writeln!(out, "; stopped by --max-rounds"),
            Some(stop) => writeln!(out, "; stopped by {}", stop.flag()),
            None => writeln!(out),
        }
    }
}

/// `--batch`: checks every line first (nothing is played if one is bad, and
/// the error names it), then plays them in order, one answer a line.
fn batch(path: &Path, budget: &Budgets, json: bool, io: &mut Io<'_>) -> CliResult {
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
    let limits = budget.limits();
    let progress = Progress::new(io, json, "deals", Some(deals));
    // Ctrl-C between two deals ends the batch too, after the answers so far.
    let _section = progress::Interruptible::open();
    let mut lines = content_lines(&text).enumerate();
    while let Some((done, (n, line))) = lines.next() {
        let deal = batch_deal(&text, &name, n, line)?;
        let (outcome, stop) = play(&deal, &limits, &Progress::hidden());
        let answer = Game {
            line: Some(n),
            deal: Some(line),
            ..Game::of(&deal, &outcome, stop)
        };
        output::emit(io, json, &answer)?;
        progress.set(done as u64 + 1);
        // Ctrl-C ends the batch after the line it stopped, and says so.
        if let Some(signal) = progress::signal() {
            if let Some((_, (next, _))) = lines.next() {
                let left = deals.saturating_sub(done as u64 + 1);
                output::emit(io, json, &output::Unplayed::new(signal, next, left))?;
            }
            break;
        }
    }
    Ok(())
}

/// Parses the deal on line `n` of a batch, or says where it is wrong.
fn batch_deal(text: &str, name: &str, n: usize, line: &str) -> CliResult<Deal<WIDE>> {
    let deal: Deal<WIDE> = line.parse().map_err(|e| {
        let offset = match e {
            CamiciaError::NotACard { at, .. } => at,
            _ => 0,
        };
        // `content_lines` trims the line: find where it starts in the raw line.
        let raw = numbered_lines(text).nth(n - 1).map_or("", |(_, l)| l);
        let lead = raw.len() - raw.trim_start().len();
        let column = raw
            .get(..lead + offset)
            .map_or(1, |s| s.chars().count() + 1);
        CliError::new(format!(
            "{name}: line {n}, column {column}: {}",
            describe(e, line)
        ))
    })?;
    if deal.total() == 0 {
        return Err(CliError::new(format!("{name}: line {n}: {NO_CARD}")));
    }
    Ok(deal)
}

/// Parses a compact 52-card-or-smaller deal for the hunt's files: `A/B`.
fn parse_packed(text: &str) -> Result<PackedDeal, String> {
    // Parsed at the tool's capacity first, so that a long deal is called
    // too long for the deal, as it always was.
    let deal: Deal<WIDE> = text.parse().map_err(|e| describe(e, text))?;
    PackedDeal::from_deal(&deal).map_err(|e| match e {
        CamiciaError::TooManyCards { .. } => {
            "the hands hold more cards than the deal's capacity".to_string()
        }
        _ => e.to_string(),
    })
}
