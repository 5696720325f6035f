//! Shared helpers of plateau's tests: running the CLI in process, and slow
//! obviously-right reference implementations to compare the core against.

pub mod tchu_trail;
pub mod tour_oracle;
pub mod tour_reference;

/// The Rust examples of the README and of the docs pages, compiled and run
/// as doctests (`cargo test --doc -p plateau-tests`), as the core's README is
/// by the core's own crate docs: an example that drifts from the API fails.
#[cfg(doctest)]
pub mod pages {
    #[doc = include_str!("../../README.md")]
    pub struct Readme;
    #[doc = include_str!("../../docs/camicia.md")]
    pub struct Camicia;
    #[doc = include_str!("../../docs/embedding.md")]
    pub struct Embedding;
    #[doc = include_str!("../../docs/grid.md")]
    pub struct Grid;
    #[doc = include_str!("../../docs/jass.md")]
    pub struct Jass;
    #[doc = include_str!("../../docs/tchu.md")]
    pub struct Tchu;
    #[doc = include_str!("../../docs/tour.md")]
    pub struct Tour;
    #[doc = include_str!("../../docs/trail.md")]
    pub struct Trail;
}

use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};

/// Returns the processor time of this thread in nanoseconds, if known: the
/// thread's own clock (`CLOCK_THREAD_CPUTIME_ID`), to the nanosecond, for the
/// benches' processor-time slices. (The scheduler's figures in
/// `/proc/thread-self/schedstat` move in whole ticks of 4 ms, 4 % of a slice.)
pub fn thread_cpu_ns() -> Option<u64> {
    let t = cpu_time::ThreadTime::try_now().ok()?;
    u64::try_from(t.as_duration().as_nanos()).ok()
}

/// Drives `search` to its end in slices of `slice` units (sizes cycling
/// through `slice`, `slice / 2 + 1` and `2 * slice + 3`, so that the cuts fall
/// everywhere), and returns its final outcome and how many runs it took.
///
/// # Panics
/// If a run fails, or spends more than its slice, or a slice spends nothing
/// while the search is not over (it would never end).
pub fn run_in_slices<S>(search: &mut S, slice: u64) -> (plateau::search::SearchOutcome<S>, u64)
where
    S: plateau::search::Search,
    S::Error: std::fmt::Debug,
{
    let sizes = [slice, slice / 2 + 1, 2 * slice + 3];
    let mut runs = 0u64;
    loop {
        let budget = sizes[(runs % 3) as usize];
        let before = search.spent();
        let outcome = search
            .run(plateau::Budget::new(budget))
            .expect("the search failed");
        runs += 1;
        let spent = search.spent() - before;
        assert!(spent <= budget, "a slice of {budget} spent {spent}");
        match outcome {
            plateau::search::Outcome::Exhausted { spent: total, .. } => {
                assert_eq!(total, search.spent(), "exhausted says what was spent");
                assert!(
                    spent > 0,
                    "a slice spent nothing and the search is not over"
                );
            }
            over => return (over, runs),
        }
    }
}

/// What one in-process run of the CLI printed and returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Everything written to standard output.
    pub stdout: String,
    /// Everything written to standard error.
    pub stderr: String,
    /// The exit code.
    pub code: i32,
}

impl Run {
    /// Formats the run for a snapshot: the command, its output, its errors and the code.
    pub fn transcript(&self, command: &str) -> String {
        format!(
            "$ plateau {command}\n--- stdout\n{}--- stderr\n{}--- exit code: {}\n",
            self.stdout, self.stderr, self.code
        )
    }
}

/// The eight knight moves, written out apart from the core's own table: for
/// the tests' reference tour search and the bench's baseline.
pub const KNIGHT_MOVES: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Runs `plateau ARGS` in process with `stdin` as standard input.
pub fn run_cli<S: AsRef<str>>(args: &[S], stdin: &[u8]) -> Run {
    let mut input = stdin;
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("plateau").chain(args.iter().map(AsRef::as_ref));
    let code = plateau_cli::run(
        argv.map(str::to_string).collect::<Vec<_>>(),
        &mut plateau_cli::Io {
            stdin: &mut input,
            out: &mut out,
            err: &mut err,
            progress: false,
            reader_gone: None,
        },
    );
    Run {
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
        code,
    }
}

/// Reads a sudoku set of `fixtures/sudoku/` (one puzzle per line, `.` or `0`
/// for a blank; blank lines and `#` comments skipped) as digits, 0 for blank.
pub fn sudoku_set(name: &str) -> Vec<Vec<u8>> {
    std::fs::read_to_string(fixture(&format!("sudoku/{name}")))
        .unwrap_or_else(|e| panic!("fixtures/sudoku/{name}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.bytes()
                .map(|c| if c == b'.' { 0 } else { c - b'0' })
                .collect()
        })
        .collect()
}

/// Returns the workspace's root folder (where `fixtures/` is).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Returns the path of a file below `fixtures/`.
pub fn fixture(relative: &str) -> PathBuf {
    workspace_root().join("fixtures").join(relative)
}

