//! SortedBag against a sorted Vec model: every operation agrees, capacity errors
//! exactly when the model has more distinct elements than the bag can hold.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::bag::{BagError, SortedBag};

const N: usize = 4;
type Bag = SortedBag<u8, N>;

fn distinct(v: &[u8]) -> usize {
    let mut d = v.to_vec();
    d.dedup();
    d.len()
}

fn model_of(bag: &Bag) -> Vec<u8> {
    bag.iter().collect()
}

fuzz_target!(|data: (Vec<u8>, Vec<u8>, u8, u8)| {
    let (a, b, probe, k) = data;
    let (mut a, mut b) = (a, b);
    a.iter_mut().for_each(|x| *x %= 8);
    b.iter_mut().for_each(|x| *x %= 8);
    a.sort_unstable();
    b.sort_unstable();
    let bag_a = Bag::from_elements(a.iter().copied());
    assert_eq!(bag_a.is_err(), distinct(&a) > N);
    let (Ok(bag_a), Ok(bag_b)) = (bag_a, Bag::from_elements(b.iter().copied())) else {
        return;
    };
    assert_eq!(model_of(&bag_a), a);
    assert_eq!(bag_a.len(), a.len());
    for i in 0..=a.len() {
        assert_eq!(bag_a.get(i), a.get(i).copied());
    }
    let p = probe % 8;
    assert_eq!(bag_a.count_of(&p), a.iter().filter(|&&x| x == p).count());
    assert_eq!(bag_a.contains(&p), a.contains(&p));

    let mut union = a.clone();
    union.extend(&b);
    union.sort_unstable();
    match bag_a.union(&bag_b) {
        Ok(u) => assert_eq!(model_of(&u), union),
        Err(e) => assert!(e == BagError::Full { capacity: N } && distinct(&union) > N),
    }
    let mut diff = a.clone();
    for x in &b {
        if let Some(i) = diff.iter().position(|y| y == x) {
            diff.remove(i);
        }
    }
    assert_eq!(model_of(&bag_a.difference(&bag_b)), diff);
    let sub = b
        .iter()
        .all(|x| a.iter().filter(|y| *y == x).count() >= b.iter().filter(|y| *y == x).count());
    assert_eq!(bag_a.contains_all(&bag_b), sub);

    // Subsets of size k: distinct, sorted, each a sub-multiset, as many as the model's.
    let k = usize::from(k % 6);
    let mut seen: Vec<Vec<u8>> = Vec::new();
    for s in bag_a.subsets(k).take(2000) {
        assert_eq!(s.len(), k);
        assert!(bag_a.contains_all(&s));
        seen.push(model_of(&s));
    }
    let mut dedup = seen.clone();
    dedup.sort();
    dedup.dedup();
    assert_eq!(dedup.len(), seen.len(), "subsets repeat");
    let _ = format!("{bag_a}");
});
