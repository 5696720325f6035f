//! `plateau camicia merge`: the union of a sharded hunt's `--json` outputs,
//! verified before it is believed.
//!
//! Each file must be whole (its last line, [`End`], counts the lines before
//! it and hashes them: a truncated or edited file is an error naming the file
//! and line) and the output of one shard of one hunt: the same seed, deals or
//! seconds, `--fresh` and `--max-rounds` in every file, each shard `K/N` once,
//! and every shard of the N there (the missing ones are named). Every listed
//! deal is played again and must play as listed. The merged summary says how
//! many deals the shards covered, on how many tasks and threads.

use std::fmt;
use std::path::{Path, PathBuf};

use plateau::Budget;
use plateau::camicia::Status;
use plateau::camicia::hunt::Entry;
use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::checkpoint::{Params, fnv64};
use super::parse_packed;
use super::report::{End, Of, Report, render};
use crate::Io;
use crate::error::{CliError, CliResult, shorten};
use crate::input::read_text;
use crate::limits::number_in;

/// A line of `hunt --json`, by its `kind`; other keys are ignored.
#[derive(serde::Deserialize)]
#[serde(tag = "kind")]
enum Record {
    #[serde(rename = "summary")]
    Summary(Box<SummaryIn>),
    #[serde(rename = "by-cards")]
    ByCards(ListedIn),
    #[serde(rename = "by-tricks")]
    ByTricks(ListedIn),
    #[serde(rename = "loop")]
    Loop(ListedIn),
}

