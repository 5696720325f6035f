//! ARCHITECTURE.md is the map of the tree, and this test holds it to the
//! tree, as `host-cli/tests/docs.rs` holds the docs' examples to the CLI:
//! - every source folder (each folder under [`SOURCE_ROOTS`], the roots
//!   included) is named in it by its path from the workspace root;
//! - every test file (each `*.rs` file directly in [`TEST_FOLDERS`]) is named
//!   by its path from the root;
//! - every path it names exists: a path from the root (`core/src/bits.rs`,
//!   `tools/`), a pattern (`tests/tests/grid_*.rs`: at least one match), or a
//!   bare file name (`matching.rs`: some file of the tree has that name).
//!   Templates such as `core/src/<cap>/` are not paths and are skipped.
//!
//! A new folder or test file fails it until the map names it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The folders whose every folder, their own included, is a source folder
/// the map must name.
const SOURCE_ROOTS: &[&str] = &[
    "core/src",
    "host-cli/src",
    "host-cli/tests",
    "tests/src",
    "tests/tests",
    "tests/benches",
    "tests/examples",
    "firmware/src",
    "firmware/panic-probe",
    "fuzz/fuzz_targets",
    "tools",
    "deploy",
];

/// The folders whose `*.rs` files are test files the map must name.
const TEST_FOLDERS: &[&str] = &["tests/tests", "host-cli/tests", "tests/benches"];

/// Folders that hold no source: build output, fuzzing data, snapshots.
const NOT_SOURCE: &[&str] = &[
    "target",
    "corpus",
    "artifacts",
    "coverage",
    "snapshots",
    "__pycache__",
];

/// How a path the map names begins: the workspace's top-level folders.
const TOP: &[&str] = &[
    "core/",
    "host-cli/",
    "tests/",
    "firmware/",
    "fuzz/",
    "tools/",
    "deploy/",
    "fixtures/",
    "docs/",
    ".ci/",
    ".cargo/",
];

/// The bare file names the map may use for a file of a folder it names.
const NAMED_KINDS: &[&str] = &[".rs", ".sh", ".py", ".md", ".toml"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The path of `path` from the workspace root, with `/` between folders.
fn relative(path: &Path) -> String {
    let root = root();
    let rel = path.strip_prefix(&root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn skipped(dir: &Path) -> bool {
    dir.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| NOT_SOURCE.contains(&n) || n == ".git")
}

/// `dir` and every folder under it that holds source.
fn folders(dir: &Path, out: &mut Vec<PathBuf>) {
    out.push(dir.to_path_buf());
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() && !skipped(&path) {
            folders(&path, out);
        }
    }
}

/// The names of every file of the tree (build output and `.git` aside).
fn file_names(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            if !skipped(&path) {
                file_names(&path, out);
            }
        } else if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
            out.insert(name.to_string());
        }
    }
}

/// Whether `name` matches `pattern`, where `*` stands for any text.
fn matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether some path of the tree matches `pattern`, a path from the root
/// whose components may hold `*`.
fn exists(pattern: &str) -> bool {
    let mut here = vec![root()];
    for part in pattern.trim_end_matches('/').split('/') {
        let mut next = Vec::new();
        for dir in &here {
            if !part.contains('*') {
                let path = dir.join(part);
                if path.exists() {
                    next.push(path);
                }
                continue;
            }
            let Ok(entries) = fs::read_dir(dir) else {
                continue;
            };
            for entry in entries {
                let path = entry.expect("a folder entry").path();
                if path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| matches(part, n))
                {
                    next.push(path);
                }
            }
        }
        here = next;
    }
    !here.is_empty()
}

/// The words of `text` that may be paths: runs of the characters a path of
/// this tree is written with (`*` and `<…>` included, to tell patterns and
/// templates), without a sentence's closing period.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| {
        !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '*' | '<' | '>'))
    })
    .map(|w| w.trim_end_matches('.'))
    .filter(|w| !w.is_empty())
    .map(str::to_string)
    .collect()
}

fn map() -> String {
    fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md is readable")
}

#[test]
fn the_map_names_every_source_folder() {
    let words = words(&map());
    let mut all = Vec::new();
    for top in SOURCE_ROOTS {
        folders(&root().join(top), &mut all);
    }
    assert!(all.len() > 30, "the source folders: {all:?}");
    let missing: Vec<String> = all
        .iter()
        .map(|dir| relative(dir))
        .filter(|dir| !words.contains(dir) && !words.contains(&format!("{dir}/")))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name these folders (write each as its path \
         from the root, such as `core/src/tchu/trail/`): {missing:?}"
    );
}

#[test]
fn the_map_names_every_test_file() {
    let words = words(&map());
    let mut files = Vec::new();
    for folder in TEST_FOLDERS {
        for entry in fs::read_dir(root().join(folder)).expect("a test folder exists") {
            let path = entry.expect("a folder entry").path();
            if path.is_file() && path.extension().is_some_and(|e| e == "rs") {
                files.push(relative(&path));
            }
        }
    }
    files.sort();
    assert!(files.len() > 30, "the test files: {files:?}");
    let missing: Vec<&String> = files.iter().filter(|f| !words.contains(*f)).collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name these test files (write each as its path \
         from the root, such as `tests/tests/tour.rs`): {missing:?}"
    );
}

#[test]
fn every_path_the_map_names_exists() {
    let mut names = BTreeSet::new();
    file_names(&root(), &mut names);
    let mut wrong = Vec::new();
    for word in words(&map()) {
        if word.contains('<') || word.contains('>') {
            continue; // a template: `core/src/<cap>/`
        }
        if TOP.iter().any(|top| word.starts_with(top)) {
            if !exists(&word) {
                wrong.push(word);
            }
        } else if !word.contains('/')
            && NAMED_KINDS.iter().any(|kind| word.ends_with(kind))
            && word.len() > 3
            && !names.iter().any(|name| matches(&word, name))
        {
            wrong.push(word);
        }
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {wrong:?}"
    );
}

#[test]
fn the_patterns_match_as_meant() {
    assert!(matches("grid_*.rs", "grid_sudoku.rs"));
    assert!(matches("trail-*", "trail-grown-1.tsv"));
    assert!(matches("*.rs", "a.rs"));
    assert!(!matches("grid_*.rs", "cli_grid.rs"));
    assert!(!matches("grid_*.rs", "grid_sudoku.rsx"));
    assert!(matches("lib.rs", "lib.rs"));
    assert!(!matches("lib.rs", "glib.rs"));
    assert!(exists("tests/tests/grid_*.rs"));
    assert!(exists("core/src/"));
    assert!(!exists("core/src/no_such_module.rs"));
    let w = words("`core/src/tchu/trail/` (`matching.rs`), tools/ab-hunt. and `core/src/<cap>/`");
    for expected in [
        "core/src/tchu/trail/",
        "matching.rs",
        "tools/ab-hunt",
        "core/src/<cap>/",
    ] {
        assert!(w.contains(expected), "{expected} in {w:?}");
    }
}
