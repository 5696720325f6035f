//! The whole command line on hostile input: any arguments after a known command,
//! any standard input. The answer is exit code 0, or exit code 2 with exactly one
//! `error:` line; never a panic, never another code.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Commands to start from; the fuzzer supplies the rest of the arguments.
/// Unbounded searches (`camicia hunt`) are left out: they run until told to stop.
const COMMANDS: &[&[&str]] = &[
    &["jass", "score"],
    &["jass", "pack"],
    &["jass", "unpack"],
    &["tchu", "claims"],
    &["tchu", "additional"],
    &["tchu", "payable"],
    &["tchu", "routes"],
    &["tchu", "stations"],
    &["tchu", "tickets"],
    &["camicia"],
    &["camicia", "--batch", "-"],
    &["camicia", "trace"],
    &["camicia", "merge", "-"],
    &["tchu", "longest"],
    &["tchu", "longest", "--network", "-"],
    &["tchu", "bonus"],
    &["tchu", "bonus", "--network", "-"],
    &["tour", "--max-steps", "100000"],
    &["tour", "--count", "--max-steps", "100000"],
    &["solve", "sudoku", "-"],
    &["solve", "sudoku", "--count", "--max-steps", "10000", "-"],
    &["solve", "margins", "--max-steps", "100000"],
    &["solve", "minesweeper", "-"],
    &["solve", "snake", "-"],
    &[],
];

fuzz_target!(|data: (u8, Vec<String>, Vec<u8>, bool)| {
    let (which, rest, stdin, json) = data;
    let Some(prefix) = COMMANDS.get(usize::from(which) % COMMANDS.len()) else {
        return;
    };
    let mut args: Vec<String> = std::iter::once("plateau".to_string())
        .chain(prefix.iter().map(|s| s.to_string()))
        .chain(rest.into_iter().take(8))
        .collect();
    if json {
        args.push("--json".into());
    }
    let mut input = stdin.as_slice();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = plateau_cli::run(
        args.clone(),
        &mut plateau_cli::Io {
            stdin: &mut input,
            out: &mut out,
            err: &mut err,
            progress: false,
            reader_gone: None,
        },
    );
    let err = String::from_utf8_lossy(&err);
    match code {
        // Every JSON line is an answer with a status or a stream's record
        // (help and version are clap's text, whatever the flags).
        0 if json
            && !args
                .iter()
                .any(|a| ["-h", "--help", "-V", "--version", "help"].contains(&a.as_str())) =>
        {
            for line in String::from_utf8_lossy(&out).lines() {
                let value: serde_json::Value = serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {line}"));
                let keyed = value.get("status").is_some() || value.get("event").is_some();
                assert!(keyed, "{args:?}: neither status nor event: {line}");
            }
        }
        0 => {}
        2 => {
            assert!(err.starts_with("error: "), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
        _ => panic!("exit code {code} for {args:?}"),
    }
});