/// One shard file, read and checked on its own.
struct Shard {
    name: String,
    params: Params,
    k: u64,
    n: u64,
    threads: u64,
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
    threads: Option<Word>,
    tasks: Option<Word>,
    seed: Option<Word>,
    shard: Option<Word>,
    asked_deals: Option<Word>,
    asked_seconds: Option<Word>,
    fresh: Option<Word>,
    max_rounds: Option<Word>,
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

/// Reads the shard files of one hunt (`-`: standard input), checks them (see
/// the module docs) and prints their union.
pub(crate) fn run(files: &[PathBuf], top: usize, json: bool, io: &mut Io<'_>) -> CliResult {
    let mut total = Report::new(top);
    let mut shards: Vec<Shard> = Vec::new();
    for path in files {
        let text = read_text(Some(path), io)?;
        let name = if path == Path::new("-") {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        let shard = read_shard(&name, &text, &mut total)?;
        if let Some(first) = shards.first() {
            // Shards differ in their K by design, and merge sets its own top.
            let skip = ["--shard", "--top"];
            if let Some((flag, there, here)) = first.params.difference(&shard.params, &skip) {
                return Err(CliError::new(format!(
                    "{name}: a shard of another hunt than {}: {flag} {here} here, {there} there",
                    first.name
                )));
            }
            if shard.n != first.n {
                return Err(CliError::new(format!(
                    "{name}: shard {}/{} of a hunt in {} shards, but {} is shard {}/{}",
                    shard.k, shard.n, shard.n, first.name, first.k, first.n
                )));
            }
        }
        if let Some(same) = shards.iter().find(|s| s.k == shard.k) {
            return Err(CliError::new(format!(
                "{name}: shard {}/{} again (also in {})",
                shard.k, shard.n, same.name
            )));
        }
        shards.push(shard);
    }
    let Some(first) = shards.first() else {
        return Err(CliError::new("no shard files to merge"));
    };
    let n = first.n;
    let missing: Vec<String> = (1..=n)
        .filter(|k| !shards.iter().any(|s| s.k == *k))
        .take(10)
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        let more = if (n - shards.len() as u64) > 10 {
            " and more"
        } else {
            ""
        };
        let verb = if missing.len() == 1 && more.is_empty() {
            "is"
        } else {
            "are"
        };
        return Err(CliError::new(format!(
            "shard{} {}{more} {verb} missing: merge every shard of the hunt",
            if verb == "is" { "" } else { "s" },
            missing.join(", ")
        )));
    }
    let mut params = first.params.clone();
    params.shard = format!("{n}/{n}");
    params.top = top;
    let of = Of::Merge {
        params: &params,
        tasks: shards.len() as u64,
        threads: shards.iter().map(|s| s.threads).sum(),
    };
    io.out.write_all(&render(&total, &of, json)?)?;
    Ok(())
}

/// Reads one shard file into `total`: whole, with one summary, every deal
/// checked; returns what it says of its hunt.
fn read_shard(name: &str, text: &str, total: &mut Report) -> CliResult<Shard> {
    let fail = |n: usize, why: String| CliError::new(format!("{name}: line {n}: {why}"));
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    // Not a hunt's output at all, before whether it is whole.
    let first = lines.first().map_or("", |l| l.trim());
    read_summary(first).map_err(|why| fail(1, why))?;
    let Some(last) = lines.iter().rposition(|l| !l.trim().is_empty()) else {
        return Err(CliError::new(format!("{name}: empty: not a hunt's output")));
    };
    let end: End = serde_json::from_str(lines[last].trim())
        .ok()
        .filter(|e: &End| e.event == "end")
        .ok_or_else(|| {
            fail(
                last + 1,
                "the file ends without its end line (truncated?)".into(),
            )
        })?;
    let before = &lines[..last];
    let hashed: String = before.concat();
    if end.lines != before.len() as u64 || end.fnv64 != format!("{:016x}", fnv64(hashed.as_bytes()))
    {
        return Err(fail(
            last + 1,
            "the lines above do not match their hash (edited or cut?)".into(),
        ));
    }
    let first = before.first().map_or("", |l| l.trim());
    let (mut shard, counts) = read_summary(first).map_err(|why| fail(1, why))?;
    absorb_summary(total, &counts).map_err(|why| fail(1, why))?;
    for (i, line) in before.iter().enumerate().skip(1) {
        absorb_line(total, line.trim(), shard.params.max_rounds).map_err(|why| fail(i + 1, why))?;
    }
    shard.name = name.to_string();
    Ok(shard)
}

/// Reads the summary line (the first): a hunt's, of one task.
fn read_summary(line: &str) -> Result<(Shard, SummaryIn), String> {
    let record: Record = serde_json::from_str(line)
        .map_err(|_| "expected the summary of `plateau camicia hunt --json`".to_string())?;
    let Record::Summary(s) = record else {
        return Err("expected the summary of `plateau camicia hunt --json`".to_string());
    };
    if whole("tasks", s.tasks.as_ref())? != 1 {
        return Err("a merge's output, not a hunt's shard: merge the shards themselves".into());
    }
    let shard = s.shard.as_ref().ok_or("missing 'shard'")?;
    let (k, n) = shard
        .0
        .split_once('/')
        .ok_or_else(|| format!("shard '{}': expected K/N", shorten(&shard.0)))?;
    let n = number_in(n, 1, u64::MAX).map_err(|why| format!("shard N: {why}"))?;
    let k = number_in(k, 1, n).map_err(|why| format!("shard K: {why}"))?;
    let fresh = match s.fresh.as_ref().map(|w| w.0.as_str()) {
        Some("true") => true,
        Some("false") => false,
        _ => return Err("fresh: expected true or false".into()),
    };
    let params = Params {
        seed: whole("seed", s.seed.as_ref())?,
        shard: format!("{k}/{n}"),
        deals: s
            .asked_deals
            .as_ref()
            .map(|w| whole("asked_deals", Some(w)))
            .transpose()?,
        seconds: s
            .asked_seconds
            .as_ref()
            .map(|w| seconds("asked_seconds", Some(w)))
            .transpose()?,
        fresh,
        max_rounds: whole("max_rounds", s.max_rounds.as_ref())?,
        top: 0,
    };
    let shard = Shard {
        name: String::new(),
        params,
        k,
        n,
        threads: whole("threads", s.threads.as_ref())?,
    };
    Ok((shard, *s))
}

/// Adds a summary's counts and times to `total`.
fn absorb_summary(total: &mut Report, s: &SummaryIn) -> Result<(), String> {
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
    Ok(())
}

/// Adds one listed deal of a hunt's output to `total`, played again under
/// the hunt's `max_rounds`.
fn absorb_line(total: &mut Report, line: &str, max_rounds: u64) -> Result<(), String> {
    let record: Record = serde_json::from_str(line).map_err(|e| {
        // A line that is an object of another kind, or a number, is JSON.
        if e.is_data() && line.starts_with('{') {
            "expected a listed deal of `plateau camicia hunt --json`".to_string()
        } else {
            "not a JSON object".to_string()
        }
    })?;
    let (kind, listed) = match record {
        Record::Summary(_) => return Err("a second summary: one hunt's output per file".into()),
        Record::ByCards(l) => ("by-cards", l),
        Record::ByTricks(l) => ("by-tricks", l),
        Record::Loop(l) => ("loop", l),
    };
    let deal = listed.deal.ok_or("missing 'deal'")?.0;
    let packed = parse_packed(&deal).map_err(|e| format!("deal '{}': {e}", shorten(&deal)))?;
    let o = packed.simulate(Budget::new(max_rounds));
    let (status, cards, tricks) = crate::output::game(&o);
    let claimed = (
        whole("cards", listed.cards.as_ref())?,
        whole("tricks", listed.tricks.as_ref())?,
    );
    if (cards, tricks) != claimed {
        return Err(format!(
            "deal '{deal}' plays {cards} cards and {tricks} tricks, not {} and {}",
            claimed.0, claimed.1
        ));
    }
    let t = &mut total.tally;
    let ending = o.done().copied();
    match (kind, ending) {
        ("loop", Some(ending)) if ending.status == Status::Loop => t.loop_deals.insert(Entry {
            deal: packed,
            ending,
        }),
        ("by-cards", Some(ending)) if ending.status == Status::Finished => {
            t.by_cards.insert(Entry {
                deal: packed,
                ending,
            })
        }
        ("by-tricks", Some(ending)) if ending.status == Status::Finished => {
            t.by_tricks.insert(Entry {
                deal: packed,
                ending,
            })
        }
        _ => {
            return Err(format!(
                "deal '{deal}' is a {status} game, not a {kind} entry"
            ));
        }
    };
    Ok(())
}
