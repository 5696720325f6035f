//! `plateau tour` against the findings of issue #18: `--svg -` is standard
//! output, typed JSON answers with a status first, 1-based cells that count
//! rows like ranks, counts cut short never exact, one wording for negative
//! numbers and junk, and plain words for file errors.

use plateau_tests::{Run, run_cli, workspace_root};
use serde_json::Value;

fn tour(args: &[&str]) -> Run {
    let args: Vec<&str> = std::iter::once("tour")
        .chain(args.iter().copied())
        .collect();
    run_cli(&args, b"")
}

fn json(run: &Run) -> Value {
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1, "one answer: {}", run.stdout);
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

/// The keys of a JSON object, in the order printed.
fn keys(run: &Run) -> Vec<String> {
    // serde_json's Map sorts its keys: read the order from the text.
    let v = json(run);
    let mut at: Vec<(usize, String)> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(|k| {
            (
                run.stdout.find(&format!("\"{k}\":")).expect("key printed"),
                k.clone(),
            )
        })
        .collect();
    at.sort();
    at.into_iter().map(|(_, k)| k).collect()
}

fn one_error(run: &Run) -> &str {
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    run.stderr.trim_end()
}

#[test]
fn svg_dash_is_standard_output_and_writes_no_file() {
    std::env::set_current_dir(workspace_root()).expect("workspace root");
    let _ = std::fs::remove_file("-");
    let run = tour(&["--board", "3x4", "--svg", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg xmlns="), "{}", run.stdout);
    assert!(
        run.stdout.ends_with("</svg>\n"),
        "only the picture on stdout"
    );
    assert_eq!(run.stdout.matches("<svg").count(), 1);
    assert!(
        !std::path::Path::new("-").exists(),
        "a file named '-' was written"
    );
    // No tour, no picture: the answer says why.
    let none = tour(&["--board", "4x4", "--svg", "-"]);
    assert!(none.stdout.contains(": none, "), "{}", none.stdout);
    // --json and a picture cannot share standard output.
    let both = tour(&["--board", "3x4", "--svg", "-", "--json"]);
    assert!(one_error(&both).contains("--svg - and --json"));
}

#[test]
fn svg_to_a_file_still_prints_the_answer() {
    let dir = std::env::temp_dir().join(format!("plateau-cli-tour-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("tour.svg");
    let path = file.display().to_string();
    let run = tour(&["--board", "5x5", "--svg", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("open knight's tour of 5x5 from a1 (0,0): found")
    );
    let svg = std::fs::read_to_string(&file).expect("the SVG was written");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn svg_write_errors_are_plain_words() {
    let missing = tour(&[
        "--board",
        "3x4",
        "--svg",
        "/no-such-folder-plateau/tour.svg",
    ]);
    assert_eq!(
        one_error(&missing),
        "error: cannot write /no-such-folder-plateau/tour.svg: no such folder"
    );
    let dir = std::env::temp_dir().display().to_string();
    let folder = tour(&["--board", "3x4", "--svg", &dir]);
    assert_eq!(
        one_error(&folder),
        format!("error: cannot write {dir}: is a directory")
    );
    assert!(!folder.stderr.contains("os error"));
}

#[test]
fn found_lists_one_based_cells_with_rows_as_ranks() {
    let run = tour(&["--board", "8x8", "--start", "e8", "--json"]);
    assert_eq!(
        keys(&run),
        ["status", "width", "height", "closed", "start", "squares"]
    );
    let v = json(&run);
    assert_eq!(v["status"], "found");
    // e8: file e is column 5, rank 8 is row 8 (rows count up from a1's rank).
    let e8 = serde_json::json!({"row": 8, "col": 5});
    assert_eq!(v["start"], e8);
    let squares = v["squares"].as_array().expect("a list");
    assert_eq!(squares.len(), 64);
    assert_eq!(squares[0], e8);
    let cells: Vec<(i64, i64)> = squares
        .iter()
        .map(|c| (c["row"].as_i64().unwrap(), c["col"].as_i64().unwrap()))
        .collect();
    assert!(
        cells
            .iter()
            .all(|&(r, c)| (1..=8).contains(&r) && (1..=8).contains(&c))
    );
    let mut seen = cells.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 64, "every square once");
    for w in cells.windows(2) {
        let (dr, dc) = ((w[0].0 - w[1].0).abs(), (w[0].1 - w[1].1).abs());
        assert!((dr, dc) == (1, 2) || (dr, dc) == (2, 1), "{w:?}");
    }
    // The text names the last square the same way: its rank is the row.
    let text = tour(&["--board", "8x8", "--start", "e8"]).stdout;
    let (r, c) = cells[63];
    let file = char::from(b'a' + c as u8 - 1);
    assert!(
        text.contains(&format!("ends on {file}{r} ({},{})", c - 1, r - 1)),
        "{text}"
    );
}

#[test]
fn none_and_exhausted_answers_have_a_status_first() {
    let none = tour(&["--board", "3x4", "--start", "b2", "--json"]);
    assert_eq!(
        keys(&none),
        ["status", "width", "height", "closed", "start", "reason"]
    );
    assert_eq!(json(&none)["status"], "none");
    let cut = tour(&["--board", "9x9", "--max-steps", "10", "--json"]);
    assert_eq!(
        keys(&cut),
        [
            "status",
            "stopped_by",
            "width",
            "height",
            "closed",
            "start",
            "visited"
        ]
    );
    let v = json(&cut);
    assert_eq!(v["status"], "exhausted");
    assert_eq!(v["stopped_by"], "max-steps");
    let timed = tour(&["--board", "1000x1000", "--seconds", "0.000001", "--json"]);
    let v = json(&timed);
    assert_eq!(
        (v["status"].as_str(), v["stopped_by"].as_str()),
        (Some("exhausted"), Some("seconds"))
    );
}

#[test]
fn a_count_cut_short_is_at_least_never_exact() {
    let cut = tour(&[
        "--board",
        "6x6",
        "--closed",
        "--count",
        "--max-steps",
        "500000",
        "--json",
    ]);
    assert_eq!(
        keys(&cut),
        [
            "status",
            "stopped_by",
            "width",
            "height",
            "closed",
            "start",
            "count",
            "complete"
        ]
    );
    let v = json(&cut);
    assert_eq!(v["status"], "exhausted");
    assert_eq!(v["stopped_by"], "max-steps");
    assert_eq!(v["complete"], false);
    let at_least = v["count"].as_u64().expect("a count");
    assert!(at_least < 19_724, "{at_least}");
    let text = tour(&[
        "--board",
        "6x6",
        "--closed",
        "--count",
        "--max-steps",
        "500000",
    ])
    .stdout;
    assert!(
        text.contains(&format!(": at least {at_least} (exhausted,")),
        "{text}"
    );
    // With the budget it needs, the count is exact (SPEC: 2 x 9,862).
    let whole = json(&tour(&["--board", "6x6", "--closed", "--count", "--json"]));
    assert_eq!(
        (whole["count"].as_u64(), whole["complete"].as_bool()),
        (Some(19_724), Some(true))
    );
    assert_eq!(whole["status"], "multiple");
    let corner = tour(&["--board", "5x5", "--count"]).stdout;
    assert_eq!(
        corner,
        "directed open knight's tours of 5x5 from a1 (0,0): 304\n"
    );
    let centre = json(&tour(&[
        "--board", "5x5", "--start", "c3", "--count", "--json",
    ]));
    assert_eq!(centre["count"], 64);
    let none = json(&tour(&[
        "--board", "5x5", "--start", "b1", "--count", "--json",
    ]));
    assert_eq!(
        (none["status"].as_str(), none["count"].as_u64()),
        (Some("none"), Some(0))
    );
}

/// The largest boards the CLI holds find their tours within the default
/// budget (the one that needs the most, an open tour of 7069x7071, and a
/// closed one of 7070x7070), and a count keeps its smaller default.
#[test]
fn the_default_budget_finds_a_tour_of_the_largest_boards() {
    for board in [["--board", "7069x7071"], ["--board", "7070x7070"]] {
        let closed = board[1] == "7070x7070";
        let mut args = board.to_vec();
        if closed {
            args.push("--closed");
        }
        let r = tour(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.stdout.starts_with(if closed { "closed" } else { "open" }),
            "{}",
            &r.stdout[..80.min(r.stdout.len())]
        );
        assert!(
            !r.stdout.contains("exhausted"),
            "{}",
            &r.stdout[..200.min(r.stdout.len())]
        );
    }
}

#[test]
fn limits_take_one_placeholder_and_a_documented_default() {
    let help = tour(&["--help"]).stdout;
    assert!(help.contains("--max-steps <N>"), "{help}");
    // Both defaults in words, and not clap's one `[default: …]`, which
    // would say only the first (issue #40).
    assert!(
        help.contains(
            "Default: 1000000000 to find a tour (enough for every board), 100000000 with --count"
        ),
        "{help}"
    );
    assert!(!help.contains("[default: 1000000000]"), "{help}");
    assert!(help.contains("--seconds <SECONDS>"), "{help}");
    let docs =
        std::fs::read_to_string(workspace_root().join("docs/tour.md")).expect("docs/tour.md");
    assert!(
        docs.contains("--max-steps N")
            && docs.contains("default 1,000,000,000 to find a tour, 100,000,000 with `--count`"),
        "docs/tour.md"
    );
}

#[test]
fn negative_numbers_read_like_junk() {
    let steps = |v: &str| one_error(&tour(&["--board", "8x8", "--max-steps", v])).to_string();
    assert_eq!(steps("-1"), steps("lots").replace("'lots'", "'-1'"));
    assert!(
        steps("-1").contains("expected a whole number from 0 up"),
        "{}",
        steps("-1")
    );
    let seconds = |v: &str| one_error(&tour(&["--board", "8x8", "--seconds", v])).to_string();
    assert_eq!(seconds("-1"), seconds("soon").replace("'soon'", "'-1'"));
    let board = |v: &str| one_error(&tour(&["--board", v])).to_string();
    let why = "expected WIDTHxHEIGHT with each side from 1 to 65535, like 8x8";
    for b in ["-5x5", "5x-5", "0x5", "8by8", "70000x3"] {
        assert_eq!(board(b), format!("error: board '{b}': {why}"));
    }
    let square = |v: &str| one_error(&tour(&["--board", "8x8", "--start", v])).to_string();
    assert_eq!(square("-1,3"), square("x,3").replace("'x,3'", "'-1,3'"));
    assert!(square("-1,3").starts_with("error: square '-1,3': expected a square"));
}

#[test]
fn a_missing_board_is_named() {
    let run = tour(&[]);
    assert!(one_error(&run).contains("--board"), "{}", run.stderr);
}

/// A search without a tour writes no picture and leaves whatever is at
/// `--svg FILE` as it was (a file of the user's, or the target of a link
/// there: issue #40), saying that no picture was written.
#[test]
fn no_tour_leaves_the_file_at_svg_as_it_was() {
    let dir = std::env::temp_dir().join(format!("plateau-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let svg = dir.join("tour.svg");
    let important = dir.join("important.txt");
    let link = dir.join("pic.svg");
    std::os::unix::fs::symlink("important.txt", &link).expect("a link");
    let (path, through) = (svg.display().to_string(), link.display().to_string());
    for args in [
        vec!["--board", "3x3", "--svg", &path],
        vec!["--board", "4x4", "--svg", &through],
        vec!["--board", "9x9", "--max-steps", "10", "--svg", &path],
    ] {
        std::fs::write(&svg, "<svg>an older tour</svg>").expect("written");
        std::fs::write(&important, "precious").expect("written");
        let r = tour(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(
            std::fs::read_to_string(&svg).expect("still there"),
            "<svg>an older tour</svg>",
            "{args:?}"
        );
        assert_eq!(
            std::fs::read_to_string(&important).expect("still there"),
            "precious",
            "{args:?}"
        );
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("the link")
                .file_type()
                .is_symlink()
        );
        let name = args.last().expect("the file");
        assert_eq!(
            r.stderr,
            format!("note: no tour to draw: no picture was written to {name}\n"),
            "{args:?}"
        );
    }
    // Nothing at the path: nothing is made there.
    std::fs::remove_file(&svg).expect("removed");
    let r = tour(&["--board", "3x3", "--svg", &path]);
    assert_eq!(r.code, 0);
    assert!(!svg.exists());
    let r = tour(&["--board", "5x5", "--svg", &path]);
    assert_eq!(r.code, 0);
    assert!(
        std::fs::read_to_string(&svg)
            .expect("a picture")
            .starts_with("<svg")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
