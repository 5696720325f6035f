//! `plateau camicia merge`: the union of a sharded hunt's reports (`hunt
//! --json` outputs, or checkpoints), verified before it is believed, and
//! exact or saying why not.
//!
//! Each report is read as a checkpoint is ([`record::read`]): whole under
//! its seal, its counts adding up, every listed deal played again. A file
//! may hold several reports one after another (shards concatenated on
//! standard input), and `\r\n` line ends read as `\n`. The reports must be
//! the shards of one hunt: the same seed, deals or seconds, `--fresh` and
//! `--max-rounds`, each shard `K/N` once, and every shard of the N there
//! (the missing ones are named).
//!
//! The merged lists are exact: each shard kept only its best `--top` deals,
//! so a place of the union is proven only if every shard whose list was
//! full kept a deal ranking at or after it (a deal it did not keep ranks
//! after its last kept one). The merge prints the proven places only, and
//! says so when that is fewer than asked. A merge of shards that did not all
//! finish is `exhausted`, with the deals asked and the deals played.

use std::cmp::Ordering;
use std::path::PathBuf;

use plateau::camicia::hunt::{Entry, Order};

use super::record::{self, Header, Read, Report, render};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::input::{name_of, read_text};

/// One shard's report, read and checked on its own.
struct Shard {
    /// The file, and which of its reports when it holds several.
    name: String,
    read: Read,
    k: u64,
    n: u64,
}

/// Reads the shard reports of one hunt (`-`: standard input), checks them
/// (see the module docs) and prints their union, `top` deals by cards and by
/// tricks at most.
pub(crate) fn run(files: &[PathBuf], top: usize, json: bool, io: &mut Io<'_>) -> CliResult {
    let mut shards: Vec<Shard> = Vec::new();
    for path in files {
        let text = read_text(Some(path), io)?;
        let name = name_of(path);
        let parts = record::split(&text);
        if parts.is_empty() {
            return Err(CliError::new(format!("{name}: empty: not a hunt's output")));
        }
        let several = parts.len() > 1;
        for (i, (first, lines)) in parts.iter().enumerate() {
            let label = if several {
                format!("{name} (report {} of {})", i + 1, parts.len())
            } else {
                name.clone()
            };
            let read = record::read(lines, *first)
                .map_err(|(line, why)| CliError::new(format!("{name}: line {line}: {why}")))?;
            let shard = shard_of(label, read)?;
            check_with(&shards, &shard)?;
            shards.push(shard);
        }
    }
    let Some(first) = shards.first() else {
        return Err(CliError::new("no shard files to merge"));
    };
    check_complete_set(&shards, first.n)?;
    let (total, header) = union(&shards, top)?;
    io.out.write_all(&render(&total, &header, json)?)?;
    Ok(())
}

/// A report as a shard: one hunt's, with its `K/N`.
fn shard_of(name: String, read: Read) -> CliResult<Shard> {
    if read.header.tasks != 1 {
        return Err(CliError::new(format!(
            "{name}: a merge's output, not a hunt's shard: merge the shards themselves"
        )));
    }
    let (k, n) = read
        .header
        .params
        .shard_k_n()
        .map_err(|why| CliError::new(format!("{name}: {why}")))?;
    Ok(Shard { name, read, k, n })
}

/// Checks that `shard` is of the hunt of those read before, and new.
fn check_with(shards: &[Shard], shard: &Shard) -> CliResult {
    let name = &shard.name;
    if let Some(first) = shards.first() {
        // Shards differ in their K by design; the merge proves its places
        // whatever each shard's --top.
        let skip = ["--shard", "--top"];
        let (here, there) = (&shard.read.header.params, &first.read.header.params);
        if let Some((flag, a, b)) = there.difference(here, &skip) {
            return Err(CliError::new(format!(
                "{name}: a shard of another hunt than {}: {flag} {b} here, {a} there",
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
    Ok(())
}

/// Checks that every shard `1/n` to `n/n` is there.
fn check_complete_set(shards: &[Shard], n: u64) -> CliResult {
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
        "shard{} {}{more} {} missing: merge every shard of the hunt",
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
fn union(shards: &[Shard], top: usize) -> CliResult<(Report, Header)> {
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
