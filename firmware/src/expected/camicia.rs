// Camicia: the published cases of `fixtures/camicia/canonical-data.json` that fit
// 52 cards (27 of 28: the 361-card case needs `Deal<6>`), SPEC §4. Data only.

/// (description, A's hand, B's hand (spaced, top card first), status, cards, tricks).
#[allow(clippy::type_complexity)]
pub const CASES: &[(&str, &str, &str, &str, u64, u64)] = &[
    ("two cards, one trick", "2", "3", "finished", 2, 1),
    ("three cards, one trick", "2 4", "3", "finished", 3, 1),
    ("four cards, one trick", "2 4", "3 5 6", "finished", 4, 1),
    (
        "the ace reigns supreme",
        "2 A",
        "3 4 5 6 7",
        "finished",
        7,
        1,
    ),
    ("the king beats ace", "2 A", "3 4 5 6 K", "finished", 7, 1),
    (
        "the queen seduces the king",
        "2 A 7 8 Q",
        "3 4 5 6 K",
        "finished",
        10,
        1,
    ),
    (
        "the jack betrays the queen",
        "2 A 7 8 Q",
        "3 4 5 6 K 9 J",
        "finished",
        12,
        1,
    ),
    (
        "the 10 just wants to put on a show",
        "2 A 7 8 Q 10",
        "3 4 5 6 K 9 J",
        "finished",
        13,
        1,
    ),
    (
        "simple loop with decks of 3 cards",
        "J 2 3",
        "4 J 5",
        "loop",
        8,
        3,
    ),
    ("two tricks", "J", "3 J", "finished", 5, 2),
    ("more tricks", "J 2 4", "3 J A", "finished", 12, 4),
    (
        "simple loop with decks of 4 cards",
        "2 3 J 6",
        "K 5 J 7",
        "loop",
        16,
        4,
    ),
    (
        "easy card combination",
        "4 8 7 5 4 10 3 9 7 3 10 10 6 8 2 8 5 4 5 9 6 5 2 8 10 9",
        "6 9 4 7 2 2 3 6 7 3 A A A A K K K K Q Q Q Q J J J J",
        "finished",
        40,
        4,
    ),
    (
        "easy card combination, inverted decks",
        "3 3 5 7 3 2 10 7 6 7 A A A A K K K K Q Q Q Q J J J J",
        "5 10 8 2 6 7 2 4 9 2 6 10 10 5 4 8 4 8 6 9 8 5 9 3 4 9",
        "finished",
        40,
        4,
    ),
    (
        "mirrored decks",
        "2 A 3 A 3 K 4 K 2 Q 2 Q 10 J 5 J 6 10 2 9 10 7 3 9 6 9",
        "6 A 4 A 7 K 4 K 7 Q 7 Q 5 J 8 J 4 5 8 9 10 6 8 3 8 5",
        "finished",
        59,
        4,
    ),
    (
        "opposite decks",
        "4 A 9 A 4 K 9 K 6 Q 8 Q 8 J 10 J 9 8 4 6 3 6 5 2 4 3",
        "10 7 3 2 9 2 7 8 7 5 J 7 J 10 Q 10 Q 3 K 5 K 6 A 2 A 5",
        "finished",
        151,
        21,
    ),
    (
        "random decks #1",
        "K 10 9 8 J 8 6 9 7 A K 5 4 4 J 5 J 4 3 5 8 6 7 7 4 9",
        "6 3 K A Q 10 A 2 Q 8 2 10 10 2 Q 3 K 9 7 A 3 Q 5 J 2 6",
        "finished",
        542,
        76,
    ),
    (
        "random decks #2",
        "8 A 4 8 5 Q J 2 6 2 9 7 K A 8 10 K 8 10 9 K 6 7 3 K 9",
        "10 5 2 6 Q J A 9 5 5 3 7 3 J A 2 Q 3 J Q 4 10 4 7 4 6",
        "finished",
        327,
        42,
    ),
    (
        "Kleber 1999",
        "4 8 9 J Q 8 5 5 K 2 A 9 8 5 10 A 4 J 3 K 6 9 2 Q K 7",
        "10 J 3 2 4 10 4 7 5 3 6 6 7 A J Q A 7 2 10 3 K 9 6 8 Q",
        "finished",
        5790,
        805,
    ),
    (
        "Collins 2006",
        "A 8 Q K 9 10 3 7 4 2 Q 3 2 10 9 K A 8 7 7 4 5 J 9 2 10",
        "4 J A K 8 5 6 6 A 6 5 Q 4 6 10 8 J 2 5 7 Q J 3 3 K 9",
        "finished",
        6913,
        960,
    ),
    (
        "Mann and Wu 2007",
        "K 2 K K 3 3 6 10 K 6 A 2 5 5 7 9 J A A 3 4 Q 4 8 J 6",
        "4 5 2 Q 7 9 9 Q 7 J 9 8 10 3 10 J 4 10 8 6 8 7 A Q 5 2",
        "finished",
        7157,
        1007,
    ),
    (
        "Nessler 2012",
        "10 3 6 7 Q 2 9 8 2 8 4 A 10 6 K 2 10 A 5 A 2 4 Q J K 4",
        "10 Q 4 6 J 9 3 J 9 3 3 Q K 5 9 5 K 6 5 7 8 J A 7 8 7",
        "finished",
        7207,
        1015,
    ),
    (
        "Anderson 2013",
        "6 7 A 3 Q 3 5 J 3 2 J 7 4 5 Q 10 5 A J 2 K 8 9 9 K 3",
        "4 J 6 9 8 5 10 7 9 Q 2 7 10 8 4 10 A 6 4 A 6 8 Q K K 2",
        "finished",
        7225,
        1016,
    ),
    (
        "Rucklidge 2014",
        "8 J 2 9 4 4 5 8 Q 3 9 3 6 2 8 A A A 9 4 7 2 5 Q Q 3",
        "K 7 10 6 3 J A 7 6 5 5 8 10 9 10 4 2 7 K Q 10 K 6 J J K",
        "finished",
        7959,
        1122,
    ),
    (
        "Nessler 2021",
        "7 2 3 4 K 9 6 10 A 8 9 Q 7 A 4 8 J J A 4 3 2 5 6 6 J",
        "3 10 8 9 8 K K 2 5 5 7 6 4 3 5 7 A 9 J K 2 Q 10 Q 10 Q",
        "finished",
        7972,
        1106,
    ),
    (
        "Nessler 2022",
        "2 10 10 A J 3 8 Q 2 5 5 5 9 2 4 3 10 Q A K Q J J 9 Q K",
        "10 7 6 3 6 A 8 9 4 3 K J 6 K 4 9 7 8 5 7 8 2 A 7 4 6",
        "finished",
        8344,
        1164,
    ),
    (
        "Casella 2024, first infinite game found",
        "2 8 4 K 5 2 3 Q 6 K Q A J 3 5 9 8 3 A A J 4 4 J 7 5",
        "7 7 8 6 10 10 6 10 7 2 Q 6 3 2 4 K Q 10 J 5 9 8 9 9 K A",
        "loop",
        474,
        66,
    ),
];

