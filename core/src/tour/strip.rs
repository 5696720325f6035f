//! Open tours on 3 × n and 5 × n boards with n odd: grown from a small base.
//!
//! These boards have no closed tour, and Warnsdorff's rule often sticks on them.
//! A base window of `k × b` squares (b small, `b ≡ n mod 4`) around the start
//! gets an open tour from the start by exhaustive search; then `k × 4` blocks are
//! added on both sides, each an open path `r..s` of its squares put in place of
//! a path edge `p-q` of the two lines next to it, with `p-r` and `q-s` knight
//! moves. The path lives in `scratch` as two directions per square; an end of the
//! path repeats its one neighbour.

use super::construct::{Stop, find_path, neighbours, pack, relink};
use super::find::Job;
use super::geometry::{MOVES, dims, direction, index, square, step};
use super::search::End;
use super::{Board, Square};

/// Largest base window, in squares (5 × 13).
const BASE_SQUARES: usize = 65;

/// Returns whether `board` is a strip this module grows: 3 or 5 across, odd length.
pub(crate) fn applies(board: Board) -> bool {
    let (w, h) = dims(board);
    let (k, long) = (w.min(h), w.max(h));
    (k == 3 || k == 5) && long % 2 == 1 && long >= 7
}

/// Grows an open tour from `job.start` into `job.out`; `Ok(false)` if no base window has one.
pub(crate) fn open_strip(job: &mut Job<'_>) -> Result<bool, Stop> {
    let start = job.start;
    let (w, h) = dims(job.board);
    let (k, long) = (w.min(h), w.max(h));
    let along_x = h == k;
    let local = |(x, y): (u32, u32)| if along_x { (x, y) } else { (y, x) };
    let (si, sj) = local((u32::from(start.x), u32::from(start.y)));
    let least = if k == 3 { 7 } else { 5 };
    for b in (least..=least + 6).filter(|b| b % 4 == long % 4 && *b <= long) {
        let first = si.saturating_sub(b - 1).div_ceil(4) * 4;
        let mut a = first;
        while a <= si && a + b <= long {
            if lay_base(job, (a, b), (si - a, sj))? {
                grow(job, (a, b))?;
                return Ok(walk_open(job));
            }
            a += 4;
        }
    }
    Ok(false)
}

/// Searches an open tour of the window `a..a+b` from the start (`(li, lj)` in
/// the window), and writes it as a path.
fn lay_base(job: &mut Job<'_>, (a, b): (u32, u32), (li, lj): (u32, u32)) -> Result<bool, Stop> {
    let (w, h) = dims(job.board);
    let k = w.min(h);
    let along_x = h == k;
    let window = Board::new(b as u16, k as u16).map_err(|_| Stop::NoJoin)?;
    let bn = window.squares_usize();
    let path = job.out.get_mut(..bn).ok_or(Stop::NoJoin)?;
    let mut work = [0u8; BASE_SQUARES];
    let mut base = Job {
        board: window,
        start: square(li, lj),
        out: &mut *path,
        scratch: &mut work,
        meter: &mut *job.meter,
    };
    if !find_path(&mut base, End::Anywhere)? {
        return Ok(false);
    }
    let to_global = |v: Square| {
        let (i, j) = (a + u32::from(v.x), u32::from(v.y));
        if along_x { (i, j) } else { (j, i) }
    };
    for t in 0..bn {
        let here = path.get(t).copied().map(to_global).ok_or(Stop::NoJoin)?;
        let prev = t
            .checked_sub(1)
            .and_then(|u| path.get(u))
            .copied()
            .map(to_global);
        let next = path.get(t + 1).copied().map(to_global);
        // An end of the path names its one neighbour twice.
        let (Some(x), Some(y)) = (prev.or(next), next.or(prev)) else {
            return Err(Stop::NoJoin);
        };
        let c = pack(
            direction(here, x).ok_or(Stop::NoJoin)?,
            direction(here, y).ok_or(Stop::NoJoin)?,
        );
        if let Some(slot) = job.scratch.get_mut(index(w, here.0, here.1)) {
            *slot = c;
        }
    }
    Ok(true)
}

/// Adds `k × 4` blocks right of the window, then left of it, until the strip is full.
fn grow(job: &mut Job<'_>, (a, b): (u32, u32)) -> Result<(), Stop> {
    let (w, h) = dims(job.board);
    let long = w.max(h);
    let mut right = a + b;
    while right < long {
        splice(job, right, right - 2)?;
        right += 4;
    }
    let mut left = a;
    while left >= 4 {
        splice(job, left - 4, left)?;
        left -= 4;
    }
    Ok(())
}

