//! Every `--json` output parses and has exactly the keys docs/json.md lists for it: each
//! documented key is there (optional ones in at least one of the runs below), and no key is
//! there that the document does not list.

use crate::run;

use std::collections::BTreeSet;

use run::{hunters, stderr, stdout};
use serde_json::Value;

/// The keys of the small objects the document describes once, by type.
fn parts(kind: &str) -> Vec<String> {
    let interval = ["value", "low", "high"];
    match kind {
        "clustered" | "array of clustered" => ["deals", "n", "sum", "sum_sq", "sum_n", "n_sq"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        "histogram" => [
            "deals",
            "seen",
            "seen.*",
            "seen_sq",
            "seen_sq.*",
            "seen_n",
            "seen_n.*",
            "n_sq",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        "estimate" => vec!["mean".into(), "half_width".into()],
        "array of results" => vec!["share".into(), "margin".into()],
        "interval" | "array of intervals" => interval.iter().map(|s| s.to_string()).collect(),
        "percentiles" => ["p10", "p50", "p90"]
            .iter()
            .flat_map(|p| {
                std::iter::once(p.to_string())
                    .chain(interval.iter().map(move |i| format!("{p}.{i}")))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The documented keys of one output: (path, optional).
fn documented(command: &str) -> Vec<(String, bool)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let heading = format!("## `hunters {command} --json`");
    let section = doc
        .split("\n## ")
        .find(|s| format!("## {s}").starts_with(&heading))
        .unwrap_or_else(|| panic!("docs/json.md has no section {heading}"));
    let mut keys = Vec::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 {
            continue;
        }
        let (key, kind) = (cells[1], cells[2]);
        let Some(path) = key.strip_prefix('`').and_then(|k| k.strip_suffix('`')) else {
            continue;
        };
        let optional = kind.contains("optional");
        keys.push((path.to_string(), optional));
        // The small objects the document describes once.
        for p in parts(kind.trim_end_matches(", optional")) {
            keys.push((format!("{path}.{p}"), optional));
        }
    }
    assert!(!keys.is_empty(), "no keys under {heading}");
    keys
}

/// Every key path of a JSON value, as docs/json.md writes them (a key made of digits, as in
/// a histogram, is written `*`; an array of arrays `a[][]`).
fn paths(v: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    if let Value::Object(map) = v {
        for (k, x) in map {
            // The editions' names are keys of their own (`defaults.2002`).
            let k = if k.chars().all(|c| c.is_ascii_digit()) && !prefix.ends_with("defaults") {
                "*"
            } else {
                k.as_str()
            };
            let p = if prefix.is_empty() {
                k.to_string()
            } else {
                format!("{prefix}.{k}")
            };
            record(x, p, out);
        }
    }
}

fn record(x: &Value, p: String, out: &mut BTreeSet<String>) {
    match x {
        Value::Array(items) => {
            let p = format!("{p}[]");
            out.insert(p.clone());
            for item in items {
                if let Value::Array(_) = item {
                    record(item, p.clone(), out);
                } else {
                    paths(item, &p, out);
                }
            }
        }
        _ => {
            out.insert(p.clone());
            paths(x, &p, out);
        }
    }
}

/// Whether the object holding key `k` is in the output: the root always is; an element of an
/// array is when the array has an element (with keys, unless it is an array itself); a
/// nested object when its key is there.
fn parent_present(k: &str, seen: &BTreeSet<String>) -> bool {
    // The elements of an array of arrays, `a[][]`, are there when `a` has one.
    if k.strip_suffix("[]")
        .is_some_and(|outer| outer.ends_with("[]"))
    {
        return seen.contains(k);
    }
    match k.rsplit_once('.') {
        None => true,
        Some((parent, _)) if parent.ends_with("[]") => {
            let prefix = format!("{parent}.");
            seen.iter().any(|p| p.starts_with(&prefix))
        }
        Some((parent, _)) => seen.contains(parent),
    }
}

fn json_of(args: &[&str]) -> Value {
    let o = hunters(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{args:?}: not JSON: {e}"))
}

/// Checks the outputs of several runs of one command against its section of docs/json.md.
fn check(command: &str, outputs: &[Value]) {
    let keys = documented(command);
    let listed: BTreeSet<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
    let mut seen_anywhere = BTreeSet::new();
    for v in outputs {
        assert_eq!(v["schema"], 3, "{command}: schema");
        assert_eq!(
            v["version"],
            env!("CARGO_PKG_VERSION"),
            "{command}: version"
        );
        let mut seen = BTreeSet::new();
        paths(v, "", &mut seen);
        for p in &seen {
            assert!(
                listed.contains(p.as_str()),
                "{command} --json writes {p}, which docs/json.md does not list"
            );
        }
        for (k, optional) in &keys {
            assert!(
                *optional || !parent_present(k, &seen) || seen.contains(k),
                "{command} --json lacks {k}, which docs/json.md lists as always present"
            );
        }
        seen_anywhere.extend(seen);
    }
    for (k, _) in &keys {
        assert!(
            seen_anywhere.contains(k),
            "no run of {command} --json shows {k}; the test should cover it"
        );
    }
}

#[test]
fn play_json_has_the_documented_keys() {
    check(
        "play",
        &[
            json_of(&["play", "--seed", "7", "--json"]),
            json_of(&[
                "play",
                "--variant",
                "2002-scout",
                "--players",
                "3",
                "--seed",
                "2",
                "--json",
            ]),
        ],
    );
}

#[test]
fn diff_json_has_the_documented_keys() {
    let dir = std::env::temp_dir().join(format!("hunters-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("g.log");
    let o = hunters(&[
        "play",
        "--variant",
        "2002",
        "--seed",
        "5",
        "--bots",
        "random",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let log = log.to_str().unwrap();
    // Under 2020 the classic tiles are unknown: that replay stops at once (exit 1: partial).
    let o = hunters(&["diff", "--log", log, "--json", "2014", "2020"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let stopped: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/golden");
    let o = hunters(&["diff", "--log", golden, "--json", "2014", "2020"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let corpus: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(stopped["variants"][2]["stopped"].is_string());
    assert!(!stopped["features"].as_array().unwrap().is_empty());
    check(
        "diff",
        &[
            json_of(&["diff", "--seed", "7", "--json"]),
            json_of(&["diff", "--log", log, "--json", "2014"]),
            stopped,
            corpus,
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn simulate_json_has_the_documented_keys() {
    let whole = json_of(&[
        "simulate", "--games", "20", "--bots", "random", "--json", "2002", "2020",
    ]);
    let shard = json_of(&[
        "simulate",
        "--games",
        "20",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "--shard",
        "1/2",
        "--json",
        "2020",
    ]);
    assert_eq!(shard["results"][0]["summary"]["bots"][0]["bot"], "greedy");
    assert_eq!(shard["shard"], "1/2");
    // Points per player: the sum over the samples divided by their count.
    let t = &whole["results"][0]["tally"]["categories"]["total"];
    let mean = t["sum"].as_f64().unwrap() / t["n"].as_f64().unwrap();
    let shown = whole["results"][0]["summary"]["points"]["total"]["mean"]
        .as_f64()
        .unwrap();
    assert!((mean - shown).abs() < 1e-3, "{mean} vs {shown}");
    // A paired difference per player and game: one sample per seat and game.
    let paired = &whole["results"][1]["tally"]["paired"]["total"];
    let per_player = paired["sum"].as_f64().unwrap() / paired["n"].as_f64().unwrap();
    let shown = whole["results"][1]["summary"]["paired_difference"]["total"]["mean"]
        .as_f64()
        .unwrap();
    assert!((per_player - shown).abs() < 1e-3, "{per_player} vs {shown}");
    let sweep = json_of(&[
        "simulate", "--games", "4", "--bots", "random", "--json", "--sweep", "deer=1,2", "2020",
    ]);
    assert_eq!(sweep["config"]["sweep"][0], "deer=1,2");
    check("simulate", &[whole, shard, sweep]);
}

#[test]
fn simulate_levels_json_has_the_documented_keys() {
    let whole = json_of(&[
        "simulate",
        "--levels",
        "random,greedy",
        "--games",
        "6",
        "--json",
        "2002",
        "2020",
    ]);
    let shard = json_of(&[
        "simulate",
        "--levels",
        "random,random",
        "--games",
        "6",
        "--shard",
        "1/2",
        "--json",
        "2002",
        "2002-scout",
    ]);
    assert_eq!(shard["shard"], "1/2");
    check("simulate --levels", &[whole, shard]);
}

#[test]
fn tiles_json_has_the_documented_keys_and_the_names_moves_use() {
    let classic = json_of(&["tiles", "--variant", "2002-scout", "--json"]);
    let menhir = json_of(&["tiles", "--tile-set", "menhir", "--json"]);
    assert!(menhir["variant"].is_null());
    // A tile with two lakes names them as moves do.
    let two = menhir["sets"][0]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["lakes"].as_array().is_some_and(|l| l.len() == 2))
        .unwrap();
    assert_eq!(two["lakes"][0]["zone"], "L0");
    assert_eq!(two["lakes"][1]["zone"], "L1");
    check("tiles", &[classic, menhir]);
}

/// Seeds are strings in JSON: they take 64 bits, and JavaScript holds 53 exactly.
#[test]
fn seeds_are_strings_in_json() {
    let play = json_of(&["play", "--seed", "18446744073709551615", "--json"]);
    assert_eq!(play["seed"], "18446744073709551615");
    let diff = json_of(&["diff", "--seed", "9007199254740993", "--json"]);
    assert_eq!(diff["seed"], "9007199254740993");
    let sim = json_of(&[
        "simulate", "--games", "2", "--bots", "random", "--json", "2020",
    ]);
    assert_eq!(sim["config"]["seed"], "0");
    let dir = std::env::temp_dir().join(format!("hunters-seeds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = dir.join("rows.jsonl");
    let o = hunters(&[
        "simulate",
        "--games",
        "3",
        "--bots",
        "random",
        "--games-out",
        rows.to_str().unwrap(),
        "2020",
    ]);
    assert!(o.status.success());
    for line in std::fs::read_to_string(&rows).unwrap().lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        assert!(
            row["seed"].as_str().unwrap().parse::<u64>().is_ok(),
            "{line}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ladder_json_has_the_documented_keys() {
    let full = json_of(&[
        "ladder",
        "--games",
        "2",
        "--bots",
        "random,greedy",
        "--without",
        "no-huts",
        "--json",
        "2020",
    ]);
    let one = json_of(&[
        "ladder",
        "--games",
        "2",
        "--bots",
        "greedy",
        "--without",
        "no-huts",
        "--json",
        "2002",
    ]);
    assert!(one["variants"][0]["luck"].is_null());
    check("ladder", &[full, one]);
}

#[test]
fn ladder_shard_json_has_the_documented_keys() {
    let shard = |bots: &str| {
        json_of(&[
            "ladder",
            "--games",
            "4",
            "--bots",
            bots,
            "--without",
            "no-huts",
            "--shard",
            "2/2",
            "--json",
            "2020",
        ])
    };
    let (full, one) = (shard("random,greedy"), shard("greedy"));
    assert_eq!(full["variants"][0]["deals"][0]["deal"], 1);
    assert!(one["config"]["luck"].is_null());
    check("ladder --shard K/M", &[full, one]);
}

#[test]
fn variants_json_has_the_documented_keys() {
    let v = json_of(&["variants", "--json"]);
    let options = v["options"].as_array().unwrap();
    let pit = options
        .iter()
        .find(|o| o["name"] == "pit-traps-stack")
        .unwrap();
    assert!(pit["defaults"]["2002"].is_null(), "no pit trap in 2002");
    assert_eq!(pit["defaults"]["2020"], "false");
    check("variants", &[v]);
}
