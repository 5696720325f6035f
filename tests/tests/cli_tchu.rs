//! `plateau tchu` after issue #18: one answer per result with a `status`,
//! "ran out" said one way, claims as data in JSON, one id-list syntax and
//! `--network` for `longest` and `bonus`, the stations and tickets listed, a
//! documented `--max-steps` default, and clap's and the numbers' errors whole.

use plateau_tests::{Run, run_cli, workspace_root};
use serde_json::{Value, json};

/// Runs `plateau ARGS` from the workspace root (fixture paths are relative to it).
fn run_in(args: &[&str], stdin: &[u8]) -> Run {
    std::env::set_current_dir(workspace_root()).expect("workspace root exists");
    run_cli(args, stdin)
}

/// Runs a command that must answer (exit 0, nothing on stderr).
fn answer(args: &[&str]) -> Run {
    let r = run_in(args, b"");
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    assert_eq!(r.stderr, "", "{args:?}");
    r
}

/// Runs a `--json` command and parses its one JSON line.
fn json_of(args: &[&str]) -> Value {
    let r = answer(args);
    assert_eq!(r.stdout.lines().count(), 1, "{args:?}: one line");
    serde_json::from_str(r.stdout.trim()).expect("one JSON object")
}

/// Runs a command that must fail with one `error:` line and exit 2; returns it.
fn error_of(args: &[&str]) -> String {
    let r = run_in(args, b"");
    assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
    assert_eq!(r.stdout, "");
    assert!(r.stderr.starts_with("error: "), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    r.stderr
}

const SPEC_IDS: [&str; 6] = [
    "NEU_YVE_1",
    "NEU_SOL_1",
    "BER_NEU_1",
    "BER_SOL_1",
    "BER_LUC_1",
    "BER_FRI_1",
];

// Finding: `tchu longest` said "ran out" as `"proven":false`.
#[test]
fn longest_says_exhausted_and_what_stopped_it() {
    // The map takes one step: a budget of none stops it before it.
    let cut = json_of(&["tchu", "longest", "--all", "--max-steps", "0", "--json"]);
    assert_eq!(cut["status"], "exhausted");
    assert_eq!(cut["stopped_by"], "max-steps");
    assert_eq!(cut["steps"], 0);
    assert!(cut.get("proven").is_none(), "{cut}");
    assert!(
        cut["length"]
            .as_u64()
            .is_some_and(|l| (6..159).contains(&l))
    );

    let whole = json_of(&["tchu", "longest", "--all", "--json"]);
    assert_eq!(whole["status"], "found");
    assert!(whole.get("stopped_by").is_none(), "{whole}");
    assert_eq!(whole["length"], 159);

    let timed = json_of(&[
        "tchu",
        "longest",
        "--all",
        "--seconds",
        "0.000001",
        "--json",
    ]);
    assert_eq!(timed["status"], "exhausted");
    assert_eq!(timed["stopped_by"], "seconds");

    // The text keeps its words.
    let text = answer(&["tchu", "longest", "--all", "--max-steps", "0"]);
    assert_eq!(
        text.stdout,
        "Locarno - Brigue (6)\nnot proven the longest: the search stopped after 0 steps (--max-steps)\n"
    );
}

// Finding: trails with --seconds come back in time, saying so. The hardest
// network known (`trail-grown-10.tsv`, grown by a hill climb) takes 7,504
// steps, about 55 ms here (2026-12-06): 0.01 s stops it.
#[test]
fn seconds_stops_a_long_search_promptly() {
    let began = std::time::Instant::now();
    let v = json_of(&[
        "tchu",
        "longest",
        "--network",
        "fixtures/tchu/trail-grown-10.tsv",
        "--max-steps",
        "1000000000",
        "--seconds",
        "0.01",
        "--json",
    ]);
    assert!(began.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(v["status"], "exhausted");
    assert_eq!(v["stopped_by"], "seconds");
    assert!(v["length"].as_u64().is_some_and(|l| l > 0));
    // Without flags the default budget (a million steps) proves it: its
    // length is the MILP's (91, in the fixture's header; tools/ci-milp.sh).
    let v = json_of(&[
        "tchu",
        "longest",
        "--network",
        "fixtures/tchu/trail-grown-10.tsv",
        "--json",
    ]);
    assert_eq!(v["status"], "found");
    assert_eq!(v["length"], 91);
    assert!(v["steps"].as_u64().is_some_and(|s| s < 1_000_000));
}

// Finding: `tchu bonus` likewise, its nested trails too (one vocabulary).
#[test]
fn bonus_says_exhausted_the_same_way_nested_trails_too() {
    let players = [
        "tchu",
        "bonus",
        "--a",
        "BER_LUC_1,LUC_ZOU_1",
        "--b",
        "BER_FRI_1,BER_NEU_1",
        "--json",
    ];
    let cut = json_of(&[&players[..], &["--max-steps", "1"]].concat());
    assert_eq!(cut["status"], "exhausted");
    assert_eq!(cut["stopped_by"], "max-steps");
    assert_eq!(cut["a"]["status"], "found");
    assert_eq!(cut["b"]["status"], "exhausted");
    assert_eq!(cut["b"]["stopped_by"], "max-steps");
    assert!(cut.get("bonus").is_none(), "undecided: no points: {cut}");
    assert_eq!(cut["steps"], 1);
    for v in [&cut, &cut["a"], &cut["b"]] {
        assert!(v.get("proven").is_none(), "{v}");
    }

    let decided = json_of(&players);
    assert_eq!(decided["status"], "found");
    assert!(decided.get("stopped_by").is_none());
    assert_eq!(decided["bonus"], json!({ "a": 10, "b": 0 }));
    assert_eq!(decided["a"]["status"], "found");
    assert_eq!(decided["b"]["status"], "found");
    assert_eq!(decided["a"]["length"], 5);
    assert_eq!(decided["b"]["length"], 3);
}

// Finding: claims were display strings with U+00D7 in JSON.
#[test]
fn claims_are_lists_of_cards_and_counts_in_json() {
    let coi = json_of(&["tchu", "claims", "COI_DAV_1", "--json"]);
    assert_eq!(coi["status"], "found");
    assert_eq!(coi["route"], "COI_DAV_1");
    assert_eq!(
        coi["claims"],
        json!([
            [{ "card": "VIOLET", "count": 2 }],
            [{ "card": "VIOLET", "count": 1 }, { "card": "LOCOMOTIVE", "count": 1 }],
            [{ "card": "LOCOMOTIVE", "count": 2 }],
        ])
    );
    let all = answer(&["tchu", "claims", "--all", "--json"]);
    assert_eq!(all.stdout.lines().count(), 88);
    assert!(!all.stdout.contains('×'));
    // A neutral tunnel of length 2 has 17 claims (SPEC), the last all locomotives.
    let fr1: Value = serde_json::from_str(
        all.stdout
            .lines()
            .find(|l| l.contains("\"FR1_MAR_1\""))
            .expect("FR1_MAR_1 listed"),
    )
    .expect("JSON");
    assert_eq!(fr1["claims"].as_array().map(Vec::len), Some(17));
    assert_eq!(
        fr1["claims"][16],
        json!([{ "card": "LOCOMOTIVE", "count": 2 }])
    );

    let payable = json_of(&[
        "tchu",
        "payable",
        "COI_DAV_1",
        "--hand",
        "violet,locomotive,locomotive",
        "--json",
    ]);
    assert_eq!(payable["status"], "found");
    assert_eq!(payable["can_claim"], true);
    assert_eq!(
        payable["claims"],
        json!([
            [{ "card": "VIOLET", "count": 1 }, { "card": "LOCOMOTIVE", "count": 1 }],
            [{ "card": "LOCOMOTIVE", "count": 2 }],
        ])
    );
    // The text keeps the bag's form.
    let text = answer(&["tchu", "claims", "COI_DAV_1"]);
    assert_eq!(
        text.stdout,
        "{2×VIOLET}\n{VIOLET, LOCOMOTIVE}\n{2×LOCOMOTIVE}\n"
    );
}

// Finding: `longest` took spaced ids, `bonus` comma-separated ones, and only
// `longest` took --network.
#[test]
fn longest_and_bonus_share_one_id_list_syntax_and_network() {
    let spaced = answer(&[&["tchu", "longest"][..], &SPEC_IDS[..]].concat());
    let joined = SPEC_IDS.join(",");
    let commas = answer(&["tchu", "longest", &joined]);
    let mixed = answer(&[
        "tchu",
        "longest",
        "NEU_YVE_1,NEU_SOL_1",
        "BER_NEU_1",
        "BER_SOL_1,BER_LUC_1,BER_FRI_1",
    ]);
    assert_eq!(
        spaced.stdout,
        "Lucerne - Berne - Neuchâtel - Soleure - Berne - Fribourg (13)\n"
    );
    assert_eq!(commas.stdout, spaced.stdout);
    assert_eq!(mixed.stdout, spaced.stdout);

    let bonus_commas = answer(&[
        "tchu",
        "bonus",
        "--a",
        "BER_LUC_1,BER_FRI_1",
        "--b",
        "BRI_LOC_1",
    ]);
    let bonus_spaced = answer(&[
        "tchu",
        "bonus",
        "--a",
        "BER_LUC_1",
        "BER_FRI_1",
        "--b",
        "BRI_LOC_1",
    ]);
    assert_eq!(bonus_commas.stdout, bonus_spaced.stdout);
    assert!(bonus_spaced.stdout.ends_with("bonus: B gets 10 points\n"));

    // --network FILE for both; `-` is standard input; ids pick routes of it.
    let tsv =
        std::fs::read(workspace_root().join("fixtures/tchu/trail-spec.tsv")).expect("fixture");
    let whole = run_in(&["tchu", "longest", "--network", "-", "--json"], &tsv);
    let whole: Value = serde_json::from_str(whole.stdout.trim()).expect("JSON");
    assert_eq!(whole["length"], 13);
    let part = run_in(
        &[
            "tchu",
            "longest",
            "--network",
            "-",
            "BER_LUC_1",
            "BER_FRI_1",
            "--json",
        ],
        &tsv,
    );
    let part: Value = serde_json::from_str(part.stdout.trim()).expect("JSON");
    assert_eq!(part["length"], 5);
    let bonus = run_in(
        &[
            "tchu",
            "bonus",
            "--network",
            "-",
            "--a",
            "BER_LUC_1,BER_FRI_1",
            "--b",
            "NEU_SOL_1",
            "NEU_YVE_1",
            "--json",
        ],
        &tsv,
    );
    assert_eq!(bonus.code, 0, "{}", bonus.stderr);
    let bonus: Value = serde_json::from_str(bonus.stdout.trim()).expect("JSON");
    assert_eq!(bonus["bonus"], json!({ "a": 0, "b": 10 }));
    // An id the file lacks is named with the file.
    let e = error_of(&[
        "tchu",
        "bonus",
        "--network",
        "fixtures/tchu/trail-spec.tsv",
        "--b",
        "ZOU_ZUR_1",
    ]);
    assert!(
        e.contains("--b: route 'ZOU_ZUR_1': no such route in fixtures/tchu/trail-spec.tsv"),
        "{e}"
    );
}

// Finding: nothing listed the rest of the map.
#[test]
fn stations_and_tickets_list_the_rest_of_the_map() {
    let stations = answer(&["tchu", "stations"]);
    let lines: Vec<&str> = stations.stdout.lines().collect();
    assert_eq!(lines.len(), 51);
    assert_eq!(lines.first().copied(), Some("BAD   0 Baden"));
    assert!(lines.contains(&"BER   3 Berne"));
    assert_eq!(lines.last().copied(), Some("FR4  50 France"));
    let json = answer(&["tchu", "stations", "--json"]);
    let de: Vec<Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &Value| v["name"] == "Allemagne")
        .collect();
    assert_eq!(de.len(), 5, "five stations share the name Allemagne");
    assert_eq!(
        de.first(),
        Some(&json!({ "status": "found", "code": "DE1", "id": 34, "name": "Allemagne" }))
    );

    let tickets = answer(&["tchu", "tickets"]);
    let lines: Vec<&str> = tickets.stdout.lines().collect();
    assert_eq!(lines.len(), 46);
    assert_eq!(lines.first().copied(), Some(" 1 Bâle - Berne (5)"));
    assert_eq!(
        lines.get(34).copied(),
        Some("35 Berne - {Allemagne (6), Autriche (11), Italie (8), France (5)}")
    );
    let json = answer(&["tchu", "tickets", "--json"]);
    let all: Vec<Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(all.len(), 46);
    assert_eq!(
        all[0],
        json!({ "status": "found", "number": 1, "trips": [{ "from": "BAL", "to": "BER", "points": 5 }] })
    );
    // Berne to a country: one trip per border station (5 + 3 + 5 + 4).
    assert_eq!(all[34]["trips"].as_array().map(Vec::len), Some(17));
    assert_eq!(
        all[34]["trips"][0],
        json!({ "from": "BER", "to": "DE1", "points": 6 })
    );
}

// Finding: a status on every answer, first, in the shared vocabulary.
#[test]
fn every_json_answer_starts_with_its_status() {
    let commands: &[&[&str]] = &[
        &["tchu", "routes"],
        &["tchu", "stations"],
        &["tchu", "tickets"],
        &["tchu", "claims", "--all"],
        &["tchu", "claims", "BER_LUC_1", "FR1_MAR_1"],
        &[
            "tchu",
            "additional",
            "FR1_MAR_1",
            "--claim",
            "red,red",
            "--drawn",
            "red,black,locomotive",
        ],
        &[
            "tchu",
            "payable",
            "BER_LUC_1",
            "--hand",
            "black,black,black,black",
        ],
        &["tchu", "payable", "BER_LUC_1", "--hand", "black"],
        &["tchu", "longest"],
        &["tchu", "longest", "--all"],
        &["tchu", "longest", "--all", "--max-steps", "0"],
        &["tchu", "bonus"],
        &[
            "tchu",
            "bonus",
            "--a",
            "BER_LUC_1",
            "--b",
            "BRI_LOC_1",
            "--max-steps",
            "0",
        ],
    ];
    for args in commands {
        let r = answer(&[*args, &["--json"][..]].concat());
        for line in r.stdout.lines() {
            let v: Value = serde_json::from_str(line).expect("one JSON object a line");
            let status = v["status"].as_str().unwrap_or_default();
            assert!(
                ["found", "none", "exhausted"].contains(&status),
                "{args:?}: {line}"
            );
            assert!(
                line.starts_with("{\"status\":"),
                "{args:?}: status first: {line}"
            );
            assert!(!line.contains("\"proven\""), "{args:?}: {line}");
        }
    }
    let additional = json_of(&[
        "tchu",
        "additional",
        "FR1_MAR_1",
        "--claim",
        "red,red",
        "--drawn",
        "red,black,locomotive",
        "--json",
    ]);
    assert_eq!(
        additional,
        json!({ "status": "found", "route": "FR1_MAR_1", "additional": 2 })
    );
    let none = json_of(&["tchu", "payable", "BER_LUC_1", "--hand", "black", "--json"]);
    assert_eq!(
        none,
        json!({ "status": "none", "route": "BER_LUC_1", "can_claim": false, "claims": [] })
    );
    // Routes: keys in the documented order.
    let routes = answer(&["tchu", "routes", "--json"]);
    assert_eq!(
        routes.stdout.lines().next(),
        Some(
            r#"{"status":"found","id":"AT1_STG_1","station1":{"code":"AT1","id":39,"name":"Autriche"},"station2":{"code":"STG","id":27,"name":"Saint-Gall"},"length":4,"level":"UNDERGROUND","color":null}"#
        )
    );
}

// Finding: `longest` had no --max-steps default; the default must let the
// whole map end, within seconds.
#[test]
fn max_steps_has_a_documented_default_that_the_whole_map_fits() {
    for command in ["longest", "bonus"] {
        let help = answer(&["tchu", command, "--help"]);
        assert!(help.stdout.contains("--max-steps <N>"), "{}", help.stdout);
        assert!(
            help.stdout.contains("[default: 1000000]"),
            "{}",
            help.stdout
        );
        assert!(
            help.stdout.contains("--seconds <SECONDS>"),
            "{}",
            help.stdout
        );
        assert!(help.stdout.contains("--network <FILE>"), "{}", help.stdout);
    }
    let whole = json_of(&["tchu", "longest", "--all", "--json"]);
    let steps = whole["steps"].as_u64().expect("steps");
    assert!(steps > 0 && steps * 100 < 1_000_000, "{steps}");
    let singles = json_of(&[
        "tchu",
        "longest",
        "--network",
        "fixtures/tchu/trail-singles.tsv",
        "--json",
    ]);
    assert_eq!(singles["status"], "found");
    assert_eq!(singles["length"], 139);
}

// Finding: a missing argument of `tchu additional` is named; negative and
// malformed numbers get one wording.
#[test]
fn errors_name_the_argument_and_numbers_share_one_wording() {
    let e = error_of(&["tchu", "additional", "FR1_MAR_1"]);
    assert!(
        e.contains("--claim <CARDS>") && e.contains("--drawn <CARDS>"),
        "{e}"
    );
    let e = error_of(&["tchu", "additional"]);
    assert!(e.contains("<ROUTE_ID>"), "{e}");
    for (flag, value, wording) in [
        ("--max-steps", "-1", "expected a whole number from 0 up"),
        ("--max-steps", "lots", "expected a whole number from 0 up"),
        ("--seconds", "-1", "expected a number of seconds above 0"),
    ] {
        for command in ["longest", "bonus"] {
            let e = error_of(&["tchu", command, flag, value]);
            assert!(e.contains(wording), "{command} {flag} {value}: {e}");
        }
    }
    for cars in ["-1", "300", "many"] {
        let e = error_of(&[
            "tchu",
            "payable",
            "BER_LUC_1",
            "--hand",
            "black",
            "--cars",
            cars,
        ]);
        assert!(e.contains("expected a whole number from 0 to 255"), "{e}");
    }
}

// Finding: answers built with `json!` maps and hand-written JSON.
#[test]
fn the_tchu_commands_write_no_json_by_hand() {
    let dir = workspace_root().join("host-cli/src/cmd/tchu");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("cmd/tchu exists") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        files += 1;
        for banned in ["json!", "serde_json::Value", "\\\"length\\\"", "{{\\\""] {
            assert!(!text.contains(banned), "{}: {banned}", path.display());
        }
    }
    assert!(files >= 2);
}
