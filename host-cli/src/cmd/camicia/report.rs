//! A hunt's report, in one form for everything that writes or reads one:
//! `hunt` prints it, `merge` reads shards of it back and prints their union,
//! and a checkpoint is the report so far, in the same lines under the same
//! seal.
//!
//! Its lines (`--json`): the [`Summary`] (the counts, the time, the hunt's
//! parameters), one [`Listed`] line per deal of the lists (by cards, by
//! tricks, then the loops), and the [`Seal`]: how many lines came before it
//! and their FNV-1a hash, so that a truncated or edited file is told from a
//! whole one. [`read`] reads a report back and believes nothing it has not
//! checked: the seal, the counts against the chunks, and every listed deal,
//! played again.

use std::io::{self, Write};

use plateau::Budget;
use plateau::camicia::Status as Game;
use plateau::camicia::hunt::{Entry, Hunt, Order, Shard};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};

use super::parse_packed;
use crate::error::{CliResult, shorten};
use crate::limits::number_in;
use crate::output::{self, Answer, Seconds, Status, Stop, write_json};

/// Loop deals kept in a report.
pub(crate) const LOOPS_KEPT: usize = 20;

/// What a hunt (or several) found: the core's tally, and the time it took.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub(crate) tally: plateau::camicia::hunt::Tally<Vec<Entry>>,
    pub(crate) seconds: f64,
    pub(crate) thread_seconds: f64,
    /// Processor time the threads got (less than `thread_seconds` on a busy machine).
    pub(crate) cpu_seconds: f64,
}

impl Report {
    /// Returns an empty report listing `top` deals by cards and by tricks.
    pub(crate) fn new(top: usize) -> Report {
        Report::with_room([top, top, LOOPS_KEPT])
    }

    /// Returns an empty report whose lists (by cards, by tricks, loops) keep
    /// `room` deals each.
    fn with_room(room: [usize; 3]) -> Report {
        Report {
            tally: plateau::camicia::hunt::Tally::new_in(
                vec![Entry::EMPTY; room[0]],
                vec![Entry::EMPTY; room[1]],
                vec![Entry::EMPTY; room[2]],
            ),
            seconds: 0.0,
            thread_seconds: 0.0,
            cpu_seconds: 0.0,
        }
    }

    /// Adds another report (the result does not depend on the order).
    pub(crate) fn absorb(&mut self, other: &Report) {
        self.tally.absorb(&other.tally);
        self.thread_seconds += other.thread_seconds;
        self.cpu_seconds += other.cpu_seconds;
    }

    /// The three lists, in the order the report prints them, with their
    /// order and kind.
    fn lists(&self) -> [(&'static str, &'static str, Order, &[Entry]); 3] {
        let t = &self.tally;
        [
            (
                "longest by cards",
                "by-cards",
                Order::CardsFirst,
                t.by_cards.as_slice(),
            ),
            (
                "longest by tricks",
                "by-tricks",
                Order::TricksFirst,
                t.by_tricks.as_slice(),
            ),
            ("loops", "loop", Order::CardsFirst, t.loop_deals.as_slice()),
        ]
    }
}

/// What makes two runs the same hunt: a checkpoint is only resumed by a hunt
/// of equal parameters, and only shards of one hunt merge.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Params {
    pub(crate) seed: u64,
    /// `K/N`.
    pub(crate) shard: String,
    /// `--deals` (none: until `--seconds` stops it).
    pub(crate) deals: Option<u64>,
    /// `--seconds` (none: until `--deals` are played).
    pub(crate) seconds: Option<f64>,
    pub(crate) fresh: bool,
    pub(crate) max_rounds: u64,
    /// `--top`; none in the reports of plateau before it was written down.
    pub(crate) top: Option<usize>,
}

