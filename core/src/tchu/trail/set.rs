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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Wide<const W: usize>([u64; W]);

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
}
