//! The runs behind docs/strength.md. `docs/runs/` keeps the `simulate --shard K/M --json`
//! output of each slice of the strength runs of the current bot, `docs/runs/v3/` those of the
//! third search, `docs/runs/scout-wide/` a partial one of the fourth before its Scout
//! candidates stopped growing past 2,000, `docs/runs/scout-narrow/` a partial one with its
//! Scout candidates back to the default's past 2,000, `docs/runs/scout-seventh/` a partial
//! one with a seventh round at 4,000 (docs/runs/README.md). Each file is named
//! `NAME.K-of-M.json` after its slice; once all M slices of a run are there, their merge is
//! what the table of docs/strength.md must say for that run: its variant, deals (games), the
//! first bot's win rate with its interval and its margin, on one row. A run stopped before
//! its end is quoted in docs/strength.md's text as `simulate --partial --merge` reports it.
//! The answers by level (`simulate --levels`) are a table instead, cell for cell the merge's
//! own, of the README (or, an earlier bot's, of docs/strength.md).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::run::{hunters, stderr, stdout};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The directories of runs: the current bot's, the third search's, and the fourth's Scout
/// step to 4,000 while its candidates still grew, with the default's candidates, and with a
/// seventh round.
const DIRECTORIES: &[&str] = &[
    "docs/runs",
    "docs/runs/v3",
    "docs/runs/scout-wide",
    "docs/runs/scout-narrow",
    "docs/runs/scout-seventh",
];

/// The slices in the directories of runs, by run name (`v3/NAME` in docs/runs/v3/): (K, M,
/// file).
fn runs() -> BTreeMap<String, Vec<(u32, u32, PathBuf)>> {
    let mut out: BTreeMap<String, Vec<(u32, u32, PathBuf)>> = BTreeMap::new();
    for dir in DIRECTORIES {
        runs_in(dir, &mut out);
    }
    out
}

fn runs_in(dir: &str, out: &mut BTreeMap<String, Vec<(u32, u32, PathBuf)>>) {
    let prefix = dir
        .strip_prefix("docs/runs")
        .unwrap()
        .trim_start_matches('/');
    for entry in std::fs::read_dir(root().join(dir)).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".json") else {
            continue;
        };
        let (run, slice) = stem
            .rsplit_once('.')
            .unwrap_or_else(|| panic!("{dir}/{name}: expected NAME.K-of-M.json"));
        let (k, m) = slice
            .split_once("-of-")
            .and_then(|(k, m)| Some((k.parse().ok()?, m.parse().ok()?)))
            .unwrap_or_else(|| panic!("{dir}/{name}: expected NAME.K-of-M.json"));
        let run = if prefix.is_empty() {
            run.to_string()
        } else {
            format!("{prefix}/{run}")
        };
        out.entry(run).or_default().push((k, m, path));
    }
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn each_file_is_the_slice_its_name_says() {
    for (run, slices) in runs() {
        for (k, m, path) in slices {
            let v = json(&path);
            assert_eq!(
                v["shard"].as_str(),
                Some(format!("{k}/{m}").as_str()),
                "docs/runs/{run}.{k}-of-{m}.json holds another slice"
            );
        }
    }
}

