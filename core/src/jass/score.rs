//! Scores of both teams packed into one `u64` (the Javass layout).

use core::fmt;

use super::{
    MATCH_ADDITIONAL_POINTS, MAX_GAME_POINTS, MAX_TRICKS, MAX_TURN_POINTS, TRICKS_PER_TURN, TeamId,
};
use crate::bits::low64;

const TRICKS_START: u32 = 0;
const TRICKS_MASK: u64 = low64(4);
const TURN_START: u32 = 4;
const TURN_MASK: u64 = low64(9);
const GAME_START: u32 = 13;
const GAME_MASK: u64 = low64(11);
/// The 24 used bits of a team's 32-bit half.
const HALF_USED: u64 = low64(24);

/// Why a score was refused, and for which team.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ScoreError {
    /// A packed value has a field above its maximum or an unused bit set in this
    /// team's half.
    InvalidPacked {
        /// The team whose half is invalid.
        team: TeamId,
    },
    /// The team would win more than [`MAX_TRICKS`] tricks in one turn.
    TooManyTricks {
        /// The team.
        team: TeamId,
    },
    /// The team's points for the turn would exceed [`MAX_TURN_POINTS`].
    TooManyTurnPoints {
        /// The team.
        team: TeamId,
    },
    /// The team's points of earlier turns would exceed [`MAX_GAME_POINTS`].
    TooManyGamePoints {
        /// The team.
        team: TeamId,
    },
}

impl ScoreError {
    /// Returns the team the error is about.
    #[must_use]
    pub const fn team(self) -> TeamId {
        match self {
            Self::InvalidPacked { team }
            | Self::TooManyTricks { team }
            | Self::TooManyTurnPoints { team }
            | Self::TooManyGamePoints { team } => team,
        }
    }
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidPacked { .. } => {
                f.write_str("invalid packed score (a field above its maximum or an unused bit set)")
            }
            Self::TooManyTricks { .. } => write!(
                f,
                "a team cannot win more than {MAX_TRICKS} tricks in a turn"
            ),
            Self::TooManyTurnPoints { .. } => write!(
                f,
                "a team cannot score more than {MAX_TURN_POINTS} points in a turn"
            ),
            Self::TooManyGamePoints { .. } => {
                write!(f, "game points cannot exceed {MAX_GAME_POINTS}")
            }
        }
    }
}

impl core::error::Error for ScoreError {}

const fn shift(team: TeamId) -> u32 {
    match team {
        TeamId::Team1 => 0,
        TeamId::Team2 => 32,
    }
}

const fn half_is_valid(half: u64) -> bool {
    half & !HALF_USED == 0
        && (half >> TRICKS_START) & TRICKS_MASK <= MAX_TRICKS as u64
        && (half >> TURN_START) & TURN_MASK <= MAX_TURN_POINTS as u64
        && (half >> GAME_START) & GAME_MASK <= MAX_GAME_POINTS as u64
}

/// Packs one team's fields into a 24-bit half; each value is cut to its field.
const fn half(t: TeamScore) -> u64 {
    (t.tricks as u64 & TRICKS_MASK) << TRICKS_START
        | (t.turn_points as u64 & TURN_MASK) << TURN_START
        | (t.game_points as u64 & GAME_MASK) << GAME_START
}

/// One team's three fields of a score.
///
/// ```
/// use plateau::jass::{PackedScore, TeamId, TeamScore};
/// let t = TeamScore { tricks: 1, turn_points: 13, game_points: 0 };
/// let s = PackedScore::pack(t, TeamScore::ZERO)?;
/// assert_eq!(s.bits(), 0xD1);
/// assert_eq!(s.team(TeamId::Team1), t);
/// # Ok::<(), plateau::jass::ScoreError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TeamScore {
    /// Tricks won this turn (at most [`MAX_TRICKS`]).
    pub tricks: u32,
    /// Points won this turn (at most [`MAX_TURN_POINTS`]).
    pub turn_points: u32,
    /// Points of earlier turns (at most [`MAX_GAME_POINTS`]).
    pub game_points: u32,
}

