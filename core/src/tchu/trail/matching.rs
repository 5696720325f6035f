//! A minimum-cost perfect matching on a complete graph of up to `V` vertices
//! with costs up to [`MAX_COST`]: Edmonds' blossoms with duals, `O(V³)`, in
//! fixed memory (`2V² + (3V/2)²` bytes and a few per vertex: about 22 KiB at
//! the default 66 vertices), with no recursion.
//!
//! The trail's T-join bound (`tjoin.rs`) pairs the stations whose parity must
//! change along shortest paths: the cheapest pairing is the cheapest set of
//! routes to drop for the parity (a minimum T-join), a bound far tighter than
//! any sum of shares, and its paths give a trail at once when what is left
//! stays connected. A workspace's layout picks how many vertices its matching
//! holds ([`Pairing::VERTICES`]); with more stations to mend, or with
//! [`NoMatching`], the search does without it.
//!
//! The algorithm is Edmonds' primal-dual one for a maximum-weight matching,
//! here in its perfect-matching form (below):
//! alternating trees grown from the free vertices, odd cycles shrunk into
//! blossoms and expanded again (J. Edmonds, "Paths, trees, and flowers",
//! Canadian Journal of Mathematics 17, 1965), and dual values on the vertices
//! and blossoms changed until an edge becomes tight (J. Edmonds, "Maximum
//! matching and a polyhedron with 0,1-vertices", Journal of Research of the
//! National Bureau of Standards 69B, 1965). It is in the `O(n³)` form that
//! keeps the best edge between every two outermost blossoms and the least
//! slack into each, so that a dual change costs `O(n)`: the form Z. Galil's
//! survey describes ("Efficient algorithms for finding maximum matching in
//! graphs", ACM Computing Surveys 18(1), 1986). The code itself follows, step
//! for step, a widely copied competitive-programming implementation of that
//! form (the one passed around with solutions to UOJ problem #81, "general
//! graph maximum weight matching", with its `lab`, `st`, `pa` and `flo`); it
//! differs in holding one byte per pair for the best edges where that one holds
//! an edge record, in finding a blossom's child through the `holder` links
//! where that one keeps a table, in fixed arrays, in an explicit stack
//! where that one recurses, and in how it starts (below).
//!
//! Here it runs on the weights `-2 cost` with vertex duals of any sign (only
//! blossoms' duals are kept at 0 or more), the dual of a *perfect* matching:
//! its heaviest perfect matching is the cheapest one. (The weights are
//! doubled, and the duals start at even values, so that the slack between
//! two even vertices stays even and halves exactly.) Each vertex starts from
//! the potential its key (a station) ended the search's last solve with, or
//! from its cheapest edge, lowered until every slack is at least 0; the tight
//! pairs are matched greedily before the first stage, and a solve whose
//! starting duals already prove `enough` stops there. Vertices are numbered
//! from 1 (0 is "none"); blossoms take the numbers
//! after them, at most `n / 2` at once. Between two vertices or blossoms `x`
//! and `y`, `best_end[x][y]` is the vertex of `x` on the best edge to `y` (the
//! edge's other vertex is `best_end[y][x]`), so that one byte per pair holds a
//! blossom's edges. Every index goes through `bits::get` and `bits::put`: no
//! index can panic.

use super::set::BitSet;
use crate::bits::{get, put};

/// The highest cost: every route of the largest network, 512 of length 6.
pub(super) const MAX_COST: u16 = 3072;

/// Most vertices of any matching: 128 stations and the two free ends (the
/// numbers, at most `V + V / 2 + 1`, are bytes).
const MAX_VERTICES: usize = 130;

/// The label of a vertex or outermost blossom outside every alternating tree.
const FREE: i8 = -1;
/// The label of one at an even distance from its tree's root (an outer one, S).
const EVEN: i8 = 0;
/// The label of one at an odd distance from its tree's root (an inner one, T).
const ODD: i8 = 1;

/// How a stage of a solve ended.
enum Stage {
    /// Two more vertices matched.
    Augmented,
    /// No augmenting path is left.
    Over,
    /// The duals prove a perfect matching costs this much at least, `enough`.
    Enough(u32),
}

/// A minimum-cost perfect matching for the parity bound, reused from one
/// solve to the next: [`Matching`] of some size, or [`NoMatching`].
#[doc(hidden)]
pub trait Pairing {
    /// No matching yet, for a `static` workspace.
    const EMPTY: Self;
    /// Most vertices it holds: 0 for none.
    const VERTICES: usize;
    /// Starts a problem of `n` vertices (numbered from 0 by the caller), all
    /// costs 0; `false` if `n` is odd or above [`Pairing::VERTICES`].
    fn start(&mut self, n: usize) -> bool;
    /// Sets the cost between the vertices `a` and `b` (from 0), both ways.
    fn set_cost(&mut self, a: usize, b: usize, cost: u16);
    /// Names vertex `v` (from 0) by a `key` below [`Pairing::VERTICES`] (a
    /// station): a later solve starts a vertex of the same key from the
    /// potential it ended with, as far as the new costs allow.
    fn name(&mut self, v: usize, key: usize);
    /// Forgets every key's potential: the next solves start cold, as a new
    /// search must (its steps may not depend on an earlier search's).
    fn forget(&mut self);
    /// Solves the problem: returns the least cost of a perfect matching, or,
    /// as soon as its duals prove that cost `enough` at least, that proof
    /// ([`Solved::matched`] false: no matching to read); `None` if the solve
    /// did not finish (never on a valid problem; the caller then does
    /// without).
    fn solve(&mut self, enough: u32) -> Option<Solved>;
    /// Returns the vertex (from 0) matched to `v` (from 0) by the last solve.
    fn mate_of(&self, v: usize) -> usize;
}

/// What a [`Pairing::solve`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The least cost of a perfect matching if `matched`, else a lower bound
    /// on it of `enough` at least.
    pub bound: u32,
    /// Whether the solve ran to its end: [`Pairing::mate_of`] reads the
    /// matching.
    pub matched: bool,
}

