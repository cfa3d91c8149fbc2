//! Keeps `docs/rules.md`, the rule-by-rule coverage map, honest.
//!
//! Every row of every `| id | rule | source | option | tests |` table must name at least one
//! test, every test it names must exist, and no two rows may share an id. A test named
//! `file::function` is a `#[test]` function (or one inside a `proptest!` block) in
//! `tests/file.rs` or in a file under `tests/file/`; `src/module.rs::function` is a `#[test]`
//! function inside the test module of `src/module.rs`, in the `src/` of the one crate of the
//! workspace that has such a file (the application's, or one under `crates/`). The check
//! reports every offending row at once, with its line and what to do.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The header every rule table of the map starts with.
const HEADER: &str = "| id | rule | source | option | tests |";

/// One rule row of the map.
#[derive(Debug, PartialEq)]
struct Row {
    line: usize,
    id: String,
    tests: Vec<String>,
}

/// The rule rows of every table in `text`, and the lines that look like rows but are not.
fn parse_rows(text: &str) -> (Vec<Row>, Vec<String>) {
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut in_table = false;
    let mut seen_separator = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let n = i + 1;
        if line == HEADER {
            in_table = true;
            seen_separator = false;
            continue;
        }
        if !in_table {
            continue;
        }
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        if !seen_separator {
            seen_separator = true;
            if line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
                continue;
            }
            problems.push(format!(
                "docs/rules.md line {n}: the table header must be followed by |---|---|---|---|---|"
            ));
        }
        let inner = line.trim_start_matches('|').trim_end_matches('|');
        let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
        if cells.len() != 5 {
            problems.push(format!(
                "docs/rules.md line {n}: a rule row has 5 cells (id, rule, source, option, \
                 tests), this one has {}; a `|` inside a cell splits it",
                cells.len()
            ));
            continue;
        }
        let id = cells[0].trim_matches('`').to_string();
        if id.is_empty() {
            problems.push(format!("docs/rules.md line {n}: a rule row without an id"));
            continue;
        }
        let tests = cells[4]
            .split(',')
            .map(|t| t.trim().trim_matches('`').to_string())
            .filter(|t| !t.is_empty())
            .collect();
        rows.push(Row { line: n, id, tests });
    }
    (rows, problems)
}

/// The text of every file a test name may point into, read once.
struct Sources {
    root: PathBuf,
    cache: BTreeMap<PathBuf, Option<String>>,
}

impl Sources {
    fn new(root: &Path) -> Sources {
        Sources {
            root: root.to_path_buf(),
            cache: BTreeMap::new(),
        }
    }

    /// `src/…` in the application and in each crate under `crates/`, where it exists.
    fn crate_file(&self, file: &str) -> Vec<PathBuf> {
        let mut dirs = vec![self.root.clone()];
        if let Ok(crates) = fs::read_dir(self.root.join("crates")) {
            let mut more: Vec<PathBuf> = crates.filter_map(|e| Some(e.ok()?.path())).collect();
            more.sort();
            dirs.extend(more);
        }
        dirs.into_iter()
            .map(|d| d.join(file))
            .filter(|p| p.is_file())
            .collect()
    }

    fn read(&mut self, path: PathBuf) -> Option<String> {
        self.cache
            .entry(path.clone())
            .or_insert_with(|| fs::read_to_string(&path).ok())
            .clone()
    }

    /// Whether test `name` (`file::function` or `src/module.rs::function`) exists; if not, why.
    fn check(&mut self, name: &str) -> Result<(), String> {
        let Some((file, function)) = name.rsplit_once("::") else {
            return Err(format!(
                "`{name}` is not `file::function` or `src/module.rs::function`"
            ));
        };
        let valid = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !valid(function) {
            return Err(format!("`{function}` in `{name}` is not a function name"));
        }
        if let Some(module) = file.strip_prefix("src/") {
            if !module.ends_with(".rs") || module.contains("..") {
                return Err(format!("`{file}` in `{name}` is not a file under src/"));
            }
            let text = match self.crate_file(file).as_slice() {
                [path] => self.read(path.clone()),
                [] => None,
                more => {
                    return Err(format!(
                        "{file} is in {} crates: {more:?}; name the file by its crate",
                        more.len()
                    ));
                }
            };
            let Some(text) = text else {
                return Err(format!("there is no file {file}"));
            };
            let Some(start) = text.find("mod tests") else {
                return Err(format!("{file} has no test module"));
            };
            return if is_test_fn(&text[start..], function) {
                Ok(())
            } else {
                Err(format!(
                    "no #[test] function `{function}` in the test module of {file}"
                ))
            };
        }
        if !valid(file) {
            return Err(format!(
                "`{file}` in `{name}` is not a test file stem under tests/"
            ));
        }
        let mut files = vec![self.root.join("tests").join(format!("{file}.rs"))];
        collect_rs(&self.root.join("tests").join(file), &mut files);
        let mut any = false;
        for path in files {
            if let Some(text) = self.read(path) {
                any = true;
                if is_test_fn(&text, function) {
                    return Ok(());
                }
            }
        }
        if any {
            Err(format!(
                "no #[test] function `{function}` in tests/{file}.rs"
            ))
        } else {
            Err(format!("there is no tests/{file}.rs"))
        }
    }
}

