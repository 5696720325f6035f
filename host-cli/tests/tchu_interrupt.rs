//! Trail searches in a real process: Ctrl-C prints the trail found so far,
//! marked as stopped by `interrupt` (exit 0); a progress line shows on a
//! terminal and not in a pipe.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// The network on which the search takes longest of all known to the project:
/// `trail-grown-10.tsv`, grown by a hill climb to be hard for it (7,504 steps,
/// about 55 ms here, 2026-12-06).
fn hard_network() -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.join("../fixtures/tchu/trail-grown-10.tsv")
        .display()
        .to_string()
}

/// Runs `plateau ARGS`, sends it SIGINT after `after`, and returns what it printed.
fn interrupted_after(args: &[&str], after: Duration) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("plateau starts");
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    child.wait_with_output().expect("plateau ends")
}

/// Runs `plateau ARGS` and sends it SIGINT while it searches; returns what it
/// printed then (its exit code is checked to be 0).
///
/// The search lasts only some tens of milliseconds, so a fixed delay would
/// land before it (the process ends with 130, Ctrl-C outside a search) or
/// after it (the full answer) on a machine faster or busier than expected.
/// The delay moves instead: later after a too early signal, earlier after a
/// too late one, until one lands in the search, as `in_search` tells from the
/// output.
fn interrupted(args: &[&str], in_search: impl Fn(&str) -> bool) -> String {
    let mut delay_ms = 30;
    let mut tries = Vec::new();
    for _ in 0..60 {
        let out = interrupted_after(args, Duration::from_millis(delay_ms));
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        match out.status.code() {
            Some(0) if in_search(&stdout) => return stdout,
            Some(0) => {
                assert!(!stdout.contains("interrupt"), "{stdout}");
                tries.push((delay_ms, "after"));
                delay_ms = delay_ms.saturating_sub(7);
            }
            code => {
                assert!(code.is_none() || code == Some(130), "{code:?} {stdout}");
                tries.push((delay_ms, "before"));
                delay_ms += 5;
            }
        }
    }
    panic!("no Ctrl-C landed in the search; (delay in ms, landed) {tries:?}");
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
    let stdout = interrupted(&[&base[..], &["--json"]].concat(), |out| {
        out.contains(r#""stopped_by":"interrupt""#)
    });
    assert!(
        stdout.starts_with(r#"{"status":"exhausted","stopped_by":"interrupt","length":"#),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1);

    let stdout = interrupted(&base, |out| out.contains("(Ctrl-C)"));
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
    // Player A owns the whole hard network (all routes of the file, listed
    // through `--network`; its header line names the columns).
    let ids = std::fs::read_to_string(&network).expect("fixture");
    let ids: Vec<&str> = ids
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t"))
        .filter_map(|l| l.split('\t').next())
        .collect();
    let a = ids.join(",");
    let args = [
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
    ];
    let stdout = interrupted(&args, |out| out.contains("interrupt"));
    assert!(
        stdout.starts_with(r#"{"status":"exhausted","stopped_by":"interrupt","a":{"status":"exhausted","stopped_by":"interrupt","#),
        "{stdout}"
    );
}

#[test]
fn progress_shows_on_a_terminal_and_not_in_a_pipe() {
    let network = hard_network();
    let command = format!(
        "{} tchu longest --network {network}",
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
        .args(["tchu", "longest", "--network", &network])
        .output()
        .expect("plateau runs");
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stderr.is_empty(), "{:?}", piped.stderr);
}
