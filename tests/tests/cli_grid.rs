//! `plateau solve`: one test per finding of issue #18 in the grid commands
//! (sudoku, margins, minesweeper, snake), run in process.

use std::time::{Duration, Instant};

use plateau_tests::{Run, run_cli, workspace_root};
use serde_json::Value;

/// Runs `plateau ARGS` from the workspace root with `stdin`.
fn run(args: &[&str], stdin: &str) -> Run {
    std::env::set_current_dir(workspace_root()).expect("workspace root exists");
    run_cli(args, stdin.as_bytes())
}

/// Runs a command that must answer (exit 0) and returns its JSON lines.
fn json(args: &[&str], stdin: &str) -> Vec<Value> {
    let r = run(&[args, &["--json"]].concat(), stdin);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r.stdout
        .lines()
        .map(|l| {
            // `status` comes first, always.
            assert!(l.starts_with("{\"status\":\""), "{args:?}: {l}");
            serde_json::from_str(l).expect("one JSON object a line")
        })
        .collect()
}

/// Runs a command that must answer (exit 0) and returns its text.
fn text(args: &[&str], stdin: &str) -> String {
    let r = run(args, stdin);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r.stdout
}

/// One blank grid of `cells` cells, as a line.
fn blank(cells: usize) -> String {
    format!("{}\n", ".".repeat(cells))
}

/// The four grid commands with a search that needs far more than 1,000 steps
/// (the first slice of a timed search).
fn searches() -> Vec<(Vec<&'static str>, &'static str)> {
    vec![
        (
            vec!["solve", "sudoku", "--count"],
            ".................................................................................",
        ),
        (
            vec![
                "solve",
                "margins",
                "--rows",
                "2,2,2,2,2,2",
                "--cols",
                "2,2,2,2,2,2",
            ],
            "",
        ),
        (
            vec!["solve", "minesweeper", "fixtures/minesweeper/wide.txt"],
            "",
        ),
        (vec!["solve", "snake", "fixtures/snake/open-16x16.txt"], ""),
    ]
}

// Finding: a budget-cut count read as exact ("count":5014286,"status":"multiple").

#[test]
fn a_sudoku_count_cut_by_the_budget_is_never_exact() {
    let six = blank(36);
    let v = json(
        &["solve", "sudoku", "--count", "--max-steps", "100000"],
        &six,
    );
    assert_eq!(v.len(), 1);
    let a = &v[0];
    assert_eq!(a["status"], "exhausted", "{a}");
    assert_eq!(a["stopped_by"], "max-steps", "{a}");
    assert_eq!(a["complete"], false, "{a}");
    assert_eq!(a["line"], 1, "{a}");
    let count = a["count"].as_u64().expect("a count");
    assert!(count > 0 && count < 28_200_960, "{a}");
    let t = text(
        &["solve", "sudoku", "--count", "--max-steps", "100000"],
        &six,
    );
    assert!(
        t.starts_with(&format!(
            "line 1: exhausted (at least {count} solutions found before the step budget ran out)\n"
        )),
        "{t}"
    );
}

#[test]
fn a_sudoku_count_with_enough_budget_is_exact() {
    // The 4×4 blank grid: 288 grids (SPEC.md).
    let v = json(&["solve", "sudoku", "--count"], &blank(16));
    assert_eq!(v[0]["status"], "multiple");
    assert_eq!(v[0]["count"], 288);
    assert_eq!(v[0]["complete"], true);
    assert!(v[0].get("stopped_by").is_none(), "{}", v[0]);
    let t = text(&["solve", "sudoku", "--count"], &blank(16));
    assert!(
        t.starts_with("line 1: multiple (288 solutions found)\n"),
        "{t}"
    );
    // The 6×6 grids with a first row fixed: 28,200,960 / 6! (relabelling the
    // digits maps the grids of one first row one to one onto any other's).
    let row = format!("123456{}\n", ".".repeat(30));
    let v = json(&["solve", "sudoku", "--count"], &row);
    assert_eq!(v[0]["count"], 28_200_960 / 720, "{}", v[0]);
    assert_eq!(v[0]["complete"], true);
}

