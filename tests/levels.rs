//! `simulate --levels`: the answers by level of play on the same deals, their verdicts, the
//! JSON, shards, the page in a browser, and what the option refuses.

use crate::run;

use std::path::{Path, PathBuf};

use run::{assert_screenshot, browser, hunters, parsed_page, stderr, stdout};
use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    let o = hunters(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The run's JSON, its timing set aside.
fn timeless(mut v: Value) -> Value {
    v["wall_seconds"] = 0.into();
    v["time_per_move"] = 0.into();
    v
}

fn answer<'a>(run: &'a Value, name: &str) -> &'a Value {
    run["answers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == name)
        .unwrap_or_else(|| panic!("no answer {name:?}"))
}

const TINY: [&str; 9] = [
    "simulate",
    "--levels",
    "random,greedy",
    "--games",
    "20",
    "2002",
    "2020",
    "2002-scout",
    "--json",
];

#[test]
fn the_table_has_a_row_per_answer_and_a_verdict_each() {
    let o = hunters(&TINY[..8]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("the same 20 distinct deals"), "{text}");
    assert!(text.contains("| greedy − random"), "{text}");
    for row in [
        "2020 − 2002 total",
        "2020 − 2002 meadows",
        "2002-scout − 2002 specials",
        "first player's edge, 2002-scout",
        "no-hunters vs itself, 2020: win rate",
        "no-hunters vs itself, 2020: margin",
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("| {row} ")))
            .unwrap_or_else(|| panic!("no row {row}: {text}"));
        assert!(
            ["settled at the top", "still moving", "not yet known"]
                .iter()
                .any(|v| line.contains(v)),
            "{line}"
        );
    }
    assert!(text.contains("Time per move: random "), "{text}");
    // Two paired variants × six categories, three edges, three win rates and margins.
    let v = json_of(&TINY);
    assert_eq!(v["answers"].as_array().unwrap().len(), 12 + 3 + 6);
    assert_eq!(v["deals"], 20);
    assert_eq!(
        v["config"]["levels"],
        serde_json::json!(["random", "greedy"])
    );
    assert_eq!(v["config"]["without"], serde_json::json!(["no-hunters"]));
    let t = &v["time_per_move"];
    assert!(t.as_array().unwrap().len() == 4, "{t}");
    assert!(t[0]["ms_per_move"].as_f64().unwrap() > 0.0);
}

/// A level's figures are exactly what plain `simulate` prints with that bot in every seat,
/// and with the bot forgoing hunters against itself, seats rotated.
#[test]
fn a_level_gives_what_simulate_gives_with_its_bot() {
    let levels = json_of(&TINY);
    let plain = json_of(&[
        "simulate",
        "--games",
        "20",
        "--bots",
        "greedy",
        "--json",
        "2002",
        "2020",
        "2002-scout",
    ]);
    let total = &plain["results"][1]["summary"]["paired_difference"]["total"];
    let at = &answer(&levels, "2020 − 2002 total")["by_level"][1];
    assert_eq!(at["value"], total["mean"]);
    let half = (at["high"].as_f64().unwrap() - at["low"].as_f64().unwrap()) / 2.0;
    assert!((half - total["half_width"].as_f64().unwrap()).abs() < 1e-9);
    let edge = &plain["results"][2]["summary"]["first_player_advantage"];
    let at = &answer(&levels, "first player's edge, 2002-scout")["by_level"][1];
    for k in ["value", "low", "high"] {
        let percent = 100.0 * edge[k].as_f64().unwrap();
        assert!((at[k].as_f64().unwrap() - percent).abs() < 1e-9, "{k}");
    }
    let rotated = json_of(&[
        "simulate",
        "--games",
        "40",
        "--bots",
        "greedy/no-hunters,greedy",
        "--rotate-seats",
        "--json",
        "2002",
        "2020",
        "2002-scout",
    ]);
    let bot = &rotated["results"][1]["summary"]["bots"][0];
    assert_eq!(bot["bot"], "greedy/no-hunters");
    let at = &answer(&levels, "no-hunters vs itself, 2020: win rate")["by_level"][1];
    let percent = 100.0 * bot["win_rate"]["value"].as_f64().unwrap();
    assert!((at["value"].as_f64().unwrap() - percent).abs() < 1e-9);
    let at = &answer(&levels, "no-hunters vs itself, 2020: margin")["by_level"][1];
    assert_eq!(at["value"], bot["margin"]["mean"]);
}

