//! The numbers of the rules as variant parameters: each one changes the score where it
//! should and nothing else; at the printed values a variant file plays byte for byte the
//! built-in edition; a log records the numbers that differ and replays under them.

use crate::run;

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::game::Game;
use hunters::log::{self, Header};
use hunters::params::Params;

use run::{hunters, stderr, stdout};

/// The log of a seeded game between random players. Random players choose among the legal
/// moves only, so a number that changes no legal move changes no move either.
fn random_game(variant: &str, players: usize, seed: u64) -> (Game, String) {
    let v = Variant::load(variant).unwrap();
    let bots = vec![BotKind::Random; players];
    let game = hunters::compare::play(&v, &bots, seed).unwrap();
    let text = log::write(&game, &Header::for_bots(variant, seed, &bots));
    (game, text)
}

fn event_lines(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .collect()
}

/// For each scoring parameter: where its points show in a score line (a breakdown term's
/// label), and a variant whose tiles have the thing it counts.
const SCORING: [(&str, &str, &str); 17] = [
    ("deer", " deer x ", "2020"),
    ("aurochs", " aurochs x ", "2020"),
    ("mammoth", " mammoths x ", "2020"),
    ("bear", " bears x ", "2014-scout"),
    ("pit-trap-factor", " (pit trap) x ", "2020"),
    ("forest", " tiles x ", "2020"),
    ("mushroom", " mushrooms x ", "2020"),
    ("nugget", " gold nuggets x ", "2002"),
    ("menhir", " menhirs x ", "2020"),
    ("river", " tiles x ", "2020"),
    ("lake-fish", " lake fish x ", "2014"),
    ("river-fish", " river fish x ", "2020"),
    ("hut-fish", " fish x ", "2020"),
    ("raft", " lakes (raft) x ", "2020"),
    ("logboat", " lakes (logboat) x ", "2020"),
    ("agriculture", " (agriculture) x ", "2002-scout"),
    ("dugout", " (dug-out) x ", "2014-scout"),
];

/// The category a scoring parameter's points go to.
fn category_of(param: &str) -> &'static str {
    match param {
        "forest" | "mushroom" | "nugget" | "menhir" => "forests",
        "river" | "lake-fish" | "river-fish" => "rivers",
        "hut-fish" | "raft" => "huts",
        "logboat" | "agriculture" | "dugout" => "specials",
        _ => "meadows",
    }
}

#[test]
fn every_scoring_number_changes_its_own_terms_and_nothing_else() {
    assert_eq!(
        SCORING.len() + 5,
        Params::INFO.len(),
        "every parameter has its test (the five supply ones below)"
    );
    for (param, label, variant) in SCORING {
        let printed = Variant::load(variant).unwrap().options.params;
        let was: u32 = printed.get(param).unwrap().parse().unwrap();
        // A value the rules never print, so that the changed terms are told apart.
        let value = if param == "pit-trap-factor" {
            3
        } else {
            was + 7
        };
        let changed = format!("{variant}@{param}={value}");
        let mut seen = 0;
        for seed in 0..200u64 {
            let (_, base) = random_game(variant, 3, seed);
            let (_, other) = random_game(&changed, 3, seed);
            let (a, b) = (event_lines(&base), event_lines(&other));
            assert_eq!(a.len(), b.len(), "{changed} seed {seed}: the same game");
            for (x, y) in a.iter().zip(&b) {
                if x == y {
                    continue;
                }
                // Only score lines of its category change, and only where the term shows,
                // now at the new value.
                let category = category_of(param);
                assert!(
                    y.starts_with("score ") && y.split(' ').nth(2) == Some(category),
                    "{changed} seed {seed}: {x} became {y}"
                );
                // A number printed as 0 leaves its term out of the printed breakdown.
                assert!(
                    y.contains(label) && (x.contains(label) || was == 0),
                    "{changed} seed {seed}: {x} became {y}"
                );
                let terms: Vec<&str> = y
                    .split_once(" = ")
                    .map_or(Vec::new(), |(_, b)| b.split(" + ").collect());
                // The pit trap's terms are the animal's value times the factor, checked below.
                let new_each = |t: &&str| {
                    t.contains(label.trim())
                        && (param == "pit-trap-factor" || t.ends_with(&format!(" x {value}")))
                };
                assert!(terms.iter().any(new_each), "{changed} seed {seed}: {y}");
                seen += 1;
            }
            if seen >= 5 {
                break;
            }
        }
        assert!(seen > 0, "{changed}: no game of 200 scored it");
    }
}

