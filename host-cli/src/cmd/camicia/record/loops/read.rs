//! Reading a `loops` output back ([`read`]): the seal, the lines' order, the
//! counts against the lines, each cycle's canonical deal and each deal
//! played again by the exact simulation.

use std::collections::HashSet;

use plateau::camicia::Deal;
use plateau::camicia::hunt::Shard;
use serde::de::DeserializeOwned;

use super::super::super::construct::{looping, text};
use super::super::super::deck::{self, Deck};
use super::super::super::{CycleInfo, WIDE, describe, narrow};
use super::super::read::message;
use super::super::{kind_of, seal, shard_k_n};
use super::{
    CycleLine, CycleLines, DealLine, Kind, OLD_CHECKPOINT, Params, Record, Split, Summary, share,
};
use crate::error::shorten;
use crate::output::Status;

/// Parses a JSON line as a `T`, or says why not.
fn parse<T: DeserializeOwned>(line: &str) -> Result<T, String> {
    let line = line.trim();
    serde_json::from_str(line).map_err(|e| {
        if line.starts_with('{') {
            message(&e, line).0
        } else {
            "not a JSON object".to_string()
        }
    })
}

/// Reads a deal of a `loops` output (at most 64 cards).
fn state(deal: &str) -> Result<Deal, String> {
    let wide: Deal<WIDE> = deal.parse().map_err(|e| describe(e, deal))?;
    narrow(&wide).ok_or_else(|| {
        format!(
            "more than the {} cards of a `loops` deal",
            Deal::<1>::CAPACITY
        )
    })
}

/// Reads one output (`lines`, the first numbered `first` in its file): its
/// seal, its summary, its lines in their order, its counts, and every cycle
/// and deal played again. Errors are `(line, why)`.
pub(crate) fn read(lines: &[&str], first: usize) -> Result<Record, (usize, String)> {
    let at = |i: usize| first + i;
    if lines.first().and_then(|l| kind_of(l)).as_deref() == Some(OLD_CHECKPOINT) {
        return Err((
            at(0),
            "a checkpoint of an older plateau (its own format, not the output so far): start the search afresh"
                .into(),
        ));
    }
    let body = seal::check(lines).map_err(|(i, why)| (at(i), why))?;
    let Some((last, listed)) = body.split_last() else {
        return Err((at(0), "no summary".into()));
    };
    let end = at(listed.len());
    let summary: Summary = parse(last).map_err(|why| {
        let expected = "expected the summary of `plateau camicia loops --json`";
        (end, format!("{expected}: {why}"))
    })?;
    if summary.kind != Kind::Summary {
        return Err((
            end,
            "expected the summary of `plateau camicia loops --json`".into(),
        ));
    }
    let mut record = record_of(&summary).map_err(|why| (end, why))?;
    let mut starts = Vec::new();
    let mut ids = HashSet::new();
    let mut deals = HashSet::new();
    for (i, line) in listed.iter().enumerate() {
        match kind_of(line).as_deref() {
            Some("cycle") => {
                let cycle: CycleLine = parse(line).map_err(|why| (at(i), why))?;
                check_cycle(&cycle, &record, &mut ids).map_err(|why| (at(i), why))?;
                starts.push(at(i));
                record.cycles.push(CycleLines {
                    line: cycle,
                    deals: Vec::new(),
                });
            }
            Some("deal") => {
                let deal: DealLine = parse(line).map_err(|why| (at(i), why))?;
                let (split, deck) = (record.params.split, record.params.deck);
                let Some(cycle) = record.cycles.last_mut() else {
                    return Err((at(i), "a deal line before any cycle line".into()));
                };
                check_deal(&deal, &cycle.line, split, deck).map_err(|why| (at(i), why))?;
                if !deals.insert(deal.deal.clone()) {
                    let why = format!("deal '{}' is listed twice", deal.deal);
                    return Err((at(i), why));
                }
                cycle.deals.push(deal);
            }
            Some("summary") => {
                return Err((
                    at(i),
                    "a second summary: one output's lines at a time".into(),
                ));
            }
            _ => {
                return Err((at(i), "not a line of `plateau camicia loops --json`".into()));
            }
        }
    }
    for (cycle, line) in record.cycles.iter().zip(starts) {
        let (said, listed) = (cycle.line.deals, cycle.deals.len());
        if said != listed as u64 {
            let why = format!(
                "cycle {}: {listed} deal lines follow it, not {said}",
                cycle.line.id
            );
            return Err((line, why));
        }
    }
    check_counts(&summary, &record).map_err(|why| (end, why))?;
    Ok(record)
}

