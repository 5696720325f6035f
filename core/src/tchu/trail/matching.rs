//! A minimum-cost perfect matching on a complete graph of up to `V` vertices
//! with costs up to [`MAX_COST`]: Edmonds' blossoms with duals, `O(V³)`, in
//! fixed memory (`2V² + (3V/2)²` bytes and a few per vertex: about 22 KiB at
//! the default 66 vertices), with no recursion.
//!
//! The trail's T-join bound (`tjoin.rs`) pairs the stations whose parity must change
//! along shortest paths: the cheapest pairing is the cheapest set of routes to
//! drop for the parity (a minimum T-join), a bound far tighter than any sum of
//! shares, and its paths give a trail at once when what is left stays connected.
//! A workspace's layout picks how many vertices its matching holds
//! ([`Pairing::VERTICES`]); with more stations to mend, or with [`NoMatching`],
//! the search does without it.
//!
//! The algorithm is the usual primal-dual one for a maximum-weight matching, run
//! on the weights `BIG - cost`: `BIG` exceeds any perfect matching's cost, so
//! the heaviest matching is perfect and the cheapest of those. Vertices are
//! numbered from 1 (0 is "none"); blossoms take the numbers after them, at most
//! `n / 2` at once. Between two vertices or blossoms `x` and `y`, `rep[x][y]` is
//! the vertex of `x` on the best edge to `y` (the edge's other vertex is
//! `rep[y][x]`), so that one byte per pair holds a blossom's edges. Every index
//! is read through `get`: no index can panic.

use crate::bits::{bit128, get, put};

/// The highest cost: every route of a full network, 128 of length 6.
pub(super) const MAX_COST: u16 = 768;

/// Most vertices of any matching: 64 stations and the two free ends (the
/// vertex queue is a `u128`).
const MAX_VERTICES: usize = 66;

/// More than the cost of any perfect matching (33 pairs of at most `MAX_COST`).
const BIG: i32 = (MAX_VERTICES as i32 / 2) * MAX_COST as i32 + 1;

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
    /// Solves the problem: returns the least cost of a perfect matching, or
    /// `None` if the solve did not finish (never on a valid problem; the
    /// caller then does without).
    fn solve(&mut self) -> Option<u32>;
    /// Returns the vertex (from 0) matched to `v` (from 0) by the last solve.
    fn mate_of(&self, v: usize) -> usize;
}

/// No matching: a small workspace's search does without the T-join (the sum
/// of shares still bounds it; it only visits more nodes).
#[doc(hidden)]
pub struct NoMatching;

impl Pairing for NoMatching {
    const EMPTY: Self = NoMatching;
    const VERTICES: usize = 0;
    fn start(&mut self, _: usize) -> bool {
        false
    }
    fn set_cost(&mut self, _: usize, _: usize, _: u16) {}
    fn solve(&mut self) -> Option<u32> {
        None
    }
    fn mate_of(&self, _: usize) -> usize {
        usize::MAX
    }
}

