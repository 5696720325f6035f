//! Jass (the Swiss card game of the Javass project): teams, players and scores
//! packed into one `u64`.
//!
//! ```
//! use plateau::jass::{PackedScore, TeamId};
//! let s = PackedScore::INITIAL.with_additional_trick(TeamId::Team1, 13);
//! assert_eq!(s.bits(), 0xD1);
//! assert_eq!(format!("{s}"), "(1,13,0)/(0,0,0)");
//! ```

mod score;

pub use score::{PackedScore, Score, ScoreError, TeamScore};

/// Cards in a hand at the start of a turn.
pub const HAND_SIZE: u32 = 9;
/// Tricks played in one turn.
pub const TRICKS_PER_TURN: u32 = 9;
/// Points a team needs to win the game.
pub const WINNING_POINTS: u32 = 1000;
/// Bonus for the team that wins all the tricks of a turn (the match).
pub const MATCH_ADDITIONAL_POINTS: u32 = 100;
/// Bonus for winning the last trick of a turn (part of that trick's points).
pub const LAST_TRICK_ADDITIONAL_POINTS: u32 = 5;
/// Largest number of tricks a team can win in a turn.
pub const MAX_TRICKS: u32 = TRICKS_PER_TURN;
/// Largest number of points a team can win in a turn: 152 (all cards) + 5 (last
/// trick) + 100 (match).
pub const MAX_TURN_POINTS: u32 = 152 + LAST_TRICK_ADDITIONAL_POINTS + MATCH_ADDITIONAL_POINTS;
/// Largest number of points of earlier turns a packed score holds.
pub const MAX_GAME_POINTS: u32 = 2000;

/// One of the two teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TeamId {
    /// Players 1 and 3.
    Team1,
    /// Players 2 and 4.
    Team2,
}

impl TeamId {
    /// Both teams, in order.
    pub const ALL: [TeamId; 2] = [TeamId::Team1, TeamId::Team2];

    /// Returns the opposing team.
    #[must_use]
    pub const fn other(self) -> TeamId {
        match self {
            TeamId::Team1 => TeamId::Team2,
            TeamId::Team2 => TeamId::Team1,
        }
    }

    /// Returns the team's number, 1 or 2.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            TeamId::Team1 => 1,
            TeamId::Team2 => 2,
        }
    }

    /// Returns the team with number 1 or 2, or `None`.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<TeamId> {
        match n {
            1 => Some(TeamId::Team1),
            2 => Some(TeamId::Team2),
            _ => None,
        }
    }
}

/// One of the four players, seated so that teams alternate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PlayerId {
    /// First player, team 1.
    Player1,
    /// Second player, team 2.
    Player2,
    /// Third player, team 1.
    Player3,
    /// Fourth player, team 2.
    Player4,
}

impl PlayerId {
    /// All four players in seating order.
    pub const ALL: [PlayerId; 4] = [
        PlayerId::Player1,
        PlayerId::Player2,
        PlayerId::Player3,
        PlayerId::Player4,
    ];

    /// Returns the player's team: players 1 and 3 are team 1, 2 and 4 team 2.
    #[must_use]
    pub const fn team(self) -> TeamId {
        match self {
            PlayerId::Player1 | PlayerId::Player3 => TeamId::Team1,
            PlayerId::Player2 | PlayerId::Player4 => TeamId::Team2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_and_players() {
        assert_eq!(TeamId::Team1.other(), TeamId::Team2);
        assert_eq!(TeamId::Team2.other(), TeamId::Team1);
        let teams = PlayerId::ALL.map(PlayerId::team);
        assert_eq!(
            teams,
            [TeamId::Team1, TeamId::Team2, TeamId::Team1, TeamId::Team2]
        );
        assert_eq!(TeamId::from_number(2), Some(TeamId::Team2));
        assert_eq!(TeamId::from_number(3), None);
    }

    #[test]
    fn team_numbers_round_trip() {
        assert_eq!(TeamId::ALL.map(TeamId::number), [1, 2]);
        for team in TeamId::ALL {
            assert_eq!(TeamId::from_number(team.number()), Some(team));
        }
        assert_eq!(TeamId::from_number(0), None);
    }
}
