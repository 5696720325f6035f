//! The conventions every command shares (issue #18): one budget grammar in
//! every `--help`, a `status` on every JSON answer, clap's errors kept whole on
//! one line, plain words for OS errors, completions and man pages.

use plateau_tests::{run_cli, workspace_root};

/// Returns the command paths under `path` listed by `--help` ("Commands:"), depth first.
fn commands(path: &[String], out: &mut Vec<Vec<String>>) {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let help = run_cli(&args, b"").stdout;
    out.push(path.to_vec());
    let Some((_, listed)) = help.split_once("Commands:\n") else {
        return;
    };
    for line in listed.lines().take_while(|l| !l.trim().is_empty()) {
        let Some(name) = line.split_whitespace().next() else {
            continue;
        };
        if name != "help" {
            let mut sub = path.to_vec();
            sub.push(name.to_string());
            commands(&sub, out);
        }
    }
}

fn all_commands() -> Vec<Vec<String>> {
    let mut out = Vec::new();
    commands(&[], &mut out);
    out
}

/// The help of the option `flag` (or of the option that has it as alias):
/// its line and, in long help, the lines under it up to the next option.
fn option_line(help: &str, flag: &str) -> Option<String> {
    let alias = format!("[alias: {flag}]");
    let lines: Vec<&str> = help.lines().collect();
    let is_option = |l: &str| l.trim_start().starts_with('-');
    let start = lines.iter().position(|l| {
        let t = l.trim_start();
        t.starts_with(&format!("{flag} ")) || t == flag || l.contains(&alias)
    })?;
    let mut block = lines[start].to_string();
    for l in &lines[start + 1..] {
        if is_option(l) || !l.starts_with(' ') && !l.is_empty() {
            break;
        }
        block.push(' ');
        block.push_str(l.trim());
    }
    Some(block)
}

#[test]
fn every_searching_command_takes_both_budgets_with_one_placeholder() {
    let all = all_commands();
    assert!(all.len() > 20, "found only {all:?}");
    let searching = [
        "camicia",
        "camicia trace",
        "camicia hunt",
        "camicia loops",
        "tchu longest",
        "tchu bonus",
        "solve sudoku",
        "solve margins",
        "solve minesweeper",
        "solve snake",
        "tour",
    ];
    for path in &all {
        let name = path.join(" ");
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = run_cli(&args, b"").stdout;
        let steps = option_line(&help, "--max-steps");
        let seconds = option_line(&help, "--seconds");
        if searching.contains(&name.as_str()) {
            assert!(steps.is_some() && seconds.is_some(), "{name}:\n{help}");
        }
        assert_eq!(steps.is_some(), seconds.is_some(), "{name}:\n{help}");
        if let (Some(steps), Some(seconds)) = (steps.as_deref(), seconds.as_deref()) {
            assert!(steps.contains("<N>"), "{name}: {steps}");
            assert!(steps.to_lowercase().contains("default"), "{name}: {steps}");
            assert!(seconds.contains("--seconds <SECONDS>"), "{name}: {seconds}");
        }
    }
}

/// The values `status` may take, spelled one way.
const STATUSES: [&str; 7] = [
    "found",
    "unique",
    "multiple",
    "none",
    "loop",
    "finished",
    "exhausted",
];

#[test]
fn every_json_answer_has_a_status_from_one_vocabulary() {
    let root = workspace_root();
    let mut checked = 0;
    let mut stack = vec![root.join("fixtures")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("fixtures are readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "cmd") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a readable fixture");
            let Some(line) = text
                .lines()
                .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
            else {
                continue;
            };
            if !line.split_whitespace().any(|w| w == "--json") {
                continue;
            }
            std::env::set_current_dir(&root).expect("the workspace root");
            let args: Vec<&str> = line.split_whitespace().collect();
            let stdin = std::fs::read(path.with_extension("stdin")).unwrap_or_default();
            let run = run_cli(&args, &stdin);
            if run.code != 0 {
                continue;
            }
            let mut answers = 0;
            for json in run.stdout.lines() {
                let value: serde_json::Value = serde_json::from_str(json)
                    .unwrap_or_else(|e| panic!("{line}: not JSON ({e}): {json}"));
                let object = value
                    .as_object()
                    .unwrap_or_else(|| panic!("{line}: not an object: {json}"));
                if object.contains_key("event") {
                    continue; // a record of a stream (a trace's events)
                }
                let status = object
                    .get("status")
                    .and_then(|s| s.as_str())
                    .unwrap_or_else(|| panic!("{line}: no status: {json}"));
                assert!(STATUSES.contains(&status), "{line}: status {status}");
                // (serde_json's map sorts its keys: read the order off the text.)
                assert!(
                    json.starts_with("{\"status\":"),
                    "{line}: status first: {json}"
                );
                if status == "exhausted" {
                    assert!(object.contains_key("stopped_by"), "{line}: {json}");
                }
                if object.get("complete") == Some(&serde_json::Value::Bool(false)) {
                    // A lower bound: a budget cut the count, or the command
                    // stopped counting once the answer was plain (sudoku's
                    // uniqueness check stops at the second solution).
                    assert!(
                        status == "exhausted" || status == "multiple",
                        "{line}: a cut count: {json}"
                    );
                }
                answers += 1;
            }
            assert!(answers > 0, "{line}: no answer in {}", run.stdout);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} JSON fixtures");
}

