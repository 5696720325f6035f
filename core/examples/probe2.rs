use plateau::tour::*;
use std::time::Instant;
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let b = Board::new(a[0] as u16, a[1] as u16).unwrap();
    let n = b.squares() as usize;
    let mut out = vec![Square::default(); n];
    let mut scratch = vec![0u8; n];
    for y in 0..b.height() { for x in 0..b.width() {
        let t = Instant::now();
        let r = find_tour(b, Square::new(x, y), TourKind::Open, &mut out, &mut scratch, a[2]).unwrap();
        if let TourOutcome::Exhausted{..} = r { println!("{x},{y} exhausted {:?}", t.elapsed()); }
        else if t.elapsed().as_millis() > 50 { println!("{x},{y} {r:?} {:?}", t.elapsed()); }
    }}
}