/// Camicia by the rules of SPEC §4 written plainly: card by card, every
/// round-start state kept in a set. Hands hold penalties (0 for a number card,
/// 1 to 4 for J, Q, K, A), top card first. Returns (status, cards, tricks).
pub fn camicia_reference(a: &[u8], b: &[u8]) -> (plateau::camicia::Status, u64, u64) {
    let mut hands = [
        a.iter().copied().collect::<VecDeque<u8>>(),
        b.iter().copied().collect::<VecDeque<u8>>(),
    ];
    let total = a.len() + b.len();
    let (mut cards, mut tricks) = (0u64, 0u64);
    let mut seen: HashSet<(Vec<u8>, Vec<u8>, usize)> = HashSet::new();
    let mut starter = 0usize;
    loop {
        let state = (
            hands[0].iter().copied().collect(),
            hands[1].iter().copied().collect(),
            starter,
        );
        if !seen.insert(state) {
            return (plateau::camicia::Status::Loop, cards, tricks);
        }
        // One round.
        let (taker, pile) = reference_round(&mut hands, starter, &mut cards);
        if !pile.is_empty() {
            tricks += 1;
        }
        hands[taker].extend(pile);
        if hands[taker].len() == total {
            return (plateau::camicia::Status::Finished, cards, tricks);
        }
        starter = taker;
    }
}

/// The cycle of a looping game by the rules of SPEC §4 written plainly: every
/// round-start state kept in a list, the first repeat found by search.
/// Returns (tricks before the cycle, tricks a turn, cards a turn, canonical
/// text), the canonical text being the least of the cycle's round-start
/// states written `starter's hand/other hand` in compact notation; `None` if
/// the game finishes.
pub fn camicia_reference_cycle(a: &[u8], b: &[u8]) -> Option<(u64, u64, u64, String)> {
    let mut hands = [
        a.iter().copied().collect::<VecDeque<u8>>(),
        b.iter().copied().collect::<VecDeque<u8>>(),
    ];
    let total = a.len() + b.len();
    let compact =
        |h: &VecDeque<u8>| -> String { h.iter().map(|&p| b"-JQKA"[p as usize] as char).collect() };
    // (A's hand, B's hand, starter), and the cards played before it.
    let mut states: Vec<(String, String, usize, u64)> = Vec::new();
    let mut cards = 0u64;
    let mut starter = 0usize;
    loop {
        let state = (compact(&hands[0]), compact(&hands[1]), starter);
        if let Some(first) = states
            .iter()
            .position(|s| (&s.0, &s.1, s.2) == (&state.0, &state.1, state.2))
        {
            let turn = &states[first..];
            let canonical = turn
                .iter()
                .map(|(a, b, s, _)| {
                    if *s == 0 {
                        format!("{a}/{b}")
                    } else {
                        format!("{b}/{a}")
                    }
                })
                .min()?;
            let tricks = states.len() - first;
            return Some((
                first as u64,
                tricks as u64,
                cards - states[first].3,
                canonical,
            ));
        }
        states.push((state.0, state.1, state.2, cards));
        let (taker, pile) = reference_round(&mut hands, starter, &mut cards);
        hands[taker].extend(pile);
        if hands[taker].len() == total {
            return None;
        }
        starter = taker;
    }
}

/// One round of the references, card by card from `starter`: returns who
/// takes the pile, and the pile; counts the cards played into `cards`.
fn reference_round(
    hands: &mut [VecDeque<u8>; 2],
    starter: usize,
    cards: &mut u64,
) -> (usize, Vec<u8>) {
    let mut pile: Vec<u8> = Vec::new();
    let mut turn = starter;
    let mut owed = 0u8;
    let mut creditor = starter;
    let taker = loop {
        let Some(card) = hands[turn].pop_front() else {
            break 1 - turn;
        };
        pile.push(card);
        *cards += 1;
        if card > 0 {
            owed = card;
            creditor = turn;
            turn = 1 - turn;
        } else if owed > 0 {
            owed -= 1;
            if owed == 0 {
                break creditor;
            }
        } else {
            turn = 1 - turn;
        }
    };
    (taker, pile)
}

/// Lifts a finished game of `cards` cards as the record hunt does: walks the
/// tree of its state `LIFT_ROUNDS` rounds in. Returns the cards of the
/// longest balanced deal of the tree (the game's own at least), the states
/// walked and the tree's root. The `lift_gains` and `fresh_vs_climb`
/// examples measure with it.
pub fn camicia_lift(
    deal: &plateau::camicia::Deal,
    cards: u64,
) -> (u64, usize, plateau::camicia::Deal) {
    use plateau::camicia::Player;
    use plateau::camicia::backward::{Ancestors, Frame, next_round};
    use plateau::camicia::hunt::{LIFT_FRAMES, LIFT_ROUNDS, LIFT_STATES};
    let (mut root, mut before) = (*deal, 0);
    for _ in 0..LIFT_ROUNDS {
        let Some(next) = next_round(&root) else { break };
        root = next.state;
        before += next.cards;
    }
    let rest = cards - before;
    let (mut longest, mut states) = (cards, 0);
    let frames = [Frame::EMPTY; LIFT_FRAMES];
    for a in Ancestors::new_in(&root, u64::MAX, frames).take(LIFT_STATES) {
        states += 1;
        if a.state.len(Player::A) == a.state.len(Player::B) {
            longest = longest.max(rest + a.cards);
        }
    }
    (longest, states, root)
}
