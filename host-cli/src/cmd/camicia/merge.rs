//! `plateau camicia merge`: the union of a sharded search's records (`hunt
//! --json` or `loops --json` outputs, or their checkpoints), verified before
//! it is believed, and exact or saying why not.
//!
//! Each record is read as a checkpoint is (`record::read` for a hunt's
//! report, `record::loops::read` for a `loops` output, told apart by their
//! first line: a `loops` output begins with a cycle line): whole under its
//! seal, its counts adding up, every listed deal played again. A file may
//! hold several records one after another (shards concatenated on standard
//! input), and `\r\n` line ends read as `\n`. The records must be the shards
//! of one search, each shard `K/N` once and every shard of the N there (the
//! missing ones are named): for a hunt, the same seed, deals or seconds,
//! `--fresh`, `--climb`, `--lift-from` and `--max-rounds`; for `loops`, the
//! same seed, split, `--max-steps` or `--seconds`, `--from` and cycles
//! started from.
//!
//! A hunt's merged lists are exact: each shard kept only its best `--top`
//! deals, so a place of the union is proven only if every shard whose list
//! was full kept a deal ranking at or after it (a deal it did not keep ranks
//! after its last kept one). The merge prints the proven places only, and
//! says so when that is fewer than asked. A merge of shards that did not all
//! finish is `exhausted`, with the deals asked and the deals played.
//!
//! A `loops` merge is the output of the search in one piece: the shards of
//! `--max-steps T` make, together, exactly its trials, and each cycle is
//! listed once, as found by its first trial (`union_loops`); the trials, the
//! loops, the seconds and the threads are added, the rest recounted.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::path::PathBuf;

use plateau::camicia::hunt::{Entry, Order};

use super::record::loops::{self, CycleLines, Record};
use super::record::{self, Header, Of, Read, Report, render};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::input::{name_of, read_text};

/// One shard's record (a hunt's report `R = Read`, a `loops` output `R =
/// Record`), read and checked on its own.
struct Shard<R> {
    /// The file, and which of its records when it holds several.
    name: String,
    read: R,
    k: u64,
    n: u64,
}

/// The shards read so far: of a hunt, or of a `loops` search (never both).
enum Shards {
    Hunt(Vec<Shard<Read>>),
    Loops(Vec<Shard<Record>>),
}

