//! However many SIGINT and SIGTERM a command gets within a second of the
//! first, it gives exactly one answer (issue #40): the report, or with
//! `--checkpoint` the `paused:` line and a checkpoint that resumes; a
//! signal more than a second after the first ends it at once, the
//! checkpoint on disk whole; a signal that comes while the output is held
//! up by a reader that stopped reading still saves the checkpoint first;
//! text answers name SIGTERM when SIGTERM stopped the work.

use crate::common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::{folder, kill, kill_at_once, plateau, wait_within};
use serde_json::Value;

/// Waits (at most 10 s) for the hunt `child`: its exit code, output, errors.
fn answer(child: Child) -> (Option<i32>, String, String) {
    common::answer(child, Duration::from_secs(10))
}

/// A hunt that runs until stopped, in its own process group (pgid = pid).
fn endless_hunt(extra: &[&str]) -> Child {
    let mut args = vec![
        "camicia",
        "hunt",
        "--seconds",
        "60",
        "--threads",
        "2",
        "--json",
    ];
    args.extend_from_slice(extra);
    let mut command = plateau(&args);
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

fn summary(out: &str) -> Value {
    serde_json::from_str(out.lines().next().unwrap_or_default())
        .unwrap_or_else(|e| panic!("no summary ({e}): {out:?}"))
}

/// Once the hunt plays (its checkpoint, if any, written: the first save
/// comes before the first deal), plus a little.
fn under_way(checkpoint: Option<&Path>) {
    let began = Instant::now();
    if let Some(path) = checkpoint {
        while !path.exists() {
            assert!(began.elapsed() < Duration::from_secs(10), "no checkpoint");
            sleep(Duration::from_millis(5));
        }
    }
    sleep(Duration::from_millis(300));
}

/// Two and three signals at once, to the process, to its group, or both,
/// SIGINT and SIGTERM mixed: one report, stopped by the first kind.
#[test]
fn signals_at_once_give_one_answer() {
    // (Which of two kinds sent at once lands first is the system's choice.)
    let cases: [(&[&str], &[bool], &[&str]); 6] = [
        (&["INT", "INT"], &[false, true], &["interrupt"]),
        (&["TERM", "TERM"], &[false, true], &["terminate"]),
        (
            &["INT", "TERM"],
            &[false, false],
            &["interrupt", "terminate"],
        ),
        (
            &["TERM", "INT", "TERM"],
            &[false, true, false],
            &["interrupt", "terminate"],
        ),
        (&["INT", "INT", "INT"], &[true, true, true], &["interrupt"]),
        (
            &["TERM", "TERM", "TERM"],
            &[false, false, false],
            &["terminate"],
        ),
    ];
    for (signals, group, stops) in cases {
        let child = endless_hunt(&[]);
        let pid = i64::from(child.id());
        under_way(None);
        let targets: Vec<i64> = group.iter().map(|&g| if g { -pid } else { pid }).collect();
        kill_at_once(signals, &targets);
        let (code, out, err) = answer(child);
        assert_eq!(code, Some(0), "{signals:?}: {err}");
        let s = summary(&out);
        assert_eq!(s["status"], "exhausted", "{signals:?}");
        let stop = s["stopped_by"].as_str().unwrap_or_default();
        assert!(stops.contains(&stop), "{signals:?}: {out}");
        assert!(s["deals"].as_u64() > Some(0), "{signals:?}");
    }
}

/// With `--checkpoint`: the process and its group signalled at once pause
/// the hunt (one `paused:` line, exit 128 + the first signal) with a
/// checkpoint that the same command resumes.
#[test]
fn a_group_signalled_at_once_pauses_with_a_checkpoint_that_resumes() {
    let dir = folder("signals-pause");
    for (name, code) in [("INT", 130), ("TERM", 143)] {
        let ck = dir.join(format!("{name}.ckpt"));
        let ck_arg = ck.display().to_string();
        let child = endless_hunt(&["--checkpoint", &ck_arg]);
        let pid = i64::from(child.id());
        under_way(Some(&ck));
        kill_at_once(&[name, name], &[pid, -pid]);
        let (got, out, err) = answer(child);
        assert_eq!(got, Some(code), "{name}: {err}");
        assert!(
            out.is_empty(),
            "{name}: a paused hunt prints no report: {out}"
        );
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with("paused: SIG"), "{name}: {err}");
        // It resumes: a short run of the same hunt goes on from it.
        let resumed = plateau(&[
            "camicia",
            "hunt",
            "--seconds",
            "60",
            "--threads",
            "2",
            "--json",
            "--checkpoint",
            &ck_arg,
        ])
        .spawn_and_stop_after(Duration::from_millis(300));
        assert_eq!(resumed.0, Some(130), "{name}: {}", resumed.2);
        assert!(
            resumed.2.starts_with("resumed from "),
            "{name}: {}",
            resumed.2
        );
    }
}

