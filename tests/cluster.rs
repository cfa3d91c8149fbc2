//! The GNU-parallel recipe of docs/cluster.md (`scripts/parallel-shards.sh`) on this machine:
//! the shards run through `parallel`, and the merged result equals one unsharded run in every
//! number (timing aside). Skipped with a note where `parallel` is not installed, unless
//! `HUNTERS_REQUIRE_PARALLEL` is set (CI sets it, after installing it when missing).

use crate::run;

use std::process::Command;

use run::{hunters, stderr, stdout};

fn without_timing(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["games_per_second"] = 0.into();
    v["wall_seconds"] = 0.into();
    v
}

#[test]
fn shards_run_through_gnu_parallel_merge_to_the_whole_run() {
    let has_parallel = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_parallel {
        assert!(
            std::env::var_os("HUNTERS_REQUIRE_PARALLEL").is_none(),
            "HUNTERS_REQUIRE_PARALLEL is set but GNU parallel is not installed"
        );
        eprintln!("no GNU parallel: the cluster recipe is not run");
        return;
    }
    let dir = std::env::temp_dir().join(format!("hunters-cluster-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("run.json");
    let args = [
        "--games",
        "30",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "2002",
        "2020",
    ];
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/parallel-shards.sh");
    let o = Command::new(script)
        .arg("3")
        .arg(&out)
        .args(args)
        .env("HUNTERS", env!("CARGO_BIN_EXE_hunters"))
        .env("PARALLEL_OPTS", "-j 2")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for k in 1..=3 {
        assert!(dir.join(format!("run.shard-{k}.json")).exists());
    }
    let mut whole = vec!["simulate"];
    whole.extend(args);
    whole.push("--json");
    let o = hunters(&whole);
    assert!(o.status.success(), "{}", stderr(&o));
    let merged = without_timing(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(merged, without_timing(&stdout(&o)));
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
