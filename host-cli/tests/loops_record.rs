//! `plateau camicia loops` in the record kind (issue #45), on the real
//! binary: its `--json` output ends with the seal; the shards of
//! `--max-steps N` merge (`camicia merge`) into exactly the lines of the
//! search in one piece, with its counts; a merge refuses a shard missing, a
//! shard twice, a shard of another seed, a truncated file and an edited deal
//! (seal fixed up or not); a checkpoint is the output so far, and a search
//! stopped part-way resumes from it to the output of one run; a checkpoint of
//! the older format is refused; `--output` writes the file whole.

use crate::common;

use std::path::Path;
use std::process::{Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::{folder, kill, plateau, wait_within};
use serde_json::Value;

/// The trials of the searches merged: seed 5 finds two new cycles in them,
/// at trials 2,385 and 116,078 (in different shards of 2 and of 3).
const TRIALS: &str = "120001";

/// The trials of the search stopped part-way: about a second and a half of
/// the optimized test build's, so that a signal comes in the middle.
const LONG: &str = "1000000";

fn run(args: &[&str]) -> Output {
    plateau(args).output().expect("the binary runs")
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The standard error of a command that must fail with exit code 2.
fn refused(out: Output) -> String {
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(out.status.code(), Some(2), "{err}");
    err
}

/// `loops --json --seed 5` of `trials` trials, shard `shard`, then `more`.
fn loops(trials: &str, shard: &str, more: &[&str]) -> String {
    let args = [
        "camicia",
        "loops",
        "--json",
        "--seed",
        "5",
        "--max-steps",
        trials,
        "--shard",
        shard,
    ];
    ok(run(&[&args[..], more].concat()))
}

/// An output's cycle and deal lines, its summary and its seal.
fn parts(output: &str) -> (Vec<&str>, Value, &str) {
    let lines: Vec<&str> = output.lines().collect();
    let [listed @ .., summary, seal] = lines.as_slice() else {
        panic!("a summary and a seal: {output}");
    };
    assert!(seal.starts_with(r#"{"event":"end","lines":"#), "{seal}");
    let summary: Value = serde_json::from_str(summary).expect("JSON");
    assert_eq!(summary["kind"], "summary");
    (listed.to_vec(), summary, seal)
}

/// The lines that contain `text`.
fn containing<'a>(lines: &[&'a str], text: &str) -> Vec<&'a str> {
    lines.iter().filter(|l| l.contains(text)).copied().collect()
}

/// Writes `outputs` to files in `dir` and merges them.
fn merge(dir: &Path, outputs: &[String], json: bool) -> Output {
    let mut args = vec!["camicia".to_string(), "merge".into()];
    if json {
        args.push("--json".into());
    }
    for (i, o) in outputs.iter().enumerate() {
        let path = dir.join(format!("loops-{i}.jsonl"));
        std::fs::write(&path, o).expect("written");
        args.push(path.display().to_string());
    }
    run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Checks that `got` (a merge, a resumed search) is the output of one run,
/// `want`: the same cycle and deal lines, byte for byte, and the same
/// status and counts (added up or recounted); returns its summary.
fn assert_one_run(got: &str, want: &str, what: &str) -> Value {
    let ((lines, summary, _), (want_lines, want_summary, _)) = (parts(got), parts(want));
    assert!(
        lines == want_lines,
        "{what}:\n{}\none run:\n{}",
        lines.join("\n"),
        want_lines.join("\n")
    );
    for key in [
        "status",
        "cycles",
        "cycles_with_deals",
        "deals",
        "longest",
        "trials",
        "looped",
    ] {
        assert_eq!(summary[key], want_summary[key], "{what}: {key}");
    }
    summary
}

/// Seed 46's first belt trial (trial 32,748, of shard 1/2) loops and lists
/// 56 cycles: the merge keeps them in the order that trial found them, as
/// the search in one piece lists them.
#[test]
fn a_belt_trials_cycles_merge_in_the_order_found() {
    let dir = folder("loops-belt-merge");
    let seed_46 = |shard: &str| {
        let args = [
            "camicia",
            "loops",
            "--json",
            "--seed",
            "46",
            "--max-steps",
            "32749",
        ];
        ok(run(&[&args[..], &["--shard", shard]].concat()))
    };
    let whole = seed_46("1/1");
    let (lines, _, _) = parts(&whole);
    let belt = containing(&lines, r#""trial":32748"#);
    assert_eq!(belt.len(), 56, "{belt:?}");
    assert!(belt[0].contains(r#""id":"5a8e1bf5d767""#), "{}", belt[0]);
    let shards = [seed_46("1/2"), seed_46("2/2")];
    assert!(!shards[1].contains(r#""trial":32748"#));
    assert_one_run(&ok(merge(&dir, &shards, true)), &whole, "2 shards");
}

#[test]
fn the_shards_of_a_search_merge_into_its_lines_and_counts() {
    let dir = folder("loops-merge");
    let whole = loops(TRIALS, "1/1", &[]);
    let (lines, _, _) = parts(&whole);
    let found = containing(&lines, r#""trial":"#);
    assert_eq!(found.len(), 2, "two cycles found by trials: {found:?}");
    for n in [2, 3] {
        let shards: Vec<String> = (1..=n)
            .map(|k| loops(TRIALS, &format!("{k}/{n}"), &[]))
            .collect();
        let s = assert_one_run(
            &ok(merge(&dir, &shards, true)),
            &whole,
            &format!("{n} shards"),
        );
        assert_eq!(s["shard"], format!("{n}/{n}"));
        assert_eq!(s["tasks"], n);
        let seconds: f64 = shards
            .iter()
            .map(|o| parts(o).1["seconds"].as_f64().expect("seconds"))
            .sum();
        assert!(
            (s["seconds"].as_f64().expect("seconds") - seconds).abs() < 0.01,
            "{s}"
        );
        // The shards in any order.
        let reversed: Vec<String> = shards.iter().rev().cloned().collect();
        assert_eq!(parts(&ok(merge(&dir, &reversed, true))).0, lines);
    }
    // The text form is `loops`' own, the time aside.
    let shards: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|k| loops("3001", k, &[]))
        .collect();
    let merged = String::from_utf8(merge(&dir, &shards, false).stdout).expect("UTF-8");
    let args = ["camicia", "loops", "--seed", "5", "--max-steps", "3001"];
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| l.split(" trials (").next().unwrap_or(l).to_string())
            .collect()
    };
    assert_eq!(untimed(&merged), untimed(&ok(run(&args))), "{merged}");
    assert!(merged.contains(" distinct cycles, "), "{merged}");
}

/// FNV-1a (64 bits) of the lines, each with its newline: the seal's hash,
/// computed apart from the tool.
fn sealed(lines: &[&str]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut text = String::new();
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    format!(
        "{text}{{\"event\":\"end\",\"lines\":{},\"fnv64\":\"{h:016x}\"}}\n",
        lines.len()
    )
}

#[test]
fn a_merge_refuses_shards_that_are_not_one_whole_search() {
    let dir = folder("loops-merge-bad");
    let [one, two] = ["1/2", "2/2"].map(|k| loops("3001", k, &[]));
    let name = |i: usize| dir.join(format!("loops-{i}.jsonl")).display().to_string();
    // Sealed as the tool seals: the file as it was reads.
    let (lines, _, seal) = parts(&two);
    let mut body = lines.clone();
    body.push(two.lines().rev().nth(1).expect("a summary"));
    assert_eq!(sealed(&body), two);
    assert!(seal.contains(r#""fnv64":""#));
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec![one.clone()],
            "error: shard 2/2 is missing: merge every shard of the search\n".into(),
        ),
        (
            vec![one.clone(), one.clone(), two.clone()],
            format!(
                "error: {}: shard 1/2 again (also in {})\n",
                name(1),
                name(0)
            ),
        ),
        (
            vec![
                one.clone(),
                ok(run(&[
                    "camicia",
                    "loops",
                    "--json",
                    "--seed",
                    "6",
                    "--max-steps",
                    "3001",
                    "--shard",
                    "2/2",
                ])),
            ],
            format!(
                "error: {}: a shard of another search than {}: --seed 6 here, 5 there\n",
                name(1),
                name(0)
            ),
        ),
        (
            vec![
                one.clone(),
                two.lines().take(20).map(|l| format!("{l}\n")).collect(),
            ],
            format!(
                "error: {}: line 20: the report ends without its end line (truncated?)\n",
                name(1)
            ),
        ),
    ];
    for (shards, words) in cases {
        assert_eq!(refused(merge(&dir, &shards, true)), words);
    }
    // A deal edited (two of its cards swapped): refused by the seal, and,
    // the seal fixed up, by the game played again.
    let line: Value = serde_json::from_str(lines[1]).expect("a deal line");
    let deal = line["deal"].as_str().expect("a deal");
    let edited_deal = deal.replacen("K-", "-K", 1);
    assert_ne!(edited_deal, deal);
    let edited = two.replacen(deal, &edited_deal, 1);
    let last = two.lines().count();
    assert_eq!(
        refused(merge(&dir, &[one.clone(), edited.clone()], true)),
        format!(
            "error: {}: line {last}: the lines above do not match their hash (edited or cut?)\n",
            name(1)
        )
    );
    let resealed = sealed(&edited.lines().take(last - 1).collect::<Vec<_>>());
    let err = refused(merge(&dir, &[one.clone(), resealed], true));
    assert!(
        err.starts_with(&format!(
            "error: {}: line 2: deal '{edited_deal}' ",
            name(1)
        )),
        "{err}"
    );
    // Its cards and tricks edited, the seal fixed up: refused too.
    let cards = format!("\"cards\":{},", line["cards"]);
    let miscounted = sealed(
        &two.replacen(&cards, "\"cards\":7,", 1)
            .lines()
            .take(last - 1)
            .collect::<Vec<_>>(),
    );
    assert_eq!(
        refused(merge(&dir, &[one, miscounted], true)),
        format!(
            "error: {}: line 2: deal '{deal}' plays {} cards and {} tricks, not 7 and {}\n",
            name(1),
            line["cards"],
            line["tricks"],
            line["tricks"]
        )
    );
}

/// The summary of the checkpoint at `path` (the line before its seal).
fn checkpoint_summary(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("a checkpoint");
    parts(&text).1
}

/// `loops` of `LONG` trials of seed 5, checkpointed to `ck_arg` every 50 ms.
fn resumable(ck_arg: &str) -> [&str; 11] {
    [
        "camicia",
        "loops",
        "--json",
        "--seed",
        "5",
        "--max-steps",
        LONG,
        "--checkpoint",
        ck_arg,
        "--checkpoint-every",
        "0.05",
    ]
}

/// Starts the `resumable` search checkpointed in a fresh folder `name`:
/// the checkpoint's path and the search, its output piped.
fn start_resumable(name: &str) -> (std::path::PathBuf, std::process::Child) {
    let ck = folder(name).join("loops.ckpt");
    let child = plateau(&resumable(&ck.display().to_string()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    (ck, child)
}

#[test]
fn a_search_stopped_part_way_resumes_from_its_checkpoint_to_one_run() {
    let (ck, mut child) = start_resumable("loops-resume");
    let ck_arg = ck.display().to_string();
    let args = resumable(&ck_arg);
    let began = Instant::now();
    while !ck.exists() {
        assert!(began.elapsed() < Duration::from_secs(30), "no checkpoint");
        sleep(Duration::from_millis(10));
    }
    kill("INT", i64::from(child.id()));
    wait_within(&mut child, Duration::from_secs(10));
    let stopped = checkpoint_summary(&ck);
    assert_eq!(stopped["stopped_by"], "interrupt", "{stopped}");
    let part = stopped["trials"].as_u64().expect("trials");
    assert!(part < 1_000_000, "stopped part-way: {stopped}");
    // The same command again: it resumes, and ends as one run does.
    let resumed = ok(run(&args));
    assert_eq!(std::fs::read_to_string(&ck).expect("saved"), resumed);
    let whole = loops(LONG, "1/1", &[]);
    assert_one_run(&resumed, &whole, "resumed");
    // Another search's checkpoint is refused, and left as it is.
    let saved = std::fs::read(&ck).expect("saved");
    let mut other = args.to_vec();
    other[4] = "6";
    assert_eq!(
        refused(run(&other)),
        format!("error: checkpoint {ck_arg}: of another search: --seed 5 there, 6 here\n")
    );
    assert_eq!(std::fs::read(&ck).expect("kept"), saved);
    // With a smaller --max-steps than the trials it made, refused; with a
    // larger one it goes on to it, as one run of the larger budget.
    let mut fewer = args.to_vec();
    fewer[6] = TRIALS;
    assert_eq!(
        refused(run(&fewer)),
        format!(
            "error: checkpoint {ck_arg}: of a longer search: {LONG} trials made there, {TRIALS} to make here (--max-steps {TRIALS})\n"
        )
    );
    assert_eq!(std::fs::read(&ck).expect("kept"), saved);
    let more = (LONG.parse::<u64>().expect("a count") + 5).to_string();
    let mut longer = args.to_vec();
    longer[6] = &more;
    let extended = ok(run(&longer));
    assert_one_run(&extended, &loops(&more, "1/1", &[]), "resumed further");
    std::fs::write(&ck, &saved).expect("put back");
    // Edited (a found cycle's tree) with its seal fixed up, it reads whole,
    // but it is not what the search rebuilds: refused, naming the cycle.
    let text = String::from_utf8(saved).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    let found = lines
        .iter()
        .position(|l| l.contains(r#""trial":"#))
        .expect("a cycle found");
    let id: Value = serde_json::from_str(lines[found]).expect("JSON");
    let mut edited: Vec<String> = lines[..lines.len() - 1]
        .iter()
        .map(ToString::to_string)
        .collect();
    let tree = format!(r#""tree":{},"#, id["tree"]);
    assert!(edited[found].contains(&tree), "{}", edited[found]);
    edited[found] = edited[found].replace(&tree, r#""tree":1,"#);
    std::fs::write(
        &ck,
        sealed(&edited.iter().map(String::as_str).collect::<Vec<_>>()),
    )
    .expect("written");
    assert_eq!(
        refused(run(&args)),
        format!(
            "error: checkpoint {ck_arg}: cycle {}: not as this search rebuilds it (a checkpoint of another search, or of another plateau)\n",
            id["id"].as_str().expect("an id")
        )
    );
}

#[test]
fn a_search_its_reader_left_is_cut_short_and_resumes_to_one_run() {
    // `| head -1`: the first line read, then the pipe closed.
    let (ck, mut child) = start_resumable("loops-reader-gone");
    let ck_arg = ck.display().to_string();
    let args = resumable(&ck_arg);
    let mut out = std::io::BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    std::io::BufRead::read_line(&mut out, &mut first).expect("a line");
    drop(out);
    let status = wait_within(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(0), "quietly");
    // Not "found": the search was cut short, not made.
    let left = checkpoint_summary(&ck);
    assert!(
        left["trials"].as_u64().expect("trials") < 1_000_000,
        "{left}"
    );
    assert_eq!(left["status"], "exhausted", "{left}");
    let resumed = ok(run(&args));
    assert_one_run(&resumed, &loops(LONG, "1/1", &[]), "resumed");
}

#[test]
fn a_checkpoint_of_the_older_format_is_refused() {
    let dir = folder("loops-old");
    let ck = dir.join("old.ckpt");
    let old = r#"{"kind":"loops-checkpoint","seed":1,"shard":"1/1","split":"balanced","from":[],"trials":5,"loops":1,"seconds":0.1,"found":[]}"#;
    std::fs::write(&ck, format!("{old}\n")).expect("written");
    let ck_arg = ck.display().to_string();
    assert_eq!(
        refused(run(&[
            "camicia",
            "loops",
            "--max-steps",
            "1",
            "--checkpoint",
            &ck_arg
        ])),
        format!(
            "error: checkpoint {ck_arg}: line 1: a checkpoint of an older plateau (its own format, not the output so far): start the search afresh\n"
        )
    );
    assert_eq!(
        std::fs::read_to_string(&ck).expect("kept"),
        format!("{old}\n")
    );
}

#[test]
fn output_writes_the_file_whole_and_nothing_on_the_standard_output() {
    let dir = folder("loops-output");
    let file = dir.join("out.jsonl");
    let path = file.display().to_string();
    let printed = loops("3001", "1/1", &["--output", &path]);
    assert_eq!(printed, "");
    let written = std::fs::read_to_string(&file).expect("written");
    let seconds = parts(&written).1["seconds"].as_f64();
    assert!(seconds > Some(0.0), "{seconds:?}");
    let streamed = loops("3001", "1/1", &[]);
    assert_eq!(parts(&written).0, parts(&streamed).0);
    // A record `merge` reads.
    let merged = ok(run(&["camicia", "merge", "--json", &path]));
    assert_eq!(parts(&merged).0, parts(&written).0);
    // `-` is the standard output.
    assert_eq!(
        parts(&loops("3001", "1/1", &["--output", "-"])).0,
        parts(&streamed).0
    );
}
