//! Knight's tours: n×n from a corner against a bare Warnsdorff loop in the same
//! run, and every start square of every board from 5×5 to 16×16; each search
//! in one call and in slices of 1,000 moves (what driving it from a main loop
//! costs).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use plateau::Budget;
use plateau::search::{Outcome, Search};
use plateau::tour::{Board, Square, Tour, TourKind, TourOutcome};
use plateau_tests::KNIGHT_MOVES;
use std::hint::black_box;
use std::time::Duration;

/// The baseline: Warnsdorff with incremental degrees, first minimum wins, no checks
/// beyond the board's edges. Returns the squares visited.
#[allow(clippy::needless_range_loop)] // the plainest loop is the point
fn bare_warnsdorff(w: usize, h: usize, deg: &mut [u8], out: &mut [(u32, u32)]) -> usize {
    let moves = KNIGHT_MOVES.map(|(dx, dy)| (i64::from(dx), i64::from(dy)));
    for y in 0..h {
        for x in 0..w {
            deg[y * w + x] = moves
                .iter()
                .filter(|(dx, dy)| {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64
                })
                .count() as u8;
        }
    }
    let (mut x, mut y) = (0i64, 0i64);
    for k in 0..w * h {
        out[k] = (x as u32, y as u32);
        deg[y as usize * w + x as usize] = 0x80;
        let mut best = None;
        let mut best_deg = u8::MAX;
        for (dx, dy) in moves {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                continue;
            }
            let c = &mut deg[ny as usize * w + nx as usize];
            if *c & 0x80 != 0 {
                continue;
            }
            *c -= 1;
            if *c < best_deg {
                best_deg = *c;
                best = Some((nx, ny));
            }
        }
        match best {
            Some(p) => (x, y) = p,
            None => return k + 1,
        }
    }
    w * h
}

/// The moves of a slice in the sliced benchmarks.
const SLICE: Budget = Budget::new(1_000);

/// Runs `search` to its end in one call, or in slices of [`SLICE`].
fn to_the_end<S: Search<Error = std::convert::Infallible>>(
    search: &mut S,
    sliced: bool,
) -> plateau::search::SearchOutcome<S> {
    let budget = if sliced { SLICE } else { Budget::UNLIMITED };
    loop {
        let Ok(o) = search.run(budget);
        if !o.is_exhausted() {
            return o;
        }
    }
}

fn corners(c: &mut Criterion) {
    let mut g = c.benchmark_group("tour_corner");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    for n in [8usize, 100, 1000, 3000] {
        let b = Board::new(n as u16, n as u16).unwrap();
        let mut tour = Tour::new_in(b, vec![Square::default(); n * n], vec![0u8; n * n]).unwrap();
        // The benchmark's id stays `find_tour` so figures compare across the rename.
        for (id, sliced) in [("find_tour", false), ("find_tour_sliced", true)] {
            g.bench_with_input(BenchmarkId::new(id, n), &n, |bn, _| {
                bn.iter(|| {
                    let mut search = tour.find(Square::new(0, 0), TourKind::Open).unwrap();
                    assert_eq!(to_the_end(&mut search, sliced), Outcome::Done(()));
                    black_box(search.squares().last().copied())
                })
            });
        }
        let mut deg = vec![0u8; n * n];
        let mut path = vec![(0u32, 0u32); n * n];
        g.bench_with_input(BenchmarkId::new("bare_warnsdorff", n), &n, |bn, _| {
            bn.iter(|| black_box(bare_warnsdorff(n, n, &mut deg, &mut path)))
        });
    }
    g.finish();
}

fn all_starts(c: &mut Criterion) {
    let mut g = c.benchmark_group("tour_all_starts");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    for kind in [TourKind::Open, TourKind::Closed] {
        for (suffix, sliced) in [("", false), (" sliced", true)] {
            g.bench_function(format!("5..16 {kind:?}{suffix}"), |bn| {
                let first = Board::new(5, 5).unwrap();
                let mut tour = Tour::<[Square; 256], [u8; 256]>::new(first).unwrap();
                bn.iter(|| {
                    let mut found = 0u32;
                    for w in 5..=16u16 {
                        for h in 5..=16u16 {
                            let b = Board::new(w, h).unwrap();
                            tour.set_board(b).unwrap();
                            for y in 0..h {
                                for x in 0..w {
                                    let mut search = tour.find(Square::new(x, y), kind).unwrap();
                                    let o: TourOutcome = to_the_end(&mut search, sliced);
                                    assert!(!o.is_exhausted());
                                    found += u32::from(o.is_done());
                                }
                            }
                        }
                    }
                    black_box(found)
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, corners, all_starts);
criterion_main!(benches);