/// No matching: a small workspace's search does without the T-join (the sum
/// of shares still bounds it; it only visits more nodes).
#[doc(hidden)]
pub struct NoMatching;

impl Pairing for NoMatching {
    const EMPTY: Self = NoMatching;
    const VERTICES: usize = 0;
    /// Refuses every problem: it holds no vertex.
    fn start(&mut self, _: usize) -> bool {
        false
    }
    /// Does nothing: there is no problem to set.
    fn set_cost(&mut self, _: usize, _: usize, _: u16) {}
    /// Does nothing: there is no vertex to name.
    fn name(&mut self, _: usize, _: usize) {}
    /// Does nothing: it keeps nothing.
    fn forget(&mut self) {}
    /// Never solves: the caller does without the matching.
    fn solve(&mut self, _: u32) -> Option<Solved> {
        None
    }
    /// Returns `usize::MAX`: no vertex is matched.
    fn mate_of(&self, _: usize) -> usize {
        usize::MAX
    }
}

/// A matching's whole state for up to `V` vertices, with `IDS` (`V + V / 2 +
/// 1`) vertex and blossom numbers and `B` (`IDS - V`) blossom cycles.
#[doc(hidden)]
pub struct Matching<const V: usize, const IDS: usize, const B: usize, Q> {
    /// Vertices in this solve.
    vertices: usize,
    /// Highest number in use (vertices and blossoms).
    highest: usize,
    /// The cost between two vertices (numbered from 0 here).
    cost: [[u16; V]; V],
    /// The vertex of `x` on the best edge between `x` and `y` (the one of
    /// least slack); 0 for none.
    best_end: [[u8; IDS]; IDS],
    /// The dual value of each vertex and blossom (doubled for blossoms, as the
    /// weights are doubled in the slack).
    dual: [i32; IDS],
    /// The vertex each vertex or outermost blossom is matched to, 0 if none.
    mate: [u8; IDS],
    /// The even vertex with the least slack edge into each outermost blossom,
    /// 0 if none: the next edge a dual change can make tight.
    closest: [u8; IDS],
    /// The outermost blossom holding each vertex or blossom (itself if none); 0
    /// for a blossom number not in use.
    outer: [u8; IDS],
    /// The blossom directly holding each vertex or blossom, 0 if none.
    holder: [u8; IDS],
    /// The tree link of each odd outermost blossom: the vertex of the even
    /// one it was reached from.
    reached_from: [u8; IDS],
    /// The label of each outermost blossom in the alternating trees: [`FREE`],
    /// [`EVEN`] or [`ODD`].
    label: [i8; IDS],
    /// The walk that last passed each blossom, in the search for a lowest
    /// common ancestor.
    walked: [u32; IDS],
    /// The number of the latest such walk.
    walk: u32,
    /// The children of each blossom, in cycle order from its base.
    cycles: [[u8; V]; B],
    /// How many children each blossom's cycle holds.
    cycle_lens: [u8; B],
    /// Vertices still to scan (bit `v - 1` for vertex `v`): a set of `IDS`.
    queue: Q,
    /// The key of each vertex of this solve ([`Pairing::name`]) plus one, 0
    /// if none.
    key: [u8; V],
    /// The potential each key's vertex ended its last solve with (in the
    /// doubled costs: `-dual / 2`), plus `2^15`; 0 if none yet. (Both
    /// start at 0, so that a `static` workspace is zero-filled: `.bss`.)
    hint: [u16; V],
}

/// No key, no potential.
const NONE: u8 = 0;
/// What a potential is stored with: `0` is "none".
const HINT_BIAS: i32 = 1 << 15;

/// Returns the slack of an edge of `cost` between two vertices of duals
/// `dual_u` and `dual_v`: `dual_u + dual_v - 2 w`, its weight `w` being `-2`
/// times its cost (see the module docs).
fn edge_slack(dual_u: i32, dual_v: i32, cost: u16) -> i32 {
    let weight = i32::from(cost).wrapping_mul(-2);
    dual_u
        .wrapping_add(dual_v)
        .wrapping_sub(weight.wrapping_mul(2))
}

/// Reverses `a` by pairs from both ends (`<[T]>::reverse` keeps a bounds check
/// on thumbv7m, which the panic probe would find).
fn reverse(a: &mut [u8]) {
    let mut ends = a.iter_mut();
    while let (Some(x), Some(y)) = (ends.next(), ends.next_back()) {
        core::mem::swap(x, y);
    }
}

/// Turns `a` left by `k` (below its length), by three reversals.
fn rotate_left(a: &mut [u8], k: usize) {
    if let Some(head) = a.get_mut(..k) {
        reverse(head);
    }
    if let Some(tail) = a.get_mut(k..) {
        reverse(tail);
    }
    reverse(a);
}

