//! One game as a value you drive: [`Simulation`].

use core::convert::Infallible;
use core::fmt;

use super::engine::{Brent, QuickTable, Table, Wide};
use super::{CARDS_PER_WORD, Deal, Ending, GameOutcome, Played};
use crate::Budget;
use crate::search::Search;

/// Plays one game in slices: a [`Search`] whose [`run`](Search::run) plays
/// at most its [`Budget`] of rounds more and says how the game stands.
///
/// Its state is the deal and the two states of Brent's cycle detection (and,
/// once a repeat is seen, the two replays that find where the loop starts):
/// constant memory, a few copies of a hand of `64 * W` cards. However the
/// rounds are cut into runs, the answer and the rounds spent are those of
/// [`Deal::simulate`] with their sum.
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::{Deal, Simulation, Status};
/// use plateau::search::{Outcome, Search};
/// // Casella et al. 2024: the first 52-card deal whose game never ends.
/// let deal: Deal = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA".parse()?;
/// let mut game = Simulation::new(&deal);
/// let end = loop {
///     match game.run(Budget::new(10)) {
///         Ok(Outcome::Done(end)) => break end,
///         Ok(Outcome::Exhausted { .. }) => {} // feed a watchdog here
///     }
/// };
/// assert_eq!((end.status, end.cards, end.tricks), (Status::Loop, 474, 66));
/// assert_eq!(game.outcome(), deal.simulate(Budget::UNLIMITED)); // the one call's answer
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Simulation<const W: usize = 1> {
    game: Kind<W>,
}

/// The game on the hands that hold it: two words a hand for a deck, bit
/// planes of one word or of `W` words for more cards.
#[derive(Clone, Copy)]
// The wide planes serve large deals; boxing needs an allocator.
#[allow(clippy::large_enum_variant)]
enum Kind<const W: usize> {
    Quick(Brent<QuickTable>),
    Narrow(Brent<Table<u64>>),
    Wide(Brent<Table<Wide<W>>>),
}

impl<const W: usize> Simulation<W> {
    /// Starts the game of `deal`, nothing played yet.
    #[must_use]
    pub fn new(deal: &Deal<W>) -> Self {
        let game = if deal.total() < CARDS_PER_WORD {
            let table: Table<u64> = deal.table();
            match QuickTable::new(&table.starter, &table.other) {
                Some(quick) => Kind::Quick(Brent::new(quick)),
                None => Kind::Narrow(Brent::new(table)),
            }
        } else {
            Kind::Wide(Brent::new(deal.table()))
        };
        Simulation { game }
    }

    /// Returns where the game stands, without playing.
    pub fn outcome(&self) -> GameOutcome {
        match &self.game {
            Kind::Quick(b) => b.outcome(),
            Kind::Narrow(b) => b.outcome(),
            Kind::Wide(b) => b.outcome(),
        }
    }
}

impl<const W: usize> Search for Simulation<W> {
    type Done = Ending;
    type NoSolution = Infallible;
    type Best = Played;
    type Error = Infallible;

    /// Plays at most `budget` rounds more (the game's, and once a repeat is
    /// seen, those of the replay that finds where it starts).
    fn run(&mut self, budget: Budget) -> Result<GameOutcome, Infallible> {
        let budget = budget.get();
        Ok(match &mut self.game {
            Kind::Quick(b) => b.run(budget),
            Kind::Narrow(b) => b.run(budget),
            Kind::Wide(b) => b.run(budget),
        })
    }

    fn spent(&self) -> u64 {
        match &self.game {
            Kind::Quick(b) => b.spent(),
            Kind::Narrow(b) => b.spent(),
            Kind::Wide(b) => b.spent(),
        }
    }
}

impl<const W: usize> fmt::Debug for Simulation<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Simulation")
            .field("spent", &self.spent())
            .field("outcome", &self.outcome())
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "defmt")]
impl<const W: usize> defmt::Format for Simulation<W> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "Simulation {{ spent: {}, outcome: {} }}",
            self.spent(),
            self.outcome()
        );
    }
}
