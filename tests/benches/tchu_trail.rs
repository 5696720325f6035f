//! Longest trail: the whole map, the networks grown to be hard for the search
//! (`fixtures/tchu/trail-grown-*.tsv`, `trail-hard.tsv`, `trail-odd-64.tsv`), the
//! large ones in the host's largest workspace (`trail-large-*.tsv`), 1,000
//! random 40-route networks of the map, the fast search against the seed's
//! exhaustive one on 12-, 16- and 20-route networks, and the workspaces of
//! smaller capacity beside the default one.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use plateau::Budget;
use plateau::rng::SplitMix64;
use plateau::search::Search;
use plateau::tchu::Route;
use plateau::tchu::map::ROUTES;
use plateau::tchu::trail::{
    CompactMapWorkspace, HugeWorkspace, MapWorkspace, PlayerWorkspace, Trail, TrailMemory,
    TrailSearch, TrailWorkspace,
};
use plateau_tests::tchu_trail::{connected_subnetwork, network_file, player_network, seed_longest};

fn whole_map(c: &mut Criterion) {
    let singles: Vec<Route> = ROUTES
        .iter()
        .copied()
        .filter(|r| !r.id().ends_with("_2"))
        .collect();
    let mut g = c.benchmark_group("tchu_trail_whole_map");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    g.bench_function("88_routes", |b| {
        b.iter(|| Trail::longest_unbounded(black_box(&ROUTES)).map(|t| t.length()))
    });
    g.bench_function("76_routes", |b| {
        b.iter(|| Trail::longest_unbounded(black_box(&singles)).map(|t| t.length()))
    });
    g.finish();
}

/// The fixtures grown by hill climbs against earlier versions of the search (and
/// the network whose 64 stations are all odd), each solved whole.
fn grown(c: &mut Criterion) {
    let dir = plateau_tests::workspace_root().join("fixtures/tchu");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixtures/tchu")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("trail-grown-") && n.ends_with(".tsv"))
        .collect();
    names.sort();
    names.extend(["trail-hard.tsv".to_owned(), "trail-odd-64.tsv".to_owned()]);
    let mut g = c.benchmark_group("tchu_trail_grown");
    g.sample_size(10).measurement_time(Duration::from_secs(2));
    for name in names {
        let net = network_file(&dir.join(&name));
        g.bench_function(name.trim_end_matches(".tsv"), |b| {
            b.iter(|| Trail::longest_unbounded(black_box(&net)).map(|t| t.length()))
        });
    }
    g.finish();
}

