//! [`SortedBag`]: a fixed-capacity sorted multiset, stored inline.
//!
//! A bag keeps each distinct element once with its count, in increasing order, so
//! a hand of 40 cards of 9 kinds fits in 9 entries. `N` bounds the *distinct*
//! elements, not the total; anything that would need more than `N` entries (or a
//! count past `u16::MAX`) is refused with a [`BagError`], never dropped.
//!
//! ```
//! use plateau::bag::SortedBag;
//! let words = "to be or not to be".split(' ');
//! let bag: SortedBag<&str, 4> = SortedBag::from_elements(words)?;
//! assert_eq!(bag.to_string(), "{2×be, not, or, 2×to}");
//! assert_eq!((bag.len(), bag.count_of(&"to"), bag.get(2)), (6, 2, Some("not")));
//! let be = SortedBag::<&str, 4>::of_n(2, "be")?;
//! assert_eq!(bag.difference(&be).to_string(), "{not, or, 2×to}");
//! assert_eq!(bag.subsets(5).count(), 4); // one of be, not, or, to left out
//! # Ok::<(), plateau::bag::BagError>(())
//! ```

use core::fmt;

use heapless::Vec;

/// Most times one element can occur in a bag.
pub const MAX_COUNT: usize = u16::MAX as usize;

/// Why a bag could not be made.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BagError {
    /// The bag would hold more distinct elements than its capacity `N`.
    Full {
        /// The bag's capacity: distinct elements it holds at most.
        capacity: usize,
    },
    /// An element's count would pass [`MAX_COUNT`].
    TooMany,
}

impl fmt::Display for BagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Full { capacity } => write!(
                f,
                "the bag would hold more than its capacity of {capacity} distinct elements"
            ),
            Self::TooMany => write!(f, "an element would occur more than {MAX_COUNT} times"),
        }
    }
}

impl core::error::Error for BagError {}

/// A sorted multiset of at most `N` distinct elements, each with a count of 1 to [`MAX_COUNT`].
///
/// Equal bags hold the same elements the same number of times.
///
/// ```
/// use plateau::bag::{BagError, SortedBag};
/// use plateau::tchu::{Card, Color};
/// let hand: SortedBag<Card, 2> = SortedBag::from_elements([
///     Card::Locomotive, Card::of(Color::Black), Card::of(Color::Black),
/// ])?;
/// assert_eq!(hand.to_string(), "{2×BLACK, LOCOMOTIVE}");
/// let more = SortedBag::of(Card::of(Color::Red))?;
/// assert_eq!(hand.union(&more), Err(BagError::Full { capacity: 2 })); // a third kind: refused
/// # Ok::<(), BagError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SortedBag<T, const N: usize> {
    /// Distinct elements in increasing order, each with a count >= 1.
    entries: Vec<(T, u16), N>,
}

impl<T: Ord + Copy, const N: usize> Default for SortedBag<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Ord + Copy, const N: usize> SortedBag<T, N> {
    /// Makes an empty bag.
    #[must_use]
    pub const fn new() -> Self {
        SortedBag {
            entries: Vec::new(),
        }
    }

    /// Makes a bag holding `element` once; `Full` if `N` is 0.
    pub fn of(element: T) -> Result<Self, BagError> {
        Self::of_n(1, element)
    }

    /// Makes a bag holding `n` copies of `element` (empty for 0); `Full` if `N` is 0.
    pub fn of_n(n: u16, element: T) -> Result<Self, BagError> {
        let mut bag = Self::new();
        if n > 0 {
            bag.entries
                .push((element, n))
                .map_err(|_| BagError::Full { capacity: N })?;
        }
        Ok(bag)
    }

    /// Makes a bag of the elements, in any order, repeats counted.
    pub fn from_elements<I: IntoIterator<Item = T>>(elements: I) -> Result<Self, BagError> {
        let mut bag = Self::new();
        for e in elements {
            bag.add(e, 1)?;
        }
        Ok(bag)
    }

    /// Adds `n` copies of `element`, leaving the bag unchanged on error.
    fn add(&mut self, element: T, n: u16) -> Result<(), BagError> {
        if n == 0 {
            return Ok(());
        }
        match self.entries.binary_search_by(|(e, _)| e.cmp(&element)) {
            Ok(i) => {
                let (_, count) = self
                    .entries
                    .get_mut(i)
                    .ok_or(BagError::Full { capacity: N })?;
                *count = count.checked_add(n).ok_or(BagError::TooMany)?;
                Ok(())
            }
            Err(i) => {
                if self.entries.is_full() {
                    return Err(BagError::Full { capacity: N });
                }
                // Shift the tail up by carrying each entry to the next slot, then
                // push the last one: heapless' `insert` and `rotate_right` keep
                // overflow checks the optimizer cannot remove (see the panic probe).
                let mut carried = (element, n);
                if let Some(tail) = self.entries.get_mut(i..) {
                    for slot in tail {
                        core::mem::swap(slot, &mut carried);
                    }
                }
                self.entries
                    .push(carried)
                    .map_err(|_| BagError::Full { capacity: N })
            }
        }
    }

