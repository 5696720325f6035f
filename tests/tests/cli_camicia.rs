//! `plateau camicia` against the findings of issue #18: typed JSON answers
//! with `status` first, a streamed trace, a batch checked before it is played,
//! the hunt's status and seconds, merge's errors and the shared wording of
//! numbers.

use plateau_tests::{Run, run_cli, workspace_root};
use serde_json::Value;

fn run(args: &[&str]) -> Run {
    run_cli(args, b"")
}

fn json_lines(r: &Run) -> Vec<Value> {
    assert_eq!(r.code, 0, "{}", r.stderr);
    r.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// Says the run failed with one `error:` line containing `words`.
fn refused(r: &Run, words: &str) {
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stdout.is_empty(), "nothing is printed: {}", r.stdout);
    assert!(r.stderr.starts_with("error: "), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains(words), "{} lacks {words}", r.stderr);
}

const NESSLER: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
use plateau::camicia::CASELLA_2024 as CASELLA;
/// The JSON answer for J23/4J5: the spec's loop and its cycle.
const J23_LOOP_JSON: &str = r#"{"status":"loop","cards":8,"tricks":3,"cycle":{"id":"d64062ae581c","tricks":2,"cards":6,"entry":1}}"#;

// ---- trace: streamed, one line per event ----

