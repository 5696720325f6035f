//! Every `$ plateau …` example shown in README.md and docs/*.md, run and compared
//! with the text shown (trycmd reads the ```console blocks of Markdown files).
//!
//! trycmd runs a Markdown file's commands in the test process's working
//! directory (a case may only pick another through a sibling `NAME.in/`
//! folder, which Markdown pages should not grow). So this test moves to the
//! workspace root first: every example then reads `fixtures/...` exactly as a
//! reader typing it at the root of a checkout would. The other tests of the
//! binary (`integration.rs`) do not depend on the working directory. See
//! docs/testing.md.

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

/// Every relative link of the Markdown documents points at a file that exists
/// and, with a `#fragment`, at a heading of that file (GitHub's anchor rule),
/// in the notes of `docs/notes/` too; the README links every page of `docs/`.
#[test]
fn docs_links_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("host-cli sits in the workspace");
    let mut pages: Vec<std::path::PathBuf> = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md"]
        .iter()
        .chain(&["BENCHMARKS.md", "core/README.md", "firmware/README.md"])
        .map(|p| root.join(p))
        .collect();
    let docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    assert!(docs.len() >= 9, "the docs pages: {docs:?}");
    pages.extend(docs.iter().cloned());
    // The dated notes that the pages link (experiments and their figures).
    pages.extend(
        std::fs::read_dir(root.join("docs/notes"))
            .expect("docs/notes/ exists")
            .map(|e| e.expect("a notes entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "md")),
    );
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("a page is readable");
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let dest = if file.is_empty() {
                page.clone()
            } else {
                page.parent().expect("a page has a folder").join(file)
            };
            if !dest.exists() {
                broken.push(format!("{}: {target}: no such file", page.display()));
            } else if !fragment.is_empty() {
                let heads = std::fs::read_to_string(&dest)
                    .map(|t| anchors(&t))
                    .unwrap_or_default();
                if !heads.iter().any(|h| h == fragment) {
                    broken.push(format!("{}: {target}: no such heading", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    for page in &docs {
        let name = page
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 name");
        assert!(
            readme.contains(&format!("(docs/{name}")),
            "README.md does not link docs/{name}"
        );
    }
}

/// The targets of the inline links `[text](target)` outside code blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// The anchors GitHub gives a page's headings: lowercase, spaces as `-`,
/// punctuation other than `-` and `_` dropped.
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        out.push(
            title
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    '-' | '_' => Some(c),
                    c if c.is_alphanumeric() => Some(c),
                    _ => None,
                })
                .flat_map(char::to_lowercase)
                .collect(),
        );
    }
    out
}