impl Params {
    /// Names the first parameter, other than those in `skip`, that differs
    /// from `other`'s: its flag, this value, the other value.
    pub(crate) fn difference(
        &self,
        other: &Params,
        skip: &[&str],
    ) -> Option<(&'static str, String, String)> {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "none".to_string());
        let of = |p: &Params| {
            [
                ("--seed", p.seed.to_string()),
                ("--shard", p.shard.clone()),
                ("--deals", opt(p.deals.map(|d| d.to_string()))),
                ("--seconds", opt(p.seconds.map(|s| s.to_string()))),
                ("--fresh", p.fresh.to_string()),
                ("--max-rounds", p.max_rounds.to_string()),
                ("--top", opt(p.top.map(|t| t.to_string()))),
            ]
        };
        of(self)
            .into_iter()
            .zip(of(other))
            .find(|((flag, a), (_, b))| a != b && !skip.contains(flag))
            .map(|((flag, a), (_, b))| (flag, a, b))
    }

    /// Returns shard `(K, N)` of `K/N`.
    pub(crate) fn shard_k_n(&self) -> Result<(u64, u64), String> {
        let (k, n) = self
            .shard
            .split_once('/')
            .ok_or_else(|| format!("shard '{}': expected K/N", shorten(&self.shard)))?;
        let n = number_in(n, 1, u64::MAX).map_err(|why| format!("shard N: {why}"))?;
        let k = number_in(k, 1, n).map_err(|why| format!("shard K: {why}"))?;
        Ok((k, n))
    }
}

/// Who produced a report and how it stands, besides its tally.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Header {
    pub(crate) params: Params,
    /// Threads in all.
    pub(crate) threads: u64,
    /// The hunts (tasks) that ran them: 1 for a hunt, the shards for a merge.
    pub(crate) tasks: u64,
    /// Whether every deal asked was played (`status: found`).
    pub(crate) complete: bool,
    /// What stopped the hunt before its deals, if anything did.
    pub(crate) stop: Option<Stop>,
    /// For a merge: the places of each list (by cards, by tricks, loops)
    /// that the shards' lists prove.
    pub(crate) proven: Option<[usize; 3]>,
}

/// The first line of a report: the counts, the rate, who produced them and
/// the hunt's parameters.
#[derive(Serialize, Deserialize)]
pub(crate) struct Summary {
    /// `found`; `exhausted` for a hunt that `--seconds` or Ctrl-C stopped
    /// before its deals, or a checkpoint of one under way.
    status: Status,
    /// `summary`.
    kind: Kind,
    #[serde(deserialize_with = "whole")]
    deals: u64,
    #[serde(deserialize_with = "whole")]
    chunks: u64,
    #[serde(deserialize_with = "whole")]
    finished: u64,
    #[serde(deserialize_with = "whole")]
    loops: u64,
    #[serde(deserialize_with = "whole")]
    exhausted: u64,
    #[serde(deserialize_with = "whole")]
    cards_of_finished: u64,
    #[serde(default, deserialize_with = "seconds")]
    seconds: Seconds,
    #[serde(default, deserialize_with = "seconds")]
    thread_seconds: Seconds,
    #[serde(default, deserialize_with = "seconds")]
    cpu_seconds: Seconds,
    // The rates follow from the counts and times: written, not read.
    #[serde(skip_deserializing)]
    deals_per_second: u64,
    #[serde(skip_deserializing)]
    deals_per_second_per_thread: u64,
    #[serde(skip_deserializing)]
    deals_per_cpu_second: u64,
    #[serde(deserialize_with = "whole")]
    threads: u64,
    #[serde(deserialize_with = "whole")]
    tasks: u64,
    #[serde(deserialize_with = "whole")]
    seed: u64,
    /// `K/N` for a hunt, `N/N` for a merge of every shard.
    shard: String,
    /// The hunt's `--deals` (all shards together), if given.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    asked_deals: Option<u64>,
    /// The hunt's `--seconds`, if given.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_seconds"
    )]
    asked_seconds: Option<f64>,
    fresh: bool,
    #[serde(deserialize_with = "whole")]
    max_rounds: u64,
    /// The deals the hunt kept by cards and by tricks (`--top`).
    #[serde(default, deserialize_with = "some_whole")]
    top: Option<u64>,
    /// For a merge: the places by cards, by tricks and of the loops that the
    /// shards' lists prove (the lines listed).
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    proven_by_cards: Option<u64>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    proven_by_tricks: Option<u64>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    proven_loops: Option<u64>,
    /// `seconds` or `interrupt`, for a hunt stopped before its deals.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    stopped_by: Option<Stop>,
}

