//! `plateau demo` shows real command lines: each `$ …` line it prints, run in
//! `sh` from a directory outside the checkout, prints exactly what the demo
//! shows under it. Only the hunt's wall-clock lines (`hunt: … in 0.5 s …` and
//! `rate: …`) are left out of the comparison.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_plateau");

/// Drops the lines that carry measured times.
fn untimed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("hunt: ") && !l.starts_with("rate: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn every_demo_line_prints_what_the_demo_shows() {
    let elsewhere = std::env::temp_dir();
    let demo = Command::new(BIN)
        .arg("demo")
        .current_dir(&elsewhere)
        .output()
        .expect("the binary runs");
    assert!(
        demo.status.success(),
        "{}",
        String::from_utf8_lossy(&demo.stderr)
    );
    let text = String::from_utf8(demo.stdout).expect("UTF-8");

    // Split into (command line, what follows it up to the next `$` or heading).
    let mut shown: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            shown.push((command.to_string(), String::new()));
        } else if line.starts_with("== ") || (line.is_empty() && shown.is_empty()) {
            continue;
        } else if let Some((_, out)) = shown.last_mut() {
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(shown.len() >= 15, "{text}");

    let bin_dir = Path::new(BIN).parent().expect("the binary has a folder");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (command, out) in &shown {
        let run = Command::new("sh")
            .arg("-c")
            .arg(command)
            .env("PATH", &path)
            .current_dir(&elsewhere)
            .output()
            .expect("sh runs");
        assert!(run.status.success(), "{command}");
        let printed = String::from_utf8_lossy(&run.stdout);
        // A blank line separates the demo's sections; the command's own output
        // ends where the demo's next heading begins.
        assert_eq!(
            untimed(&printed).trim_end(),
            untimed(out).trim_end(),
            "{command}"
        );
    }
}
