//! Every per-game measure of the table (`hunters::measures::MEASURES`) reaches every output
//! of `simulate`: the `--games-out` rows (CSV and JSON lines), the JSON tallies and summaries,
//! the text tables, the HTML report, and docs/json.md. Each value is checked against the
//! rows, so a measure read from the wrong field fails as surely as a missing one.

use crate::run;

use std::path::Path;

use hunters::measures::{CATEGORIES, MEASURES, Shown};
use run::{hunters, stderr, stdout};
use serde_json::Value;

const RUN: [&str; 8] = [
    "simulate",
    "--games",
    "12",
    "--seed",
    "5",
    "--bots",
    "greedy,random",
    "--rotate-seats",
];

fn simulate(extra: &[&str]) -> String {
    let mut args = RUN.to_vec();
    args.extend(extra);
    args.extend(["2002", "2020"]);
    let o = hunters(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

/// The header and rows of a CSV file, split at commas: no cell of these runs holds a comma
/// or a quote.
fn csv_rows(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .expect("a header")
        .split(',')
        .map(String::from)
        .collect();
    let rows = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    (header, rows)
}

#[test]
fn every_measure_reaches_every_output() {
    let dir = std::env::temp_dir().join(format!("hunters-measures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (csv, jsonl, page) = (
        dir.join("rows.csv"),
        dir.join("rows.jsonl"),
        dir.join("report.html"),
    );
    let json: Value =
        serde_json::from_str(&simulate(&["--json", "--games-out", csv.to_str().unwrap()])).unwrap();
    let text = simulate(&[
        "--games-out",
        jsonl.to_str().unwrap(),
        "--report",
        page.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    let (header, rows) = csv_rows(&csv);
    let lines: Vec<Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), lines.len());
    for s in 1..=2 {
        for c in CATEGORIES {
            assert!(header.contains(&format!("seat{s}_{c}")), "seat{s}_{c}");
        }
    }
    let results = json["results"].as_array().unwrap();
    for a in &MEASURES {
        let col = header
            .iter()
            .position(|h| *h == a.column)
            .unwrap_or_else(|| panic!("the CSV header lacks {}", a.column));
        // The same game in both files gives the same value.
        for (row, line) in rows.iter().zip(&lines) {
            let cell: u64 = row[col].parse().unwrap();
            assert_eq!(
                line[a.column].as_u64(),
                Some(cell),
                "JSON lines key {} in {line}",
                a.column
            );
        }
        for (v, result) in results.iter().enumerate() {
            let name = result["variant"].as_str().unwrap();
            let values: Vec<i64> = rows
                .iter()
                .filter(|r| r[3] == name)
                .map(|r| r[col].parse().unwrap())
                .collect();
            let sum: i64 = values.iter().sum();
            let tally = &result["tally"][a.key];
            assert_eq!(
                tally["sum"].as_i64(),
                Some(sum),
                "tally.{} of {name}",
                a.key
            );
            assert_eq!(tally["n"].as_u64(), Some(values.len() as u64));
            let mean = result["summary"][a.summary_key]["mean"]
                .as_f64()
                .unwrap_or_else(|| panic!("summary.{} of {name}", a.summary_key));
            let expected = sum as f64 / values.len() as f64;
            assert!((mean - expected).abs() < 1e-4, "summary.{}", a.summary_key);
            if v == 0 {
                continue;
            }
            // Paired against the first variant, game by game.
            let base: Vec<i64> = rows
                .iter()
                .filter(|r| r[3] == results[0]["variant"].as_str().unwrap())
                .map(|r| r[col].parse().unwrap())
                .collect();
            let diff: i64 = sum - base.iter().sum::<i64>();
            let paired = &result["tally"]["paired_measures"][a.key];
            assert_eq!(
                paired["sum"].as_i64(),
                Some(diff),
                "paired_measures.{}",
                a.key
            );
            let shown = &result["summary"]["paired_game_difference"][a.key]["mean"];
            assert!(shown.is_number(), "paired_game_difference.{}", a.key);
        }
        // The tables show it under its heading; the paired table only those it lists.
        assert!(
            text.contains(&format!(" {} ", a.heading)),
            "the text tables lack {}",
            a.heading
        );
        let th = format!("<th>{}</th>", a.heading.replace('&', "&amp;"));
        // Its table of means, and the paired one if it is listed there (`margin` also heads
        // a column of the bots' table).
        let expected = 1 + usize::from(a.paired_table);
        assert!(html.matches(&th).count() >= expected, "the report's {th}");
    }
    // Every text table that shows a measure has a value under each heading.
    for title in [
        "Points per player and game",
        "Length and tension per game",
        "Paired difference to 2002 per game",
    ] {
        let table: Vec<Vec<&str>> = text
            .lines()
            .skip_while(|l| !l.starts_with(title))
            .skip(1)
            .take_while(|l| l.starts_with('|'))
            .filter(|l| !l.starts_with("|-"))
            .map(|l| l.split('|').map(str::trim).collect())
            .collect();
        assert!(table.len() >= 2, "{title}");
        for row in &table {
            assert_eq!(row.len(), table[0].len(), "{title}: {row:?}");
            assert!(
                row[1..row.len() - 1].iter().all(|c| !c.is_empty()),
                "{title}: an empty cell in {row:?}"
            );
        }
    }
    // The paired table of the text shows exactly the measures marked for it.
    let paired_header = text
        .lines()
        .skip_while(|l| !l.starts_with("Paired difference to 2002 per game"))
        .nth(1)
        .expect("the paired per-game table");
    let shown: Vec<&str> = paired_header
        .split('|')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .skip(1)
        .collect();
    let listed: Vec<&str> = MEASURES
        .iter()
        .filter(|a| a.paired_table)
        .map(|a| a.heading)
        .collect();
    assert_eq!(shown, listed);
    let length_header = text
        .lines()
        .skip_while(|l| !l.starts_with("Length and tension per game"))
        .nth(1)
        .unwrap();
    for a in MEASURES.iter().filter(|a| a.shown == Shown::PerGame) {
        assert!(length_header.contains(a.heading), "{}", a.heading);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn docs_json_lists_every_measure() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let rows = doc
        .split("## `hunters simulate --games-out FILE`")
        .nth(1)
        .expect("the section of the rows");
    for a in &MEASURES {
        let line = format!("| `{}` | {} |", a.column, a.meaning);
        assert!(
            rows.contains(&line),
            "docs/json.md lacks the row line {line}"
        );
        for key in [
            format!("`results[].tally.{}`", a.key),
            format!("`results[].tally.paired_measures.{}`", a.key),
            format!("`results[].summary.{}`", a.summary_key),
            format!("`results[].summary.paired_game_difference.{}`", a.key),
        ] {
            assert!(doc.contains(&key), "docs/json.md lacks {key}");
        }
    }
    for c in CATEGORIES {
        assert!(rows.contains(&format!("`seatN_{c}`")), "seatN_{c}");
    }
}