/// The `kind` of a report's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Kind {
    #[serde(rename = "summary")]
    Summary,
    #[serde(rename = "by-cards")]
    ByCards,
    #[serde(rename = "by-tricks")]
    ByTricks,
    #[serde(rename = "loop")]
    Loop,
}

/// A deal of a report's lists.
#[derive(Serialize, Deserialize)]
struct Listed {
    /// The game's: `finished` (the lists by cards and by tricks) or `loop`.
    status: Status,
    kind: Kind,
    /// The deal, compact (`A/B`).
    deal: String,
    #[serde(deserialize_with = "whole")]
    cards: u64,
    #[serde(deserialize_with = "whole")]
    tricks: u64,
}

/// The last line of a report: how many lines came before it and their
/// FNV-1a hash, so that a truncated or edited file is told from a whole one.
#[derive(Serialize, Deserialize)]
struct Seal {
    /// `end`.
    event: String,
    /// The lines before this one.
    lines: u64,
    /// FNV-1a (64 bits, hex) of those lines, each with its newline.
    fnv64: String,
}

/// FNV-1a, 64 bits: enough to tell a damaged file, not meant against forgery.
pub(crate) fn fnv64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A whole number as the tool reads every number: a JSON number or a string
/// of digits (so `-1`, `1.5` and `"x"` get the words of every other number).
fn whole<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let text = Text::deserialize(d)?.0;
    number_in(&text, 0, u64::MAX)
        .map_err(|why| de::Error::custom(format!("'{}': {why}", shorten(&text))))
}

fn some_whole<'de, D: Deserializer<'de>, T: TryFrom<u64>>(d: D) -> Result<Option<T>, D::Error> {
    let n = whole(d)?;
    T::try_from(n)
        .map(Some)
        .map_err(|_| de::Error::custom(format!("'{n}': too large")))
}

/// Seconds from 0 up.
fn seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Seconds, D::Error> {
    let text = Text::deserialize(d)?.0;
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(Seconds(s)),
        _ => Err(de::Error::custom(format!(
            "'{}': expected a number of seconds from 0 up",
            shorten(&text)
        ))),
    }
}

fn some_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    seconds(d).map(|s| Some(s.0))
}

