//! The two walks of the tree of partial grids, as values you drive:
//! [`DepthFirst`] and [`BreadthFirst`], over memory owned or lent.

use core::fmt;

use super::tree::{Bfs, Dfs, Raw, Slot};
use super::{GridOutcome, MemoryError, Puzzle, Seek, Solutions};
use crate::Budget;
use crate::search::Search;

/// Holds one level of the depth-first stack: a partial grid and the choices left to try.
///
/// ```
/// use plateau::grid::{Frame, Margins};
/// let puzzle = Margins::new(&[1], &[1])?;
/// let stack = [Frame::new(puzzle); 3]; // for DepthFirst::new_in
/// # let _ = stack;
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Frame<P: Puzzle>(Raw<P>);

impl<P: Puzzle + fmt::Debug> fmt::Debug for Frame<P>
where
    P::Choices: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(feature = "defmt")]
impl<P: Puzzle + defmt::Format> defmt::Format for Frame<P>
where
    P::Choices: defmt::Format,
{
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "Frame {{ node: {}, rest: {} }}",
            self.0.node,
            self.0.rest
        );
    }
}

impl<P: Puzzle> Frame<P> {
    /// Makes an empty frame (to fill a stack array: `[Frame::new(puzzle); 81]`).
    pub const fn new(node: P) -> Self {
        Frame(Raw::new(node))
    }
}

impl<P: Puzzle> Slot<P> for Frame<P> {
    #[inline(always)]
    fn raw(&mut self) -> Option<&mut Raw<P>> {
        Some(&mut self.0)
    }
}

/// Walks the tree of partial grids in slices, handing each solution to a
/// visitor: [`DepthFirst`] or [`BreadthFirst`].
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{BreadthFirst, DepthFirst, Frame, Margins, Seek, Strategy};
/// use plateau::search::{Outcome, Search};
/// /// Counts the solutions with at least one black corner, in slices of 10 nodes.
/// fn corners<W: Strategy<Puzzle = Margins>>(mut walk: W) -> u64 {
///     let mut n = 0;
///     let mut corner = |m: &Margins| n += u64::from(m.cell(plateau::grid::Cell::new(0, 0)) == Some(true));
///     while let Ok(Outcome::Exhausted { .. }) = walk.run_visiting(Budget::new(10), &mut corner) {}
///     n
/// }
/// let root = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// assert_eq!(corners(DepthFirst::new_in(root, Seek::All, [Frame::new(root); 10])), 4);
/// assert_eq!(corners(BreadthFirst::new_in(root, Seek::All, [root; 64])), 4);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub trait Strategy:
    Search<
        Done = Solutions<Self::Puzzle>,
        NoSolution = (),
        Best = Option<Solutions<Self::Puzzle>>,
        Error = MemoryError,
    >
{
    /// The nodes of the tree.
    type Puzzle: Puzzle;

    /// Expands at most `budget` nodes more, as [`Search::run`] does, calling
    /// `visit` on each solution found in this slice, in order.
    fn run_visiting<F: FnMut(&Self::Puzzle)>(
        &mut self,
        budget: Budget,
        visit: F,
    ) -> Result<GridOutcome<Self::Puzzle>, MemoryError>;

    /// Returns this walk as a [`Search`] that calls `visit` on each solution.
    fn visiting<F: FnMut(&Self::Puzzle)>(&mut self, visit: F) -> Visiting<'_, Self, F>
    where
        Self: Sized,
    {
        Visiting { walk: self, visit }
    }
}

/// A walk and its visitor, as one [`Search`] (from [`Strategy::visiting`]).
pub struct Visiting<'w, W, F> {
    walk: &'w mut W,
    visit: F,
}

impl<W: Strategy, F: FnMut(&W::Puzzle)> Search for Visiting<'_, W, F> {
    type Done = Solutions<W::Puzzle>;
    type NoSolution = ();
    type Best = Option<Solutions<W::Puzzle>>;
    type Error = MemoryError;

    fn run(&mut self, budget: Budget) -> Result<GridOutcome<W::Puzzle>, MemoryError> {
        self.walk.run_visiting(budget, &mut self.visit)
    }

    fn spent(&self) -> u64 {
        self.walk.spent()
    }
}