    /// Returns the bag holding the elements of both, counts added.
    pub fn union(&self, other: &Self) -> Result<Self, BagError> {
        let mut bag = self.clone();
        for &(e, n) in &other.entries {
            bag.add(e, n)?;
        }
        Ok(bag)
    }

    /// Returns this bag minus `other`'s elements, counts subtracted; an element
    /// whose count drops to 0 or below is gone.
    #[must_use]
    pub fn difference(&self, other: &Self) -> Self {
        let mut bag = Self::new();
        for &(e, n) in &self.entries {
            let left = n.saturating_sub(other.count(&e));
            if left > 0 {
                // Never more entries than `self` holds, so this cannot fail.
                let _ = bag.entries.push((e, left));
            }
        }
        bag
    }

    fn count(&self, element: &T) -> u16 {
        self.entries
            .binary_search_by(|(e, _)| e.cmp(element))
            .ok()
            .and_then(|i| self.entries.get(i))
            .map_or(0, |&(_, n)| n)
    }

    /// Returns how many times `element` occurs (0 if not at all).
    #[must_use]
    pub fn count_of(&self, element: &T) -> usize {
        usize::from(self.count(element))
    }

    /// Returns whether `element` occurs at least once.
    #[must_use]
    pub fn contains(&self, element: &T) -> bool {
        self.count(element) > 0
    }

    /// Returns whether `other` is a sub-multiset: each of its elements occurs here at
    /// least as often.
    #[must_use]
    pub fn contains_all<const M: usize>(&self, other: &SortedBag<T, M>) -> bool {
        other.entries.iter().all(|(e, n)| self.count(e) >= *n)
    }

    /// Returns the number of elements, repeats counted.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.iter().fold(0usize, |total, &(_, n)| {
            total.saturating_add(usize::from(n))
        })
    }

    /// Returns whether the bag is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Returns the number of distinct elements.
    #[must_use]
    pub fn distinct_len(&self) -> usize {
        self.entries.len()
    }

    /// Returns the `i`-th element in increasing order, repeats counted, or `None`
    /// past the end.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<T> {
        let mut left = i;
        for &(e, n) in &self.entries {
            let n = usize::from(n);
            if left < n {
                return Some(e);
            }
            left -= n;
        }
        None
    }

    /// Iterates over the elements in increasing order, repeats included.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.entries
            .iter()
            .flat_map(|&(e, n)| core::iter::repeat_n(e, usize::from(n)))
    }

    /// Iterates over the distinct elements with their counts, in increasing order.
    pub fn entries(&self) -> impl Iterator<Item = (T, usize)> + '_ {
        self.entries.iter().map(|&(e, n)| (e, usize::from(n)))
    }

    /// Iterates over the distinct elements (the bag as a set), in increasing order.
    pub fn distinct(&self) -> impl Iterator<Item = T> + '_ {
        self.entries.iter().map(|&(e, _)| e)
    }

    /// Iterates over the distinct sub-bags of `k` elements, without allocating.
    ///
    /// They come in increasing order of their element sequences: for `{a, 2×b}`
    /// and k = 2, `{a, b}` then `{2×b}`. None if `k` exceeds [`len`](Self::len).
    #[must_use]
    pub fn subsets(&self, k: usize) -> Subsets<'_, T, N> {
        // The first subset takes as many of the smallest elements as fit.
        let mut counts = [0u16; N];
        let mut left = k;
        for (c, &(_, n)) in counts.iter_mut().zip(&self.entries) {
            let take = left.min(usize::from(n));
            *c = u16::try_from(take).unwrap_or(n);
            left -= take;
        }
        Subsets {
            bag: self,
            counts,
            done: left > 0,
        }
    }
}

/// The sub-bags of a given size of a [`SortedBag`], from [`SortedBag::subsets`].
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Subsets<'a, T, const N: usize> {
    bag: &'a SortedBag<T, N>,
    /// How many of each of the bag's entries the next subset takes.
    counts: [u16; N],
    done: bool,
}