/// Reads the shard records of one hunt or one `loops` search (`-`: standard
/// input), checks them (see the module docs) and prints their union: for a
/// hunt, `top` deals by cards and by tricks at most.
pub(crate) fn run(files: &[PathBuf], top: usize, json: bool, io: &mut Io<'_>) -> CliResult {
    let mut shards: Option<(String, Shards)> = None;
    for path in files {
        let text = read_text(Some(path), io)?;
        let name = name_of(path);
        let parts = record::split(&text);
        if parts.is_empty() {
            return Err(CliError::new(format!(
                "{name}: empty: not an output of `hunt --json` or `loops --json`"
            )));
        }
        let several = parts.len() > 1;
        for (i, (first, lines)) in parts.iter().enumerate() {
            let label = if several {
                format!("{name} (report {} of {})", i + 1, parts.len())
            } else {
                name.clone()
            };
            let at =
                |(line, why): (usize, String)| CliError::new(format!("{name}: line {line}: {why}"));
            let of = record::of(lines);
            let (first_label, all) = shards.get_or_insert_with(|| {
                let empty = match of {
                    Of::Hunt => Shards::Hunt(Vec::new()),
                    Of::Loops => Shards::Loops(Vec::new()),
                };
                (label.clone(), empty)
            });
            match (all, of) {
                (Shards::Hunt(hunts), Of::Hunt) => {
                    let read = record::read(lines, *first).map_err(at)?;
                    let (tasks, k_n) = (read.header.tasks, read.header.params.shard_k_n());
                    let shard = shard_of(label, read, "hunt", tasks, k_n)?;
                    check_with(hunts, &shard, "hunt", |a, b| {
                        // Shards differ in their K by design; the merge proves
                        // its places whatever each shard's --top.
                        a.header
                            .params
                            .difference(&b.header.params, &["--shard", "--top"])
                    })?;
                    hunts.push(shard);
                }
                (Shards::Loops(searches), Of::Loops) => {
                    let read = loops::read(lines, *first).map_err(at)?;
                    let (tasks, s) = (read.tasks, read.params.shard);
                    let shard = shard_of(label, read, "search", tasks, Ok((s.k(), s.n())))?;
                    check_with(searches, &shard, "search", |a, b| {
                        let (x, y) = (a.started().join(" "), b.started().join(" "));
                        a.params
                            .difference(&b.params, &["--shard"])
                            .or_else(|| (x != y).then_some(("the cycles started from", x, y)))
                    })?;
                    searches.push(shard);
                }
                (_, of) => {
                    let (this, other) = match of {
                        Of::Loops => ("an output of `camicia loops`", "a hunt's report"),
                        Of::Hunt => ("a hunt's report", "an output of `camicia loops`"),
                    };
                    return Err(CliError::new(format!(
                        "{label}: {this}, but {first_label} is {other}: merge the shards of one search"
                    )));
                }
            }
        }
    }
    match shards {
        None => Err(CliError::new("no shard files to merge")),
        Some((_, Shards::Hunt(shards))) => {
            check_complete_set(&shards, shards[0].n, "hunt")?;
            let (total, header) = union(&shards, top)?;
            io.out.write_all(&render(&total, &header, json)?)?;
            Ok(())
        }
        Some((_, Shards::Loops(shards))) => {
            check_complete_set(&shards, shards[0].n, "search")?;
            io.out
                .write_all(&loops::render(&union_loops(&shards)?, json)?)?;
            Ok(())
        }
    }
}

/// A record as a shard, with its `K/N` (`what` names its search): one
/// search's (`tasks`: 1), not a merge's.
fn shard_of<R>(
    name: String,
    read: R,
    what: &str,
    tasks: u64,
    k_n: Result<(u64, u64), String>,
) -> CliResult<Shard<R>> {
    if tasks != 1 {
        return Err(CliError::new(format!(
            "{name}: a merge's output, not a {what}'s shard: merge the shards themselves"
        )));
    }
    let (k, n) = k_n.map_err(|why| CliError::new(format!("{name}: {why}")))?;
    Ok(Shard { name, read, k, n })
}

