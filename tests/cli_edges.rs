//! The edges of the command line: defaults, errors that say what to do next, versions in logs,
//! variants and options from the command line, completions, widths.

use crate::run;

use std::path::PathBuf;

use run::{hunters, stderr, stdout};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hunters-edges-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_log(dir: &std::path::Path, variant: &str, seed: &str) -> PathBuf {
    let log = dir.join(format!("{variant}-{seed}.log"));
    let o = hunters(&[
        "play",
        "--variant",
        variant,
        "--seed",
        seed,
        "--bots",
        "random",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    log
}

#[test]
fn every_error_starts_the_same_way() {
    // From clap (usage), from the commands (bad input) and from a log that cannot be read.
    for args in [
        &["play", "--players", "9"][..],
        &["play", "--variant", "1999"][..],
        &["verify", "/nonexistent/x.log"][..],
    ] {
        let o = hunters(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).starts_with("error: "),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn short_v_is_not_the_variant() {
    let o = hunters(&["play", "-v", "2002"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unexpected argument '-v'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn every_command_plays_greedy_bots_by_default() {
    let play: serde_json::Value =
        serde_json::from_str(&stdout(&hunters(&["play", "--seed", "1", "--json"]))).unwrap();
    assert_eq!(play["players"][0]["bot"], "greedy");
    let diff: serde_json::Value =
        serde_json::from_str(&stdout(&hunters(&["diff", "--seed", "1", "--json"]))).unwrap();
    assert_eq!(diff["seats"], serde_json::json!(["greedy", "greedy"]));
    let sim: serde_json::Value = serde_json::from_str(&stdout(&hunters(&[
        "simulate", "--games", "2", "--json", "2020",
    ])))
    .unwrap();
    assert_eq!(
        sim["config"]["bots"],
        serde_json::json!(["greedy", "greedy"])
    );
}

#[test]
fn diff_without_variants_compares_every_edition() {
    let o = hunters(&["diff", "--seed", "7", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let names: Vec<&str> = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["variant"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["2002", "2014", "2020"]);
    // The same as naming them.
    let named = hunters(&["diff", "--seed", "7", "2002", "2014", "2020"]);
    assert_eq!(stdout(&named), stdout(&hunters(&["diff", "--seed", "7"])));
}

#[test]
fn render_refuses_a_turn_past_the_end_and_says_how_many_moves_there_are() {
    let dir = temp_dir("render");
    let log = write_log(&dir, "2020", "3");
    let moves = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("place "))
        .count();
    let o = hunters(&["render", log.to_str().unwrap(), "--ascii", "--turn", "500"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "records {moves} moves; give a number from 0 to {moves}"
        )),
        "{err}"
    );
    let o = hunters(&[
        "render",
        log.to_str().unwrap(),
        "--ascii",
        "--turn",
        &moves.to_string(),
    ]);
    assert!(
        o.status.success(),
        "the last move itself is fine: {}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_option_about_a_tile_the_variant_lacks_is_refused() {
    let dir = temp_dir("options");
    let file = dir.join("v.toml");
    std::fs::write(
        &file,
        "name = \"x\"\ndescription = \"x\"\nedition = \"2002\"\ntiles = \"classic\"\n\n\
         [options]\npit-traps-stack = true\n",
    )
    .unwrap();
    let o = hunters(&["play", "--variant", file.to_str().unwrap(), "--seed", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("v.toml:7: option pit-traps-stack is about the pit-trap tile")
            && err.contains("remove the option"),
        "{err}"
    );
    // The same option is fine where the tiles show pit traps.
    std::fs::write(
        &file,
        "name = \"x\"\ndescription = \"x\"\nedition = \"2020\"\ntiles = \"menhir\"\n\n\
         [options]\npit-traps-stack = true\n",
    )
    .unwrap();
    let o = hunters(&["play", "--variant", file.to_str().unwrap(), "--seed", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn logs_carry_the_version_and_only_the_options_that_apply() {
    let dir = temp_dir("header");
    let classic = std::fs::read_to_string(write_log(&dir, "2002", "4")).unwrap();
    let menhir = std::fs::read_to_string(write_log(&dir, "2020", "4")).unwrap();
    let version = format!("[Version \"{}\"]", env!("CARGO_PKG_VERSION"));
    assert_eq!(classic.lines().nth(1), Some(version.as_str()));
    assert_eq!(menhir.lines().nth(1), Some(version.as_str()));
    for option in ["pit-traps-stack", "rafts-stack", "hunting-trap-own-tile"] {
        assert!(!classic.contains(option), "a 2002 log lists {option}");
        assert!(menhir.contains(option), "a 2020 log lists {option}");
    }
    assert!(classic.contains("[count-unit \"segment\"]"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_log_that_fails_names_the_version_that_wrote_it_or_suggests_bless() {
    let dir = temp_dir("versions");
    let log = write_log(&dir, "2020", "6");
    let text = std::fs::read_to_string(&log).unwrap();
    // The first score line, one point more.
    let tampered: String = {
        let mut done = false;
        text.lines()
            .map(|l| {
                if !done && l.starts_with("score ") {
                    done = true;
                    let (head, points) = l.rsplit_once(' ').unwrap();
                    format!("{head} {}\n", points.parse::<u32>().unwrap() + 1)
                } else {
                    format!("{l}\n")
                }
            })
            .collect()
    };
    assert_ne!(tampered, text);

    let older = dir.join("older.log");
    let version = format!("[Version \"{}\"]", env!("CARGO_PKG_VERSION"));
    std::fs::write(&older, tampered.replace(&version, "[Version \"0.0.1\"]")).unwrap();
    let o = hunters(&["verify", older.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("FAIL "), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("this log was written by hunters 0.0.1")
            && err.contains("verify it with hunters 0.0.1"),
        "{err}"
    );
    assert!(!err.contains("--bless"), "{err}");

    let same = dir.join("same.log");
    std::fs::write(&same, &tampered).unwrap();
    let o = hunters(&["verify", same.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("hunters verify --bless FILE"), "{err}");
    assert!(!err.contains("written by"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bless_says_unchanged_and_leaves_a_file_that_is_already_right() {
    let dir = temp_dir("bless");
    let scenario = dir.join("scenario.log");
    std::fs::write(
        &scenario,
        "[Format \"hunters-log 1\"]\n[Title \"two tiles\"]\n[Variant \"2020\"]\n\
         [Players \"Red, Blue\"]\ndraw 1 19\nplace 1 19 -1,0 r270 fisher N\ndraw 2 9\n\
         place 2 9 -1,1 r90\n",
    )
    .unwrap();
    let path = scenario.to_str().unwrap();
    let o = hunters(&["verify", "--bless", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("BLESSED {path}\n"));
    let blessed = std::fs::read_to_string(&scenario).unwrap();
    let o = hunters(&["verify", "--bless", path]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), format!("UNCHANGED {path}\n"));
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), blessed);
    let o = hunters(&["verify", path]);
    assert!(o.status.success(), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn variants_lists_shows_and_explains() {
    let o = hunters(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
        assert!(out.contains(&format!("| {name} ")), "{name}: {out}");
    }

    // A shown variant is a variant file that plays the same games as the built-in one.
    let dir = temp_dir("variants");
    let o = hunters(&["variants", "--show", "2014-scout"]);
    assert!(o.status.success());
    let file = dir.join("mine.toml");
    std::fs::write(&file, stdout(&o)).unwrap();
    let mine = hunters(&[
        "play",
        "--variant",
        file.to_str().unwrap(),
        "--seed",
        "9",
        "--json",
    ]);
    let builtin = hunters(&["play", "--variant", "2014-scout", "--seed", "9", "--json"]);
    let points = |o: &std::process::Output| {
        let v: serde_json::Value = serde_json::from_str(&stdout(o)).unwrap();
        v["players"].clone()
    };
    assert_eq!(points(&mine), points(&builtin));
    std::fs::remove_dir_all(&dir).unwrap();

    let o = hunters(&["variants", "--show", "2021"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the built-in variants are 2002, 2014, 2020"));

    let o = hunters(&["variants", "--options"]);
    let out = stdout(&o);
    for name in hunters::options::INFO.iter().map(|i| i.name) {
        assert!(out.contains(&format!("{name}\n")), "{name} is listed");
    }
    assert!(
        out.contains("default: 2002 segment, 2014 tile, 2020 tile"),
        "{out}"
    );
    assert!(out.contains("default: 2002 –, 2014 –, 2020 false"), "{out}");
}

#[test]
fn option_descriptions_cover_every_option() {
    let described: Vec<&str> = hunters::options::INFO.iter().map(|i| i.name).collect();
    let named: Vec<&str> = hunters::options::Options::NAMES
        .iter()
        .chain(&hunters::options::ScoutOptions::NAMES)
        .copied()
        .collect();
    assert_eq!(described, named);
}

#[test]
fn completions_are_printed_for_each_shell() {
    for (shell, marker) in [
        ("bash", "_hunters()"),
        ("zsh", "#compdef hunters"),
        ("fish", "complete -c hunters"),
    ] {
        let o = hunters(&["completions", shell]);
        assert!(o.status.success(), "{shell}");
        let out = stdout(&o);
        assert!(out.contains(marker), "{shell}");
        assert!(
            out.contains("simulate") && out.contains("variants"),
            "{shell}"
        );
    }
    let o = hunters(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn help_documents_the_exit_codes() {
    for args in [
        &["--help"][..],
        &["verify", "--help"][..],
        &["simulate", "--help"][..],
    ] {
        let out = stdout(&hunters(args));
        assert!(
            out.contains("Exit codes: 0 success; 1 a check failed")
                && out.contains("2 bad input or usage"),
            "{args:?}: {out}"
        );
    }
}

#[test]
fn tile_tables_fit_80_columns() {
    for args in [
        &["tiles", "--variant", "2020"][..],
        &["tiles", "--variant", "2002-scout"][..],
        &["tiles", "--variant", "2014", "--totals"][..],
        &["variants"][..],
        &["variants", "--options"][..],
    ] {
        let out = stdout(&hunters(args));
        let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 80, "{args:?}: {widest} columns");
    }
}
