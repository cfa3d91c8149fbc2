//! The README and `docs/` as a reader meets them. Every example command in README.md and
//! docs/commands.md names a command and options the binary has; the options listed at the end
//! of docs/commands.md are the binary's own `--help`, word for word; every relative link in
//! README.md and docs/*.md leads to a file, and to a heading of it when it names one; the README
//! stays short.
//!
//! `HUNTERS_WRITE_DOCS=1 cargo test --test suite docs::` writes the binary's help into
//! docs/commands.md after a change of the options; review the diff.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::run::{hunters, stderr, stdout};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The ways the examples run the binary.
const PREFIXES: [&str; 2] = ["cargo run --release -- ", "hunters "];

/// The example command lines of a markdown text, each with its line number: the lines of its
/// fenced blocks that run the binary (after a `$ ` prompt or not), with the lines a `\` ends
/// joined to the next.
fn examples(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            continue;
        }
        let mut command = line.trim().trim_start_matches("$ ").to_string();
        if !PREFIXES.iter().any(|p| command.starts_with(p)) {
            continue;
        }
        while command.ends_with('\\') {
            command.pop();
            match lines.next() {
                Some((_, next)) => command.push_str(next.trim()),
                None => break,
            }
        }
        out.push((i + 1, command));
    }
    out
}