impl<const V: usize, const IDS: usize, const B: usize, Q: BitSet> Pairing
    for Matching<V, IDS, B, Q>
{
    const EMPTY: Self = {
        // The numbers as the type's docs say: bytes, and `Q` holds `IDS` of
        // them (checked by the tests, as a const bound cannot name its width).
        assert!(IDS == V + V / 2 + 1 && IDS == V + B && V <= MAX_VERTICES);
        Matching {
            vertices: 0,
            highest: 0,
            cost: [[0; V]; V],
            best_end: [[0; IDS]; IDS],
            dual: [0; IDS],
            mate: [0; IDS],
            closest: [0; IDS],
            outer: [0; IDS],
            holder: [0; IDS],
            reached_from: [0; IDS],
            label: [0; IDS],
            walked: [0; IDS],
            walk: 0,
            cycles: [[0; V]; B],
            cycle_lens: [0; B],
            queue: Q::EMPTY,
            key: [NONE; V],
            hint: [0; V],
        }
    };
    const VERTICES: usize = V;

    /// Starts a problem of `n` vertices (numbered from 0 by the caller), all
    /// costs 0; `false` if `n` is odd or above `V`.
    fn start(&mut self, n: usize) -> bool {
        if n % 2 == 1 || n > V {
            self.vertices = 0;
            return false;
        }
        self.vertices = n;
        for k in self.key.iter_mut().take(n) {
            *k = NONE;
        }
        for row in self.cost.iter_mut().take(n) {
            for c in row.iter_mut().take(n) {
                *c = 0;
            }
        }
        true
    }

    /// Sets the cost between the vertices `a` and `b` (from 0), both ways.
    fn set_cost(&mut self, a: usize, b: usize, cost: u16) {
        let cost = cost.min(MAX_COST);
        if let Some(row) = self.cost.get_mut(a) {
            put(row, b, cost);
        }
        if let Some(row) = self.cost.get_mut(b) {
            put(row, a, cost);
        }
    }

    /// Names vertex `v` (from 0) by `key` (a station; one of `V` or more
    /// keeps no potential).
    fn name(&mut self, v: usize, key: usize) {
        let stored = key.checked_add(1).and_then(|k| u8::try_from(k).ok());
        put(&mut self.key, v, stored.unwrap_or(NONE));
    }

    fn forget(&mut self) {
        self.hint = [0; V];
    }

    /// Solves the problem: returns the least cost of a perfect matching, or
    /// `None` if the solve did not finish (never on a valid problem; the caller
    /// then does without).
    fn solve(&mut self, enough: u32) -> Option<Solved> {
        let n = self.vertices;
        self.highest = n;
        // Numbers in use this time: the vertices and at most n / 2 blossoms.
        let top = n.wrapping_add(n / 2).wrapping_add(1).min(IDS);
        for x in 0..top {
            let leaf = x <= n;
            put(&mut self.outer, x, if leaf { x as u8 } else { 0 });
            put(&mut self.mate, x, 0);
            put(&mut self.holder, x, 0);
            put(&mut self.reached_from, x, 0);
            put(&mut self.dual, x, 0);
        }
        // Between two vertices the best edge is their own; a blossom's row and
        // column are written when it forms (`shrink_blossom`).
        for x in 1..=n {
            if let Some(row) = self.best_end.get_mut(x)
                && let Some(row) = row.get_mut(1..=n)
            {
                row.fill(x as u8);
                put(row, x.wrapping_sub(1), 0);
            }
        }
        // Each vertex starts at a potential `p` (its dual is `-2 p`):
        // where its key ended the last solve, else its cheapest edge's cost;
        // then, in turn, lowered until `p(u) + p(v) <= 2 cost(u, v)` with each
        // vertex before it (every slack at least 0). The bound starts at half
        // the potentials; the edges at their limit are tight. (Vertex duals
        // may go below 0: this is the perfect matching's dual, only blossoms'
        // duals are kept >= 0.)
        for u in 1..=n {
            let mut p = self.hint_of(u).unwrap_or_else(|| {
                (1..=n)
                    .filter(|&v| v != u)
                    .map(|v| i32::from(self.cost_of(u, v)))
                    .min()
                    .unwrap_or(0)
            });
            for v in 1..u {
                let room = i32::from(self.cost_of(u, v))
                    .wrapping_mul(2)
                    .wrapping_sub(self.potential(v));
                p = p.min(room);
            }
            put(&mut self.dual, u, p.wrapping_mul(-2));
        }
        // Those duals may prove enough already.
        let bound = self.dual_bound();
        if bound >= enough {
            return Some(self.remember(Solved {
                bound,
                matched: false,
            }));
        }
        // Those tight edges matched at once, greedily: fewer stages.
        let mut pairs = 0usize;
        for u in 1..=n {
            if get(&self.mate, u, 0) != 0 {
                continue;
            }
            let free = |v: &usize| get(&self.mate, *v, 0) == 0 && self.slack(u, *v) == Some(0);
            if let Some(v) = (u.wrapping_add(1)..=n).find(free) {
                put(&mut self.mate, u, v as u8);
                put(&mut self.mate, v, u as u8);
                pairs = pairs.wrapping_add(1);
            }
        }
        // Each stage matches two more vertices; a stage is O(n²) per dual change.
        for _ in 0..(n / 2).saturating_sub(pairs) {
            match self.stage(enough)? {
                Stage::Augmented => {}
                Stage::Over => return None,
                Stage::Enough(bound) => {
                    return Some(self.remember(Solved {
                        bound,
                        matched: false,
                    }));
                }
            }
        }
        let mut total = 0u32;
        for u in 1..=n {
            let m = usize::from(get(&self.mate, u, 0));
            if m == 0 {
                return None;
            }
            if m < u {
                total = total.wrapping_add(u32::from(self.cost_of(u, m)));
            }
        }
        Some(self.remember(Solved {
            bound: total,
            matched: true,
        }))
    }

    /// Returns the vertex (from 0) matched to `v` (from 0) by the last solve.
    fn mate_of(&self, v: usize) -> usize {
        usize::from(get(&self.mate, v.wrapping_add(1), 0)).wrapping_sub(1)
    }
}

impl<const V: usize, const IDS: usize, const B: usize, Q: BitSet> Matching<V, IDS, B, Q> {
    /// Returns the lower bound the duals give on the cost of every perfect
    /// matching. The duals `y` (vertices) and `z >= 0` (blossoms) are feasible
    /// for the doubled weights, `y(u) + y(v) + z(blossoms holding both) >= 2 w(u, v)`,
    /// so a perfect matching (it meets every vertex) weighs at most `D / 2`
    /// with `D = Σ y(u) + Σ z(B) (|B| - 1) / 2` (a blossom of `|B|` vertices
    /// holds at most `(|B| - 1) / 2` of its edges); its weight is `-2` times
    /// its cost, which is then at least `-D / 4`, rounded up.
    fn dual_bound(&self) -> u32 {
        let n = self.vertices;
        // Σ z(B) |B|: each vertex adds the duals of the blossoms around it.
        // (Every sum is far inside an i64: at most 196 numbers below 2^23.)
        let mut vertices = 0i64;
        let mut around = 0i64;
        for u in 1..=n {
            vertices = vertices.saturating_add(i64::from(self.dual(u)));
            let mut b = usize::from(get(&self.holder, u, 0));
            for _ in 0..IDS {
                if b == 0 {
                    break;
                }
                around = around.saturating_add(i64::from(self.dual(b)));
                b = usize::from(get(&self.holder, b, 0));
            }
        }
        let mut blossoms = 0i64;
        for b in n.wrapping_add(1)..=self.highest {
            if self.outer(b) != 0 {
                blossoms = blossoms.saturating_add(i64::from(self.dual(b)));
            }
        }
        // 2 D = 2 Σ y(u) + Σ z(B) |B| - Σ z(B); the bound is -2 D / 8.
        let twice_d = vertices
            .saturating_mul(2)
            .saturating_add(around)
            .saturating_sub(blossoms);
        let eight_bound = twice_d.saturating_neg();
        u32::try_from(eight_bound.saturating_add(7).div_euclid(8)).unwrap_or(0)
    }