/// The issue's own check: the whole 6×6 count, exact. About a minute in a
/// release build on a shared machine: run it with `--ignored`.
#[test]
#[ignore = "counts 28,200,960 grids: about a minute"]
fn the_blank_six_by_six_count_is_28_200_960() {
    let v = json(
        &["solve", "sudoku", "--count", "--max-steps", "1000000000"],
        &blank(36),
    );
    assert_eq!(v[0]["count"], 28_200_960, "{}", v[0]);
    assert_eq!(v[0]["complete"], true);
    assert_eq!(v[0]["status"], "multiple");
}

#[test]
fn without_count_multiple_means_at_least_two() {
    let v = json(&["solve", "sudoku", "fixtures/sudoku/mixed.txt"], "");
    let multiple: Vec<&Value> = v.iter().filter(|a| a["status"] == "multiple").collect();
    assert_eq!(multiple.len(), 3);
    for a in multiple {
        assert_eq!(
            (a["count"].as_u64(), a["complete"].as_bool()),
            (Some(2), Some(false)),
            "{a}"
        );
    }
}

// Finding: "ran out" said four ways (margins "exhausted":true, minesweeper an error).

#[test]
fn running_out_is_status_exhausted_with_stopped_by_everywhere() {
    for (args, stdin) in searches() {
        let steps = [&args[..], &["--max-steps", "1"]].concat();
        let v = json(&steps, stdin);
        assert_eq!(v.len(), 1, "{args:?}");
        let a = &v[0];
        assert_eq!(a["status"], "exhausted", "{args:?}: {a}");
        assert_eq!(a["stopped_by"], "max-steps", "{args:?}: {a}");
        assert_eq!(a["complete"], false, "{args:?}: {a}");
        assert!(a.get("exhausted").is_none(), "{args:?}: {a}");
        // Text: exit 0, the words say it ran out, never "none".
        let t = text(&steps, stdin);
        assert!(t.contains("the step budget ran out"), "{args:?}: {t}");
        // The time: gone before the search starts.
        let timed = [
            &args[..],
            &["--max-steps", "1000000000000", "--seconds", "0.000001"],
        ]
        .concat();
        let v = json(&timed, stdin);
        assert_eq!(v[0]["status"], "exhausted", "{args:?}: {}", v[0]);
        assert_eq!(v[0]["stopped_by"], "seconds", "{args:?}: {}", v[0]);
        let t = text(&timed, stdin);
        assert!(t.contains("the time (--seconds) ran out"), "{args:?}: {t}");
    }
}

#[test]
fn minesweeper_running_out_is_an_answer_not_an_error() {
    let r = run(
        &[
            "solve",
            "minesweeper",
            "fixtures/minesweeper/wide.txt",
            "--max-steps",
            "1000",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "exhausted: the step budget ran out before every layout was seen\n"
    );
}

#[test]
fn a_cut_count_reads_at_least_in_every_text() {
    let t = text(
        &[
            "solve",
            "margins",
            "--rows",
            "2,2,2,2,2,2",
            "--cols",
            "2,2,2,2,2,2",
            "--max-steps",
            "10",
        ],
        "",
    );
    assert!(
        t.starts_with("at least 1 solution found before the step budget ran out\n"),
        "{t}"
    );
    let t = text(
        &[
            "solve",
            "snake",
            "fixtures/snake/open.txt",
            "--max-steps",
            "1",
        ],
        "",
    );
    assert_eq!(
        t,
        "exhausted: at least 0 snakes found before the step budget ran out\n"
    );
}

// Finding: minesweeper mixed [[1,1]] arrays with {"row":…} objects, `mines` a list and a count.

#[test]
fn minesweeper_cells_are_row_col_objects_and_keys_are_distinct() {
    let v = json(
        &["solve", "minesweeper", "fixtures/minesweeper/corner.txt"],
        "",
    );
    let a = &v[0];
    assert_eq!(a["status"], "found");
    assert_eq!(
        (a["count"].as_u64(), a["complete"].as_bool()),
        (Some(3), Some(true))
    );
    let cell = |r: u64, c: u64| serde_json::json!({"row": r, "col": c});
    assert_eq!(a["mines"], Value::Array(vec![cell(3, 4)]));
    assert_eq!(a["safe"], Value::Array(vec![cell(4, 3)]));
    let freq = a["frequencies"].as_array().expect("frequencies");
    assert_eq!(freq.len(), 7);
    for f in freq {
        let keys: Vec<&str> = f
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["col", "mine_layouts", "row"], "{f}");
    }
    assert_eq!(
        freq[2],
        serde_json::json!({"row": 3, "col": 4, "mine_layouts": 3})
    );
    // No layout: status none, not an empty "found".
    let v = json(
        &[
            "solve",
            "minesweeper",
            "fixtures/minesweeper/contradiction.txt",
        ],
        "",
    );
    assert_eq!(v[0]["status"], "none");
    assert_eq!(v[0]["count"], 0);
}