/// Returns the shortest of three solves of `net`: the machine is shared, and one
/// preempted solve should not pass for a hard network.
fn solve_time(net: &[Route]) -> Duration {
    (0..3)
        .map(|_| {
            let t0 = Instant::now();
            black_box(
                Trail::longest_unbounded(black_box(net))
                    .map(|t| t.length())
                    .ok(),
            );
            t0.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Times each of 1,000 random connected 40-route networks (best of three, after a
/// warm-up pass over all) and prints the median, 90th and 99th percentiles and worst.
fn forty_route_networks(_c: &mut Criterion) {
    let mut rng = SplitMix64::new(0x40_C0FFEE);
    let nets: Vec<Vec<Route>> = (0..1000)
        .map(|_| connected_subnetwork(&ROUTES, 40, &mut rng))
        .collect();
    for n in &nets {
        black_box(Trail::longest_unbounded(n).map(|t| t.length()).ok());
    }
    let mut times: Vec<(Duration, usize)> = nets
        .iter()
        .enumerate()
        .map(|(i, n)| (solve_time(n), i))
        .collect();
    times.sort();
    let at = |q: usize| times[(times.len() - 1) * q / 100].0;
    println!(
        "tchu_trail 1000 random connected 40-route networks: median {:?}, p90 {:?}, p99 {:?}, worst {:?} (network #{})",
        at(50),
        at(90),
        at(99),
        times[times.len() - 1].0,
        times[times.len() - 1].1
    );
}

/// The same for 1,000 networks a player could own with 40 cars (connected, at most
/// 40 in total length, one half of a double at most).
fn player_networks(_c: &mut Criterion) {
    let mut rng = SplitMix64::new(0x0C_A125);
    let nets: Vec<Vec<Route>> = (0..1000)
        .map(|_| player_network(&ROUTES, 40, &mut rng))
        .collect();
    let mut times: Vec<Duration> = nets.iter().map(|n| solve_time(n)).collect();
    times.sort();
    let routes: usize = nets.iter().map(Vec::len).max().unwrap_or(0);
    println!(
        "tchu_trail 1000 random 40-car player networks (up to {routes} routes): median {:?}, p99 {:?}, worst {:?}",
        times[500], times[990], times[999]
    );
}

fn fast_against_seed(c: &mut Criterion) {
    let mut g = c.benchmark_group("tchu_trail_fast_vs_seed");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for size in [12usize, 16, 20] {
        let mut rng = SplitMix64::new(0x5EED + size as u64);
        // Ten networks of each size, solved together, so the ratio is not one draw's.
        let nets: Vec<Vec<Route>> = (0..10)
            .map(|_| connected_subnetwork(&ROUTES, size, &mut rng))
            .collect();
        for n in &nets {
            assert_eq!(
                Trail::longest_unbounded(n).map(|t| t.length()).ok(),
                Some(seed_longest(n).0)
            );
        }
        let t0 = Instant::now();
        for n in &nets {
            black_box(
                Trail::longest_unbounded(black_box(n))
                    .map(|t| t.length())
                    .ok(),
            );
        }
        let fast = t0.elapsed();
        let t0 = Instant::now();
        for n in &nets {
            black_box(seed_longest(black_box(n)).0);
        }
        let seed = t0.elapsed();
        println!(
            "tchu_trail {size} routes x10: fast {fast:?}, seed {seed:?}, seed/fast {:.0}",
            seed.as_secs_f64() / fast.as_secs_f64()
        );
        g.bench_function(format!("fast_{size}_routes_x10"), |b| {
            b.iter(|| {
                nets.iter()
                    .map(|n| {
                        Trail::longest_unbounded(black_box(n))
                            .map(|t| t.length())
                            .unwrap_or(0)
                    })
                    .sum::<u32>()
            })
        });
        if size <= 16 {
            g.bench_function(format!("seed_{size}_routes_x10"), |b| {
                b.iter(|| {
                    nets.iter()
                        .map(|n| seed_longest(black_box(n)).0)
                        .sum::<u32>()
                })
            });
        }
    }
    g.finish();
}

/// The length of the longest trail of `net`, searched in the lent `workspace`.
fn longest_in<W: TrailMemory>(net: &[Route], workspace: W) -> u32 {
    TrailSearch::new_in(net, workspace)
        .ok()
        .and_then(|mut search| search.run(Budget::UNLIMITED).ok())
        .map_or(0, |outcome| outcome.so_far().length())
}

/// The workspaces of smaller capacity beside the default one, each lent again
/// and again (as on a chip): the whole map in the map's workspace and in the
/// compact one (no matching), and 100 random connected 40-route pieces of the
/// map in a player's workspace.
fn layouts(c: &mut Criterion) {
    let mut rng = SplitMix64::new(0x41_C0FFEE);
    let nets: Vec<Vec<Route>> = (0..100)
        .map(|_| connected_subnetwork(&ROUTES, 40, &mut rng))
        .collect();
    let mut default: Box<TrailWorkspace> = Box::new(TrailWorkspace::new());
    let mut map = Box::new(MapWorkspace::new());
    let mut compact = Box::new(CompactMapWorkspace::new());
    let mut player = Box::new(PlayerWorkspace::new());
    for n in &nets {
        assert_eq!(longest_in(n, &mut *player), longest_in(n, &mut *default));
    }
    let mut g = c.benchmark_group("tchu_trail_layouts");
    g.sample_size(10).measurement_time(Duration::from_secs(2));
    g.bench_function("whole_map_default", |b| {
        b.iter(|| longest_in(black_box(&ROUTES), &mut *default))
    });
    g.bench_function("whole_map_map", |b| {
        b.iter(|| longest_in(black_box(&ROUTES), &mut *map))
    });
    g.bench_function("whole_map_compact", |b| {
        b.iter(|| longest_in(black_box(&ROUTES), &mut *compact))
    });
    g.bench_function("forty_routes_x100_default", |b| {
        b.iter(|| {
            nets.iter()
                .map(|n| longest_in(black_box(n), &mut *default))
                .sum::<u32>()
        })
    });
    g.bench_function("forty_routes_x100_player", |b| {
        b.iter(|| {
            nets.iter()
                .map(|n| longest_in(black_box(n), &mut *player))
                .sum::<u32>()
        })
    });
    g.finish();
}

/// The networks past the default's capacity (`fixtures/tchu/trail-large-*.tsv`,
/// 300 and 512 routes), each solved whole in one `HugeWorkspace`, lent again.
fn large(c: &mut Criterion) {
    let dir = plateau_tests::workspace_root().join("fixtures/tchu");
    let mut g = c.benchmark_group("tchu_trail_large");
    g.sample_size(10).measurement_time(Duration::from_secs(2));
    let mut workspace = Box::new(HugeWorkspace::new());
    for name in ["trail-large-300", "trail-large-512"] {
        let net = network_file(&dir.join(format!("{name}.tsv")));
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut search =
                    TrailSearch::new_in(black_box(&net), &mut *workspace).expect("it fits");
                let Ok(outcome) = search.run(Budget::UNLIMITED);
                outcome.so_far().length()
            })
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    whole_map,
    grown,
    large,
    forty_route_networks,
    player_networks,
    fast_against_seed,
    layouts
);
criterion_main!(benches);
