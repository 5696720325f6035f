//! `plateau jass`: packed Jass scores.

use std::io::{self, Write};

use clap::Subcommand;
use plateau::jass::{
    MAX_GAME_POINTS, MAX_TRICKS, MAX_TURN_POINTS, PackedScore, Score, TeamId, TeamScore,
};
use serde::Serialize;

use crate::Io;
use crate::error::{CliError, CliResult, bad};
use crate::limits::number_in;
use crate::output::{Answer, Status, emit};

/// Jass scores packed in 64 bits (team 1 low half, team 2 high half).
#[derive(Subcommand, Debug)]
pub(crate) enum JassCommand {
    /// Print the score after each event, starting from the initial score.
    #[command(after_help = "Example: plateau jass score 1:13 2:18 next")]
    Score {
        /// `T:P` (team T, 1 or 2, wins a trick worth P points, 0 to 257) or `next` (next turn).
        #[arg(required = true, value_name = "EVENT", allow_negative_numbers = true)]
        events: Vec<String>,
    },
    /// Pack both teams' (tricks, turn points, game points) into one hex value.
    #[command(after_help = "Example: plateau jass pack 1 13 0 0 0 0   (prints 0x00000000000000d1)")]
    Pack {
        /// Tricks (0 to 9), turn points (0 to 257) and game points (0 to 2000) of team 1, then of team 2.
        #[arg(num_args = 6, required = true, allow_negative_numbers = true, value_names = FIELDS)]
        fields: Vec<String>,
    },
    /// Print a packed hex value as `(tricks,turn,game)/(tricks,turn,game)`.
    #[command(after_help = "Example: plateau jass unpack 0xd1")]
    Unpack {
        /// Up to 16 hex digits, with or without `0x`.
        #[arg(allow_hyphen_values = true)]
        hex: String,
    },
}

/// The names of `jass pack`'s six numbers, in order.
const FIELDS: [&str; 6] = ["T1", "P1", "G1", "T2", "P2", "G2"];

/// Runs a `plateau jass` command.
pub(crate) fn run(cmd: JassCommand, json: bool, io: &mut Io<'_>) -> CliResult {
    match cmd {
        JassCommand::Score { events } => {
            // Every event is checked before the first score is printed.
            for (event, s) in scores(&events)?.into_iter().enumerate() {
                let answer = ScoreAnswer {
                    events: Some(event),
                    ..ScoreAnswer::new(s.packed(), Shown::Text)
                };
                emit(io, json, &answer)?;
            }
            Ok(())
        }
        JassCommand::Pack { fields } => {
            let packed = pack(&fields)?;
            emit(io, json, &ScoreAnswer::new(packed, Shown::Hex))
        }
        JassCommand::Unpack { hex: text } => {
            let packed = parse_hex(&text)?;
            emit(io, json, &ScoreAnswer::new(packed, Shown::Text))
        }
    }
}

/// What the text of a [`ScoreAnswer`] shows.
#[derive(Clone, Copy, Debug)]
enum Shown {
    /// `(tricks,turn,game)/(tricks,turn,game)` (`score`, `unpack`).
    Text,
    /// The packed hex value (`pack`).
    Hex,
}

/// One score: the answer of `jass pack` and `jass unpack`, and of each event
/// of `jass score` (one answer per line, `events` 0 for the initial score).
#[derive(Serialize)]
struct ScoreAnswer {
    status: Status,
    /// The score after this many events (`jass score` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<usize>,
    packed: String,
    text: String,
    #[serde(skip)]
    shown: Shown,
}

impl ScoreAnswer {
    fn new(s: PackedScore, shown: Shown) -> Self {
        ScoreAnswer {
            status: Status::Found,
            events: None,
            packed: hex(s),
            text: s.to_string(),
            shown,
        }
    }
}

impl Answer for ScoreAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.shown {
            Shown::Text => writeln!(out, "{}", self.text),
            Shown::Hex => writeln!(out, "{}", self.packed),
        }
    }
}

/// Applies the events one by one; returns every score from the initial one on.
fn scores(events: &[String]) -> CliResult<Vec<Score>> {
    let mut s = Score::INITIAL;
    let mut all = vec![s];
    for (i, text) in events.iter().enumerate() {
        let what = format!("event {}", i + 1);
        let next = if text.eq_ignore_ascii_case("next") {
            s.next_turn()
        } else {
            let (team, points) = text
                .split_once(':')
                .ok_or_else(|| bad(&what, text, "expected TEAM:POINTS (like 1:13) or next"))?;
            let team = team
                .parse::<u8>()
                .ok()
                .and_then(TeamId::from_number)
                .ok_or_else(|| bad(&what, text, "the team must be 1 or 2"))?;
            // No trick is worth more than a whole turn.
            let points = number_in(points, 0, u64::from(MAX_TURN_POINTS))
                .map_err(|why| bad(&what, text, format!("points: {why}")))?;
            let points =
                u32::try_from(points).map_err(|_| bad(&what, text, "points: too large"))?;
            s.with_additional_trick(team, points)
        };
        s = next.map_err(|e| bad(&what, text, e))?;
        all.push(s);
    }
    Ok(all)
}

/// Packs `jass pack`'s six numbers, each checked against its field's maximum.
fn pack(fields: &[String]) -> CliResult<PackedScore> {
    let maxima = [MAX_TRICKS, MAX_TURN_POINTS, MAX_GAME_POINTS];
    let mut v = [0u32; 6];
    for (i, ((slot, text), name)) in v.iter_mut().zip(fields).zip(FIELDS).enumerate() {
        let max = maxima.get(i % 3).copied().unwrap_or(0);
        let n = number_in(text, 0, u64::from(max)).map_err(|why| bad(name, text, why))?;
        *slot = u32::try_from(n).map_err(|_| bad(name, text, "too large"))?;
    }
    let team = |i: usize| TeamScore {
        tricks: v[i],
        turn_points: v[i + 1],
        game_points: v[i + 2],
    };
    PackedScore::pack(team(0), team(3)).map_err(|_| {
        CliError::new(format!(
            "cannot pack {}: tricks must be at most {MAX_TRICKS}, turn points at most {MAX_TURN_POINTS}, game points at most {MAX_GAME_POINTS}",
            fields.join(" "),
        ))
    })
}

/// Formats a packed score as `0x` and 16 lowercase hex digits.
fn hex(s: PackedScore) -> String {
    format!("{:#018x}", s.bits())
}

fn parse_hex(text: &str) -> CliResult<PackedScore> {
    let wrong = || {
        bad(
            "packed score",
            text,
            "expected up to 16 hex digits, like 0xd1",
        )
    };
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if digits.is_empty() || digits.len() > 16 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(wrong());
    }
    let bits = u64::from_str_radix(digits, 16).map_err(|_| wrong())?;
    let packed = PackedScore::from_bits(bits);
    Score::from_packed(packed).map_err(|e| bad("packed score", text, e))?;
    Ok(packed)
}