#[test]
fn the_pit_trap_factor_multiplies_the_animal_value() {
    // A doubled mammoth is worth 3 × 2 as printed, 3 × 3 with factor 3.
    let (mut found_printed, mut found_changed) = (false, false);
    for seed in 0..200u64 {
        let (_, base) = random_game("2020", 3, seed);
        let (_, other) = random_game("2020@pit-trap-factor=3", 3, seed);
        found_printed |= base.contains("mammoths (pit trap) x 6");
        found_changed |= other.contains("mammoths (pit trap) x 9");
        assert!(!other.contains("mammoths (pit trap) x 6"), "{seed}");
    }
    assert!(found_printed && found_changed);
}

#[test]
fn supplies_follow_their_numbers() {
    for (variant, meeples, huts) in [("2020", 7, 1), ("2002", 1, 0), ("2014-scout", 3, 4)] {
        let spec = format!("{variant}@meeples={meeples},huts={huts}");
        let v = Variant::load(&spec).unwrap();
        let game = Game::seeded(&v, 3, 1);
        for p in 0..3 {
            assert_eq!(game.supply(p), (meeples, huts), "{spec}");
        }
        // Over whole games, never more pieces out than the supply held.
        for seed in 0..40 {
            let (game, text) = random_game(&spec, 3, seed);
            let placed_huts = text
                .lines()
                .filter(|l| {
                    l.starts_with("place") && l.split(" = ").next().unwrap().contains(" hut ")
                })
                .count();
            if huts == 0 {
                assert_eq!(placed_huts, 0, "{spec} seed {seed}");
            }
            for p in 0..3 {
                let (m, h) = game.supply(p);
                assert!(m <= meeples && h <= huts, "{spec} seed {seed}");
                let out = game.pieces().iter().filter(|x| x.player == p).count();
                assert!(out <= usize::from(meeples + huts));
            }
        }
    }
    // More tribe members: more pieces on the board at the end, over many games.
    let standing = |spec: &str| -> usize {
        (0..40)
            .map(|seed| random_game(spec, 2, seed).0.pieces().len())
            .sum()
    };
    assert!(standing("2020@meeples=9") > standing("2020"));
}

