//! `plateau camicia hunt`: the core's record hunt (`plateau::camicia::hunt`)
//! on threads, with a deadline, progress, Ctrl-C and output.
//!
//! The hunt is a sequence of chunks, each deterministic for `(seed, chunk)`;
//! the threads take the next chunk of this shard as they free up and their
//! tallies are added up in a fixed order, so a hunt's answer depends on the
//! seed, the shard and the number of chunks, never on the threads or on
//! timing (a timed hunt reports its chunk count). A stop (`--seconds`,
//! Ctrl-C) lets every thread end the chunk it is playing, so the chunks
//! played are always the first ones: what a checkpoint would need is the
//! report and the number of chunks.

use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use plateau::Budget;
use plateau::camicia::hunt::{Found, Hunt, Shard, Tally};
use serde::Serialize;

use super::{DEFAULT_MAX_ROUNDS, status_of};
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::limits::{self, Limits, SECONDS_NAME, STEPS_NAME};
use crate::output::{self, Answer, Seconds, Status, Stop, write_json};
use crate::progress::{self, Progress};

/// Deals listed by cards and by tricks, by default.
pub(crate) const DEFAULT_TOP: usize = 5;
/// Deals listed by cards and by tricks, at most.
const MAX_TOP: u64 = 1000;
/// Loop deals kept in a report.
const LOOPS_KEPT: usize = 20;
/// Worker threads at most.
const MAX_THREADS: u64 = 1024;
/// The time limit of a hunt given neither `--seconds` nor `--deals`.
const DEFAULT_SECONDS: f64 = 10.0;

/// Options of `plateau camicia hunt`.
#[derive(Args, Debug)]
pub(crate) struct HuntArgs {
    /// Stop after about this many seconds (default: 10 without --deals, else no
    /// time limit).
    #[arg(long, value_name = SECONDS_NAME, value_parser = limits::parse_seconds, allow_negative_numbers = true)]
    seconds: Option<f64>,
    /// Stop after exactly this many deals, the hunt's step budget (reproducible
    /// unless --seconds stops it first) (default: no deal limit).
    #[arg(long, value_name = STEPS_NAME, visible_alias = "max-steps",
          value_parser = limits::parse_steps, allow_negative_numbers = true)]
    deals: Option<u64>,
    /// Seed of the random deals.
    #[arg(long, default_value_t = 1, value_parser = limits::parse_steps, allow_negative_numbers = true)]
    seed: u64,
    /// Worker threads, 1 to 1024 (the default: every core).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_negative_numbers = true)]
    threads: Option<usize>,
    /// This machine's part of a larger hunt: shard K of N (from 1/1 to N/N).
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = parse_shard, allow_hyphen_values = true)]
    shard: Shard,
    /// Deals to list by cards and by tricks, 1 to 1000.
    #[arg(long, default_value_t = DEFAULT_TOP, value_parser = parse_top, allow_negative_numbers = true)]
    top: usize,
    /// Play fresh shuffles only, without climbing: the rate on random deals.
    #[arg(long)]
    fresh: bool,
    /// Rounds a game may last before it counts as exhausted.
    #[arg(long, value_name = STEPS_NAME, default_value_t = DEFAULT_MAX_ROUNDS,
          value_parser = limits::parse_steps, allow_negative_numbers = true)]
    max_rounds: u64,
}

/// Reads `--top`: 1 to 1,000 deals.
pub(crate) fn parse_top(s: &str) -> Result<usize, String> {
    let n = limits::number_in(s, 1, MAX_TOP)?;
    usize::try_from(n).map_err(|e| e.to_string())
}

/// Reads `--threads`: 1 to 1,024.
fn parse_threads(s: &str) -> Result<usize, String> {
    let n = limits::number_in(s, 1, MAX_THREADS)?;
    usize::try_from(n).map_err(|e| e.to_string())
}

/// Reads shard K of N (from 1/1 to N/N).
fn parse_shard(s: &str) -> Result<Shard, String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("expected K/N like 2/8, not '{}'", crate::error::shorten(s)))?;
    let k = limits::number_in(k, 1, u64::MAX).map_err(|why| format!("K: {why}"))?;
    let n = limits::number_in(n, 1, u64::MAX).map_err(|why| format!("N: {why}"))?;
    Shard::new(k, n).map_err(|_| format!("shard '{s}' must have 1 <= K <= N"))
}

