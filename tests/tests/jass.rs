//! Laws of the packed Jass score, checked on random scores and turns.

use plateau::bits::{extract64, pack32, pack64};
use plateau::jass::{PackedScore, Score, ScoreError, TeamId, TeamScore};
use plateau_tests::run_cli;
use proptest::prelude::*;

/// The bit layout of SPEC §1, written out independently of the core.
fn layout(t1: u64, p1: u64, g1: u64, t2: u64, p2: u64, g2: u64) -> u64 {
    t1 | p1 << 4 | g1 << 13 | t2 << 32 | p2 << 36 | g2 << 45
}

fn pack6(t1: u32, p1: u32, g1: u32, t2: u32, p2: u32, g2: u32) -> Result<PackedScore, ScoreError> {
    let team = |tricks, turn_points, game_points| TeamScore {
        tricks,
        turn_points,
        game_points,
    };
    PackedScore::pack(team(t1, p1, g1), team(t2, p2, g2))
}

fn event() -> impl Strategy<Value = (u8, u32)> {
    prop_oneof![(1u8..=2, 0u32..=40), Just((0u8, 0u32))]
}

proptest! {
    #[test]
    fn pack_unpack_round_trip(t1 in 0u32..=9, p1 in 0u32..=257, g1 in 0u32..=2000,
                              t2 in 0u32..=9, p2 in 0u32..=257, g2 in 0u32..=2000) {
        let s = pack6(t1, p1, g1, t2, p2, g2).unwrap();
        prop_assert!(s.is_valid());
        prop_assert_eq!(s.bits(), layout(t1.into(), p1.into(), g1.into(), t2.into(), p2.into(), g2.into()));
        prop_assert_eq!(s.turn_tricks(TeamId::Team1), t1);
        prop_assert_eq!(s.turn_points(TeamId::Team1), p1);
        prop_assert_eq!(s.game_points(TeamId::Team1), g1);
        prop_assert_eq!(s.turn_tricks(TeamId::Team2), t2);
        prop_assert_eq!(s.turn_points(TeamId::Team2), p2);
        prop_assert_eq!(s.game_points(TeamId::Team2), g2);
        prop_assert_eq!(s.total_points(TeamId::Team2), g2 + p2);
        let half1 = pack32(&[(t1, 4), (p1, 9), (g1, 11)]).unwrap();
        prop_assert_eq!(Ok(s.bits()), pack64(&[(half1.into(), 32), (s.bits() >> 32, 31)]));
    }

    #[test]
    fn valid_iff_every_field_within_bounds(bits: u64) {
        let field = |start, size| extract64(bits, start, size).unwrap();
        let half_ok = |o: u32| field(o, 4) <= 9 && field(o + 4, 9) <= 257
            && field(o + 13, 11) <= 2000 && field(o + 24, 8) == 0;
        prop_assert_eq!(PackedScore::from_bits(bits).is_valid(), half_ok(0) && half_ok(32));
        prop_assert_eq!(Score::from_packed(PackedScore::from_bits(bits)).is_ok(), half_ok(0) && half_ok(32));
    }

    #[test]
    fn a_full_turn_gives_157_or_257(winners in proptest::collection::vec(1u8..=2, 9),
                                    split in proptest::collection::vec(0u32..=20, 8)) {
        // Deal the 157 points (152 + 5 for the last trick) over 9 tricks.
        let mut points: Vec<u32> = Vec::new();
        let mut left = 157u32;
        for p in &split {
            let p = (*p).min(left.saturating_sub(5));
            points.push(p);
            left -= p;
        }
        points.push(left);
        let mut s = Score::INITIAL;
        for (w, p) in winners.iter().zip(&points) {
            s = s.with_additional_trick(TeamId::from_number(*w).unwrap(), *p).unwrap();
        }
        let p = s.packed();
        let sum = p.turn_points(TeamId::Team1) + p.turn_points(TeamId::Team2);
        let all_one_team = winners.iter().all(|&w| w == winners[0]);
        prop_assert_eq!(sum, if all_one_team { 257 } else { 157 });
        prop_assert_eq!(p.turn_tricks(TeamId::Team1) + p.turn_tricks(TeamId::Team2), 9);
    }

    #[test]
    fn next_turn_keeps_totals(t1 in 0u32..=9, p1 in 0u32..=257, g1 in 0u32..=1743,
                              t2 in 0u32..=9, p2 in 0u32..=257, g2 in 0u32..=1743) {
        let s = Score::from_packed(pack6(t1, p1, g1, t2, p2, g2).unwrap()).unwrap();
        let n = s.next_turn().unwrap().packed();
        for team in TeamId::ALL {
            prop_assert_eq!(n.total_points(team), s.packed().total_points(team));
            prop_assert_eq!(n.turn_tricks(team), 0);
            prop_assert_eq!(n.turn_points(team), 0);
        }
    }

    /// Random event sequences on the CLI: each JSON line's packed value is the
    /// SPEC layout of a model score kept here; rejected events are exit code 2.
    #[test]
    fn cli_json_matches_the_layout(events in proptest::collection::vec(event(), 1..30)) {
        let args: Vec<String> = std::iter::once("--json".to_string()).chain(std::iter::once("jass".into()))
            .chain(std::iter::once("score".into()))
            .chain(events.iter().map(|&(t, p)| if t == 0 { "next".to_string() } else { format!("{t}:{p}") }))
            .collect();
        let run = run_cli(&args, b"");
        // The model: [tricks, turn, game] per team.
        let mut m = [[0u64; 3]; 2];
        let mut lines = vec![layout(0, 0, 0, 0, 0, 0)];
        let mut rejected = false;
        for &(t, p) in &events {
            if t == 0 {
                for h in &mut m { h[2] += h[1]; h[0] = 0; h[1] = 0; }
                if m.iter().any(|h| h[2] > 2000) { rejected = true; break; }
            } else {
                let h = &mut m[usize::from(t - 1)];
                if h[0] == 9 { rejected = true; break; }
                h[0] += 1;
                h[1] += u64::from(p) + if h[0] == 9 { 100 } else { 0 };
                if h[1] > 257 { rejected = true; break; }
            }
            lines.push(layout(m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2]));
        }
        if rejected {
            prop_assert_eq!(run.code, 2);
            prop_assert!(run.stderr.starts_with("error: event "));
            prop_assert_eq!(run.stdout, "");
        } else {
            prop_assert_eq!(run.code, 0, "{}", run.stderr);
            let got: Vec<u64> = run.stdout.lines().map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                u64::from_str_radix(v["packed"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
            }).collect();
            prop_assert_eq!(got, lines);
        }
    }
}

#[test]
fn overflowing_trick_is_an_error_not_corruption() {
    let s = Score::from_packed(pack6(9, 200, 0, 0, 0, 0).unwrap()).unwrap();
    assert_eq!(
        s.with_additional_trick(TeamId::Team1, 1),
        Err(ScoreError::TooManyTricks {
            team: TeamId::Team1
        })
    );
    assert_eq!(s.packed().bits(), 9 | 200 << 4);
}