/// The record a summary describes, its cycles still to be read.
fn record_of(s: &Summary) -> Result<Record, String> {
    let (k, n) = shard_k_n(&s.shard)?;
    let shard = Shard::new(k, n).map_err(|e| e.to_string())?;
    let complete = match s.status {
        Status::Found => true,
        Status::Exhausted => false,
        other => return Err(format!("status '{other}': expected found or exhausted")),
    };
    if s.tasks == 0 {
        return Err("tasks 0: expected 1 or more".into());
    }
    Ok(Record {
        params: Params {
            seed: s.seed,
            shard,
            split: s.split,
            deck: deck::parse(&s.deck)
                .map_err(|why| format!("deck '{}': {why}", shorten(&s.deck)))?,
            from: s.from.clone(),
            steps: s.asked_steps,
            seconds: s.asked_seconds,
        },
        cycles: Vec::new(),
        trials: s.trials,
        looped: s.looped,
        seconds: s.seconds.0,
        threads: s.threads,
        tasks: s.tasks,
        complete,
        stop: s.stopped_by,
    })
}

/// Checks a cycle line against those before it (`ids`, in `record`): a new
/// cycle, in the order found, by one of this search's trials; and its
/// canonical deal, played again, loops into the cycle it describes.
fn check_cycle(c: &CycleLine, record: &Record, ids: &mut HashSet<String>) -> Result<(), String> {
    let id = shorten(&c.id);
    if c.status != Status::Loop {
        return Err(format!("cycle {id}: status '{}', not loop", c.status));
    }
    if !ids.insert(c.id.clone()) {
        return Err(format!("cycle {id} is listed twice"));
    }
    let before = record.cycles.last().map(|c| c.line.trial);
    match (before, c.trial) {
        (Some(Some(_)), None) => {
            return Err(format!(
                "cycle {id}: a cycle started from, listed after the cycles found"
            ));
        }
        // A belt trial may find several cycles: they follow each other.
        (Some(Some(t0)), Some(t)) if t < t0 => {
            return Err(format!(
                "cycle {id}: found by trial {t}, listed after trial {t0}'s: not in the order found"
            ));
        }
        _ => {}
    }
    let shard = record.params.shard;
    if let Some(t) = c.trial
        && record.tasks == 1
    {
        let first = shard.k() - 1;
        let mine = t >= first && (t - first).is_multiple_of(shard.n());
        if !mine || (t - first) / shard.n() >= record.trials {
            return Err(format!(
                "cycle {id}: trial {t} is not one of the {} trials of shard {}/{}",
                record.trials,
                shard.k(),
                shard.n()
            ));
        }
    }
    let deal = state(&c.canonical).map_err(|why| format!("cycle {id}: canonical deal: {why}"))?;
    if Deck::of(&deal) != record.params.deck {
        return Err(format!(
            "cycle {id}: its canonical deal is not a deal of the {} deck",
            record.params.deck
        ));
    }
    let Some((_, cycle)) = looping(&deal, u64::MAX) else {
        return Err(format!("cycle {id}: its canonical deal does not loop"));
    };
    let info = CycleInfo::of(&cycle);
    let canonical = text(&cycle.canonical());
    if (&info.id, info.tricks, info.cards, &canonical) != (&c.id, c.tricks, c.cards, &c.canonical) {
        return Err(format!(
            "cycle {id}: its canonical deal plays into cycle {}, {} tricks and {} cards a turn, least state {canonical}: not as listed",
            info.id, info.tricks, info.cards
        ));
    }
    Ok(())
}

