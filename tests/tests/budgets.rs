//! Every searching command takes `--max-steps N` and `--seconds S`: a tiny step
//! budget says the search ran out (never "none"), and a short time on a search
//! that would run far longer comes back promptly, saying so too.

use std::time::{Duration, Instant};

use plateau_tests::{Run, run_cli, workspace_root};

/// A search stopped by `--seconds` must come back within this (it would take
/// far longer to the end, or its `--seconds` is gone before it starts).
const PROMPT: Duration = Duration::from_secs(5);

/// A step budget far beyond any test's patience: only `--seconds` stops these.
const ENDLESS: &str = "1000000000000";

fn run(args: &[&str]) -> Run {
    std::env::set_current_dir(workspace_root()).expect("workspace root exists");
    let run = run_cli(args, b"");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run
}

/// Runs `args` and checks it came back within [`PROMPT`].
fn run_timed(args: &[&str]) -> Run {
    let began = Instant::now();
    let run = run(args);
    let took = began.elapsed();
    assert!(took < PROMPT, "{args:?} took {took:?}");
    run
}

/// The text answer says the budget ran out and never that there is no answer.
fn says_exhausted(run: &Run, ran_out: &str) {
    assert!(run.stdout.contains(ran_out), "{}", run.stdout);
    for none in ["none", "no solution", "no layout", "no snake", "no tour"] {
        assert!(!run.stdout.contains(none), "{none}: {}", run.stdout);
    }
}

/// Every JSON line has `"status":"exhausted"` (or `"exhausted":true`, margins).
fn json_exhausted(run: &Run) {
    assert!(!run.stdout.trim().is_empty());
    for line in run.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object a line");
        let status = v["status"].as_str().or(v["bonus"]["status"].as_str());
        let exhausted = status == Some("exhausted") || v["exhausted"] == true;
        assert!(exhausted, "{line}");
    }
}

#[test]
fn sudoku() {
    let blank = "fixtures/sudoku/blank.txt";
    says_exhausted(
        &run(&["solve", "sudoku", blank, "--max-steps", "2"]),
        "exhausted (at least 0 solutions found before the step budget ran out)",
    );
    json_exhausted(&run(&[
        "solve",
        "sudoku",
        blank,
        "--max-steps",
        "2",
        "--json",
    ]));
    // Counting the blank grid's solutions never ends.
    let counting = ["solve", "sudoku", blank, "--count", "--max-steps", ENDLESS];
    let r = run_timed(&[&counting[..], &["--seconds", "0.3"]].concat());
    says_exhausted(&r, "found before the time (--seconds) ran out");
    json_exhausted(&run_timed(
        &[&counting[..], &["--seconds", "0.3", "--json"]].concat(),
    ));
}

#[test]
fn margins() {
    let six = [
        "solve",
        "margins",
        "--rows",
        "2,2,2,2,2,2",
        "--cols",
        "2,2,2,2,2,2",
    ];
    let r = run(&[&six[..], &["--max-steps", "1"]].concat());
    says_exhausted(&r, "found before the step budget ran out");
    json_exhausted(&run(&[&six[..], &["--max-steps", "1", "--json"]].concat()));
    let eights = vec!["8"; 16].join(",");
    let big = [
        "solve", "margins", "--rows", &eights, "--cols", &eights, "--limit", "0",
    ];
    // Depth-first: breadth-first fills its queue on this grid in well under a
    // second (an error, as with a large --max-steps), so it is tried on the
    // small grid above with a tiny budget instead.
    let timed = ["--max-steps", ENDLESS, "--seconds", "0.3"];
    let r = run_timed(&[&big[..], &timed[..]].concat());
    says_exhausted(&r, "found before the time (--seconds) ran out");
    let r = run(&[&six[..], &["--strategy", "bfs", "--max-steps", "5"]].concat());
    says_exhausted(&r, "found before the step budget ran out");
}

#[test]
fn minesweeper() {
    let corner = "fixtures/minesweeper/corner.txt";
    let r = run(&["solve", "minesweeper", corner, "--max-steps", "1"]);
    says_exhausted(&r, "exhausted: the step budget ran out");
    json_exhausted(&run(&[
        "solve",
        "minesweeper",
        corner,
        "--max-steps",
        "1",
        "--json",
    ]));
    let wide = "fixtures/minesweeper/wide.txt";
    let timed = [
        "solve",
        "minesweeper",
        wide,
        "--max-steps",
        ENDLESS,
        "--seconds",
        "0.3",
    ];
    says_exhausted(
        &run_timed(&timed),
        "exhausted: the time (--seconds) ran out",
    );
    json_exhausted(&run_timed(&[&timed[..], &["--json"]].concat()));
}

#[test]
fn snake() {
    let open = "fixtures/snake/open.txt";
    let r = run(&["solve", "snake", open, "--max-steps", "1"]);
    says_exhausted(
        &r,
        "exhausted: at least 0 snakes found before the step budget ran out",
    );
    json_exhausted(&run(&[
        "solve",
        "snake",
        open,
        "--max-steps",
        "1",
        "--json",
    ]));
    let big = "fixtures/snake/open-16x16.txt";
    let timed = [
        "solve",
        "snake",
        big,
        "--limit",
        "0",
        "--max-steps",
        ENDLESS,
    ];
    let r = run_timed(&[&timed[..], &["--seconds", "0.3"]].concat());
    says_exhausted(&r, "before the time (--seconds) ran out");
    json_exhausted(&run_timed(
        &[&timed[..], &["--seconds", "0.3", "--json"]].concat(),
    ));
}

