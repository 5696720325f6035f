//! Bit helpers on `u32` and `u64`: masks, field extraction and packing, and the
//! bit-set helpers the engines share (one bit, the low `n` bits, the top bit),
//! and the crate's reads and writes of fixed arrays that stay in bounds (`get`
//! and `put`: past the end, a given value and no write).
//!
//! Every mask, extraction and packing validates its arguments and returns a
//! [`BitsError`] instead of overflowing a shift: `mask32(32, 0)` is `Ok(0)` and
//! `mask32(0, 32)` is all ones. Errors say where: the bit range asked for, or which packed field failed.
//!
//! ```
//! use plateau::bits::{extract32, mask32, pack32};
//! assert_eq!(mask32(4, 9), Ok(0b1_1111_1111_0000));
//! assert_eq!(extract32(0xD1, 4, 9), Ok(13));
//! assert_eq!(pack32(&[(1, 4), (13, 9)]), Ok(0xD1));
//! ```

use core::fmt;

/// Why a bit operation was refused.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BitsError {
    /// `start + size` goes past the width of the word.
    Range {
        /// The first bit asked for.
        start: u32,
        /// The number of bits asked for.
        size: u32,
        /// The word's width in bits.
        width: u32,
    },
    /// A packed field's size is outside `1..width`.
    FieldSize {
        /// The field's place in the list, from 0.
        field: usize,
    },
    /// A packed value does not fit in its field.
    ValueTooLarge {
        /// The field's place in the list, from 0.
        field: usize,
    },
    /// The packed fields' sizes add up to more than the word's width.
    TooWide {
        /// The first field that does not fit, from 0.
        field: usize,
    },
}

impl fmt::Display for BitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Range { start, size, width } => write!(
                f,
                "bits {start}..{} go past the end of a {width}-bit word",
                u64::from(start) + u64::from(size)
            ),
            Self::FieldSize { field } => write!(
                f,
                "field {field}: its size must be at least one bit and less than the word's width"
            ),
            Self::ValueTooLarge { field } => {
                write!(f, "field {field}: the value does not fit in its size")
            }
            Self::TooWide { field } => write!(
                f,
                "field {field}: the fields add up to more bits than the word holds"
            ),
        }
    }
}

impl core::error::Error for BitsError {}

macro_rules! bits_impl {
    ($t:ty, $w:expr, $mask:ident, $extract:ident, $pack:ident) => {
        /// Returns a word with bits `start..start + size` set.
        ///
        /// Fails with [`BitsError::Range`] if `start + size` exceeds the word width.
        pub const fn $mask(start: u32, size: u32) -> Result<$t, BitsError> {
            let range = BitsError::Range {
                start,
                size,
                width: $w,
            };
            let Some(end) = start.checked_add(size) else {
                return Err(range);
            };
            if end > $w {
                return Err(range);
            }
            if size == 0 {
                return Ok(0);
            }
            // size >= 1 so `W - size` and `start` are both < W: neither shift
            // overflows. Checked shifts say so to the optimizer too, which
            // leaves no panic path even with overflow checks on.
            let Some(unused) = ($w as u32).checked_sub(size) else {
                return Err(range);
            };
            let ones: $t = <$t>::MAX >> unused;
            match ones.checked_shl(start) {
                Some(mask) => Ok(mask),
                None => Err(range),
            }
        }

        /// Returns bits `start..start + size` of `bits`, moved down to bit 0.
        ///
        /// Fails with [`BitsError::Range`] if `start + size` exceeds the word width.
        pub const fn $extract(bits: $t, start: u32, size: u32) -> Result<$t, BitsError> {
            match $mask(start, size) {
                Ok(0) => Ok(0),
                // A non-zero mask means start < W: the shift never fails.
                Ok(m) => match (bits & m).checked_shr(start) {
                    Some(field) => Ok(field),
                    None => Err(BitsError::Range {
                        start,
                        size,
                        width: $w,
                    }),
                },
                Err(e) => Err(e),
            }
        }

        /// Packs `(value, size)` fields: the first in the low bits, each next one above.
        ///
        /// Fails if a size is outside `1..W` ([`BitsError::FieldSize`]), a value does
        /// not fit its size ([`BitsError::ValueTooLarge`]) or the sizes add up to more
        /// than `W` bits ([`BitsError::TooWide`]).
        pub const fn $pack(fields: &[($t, u32)]) -> Result<$t, BitsError> {
            let mut packed: $t = 0;
            let mut used: u32 = 0;
            let mut rest = fields;
            let mut field: usize = 0;
            while let [(value, size), tail @ ..] = rest {
                let (value, size) = (*value, *size);
                rest = tail;
                if size == 0 || size >= $w {
                    return Err(BitsError::FieldSize { field });
                }
                if value >> size != 0 {
                    return Err(BitsError::ValueTooLarge { field });
                }
                if used + size > $w {
                    return Err(BitsError::TooWide { field });
                }
                // `used < W` here (`used + size <= W` with size >= 1), so the
                // shift never fails; checked, it needs no proof from the optimizer.
                match value.checked_shl(used) {
                    Some(bits) => packed |= bits,
                    None => return Err(BitsError::TooWide { field }),
                }
                used += size;
                field = field.wrapping_add(1);
            }
            Ok(packed)
        }
    };
}