/// Checks a deal line listed under cycle `of`: a deal of the deck and the split, that
/// plays (again, by the exact simulation) as listed into that cycle.
fn check_deal(d: &DealLine, of: &CycleLine, split: Split, deck: Deck) -> Result<(), String> {
    let deal = state(&d.deal).map_err(|why| format!("deal '{}': {why}", shorten(&d.deal)))?;
    // (A deal of at most 64 cards: its text is short enough to quote whole.)
    let name = &d.deal;
    if d.status != Status::Loop {
        return Err(format!("deal '{name}': status '{}', not loop", d.status));
    }
    if d.cycle.id != of.id {
        return Err(format!(
            "deal '{name}' names cycle {}, but is listed under cycle {}",
            shorten(&d.cycle.id),
            of.id
        ));
    }
    if Deck::of(&deal) != deck {
        return Err(format!("deal '{name}' is not a deal of the {deck} deck"));
    }
    if split == Split::Balanced && !deck.balanced(&deal) {
        return Err(format!(
            "deal '{name}' is not balanced ({} cards a hand), in a search of balanced deals",
            deck.total() / 2
        ));
    }
    let Some((end, cycle)) = looping(&deal, u64::MAX) else {
        return Err(format!("deal '{name}' does not loop"));
    };
    if (end.cards, end.tricks) != (d.cards, d.tricks) {
        return Err(format!(
            "deal '{name}' plays {} cards and {} tricks, not {} and {}",
            end.cards, end.tricks, d.cards, d.tricks
        ));
    }
    let info = CycleInfo::of(&cycle);
    if info != d.cycle {
        return Err(format!("deal '{name}' loops into {info}, not {}", d.cycle));
    }
    Ok(())
}