/// The verdict can fail both ways: random and greedy differ hugely in what the 2020 huts
/// add, so the answer is still moving; greedy named twice plays the same games, a step of
/// exactly 0 on every deal, so every answer is settled.
#[test]
fn verdicts_tell_a_moving_answer_from_a_settled_one() {
    let moving = json_of(&[
        "simulate",
        "--levels",
        "random,greedy",
        "--games",
        "40",
        "--json",
        "2002",
        "2020",
    ]);
    let huts = answer(&moving, "2020 − 2002 huts");
    assert_eq!(huts["verdict"], "still_moving", "{huts}");
    assert!(huts["top_step"]["low"].as_f64().unwrap() > 0.0, "{huts}");
    let settled = json_of(&[
        "simulate",
        "--levels",
        "random,greedy,greedy",
        "--games",
        "40",
        "--json",
        "2002",
        "2020",
    ]);
    for a in settled["answers"].as_array().unwrap() {
        assert_eq!(a["verdict"], "settled", "{a}");
        assert_eq!(a["top_step"]["value"], 0.0, "{a}");
        assert_eq!(a["by_level"][1], a["by_level"][2], "{a}");
    }
    // The same figures with a tolerance of nothing but 0 wide: still settled, as the
    // step is exactly 0; and a wide step is not yet known, with the deals that would tell.
    let tight = json_of(&[
        "simulate",
        "--levels",
        "random,random",
        "--games",
        "10",
        "--tolerance-points",
        "0.001",
        "--json",
        "2002",
        "2020",
    ]);
    assert_eq!(answer(&tight, "2020 − 2002 total")["verdict"], "settled");
    let few = json_of(&[
        "simulate",
        "--levels",
        "random,greedy",
        "--games",
        "6",
        "--json",
        "2002",
        "2014",
    ]);
    let unknown: Vec<&Value> = few["answers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["verdict"] == "not_yet_known")
        .collect();
    assert!(!unknown.is_empty());
    for a in unknown {
        assert!(a["deals_needed"].as_u64().unwrap() > 6, "{a}");
    }
}

#[test]
fn levels_do_not_depend_on_threads_and_shards_merge_to_the_whole_run() {
    let args = [
        "simulate",
        "--levels",
        "random,greedy",
        "--games",
        "9",
        "--json",
        "2002",
        "2020",
    ];
    let with = |extra: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        timeless(json_of(&all))
    };
    let one = with(&["--jobs", "1"]);
    assert_eq!(one, with(&["--jobs", "2"]));
    let dir = std::env::temp_dir().join(format!("hunters-levels-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let v = with(&["--shard", &shard]);
        assert_eq!(v["shard"], shard.as_str());
        let f = dir.join(format!("s{k}.json"));
        std::fs::write(
            &f,
            json_of(&{
                let mut all = args.to_vec();
                all.extend(["--shard", &shard]);
                all
            })
            .to_string(),
        )
        .unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    let mut merge = vec!["simulate", "--json", "--merge"];
    merge.extend(files.iter().map(String::as_str));
    assert_eq!(timeless(json_of(&merge)), one);
    // A shard of another run is refused.
    let other = dir.join("other.json");
    std::fs::write(
        &other,
        stdout(&hunters(&[
            "simulate",
            "--levels",
            "random,mcts:2",
            "--games",
            "9",
            "--shard",
            "2/2",
            "--json",
            "2002",
            "2020",
        ])),
    )
    .unwrap();
    let o = hunters(&["simulate", "--merge", &files[0], other.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a shard of another run"),
        "{}",
        stderr(&o)
    );
    // A level's verdict is read on every deal of the run: no partial merge of levels.
    let o = hunters(&["simulate", "--partial", "--merge", &files[0]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--partial reads the slices of a run without --levels"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn levels_refuse_what_they_cannot_honour() {
    for (args, says) in [
        (&["--levels", "greedy"][..], "names one level"),
        (&["--levels", "greedy,nobot"][..], "unknown bot"),
        (
            &["--levels", "random,greedy", "--bots", "mcts"][..],
            "drop --bots",
        ),
        (
            &["--levels", "random,greedy", "--sweep", "deer=1,2"][..],
            "2020@mammoth=4",
        ),
        (
            &["--levels", "random,greedy", "--rotate-seats"][..],
            "drop --rotate-seats",
        ),
        (
            &["--levels", "random,greedy", "--precision", "1"][..],
            "--tolerance-points",
        ),
        (
            &["--levels", "random,greedy/no-hunters"][..],
            "forgoes no-hunters already",
        ),
        (
            &["--levels", "random,greedy", "--without", "no-such"][..],
            "no class of moves",
        ),
        (
            &["--levels", "random,greedy", "--tolerance-pp", "0"][..],
            "above 0",
        ),
        (&["--without", "no-huts"][..], "add --levels"),
        (&["--tolerance-points", "1"][..], "add --levels"),
    ] {
        let mut all = vec!["simulate", "--games", "2"];
        all.extend_from_slice(args);
        all.push("2020");
        let o = hunters(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        let err = stderr(&o);
        assert!(err.starts_with("error: "), "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
    }
}

fn page(dir: &Path) -> (PathBuf, Value) {
    let page = dir.join("levels.html");
    let v = json_of(&[
        "simulate",
        "--levels",
        "random,greedy,greedy",
        "--games",
        "12",
        "--json",
        "--report",
        page.to_str().unwrap(),
        "2002",
        "2020",
    ]);
    (page, v)
}

#[test]
fn the_levels_report_draws_in_a_headless_browser() {
    let dir = std::env::temp_dir().join(format!("hunters-levels-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (page, json) = page(&dir);
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    assert!(!text.contains("<script") && !text.contains("<link") && !text.contains("src="));
    assert_eq!(
        text.matches("http").count(),
        text.matches("http://www.w3.org/2000/svg").count(),
        "only the SVG namespace is an address"
    );
    let answers = json["answers"].as_array().unwrap();
    // The page carries the JSON's numbers: each answer's row, each level's value.
    for a in answers {
        assert!(
            text.contains(&format!("<tr><td>{}</td>", a["name"].as_str().unwrap())),
            "{a}"
        );
    }
    let total = answer(&json, "2020 − 2002 total");
    assert!(text.contains(&format!(
        "{:+.2} ± ",
        total["by_level"][0]["value"].as_f64().unwrap()
    )));
    let Some(browser) = browser("the levels report") else {
        return;
    };
    let url = format!("file://{}", page.display());
    let profile = format!("--user-data-dir={}", dir.join("profile").display());
    let parsed = parsed_page(browser, &profile, &url);
    for heading in ["The answers by level", "Each answer at each level"] {
        assert!(parsed.contains(heading), "{heading}: {parsed:.300}");
    }
    assert_eq!(
        parsed.matches("<svg").count(),
        answers.len(),
        "a chart per answer"
    );
    // Every chart has a dot and an interval bar per level and labelled axes.
    assert_eq!(parsed.matches(r#"class="bar""#).count(), 3 * answers.len());
    assert_eq!(
        parsed.matches(r#"class="x-label""#).count(),
        3 * answers.len()
    );
    assert!(parsed.matches(r#"class="y-label""#).count() >= 3 * answers.len());
    assert!(parsed.contains(r#"class="settled""#));
    assert_screenshot(
        browser,
        &profile,
        &url,
        "1200,2400",
        &dir.join("levels.png"),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