bits_impl!(u32, 32, mask32, extract32, pack32);
bits_impl!(u64, 64, mask64, extract64, pack64);

macro_rules! set_impl {
    ($t:ty, $bit:ident, $low:ident) => {
        /// Returns a set holding only member `i` (the empty set if `i` is past the width).
        #[must_use]
        #[inline(always)]
        pub const fn $bit(i: usize) -> $t {
            if i < <$t>::BITS as usize { 1 << i } else { 0 }
        }

        /// Returns a set holding members `0..n` (every member if `n` is the width or more).
        #[must_use]
        #[inline(always)]
        pub const fn $low(n: u32) -> $t {
            if n >= <$t>::BITS {
                <$t>::MAX
            } else {
                (1 << n) - 1
            }
        }
    };
}

set_impl!(u16, bit16, low16);
set_impl!(u32, bit32, low32);
set_impl!(u64, bit64, low64);
set_impl!(u128, bit128, low128);

/// Returns `a[i]`, or `past` when `i` is past the end of `a`: an index that
/// cannot panic, for the engines' fixed arrays.
#[must_use]
pub(crate) fn get<T: Copy>(a: &[T], i: usize, past: T) -> T {
    a.get(i).copied().unwrap_or(past)
}

/// Sets `a[i]` to `value`, and does nothing when `i` is past the end of `a`: a
/// write that cannot panic (the panic probe would find a bounds check).
pub(crate) fn put<T>(a: &mut [T], i: usize, value: T) {
    if let Some(slot) = a.get_mut(i) {
        *slot = value;
    }
}

