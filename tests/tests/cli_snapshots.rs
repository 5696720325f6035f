//! Golden snapshots of the CLI over every `fixtures/**/*.cmd` file.
//!
//! A `.cmd` file holds one command line (the arguments after `plateau`, split on
//! white space; `#` lines are comments). A sibling `NAME.stdin` file, if present,
//! is fed as standard input. Paths in commands are relative to the workspace root.
//! This file holds only the glob test, and no other test of the suite asserts
//! snapshots: insta's glob failure counter is process-wide.

use plateau_tests::{run_cli, workspace_root};

#[test]
fn cli_on_fixtures() {
    std::env::set_current_dir(workspace_root()).expect("workspace root exists");
    // The snapshots keep the names they had when this file was a test binary
    // of its own, `cli_snapshots__cli_on_fixtures@<fixture>.snap`: the module
    // path (`integration::cli_snapshots`) is left out and the name says it.
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    let _named = settings.bind_to_scope();
    insta::glob!("../../fixtures", "**/*.cmd", |path| {
        let text = std::fs::read_to_string(path).expect("fixture is readable");
        let line = text
            .lines()
            .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .expect("fixture has a command line");
        let args: Vec<&str> = line.split_whitespace().collect();
        let stdin = std::fs::read(path.with_extension("stdin")).unwrap_or_default();
        let run = run_cli(&args, &stdin);
        assert!(
            run.code == 0 || run.code == 2,
            "exit code {} for {line}",
            run.code
        );
        if run.code == 2 {
            assert!(run.stderr.starts_with("error: "), "{line}: {}", run.stderr);
            assert_eq!(run.stderr.lines().count(), 1, "{line}: one error line");
        }
        insta::assert_snapshot!("cli_snapshots__cli_on_fixtures", run.transcript(line));
    });
}