impl TeamScore {
    /// No tricks and no points.
    pub const ZERO: TeamScore = TeamScore {
        tricks: 0,
        turn_points: 0,
        game_points: 0,
    };

    /// Returns a team's fields at the start of a turn: only game points.
    const fn game(game_points: u32) -> TeamScore {
        TeamScore {
            game_points,
            ..TeamScore::ZERO
        }
    }

    /// Returns the first field above its maximum, as an error about `team`.
    const fn check(self, team: TeamId) -> Result<(), ScoreError> {
        if self.tricks > MAX_TRICKS {
            Err(ScoreError::TooManyTricks { team })
        } else if self.turn_points > MAX_TURN_POINTS {
            Err(ScoreError::TooManyTurnPoints { team })
        } else if self.game_points > MAX_GAME_POINTS {
            Err(ScoreError::TooManyGamePoints { team })
        } else {
            Ok(())
        }
    }
}

/// The scores of both teams in one `u64`: team 1 in bits 0–31, team 2 in 32–63.
///
/// Within a half: tricks won this turn in bits 0–3 (at most 9), points this turn
/// in bits 4–12 (at most 257), points of earlier turns in bits 13–23 (at most
/// 2000); bits 24–31 are zero. This type computes on the bits as they are, like
/// the original Javass class: it never panics, but arithmetic that overflows a
/// field wraps inside that field. [`Score`] is the checked wrapper.
///
/// ```
/// use plateau::jass::{PackedScore, TeamId};
/// use plateau::jass::{MAX_GAME_POINTS, MAX_TRICKS, MAX_TURN_POINTS, TeamScore};
/// let most = TeamScore { tricks: MAX_TRICKS, turn_points: MAX_TURN_POINTS, game_points: MAX_GAME_POINTS };
/// let s = PackedScore::pack(most, TeamScore::ZERO)?;
/// assert_eq!(s.bits(), 0xFA1019);
/// assert_eq!(s.total_points(TeamId::Team1), 2257);
/// assert!(!PackedScore::from_bits(10).is_valid()); // 10 tricks
/// # Ok::<(), plateau::jass::ScoreError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PackedScore(u64);

impl PackedScore {
    /// The score at the start of a game: every field zero.
    pub const INITIAL: PackedScore = PackedScore(0);

    /// Wraps raw bits without checking them (see [`PackedScore::is_valid`]).
    #[must_use]
    pub const fn from_bits(bits: u64) -> PackedScore {
        PackedScore(bits)
    }