#[test]
fn trace_json_is_one_record_per_event_with_event_first_then_the_answer() {
    let r = run(&["camicia", "trace", "J23/4J5", "--json"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let (answer, records) = lines.split_last().expect("lines");
    assert_eq!(*answer, J23_LOOP_JSON);
    // The deal, 8 cards played, 4 takes (3 tricks and ... every take listed).
    assert!(
        records.iter().all(|l| l.starts_with(r#"{"event":""#)),
        "{}",
        r.stdout
    );
    assert_eq!(
        records[0],
        r#"{"event":"deal","round":1,"a":"J 2 3","b":"4 J 5","pile":"","owed":0}"#
    );
    assert_eq!(
        records[1],
        r#"{"event":"play","round":1,"player":"A","card":"J","a":"2 3","b":"4 J 5","pile":"J","owed":1}"#
    );
    assert_eq!(
        records[3],
        r#"{"event":"take","round":1,"player":"A","cards":2,"a":"2 3 J 4","b":"J 5","pile":"","owed":0}"#
    );
    let plays = records
        .iter()
        .filter(|l| l.contains(r#""event":"play""#))
        .count();
    assert_eq!(plays, 8);
}

/// The table (two passes) and the JSON (one) list the same events, row by
/// row, and the table's columns line up.
#[test]
fn trace_table_and_json_stream_the_same_events_aligned() {
    let text = run(&["camicia", "trace", NESSLER]);
    let json = json_lines(&run(&["camicia", "trace", NESSLER, "--json"]));
    let rows: Vec<&str> = text.stdout.lines().collect();
    // Header + one row per record + the answer line.
    assert_eq!(rows.len(), json.len() + 1);
    assert_eq!(
        rows[rows.len() - 1],
        "status: finished, cards: 8344, tricks: 1164"
    );
    assert_eq!(json[json.len() - 1]["cards"], 8344);
    let header = rows[0];
    let col = |name: &str| header.find(name).expect("a column");
    let (a, b, pile, owed) = (col("A's hand"), col("B's hand"), col("pile"), col("owed"));
    for (row, rec) in rows[1..rows.len() - 1].iter().zip(&json) {
        let field = |from: usize, to: usize| row[from..to].trim_end();
        assert_eq!(field(a, b), rec["a"].as_str().expect("a"), "{row}");
        assert_eq!(field(b, pile), rec["b"].as_str().expect("b"), "{row}");
        assert_eq!(
            field(pile, owed),
            rec["pile"].as_str().expect("pile"),
            "{row}"
        );
        assert_eq!(row[owed..].trim(), rec["owed"].to_string(), "{row}");
    }
}

#[test]
fn a_cut_trace_says_what_stopped_it() {
    let r = run(&["camicia", "trace", CASELLA, "--max-steps", "3", "--json"]);
    let last = r.stdout.lines().last().expect("an answer");
    assert_eq!(
        last,
        r#"{"status":"exhausted","cards":31,"tricks":3,"stopped_by":"max-steps"}"#
    );
}

// ---- simulate and --batch ----

#[test]
fn an_exhausted_game_says_what_stopped_it_and_exits_0() {
    let r = run(&["camicia", CASELLA, "--max-rounds", "20", "--json"]);
    assert_eq!(
        r.stdout,
        "{\"status\":\"exhausted\",\"cards\":152,\"tricks\":20,\"stopped_by\":\"max-steps\"}\n"
    );
    let r = run(&["camicia", "J23/4J5", "--json"]);
    assert_eq!(r.stdout, format!("{J23_LOOP_JSON}\n"));
}

#[test]
fn batch_answers_echo_their_line_and_deal() {
    let input = b"# two deals\n\n  J--/-JA  \n2 A 7 | 3 K\n";
    let r = run_cli(&["camicia", "--batch", "-", "--json"], input);
    let v = json_lines(&r);
    assert_eq!(v.len(), 2);
    let keys: Vec<&str> = v[0]
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        r.stdout
            .lines()
            .next()
            .map(|l| l.starts_with(r#"{"status":"#)),
        Some(true)
    );
    assert!(keys.contains(&"line") && keys.contains(&"deal"), "{keys:?}");
    assert_eq!(
        (v[0]["line"].as_u64(), v[0]["deal"].as_str()),
        (Some(3), Some("J--/-JA"))
    );
    assert_eq!(
        (v[1]["line"].as_u64(), v[1]["deal"].as_str()),
        (Some(4), Some("2 A 7 | 3 K"))
    );
    assert_eq!(v[0]["status"], "finished");
    // Text stays one line per deal, without the echo.
    let r = run_cli(&["camicia", "--batch"], input);
    assert_eq!(
        r.stdout,
        "status: finished, cards: 12, tricks: 4\nstatus: finished, cards: 5, tricks: 1\n"
    );
}

#[test]
fn batch_checks_every_line_before_playing_any() {
    let input = b"-/-\nJ23/4J5\n-/-Z\n-/-\n";
    let r = run_cli(&["camicia", "--batch", "-", "--json"], input);
    refused(
        &r,
        "standard input: line 3, column 4: B's card 2 'Z' is not a card",
    );
    let r = run_cli(&["camicia", "--batch"], input);
    refused(&r, "line 3");
}

// ---- the hunt and merge ----

/// The decimals of the number under `key` in a JSON line, as written.
fn decimals(line: &str, key: &str) -> usize {
    let at = line.find(&format!("\"{key}\":")).expect("the key") + key.len() + 3;
    let number: String = line[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == 'e' || *c == '-')
        .collect();
    assert!(!number.contains('e'), "{number}");
    number.split_once('.').map_or(0, |(_, d)| d.len())
}

#[test]
fn the_hunt_summary_has_status_first_and_seconds_to_the_millisecond() {
    let r = run(&[
        "camicia",
        "hunt",
        "--deals",
        "3000",
        "--threads",
        "2",
        "--json",
    ]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let summary = lines[0];
    assert!(
        summary.starts_with(r#"{"status":"found","kind":"summary","deals":3000,"#),
        "{summary}"
    );
    assert!(!summary.contains("stopped_by"), "{summary}");
    for key in ["seconds", "thread_seconds", "cpu_seconds"] {
        assert!(decimals(summary, key) <= 3, "{key}: {summary}");
    }
    for key in [
        "deals_per_second",
        "deals_per_second_per_thread",
        "deals_per_cpu_second",
    ] {
        assert_eq!(decimals(summary, key), 0, "{key}: {summary}");
    }
    // Every deal listed says its game's status first; the end line closes.
    let (end, listed) = lines[1..].split_last().expect("an end line");
    assert!(end.starts_with(r#"{"event":"end","lines":"#), "{end}");
    for line in listed {
        assert!(
            line.starts_with(r#"{"status":"finished","kind":"by-"#)
                || line.starts_with(r#"{"status":"loop","kind":"loop""#),
            "{line}"
        );
    }
}

/// Checks that a listed deal's game finishes as the tests' reference
/// simulator plays it, with the cards and tricks listed.
fn replays(listed: &Value) {
    let deal = listed["deal"].as_str().expect("a deal");
    let (a, b) = deal.split_once('/').expect("A/B");
    let hand = |h: &str| -> Vec<u8> {
        h.chars()
            .map(|c| {
                plateau::camicia::Rank::from_compact(c)
                    .expect("a card")
                    .penalty()
            })
            .collect()
    };
    let (status, cards, tricks) = plateau_tests::camicia_reference(&hand(a), &hand(b));
    assert_eq!(status, plateau::camicia::Status::Finished);
    assert_eq!(
        (Some(cards), Some(tricks)),
        (listed["cards"].as_u64(), listed["tricks"].as_u64())
    );
}

/// Runs `camicia hunt --deals DEALS --seed SEED --threads 1 --json` with
/// `more` flags.
fn hunt_json(seed: &str, deals: &str, more: &[&str]) -> Vec<Value> {
    let mut args = vec![
        "camicia",
        "hunt",
        "--seed",
        seed,
        "--deals",
        deals,
        "--threads",
        "1",
        "--json",
    ];
    args.extend_from_slice(more);
    json_lines(&run(&args))
}

/// The default hunt plays fresh shuffles and lifts their games of 1,900
/// cards or more: seed 25's 2,000 deals, played as `--fresh` plays them
/// (the same counts and, without lifts, the same lists), hold a game of
/// 2,004 cards, lifted to deals of its tree, longer, each as the
/// reference plays it.
#[test]
fn the_hunt_lifts_fresh_shuffles_games() {
    let fresh = hunt_json("25", "2000", &["--fresh"]);
    assert_eq!(
        (fresh[0]["fresh"].as_bool(), fresh[0]["climb"].as_bool()),
        (Some(true), Some(false))
    );
    let unlifted = hunt_json("25", "2000", &["--lift-from", "off"]);
    let listed = |lines: &[Value]| -> Vec<Value> {
        lines
            .iter()
            .filter(|v| v.get("deal").is_some())
            .cloned()
            .collect()
    };
    assert_eq!(listed(&unlifted), listed(&fresh));
    assert_eq!(
        (
            unlifted[1]["cards"].as_u64(),
            unlifted[1]["tricks"].as_u64()
        ),
        (Some(2004), Some(282))
    );
    let lifted = hunt_json("25", "2000", &[]);
    assert_eq!(lifted[0]["lift_from"], 1900);
    assert_eq!(lifted[0]["climb"], false);
    // The same deals played: the lift lists, it does not count.
    for key in ["deals", "finished", "cards_of_finished"] {
        assert_eq!(lifted[0][key], fresh[0][key], "{key}");
    }
    let by_cards: Vec<&Value> = lifted.iter().filter(|v| v["kind"] == "by-cards").collect();
    assert_eq!(by_cards.len(), 5);
    for best in by_cards {
        assert!(best["cards"].as_u64() > Some(2004), "{best}");
        replays(best);
    }
    let help = run(&["camicia", "hunt", "--help"]);
    let line = help
        .stdout
        .lines()
        .find(|l| l.contains("--lift-from <CARDS>"))
        .expect("in --help");
    assert!(line.ends_with("[default: 1900]"), "{line}");
}

/// `--climb --lift-from off` is the hunt as it was before it lifted: seed
/// 17's 3,000 deals list the climb's longest game, 1,677 cards (pinned by
/// the firmware's checks before the lift), and no `lift_from`; lifted from
/// 1,600 cards that game is lifted to deals of its tree, longer, each as the
/// reference plays it. A threshold of 0, a lifting `--fresh` and a climbing
/// one are refused.
#[test]
fn the_climb_lifts_its_games_and_off_is_the_climb_alone() {
    let args = |lift: &str| hunt_json("17", "3000", &["--climb", "--lift-from", lift]);
    let climb = args("off");
    assert!(climb[0].get("lift_from").is_none(), "{}", climb[0]);
    assert_eq!(climb[0]["climb"], true);
    let longest = "--Q---A----J--Q---K-QK-K--/-A---Q-JA-------JJ--K---A-";
    assert_eq!(climb[1]["deal"], longest);
    assert_eq!(
        (climb[1]["cards"].as_u64(), climb[1]["tricks"].as_u64()),
        (Some(1677), Some(239))
    );
    let lifted = args("1600");
    assert_eq!(lifted[0]["lift_from"], 1600);
    // The same deals played: the lift lists, it does not count.
    for key in ["deals", "finished", "cards_of_finished"] {
        assert_eq!(lifted[0][key], climb[0][key], "{key}");
    }
    let best = &lifted[1];
    assert!(best["cards"].as_u64() > Some(1677), "{best}");
    replays(best);
    let lifted_too = args("1677");
    assert_eq!(
        lifted_too[1]["deal"], best["deal"],
        "the 1,677-card game is the one lifted"
    );
    assert_eq!(args("1678")[1]["deal"], longest, "none lifted from 1,678");
    refused(
        &run(&["camicia", "hunt", "--deals", "5", "--lift-from", "0"]),
        "--lift-from",
    );
    for other in ["--lift-from=9", "--climb"] {
        refused(
            &run(&["camicia", "hunt", "--deals", "5", "--fresh", other]),
            "--fresh",
        );
    }
}

#[test]
fn a_hunt_that_time_stops_is_exhausted_by_seconds_and_exits_0() {
    let r = run(&[
        "camicia",
        "hunt",
        "--seconds",
        "0.2",
        "--threads",
        "1",
        "--json",
    ]);
    let v = json_lines(&r);
    assert_eq!(v[0]["status"], "exhausted");
    assert_eq!(v[0]["stopped_by"], "seconds");
    let r = run(&["camicia", "hunt", "--seconds", "0.2", "--threads", "1"]);
    assert_eq!(r.code, 0);
    let first = r.stdout.lines().next().expect("a summary");
    assert!(
        first.ends_with("(seed 1, shard 1/1), stopped by --seconds"),
        "{first}"
    );
    // A hunt that plays all its --deals says nothing of the kind.
    let r = run(&["camicia", "hunt", "--deals", "100", "--threads", "1"]);
    let first = r.stdout.lines().next().expect("a summary");
    assert!(first.ends_with("(seed 1, shard 1/1)"), "{first}");
}

/// Timing keys masked: what is left depends on the seed and the deals only.
fn hunt_without_timing(threads: &str) -> Vec<Value> {
    let r = run(&[
        "camicia",
        "hunt",
        "--deals",
        "40000",
        "--seed",
        "3",
        "--threads",
        threads,
        "--json",
    ]);
    let mut v = json_lines(&r);
    // The end line hashes the timings too.
    assert_eq!(v.pop().map(|end| end["event"].clone()), Some("end".into()));
    let summary = v[0].as_object_mut().expect("object");
    for key in [
        "seconds",
        "thread_seconds",
        "cpu_seconds",
        "deals_per_second",
        "deals_per_second_per_thread",
        "deals_per_cpu_second",
    ] {
        summary.remove(key).expect("a timing key");
    }
    // The threads asked for, whatever the processors.
    let asked: u64 = threads.parse().expect("a number");
    assert_eq!(summary.remove("threads"), Some(asked.into()));
    v
}

#[test]
fn the_hunt_output_for_a_seed_does_not_depend_on_the_threads() {
    assert_eq!(hunt_without_timing("1"), hunt_without_timing("3"));
}

#[test]
fn merge_reads_standard_input_by_default_and_has_a_status() {
    let hunt = run(&[
        "camicia",
        "hunt",
        "--deals",
        "2000",
        "--threads",
        "1",
        "--json",
    ]);
    let r = run_cli(&["camicia", "merge", "--json"], hunt.stdout.as_bytes());
    let v = json_lines(&r);
    assert_eq!(v[0]["status"], "found");
    assert_eq!(v[0]["deals"], 2000);
    assert!(
        r.stdout
            .starts_with(r#"{"status":"found","kind":"summary","#)
    );
    let listed =
        |v: &[Value]| -> Vec<String> { v[1..].iter().map(|x| x["deal"].to_string()).collect() };
    assert_eq!(listed(&v), listed(&json_lines(&hunt)));
}

#[test]
fn merge_file_errors_are_plain_words() {
    std::env::set_current_dir(workspace_root()).expect("workspace root exists");
    let r = run(&["camicia", "merge", "fixtures/camicia/no-such-file.json"]);
    refused(
        &r,
        "cannot read fixtures/camicia/no-such-file.json: no such file",
    );
    assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    let r = run(&["camicia", "merge", "fixtures/camicia"]);
    refused(&r, "is a directory");
}

/// A hunt's output of the one `summary` line, closed by its end line (the
/// FNV-1a hash written here independently of the tool).
fn sealed(summary: &str) -> String {
    let body = format!("{summary}\n");
    let hash = body.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{body}{{\"event\":\"end\",\"lines\":1,\"fnv64\":\"{hash:016x}\"}}\n")
}

#[test]
fn merge_numbers_get_the_shared_wording() {
    let line = |deals: &str| {
        sealed(&format!(
            r#"{{"status":"found","kind":"summary","deals":{deals},"chunks":1,"finished":7,"loops":0,"exhausted":0,"cards_of_finished":2,"threads":1,"tasks":1,"seed":1,"shard":"1/1","asked_deals":7,"fresh":false,"max_rounds":9}}"#
        ))
    };
    for (deals, shown) in [("-1", "-1"), ("1.5", "1.5"), (r#""many""#, "many")] {
        let r = run_cli(&["camicia", "merge"], line(deals).as_bytes());
        refused(
            &r,
            &format!("standard input: line 1: deals '{shown}': expected a whole number from 0 up"),
        );
    }
    // Found means every deal asked for played.
    for (from, to, words) in [
        (
            r#""asked_deals":7"#,
            r#""asked_deals":9"#,
            "found after 7 deals, of the 9 of --deals 9: a hunt cut short is exhausted",
        ),
        (
            r#","asked_deals":7"#,
            "",
            "found without --deals: a hunt with no count of deals is exhausted",
        ),
    ] {
        let edited = line("7")
            .lines()
            .next()
            .expect("the summary")
            .replace(from, to);
        let r = run_cli(&["camicia", "merge"], sealed(&edited).as_bytes());
        refused(&r, &format!("standard input: line 1: {words}"));
    }
    let r = run_cli(&["camicia", "merge"], line("7").as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "merged: 7 deals (1 chunk) from 1 task on 1 thread (seed 1, shards 1/1)\n"
        ),
        "{}",
        r.stdout
    );
    // Its times are 0 (not given): no rate, where one was the deals over a
    // nanosecond (7,000 M deals/s); and 7 deals in 0.5 s are 14 a second.
    assert!(
        r.stdout.contains(
            "\nrate: deals/s not measured (0 s), deals/s per thread not measured (0 s), deals per processor second not measured (0 s)\n"
        ),
        "{}",
        r.stdout
    );
    let r = run_cli(&["camicia", "merge", "--json"], line("7").as_bytes());
    assert!(
        r.stdout.contains(
            r#""deals_per_second":null,"deals_per_second_per_thread":null,"deals_per_cpu_second":null,"#
        ),
        "{}",
        r.stdout
    );
    let timed = line("7").replace(
        r#""threads":1"#,
        r#""seconds":0.5,"thread_seconds":0.5,"cpu_seconds":0.25,"threads":1"#,
    );
    let timed = sealed(timed.lines().next().expect("the summary"));
    let r = run_cli(&["camicia", "merge", "--json"], timed.as_bytes());
    assert!(
        r.stdout.contains(
            r#""deals_per_second":14,"deals_per_second_per_thread":14,"deals_per_cpu_second":28,"#
        ),
        "{}",
        r.stdout
    );
    let r = run_cli(
        &["camicia", "merge"],
        sealed(r#"{"kind":"summary","tasks":1}"#).as_bytes(),
    );
    refused(
        &r,
        "line 1: expected the summary of `plateau camicia hunt --json`: missing field",
    );
}

// ---- flags: placeholders, defaults, numbers ----

#[test]
fn budgets_have_the_same_placeholders_and_documented_defaults() {
    for cmd in [
        &["camicia", "--help"][..],
        &["camicia", "trace", "--help"],
        &["camicia", "hunt", "--help"],
    ] {
        let help = run(cmd).stdout;
        let line = |flag: &str| {
            help.lines()
                .find(|l| l.trim_start().starts_with(flag))
                .unwrap_or_else(|| panic!("{cmd:?}: no {flag}"))
                .to_string()
        };
        assert!(line("--seconds").contains("--seconds <SECONDS>"), "{help}");
        let rounds = line("--max-rounds");
        assert!(
            rounds.contains("--max-rounds <N>") && rounds.contains("[default: 1000000]"),
            "{rounds}"
        );
    }
    let hunt = run(&["camicia", "hunt", "--help"]).stdout;
    assert!(
        hunt.contains("--deals <N>") && hunt.contains("[aliases: --max-steps]")
            || hunt.contains("[alias: --max-steps]"),
        "{hunt}"
    );
}

#[test]
fn negative_and_junk_numbers_get_the_shared_wording() {
    let whole = "expected a whole number from 0 up";
    let cases: [(&[&str], &str); 13] = [
        (&["camicia", "--max-rounds", "-1", "J23/4J5"], whole),
        (&["camicia", "J23/4J5", "--max-rounds", "-1"], whole),
        (&["camicia", "J23/4J5", "--max-steps=x"], whole),
        (&["camicia", "trace", "J23/4J5", "--max-steps", "-3"], whole),
        (
            &["camicia", "J23/4J5", "--seconds", "-1"],
            "expected a number of seconds above 0",
        ),
        (
            &["camicia", "hunt", "--seconds", "-1"],
            "expected a number of seconds above 0",
        ),
        (
            &["camicia", "hunt", "--deals", "-5"],
            "expected a whole number from 1 up",
        ),
        (
            &["camicia", "hunt", "--deals", "0"],
            "expected a whole number from 1 up",
        ),
        (&["camicia", "hunt", "--seed", "-5"], whole),
        (&["camicia", "hunt", "--max-rounds", "x"], whole),
        (
            &["camicia", "hunt", "--threads", "0"],
            "expected a whole number from 1 to 1024",
        ),
        (
            &["camicia", "hunt", "--top", "-1"],
            "expected a whole number from 1 to 1000",
        ),
        (
            &["camicia", "merge", "--top", "many"],
            "expected a whole number from 1 to 1000",
        ),
    ];
    for (args, words) in cases {
        let r = run(args);
        refused(&r, words);
    }
    let r = run(&["camicia", "hunt", "--shard", "-1/2"]);
    refused(&r, "K: expected a whole number from 1 up");
    // The flags among the hands get clap's own shape.
    let r = run(&["camicia", "J23/4J5", "--max-rounds", "-1"]);
    refused(
        &r,
        "invalid value '-1' for '--max-rounds <N>': expected a whole number from 0 up (see --help)",
    );
}

#[test]
fn nothing_prints_json_by_hand() {
    // Every file of the family, in its sub-folders too.
    let mut dirs = vec![workspace_root().join("host-cli/src/cmd/camicia")];
    let mut files = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).expect("source");
            assert!(!text.contains("json!"), "{}", path.display());
            assert!(!text.contains("serde_json::Value"), "{}", path.display());
        }
    }
    assert!(files >= 10, "{files} files");
}

/// A word after a whole deal A/B is not read as B's hand (a hand may begin
/// with `-`, so an option written after the deal used to be one): refused,
/// naming the word; two hands, and options before the deal, still play.
#[test]
fn a_deal_without_a_card_is_refused_in_each_form() {
    refused(
        &run(&["camicia", "/"]),
        "deal '/': no card in either hand: a deal needs at least one card",
    );
    refused(
        &run(&["camicia", "", ""]),
        "error: both hands are empty: a deal needs at least one card\n",
    );
    let r = run_cli(&["camicia", "--batch", "-"], b"2/3\n/\n");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.ends_with(
            "error: standard input: line 2: no card in either hand: a deal needs at least one card\n"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn a_word_after_a_whole_deal_is_refused_as_an_option_out_of_place() {
    for (args, word) in [
        (&["camicia", "2/3", "-h"][..], "-h"),
        (&["camicia", "2/3", "--batch", "f"], "--batch"),
        (&["camicia", "J23/4J5", "--bogus"], "--bogus"),
        (&["camicia", "trace", "J23/4J5", "--"], "--"),
    ] {
        refused(
            &run(args),
            &format!(
                "'{word}' after the deal A/B would be read as a hand: give options before the deal"
            ),
        );
    }
    let two_hands = run(&["camicia", "J23", "4J5", "--json"]);
    assert_eq!(
        json_lines(&two_hands),
        json_lines(&run(&["camicia", "--json", "J23/4J5"]))
    );
    assert_eq!(two_hands.stdout.trim(), J23_LOOP_JSON);
}