/// A JSON number or string, as its text.
struct Text(String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl de::Visitor<'_> for Visit {
            type Value = Text;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl Summary {
    /// The summary of `r` as `header` says it was produced.
    fn new(r: &Report, header: &Header) -> Summary {
        let t = &r.tally;
        let per = |time: f64| t.deals as f64 / time.max(1e-9);
        // `as` saturates: a rate is a whole number of deals a second.
        let whole = |rate: f64| rate.round() as u64;
        let p = &header.params;
        let proven = |i: usize| header.proven.map(|p| p[i] as u64);
        Summary {
            status: if header.complete {
                Status::Found
            } else {
                Status::Exhausted
            },
            kind: Kind::Summary,
            deals: t.deals,
            chunks: t.chunks,
            finished: t.finished,
            loops: t.loops,
            exhausted: t.exhausted,
            cards_of_finished: t.cards_of_finished,
            seconds: Seconds(r.seconds),
            thread_seconds: Seconds(r.thread_seconds),
            cpu_seconds: Seconds(r.cpu_seconds),
            deals_per_second: whole(per(r.seconds)),
            deals_per_second_per_thread: whole(per(r.thread_seconds)),
            deals_per_cpu_second: whole(per(r.cpu_seconds)),
            threads: header.threads,
            tasks: header.tasks,
            seed: p.seed,
            shard: p.shard.clone(),
            asked_deals: p.deals,
            asked_seconds: p.seconds,
            fresh: p.fresh,
            max_rounds: p.max_rounds,
            top: p.top.map(|t| t as u64),
            proven_by_cards: proven(0),
            proven_by_tricks: proven(1),
            proven_loops: proven(2),
            stopped_by: header.stop,
        }
    }

    /// The parameters of the hunt that produced it.
    fn params(&self) -> Params {
        Params {
            seed: self.seed,
            shard: self.shard.clone(),
            deals: self.asked_deals,
            seconds: self.asked_seconds,
            fresh: self.fresh,
            max_rounds: self.max_rounds,
            // Checked by `header`.
            top: self.top.and_then(|t| usize::try_from(t).ok()),
        }
    }

    /// What the summary says of the hunt that produced it.
    fn header(&self) -> Result<Header, String> {
        if let Some(t) = self.top.filter(|&t| usize::try_from(t).is_err()) {
            return Err(format!("top '{t}': too large"));
        }
        let params = self.params();
        params.shard_k_n()?;
        let complete = match self.status {
            Status::Found => true,
            Status::Exhausted => false,
            other => return Err(format!("status '{other}': expected found or exhausted")),
        };
        Ok(Header {
            params,
            threads: self.threads,
            tasks: self.tasks,
            complete,
            stop: self.stopped_by,
            proven: None,
        })
    }
}

impl Answer for Summary {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        // A hunt stopped early says how many deals it was asked for: a
        // shard, its share of the hunt's; a merge, the hunt's.
        let of_asked = match self.asked_deals {
            Some(d) if !matches!(self.status, Status::Found) => {
                let shard = self
                    .params()
                    .shard_k_n()
                    .ok()
                    .and_then(|(k, n)| Shard::new(k, n).ok());
                let asked = match shard {
                    Some(shard) if self.tasks == 1 => shard.share(Budget::new(d)).get(),
                    _ => d,
                };
                format!(" of the {asked} asked")
            }
            _ => String::new(),
        };
        if self.tasks > 1 || self.proven_by_cards.is_some() {
            write!(
                out,
                "merged: {} deal{}{of_asked} ({} chunk{}) from {} task{} on {} thread{} (seed {}, shards {})",
                self.deals,
                plural(self.deals),
                self.chunks,
                plural(self.chunks),
                self.tasks,
                plural(self.tasks),
                self.threads,
                plural(self.threads),
                self.seed,
                self.shard,
            )?;
        } else {
            write!(
                out,
                "hunt: {} deal{}{of_asked} ({} chunk{}) in {:.1} s on {} thread{} (seed {}, shard {})",
                self.deals,
                plural(self.deals),
                self.chunks,
                plural(self.chunks),
                self.seconds.0,
                self.threads,
                plural(self.threads),
                self.seed,
                self.shard,
            )?;
        }
        match self.stopped_by {
            Some(stop) => writeln!(out, ", stopped by {}", stop.flag())?,
            None if !matches!(self.status, Status::Found) => writeln!(out, ", not finished")?,
            None => writeln!(out)?,
        }
        let per = |time: f64| self.deals as f64 / time.max(1e-9) / 1e6;
        writeln!(
            out,
            "rate: {:.3} M deals/s, {:.3} M deals/s per thread, {:.3} M deals per processor second",
            per(self.seconds.0),
            per(self.thread_seconds.0),
            per(self.cpu_seconds.0)
        )?;
        writeln!(
            out,
            "finished: {}, loops: {}, exhausted: {}; {:.1} cards per finished game",
            self.finished,
            self.loops,
            self.exhausted,
            self.cards_of_finished as f64 / self.finished.max(1) as f64
        )
    }
}

