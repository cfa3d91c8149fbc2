//! `hunters record`: a game played at the table, scored as it is played. Driven through plain
//! standard input (a log's own lines, or what a person types) and through a pseudo-terminal
//! (a whole game with an illegal entry, an undo, a stop and a resume). Every recorded game
//! must be the game whose moves were entered: same events, same `Result`, and a log that
//! verifies.

use crate::run;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use run::{feed, hunters, stderr, stdout};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hunters-record-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn record(args: &[&str], input: &str) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hunters"));
    c.arg("record").args(args);
    feed(c, input)
}

/// A seeded game between bots, its log written to `dir`.
fn bot_game(dir: &Path, variant: &str, bots: &str, seed: u32) -> PathBuf {
    let log = dir.join(format!("{variant}-{seed}.log"));
    let o = hunters(&[
        "play",
        "--variant",
        variant,
        "--bots",
        bots,
        "--seed",
        &seed.to_string(),
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    log
}

/// The event lines of a log (its header left out).
fn events(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = format!("[{name} \"");
    text.lines()
        .find_map(|l| l.strip_prefix(&start)?.strip_suffix("\"]"))
}

/// The moves of a log as a person types them at the table: the tile drawn by its id, where it
/// went without the player and tile (`1,0 r90 hunter Es`), Scout pieces and refusals in a
/// word. Lines the rules write, and a refused tile coming back, need nobody's word.
fn typed(log: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in log.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[..] {
            ["deal", _, piece] => out.push(piece.to_string()),
            ["draw", .., "again"] => {}
            ["draw", _, tile, ..] => out.push(tile.to_string()),
            ["refuse", ..] => out.push("refuse".to_string()),
            ["place", _, tile, ..] => {
                let before = line.split(" = ").next().unwrap();
                if tile.starts_with('S') {
                    out.push(before.to_string());
                } else {
                    out.push(
                        before
                            .split_whitespace()
                            .skip(3)
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                }
            }
            _ => {}
        }
    }
    out
}

/// The lines of a log that carry what people said: the deal, the draws and the moves, with
/// what follows `=` left out.
fn said(log: &str) -> String {
    let mut out = String::new();
    for line in log.lines() {
        let first = line.split_whitespace().next().unwrap_or("");
        if ["deal", "draw", "place", "refuse"].contains(&first) {
            out.push_str(line.split(" = ").next().unwrap());
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_log_piped_in_plays_its_game_again_in_every_variant() {
    let d = dir("pipe");
    for (variant, bots) in [
        ("2002", "greedy,random"),
        ("2014", "random,greedy,random"),
        ("2020", "greedy,greedy,random,random"),
        ("2002-scout", "greedy,random,greedy"),
        ("2014-scout", "random,random"),
    ] {
        for seed in [1, 2] {
            let source = bot_game(&d, variant, bots, seed);
            let text = std::fs::read_to_string(&source).unwrap();
            let out = d.join(format!("{variant}-{seed}-recorded.log"));
            // The whole log, header and consequences included.
            let o = record(&["--log", out.to_str().unwrap()], &text);
            assert!(o.status.success(), "{variant} {seed}: {}", stderr(&o));
            let recorded = std::fs::read_to_string(&out).unwrap();
            assert_eq!(events(&recorded), events(&text), "{variant} {seed}");
            assert_eq!(tag(&recorded, "Result"), tag(&text, "Result"));
            assert_eq!(tag(&recorded, "Variant"), Some(variant));
            assert_eq!(
                tag(&recorded, "Seed"),
                None,
                "a game at the table has no seed"
            );
            let v = hunters(&["verify", out.to_str().unwrap()]);
            assert!(v.status.success(), "{}", stdout(&v));
            // The final scoring with its breakdowns, and the totals.
            let printed = stdout(&o);
            assert!(printed.contains("Final scoring"), "{printed}");
            assert!(printed.contains(" x "), "breakdowns: {printed}");
            for total in tag(&text, "Result").unwrap().split(' ') {
                assert!(
                    printed.contains(&format!("| {total:>5} |")),
                    "{total}: {printed}"
                );
            }
            // Only what people said, on the command line's variant: the same game.
            std::fs::remove_file(&out).unwrap();
            let names = tag(&text, "Players").unwrap().replace(", ", ",");
            let o = record(
                &[
                    "--variant",
                    variant,
                    "--players",
                    &names,
                    "--log",
                    out.to_str().unwrap(),
                ],
                &said(&text),
            );
            assert!(o.status.success(), "{variant} {seed}: {}", stderr(&o));
            assert_eq!(
                events(&std::fs::read_to_string(&out).unwrap()),
                events(&text)
            );
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn what_a_person_types_works_on_plain_standard_input() {
    let d = dir("typed");
    let source = bot_game(&d, "2014-scout", "greedy,random,greedy", 5);
    let text = std::fs::read_to_string(&source).unwrap();
    let out = d.join("typed.log");
    let mut input = typed(&text).join("\n");
    input.push('\n');
    let o = record(
        &[
            "--variant",
            "2014-scout",
            "--players",
            "Ann,Bob,Cy",
            "--log",
            out.to_str().unwrap(),
        ],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let recorded = std::fs::read_to_string(&out).unwrap();
    assert_eq!(events(&recorded), events(&text));
    assert_eq!(tag(&recorded, "Players"), Some("Ann, Bob, Cy"));
    assert!(stdout(&o).contains("| 1 Ann "), "{}", stdout(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_illegal_line_stops_a_pipe_and_the_game_resumes_from_its_log() {
    let d = dir("resume");
    let source = bot_game(&d, "2020", "greedy,random", 9);
    let text = std::fs::read_to_string(&source).unwrap();
    let lines: Vec<String> = said(&text).lines().map(str::to_string).collect();
    // The tenth move is laid somewhere that touches no tile.
    let tenth = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("place"))
        .nth(9)
        .unwrap()
        .0;
    let mut bad = lines.clone();
    let w: Vec<&str> = bad[tenth].split_whitespace().collect();
    bad[tenth] = format!("place {} {} 40,40 r0", w[1], w[2]);
    let out = d.join("stopped.log");
    let o = record(
        &["--players", "Ann,Bob", "--log", out.to_str().unwrap()],
        &bad.join("\n"),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let said_ = stderr(&o);
    assert!(
        said_.contains(&format!(
            "error: <stdin>:{}: the tile cannot go there: the square touches no tile by a side",
            tenth + 1
        )),
        "{said_}"
    );
    assert!(said_.contains("hunters record --resume"), "{said_}");
    // The log holds the game up to the line before, without a Result.
    let partial = std::fs::read_to_string(&out).unwrap();
    assert_eq!(tag(&partial, "Result"), None);
    assert_eq!(
        partial.lines().filter(|l| l.starts_with("place")).count(),
        9
    );
    // A game in progress is drawn as far as it went: its tiles, no final scoring.
    let svg = d.join("so-far.svg");
    let page = d.join("so-far.html");
    let o = hunters(&[
        "render",
        out.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
        "--ascii",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("<g class=\"tile\"").count(), 1 + 9);
    assert!(picture.contains("the game so far"));
    // The page holds the nine moves so far, and opens at the start.
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("Move 0 of 9")
    );
    let o = hunters(&["render", out.to_str().unwrap(), "--ascii", "--turn", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Resumed with the rest: the game of the source.
    let rest = lines[tenth..].join("\n");
    let o = record(&["--resume", out.to_str().unwrap()], &rest);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("Going on with the game in"));
    let done = std::fs::read_to_string(&out).unwrap();
    assert_eq!(events(&done), events(&text));
    assert_eq!(tag(&done, "Result"), tag(&text, "Result"));
    // A finished game is not resumed; it is shown.
    let o = record(&["--resume", out.to_str().unwrap()], "");
    assert!(o.status.success());
    assert!(stderr(&o).contains("is over"), "{}", stderr(&o));
    // A log changed by hand does not resume.
    let changed = partial.replacen("score 1", "score 2", 1);
    if changed != partial {
        let f = d.join("changed.log");
        std::fs::write(&f, &changed).unwrap();
        let o = record(&["--resume", f.to_str().unwrap()], "");
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("changed by hand"), "{}", stderr(&o));
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn wrong_entries_are_answered_with_what_is_wrong() {
    let d = dir("wrong");
    let run = |input: &str| record(&["--variant", "2020", "--players", "Ann,Bob"], input);
    let cases = [
        ("draw 2 19\n", "it is player 1's draw, not player 2's"),
        ("zz\n", "no tile \"zz\" in tile set"),
        ("draw 1 19 bonus\n", "this draw is from the land deck"),
        ("place 1 19 -1,0 r0\n", "player 1 draws first"),
        ("19\nplace 1 20 -1,0 r0\n", "the tile drawn is 19, not 20"),
        (
            "19\nplace 2 19 -1,0 r0\n",
            "it is player 1's turn, not player 2's",
        ),
        (
            "19\n-1,0 r0 gatherer N\n",
            "the piece cannot go there: a gatherer stands in a forest",
        ),
        (
            "deal 1 S1\n",
            "no deal: the Scout expansion is not in this variant",
        ),
        ("undo\n", "nothing to undo yet"),
    ];
    for (input, reason) in cases {
        let o = run(input);
        assert_eq!(o.status.code(), Some(1), "{input}: {}", stderr(&o));
        assert!(stderr(&o).contains(reason), "{input}: {}", stderr(&o));
    }
    // A tile has as many copies as the box holds.
    let o = hunters(&["tiles", "--variant", "2020"]);
    let once = stdout(&o)
        .lines()
        .find_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells.len() > 4 && cells[2] == "regular" && cells[3] == "1")
                .then(|| cells[1].to_string())
        })
        .unwrap();
    let twice = format!("{once}\n0\n{once}\n");
    let o = run(&twice);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "every copy of tile {once} (1) has been drawn already"
        )),
        "{}",
        stderr(&o)
    );
    // Usage: the players' names, a log that exists, tags that disagree.
    let o = record(&[], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--players Ann,Bob"), "{}", stderr(&o));
    let exists = d.join("exists.log");
    std::fs::write(&exists, "x").unwrap();
    let o = record(&["--players", "A,B", "--log", exists.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));
    let o = record(
        &["--variant", "2014"],
        "[Variant \"2020\"]\n[Players \"A, B\"]\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("leave --variant out"), "{}", stderr(&o));
    let o = record(&["--players", "A,B,C"], "[Players \"A, B\"]\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a game of 2 players"), "{}", stderr(&o));
    // Input that ends early is the game so far, not a failure.
    let o = run("19\n-1,0 r0\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("The input ended before the game's end."));
    std::fs::remove_dir_all(&d).unwrap();
}

/// `hunters record ARGS` on a pseudo-terminal (`script` from util-linux), fed `input`; what
/// the terminal showed.
fn on_terminal(args: &[String], input: &str) -> Option<(bool, String)> {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script`: the pseudo-terminal check is skipped");
        return None;
    }
    let command = format!(
        "{} record {}",
        env!("CARGO_BIN_EXE_hunters"),
        args.join(" ")
    );
    let mut script = Command::new("script");
    script.args(["-q", "-e", "-c", &command, "/dev/null"]);
    let out = feed(script, input);
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"),
    ))
}

#[test]
fn a_whole_game_through_a_pseudo_terminal_with_a_mistake_an_undo_and_a_resume() {
    let d = dir("pty");
    let source = bot_game(&d, "2014", "greedy,random", 21);
    let text = std::fs::read_to_string(&source).unwrap();
    let entries = typed(&text);
    let out = d.join("table.log");
    let log = out.to_str().unwrap().to_string();
    // The first half, with a square that touches nothing, a tile laid and taken back, and a
    // stop after a no and a yes.
    let half = entries.len() / 2;
    let mut first = vec![
        "help".to_string(),
        format!("find {}", entries[0]),
        entries[0].clone(),
        "40,40 r0".to_string(),
        entries[1].clone(),
        "undo".to_string(),
        entries[1].clone(),
    ];
    first.extend(entries[2..half].iter().cloned());
    first.extend(["quit", "n", "board", "quit", "y"].map(String::from));
    let args = ["--variant", "2014", "--players", "Ann,Bob", "--log", &log].map(String::from);
    let Some((ok, screen)) = on_terminal(&args, &(first.join("\n") + "\n")) else {
        return;
    };
    assert!(ok, "{screen}");
    for seen in [
        "Recording a game of variant 2014 for 1 Ann, 2 Bob",
        "the tile drawn, by its id",
        "Ann draws a land tile: which",
        "Not that: the tile cannot go there: the square touches no tile by a side.",
        "Taken back.",
        "Stop recording here?",
        "Recording stopped before the game's end.",
        "x 0..",
        "  y 0",
    ] {
        assert!(screen.contains(seen), "{seen}: {screen:.3000}");
    }
    // In colour on a terminal.
    assert!(screen.contains("\u{1b}[32mF\u{1b}[0m"));
    let partial = std::fs::read_to_string(&out).unwrap();
    let places = |t: &str| t.lines().filter(|l| l.starts_with("place")).count();
    let typed_places = entries[..half].iter().filter(|e| e.contains(',')).count();
    assert_eq!(places(&partial), typed_places);
    // The rest after a resume, to the end.
    let rest = entries[half..].join("\n") + "\n";
    let Some((ok, screen)) = on_terminal(&["--resume".to_string(), log.clone()], &rest) else {
        return;
    };
    assert!(ok, "{screen}");
    assert!(
        screen.contains("Going on with the game in"),
        "{screen:.2000}"
    );
    assert!(screen.contains("Final scoring"));
    assert!(
        screen.contains("Winner") || screen.contains("victory") || screen.contains("No winner")
    );
    let done = std::fs::read_to_string(&out).unwrap();
    assert_eq!(events(&done), events(&text));
    assert_eq!(tag(&done, "Result"), tag(&text, "Result"));
    assert_eq!(tag(&done, "Players"), Some("Ann, Bob"));
    let v = hunters(&["verify", &log]);
    assert!(v.status.success(), "{}", stdout(&v));
    std::fs::remove_dir_all(&d).unwrap();
}

/// `find` at the table: identical tiles are one line with how many are left, plurals and
/// number phrases match as a person means them, and a tile of the other deck is pointed to.
#[test]
fn find_lists_a_shape_once_and_reads_words_as_a_person_means_them() {
    let args: Vec<String> = ["--variant", "2002", "--players", "A,B"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let input = "find FFMM\nfind mammoths\nfind aurochs\nfind 2 fish\nlook 0,0\nquit\n";
    let Some((_, screen)) = on_terminal(&args, input) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI has `script` (util-linux)"
        );
        return;
    };
    // `look` at the start tile.
    assert!(
        screen.contains("Square 0,0: tile ") && screen.contains("(the start tile)"),
        "{screen}"
    );
    // 30 and 76 are the same tile: one line, two left.
    assert!(screen.contains("2 left (the same as 76)"), "{screen}");
    assert!(!screen.contains("\n  76  "), "{screen}");
    assert!(screen.contains("(mammoth)"), "{screen}");
    assert!(
        screen.contains("No land tile left matches; 3 bonus tiles left do"),
        "{screen}"
    );
    // `2 fish` is a phrase: every tile found has a lake or river with 2 fish.
    let (_, screen) = on_terminal(&args, "find 2 fish\nquit\n").unwrap();
    let found: Vec<&str> = screen.lines().filter(|l| l.contains(" left")).collect();
    assert!(found.len() >= 2, "{screen}");
    for l in &found {
        assert!(l.contains("(2 fish)"), "{l}");
    }
}

/// A recording stopped part way is an unfinished game to `verify`: every line there is
/// checked, and it points to `record --resume`, not to `--bless`.
#[test]
fn verify_calls_a_recording_in_progress_unfinished() {
    let d = dir("unfinished");
    let source = bot_game(&d, "2014", "greedy,random", 3);
    let text = std::fs::read_to_string(&source).unwrap();
    // What `record` writes before the game's end: no seed, no result, up to a move.
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("[Seed") && !l.starts_with("[Result"))
        .collect();
    let cut = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("place "))
        .nth(20)
        .map(|(i, _)| i)
        .unwrap();
    let partial = d.join("partial.log");
    std::fs::write(&partial, lines[..cut].join("\n") + "\n").unwrap();
    let o = run::hunters(&["verify", partial.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("UNFINISHED") && stdout(&o).contains("hunters record --resume"),
        "{}",
        stdout(&o)
    );
    assert!(!stderr(&o).contains("--bless"));
    // A wrong line in it is still found.
    let wrong = lines[..cut].join("\n").replacen("score ", "score 9", 1);
    std::fs::write(&partial, wrong + "\n").unwrap();
    let o = run::hunters(&["verify", partial.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&d).unwrap();
}