/// Checks that `shard` is of the search (`what`: hunt or search) of those
/// read before, and new; `differs` names the first parameter in which two
/// records differ (flag, this value, the other value).
fn check_with<R>(
    shards: &[Shard<R>],
    shard: &Shard<R>,
    what: &str,
    differs: impl Fn(&R, &R) -> Option<(&'static str, String, String)>,
) -> CliResult {
    let name = &shard.name;
    if let Some(first) = shards.first() {
        if let Some((flag, a, b)) = differs(&first.read, &shard.read) {
            return Err(CliError::new(format!(
                "{name}: a shard of another {what} than {}: {flag} {b} here, {a} there",
                first.name
            )));
        }
        if shard.n != first.n {
            return Err(CliError::new(format!(
                "{name}: shard {}/{} of a {what} in {} shards, but {} is shard {}/{}",
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
    Ok(())
}

/// Checks that every shard `1/n` to `n/n` is there.
fn check_complete_set<R>(shards: &[Shard<R>], n: u64, what: &str) -> CliResult {
    let missing: Vec<String> = (1..=n)
        .filter(|k| !shards.iter().any(|s| s.k == *k))
        .take(10)
        .map(|k| format!("{k}/{n}"))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let more = if n.saturating_sub(shards.len() as u64) > 10 {
        " and more"
    } else {
        ""
    };
    let one = missing.len() == 1 && more.is_empty();
    Err(CliError::new(format!(
        "shard{} {}{more} {} missing: merge every shard of the {what}",
        if one { "" } else { "s" },
        missing.join(", "),
        if one { "is" } else { "are" },
    )))
}

/// The places of the merged `list` (ranked by `order`) that the shards'
/// lists prove: a place is proven when every shard whose list was full
/// (`bounds`: its last deal kept, `None` for a list with room left) kept a
/// deal ranking at or after it, as every deal a shard did not keep ranks
/// after its last kept one. Ties of cards and tricks are ranked by the deal
/// (`Order::compare`), so a deal a shard dropped at a tie is never taken
/// for one ranking after a place.
fn proven(list: &[Entry], order: Order, bounds: &[Option<Entry>]) -> usize {
    list.iter()
        .take_while(|e| {
            bounds
                .iter()
                .flatten()
                .all(|bound| order.compare(e, bound) != Ordering::Greater)
        })
        .count()
}

/// The union of the shards: their tallies added, the time of the longest,
/// and the places of each list that their lists prove.
fn union(shards: &[Shard<Read>], top: usize) -> CliResult<(Report, Header)> {
    let mut total = Report::new(top);
    let mut deals: u64 = 0;
    for s in shards {
        let r = &s.read.report;
        deals = deals
            .checked_add(r.tally.deals)
            .ok_or_else(|| CliError::new(format!("the deals add up to more than {}", u64::MAX)))?;
        total.absorb(r);
        total.seconds = total.seconds.max(r.seconds);
    }
    let lists = [
        total.tally.by_cards.as_slice(),
        total.tally.by_tricks.as_slice(),
        total.tally.loop_deals.as_slice(),
    ];
    let orders = [Order::CardsFirst, Order::TricksFirst, Order::CardsFirst];
    let bounds: Vec<[Option<Entry>; 3]> = shards.iter().map(|s| s.read.bounds()).collect();
    let proven: [usize; 3] = std::array::from_fn(|i| {
        let of_list: Vec<Option<Entry>> = bounds.iter().map(|b| b[i]).collect();
        proven(lists[i], orders[i], &of_list)
    });
    let first = &shards[0].read.header;
    let mut params = first.params.clone();
    params.shard = format!("{n}/{n}", n = shards[0].n);
    params.top = Some(top);
    let header = Header {
        params,
        threads: shards.iter().map(|s| s.read.header.threads).sum(),
        tasks: shards.len() as u64,
        complete: shards.iter().all(|s| s.read.header.complete),
        stop: shards.iter().find_map(|s| s.read.header.stop),
        proven: Some(proven),
    };
    Ok((total, header))
}

/// The union of a `loops` search's shards, as the search in one piece
/// prints it: the cycles started from (every shard's), then each cycle found
/// by the first trial that found it in any shard, in trial order (a trial's
/// several in the order its shard lists them), with the deals that shard
/// listed for it; the trials, loops, seconds and threads added, and `N/N`
/// of the N shards.
fn union_loops(shards: &[Shard<Record>]) -> CliResult<Record> {
    let first = &shards[0].read;
    let mut cycles: Vec<CycleLines> = first
        .cycles
        .iter()
        .filter(|c| c.line.trial.is_none())
        .cloned()
        .collect();
    // By (trial, place in its shard's list): one trial is one shard's.
    let mut found: Vec<((u64, usize), &CycleLines)> = shards
        .iter()
        .flat_map(|s| s.read.cycles.iter().enumerate())
        .filter_map(|(place, c)| Some(((c.line.trial?, place), c)))
        .collect();
    found.sort_by_key(|(key, _)| *key);
    let mut ids = HashSet::new();
    cycles.extend(
        found
            .into_iter()
            .filter(|(_, c)| ids.insert(c.line.id()))
            .map(|(_, c)| c.clone()),
    );
    let sum = |what: &str, count: fn(&Record) -> u64| {
        shards
            .iter()
            .try_fold(0u64, |n, s| n.checked_add(count(&s.read)))
            .ok_or_else(|| CliError::new(format!("the {what} add up to more than {}", u64::MAX)))
    };
    let mut params = first.params.clone();
    params.shard = plateau::camicia::hunt::Shard::new(shards[0].n, shards[0].n)
        .map_err(|e| CliError::new(e.to_string()))?;
    Ok(Record {
        params,
        cycles,
        trials: sum("trials", |r| r.trials)?,
        looped: sum("loops", |r| r.looped)?,
        seconds: shards.iter().map(|s| s.read.seconds).sum(),
        threads: sum("threads", |r| r.threads)?,
        tasks: shards.len() as u64,
        complete: shards.iter().all(|s| s.read.complete),
        stop: shards.iter().find_map(|s| s.read.stop),
    })
}

#[cfg(test)]
mod tests {
    use plateau::camicia::hunt::Best;
    use plateau::camicia::{Ending, PackedDeal, Status};
    use plateau::rng::SplitMix64;

    use super::*;

    /// An entry of a deal of 12 cards told apart by `bits`, whatever its
    /// game (the merge never replays here): `cards` and `tricks` from a
    /// small range, so that lists tie often, at their cut too.
    fn entry(bits: u64, cards: u64, tricks: u64) -> Entry {
        Entry {
            deal: PackedDeal::from_bits(bits, 0, 6, 6).expect("a deal"),
            ending: Ending {
                status: Status::Finished,
                cards,
                tricks,
            },
        }
    }

    /// Keeps the best `room` of `entries` in `order`.
    fn best(order: Order, room: usize, entries: &[Entry]) -> Vec<Entry> {
        let mut list = Best::new_in(order, vec![Entry::EMPTY; room]);
        for e in entries {
            list.insert(*e);
        }
        list.as_slice().to_vec()
    }

    /// Random shards whose lists tie at their cut: the merged list's
    /// proven places are the true places of the hunt in one piece, and all
    /// of them when every shard kept as many as the merge lists.
    #[test]
    fn the_places_proven_are_the_true_ones_when_the_lists_tie() {
        let mut rng = SplitMix64::new(40);
        let mut ties_at_a_cut = 0;
        for round in 0..3000 {
            let order = if round % 2 == 0 {
                Order::CardsFirst
            } else {
                Order::TricksFirst
            };
            let (n, top) = (1 + rng.below(4), 1 + rng.below(6));
            let kept = 1 + rng.below(8);
            let mut all = Vec::new();
            let mut lists = Vec::new();
            let mut bounds = Vec::new();
            for k in 0..n {
                let count = rng.below(12);
                let shard: Vec<Entry> = (0..count)
                    .map(|i| {
                        let bits = ((k * 64 + i) as u64) << 1 | 1;
                        entry(bits, 10 + rng.below(3) as u64, 1 + rng.below(2) as u64)
                    })
                    .collect();
                all.extend_from_slice(&shard);
                let list = best(order, kept, &shard);
                let full = list.len() >= kept;
                if full && shard.len() > kept {
                    let cut = list[kept - 1].ending;
                    ties_at_a_cut +=
                        usize::from(shard.iter().filter(|e| e.ending == cut).count() > 1);
                }
                bounds.push(full.then(|| list.last().copied()).flatten());
                lists.extend(list);
            }
            let merged = best(order, top, &lists);
            let truth = best(order, top, &all);
            let p = proven(&merged, order, &bounds);
            assert_eq!(merged[..p], truth[..p], "round {round}: proven {p}");
            if kept >= top {
                assert_eq!(p, truth.len(), "round {round}: every place is proven");
            }
        }
        assert!(ties_at_a_cut > 500, "{ties_at_a_cut} ties at a cut");
    }
}