/// What a hunt (or several) found: the core's tally, and the time it took.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub(crate) tally: Tally<Vec<Found>>,
    pub(crate) seconds: f64,
    pub(crate) thread_seconds: f64,
    /// Processor time the threads got (less than `thread_seconds` on a busy machine).
    pub(crate) cpu_seconds: f64,
}

impl Report {
    /// Returns an empty report listing `top` deals by cards and by tricks.
    pub(crate) fn new(top: usize) -> Report {
        Report {
            tally: Tally::new(
                vec![Found::EMPTY; top],
                vec![Found::EMPTY; top],
                vec![Found::EMPTY; LOOPS_KEPT],
            ),
            seconds: 0.0,
            thread_seconds: 0.0,
            cpu_seconds: 0.0,
        }
    }

    /// Adds another report (the result does not depend on the order).
    fn absorb(&mut self, other: &Report) {
        self.tally.absorb(&other.tally);
        self.thread_seconds += other.thread_seconds;
        self.cpu_seconds += other.cpu_seconds;
    }
}

/// Returns the processor time of the calling thread (Linux `/proc`), if known.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which ends with the last ')'): utime is the
    // 12th, stime the 13th, in clock ticks of 1/100 s.
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    let mut fields = rest.split_whitespace().skip(11);
    let utime: f64 = fields.next()?.parse().ok()?;
    let stime: f64 = fields.next()?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// The hunt's chunks, handed out in order to the threads as they free up.
struct Chunks {
    hunt: Hunt,
    shard: Shard,
    /// The hunt's deals in all (unlimited: until stopped).
    deals: Budget,
    /// The next chunk to hand out.
    next: AtomicU64,
    /// Deals played so far, for the progress line.
    played: AtomicU64,
    /// Raised when the hunt must stop after the chunks under way.
    stop: AtomicBool,
}

impl Chunks {
    /// Plays chunks into a report of `top` deals until none is left or the
    /// hunt stops; returns the report with the thread's time.
    fn work(&self, top: usize) -> Report {
        let mut mine = Report::new(top);
        let began = Instant::now();
        let cpu_began = thread_cpu_seconds();
        while !self.stop.load(Ordering::Relaxed) {
            let idx = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(len) = Hunt::chunk_deals(self.deals, idx) else {
                break;
            };
            let before = mine.tally.deals;
            self.hunt.chunk(self.shard.chunk(idx), len, &mut mine.tally);
            self.played
                .fetch_add(mine.tally.deals - before, Ordering::Relaxed);
        }
        mine.thread_seconds = began.elapsed().as_secs_f64();
        mine.cpu_seconds = match (cpu_began, thread_cpu_seconds()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => mine.thread_seconds,
        };
        mine
    }
}

/// Runs the hunt.
pub(crate) fn run(args: &HuntArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(MAX_THREADS as usize);
    let seconds = match (args.seconds, args.deals) {
        (Some(s), _) => Some(s),
        (None, None) => Some(DEFAULT_SECONDS),
        (None, Some(_)) => None,
    };
    let limits = Limits::new(u64::MAX, seconds);
    let deals = args.deals.map_or(Budget::UNLIMITED, Budget::new);
    let mut hunt = Hunt::new(args.seed, Budget::new(args.max_rounds));
    if args.fresh {
        hunt = hunt.fresh();
    }
    let chunks = Chunks {
        hunt,
        shard: args.shard,
        deals,
        next: AtomicU64::new(0),
        played: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    };
    let start = Instant::now();
    let top = args.top;
    let mut report = Report::new(top);
    let progress = Progress::new(io, json, "hunt", args.deals);
    let stopped_by = Mutex::new(None);
    let section = progress::Interruptible::open();
    std::thread::scope(|scope| -> CliResult {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| chunks.work(top)))
            .collect();
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(50));
            if let Some(stop) = limits.stop_now() {
                chunks.stop.store(true, Ordering::Relaxed);
                if let Ok(mut s) = stopped_by.lock() {
                    s.get_or_insert(stop);
                }
            }
            let played = chunks.played.load(Ordering::Relaxed);
            let elapsed = start.elapsed().as_secs_f64().max(1e-9);
            progress.set(played);
            progress.message(format!("deals, {:.2} M/s", played as f64 / elapsed / 1e6));
        }
        for w in workers {
            let mine = w
                .join()
                .map_err(|_| CliError::new("a hunt thread stopped unexpectedly"))?;
            report.absorb(&mine);
        }
        Ok(())
    })?;
    drop(section);
    drop(progress);
    report.seconds = start.elapsed().as_secs_f64();
    // A hunt of --deals deals that played them all is complete, whatever
    // stopped it after; an endless one always stopped.
    let complete = !deals.is_unlimited() && report.tally.deals == deals.get();
    let stop = if complete {
        None
    } else {
        stopped_by
            .into_inner()
            .ok()
            .flatten()
            .or(Some(Stop::Interrupt))
    };
    let of_hunt = OfHunt {
        seed: args.seed,
        shard: format!("{}/{}", args.shard.k(), args.shard.n()),
        threads,
        stop,
    };
    print_report(&report, Some(&of_hunt), json, io)
}

