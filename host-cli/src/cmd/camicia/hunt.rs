//! `plateau camicia hunt` and `merge`: the core's record hunt
//! (`plateau::camicia::hunt`) on threads, with a deadline, progress and
//! output.
//!
//! The hunt is a sequence of chunks, each deterministic for `(seed, chunk)`;
//! the threads take the next chunk of this shard as they free up and their
//! tallies are added up in a fixed order, so a hunt's answer depends on the
//! seed, the shard and the number of chunks, never on the threads or on
//! timing (a timed hunt reports its chunk count).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use plateau::Budget;
use plateau::camicia::Status;
use plateau::camicia::hunt::{Found, Hunt, Shard, Tally};
use serde_json::{Value, json};

use crate::cmd::camicia::{DEFAULT_MAX_ROUNDS, parse_packed};
use crate::error::{CliError, CliResult, bad};
use crate::input::{content_lines, read_text};
use crate::Io;
use crate::output::write_json;

/// Deals listed by cards and by tricks, by default.
pub const DEFAULT_TOP: usize = 5;
/// Loop deals kept in a report.
const LOOPS_KEPT: usize = 20;

/// Options of `plateau camicia hunt`.
#[derive(Args, Debug)]
pub struct HuntArgs {
    /// Stop after about this many seconds (default: 10 without --deals, else no
    /// time limit).
    #[arg(long, value_name = crate::limits::SECONDS_NAME)]
    seconds: Option<f64>,
    /// Stop after exactly this many deals, the hunt's step budget (reproducible
    /// unless --seconds stops it first) (default: no deal limit).
    #[arg(long, value_name = crate::limits::STEPS_NAME, visible_alias = "max-steps")]
    deals: Option<u64>,
    /// Seed of the random deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (the default: every core).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// This machine's part of a larger hunt: shard K of N (from 1/1 to N/N).
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = parse_shard)]
    shard: Shard,
    /// Deals to list by cards and by tricks.
    #[arg(long, default_value_t = DEFAULT_TOP)]
    top: usize,
    /// Play fresh shuffles only, without climbing: the rate on random deals.
    #[arg(long)]
    fresh: bool,
    /// Rounds a game may last before it counts as exhausted.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_ROUNDS)]
    max_rounds: u64,
}

/// Reads shard K of N (from 1/1 to N/N).
fn parse_shard(s: &str) -> Result<Shard, String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("expected K/N like 2/8, not '{s}'"))?;
    let k: u64 = k
        .parse()
        .map_err(|_| format!("K in '{s}' is not a whole number"))?;
    let n: u64 = n
        .parse()
        .map_err(|_| format!("N in '{s}' is not a whole number"))?;
    Shard::new(k, n).map_err(|_| format!("shard '{s}' must have 1 <= K <= N"))
}

/// What a hunt (or several) found: the core's tally, and the time it took.
#[derive(Clone, Debug)]
pub struct Report {
    tally: Tally<Vec<Found>>,
    seconds: f64,
    thread_seconds: f64,
    /// Processor time the threads got (less than `thread_seconds` on a busy machine).
    cpu_seconds: f64,
}