/// Searches depth-first: an explicit stack of frames in memory the caller owns
/// (`[Frame<P>; N]`, from [`DepthFirst::new`]) or lends (`&mut [Frame<P>]`, a
/// `Vec`, from [`DepthFirst::new_in`]).
///
/// The stack needs one frame per branching level of the deepest path (at most
/// the number of unknown cells, plus one); a deeper path fails with
/// [`MemoryError::StackFull`], after which the search stays failed.
/// Depth-first finds the first solution sooner and needs far less memory than
/// breadth-first.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{DepthFirst, Frame, Margins, Seek};
/// use plateau::search::{Count, Outcome, Search};
/// let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// // Owned: the frames live in the search.
/// let mut owned: DepthFirst<Margins, [Frame<Margins>; 10]> = DepthFirst::new(puzzle, Seek::All);
/// let Outcome::Done(all) = owned.run(Budget::UNLIMITED)? else { return Err("none".into()) };
/// assert_eq!(all.count, Count::exactly(5));
/// // Lent, and in slices: 3 nodes, then the rest.
/// let mut frames = [Frame::new(puzzle); 10];
/// let mut lent = DepthFirst::new_in(puzzle, Seek::All, &mut frames[..]);
/// assert!(matches!(lent.run(Budget::new(3))?, Outcome::Exhausted { spent: 3, .. }));
/// assert_eq!(lent.run(Budget::UNLIMITED)?, Outcome::Done(all));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct DepthFirst<P: Puzzle, S> {
    root: P,
    stack: S,
    dfs: Dfs<P>,
}

impl<P: Puzzle, const N: usize> DepthFirst<P, [Frame<P>; N]> {
    /// Makes a depth-first search from `root` seeking `seek`, on `N` frames it owns.
    pub const fn new(root: P, seek: Seek) -> Self {
        DepthFirst {
            root,
            stack: [Frame::new(root); N],
            dfs: Dfs::new(seek),
        }
    }
}

impl<P: Puzzle, S: AsMut<[Frame<P>]>> DepthFirst<P, S> {
    /// Makes a depth-first search from `root` seeking `seek`, on the frames of
    /// `stack` (its length: the frames it holds).
    pub const fn new_in(root: P, seek: Seek, stack: S) -> Self {
        DepthFirst {
            root,
            stack,
            dfs: Dfs::new(seek),
        }
    }

    /// Returns where the search stands, without searching.
    pub fn outcome(&self) -> GridOutcome<P> {
        self.dfs.tally.outcome()
    }
}

impl<P: Puzzle, S: AsMut<[Frame<P>]>> Strategy for DepthFirst<P, S> {
    type Puzzle = P;

    fn run_visiting<F: FnMut(&P)>(
        &mut self,
        budget: Budget,
        mut visit: F,
    ) -> Result<GridOutcome<P>, MemoryError> {
        self.dfs
            .run(&(), &self.root, self.stack.as_mut(), budget, &mut visit)
    }
}

impl<P: Puzzle, S: AsMut<[Frame<P>]>> Search for DepthFirst<P, S> {
    type Done = Solutions<P>;
    type NoSolution = ();
    type Best = Option<Solutions<P>>;
    type Error = MemoryError;

    fn run(&mut self, budget: Budget) -> Result<GridOutcome<P>, MemoryError> {
        self.run_visiting(budget, |_| {})
    }

    fn spent(&self) -> u64 {
        self.dfs.tally.meter.spent()
    }
}