/// Renders a report: the summary, then the lists, and with `json` the seal.
pub(crate) fn render(r: &Report, header: &Header, json: bool) -> CliResult<Vec<u8>> {
    let mut out = Vec::new();
    let summary = Summary::new(r, header);
    output::emit_to(&mut out, json, &summary)?;
    let asked = header.params.top.unwrap_or(usize::MAX);
    for (i, (title, kind, _, list)) in r.lists().into_iter().enumerate() {
        let kind = match kind {
            "by-cards" => Kind::ByCards,
            "by-tricks" => Kind::ByTricks,
            _ => Kind::Loop,
        };
        let all = list.len();
        let shown = header.proven.map_or(all, |p| p[i].min(all));
        let list = &list[..shown];
        if json {
            for f in list {
                let (status, cards, tricks) =
                    output::game(&plateau::search::Outcome::Done(f.ending));
                let listed = Listed {
                    status,
                    kind,
                    deal: f.deal.to_string(),
                    cards,
                    tricks,
                };
                write_json(&mut out, &listed)?;
            }
            continue;
        }
        // A merge says when the shards' lists prove fewer places than it holds.
        let wanted = if i == 2 { LOOPS_KEPT } else { asked };
        if shown < all {
            writeln!(
                out,
                "{title} ({shown} of the {wanted} asked: the shards' lists prove no more places):"
            )?;
        } else {
            writeln!(out, "{title}:")?;
        }
        if list.is_empty() {
            writeln!(out, "  none found")?;
        }
        for f in list {
            writeln!(
                out,
                "  {:>5} cards {:>4} tricks  {}",
                f.ending.cards, f.ending.tricks, f.deal
            )?;
        }
    }
    if json {
        let seal = Seal {
            event: "end".to_string(),
            lines: out.iter().filter(|&&b| b == b'\n').count() as u64,
            fnv64: format!("{:016x}", fnv64(&out)),
        };
        write_json(&mut out, &seal)?;
    }
    Ok(out)
}

/// A report read back ([`read`]): what its summary says, its tally, and how
/// much each of its lists could hold (the hunt's `--top`, or the deals
/// listed when an older report does not say).
pub(crate) struct Read {
    pub(crate) header: Header,
    pub(crate) report: Report,
    pub(crate) room: [usize; 3],
}

impl Read {
    /// The last deal of each list that was full (its hunt may have seen more
    /// deals than it kept, all ranking after this one): the bound of the
    /// places that a merge of it proves.
    pub(crate) fn bounds(&self) -> [Option<Entry>; 3] {
        let lists = self.report.lists();
        std::array::from_fn(|i| {
            let list = lists[i].3;
            (list.len() >= self.room[i])
                .then(|| list.last().copied())
                .flatten()
        })
    }
}

/// Splits `text` into the reports it holds: one file may hold several,
/// one after another (shards concatenated on standard input). Each ends at
/// its seal; `\r\n` line ends read as `\n`. Returns each report's lines
/// (without their ends) and the number of its first line in `text`.
pub(crate) fn split(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut reports = Vec::new();
    let mut lines = Vec::new();
    let mut first = 1;
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if lines.is_empty() && line.trim().is_empty() {
            first = i + 2;
            continue;
        }
        lines.push(line);
        if line.contains("\"event\"") && serde_json::from_str::<Seal>(line.trim()).is_ok() {
            reports.push((first, std::mem::take(&mut lines)));
            first = i + 2;
        }
    }
    // A report cut before its seal: up to its last line that is not blank.
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    if !lines.is_empty() {
        reports.push((first, lines));
    }
    reports
}

