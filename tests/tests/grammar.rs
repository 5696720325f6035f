//! The core's grammar (core/README.md, "One grammar"), checked on its source so
//! that a new module cannot drift from it:
//! - every public error enum is `#[non_exhaustive]`, has the house derives and
//!   the defmt derive, and no variant that means "ran out" (running out is an
//!   outcome, never an `Err`);
//! - no error message literal holds a number: capacities come from constants;
//! - every public function's budget parameter is a `plateau::Budget`;
//! - no public enum has a variant named `None` (it reads like `Option::None`);
//! - every search is a value you drive: each entry type implements
//!   `plateau::search::Search` (checked by the compiler), no public `run` is
//!   inherent, the only outcome type is `search::Outcome` (aliases aside), no
//!   public field is a count under an old name (`steps`, `rounds`, `layouts`,
//!   `complete`), and a constructor over lent memory is `new_in`;
//! - the CLI leaks nothing on purpose (`leak`, `mem::forget`).
//!
//! The scan is textual: it reads each file up to its `#[cfg(test)]` module.

use std::fs;

use plateau::camicia::Simulation;
use plateau::camicia::hunt::{Entry, HuntSearch};
use plateau::grid::{
    BreadthFirst, DepthFirst, Frame, Margins, Snake, Sudoku, SudokuFrame, SudokuSearch,
    SudokuStack, SurveyFrame, SurveySearch, Visiting,
};
use plateau::search::Search;
use plateau::tchu::trail::{BonusSearch, PlayerWorkspace, TrailSearch, TrailWorkspace};
use plateau::tour::{TourCount, TourSearch};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// The core's non-test source, file by file.
fn core_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&root().join("core/src"), &mut files);
    files.sort();
    assert!(files.len() > 20, "core/src not found");
    files
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            let text = match text.find("#[cfg(test)]") {
                Some(i) => text[..i].to_string(),
                None => text,
            };
            let name = path.strip_prefix(root()).unwrap().display().to_string();
            (name, text)
        })
        .collect()
}

/// Returns the text from `open` (an index of `{` or `(`) to its matching close.
fn block(text: &str, open: usize) -> &str {
    let bytes = text.as_bytes();
    let (o, c) = (bytes[open], if bytes[open] == b'{' { b'}' } else { b')' });
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        if b == o {
            depth += 1;
        } else if b == c {
            depth -= 1;
            if depth == 0 {
                return &text[open..=i];
            }
        }
    }
    &text[open..]
}

/// The attribute and doc lines right above line index `at`.
fn attributes_above(lines: &[&str], at: usize) -> Vec<String> {
    lines[..at]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("#[") || l.starts_with("///"))
        .filter(|l| l.starts_with("#["))
        .map(str::to_string)
        .collect()
}

/// Every `pub enum NAME` of the core: (file, name, attributes, body).
fn public_enums() -> Vec<(String, String, Vec<String>, String)> {
    let mut found = Vec::new();
    for (file, text) in core_sources() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.trim().strip_prefix("pub enum ") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let at = text.find(&format!("pub enum {rest}")).unwrap();
            let open = at + text[at..].find('{').unwrap();
            found.push((
                file.clone(),
                name,
                attributes_above(&lines, i),
                block(&text, open).to_string(),
            ));
        }
    }
    found
}

