//! Every `$ plateau …` example shown in README.md and docs/*.md, run and compared
//! with the text shown (trycmd reads the ```console blocks of Markdown files).
//!
//! trycmd runs a Markdown file's commands in the test process's working
//! directory (a case may only pick another through a sibling `NAME.in/`
//! folder, which Markdown pages should not grow). So this test, alone in its
//! binary, moves to the workspace root first: every example then reads
//! `fixtures/...` exactly as a reader typing it at the root of a checkout would.
//! See docs/testing.md.

use std::path::Path;

#[test]
fn docs_examples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("host-cli sits in the workspace");
    std::env::set_current_dir(root).expect("the workspace root exists");
    trycmd::TestCases::new()
        .register_bin("plateau", Path::new(env!("CARGO_BIN_EXE_plateau")))
        .case("README.md")
        .case("docs/*.md");
}
