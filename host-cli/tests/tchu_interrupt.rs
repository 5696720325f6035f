//! Long trail searches in a real process: Ctrl-C prints the trail found so
//! far, marked as stopped by `interrupt` (exit 0); a progress line shows on a
//! terminal and not in a pipe.
#![cfg(unix)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// A network whose search takes about 3.4 million steps (many seconds).
fn hard_network() -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.join("../fixtures/tchu/trail-hard.tsv")
        .display()
        .to_string()
}

/// Runs `plateau ARGS`, sends it SIGINT after a second, and returns what it printed.
fn interrupted(args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("plateau starts");
    std::thread::sleep(Duration::from_secs(1));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    child.wait_with_output().expect("plateau ends")
}

#[test]
fn ctrl_c_answers_with_the_trail_so_far() {
    let network = hard_network();
    // --seconds only keeps a broken test from hanging; Ctrl-C comes long before.
    let base = [
        "tchu",
        "longest",
        "--network",
        &network,
        "--max-steps",
        "1000000000",
        "--seconds",
        "120",
    ];
    let out = interrupted(&[&base[..], &["--json"]].concat());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout} {:?}", out.stderr);
    assert!(
        stdout.starts_with(r#"{"status":"exhausted","stopped_by":"interrupt","length":"#),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1);

    let out = interrupted(&base);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("not proven the longest: the search stopped after ")
            && last.ends_with(" steps (Ctrl-C)"),
        "{stdout}"
    );
}

#[test]
fn bonus_answers_on_ctrl_c_too() {
    let network = hard_network();
    // Player A owns the whole hard network (its ids are R0..R122 and X1..X3:
    // all routes of the file, listed through `--network`).
    let ids = std::fs::read_to_string(&network).expect("fixture");
    let ids: Vec<&str> = ids
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .collect();
    let a = ids.join(",");
    let out = interrupted(&[
        "tchu",
        "bonus",
        "--network",
        &network,
        "--a",
        &a,
        "--max-steps",
        "1000000000",
        "--seconds",
        "120",
        "--json",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(r#"{"status":"exhausted","stopped_by":"interrupt","a":{"status":"exhausted","stopped_by":"interrupt","#),
        "{stdout}"
    );
}

#[test]
fn progress_shows_on_a_terminal_and_not_in_a_pipe() {
    let network = hard_network();
    let command = format!(
        "{} tchu longest --network {network} --max-steps 300000",
        env!("CARGO_BIN_EXE_plateau")
    );
    // `script` runs the command on a pseudo-terminal (util-linux).
    let Ok(out) = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("no `script` here: the terminal half is not checked");
        return;
    };
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("longest trail"), "{shown}");
    assert!(shown.contains("steps, longest so far"), "{shown}");

    let piped = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args([
            "tchu",
            "longest",
            "--network",
            &network,
            "--max-steps",
            "300000",
        ])
        .output()
        .expect("plateau runs");
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stderr.is_empty(), "{:?}", piped.stderr);
}
