//! Hunts you can leave running for a week (issue #29), on the real binary:
//! merges are exact or say why not, against the unsharded hunt (the same
//! chunks, played in one task); merges read CRLF files and concatenated
//! shards, and say when their shards did not finish; `--output` writes
//! through a symbolic link and into a pipe, and a bad target is refused
//! before the hunt starts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_plateau");

/// Deals per shard: ten whole chunks of 16,384, so that two shards play
/// exactly the chunks of the unsharded hunt of twice as many deals.
const SHARD_DEALS: u64 = 10 * 16_384;

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plateau-merge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

fn plateau(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_remove("SLURM_CPUS_PER_TASK")
        .output()
        .expect("the binary runs")
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The arguments of `hunt --json` of seed 11 on `threads` threads, `deals`
/// deals, shard `shard`, `top` listed, then `more`.
fn hunt_args(threads: u32, deals: u64, shard: &str, top: usize, more: &[&str]) -> Vec<String> {
    let (threads, deals, top) = (threads.to_string(), deals.to_string(), top.to_string());
    let args = [
        "camicia",
        "hunt",
        "--json",
        "--seed",
        "11",
        "--threads",
        &threads,
    ];
    let args = args
        .into_iter()
        .chain(["--deals", &deals, "--shard", shard, "--top", &top]);
    args.chain(more.iter().copied()).map(String::from).collect()
}

/// Runs `plateau` with `args`.
fn run(args: &[String]) -> Output {
    plateau(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// `hunt --json` of seed 11, `deals` deals, shard `shard`, `top` listed.
fn hunt(deals: u64, shard: &str, top: usize) -> String {
    ok(run(&hunt_args(2, deals, shard, top, &[])))
}

/// The deals of a report's list `kind`, in order.
fn listed(report: &str, kind: &str) -> Vec<String> {
    report
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|v| v["kind"] == kind)
        .map(|v| format!("{} {} {}", v["cards"], v["tricks"], v["deal"]))
        .collect()
}

fn summary(report: &str) -> Value {
    serde_json::from_str(report.lines().next().expect("a summary")).expect("JSON")
}

/// Merges `shards` (written to files in `dir`) with `--top top`.
fn merge(dir: &Path, shards: &[String], top: usize, json: bool) -> Output {
    let mut args = vec![
        "camicia".to_string(),
        "merge".into(),
        "--top".into(),
        top.to_string(),
    ];
    if json {
        args.push("--json".into());
    }
    for (i, s) in shards.iter().enumerate() {
        let path = dir.join(format!("shard-{i}.jsonl"));
        std::fs::write(&path, s).expect("written");
        args.push(path.display().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    plateau(&args)
}

#[test]
fn a_merge_prints_only_places_it_can_prove_and_all_of_them_when_the_shards_kept_enough() {
    let dir = folder("exact");
    let whole = hunt(2 * SHARD_DEALS, "1/1", 10);
    let kept_5: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|s| hunt(SHARD_DEALS, s, 5))
        .collect();
    let kept_10: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|s| hunt(SHARD_DEALS, s, 10))
        .collect();
    for kind in ["by-cards", "by-tricks"] {
        let truth = listed(&whole, kind);
        assert_eq!(truth.len(), 10);
        // Shards that kept 5 each: every place printed is the true one, and
        // the summary says how many it could prove.
        let merged = ok(merge(&dir, &kept_5, 10, true));
        let got = listed(&merged, kind);
        assert!(got.len() >= 5 && got.len() < 10, "{kind}: {got:?}");
        assert_eq!(got, truth[..got.len()], "{kind}");
        let key = format!("proven_{}", kind.replace('-', "_"));
        assert_eq!(summary(&merged)[key.as_str()], got.len() as u64, "{merged}");
        // Shards that kept 10 each: exactly the unsharded top 10.
        let merged = ok(merge(&dir, &kept_10, 10, true));
        assert_eq!(listed(&merged, kind), truth, "{kind}");
    }
    // The text says how many places it could prove.
    let text = String::from_utf8(merge(&dir, &kept_5, 10, false).stdout).expect("UTF-8");
    assert!(
        text.contains("of the 10 asked: the shards' lists prove no more places):"),
        "{text}"
    );
    // The counts are the unsharded hunt's.
    let (m, w) = (
        summary(&ok(merge(&dir, &kept_10, 10, true))),
        summary(&whole),
    );
    for key in [
        "deals",
        "chunks",
        "finished",
        "loops",
        "exhausted",
        "cards_of_finished",
    ] {
        assert_eq!(m[key], w[key], "{key}");
    }
}

#[test]
fn a_merge_reads_crlf_shards_and_shards_concatenated_on_standard_input() {
    let dir = folder("crlf");
    let shards: Vec<String> = ["1/2", "2/2"].iter().map(|s| hunt(20_000, s, 3)).collect();
    let expected = ok(merge(&dir, &shards, 3, true));
    let crlf: Vec<String> = shards.iter().map(|s| s.replace('\n', "\r\n")).collect();
    assert_eq!(ok(merge(&dir, &crlf, 3, true)), expected);
    let mut child = Command::new(BIN)
        .args(["camicia", "merge", "--top", "3", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{}\n{}", shards[0], crlf[1]).as_bytes())
        .expect("written");
    assert_eq!(ok(child.wait_with_output().expect("ran")), expected);
}

#[test]
fn a_merge_of_shards_that_did_not_finish_is_exhausted_and_says_so() {
    let dir = folder("unfinished");
    // Both shards stopped by --seconds: so is their merge.
    let timed = |shard: &str| {
        ok(run(&hunt_args(
            1,
            50_000_000,
            shard,
            3,
            &["--seconds", "0.3"],
        )))
    };
    let shards = [timed("1/2"), timed("2/2")];
    let merged = ok(merge(&dir, &shards, 3, true));
    let s = summary(&merged);
    assert_eq!(
        (s["status"].as_str(), s["stopped_by"].as_str()),
        (Some("exhausted"), Some("seconds"))
    );
    let text = String::from_utf8(merge(&dir, &shards, 3, false).stdout).expect("UTF-8");
    let first = text.lines().next().expect("a line");
    assert!(first.contains(" deals of the 100000000 asked ("), "{first}");
    assert!(first.ends_with(", stopped by --seconds"), "{first}");
    // One shard finished its deals, the other was stopped by Ctrl-C.
    let args = |shard: &str| hunt_args(1, 3_000_000, shard, 3, &[]);
    let done = ok(run(&args("1/2")));
    let child = Command::new(BIN)
        .args(args("2/2"))
        .env_remove("SLURM_CPUS_PER_TASK")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(Duration::from_millis(300));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let cut = ok(child.wait_with_output().expect("ran"));
    assert_eq!(summary(&cut)["stopped_by"], "interrupt", "{cut}");
    let merged = summary(&ok(merge(&dir, &[done, cut.clone()], 3, true)));
    assert_eq!(merged["status"], "exhausted");
    assert_eq!(merged["stopped_by"], "interrupt");
    assert!(merged["deals"].as_u64() < Some(6_000_000));
    let text = String::from_utf8(merge(&dir, &[cut], 3, false).stdout).expect("UTF-8");
    assert!(text.is_empty(), "a lone shard 2/2 is refused: {text}");
}

/// Starts a hunt writing `--output target`; returns its exit code and
/// standard error.
fn hunt_to(target: &Path) -> (Option<i32>, String) {
    let out = plateau(&[
        "camicia",
        "hunt",
        "--deals",
        "2000",
        "--threads",
        "1",
        "--output",
        &target.display().to_string(),
    ]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn output_goes_through_a_symlink_and_into_a_pipe_and_a_bad_target_fails_first() {
    let dir = folder("output");
    // Through a symbolic link: the target is written, the link stays.
    let target = dir.join("report.txt");
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink("report.txt", &link).expect("symlink");
    assert_eq!(hunt_to(&link).0, Some(0));
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&target)
            .expect("the target")
            .starts_with("hunt: 2000 deals")
    );
    // Into a named pipe: its reader gets the report.
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).expect("read the pipe"))
    };
    assert_eq!(hunt_to(&fifo).0, Some(0));
    assert!(
        reader
            .join()
            .expect("the reader")
            .starts_with("hunt: 2000 deals")
    );
    // A folder and a missing folder: refused at once, before any deal.
    for (bad, words) in [
        (dir.clone(), "is a directory"),
        (dir.join("no/such/r.txt"), "no such folder"),
    ] {
        let started = Instant::now();
        let out = plateau(&[
            "camicia",
            "hunt",
            "--deals",
            "100000000",
            "--output",
            &bad.display().to_string(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with("error: cannot write ") && err.trim_end().ends_with(words),
            "{err}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "refused before the hunt"
        );
    }
    // A full device: the error names it, and it stays a device.
    if Path::new("/dev/full").exists() {
        let (code, err) = hunt_to(Path::new("/dev/full"));
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("no space left"), "{err}");
    }
}