/// What a hunt adds to a merge's report: its settings and what stopped it.
pub(crate) struct OfHunt {
    seed: u64,
    shard: String,
    threads: usize,
    stop: Option<Stop>,
}

/// The first answer of `hunt` and `merge`: the counts, the rate and (for a
/// hunt) its settings. The deals listed follow it, one [`Listed`] a line.
#[derive(Serialize)]
struct Summary<'a> {
    /// `found`; `exhausted` for a hunt that `--seconds` or Ctrl-C stopped.
    status: Status,
    /// `summary`.
    kind: &'static str,
    deals: u64,
    chunks: u64,
    finished: u64,
    loops: u64,
    exhausted: u64,
    cards_of_finished: u64,
    seconds: Seconds,
    thread_seconds: Seconds,
    cpu_seconds: Seconds,
    deals_per_second: u64,
    deals_per_second_per_thread: u64,
    deals_per_cpu_second: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    threads: Option<usize>,
    /// `seconds` or `interrupt`, for a hunt stopped before its deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    /// The rates unrounded and the average, for the text.
    #[serde(skip)]
    text: (f64, f64, f64, f64),
}

impl Answer for Summary<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (self.seed, self.shard, self.threads) {
            (Some(seed), Some(shard), Some(threads)) => {
                write!(
                    out,
                    "hunt: {} deals ({} chunks) in {:.1} s on {threads} thread{} (seed {seed}, shard {shard})",
                    self.deals,
                    self.chunks,
                    self.seconds.0,
                    if threads == 1 { "" } else { "s" },
                )?;
                match self.stopped_by {
                    Some(stop) => writeln!(out, ", stopped by {}", stop.flag())?,
                    None => writeln!(out)?,
                }
            }
            _ => writeln!(out, "merged: {} deals ({} chunks)", self.deals, self.chunks)?,
        }
        writeln!(
            out,
            "rate: {:.3} M deals/s, {:.3} M deals/s per thread, {:.3} M deals per processor second",
            self.text.0 / 1e6,
            self.text.1 / 1e6,
            self.text.2 / 1e6
        )?;
        writeln!(
            out,
            "finished: {}, loops: {}, exhausted: {}; {:.1} cards per finished game",
            self.finished, self.loops, self.exhausted, self.text.3
        )
    }
}

/// A deal of a report's lists (`hunt --json`, after the summary).
#[derive(Serialize)]
struct Listed {
    /// The game's: `finished` (the lists by cards and by tricks) or `loop`.
    status: Status,
    /// `by-cards`, `by-tricks` or `loop`.
    kind: &'static str,
    /// The deal, compact (`A/B`).
    deal: String,
    cards: u64,
    tricks: u64,
}

