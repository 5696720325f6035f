//! The shell scripts a user runs (`tools/`, `deploy/slurm/submit.sh` and
//! `test-local-cluster.sh`, `firmware/run-tests.sh`) answer `--help` with their
//! header comment, and refuse bad arguments before they build or run anything.

use std::path::PathBuf;
use std::process::{Command, Output};

use plateau_tests::workspace_root;

/// A script's path: a path from the workspace root, or a name in `tools/`.
fn script(name: &str) -> PathBuf {
    let root = workspace_root();
    if name.contains('/') {
        root.join(name)
    } else {
        root.join("tools").join(name)
    }
}

fn tool(name: &str, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(script(name))
        .args(args)
        .current_dir(workspace_root())
        .output()
        .expect("bash runs")
}

/// The shell scripts: every file of `tools/` whose first line asks for bash,
/// and the others a user runs.
fn shell_tools() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(workspace_root().join("tools"))
        .expect("tools/")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let text = std::fs::read_to_string(&path).ok()?;
            text.starts_with("#!/usr/bin/env bash")
                .then(|| path.file_name()?.to_str().map(str::to_string))?
        })
        .collect();
    names.sort();
    names.extend(
        [
            "deploy/slurm/submit.sh",
            "deploy/slurm/test-local-cluster.sh",
            "firmware/run-tests.sh",
        ]
        .map(str::to_string),
    );
    names
}

#[test]
fn every_shell_tool_prints_its_header_for_help() {
    let names = shell_tools();
    assert!(names.len() >= 8, "{names:?}");
    for name in &names {
        let text = std::fs::read_to_string(script(name)).expect("read");
        // The comment block after the shebang, each line without its "# ".
        let header: String = text
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with('#'))
            .map(|l| {
                format!(
                    "{}\n",
                    l.trim_start_matches('#')
                        .strip_prefix(' ')
                        .unwrap_or(l.trim_start_matches('#'))
                )
            })
            .collect();
        assert!(header.len() > 80, "{name}: a header that says what it does");
        // Checked before running it: a script without the line would run
        // whole (a build, a firmware run) instead of answering.
        assert!(
            text.contains("case \"${1:-}\" in -h | --help)"),
            "{name}: answers -h and --help first"
        );
        for flag in ["--help", "-h"] {
            let out = tool(name, &[flag]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{name} {flag}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                header,
                "{name} {flag}"
            );
        }
    }
}

#[test]
fn shell_tools_refuse_bad_arguments_at_once() {
    for (name, args, says) in [
        (
            "ab-hunt",
            &["HEAD", "0"][..],
            "SLICES must be a positive whole number, not '0'",
        ),
        (
            "ab-search",
            &["HEAD", "ten"],
            "SLICES must be a positive whole number, not 'ten'",
        ),
        (
            "hunt-profile",
            &["-5"],
            "DEALS must be a positive whole number, not '-5'",
        ),
        (
            "hunt-scale",
            &["3000000", "x"],
            "ROUNDS must be a positive whole number, not 'x'",
        ),
        (
            "loops-report",
            &["1.5"],
            "SECONDS must be a positive whole number, not '1.5'",
        ),
        (
            "vs-published",
            &["playbmn_cpu.cpp", "8", "4s"],
            "SECONDS must be a positive whole number, not '4s'",
        ),
        (
            "ci-milp.sh",
            &["--fast"],
            "takes no arguments, not '--fast'",
        ),
        (
            "mutants-diff.sh",
            &["--check"],
            "unknown argument '--check'",
        ),
    ] {
        let out = tool(name, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {stderr}");
        assert!(stderr.contains(says), "{name} {args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{name} {args:?}: nothing run");
    }
}
