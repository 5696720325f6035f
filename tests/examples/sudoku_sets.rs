//! Makes the sudoku benchmark sets in `fixtures/sudoku/` (deterministic).
//!
//! `cargo run --release -p plateau-tests --example sudoku_sets -- DIR [SEED] [general]`
//! (seed 2026 made the fixtures at commit 5b54ee4, before the band search; the
//! search decides which puzzles are kept, so today's code makes other sets from
//! the same seed, and the fixtures stay as they are; another seed makes
//! independent sets; `general` picks the hard set by the effort of the general
//! search, `Sudoku` as the node, instead of `SudokuSearch`'s band search)
//!
//! Every puzzle is a random relabelling of one solved grid with clues removed in a
//! random order as long as the solution stays unique:
//! - `easy.txt`: removal also keeps the puzzle solvable without a guess (singles
//!   and locked candidates);
//! - `hard.txt`: of many minimal puzzles, those whose search expands the most nodes;
//! - `fewest-clues.txt`: of the same minimal puzzles, those with the fewest clues
//!   (the "17-clue-like" set: random removal rarely goes below 21).

use plateau::Budget;
use plateau::grid::{DepthFirst, Frame, GridOutcome, Seek, Shape, Sudoku, SudokuSearch};
use plateau::rng::SplitMix64 as Rng;
use plateau::search::{Outcome, Search};

/// A number below `n` by remainder (not `SplitMix64::below`'s multiply-shift):
/// the draws of the generator that made the committed sets with seed 2026.
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Fisher–Yates, from the end.
fn shuffle<T>(rng: &mut Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        v.swap(i, below(rng, i + 1));
    }
}

fn solve(g: &[u8]) -> (Option<GridOutcome<Sudoku>>, u64) {
    let Ok(p) = Sudoku::new(Shape::Nine, g) else {
        return (None, 0);
    };
    let Ok(mut search) = SudokuSearch::new(p, Seek::Uniqueness) else {
        return (None, 0);
    };
    match search.run(Budget::UNLIMITED) {
        Ok(outcome) => (Some(outcome), search.spent()),
        Err(_) => (None, 0),
    }
}

fn random_grid(base: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    shuffle(rng, &mut digits);
    let lines = |rng: &mut Rng| {
        let mut bands = [0, 1, 2];
        shuffle(rng, &mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut inner = [0, 1, 2];
            shuffle(rng, &mut inner);
            out.extend(inner.iter().map(|i| b * 3 + i));
        }
        out
    };
    let (rows, cols) = (lines(rng), lines(rng));
    let transpose = below(rng, 2) == 1;
    let mut g = [0; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            g[r * 9 + c] = digits[usize::from(base[sr * 9 + sc]) - 1];
        }
    }
    g
}

fn reduce(grid: &[u8; 81], rng: &mut Rng, singles_only: bool) -> ([u8; 81], u64) {
    let mut g = *grid;
    let mut order: Vec<usize> = (0..81).collect();
    shuffle(rng, &mut order);
    for i in order {
        let d = g[i];
        g[i] = 0;
        let (outcome, steps) = solve(&g);
        let ok = matches!(outcome, Some(Outcome::Done(s)) if s.is_unique())
            && (!singles_only || steps == 1);
        if !ok {
            g[i] = d;
        }
    }
    let steps = solve(&g).1;
    (g, steps)
}

fn line(g: &[u8; 81]) -> String {
    g.iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/sudoku".into());
    let base = match solve(&[0; 81]).0 {
        Some(Outcome::Done(s)) if !s.is_unique() => s.first.digits(),
        _ => panic!("the empty grid has many solutions"),
    };
    let seed: u64 = std::env::args()
        .nth(2)
        .map_or(2026, |s| s.parse().expect("a seed"));
    let general = std::env::args().nth(3).as_deref() == Some("general");
    let mut rng = Rng::new(seed);
    let mut easy = Vec::new();
    for _ in 0..200 {
        let g = random_grid(&base, &mut rng);
        easy.push(reduce(&g, &mut rng, true).0);
    }
    let mut minimal = Vec::new();
    for _ in 0..6000 {
        let g = random_grid(&base, &mut rng);
        let (p, mut steps) = reduce(&g, &mut rng, false);
        if general {
            let root = Sudoku::new(Shape::Nine, &p).unwrap();
            let mut search = DepthFirst::new_in(root, Seek::Uniqueness, vec![Frame::new(root); 82]);
            assert!(search.run(Budget::UNLIMITED).is_ok_and(|o| o.is_done()));
            steps = search.spent();
        }
        let clues = p.iter().filter(|&&d| d != 0).count();
        minimal.push((p, steps, clues));
    }
    let mut by_steps = minimal.clone();
    by_steps.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut by_clues = minimal;
    by_clues.sort_by(|a, b| a.2.cmp(&b.2).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0)));
    let write = |name: &str, header: &str, rows: Vec<String>| {
        let mut text = header.replace("{seed}", &seed.to_string());
        for r in rows {
            text.push_str(&r);
            text.push('\n');
        }
        std::fs::write(format!("{dir}/{name}"), text).unwrap();
    };
    write(
        "easy.txt",
        "# 200 easy sudokus: unique, solved without a guess (singles, locked candidates).\n# Made by tests/examples/sudoku_sets.rs (seed {seed}).\n",
        easy.iter().map(line).collect(),
    );
    write(
        "hard.txt",
        "# 200 hard sudokus: of 6000 random minimal unique puzzles, those whose search\n# expands the most nodes. Made by tests/examples/sudoku_sets.rs (seed {seed}).\n",
        by_steps.iter().take(200).map(|p| line(&p.0)).collect(),
    );
    write(
        "fewest-clues.txt",
        "# 200 sudokus with the fewest clues of 6000 random minimal unique puzzles\n# (the 17-clue-like set). Made by tests/examples/sudoku_sets.rs (seed {seed}).\n",
        by_clues.iter().take(200).map(|p| line(&p.0)).collect(),
    );
    let clues: Vec<usize> = by_clues.iter().take(200).map(|p| p.2).collect();
    eprintln!(
        "hard: steps {}..{}; fewest clues: {}..{}",
        by_steps[199].1, by_steps[0].1, clues[0], clues[199]
    );
}