/// Checks a summary's counts against the lines read (`record`).
fn check_counts(s: &Summary, record: &Record) -> Result<(), String> {
    let lines = record.summary();
    let counts = |s: &Summary| {
        [
            ("cycles", s.cycles.to_string()),
            ("cycles_with_deals", s.cycles_with_deals.to_string()),
            ("deals", s.deals.to_string()),
            (
                "longest",
                s.longest.as_ref().map_or("none".into(), |c| c.id.clone()),
            ),
        ]
    };
    if let Some((what, said, counted)) = super::super::difference(counts(s), counts(&lines), &[]) {
        return Err(format!(
            "the summary says {what} {said}, the lines above {counted}"
        ));
    }
    if s.looped > s.trials {
        return Err(format!(
            "{} trials looped, of {}: more than the trials",
            s.looped, s.trials
        ));
    }
    // A search makes at most its share of --max-steps; a merge at most all.
    if let Some(asked) = record.params.steps {
        let most = if record.tasks == 1 {
            share(asked, record.params.shard)
        } else {
            asked
        };
        if s.trials > most {
            return Err(format!(
                "{} trials: more than the {most} of --max-steps {asked}",
                s.trials
            ));
        }
        // Found means made: a search cut short says "exhausted".
        if record.complete && s.trials < most {
            return Err(format!(
                "found after {} trials, of the {most} of --max-steps {asked}: a search cut short is exhausted",
                s.trials
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of the game of `deal` (which loops), and of its cycle.
    fn lines_of(deal: &str) -> (DealLine, CycleLine) {
        let state: Deal = deal.parse().expect("a deal");
        let (end, cycle) = looping(&state, u64::MAX).expect("a loop");
        let info = CycleInfo::of(&cycle);
        let line = CycleLine {
            status: Status::Loop,
            kind: Kind::Cycle,
            id: info.id.clone(),
            tricks: info.tricks,
            cards: info.cards,
            canonical: text(&cycle.canonical()),
            tree: 1,
            deals: 1,
            trial: None,
        };
        let deal = DealLine {
            status: Status::Loop,
            kind: Kind::Deal,
            deal: deal.to_string(),
            cards: end.cards,
            tricks: end.tricks,
            cycle: info,
        };
        (deal, line)
    }

    #[test]
    fn a_deal_must_be_of_the_split_and_play_into_its_cycle() {
        // The spec's small loop: 2 and 1 cards, not a balanced 52-card deal.
        let (deal, cycle) = lines_of("J--/-J-");
        let small = deck::parse("numbers=4,J=2").expect("a deck");
        assert_eq!(check_deal(&deal, &cycle, Split::Any, small), Ok(()));
        assert_eq!(
            check_deal(&deal, &cycle, Split::Any, Deck::STANDARD),
            Err("deal 'J--/-J-' is not a deal of the standard deck".into())
        );
        // Listed under another cycle (Casella et al.'s): refused.
        let (_, other) = lines_of(plateau::camicia::CASELLA_2024);
        let e = check_deal(&deal, &other, Split::Any, small).expect_err("another cycle");
        assert!(e.starts_with("deal 'J--/-J-' names cycle "), "{e}");
        // The published deal is balanced, and plays into its cycle.
        let (published, cycle) = lines_of(plateau::camicia::CASELLA_2024);
        assert_eq!(
            check_deal(&published, &cycle, Split::Balanced, Deck::STANDARD),
            Ok(())
        );
        // Its cycle's least state is a deal of the deck, 22 and 30 cards.
        let least = "-----------------KA-J-/Q-K---Q-KQQJ--------A-KAAJ--J-";
        let (least, cycle) = lines_of(least);
        assert_eq!(
            check_deal(&least, &cycle, Split::Any, Deck::STANDARD),
            Ok(())
        );
        let e = check_deal(&least, &cycle, Split::Balanced, Deck::STANDARD);
        assert_eq!(
            e,
            Err(format!(
                "deal '{}' is not balanced (26 cards a hand), in a search of balanced deals",
                least.deal
            ))
        );
    }

    /// The canonical deals of two cycles that seed 5's trials find (besides
    /// Casella et al.'s, started from).
    const FOUND: [&str; 2] = [
        "-----------------KA-J-/Q-K---Q-KQQJ--J--------A-KAAJ-",
        "-----------------KA-J-/Q-K---Q-KQQJ--J--K---A----AAJ-",
    ];

    /// A search's output: Casella et al.'s cycle started from, and the two
    /// of [`FOUND`] found by trials 7 and 9 of 10, as the construction lists
    /// them.
    fn record() -> Record {
        let mut c =
            super::super::super::super::construct::Construction::new(1, Deck::STANDARD, true);
        let starts = [plateau::camicia::CASELLA_2024, FOUND[0], FOUND[1]];
        for (text, trial) in starts.into_iter().zip([None, Some(7), Some(9)]) {
            let deal: Deal = text.parse().expect("a deal");
            assert!(c.add(&deal, trial).is_some(), "a new cycle: {text}");
        }
        Record {
            params: Params {
                seed: 5,
                shard: Shard::new(1, 1).expect("a shard"),
                split: Split::Balanced,
                deck: Deck::STANDARD,
                from: Vec::new(),
                steps: Some(10),
                seconds: None,
            },
            cycles: c.cycles.iter().map(CycleLines::of).collect(),
            trials: 10,
            looped: 4,
            seconds: 2.0,
            threads: 1,
            tasks: 1,
            complete: true,
            stop: None,
        }
    }

    /// The lines of `record` before its seal.
    fn lines(record: &Record) -> Vec<String> {
        let text = String::from_utf8(super::super::render(record, true).expect("rendered"))
            .expect("UTF-8");
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let seal = lines.pop().expect("a seal");
        assert!(seal.starts_with(r#"{"event":"end","#), "{seal}");
        lines
    }

    /// Reads `lines` (the first numbered `first`), sealed afresh.
    fn reread(lines: &[String], first: usize) -> Result<Record, (usize, String)> {
        let mut text = String::new();
        for l in lines {
            text.push_str(l);
            text.push('\n');
        }
        let mut sealer = seal::Sealer::new();
        sealer.add(text.as_bytes());
        text.push_str(std::str::from_utf8(&sealer.line().expect("a seal")).expect("UTF-8"));
        let lines: Vec<&str> = text.lines().collect();
        read(&lines, first)
    }

    /// Replaces the first `from` of `line` (which holds one) by `to`.
    fn set(line: &mut String, from: &str, to: &str) {
        assert!(line.contains(from), "{from} in {line}");
        *line = line.replacen(from, to, 1);
    }

    /// The index of the cycle line of cycle `id` in `lines`.
    fn cycle_at(lines: &[String], id: &str) -> usize {
        let head = format!(r#"{{"status":"loop","kind":"cycle","id":"{id}""#);
        lines
            .iter()
            .position(|l| l.starts_with(&head))
            .expect("listed")
    }

    /// A summary's `key`, as its JSON text.
    fn key<'a>(summary: &'a str, key: &str) -> &'a str {
        let at = summary.find(&format!(r#""{key}":"#)).expect("a key") + key.len() + 3;
        let rest = &summary[at..];
        let end = if rest.starts_with('{') {
            rest.find('}').map_or(rest.len(), |i| i + 1)
        } else {
            rest.find([',', '}']).unwrap_or(rest.len())
        };
        &rest[..end]
    }

    #[test]
    fn an_output_reads_back_as_written_and_its_summary_counts_its_lines() {
        let record = record();
        let lines = lines(&record);
        let again = reread(&lines, 1).expect("whole");
        assert_eq!(again.cycles, record.cycles);
        assert_eq!(again.params, record.params);
        assert_eq!((again.trials, again.looped, again.seconds), (10, 4, 2.0));
        assert_eq!(again.started(), ["0795961b5504"]);
        let summary = lines.last().expect("a summary");
        assert_eq!(key(summary, "cycles"), "3");
        assert_eq!(key(summary, "cycles_with_deals"), "3");
        assert_eq!(key(summary, "deals"), "86");
        // Of equals, the first found.
        assert_eq!(
            key(summary, "longest"),
            r#"{"id":"0795961b5504","tricks":62,"cards":440}"#
        );
        assert_eq!(key(summary, "trials_per_second"), "5");
        // Over no time (a run shorter than the record's millisecond): none.
        let mut instant = record.clone();
        instant.seconds = 0.0;
        let lines = super::tests::lines(&instant);
        let summary = lines.last().expect("a summary");
        assert_eq!(key(summary, "trials_per_second"), "null");
        // A cycle without deals counts among the cycles only.
        let mut fewer = record.clone();
        fewer.cycles[2].deals.clear();
        fewer.cycles[2].line.deals = 0;
        let lines = super::tests::lines(&fewer);
        let summary = lines.last().expect("a summary");
        let counts = ["cycles", "cycles_with_deals", "deals"].map(|k| key(summary, k));
        assert_eq!(counts, ["3", "2", "58"]);
        assert!(reread(&lines, 1).is_ok());
        // The parameters a difference names: `none` for a flag not given.
        let mut other = record.params.clone();
        other.from = vec!["J--/-J-".into()];
        other.steps = None;
        assert_eq!(
            record.params.difference(&other, &[]),
            Some(("--from", "none".into(), "J--/-J-".into()))
        );
        assert_eq!(
            record.params.difference(&other, &["--from"]),
            Some(("--max-steps", "10".into(), "none".into()))
        );
    }

    #[test]
    fn a_shard_makes_its_trial_numbers_below_the_budget() {
        // Shard k of n makes trials k-1, k-1+n, ...: counted by hand.
        for (trials, k, n, made) in [
            (10, 1, 3, 4),
            (10, 2, 3, 3),
            (10, 3, 3, 3),
            (11, 3, 3, 3),
            (12, 3, 3, 4),
            (1, 2, 2, 0),
            (2, 2, 2, 1),
            (0, 1, 1, 0),
            (7, 1, 1, 7),
        ] {
            let shard = Shard::new(k, n).expect("a shard");
            assert_eq!(share(trials, shard), made, "{trials} trials, shard {k}/{n}");
        }
    }

    #[test]
    fn a_reader_believes_nothing_it_has_not_checked() {
        let base = lines(&record());
        let (a, b, c) = (
            cycle_at(&base, "0795961b5504"),
            cycle_at(&base, "d55a6c024764"),
            cycle_at(&base, "08cb77da0cc5"),
        );
        let end = base.len() - 1;
        let refused = |edit: &dyn Fn(&mut Vec<String>), line: usize, words: &str| {
            let mut lines = base.clone();
            edit(&mut lines);
            let Err(e) = reread(&lines, 1) else {
                panic!("read whole: {words}");
            };
            assert!(e.1.contains(words) && e.0 == line, "{words}: {e:?}");
        };
        let ok = |edit: &dyn Fn(&mut Vec<String>)| {
            let mut lines = base.clone();
            edit(&mut lines);
            reread(&lines, 1).map(|_| ())
        };
        // The order found: those started from first, then by trial.
        let started_last = |l: &mut Vec<String>| {
            let casella: Vec<_> = l.drain(a..b).collect();
            l.splice(c - (b - a)..c - (b - a), casella);
        };
        refused(
            &started_last,
            c - (b - a) + 1,
            "a cycle started from, listed after the cycles found",
        );
        // Two cycles of one trial (a belt trial's), in the order found.
        assert_eq!(
            ok(&|l| set(&mut l[b], r#""trial":7"#, r#""trial":9"#)),
            Ok(())
        );
        refused(
            &|l| set(&mut l[c], r#""trial":9"#, r#""trial":5"#),
            c + 1,
            "found by trial 5, listed after trial 7's",
        );
        // Only this shard's trials, of those it made.
        refused(
            &|l| set(&mut l[c], r#""trial":9"#, r#""trial":10"#),
            c + 1,
            "trial 10 is not one of the 10 trials of shard 1/1",
        );
        let shard = |l: &mut Vec<String>, k: &str, t: [u64; 2]| {
            set(
                &mut l[end],
                r#""shard":"1/1""#,
                &format!(r#""shard":"{k}""#),
            );
            set(
                &mut l[end],
                r#""trials":10,"looped":4"#,
                r#""trials":3,"looped":0"#,
            );
            set(&mut l[b], r#""trial":7"#, &format!(r#""trial":{}"#, t[0]));
            set(&mut l[c], r#""trial":9"#, &format!(r#""trial":{}"#, t[1]));
        };
        assert_eq!(ok(&|l| shard(l, "2/3", [4, 7])), Ok(()));
        for (t, words) in [
            ([4, 8], "trial 8 is not one of the 3 trials of shard 2/3"),
            ([4, 10], "trial 10 is not one of the 3 trials of shard 2/3"),
            ([0, 7], "trial 0 is not one of the 3 trials of shard 2/3"),
        ] {
            let line = if t[0] == 0 { b + 1 } else { c + 1 };
            refused(&|l| shard(l, "2/3", t), line, words);
        }
        // A merge's trials are its shards' own.
        let merged = |l: &mut Vec<String>| {
            shard(l, "2/2", [8, 99]);
            set(&mut l[end], r#""tasks":1"#, r#""tasks":2"#);
        };
        assert_eq!(
            ok(&|l| {
                merged(l);
                set(&mut l[end], r#""trials":3,"#, r#""trials":10,"#);
            }),
            Ok(())
        );
        // At most its share of --max-steps for a search, all of it for a merge.
        let trials = |from: u64, to: u64| {
            move |l: &mut Vec<String>| {
                let [from, to] = [from, to].map(|t| format!(r#""trials":{t},"#));
                set(&mut l[end], &from, &to);
            }
        };
        assert_eq!(ok(&trials(10, 10)), Ok(()));
        refused(
            &trials(10, 11),
            end + 1,
            "11 trials: more than the 10 of --max-steps 10",
        );
        // Found means all of them made; fewer, the search was cut short.
        let nine = |l: &mut Vec<String>| {
            trials(10, 9)(l);
            set(&mut l[c], r#""trial":9"#, r#""trial":8"#);
        };
        refused(
            &nine,
            end + 1,
            "found after 9 trials, of the 10 of --max-steps 10: a search cut short is exhausted",
        );
        let cut_short = |l: &mut Vec<String>| {
            nine(l);
            set(
                &mut l[end],
                r#""status":"found""#,
                r#""status":"exhausted""#,
            );
        };
        assert_eq!(ok(&cut_short), Ok(()));
        let shard_of_three = |l: &mut Vec<String>, t: u64| {
            shard(l, "2/3", [4, 7]);
            trials(3, t)(l);
        };
        assert_eq!(ok(&|l| shard_of_three(l, 3)), Ok(()));
        refused(
            &|l| shard_of_three(l, 4),
            end + 1,
            "4 trials: more than the 3 of --max-steps 10",
        );
        let merged_of = |l: &mut Vec<String>, t: u64| {
            merged(l);
            trials(3, t)(l);
        };
        assert_eq!(ok(&|l| merged_of(l, 10)), Ok(()));
        refused(
            &|l| merged_of(l, 11),
            end + 1,
            "11 trials: more than the 10 of --max-steps 10",
        );
        // The lines' own words, and their games played again.
        let finished =
            |i: usize| move |l: &mut Vec<String>| set(&mut l[i], r#""loop""#, r#""finished""#);
        refused(&finished(b), b + 1, "status 'finished', not loop");
        refused(&finished(b + 1), b + 2, "status 'finished', not loop");
        refused(
            &|l| set(&mut l[b], FOUND[0], FOUND[1]),
            b + 1,
            "its canonical deal plays into cycle 08cb77da0cc5",
        );
        refused(
            &|l| set(&mut l[b], "d55a6c024764", "d55a6c024765"),
            b + 1,
            "plays into cycle d55a6c024764",
        );
        refused(
            &|l| {
                set(
                    &mut l[a + 1],
                    r#""id":"0795961b5504""#,
                    r#""id":"d55a6c024764""#,
                )
            },
            a + 2,
            "names cycle d55a6c024764, but is listed under cycle 0795961b5504",
        );
        refused(
            &|l| l[a + 1] = l[a + 1].replacen(r#""deal":""#, r#""deal":"x/y","was":""#, 1),
            a + 2,
            "deal 'x/y': ",
        );
        refused(
            &|l| set(&mut l[a + 1], r#""cards":4"#, r#""cards":7"#),
            a + 2,
            "cards and",
        );
        let twice = |l: &mut Vec<String>| {
            let deal = l[a + 1].clone();
            l.insert(a + 2, deal);
            set(&mut l[a], r#""deals":30"#, r#""deals":31"#);
        };
        refused(&twice, a + 3, "is listed twice");
        refused(
            &|l| set(&mut l[a], r#""deals":30"#, r#""deals":29"#),
            a + 1,
            "30 deal lines follow it, not 29",
        );
        // The summary's counts are the lines'.
        for (from, to, words) in [
            (
                r#""cycles":3"#,
                r#""cycles":4"#,
                "the summary says cycles 4, the lines above 3",
            ),
            (
                r#""cycles_with_deals":3"#,
                r#""cycles_with_deals":2"#,
                "cycles_with_deals 2, the lines above 3",
            ),
            (
                r#""deals":86"#,
                r#""deals":85"#,
                "deals 85, the lines above 86",
            ),
            (
                r#""longest":{"id":"0795961b5504""#,
                r#""longest":{"id":"d55a6c024764""#,
                "longest d55a6c024764, the lines above 0795961b5504",
            ),
            (r#""looped":4"#, r#""looped":11"#, "11 trials looped, of 10"),
            (
                r#""status":"found""#,
                r#""status":"loop""#,
                "status 'loop': expected found or exhausted",
            ),
            (r#""tasks":1"#, r#""tasks":0"#, "tasks 0"),
            (
                r#""kind":"summary""#,
                r#""kind":"deal""#,
                "expected the summary of `plateau camicia loops --json`",
            ),
        ] {
            refused(&|l| set(&mut l[end], from, to), end + 1, words);
        }
        assert_eq!(
            ok(&|l| set(&mut l[end], r#""looped":4"#, r#""looped":10"#)),
            Ok(())
        );
        assert_eq!(
            ok(&|l| set(&mut l[end], r#""found""#, r#""exhausted""#)),
            Ok(())
        );
        refused(
            &|l| drop(l.pop()),
            end,
            "expected the summary of `plateau camicia loops --json`",
        );
        // Lines out of place, or of another kind.
        refused(
            &|l| drop(l.remove(a)),
            1,
            "a deal line before any cycle line",
        );
        refused(
            &|l| l.insert(a + 1, l[end].clone()),
            a + 2,
            "a second summary",
        );
        refused(
            &|l| l.insert(a + 1, r#"{"kind":"x"}"#.into()),
            a + 2,
            "not a line of `plateau camicia loops --json`",
        );
        // Numbered from the record's first line in its file.
        let mut lines = base.clone();
        lines.insert(2, r#"{"kind":"x"}"#.into());
        assert_eq!(reread(&lines, 5).map(|_| ()).map_err(|e| e.0), Err(7));
        // Unsealed, or an older plateau's checkpoint.
        let text: Vec<&str> = base.iter().map(String::as_str).collect();
        let e = read(&text, 1).map(|_| ()).expect_err("no seal");
        assert!(
            e.1.contains("the report ends without its end line"),
            "{e:?}"
        );
        let old = [r#"{"kind":"loops-checkpoint","seed":1,"found":[]}"#];
        let e = read(&old, 1).map(|_| ()).expect_err("an older checkpoint");
        assert!(e.1.starts_with("a checkpoint of an older plateau"), "{e:?}");
    }
}
