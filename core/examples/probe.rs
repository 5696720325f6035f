use plateau::tour::*;
use std::time::Instant;
fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (lo, hi, budget) = (args[0] as u16, args[1] as u16, args[2]);
    for w in lo..=hi { for h in lo..=hi {
        let b = Board::new(w, h).unwrap();
        let n = b.squares() as usize;
        let mut out = vec![Square::default(); n];
        let mut scratch = vec![0u8; n];
        let mut seen = vec![0u8; n];
        for kind in [TourKind::Open, TourKind::Closed] {
            let t = Instant::now();
            let (mut found, mut none, mut ex) = (0, 0, 0);
            for y in 0..h { for x in 0..w {
                let s = Square::new(x, y);
                match find_tour(b, s, kind, &mut out, &mut scratch, budget).unwrap() {
                    TourOutcome::Found => { assert!(check_tour_with(b, &out, kind, &mut seen), "{w}x{h} {s:?}"); found += 1 }
                    TourOutcome::None(_) => none += 1,
                    TourOutcome::Exhausted{..} => ex += 1,
                }
            }}
            let el = t.elapsed();
            if ex > 0 || el.as_millis() > 20 { println!("{w}x{h} {kind:?} found {found} none {none} exhausted {ex} {:?}", el); }
        }
    }}
}
