//! Every integration test in one binary, so that the library and its dependencies are linked
//! once rather than once per file (a fresh `cargo test` spent most of its time linking). Each
//! file of `tests/` stays a module of its own, named as before: `cargo test --test suite json`
//! runs the JSON checks, `cargo test --test suite digests::` the pinned game digests.

// Helpers the test files share.
#[path = "common/mod.rs"]
mod common;
#[path = "props/mod.rs"]
mod props;
#[path = "run/mod.rs"]
mod run;
#[path = "scenario/mod.rs"]
mod scenario;

#[path = "architecture.rs"]
mod architecture;
#[path = "balance.rs"]
mod balance;
#[path = "board.rs"]
mod board;
#[path = "bots.rs"]
mod bots;
#[path = "cli.rs"]
mod cli;
#[path = "cli_edges.rs"]
mod cli_edges;
#[path = "cluster.rs"]
mod cluster;
#[path = "compare.rs"]
mod compare;
#[path = "coverage.rs"]
mod coverage;
#[path = "digests.rs"]
mod digests;
#[path = "docs.rs"]
mod docs;
#[path = "features.rs"]
mod features;
#[path = "fidelity.rs"]
mod fidelity;
#[path = "games.rs"]
mod games;
#[path = "human.rs"]
mod human;
#[path = "illegal.rs"]
mod illegal;
#[path = "intervals.rs"]
mod intervals;
#[path = "json.rs"]
mod json;
#[path = "ladder.rs"]
mod ladder;
#[path = "levels.rs"]
mod levels;
#[path = "logs.rs"]
mod logs;
#[path = "measures.rs"]
mod measures;
#[path = "params.rs"]
mod params;
#[path = "perft.rs"]
mod perft;
#[path = "properties.rs"]
mod properties;
#[path = "record.rs"]
mod record;
#[path = "report.rs"]
mod report;
#[path = "robustness.rs"]
mod robustness;
#[path = "rules_coverage.rs"]
mod rules_coverage;
#[path = "rules_map.rs"]
mod rules_map;
#[path = "runs.rs"]
mod runs;
#[path = "scenarios_2020.rs"]
mod scenarios_2020;
#[path = "scenarios_classic.rs"]
mod scenarios_classic;
#[path = "scout.rs"]
mod scout;
#[path = "serve.rs"]
mod serve;
#[path = "serve_holds.rs"]
mod serve_holds;
#[path = "sweep.rs"]
mod sweep;
#[path = "table.rs"]
mod table;
#[path = "tilesets.rs"]
mod tilesets;
#[path = "trial.rs"]
mod trial;
#[path = "viewer.rs"]
mod viewer;