/// Prints a hunt's report (with `hunt`'s settings) or a merge's.
pub(crate) fn print_report(
    r: &Report,
    hunt: Option<&OfHunt>,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let t = &r.tally;
    let per = |time: f64| t.deals as f64 / time.max(1e-9);
    let (rate, per_thread, per_cpu) = (per(r.seconds), per(r.thread_seconds), per(r.cpu_seconds));
    // `as` saturates: a rate is a whole number of deals a second.
    let whole = |rate: f64| rate.round() as u64;
    let summary = Summary {
        status: if hunt.and_then(|h| h.stop).is_some() {
            Status::Exhausted
        } else {
            Status::Found
        },
        kind: "summary",
        deals: t.deals,
        chunks: t.chunks,
        finished: t.finished,
        loops: t.loops,
        exhausted: t.exhausted,
        cards_of_finished: t.cards_of_finished,
        seconds: Seconds(r.seconds),
        thread_seconds: Seconds(r.thread_seconds),
        cpu_seconds: Seconds(r.cpu_seconds),
        deals_per_second: whole(rate),
        deals_per_second_per_thread: whole(per_thread),
        deals_per_cpu_second: whole(per_cpu),
        seed: hunt.map(|h| h.seed),
        shard: hunt.map(|h| h.shard.as_str()),
        threads: hunt.map(|h| h.threads),
        stopped_by: hunt.and_then(|h| h.stop),
        text: (
            rate,
            per_thread,
            per_cpu,
            t.cards_of_finished as f64 / t.finished.max(1) as f64,
        ),
    };
    output::emit(io, json, &summary)?;
    let lists = [
        ("longest by cards", "by-cards", t.by_cards.as_slice()),
        ("longest by tricks", "by-tricks", t.by_tricks.as_slice()),
        ("loops", "loop", t.loop_deals.as_slice()),
    ];
    for (title, kind, list) in lists {
        if json {
            for f in list {
                let listed = Listed {
                    status: status_of(f.outcome.status),
                    kind,
                    deal: f.deal.to_string(),
                    cards: f.outcome.cards,
                    tricks: f.outcome.tricks,
                };
                write_json(io.out, &listed)?;
            }
            continue;
        }
        writeln!(io.out, "{title}:")?;
        if list.is_empty() {
            writeln!(io.out, "  none found")?;
        }
        for f in list {
            writeln!(
                io.out,
                "  {:>5} cards {:>4} tricks  {}",
                f.outcome.cards, f.outcome.tricks, f.deal
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use plateau::camicia::hunt::shuffle;
    use plateau::camicia::{DECK_SIZE, PackedDeal, Player};
    use plateau::rng::SplitMix64;

    /// The penalties of a deal, place by place (0 for a number card, 1 to 4
    /// for J, Q, K, A).
    fn penalties(deal: &PackedDeal) -> [u8; DECK_SIZE] {
        std::array::from_fn(|i| deal.rank(i).expect("in range").penalty())
    }

    /// The hunt's shuffle, checked to deal a full deck split 26/26.
    fn hunt_shuffle(rng: &mut SplitMix64) -> [u8; DECK_SIZE] {
        let deal = shuffle(rng);
        assert_eq!((deal.len(Player::A), deal.total()), (26, 52));
        let p = penalties(&deal);
        let mut count = [0; 5];
        for &x in &p {
            count[usize::from(x)] += 1;
        }
        assert_eq!(count, [36, 4, 4, 4, 4]);
        p
    }

    /// A deliberately bad shuffle: one fixed deal turned by a random number
    /// of places. Each place on its own is uniform, but the cards keep their
    /// distances to each other.
    fn rotated_pattern(rng: &mut SplitMix64) -> [u8; DECK_SIZE] {
        let pattern = penalties(&shuffle(&mut SplitMix64::new(2024)));
        let turn = rng.below(DECK_SIZE);
        std::array::from_fn(|i| pattern[(i + turn) % DECK_SIZE])
    }

    /// The per-place test: every place holds a payment card 16 times in 52,
    /// and each rank 4 times in 52 (binomial counts within five standard
    /// deviations of their mean). Returns the first place that is off.
    fn marginals_off(
        n: usize,
        seed: u64,
        mut deal: impl FnMut(&mut SplitMix64) -> [u8; DECK_SIZE],
    ) -> Option<String> {
        let mut rng = SplitMix64::new(seed);
        let mut payers_at = [0usize; DECK_SIZE];
        let mut rank_at = [[0usize; 4]; DECK_SIZE];
        for _ in 0..n {
            for (i, &p) in deal(&mut rng).iter().enumerate() {
                if p > 0 {
                    payers_at[i] += 1;
                    rank_at[i][usize::from(p) - 1] += 1;
                }
            }
        }
        let close = |got: usize, p: f64| {
            let (mean, sd) = (n as f64 * p, (n as f64 * p * (1.0 - p)).sqrt());
            (got as f64 - mean).abs() < 5.0 * sd
        };
        for (i, (&payers, ranks)) in payers_at.iter().zip(&rank_at).enumerate() {
            if !close(payers, 16.0 / 52.0) {
                return Some(format!("place {i}: {payers} payment cards in {n}"));
            }
            for (r, &k) in ranks.iter().enumerate() {
                if !close(k, 4.0 / 52.0) {
                    return Some(format!("place {i} rank {r}: {k} in {n}"));
                }
            }
        }
        None
    }

    /// Deals per pair of places in the joint test.
    const PER_PAIR: usize = 1200;

    /// The joint test: for every pair of places (i, j), i < j, the pair of
    /// penalties they hold, a 5×5 table, against the exact law of a uniform
    /// deal: P(a, b) = n_a (n_b − [a = b]) / (52 · 51), n = (36, 4, 4, 4, 4).
    /// Each deal is looked at in one pair only (deal k in pair k mod 1326),
    /// so the 1326 Pearson statistics are independent. Returns how many
    /// standard deviations their sum lies above its mean.
    ///
    /// Under a uniform shuffle each statistic (25 cells, N = PER_PAIR deals)
    /// has the exact mean 24 and variance 48 + (Σ 1/p − 25² − 2·25 + 2)/N
    /// (Haldane 1937), so the sum has mean 31,824 and standard deviation
    /// about 257; being a sum of 1326 independent terms, it is close to
    /// normal (skewness about 0.02), and exceeding 6 standard deviations has
    /// a probability of about 1e-9.
    fn joint_excess(seed: u64, mut deal: impl FnMut(&mut SplitMix64) -> [u8; DECK_SIZE]) -> f64 {
        let pairs: Vec<(usize, usize)> = (0..DECK_SIZE)
            .flat_map(|i| (i + 1..DECK_SIZE).map(move |j| (i, j)))
            .collect();
        let mut table = vec![[[0u32; 5]; 5]; pairs.len()];
        let mut rng = SplitMix64::new(seed);
        for _ in 0..PER_PAIR {
            for (&(i, j), t) in pairs.iter().zip(table.iter_mut()) {
                let p = deal(&mut rng);
                t[usize::from(p[i])][usize::from(p[j])] += 1;
            }
        }
        let of_each = [36.0, 4.0, 4.0, 4.0, 4.0];
        let law = |a: usize, b: usize| {
            let same = if a == b { 1.0 } else { 0.0 };
            of_each[a] * (of_each[b] - same) / (DECK_SIZE * (DECK_SIZE - 1)) as f64
        };
        let n = PER_PAIR as f64;
        let mut sum = 0.0;
        for t in &table {
            for (a, row) in t.iter().enumerate() {
                for (b, &got) in row.iter().enumerate() {
                    let expected = n * law(a, b);
                    sum += (f64::from(got) - expected).powi(2) / expected;
                }
            }
        }
        let k = 25.0;
        let inverse: f64 = (0..5)
            .flat_map(|a| (0..5).map(move |b| (a, b)))
            .map(|(a, b)| 1.0 / law(a, b))
            .sum();
        let variance = 2.0 * (k - 1.0) + (inverse - k * k - 2.0 * k + 2.0) / n;
        let m = pairs.len() as f64;
        (sum - m * (k - 1.0)) / (m * variance).sqrt()
    }

    /// The shuffle deals a full deck, uniformly: every place holds a payment
    /// card 16 times in 52, and each payment card is each rank once in four.
    #[test]
    fn shuffles_are_full_decks_and_uniform() {
        assert_eq!(marginals_off(20_000, 77, hunt_shuffle), None);
    }

    /// Pairs of places hold pairs of cards as a uniform deal does, which a
    /// per-place test cannot see.
    #[test]
    fn shuffles_are_uniform_on_pairs_of_places() {
        let z = joint_excess(78, hunt_shuffle);
        eprintln!("the hunt's shuffle: {z:.2} sd");
        assert!(z < 6.0, "the pairs' statistic is {z:.1} sd above its mean");
    }

    /// The tests of the tests: a turned fixed deal passes the per-place test
    /// but not the one on pairs.
    #[test]
    fn a_turned_fixed_deal_passes_the_places_but_not_the_pairs() {
        assert_eq!(marginals_off(20_000, 77, rotated_pattern), None);
        let z = joint_excess(78, rotated_pattern);
        eprintln!("a turned fixed deal: {z:.0} sd");
        assert!(
            z > 6.0,
            "the pairs' statistic is only {z:.1} sd above its mean"
        );
    }
}