/// The arguments an example gives the binary: its words after the prefix, as a shell would
/// split them (quotes taken off), up to a comment, a pipe or a redirection.
fn arguments(command: &str) -> Vec<String> {
    let rest = PREFIXES
        .iter()
        .find_map(|p| command.strip_prefix(p))
        .expect("an example starts with a prefix");
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in rest.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None => match c {
                '\'' | '"' => {
                    quote = Some(c);
                    started = true;
                }
                c if c.is_whitespace() => {
                    if started {
                        words.push(std::mem::take(&mut word));
                        started = false;
                    }
                }
                '#' if !started => break,
                '|' | '>' | '<' | ';' | '&' => break,
                c => {
                    word.push(c);
                    started = true;
                }
            },
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Whether the binary takes these arguments: it is run with them and `--help` after them,
/// which makes it parse every one (an unknown command or option, or a value it cannot take,
/// is refused there) and then print help instead of doing the work. The error when not.
fn parses(args: &[String]) -> Result<(), String> {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.push("--help");
    let o = hunters(&all);
    if o.status.success() {
        Ok(())
    } else {
        Err(stderr(&o))
    }
}

fn check_examples(file: &str, at_least: usize) {
    let text = read(&root().join(file));
    let found = examples(&text);
    assert!(
        found.len() >= at_least,
        "{file}: only {} example commands found",
        found.len()
    );
    let mut wrong = Vec::new();
    for (line, command) in &found {
        if let Err(e) = parses(&arguments(command)) {
            wrong.push(format!("{file}:{line}: `{command}`\n{e}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The README is read in a few minutes: what grows (findings, measured tables) goes to docs/.
const README_LINES: usize = 300;

#[test]
fn the_readme_stays_short() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines, more than {README_LINES}: move what grew to docs/ and link it"
    );
}

#[test]
fn every_readme_example_names_commands_and_options_that_exist() {
    check_examples("README.md", 8);
}

#[test]
fn every_example_of_the_commands_page_names_commands_and_options_that_exist() {
    check_examples("docs/commands.md", 30);
}

/// The check above would catch a mistake: a command or option that does not exist, a value
/// an option cannot take, an option of another command.
#[test]
fn the_example_check_refuses_what_the_binary_does_not_know() {
    let text = "```sh\n\
                hunters plya --seed 7\n\
                cargo run --release -- play --sed 7   # a comment\n\
                $ hunters simulate --games many 2020\n\
                hunters verify --players 3 \\\n  game.log\n\
                ```\n\
                hunters play --nothing-outside-a-block\n";
    let found = examples(text);
    assert_eq!(found.len(), 4, "{found:?}");
    assert_eq!(found[3], (5, "hunters verify --players 3 game.log".into()));
    for (line, command) in found {
        assert!(
            parses(&arguments(&command)).is_err(),
            "line {line}: `{command}` passed"
        );
    }
    let good = "cargo run --release -- play --variant 2020 --seed 7 --log 'my game.log' > out.txt";
    assert_eq!(
        arguments(good),
        [
            "play",
            "--variant",
            "2020",
            "--seed",
            "7",
            "--log",
            "my game.log"
        ]
    );
    assert!(parses(&arguments(good)).is_ok());
}

/// The commands whose `--help` docs/commands.md shows, in its order.
const COMMANDS: [&str; 12] = [
    "play",
    "verify",
    "diff",
    "simulate",
    "ladder",
    "balance",
    "serve",
    "render",
    "record",
    "tiles",
    "variants",
    "completions",
];

const HELP_START: &str = "<!-- help -->";
const HELP_END: &str = "<!-- /help -->";

/// The reference of options as the binary prints it.
fn help_section() -> String {
    let help = |args: &[&str]| {
        let o = hunters(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o).trim_end().to_string()
    };
    let mut s = String::from(
        "\n## Every option\n\nWhat `hunters --help` and `hunters COMMAND --help` print (written \
         here by `HUNTERS_WRITE_DOCS=1 cargo test --test suite docs::`; a test fails when they \
         differ).\n\n",
    );
    s.push_str(&format!("```text\n{}\n```\n", help(&["--help"])));
    for c in COMMANDS {
        s.push_str(&format!(
            "\n### `hunters {c} --help`\n\n```text\n{}\n```\n",
            help(&[c, "--help"])
        ));
    }
    s
}

#[test]
fn the_commands_page_lists_the_options_the_binary_has() {
    let path = root().join("docs/commands.md");
    let text = read(&path);
    let (Some(start), Some(end)) = (text.find(HELP_START), text.find(HELP_END)) else {
        panic!("docs/commands.md has no {HELP_START} … {HELP_END} section");
    };
    let written = &text[start + HELP_START.len()..end];
    let help = help_section();
    if std::env::var_os("HUNTERS_WRITE_DOCS").is_some() {
        let new = format!(
            "{}{help}{}",
            &text[..start + HELP_START.len()],
            &text[end..]
        );
        std::fs::write(&path, new).unwrap();
        return;
    }
    // Every command the binary has is shown.
    let top = stdout(&hunters(&["--help"]));
    for line in top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
    {
        let Some(name) = line.split_whitespace().next() else {
            break;
        };
        if name != "help" {
            assert!(
                COMMANDS.contains(&name),
                "`hunters {name}` is not in COMMANDS"
            );
        }
    }
    assert!(
        written == help,
        "docs/commands.md shows other options than `hunters … --help` prints; \
         HUNTERS_WRITE_DOCS=1 cargo test --test suite docs:: writes them"
    );
}

/// GitHub's anchor of a heading: lower case, spaces to hyphens, every other mark dropped.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The anchors of a markdown file's headings (outside its code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#').trim()));
        }
    }
    out
}

/// The targets of a markdown text's links and pictures (`[…](target)`, `![…](target)`),
/// outside its code blocks and code spans, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans are not links: what lies between backticks is left out.
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(k, _)| k % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = prose.as_str();
        while let Some(k) = rest.find("](") {
            rest = &rest[k + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            out.push((i + 1, target.to_string()));
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_of_the_docs_leads_somewhere() {
    let mut files: Vec<PathBuf> = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in &files {
        let text = read(file);
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let to = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            if !to.exists() {
                broken.push(format!("{name}:{line}: {target}: no such file"));
                continue;
            }
            let markdown = to.extension().is_some_and(|x| x == "md");
            if !fragment.is_empty() && markdown && !anchors(&read(&to)).contains(fragment) {
                broken.push(format!("{name}:{line}: {target}: no such heading"));
            }
        }
    }
    assert!(checked >= 30, "only {checked} links found");
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn anchors_are_githubs() {
    assert_eq!(anchor("`hunters play`"), "hunters-play");
    assert_eq!(
        anchor("Which edition is deeper, luckier, fairer?"),
        "which-edition-is-deeper-luckier-fairer"
    );
    assert_eq!(
        anchor("One rating for `mcts` against `greedy`"),
        "one-rating-for-mcts-against-greedy"
    );
    assert_eq!(anchor("Does a 4-point mammoth"), "does-a-4-point-mammoth");
    assert_eq!(
        links("see [a](b.md#c), `[x](y)` and ![p](q.png)"),
        [(1, "b.md#c".to_string()), (1, "q.png".to_string())]
    );
}