/// A matching's whole state for up to `V` vertices, with `IDS` (`V + V / 2 +
/// 1`) vertex and blossom numbers and `B` (`IDS - V`) blossom cycles.
#[doc(hidden)]
pub struct Matching<const V: usize, const IDS: usize, const B: usize> {
    /// Vertices in this solve.
    n: usize,
    /// Highest number in use (vertices and blossoms).
    n_x: usize,
    /// The cost between two vertices (numbered from 0 here).
    cost: [[u16; V]; V],
    /// The vertex of `x` on the best edge between `x` and `y`; 0 for none.
    rep: [[u8; IDS]; IDS],
    /// Dual values (doubled for blossoms, as the weights are doubled).
    lab: [i32; IDS],
    /// The vertex each vertex or outermost blossom is matched to, 0 if none.
    mate: [u8; IDS],
    /// The vertex with the least slack edge into each outermost blossom.
    slack: [u8; IDS],
    /// The outermost blossom holding each vertex or blossom (itself if none); 0
    /// for a blossom number not in use.
    st: [u8; IDS],
    /// The blossom directly holding each vertex or blossom, 0 if none.
    parent: [u8; IDS],
    /// The vertex an odd blossom was reached from.
    pa: [u8; IDS],
    /// Labels: -1 free, 0 even (outer), 1 odd (inner).
    side: [i8; IDS],
    /// Marks of the lowest-common-ancestor walk.
    vis: [u32; IDS],
    stamp: u32,
    /// The children of each blossom, in cycle order from its base.
    flower: [[u8; V]; B],
    flower_len: [u8; B],
    /// Vertices still to scan (bit `v - 1` for vertex `v`).
    queue: u128,
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

impl<const V: usize, const IDS: usize, const B: usize> Pairing for Matching<V, IDS, B> {
    const EMPTY: Self = {
        // The numbers as the type's docs say; the vertex queue is a `u128`.
        assert!(IDS == V + V / 2 + 1 && IDS == V + B && V <= MAX_VERTICES);
        Matching {
            n: 0,
            n_x: 0,
            cost: [[0; V]; V],
            rep: [[0; IDS]; IDS],
            lab: [0; IDS],
            mate: [0; IDS],
            slack: [0; IDS],
            st: [0; IDS],
            parent: [0; IDS],
            pa: [0; IDS],
            side: [0; IDS],
            vis: [0; IDS],
            stamp: 0,
            flower: [[0; V]; B],
            flower_len: [0; B],
            queue: 0,
        }
    };
    const VERTICES: usize = V;