/// How many of the 28 published cases fit 52 cards.
pub const CASES_THAT_FIT: usize = 27;

/// The hunt the chip runs: seed, deals (the hunt's budget) and each game's
/// rounds, as `plateau camicia hunt --seed 25 --deals 2000 --max-rounds 1000000`
/// (fresh shuffles, whose games of 1,900 cards or more are lifted, as the
/// chip's hunt does).
pub const HUNT: (u64, u64, u64) = (25, 2000, 1_000_000);

/// Its counts: (deals, chunks, finished, loops, exhausted, cards of finished games).
pub const HUNT_COUNTS: (u64, u64, u64, u64, u64, u64) = (2000, 1, 2000, 0, 0, 516_925);

/// Its longest games by cards, best first: (deal, cards, tricks). The
/// longest shuffle's game (2,004 cards) was lifted: these five are deals of
/// its tree (`plateau::camicia::backward`), each longer.
pub const HUNT_BY_CARDS: [(&str, u64, u64); 5] = [
    (
        "-----KK--A-K-----A------JJ/-Q-A----K-A-------J-QQJ--Q",
        2622,
        369,
    ),
    (
        "-QA----K-A-------J-QQJ--Q-/---KK--A-K-----A------JJ--",
        2619,
        369,
    ),
    (
        "---KK--A-K-----A------JJ--/QA----K-A-------J-QQJ--Q--",
        2618,
        369,
    ),
    (
        "---K-A--------J-QQJ--Q---Q/-K--A-K------A------JJ--AK",
        2614,
        367,
    ),
    (
        "-K--A-K-----A------JJ--AK-/--K-A-------J-QQJ--Q---Q--",
        2611,
        367,
    ),
];

/// Its longest games by tricks, best first: (deal, cards, tricks). For
/// this hunt they are the same five games in the same order as by cards
/// (the chip still checks both lists, and the workspace's test checks both
/// against the CLI); a hunt pinned anew may need a list of its own.
pub const HUNT_BY_TRICKS: [(&str, u64, u64); 5] = HUNT_BY_CARDS;

/// The sliced game: Casella et al. 2024, the first 52-card deal whose game
/// never ends (compact notation), and its cards and tricks before the loop.
pub const SLICED_GAME: (&str, u64, u64) = (plateau::camicia::CASELLA_2024, 474, 66);
