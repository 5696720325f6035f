//! Hunts that stop and resume (issue #19), on the real binary: a SIGTERM
//! pauses a hunt with a checkpoint (exit 143) and the same command resumes it;
//! a `kill -9` between checkpoints loses only the work since the last one; in
//! both cases the final output equals an uninterrupted run's, timings aside.
//! A damaged or foreign checkpoint is refused and left as it is, and
//! `--shard auto` reads the scheduler's variables or says what is missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_plateau");

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plateau-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

/// The hunt every test runs: long enough to be stopped in the middle.
fn hunt_args(checkpoint: &Path) -> Vec<String> {
    [
        "camicia",
        "hunt",
        "--deals",
        "3000000",
        "--seed",
        "11",
        "--threads",
        "2",
        "--json",
        "--checkpoint-every",
        "0.2",
        "--checkpoint",
    ]
    .iter()
    .map(ToString::to_string)
    .chain([checkpoint.display().to_string()])
    .collect()
}

fn run(args: &[String]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_remove("SLURM_CPUS_PER_TASK")
        .output()
        .expect("the binary runs")
}

/// The output with the keys that measure time (and the hash over them) left out.
fn untimed(out: &[u8]) -> Vec<String> {
    let timed = [
        "seconds",
        "thread_seconds",
        "cpu_seconds",
        "deals_per_second",
        "deals_per_second_per_thread",
        "deals_per_cpu_second",
    ];
    String::from_utf8_lossy(out)
        .lines()
        .filter(|l| !l.starts_with(r#"{"event":"end""#))
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            if let Some(o) = v.as_object_mut() {
                for key in timed {
                    o.remove(key);
                }
            }
            v.to_string()
        })
        .collect()
}

/// Starts the hunt and waits until its checkpoint exists.
fn start(args: &[String], checkpoint: &Path) -> std::process::Child {
    let child = Command::new(BIN)
        .args(args)
        .env_remove("SLURM_CPUS_PER_TASK")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let began = Instant::now();
    while !checkpoint.exists() {
        assert!(began.elapsed() < Duration::from_secs(60), "no checkpoint");
        sleep(Duration::from_millis(10));
    }
    child
}

/// Starts the hunt, waits until its checkpoint exists (and `extra` more),
/// then sends `signal` with `kill`.
fn start_and_stop(args: &[String], checkpoint: &Path, extra: Duration, signal: &str) -> Output {
    let child = start(args, checkpoint);
    sleep(extra);
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    child.wait_with_output().expect("the hunt ends")
}

#[test]
fn a_sigterm_pauses_and_the_same_command_resumes_to_the_same_output() {
    let dir = folder("term");
    let straight = run(&hunt_args(&dir.join("straight.ckpt")));
    assert!(straight.status.success());

    let ckpt = dir.join("paused.ckpt");
    let args = hunt_args(&ckpt);
    let paused = start_and_stop(&args, &ckpt, Duration::from_millis(300), "-TERM");
    assert_eq!(paused.status.code(), Some(143), "{paused:?}");
    assert!(paused.stdout.is_empty(), "a pause prints no report");
    let note = String::from_utf8_lossy(&paused.stderr);
    assert!(
        note.starts_with("paused: SIGTERM stopped the hunt;"),
        "{note}"
    );

    let resumed = run(&args);
    assert!(resumed.status.success(), "{resumed:?}");
    let said = String::from_utf8_lossy(&resumed.stderr);
    assert!(said.contains("resumed from"), "{said}");
    assert_eq!(untimed(&resumed.stdout), untimed(&straight.stdout));

    // A finished hunt's checkpoint answers again at once, the same.
    let again = run(&args);
    assert_eq!(untimed(&again.stdout), untimed(&straight.stdout));
}

#[test]
fn a_kill_9_loses_at_most_the_work_since_the_last_checkpoint() {
    let dir = folder("kill");
    let straight = run(&hunt_args(&dir.join("straight.ckpt")));
    let ckpt = dir.join("killed.ckpt");
    let args = hunt_args(&ckpt);
    let killed = start_and_stop(&args, &ckpt, Duration::from_millis(500), "-KILL");
    assert_eq!(killed.status.code(), None, "killed by a signal");
    let resumed = run(&args);
    assert!(resumed.status.success(), "{resumed:?}");
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resumed from"));
    assert_eq!(untimed(&resumed.stdout), untimed(&straight.stdout));
}

