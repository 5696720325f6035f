//! Every search is a value you drive: cut into slices of every size from 1
//! to 64, it gives the answer of one call and spends what one call spends
//! (issue #40). On the fixtures of the trail and of the grid puzzles: every
//! trail network, every sudoku of the sets, the margins of the CLI's
//! fixtures, every snake and minesweeper board. The three hardest trail
//! networks (11,000 to 61,000 steps) are compared over their first
//! `PREFIX` steps (one call of that budget against the slices that add up to
//! it); the others to their end.

use std::path::Path;

use plateau::Budget;
use plateau::grid::minesweeper::Tile;
use plateau::grid::{
    BreadthFirst, Cell, DepthFirst, Frame, Margins, Minefield, Seek, Shape, Snake, Sudoku,
    SudokuSearch, SurveySearch,
};
use plateau::search::{Outcome, Search, SearchOutcome};
use plateau::tchu::trail::{HugeWorkspace, MAX_ROUTES, TrailSearch};
use plateau_tests::tchu_trail::network_file;
use plateau_tests::{fixture, sudoku_set};

/// The slice sizes.
const SLICES: std::ops::RangeInclusive<u64> = 1..=64;

/// The budget the hardest networks are compared over.
const PREFIX: u64 = 2_000;

/// Runs `search` in slices of exactly `slice` units (the last one cut to
/// `upto` when given) until it ends or has spent `upto`; checks each slice
/// spends at most its budget and, until the end, says what it spent.
fn sliced<S>(search: &mut S, slice: u64, upto: Option<u64>) -> SearchOutcome<S>
where
    S: Search,
    S::Error: std::fmt::Debug,
{
    loop {
        let before = search.spent();
        let budget = upto.map_or(slice, |u| slice.min(u - before));
        let outcome = search.run(Budget::new(budget)).expect("the search runs");
        let spent = search.spent() - before;
        assert!(spent <= budget, "a slice of {budget} spent {spent}");
        match &outcome {
            Outcome::Exhausted { spent, .. } => {
                assert_eq!(*spent, search.spent(), "exhausted says what was spent");
                if upto == Some(search.spent()) {
                    return outcome;
                }
                assert!(
                    budget == 0 || search.spent() > before,
                    "a slice spent nothing"
                );
            }
            _ => return outcome,
        }
    }
}

/// One call (of `upto`, or unlimited) against slices of every size: the
/// same outcome and the same units spent.
fn every_slice<S>(name: &str, make: impl Fn() -> S, upto: Option<u64>)
where
    S: Search,
    S::Error: std::fmt::Debug,
    SearchOutcome<S>: PartialEq + std::fmt::Debug,
{
    let mut one = make();
    let whole = one
        .run(upto.map_or(Budget::UNLIMITED, Budget::new))
        .expect("the search runs");
    for slice in SLICES {
        let mut search = make();
        let got = sliced(&mut search, slice, upto);
        assert_eq!(got, whole, "{name}: slices of {slice}");
        assert_eq!(search.spent(), one.spent(), "{name}: slices of {slice}");
    }
}

#[test]
fn the_trail_fixtures_in_slices() {
    let folder = fixture("tchu");
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .expect("fixtures/tchu")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("trail-") && n.ends_with(".tsv") && !n.starts_with("trail-bad"))
        .collect();
    names.sort();
    assert!(names.len() >= 10, "{names:?}");
    // Two halves on two threads: the hard networks take a while.
    std::thread::scope(|scope| {
        for half in names.chunks(names.len().div_ceil(2)) {
            let folder = &folder;
            scope.spawn(move || {
                for name in half {
                    let net = network_file(&folder.join(name));
                    if net.len() > MAX_ROUTES {
                        // The large ones: in the largest workspace, whole.
                        let huge = || TrailSearch::new_in(&net, Box::new(HugeWorkspace::new()));
                        every_slice(name, || huge().expect("a network"), None);
                        continue;
                    }
                    let mut probe = TrailSearch::new(&net).expect("a network");
                    let Ok(_) = probe.run(Budget::new(PREFIX + 1));
                    // The hardest: their first PREFIX steps.
                    let upto = (probe.spent() > PREFIX).then_some(PREFIX);
                    every_slice(name, || TrailSearch::new(&net).expect("a network"), upto);
                }
            });
        }
    });
}

#[test]
fn the_sudoku_sets_in_slices() {
    for set in [
        "easy.txt",
        "famous.txt",
        "hard.txt",
        "fewest-clues.txt",
        "mixed.txt",
    ] {
        for (i, givens) in sudoku_set(set).iter().enumerate() {
            let shape = match givens.len() {
                16 => Shape::Four,
                36 => Shape::Six,
                _ => Shape::Nine,
            };
            let Ok(puzzle) = Sudoku::new(shape, givens) else {
                continue; // a set's deliberately bad line
            };
            let name = format!("{set} #{i}");
            if shape == Shape::Nine {
                for seek in [Seek::Uniqueness, Seek::All] {
                    every_slice(
                        &name,
                        || SudokuSearch::new(puzzle, seek).expect("9x9"),
                        None,
                    );
                }
            } else {
                every_slice(
                    &name,
                    || DepthFirst::new_in(puzzle, Seek::All, vec![Frame::new(puzzle); 40]),
                    None,
                );
            }
        }
    }
}