impl<T: Ord + Copy, const N: usize> Subsets<'_, T, N> {
    /// Moves `counts` to the next subset: the next smaller count vector in
    /// lexicographic order with the same total and each count within the bag's.
    fn advance(&mut self) -> bool {
        let limits = self.bag.entries.iter().map(|&(_, n)| n);
        // Walking from the right: `moved` counts the elements taken right of `i`,
        // `room` how many more would fit there.
        let mut moved: usize = 0;
        let mut room: usize = 0;
        let mut pivot = None;
        for (i, (c, limit)) in self.counts.iter().zip(limits).enumerate().rev() {
            if *c > 0 && room > moved {
                pivot = Some(i);
                break;
            }
            moved = moved.saturating_add(usize::from(*c));
            room = room.saturating_add(usize::from(limit));
        }
        let Some(i) = pivot else {
            return false;
        };
        let mut give = moved.saturating_add(1);
        let limits = self.bag.entries.iter().map(|&(_, n)| n);
        for (j, (c, limit)) in self.counts.iter_mut().zip(limits).enumerate() {
            if j == i {
                *c = c.saturating_sub(1);
            } else if j > i {
                let take = give.min(usize::from(limit));
                *c = u16::try_from(take).unwrap_or(limit);
                give = give.saturating_sub(take);
            }
        }
        true
    }
}

impl<T: Ord + Copy, const N: usize> Iterator for Subsets<'_, T, N> {
    type Item = SortedBag<T, N>;

    fn next(&mut self) -> Option<SortedBag<T, N>> {
        if self.done {
            return None;
        }
        let mut subset = SortedBag::new();
        for (&c, &(e, _)) in self.counts.iter().zip(&self.bag.entries) {
            if c > 0 {
                // At most as many entries as the bag itself: cannot fail.
                let _ = subset.entries.push((e, c));
            }
        }
        self.done = !self.advance();
        Some(subset)
    }
}