/// The `.rs` files under `dir`, at any depth.
fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `text` defines `fn name(` as a test: with `#[test]` among the attributes and doc
/// comments just above it, or inside a `proptest!` block.
fn is_test_fn(text: &str, name: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let needle = format!("fn {name}(");
    let proptest = proptest_ranges(&lines);
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = line.find(&needle) else {
            continue;
        };
        // `fn name(` as a whole word, not the end of `fn other_name(`.
        let before = &line[..at];
        if !before.is_empty() && !before.ends_with(|c: char| c.is_whitespace()) {
            continue;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        if proptest.iter().any(|(a, b)| *a < i && i < *b) {
            return true;
        }
        for above in lines[..i].iter().rev().take(8) {
            let above = above.trim();
            if above.starts_with("#[test]") {
                return true;
            }
            let part_of_item = above.starts_with("#[") || above.starts_with("//");
            if !part_of_item {
                break;
            }
        }
    }
    false
}

/// The line ranges (open, close) of each `proptest! { ... }` block.
fn proptest_ranges(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].contains("proptest!") && !lines[i].trim_start().starts_with("//") {
            let start = i;
            let mut depth = 0i32;
            let mut opened = false;
            let mut end = lines.len();
            'block: for (j, line) in lines.iter().enumerate().skip(i) {
                for c in line.chars() {
                    match c {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                    if opened && depth == 0 {
                        end = j;
                        break 'block;
                    }
                }
            }
            out.push((start, end));
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Every problem of the map `text`, checked against the sources under `root`.
fn problems(text: &str, root: &Path) -> Vec<String> {
    let (rows, mut out) = parse_rows(text);
    let mut sources = Sources::new(root);
    let mut first: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        if let Some(line) = first.get(row.id.as_str()) {
            out.push(format!(
                "docs/rules.md line {}: rule {} uses an id already used on line {line}; give \
                 each rule its own id",
                row.line, row.id
            ));
        } else {
            first.insert(&row.id, row.line);
        }
        if row.tests.is_empty() {
            out.push(format!(
                "docs/rules.md line {}: rule {} names no test; add a test and name it in \
                 docs/rules.md",
                row.line, row.id
            ));
        }
        for test in &row.tests {
            if let Err(why) = sources.check(test) {
                out.push(format!(
                    "docs/rules.md line {}: rule {} names {test}, which does not exist ({why}); \
                     add a test and name it in docs/rules.md, or correct the name",
                    row.line, row.id
                ));
            }
        }
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_rule_in_docs_rules_md_names_tests_that_exist() {
    let path = root().join("docs").join("rules.md");
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let (rows, _) = parse_rows(&text);
    assert!(
        rows.len() >= 60,
        "docs/rules.md has only {} rule rows; is the table header still `{HEADER}`?",
        rows.len()
    );
    let found = problems(&text, &root());
    assert!(
        found.is_empty(),
        "{} problem(s) in docs/rules.md:\n{}",
        found.len(),
        found.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// The checker itself can fail

/// A small map in the format of docs/rules.md.
fn fake_map(rows: &[&str]) -> String {
    let mut text = String::from("# A fake map\n\n## Some rules\n\n");
    text.push_str(HEADER);
    text.push_str("\n|---|---|---|---|---|\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text.push_str("\nAfter the table.\n");
    text
}

#[test]
fn the_checker_reports_a_test_that_does_not_exist() {
    let text = fake_map(&[
        "| X-GOOD | a rule | 002 \"Heading\" | — | rules_map::the_checker_reports_a_test_that_does_not_exist |",
        "| X-MISSING | a rule | 002 \"Heading\" | — | rules_map::the_checker_reports_a_test_that_does_not_exist, scenarios_classic::a_test_nobody_wrote |",
    ]);
    let found = problems(&text, &root());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("line 8"), "{}", found[0]);
    assert!(found[0].contains("X-MISSING"), "{}", found[0]);
    assert!(
        found[0].contains("scenarios_classic::a_test_nobody_wrote"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("add a test and name it in docs/rules.md"),
        "{}",
        found[0]
    );
}

#[test]
fn the_checker_reports_rows_without_tests_duplicate_ids_and_broken_rows() {
    let text = fake_map(&[
        "| X-ONE | a rule | 000 \"Heading\" | — | rules_map::the_checker_reports_a_test_that_does_not_exist |",
        "| X-EMPTY | a rule | 000 \"Heading\" | — |  |",
        "| X-ONE | the same id again | 003 \"Heading\" | — | rules_map::the_checker_reports_a_test_that_does_not_exist |",
        "| X-SPLIT | a rule with a | inside | 003 | — | rules_map::the_checker_reports_a_test_that_does_not_exist |",
    ]);
    let found = problems(&text, &root());
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(
        found
            .iter()
            .any(|p| p.contains("X-EMPTY") && p.contains("names no test"))
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("X-ONE") && p.contains("line 7"))
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("line 10") && p.contains("5 cells"))
    );
}

#[test]
fn a_test_must_be_a_test_function_where_the_name_points() {
    let mut sources = Sources::new(&root());
    // Existing tests: an integration test, one inside a proptest! block, a unit test in src.
    for ok in [
        "scenarios_classic::t02_r1_river_of_three_segments_between_lakes_of_1_and_2_fish",
        "features::features_equal_the_oracle_for_any_seed",
        "src/ruleset.rs::meadow_examples_of_each_rulebook",
        "rules_map::a_test_must_be_a_test_function_where_the_name_points",
    ] {
        assert_eq!(sources.check(ok), Ok(()), "{ok}");
    }
    // A helper function is not a test; a library function is not in the test module; a prefix
    // of a test's name is not that test; a file that is not there has no tests.
    for bad in [
        "rules_map::parse_rows",
        "scenarios_classic::river_of_three",
        "src/ruleset.rs::ruleset",
        "scenarios_classic::t02_r1_river_of_three",
        "src/nowhere.rs::meadow_examples_of_each_rulebook",
        "nowhere::every_golden_log_verifies",
        "logs",
    ] {
        assert!(sources.check(bad).is_err(), "{bad} passed the check");
    }
}
