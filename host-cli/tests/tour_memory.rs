//! Memory of `plateau tour` on the real process (issue #40: every documented
//! memory bound is measured): a board takes 5 bytes a square (the tour, 4
//! bytes a square, and the scratch, 1), and the answer, however long, is
//! written as it goes, not built whole first.

use crate::common;

/// What the process takes besides the board: the binary, its threads, the
/// allocator (about 4 MiB measured), with room to spare.
const BESIDES_KIB: u64 = 16 * 1024;

#[test]
fn a_board_takes_five_bytes_a_square() {
    for (board, squares) in [("2000x2000", 4_000_000u64), ("1000x3000", 3_000_000)] {
        for json in [false, true] {
            let mut args = vec!["tour", "--board", board];
            if json {
                args.push("--json");
            }
            let (peak, out) = common::peak_kib(&mut common::plateau(&args));
            assert!(out.status.success(), "{board}");
            let bound = 5 * squares / 1024 + BESIDES_KIB;
            eprintln!("{board} json {json}: peak {peak} KiB, bound {bound} KiB");
            assert!(peak <= bound, "{board}: peak {peak} KiB above {bound} KiB");
            assert!(
                peak > 5 * squares / 1024,
                "{board}: the board was not in memory"
            );
        }
    }
}
