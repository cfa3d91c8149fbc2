//! The GNU-parallel recipe of docs/cluster.md (`scripts/parallel-shards.sh`) on this machine,
//! for `simulate` and for `ladder`: the shards run through `parallel`, and the merged result
//! equals one unsharded run in every number (timing aside). Skipped with a note where
//! `parallel` is not installed, unless `HUNTERS_REQUIRE_PARALLEL` is set (CI sets it, after
//! installing it when missing).

use crate::run;

use std::path::{Path, PathBuf};
use std::process::Command;

use run::{hunters, stderr, stdout};

fn without_timing(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    if v.get("games_per_second").is_some() {
        v["games_per_second"] = 0.into();
        v["time_per_move"] = 0.into();
    }
    v["wall_seconds"] = 0.into();
    v
}

/// Whether GNU parallel is here to run the recipe; a panic when CI requires it and it is not.
fn has_parallel() -> bool {
    let has = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        assert!(
            std::env::var_os("HUNTERS_REQUIRE_PARALLEL").is_none(),
            "HUNTERS_REQUIRE_PARALLEL is set but GNU parallel is not installed"
        );
        eprintln!("no GNU parallel: the cluster recipe is not run");
    }
    has
}

/// Runs `script_args` through the recipe in three shards into `dir/run.json`, checks that
/// each shard left its file, and gives the merged JSON and the unsharded run's, `--json`
/// added to `whole`.
fn recipe(
    dir: &Path,
    script_args: &[&str],
    whole: &[&str],
) -> (serde_json::Value, serde_json::Value) {
    let out = dir.join("run.json");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/parallel-shards.sh");
    let o = Command::new(script)
        .arg("3")
        .arg(&out)
        .args(script_args)
        .env("HUNTERS", env!("CARGO_BIN_EXE_hunters"))
        .env("PARALLEL_OPTS", "-j 2")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for k in 1..=3 {
        assert!(dir.join(format!("run.shard-{k}.json")).exists());
    }
    let mut whole = whole.to_vec();
    whole.push("--json");
    let o = hunters(&whole);
    assert!(o.status.success(), "{}", stderr(&o));
    let merged = without_timing(&std::fs::read_to_string(&out).unwrap());
    (merged, without_timing(&stdout(&o)))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hunters-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn shards_run_through_gnu_parallel_merge_to_the_whole_run() {
    if !has_parallel() {
        return;
    }
    let dir = scratch("cluster");
    let args = [
        "--games",
        "30",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "2002",
        "2020",
    ];
    // The script's first form, without a command, runs `simulate`.
    let mut whole = vec!["simulate"];
    whole.extend(args);
    let (merged, unsharded) = recipe(&dir, &args, &whole);
    assert_eq!(merged, unsharded);
    // Every metric, not only the points: histograms, ranks, tension, bots.
    let t = &merged["results"][1]["tally"];
    assert!(
        t["totals"]["seen"]
            .as_object()
            .is_some_and(|m| !m.is_empty())
    );
    assert!(t["lead_changes"]["n"].as_u64() == Some(30));
    assert!(t["lead_changes"]["deals"].as_u64() == Some(15));
    assert!(t["bots"].as_array().is_some_and(|b| b.len() == 2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ladder_shards_run_through_gnu_parallel_merge_to_the_whole_run() {
    if !has_parallel() {
        return;
    }
    let dir = scratch("cluster-ladder");
    let args = [
        "ladder",
        "--games",
        "10",
        "--bots",
        "random,greedy,mcts:2",
        "--replays",
        "2",
        "--without",
        "no-huts",
        "2014",
    ];
    let (merged, unsharded) = recipe(&dir, &args, &args);
    assert_eq!(merged, unsharded);
    // Every figure, the bootstrap intervals included, from all five deals.
    let v = &merged["variants"][0];
    assert_eq!(v["deals"], 5);
    assert!(v["rungs"][2]["elo"]["high"].is_number());
    assert!(v["depth"]["steps"]["low"].is_number());
    assert!(v["luck"]["win"]["deal"]["high"].is_number());
    assert!(v["strategies"][0]["margin"]["low"].is_number());
    std::fs::remove_dir_all(&dir).unwrap();
}
