//! The hunt's best lists: deals with their games, ranked, in fixed storage.

use core::cmp::Ordering;

use crate::camicia::{Ending, PackedDeal, Status};

/// Holds a deal with its game: an entry of a best list.
///
/// ```
/// use plateau::{Budget, camicia::{PackedDeal, hunt::Entry}};
/// let deal = PackedDeal::from_bits(0b1_0001, 0, 3, 3)?; // a loop
/// let end = deal.simulate(Budget::new(100)).done().copied().ok_or("no end")?;
/// let found = Entry { deal, ending: end };
/// assert_eq!((found.ending.cards, found.ending.tricks), (8, 3));
/// assert_eq!(Entry::EMPTY.deal.total(), 0);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Entry {
    /// The deal.
    pub deal: PackedDeal,
    /// How its game ends (a best list holds finished games or loops, never
    /// games that ran out of rounds).
    pub ending: Ending,
}

impl Entry {
    /// The empty entry that fills a best list's storage.
    pub const EMPTY: Entry = Entry {
        deal: PackedDeal::EMPTY,
        ending: Ending {
            status: Status::Finished,
            cards: 0,
            tricks: 0,
        },
    };
}

/// Says what a best list ranks by first; ties go to the other count, then
/// to the deal's text (`PackedDeal`'s compact notation) in byte order.
///
/// ```
/// use plateau::camicia::hunt::{Best, Entry, Order};
/// let best = Best::new_in(Order::TricksFirst, [Entry::EMPTY; 4]);
/// assert_eq!(best.order(), Order::TricksFirst);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Order {
    /// More cards first, then more tricks.
    CardsFirst,
    /// More tricks first, then more cards.
    TricksFirst,
}

impl Order {
    const fn key(self, o: &Ending) -> (u64, u64) {
        match self {
            Order::CardsFirst => (o.cards, o.tricks),
            Order::TricksFirst => (o.tricks, o.cards),
        }
    }

    /// Returns how `x` ranks against `y` in this order: `Less` when `x`
    /// comes first, `Equal` only for the same deal and ending. Merging best
    /// lists read back from elsewhere needs it to tell which places they
    /// prove.
    ///
    /// ```
    /// use core::cmp::Ordering;
    /// use plateau::{Budget, camicia::{CamiciaError, PackedDeal, hunt::{Entry, Order}}};
    /// let entry = |bits| {
    ///     let deal = PackedDeal::from_bits(bits, 0, 2, 2)?;
    ///     let ending = *deal.simulate(Budget::new(100)).done().ok_or(CamiciaError::NoSeparator)?;
    ///     Ok::<_, CamiciaError>(Entry { deal, ending })
    /// };
    /// let (a, b) = (entry(0b1)?, entry(0b10)?);
    /// assert_eq!(Order::CardsFirst.compare(&a, &a), Ordering::Equal);
    /// assert_eq!(Order::CardsFirst.compare(&a, &b), Order::CardsFirst.compare(&b, &a).reverse());
    /// # Ok::<(), CamiciaError>(())
    /// ```
    #[must_use]
    pub fn compare(self, x: &Entry, y: &Entry) -> Ordering {
        self.key(&y.ending)
            .cmp(&self.key(&x.ending))
            .then_with(|| x.deal.cmp_text(&y.deal))
    }

    /// Returns whether `x` ranks before `y`.
    pub(super) fn before(self, x: &Entry, y: &Entry) -> bool {
        self.compare(x, y) == Ordering::Less
    }
}

/// Keeps the best deals seen, best first, in storage the caller owns (an
/// array) or lends (a slice, a `Vec`): as many as it has room for.
///
/// A deal already listed is not listed again.
///
/// ```
/// use plateau::{Budget, camicia::{PackedDeal, hunt::{Best, Entry, Order}}};
/// let mut best = Best::new_in(Order::CardsFirst, [Entry::EMPTY; 2]);
/// for bits in [0b1, 0b10, 0b100, 0b1] {
///     let deal = PackedDeal::from_bits(bits, 0, 2, 2)?;
///     if let Some(&ending) = deal.simulate(Budget::new(100)).done() {
///         best.insert(Entry { deal, ending });
///     }
/// }
/// assert_eq!(best.len(), 2);
/// assert!(best.as_slice()[0].ending.cards >= best.as_slice()[1].ending.cards);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Best<S> {
    order: Order,
    slots: S,
    len: usize,
}

impl<S: AsRef<[Entry]> + AsMut<[Entry]>> Best<S> {
    /// Returns an empty list ranked by `order`, holding at most `slots.len()` deals.
    pub fn new_in(order: Order, slots: S) -> Self {
        Best {
            order,
            slots,
            len: 0,
        }
    }

    /// Returns what the list ranks by first.
    pub const fn order(&self) -> Order {
        self.order
    }

    /// Returns the deals kept, best first.
    pub fn as_slice(&self) -> &[Entry] {
        self.slots.as_ref().get(..self.len).unwrap_or_default()
    }

    /// Returns how many deals are kept.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Returns whether no deal is kept.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Returns the most deals the list keeps.
    pub fn capacity(&self) -> usize {
        self.slots.as_ref().len()
    }

    /// Returns whether a game ending as `ending` might enter the list: there
    /// is room, or it ranks at least with the last one kept.
    #[inline]
    pub fn might_keep(&self, ending: &Ending) -> bool {
        let kept = self.as_slice();
        kept.len() < self.capacity()
            || kept
                .last()
                .is_some_and(|w| self.order.key(ending) >= self.order.key(&w.ending))
    }

    /// Puts `found` in its place; returns whether it was kept (it ranks
    /// among the best and was not listed yet).
    pub fn insert(&mut self, found: Entry) -> bool {
        let order = self.order;
        let len = self.len;
        let slots = self.slots.as_mut();
        let Some(kept) = slots.get(..len) else {
            return false;
        };
        if kept.iter().any(|f| f.deal == found.deal) {
            return false;
        }
        let at = kept
            .iter()
            .position(|f| order.before(&found, f))
            .unwrap_or(len);
        // Room for one more, or the last one drops out.
        let end = len.saturating_add(1).min(slots.len());
        // Empty when the list is full and `found` ranks after every deal kept.
        let Some(moved) = slots.get_mut(at..end).filter(|m| !m.is_empty()) else {
            return false;
        };
        let mut carry = found;
        for slot in moved {
            carry = core::mem::replace(slot, carry);
        }
        self.len = end;
        true
    }
}