/// What a command printed once stopped by SIGINT after `after`.
trait StopAfter {
    fn spawn_and_stop_after(&mut self, after: Duration) -> (Option<i32>, String, String);
}

impl StopAfter for Command {
    fn spawn_and_stop_after(&mut self, after: Duration) -> (Option<i32>, String, String) {
        let child = self
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        sleep(after);
        kill("INT", i64::from(child.id()));
        answer(child)
    }
}

/// GNU `timeout` signals the child, then its group: a report every time
/// (`--preserve-status`: the hunt's own exit code), SIGTERM named in the
/// text answer.
#[test]
fn timeout_gets_an_answer_every_time() {
    for round in 0..6 {
        let (signal, words) = if round % 2 == 0 {
            ("INT", "stopped by Ctrl-C")
        } else {
            ("TERM", "stopped by SIGTERM")
        };
        let out = Command::new("timeout")
            .args(["--preserve-status", "-s", signal, "0.3", common::BIN])
            .args(["camicia", "hunt", "--seconds", "60", "--threads", "2"])
            .env_remove("SLURM_CPUS_PER_TASK")
            .output()
            .expect("timeout runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{signal}: {text}");
        let first = text.lines().next().unwrap_or_default();
        assert!(first.ends_with(words), "{signal}: {first}");
    }
}