#[test]
fn tour() {
    let r = run(&["tour", "--board", "9x9", "--max-steps", "10"]);
    says_exhausted(&r, "exhausted, the step budget ran out");
    json_exhausted(&run(&[
        "tour",
        "--board",
        "9x9",
        "--max-steps",
        "10",
        "--json",
    ]));
    // A tiny time is gone before the search starts.
    let timed = [
        "tour",
        "--board",
        "1000x1000",
        "--max-steps",
        ENDLESS,
        "--seconds",
        "0.000001",
    ];
    says_exhausted(&run_timed(&timed), "exhausted, the time ran out");
    json_exhausted(&run_timed(&[&timed[..], &["--json"]].concat()));
    // One pass over 49,000,000 squares takes far longer than 0.05 s: it does
    // not start (a pass over a 1000x1000 board is timed first).
    let big = [
        "tour",
        "--board",
        "7000x7000",
        "--max-steps",
        ENDLESS,
        "--seconds",
        "0.05",
    ];
    says_exhausted(&run_timed(&big), "exhausted, the time ran out");
}

#[test]
fn tchu_longest() {
    // The trail's text for "ran out" is "not proven"; its JSON says exhausted.
    // A network grown to be hard for the search (the map takes one step).
    let grown = "fixtures/tchu/trail-grown-1.tsv";
    let r = run(&["tchu", "longest", "--network", grown, "--max-steps", "20"]);
    says_exhausted(
        &r,
        "not proven the longest: the search stopped after 20 steps",
    );
    json_exhausted(&run(&[
        "tchu",
        "longest",
        "--network",
        grown,
        "--max-steps",
        "20",
        "--json",
    ]));
    let r = run_timed(&["tchu", "longest", "--all", "--seconds", "0.000001"]);
    says_exhausted(&r, "seconds (--seconds)");
}

#[test]
fn tchu_bonus() {
    let players = [
        "tchu",
        "bonus",
        "--a",
        "BER_LUC_1,LUC_ZOU_1",
        "--b",
        "BER_FRI_1,BER_NEU_1",
    ];
    let r = run(&[&players[..], &["--max-steps", "1"]].concat());
    says_exhausted(
        &r,
        "bonus: exhausted: the search stopped after 1 steps (--max-steps)",
    );
    json_exhausted(&run(
        &[&players[..], &["--max-steps", "1", "--json"]].concat()
    ));
    let r = run_timed(&[&players[..], &["--seconds", "0.000001"]].concat());
    says_exhausted(
        &r,
        "bonus: exhausted: the search stopped after 0 steps (--seconds)",
    );
    // Without a budget the bonus is decided.
    let r = run(&players);
    assert!(r.stdout.contains("bonus: A gets 10 points"), "{}", r.stdout);
}

#[test]
fn camicia() {
    let deal = plateau::camicia::CASELLA_2024;
    let r = run(&["camicia", deal, "--max-steps", "20"]);
    says_exhausted(&r, "status: exhausted");
    json_exhausted(&run(&["camicia", deal, "--max-steps", "20", "--json"]));
    // The flags may follow the hands, `=` or not.
    let r = run(&["camicia", "J 2 3", "4 J 5", "--max-steps=1", "--json"]);
    json_exhausted(&r);
    let r = run_timed(&[
        "camicia",
        deal,
        "--max-rounds",
        ENDLESS,
        "--seconds",
        "0.000001",
    ]);
    says_exhausted(&r, "status: exhausted");
    let r = run(&["camicia", "trace", deal, "--max-steps", "3"]);
    says_exhausted(&r, "status: exhausted, cards: 31, tricks: 3");
    let r = run_timed(&["camicia", "trace", deal, "--seconds", "0.000001", "--json"]);
    assert!(r.stdout.ends_with(
        "{\"status\":\"exhausted\",\"cards\":0,\"tricks\":0,\"stopped_by\":\"seconds\"}\n"
    ));
}

#[test]
fn camicia_batch() {
    std::env::set_current_dir(workspace_root()).expect("workspace root exists");
    let deals = b"---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA\nJ--/-J-\n";
    let r = run_cli(
        &["camicia", "--batch", "-", "--max-steps", "1", "--json"],
        deals,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    json_exhausted(&r);
    let r = run_cli(&["camicia", "--batch", "-", "--seconds", "0.000001"], deals);
    says_exhausted(&r, "status: exhausted");
}

#[test]
fn camicia_hunt() {
    // The hunt's step budget is its deals: one deal, and the summary says so.
    let r = run(&["camicia", "hunt", "--max-steps", "1", "--threads", "1"]);
    assert!(
        r.stdout.starts_with("hunt: 1 deal (1 chunk)"),
        "{}",
        r.stdout
    );
    // --seconds and --max-steps together: whichever comes first.
    let hunt = [
        "camicia",
        "hunt",
        "--threads",
        "1",
        "--max-steps",
        ENDLESS,
        "--seconds",
        "0.2",
    ];
    let r = run_timed(&hunt);
    assert!(r.stdout.starts_with("hunt: "), "{}", r.stdout);
}

/// `--seconds` takes any time above 0, a time beyond what the clock can hold
/// included (it is then no limit): `1e10`, `1e300` and `inf` run to the
/// answer.
#[test]
fn seconds_as_large_as_they_like() {
    for seconds in ["1e10", "1e300", "inf", "infinity"] {
        let r = run(&["camicia", "J23/4J5", "--seconds", seconds]);
        assert_eq!(
            r.stdout,
            "status: loop, cards: 8, tricks: 3; \
             cycle d64062ae581c: 2 tricks and 6 cards a turn, entered after 1 trick\n"
        );
    }
    let r = run_cli(&["camicia", "J23/4J5", "--seconds", "0"], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
}
