//! Bits and packed Jass scores: any u64 and any sequence of events.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::bits::{extract64, mask32, mask64, pack64};
use plateau::jass::{PackedScore, Score, TeamId};

fuzz_target!(|data: (u64, u32, u32, Vec<(u8, u16)>)| {
    let (bits, start, size, events) = data;
    // Bit helpers: valid iff start + size <= W, and then consistent with each other.
    let ok = start.checked_add(size).is_some_and(|e| e <= 64);
    assert_eq!(mask64(start, size).is_ok(), ok);
    if let (Ok(m), Ok(x)) = (mask64(start, size), extract64(bits, start, size)) {
        assert_eq!(m.count_ones(), size);
        assert_eq!(x << (start % 64) & m, bits & m);
    }
    assert_eq!(
        mask32(start, size).is_ok(),
        start.checked_add(size).is_some_and(|e| e <= 32)
    );
    if (1..64).contains(&size) && size + 1 <= 64 {
        let v = bits & ((1u64 << size) - 1);
        assert_eq!(pack64(&[(v, size), (1, 1)]), Ok(v | 1 << size));
    }

    // Scores: a checked score stays valid whatever the events; an accepted event
    // changes exactly the fields it should.
    let packed = PackedScore::from_bits(bits);
    if let Ok(s) = Score::from_packed(packed) {
        assert!(s.packed().is_valid());
    }
    let mut s = Score::INITIAL;
    for (kind, points) in events {
        let before = s.packed();
        let next = match kind % 3 {
            0 => s.next_turn(),
            k => {
                let team = if k == 1 { TeamId::Team1 } else { TeamId::Team2 };
                s.with_additional_trick(team, u32::from(points))
            }
        };
        if let Ok(n) = next {
            assert!(n.packed().is_valid());
            for team in TeamId::ALL {
                assert!(n.packed().total_points(team) >= before.total_points(team));
            }
            s = n;
        } else {
            assert_eq!(s.packed(), before);
        }
    }
    let _ = packed
        .with_additional_trick(TeamId::Team2, u32::from(bits as u16))
        .next_turn();
});