#[test]
fn a_checkpoint_that_cannot_be_written_stops_the_hunt_and_the_last_one_resumes() {
    let dir = folder("unwritable");
    let straight = run(&hunt_args(&dir.join("straight.ckpt")));
    let place = dir.join("gone");
    std::fs::create_dir(&place).expect("a folder");
    let ckpt = place.join("hunt.ckpt");
    let args = hunt_args(&ckpt);
    let child = start(&args, &ckpt);
    // Keep the checkpoint written, then take its folder away: the next
    // save (or the last, if the hunt ends first) cannot be written.
    let kept = std::fs::read(&ckpt).expect("a checkpoint reads");
    std::fs::remove_dir_all(&place).expect("the folder goes");
    let failed = child.wait_with_output().expect("the hunt ends");
    assert_eq!(failed.status.code(), Some(2), "{failed:?}");
    assert!(
        failed.stdout.is_empty(),
        "no report: the error is the answer"
    );
    let said = String::from_utf8_lossy(&failed.stderr);
    assert!(
        said.starts_with(&format!("error: cannot write {}", ckpt.display())),
        "{said}"
    );
    // The last checkpoint written, put back, resumes to one run's output.
    std::fs::create_dir(&place).expect("the folder again");
    std::fs::write(&ckpt, kept).expect("the checkpoint back");
    let resumed = run(&args);
    assert!(resumed.status.success(), "{resumed:?}");
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resumed from"));
    assert_eq!(untimed(&resumed.stdout), untimed(&straight.stdout));
}

/// Runs the hunt on a checkpoint whose bytes are `bytes`; it must be refused
/// with `words` and leave the file as it was.
/// Runs the hunt `args`, whose checkpoint is another hunt's: exit 2 with
/// `words` in the error, and the checkpoint left as it was.
fn refused_resume(args: &[String], ckpt: &Path, words: &str) {
    let before = std::fs::read(ckpt).expect("a checkpoint");
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(words), "{err}");
    assert_eq!(std::fs::read(ckpt).expect("still there"), before);
}

