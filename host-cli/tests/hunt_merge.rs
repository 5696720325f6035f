//! Hunts you can leave running for a week (issue #29), on the real binary:
//! the shards of `--deals N` partition the hunt of N deals (issue #40), so
//! their merge is exactly the unsharded hunt, for any N and any number of
//! shards; merges are exact or say why not, when the shards' lists tie at
//! their cut too; merges read CRLF files and concatenated shards, and say
//! when their shards did not finish; `--output` writes through a symbolic
//! link and into a pipe, and a bad target is refused before the hunt starts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_plateau");

/// The deals of a hunt of two shards: twenty whole chunks of 16,384.
const HUNT_DEALS: u64 = 20 * 16_384;

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
    let whole = hunt(HUNT_DEALS, "1/1", 10);
    let kept_5: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|s| hunt(HUNT_DEALS, s, 5))
        .collect();
    let kept_10: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|s| hunt(HUNT_DEALS, s, 10))
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

/// The report's lines without the seal and the fields that differ between
/// one task and a merge of several (times, threads, tasks, the shard).
fn untimed(report: &str) -> Vec<Value> {
    let per_run = [
        "seconds",
        "thread_seconds",
        "cpu_seconds",
        "deals_per_second",
        "deals_per_second_per_thread",
        "deals_per_cpu_second",
        "threads",
        "tasks",
        "shard",
        "proven_by_cards",
        "proven_by_tricks",
        "proven_loops",
    ];
    report
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|v| v["event"] != "end")
        .map(|mut v| {
            if let Some(map) = v.as_object_mut() {
                map.retain(|k, _| !per_run.contains(&k.as_str()));
            }
            v
        })
        .collect()
}

/// `--deals N --shard k/K` is shard k's part of one hunt of N deals: for N
/// that are no multiple of the chunk (a short last chunk, shards without a
/// chunk) and 2 to 5 shards, the merge is the unsharded hunt, exactly.
#[test]
fn shards_of_any_deals_merge_into_exactly_the_unsharded_hunt() {
    let dir = folder("partition");
    for deals in [1u64, 16_383, 16_385, 3 * 16_384 + 777, 70_001] {
        let whole = hunt(deals, "1/1", 4);
        for n in 2..=5 {
            let shards: Vec<String> = (1..=n)
                .map(|k| hunt(deals, &format!("{k}/{n}"), 4))
                .collect();
            let played: u64 = shards
                .iter()
                .map(|s| summary(s)["deals"].as_u64().expect("deals"))
                .sum();
            assert_eq!(played, deals, "{n} shards of {deals}");
            let merged = ok(merge(&dir, &shards, 4, true));
            assert_eq!(untimed(&merged), untimed(&whole), "{n} shards of {deals}");
        }
    }
}

/// Shards whose lists tie at their cut (games cut at 8 rounds: many
/// finished games of equal cards and tricks): every place a merge prints is
/// the unsharded hunt's, and all of them when the shards kept enough. (Two
/// shards of seed 1 keeping 2 each tie at the cut by cards: a merge that
/// ranked ties by cards and tricks alone would prove one place too many.)
#[test]
fn a_merge_of_lists_that_tie_at_their_cut_proves_only_true_places() {
    let dir = folder("ties");
    let tied = |shard: &str, top: usize| {
        let top = top.to_string();
        ok(plateau(&[
            "camicia",
            "hunt",
            "--json",
            "--seed",
            "1",
            "--threads",
            "1",
            "--deals",
            "40000",
            "--fresh",
            "--max-rounds",
            "8",
            "--shard",
            shard,
            "--top",
            &top,
        ]))
    };
    let whole = tied("1/1", 6);
    let game = |line: &String| {
        line.split(' ')
            .take(2)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let truth = listed(&whole, "by-cards");
    let ties = truth
        .windows(2)
        .filter(|w| game(&w[0]) == game(&w[1]))
        .count();
    assert!(ties > 0, "the lists tie: {truth:?}");
    for (n, kept) in [(2, 2), (2, 1), (3, 2), (3, 6)] {
        let shards: Vec<String> = (1..=n).map(|k| tied(&format!("{k}/{n}"), kept)).collect();
        let merged = ok(merge(&dir, &shards, 6, true));
        for kind in ["by-cards", "by-tricks"] {
            let (got, want) = (listed(&merged, kind), listed(&whole, kind));
            assert_eq!(got, want[..got.len()], "{n} shards keeping {kept}: {kind}");
            if kept >= 6 {
                assert_eq!(got, want, "{n} shards keeping {kept}: {kind}");
            }
        }
    }
}

#[test]
fn a_merge_reads_crlf_shards_and_shards_concatenated_on_standard_input() {
    let dir = folder("crlf");
    let shards: Vec<String> = ["1/2", "2/2"].iter().map(|s| hunt(40_000, s, 3)).collect();
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
    assert!(first.contains(" deals of the 50000000 asked ("), "{first}");
    assert!(first.ends_with(", stopped by --seconds"), "{first}");
    // One shard finished its deals, the other was stopped by Ctrl-C.
    let args = |shard: &str| hunt_args(1, 6_000_000, shard, 3, &[]);
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
    // A file whose folder takes no new file (written beside itself first).
    if Path::new("/proc/version").is_file() {
        let (code, err) = hunt_to(Path::new("/proc/version"));
        assert_eq!(code, Some(2), "{err}");
        assert_eq!(
            err,
            "error: cannot write /proc/version: cannot make a file in /proc: no such file\n"
        );
    }
    // A full device: the error names it, and it stays a device.
    if Path::new("/dev/full").exists() {
        let (code, err) = hunt_to(Path::new("/dev/full"));
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("no space left"), "{err}");
    }
}