    /// Starts a problem of `n` vertices (numbered from 0 by the caller), all
    /// costs 0; `false` if `n` is odd or above `V`.
    fn start(&mut self, n: usize) -> bool {
        if n % 2 == 1 || n > V {
            self.n = 0;
            return false;
        }
        self.n = n;
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

    /// Solves the problem: returns the least cost of a perfect matching, or
    /// `None` if the solve did not finish (never on a valid problem; the caller
    /// then does without).
    fn solve(&mut self) -> Option<u32> {
        let n = self.n;
        self.n_x = n;
        // Numbers in use this time: the vertices and at most n / 2 blossoms.
        let top = n.wrapping_add(n / 2).wrapping_add(1).min(IDS);
        for x in 0..top {
            let leaf = x <= n;
            put(&mut self.st, x, if leaf { x as u8 } else { 0 });
            put(&mut self.mate, x, 0);
            put(&mut self.parent, x, 0);
            put(&mut self.pa, x, 0);
            put(&mut self.lab, x, if leaf { BIG } else { 0 });
            if let Some(row) = self.rep.get_mut(x) {
                for (y, r) in (0..top).zip(row.iter_mut()) {
                    *r = if leaf && y <= n && x != y && x != 0 && y != 0 {
                        x as u8
                    } else {
                        0
                    };
                }
            }
        }
        // Each stage matches two more vertices; a stage is O(n²) per dual change.
        for _ in 0..n / 2 {
            if !self.stage()? {
                return None;
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
        Some(total)
    }

    /// Returns the vertex (from 0) matched to `v` (from 0) by the last solve.
    fn mate_of(&self, v: usize) -> usize {
        usize::from(get(&self.mate, v.wrapping_add(1), 0)).wrapping_sub(1)
    }
}

impl<const V: usize, const IDS: usize, const B: usize> Matching<V, IDS, B> {
    fn cost_of(&self, u: usize, v: usize) -> u16 {
        self.cost
            .get(u.wrapping_sub(1))
            .and_then(|row| row.get(v.wrapping_sub(1)))
            .copied()
            .unwrap_or(MAX_COST)
    }

    fn weight(&self, u: usize, v: usize) -> i32 {
        BIG.wrapping_sub(i32::from(self.cost_of(u, v)))
    }

    fn rep(&self, x: usize, y: usize) -> usize {
        usize::from(self.rep.get(x).map_or(0, |row| get(row, y, 0)))
    }

    fn set_rep(&mut self, x: usize, y: usize, v: usize) {
        if let Some(row) = self.rep.get_mut(x) {
            put(row, y, v as u8);
        }
    }

    fn st(&self, x: usize) -> usize {
        usize::from(get(&self.st, x, 0))
    }

    fn side(&self, x: usize) -> i8 {
        get(&self.side, x, -1)
    }

    fn lab(&self, x: usize) -> i32 {
        get(&self.lab, x, 0)
    }

    /// The slack of the best edge between `x` and `y`, `None` if there is none.
    fn delta(&self, x: usize, y: usize) -> Option<i32> {
        let (u, v) = (self.rep(x, y), self.rep(y, x));
        if u == 0 || v == 0 || u == v {
            return None;
        }
        Some(
            self.lab(u)
                .wrapping_add(self.lab(v))
                .wrapping_sub(self.weight(u, v).wrapping_mul(2)),
        )
    }

    fn flower_len(&self, b: usize) -> usize {
        usize::from(get(
            &self.flower_len,
            b.wrapping_sub(self.n.wrapping_add(1)),
            0,
        ))
    }

    fn child(&self, b: usize, i: usize) -> usize {
        self.flower
            .get(b.wrapping_sub(self.n.wrapping_add(1)))
            .map_or(0, |f| usize::from(get(f, i, 0)))
    }

    fn flower_mut(&mut self, b: usize) -> Option<(&mut [u8; V], &mut u8)> {
        let i = b.wrapping_sub(self.n.wrapping_add(1));
        Some((self.flower.get_mut(i)?, self.flower_len.get_mut(i)?))
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        let s = usize::from(get(&self.slack, x, 0));
        let better = match (self.delta(u, x), self.delta(s, x)) {
            (Some(_), _) if s == 0 => true,
            (Some(a), Some(b)) => a < b,
            (Some(_), None) => true,
            (None, _) => false,
        };
        if better {
            put(&mut self.slack, x, u as u8);
        }
    }

    fn set_slack(&mut self, x: usize) {
        put(&mut self.slack, x, 0);
        for u in 1..=self.n {
            if self.rep(u, x) != 0 && self.st(u) != x && self.side(self.st(u)) == 0 {
                self.update_slack(u, x);
            }
        }
    }

    /// Queues the vertices of the outermost blossom `x`.
    fn push(&mut self, x: usize) {
        for u in 1..=self.n {
            if self.st(u) == x {
                self.queue |= bit128(u.wrapping_sub(1));
            }
        }
    }

    /// The child of blossom `b` that holds the vertex `v`.
    fn child_holding(&self, b: usize, v: usize) -> usize {
        let mut z = v;
        for _ in 0..IDS {
            let p = usize::from(get(&self.parent, z, 0));
            if p == b || p == 0 {
                break;
            }
            z = p;
        }
        z
    }

    /// Where `xr` stands in the cycle of `b`, turning the cycle so that it is even.
    fn get_pr(&mut self, b: usize, xr: usize) -> usize {
        let len = self.flower_len(b);
        let pr = (0..len).find(|&i| self.child(b, i) == xr).unwrap_or(0);
        if pr % 2 == 1 {
            if let Some((f, _)) = self.flower_mut(b)
                && let Some(tail) = f.get_mut(1..len)
            {
                reverse(tail);
            }
            len.wrapping_sub(pr)
        } else {
            pr
        }
    }

    /// Matches `u` to `v` along their best edge, and the insides of the blossoms
    /// on the way (an explicit stack instead of recursion).
    fn set_match(&mut self, u: usize, v: usize) -> Option<()> {
        let mut todo: heapless::Vec<(u8, u8), IDS> = heapless::Vec::new();
        todo.push((u as u8, v as u8)).ok()?;
        while let Some((u, v)) = todo.pop() {
            let (u, v) = (usize::from(u), usize::from(v));
            let m = self.rep(v, u);
            put(&mut self.mate, u, m as u8);
            if u <= self.n {
                continue;
            }
            let xr = self.child_holding(u, self.rep(u, v));
            let pr = self.get_pr(u, xr);
            for i in 0..pr {
                let pair = (self.child(u, i) as u8, self.child(u, i ^ 1) as u8);
                todo.push(pair).ok()?;
            }
            todo.push((xr as u8, v as u8)).ok()?;
            let len = self.flower_len(u);
            if let Some((f, _)) = self.flower_mut(u)
                && let Some(cycle) = f.get_mut(..len)
            {
                rotate_left(cycle, pr);
            }
        }
        Some(())
    }

    fn augment(&mut self, u: usize, v: usize) -> Option<()> {
        let (mut u, mut v) = (u, v);
        for _ in 0..IDS {
            let xnv = self.st(usize::from(get(&self.mate, u, 0)));
            self.set_match(u, v)?;
            if xnv == 0 {
                return Some(());
            }
            let next = self.st(usize::from(get(&self.pa, xnv, 0)));
            self.set_match(xnv, next)?;
            u = next;
            v = xnv;
        }
        None
    }

    fn get_lca(&mut self, u: usize, v: usize) -> usize {
        self.stamp = self.stamp.wrapping_add(1);
        let t = self.stamp;
        let (mut u, mut v) = (u, v);
        for _ in 0..4 * IDS {
            if u == 0 && v == 0 {
                break;
            }
            if u != 0 {
                if get(&self.vis, u, 0) == t {
                    return u;
                }
                put(&mut self.vis, u, t);
                u = self.st(usize::from(get(&self.mate, u, 0)));
                if u != 0 {
                    u = self.st(usize::from(get(&self.pa, u, 0)));
                }
            }
            core::mem::swap(&mut u, &mut v);
        }
        0
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) -> Option<()> {
        let n = self.n;
        let mut b = n.wrapping_add(1);
        while b <= self.n_x && self.st(b) != 0 {
            b = b.wrapping_add(1);
        }
        if b >= IDS {
            return None;
        }
        if b > self.n_x {
            self.n_x = b;
        }
        put(&mut self.lab, b, 0);
        put(&mut self.side, b, 0);
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
                let y = self.st(usize::from(get(&self.mate, x, 0)));
                cycle.push(x as u8).ok()?;
                cycle.push(y as u8).ok()?;
                self.push(y);
                x = self.st(usize::from(get(&self.pa, y, 0)));
            }
            if backwards && let Some(side) = cycle.get_mut(from..) {
                reverse(side);
            }
        }
        let len = cycle.len();
        let (f, flen) = self.flower_mut(b)?;
        for (slot, &c) in f.iter_mut().zip(&cycle) {
            *slot = c;
        }
        *flen = len as u8;
        // Everything inside the children is now inside b.
        let mut children = 0u128;
        for &c in &cycle {
            children |= 1u128 << (c & 127);
            put(&mut self.parent, usize::from(c), b as u8);
        }
        for y in 1..=self.n_x {
            let s = self.st(y);
            if s != 0 && children & (1u128 << (s & 127)) != 0 {
                put(&mut self.st, y, b as u8);
            }
        }
        put(&mut self.st, b, b as u8);
        put(&mut self.parent, b, 0);
        for x in 1..=self.n_x {
            self.set_rep(b, x, 0);
            self.set_rep(x, b, 0);
        }
        for &c in &cycle {
            let xs = usize::from(c);
            for x in 1..=self.n_x {
                let better = self.rep(b, x) == 0
                    || match (self.delta(xs, x), self.delta(b, x)) {
                        (Some(a), Some(c)) => a < c,
                        (Some(_), None) => true,
                        (None, _) => false,
                    };
                if better {
                    let (into, back) = (self.rep(xs, x), self.rep(x, xs));
                    self.set_rep(b, x, into);
                    self.set_rep(x, b, back);
                }
            }
        }
        self.set_slack(b);
        Some(())
    }

    fn expand_blossom(&mut self, b: usize) {
        let xr = self.child_holding(b, self.rep(b, usize::from(get(&self.pa, b, 0))));
        for y in 1..=self.n_x {
            if y != b && self.st(y) == b {
                let c = self.child_holding(b, y);
                put(&mut self.st, y, c as u8);
            }
        }
        let len = self.flower_len(b);
        for i in 0..len {
            let c = self.child(b, i);
            put(&mut self.parent, c, 0);
        }
        let pr = self.get_pr(b, xr);
        let mut i = 0;
        while i < pr && i.wrapping_add(1) < len {
            let (xs, xns) = (self.child(b, i), self.child(b, i.wrapping_add(1)));
            let into = self.rep(xns, xs);
            put(&mut self.pa, xs, into as u8);
            put(&mut self.side, xs, 1);
            put(&mut self.side, xns, 0);
            put(&mut self.slack, xs, 0);
            self.set_slack(xns);
            self.push(xns);
            i = i.wrapping_add(2);
        }
        put(&mut self.side, xr, 1);
        let value = get(&self.pa, b, 0);
        put(&mut self.pa, xr, value);
        for i in pr.wrapping_add(1)..len {
            let xs = self.child(b, i);
            put(&mut self.side, xs, -1);
            self.set_slack(xs);
        }
        put(&mut self.st, b, 0);
    }

    /// Handles a tight edge from the vertex `eu` (in an even blossom) to `ev`;
    /// `Some(true)` if it augmented.
    fn found_edge(&mut self, eu: usize, ev: usize) -> Option<bool> {
        let (u, v) = (self.st(eu), self.st(ev));
        match self.side(v) {
            -1 => {
                put(&mut self.pa, v, eu as u8);
                put(&mut self.side, v, 1);
                let nu = self.st(usize::from(get(&self.mate, v, 0)));
                put(&mut self.slack, v, 0);
                put(&mut self.slack, nu, 0);
                put(&mut self.side, nu, 0);
                self.push(nu);
            }
            0 => {
                let lca = self.get_lca(u, v);
                if lca == 0 {
                    self.augment(u, v)?;
                    self.augment(v, u)?;
                    return Some(true);
                }
                self.add_blossom(u, lca, v)?;
            }
            _ => {}
        }
        Some(false)
    }

    /// One stage: grows the alternating trees until an augmenting path matches
    /// two more vertices (`Some(true)`), or no path is left (`Some(false)`).
    fn stage(&mut self) -> Option<bool> {
        for x in 1..=self.n_x {
            put(&mut self.side, x, -1);
            put(&mut self.slack, x, 0);
        }
        self.queue = 0;
        for x in 1..=self.n_x {
            if self.st(x) == x && get(&self.mate, x, 0) == 0 {
                put(&mut self.pa, x, 0);
                put(&mut self.side, x, 0);
                self.push(x);
            }
        }
        if self.queue == 0 {
            return Some(false);
        }
        // Each dual change labels, shrinks or expands something: O(n) of them.
        for _ in 0..8 * IDS {
            while self.queue != 0 {
                let u = (self.queue.trailing_zeros() as usize).wrapping_add(1);
                self.queue &= self.queue.wrapping_sub(1);
                if self.side(self.st(u)) == 1 {
                    continue;
                }
                for v in 1..=self.n {
                    if v == u || self.st(u) == self.st(v) {
                        continue;
                    }
                    if self.delta(u, v) == Some(0) {
                        if self.found_edge(u, v)? {
                            return Some(true);
                        }
                    } else {
                        self.update_slack(u, self.st(v));
                    }
                }
            }
            let mut d = i32::MAX;
            for b in self.n.wrapping_add(1)..=self.n_x {
                if self.st(b) == b && self.side(b) == 1 {
                    d = d.min(self.lab(b) / 2);
                }
            }
            for x in 1..=self.n_x {
                let s = usize::from(get(&self.slack, x, 0));
                if self.st(x) != x || s == 0 {
                    continue;
                }
                let Some(e) = self.delta(s, x) else { continue };
                match self.side(x) {
                    -1 => d = d.min(e),
                    0 => d = d.min(e / 2),
                    _ => {}
                }
            }
            for u in 1..=self.n {
                match self.side(self.st(u)) {
                    0 => {
                        if self.lab(u) <= d {
                            return Some(false);
                        }
                        let value = self.lab(u).wrapping_sub(d);
                        put(&mut self.lab, u, value);
                    }
                    1 => {
                        let value = self.lab(u).wrapping_add(d);
                        put(&mut self.lab, u, value);
                    }
                    _ => {}
                }
            }
            for b in self.n.wrapping_add(1)..=self.n_x {
                if self.st(b) == b {
                    match self.side(b) {
                        0 => {
                            let value = self.lab(b).wrapping_add(d.wrapping_mul(2));
                            put(&mut self.lab, b, value);
                        }
                        1 => {
                            let value = self.lab(b).wrapping_sub(d.wrapping_mul(2));
                            put(&mut self.lab, b, value);
                        }
                        _ => {}
                    }
                }
            }
            self.queue = 0;
            for x in 1..=self.n_x {
                let s = usize::from(get(&self.slack, x, 0));
                if self.st(x) == x && s != 0 && self.st(s) != x && self.delta(s, x) == Some(0) {
                    let into = self.rep(x, s);
                    if self.found_edge(s, into)? {
                        return Some(true);
                    }
                }
            }
            for b in self.n.wrapping_add(1)..=self.n_x {
                if self.st(b) == b && self.side(b) == 1 && self.lab(b) == 0 {
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
    type Full = Matching<66, 100, 34>;
    /// A small layout's: 14 stations and the two free ends.
    type Small = Matching<16, 25, 9>;
    /// The smallest with a pair beside the free ends, and an odd one.
    type Tiny = Matching<4, 7, 3>;
    type Odd = Matching<7, 11, 4>;

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
            assert!(m.start(n));
            for a in 0..n {
                for b in a + 1..n {
                    let c = (rng.next_u64() % spread) as u16;
                    cost[a][b] = c;
                    cost[b][a] = c;
                    m.set_cost(a, b, c);
                }
            }
            let got = m.solve();
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
        }
    }

    #[test]
    fn matches_brute_force_on_random_costs() {
        against_brute_force(&mut *fresh::<Full>(), 14, 31);
        against_brute_force(&mut *fresh::<Small>(), 14, 32);
        against_brute_force(&mut *fresh::<Odd>(), 7, 33);
        against_brute_force(&mut *fresh::<Tiny>(), 4, 34);
    }

    /// Refuses odd problems and those past its capacity `V`.
    fn refuses<P: Pairing>(m: &mut P) {
        assert!(!m.start(3));
        assert!(!m.start(P::VERTICES.div_ceil(2) * 2 + 2));
        assert!(m.start(0));
        assert_eq!(m.solve(), Some(0));
    }

    #[test]
    fn refuses_odd_and_oversized_problems() {
        refuses(&mut *fresh::<Full>());
        refuses(&mut *fresh::<Small>());
        refuses(&mut *fresh::<Odd>());
        refuses(&mut *fresh::<Tiny>());
        let mut none = NoMatching;
        assert!(!none.start(0) && !none.start(2));
        assert_eq!((none.solve(), NoMatching::VERTICES), (None, 0));
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
            let got = m.solve();
            xs.sort_unstable();
            let line: u32 = xs.chunks(2).map(|p| u32::from(p[1] - p[0])).sum();
            assert_eq!(got, Some(line));
        }
    }

    #[test]
    fn solves_the_largest_problems() {
        largest(&mut *fresh::<Full>(), 7);
        largest(&mut *fresh::<Small>(), 8);
        largest(&mut *fresh::<Odd>(), 9);
        largest(&mut *fresh::<Tiny>(), 10);
    }
}
