//! Nothing of the user's is lost through the files a command writes (issue
//! #40), on the real binary: the standard streams and other descriptors are
//! written in place, never resolved to the file behind them and renamed over
//! (`>> log` keeps the log, `| cat` reads the report); two outputs in one
//! file are refused before any work; every write error, `--help`,
//! `completions` and `man` included, is one `error:` line and exit 2, and a
//! reader that went away is no error.

use crate::common;

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::Stdio;

use common::{folder, plateau, sh};

/// The report's first line of `hunt --deals 2000` in text.
const REPORT: &str = "hunt: 2000 deals (1 chunk) in ";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1` as an output, the
/// standard output appended to a file (`>> log`): the log keeps its lines
/// and gets the report after them; the same for `tour --svg`, with a tour
/// and without one.
#[test]
fn the_standard_output_appended_to_a_file_keeps_the_file() {
    let dir = folder("files-append");
    let log = dir.join("log.txt");
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        fs::write(&log, "keep\n").expect("written");
        let out = sh(&format!(
            "\"$P\" camicia hunt --deals 2000 --threads 1 --output {name} >> '{}'",
            log.display()
        ));
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let got = fs::read_to_string(&log).expect("the log");
        assert!(got.starts_with(&format!("keep\n{REPORT}")), "{name}: {got}");
        for (board, picture) in [("4x4", false), ("5x5", true)] {
            fs::write(&log, "keep\n").expect("written");
            let out = sh(&format!(
                "\"$P\" tour --board {board} --svg {name} >> '{}'",
                log.display()
            ));
            assert!(out.status.success(), "{name}: {}", text(&out.stderr));
            let got = fs::read_to_string(&log).expect("the log is still there");
            let after = if picture {
                "keep\n<svg "
            } else {
                "keep\nopen knight's tour of 4x4"
            };
            assert!(got.starts_with(after), "{name} {board}: {got}");
        }
    }
}

/// `--output /dev/stdout | cat`: the pipe gets the report (it was "no such
/// file"); another descriptor of the shell's, appended to, keeps its file.
#[test]
fn descriptors_are_written_in_place() {
    for name in ["/dev/stdout", "-", "/dev/fd/1"] {
        let out = sh(&format!(
            "\"$P\" camicia hunt --deals 2000 --threads 1 --output {name} | cat"
        ));
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with(REPORT), "{name}");
    }
    let dir = folder("files-fd");
    let log = dir.join("three.txt");
    fs::write(&log, "keep\n").expect("written");
    let out = sh(&format!(
        "\"$P\" camicia hunt --deals 2000 --threads 1 --output /dev/fd/3 3>> '{}'",
        log.display()
    ));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let got = fs::read_to_string(&log).expect("the file");
    assert!(got.starts_with(&format!("keep\n{REPORT}")), "{got}");
    // The standard error is a stream too; a descriptor not open is an error.
    let out =
        sh("\"$P\" camicia hunt --deals 2000 --threads 1 --output /dev/stderr 2>&1 >/dev/null");
    assert!(
        text(&out.stdout).starts_with(REPORT),
        "{}",
        text(&out.stdout)
    );
    let out = plateau(&[
        "camicia",
        "hunt",
        "--deals",
        "2000",
        "--output",
        "/dev/fd/9",
    ])
    .output()
    .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: cannot write /dev/fd/9: no such file\n"
    );
}

/// Two options naming one file, however spelled (the same name, a link, a
/// hard link, the standard output redirected there): refused before any
/// work, with one `error:` line, and the file as it was.
#[test]
fn two_outputs_in_one_file_are_refused_first() {
    let dir = folder("files-same");
    let x = dir.join("x.jsonl");
    let hard = dir.join("hard.jsonl");
    let link = dir.join("link.jsonl");
    let spelled = dir.join(".").join("x.jsonl");
    fs::write(&x, "precious\n").expect("written");
    fs::hard_link(&x, &hard).expect("a hard link");
    std::os::unix::fs::symlink("x.jsonl", &link).expect("a link");
    for (output, checkpoint) in [(&x, &x), (&hard, &x), (&link, &x), (&spelled, &hard)] {
        let out = plateau(&[
            "camicia",
            "hunt",
            "--deals",
            "100000000",
            "--output",
            &output.display().to_string(),
            "--checkpoint",
            &checkpoint.display().to_string(),
        ])
        .output()
        .expect("runs");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("error: --output and --checkpoint name the same file"),
            "{err}"
        );
        assert_eq!(fs::read_to_string(&x).expect("kept"), "precious\n");
    }
    // A new file, named twice.
    let new = dir.join("new.jsonl");
    let out = sh(&format!(
        "\"$P\" camicia hunt --deals 2000 --output '{0}' --checkpoint '{0}'",
        new.display()
    ));
    assert_eq!(out.status.code(), Some(2));
    assert!(!new.exists(), "nothing made");
    // The standard output redirected to the checkpoint.
    let ck = dir.join("ck.jsonl");
    let out = sh(&format!(
        "\"$P\" camicia hunt --deals 2000 --checkpoint '{0}' >> '{0}'",
        ck.display()
    ));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: the standard output and --checkpoint name the same file ({}): give each its own\n",
            ck.display()
        )
    );
    // A checkpoint is never a stream.
    for name in ["-", "/dev/stdout", "/dev/stderr"] {
        let out = plateau(&["camicia", "hunt", "--deals", "2000", "--checkpoint", name])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr).contains("a checkpoint is a file"),
            "{name}: {}",
            text(&out.stderr)
        );
    }
}

/// A full disk: every command that writes says so in one line, exit 2, and
/// none panics (`completions` did, `--help` exited 0 silently).
#[test]
fn a_write_error_is_one_error_line_everywhere() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["completions", "fish"],
        &["--help"],
        &["--version"],
        &["help", "tour"],
        &["tour", "--help"],
        &["man"],
        &["man", "tchu", "longest"],
        &["demo"],
        &["jass", "score", "1:13"],
        &["tour", "--board", "5x5"],
        &["camicia", "hunt", "--deals", "2000"],
    ] {
        let out = plateau(args)
            .stdout(fs::File::create(full).expect("/dev/full"))
            .output()
            .expect("runs");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("no space left on the device"),
            "{args:?}: {err}"
        );
    }
    // Into a file, `--output /dev/full` and `--svg /dev/full` say which file.
    for args in [
        &[
            "camicia",
            "hunt",
            "--deals",
            "2000",
            "--output",
            "/dev/full",
        ][..],
        &["tour", "--board", "5x5", "--svg", "/dev/full"],
    ] {
        let out = plateau(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            "error: cannot write /dev/full: no space left on the device\n"
        );
    }
}

/// A reader that goes away (`| head -1`) is no error: exit 0, nothing on
/// the error stream.
#[test]
fn a_reader_that_goes_away_is_no_error() {
    for args in [
        &["completions", "bash"][..],
        &["--help"],
        &["man"],
        &["demo"],
        &[
            "camicia",
            "hunt",
            "--deals",
            "2000",
            "--output",
            "/dev/stdout",
        ],
    ] {
        let mut child = plateau(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut first = [0u8; 1];
        child
            .stdout
            .take()
            .expect("piped")
            .read_exact(&mut first)
            .expect("a byte");
        // The pipe's reader is gone now.
        let out = child.wait_with_output().expect("ends");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

/// A file of the user's named as an output is replaced by a new file renamed
/// over it (a new inode), never rewritten in place: a reader that opened the
/// old one reads it whole, and the new one keeps its permissions. The same
/// for a checkpoint, every time it is saved.
#[test]
fn a_file_is_replaced_whole_never_rewritten_in_place() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = folder("files-replace");
    let report = dir.join("report.txt");
    fs::write(&report, "the old report\n").expect("written");
    fs::set_permissions(&report, fs::Permissions::from_mode(0o600)).expect("chmod");
    let before = fs::metadata(&report).expect("stat").ino();
    let old = fs::File::open(&report).expect("opened");
    let out = plateau(&["camicia", "hunt", "--deals", "2000", "--output"])
        .arg(&report)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let after = fs::metadata(&report).expect("stat");
    assert_ne!(after.ino(), before, "a new file");
    assert_eq!(after.permissions().mode() & 0o777, 0o600);
    let mut was = String::new();
    (&old).read_to_string(&mut was).expect("read");
    assert_eq!(was, "the old report\n");
    assert!(
        fs::read_to_string(&report)
            .expect("read")
            .starts_with(REPORT)
    );
    // A checkpoint: each save a new file (the hunt's, then its run again).
    let ck = dir.join("hunt.ckpt");
    let mut inodes = Vec::new();
    for _ in 0..2 {
        let out = plateau(&["camicia", "hunt", "--deals", "2000", "--checkpoint"])
            .arg(&ck)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}", text(&out.stderr));
        inodes.push(fs::metadata(&ck).expect("saved").ino());
    }
    assert_ne!(inodes[0], inodes[1]);
    let left: Vec<_> = fs::read_dir(&dir).expect("list").collect();
    assert_eq!(left.len(), 2, "no temporary file left: {left:?}");
}

/// A named pipe: `--output` waits for its reader, who gets the report, and
/// one Ctrl-C or SIGTERM ends the wait (it used to block in the kernel and
/// take the first signal as noted); a checkpoint is never a pipe or a device.
#[test]
fn a_named_pipe_is_waited_for_and_a_signal_ends_the_wait() {
    let dir = folder("files-fifo");
    let fifo = dir.join("report.fifo");
    let _ = fs::remove_file(&fifo);
    let made = sh(&format!("mkfifo '{}'", fifo.display()));
    assert!(made.status.success(), "{}", text(&made.stderr));
    let fifo_arg = fifo.display().to_string();
    let hunt = |extra: &[&str]| {
        let mut args = vec!["camicia", "hunt", "--deals", "2000", "--threads", "1"];
        args.extend_from_slice(extra);
        plateau(&args)
    };
    // A reader comes after a while: it gets the whole report.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            fs::read_to_string(fifo).expect("the pipe reads")
        })
    };
    let out = hunt(&["--output", &fifo_arg]).output().expect("runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(reader.join().expect("read").starts_with(REPORT));
    // No reader: what `act` does to the waiting command (given its process
    // id) ends the wait, with exit 2 and the error returned.
    let waiting = |act: &dyn Fn(u32)| {
        let child = hunt(&["--output", &fifo_arg])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        // Past its 2,000 deals (a few milliseconds), waiting for a reader.
        std::thread::sleep(std::time::Duration::from_millis(800));
        act(child.id());
        let (code, _, err) = common::answer(child, std::time::Duration::from_secs(5));
        assert_eq!(code, Some(2), "{err}");
        err
    };
    // One signal ends the wait, with an error that says so.
    for (signal, name) in [("INT", "SIGINT"), ("TERM", "SIGTERM")] {
        assert_eq!(
            waiting(&|pid| common::kill(signal, i64::from(pid))),
            format!(
                "error: cannot write {fifo_arg}: stopped by {name} before a reader opened the pipe\n"
            )
        );
    }
    // The pipe removed while the command waits: an error at once.
    assert_eq!(
        waiting(&|_| fs::remove_file(&fifo).expect("removed")),
        format!("error: cannot write {fifo_arg}: no such file\n")
    );
    let made = sh(&format!("mkfifo '{}'", fifo.display()));
    assert!(made.status.success(), "{}", text(&made.stderr));
    // A checkpoint: refused before any work, the pipe and a device alike.
    for path in [fifo_arg.as_str(), "/dev/null"] {
        let out = hunt(&["--checkpoint", path]).output().expect("runs");
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            format!(
                "error: --checkpoint {path}: a checkpoint is a regular file, not a device, a pipe or a socket\n"
            )
        );
    }
}
