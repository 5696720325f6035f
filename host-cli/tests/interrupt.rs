//! Ctrl-C (SIGINT) on the real binary: during a search it prints the answer so
//! far, marked as stopped by `interrupt` (exit 0); anywhere else it ends the
//! process at once with exit code 130, as for any tool.

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_plateau");

/// Sends SIGINT to `child` after `after`, then waits for it, at most 60 s.
fn interrupt(mut child: Child, after: Duration) -> (Option<i32>, String) {
    sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let began = Instant::now();
    while child
        .try_wait()
        .expect("the child can be waited for")
        .is_none()
    {
        if began.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the command did not answer Ctrl-C within 60 s");
        }
        sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("its output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn spawn(args: &[&str], stdin: &str) -> Child {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    if !stdin.is_empty() {
        let mut input = child.stdin.take().expect("a stdin pipe");
        input
            .write_all(stdin.as_bytes())
            .expect("the input is written");
    }
    child
}

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
}

#[test]
fn ctrl_c_during_a_count_prints_the_count_so_far_as_a_lower_bound() {
    let blank = format!("{}\n", ".".repeat(81));
    let child = spawn(
        &[
            "solve",
            "sudoku",
            "--count",
            "--max-steps",
            "100000000000",
            "--json",
        ],
        &blank,
    );
    let (code, out) = interrupt(child, Duration::from_millis(1500));
    assert_eq!(code, Some(0), "{out}");
    let answer = json(out.trim());
    assert_eq!(answer["status"], "exhausted", "{out}");
    assert_eq!(answer["stopped_by"], "interrupt", "{out}");
    assert_eq!(answer["complete"], false, "{out}");
}

#[test]
fn ctrl_c_during_a_hunt_prints_the_summary_so_far() {
    let child = spawn(
        &[
            "camicia",
            "hunt",
            "--seconds",
            "120",
            "--threads",
            "1",
            "--json",
        ],
        "",
    );
    let (code, out) = interrupt(child, Duration::from_millis(1500));
    assert_eq!(code, Some(0), "{out}");
    let summary = out
        .lines()
        .map(json)
        .find(|v| v["kind"] == "summary")
        .unwrap_or_else(|| panic!("no summary in {out}"));
    assert_eq!(summary["status"], "exhausted", "{out}");
    assert_eq!(summary["stopped_by"], "interrupt", "{out}");
}

#[test]
fn ctrl_c_outside_a_search_ends_the_process() {
    // Waiting for standard input is not a search: Ctrl-C ends it at once.
    let child = spawn(&["solve", "sudoku"], "");
    let (code, out) = interrupt(child, Duration::from_millis(300));
    assert_eq!(code, Some(130), "{out}");
    assert!(out.is_empty(), "{out}");
}

/// A batch that Ctrl-C ends early says, last, how many of its lines were not
/// played and from which line: a batch cut short never looks whole.
#[test]
fn ctrl_c_during_a_batch_says_which_lines_were_not_played() {
    // Three sudokus whose counts run for minutes: Ctrl-C stops the first.
    let open = ".".repeat(80);
    let sudokus = format!("1{open}\n2{open}\n3{open}\n");
    let child = spawn(&["--json", "solve", "sudoku", "--count", "-"], &sudokus);
    let (code, out) = interrupt(child, Duration::from_millis(500));
    assert_eq!(code, Some(0), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(json(lines[0])["stopped_by"], "interrupt");
    let last = json(lines[1]);
    assert_eq!(
        (last["status"].as_str(), last["stopped_by"].as_str()),
        (Some("exhausted"), Some("interrupt"))
    );
    assert_eq!(
        (last["line"].as_u64(), last["not_played"].as_u64()),
        (Some(2), Some(2))
    );
    // A long Camicia batch, as text, into a file (a pipe nobody reads would
    // stop it): the last line says what was left.
    let dir = std::env::temp_dir().join(format!("plateau-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let (input, output) = (dir.join("deals.txt"), dir.join("out.txt"));
    let nessler = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---\n";
    std::fs::write(&input, nessler.repeat(400_000)).expect("written");
    let child = Command::new(BIN)
        .args(["camicia", "--batch", &input.display().to_string()])
        .stdout(std::fs::File::create(&output).expect("a file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    // Ctrl-C once the batch plays (before, while the input is read and
    // checked, it would end the process at once): once lines come out.
    let began = Instant::now();
    while std::fs::metadata(&output).map_or(0, |m| m.len()) == 0 {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the batch never played"
        );
        sleep(Duration::from_millis(10));
    }
    let (code, _) = interrupt(child, Duration::from_millis(50));
    assert_eq!(code, Some(0));
    let out = std::fs::read_to_string(&output).expect("the output");
    let last = out.lines().last().expect("a line");
    assert!(
        last.starts_with("stopped by Ctrl-C: ") && last.contains(" lines not played, from line "),
        "{last}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A thousand threads on a small machine: the deadline and Ctrl-C are
/// answered as with one (the workers beyond the processors wait for a turn,
/// so the main thread is never queued behind them).
#[test]
fn a_hunt_on_far_more_threads_than_processors_keeps_its_deadline_and_ctrl_c() {
    let args = |seconds: &'static str| {
        [
            "camicia",
            "hunt",
            "--deals",
            "1000000000000",
            "--seconds",
            seconds,
            "--threads",
            "1024",
            "--json",
        ]
    };
    let began = Instant::now();
    let out = Command::new(BIN)
        .args(args("1"))
        .output()
        .expect("the binary runs");
    let took = began.elapsed();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let summary = json(text.lines().next().unwrap_or_default());
    assert_eq!(summary["stopped_by"], "seconds", "{text}");
    assert!(
        took < Duration::from_millis(1500),
        "--seconds 1 took {took:?}"
    );

    let child = spawn(&args("120"), "");
    let began = Instant::now();
    let (code, out) = interrupt(child, Duration::from_millis(1000));
    let answered = began.elapsed() - Duration::from_millis(1000);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        json(out.lines().next().unwrap_or_default())["stopped_by"],
        "interrupt"
    );
    assert!(
        answered < Duration::from_millis(500),
        "Ctrl-C answered in {answered:?}"
    );
}