/// Puts the block of lines `from..from+4` into the path, next to the lines `edge..edge+2`.
///
/// Uses only `job.scratch` (the path) and the meter; the block is searched in local buffers.
fn splice(job: &mut Job<'_>, from: u32, edge: u32) -> Result<(), Stop> {
    let (w, h) = dims(job.board);
    let (scratch, meter) = (&mut *job.scratch, &mut *job.meter);
    let k = w.min(h);
    let along_x = h == k;
    let global = |i: u32, j: u32| if along_x { (i, j) } else { (j, i) };
    let local = |(x, y): (u32, u32)| if along_x { (x, y) } else { (y, x) };
    let block = Board::new(4, k as u16).map_err(|_| Stop::NoJoin)?;
    let inside = |v: (u32, u32)| (from..from + 4).contains(&local(v).0);
    for pi in edge..edge + 2 {
        for pj in 0..k {
            let p = global(pi, pj);
            let [p0, p1] = neighbours(w, h, p.0, p.1, scratch);
            if p0 == p1 {
                continue; // an end of the path: keep it an end
            }
            for q in [p0, p1].into_iter().flatten() {
                let ql = local(q).0;
                let [q0, q1] = neighbours(w, h, q.0, q.1, scratch);
                if q0 == q1 || ql < edge || ql >= edge + 2 {
                    continue;
                }
                for dr in 0..MOVES.len() {
                    let Some(r) = step(w, h, p.0, p.1, dr).filter(|&v| inside(v)) else {
                        continue;
                    };
                    for ds in 0..MOVES.len() {
                        let Some(s) = step(w, h, q.0, q.1, ds).filter(|&v| inside(v) && v != r)
                        else {
                            continue;
                        };
                        let (rl, sl) = (local(r), local(s));
                        let mut path = [Square::default(); 20];
                        let mut work = [0u8; 20];
                        let mut gap = Job {
                            board: block,
                            start: square(rl.0 - from, rl.1),
                            out: &mut path,
                            scratch: &mut work,
                            meter: &mut *meter,
                        };
                        if !find_path(&mut gap, End::At(sl.0 - from, sl.1))? {
                            continue;
                        }
                        let bn = block.squares_usize();
                        let at = |t: usize| {
                            path.get(t)
                                .map(|v| global(from + u32::from(v.x), u32::from(v.y)))
                        };
                        for t in 0..bn {
                            let here = at(t).ok_or(Stop::NoJoin)?;
                            let prev = if t == 0 { Some(p) } else { at(t - 1) };
                            let next = if t + 1 == bn { Some(q) } else { at(t + 1) };
                            let (Some(x), Some(y)) = (prev, next) else {
                                return Err(Stop::NoJoin);
                            };
                            let c = pack(
                                direction(here, x).ok_or(Stop::NoJoin)?,
                                direction(here, y).ok_or(Stop::NoJoin)?,
                            );
                            if let Some(slot) = scratch.get_mut(index(w, here.0, here.1)) {
                                *slot = c;
                            }
                        }
                        relink(w, p, q, r, scratch);
                        relink(w, q, p, s, scratch);
                        return Ok(());
                    }
                }
            }
        }
    }
    Err(Stop::NoJoin)
}

/// Writes the path in `job.scratch` into `job.out` from the end `job.start`;
/// false unless it covers the board.
fn walk_open(job: &mut Job<'_>) -> bool {
    let (board, start) = (job.board, job.start);
    let (out, scratch) = (&mut *job.out, &*job.scratch);
    let (w, h) = dims(board);
    let n = board.squares_usize();
    let mut prev = (u32::from(start.x), u32::from(start.y));
    let mut cur = prev;
    for t in 0..n {
        match out.get_mut(t) {
            Some(slot) => *slot = square(cur.0, cur.1),
            None => return false,
        }
        if t + 1 == n {
            // The far end: its one neighbour is the square before it.
            let [a, b] = neighbours(w, h, cur.0, cur.1, scratch);
            return a == b && a == Some(prev);
        }
        let [Some(n0), Some(n1)] = neighbours(w, h, cur.0, cur.1, scratch) else {
            return false;
        };
        if t == 0 && n0 != n1 {
            return false; // the start must be an end of the path
        }
        let next = if t == 0 || n0 != prev { n0 } else { n1 };
        prev = cur;
        cur = next;
    }
    false
}