// Finding: no --seconds on the grid commands, long silent work; documented defaults.

#[test]
fn every_grid_command_takes_max_steps_and_seconds_with_the_same_words() {
    for command in ["sudoku", "margins", "minesweeper", "snake"] {
        let help = text(&["solve", command, "--help"], "");
        assert!(help.contains("--max-steps <N>"), "{command}: {help}");
        assert!(help.contains("[default: 10000000]"), "{command}: {help}");
        assert!(help.contains("--seconds <SECONDS>"), "{command}: {help}");
    }
    for (args, stdin) in searches() {
        for (flag, bad, words) in [
            ("--max-steps", "-1", "expected a whole number from 0 up"),
            ("--max-steps", "x", "expected a whole number from 0 up"),
            ("--seconds", "-1", "expected a number of seconds above 0"),
        ] {
            let r = run(&[&args[..], &[flag, bad]].concat(), stdin);
            assert_eq!(r.code, 2, "{args:?} {flag} {bad}");
            assert!(
                r.stderr.contains(words),
                "{args:?} {flag} {bad}: {}",
                r.stderr
            );
        }
    }
}

#[test]
fn a_long_margins_search_is_bounded_by_seconds() {
    let eights = vec!["8"; 16].join(",");
    let began = Instant::now();
    let v = json(
        &[
            "solve",
            "margins",
            "--rows",
            &eights,
            "--cols",
            &eights,
            "--limit",
            "0",
            "--seconds",
            "0.3",
        ],
        "",
    );
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    assert_eq!(v[0]["status"], "exhausted");
    assert_eq!(v[0]["stopped_by"], "seconds");
    assert_eq!(v[0]["complete"], false);
}

// Finding: --queue 100000000 allocated 9.8 GB (the real process: host-cli/tests/grid_memory.rs).

#[test]
fn a_huge_queue_flag_answers_and_a_huge_limit_is_refused() {
    let v = json(
        &[
            "solve",
            "margins",
            "--rows",
            "2,2,1",
            "--cols",
            "2,2,1",
            "--strategy",
            "bfs",
            "--queue",
            "100000000",
        ],
        "",
    );
    assert_eq!(
        (v[0]["status"].as_str(), v[0]["count"].as_u64()),
        (Some("multiple"), Some(5))
    );
    // A small queue that the search outgrows is still an error that says so.
    let r = run(
        &[
            "solve",
            "margins",
            "--rows",
            "2,2,2,2,2,2",
            "--cols",
            "2,2,2,2,2,2",
            "--strategy",
            "bfs",
            "--queue",
            "10",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: the breadth-first queue is full (10 grids); use --strategy dfs or a larger --queue\n"
    );
    for (flag, value) in [
        ("--queue", "0"),
        ("--queue", "-5"),
        ("--limit", "100001"),
        ("--limit", "-1"),
    ] {
        let r = run(
            &[
                "solve", "margins", "--rows", "2,2,1", "--cols", "2,2,1", flag, value,
            ],
            "",
        );
        assert_eq!(r.code, 2, "{flag} {value}");
        assert!(
            r.stderr.contains("expected a whole number from"),
            "{flag} {value}: {}",
            r.stderr
        );
    }
    let r = run(
        &[
            "solve",
            "snake",
            "fixtures/snake/open.txt",
            "--limit",
            "100001",
        ],
        "",
    );
    assert!(
        r.stderr
            .contains("expected a whole number from 0 to 100000"),
        "{}",
        r.stderr
    );
}

#[test]
fn negative_counts_get_the_count_wording() {
    let r = run(&["solve", "margins", "--rows", "-1,2", "--cols", "1,0"], "");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --rows '-1,2': item 1 '-1': expected a whole number from 0 to 16\n"
    );
}