    /// Returns the potential of vertex `u` (from 1): `-dual / 2`, rounded
    /// down.
    fn potential(&self, u: usize) -> i32 {
        self.dual(u).wrapping_neg().div_euclid(2)
    }

    /// Returns the potential vertex `u`'s key (from 1) last ended with, if
    /// it has a key and that key a potential.
    fn hint_of(&self, u: usize) -> Option<i32> {
        let k = usize::from(get(&self.key, u.wrapping_sub(1), NONE)).checked_sub(1)?;
        match get(&self.hint, k, 0) {
            0 => None,
            stored => Some(i32::from(stored).wrapping_sub(HINT_BIAS)),
        }
    }

    /// Keeps each keyed vertex's potential for the next solve, and returns
    /// `solved`. A vertex's potential takes in half of each blossom's dual
    /// around it, so that the potentials alone keep every slack at least 0
    /// (a blossom's dual counts in its inner edges' slack), rounded down.
    fn remember(&mut self, solved: Solved) -> Solved {
        for u in 1..=self.vertices {
            let Some(k) = usize::from(get(&self.key, u.wrapping_sub(1), NONE)).checked_sub(1)
            else {
                continue;
            };
            let mut dual = self.dual(u);
            let mut b = usize::from(get(&self.holder, u, 0));
            for _ in 0..IDS {
                if b == 0 {
                    break;
                }
                dual = dual.saturating_add(self.dual(b) / 2);
                b = usize::from(get(&self.holder, b, 0));
            }
            let p = dual.wrapping_neg().div_euclid(2);
            // One past the bias's range is no potential (never in practice:
            // a potential is within a few times the largest cost).
            let stored = u16::try_from(p.wrapping_add(HINT_BIAS)).unwrap_or(0);
            put(&mut self.hint, k, stored);
        }
        solved
    }

    /// Returns the cost between the vertices `u` and `v` (from 1).
    fn cost_of(&self, u: usize, v: usize) -> u16 {
        self.cost
            .get(u.wrapping_sub(1))
            .and_then(|row| row.get(v.wrapping_sub(1)))
            .copied()
            .unwrap_or(MAX_COST)
    }

    /// Returns the costs from the vertex `u` (from 1) to every vertex, the
    /// vertex `v` at `v - 1`.
    fn costs_of(&self, u: usize) -> [u16; V] {
        self.cost
            .get(u.wrapping_sub(1))
            .copied()
            .unwrap_or([MAX_COST; V])
    }

    /// Returns the vertex of `x` on the best edge between `x` and `y`, 0 if none.
    fn best_end(&self, x: usize, y: usize) -> usize {
        usize::from(self.best_end.get(x).map_or(0, |row| get(row, y, 0)))
    }

    /// Sets the vertex of `x` on the best edge between `x` and `y` to `v`.
    fn set_best_end(&mut self, x: usize, y: usize, v: usize) {
        if let Some(row) = self.best_end.get_mut(x) {
            put(row, y, v as u8);
        }
    }

    /// Returns the outermost blossom holding `x` (`x` itself if none).
    fn outer(&self, x: usize) -> usize {
        usize::from(get(&self.outer, x, 0))
    }

    /// Returns the label of the outermost blossom `x`.
    fn label(&self, x: usize) -> i8 {
        get(&self.label, x, FREE)
    }

    /// Returns the dual value of `x`.
    fn dual(&self, x: usize) -> i32 {
        get(&self.dual, x, 0)
    }

    /// Returns the slack of the best edge between `x` and `y` (0 when it is
    /// tight), `None` if there is none.
    fn slack(&self, x: usize, y: usize) -> Option<i32> {
        let (u, v) = (self.best_end(x, y), self.best_end(y, x));
        if u == 0 || v == 0 || u == v {
            return None;
        }
        Some(self.vertex_slack(u, v))
    }

    /// Returns the slack of the edge between the vertices `u` and `v` (not
    /// blossoms): [`Self::slack`] of two vertices, whose best edge is their
    /// own.
    fn vertex_slack(&self, u: usize, v: usize) -> i32 {
        edge_slack(self.dual(u), self.dual(v), self.cost_of(u, v))
    }

    /// Returns how many children the cycle of the blossom `b` holds.
    fn cycle_len(&self, b: usize) -> usize {
        usize::from(get(
            &self.cycle_lens,
            b.wrapping_sub(self.vertices.wrapping_add(1)),
            0,
        ))
    }

    /// Returns the child at position `i` of the cycle of the blossom `b`.
    fn child(&self, b: usize, i: usize) -> usize {
        self.cycles
            .get(b.wrapping_sub(self.vertices.wrapping_add(1)))
            .map_or(0, |f| usize::from(get(f, i, 0)))
    }

    /// Returns the cycle of the blossom `b` and its length, to change them.
    fn cycle_mut(&mut self, b: usize) -> Option<(&mut [u8; V], &mut u8)> {
        let i = b.wrapping_sub(self.vertices.wrapping_add(1));
        Some((self.cycles.get_mut(i)?, self.cycle_lens.get_mut(i)?))
    }

