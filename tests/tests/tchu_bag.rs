//! `SortedBag` against the obvious model: a sorted `Vec` with repeats.

use std::collections::BTreeSet;

use plateau::bag::{BagError, SortedBag};
use proptest::prelude::*;

/// Capacity small enough that random bags of 6 kinds often overflow it.
const N: usize = 4;
type Bag = SortedBag<u8, N>;

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

fn distinct(v: &[u8]) -> usize {
    v.iter().collect::<BTreeSet<_>>().len()
}

/// The model's multiset difference: each of `b`'s elements removes one of `a`'s.
fn model_difference(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut left = a.to_vec();
    for x in b {
        if let Some(i) = left.iter().position(|y| y == x) {
            left.remove(i);
        }
    }
    left
}

/// The model's sub-multisets of size k, by brute force over index subsets, in
/// increasing lexicographic order of their sorted sequences.
fn model_subsets(a: &[u8], k: usize) -> Vec<Vec<u8>> {
    let mut all = BTreeSet::new();
    for mask in 0u32..(1 << a.len()) {
        if mask.count_ones() as usize == k {
            let pick: Vec<u8> = (0..a.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| a[i])
                .collect();
            all.insert(pick);
        }
    }
    all.into_iter().collect()
}

fn model_text(a: &[u8]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < a.len() {
        let n = a[i..].iter().take_while(|&&x| x == a[i]).count();
        parts.push(if n > 1 {
            format!("{n}×{}", a[i])
        } else {
            a[i].to_string()
        });
        i += n;
    }
    format!("{{{}}}", parts.join(", "))
}

fn elements() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u8..6, 0..10)
}

/// Makes the bag of `v`, which the caller knows fits.
fn bag(v: &[u8]) -> Bag {
    Bag::from_elements(v.iter().copied()).unwrap()
}

/// A vector with at most N distinct elements, so that it fits a bag.
fn fitting() -> impl Strategy<Value = Vec<u8>> {
    elements().prop_map(|v| {
        let keep: BTreeSet<u8> = v.iter().copied().take(N).collect();
        sorted(v.into_iter().filter(|x| keep.contains(x)).collect())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn from_elements_is_the_sorted_vector(v in elements()) {
        match Bag::from_elements(v.iter().copied()) {
            Ok(b) => {
                prop_assert!(distinct(&v) <= N);
                let model = sorted(v.clone());
                prop_assert_eq!(b.iter().collect::<Vec<_>>(), model.clone());
                prop_assert_eq!(b.len(), model.len());
                prop_assert_eq!(b.is_empty(), model.is_empty());
                prop_assert_eq!(b.distinct_len(), distinct(&model));
                prop_assert_eq!(b.to_string(), model_text(&model));
                for i in 0..model.len() + 3 {
                    prop_assert_eq!(b.get(i), model.get(i).copied());
                }
                for x in 0..7u8 {
                    let count = model.iter().filter(|&&y| y == x).count();
                    prop_assert_eq!(b.count_of(&x), count);
                    prop_assert_eq!(b.contains(&x), count > 0);
                }
                let d: Vec<u8> = model.iter().copied().collect::<BTreeSet<_>>().into_iter().collect();
                prop_assert_eq!(b.distinct().collect::<Vec<_>>(), d.clone());
                let counts: Vec<(u8, usize)> =
                    d.iter().map(|&x| (x, model.iter().filter(|&&y| y == x).count())).collect();
                prop_assert_eq!(b.entries().collect::<Vec<_>>(), counts);
                // Order of insertion does not matter.
                let mut reversed = v.clone();
                reversed.reverse();
                prop_assert_eq!(bag(&reversed), b);
            }
            Err(e) => {
                prop_assert_eq!(e, BagError::Full { capacity: N });
                prop_assert!(distinct(&v) > N);
            }
        }
    }

    #[test]
    fn union_adds_counts_or_reports_full(a in fitting(), b in fitting()) {
        let (ba, bb) = (bag(&a), bag(&b));
        let mut model = a.clone();
        model.extend(&b);
        let model = sorted(model);
        match ba.union(&bb) {
            Ok(u) => {
                prop_assert!(distinct(&model) <= N);
                prop_assert_eq!(u.iter().collect::<Vec<_>>(), model);
            }
            Err(e) => {
                prop_assert_eq!(e, BagError::Full { capacity: N });
                prop_assert!(distinct(&model) > N);
            }
        }
    }

    #[test]
    fn difference_and_containment(a in fitting(), b in fitting()) {
        let (ba, bb) = (bag(&a), bag(&b));
        let model = model_difference(&a, &b);
        prop_assert_eq!(ba.difference(&bb).iter().collect::<Vec<_>>(), model);
        let b_in_a = model_difference(&b, &a).is_empty();
        prop_assert_eq!(ba.contains_all(&bb), b_in_a);
        prop_assert!(ba.contains_all(&ba));
        prop_assert!(ba.contains_all(&Bag::new()));
        // (a - b) ∪ (a ∩ b) = a, where a ∩ b = a - (a - b).
        let common = ba.difference(&ba.difference(&bb));
        prop_assert_eq!(ba.difference(&bb).union(&common), Ok(ba.clone()));
    }

    #[test]
    fn subsets_are_all_distinct_sub_bags_in_order(a in fitting(), k in 0usize..11) {
        let got: Vec<Vec<u8>> = bag(&a).subsets(k).map(|s| s.iter().collect()).collect();
        prop_assert_eq!(got, model_subsets(&a, k));
    }

    #[test]
    fn of_n_holds_n_copies(n in 0u16..300, x in any::<u8>()) {
        let b = Bag::of_n(n, x).unwrap();
        prop_assert_eq!(b.len(), usize::from(n));
        prop_assert_eq!(b.count_of(&x), usize::from(n));
        prop_assert_eq!(Bag::of(x).unwrap().iter().collect::<Vec<_>>(), vec![x]);
    }
}

#[test]
fn text_forms() {
    let words: SortedBag<&str, 4> =
        SortedBag::from_elements("to be or not to be".split(' ')).unwrap();
    assert_eq!(words.to_string(), "{2×be, not, or, 2×to}");
    assert_eq!(Bag::new().to_string(), "{}");
    use plateau::tchu::Card;
    let cards: SortedBag<Card, 2> =
        SortedBag::from_elements([Card::Locomotive, Card::Black, Card::Black]).unwrap();
    assert_eq!(cards.to_string(), "{2×BLACK, LOCOMOTIVE}");
}

#[test]
fn counts_past_u16_are_refused() {
    let big = Bag::of_n(u16::MAX, 1).unwrap();
    assert_eq!(big.len(), 65535);
    assert_eq!(big.union(&Bag::of(1).unwrap()), Err(BagError::TooMany));
    assert_eq!(big.union(&Bag::of(2).unwrap()).map(|b| b.len()), Ok(65536));
    assert_eq!(
        SortedBag::<u8, 0>::of(1),
        Err(BagError::Full { capacity: 0 })
    );
    assert_eq!(big.subsets(65535).count(), 1);
    assert_eq!(
        big.subsets(3).next().map(|s| s.to_string()),
        Some("{3×1}".into())
    );
}