    /// Returns the raw bits.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Returns whether every field is within its maximum and every unused bit is 0.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        half_is_valid(self.0 & 0xFFFF_FFFF) && half_is_valid(self.0 >> 32)
    }

    /// Packs both teams' scores, team 1 in the low half.
    ///
    /// Fails with the first field above its maximum ([`MAX_TRICKS`],
    /// [`MAX_TURN_POINTS`], [`MAX_GAME_POINTS`]), team 1 checked first.
    pub const fn pack(team1: TeamScore, team2: TeamScore) -> Result<PackedScore, ScoreError> {
        if let Err(e) = team1.check(TeamId::Team1) {
            return Err(e);
        }
        if let Err(e) = team2.check(TeamId::Team2) {
            return Err(e);
        }
        Ok(PackedScore(half(team1) | half(team2) << 32))
    }

    /// Returns one team's fields.
    #[must_use]
    pub const fn team(self, team: TeamId) -> TeamScore {
        TeamScore {
            tricks: self.turn_tricks(team),
            turn_points: self.turn_points(team),
            game_points: self.game_points(team),
        }
    }

    const fn field(self, team: TeamId, start: u32, mask: u64) -> u32 {
        ((self.0 >> shift(team) >> start) & mask) as u32
    }

    /// Returns the tricks the team has won this turn.
    #[must_use]
    pub const fn turn_tricks(self, team: TeamId) -> u32 {
        self.field(team, TRICKS_START, TRICKS_MASK)
    }

    /// Returns the points the team has won this turn.
    #[must_use]
    pub const fn turn_points(self, team: TeamId) -> u32 {
        self.field(team, TURN_START, TURN_MASK)
    }

    /// Returns the points the team won in earlier turns.
    #[must_use]
    pub const fn game_points(self, team: TeamId) -> u32 {
        self.field(team, GAME_START, GAME_MASK)
    }

    /// Returns the team's game points plus its turn points.
    #[must_use]
    pub const fn total_points(self, team: TeamId) -> u32 {
        self.game_points(team) + self.turn_points(team)
    }

    const fn with_half(self, team: TeamId, new_half: u64) -> PackedScore {
        let s = shift(team);
        PackedScore(self.0 & !(0xFFFF_FFFF << s) | new_half << s)
    }

    /// Returns the score after `team` wins one more trick worth `points`.
    ///
    /// When that makes 9 tricks for the team, the 100 match points are added too.
    /// The 5 last-trick points belong in `points`. A field that overflows wraps
    /// within its bits: use [`Score::with_additional_trick`] to refuse that.
    #[must_use]
    pub const fn with_additional_trick(self, team: TeamId, points: u32) -> PackedScore {
        let tricks = self.turn_tricks(team).wrapping_add(1);
        let mut turn = self.turn_points(team).wrapping_add(points);
        if tricks == TRICKS_PER_TURN {
            turn = turn.wrapping_add(MATCH_ADDITIONAL_POINTS);
        }
        let t = TeamScore {
            tricks,
            turn_points: turn,
            game_points: self.game_points(team),
        };
        self.with_half(team, half(t))
    }

    /// Returns the score of the next turn: turn points move to the game points,
    /// tricks and turn points restart at 0.
    #[must_use]
    pub const fn next_turn(self) -> PackedScore {
        let g1 = self.total_points(TeamId::Team1);
        let g2 = self.total_points(TeamId::Team2);
        PackedScore(half(TeamScore::game(g1)) | half(TeamScore::game(g2)) << 32)
    }
}

fn write_half(f: &mut fmt::Formatter<'_>, s: PackedScore, team: TeamId) -> fmt::Result {
    write!(
        f,
        "({},{},{})",
        s.turn_tricks(team),
        s.turn_points(team),
        s.game_points(team)
    )
}

impl fmt::Display for PackedScore {
    /// Writes `(tricks,turn,game)/(tricks,turn,game)`, team 1 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_half(f, *self, TeamId::Team1)?;
        f.write_str("/")?;
        write_half(f, *self, TeamId::Team2)
    }
}

/// A packed score that is always valid: every change is checked.
///
/// ```
/// use plateau::jass::{Score, ScoreError, TeamId};
/// let mut s = Score::INITIAL;
/// for _ in 0..9 {
///     s = s.with_additional_trick(TeamId::Team2, 17)?;
/// }
/// assert_eq!(s.packed().turn_points(TeamId::Team2), 9 * 17 + 100);
/// assert_eq!(
///     s.with_additional_trick(TeamId::Team2, 0),
///     Err(ScoreError::TooManyTricks { team: TeamId::Team2 })
/// );
/// # Ok::<(), ScoreError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Score(PackedScore);

impl Score {
    /// The score at the start of a game.
    pub const INITIAL: Score = Score(PackedScore::INITIAL);

    /// Wraps a packed score, refusing an invalid one.
    pub const fn from_packed(packed: PackedScore) -> Result<Score, ScoreError> {
        if !half_is_valid(packed.0 & 0xFFFF_FFFF) {
            Err(ScoreError::InvalidPacked {
                team: TeamId::Team1,
            })
        } else if !half_is_valid(packed.0 >> 32) {
            Err(ScoreError::InvalidPacked {
                team: TeamId::Team2,
            })
        } else {
            Ok(Score(packed))
        }
    }