/// The summary of the `loops` checkpoint at `path` (its output so far: the
/// line before its seal), or `None` when it is not whole.
fn loops_summary(path: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    let lines: Vec<&str> = text.lines().collect();
    let [.., summary, seal] = lines.as_slice() else {
        return None;
    };
    seal.starts_with(r#"{"event":"end""#).then_some(())?;
    serde_json::from_str(summary).ok()
}

/// `loops` whose output nobody reads (a pager left open): a signal still
/// saves the checkpoint at once; a second signal more than a second later
/// ends the process, the checkpoint whole; and the checkpoint resumes.
#[test]
fn a_signal_while_the_output_is_held_up_saves_the_checkpoint_first() {
    let dir = folder("signals-blocked");
    let ck = dir.join("loops.ckpt");
    let ck_arg = ck.display().to_string();
    // Every state of the tree (2,670 lines and more): far more than a pipe holds.
    let args = [
        "camicia",
        "loops",
        "--split",
        "any",
        "--seconds",
        "60",
        "--json",
        "--checkpoint",
        &ck_arg,
    ];
    let mut child = plateau(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    sleep(Duration::from_millis(1500));
    // Not due (every 60 s by default), not asked for yet: not written.
    assert!(!ck.exists(), "a checkpoint before it was due");
    let pid = i64::from(child.id());
    kill("INT", pid);
    let began = Instant::now();
    while !ck.exists() {
        assert!(
            began.elapsed() < Duration::from_secs(1),
            "no checkpoint within a second of the signal"
        );
        sleep(Duration::from_millis(5));
    }
    let saved = loops_summary(&ck).expect("a whole checkpoint");
    assert!(saved["trials"].as_u64() > Some(0), "{saved}");
    // Still held up by the reader: a signal within the second is its echo.
    sleep(Duration::from_millis(200));
    kill("INT", pid);
    sleep(Duration::from_millis(200));
    assert!(
        child.try_wait().expect("waitable").is_none(),
        "ended by an echo"
    );
    // More than a second after the first: the user insists.
    sleep(Duration::from_millis(800));
    kill("INT", pid);
    let status = wait_within(&mut child, Duration::from_secs(2));
    assert_eq!(status.code(), Some(130));
    assert_eq!(loops_summary(&ck).expect("still whole"), saved);
    // Resumed, and read this time: the summary counts the trials before
    // (a budget of exactly those: no trial more).
    let made = saved["trials"].to_string();
    let out = plateau(&[
        "camicia",
        "loops",
        "--split",
        "any",
        "--max-steps",
        &made,
        "--json",
        "--checkpoint",
        &ck_arg,
    ])
    .output()
    .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let [.., last, _seal] = lines.as_slice() else {
        panic!("a summary and a seal: {text}");
    };
    let last: Value = serde_json::from_str(last).expect("JSON");
    assert_eq!(last["trials"], saved["trials"], "{last}");
}

/// A reader that stopped reading, and then went away: the process ends on
/// the first signal's answer, quietly (exit 0), the checkpoint saved.
#[test]
fn loops_answers_a_signal_then_ends_when_its_reader_goes_away() {
    let dir = folder("signals-reader");
    let ck = dir.join("loops.ckpt");
    let ck_arg = ck.display().to_string();
    let mut child = plateau(&[
        "camicia",
        "loops",
        "--split",
        "any",
        "--seconds",
        "60",
        "--json",
        "--checkpoint",
        &ck_arg,
    ])
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("starts");
    sleep(Duration::from_millis(1200));
    kill("TERM", i64::from(child.id()));
    sleep(Duration::from_millis(300));
    assert!(ck.exists(), "the checkpoint first");
    drop(child.stdout.take());
    let status = wait_within(&mut child, Duration::from_secs(5));
    assert_eq!(status.code(), Some(0));
}

/// A reader that goes away while `loops` searches (`loops | head -1`) ends
/// the search at once, quietly.
#[test]
fn loops_ends_when_its_reader_goes_away() {
    let piped = |args: &[&str]| {
        plateau(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts")
    };
    let mut child = piped(&["camicia", "loops", "--seconds", "60", "--json"]);
    let mut first = String::new();
    let mut out = std::io::BufReader::new(child.stdout.take().expect("piped"));
    std::io::BufRead::read_line(&mut out, &mut first).expect("a line");
    assert!(first.contains(r#""kind":"cycle""#), "{first}");
    drop(out);
    let status = wait_within(&mut child, Duration::from_secs(5));
    assert_eq!(status.code(), Some(0));
    // With no line to write (shuffles of the Italian deck loop about once
    // in 10^12), the reader's going is found while the writer waits, not
    // at the summary a minute later.
    let mut child = piped(&[
        "camicia",
        "loops",
        "--deck",
        "italian",
        "--seconds",
        "60",
        "--json",
    ]);
    sleep(Duration::from_millis(300));
    drop(child.stdout.take());
    let status = wait_within(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(0));
}

/// `--checkpoint-every`: a `loops` checkpoint is saved while the search
/// runs, with the trials made and the seconds spent so far (a process
/// killed outright resumes from it).
#[test]
fn loops_saves_its_checkpoint_as_it_goes() {
    let dir = folder("loops-every");
    let ck = dir.join("loops.ckpt");
    let ck_arg = ck.display().to_string();
    let mut child = plateau(&[
        "camicia",
        "loops",
        "--seconds",
        "60",
        "--json",
        "--checkpoint",
        &ck_arg,
        "--checkpoint-every",
        "0.2",
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .expect("starts");
    // Saved between trials: a belt trial (about a second, more on a
    // loaded machine) may hold the first save up.
    let began = Instant::now();
    sleep(Duration::from_millis(300));
    let saved = loop {
        if let Some(saved) = loops_summary(&ck) {
            break saved;
        }
        assert!(began.elapsed() < Duration::from_secs(30), "no checkpoint");
        sleep(Duration::from_millis(50));
    };
    let seen = began.elapsed().as_secs_f64();
    kill("KILL", i64::from(child.id()));
    let _ = child.wait();
    assert!(saved["trials"].as_u64() > Some(0), "{saved}");
    let seconds = saved["seconds"].as_f64().expect("seconds");
    assert!((0.2..seen).contains(&seconds), "{saved}");
}
