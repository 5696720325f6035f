//! Reading a report back: [`read`] checks one report (the seal, the counts,
//! every listed deal played again).

use plateau::Budget;
use plateau::camicia::Status as Game;
use plateau::camicia::hunt::{Entry, Hunt, Shard};

use super::super::parse_packed;
use super::model::{Header, LOOPS_KEPT, Report};
use super::seal;
use super::wire::{Kind, Listed, Summary};
use crate::error::shorten;
use crate::output::{self, Status};

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

/// The words of a JSON line's error: serde_json's message without its " at
/// line L column C" (the caller names the line). A value refused by the
/// tool's own reading (a number's words) comes after its key (the lines are
/// flat objects: the last key before the column), and says so (`true`).
pub(super) fn message(e: &serde_json::Error, line: &str) -> (String, bool) {
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
    let body = seal::check(lines).map_err(|(i, why)| (at(i), why))?;
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

pub(super) fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Summary => "summary",
        Kind::ByCards => "by-cards",
        Kind::ByTricks => "by-tricks",
        Kind::Loop => "loop",
    }
}

/// Checks a summary's counts: the games add up to the deals, and (for one
/// hunt) the deals are those of its first chunks.
pub(super) fn check_counts(s: &Summary, tasks: u64) -> Result<(), String> {
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
    let (k, n) = s.params().shard_k_n()?;
    let shard = Shard::new(k, n).map_err(|e| e.to_string())?;
    // Found means every deal asked for played: a hunt cut short (or one
    // without --deals) says "exhausted".
    if matches!(s.status, Status::Found) {
        let Some(asked) = s.asked_deals else {
            return Err("found without --deals: a hunt with no count of deals is exhausted".into());
        };
        let all = if tasks == 1 {
            shard.share(Budget::new(asked)).get()
        } else {
            asked
        };
        if s.deals != all {
            return Err(format!(
                "found after {} deals, of the {all} of --deals {asked}: a hunt cut short is exhausted",
                s.deals
            ));
        }
    }
    if tasks == 1 {
        let deals = s.asked_deals.map_or(Budget::UNLIMITED, Budget::new);
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
pub(super) fn replay(listed: &Listed, rounds: Budget) -> Result<Entry, String> {
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

    /// A listing of `deal` as `kind`, with the cards and tricks its game
    /// plays (so that only the kind can be wrong).
    fn listing(deal: &str, kind: Kind) -> Listed {
        let game = parse_packed(deal)
            .expect("a deal")
            .simulate(Budget::UNLIMITED);
        let (status, cards, tricks) = output::game(&game);
        Listed {
            status,
            kind,
            deal: deal.to_string(),
            cards,
            tricks,
        }
    }

    #[test]
    fn a_listed_deal_must_end_as_its_list_says() {
        let looping = plateau::camicia::CASELLA_2024;
        let found = replay(&listing(looping, Kind::Loop), Budget::UNLIMITED).expect("a loop entry");
        assert_eq!(found.ending.status, Game::Loop);
        let err = replay(&listing(looping, Kind::ByCards), Budget::UNLIMITED).err();
        assert_eq!(
            err.as_deref(),
            Some(format!("deal '{looping}' is a loop game, not a by-cards entry").as_str())
        );
        // The shortest game there is: A holds every card and B none.
        let finished = "23456789TJQKA23456789TJQKA23456789TJQKA23456789TJQKA/";
        let ends = replay(&listing(finished, Kind::ByTricks), Budget::UNLIMITED).expect("an entry");
        assert_eq!(ends.ending.status, Game::Finished);
        assert!(replay(&listing(finished, Kind::Loop), Budget::UNLIMITED).is_err());
    }
}
