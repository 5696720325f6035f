use plateau::tour::*;
use std::time::Instant;
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let mut bad = 0;
    for n in a[0]..=a[1] { for m in [n, n + a[2]] { if m > a[1] + a[2] {continue}
        let b = Board::new(n as u16, m as u16).unwrap();
        let sq = b.squares() as usize;
        let mut out = vec![Square::default(); sq];
        let mut scratch = vec![0u8; sq];
        let mut seen = vec![0u8; sq];
        for kind in [TourKind::Open, TourKind::Closed] {
            let t = Instant::now();
            let r = find_tour(b, Square::new(0, 0), kind, &mut out, &mut scratch, 1_000_000_000).unwrap();
            let ok = r == TourOutcome::Found && check_tour_with(b, &out, kind, &mut seen);
            if !ok && !(r == TourOutcome::None(NoTour::NoClosedTour)) { bad += 1; println!("{n}x{m} {kind:?} {r:?} {:?}", t.elapsed()); }
        }
    }}
    println!("bad {bad}");
}