    /// Makes the vertex `u` the closest of the outermost blossom `x` if its
    /// best edge into `x` has less slack than the closest one's.
    fn update_closest(&mut self, u: usize, x: usize) {
        let current = usize::from(get(&self.closest, x, 0));
        let better = match (self.slack(u, x), self.slack(current, x)) {
            (Some(_), _) if current == 0 => true,
            (Some(a), Some(b)) => a < b,
            (Some(_), None) => true,
            (None, _) => false,
        };
        if better {
            put(&mut self.closest, x, u as u8);
        }
    }

    /// Finds the closest even vertex of the outermost blossom `x` afresh.
    fn find_closest(&mut self, x: usize) {
        put(&mut self.closest, x, 0);
        for u in 1..=self.vertices {
            if self.best_end(u, x) != 0 && self.outer(u) != x && self.label(self.outer(u)) == EVEN {
                self.update_closest(u, x);
            }
        }
    }

    /// Queues the vertices of the outermost blossom `x` (a vertex: itself).
    fn queue_blossom(&mut self, x: usize) {
        if x <= self.vertices {
            self.queue |= Q::bit(x.wrapping_sub(1));
            return;
        }
        for u in 1..=self.vertices {
            if self.outer(u) == x {
                self.queue |= Q::bit(u.wrapping_sub(1));
            }
        }
    }

    /// Returns the child of the blossom `b` that holds the vertex `v`.
    fn child_holding(&self, b: usize, v: usize) -> usize {
        let mut inner = v;
        for _ in 0..IDS {
            let holder = usize::from(get(&self.holder, inner, 0));
            if holder == b || holder == 0 {
                break;
            }
            inner = holder;
        }
        inner
    }

    /// Returns where the child `entry` stands in the cycle of the blossom `b`,
    /// first turning the cycle the other way round if that makes the position
    /// even (the even path from the base to `entry` is the one to rematch).
    fn even_position(&mut self, b: usize, entry: usize) -> usize {
        let len = self.cycle_len(b);
        let at = (0..len).find(|&i| self.child(b, i) == entry).unwrap_or(0);
        if at % 2 == 1 {
            if let Some((cycle, _)) = self.cycle_mut(b)
                && let Some(tail) = cycle.get_mut(1..len)
            {
                reverse(tail);
            }
            len.wrapping_sub(at)
        } else {
            at
        }
    }

    /// Matches `u` to `v` along their best edge, and the insides of the blossoms
    /// on the way (an explicit stack instead of recursion).
    fn match_through(&mut self, u: usize, v: usize) -> Option<()> {
        let mut todo: heapless::Vec<(u8, u8), IDS> = heapless::Vec::new();
        todo.push((u as u8, v as u8)).ok()?;
        while let Some((u, v)) = todo.pop() {
            let (u, v) = (usize::from(u), usize::from(v));
            let end = self.best_end(v, u);
            put(&mut self.mate, u, end as u8);
            if u <= self.vertices {
                continue;
            }
            let entry = self.child_holding(u, self.best_end(u, v));
            let entry_at = self.even_position(u, entry);
            for i in 0..entry_at {
                let pair = (self.child(u, i) as u8, self.child(u, i ^ 1) as u8);
                todo.push(pair).ok()?;
            }
            todo.push((entry as u8, v as u8)).ok()?;
            // The base of the blossom is now the child matched outside.
            let len = self.cycle_len(u);
            if let Some((cycle, _)) = self.cycle_mut(u)
                && let Some(cycle) = cycle.get_mut(..len)
            {
                rotate_left(cycle, entry_at);
            }
        }
        Some(())
    }

    /// Flips the alternating path from the even blossom `u` up to its tree's
    /// root, `u` now matched to `v` (half of an augmenting path: the caller
    /// flips the other half from `v`).
    fn augment(&mut self, u: usize, v: usize) -> Option<()> {
        let (mut u, mut v) = (u, v);
        for _ in 0..IDS {
            let mate_outer = self.outer(usize::from(get(&self.mate, u, 0)));
            self.match_through(u, v)?;
            if mate_outer == 0 {
                return Some(());
            }
            let next = self.outer(usize::from(get(&self.reached_from, mate_outer, 0)));
            self.match_through(mate_outer, next)?;
            u = next;
            v = mate_outer;
        }
        None
    }

    /// Returns the lowest common ancestor of the even blossoms `u` and `v` in
    /// the alternating trees (walking up from both in turn), 0 if they are in
    /// different trees: then their edge completes an augmenting path.
    fn common_ancestor(&mut self, u: usize, v: usize) -> usize {
        self.walk = self.walk.wrapping_add(1);
        let mark = self.walk;
        let (mut u, mut v) = (u, v);
        for _ in 0..4 * IDS {
            if u == 0 && v == 0 {
                break;
            }
            if u != 0 {
                if get(&self.walked, u, 0) == mark {
                    return u;
                }
                put(&mut self.walked, u, mark);
                u = self.outer(usize::from(get(&self.mate, u, 0)));
                if u != 0 {
                    u = self.outer(usize::from(get(&self.reached_from, u, 0)));
                }
            }
            core::mem::swap(&mut u, &mut v);
        }
        0
    }

