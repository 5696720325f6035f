//! Bit helpers at the edges of the word (SPEC §1).

use plateau::bits::{BitsError, extract32, extract64, mask32, mask64, pack32, pack64};

use crate::harness::{Outcome, equal};

/// The error for bits `start..start + size` of a `width`-bit word.
const fn range(start: u32, size: u32, width: u32) -> BitsError {
    BitsError::Range { start, size, width }
}

/// Masks of the whole word, of nothing at the very end, and ranges one past it.
pub fn mask_edges() -> Outcome {
    equal("mask32(0, 32)", mask32(0, 32), Ok(u32::MAX))?;
    equal("mask64(0, 64)", mask64(0, 64), Ok(u64::MAX))?;
    equal("mask32(32, 0)", mask32(32, 0), Ok(0))?;
    equal("mask64(64, 0)", mask64(64, 0), Ok(0))?;
    equal("mask32(31, 1)", mask32(31, 1), Ok(1 << 31))?;
    equal("mask64(63, 1)", mask64(63, 1), Ok(1 << 63))?;
    equal("mask32(32, 1)", mask32(32, 1), Err(range(32, 1, 32)))?;
    equal("mask64(1, 64)", mask64(1, 64), Err(range(1, 64, 64)))?;
    equal(
        "mask32(MAX, 2)",
        mask32(u32::MAX, 2),
        Err(range(u32::MAX, 2, 32)),
    )?;
    equal("mask64(4, 9)", mask64(4, 9), Ok(0x1FF0))
}

/// Extracting the whole word, nothing, and the packed Jass fields of 0xD1.
pub fn extract_edges() -> Outcome {
    equal(
        "extract32(b, 0, 32)",
        extract32(0xDEAD_BEEF, 0, 32),
        Ok(0xDEAD_BEEF),
    )?;
    equal(
        "extract64(b, 0, 64)",
        extract64(u64::MAX - 1, 0, 64),
        Ok(u64::MAX - 1),
    )?;
    equal(
        "extract32(b, 16, 16)",
        extract32(0xDEAD_BEEF, 16, 16),
        Ok(0xDEAD),
    )?;
    equal("extract32(b, 32, 0)", extract32(0xDEAD_BEEF, 32, 0), Ok(0))?;
    equal(
        "extract32(b, 33, 0)",
        extract32(1, 33, 0),
        Err(range(33, 0, 32)),
    )?;
    equal("extract64(0xD1, 4, 9)", extract64(0xD1, 4, 9), Ok(13))?;
    equal(
        "extract64(b, 60, 4)",
        extract64(0xF000_0000_0000_0000, 60, 4),
        Ok(0xF),
    )
}

/// The failing and passing packs of SPEC §1.
pub fn pack_rules() -> Outcome {
    let bad_value = pack32(&[(0b100, 2), (0b11, 2)]);
    equal(
        "pack32(0b100,2, 0b11,2)",
        bad_value,
        Err(BitsError::ValueTooLarge { field: 0 }),
    )?;
    equal(
        "pack32(0,16, 0,17)",
        pack32(&[(0, 16), (0, 17)]),
        Err(BitsError::TooWide { field: 1 }),
    )?;
    equal(
        "pack64(0,32, 0,33)",
        pack64(&[(0, 32), (0, 33)]),
        Err(BitsError::TooWide { field: 1 }),
    )?;
    equal(
        "pack32(0,32)",
        pack32(&[(0, 32)]),
        Err(BitsError::FieldSize { field: 0 }),
    )?;
    equal(
        "pack32(0,0)",
        pack32(&[(0, 0)]),
        Err(BitsError::FieldSize { field: 0 }),
    )?;
    equal("pack32(1,4, 13,9)", pack32(&[(1, 4), (13, 9)]), Ok(0xD1))?;
    equal(
        "pack32(1,16, 1,16)",
        pack32(&[(1, 16), (1, 16)]),
        Ok(0x0001_0001),
    )?;
    let three = pack64(&[(3, 2), (1, 31), (1, 31)]);
    equal("pack64(3,2, 1,31, 1,31)", three, Ok(3 | 1 << 2 | 1 << 33))
}
