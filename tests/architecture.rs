//! The map of modules in docs/architecture.md is the code's: each module of the library and
//! the modules it uses, recomputed from the sources, equal to the table there, with no circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Names re-exported at the crate root (`pub use board::{Board, …};` in src/lib.rs), by the
/// module that defines them.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for statement in lib.split("pub use ").skip(1) {
        let statement = &statement[..statement.find(';').unwrap()];
        let (module, names) = statement.split_once("::").unwrap();
        for name in names.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !name.is_empty() {
                out.insert(name.to_string(), module.trim().to_string());
            }
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The words after `crate::`, and inside `crate::{…}`, in `code`.
fn used(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for w in group[..end].split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if !w.is_empty() {
                    out.insert(w.to_string());
                }
            }
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.insert(rest[..end].to_string());
        }
    }
    out
}

fn arrows() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let module = |p: &Path| -> String {
        let rel = p.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        first.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = all
        .iter()
        .map(|p| module(p))
        .filter(|m| !["lib", "main", "cli"].contains(&m.as_str()))
        .collect();
    let root = root_names(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut map: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for p in &all {
        let m = module(p);
        if !modules.contains(&m) {
            continue;
        }
        let text = std::fs::read_to_string(p).unwrap();
        // The code without its tests and comments.
        let code = text.split("#[cfg(test)]").next().unwrap();
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for w in used(&code) {
            let w = root.get(&w).cloned().unwrap_or(w);
            if w != m && modules.contains(&w) {
                map.get_mut(&m).unwrap().insert(w);
            }
        }
    }
    map
}

#[test]
fn the_module_map_is_the_code_and_has_no_circle() {
    let code = arrows();
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
            .unwrap();
    let table = doc
        .split("<!-- arrows -->")
        .nth(1)
        .and_then(|t| t.split("<!-- /arrows -->").next())
        .expect("docs/architecture.md has the table of arrows");
    let mut written: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in table.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells[1] == "module" {
            continue;
        }
        written.insert(
            cells[1].to_string(),
            cells[2].split_whitespace().map(String::from).collect(),
        );
    }
    for (m, uses) in &code {
        assert_eq!(
            written.get(m),
            Some(uses),
            "docs/architecture.md: the row of `{m}` should read `| {m} | {} |`",
            uses.iter().cloned().collect::<Vec<_>>().join(" ")
        );
    }
    assert_eq!(
        written.keys().collect::<Vec<_>>(),
        code.keys().collect::<Vec<_>>(),
        "docs/architecture.md lists exactly the modules of src/"
    );
    assert_no_circle(&code, "the library's modules");
}

/// No circle: modules can be taken one by one, each after every module it uses.
fn assert_no_circle(arrows: &BTreeMap<String, BTreeSet<String>>, what: &str) {
    let mut left = arrows.clone();
    while !left.is_empty() {
        let ready: Vec<String> = left
            .iter()
            .filter(|(_, uses)| uses.iter().all(|u| !left.contains_key(u)))
            .map(|(m, _)| m.clone())
            .collect();
        assert!(!ready.is_empty(), "a circle among {what}: {left:?}");
        for m in ready {
            left.remove(&m);
        }
    }
}

/// The modules of the web table (`src/cli/serve/`) use one another one way: each child
/// module's `super::NAME` arrows, recomputed from the sources, hold no circle. (`mod.rs`
/// wires them together and is above them all.)
#[test]
fn the_web_table_modules_have_no_circle() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli/serve");
    let mut all = Vec::new();
    files(&dir, &mut all);
    let name = |p: &Path| p.file_stem().unwrap().to_string_lossy().to_string();
    let modules: BTreeSet<String> = all.iter().map(|p| name(p)).filter(|m| m != "mod").collect();
    assert!(modules.len() >= 5, "the web table's modules: {modules:?}");
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for p in &all {
        let m = name(p);
        if m == "mod" {
            continue;
        }
        let text = std::fs::read_to_string(p).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        let mut uses = BTreeSet::new();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            let mut rest = line;
            while let Some(i) = rest.find("super::") {
                rest = &rest[i + "super::".len()..];
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                let w = &rest[..end];
                if w != m && modules.contains(w) {
                    uses.insert(w.to_string());
                }
            }
        }
        arrows.insert(m, uses);
    }
    assert_no_circle(&arrows, "the web table's modules");
}