    /// Shrinks the odd cycle closed by the tight edge between the even
    /// blossoms `u` and `v` into a new even blossom whose base is their lowest
    /// common ancestor `lca`: its cycle, its best edges to every other blossom
    /// and its closest vertex. `None` if no blossom number is free (never in a
    /// valid solve).
    fn shrink_blossom(&mut self, u: usize, lca: usize, v: usize) -> Option<()> {
        let n = self.vertices;
        let mut b = n.wrapping_add(1);
        while b <= self.highest && self.outer(b) != 0 {
            b = b.wrapping_add(1);
        }
        if b >= IDS {
            return None;
        }
        if b > self.highest {
            self.highest = b;
        }
        put(&mut self.dual, b, 0);
        put(&mut self.label, b, EVEN);
        let value = get(&self.mate, lca, 0);
        put(&mut self.mate, b, value);
        // The cycle: lca, then u's side back to it (reversed), then v's side.
        let mut cycle: heapless::Vec<u8, V> = heapless::Vec::new();
        cycle.push(lca as u8).ok()?;
        for (start, backwards) in [(u, true), (v, false)] {
            let from = cycle.len();
            let mut x = start;
            for _ in 0..IDS {
                if x == lca {
                    break;
                }
                let y = self.outer(usize::from(get(&self.mate, x, 0)));
                cycle.push(x as u8).ok()?;
                cycle.push(y as u8).ok()?;
                self.queue_blossom(y);
                x = self.outer(usize::from(get(&self.reached_from, y, 0)));
            }
            if backwards && let Some(half) = cycle.get_mut(from..) {
                reverse(half);
            }
        }
        let len = cycle.len();
        let (slots, slots_len) = self.cycle_mut(b)?;
        for (slot, &c) in slots.iter_mut().zip(&cycle) {
            *slot = c;
        }
        *slots_len = len as u8;
        // Everything inside the children is now inside b.
        let mut children = Q::EMPTY;
        for &c in &cycle {
            children |= Q::bit(usize::from(c));
            put(&mut self.holder, usize::from(c), b as u8);
        }
        for y in 1..=self.highest {
            let was = self.outer(y);
            if was != 0 && children.has(was) {
                put(&mut self.outer, y, b as u8);
            }
        }
        put(&mut self.outer, b, b as u8);
        put(&mut self.holder, b, 0);
        // The blossom's best edge to each number outside it: its children's
        // of least slack, the first on a tie (none inside it: never read).
        for x in 1..=self.highest {
            let mut best: Option<(i32, usize, usize)> = None;
            if self.outer(x) != b {
                for &c in &cycle {
                    let child = usize::from(c);
                    if let Some(slack) = self.slack(child, x)
                        && best.is_none_or(|(least, ..)| slack < least)
                    {
                        best = Some((slack, self.best_end(child, x), self.best_end(x, child)));
                    }
                }
            }
            let (into, back) = best.map_or((0, 0), |(_, into, back)| (into, back));
            self.set_best_end(b, x, into);
            self.set_best_end(x, b, back);
        }
        self.find_closest(b);
        Some(())
    }

    /// Expands the odd blossom `b` whose dual value fell to 0 back into its
    /// children: the even path of its cycle from the child it was reached
    /// through to its base joins the tree (odd and even in turn), the other
    /// children leave it.
    fn expand_blossom(&mut self, b: usize) {
        let entry = self.child_holding(
            b,
            self.best_end(b, usize::from(get(&self.reached_from, b, 0))),
        );
        for y in 1..=self.highest {
            if y != b && self.outer(y) == b {
                let c = self.child_holding(b, y);
                put(&mut self.outer, y, c as u8);
            }
        }
        let len = self.cycle_len(b);
        for i in 0..len {
            let c = self.child(b, i);
            put(&mut self.holder, c, 0);
        }
        let entry_at = self.even_position(b, entry);
        let mut i = 0;
        while i < entry_at && i.wrapping_add(1) < len {
            let (child, next) = (self.child(b, i), self.child(b, i.wrapping_add(1)));
            let into = self.best_end(next, child);
            put(&mut self.reached_from, child, into as u8);
            put(&mut self.label, child, ODD);
            put(&mut self.label, next, EVEN);
            put(&mut self.closest, child, 0);
            self.find_closest(next);
            self.queue_blossom(next);
            i = i.wrapping_add(2);
        }
        put(&mut self.label, entry, ODD);
        let value = get(&self.reached_from, b, 0);
        put(&mut self.reached_from, entry, value);
        for i in entry_at.wrapping_add(1)..len {
            let child = self.child(b, i);
            put(&mut self.label, child, FREE);
            self.find_closest(child);
        }
        put(&mut self.outer, b, 0);
    }

    /// Handles a tight edge from the vertex `from` (in an even blossom) to `to`:
    /// grows the tree if `to`'s blossom is free, shrinks a blossom or augments
    /// if it is even; `Some(true)` if it augmented.
    fn on_tight_edge(&mut self, from: usize, to: usize) -> Option<bool> {
        let (u, v) = (self.outer(from), self.outer(to));
        match self.label(v) {
            FREE => {
                // A free blossom is matched: it joins the tree, odd, and its
                // mate, even.
                put(&mut self.reached_from, v, from as u8);
                put(&mut self.label, v, ODD);
                let mate_blossom = self.outer(usize::from(get(&self.mate, v, 0)));
                put(&mut self.closest, v, 0);
                put(&mut self.closest, mate_blossom, 0);
                put(&mut self.label, mate_blossom, EVEN);
                self.queue_blossom(mate_blossom);
            }
            EVEN => {
                let lca = self.common_ancestor(u, v);
                if lca == 0 {
                    self.augment(u, v)?;
                    self.augment(v, u)?;
                    return Some(true);
                }
                self.shrink_blossom(u, lca, v)?;
            }
            _ => {}
        }
        Some(false)
    }

