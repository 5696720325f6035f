//! Hostile arguments that a fixture file cannot spell (empty strings, control
//! characters, 10,000-character words), against every command: the answer is exit
//! code 0, or exit code 2 with exactly one `error:` line. Never a panic.

use plateau_tests::run_cli;

const COMMANDS: &[&[&str]] = &[
    &["jass", "score"],
    &["jass", "pack"],
    &["jass", "unpack"],
    &["tchu", "claims"],
    &["tchu", "additional", "BRI_LOC_1", "--claim"],
    &["tchu", "longest"],
    &["tchu", "longest", "--network"],
    &["tchu", "bonus", "--a"],
    &["camicia"],
    &["camicia", "--batch"],
    &["camicia", "trace"],
    &["camicia", "merge"],
    &["tour", "--board"],
    &["tour", "--board", "8x8", "--start"],
    &["solve", "sudoku"],
    &["solve", "margins", "--rows"],
    &["solve", "minesweeper"],
    &["solve", "snake"],
];

fn hostile_words() -> Vec<String> {
    vec![
        String::new(),
        " ".into(),
        "a\nb".into(),
        "\r".into(),
        "\u{0}".into(),
        "\u{feff}8x8".into(),
        "é".repeat(5000),
        "9".repeat(10_000),
        "-".repeat(10_000),
        "1:".repeat(3000),
        ",".into(),
        "0x".into(),
        "🂡".into(),
    ]
}

#[test]
fn every_command_answers_or_says_one_error_line() {
    for prefix in COMMANDS {
        for word in hostile_words() {
            let args: Vec<String> = prefix
                .iter()
                .map(|s| s.to_string())
                .chain(std::iter::once(word.clone()))
                .collect();
            let run = run_cli(&args, word.as_bytes());
            let shown = format!("{:?}", args).chars().take(120).collect::<String>();
            assert!(
                run.code == 0 || run.code == 2,
                "exit code {} for {shown}",
                run.code
            );
            if run.code == 2 {
                assert!(run.stderr.starts_with("error: "), "{shown}: {}", run.stderr);
                assert_eq!(run.stderr.lines().count(), 1, "{shown}: {}", run.stderr);
                assert!(
                    run.stderr.len() < 1000,
                    "{shown}: an error line of {} bytes",
                    run.stderr.len()
                );
            }
        }
    }
}