/// The `--rows` and `--cols` of the margins fixtures (`fixtures/margins/*.cmd`).
fn margins_fixtures() -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(fixture("margins")).expect("fixtures/margins") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a fixture");
        let words: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace)
            .collect();
        let after = |flag: &str| {
            let i = words.iter().position(|w| *w == flag)?;
            words[i + 1]
                .split(',')
                .map(|n| n.parse::<u8>().ok())
                .collect::<Option<Vec<u8>>>()
        };
        if let (Some(rows), Some(cols)) = (after("--rows"), after("--cols")) {
            all.push((path.display().to_string(), rows, cols));
        }
    }
    all
}

#[test]
fn the_margins_fixtures_in_slices_depth_and_breadth_first() {
    let fixtures = margins_fixtures();
    assert!(fixtures.len() >= 5, "{fixtures:?}");
    for (name, rows, cols) in fixtures {
        let Ok(puzzle) = Margins::new(&rows, &cols) else {
            continue; // a fixture of a bad puzzle
        };
        let cells = puzzle.rows() * puzzle.cols();
        // Bounded: a few fixtures count hundreds of thousands of grids.
        let upto = Some(20_000);
        every_slice(
            &name,
            || DepthFirst::new_in(puzzle, Seek::All, vec![Frame::new(puzzle); cells + 1]),
            upto,
        );
        every_slice(
            &name,
            || BreadthFirst::new_in(puzzle, Seek::All, vec![puzzle; 1 << 16]),
            upto,
        );
    }
}

/// A snake fixture: its counts (`-`: not given), head and tail.
fn snake_file(path: &Path) -> Option<Snake> {
    let text = std::fs::read_to_string(path).ok()?;
    let (mut rows, mut cols, mut head, mut tail) = (None, None, None, None);
    for line in text.lines().map(str::trim).filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let key = words.next()?;
        let rest: Vec<&str> = words.collect();
        let counts = || -> Option<Vec<Option<u8>>> {
            rest.iter()
                .map(|w| {
                    if *w == "-" {
                        Some(None)
                    } else {
                        w.parse().ok().map(Some)
                    }
                })
                .collect()
        };
        let cell = || -> Option<Cell> {
            let [r, c] = rest[..] else { return None };
            Some(Cell::new(
                r.parse::<u8>().ok()? - 1,
                c.parse::<u8>().ok()? - 1,
            ))
        };
        match key {
            "rows" => rows = counts(),
            "cols" => cols = counts(),
            "head" => head = cell(),
            "tail" => tail = cell(),
            _ => return None,
        }
    }
    Snake::new(&rows?, &cols?, head?, tail?).ok()
}

#[test]
fn the_snake_fixtures_in_slices() {
    let mut tried = 0;
    for entry in std::fs::read_dir(fixture("snake")).expect("fixtures/snake") {
        let path = entry.expect("an entry").path();
        let Some(puzzle) = snake_file(&path) else {
            continue; // a bad fixture, or standard input's
        };
        tried += 1;
        let name = path.display().to_string();
        let cells = puzzle.rows() * puzzle.cols();
        every_slice(
            &name,
            || DepthFirst::new_in(puzzle, Seek::All, vec![Frame::new(puzzle); cells + 1]),
            Some(20_000),
        );
    }
    assert!(tried >= 3, "{tried} snake fixtures");
}

/// A minesweeper fixture: `mines N`, then rows of `?`, `*`, `.` and 0-8.
fn minefield_file(path: &Path) -> Option<Minefield> {
    let text = std::fs::read_to_string(path).ok()?;
    let (mut total, mut width, mut squares, mut height) = (None, None, Vec::new(), 0);
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(n) = line.strip_prefix("mines ") {
            total = Some(n.trim().parse().ok()?);
            continue;
        }
        for c in line.chars() {
            squares.push(match c {
                '?' => Tile::Hidden,
                '*' => Tile::Mine,
                '.' => Tile::Number(0),
                d => Tile::Number(u8::try_from(d.to_digit(10)?).ok()?),
            });
        }
        if *width.get_or_insert(line.chars().count()) != line.chars().count() {
            return None;
        }
        height += 1;
    }
    Minefield::new(width?, height, &squares, total).ok()
}

#[test]
fn the_minesweeper_fixtures_in_slices() {
    let mut tried = 0;
    for entry in std::fs::read_dir(fixture("minesweeper")).expect("fixtures/minesweeper") {
        let path = entry.expect("an entry").path();
        let Some(field) = minefield_file(&path) else {
            continue; // a bad fixture, or standard input's
        };
        tried += 1;
        let name = path.display().to_string();
        every_slice(&name, || SurveySearch::new(&field), Some(50_000));
    }
    assert!(tried >= 3, "{tried} minesweeper fixtures");
}