    /// One stage: grows the alternating trees until an augmenting path matches
    /// two more vertices (`Some(true)`), or no path is left (`Some(false)`).
    fn stage(&mut self, enough: u32) -> Option<Stage> {
        // Every free outermost blossom roots a tree, even.
        for x in 1..=self.highest {
            put(&mut self.label, x, FREE);
            put(&mut self.closest, x, 0);
        }
        self.queue = Q::EMPTY;
        for x in 1..=self.highest {
            if self.outer(x) == x && get(&self.mate, x, 0) == 0 {
                put(&mut self.reached_from, x, 0);
                put(&mut self.label, x, EVEN);
                self.queue_blossom(x);
            }
        }
        if self.queue == Q::EMPTY {
            return Some(Stage::Over);
        }
        // Each dual change labels, shrinks or expands something: O(n) of them.
        for _ in 0..8 * IDS {
            // Scan the even vertices' edges: follow the tight ones, note the
            // least slack of the others.
            while self.queue != Q::EMPTY {
                let u = self.queue.lowest().wrapping_add(1);
                self.queue = self.queue.without_lowest();
                if self.label(self.outer(u)) == ODD {
                    continue;
                }
                // Between two vertices the best edge is their own (`slack`
                // of vertices, without its look-ups); only a blossom's is
                // looked up. (`u`'s dual and costs stay as they are while it
                // is scanned: only a new blossom's dual is set.)
                let (dual_u, costs) = (self.dual(u), self.costs_of(u));
                for (v, &cost) in (1..=self.vertices).zip(costs.iter()) {
                    let outer_v = self.outer(v);
                    if v == u || self.outer(u) == outer_v {
                        continue;
                    }
                    let slack = edge_slack(dual_u, self.dual(v), cost);
                    if slack == 0 {
                        if self.on_tight_edge(u, v)? {
                            return Some(Stage::Augmented);
                        }
                    } else if outer_v == v {
                        // (Its closest is an even vertex, never `v` itself.)
                        let current = usize::from(get(&self.closest, v, 0));
                        if current == 0 || slack < self.vertex_slack(current, v) {
                            put(&mut self.closest, v, u as u8);
                        }
                    } else if self.best_end(outer_v, u) == v {
                        // Once a blossom: at its vertex on its best edge to `u`.
                        self.update_closest(u, outer_v);
                    }
                }
            }
            // No tight edge left: the largest dual change that keeps every
            // slack and every odd blossom's dual at least 0.
            let mut delta = i32::MAX;
            for b in self.vertices.wrapping_add(1)..=self.highest {
                if self.outer(b) == b && self.label(b) == ODD {
                    delta = delta.min(self.dual(b) / 2);
                }
            }
            for x in 1..=self.highest {
                let closest = usize::from(get(&self.closest, x, 0));
                if self.outer(x) != x || closest == 0 {
                    continue;
                }
                let Some(slack) = self.slack(closest, x) else {
                    continue;
                };
                match self.label(x) {
                    FREE => delta = delta.min(slack),
                    EVEN => delta = delta.min(slack / 2),
                    _ => {}
                }
            }
            // No edge nor blossom limits the change: no perfect matching
            // (never on a complete graph).
            if delta == i32::MAX {
                return Some(Stage::Over);
            }
            // Change the duals: even vertices down, odd ones up, blossoms twice
            // the other way.
            for u in 1..=self.vertices {
                match self.label(self.outer(u)) {
                    EVEN => {
                        let value = self.dual(u).wrapping_sub(delta);
                        put(&mut self.dual, u, value);
                    }
                    ODD => {
                        let value = self.dual(u).wrapping_add(delta);
                        put(&mut self.dual, u, value);
                    }
                    _ => {}
                }
            }
            for b in self.vertices.wrapping_add(1)..=self.highest {
                if self.outer(b) == b {
                    match self.label(b) {
                        EVEN => {
                            let value = self.dual(b).wrapping_add(delta.wrapping_mul(2));
                            put(&mut self.dual, b, value);
                        }
                        ODD => {
                            let value = self.dual(b).wrapping_sub(delta.wrapping_mul(2));
                            put(&mut self.dual, b, value);
                        }
                        _ => {}
                    }
                }
            }
            // The duals stay feasible: they bound every matching's weight,
            // so every perfect matching's cost. Enough to prune: stop.
            let bound = self.dual_bound();
            if bound >= enough {
                return Some(Stage::Enough(bound));
            }
            // Follow the edges the change made tight, then expand the odd
            // blossoms whose dual fell to 0.
            self.queue = Q::EMPTY;
            for x in 1..=self.highest {
                let closest = usize::from(get(&self.closest, x, 0));
                if self.outer(x) == x
                    && closest != 0
                    && self.outer(closest) != x
                    && self.slack(closest, x) == Some(0)
                {
                    let into = self.best_end(x, closest);
                    if self.on_tight_edge(closest, into)? {
                        return Some(Stage::Augmented);
                    }
                }
            }
            for b in self.vertices.wrapping_add(1)..=self.highest {
                if self.outer(b) == b && self.label(b) == ODD && self.dual(b) == 0 {
                    self.expand_blossom(b);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The default layout's matching: 64 stations and the two free ends.
    type Full = Matching<66, 100, 34, u128>;
    /// The host's large layouts': 128 stations and the two free ends.
    type Large = Matching<130, 196, 66, super::super::set::Wide<4>>;
    /// A small layout's: 14 stations and the two free ends.
    type Small = Matching<16, 25, 9, u128>;
    /// The smallest with a pair beside the free ends, and an odd one.
    type Tiny = Matching<4, 7, 3, u128>;
    type Odd = Matching<7, 11, 4, u128>;

    /// A matching on the heap (the default one is 22 KiB).
    fn fresh<P: Pairing>() -> std::boxed::Box<P> {
        std::boxed::Box::new(P::EMPTY)
    }

    /// The cheapest perfect matching by dynamic programming over subsets.
    fn brute(cost: &[[u16; 16]; 16], n: usize) -> u32 {
        let full = (1usize << n) - 1;
        let mut best = std::vec![u32::MAX; 1 << n];
        best[0] = 0;
        for set in 1..=full {
            if set.count_ones() % 2 == 1 {
                continue;
            }
            let i = set.trailing_zeros() as usize;
            let rest = set & !(1 << i);
            for j in 0..n {
                if rest & (1 << j) != 0 && best[rest & !(1 << j)] != u32::MAX {
                    let c = best[rest & !(1 << j)] + u32::from(cost[i][j]);
                    best[set] = best[set].min(c);
                }
            }
        }
        best[full]
    }

    /// Solves 3,000 random problems of up to `most` vertices (at most 14) in
    /// `m`, against the brute force.
    // The indices are vertices: of the matrix and of the matching alike.
    #[allow(clippy::needless_range_loop)]
    fn against_brute_force<P: Pairing>(m: &mut P, most: usize, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        for case in 0..3000 {
            let n = 2 * (1 + (rng.next_u64() % (most as u64 / 2)) as usize);
            let spread = [2u64, 5, 30, 769][case % 4];
            let mut cost = [[0u16; 16]; 16];
            // The last `free` vertices are free ends: cost 0 to every other.
            let free = (case / 4) % 3;
            assert!(m.start(n));
            // Three cases in four name the vertices but the free ends, each
            // time shifted: a solve starts from potentials a solve of other
            // costs (or of the same, for `enough` below) ended with.
            let shift = rng.next_u64() as usize;
            for a in (0..n - free).filter(|_| (case / 12) % 4 != 3) {
                m.name(a, (a + shift) % P::VERTICES);
            }
            for a in 0..n {
                for b in a + 1..n {
                    if b >= n - free {
                        continue;
                    }
                    let c = (rng.next_u64() % spread) as u16;
                    cost[a][b] = c;
                    cost[b][a] = c;
                    m.set_cost(a, b, c);
                }
            }
            let got = m.solve(u32::MAX).map(|s| s.bound);
            assert_eq!(got, Some(brute(&cost, n)), "case {case}, n {n}");
            // The mates pair up and cost what the solve said.
            let mut sum = 0u32;
            for v in 0..n {
                let w = m.mate_of(v);
                assert!(w < n && w != v && m.mate_of(w) == v);
                if v < w {
                    sum += u32::from(cost[v][w]);
                }
            }
            assert_eq!(Some(sum), got);
            // Asked to stop at `enough`: a bound between it and the cost, or
            // the whole solve.
            let exact = brute(&cost, n);
            for enough in [0, exact / 2, exact, exact + 1, exact * 2 + 1] {
                let Some(solved) = m.solve(enough) else {
                    panic!("case {case}: no solve");
                };
                if solved.matched {
                    assert_eq!(solved.bound, exact, "case {case}, enough {enough}");
                } else {
                    assert!(
                        enough <= solved.bound && solved.bound <= exact,
                        "case {case}, enough {enough}: {solved:?}, exact {exact}"
                    );
                }
            }
        }
    }

    /// Every size of matching finds the cheapest perfect matching of random problems.
    #[test]
    fn matches_brute_force_on_random_costs() {
        against_brute_force(&mut *fresh::<Full>(), 14, 31);
        against_brute_force(&mut *fresh::<Large>(), 14, 35);
        against_brute_force(&mut *fresh::<Small>(), 14, 32);
        against_brute_force(&mut *fresh::<Odd>(), 7, 33);
        against_brute_force(&mut *fresh::<Tiny>(), 4, 34);
    }

    /// A named solve starts the next one from its potentials: asked for
    /// any bound at all, a second solve of the same problem answers at once
    /// with more than a cold one (which starts at half the cheapest costs),
    /// and after `forget` it is cold again.
    #[test]
    fn a_named_solve_warms_the_next_and_forget_cools_it() {
        let m = &mut *fresh::<Full>();
        // A triangle of costs 1 and a fourth vertex at 10 from each: the
        // cheapest pairing costs 11, half the cheapest costs only 7.
        let solve = |m: &mut Full, enough: u32| {
            assert!(m.start(4));
            for v in 0..4 {
                m.name(v, 10 + v);
            }
            for (a, b, c) in [
                (0, 1, 1),
                (0, 2, 1),
                (1, 2, 1),
                (0, 3, 10),
                (1, 3, 10),
                (2, 3, 10),
            ] {
                m.set_cost(a, b, c);
            }
            m.solve(enough)
        };
        let cold = Solved {
            bound: 7,
            matched: false,
        };
        assert_eq!(solve(m, 1), Some(cold));
        assert_eq!(solve(m, u32::MAX).map(|s| s.bound), Some(11));
        let warm = solve(m, 1).expect("a bound");
        // 9: the optimal duals less what folding the triangle's blossom dual into
        // its vertices loses.
        assert_eq!(
            warm,
            Solved {
                bound: 9,
                matched: false
            }
        );
        m.forget();
        assert_eq!(solve(m, 1), Some(cold));
    }

    /// Refuses odd problems and those past its capacity `V`.
    fn refuses<P: Pairing>(m: &mut P) {
        assert!(!m.start(3));
        assert!(!m.start(P::VERTICES.div_ceil(2) * 2 + 2));
        assert!(m.start(0));
        assert_eq!(m.solve(u32::MAX).map(|s| s.bound), Some(0));
    }

    /// Every size refuses what it cannot hold; `NoMatching` refuses everything.
    #[test]
    fn refuses_odd_and_oversized_problems() {
        refuses(&mut *fresh::<Full>());
        refuses(&mut *fresh::<Large>());
        refuses(&mut *fresh::<Small>());
        refuses(&mut *fresh::<Odd>());
        refuses(&mut *fresh::<Tiny>());
        let mut none = NoMatching;
        assert!(!none.start(0) && !none.start(2));
        assert_eq!((none.solve(0), NoMatching::VERTICES), (None, 0));
    }

    /// Solves problems of its most vertices (rounded down to even): points on
    /// a line, whose cheapest matching pairs neighbours.
    fn largest<P: Pairing>(m: &mut P, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let n = P::VERTICES / 2 * 2;
        for _ in 0..20 {
            assert!(m.start(n));
            let mut xs: std::vec::Vec<u16> = (0..n)
                .map(|_| (rng.next_u64() % u64::from(MAX_COST + 1)) as u16)
                .collect();
            for a in 0..n {
                for b in a + 1..n {
                    m.set_cost(a, b, xs[a].abs_diff(xs[b]));
                }
            }
            let got = m.solve(u32::MAX).map(|s| s.bound);
            xs.sort_unstable();
            let line: u32 = xs.chunks(2).map(|p| u32::from(p[1] - p[0])).sum();
            assert_eq!(got, Some(line));
            for enough in [line / 2, line, line + 1] {
                let solved = m.solve(enough);
                assert!(solved.is_some_and(|s| if s.matched {
                    s.bound == line
                } else {
                    enough <= s.bound && s.bound <= line
                }));
            }
        }
    }

    /// Every size solves problems as large as it holds.
    #[test]
    fn solves_the_largest_problems() {
        largest(&mut *fresh::<Full>(), 7);
        largest(&mut *fresh::<Large>(), 11);
        largest(&mut *fresh::<Small>(), 8);
        largest(&mut *fresh::<Odd>(), 9);
        largest(&mut *fresh::<Tiny>(), 10);
    }
}
