//! `plateau jass` against the findings of issue #18: typed JSON answers with
//! `status` first ("found"), `jass score` one answer per line with the number
//! of events applied, and one wording for negative numbers and junk.

use plateau_tests::{Run, run_cli};
use serde_json::Value;

fn jass(args: &[&str]) -> Run {
    let args: Vec<&str> = std::iter::once("jass")
        .chain(args.iter().copied())
        .collect();
    run_cli(&args, b"")
}

fn lines(run: &Run) -> Vec<Value> {
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

fn one_error(run: &Run) -> String {
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    run.stderr.trim_end().to_string()
}

#[test]
fn pack_and_unpack_answer_found_with_status_first() {
    for args in [
        &["pack", "1", "13", "0", "0", "0", "0", "--json"][..],
        &["unpack", "0xd1", "--json"],
    ] {
        let run = jass(args);
        assert_eq!(
            run.stdout,
            "{\"status\":\"found\",\"packed\":\"0x00000000000000d1\",\"text\":\"(1,13,0)/(0,0,0)\"}\n",
            "{args:?}"
        );
    }
    // The text stays as it was: the hex for pack, the score for unpack.
    assert_eq!(
        jass(&["pack", "1", "13", "0", "0", "0", "0"]).stdout,
        "0x00000000000000d1\n"
    );
    assert_eq!(jass(&["unpack", "0xd1"]).stdout, "(1,13,0)/(0,0,0)\n");
}

#[test]
fn score_prints_one_answer_per_score_numbered_by_events() {
    let run = jass(&["score", "1:13", "2:18", "next", "--json"]);
    let v = lines(&run);
    assert_eq!(v.len(), 4, "the initial score and one per event");
    for (i, line) in v.iter().enumerate() {
        assert_eq!(line["status"], "found");
        assert_eq!(line["events"], i);
        assert!(
            run.stdout
                .lines()
                .nth(i)
                .unwrap()
                .starts_with("{\"status\":\"found\",\"events\":")
        );
    }
    assert_eq!(v[0]["text"], "(0,0,0)/(0,0,0)");
    assert_eq!(v[3]["text"], "(0,0,13)/(0,0,18)");
    // Game points sit in bits 13-23 of each half (SPEC).
    let packed = format!("{:#018x}", (18u64 << 13 << 32) | (13u64 << 13));
    assert_eq!(v[3]["packed"], packed.as_str());
    // An error in any event prints no score at all.
    let bad = jass(&["score", "1:13", "3:1", "--json"]);
    assert_eq!(
        one_error(&bad),
        "error: event 2 '3:1': the team must be 1 or 2"
    );
}

#[test]
fn negative_numbers_read_like_junk() {
    // pack: each field's range in the shared wording.
    assert_eq!(
        one_error(&jass(&["pack", "0", "0", "0", "0", "0", "-1"])),
        "error: G2 '-1': expected a whole number from 0 to 2000"
    );
    assert_eq!(
        one_error(&jass(&["pack", "x", "0", "0", "0", "0", "0"])),
        "error: T1 'x': expected a whole number from 0 to 9"
    );
    assert_eq!(
        one_error(&jass(&["pack", "-3", "0", "0", "0", "0", "0"])),
        "error: T1 '-3': expected a whole number from 0 to 9"
    );
    assert_eq!(
        one_error(&jass(&["pack", "0", "258", "0", "0", "0", "0"])),
        "error: P1 '258': expected a whole number from 0 to 257"
    );
    assert_eq!(
        one_error(&jass(&["pack", "99999999999", "0", "0", "0", "0", "0"])),
        "error: T1 '99999999999': expected a whole number from 0 to 9"
    );
    // score: the points of a trick.
    let points = |e: &str| one_error(&jass(&["score", e]));
    assert_eq!(
        points("1:-5"),
        "error: event 1 '1:-5': points: expected a whole number from 0 to 257"
    );
    assert_eq!(
        points("1:x"),
        "error: event 1 '1:x': points: expected a whole number from 0 to 257"
    );
    assert_eq!(
        points("1:99999999999999999999999"),
        "error: event 1 '1:99999999999999999999999': points: expected a whole number from 0 to 257"
    );
    // A turn past 257 points is still the core's rule.
    assert_eq!(
        one_error(&jass(&["score", "1:200", "1:100"])),
        "error: event 2 '1:100': a team cannot score more than 257 points in a turn"
    );
    // unpack: a leading '-' is a bad value, not an unknown flag.
    assert_eq!(
        one_error(&jass(&["unpack", "-0x1"])),
        "error: packed score '-0x1': expected up to 16 hex digits, like 0xd1"
    );
}