impl Report {
    /// Returns an empty report listing `top` deals by cards and by tricks.
    fn new(top: usize) -> Report {
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

/// Runs the hunt.
pub fn run(args: &HuntArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > 1024 {
        return Err(bad(
            "--threads",
            &threads.to_string(),
            "must be from 1 to 1024",
        ));
    }
    let seconds = match (args.seconds, args.deals) {
        (Some(s), _) if !(s.is_finite() && s > 0.0 && s <= 1e7) => {
            return Err(bad(
                "--seconds",
                &s.to_string(),
                "must be a positive number of seconds",
            ));
        }
        (Some(s), _) => Some(s),
        (None, None) => Some(10.0),
        (None, Some(_)) => None,
    };
    let deals = args.deals.map_or(Budget::UNLIMITED, Budget::new);
    let mut hunt = Hunt::new(args.seed, Budget::new(args.max_rounds));
    if args.fresh {
        hunt = hunt.fresh();
    }
    let next = AtomicU64::new(0);
    let done_deals = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let deadline = seconds.map(|s| start + Duration::from_secs_f64(s));
    let shard = args.shard;
    let top = args.top.max(1);
    let mut report = Report::new(top);
    std::thread::scope(|scope| -> CliResult {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Report::new(top);
                    let began = Instant::now();
                    let cpu_began = thread_cpu_seconds();
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let idx = next.fetch_add(1, Ordering::Relaxed);
                        let Some(len) = Hunt::chunk_deals(deals, idx) else {
                            break;
                        };
                        let before = mine.tally.deals;
                        hunt.chunk(shard.chunk(idx), len, &mut mine.tally);
                        done_deals.fetch_add(mine.tally.deals - before, Ordering::Relaxed);
                    }
                    mine.thread_seconds = began.elapsed().as_secs_f64();
                    mine.cpu_seconds = match (cpu_began, thread_cpu_seconds()) {
                        (Some(a), Some(b)) if b > a => b - a,
                        _ => mine.thread_seconds,
                    };
                    mine
                })
            })
            .collect();
        let bar = io.progress.then(|| {
            let bar = match (seconds, args.deals) {
                (Some(s), _) => indicatif::ProgressBar::new((s * 10.0) as u64),
                (None, Some(d)) => indicatif::ProgressBar::new(d),
                (None, None) => indicatif::ProgressBar::new(0),
            };
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar
        });
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(50));
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                stop.store(true, Ordering::Relaxed);
            }
            if let Some(bar) = &bar {
                let deals = done_deals.load(Ordering::Relaxed);
                let elapsed = now.duration_since(start).as_secs_f64();
                match seconds {
                    Some(_) => bar.set_position((elapsed * 10.0) as u64),
                    None => bar.set_position(deals),
                }
                bar.set_message(format!(
                    "{deals} deals, {:.2} M/s",
                    deals as f64 / elapsed / 1e6
                ));
            }
        }
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        for w in workers {
            let mine = w
                .join()
                .map_err(|_| CliError::new("a hunt thread stopped unexpectedly"))?;
            report.absorb(&mine);
        }
        Ok(())
    })?;
    report.seconds = start.elapsed().as_secs_f64();
    print_report(&report, Some((args, threads)), json, io)
}

fn found_json(kind: &str, f: &Found) -> Value {
    json!({ "kind": kind, "deal": f.deal.to_string(), "status": f.outcome.status.to_string(),
            "cards": f.outcome.cards, "tricks": f.outcome.tricks })
}