/// The compensation for later seats: each seat after the first starts with `later-meeples`
/// more tribe members and `later-huts` more huts than the one before, never holds more, and
/// the printed rule (none) gives every seat the same supply.
#[test]
fn later_seats_start_with_their_compensation() {
    for (spec, meeples, huts) in [
        ("2020@later-meeples=2,later-huts=1", 2u8, 1u8),
        ("2002-scout@later-meeples=1", 1, 0),
        ("2014@later-huts=2", 0, 2),
        ("2020", 0, 0),
    ] {
        let v = Variant::load(spec).unwrap();
        let printed = Params::for_edition(v.edition);
        for players in 2..=5 {
            let game = Game::seeded(&v, players, 4);
            for p in 0..players {
                let seat = p as u8;
                assert_eq!(
                    game.supply(p),
                    (printed.meeples + meeples * seat, printed.huts + huts * seat),
                    "{spec}, {players} players, seat {}",
                    p + 1
                );
            }
        }
        for seed in 0..20 {
            let (game, _) = random_game(spec, 4, seed);
            for p in 0..4 {
                let seat = p as u8;
                let (m, h) = game.supply(p);
                assert!(m <= printed.meeples + meeples * seat, "{spec} seed {seed}");
                assert!(h <= printed.huts + huts * seat, "{spec} seed {seed}");
                let out = game.pieces().iter().filter(|x| x.player == p).count();
                let held = printed.meeples + printed.huts + (meeples + huts) * seat;
                assert!(out <= usize::from(held), "{spec} seed {seed}");
            }
        }
    }
    // A log records the compensation and replays under it; without it the same moves run
    // out of tribe members.
    let dir = std::env::temp_dir().join(format!("hunters-later-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("l.log");
    let o = hunters(&[
        "play",
        "--variant",
        "2020@later-meeples=2",
        "--players",
        "3",
        "--bots",
        "greedy",
        "--seed",
        "3",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("[later-meeples \"2\"]\n"), "{text:.800}");
    let v = hunters(&["verify", log.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stdout(&v));
    let tampered = dir.join("t.log");
    std::fs::write(
        &tampered,
        text.replace("[later-meeples \"2\"]\n", "")
            .replace("2020@later-meeples=2", "2020"),
    )
    .unwrap();
    let v = hunters(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(1), "{}", stdout(&v));
    assert!(stdout(&v).contains("no meeple is left"), "{}", stdout(&v));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn without_bonus_turns_no_bonus_tile_is_drawn() {
    for variant in ["2002", "2020"] {
        let mut bonus_draws = 0;
        for seed in 0..20 {
            let (_, base) = random_game(variant, 2, seed);
            bonus_draws += base.lines().filter(|l| l.ends_with(" bonus")).count();
            let spec = format!("{variant}@bonus-turns=false");
            let (game, other) = random_game(&spec, 2, seed);
            assert!(
                !other
                    .lines()
                    .any(|l| l.starts_with("draw") && l.contains(" bonus"))
            );
            assert_eq!(game.bonus_turns(), 0);
        }
        assert!(
            bonus_draws > 0,
            "{variant}: the printed rules do draw bonus tiles"
        );
    }
}

/// `variants --show NAME` as a file: every number it can use at its printed value (the
/// Scout's only with the Scout expansion).
fn shown(name: &str, dir: &std::path::Path) -> std::path::PathBuf {
    let o = hunters(&["variants", "--show", name]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let scout_only = ["bear", "agriculture", "dugout"];
    for info in Params::INFO
        .iter()
        .filter(|i| name.ends_with("scout") || !scout_only.contains(&i.name))
    {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{} = ", info.name))),
            "{name}: {} is shown",
            info.name
        );
    }
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn printed_values_written_out_play_the_built_in_edition_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("hunters-params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
        let file = shown(name, &dir);
        let file = file.to_str().unwrap();
        for (seed, bots) in [
            (1, "greedy,random"),
            (2, "random,random,random"),
            (3, "greedy"),
        ] {
            let play = |variant: &str| {
                let log = dir.join("g.log");
                let o = hunters(&[
                    "play",
                    "--variant",
                    variant,
                    "--seed",
                    &seed.to_string(),
                    "--bots",
                    bots,
                    "--log",
                    log.to_str().unwrap(),
                ]);
                assert!(o.status.success(), "{}", stderr(&o));
                std::fs::read_to_string(&log).unwrap()
            };
            let built_in = play(name);
            let from_file = play(file);
            let without_variant = |t: &str| -> Vec<String> {
                t.lines()
                    .filter(|l| !l.starts_with("[Variant "))
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(
                without_variant(&built_in),
                without_variant(&from_file),
                "{name} {seed}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_log_records_the_numbers_that_differ_and_replays_under_them() {
    let dir = std::env::temp_dir().join(format!("hunters-params-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("m.log");
    let o = hunters(&[
        "play",
        "--variant",
        "2020@mammoth=4,huts=2",
        "--seed",
        "5",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("[mammoth \"4\"]\n[huts \"2\"]\n"),
        "{text:.800}"
    );
    assert!(!text.contains("[deer "), "only the numbers that differ");
    let v = hunters(&["verify", log.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stdout(&v));
    // The tag decides: under the printed mammoth the same moves score differently.
    let tampered = dir.join("t.log");
    std::fs::write(
        &tampered,
        text.replace("[Variant \"2020@mammoth=4,huts=2\"]", "[Variant \"2020\"]")
            .replace("[mammoth \"4\"]\n", ""),
    )
    .unwrap();
    let v = hunters(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(1), "{}", stdout(&v));
    // A log of the printed rules carries no number at all.
    let plain = dir.join("p.log");
    let o = hunters(&["play", "--seed", "5", "--log", plain.to_str().unwrap()]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&plain).unwrap();
    for name in Params::names() {
        assert!(!text.contains(&format!("[{name} ")), "{name}");
    }
    // A bad number in a log's header names the key.
    let bad = dir.join("b.log");
    std::fs::write(&bad, text.replace("[Result", "[meeples \"0\"]\n[Result")).unwrap();
    let v = hunters(&["verify", bad.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(2));
    assert!(
        stdout(&v).contains("meeples takes a whole number from 1 to 20")
            || stderr(&v).contains("meeples takes a whole number from 1 to 20"),
        "{}{}",
        stdout(&v),
        stderr(&v)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Messages about variants named on the command line: a near miss gets its suggestion, a
/// Scout option names the Scout variants, a changed variant is described as it is, and
/// `variants --show` shows whatever a command accepts as a variant.
#[test]
fn variant_messages_say_what_to_do_next() {
    let o = hunters(&["play", "--variant", "2020@mamoth=4"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("did you mean mammoth?"), "{err}");
    assert!(
        !err.contains("the options are") && !err.contains("option \"mamoth\""),
        "{err}"
    );
    let o = hunters(&["play", "--variant", "2020@scout-refusal=land-and-bonus"]);
    let err = stderr(&o);
    assert!(
        err.contains("2014-scout@scout-refusal=land-and-bonus") && !err.contains("expansions ="),
        "{err}"
    );
    // Described as it is, and shown as a file that plays the same rules.
    let o = hunters(&["play", "--variant", "2020@huts=2", "--seed", "1"]);
    let out = stdout(&o);
    assert!(
        out.contains("2020 with huts = 2 (printed: 3)") && !out.contains("three huts"),
        "{out}"
    );
    let o = hunters(&["variants", "--show", "2020@huts=2,mammoth=4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let shown = stdout(&o);
    assert!(
        shown.contains("\nhuts = 2 ") && shown.contains("\nmammoth = 4 "),
        "{shown}"
    );
    let dir = std::env::temp_dir().join(format!("hunters-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.toml");
    std::fs::write(&file, &shown).unwrap();
    let v = Variant::load(file.to_str().unwrap()).unwrap();
    assert_eq!(v.value_of("huts").as_deref(), Some("2"));
    assert_eq!(v.value_of("mammoth").as_deref(), Some("4"));
    let o = hunters(&["variants", "--show", file.to_str().unwrap()]);
    assert_eq!(stdout(&o), shown);
    // Only the numbers a variant can use.
    let plain = stdout(&hunters(&["variants", "--show", "2020"]));
    let scout = stdout(&hunters(&["variants", "--show", "2002-scout"]));
    for key in ["bear", "agriculture", "dugout"] {
        assert!(!plain.contains(&format!("\n{key} = ")), "2020 lists {key}");
        assert!(
            scout.contains(&format!("\n{key} = ")),
            "2002-scout lacks {key}"
        );
    }
    // A variant needs a name.
    let nameless = dir.join("nameless.toml");
    std::fs::write(
        &nameless,
        "name = \"\"\ndescription = \"x\"\nedition = \"2020\"\ntiles = \"menhir\"\n",
    )
    .unwrap();
    let o = hunters(&["play", "--variant", nameless.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("give the variant a name"),
        "{}",
        stderr(&o)
    );
    // A sweep plays each variant once.
    let o = hunters(&["simulate", "--games", "1", "--sweep", "mammoth=1,1", "2020"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("mammoth=1 is listed twice"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `variants --options` cites the rulebooks themselves — an edition and a quote for every
/// option — never the notes the defaults were worked out in.
#[test]
fn options_cite_the_rulebooks() {
    let out = stdout(&hunters(&["variants", "--options"]));
    for bad in ["§", "rules-matrix", "row 1", "row 2", "row 3", " Q1"] {
        assert!(!out.contains(bad), "cites {bad:?}: {out}");
    }
    for info in hunters::options::INFO {
        assert!(
            info.reason.contains("rules") && info.reason.matches('"').count() >= 2,
            "{}: {}",
            info.name,
            info.reason
        );
    }
}
