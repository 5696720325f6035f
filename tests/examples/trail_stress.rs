//! Longest-trail times on three kinds of 40-route networks of the map (2,000
//! each, the best of five runs per network, so that a preempted run does not
//! count): random subsets, connected growths, and dense growths that prefer
//! routes closing a cycle. `cargo run --release -p plateau-tests --example trail_stress`

use plateau::rng::SplitMix64;
use plateau::tchu::Route;
use plateau::tchu::map::ROUTES;
use plateau::tchu::trail::Trail;
use plateau_tests::tchu_trail::connected_subnetwork;
use std::time::Instant;

fn dense<'a>(map: &[Route<'a>], count: usize, rng: &mut SplitMix64) -> Vec<Route<'a>> {
    // Grow preferring routes that close a cycle (both ends already in).
    let mut chosen: Vec<Route> = vec![map[rng.below(map.len())]];
    while chosen.len() < count {
        let st: Vec<_> = chosen.iter().flat_map(|r| r.stations()).collect();
        let closing: Vec<&Route> = map
            .iter()
            .filter(|r| !chosen.contains(r))
            .filter(|r| r.stations().iter().all(|s| st.contains(s)))
            .collect();
        let touching: Vec<&Route> = map
            .iter()
            .filter(|r| !chosen.contains(r))
            .filter(|r| r.stations().iter().any(|s| st.contains(s)))
            .collect();
        let pool = if !closing.is_empty() && rng.below(4) != 0 {
            closing
        } else {
            touching
        };
        if pool.is_empty() {
            break;
        }
        chosen.push(*pool[rng.below(pool.len())]);
    }
    chosen
}

fn main() {
    let mut rng = SplitMix64::new(0x9E37_79B9_7F4A_7C15);
    for kind in ["random subset", "connected", "dense"] {
        let mut times = Vec::new();
        let mut worst_net = 0;
        for i in 0..2000 {
            let net: Vec<Route> = match kind {
                "random subset" => {
                    let mut v = ROUTES.to_vec();
                    while v.len() > 40 {
                        let k = rng.below(v.len());
                        v.swap_remove(k);
                    }
                    v
                }
                "connected" => connected_subnetwork(&ROUTES, 40, &mut rng),
                _ => dense(&ROUTES, 40, &mut rng),
            };
            let mut dt = f64::MAX;
            for _ in 0..5 {
                let t = Instant::now();
                let trail = Trail::longest_unbounded(&net).expect("fits");
                dt = dt.min(t.elapsed().as_secs_f64() * 1e3);
                std::hint::black_box(trail.length());
            }
            if times.iter().all(|&x: &f64| x < dt) {
                worst_net = i;
            }
            times.push(dt);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{kind:>14}: median {:.3} ms, p99 {:.3} ms, worst {:.3} ms (#{worst_net})",
            times[1000], times[1980], times[1999]
        );
    }
}