/// The words of a JSON line's error: serde_json's message without its " at
/// line L column C" (the caller names the line). A value refused by the
/// tool's own reading (a number's words) comes after its key (the lines are
/// flat objects: the last key before the column), and says so (`true`).
fn message(e: &serde_json::Error, line: &str) -> (String, bool) {
    let text = e.to_string();
    let text = text.rfind(" at line ").map_or(&*text, |i| &text[..i]);
    let before = line.get(..e.column()).unwrap_or(line);
    let key = before.rfind("\":").and_then(|end| {
        let start = before[..end].rfind('"')? + 1;
        Some(&before[start..end])
    });
    match key {
        Some(key) if e.is_data() && text.starts_with('\'') => (format!("{key} {text}"), true),
        _ => (text.to_string(), false),
    }
}

/// Reads one report (`lines`, the first numbered `first` in its file): its
/// seal, its summary, its counts against its chunks, and every listed deal
/// played again under its `--max-rounds`. Errors are `(line, why)`.
pub(crate) fn read(lines: &[&str], first: usize) -> Result<Read, (usize, String)> {
    let at = |i: usize| first + i;
    let head = lines.first().map_or("", |l| l.trim());
    let summary: Summary = serde_json::from_str(head).map_err(|e| {
        let why = if head.starts_with('{') && e.is_data() {
            if head.contains("\"plateau camicia hunt checkpoint\"") {
                "a checkpoint of an older plateau (format version 1): start the hunt afresh".into()
            } else {
                // A number's own words, or what the line lacks.
                let (why, about_a_value) = message(&e, head);
                if about_a_value {
                    why
                } else {
                    format!("expected the summary of `plateau camicia hunt --json`: {why}")
                }
            }
        } else {
            "expected the summary of `plateau camicia hunt --json`".to_string()
        };
        (at(0), why)
    })?;
    if summary.kind != Kind::Summary {
        return Err((
            at(0),
            "expected the summary of `plateau camicia hunt --json`".into(),
        ));
    }
    let last = lines.len().saturating_sub(1);
    let seal: Seal = serde_json::from_str(lines[last].trim())
        .ok()
        .filter(|s: &Seal| s.event == "end" && last > 0)
        .ok_or_else(|| {
            (
                at(last),
                "the report ends without its end line (truncated?)".to_string(),
            )
        })?;
    let body = &lines[..last];
    let mut hashed = String::new();
    for l in body {
        hashed.push_str(l);
        hashed.push('\n');
    }
    if seal.lines != body.len() as u64 || seal.fnv64 != format!("{:016x}", fnv64(hashed.as_bytes()))
    {
        return Err((
            at(last),
            "the lines above do not match their hash (edited or cut?)".into(),
        ));
    }
    let header = summary.header().map_err(|why| (at(0), why))?;
    check_counts(&summary, header.tasks).map_err(|why| (at(0), why))?;
    let mut listed = Vec::new();
    for (i, line) in body.iter().enumerate().skip(1) {
        let entry: Listed = serde_json::from_str(line.trim()).map_err(|e| {
            let why = if line.trim_start().starts_with('{') {
                message(&e, line.trim()).0
            } else {
                "not a JSON object".to_string()
            };
            (at(i), why)
        })?;
        listed.push((at(i), entry));
    }
    let count = |k: Kind| listed.iter().filter(|(_, l)| l.kind == k).count();
    // An older report does not say its --top: its lists count as full.
    let room = match header.params.top {
        Some(top) => [top, top, LOOPS_KEPT],
        None => [count(Kind::ByCards), count(Kind::ByTricks), LOOPS_KEPT],
    };
    let mut report = Report::with_room(room);
    let t = &mut report.tally;
    t.deals = summary.deals;
    t.chunks = summary.chunks;
    t.finished = summary.finished;
    t.loops = summary.loops;
    t.exhausted = summary.exhausted;
    t.cards_of_finished = summary.cards_of_finished;
    report.seconds = summary.seconds.0;
    report.thread_seconds = summary.thread_seconds.0;
    report.cpu_seconds = summary.cpu_seconds.0;
    let rounds = Budget::new(header.params.max_rounds);
    for (line, entry) in &listed {
        let found = replay(entry, rounds).map_err(|why| (*line, why))?;
        let list = match entry.kind {
            Kind::Summary => {
                return Err((
                    *line,
                    "a second summary: one report's lines at a time".into(),
                ));
            }
            Kind::ByCards => &mut report.tally.by_cards,
            Kind::ByTricks => &mut report.tally.by_tricks,
            Kind::Loop => &mut report.tally.loop_deals,
        };
        if !list.insert(found) {
            return Err((
                *line,
                format!(
                    "deal '{}' is listed twice, or more deals are listed than the hunt kept (--top)",
                    shorten(&entry.deal)
                ),
            ));
        }
    }
    Ok(Read {
        header,
        report,
        room,
    })
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Summary => "summary",
        Kind::ByCards => "by-cards",
        Kind::ByTricks => "by-tricks",
        Kind::Loop => "loop",
    }
}