/// What `hunters simulate --merge` prints for the slices of `run`, with `more` arguments.
fn merge(run: &str, slices: &[(u32, u32, PathBuf)], more: &[&str]) -> String {
    let files: Vec<String> = slices
        .iter()
        .map(|s| s.2.to_string_lossy().into_owned())
        .collect();
    let mut args = vec!["simulate", "--merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(more);
    let out = hunters(&args);
    assert!(out.status.success(), "{run}: {}", stderr(&out));
    stdout(&out)
}

fn percent(v: &Value) -> String {
    format!("{:.1}", v.as_f64().unwrap() * 100.0)
}

#[test]
fn every_whole_run_is_a_row_of_the_strength_table() {
    let table = std::fs::read_to_string(root().join("docs/strength.md")).unwrap();
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('|')).collect();
    for (run, slices) in runs() {
        let m = slices[0].1;
        if slices.len() < m as usize {
            continue;
        }
        let merged: Value = serde_json::from_str(&merge(&run, &slices, &["--json"])).unwrap();
        if merged["command"] == "simulate --levels" {
            levels_in_the_readme(&run, &slices);
            continue;
        }
        for result in merged["results"].as_array().unwrap() {
            let variant = result["variant"].as_str().unwrap();
            let summary = &result["summary"];
            let bot = &summary["bots"][0];
            let win = &bot["win_rate"];
            let wants = [
                format!("| {variant} |"),
                format!("{} ({})", summary["deals"], summary["games"]),
                format!(
                    "{} % ({}–{})",
                    percent(&win["value"]),
                    percent(&win["low"]),
                    percent(&win["high"])
                ),
                format!(
                    "{:+.1} ± {:.1}",
                    bot["margin"]["mean"].as_f64().unwrap(),
                    bot["margin"]["half_width"].as_f64().unwrap()
                ),
            ];
            assert!(
                rows.iter()
                    .any(|r| wants.iter().all(|w| r.contains(w.as_str()))),
                "docs/strength.md has no row for the run {run} ({}): it should hold {wants:?}",
                bot["bot"]
            );
        }
    }
}

/// The runs stopped before their last slice, for what their first slices showed; a partial
/// run not named here is still being played, and read only when whole.
const STOPPED: &[&str] = &[
    "scout-wide/d4000-2002-scout",
    "scout-narrow/d4000-2002-scout",
    "scout-seventh/d4000-2002-scout",
];

/// A stopped run is quoted in docs/strength.md's text as `simulate --partial --merge` reports
/// its slices: the first bot's win rate with its interval and its margin (`51.3 %
/// (46.5–56.1), margin +2.3 ± 3.0`), and `on the N deals`.
#[test]
fn every_stopped_run_is_quoted_as_its_slices_report() {
    let text = std::fs::read_to_string(root().join("docs/strength.md")).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let runs = runs();
    for &run in STOPPED {
        let slices = &runs[run];
        assert!(
            slices.len() < slices[0].1 as usize,
            "{run} is whole: take it out of STOPPED, its row is in the table"
        );
        let merged: Value =
            serde_json::from_str(&merge(run, slices, &["--json", "--partial"])).unwrap();
        for result in merged["results"].as_array().unwrap() {
            let summary = &result["summary"];
            let bot = &summary["bots"][0];
            let (win, margin) = (&bot["win_rate"], bot["margin"]["mean"].as_f64().unwrap());
            let wants = [
                format!(
                    "{} % ({}–{}), margin {}{:.1} ± {:.1}",
                    percent(&win["value"]),
                    percent(&win["low"]),
                    percent(&win["high"]),
                    if margin < 0.0 { "−" } else { "+" },
                    margin.abs(),
                    bot["margin"]["half_width"].as_f64().unwrap()
                ),
                format!("on the {} deals", summary["deals"]),
            ];
            for w in &wants {
                assert!(
                    text.contains(w.as_str()),
                    "docs/strength.md does not quote the partial run {run} as its slices \
                     report it: it should say {w:?}"
                );
            }
        }
    }
}

/// The cells of a markdown table's body rows, trimmed.
fn cells(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|-"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

/// A levels run's table, as the merge prints it, is a table of the README or of
/// docs/strength.md (where an earlier bot's stays), row for row.
fn levels_in_the_readme(run: &str, slices: &[(u32, u32, PathBuf)]) {
    let text = merge(run, slices, &[]);
    let printed = cells(&text);
    let docs: Vec<Vec<Vec<String>>> = ["README.md", "docs/strength.md"]
        .iter()
        .map(|file| cells(&std::fs::read_to_string(root().join(file)).unwrap()))
        .collect();
    assert!(printed.len() > 2, "{run}: no table in\n{text}");
    assert!(
        docs.iter()
            .any(|doc| printed.iter().all(|row| doc.contains(row))),
        "neither README.md nor docs/strength.md has every row of the run {run} (`hunters \
         simulate --merge docs/runs/{run}.*.json`):\n{text}"
    );
}
