//! Packed Jass scores: the worked example of SPEC §1 and the limits of the fields.

use plateau::jass::{PackedScore, Score, ScoreError, TeamId, TeamScore};

use crate::expected::jass::{
    INVALID_PACKED, MATCH_BONUS, MAX_PACKED, WORKED_EXAMPLE, WORKED_EXAMPLE_TRICK_POINTS,
};
use crate::harness::{AtStep, Hex, Outcome, accepted, displays, equal, holds};

/// Returns the packed value step `step` of the worked example must have: the
/// expected constant, or with feature `wrong-expected` the first trick's value
/// off by one, so that the run must fail.
fn expected_packed(step: usize, packed: u64) -> u64 {
    if cfg!(feature = "wrong-expected") && step == 1 {
        packed ^ 1
    } else {
        packed
    }
}

fn step_matches(step: usize, score: Score) -> Outcome {
    let Some(&(text, packed)) = WORKED_EXAMPLE.get(step) else {
        return holds("a step of the worked example", false).at(step);
    };
    displays("text", score, text).at(step)?;
    let packed = expected_packed(step, packed);
    equal("packed", Hex(score.packed().bits()), Hex(packed)).at(step)
}

/// The 11 texts and packed values of the worked example: 9 tricks, then the next turn.
pub fn worked_example() -> Outcome {
    let mut score = Score::INITIAL;
    step_matches(0, score)?;
    for (i, points) in WORKED_EXAMPLE_TRICK_POINTS.iter().enumerate() {
        let team = if i % 2 == 0 {
            TeamId::Team1
        } else {
            TeamId::Team2
        };
        score = accepted("trick", score.with_additional_trick(team, *points)).at(i + 1)?;
        step_matches(i + 1, score)?;
    }
    let score = accepted("next turn", score.next_turn()).at(10)?;
    // The defmt build shows a core type through its derived `defmt::Format`.
    #[cfg(feature = "defmt")]
    defmt::println!("jass/worked-example: last score {}", score);
    step_matches(10, score)
}

/// Packing and unpacking: 0xD1, the largest score, and invalid values.
pub fn packing() -> Outcome {
    let team = |tricks, turn_points, game_points| TeamScore {
        tricks,
        turn_points,
        game_points,
    };
    let d1 = PackedScore::pack(team(1, 13, 0), TeamScore::ZERO).map(PackedScore::bits);
    equal("pack(1,13,0, 0,0,0)", d1, Ok(0xD1))?;
    let (max_text, max_bits) = MAX_PACKED;
    let max = PackedScore::pack(team(9, 257, 2000), team(9, 257, 2000));
    equal("pack(max)", max.map(|m| Hex(m.bits())), Ok(Hex(max_bits)))?;
    let max = PackedScore::from_bits(max_bits);
    holds("max is valid", max.is_valid())?;
    displays("max text", max, max_text)?;
    equal("total points of max", max.total_points(TeamId::Team2), 2257)?;
    for (i, bad) in INVALID_PACKED.iter().enumerate() {
        holds(
            "invalid packed value refused",
            !PackedScore::from_bits(*bad).is_valid(),
        )
        .at(i)?;
        let refused = Score::from_packed(PackedScore::from_bits(*bad));
        holds(
            "Score::from_packed refuses",
            matches!(refused, Err(ScoreError::InvalidPacked { .. })),
        )
        .at(i)?;
    }
    equal(
        "pack(10,...)",
        PackedScore::pack(team(10, 0, 0), TeamScore::ZERO),
        Err(ScoreError::TooManyTricks {
            team: TeamId::Team1,
        }),
    )
}

/// The match bonus on the 9th trick, and the checked score refusing overflow.
pub fn match_and_limits() -> Outcome {
    let [matched, after_match] = MATCH_BONUS;
    let mut s = Score::INITIAL;
    for i in 0..8 {
        s = accepted("trick of 19", s.with_additional_trick(TeamId::Team1, 19)).at(i)?;
    }
    let too_much = s.with_additional_trick(TeamId::Team1, 6);
    equal(
        "257 + 1 turn points",
        too_much,
        Err(ScoreError::TooManyTurnPoints {
            team: TeamId::Team1,
        }),
    )?;
    let last = accepted("9th trick", s.with_additional_trick(TeamId::Team1, 5))?;
    displays("match", last, matched)?;
    let tenth = last.with_additional_trick(TeamId::Team1, 0);
    equal(
        "10th trick",
        tenth,
        Err(ScoreError::TooManyTricks {
            team: TeamId::Team1,
        }),
    )?;
    displays(
        "next turn",
        accepted("next turn", last.next_turn())?,
        after_match,
    )?;
    let huge = Score::INITIAL.with_additional_trick(TeamId::Team2, u32::MAX);
    equal(
        "u32::MAX points",
        huge,
        Err(ScoreError::TooManyTurnPoints {
            team: TeamId::Team2,
        }),
    )?;
    // (0,257,2000)/(0,0,0): a next turn would make 2257 game points.
    let full = accepted(
        "(0,257,2000)",
        Score::from_packed(PackedScore::from_bits(0x00FA_1010)),
    )?;
    equal(
        "2000 + 257 game points",
        full.next_turn(),
        Err(ScoreError::TooManyGamePoints {
            team: TeamId::Team1,
        }),
    )
}
