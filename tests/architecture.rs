//! The map of modules in docs/architecture.md is the code's. For every crate of the workspace
//! the modules are found from their `mod` declarations, and the modules each one uses from the
//! paths in its code outside its tests and comments (`crate::`, `super::`, `self::`, a child
//! module's name, and the names of the crates below it), each name followed through the
//! re-exports to the module that defines it. The result must equal the crate's table there and
//! hold no circle. Cargo keeps the arrows between crates one way; this keeps them one way
//! inside each crate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One Rust crate of the workspace: a library, or the application's binary.
struct Unit {
    /// The package, whose table in docs/architecture.md shows the crate's modules.
    package: &'static str,
    /// The name paths call the crate by (none for the binary, which nothing names).
    name: Option<&'static str>,
    /// Its root file, from the top of the repository.
    root: &'static str,
    /// One row per file, rather than one per module of the crate's root: in the application
    /// each file of a command is a part of its own (the parser, a printer, the web table's
    /// HTTP), while in a library a module split into files is one concept whose files add
    /// methods to the types of its `mod.rs` (`game/`, `feature/`).
    by_file: bool,
}

const UNITS: [Unit; 5] = [
    Unit {
        package: "hunters-engine",
        name: Some("hunters_engine"),
        root: "crates/hunters-engine/src/lib.rs",
        by_file: false,
    },
    Unit {
        package: "hunters-bots",
        name: Some("hunters_bots"),
        root: "crates/hunters-bots/src/lib.rs",
        by_file: false,
    },
    Unit {
        package: "hunters-stats",
        name: Some("hunters_stats"),
        root: "crates/hunters-stats/src/lib.rs",
        by_file: false,
    },
    Unit {
        package: "hunters",
        name: Some("hunters"),
        root: "src/lib.rs",
        by_file: true,
    },
    Unit {
        package: "hunters",
        name: None,
        root: "src/main.rs",
        by_file: true,
    },
];

/// How a table names another crate's modules: `engine: game log`.
fn short(package: &str) -> &str {
    package.strip_prefix("hunters-").unwrap_or(package)
}

fn top() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `text` with its comments, and in `bare` also its string and character literals, turned
/// to spaces (line ends kept), so that positions match: `code` keeps the strings, where
/// serde's `with = "super::…"` names a module, and `bare` is what braces are counted in.
struct Text {
    code: String,
    bare: String,
}