/// Returns the highest member of a set (0 for the empty set).
#[must_use]
#[inline(always)]
pub const fn top64(set: u64) -> u32 {
    63 - (set | 1).leading_zeros()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn r(start: u32, size: u32, width: u32) -> BitsError {
        BitsError::Range { start, size, width }
    }

    #[test]
    fn masks_at_the_edges() {
        assert_eq!(mask32(0, 32), Ok(u32::MAX));
        assert_eq!(mask64(0, 64), Ok(u64::MAX));
        assert_eq!(mask32(32, 0), Ok(0));
        assert_eq!(mask64(64, 0), Ok(0));
        assert_eq!(mask32(31, 1), Ok(1 << 31));
        assert_eq!(mask32(32, 1), Err(r(32, 1, 32)));
        assert_eq!(mask32(1, 32), Err(r(1, 32, 32)));
        assert_eq!(mask32(u32::MAX, 2), Err(r(u32::MAX, 2, 32)));
        assert_eq!(mask64(3, 2), Ok(0b11000));
    }

    #[test]
    fn extract_whole_and_parts() {
        assert_eq!(extract32(0xDEAD_BEEF, 0, 32), Ok(0xDEAD_BEEF));
        assert_eq!(extract64(u64::MAX, 0, 64), Ok(u64::MAX));
        assert_eq!(extract32(0xDEAD_BEEF, 16, 16), Ok(0xDEAD));
        assert_eq!(extract32(0xDEAD_BEEF, 32, 0), Ok(0));
        assert_eq!(extract32(1, 33, 0), Err(r(33, 0, 32)));
    }

    #[test]
    fn pack_rules_of_the_spec() {
        assert_eq!(
            pack32(&[(0b100, 2), (0b11, 2)]),
            Err(BitsError::ValueTooLarge { field: 0 })
        );
        assert_eq!(
            pack32(&[(0, 16), (0, 17)]),
            Err(BitsError::TooWide { field: 1 })
        );
        assert_eq!(
            pack64(&[(0, 32), (0, 33)]),
            Err(BitsError::TooWide { field: 1 })
        );
        assert_eq!(pack32(&[(0, 32)]), Err(BitsError::FieldSize { field: 0 }));
        assert_eq!(
            pack32(&[(1, 4), (0, 0)]),
            Err(BitsError::FieldSize { field: 1 })
        );
        assert_eq!(pack32(&[(1, 16), (1, 16)]), Ok(0x0001_0001));
        assert_eq!(
            pack64(&[(3, 2), (1, 31), (1, 31)]),
            Ok(3 | 1 << 2 | 1 << 33)
        );
    }

    #[test]
    fn set_helpers_at_the_edges() {
        assert_eq!((bit16(15), bit16(16)), (1 << 15, 0));
        assert_eq!((bit64(63), bit64(64), bit64(usize::MAX)), (1 << 63, 0, 0));
        assert_eq!((bit128(127), bit128(128)), (1 << 127, 0));
        assert_eq!(
            (low16(0), low16(3), low16(16), low16(99)),
            (0, 7, u16::MAX, u16::MAX)
        );
        assert_eq!(
            (low32(32), low64(64), low128(128)),
            (u32::MAX, u64::MAX, u128::MAX)
        );
        assert_eq!(
            (top64(0), top64(1), top64(0b1010), top64(u64::MAX)),
            (0, 0, 3, 63)
        );
        for n in 0..=64 {
            assert_eq!(low64(n).count_ones(), n);
            assert_eq!(Ok(low64(n)), mask64(0, n));
        }
    }

    #[test]
    fn in_bounds_helpers_past_the_end() {
        let mut a = [1u16, 2, 3];
        assert_eq!(
            (get(&a, 2, 9), get(&a, 3, 9), get(&a, usize::MAX, 9)),
            (3, 9, 9)
        );
        put(&mut a, 1, 7);
        put(&mut a, 3, 8);
        put(&mut a, usize::MAX, 8);
        assert_eq!(a, [1, 7, 3]);
        assert_eq!(get::<u8>(&[], 0, 5), 5);
    }

    #[test]
    fn error_messages() {
        let all = [
            (r(30, 4, 32), "bits 30..34 go past the end of a 32-bit word"),
            (
                r(u32::MAX, 2, 64),
                "bits 4294967295..4294967297 go past the end of a 64-bit word",
            ),
            (
                BitsError::FieldSize { field: 2 },
                "field 2: its size must be at least one bit and less than the word's width",
            ),
            (
                BitsError::ValueTooLarge { field: 0 },
                "field 0: the value does not fit in its size",
            ),
            (
                BitsError::TooWide { field: 1 },
                "field 1: the fields add up to more bits than the word holds",
            ),
        ];
        for (e, text) in all {
            assert_eq!(std::format!("{e}"), text);
        }
    }
}
