// Jass values of SPEC §1, as the host snapshots hold them. Data only: the host
// test `tests/tests/firmware_expected.rs` includes this file and compares it
// with the snapshots named beside each constant.

/// The worked example, step by step: (text, packed bits) from the initial score,
/// then after each of the 9 tricks, then after the next turn.
/// Snapshot: `cli_snapshots__cli_on_fixtures@worked-example-json.cmd.snap`.
pub const WORKED_EXAMPLE: [(&str, u64); 11] = [
    ("(0,0,0)/(0,0,0)", 0x0000_0000_0000_0000),
    ("(1,13,0)/(0,0,0)", 0x0000_0000_0000_00d1),
    ("(1,13,0)/(1,18,0)", 0x0000_0121_0000_00d1),
    ("(2,31,0)/(1,18,0)", 0x0000_0121_0000_01f2),
    ("(2,31,0)/(2,36,0)", 0x0000_0242_0000_01f2),
    ("(3,49,0)/(2,36,0)", 0x0000_0242_0000_0313),
    ("(3,49,0)/(3,54,0)", 0x0000_0363_0000_0313),
    ("(4,67,0)/(3,54,0)", 0x0000_0363_0000_0434),
    ("(4,67,0)/(4,72,0)", 0x0000_0484_0000_0434),
    ("(5,85,0)/(4,72,0)", 0x0000_0484_0000_0555),
    ("(0,0,85)/(0,0,72)", 0x0009_0000_000a_a000),
];

/// The points of the worked example's tricks: trick i goes to team 1 when i is
/// even, and is worth 13 if i = 0, else 18.
pub const WORKED_EXAMPLE_TRICK_POINTS: [u32; 9] = [13, 18, 18, 18, 18, 18, 18, 18, 18];

/// The largest valid score, packed, and its text.
/// Snapshots: `...@pack-max.cmd.snap`, `...@unpack-max.cmd.snap`.
pub const MAX_PACKED: (&str, u64) = ("(9,257,2000)/(9,257,2000)", 0x00fa_1019_00fa_1019);

/// Team 1 wins 8 tricks of 19 and a 9th of 5 (match: +100), then the next turn.
/// Snapshot: `...@match-bonus.cmd.snap` (its 10th and 11th lines).
pub const MATCH_BONUS: [&str; 2] = ["(9,257,0)/(0,0,0)", "(0,0,257)/(0,0,0)"];

/// Packed values that are not valid scores: a field above its maximum or an
/// unused bit set (SPEC §1; snapshot `...@bad-unused-bit.cmd.snap` for bit 24).
pub const INVALID_PACKED: [u64; 7] = [258 << 4, 10, 2001 << 13, 1 << 24, 1 << 31, 1 << 56, 1 << 63];