fn lex(text: &str) -> Text {
    let s = text.as_bytes();
    let n = s.len();
    let mut code = s.to_vec();
    let mut bare = s.to_vec();
    let blank = |v: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut v[from..to] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < n {
        let at = |k: usize| s.get(k).copied().unwrap_or(0);
        if s[i] == b'/' && at(i + 1) == b'/' {
            let end = s[i..].iter().position(|&b| b == b'\n').map_or(n, |p| i + p);
            blank(&mut code, i, end);
            blank(&mut bare, i, end);
            i = end;
        } else if s[i] == b'/' && at(i + 1) == b'*' {
            let (mut depth, mut j) = (1, i + 2);
            while j < n && depth > 0 {
                if s[j] == b'/' && at(j + 1) == b'*' {
                    depth += 1;
                    j += 2;
                } else if s[j] == b'*' && at(j + 1) == b'/' {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut code, i, j);
            blank(&mut bare, i, j);
            i = j;
        } else if (s[i] == b'r' || (s[i] == b'b' && at(i + 1) == b'r'))
            && (i == 0 || !ident(s[i - 1]))
            && {
                let r = if s[i] == b'r' { i + 1 } else { i + 2 };
                let hashes = s[r..].iter().take_while(|&&b| b == b'#').count();
                at(r + hashes) == b'"'
            }
        {
            let r = if s[i] == b'r' { i + 1 } else { i + 2 };
            let hashes = s[r..].iter().take_while(|&&b| b == b'#').count();
            let open = r + hashes + 1;
            let mut close = open;
            loop {
                assert!(close < n, "an unterminated raw string");
                if s[close] == b'"' && s[close + 1..].iter().take(hashes).all(|&b| b == b'#') {
                    break;
                }
                close += 1;
            }
            blank(&mut bare, open, close);
            i = close + 1 + hashes;
        } else if s[i] == b'"' {
            let mut j = i + 1;
            while j < n && s[j] != b'"' {
                j += if s[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut bare, i + 1, j);
            i = j + 1;
        } else if s[i] == b'\'' {
            // A character literal, or a lifetime (left as it is).
            if at(i + 1) == b'\\' {
                let mut j = i + 3;
                while j < n && s[j] != b'\'' {
                    j += 1;
                }
                blank(&mut bare, i + 1, j);
                i = j + 1;
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                if at(i + 1 + len) == b'\'' {
                    blank(&mut bare, i + 1, i + 1 + len);
                    i += len + 2;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    Text {
        code: String::from_utf8(code).unwrap(),
        bare: String::from_utf8(bare).unwrap(),
    }
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The position just after the brace that closes the one at `open`.
fn closing(bare: &str, open: usize) -> usize {
    let mut depth = 0;
    for (k, b) in bare.bytes().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    panic!("an unclosed brace");
}

/// Where each occurrence of the word `word` starts (not inside a longer word).
fn words<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    let s = text.as_bytes();
    text.match_indices(word).map(|(i, _)| i).filter(move |&i| {
        (i == 0 || !is_ident(s[i - 1])) && s.get(i + word.len()).is_none_or(|&b| !is_ident(b))
    })
}

/// Takes the items marked `#[cfg(test)]` out of both texts.
fn without_tests(t: &mut Text) {
    let marks: Vec<usize> = t
        .bare
        .match_indices("#[cfg(test)]")
        .map(|(i, _)| i)
        .collect();
    for i in marks.into_iter().rev() {
        let s = t.bare.as_bytes();
        let mut j = i;
        let end = loop {
            match s[j] {
                b';' => break j + 1,
                b'{' => break closing(&t.bare, j),
                _ => j += 1,
            }
        };
        for text in [&mut t.code, &mut t.bare] {
            let blanked: String = text[i..end]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' })
                .collect();
            text.replace_range(i..end, &blanked);
        }
    }
}

/// One path of a `use` tree or of a path in code: its words, and the name it takes in scope.
struct Leaf {
    path: Vec<String>,
    name: Option<String>,
    glob: bool,
}

fn skip_space(s: &[u8], i: &mut usize) {
    while *i < s.len() && s[*i].is_ascii_whitespace() {
        *i += 1;
    }
}

fn word(s: &[u8], i: &mut usize) -> String {
    let start = *i;
    while *i < s.len() && is_ident(s[*i]) {
        *i += 1;
    }
    String::from_utf8(s[start..*i].to_vec()).unwrap()
}

/// The paths of the tree starting at `i` (`a::b::{c, d::e as f, self}`), after `prefix`.
fn tree(s: &[u8], i: &mut usize, prefix: &[String], out: &mut Vec<Leaf>) {
    let mut path = prefix.to_vec();
    loop {
        skip_space(s, i);
        if s.get(*i) == Some(&b'{') {
            *i += 1;
            loop {
                skip_space(s, i);
                match s.get(*i) {
                    Some(b'}') => {
                        *i += 1;
                        return;
                    }
                    Some(b',') => *i += 1,
                    _ => tree(s, i, &path, out),
                }
            }
        }
        if s.get(*i) == Some(&b'*') {
            *i += 1;
            out.push(Leaf {
                path,
                name: None,
                glob: true,
            });
            return;
        }
        let w = word(s, i);
        if w.is_empty() {
            if path.len() > prefix.len() {
                let name = path.last().cloned();
                out.push(Leaf {
                    path,
                    name,
                    glob: false,
                });
            }
            return;
        }
        if w == "self" && !prefix.is_empty() && path.len() == prefix.len() {
            let name = path.last().cloned();
            out.push(Leaf {
                path,
                name,
                glob: false,
            });
            return;
        }
        path.push(w);
        if s[*i..].starts_with(b"::") {
            *i += 2;
            continue;
        }
        let mut k = *i;
        skip_space(s, &mut k);
        let mut name = path.last().cloned();
        if s[k..].starts_with(b"as") && !s.get(k + 2).is_some_and(|&b| is_ident(b)) {
            k += 2;
            skip_space(s, &mut k);
            name = Some(word(s, &mut k));
            *i = k;
        }
        out.push(Leaf {
            path,
            name,
            glob: false,
        });
        return;
    }
}

/// A module of a crate held in a file.
struct Module {
    file: PathBuf,
    code: String,
    /// The modules it declares in files of their own.
    children: BTreeSet<String>,
    /// Modules written inline (`mod seed_text { … }`): where each lies and its name.
    inline: Vec<(usize, usize, String)>,
    /// The names its `use` declarations bring in, with their paths.
    imports: BTreeMap<String, Vec<String>>,
}

impl Module {
    fn read(file: PathBuf) -> Module {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut t = lex(&text);
        without_tests(&mut t);
        let mut inline = Vec::new();
        let mut children = BTreeSet::new();
        for i in words(&t.bare, "mod").collect::<Vec<_>>() {
            let s = t.bare.as_bytes();
            let mut j = i + 3;
            skip_space(s, &mut j);
            let name = word(s, &mut j);
            skip_space(s, &mut j);
            match s.get(j) {
                Some(b'{') => inline.push((j, closing(&t.bare, j), name)),
                Some(b';') => {
                    children.insert(name);
                }
                _ => {}
            }
        }
        let mut m = Module {
            file,
            code: t.code,
            children,
            inline,
            imports: BTreeMap::new(),
        };
        for i in words(&m.code, "use").collect::<Vec<_>>() {
            if !m.inline_path(i).is_empty() {
                continue;
            }
            let mut leaves = Vec::new();
            let mut j = i + 3;
            tree(m.code.as_bytes(), &mut j, &[], &mut leaves);
            for leaf in leaves {
                if leaf.glob {
                    // Another crate's prelude is no module of the workspace.
                    let first = leaf.path[0].as_str();
                    assert!(
                        !(["crate", "super", "self"].contains(&first)
                            || first.starts_with("hunters")
                            || m.children.contains(first)),
                        "{}: `use {}::*`: the map follows names, so name them",
                        m.file.display(),
                        leaf.path.join("::")
                    );
                    continue;
                }
                m.imports.insert(leaf.name.unwrap(), leaf.path);
            }
        }
        m
    }

    /// The inline modules around position `i`, outermost first.
    fn inline_path(&self, i: usize) -> Vec<String> {
        let mut around: Vec<&(usize, usize, String)> = self
            .inline
            .iter()
            .filter(|(from, to, _)| *from <= i && i < *to)
            .collect();
        around.sort_by_key(|(from, _, _)| *from);
        around
            .into_iter()
            .map(|(_, _, name)| name.clone())
            .collect()
    }
}

/// Where a module's code stands: the crate and the module's path in it.
type Place = (usize, Vec<String>);

struct Workspace {
    modules: BTreeMap<Place, Module>,
}

impl Workspace {
    fn read() -> Workspace {
        let mut modules = BTreeMap::new();
        for (u, unit) in UNITS.iter().enumerate() {
            let root = top().join(unit.root);
            let mut todo = vec![(Vec::<String>::new(), root)];
            while let Some((path, file)) = todo.pop() {
                let m = Module::read(file.clone());
                // A root or a `mod.rs` holds its children beside it, `x.rs` in `x/`.
                let dir = match file.file_name().unwrap().to_str().unwrap() {
                    "mod.rs" | "lib.rs" | "main.rs" => file.parent().unwrap().to_path_buf(),
                    name => file.parent().unwrap().join(name.trim_end_matches(".rs")),
                };
                for child in &m.children {
                    let flat = dir.join(format!("{child}.rs"));
                    let file = if flat.exists() {
                        flat
                    } else {
                        dir.join(child).join("mod.rs")
                    };
                    assert!(
                        file.exists(),
                        "{}: no file for `mod {child};`",
                        m.file.display()
                    );
                    let mut p = path.clone();
                    p.push(child.clone());
                    todo.push((p, file));
                }
                modules.insert((u, path), m);
            }
        }
        Workspace { modules }
    }

    fn unit_named(&self, name: &str, from: usize) -> Option<usize> {
        UNITS
            .iter()
            .position(|u| u.name == Some(name))
            .filter(|&u| u != from)
    }

    /// The module that defines what `path`, written in module `at` of crate `u`, names; none
    /// for a name from outside the workspace (std, serde, …).
    fn resolve(&self, u: usize, at: &[String], path: &[String], depth: u32) -> Option<Place> {
        assert!(depth < 20, "re-exports in a loop: {}", path.join("::"));
        let file_module = |u: usize, at: &[String]| -> Vec<String> {
            let mut p = at.to_vec();
            while !self.modules.contains_key(&(u, p.clone())) {
                p.pop();
            }
            p
        };
        let parent = |at: &[String]| -> Vec<String> {
            assert!(!at.is_empty(), "`super::` at a crate's root");
            at[..at.len() - 1].to_vec()
        };
        let (u, mut at) = match path[0].as_str() {
            "crate" => (u, Vec::new()),
            "super" => (u, parent(at)),
            "self" => (u, at.to_vec()),
            name => match self.unit_named(name, u) {
                Some(other) => (other, Vec::new()),
                None => {
                    let here = file_module(u, at);
                    if at.len() == here.len()
                        && self.modules[&(u, here.clone())].children.contains(name)
                    {
                        let mut p = here;
                        p.push(name.to_string());
                        (u, p)
                    } else {
                        return None;
                    }
                }
            },
        };
        for (k, s) in path.iter().enumerate().skip(1) {
            match s.as_str() {
                "super" => {
                    at = parent(&at);
                    continue;
                }
                "self" => continue,
                _ => {}
            }
            let mut next = at.clone();
            next.push(s.clone());
            if self.modules.contains_key(&(u, next.clone())) {
                at = next;
                continue;
            }
            if let Some(target) = self
                .modules
                .get(&(u, at.clone()))
                .and_then(|m| m.imports.get(s))
            {
                let mut p = target.clone();
                p.extend(path[k + 1..].iter().cloned());
                return self.resolve(u, &at, &p, depth + 1);
            }
            break;
        }
        Some((u, file_module(u, &at)))
    }

    /// The row of the table that shows the module at `place`.
    fn row(&self, (u, path): &Place) -> String {
        let unit = &UNITS[*u];
        if path.is_empty() {
            assert!(
                unit.name.is_none(),
                "{}: a library's root declares its modules and re-exports their names; what it \
                 defines belongs in a module",
                unit.root
            );
            return "main".to_string();
        }
        if unit.by_file {
            path.join("::")
        } else {
            path[0].clone()
        }
    }

    /// The module that defines what each path in the code of the module at `place` names
    /// (paths to names from outside the workspace left out).
    fn uses(&self, place: &Place) -> Vec<Place> {
        let (u, path) = place;
        let m = &self.modules[place];
        let s = m.code.as_bytes();
        let mut anchors: Vec<&str> = vec!["crate", "super", "self"];
        anchors.extend(m.children.iter().map(String::as_str));
        anchors.extend(
            UNITS
                .iter()
                .enumerate()
                .filter(|(k, _)| k != u)
                .filter_map(|(_, unit)| unit.name),
        );
        let mut out = Vec::new();
        for anchor in anchors {
            for i in words(&m.code, anchor).collect::<Vec<_>>() {
                let after = i + anchor.len();
                if !s[after..].starts_with(b"::") || s[..i].ends_with(b"::") {
                    continue;
                }
                let inline = m.inline_path(i);
                if !inline.is_empty() && m.children.contains(anchor) {
                    continue;
                }
                let mut at = path.clone();
                at.extend(inline);
                let mut leaves = Vec::new();
                let mut j = i;
                tree(s, &mut j, &[], &mut leaves);
                out.extend(
                    leaves
                        .iter()
                        .filter_map(|leaf| self.resolve(*u, &at, &leaf.path, 0)),
                );
            }
        }
        out
    }
}

/// A crate's table: each row's modules in the same crate, and in the crates below it.
#[derive(Debug, Default, PartialEq, Eq)]
struct Row {
    uses: BTreeSet<String>,
    below: BTreeMap<String, BTreeSet<String>>,
}

type Table = BTreeMap<String, Row>;

fn code_tables(ws: &Workspace) -> BTreeMap<&'static str, Table> {
    let mut tables: BTreeMap<&'static str, Table> = BTreeMap::new();
    for place in ws.modules.keys() {
        let unit = &UNITS[place.0];
        if place.1.is_empty() && unit.name.is_some() {
            // A library's root: declarations and re-exports, every name followed to the
            // module it comes from.
            continue;
        }
        let table = tables.entry(unit.package).or_default();
        let from = ws.row(place);
        table.entry(from.clone()).or_default();
        for target in ws.uses(place) {
            let other = &UNITS[target.0];
            let to = ws.row(&target);
            let row = table.get_mut(&from).unwrap();
            if other.package == unit.package {
                if to != from {
                    row.uses.insert(to);
                }
            } else {
                row.below
                    .entry(short(other.package).to_string())
                    .or_default()
                    .insert(to);
            }
        }
    }
    tables
}

/// A row as docs/architecture.md writes it.
fn line(name: &str, row: &Row) -> String {
    let below: Vec<String> = row
        .below
        .iter()
        .map(|(c, ms)| format!("{c}: {}", ms.iter().cloned().collect::<Vec<_>>().join(" ")))
        .collect();
    let uses = row.uses.iter().cloned().collect::<Vec<_>>().join(" ");
    let cell = |s: String| {
        if s.is_empty() {
            " ".to_string()
        } else {
            format!(" {s} ")
        }
    };
    format!("|{name}|{}|{}|", cell(uses), cell(below.join("; "))).replacen(
        &format!("|{name}|"),
        &format!("| {name} |"),
        1,
    )
}

/// The tables as docs/architecture.md writes them, one after the other.
fn whole(tables: &BTreeMap<&'static str, Table>) -> String {
    let mut out = String::new();
    for (package, table) in tables {
        out.push_str(&format!(
            "<!-- arrows {package} -->\n| module | uses | uses in the crates below |\n|---|---|---|\n"
        ));
        for (m, r) in table {
            out.push_str(&line(m, r));
            out.push('\n');
        }
        out.push_str("<!-- /arrows -->\n\n");
    }
    out
}

/// The tables of docs/architecture.md, by package.
fn doc_tables() -> BTreeMap<String, Table> {
    let doc = std::fs::read_to_string(top().join("docs/architecture.md")).unwrap();
    let mut out = BTreeMap::new();
    for part in doc.split("<!-- arrows ").skip(1) {
        let (package, rest) = part.split_once(" -->").unwrap();
        let body = rest.split("<!-- /arrows -->").next().unwrap();
        let mut table = Table::new();
        for l in body.lines().filter(|l| l.starts_with("| ")) {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            if cells[1] == "module" {
                continue;
            }
            let mut row = Row {
                uses: cells[2].split_whitespace().map(String::from).collect(),
                below: BTreeMap::new(),
            };
            for part in cells
                .get(3)
                .unwrap_or(&"")
                .split(';')
                .filter(|p| !p.trim().is_empty())
            {
                let (c, ms) = part.split_once(':').expect("`crate: modules`");
                row.below.insert(
                    c.trim().to_string(),
                    ms.split_whitespace().map(String::from).collect(),
                );
            }
            table.insert(cells[1].to_string(), row);
        }
        out.insert(package.to_string(), table);
    }
    out
}

/// No circle: modules can be taken one by one, each after every module it uses.
fn assert_no_circle(arrows: &BTreeMap<String, BTreeSet<String>>, what: &str) {
    let mut left = arrows.clone();
    while !left.is_empty() {
        let ready: Vec<String> = left
            .iter()
            .filter(|(m, uses)| uses.iter().all(|u| u == *m || !left.contains_key(u)))
            .map(|(m, _)| m.clone())
            .collect();
        assert!(!ready.is_empty(), "a circle among {what}: {left:?}");
        for m in ready {
            left.remove(&m);
        }
    }
}

/// The packages of the workspace: the root's and its members'.
fn packages() -> BTreeSet<String> {
    let name = |manifest: &Path| -> String {
        let text = std::fs::read_to_string(manifest).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with("name = "))
            .expect("a package name");
        line["name = ".len()..].trim_matches('"').to_string()
    };
    let root = top().join("Cargo.toml");
    let text = std::fs::read_to_string(&root).unwrap();
    let members = text
        .split("members = [")
        .nth(1)
        .and_then(|t| t.split(']').next())
        .expect("a [workspace] with members");
    let mut out: BTreeSet<String> = members
        .split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty() && *m != ".")
        .map(|m| name(&top().join(m).join("Cargo.toml")))
        .collect();
    out.insert(name(&root));
    out
}

#[test]
fn every_crate_is_mapped_from_all_its_files() {
    let ws = Workspace::read();
    let mapped: BTreeSet<String> = UNITS.iter().map(|u| u.package.to_string()).collect();
    assert_eq!(
        mapped,
        packages(),
        "the crates of the workspace, each with a table"
    );
    // Every source file is a module the map reads: none is left out by a missing `mod`.
    let read: BTreeSet<PathBuf> = ws.modules.values().map(|m| m.file.clone()).collect();
    let mut dirs: BTreeSet<PathBuf> = BTreeSet::new();
    for unit in &UNITS {
        dirs.insert(top().join(unit.root).parent().unwrap().to_path_buf());
    }
    for dir in dirs {
        let mut all = Vec::new();
        files(&dir, &mut all);
        for f in all {
            assert!(
                read.contains(&f),
                "{} is no module of its crate",
                f.display()
            );
        }
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_module_map_is_the_code_and_has_no_circle() {
    let ws = Workspace::read();
    let code = code_tables(&ws);
    if std::env::var_os("HUNTERS_PRINT_ARROWS").is_some() {
        println!("{}", whole(&code));
    }
    let doc = doc_tables();
    for (package, table) in &code {
        let whole: Vec<String> = table.iter().map(|(m, r)| line(m, r)).collect();
        let written = doc.get(*package).unwrap_or_else(|| {
            panic!(
                "docs/architecture.md has no table of {package} (`<!-- arrows {package} -->`):\n{}\n\n\
                 (HUNTERS_PRINT_ARROWS=1 prints every table)",
                whole.join("\n")
            )
        });
        for (m, row) in table {
            assert_eq!(
                written.get(m),
                Some(row),
                "docs/architecture.md, {package}: the row of `{m}` should read\n{}\n\nThe whole \
                 table:\n{}",
                line(m, row),
                whole.join("\n")
            );
        }
        assert_eq!(
            written.keys().collect::<Vec<_>>(),
            table.keys().collect::<Vec<_>>(),
            "docs/architecture.md lists exactly the modules of {package}"
        );
        let arrows = table
            .iter()
            .map(|(m, r)| (m.clone(), r.uses.clone()))
            .collect();
        assert_no_circle(&arrows, &format!("the modules of {package}"));
    }
    assert_eq!(
        doc.keys().map(String::as_str).collect::<Vec<_>>(),
        code.keys().copied().collect::<Vec<_>>(),
        "docs/architecture.md has a table for each crate and no other"
    );
}

/// Inside a module split into files (one row of its crate's table), the files use one another
/// one way too: the arrows between the children of each `mod.rs`, each child with its own
/// children, hold no circle. (`mod.rs` itself, which declares them and defines the types they
/// add to, is above them.)
#[test]
fn the_files_of_a_module_have_no_circle() {
    let ws = Workspace::read();
    let mut checked = 0;
    for (place, m) in &ws.modules {
        if m.children.is_empty() || place.1.is_empty() || UNITS[place.0].by_file {
            continue;
        }
        let (u, dir) = place;
        let child_of = |p: &[String]| -> Option<String> {
            (p.len() > dir.len() && p.starts_with(dir)).then(|| p[dir.len()].clone())
        };
        let mut arrows: BTreeMap<String, BTreeSet<String>> = m
            .children
            .iter()
            .map(|c| (c.clone(), BTreeSet::new()))
            .collect();
        for from in ws.modules.keys().filter(|(v, _)| v == u) {
            let Some(a) = child_of(&from.1) else { continue };
            for (v, target) in ws.uses(from) {
                if v != *u {
                    continue;
                }
                if let Some(b) = child_of(&target)
                    && a != b
                {
                    arrows.get_mut(&a).unwrap().insert(b);
                }
            }
        }
        assert_no_circle(&arrows, &format!("the files of {}", m.file.display()));
        checked += 1;
    }
    assert!(checked >= 2, "the modules split into files: {checked}");
}