fn print_report(
    r: &Report,
    hunt: Option<(&HuntArgs, usize)>,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let t = &r.tally;
    let rate = t.deals as f64 / r.seconds.max(1e-9);
    let per_thread = t.deals as f64 / r.thread_seconds.max(1e-9);
    let per_cpu = t.deals as f64 / r.cpu_seconds.max(1e-9);
    let average = t.cards_of_finished as f64 / t.finished.max(1) as f64;
    if json {
        let mut summary = json!({
            "kind": "summary", "deals": t.deals, "chunks": t.chunks, "finished": t.finished,
            "loops": t.loops, "exhausted": t.exhausted, "cards_of_finished": t.cards_of_finished,
            "seconds": r.seconds, "thread_seconds": r.thread_seconds, "cpu_seconds": r.cpu_seconds,
            "deals_per_second": rate.round(), "deals_per_second_per_thread": per_thread.round(),
            "deals_per_cpu_second": per_cpu.round(),
        });
        if let (Some((args, threads)), Some(map)) = (hunt, summary.as_object_mut()) {
            map.insert("seed".into(), json!(args.seed));
            map.insert(
                "shard".into(),
                json!(format!("{}/{}", args.shard.k(), args.shard.n())),
            );
            map.insert("threads".into(), json!(threads));
        }
        write_json(io.out, &summary)?;
        for f in t.by_cards.as_slice() {
            write_json(io.out, &found_json("by-cards", f))?;
        }
        for f in t.by_tricks.as_slice() {
            write_json(io.out, &found_json("by-tricks", f))?;
        }
        for f in t.loop_deals.as_slice() {
            write_json(io.out, &found_json("loop", f))?;
        }
        return Ok(());
    }
    match hunt {
        Some((args, threads)) => writeln!(
            io.out,
            "hunt: {} deals ({} chunks) in {:.1} s on {threads} thread{} (seed {}, shard {}/{})",
            t.deals,
            t.chunks,
            r.seconds,
            if threads == 1 { "" } else { "s" },
            args.seed,
            args.shard.k(),
            args.shard.n()
        )?,
        None => writeln!(io.out, "merged: {} deals ({} chunks)", t.deals, t.chunks)?,
    }
    writeln!(
        io.out,
        "rate: {:.3} M deals/s, {:.3} M deals/s per thread, {:.3} M deals per processor second",
        rate / 1e6,
        per_thread / 1e6,
        per_cpu / 1e6
    )?;
    writeln!(
        io.out,
        "finished: {}, loops: {}, exhausted: {}; {average:.1} cards per finished game",
        t.finished, t.loops, t.exhausted
    )?;
    for (title, list) in [
        ("longest by cards", t.by_cards.as_slice()),
        ("longest by tricks", t.by_tricks.as_slice()),
        ("loops", t.loop_deals.as_slice()),
    ] {
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

/// Reads hunts' JSON outputs, checks every deal by playing it, and prints the union.
pub fn merge(files: &[PathBuf], top: usize, json: bool, io: &mut Io<'_>) -> CliResult {
    let top = top.max(1);
    let mut total = Report::new(top);
    for path in files {
        let text = read_text(Some(path), io)?;
        let name = path.display().to_string();
        let mut part = Report::new(top);
        for (n, line) in content_lines(&text) {
            let at = |why: &str| CliError::new(format!("{name}: line {n}: {why}"));
            let v: Value = serde_json::from_str(line).map_err(|_| at("not a JSON object"))?;
            let num = |key: &str| {
                v.get(key)
                    .and_then(Value::as_u64)
                    .ok_or_else(|| at(&format!("missing whole number '{key}'")))
            };
            match v.get("kind").and_then(Value::as_str) {
                Some("summary") => {
                    part.tally.deals += num("deals")?;
                    part.tally.chunks += num("chunks")?;
                    part.tally.finished += num("finished")?;
                    part.tally.loops += num("loops")?;
                    part.tally.exhausted += num("exhausted")?;
                    part.tally.cards_of_finished += num("cards_of_finished")?;
                    let secs = |key: &str| v.get(key).and_then(Value::as_f64).unwrap_or(0.0);
                    part.seconds = part.seconds.max(secs("seconds"));
                    part.thread_seconds += secs("thread_seconds");
                    part.cpu_seconds += secs("cpu_seconds");
                }
                Some(kind @ ("by-cards" | "by-tricks" | "loop")) => {
                    let deal = v
                        .get("deal")
                        .and_then(Value::as_str)
                        .ok_or_else(|| at("missing 'deal'"))?;
                    let packed =
                        parse_packed(deal).map_err(|e| at(&format!("deal '{deal}': {e}")))?;
                    let o = packed.simulate(Budget::new(DEFAULT_MAX_ROUNDS));
                    let claimed = (num("cards")?, num("tricks")?);
                    if (o.cards, o.tricks) != claimed {
                        return Err(at(&format!(
                            "deal '{deal}' plays {} cards and {} tricks, not {} and {}",
                            o.cards, o.tricks, claimed.0, claimed.1
                        )));
                    }
                    let f = Found {
                        deal: packed,
                        outcome: o,
                    };
                    match (kind, o.status) {
                        ("loop", Status::Loop) => {
                            part.tally.loop_deals.insert(f);
                        }
                        ("by-cards", Status::Finished) => {
                            part.tally.by_cards.insert(f);
                        }
                        ("by-tricks", Status::Finished) => {
                            part.tally.by_tricks.insert(f);
                        }
                        _ => {
                            return Err(at(&format!(
                                "deal '{deal}' is a {} game, not a {kind} entry",
                                o.status
                            )));
                        }
                    }
                }
                _ => return Err(at("expected an object of `plateau camicia hunt --json`")),
            }
        }
        let seconds = part.seconds;
        total.absorb(&part);
        total.seconds = total.seconds.max(seconds);
    }
    print_report(&total, None, json, io)
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
