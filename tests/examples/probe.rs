use std::time::Instant;
use plateau::tchu::map::ROUTES;
use plateau::tchu::Route;
use plateau::tchu::trail::Trail;
use plateau_tests::tchu_trail::{Rng, connected_subnetwork};

fn analyse(n: &[Route]) {
    let mut ids: Vec<u8> = n.iter().flat_map(|r| r.stations().map(|s| s.id())).collect();
    ids.sort(); ids.dedup();
    let v = ids.len();
    let ix = |id: u8| ids.binary_search(&id).unwrap();
    let inf = 1_000_000u32;
    let mut d = vec![vec![inf; v]; v];
    let mut deg = vec![0; v];
    for i in 0..v { d[i][i] = 0; }
    for r in n { let (a, b) = (ix(r.station1().id()), ix(r.station2().id())); let w = r.length() as u32; d[a][b] = d[a][b].min(w); d[b][a] = d[b][a].min(w); deg[a] += 1; deg[b] += 1; }
    for k in 0..v { for i in 0..v { for j in 0..v { if d[i][k] + d[k][j] < d[i][j] { d[i][j] = d[i][k] + d[k][j]; } } } }
    let odd: Vec<usize> = (0..v).filter(|&i| deg[i] % 2 == 1).collect();
    let k = odd.len();
    // min matching leaving 2 unmatched (or 0): dp over subsets with "free" count
    let full = 1usize << k;
    let mut dp = vec![[inf; 3]; full];
    dp[0] = [0, inf, inf];
    for m in 0..full { for f in 0..3 { let cur = dp[m][f]; if cur >= inf { continue; }
        if m == full - 1 { continue; }
        let i = (!m).trailing_zeros() as usize;
        if f < 2 { let nm = m | 1 << i; if cur < dp[nm][f+1] { dp[nm][f+1] = cur; } }
        for j in i+1..k { if m >> j & 1 == 0 { let nm = m | 1 << i | 1 << j; let c = cur + d[odd[i]][odd[j]]; if c < dp[nm][f] { dp[nm][f] = c; } } }
    } }
    let tjoin = dp[full-1][0].min(dp[full-1][2]);
    // NN bound
    let mut nn: Vec<u32> = odd.iter().map(|&a| odd.iter().filter(|&&b| b != a).map(|&b| d[a][b]).min().unwrap_or(inf)).collect();
    nn.sort();
    let nnb = (nn[..k.saturating_sub(2)].iter().sum::<u32>() + 1) / 2;
    // dual coordinate ascent, doubled units
    let mut y: Vec<i64> = odd.iter().map(|&a| odd.iter().filter(|&&b| b != a).map(|&b| d[a][b] as i64).min().unwrap_or(0)).collect();
    let mut rounds = 0;
    loop {
        let mut changed = false;
        for i in 0..k {
            let m = (0..k).filter(|&j| j != i).map(|j| 2 * d[odd[i]][odd[j]] as i64 - y[j]).min().unwrap_or(0).max(0);
            if m > y[i] { y[i] = m; changed = true; }
        }
        rounds += 1;
        if !changed || rounds > 50 { break; }
    }
    let mut ys = y.clone(); ys.sort();
    let ca = (ys[..k.saturating_sub(2)].iter().sum::<i64>() + 1) / 2;
    print!("ca {ca} (rounds {rounds}) ");
    let total: u32 = n.iter().map(|r| r.length() as u32).sum();
    let best = Trail::longest(n).unwrap().length();
    println!("odd {k} total {total} optimum-drop {} tjoin {tjoin} nn {nnb}", total - best);
}

fn main() {
    let mut rng = Rng(0x40_C0FFEE);
    let nets: Vec<Vec<Route>> = (0..1000).map(|_| connected_subnetwork(&ROUTES, 40, &mut rng)).collect();
    let mut times: Vec<(f64, usize)> = nets.iter().enumerate().map(|(i, n)| {
        let t0 = Instant::now();
        std::hint::black_box(Trail::longest_within(n, u64::MAX).unwrap());
        (t0.elapsed().as_secs_f64() * 1e6, i)
    }).collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("40: median {:.0}us p90 {:.0} p99 {:.0} worst {:.0} (#{})", times[500].0, times[900].0, times[990].0, times[999].0, times[999].1);
    let steps: Vec<u64> = nets.iter().map(|n| Trail::longest_within(n, u64::MAX).unwrap().steps()).collect();
    let mut st = steps.clone(); st.sort();
    let singles: Vec<_> = ROUTES.iter().copied().filter(|r| !r.id().ends_with("_2")).collect();
    println!("STEPS total {} median {} p90 {} p99 {} max {} ; map88 {} map76 {}", st.iter().sum::<u64>(), st[500], st[900], st[990], st[999],
        Trail::longest_within(&ROUTES, u64::MAX).unwrap().steps(), Trail::longest_within(&singles, u64::MAX).unwrap().steps());
    if std::env::args().any(|a| a == "analyse") {
        for k in [999usize, 995, 990, 980, 950, 900, 500] { analyse(&nets[times[k].1]); }
    }
    let singles: Vec<_> = ROUTES.iter().copied().filter(|r| !r.id().ends_with("_2")).collect();
    for net in [ROUTES.to_vec(), singles] {
        let t0 = Instant::now();
        let t = Trail::longest(&net).unwrap();
        println!("{}: {} in {:?}", net.len(), t.length(), t0.elapsed());
    }
}
