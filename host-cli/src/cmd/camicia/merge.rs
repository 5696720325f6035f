//! `plateau camicia merge`: the union of hunts' `--json` outputs, every deal
//! played again before it is believed.

use std::fmt;
use std::path::{Path, PathBuf};

use plateau::Budget;
use plateau::camicia::Status;
use plateau::camicia::hunt::Found;
use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::hunt::{Report, print_report};
use super::{DEFAULT_MAX_ROUNDS, parse_packed};
use crate::Io;
use crate::error::{CliError, CliResult, shorten};
use crate::input::{content_lines, read_text};
use crate::limits::number_in;

/// A line of `hunt --json`, by its `kind`; other keys are ignored.
#[derive(serde::Deserialize)]
#[serde(tag = "kind")]
enum Record {
    #[serde(rename = "summary")]
    Summary(SummaryIn),
    #[serde(rename = "by-cards")]
    ByCards(ListedIn),
    #[serde(rename = "by-tricks")]
    ByTricks(ListedIn),
    #[serde(rename = "loop")]
    Loop(ListedIn),
}

/// The counts and times of a summary line.
#[derive(serde::Deserialize)]
struct SummaryIn {
    deals: Option<Word>,
    chunks: Option<Word>,
    finished: Option<Word>,
    loops: Option<Word>,
    exhausted: Option<Word>,
    cards_of_finished: Option<Word>,
    seconds: Option<Word>,
    thread_seconds: Option<Word>,
    cpu_seconds: Option<Word>,
}

/// A listed deal with what it is said to play.
#[derive(serde::Deserialize)]
struct ListedIn {
    deal: Option<Word>,
    cards: Option<Word>,
    tricks: Option<Word>,
}

/// A JSON number, string, boolean or null as its text, checked by whoever
/// reads the key (so `-1`, `1.5` and `"x"` get the words of every other
/// number the tool reads).
struct Word(String);

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = Word;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or a string")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Word, E> {
                Ok(Word(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Word, E> {
                Ok(Word(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Word, E> {
                Ok(Word(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Word, E> {
                Ok(Word(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Word, E> {
                Ok(Word(v.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Word, E> {
                Ok(Word("null".to_string()))
            }
        }
        d.deserialize_any(Text)
    }
}

/// Reads the whole number under `key`.
fn whole(key: &str, word: Option<&Word>) -> Result<u64, String> {
    let word = word.ok_or_else(|| format!("missing whole number '{key}'"))?;
    number_in(&word.0, 0, u64::MAX).map_err(|why| format!("{key} '{}': {why}", shorten(&word.0)))
}

/// Reads the seconds under `key` (0 when missing).
fn seconds(key: &str, word: Option<&Word>) -> Result<f64, String> {
    let Some(word) = word else { return Ok(0.0) };
    match word.0.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!(
            "{key} '{}': expected a number of seconds from 0 up",
            shorten(&word.0)
        )),
    }
}

/// Adds `n` to the count `to`.
fn add(to: &mut u64, key: &str, n: u64) -> Result<(), String> {
    *to = to
        .checked_add(n)
        .ok_or_else(|| format!("the {key} add up to more than {}", u64::MAX))?;
    Ok(())
}

/// Reads hunts' JSON outputs (`-`: standard input), checks every deal by
/// playing it, and prints the union.
pub(crate) fn run(files: &[PathBuf], top: usize, json: bool, io: &mut Io<'_>) -> CliResult {
    let mut total = Report::new(top);
    for path in files {
        let text = read_text(Some(path), io)?;
        let name = if path == Path::new("-") {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        for (n, line) in content_lines(&text) {
            absorb_line(&mut total, line)
                .map_err(|why| CliError::new(format!("{name}: line {n}: {why}")))?;
        }
    }
    print_report(&total, None, json, io)
}

/// Adds one line of a hunt's output to `total`.
fn absorb_line(total: &mut Report, line: &str) -> Result<(), String> {
    let record: Record = serde_json::from_str(line).map_err(|e| {
        // A line that is an object of another kind, or a number, is JSON.
        if e.is_data() && line.starts_with('{') {
            "expected an object of `plateau camicia hunt --json`".to_string()
        } else {
            "not a JSON object".to_string()
        }
    })?;
    let (kind, listed) = match record {
        Record::Summary(s) => {
            let t = &mut total.tally;
            add(&mut t.deals, "deals", whole("deals", s.deals.as_ref())?)?;
            add(&mut t.chunks, "chunks", whole("chunks", s.chunks.as_ref())?)?;
            add(
                &mut t.finished,
                "finished",
                whole("finished", s.finished.as_ref())?,
            )?;
            add(&mut t.loops, "loops", whole("loops", s.loops.as_ref())?)?;
            add(
                &mut t.exhausted,
                "exhausted",
                whole("exhausted", s.exhausted.as_ref())?,
            )?;
            let cards = whole("cards_of_finished", s.cards_of_finished.as_ref())?;
            add(&mut t.cards_of_finished, "cards_of_finished", cards)?;
            total.seconds = total.seconds.max(seconds("seconds", s.seconds.as_ref())?);
            total.thread_seconds += seconds("thread_seconds", s.thread_seconds.as_ref())?;
            total.cpu_seconds += seconds("cpu_seconds", s.cpu_seconds.as_ref())?;
            return Ok(());
        }
        Record::ByCards(l) => ("by-cards", l),
        Record::ByTricks(l) => ("by-tricks", l),
        Record::Loop(l) => ("loop", l),
    };
    let deal = listed.deal.ok_or("missing 'deal'")?.0;
    let packed = parse_packed(&deal).map_err(|e| format!("deal '{}': {e}", shorten(&deal)))?;
    let o = packed.simulate(Budget::new(DEFAULT_MAX_ROUNDS));
    let claimed = (
        whole("cards", listed.cards.as_ref())?,
        whole("tricks", listed.tricks.as_ref())?,
    );
    if (o.cards, o.tricks) != claimed {
        return Err(format!(
            "deal '{deal}' plays {} cards and {} tricks, not {} and {}",
            o.cards, o.tricks, claimed.0, claimed.1
        ));
    }
    let f = Found {
        deal: packed,
        outcome: o,
    };
    let t = &mut total.tally;
    match (kind, o.status) {
        ("loop", Status::Loop) => t.loop_deals.insert(f),
        ("by-cards", Status::Finished) => t.by_cards.insert(f),
        ("by-tricks", Status::Finished) => t.by_tricks.insert(f),
        _ => {
            return Err(format!(
                "deal '{deal}' is a {} game, not a {kind} entry",
                o.status
            ));
        }
    };
    Ok(())
}
