//! Ctrl-C during a long `plateau tour` search prints the answer so far, marked
//! as stopped by the interrupt (exit 0), and a piped standard error stays
//! free of progress lines. Needs a real process: tests that run the CLI in
//! process install no Ctrl-C handler.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn ctrl_c_answers_with_the_count_so_far() {
    // Counting the open tours of 8x8 never ends within this budget.
    let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args([
            "tour",
            "--board",
            "8x8",
            "--count",
            "--json",
            "--max-steps",
            "1000000000000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("plateau starts");
    std::thread::sleep(Duration::from_millis(500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if began.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("no answer within 300 s of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut out = String::new();
    let mut err = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("stdout reads");
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr reads");
    assert_eq!(status.code(), Some(0), "stdout {out:?}, stderr {err:?}");
    assert!(
        out.starts_with(r#"{"status":"exhausted","stopped_by":"interrupt","#),
        "{out}"
    );
    assert!(out.contains(r#""complete":false"#), "{out}");
    assert_eq!(err, "", "no progress line on a pipe");
}
