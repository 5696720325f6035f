//! `plateau camicia` in a real process (issue #18): a long trace streams in
//! constant memory under an address-space cap, and Ctrl-C ends a hunt with
//! the report so far.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The address-space cap of the trace: 20 MiB. The binary itself needs about
/// 12 MiB of address space to print one short game; the old trace, which
/// built every row before printing, took 122 MB of memory for this deal.
const CAP_KB: u64 = 20 * 1024;

/// A legal 988-card deal: 19 copies of Casella et al.'s 52-card deal (19
/// full decks), which finishes after 48,096 cards and 6,378 tricks.
fn deal_988() -> String {
    let a = "---K---Q-KQAJ-----AAJ--J--".repeat(19);
    let b = "----------Q----KQ-J-----KA".repeat(19);
    format!("{a}/{b}")
}

/// What a streamed output held: its lines, bytes, first and last lines,
/// and how many lines contain each of `needles`.
struct Streamed {
    lines: u64,
    bytes: u64,
    first: String,
    last: String,
    counts: Vec<u64>,
}

/// Runs `plateau ARGS` under the address-space cap and reads its output as it
/// comes, keeping only counts and the first and last lines.
fn capped(args: &[&str], needles: &[&str]) -> Streamed {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {CAP_KB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_plateau"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let out = BufReader::new(child.stdout.take().expect("piped"));
    let mut s = Streamed {
        lines: 0,
        bytes: 0,
        first: String::new(),
        last: String::new(),
        counts: vec![0; needles.len()],
    };
    for line in out.lines() {
        let line = line.expect("UTF-8 output");
        if s.lines == 0 {
            s.first = line.clone();
        }
        for (n, needle) in s.counts.iter_mut().zip(needles) {
            *n += u64::from(line.contains(needle));
        }
        s.lines += 1;
        s.bytes += line.len() as u64 + 1;
        s.last = line;
    }
    let done = child.wait_with_output().expect("the run ends");
    assert!(
        done.status.success(),
        "{args:?} under {CAP_KB} KiB: {:?} {}",
        done.status,
        String::from_utf8_lossy(&done.stderr)
    );
    s
}

#[test]
fn a_988_card_trace_streams_under_20_mib_as_json() {
    let deal = deal_988();
    let s = capped(
        &["camicia", "trace", &deal, "--json"],
        &[r#"{"event":"play""#, r#"{"event":"take""#],
    );
    let [plays, takes] = [s.counts[0], s.counts[1]];
    // The deal, one record per card played and per take, then the answer.
    assert!(
        s.first.starts_with(r#"{"event":"deal","round":1,"#),
        "{}",
        s.first
    );
    assert_eq!(
        s.last,
        r#"{"status":"finished","cards":48096,"tricks":6378}"#
    );
    assert_eq!(plays, 48096);
    assert_eq!(takes, 6378);
    assert_eq!(s.lines, 1 + plays + takes + 1);
    // Far more output than the cap: it cannot have been held.
    assert!(s.bytes > 5 * CAP_KB * 1024, "{} bytes", s.bytes);
}

#[test]
fn a_988_card_trace_streams_under_20_mib_as_a_table() {
    let deal = deal_988();
    let s = capped(&["camicia", "trace", &deal], &[" plays ", " takes "]);
    // The header, the deal's row, one row per event, the answer.
    assert!(s.first.starts_with("round  event "), "{}", &s.first[..40]);
    assert!(s.first.contains("  A's hand  "));
    assert!(s.first.ends_with("  owed"));
    assert_eq!(s.last, "status: finished, cards: 48096, tricks: 6378");
    assert_eq!(s.counts, [48096, 6378]);
    assert_eq!(s.lines, 1 + 1 + 48096 + 6378 + 1);
    assert!(s.bytes > 5 * CAP_KB * 1024, "{} bytes", s.bytes);
}

/// Ctrl-C (SIGINT) during a hunt: the report of the chunks played so far,
/// marked as stopped by the interrupt, and exit code 0.
#[test]
fn ctrl_c_ends_a_hunt_with_its_report_so_far() {
    let child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args([
            "camicia",
            "hunt",
            "--seconds",
            "120",
            "--threads",
            "1",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("plateau runs");
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let done = child.wait_with_output().expect("the hunt ends");
    let stdout = String::from_utf8_lossy(&done.stdout);
    assert_eq!(
        done.status.code(),
        Some(0),
        "{stdout} {}",
        String::from_utf8_lossy(&done.stderr)
    );
    let summary = stdout.lines().next().unwrap_or_default();
    assert!(
        summary.starts_with(r#"{"status":"exhausted","kind":"summary","#),
        "{summary}"
    );
    assert!(
        summary.ends_with(r#","stopped_by":"interrupt"}"#),
        "{summary}"
    );
    assert!(
        stdout.lines().count() > 1,
        "the deals found so far are listed"
    );
}
