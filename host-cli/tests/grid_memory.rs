//! Memory of the grid commands, measured on the real process: under an
//! address-space cap (`ulimit -v`), `solve margins --strategy bfs` with a huge
//! `--queue` must still answer. Before issue #18 the queue was allocated whole
//! up front: `--queue 100000000` took 9.8 GB (164 bytes a grid). And its peak
//! resident memory stays within the documented 172 MB (issue #40: it was 250
//! MB, the old queue and the new one side by side while it grew).

use crate::common;

use std::process::{Command, Output};

/// The address space the process may map, in KiB: 512 MiB, far below the
/// 16 GB a 100,000,000-grid queue takes, well above the queue's own ceiling
/// (1,048,576 grids: 172 MB) and the binary's own needs.
const CAP_KIB: u64 = 512 * 1024;

/// Runs `plateau ARGS` under the address-space cap.
fn capped(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {CAP_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_plateau"))
        .args(args)
        .output()
        .expect("sh runs")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_huge_queue_flag_allocates_only_what_the_search_needs() {
    let o = capped(&[
        "solve",
        "margins",
        "--rows",
        "2,2,1",
        "--cols",
        "2,2,1",
        "--strategy",
        "bfs",
        "--queue",
        "100000000",
        "--json",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.starts_with("{\"status\":\"multiple\",\"count\":5,"),
        "{out}"
    );
}

#[test]
fn a_queue_that_keeps_growing_stops_at_its_ceiling_under_the_cap() {
    // Every count 8 on 16×16: the breadth-first frontier outgrows any queue.
    // The queue doubles up to 1,048,576 grids (172 MB) and then says it is full:
    // an error line, not an allocation failure past the cap.
    let eights = vec!["8"; 16].join(",");
    let o = capped(&[
        "solve",
        "margins",
        "--rows",
        &eights,
        "--cols",
        &eights,
        "--limit",
        "0",
        "--strategy",
        "bfs",
        "--queue",
        "100000000",
        "--max-steps",
        "100000000",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert_eq!(
        err,
        "error: the breadth-first queue is full (1048576 grids, the most it holds); use --strategy dfs\n"
    );
    // With a step budget the queue stays small and the answer comes.
    let o = capped(&[
        "solve",
        "margins",
        "--rows",
        &eights,
        "--cols",
        &eights,
        "--limit",
        "0",
        "--strategy",
        "bfs",
        "--queue",
        "100000000",
        "--max-steps",
        "100000",
        "--json",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.starts_with("{\"status\":\"exhausted\",\"stopped_by\":\"max-steps\""),
        "{out}"
    );
}

/// The documented bound of the breadth-first queue: 1,048,576 grids of 164
/// bytes, "172 MB at most" (the help, docs/grid.md).
const QUEUE_BYTES: u64 = 1_048_576 * 164;

/// What the process takes besides the queue: the binary, its threads, the
/// allocator (about 4 MiB measured); a generous allowance, far below the
/// 86 MB that the old queue took beside the new one.
const BESIDES_KIB: u64 = 16 * 1024;

#[test]
fn the_queue_peaks_within_its_documented_bound() {
    let eights = vec!["8"; 16].join(",");
    let (peak, out) = common::peak_kib(&mut common::plateau(&[
        "solve",
        "margins",
        "--rows",
        &eights,
        "--cols",
        &eights,
        "--limit",
        "0",
        "--strategy",
        "bfs",
        "--queue",
        "100000000",
        "--max-steps",
        "100000000",
    ]));
    // It filled the queue to its ceiling (so it reached its peak).
    let (_, err) = text(&out);
    assert_eq!(
        err,
        "error: the breadth-first queue is full (1048576 grids, the most it holds); use --strategy dfs\n"
    );
    let bound = QUEUE_BYTES / 1024 + BESIDES_KIB;
    eprintln!(
        "peak {peak} KiB; the queue's bound {} KiB",
        QUEUE_BYTES / 1024
    );
    assert!(
        peak > QUEUE_BYTES / 1024 * 9 / 10,
        "measured {peak} KiB: the queue was not filled"
    );
    assert!(
        peak <= bound,
        "peak {peak} KiB, above the documented {bound} KiB"
    );
}