/// Searches breadth-first: a ring queue of partial grids in memory the caller
/// owns (`[P; N]`, from [`BreadthFirst::new`]) or lends (`&mut [P]`, a `Vec`,
/// from [`BreadthFirst::new_in`]).
///
/// The queue needs room for the widest level of the tree. When it is full the
/// run fails with [`MemoryError::QueueFull`] rather than dropping a node; the
/// search keeps its place, and [`BreadthFirst::move_to`] moves it to a larger
/// queue, where it goes on.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{BreadthFirst, Margins, MemoryError, Seek};
/// use plateau::search::{Count, Outcome, Search};
/// let puzzle = Margins::new(&[2; 4], &[2; 4])?;
/// let mut small = BreadthFirst::new_in(puzzle, Seek::All, vec![puzzle; 4]);
/// assert_eq!(small.run(Budget::UNLIMITED), Err(MemoryError::QueueFull { grids: 4 }));
/// let mut larger = small.move_to(vec![puzzle; 64]).map_err(|_| "too small")?;
/// let Outcome::Done(all) = larger.run(Budget::UNLIMITED)? else { return Err("none".into()) };
/// assert_eq!(all.count, Count::exactly(90));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct BreadthFirst<P: Puzzle, S> {
    root: P,
    queue: S,
    bfs: Bfs<P>,
}

impl<P: Puzzle, const N: usize> BreadthFirst<P, [P; N]> {
    /// Makes a breadth-first search from `root` seeking `seek`, on a queue of
    /// `N` grids it owns.
    pub const fn new(root: P, seek: Seek) -> Self {
        BreadthFirst {
            root,
            queue: [root; N],
            bfs: Bfs::new(seek),
        }
    }
}

impl<P: Puzzle, S: AsMut<[P]>> BreadthFirst<P, S> {
    /// Makes a breadth-first search from `root` seeking `seek`, on the queue
    /// `queue` (its length: the grids it holds).
    pub const fn new_in(root: P, seek: Seek, queue: S) -> Self {
        BreadthFirst {
            root,
            queue,
            bfs: Bfs::new(seek),
        }
    }

    /// Returns the grids waiting in the queue.
    #[must_use]
    pub fn queued(&self) -> usize {
        self.bfs.queued()
    }

    /// Moves the search, with its queued grids, to the queue `queue`, where it
    /// goes on where it stopped; gives the search back unchanged if `queue`
    /// cannot hold the grids queued.
    ///
    /// # Errors
    /// `Err(self)` when `queue` is shorter than [`BreadthFirst::queued`].
    #[allow(clippy::result_large_err)] // the search itself, handed back
    pub fn move_to<T: AsMut<[P]>>(mut self, mut queue: T) -> Result<BreadthFirst<P, T>, Self> {
        if queue.as_mut().len() < self.bfs.queued()
            || !self.bfs.move_queue(self.queue.as_mut(), queue.as_mut())
        {
            return Err(self);
        }
        Ok(BreadthFirst {
            root: self.root,
            queue,
            bfs: self.bfs,
        })
    }

    /// Hands the queue's storage to `grow` and goes on in what it returns,
    /// the queued grids kept in place: they are first turned to its front,
    /// so `grow` may lengthen it at its end (`Vec::resize` within its
    /// capacity moves nothing), and the search never needs the old storage
    /// and a new one at once, as [`BreadthFirst::move_to`] does.
    ///
    /// # Errors
    /// [`MemoryError::QueueFull`] if what `grow` returns is shorter than
    /// [`BreadthFirst::queued`] (the search is then lost).
    ///
    /// ```
    /// use plateau::Budget;
    /// use plateau::grid::{BreadthFirst, Margins, MemoryError, Seek};
    /// use plateau::search::{Count, Outcome, Search};
    /// let puzzle = Margins::new(&[2; 4], &[2; 4])?;
    /// let mut queue = Vec::with_capacity(64);
    /// queue.resize(4, puzzle);
    /// let mut search = BreadthFirst::new_in(puzzle, Seek::All, queue);
    /// assert_eq!(search.run(Budget::UNLIMITED), Err(MemoryError::QueueFull { grids: 4 }));
    /// let mut search = search.grow_with(|mut q| {
    ///     q.resize(64, puzzle); // within the capacity: nothing moves
    ///     q
    /// })?;
    /// let Outcome::Done(all) = search.run(Budget::UNLIMITED)? else { return Err("none".into()) };
    /// assert_eq!(all.count, Count::exactly(90));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn grow_with<T: AsMut<[P]>>(
        mut self,
        grow: impl FnOnce(S) -> T,
    ) -> Result<BreadthFirst<P, T>, MemoryError> {
        self.bfs.turn_to_front(self.queue.as_mut());
        let mut queue = grow(self.queue);
        let grids = queue.as_mut().len();
        if grids < self.bfs.queued() {
            return Err(MemoryError::QueueFull { grids });
        }
        Ok(BreadthFirst {
            root: self.root,
            queue,
            bfs: self.bfs,
        })
    }

    /// Returns where the search stands, without searching.
    pub fn outcome(&self) -> GridOutcome<P> {
        self.bfs.tally.outcome()
    }
}

