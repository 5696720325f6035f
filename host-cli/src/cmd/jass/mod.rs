//! `plateau jass`: packed Jass scores.

use clap::Subcommand;
use plateau::jass::{
    MAX_GAME_POINTS, MAX_TRICKS, MAX_TURN_POINTS, PackedScore, Score, ScoreError, TeamId, TeamScore,
};
use serde_json::json;

use crate::error::{CliError, CliResult, bad};
use crate::Io;
use crate::output::write_json;

/// Jass scores packed in 64 bits (team 1 low half, team 2 high half).
#[derive(Subcommand, Debug)]
pub enum JassCommand {
    /// Print the score after each event, starting from the initial score.
    #[command(after_help = "Example: plateau jass score 1:13 2:18 next")]
    Score {
        /// `T:P` (team T, 1 or 2, wins a trick worth P points) or `next` (next turn).
        #[arg(required = true, value_name = "EVENT")]
        events: Vec<String>,
    },
    /// Pack both teams' (tricks, turn points, game points) into one hex value.
    #[command(after_help = "Example: plateau jass pack 1 13 0 0 0 0   (prints 0x00000000000000d1)")]
    Pack {
        /// Tricks, turn points and game points of team 1, then of team 2.
        #[arg(num_args = 6, required = true, allow_negative_numbers = true, value_names = ["T1", "P1", "G1", "T2", "P2", "G2"])]
        fields: Vec<String>,
    },
    /// Print a packed hex value as `(tricks,turn,game)/(tricks,turn,game)`.
    #[command(after_help = "Example: plateau jass unpack 0xd1")]
    Unpack {
        /// Up to 16 hex digits, with or without `0x`.
        hex: String,
    },
}

/// Runs a `plateau jass` command.
pub fn run(cmd: JassCommand, json: bool, io: &mut Io<'_>) -> CliResult {
    match cmd {
        JassCommand::Score { events } => {
            for s in scores(&events)? {
                print_score(s.packed(), json, io)?;
            }
        }
        JassCommand::Pack { fields } => {
            let names = ["T1", "P1", "G1", "T2", "P2", "G2"];
            let mut v = [0u32; 6];
            for ((slot, text), name) in v.iter_mut().zip(&fields).zip(names) {
                *slot = text.parse().map_err(|_| {
                    if text.parse::<u128>().is_ok() {
                        bad(name, text, format!("too large ({})", maxima("")))
                    } else {
                        bad(name, text, "not a whole number from 0 upwards")
                    }
                })?;
            }
            let team = |i: usize| TeamScore {
                tricks: v[i],
                turn_points: v[i + 1],
                game_points: v[i + 2],
            };
            let packed = PackedScore::pack(team(0), team(3)).map_err(|_| {
                CliError::new(format!(
                    "cannot pack {}: {}",
                    fields.join(" "),
                    maxima("must be ")
                ))
            })?;
            if json {
                print_score(packed, true, io)?;
            } else {
                writeln!(io.out, "{}", hex(packed))?;
            }
        }
        JassCommand::Unpack { hex: text } => {
            let packed = parse_hex(&text)?;
            print_score(packed, json, io)?;
        }
    }
    Ok(())
}

/// Applies the events one by one; returns every score from the initial one on.
pub fn scores(events: &[String]) -> CliResult<Vec<Score>> {
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
            let points: u32 = points.parse().map_err(|_| {
                let digits = !points.is_empty() && points.bytes().all(|b| b.is_ascii_digit());
                if digits {
                    // Past u32: the core would refuse the points anyway.
                    bad(&what, text, ScoreError::TooManyTurnPoints { team })
                } else {
                    bad(
                        &what,
                        text,
                        "the points must be a whole number from 0 upwards",
                    )
                }
            })?;
            s.with_additional_trick(team, points)
        };
        s = next.map_err(|e| bad(&what, text, e))?;
        all.push(s);
    }
    Ok(all)
}

/// The fields' maxima in words, `lead` before the first: with "must be ",
/// "tricks must be at most 9, turn points at most 257, game points at most 2000".
fn maxima(lead: &str) -> String {
    format!(
        "tricks {lead}at most {MAX_TRICKS}, turn points at most {MAX_TURN_POINTS}, game points at most {MAX_GAME_POINTS}"
    )
}

/// Formats a packed score as `0x` and 16 lowercase hex digits.
pub fn hex(s: PackedScore) -> String {
    format!("{:#018x}", s.bits())
}

fn parse_hex(text: &str) -> CliResult<PackedScore> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if digits.is_empty() || digits.len() > 16 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad(
            "packed score",
            text,
            "expected up to 16 hex digits, like 0xd1",
        ));
    }
    let bits = u64::from_str_radix(digits, 16).map_err(|_| {
        bad(
            "packed score",
            text,
            "expected up to 16 hex digits, like 0xd1",
        )
    })?;
    let packed = PackedScore::from_bits(bits);
    Score::from_packed(packed).map_err(|e| bad("packed score", text, e))?;
    Ok(packed)
}

fn print_score(s: PackedScore, json: bool, io: &mut Io<'_>) -> CliResult {
    if json {
        write_json(io.out, &json!({ "packed": hex(s), "text": s.to_string() }))
    } else {
        writeln!(io.out, "{s}")?;
        Ok(())
    }
}
