//! `hunters balance`: a known answer found and confirmed on other deals, a target no numbers
//! reach said to be not met, the same answer at any number of threads and from slices merged
//! step by step, the variant file it
//! writes played by the other commands, the confirmation's intervals covering, and bad input
//! answered with what to write instead.

use crate::run;

use hunters::Variant;
use hunters::balance::{Goal, Problem, Space, confirmation_seed};
use hunters::bot::BotKind;
use hunters::compare::Table;
use hunters::statistics::{CONFIDENCE, Clustered};
use run::{assert_screenshot, browser, hunters, parsed_page, stderr, stdout};
use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    let o = hunters(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The known answer: with `greedy` in both seats, 2020 with deer worth 3 is the only deer
/// value from 0 to 6 whose mean total is within 1.5 points of 122 (`hunters simulate --games
/// 20000 --bots greedy --sweep deer=0,1,2,3,4,5,6 --seed 12345 2020`: 127.25 ± 0.33 at 2,
/// 122.91 ± 0.36 at 3, 119.59 ± 0.36 at 4). The search finds it, and the confirmation,
/// on deals the search never played, measures it within 1.5 points of 122.
#[test]
fn the_known_answer_is_found_and_confirmed_on_other_deals() {
    let v = json_of(&[
        "balance",
        "--vary",
        "deer=0..6",
        "--target",
        "total=122+-1.5",
        "--budget",
        "4000",
        "--confirm",
        "1500",
        "--json",
        "2020",
    ]);
    let best = &v["finalists"][0];
    assert_eq!(best["variant"], "2020@deer=3", "{best}");
    let total = best["goals"][0]["value"].as_f64().unwrap();
    assert!((total - 122.0).abs() <= 1.5, "{total}");
    assert_eq!(v["confirmation_deals"], 1500);
    // The base as printed, beside it, is far from the target.
    let base = v["base"]["goals"][0]["value"].as_f64().unwrap();
    assert!(base > 125.0, "{base}");
    assert_eq!(v["base"]["goals"][0]["verdict"], "not_met");
}

/// No deer value brings the total to 200: the verdict says so, names the closest, and the
/// command still succeeds (an answer, not an error).
#[test]
fn a_target_no_candidate_reaches_is_not_met() {
    let v = json_of(&[
        "balance",
        "--vary",
        "deer=0..2",
        "--target",
        "total=200",
        "--budget",
        "300",
        "--confirm",
        "100",
        "--json",
        "2020",
    ]);
    let verdict = v["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("Not met"), "{verdict}");
    assert!(verdict.contains("the closest is 2020@deer="), "{verdict}");
    let o = hunters(&[
        "balance",
        "--vary",
        "deer=0..2",
        "--target",
        "total=200",
        "--budget",
        "300",
        "--confirm",
        "100",
        "2020",
    ]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("Not met"), "{}", stdout(&o));
}

/// The same seed gives the same answer, every candidate's sums included, on one thread or
/// two: the search plays its rounds in parallel but records them in the order of the deals.
#[test]
fn the_same_seed_gives_the_same_answer_at_any_number_of_threads() {
    let run = |jobs: &str| {
        let mut v = json_of(&[
            "balance",
            "--vary",
            "deer=1..3,mammoth=2..4",
            "--target",
            "meadows-2002:meadows=0,first-player-edge=0*0.5,worth(no-hunters)-2002:worth(no-hunters)=0*0.1",
            "--budget",
            "600",
            "--confirm",
            "60",
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--json",
            "2020",
        ]);
        v["seconds"] = 0.into();
        v["command"] = "".into();
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["candidates"].as_array().unwrap().len(), 9);
}

/// Slices merge to the unsharded answer: every step (the search's rounds, then the
/// confirmation) played as three slices and merged into the state file gives, number for
/// number, the answer of one run; a step merged twice, a missing slice, a slice of other
/// arguments and a slice of a finished search are refused.
#[test]
fn slices_merged_step_by_step_give_the_unsharded_answer() {
    let dir = std::env::temp_dir().join(format!("hunters-balance-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.json");
    let state_arg = state.to_str().unwrap().to_string();
    let args = [
        "balance",
        "--vary",
        "deer=1..3,mammoth=2..4",
        "--target",
        "meadows-2002:meadows=0,first-player-edge=0*0.5",
        "--budget",
        "600",
        "--confirm",
        "40",
        "--seed",
        "9",
    ];
    let with = |more: &[&str]| {
        // The variant first: --merge takes every word after it.
        let mut all: Vec<&str> = vec!["balance", "2020"];
        all.extend_from_slice(&args[1..]);
        all.extend_from_slice(more);
        hunters(&all)
    };
    let clean = |mut v: Value| {
        v["seconds"] = 0.into();
        v["command"] = "".into();
        v
    };
    let whole = clean(json_of(&{
        let mut all = args.to_vec();
        all.extend(["--json", "2020"]);
        all
    }));
    let slice_file = |k: usize| dir.join(format!("slice-{k}.json"));
    let mut answer = None;
    for step in 1..=20 {
        for k in 1..=3 {
            let shard = format!("{k}/3");
            let o = with(&["--state", &state_arg, "--shard", &shard]);
            assert!(o.status.success(), "step {step} slice {k}: {}", stderr(&o));
            std::fs::write(slice_file(k), stdout(&o)).unwrap();
        }
        let (s1, s2, s3) = (slice_file(1), slice_file(2), slice_file(3));
        let (s1, s2, s3) = (
            s1.to_str().unwrap(),
            s2.to_str().unwrap(),
            s3.to_str().unwrap(),
        );
        // A missing slice is refused, and the state is left as it was.
        let o = with(&["--state", &state_arg, "--merge", s1, s2]);
        assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
        assert!(
            stderr(&o).contains("every shard is needed"),
            "{}",
            stderr(&o)
        );
        let o = with(&["--state", &state_arg, "--merge", s1, s2, s3, "--json"]);
        assert!(o.status.success(), "step {step}: {}", stderr(&o));
        let out = stdout(&o);
        if out.starts_with('{') {
            answer = Some(serde_json::from_str::<Value>(&out).unwrap());
            break;
        }
        assert!(out.contains(&format!("Step {step} merged")), "{out}");
        // The same step merged again is refused.
        let o = with(&["--state", &state_arg, "--merge", s1, s2, s3]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("merge each step once"),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(clean(answer.expect("the search ended")), whole);
    // Once over, no slice is left to play; the state of one search is no other's.
    let o = with(&["--state", &state_arg, "--shard", "1/3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is over"), "{}", stderr(&o));
    let o = hunters(&[
        "balance",
        "--vary",
        "deer=1..2",
        "--target",
        "total=120",
        "--state",
        &state_arg,
        "--shard",
        "1/2",
        "2020",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("another search"), "{}", stderr(&o));
    let o = hunters(&[
        "balance",
        "--vary",
        "deer=1..2",
        "--target",
        "total=120",
        "--shard",
        "1/2",
        "2020",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--state"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// `--report` writes one self-contained page that a real browser draws: the verdict, the
/// confirmation's table with a chart per goal against its band, a chart of each goal by each
/// key with a dot for every candidate measured, and the search's rounds.
#[test]
fn the_report_page_draws_the_search_and_its_confirmation() {
    let dir = std::env::temp_dir().join(format!("hunters-balance-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("balance.html");
    let v = json_of(&[
        "balance",
        "2020",
        "--vary",
        "deer=1..3,mammoth=2..4",
        "--target",
        "meadows-2002:meadows=0,total=125+-2",
        "--budget",
        "600",
        "--confirm",
        "40",
        "--seed",
        "9",
        "--json",
        "--report",
        page.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    assert!(!text.contains("<script") && !text.contains("<link") && !text.contains("src="));
    let verdict = v["verdict"].as_str().unwrap();
    assert!(text.contains(verdict), "{verdict}");
    for heading in [
        "The confirmation",
        "The landscape of each key",
        "The search's path",
    ] {
        assert!(text.contains(heading), "{heading}");
    }
    // A chart per goal for the confirmation, and per goal and key for the landscape.
    assert_eq!(text.matches("<svg").count(), 2 + 2 * 2);
    // Every candidate measured is a dot on each of the landscape's charts, and every
    // confirmed variant (and the printed one) on the confirmation's.
    let candidates = v["candidates"].as_array().unwrap().len();
    let finalists = v["finalists"].as_array().unwrap().len();
    assert_eq!(
        text.matches("<circle").count(),
        2 * (finalists + 1) + 4 * candidates
    );
    // One row a round of the search.
    let rounds = text
        .split("The search's path")
        .nth(1)
        .unwrap()
        .matches("<tr><td>")
        .count();
    assert!(rounds >= 2, "{rounds} rounds");

    let Some(browser) = browser("the balance report") else {
        return;
    };
    let url = format!("file://{}", page.display());
    let profile = format!("--user-data-dir={}", dir.join("profile").display());
    let parsed = parsed_page(browser, &profile, &url);
    assert_eq!(parsed.matches("<svg").count(), 6, "every chart parsed");
    assert!(
        parsed.contains("The landscape of each key"),
        "{parsed:.300}"
    );
    assert_screenshot(
        browser,
        &profile,
        &url,
        "1100,2400",
        &dir.join("balance.png"),
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--out` writes a variant file with what it was searched for, which the other commands
/// play: `variants --show` reads the found number back.
#[test]
fn the_variant_file_it_writes_is_played_by_the_other_commands() {
    let dir = std::env::temp_dir().join(format!("hunters-balance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("found.toml");
    let path = file.to_str().unwrap();
    let o = hunters(&[
        "balance",
        "--vary",
        "mammoth=1..3",
        "--target",
        "meadows=15",
        "--budget",
        "300",
        "--confirm",
        "60",
        "--out",
        path,
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# Found by `hunters balance`"), "{text}");
    assert!(
        text.contains("# Command: hunters balance --vary mammoth=1..3"),
        "{text}"
    );
    assert!(text.contains("meadows=15: "), "{text}");
    let shown = stdout(&hunters(&["variants", "--show", path]));
    assert!(
        ["mammoth = 1", "mammoth = 2", "mammoth = 3"]
            .iter()
            .any(|m| shown.contains(m)),
        "{shown}"
    );
    let o = hunters(&["simulate", "--games", "4", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// The confirmation's intervals cover: the mean total of 2020 with `greedy` measured on 200
/// disjoint blocks of 40 deals, each block's 95 % interval, against the mean of all 8,000
/// deals (whose own uncertainty is a tenth of a block's interval): between 91 % and 99 % of
/// the blocks cover it (three standard errors of a 95 % rate over 200 blocks).
#[test]
fn the_confirmation_intervals_cover_as_often_as_they_say() {
    let space = Space::parse("2020", &["deer=1..2".into()]).unwrap();
    let goals = vec![Goal::parse("total=120").unwrap()];
    let problem = Problem::new(space, goals, vec![BotKind::Greedy, BotKind::Greedy]).unwrap();
    let variant = Variant::load("2020").unwrap();
    let seed = confirmation_seed(77);
    let mut table = Table::default();
    let (blocks, size) = (200u64, 40u64);
    let mut each: Vec<Clustered> = Vec::new();
    let mut all = Clustered::default();
    for b in 0..blocks {
        let mut block = Clustered::default();
        for d in b * size..(b + 1) * size {
            let s = problem.samples(&mut table, &variant, &[], seed, d).unwrap();
            block.merge(&s[0]);
        }
        all.merge(&block);
        each.push(block);
    }
    let truth = problem.value(&problem.goals[0], &all);
    let covered = each
        .iter()
        .filter(|b| {
            let (_, low, high) = problem.interval(&problem.goals[0], b, CONFIDENCE);
            low <= truth && truth <= high
        })
        .count();
    assert!(
        (182..=198).contains(&covered),
        "{covered} of {blocks} blocks cover {truth}"
    );
}

/// Bad input: exit 2, and the message says what to write instead.
#[test]
fn bad_input_is_refused_with_what_to_write_instead() {
    let cases: [(&[&str], &str); 7] = [
        (&["--vary", "dear=0..3", "--target", "total=120"], "dear"),
        (
            &["--vary", "deer=4..2", "--target", "total=120"],
            "deer=2..4",
        ),
        (
            &["--vary", "deer=0..3", "--target", "fun=3"],
            "the quantities are",
        ),
        (
            &["--vary", "deer=0..3", "--target", "tiles=500"],
            "give a target in that range",
        ),
        (
            &["--vary", "deer=0..3", "--target", "first-player-edge=70"],
            "give a target in that range",
        ),
        (
            &["--vary", "deer=0..3", "--target", "total=x"],
            "is not a number",
        ),
        (
            &["--vary", "deer=0..3", "--target", "meadows-2002:forests=0"],
            "the same quantity on both sides",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["balance"];
        all.extend_from_slice(args);
        all.push("2020");
        let o = hunters(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(stderr(&o).contains(says), "{all:?}: {}", stderr(&o));
    }
    let o = hunters(&["balance", "--target", "total=120", "2020"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--vary"), "{}", stderr(&o));
}
