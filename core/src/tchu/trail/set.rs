//! The sets the trail search works on: of routes (or links), of stations,
//! of a matching's vertices: `u64`, `u128`, and [`Wide`] past 128 members,
//! behind one trait, [`BitSet`].

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of routes (or links, or stations, or a matching's vertices), bit `i`
/// for the member at position `i`: the operations the search needs, the same
/// for `u64`, `u128` and [`Wide`].
#[doc(hidden)]
pub trait BitSet:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No route.
    const EMPTY: Self;
    /// Returns the set of route `i` alone, the empty set past the width.
    fn bit(i: usize) -> Self;
    /// Returns how many routes the set holds.
    fn count(self) -> u32;
    /// Returns the lowest route of the set (the width if it is empty).
    fn lowest(self) -> usize;
    /// Returns the set without its lowest route.
    fn without_lowest(self) -> Self;
    /// Returns the set of members `0..=i` (every member past the width).
    fn up_to(i: usize) -> Self;
    /// Returns whether the set holds member `i` (never past the width).
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self & Self::bit(i) != Self::EMPTY
    }
    /// Returns whether the set is empty.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Takes the lowest member out of the set and returns it (`None` for the
    /// empty set).
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<usize> {
        if self.is_empty() {
            return None;
        }
        let i = self.lowest();
        *self = self.without_lowest();
        Some(i)
    }
}

macro_rules! route_set {
    ($t:ty, $bit:path, $low:path) => {
        impl BitSet for $t {
            const EMPTY: Self = 0;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                $bit(i)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn up_to(i: usize) -> Self {
                $low(u32::try_from(i).unwrap_or(u32::MAX).saturating_add(1))
            }
        }
    };
}

route_set!(u64, crate::bits::bit64, crate::bits::low64);
route_set!(u128, crate::bits::bit128, crate::bits::low128);

/// A set of `64 W` members in `W` words, lowest word first: the sets of the
/// host capacities past 128 routes (or 128 stations).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Wide<const W: usize>([u64; W]);

// Word by word, not the array's derived comparison: for a `W` known only as
// a parameter that is a call of `memcmp`, which took a tenth of the time of
// a 512-route trail's walk.
impl<const W: usize> PartialEq for Wide<W> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a == b)
    }
}

impl<const W: usize> core::hash::Hash for Wide<W> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

macro_rules! wide_op {
    ($op:ident, $f:ident, $assign:ident, $g:ident, $x:tt) => {
        impl<const W: usize> $op for Wide<W> {
            type Output = Self;
            #[inline(always)]
            fn $f(mut self, other: Self) -> Self {
                self.$g(other);
                self
            }
        }
        impl<const W: usize> $assign for Wide<W> {
            #[inline(always)]
            fn $g(&mut self, other: Self) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a $x b;
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn not(mut self) -> Self {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

impl<const W: usize> BitSet for Wide<W> {
    const EMPTY: Self = Wide([0; W]);
    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut set = Self::EMPTY;
        crate::bits::put(&mut set.0, i / 64, crate::bits::bit64(i % 64));
        set
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0
            .iter()
            .fold(0u32, |sum, w| sum.wrapping_add(w.count_ones()))
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        let mut base = 0usize;
        for w in self.0 {
            if w != 0 {
                return base.wrapping_add(w.trailing_zeros() as usize);
            }
            base = base.wrapping_add(64);
        }
        base
    }
    #[inline(always)]
    fn without_lowest(mut self) -> Self {
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= w.wrapping_sub(1);
        }
        self
    }
    #[inline(always)]
    fn up_to(i: usize) -> Self {
        let mut set = Self::EMPTY;
        for (k, w) in set.0.iter_mut().enumerate() {
            let below = i.saturating_add(1).saturating_sub(k.saturating_mul(64));
            *w = crate::bits::low64(u32::try_from(below).unwrap_or(u32::MAX));
        }
        set
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0
            .get(i / 64)
            .is_some_and(|w| w & crate::bits::bit64(i % 64) != 0)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<usize> {
        // One pass over the words, not three (empty, lowest, without it).
        let mut base = 0usize;
        for w in &mut self.0 {
            if *w != 0 {
                let i = base.wrapping_add(w.trailing_zeros() as usize);
                *w &= w.wrapping_sub(1);
                return Some(i);
            }
            base = base.wrapping_add(64);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{BitSet, Wide};

    /// The words of a `u128` as a `Wide<2>`.
    fn wide(x: u128) -> Wide<2> {
        Wide([x as u64, (x >> 64) as u64])
    }

    fn hash(set: Wide<2>) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        BuildHasherDefault::<DefaultHasher>::default().hash_one(set)
    }

    /// Sets of a few and of many members, from a xorshift stream.
    fn samples() -> impl Iterator<Item = u128> {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..400).map(move |k| {
            let v = u128::from(next()) << 64 | u128::from(next());
            match k % 4 {
                0 => v,
                1 => v & u128::from(next()) & u128::from(next()),
                2 => 1u128 << (v % 128),
                _ => v & (v >> 1) & (v >> 2) & (v >> 3),
            }
        })
    }

    #[test]
    fn wide_sets_do_what_the_native_integer_does() {
        let all: Vec<u128> = samples().chain([0, u128::MAX, 1, 1 << 127]).collect();
        for (&a, &b) in all.iter().zip(all.iter().skip(1)) {
            let (x, y) = (wide(a), wide(b));
            assert_eq!(x & y, wide(a & b));
            assert_eq!(x | y, wide(a | b));
            assert_eq!(x ^ y, wide(a ^ b));
            assert_eq!(!x, wide(!a));
            assert_eq!(x == y, a == b);
            assert_eq!(hash(x) == hash(y), a == b);
            assert_eq!(x.count(), a.count());
            assert_eq!(x.lowest(), a.lowest());
            assert_eq!(x.without_lowest(), wide(a.without_lowest()));
            assert_eq!(x.is_empty(), a.is_empty());
            for i in [0, 1, 63, 64, 65, 127, 128, 1000] {
                assert_eq!(x.has(i), a.has(i), "{a:#x} has {i}");
                assert_eq!(Wide::<2>::bit(i), wide(u128::bit(i)));
                assert_eq!(Wide::<2>::up_to(i), wide(u128::up_to(i)));
            }
            let (mut p, mut q) = (x, a);
            loop {
                let (i, j) = (p.pop_lowest(), q.pop_lowest());
                assert_eq!(i, j);
                assert_eq!(p, wide(q));
                if i.is_none() {
                    break;
                }
            }
        }
    }
}
