// Knight's tours: facts of SPEC §3 and the host snapshots. Data only; the
// counts are computed on the host (the core and a plain backtracking count) by
// tests/tests/firmware_expected.rs, which checks these constants against them.

/// Directed open tours of 5×5 from a corner (SPEC §3).
pub const OPEN_5X5_FROM_CORNER: u64 = 304;

/// Directed open tours of 3×4 from every start, in all (SPEC §3).
pub const OPEN_3X4_IN_ALL: u64 = 16;

/// The host's reason for 4×4 (snapshot `tour__4x4-none-json`).
pub const NONE_4X4: &str = "this board has no knight's tour (open tours need 1x1, 3x4, 3xn with n >= 7, 4xn with n >= 5, or both sides >= 5)";