#[test]
fn a_missing_argument_is_named_on_one_line() {
    for (args, names) in [
        (&["tour"][..], &["--board"][..]),
        (
            &["tchu", "additional", "FR1_MAR_1"],
            &["--claim", "--drawn"],
        ),
        (&["tchu", "claims"], &["ROUTE_ID"]),
    ] {
        let run = run_cli(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        for name in names {
            assert!(run.stderr.contains(name), "{args:?}: {}", run.stderr);
        }
    }
}

#[test]
fn a_bad_choice_lists_the_valid_values() {
    let run = run_cli(
        &[
            "solve",
            "margins",
            "--rows",
            "1",
            "--cols",
            "1",
            "--strategy",
            "xx",
        ],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("[possible values: bfs, dfs]"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1);
}

#[test]
fn negative_numbers_and_junk_get_one_wording() {
    for args in [
        &["tour", "--board", "5x5", "--max-steps", "-1"][..],
        &["tour", "--board", "5x5", "--max-steps", "many"],
        &[
            "solve",
            "margins",
            "--rows",
            "1",
            "--cols",
            "1",
            "--max-steps",
            "-1",
        ],
        &["camicia", "J23/4J5", "--max-steps", "-5"],
        &["camicia", "hunt", "--deals", "-5"],
        &["tchu", "longest", "--all", "--max-steps", "-1"],
    ] {
        let run = run_cli(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.contains("expected a whole number from "),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn help_accepts_a_help_flag() {
    let run = run_cli(&["help", "tour", "--help"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Usage: plateau tour"), "{}", run.stdout);
}

#[test]
fn os_errors_read_as_plain_words() {
    let root = workspace_root();
    let missing = root.join("fixtures/no-such-file.txt");
    let missing = missing.to_string_lossy();
    let dir = root.join("fixtures");
    let dir = dir.to_string_lossy();
    for (args, words) in [
        (vec!["solve", "sudoku", &missing], "no such file"),
        (vec!["solve", "sudoku", &dir], "is a directory"),
        (vec!["solve", "minesweeper", &missing], "no such file"),
        (vec!["solve", "snake", &dir], "is a directory"),
        (vec!["camicia", "--batch", &missing], "no such file"),
        (vec!["camicia", "merge", &missing], "no such file"),
        (
            vec!["tchu", "longest", "--network", &missing],
            "no such file",
        ),
    ] {
        let run = run_cli(&args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("os error"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn completions_and_man_pages_come_from_the_clap_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = run_cli(&["completions", shell], b"");
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains("longest"), "{shell}");
    }
    let run = run_cli(&["man"], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains(".TH plateau 1"), "{}", run.stdout);
    assert!(run.stdout.contains("camicia"));
    let run = run_cli(&["man", "tchu", "longest"], b"");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains(".TH plateau-tchu-longest 1"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\\-\\-network"));
    let run = run_cli(&["completions", "bash", "--json"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("drop --json"), "{}", run.stderr);
    let run = run_cli(&["man", "tchu", "nope"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no such command"), "{}", run.stderr);
}

#[test]
fn the_demo_refuses_json_clearly() {
    let run = run_cli(&["demo", "--json"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("error: the demo prints text only"));
}

/// `--json` is listed where it is taken: the commands that print no answer
/// (the demo, completions, man pages) keep it out of their help and refuse it
/// with words.
#[test]
fn json_is_listed_only_where_it_is_taken() {
    for command in [&["demo"][..], &["completions", "bash"], &["man"]] {
        let help: Vec<&str> = command[..1].iter().copied().chain(["--help"]).collect();
        let r = run_cli(&help, b"");
        assert_eq!(r.code, 0);
        assert!(!r.stdout.contains("--json"), "{command:?}: {}", r.stdout);
        let args: Vec<&str> = command.iter().copied().chain(["--json"]).collect();
        let r = run_cli(&args, b"");
        assert_eq!(r.code, 2, "{command:?}");
        assert!(
            r.stderr.starts_with("error: ") && r.stderr.contains("--json"),
            "{}",
            r.stderr
        );
    }
    let r = run_cli(&["tour", "--help"], b"");
    assert!(r.stdout.contains("--json"));
}