impl<P: Puzzle, S: AsMut<[P]>> Strategy for BreadthFirst<P, S> {
    type Puzzle = P;

    fn run_visiting<F: FnMut(&P)>(
        &mut self,
        budget: Budget,
        mut visit: F,
    ) -> Result<GridOutcome<P>, MemoryError> {
        self.bfs
            .run(&(), &self.root, self.queue.as_mut(), budget, &mut visit)
    }
}

impl<P: Puzzle, S: AsMut<[P]>> Search for BreadthFirst<P, S> {
    type Done = Solutions<P>;
    type NoSolution = ();
    type Best = Option<Solutions<P>>;
    type Error = MemoryError;

    fn run(&mut self, budget: Budget) -> Result<GridOutcome<P>, MemoryError> {
        self.run_visiting(budget, |_| {})
    }

    fn spent(&self) -> u64 {
        self.bfs.tally.meter.spent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Margins;
    use crate::search::{Count, Outcome};

    fn margins() -> Margins {
        Margins::new(&[2, 2, 2, 2], &[2, 2, 2, 2]).unwrap()
    }

    /// A queue grown in place, from every small size (so that the ring has
    /// wrapped when it fills, at many places), gives the answer and the steps
    /// of a search on a queue large enough from the start.
    #[test]
    fn a_queue_grown_in_place_gives_the_large_queues_answer() {
        use std::vec;
        let root = margins();
        let mut large = BreadthFirst::new_in(root, Seek::All, vec![root; 512]);
        let whole = large.run(Budget::UNLIMITED).unwrap();
        for first in 1..40 {
            let mut search = BreadthFirst::new_in(root, Seek::All, vec![root; first]);
            let mut room = first;
            let got = loop {
                match search.run(Budget::UNLIMITED) {
                    Err(MemoryError::QueueFull { .. }) => {
                        room += 1 + room / 3;
                        search = search
                            .grow_with(|mut q| {
                                q.resize(room, root);
                                q
                            })
                            .unwrap();
                    }
                    done => break done.unwrap(),
                }
            };
            assert_eq!(got, whole, "from {first} grids");
            assert_eq!(search.spent(), large.spent(), "from {first} grids");
        }
        // Storage shorter than the queued grids is refused.
        let mut small = BreadthFirst::new_in(root, Seek::All, vec![root; 4]);
        assert!(small.run(Budget::UNLIMITED).is_err());
        let short = small.grow_with(|mut q| {
            q.truncate(1);
            q
        });
        assert!(matches!(short, Err(MemoryError::QueueFull { grids: 1 })));
    }

    #[test]
    fn slices_of_any_size_give_the_one_call_answer() {
        let root = margins();
        let mut one = DepthFirst::new_in(root, Seek::All, [Frame::new(root); 17]);
        let whole = one.run(Budget::UNLIMITED).unwrap();
        assert!(matches!(whole, Outcome::Done(s) if s.count == Count::exactly(90)));
        for slice in [1, 2, 3, 7, 50] {
            let mut dfs = DepthFirst::new_in(root, Seek::All, [Frame::new(root); 17]);
            let mut bfs = BreadthFirst::new_in(root, Seek::All, vec![root; 512]);
            let mut runs = 0;
            let (d, b) = loop {
                runs += 1;
                let d = dfs.run(Budget::new(slice)).unwrap();
                let b = bfs.run(Budget::new(slice)).unwrap();
                if !d.is_exhausted() && !b.is_exhausted() {
                    break (d, b);
                }
            };
            assert_eq!(d, whole, "slice {slice}");
            assert_eq!(b.done().map(|s| s.count), Some(Count::exactly(90)));
            assert_eq!(dfs.spent(), one.spent(), "slice {slice}");
            assert!(runs > 1);
        }
    }
}