/// `{2×be, not, or, 2×to}`: entries in order, `n×e` when n > 1; `{}` when empty.
impl<T: fmt::Display, const N: usize> fmt::Display for SortedBag<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        let mut separator = "";
        for (e, n) in &self.entries {
            f.write_str(separator)?;
            separator = ", ";
            if *n > 1 {
                write!(f, "{n}×")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form() {
        let bag: SortedBag<&str, 4> =
            SortedBag::from_elements("to be or not to be".split(' ')).unwrap();
        assert_eq!(bag.to_string(), "{2×be, not, or, 2×to}");
        assert_eq!(SortedBag::<u8, 1>::new().to_string(), "{}");
    }

    #[test]
    fn capacity_errors_leave_nothing_dropped() {
        let mut bag: SortedBag<u8, 2> = SortedBag::from_elements([1, 2, 2]).unwrap();
        assert_eq!(bag.add(3, 1), Err(BagError::Full { capacity: 2 }));
        assert_eq!(bag.to_string(), "{1, 2×2}");
        assert_eq!(
            SortedBag::<u8, 0>::of(1),
            Err(BagError::Full { capacity: 0 })
        );
        assert_eq!(SortedBag::<u8, 0>::of_n(0, 1), Ok(SortedBag::new()));
        let big = SortedBag::<u8, 1>::of_n(u16::MAX, 1).unwrap();
        assert_eq!(
            big.union(&SortedBag::of(1).unwrap()),
            Err(BagError::TooMany)
        );
    }

    #[test]
    fn subsets_in_order() {
        let bag: SortedBag<char, 3> = SortedBag::from_elements(['a', 'b', 'b', 'c']).unwrap();
        let all: std::vec::Vec<_> = bag.subsets(2).map(|s| s.to_string()).collect();
        assert_eq!(all, ["{a, b}", "{a, c}", "{2×b}", "{b, c}"]);
        assert_eq!(
            bag.subsets(0)
                .map(|s| s.to_string())
                .collect::<std::vec::Vec<_>>(),
            ["{}"]
        );
        assert_eq!(bag.subsets(4).count(), 1);
        assert_eq!(bag.subsets(5).count(), 0);
    }

    #[test]
    fn default_is_the_empty_bag() {
        let bag: SortedBag<u8, 3> = SortedBag::default();
        assert_eq!(bag, SortedBag::new());
        assert!(bag.is_empty());
    }

    #[test]
    fn error_messages() {
        assert_eq!(
            std::format!("{}", BagError::Full { capacity: 2 }),
            "the bag would hold more than its capacity of 2 distinct elements"
        );
        assert_eq!(
            std::format!("{}", BagError::TooMany),
            "an element would occur more than 65535 times"
        );
    }

    #[test]
    fn difference_drops_the_elements_used_up() {
        let bag: SortedBag<u8, 3> = SortedBag::from_elements([1, 2, 2, 3]).unwrap();
        let two = SortedBag::<u8, 3>::from_elements([2, 2, 3, 3]).unwrap();
        let left = bag.difference(&two);
        assert_eq!(left, SortedBag::of(1).unwrap());
        assert_eq!((left.distinct_len(), left.to_string()), (1, "{1}".into()));
        assert!(bag.difference(&bag).is_empty());
    }

    /// Every sequence of at most 4 elements of {0, 1, 2}, in any order.
    fn small_sequences() -> std::vec::Vec<std::vec::Vec<u8>> {
        let mut all = std::vec![std::vec::Vec::new()];
        let mut last = all.clone();
        for _ in 0..4 {
            let next: std::vec::Vec<std::vec::Vec<u8>> = last
                .iter()
                .flat_map(|s| {
                    (0..3).map(move |x| {
                        let mut t = s.clone();
                        t.push(x);
                        t
                    })
                })
                .collect();
            all.extend(next.iter().cloned());
            last = next;
        }
        all
    }

    fn sorted(s: &[u8]) -> std::vec::Vec<u8> {
        let mut v = s.to_vec();
        v.sort_unstable();
        v
    }

    /// The model's text form: `n×x` for repeats, written without the bag.
    fn model_text(m: &[u8]) -> std::string::String {
        let mut parts = std::vec::Vec::new();
        for x in 0..3u8 {
            match m.iter().filter(|&&y| y == x).count() {
                0 => {}
                1 => parts.push(std::format!("{x}")),
                n => parts.push(std::format!("{n}×{x}")),
            }
        }
        std::format!("{{{}}}", parts.join(", "))
    }

    /// The model's sub-multisets of `k` elements, in increasing order.
    fn model_subsets(m: &[u8], k: usize) -> std::vec::Vec<std::vec::Vec<u8>> {
        let mut all: std::vec::Vec<std::vec::Vec<u8>> = (0u32..1 << m.len())
            .filter(|mask| mask.count_ones() as usize == k)
            .map(|mask| {
                (0..m.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| m[i])
                    .collect()
            })
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// Each query of every small bag against a sorted vector with repeats.
    #[test]
    fn queries_match_a_sorted_vector() {
        for s in small_sequences() {
            let bag: SortedBag<u8, 3> = SortedBag::from_elements(s.iter().copied()).unwrap();
            let m = sorted(&s);
            assert_eq!(bag.iter().collect::<std::vec::Vec<_>>(), m, "{s:?}");
            assert_eq!((bag.len(), bag.is_empty()), (m.len(), m.is_empty()));
            for i in 0..m.len() + 2 {
                assert_eq!(bag.get(i), m.get(i).copied(), "{s:?} {i}");
            }
            let mut distinct = m.clone();
            distinct.dedup();
            assert_eq!(bag.distinct_len(), distinct.len());
            assert_eq!(bag.distinct().collect::<std::vec::Vec<_>>(), distinct);
            let counts: std::vec::Vec<(u8, usize)> = distinct
                .iter()
                .map(|&x| (x, m.iter().filter(|&&y| y == x).count()))
                .collect();
            assert_eq!(bag.entries().collect::<std::vec::Vec<_>>(), counts);
            for x in 0..4u8 {
                let n = m.iter().filter(|&&y| y == x).count();
                assert_eq!((bag.count_of(&x), bag.contains(&x)), (n, n > 0));
            }
            assert_eq!(bag.to_string(), model_text(&m));
            for k in 0..m.len() + 2 {
                let got: std::vec::Vec<std::vec::Vec<u8>> =
                    bag.subsets(k).map(|b| b.iter().collect()).collect();
                assert_eq!(got, model_subsets(&m, k), "{s:?} k={k}");
            }
        }
    }

    /// Union, difference and containment of every pair of small bags against the
    /// sorted-vector model.
    #[test]
    fn operations_match_a_sorted_vector() {
        let all = small_sequences();
        for a in &all {
            let ba: SortedBag<u8, 3> = SortedBag::from_elements(a.iter().copied()).unwrap();
            for b in all.iter().filter(|b| b.len() <= 3) {
                let bb: SortedBag<u8, 3> = SortedBag::from_elements(b.iter().copied()).unwrap();
                let mut both = a.clone();
                both.extend(b);
                let union = ba.union(&bb).unwrap();
                assert_eq!(union.iter().collect::<std::vec::Vec<_>>(), sorted(&both));
                let mut left = sorted(a);
                let mut in_a = true;
                for x in b {
                    match left.iter().position(|y| y == x) {
                        Some(i) => {
                            left.remove(i);
                        }
                        None => in_a = false,
                    }
                }
                let difference = ba.difference(&bb);
                assert_eq!(difference.iter().collect::<std::vec::Vec<_>>(), left);
                assert_eq!(difference.to_string(), model_text(&left), "{a:?} - {b:?}");
                assert_eq!(ba.contains_all(&bb), in_a, "{a:?} {b:?}");
            }
        }
    }
}
