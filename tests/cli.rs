//! The command line: output a user relies on, exit codes, and clear errors without panics.

use crate::run;

use run::{hunters, stderr, stdout};

#[test]
fn tiles_reports_the_decks_of_each_edition() {
    for (variant, decks) in [
        ("2020", "Decks: 1 start + 78 regular + 16 menhir"),
        ("2002", "Decks: 1 start + 78 regular + 12 bonus"),
        ("2014", "Decks: 1 start + 78 regular + 12 bonus"),
    ] {
        let o = hunters(&["tiles", "--variant", variant]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(decks), "{variant}: {out}");
        assert!(out.contains("Provenance:"), "{variant}");
    }
    let out = stdout(&hunters(&["tiles", "--variant", "2002"]));
    assert!(
        out.contains("Reconstruction"),
        "the classic set says it is a reconstruction"
    );
    assert!(out.contains("| 56 "), "the volcano is listed");
}

#[test]
fn tiles_totals_for_2020_equal_the_published_totals() {
    let out = stdout(&hunters(&["tiles", "--variant", "2020", "--totals"]));
    // One row per count, one column per deck and the last for all decks.
    let all: Vec<(String, String)> = out
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("|  "))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells[1].to_string(), cells[cells.len() - 2].to_string())
        })
        .collect();
    let expected = [
        ("tiles", "95"),
        ("deer", "33"),
        ("aurochs", "13"),
        ("mammoths", "8"),
        ("tigers", "13"),
        ("bears", "0"),
        ("lakes", "29"),
        ("lake fish", "42"),
        ("river fish", "8"),
        ("nuggets", "0"),
        ("menhirs", "31"),
        ("mushrooms", "2"),
    ];
    assert_eq!(
        all,
        expected.map(|(a, b)| (a.to_string(), b.to_string())),
        "{out}"
    );
}

#[test]
fn a_broken_tile_set_exits_2_with_a_message_naming_the_tile() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/bad-inputs/tilesets/lake-without-fish.toml"
    );
    let o = hunters(&["tiles", "--tile-set", path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("lake-without-fish.toml:7: tile 1: lake L0 has no fish"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn unknown_variants_and_garbage_files_exit_2_without_panicking() {
    let o = hunters(&["tiles", "--variant", "1999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the built-in variants are 2002, 2014, 2020"),
        "{}",
        stderr(&o)
    );

    let dir = std::env::temp_dir().join(format!("hunters-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.toml");
    std::fs::write(&junk, [0xffu8, 0xfe, 0x00, 0x13, 0x37, b'\n', 0x80]).unwrap();
    for args in [["tiles", "--tile-set"], ["tiles", "--variant"]] {
        let o = hunters(&[args[0], args[1], junk.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
    }
    let o = hunters(&[
        "tiles",
        "--tile-set",
        dir.join("missing.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the built-in tile sets are menhir, classic, scout"),
        "a missing tile set lists the built-in ones: {}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(hunters(&["tiles", "--no-such-flag"]).status.code(), Some(2));
    assert_eq!(hunters(&["frobnicate"]).status.code(), Some(2));
    let help = hunters(&["tiles", "--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).contains("--variant"));
}

/// The seat rows of a `play` table: (player, bot, rivers, forests, huts, meadows, specials, total).
fn score_rows(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| player"))
        .map(|l| {
            l.split('|')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect()
}

#[test]
fn play_seed_7_with_3_players_works_for_every_edition_and_repeats_exactly() {
    for variant in ["2002", "2014", "2020"] {
        let args = [
            "play",
            "--variant",
            variant,
            "--seed",
            "7",
            "--players",
            "3",
        ];
        let first = hunters(&args);
        assert!(first.status.success(), "{variant}: {}", stderr(&first));
        let out = stdout(&first);
        assert!(out.contains("Seed 7"), "{out}");
        let rows = score_rows(&out);
        assert_eq!(rows.len(), 3, "{out}");
        for row in &rows {
            let n: Vec<u32> = row[2..].iter().map(|c| c.parse().unwrap()).collect();
            assert_eq!(n[..5].iter().sum::<u32>(), n[5], "categories add up: {out}");
        }
        assert!(
            out.contains("Winner: player") || out.contains("Shared victory:"),
            "{out}"
        );
        assert_eq!(
            out,
            stdout(&hunters(&args)),
            "{variant}: same seed, same game"
        );
        let other = stdout(&hunters(&[
            "play",
            "--variant",
            variant,
            "--seed",
            "8",
            "--players",
            "3",
        ]));
        assert_ne!(rows, score_rows(&other), "{variant}: seeds 7 and 8 differ");
    }
}

#[test]
fn play_json_carries_the_same_scores_as_the_table() {
    let table = stdout(&hunters(&[
        "play",
        "--seed",
        "11",
        "--bots",
        "greedy,random,random",
    ]));
    let o = hunters(&[
        "play",
        "--seed",
        "11",
        "--bots",
        "greedy,random,random",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("valid JSON");
    assert_eq!(json["seed"], "11");
    assert_eq!(json["variant"], "2020");
    let players = json["players"].as_array().unwrap();
    let rows = score_rows(&table);
    assert_eq!(players.len(), 3);
    for (p, row) in players.iter().zip(&rows) {
        assert_eq!(p["bot"], row[1].as_str());
        for (i, key) in ["rivers", "forests", "huts", "meadows", "specials", "total"]
            .iter()
            .enumerate()
        {
            assert_eq!(p["points"][*key].to_string(), row[2 + i], "{key}");
        }
    }
    assert!(!json["winners"].as_array().unwrap().is_empty() || table.contains("No winner"));
}

#[test]
fn play_without_a_seed_prints_the_one_it_chose_and_replays_with_it() {
    let o = hunters(&["play", "--bots", "random"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let seed = out
        .lines()
        .find_map(|l| l.strip_prefix("Seed "))
        .and_then(|l| l.split_whitespace().next())
        .expect("the seed is printed")
        .to_string();
    assert!(out.contains(&format!("--seed {seed}")), "{out}");
    let again = stdout(&hunters(&["play", "--bots", "random", "--seed", &seed]));
    assert_eq!(score_rows(&out), score_rows(&again));
}

#[test]
fn play_refuses_bad_player_counts_and_bots_with_exit_2() {
    for (args, message) in [
        (vec!["play", "--players", "6"], "6 is not in 2..=5"),
        (vec!["play", "--players", "1"], "1 is not in 2..=5"),
        (
            vec!["play", "--bots", "clever"],
            "the bots are random, greedy, mcts",
        ),
        (
            vec!["play", "--players", "3", "--bots", "random,greedy"],
            "--players 3 but --bots names 2 bots",
        ),
        (
            vec![
                "play",
                "--bots",
                "random,random,random,random,random,random",
            ],
            "a game has 2 to 5 players",
        ),
        (
            vec!["play", "--seed", "seven"],
            "invalid value 'seven' for '--seed <S>'",
        ),
        (
            vec!["play", "--variant", "1999"],
            "the built-in variants are",
        ),
    ] {
        let o = hunters(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

/// A reader that stops early (`hunters tiles | head -1`) closes the pipe; the command ends
/// quietly instead of panicking on the failed write. The pipe is closed before the command
/// writes anything, so every write fails, whatever the timing.
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::process::{Command, Stdio};
    for args in [
        &["tiles", "--variant", "2002"][..],
        &[
            "simulate", "--games", "200", "--bots", "random", "--json", "2020",
        ][..],
        &[
            "verify",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/golden/2002-s1-greedy-random.log"
            ),
        ][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hunters"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
    }
}