#[test]
fn every_error_enum_is_non_exhaustive_with_the_house_derives() {
    let errors: Vec<_> = public_enums()
        .into_iter()
        .filter(|(_, name, _, _)| name.ends_with("Error"))
        .collect();
    assert!(
        errors.len() >= 10,
        "found only {} error enums",
        errors.len()
    );
    let mut wrong = Vec::new();
    for (file, name, attrs, body) in &errors {
        let has = |a: &str| attrs.iter().any(|x| x == a);
        if !has("#[non_exhaustive]") {
            wrong.push(format!("{file}: {name} is not #[non_exhaustive]"));
        }
        if !has("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]") {
            wrong.push(format!("{file}: {name} lacks the house derives"));
        }
        if !has("#[cfg_attr(feature = \"defmt\", derive(defmt::Format))]") {
            wrong.push(format!("{file}: {name} lacks the defmt derive"));
        }
        for variant in ["Exhausted", "OutOfBudget", "Budget"] {
            if body.lines().any(|l| {
                let l = l.trim();
                l.starts_with(variant) && l[variant.len()..].starts_with([',', ' ', '(', '{'])
            }) {
                wrong.push(format!(
                    "{file}: {name}::{variant}: running out is an outcome, not an error"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Words of a message that hold a digit but no quantity to keep in a constant.
const NOT_QUANTITIES: &[&str] = &["0-based"];

#[test]
fn no_error_message_literal_holds_a_number() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (file, text) in core_sources() {
        let mut from = 0;
        while let Some(i) = text[from..].find("impl fmt::Display for ") {
            let at = from + i;
            from = at + 1;
            let name: String = text[at + "impl fmt::Display for ".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.ends_with("Error") {
                continue;
            }
            checked += 1;
            let open = at + text[at..].find('{').unwrap();
            let body = block(&text, open);
            // The string literals of the impl: the text between unescaped quotes,
            // less the words that hold a digit but no quantity.
            for (k, literal) in body.split('"').enumerate() {
                let mut rest = literal.to_string();
                for word in NOT_QUANTITIES {
                    rest = rest.replace(word, "");
                }
                if k % 2 == 1 && rest.chars().any(|c| c.is_ascii_digit()) {
                    wrong.push(format!("{file}: {name}: \"{literal}\""));
                }
            }
        }
    }
    assert!(
        checked >= 10,
        "found only {checked} Display impls of errors"
    );
    assert!(
        wrong.is_empty(),
        "numbers typed in error messages (compose them from the public constants):\n{}",
        wrong.join("\n")
    );
}

/// The text of every function's parameter list that the public API shows:
/// `pub fn`, `pub const fn`, and the methods of trait impls (`Search::run`),
/// with the file and the function's head.
fn public_parameter_lists() -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for (file, text) in core_sources() {
        let mut from = 0;
        while let Some(i) = text[from..].find("fn ") {
            let at = from + i;
            from = at + 3;
            let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let prefix = text[line_start..at].trim();
            // `pub fn`, `pub const fn`; a bare `fn` indented in an `impl ... for`
            // block is a trait method (the public traits' methods are public).
            let public = prefix == "pub" || prefix == "pub const";
            let trait_method = prefix.is_empty() && {
                let before = &text[..line_start];
                let impl_at = before.rfind("\nimpl").map_or(0, |n| n + 1);
                let impl_line = before[impl_at..].lines().next().unwrap_or("");
                impl_line.contains(" for ") && !before[impl_at..].contains("\n}\n")
            };
            if !(public || trait_method) {
                continue;
            }
            let Some(open) = text[at..].find('(').map(|o| at + o) else {
                break;
            };
            let params = block(&text, open).to_string();
            let head = text[at..(at + 60).min(text.len())].to_string();
            found.push((file.clone(), head, params));
        }
    }
    found
}

#[test]
fn every_budget_parameter_is_a_budget() {
    let mut wrong = Vec::new();
    let mut budgets = 0;
    for (file, head, params) in public_parameter_lists() {
        for param in params[1..params.len() - 1].split(',') {
            let Some((name, ty)) = param.split_once(':') else {
                continue;
            };
            let (name, ty) = (name.trim().trim_start_matches("mut "), ty.trim());
            if ["budget", "max_steps", "max_rounds", "max_moves"].contains(&name) {
                budgets += 1;
                if ty != "Budget" {
                    wrong.push(format!("{file}: {name}: {ty} in {head}"));
                }
            }
        }
    }
    assert!(budgets >= 8, "found only {budgets} budget parameters");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_public_enum_has_a_variant_named_none() {
    let mut wrong = Vec::new();
    for (file, name, _, body) in public_enums() {
        if body.lines().any(|l| {
            let l = l.trim();
            l == "None," || l.starts_with("None(") || l.starts_with("None {")
        }) {
            wrong.push(format!("{file}: {name}::None"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_cli_leaks_nothing_on_purpose() {
    let mut files = Vec::new();
    rust_files(&root().join("host-cli/src"), &mut files);
    assert!(!files.is_empty());
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        for word in [
            "Box::leak",
            ".leak()",
            "fn leak",
            "mem::forget",
            "ManuallyDrop",
        ] {
            assert!(!text.contains(word), "{}: {word}", path.display());
        }
    }
}

/// Every entry type of a search, owned and lent, is a `Search`: the compiler
/// checks it, so a new form that forgets the trait fails to build.
#[test]
fn every_entry_type_is_a_search() {
    fn search<S: Search>() {}
    search::<TrailSearch<'static>>();
    search::<TrailSearch<'static, &'static mut TrailWorkspace>>();
    search::<BonusSearch<'static>>();
    search::<BonusSearch<'static, &'static mut PlayerWorkspace>>();
    search::<DepthFirst<Margins, [Frame<Margins>; 8]>>();
    search::<DepthFirst<Snake, &'static mut [Frame<Snake>]>>();
    search::<DepthFirst<Sudoku, Vec<Frame<Sudoku>>>>();
    search::<BreadthFirst<Margins, [Margins; 8]>>();
    search::<BreadthFirst<Sudoku, &'static mut [Sudoku]>>();
    search::<Visiting<'static, DepthFirst<Margins, [Frame<Margins>; 8]>, fn(&Margins)>>();
    search::<SudokuSearch>();
    search::<SudokuSearch<SudokuStack<4>>>();
    search::<SudokuSearch<&'static mut [SudokuFrame]>>();
    search::<SurveySearch<'static>>();
    search::<SurveySearch<'static, &'static mut [SurveyFrame]>>();
    search::<Simulation>();
    search::<Simulation<6>>();
    search::<HuntSearch<[Entry; 5]>>();
    search::<HuntSearch<&'static mut [Entry]>>();
    search::<TourSearch<'static>>();
    search::<TourCount<'static>>();
}

/// Every public item of the core as `(file, line, text)` for the textual pins
/// below: the lines that declare something `pub`.
fn public_lines() -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    for (file, text) in core_sources() {
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("pub ") {
                out.push((file.clone(), i + 1, line.trim().to_string()));
            }
        }
    }
    out
}

#[test]
fn every_run_is_the_search_trait() {
    // `run` with a budget is `Search::run`; an inherent `pub fn run` would be
    // a second way to drive a search.
    let wrong: Vec<String> = public_lines()
        .into_iter()
        .filter(|(_, _, l)| l.starts_with("pub fn run(") || l.starts_with("pub const fn run("))
        .map(|(f, n, l)| format!("{f}:{n}: {l}"))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_only_outcome_type_is_search_outcome() {
    let mut wrong = Vec::new();
    for (file, line, text) in public_lines() {
        for kind in ["pub enum ", "pub struct "] {
            if let Some(rest) = text.strip_prefix(kind) {
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
                if name.ends_with("Outcome") && !(file.ends_with("search.rs") && name == "Outcome")
                {
                    wrong.push(format!(
                        "{file}:{line}: {text} (use search::Outcome, or an alias of it)"
                    ));
                }
            }
        }
    }
    // A variant that means "ran out" belongs to `Outcome`, and to no other.
    for (file, name, _, body) in public_enums() {
        let ran_out = body.lines().any(|l| l.trim().starts_with("Exhausted"));
        if ran_out && name != "Outcome" {
            wrong.push(format!("{file}: {name} has an Exhausted variant"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_public_field_keeps_an_old_name() {
    // The budget's units are `spent`, a count cut short is `search::Count`.
    let old = ["steps", "rounds", "layouts", "complete"];
    let mut wrong = Vec::new();
    for (file, line, text) in public_lines() {
        for name in old {
            if text.starts_with(&format!("pub {name}:")) {
                wrong.push(format!("{file}:{line}: {text}"));
            }
        }
    }
    for (file, name, _, body) in public_enums() {
        for l in body.lines() {
            for field in old {
                if l.trim().starts_with(&format!("{field}:")) {
                    wrong.push(format!("{file}: {name}: {}", l.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn constructors_over_lent_memory_are_new_in() {
    // One name for one idea: `new` owns its memory, `new_in` borrows it.
    let mut wrong = Vec::new();
    let mut lent = 0;
    for (file, line, text) in public_lines() {
        let Some(rest) = text
            .strip_prefix("pub fn ")
            .or_else(|| text.strip_prefix("pub const fn "))
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name == "new_in" {
            lent += 1;
        } else if [
            "owned",
            "lent",
            "with_storage",
            "solve_on",
            "survey",
            "on_stack",
        ]
        .contains(&name.as_str())
            || (name.starts_with("new_") && name != "new_in")
        {
            wrong.push(format!("{file}:{line}: {text}"));
        }
    }
    assert!(lent >= 5, "found only {lent} new_in constructors");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// No two modules of one folder of the core import each other, directly or
/// round a longer circle: each folder's files form layers, so that a file can
/// be read after the ones it uses (`use super::x` and `use crate::a::x`).
#[test]
fn no_import_circle_among_the_cores_modules() {
    use std::collections::{BTreeMap, BTreeSet};
    // Each file's module path: `core/src/tour/piece.rs` is `tour::piece`,
    // `core/src/tour/mod.rs` is `tour`.
    let path_of = |file: &str| -> Vec<String> {
        let rel = file.trim_start_matches("core/src/").trim_end_matches(".rs");
        let mut parts: Vec<String> = rel.split('/').map(String::from).collect();
        if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
            parts.pop();
        }
        parts
    };
    let sources = core_sources();
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|(f, _)| path_of(f)).collect();
    let mut uses: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (file, text) in &sources {
        let me = path_of(file);
        let parent = &me[..me.len().saturating_sub(1)];
        for line in text.lines() {
            let line = line.trim_start();
            let Some(at) = line.find("use ") else {
                continue;
            };
            if !(at == 0 || line.starts_with("pub")) {
                continue;
            }
            let path = &line[at + 4..];
            // The first module named after `super::` or `crate::`.
            let (base, rest): (Vec<String>, &str) = if let Some(r) = path.strip_prefix("super::") {
                (parent.to_vec(), r)
            } else if let Some(r) = path.strip_prefix("crate::") {
                (Vec::new(), r)
            } else {
                continue;
            };
            let mut names = Vec::new();
            if let Some(inner) = rest.strip_prefix('{') {
                for part in inner.split([',', '}']) {
                    names.push(part.trim().split("::").next().unwrap_or("").to_string());
                }
            } else {
                let mut walk = base.clone();
                for seg in rest.split("::") {
                    let seg: String = seg
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    walk.push(seg);
                    if walk.len() > me.len() || !modules.contains(&walk) {
                        break;
                    }
                }
                // The module beside `me` (same parent) on the path, if any.
                if walk.len() >= me.len() && walk[..me.len() - 1] == me[..me.len() - 1] {
                    names.push(walk[me.len() - 1].clone());
                }
                let target: Vec<String> = parent
                    .iter()
                    .cloned()
                    .chain(names.iter().cloned())
                    .collect();
                if !names.is_empty() && modules.contains(&target) && target != me {
                    uses.entry(me.clone()).or_default().insert(target);
                }
                continue;
            }
            for name in names {
                let target: Vec<String> = base.iter().cloned().chain([name]).collect();
                if target.len() == me.len() && modules.contains(&target) && target != me {
                    uses.entry(me.clone()).or_default().insert(target);
                }
            }
        }
    }
    // A depth-first walk finds any circle.
    fn visit(
        m: &Vec<String>,
        uses: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        on_path: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(i) = on_path.iter().position(|p| p == m) {
            return Some(on_path[i..].to_vec());
        }
        if done.contains(m) {
            return None;
        }
        on_path.push(m.clone());
        for next in uses.get(m).into_iter().flatten() {
            if let Some(circle) = visit(next, uses, on_path, done) {
                return Some(circle);
            }
        }
        on_path.pop();
        done.insert(m.clone());
        None
    }
    assert!(
        uses.values().map(BTreeSet::len).sum::<usize>() > 50,
        "{uses:?}"
    );
    let mut done = BTreeSet::new();
    for m in uses.keys() {
        if let Some(circle) = visit(m, &uses, &mut Vec::new(), &mut done) {
            let names: Vec<String> = circle.iter().map(|p| p.join("::")).collect();
            panic!("an import circle: {}", names.join(" -> "));
        }
    }
}
