//! Sudoku against a peer: plateau's 9×9 solver (`Sudoku::solve`, the band
//! search) and the `sudoku` crate (crates.io, a port of JCZSolve; a
//! dev-dependency of these benches and tests only, never of the core or the
//! CLI) on the sets in `fixtures/sudoku/`, both asked the same question: the
//! solution, and whether it is the only one (each stops at a second).
//!
//! Every answer is compared before anything is timed: both must find each
//! fixture puzzle unique and give the same grid, and agree on every variant
//! with a given removed or a digit added (several or no solutions too; the
//! counts are printed; `tests/grid_sudoku_crate.rs` runs the same comparison
//! under `cargo test`).
//!
//! Two measures per set: criterion's (puzzles/s, each solver on its own), and
//! the two solvers alternating in slices of a tenth of a processor second
//! (thread CPU time, so the other work of a shared machine counts less), the
//! order swapped each round; the ratio plateau/crate of each round's pair,
//! and its median over the rounds, is the figure. One line per set starting
//! with `bench-report sudoku_crate ` carries it as JSON for `tools/bench-report`.
//!
//! `cargo bench -p plateau-tests --bench sudoku_crate`

#[path = "common/sudoku_peer.rs"]
mod sudoku_peer;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plateau_tests::thread_cpu_ns;
use sudoku_peer::{SETS, crate_answer, load, plateau_answer};

/// Rounds of the alternating measure (each one slice of either solver).
const ROUNDS: usize = 21;
/// The length of one slice, in nanoseconds of this thread's processor time.
const SLICE_NS: u64 = 100_000_000;

/// Solves every puzzle with plateau; returns how many were unique.
fn plateau_unique(set: &[[u8; 81]]) -> usize {
    set.iter()
        .filter(|g| plateau_answer(black_box(g)).0 == 1)
        .count()
}

/// Solves every puzzle with the crate; returns how many were unique.
fn crate_unique(set: &[[u8; 81]]) -> usize {
    set.iter()
        .filter(|g| crate_answer(black_box(g)).0 == 1)
        .count()
}

/// Returns puzzles per second of processor time of `run` (one pass over
/// `set`) over one slice.
fn slice_rate(set: &[[u8; 81]], run: fn(&[[u8; 81]]) -> usize) -> Option<f64> {
    let start = thread_cpu_ns()?;
    let mut solved = 0usize;
    let mut now = start;
    while now - start < SLICE_NS {
        assert_eq!(run(set), set.len());
        solved += set.len();
        now = thread_cpu_ns()?;
    }
    Some(solved as f64 / ((now - start) as f64 / 1e9))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Alternates the two solvers in slices and prints the median rates and the
/// median of the per-round ratios plateau/crate.
fn alternate(name: &str, set: &[[u8; 81]]) {
    let (mut ours, mut theirs, mut ratios) = (vec![], vec![], vec![]);
    for round in 0..ROUNDS {
        let pair = if round % 2 == 0 {
            slice_rate(set, plateau_unique).zip(slice_rate(set, crate_unique))
        } else {
            slice_rate(set, crate_unique)
                .zip(slice_rate(set, plateau_unique))
                .map(|(c, p)| (p, c))
        };
        let Some((p, c)) = pair else {
            eprintln!("sudoku_crate: no thread processor time here; alternating measure skipped");
            return;
        };
        ours.push(p);
        theirs.push(c);
        ratios.push(p / c);
    }
    let (lo, hi) = ratios
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let (p, c, r) = (median(&mut ours), median(&mut theirs), median(&mut ratios));
    println!(
        "sudoku_crate {name} ({} puzzles), processor time, alternating slices: plateau {:.0}/s, sudoku crate {:.0}/s, ratio plateau/crate {r:.2} (median of {ROUNDS} rounds; range {lo:.2}–{hi:.2})",
        set.len(),
        p,
        c,
    );
    let json = serde_json::json!({
        "set": name,
        "puzzles": set.len(),
        "rounds": ROUNDS,
        "slice_ms": SLICE_NS / 1_000_000,
        "plateau_per_s": p,
        "crate_per_s": c,
        "ratio_median": r,
        "ratio_min": lo,
        "ratio_max": hi,
    });
    println!("bench-report sudoku_crate {json}");
}

/// Compares the answers on the fixtures' variants too, and prints the counts.
fn agreement() {
    let t0 = Instant::now();
    let a = sudoku_peer::compare_all();
    let v = a.variants();
    println!(
        "sudoku_crate agreement: {} fixture puzzles and {} variants (a given removed or a digit added) answered alike: {} unique, {} several, {} none ({:.1} s)",
        a.puzzles.iter().sum::<usize>(),
        v.iter().sum::<usize>(),
        v[1],
        v[2],
        v[0],
        t0.elapsed().as_secs_f64(),
    );
    let json = serde_json::json!({
        "puzzles": a.puzzles.iter().sum::<usize>(),
        "variants": v.iter().sum::<usize>(),
        "unique": v[1],
        "several": v[2],
        "none": v[0],
    });
    println!("bench-report sudoku_agreement {json}");
}

fn bench(c: &mut Criterion) {
    agreement();
    for name in SETS {
        let set = load(name);
        // Every answer compared before any timing.
        for (i, g) in set.iter().enumerate() {
            let (ours, theirs) = (plateau_answer(g), crate_answer(g));
            assert_eq!(
                ours.0, 1,
                "{name}.txt puzzle {i}: plateau finds it not unique"
            );
            assert_eq!(ours, theirs, "{name}.txt puzzle {i}: the answers differ");
        }
        println!(
            "sudoku_crate {name}: {} puzzles, every answer equal (unique, same grid)",
            set.len()
        );
        alternate(name, &set);
        let mut group = c.benchmark_group(format!("sudoku_crate/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .throughput(Throughput::Elements(set.len() as u64));
        group.bench_function("plateau", |b| {
            b.iter(|| assert_eq!(plateau_unique(&set), set.len()))
        });
        group.bench_function("sudoku crate", |b| {
            b.iter(|| assert_eq!(crate_unique(&set), set.len()))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