    /// Returns the packed form.
    #[must_use]
    pub const fn packed(self) -> PackedScore {
        self.0
    }

    /// Returns the score after `team` wins one more trick worth `points` (match
    /// bonus included on the 9th trick), or the field that would overflow.
    pub const fn with_additional_trick(
        self,
        team: TeamId,
        points: u32,
    ) -> Result<Score, ScoreError> {
        let tricks = self.0.turn_tricks(team);
        if tricks >= MAX_TRICKS {
            return Err(ScoreError::TooManyTricks { team });
        }
        let bonus = if tricks + 1 == TRICKS_PER_TURN {
            MATCH_ADDITIONAL_POINTS
        } else {
            0
        };
        match self.0.turn_points(team).checked_add(points) {
            Some(p) if p.saturating_add(bonus) <= MAX_TURN_POINTS => {
                Ok(Score(self.0.with_additional_trick(team, points)))
            }
            _ => Err(ScoreError::TooManyTurnPoints { team }),
        }
    }

    /// Returns the score of the next turn, or an error if game points would pass
    /// [`MAX_GAME_POINTS`].
    pub const fn next_turn(self) -> Result<Score, ScoreError> {
        if self.0.total_points(TeamId::Team1) > MAX_GAME_POINTS {
            return Err(ScoreError::TooManyGamePoints {
                team: TeamId::Team1,
            });
        }
        if self.0.total_points(TeamId::Team2) > MAX_GAME_POINTS {
            return Err(ScoreError::TooManyGamePoints {
                team: TeamId::Team2,
            });
        }
        Ok(Score(self.0.next_turn()))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use TeamId::{Team1, Team2};

    fn ts(tricks: u32, turn_points: u32, game_points: u32) -> TeamScore {
        TeamScore {
            tricks,
            turn_points,
            game_points,
        }
    }

    fn pack6(v: [u32; 6]) -> Result<PackedScore, ScoreError> {
        PackedScore::pack(ts(v[0], v[1], v[2]), ts(v[3], v[4], v[5]))
    }

    #[test]
    fn values_of_the_spec() {
        assert_eq!(pack6([1, 13, 0, 0, 0, 0]).unwrap().bits(), 0xD1);
        let max = pack6([9, 257, 2000, 9, 257, 2000]).unwrap();
        assert_eq!(max.bits(), 0x00FA_1019_00FA_1019);
        assert!(max.is_valid());
        for bad in [258 << 4, 10, 2001 << 13, 1 << 24, 1 << 31, 1 << 56, 1 << 63] {
            assert!(!PackedScore::from_bits(bad).is_valid(), "{bad:#x}");
        }
        assert_eq!(
            pack6([10, 0, 0, 0, 0, 0]),
            Err(ScoreError::TooManyTricks { team: Team1 })
        );
        assert_eq!(max.team(Team2), ts(9, 257, 2000));
    }

    #[test]
    fn worked_example() {
        let expected = [
            "(0,0,0)/(0,0,0)",
            "(1,13,0)/(0,0,0)",
            "(1,13,0)/(1,18,0)",
            "(2,31,0)/(1,18,0)",
            "(2,31,0)/(2,36,0)",
            "(3,49,0)/(2,36,0)",
            "(3,49,0)/(3,54,0)",
            "(4,67,0)/(3,54,0)",
            "(4,67,0)/(4,72,0)",
            "(5,85,0)/(4,72,0)",
            "(0,0,85)/(0,0,72)",
        ];
        let mut s = Score::INITIAL;
        let mut seen = std::vec![std::format!("{s}")];
        for i in 0..9 {
            let team = if i % 2 == 0 { Team1 } else { Team2 };
            s = s
                .with_additional_trick(team, if i == 0 { 13 } else { 18 })
                .unwrap();
            seen.push(std::format!("{s}"));
        }
        s = s.next_turn().unwrap();
        seen.push(std::format!("{s}"));
        assert_eq!(seen, expected);
    }

    #[test]
    fn match_bonus_and_overflow() {
        let mut s = Score::INITIAL;
        for _ in 0..8 {
            s = s.with_additional_trick(Team1, 19).unwrap();
        }
        assert_eq!(
            s.with_additional_trick(Team1, 5),
            Ok(s.with_additional_trick(Team1, 5).unwrap())
        );
        let last = s.with_additional_trick(Team1, 5).unwrap();
        assert_eq!(last.packed().turn_points(Team1), 8 * 19 + 5 + 100);
        assert_eq!(
            last.with_additional_trick(Team1, 0),
            Err(ScoreError::TooManyTricks { team: Team1 })
        );
        assert_eq!(
            s.with_additional_trick(Team1, 6),
            Err(ScoreError::TooManyTurnPoints { team: Team1 })
        );
        assert_eq!(
            Score::INITIAL.with_additional_trick(Team2, u32::MAX),
            Err(ScoreError::TooManyTurnPoints { team: Team2 })
        );
        let full = Score::from_packed(pack6([0, 257, 2000, 0, 0, 0]).unwrap()).unwrap();
        assert_eq!(
            full.next_turn(),
            Err(ScoreError::TooManyGamePoints { team: Team1 })
        );
        assert_eq!(
            Score::from_packed(PackedScore::from_bits(1 << 30)),
            Err(ScoreError::InvalidPacked { team: Team1 })
        );
        assert_eq!(
            Score::from_packed(PackedScore::from_bits(1 << 62)),
            Err(ScoreError::InvalidPacked { team: Team2 })
        );
    }

    #[test]
    fn error_messages() {
        let all = [
            (
                ScoreError::InvalidPacked { team: Team2 },
                "invalid packed score (a field above its maximum or an unused bit set)",
            ),
            (
                ScoreError::TooManyTricks { team: Team1 },
                "a team cannot win more than 9 tricks in a turn",
            ),
            (
                ScoreError::TooManyTurnPoints { team: Team1 },
                "a team cannot score more than 257 points in a turn",
            ),
            (
                ScoreError::TooManyGamePoints { team: Team2 },
                "game points cannot exceed 2000",
            ),
        ];
        for (e, text) in all {
            assert_eq!(std::format!("{e}"), text);
        }
    }

    #[test]
    fn pack_refuses_each_field_past_its_maximum() {
        let max = [9, 257, 2000, 9, 257, 2000];
        for i in 0..6 {
            let mut v = max;
            v[i] += 1;
            let team = if i < 3 { Team1 } else { Team2 };
            let want = match i % 3 {
                0 => ScoreError::TooManyTricks { team },
                1 => ScoreError::TooManyTurnPoints { team },
                _ => ScoreError::TooManyGamePoints { team },
            };
            assert_eq!(pack6(v), Err(want), "{v:?}");
            assert_eq!(want.team(), team);
        }
    }

    #[test]
    fn next_turn_allows_2000_game_points_for_each_team() {
        for team in TeamId::ALL {
            let (t1, t2) = if team == Team1 { (1, 0) } else { (0, 1) };
            let at = |game| {
                Score::from_packed(pack6([0, 257 * t1, game * t1, 0, 257 * t2, game * t2]).unwrap())
                    .unwrap()
            };
            let next = at(1743).next_turn().unwrap();
            assert_eq!(next.packed().game_points(team), 2000);
            assert_eq!(next.packed().game_points(team.other()), 0);
            assert_eq!(
                at(1744).next_turn(),
                Err(ScoreError::TooManyGamePoints { team })
            );
        }
    }
}
