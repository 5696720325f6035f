//! What the tests of the real binary share: starting it, signalling it,
//! waiting for it with a time limit, and measuring its peak memory.

#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_plateau");

/// A fresh folder for one test's files.
pub fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plateau-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

/// `plateau ARGS`, without the Slurm variables of a CI runner.
pub fn plateau(args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.args(args).env_remove("SLURM_CPUS_PER_TASK");
    command
}

/// Runs `sh -c SCRIPT` with `$P` the binary under test.
pub fn sh(script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("P", BIN)
        .env_remove("SLURM_CPUS_PER_TASK")
        .output()
        .expect("sh runs")
}

/// Sends signal `name` (`INT`, `TERM`, ...) to process `pid`, or to the
/// process group `-pid`.
pub fn kill(name: &str, target: i64) {
    let sent = Command::new("kill")
        .arg(format!("-{name}"))
        .arg("--")
        .arg(target.to_string())
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{name} {target}");
}

/// Sends the signals `names` to `target` at once: one `kill` process each,
/// all started before any is waited for, so they land microseconds apart.
pub fn kill_at_once(names: &[&str], targets: &[i64]) {
    let started: Vec<Child> = names
        .iter()
        .zip(targets)
        .map(|(name, target)| {
            Command::new("kill")
                .arg(format!("-{name}"))
                .arg("--")
                .arg(target.to_string())
                .spawn()
                .expect("kill runs")
        })
        .collect();
    for mut child in started {
        assert!(child.wait().expect("kill ends").success());
    }
}

/// Waits for `child`, at most `limit`; kills it and fails past that.
pub fn wait_within(child: &mut Child, limit: Duration) -> ExitStatus {
    let began = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            return status;
        }
        if began.elapsed() > limit {
            let _ = child.kill();
            panic!("the command did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Waits for `child` (its standard output and error piped or null), at most
/// `limit`: its exit code and what it wrote to each.
pub fn answer(mut child: Child, limit: Duration) -> (Option<i32>, String, String) {
    use std::io::Read;
    let status = wait_within(&mut child, limit);
    let read = |pipe: Option<&mut dyn Read>| {
        let mut text = String::new();
        if let Some(pipe) = pipe {
            pipe.read_to_string(&mut text).expect("the pipe reads");
        }
        text
    };
    let out = read(child.stdout.as_mut().map(|p| p as &mut dyn Read));
    let err = read(child.stderr.as_mut().map(|p| p as &mut dyn Read));
    (status.code(), out, err)
}

/// The highest resident memory (`VmHWM`, KiB) of a process, read from
/// `/proc` until it ends: the kernel keeps the peak, so any reading after
/// it is the peak (the readings come every millisecond).
pub fn peak_kib(command: &mut Command) -> (u64, Output) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    // Read the pipes on threads of their own, so a full one never stops the child.
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let read_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).map(|_| v)
    });
    let read_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).map(|_| v)
    });
    let began = Instant::now();
    let exit = loop {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kib);
        }
        if let Some(exit) = child.try_wait().expect("waitable") {
            break exit;
        }
        assert!(
            began.elapsed() < Duration::from_secs(120),
            "the command ran for two minutes"
        );
        std::thread::sleep(Duration::from_millis(1));
    };
    let stdout = read_out.join().expect("reader").expect("stdout");
    let stderr = read_err.join().expect("reader").expect("stderr");
    (
        peak,
        Output {
            status: exit,
            stdout,
            stderr,
        },
    )
}