/// Checks a summary's counts: the games add up to the deals, and (for one
/// hunt) the deals are those of its first chunks.
fn check_counts(s: &Summary, tasks: u64) -> Result<(), String> {
    let games = s
        .finished
        .checked_add(s.loops)
        .and_then(|n| n.checked_add(s.exhausted));
    if games != Some(s.deals) {
        return Err(format!(
            "the games (finished {}, loops {}, exhausted {}) do not add up to the {} deals",
            s.finished, s.loops, s.exhausted, s.deals
        ));
    }
    if tasks == 1 {
        let deals = s.asked_deals.map_or(Budget::UNLIMITED, Budget::new);
        let (k, n) = s.params().shard_k_n()?;
        let shard = Shard::new(k, n).map_err(|e| e.to_string())?;
        let expected: Option<u64> = (0..s.chunks)
            .map(|i| Hunt::chunk_deals(deals, shard.chunk(i)).map(|b| b.get()))
            .sum();
        if expected != Some(s.deals) {
            return Err(format!(
                "{} deals in {} chunks do not add up",
                s.deals, s.chunks
            ));
        }
    }
    Ok(())
}

/// Plays a listed deal again: it must play as listed, and be of its list.
fn replay(listed: &Listed, rounds: Budget) -> Result<Entry, String> {
    let deal = parse_packed(&listed.deal)
        .map_err(|why| format!("deal '{}': {why}", shorten(&listed.deal)))?;
    let outcome = deal.simulate(rounds);
    let (status, cards, tricks) = output::game(&outcome);
    if (cards, tricks) != (listed.cards, listed.tricks) {
        return Err(format!(
            "deal '{}' plays {cards} cards and {tricks} tricks, not {} and {}",
            listed.deal, listed.cards, listed.tricks
        ));
    }
    let want = match listed.kind {
        Kind::Loop => Game::Loop,
        _ => Game::Finished,
    };
    match outcome.done() {
        Some(&ending) if ending.status == want => Ok(Entry { deal, ending }),
        _ => Err(format!(
            "deal '{}' is a {status} game, not a {} entry",
            listed.deal,
            kind_name(listed.kind)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv64_has_its_published_values() {
        // The FNV test vectors (draft-eastlake-fnv): "" and "a".
        assert_eq!(fnv64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn reports_are_split_at_their_seals_and_crlf_reads_as_lf() {
        let text = "{\"a\":1}\r\n{\"event\":\"end\",\"lines\":1,\"fnv64\":\"0\"}\r\n\n{\"b\":2}\n{\"event\":\"end\",\"lines\":1,\"fnv64\":\"0\"}\n";
        let parts = split(text);
        assert_eq!(parts.len(), 2);
        assert_eq!(
            parts[0],
            (
                1,
                vec![
                    "{\"a\":1}",
                    "{\"event\":\"end\",\"lines\":1,\"fnv64\":\"0\"}"
                ]
            )
        );
        assert_eq!(parts[1].0, 4);
    }
}