// Finding: sudoku read standard input by default, minesweeper and snake needed a file.

#[test]
fn every_file_argument_defaults_to_standard_input() {
    let v = json(&["solve", "minesweeper"], "???\n121\n");
    assert_eq!(v[0]["board"], serde_json::json!(["MSM", "121"]));
    let v = json(&["solve", "minesweeper", "-"], "???\n121\n");
    assert_eq!(v[0]["status"], "found");
    let snake = "rows 3 2 3\ncols 3 1 3 1\nhead 1 1\ntail 1 4\n";
    let v = json(&["solve", "snake"], snake);
    assert_eq!(
        (v[0]["status"].as_str(), v[0]["count"].as_u64()),
        (Some("unique"), Some(1))
    );
    let v = json(&["solve", "sudoku"], &blank(16));
    assert_eq!(v[0]["status"], "multiple");
    // Errors name standard input.
    let r = run(&["solve", "snake"], "");
    assert_eq!(r.stderr, "error: standard input: no 'rows' line\n");
}

// Finding: a file of many sudokus: validated first; each answer echoes its line.

#[test]
fn a_batch_is_validated_first_and_each_answer_names_its_line() {
    let good = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let batch = format!("# two puzzles\n{good}\n\n{}\n", ".".repeat(16));
    let v = json(&["solve", "sudoku"], &batch);
    let lines: Vec<u64> = v.iter().filter_map(|a| a["line"].as_u64()).collect();
    assert_eq!(lines, [2, 4]);
    assert_eq!(v[0]["status"], "unique");
    let t = text(&["solve", "sudoku"], &batch);
    assert!(t.starts_with("line 2: unique\n"), "{t}");
    assert!(t.contains("line 4: multiple (2 solutions found)\n"), "{t}");
    // A bad last line: one error, and no puzzle answered before it.
    let bad = format!("{good}\n{good}\n12x4\n");
    let r = run(&["solve", "sudoku", "--json"], &bad);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert_eq!(
        r.stderr,
        "error: standard input: line 3: a sudoku has 81 cells (16 or 36 for 4×4 or 6×6), this line has 4\n"
    );
    // --seconds bounds the whole file: every line still gets its answer.
    let v = json(
        &["solve", "sudoku", "--count", "--seconds", "0.000001"],
        &format!("{}{}", blank(36), blank(36)),
    );
    assert_eq!(v.len(), 2);
    for (a, line) in v.iter().zip([1, 2]) {
        assert_eq!(
            (a["status"].as_str(), a["line"].as_u64()),
            (Some("exhausted"), Some(line))
        );
        assert_eq!(a["stopped_by"], "seconds");
    }
}

// Finding: no json!, typed answers, status first and always.

#[test]
fn every_grid_answer_has_status_first_and_only_its_documented_keys() {
    let keys = |v: &Value| -> Vec<String> {
        let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
        k.sort_unstable();
        k
    };
    let sorted = |k: &[&str]| -> Vec<String> {
        let mut k: Vec<String> = k.iter().map(|s| s.to_string()).collect();
        k.sort_unstable();
        k
    };
    for a in json(&["solve", "sudoku", "fixtures/sudoku/mixed.txt"], "") {
        let mut want = vec!["status", "line", "count", "complete", "solution"];
        if a["status"] == "none" {
            want.push("reason");
        }
        assert_eq!(keys(&a), sorted(&want), "{a}");
    }
    let a = &json(
        &["solve", "margins", "--rows", "2,2,1", "--cols", "2,2,1"],
        "",
    )[0];
    assert_eq!(
        keys(a),
        sorted(&["status", "count", "complete", "solutions"])
    );
    let a = &json(
        &[
            "solve",
            "snake",
            "fixtures/snake/open.txt",
            "--max-steps",
            "1",
        ],
        "",
    )[0];
    assert_eq!(
        keys(a),
        sorted(&["status", "stopped_by", "count", "complete", "solutions"])
    );
    let a = &json(
        &["solve", "minesweeper", "fixtures/minesweeper/corner.txt"],
        "",
    )[0];
    assert_eq!(
        keys(a),
        sorted(&[
            "status",
            "count",
            "complete",
            "board",
            "mines",
            "safe",
            "frequencies"
        ])
    );
}
