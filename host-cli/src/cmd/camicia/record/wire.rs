//! A report's lines as written: the [`Summary`] line, one [`Listed`] line a
//! deal, the seal (`seal.rs`); and [`render`], which writes them (or the text
//! form).

use std::io::{self, Write};

use plateau::Budget;
use plateau::camicia::hunt::Shard;
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};

use super::model::{Header, LOOPS_KEPT, Params, Report};
use super::rate;
use super::seal::Sealer;
use crate::error::{CliResult, shorten};
use crate::limits::number_in;
use crate::output::{self, Answer, Seconds, Status, Stop, write_json};

/// The first line of a report: the counts, the rate, who produced them and
/// the hunt's parameters.
#[derive(Serialize, Deserialize)]
pub(crate) struct Summary {
    /// `found`; `exhausted` for a hunt that `--seconds` or Ctrl-C stopped
    /// before its deals, or a checkpoint of one under way.
    pub(super) status: Status,
    /// `summary`.
    pub(super) kind: Kind,
    #[serde(deserialize_with = "whole")]
    pub(super) deals: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) chunks: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) finished: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) loops: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) exhausted: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) cards_of_finished: u64,
    #[serde(default, deserialize_with = "seconds")]
    pub(super) seconds: Seconds,
    #[serde(default, deserialize_with = "seconds")]
    pub(super) thread_seconds: Seconds,
    #[serde(default, deserialize_with = "seconds")]
    pub(super) cpu_seconds: Seconds,
    // The rates follow from the counts and times: written, not read. A time
    // of 0 (a run shorter than the record's millisecond) has none: null.
    #[serde(skip_deserializing)]
    pub(super) deals_per_second: Option<u64>,
    #[serde(skip_deserializing)]
    pub(super) deals_per_second_per_thread: Option<u64>,
    #[serde(skip_deserializing)]
    pub(super) deals_per_cpu_second: Option<u64>,
    #[serde(deserialize_with = "whole")]
    pub(super) threads: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) tasks: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) seed: u64,
    /// `K/N` for a hunt, `N/N` for a merge of every shard.
    pub(super) shard: String,
    /// The hunt's `--deals` (all shards together), if given.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    pub(super) asked_deals: Option<u64>,
    /// The hunt's `--seconds`, if given.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_seconds"
    )]
    pub(super) asked_seconds: Option<f64>,
    pub(super) fresh: bool,
    /// Whether the hunt climbed (`--climb`); a report without it is of a
    /// plateau from before the hunt played lifted shuffles by default, whose
    /// hunts climbed unless `fresh`.
    #[serde(default)]
    pub(super) climb: Option<bool>,
    /// The hunt's `--lift-from`, if it lifts (a report without it: no lifts,
    /// as every hunt before lifting was).
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    pub(super) lift_from: Option<u64>,
    #[serde(deserialize_with = "whole")]
    pub(super) max_rounds: u64,
    /// The deals the hunt kept by cards and by tricks (`--top`).
    #[serde(default, deserialize_with = "some_whole")]
    pub(super) top: Option<u64>,
    /// For a merge: the places by cards, by tricks and of the loops that the
    /// shards' lists prove (the lines listed).
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    pub(super) proven_by_cards: Option<u64>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    pub(super) proven_by_tricks: Option<u64>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "some_whole"
    )]
    pub(super) proven_loops: Option<u64>,
    /// `seconds` or `interrupt`, for a hunt stopped before its deals.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) stopped_by: Option<Stop>,
}

/// The `kind` of a report's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Kind {
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
pub(super) struct Listed {
    /// The game's: `finished` (the lists by cards and by tricks) or `loop`.
    pub(super) status: Status,
    pub(super) kind: Kind,
    /// The deal, compact (`A/B`).
    pub(super) deal: String,
    #[serde(deserialize_with = "whole")]
    pub(super) cards: u64,
    #[serde(deserialize_with = "whole")]
    pub(super) tricks: u64,
}

/// A whole number as the tool reads every number: a JSON number or a string
/// of digits (so `-1`, `1.5` and `"x"` get the words of every other number).
pub(super) fn whole<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let text = Text::deserialize(d)?.0;
    number_in(&text, 0, u64::MAX)
        .map_err(|why| de::Error::custom(format!("'{}': {why}", shorten(&text))))
}

pub(super) fn some_whole<'de, D: Deserializer<'de>, T: TryFrom<u64>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    let n = whole(d)?;
    T::try_from(n)
        .map(Some)
        .map_err(|_| de::Error::custom(format!("'{n}': too large")))
}

/// Seconds from 0 up.
pub(super) fn seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Seconds, D::Error> {
    let text = Text::deserialize(d)?.0;
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(Seconds(s)),
        _ => Err(de::Error::custom(format!(
            "'{}': expected a number of seconds from 0 up",
            shorten(&text)
        ))),
    }
}

pub(super) fn some_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    seconds(d).map(|s| Some(s.0))
}

/// A JSON number or string, as its text.
pub(super) struct Text(String);

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
        // `as` saturates: a rate is a whole number of deals a second.
        let per = |time: f64| rate(t.deals, time).map(|rate| rate.round() as u64);
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
            deals_per_second: per(r.seconds),
            deals_per_second_per_thread: per(r.thread_seconds),
            deals_per_cpu_second: per(r.cpu_seconds),
            threads: header.threads,
            tasks: header.tasks,
            seed: p.seed,
            shard: p.shard.clone(),
            asked_deals: p.deals,
            asked_seconds: p.seconds,
            fresh: p.fresh,
            climb: Some(p.climb),
            lift_from: p.lift_from,
            max_rounds: p.max_rounds,
            top: p.top.map(|t| t as u64),
            proven_by_cards: proven(0),
            proven_by_tricks: proven(1),
            proven_loops: proven(2),
            stopped_by: header.stop,
        }
    }

    /// The parameters of the hunt that produced it.
    pub(super) fn params(&self) -> Params {
        Params {
            seed: self.seed,
            shard: self.shard.clone(),
            deals: self.asked_deals,
            seconds: self.asked_seconds,
            fresh: self.fresh,
            climb: self.climb.unwrap_or(!self.fresh),
            lift_from: self.lift_from,
            max_rounds: self.max_rounds,
            // Checked by `header`.
            top: self.top.and_then(|t| usize::try_from(t).ok()),
        }
    }

    /// What the summary says of the hunt that produced it.
    pub(super) fn header(&self) -> Result<Header, String> {
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
        let per = |time: Seconds, unit: &str| match rate(self.deals, time.0) {
            Some(rate) => format!("{:.3} M deals{unit}", rate / 1e6),
            None => format!("deals{unit} not measured (0 s)"),
        };
        writeln!(
            out,
            "rate: {}, {}, {}",
            per(self.seconds, "/s"),
            per(self.thread_seconds, "/s per thread"),
            per(self.cpu_seconds, " per processor second")
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
        let mut sealer = Sealer::new();
        sealer.add(&out);
        out.extend(sealer.line()?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<f64> {
        seconds(&mut serde_json::Deserializer::from_str(text))
            .ok()
            .map(|s| s.0)
    }

    /// A record's seconds are a number from 0 up: negative, infinite or not a
    /// number is refused (a checkpoint from a hand edit or another tool).
    #[test]
    fn seconds_are_finite_and_from_0_up() {
        assert_eq!(read("1.5"), Some(1.5));
        assert_eq!(read("0"), Some(0.0));
        assert_eq!(read("\"2\""), Some(2.0));
        for bad in [
            "-1", "-0.5", "\"inf\"", "\"NaN\"", "\"-inf\"", "\"x\"", "1e999",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }
}