/// FNV-1a, 64 bits: the hash a record's seal gives its lines.
fn fnv64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn refused(dir: &Path, name: &str, bytes: &[u8], words: &str) {
    let ckpt = dir.join(name);
    std::fs::write(&ckpt, bytes).expect("written");
    let out = run(&hunt_args(&ckpt));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert!(err.starts_with("error: checkpoint "), "{name}: {err}");
    assert!(err.contains(words), "{name}: {err} lacks {words}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(
        std::fs::read(&ckpt).expect("still there"),
        bytes,
        "{name} untouched"
    );
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_refused_and_left_alone() {
    let dir = folder("bad");
    let good = dir.join("good.ckpt");
    let mut args = hunt_args(&good);
    // A short hunt of the same parameters but its deals, to get a real file.
    let deals = args.iter().position(|a| a == "--deals").expect("--deals") + 1;
    args[deals] = "40000".to_string();
    assert!(run(&args).status.success());
    let bytes = std::fs::read(&good).expect("a checkpoint");
    let text = String::from_utf8(bytes.clone()).expect("text");

    refused(
        &dir,
        "truncated.ckpt",
        &bytes[..bytes.len() / 2],
        "truncated",
    );
    let edited = text.replacen("\"finished\":", "\"finished\":1", 1);
    refused(&dir, "edited.ckpt", edited.as_bytes(), "edited or cut?");
    refused(&dir, "junk.ckpt", b"\xff\xfejunk", "not text");
    // Another hunt's file: the mismatch is named.
    let ckpt = dir.join("foreign.ckpt");
    std::fs::write(&ckpt, &bytes).expect("written");
    let mut other = hunt_args(&ckpt);
    other[deals] = "40000".to_string();
    let seed = other.iter().position(|a| a == "--seed").expect("--seed") + 1;
    other[seed] = "12".to_string();
    refused_resume(&other, &ckpt, "of another hunt: --seed 11 there, 12 here");
    assert_eq!(std::fs::read(&ckpt).expect("still there"), bytes);
    // Nor a hunt that lifts otherwise.
    let mut climb = hunt_args(&ckpt);
    climb[deals] = "40000".to_string();
    climb.extend(["--lift-from".to_string(), "off".to_string()]);
    refused_resume(
        &climb,
        &ckpt,
        "of another hunt: --lift-from 1900 there, off here",
    );
    // Nor a climb.
    let mut climb = hunt_args(&ckpt);
    climb[deals] = "40000".to_string();
    climb.push("--climb".to_string());
    refused_resume(
        &climb,
        &ckpt,
        "of another hunt: --climb false there, true here",
    );
    // A report of plateau from before the hunt lifted shuffles by default
    // has no `climb`: its hunt climbed (it was not `--fresh`), and it is
    // read so.
    assert!(text.contains(r#""fresh":false,"climb":false,"#), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let body: String = lines[..lines.len() - 1]
        .iter()
        .map(|l| format!("{}\n", l.replacen(r#""climb":false,"#, "", 1)))
        .collect();
    let hash = fnv64(&body);
    let n = lines.len() - 1;
    let older = format!("{body}{{\"event\":\"end\",\"lines\":{n},\"fnv64\":\"{hash:016x}\"}}\n");
    let ckpt = dir.join("older.ckpt");
    std::fs::write(&ckpt, &older).expect("written");
    let mut again = hunt_args(&ckpt);
    again[deals] = "40000".to_string();
    refused_resume(
        &again,
        &ckpt,
        "of another hunt: --climb true there, false here",
    );
    // The first format (version 1, before checkpoints were reports), whole
    // under its own seal: named, not misread.
    let old = r#"{"format":"plateau camicia hunt checkpoint","version":1,"params":{}}"#;
    let hash = fnv64(old);
    let old = format!("{old}\n{{\"fnv64\":\"{hash:016x}\"}}\n");
    refused(&dir, "old.ckpt", old.as_bytes(), "format version 1");
}

/// A checkpoint that is a device or an endless stream is refused before it
/// is read, and a regular file is read no further than a checkpoint can be
/// long (4 MiB): one error line each, under a 100 MB cap.
#[test]
fn a_checkpoint_on_dev_zero_is_refused_in_bounded_memory() {
    let big = folder("big-checkpoint").join("big.ckpt");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(64 << 20))
        .expect("a sparse 64 MiB file");
    let big_arg = big.display().to_string();
    for (path, why) in [
        (
            "/dev/zero",
            "--checkpoint /dev/zero: a checkpoint is a regular file, not a device, a pipe or a socket",
        ),
        (
            big_arg.as_str(),
            &*format!("checkpoint {big_arg}: larger than 4 MiB: not a checkpoint"),
        ),
    ] {
        let started = Instant::now();
        let out = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 102400; exec \"$0\" \"$@\"")
            .arg(BIN)
            .args(["camicia", "hunt", "--deals", "100", "--checkpoint", path])
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err, format!("error: {why}\n"));
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}

fn auto(vars: &[(&str, &str)]) -> Output {
    let mut c = Command::new(BIN);
    c.args([
        "camicia", "hunt", "--deals", "100", "--shard", "auto", "--json",
    ]);
    for v in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_STEP",
        "SLURM_CPUS_PER_TASK",
        "JOB_COMPLETION_INDEX",
        "JOB_COMPLETIONS",
    ] {
        c.env_remove(v);
    }
    c.envs(vars.iter().copied())
        .output()
        .expect("the binary runs")
}

#[test]
fn shard_auto_reads_the_scheduler_or_says_what_is_missing() {
    let none = auto(&[]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no scheduler variables"));
    let bad = auto(&[
        ("SLURM_ARRAY_TASK_ID", "9"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "4"),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("outside"));
    let slurm = auto(&[
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "4"),
        ("SLURM_CPUS_PER_TASK", "1"),
    ]);
    let out = String::from_utf8_lossy(&slurm.stdout);
    assert!(
        out.contains(r#""threads":1,"tasks":1,"seed":1,"shard":"3/4""#),
        "{out}"
    );
    let k8s = auto(&[("JOB_COMPLETION_INDEX", "0"), ("JOB_COMPLETIONS", "2")]);
    assert!(String::from_utf8_lossy(&k8s.stdout).contains(r#""shard":"1/2""#));
}
