//! The bots: the searching bot's moves are legal and never depend on the order of the tiles
//! still to come; games are the same for the same seed; program bots play whole games
//! through the protocol, and one that misbehaves ends the game with a clear error.

use crate::run;

use std::path::PathBuf;

use hunters::Variant;
use hunters::bot::mcts::{self, Allocation, Params, Policy};
use hunters::bot::{Bot, BotKind, MctsBot, play_out};
use hunters::game::Game;
use hunters::log::{self, Header};
use hunters::rng::{below, shuffle, stream};
use run::{hunters, stderr, stdout};

const VARIANTS: [&str; 5] = ["2002", "2014", "2020", "2002-scout", "2014-scout"];

/// A game of `variant` after `moves` random moves.
fn midgame(variant: &str, players: usize, seed: u64, moves: usize) -> Game {
    let v = Variant::load(variant).unwrap();
    let mut g = Game::seeded(&v, players, seed);
    let mut rng = stream(seed, "test moves");
    let mut list = Vec::new();
    for _ in 0..moves {
        if g.turn().is_none() {
            break;
        }
        g.legal_moves(&mut list);
        g.play(list[below(&mut rng, list.len())]).unwrap();
    }
    g
}

#[test]
fn mcts_decides_the_same_whatever_the_order_of_the_tiles_to_come() {
    let mut differing_futures = 0;
    for (i, variant) in VARIANTS.iter().enumerate() {
        for moves in [0, 7, 30] {
            let seed = 31 * i as u64 + moves as u64;
            let game = midgame(variant, 2 + i % 3, seed, moves);
            if game.turn().is_none() {
                continue;
            }
            // The same position with the undrawn tiles in another order.
            let (mut regular, mut bonus) = game.unseen();
            shuffle(&mut regular, &mut stream(seed, "other order"));
            shuffle(&mut bonus, &mut stream(seed, "other order"));
            let mut other = game.clone();
            other.reorder_unseen(&regular, &bonus);

            let mut list = Vec::new();
            game.legal_moves(&mut list);
            // The least budget at which the schedule keeps more than one candidate a side
            // (3 × 2 and two rounds at 250): below it the search has nothing to choose.
            let kind = BotKind::Mcts { playouts: 250 };
            let a = kind.make(seed, 0).choose(&game, &list).unwrap();
            let b = kind.make(seed, 0).choose(&other, &list).unwrap();
            assert_eq!(a, b, "{variant} after {moves} moves");

            // The futures do differ: the same move leads to other draws.
            let (mut x, mut y) = (game.clone(), other.clone());
            x.play(a).unwrap();
            y.play(a).unwrap();
            let draws = |g: &mut Game| {
                let mut seen = Vec::new();
                let mut l = Vec::new();
                for _ in 0..6 {
                    let Some(t) = g.turn() else { break };
                    seen.push(t.tile);
                    g.legal_moves(&mut l);
                    g.play(l[0]).unwrap();
                }
                seen
            };
            if draws(&mut x) != draws(&mut y) {
                differing_futures += 1;
            }
        }
    }
    assert!(
        differing_futures >= 10,
        "only {differing_futures} positions had other futures"
    );
}

/// Where one of `mcts`'s playouts stops (the position its judge is asked about, which
/// `examples/fit.rs --ahead` fits a judge to) never depends on the order of the tiles to
/// come: the same position under another order, looked ahead by the same bot, goes on by the
/// same moves and draws — and the look ahead does go on, several rounds deep.
#[test]
fn a_look_ahead_never_reads_the_order_of_the_tiles_to_come() {
    let mut list = Vec::new();
    for (i, variant) in VARIANTS.iter().enumerate() {
        for moves in [0, 7, 30] {
            let seed = 97 * i as u64 + moves as u64;
            let mut game = midgame(variant, 2 + i % 3, seed, moves);
            let Some(turn) = game.turn() else { continue };
            game.legal_moves(&mut list);
            game.play(list[0]).unwrap();
            let (mut regular, mut bonus) = game.unseen();
            shuffle(&mut regular, &mut stream(seed, "other order"));
            shuffle(&mut bonus, &mut stream(seed, "other order"));
            let mut other = game.clone();
            other.reorder_unseen(&regular, &bonus);
            for playouts in [250, 4000] {
                let look = |g: &Game| {
                    MctsBot::new(stream(seed, "look"), playouts).look_ahead(g, turn.player)
                };
                let (a, b) = (look(&game), look(&other));
                // What was laid where, the pieces, the scores, the hands and the tiles left.
                let seen = |g: &Game| {
                    format!(
                        "{:?} {:?} {:?} {:?} {:?}",
                        g.board().placed(),
                        g.pieces(),
                        (0..g.players()).map(|p| g.total(p)).collect::<Vec<_>>(),
                        (0..g.players())
                            .map(|p| g.hand(p).to_vec())
                            .collect::<Vec<_>>(),
                        g.unseen(),
                    )
                };
                assert_eq!(seen(&a), seen(&b), "{variant} after {moves} moves");
                // Two rounds at 250 playouts, six at 4,000: every seat has laid tiles since.
                let laid = a.board().len() - game.board().len();
                assert!(
                    a.is_over() || laid >= 2 * game.players(),
                    "{variant} after {moves} moves: {laid} tiles laid ahead"
                );
            }
        }
    }
}

/// Positions of `variant` where the order of the tiles to come decides at once what a move
/// leads to: after some legal move the next draw is discarded (it fits nowhere), or the game
/// ends, under the real order and not under another, or the other way round. Each comes
/// with the same position under that other order.
fn order_revealing_positions(variant: &str, wanted: usize) -> Vec<(Game, Game)> {
    let v = Variant::load(variant).unwrap();
    let mut found = Vec::new();
    let mut list = Vec::new();
    let after = |g: &Game, m| {
        let mut g = g.clone();
        g.play(m).unwrap();
        (g.discards(), g.is_over(), g.regular_left())
    };
    for seed in 0..100u64 {
        let players = 2 + seed as usize % 3;
        let mut game = Game::seeded(&v, players, 7000 + seed);
        let mut rng = stream(seed, "revealing");
        while game.turn().is_some() && found.len() < wanted {
            game.legal_moves(&mut list);
            // Each tile still to come drawn next in turn, against the real order.
            let (regular, bonus) = game.unseen();
            let mut firsts = regular.clone();
            firsts.dedup();
            'orders: for first in firsts {
                let mut order = regular.clone();
                let i = order.iter().position(|&t| t == first).unwrap();
                order.swap(0, i);
                let mut other = game.clone();
                other.reorder_unseen(&order, &bonus);
                // Where the tile goes decides what the draw finds; the piece does not.
                for &m in list
                    .iter()
                    .filter(|m| m.piece.is_none() && m.recall.is_none())
                {
                    if after(&game, m) != after(&other, m) {
                        found.push((game.clone(), other));
                        break 'orders;
                    }
                }
            }
            game.play(list[below(&mut rng, list.len())]).unwrap();
        }
        if found.len() >= wanted {
            break;
        }
    }
    found
}

/// No bot reads the order of the tiles to come, even where a move's trial would draw the
/// next tile and see it discarded or the game end: in every variant, at positions where the
/// real order and another give different consequences, every bot decides the same.
#[test]
fn no_bot_reads_the_order_of_the_tiles_to_come_where_a_draw_reveals_it() {
    let kinds = [
        BotKind::Greedy,
        BotKind::Mcts { playouts: 250 },
        BotKind::MctsV2 { playouts: 40 },
        BotKind::MctsV1 { playouts: 40 },
    ];
    // The search whose playout seats play pieces: every seat of a playout sees the deal the
    // playout samples, never the real order — nor does what a seat's move leaves to the next
    // player (`leave`), two rounds on, nor the tree of replies (`branch`), whose decisions are
    // keyed by the draws of the deals the playouts sample (widening from the second visit).
    let policies = [
        (Policy::Greedy, 0, 0, 0),
        (Policy::Evaluation, 0, 0, 0),
        (Policy::Evaluation, 4, 0, 0),
        (Policy::Greedy, 0, 1000, 0),
        (Policy::Evaluation, 4, 1000, 0),
        (Policy::Greedy, 0, 1000, 1),
        (Policy::Evaluation, 4, 1000, 1),
    ];
    for variant in VARIANTS {
        let positions = order_revealing_positions(variant, 12);
        assert!(
            positions.len() >= 12,
            "{variant}: only {} positions where the order shows",
            positions.len()
        );
        let current = mcts::current(&Variant::load(variant).unwrap().ruleset());
        let mut list = Vec::new();
        for (k, (game, other)) in positions.iter().enumerate() {
            game.legal_moves(&mut list);
            for kind in &kinds {
                let a = kind.make(k as u64, 0).choose(game, &list).unwrap();
                let b = kind.make(k as u64, 0).choose(other, &list).unwrap();
                assert_eq!(a, b, "{kind} in {variant}, position {k}");
            }
            for (policy, shortlist, leave, branch) in policies {
                let params = Params {
                    policy,
                    shortlist,
                    leave,
                    branch,
                    // Two rounds and 3 × 2 candidates at this small budget, without the
                    // schedule (which would keep one).
                    rounds: 2,
                    rounds_per_doubling: 0,
                    widen: 0,
                    placements_kept: 3,
                    pieces_kept: 2,
                    deepen: 0,
                    allocation: Allocation::Halving,
                    prior_visits: 0,
                    ..current.params
                };
                let numbers = mcts::Numbers { params, ..current };
                let bot = || MctsBot::with_numbers(stream(k as u64, "bot"), 24, numbers);
                let a = bot().choose(game, &list).unwrap();
                let b = bot().choose(other, &list).unwrap();
                assert_eq!(
                    a, b,
                    "{policy:?} ({shortlist}, leave {leave}, branch {branch}) in {variant}, position {k}"
                );
            }
        }
    }
}

#[test]
fn every_mcts_move_is_legal_in_every_variant_and_player_count() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        let players = 2 + i % 4;
        let v = Variant::load(variant).unwrap();
        let seed = 500 + i as u64;
        let mut g = Game::seeded(&v, players, seed);
        let mut bots: Vec<_> = (0..players)
            .map(|s| {
                if s == 0 {
                    // A real search: below some 250 playouts the schedule keeps one candidate.
                    BotKind::Mcts { playouts: 250 }
                } else {
                    BotKind::Random
                }
                .make(seed, s)
            })
            .collect();
        let mut list = Vec::new();
        while let Some(t) = g.turn() {
            g.legal_moves(&mut list);
            let mv = bots[t.player].choose(&g, &list).unwrap();
            g.play(mv)
                .unwrap_or_else(|e| panic!("{variant}: {mv:?} is not legal: {e}"));
        }
        assert!(g.is_over());
    }
}

#[test]
fn an_mcts_game_is_the_same_for_the_same_seed() {
    let v = Variant::load("2002-scout").unwrap();
    let bots = [BotKind::Mcts { playouts: 15 }, BotKind::Greedy];
    let log_of = || {
        let mut g = Game::seeded(&v, 2, 77);
        let mut seats: Vec<_> = bots
            .iter()
            .enumerate()
            .map(|(s, b)| b.make(77, s))
            .collect();
        play_out(&mut g, &mut seats).unwrap();
        log::write(&g, &Header::for_bots("2002-scout", 77, &bots))
    };
    let first = log_of();
    assert_eq!(first, log_of());
    assert!(first.contains("[Players \"mcts:15, greedy\"]"));
}

#[test]
fn simulate_with_mcts_does_not_depend_on_threads_and_reports_bot_against_bot() {
    let run = |jobs: &str| {
        let o = hunters(&[
            "simulate",
            "--games",
            "4",
            "--bots",
            "mcts:10,random",
            "--rotate-seats",
            "--jobs",
            jobs,
            "--json",
            "2020",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        v["games_per_second"] = 0.into();
        v["wall_seconds"] = 0.into();
        v["time_per_move"] = 0.into();
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let bots = one["results"][0]["summary"]["bots"].as_array().unwrap();
    assert_eq!(bots[0]["bot"], "mcts:10");
    assert_eq!(bots[1]["bot"], "random");
    assert_eq!(bots[0]["games"], 4);
    let w = bots[0]["win_rate"]["value"].as_f64().unwrap();
    assert!((w + bots[1]["win_rate"]["value"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    let low = bots[0]["win_rate"]["low"].as_f64().unwrap();
    let high = bots[0]["win_rate"]["high"].as_f64().unwrap();
    assert!(low <= w && w <= high && low >= 0.0 && high <= 1.0);
}

#[test]
fn bad_bot_names_are_refused_with_the_list() {
    for (arg, message) in [
        (
            "mcts:0",
            "mcts:N takes a number of playouts per move, at least 1",
        ),
        ("mcts:lots", "mcts:N takes a number of playouts"),
        ("mcts-v1:0", "mcts-v1:N takes a number of playouts per move"),
        ("mcts-v2:0", "mcts-v2:N takes a number of playouts per move"),
        (
            "mcts-v2:x/no-meadows",
            "mcts-v2:N takes a number of playouts",
        ),
        ("exec:", "exec:PROGRAM needs a program"),
        ("deep-blue", "the bots are random, greedy, mcts"),
    ] {
        let o = hunters(&["play", "--bots", arg]);
        assert_eq!(o.status.code(), Some(2), "{arg}");
        assert!(stderr(&o).contains(message), "{arg}: {}", stderr(&o));
    }
}

/// The first searching bot stays playable as a yardstick, by name, with or without a budget,
/// and names itself as it was asked for.
#[test]
fn the_first_searching_bot_plays_by_its_name() {
    use std::str::FromStr;
    assert_eq!(
        BotKind::from_str("mcts-v1").unwrap(),
        BotKind::MctsV1 { playouts: 1000 }
    );
    for name in ["mcts-v1", "mcts-v1:25", "mcts:25"] {
        let kind = BotKind::from_str(name).unwrap();
        assert_eq!(kind.name(), name);
        assert_eq!(kind.make(1, 0).name(), name);
    }
    let o = hunters(&[
        "play",
        "--bots",
        "mcts-v1:20,greedy",
        "--seed",
        "3",
        "--variant",
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("mcts-v1:20"), "{}", stdout(&o));
}

/// The second and third searching bots stay playable as yardsticks too, by name, with or
/// without a budget and with restrictions, and name themselves as they were asked for.
#[test]
fn the_second_and_third_searching_bots_play_by_their_names() {
    use std::str::FromStr;
    for (version, make) in [
        (
            "v2",
            (|playouts| BotKind::MctsV2 { playouts }) as fn(u32) -> BotKind,
        ),
        ("v3", |playouts| BotKind::MctsV3 { playouts }),
    ] {
        let bare = format!("mcts-{version}");
        assert_eq!(BotKind::from_str(&bare).unwrap(), make(1000));
        assert_eq!(BotKind::from_str(&format!("{bare}:25")).unwrap(), make(25));
        for name in [
            bare.clone(),
            format!("{bare}:25"),
            format!("{bare}:25/no-hunters"),
        ] {
            let kind = BotKind::from_str(&name).unwrap();
            assert_eq!(kind.name(), name);
            assert_eq!(kind.make(1, 0).name(), name);
            assert!(kind.catches_up(), "{name}");
        }
        let bots = format!("{bare}:20,greedy");
        let o = hunters(&["play", "--bots", &bots, "--seed", "3", "--variant", "2020"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains(&format!("{bare}:20")), "{}", stdout(&o));
    }
}

/// The yardstick does not drift: `mcts-v1` plays, move for move, the games the searching bot
/// played before its successor's changes (three seats, every variant; the digests are of the
/// first bot's logs without their header, recorded before any change to the search).
#[test]
fn the_yardstick_plays_the_games_of_the_first_searching_bot() {
    const FIRST_BOT_LOGS: [(&str, u64); 5] = [
        ("2002", 0x1e84_fe0b_9371_7a5f),
        ("2014", 0x4606_d859_e7a5_0d4a),
        ("2020", 0x96dd_1e30_dee7_4896),
        ("2002-scout", 0xb826_751b_c1d3_a97d),
        ("2014-scout", 0xde01_17eb_78e7_d4cc),
    ];
    plays_the_pinned_games(BotKind::MctsV1 { playouts: 40 }, &FIRST_BOT_LOGS);
}

/// The second yardstick does not drift: `mcts-v2` plays, move for move, the games the
/// searching bot played before its evaluation and its search were split apart (three seats,
/// every variant; the digests are of `mcts:40`'s logs without their header, recorded then).
#[test]
fn the_second_yardstick_plays_the_games_of_the_second_searching_bot() {
    const SECOND_BOT_LOGS: [(&str, u64); 5] = [
        ("2002", 0x518a_1768_496f_ce67),
        ("2014", 0x019f_2bdc_7743_0041),
        ("2020", 0xba91_e9a7_b4d6_cae8),
        ("2002-scout", 0x0c4a_44c6_4005_4427),
        ("2014-scout", 0x443f_bf2c_c421_0ea6),
    ];
    plays_the_pinned_games(BotKind::MctsV2 { playouts: 40 }, &SECOND_BOT_LOGS);
}

/// The third yardstick does not drift: `mcts-v3` plays, move for move, the games the
/// searching bot played before the playouts' ends were judged by weights of their own (three
/// seats, every variant, 100 playouts: enough for the search to play out two candidates, so
/// that the playouts' judge shows; the digests are of `mcts:100`'s logs without their header,
/// recorded then).
#[test]
fn the_third_yardstick_plays_the_games_of_the_third_searching_bot() {
    const THIRD_BOT_LOGS: [(&str, u64); 5] = [
        ("2002", 0x72d4_5e40_e0df_560f),
        ("2014", 0x8cd3_e746_c60f_22cd),
        ("2020", 0x11e8_270b_34e5_afc9),
        ("2002-scout", 0xecfb_f8d3_391f_213a),
        ("2014-scout", 0xe5b9_c938_f405_d28a),
    ];
    plays_the_pinned_games(BotKind::MctsV3 { playouts: 100 }, &THIRD_BOT_LOGS);
    // And the current bot, whose playouts' ends are judged otherwise, plays other games.
    let current = BotKind::Mcts { playouts: 100 };
    assert_ne!(yardstick_digest(&current, "2020"), THIRD_BOT_LOGS[2].1);
}

/// `bot` plays, in every variant of `logs`, the game whose digest is pinned there.
fn plays_the_pinned_games(bot: BotKind, logs: &[(&str, u64)]) {
    for &(variant, digest) in logs {
        assert_eq!(
            yardstick_digest(&bot, variant),
            digest,
            "{variant}: {bot} no longer plays the game pinned for it"
        );
    }
}

/// The digest of the log, without its header, of the game of `variant` with seed 11 that
/// `bot` plays in the first and third seats, `greedy` in the second.
fn yardstick_digest(bot: &BotKind, variant: &str) -> u64 {
    let bots = &[bot.clone(), BotKind::Greedy, bot.clone()];
    let v = Variant::load(variant).unwrap();
    let mut game = Game::seeded(&v, bots.len(), 11);
    let mut seats: Vec<_> = (0..bots.len()).map(|s| bots[s].make(11, s)).collect();
    play_out(&mut game, &mut seats).unwrap();
    let text = log::write(&game, &Header::for_bots(variant, 11, bots));
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .map(|l| format!("{l}\n"))
        .collect();
    crate::digests::fnv1a(&body)
}

/// An example's program, built by `cargo test` next to the test binaries.
fn example(name: &str) -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let dir = deps.parent().unwrap().parent().unwrap();
    let program = dir.join("examples").join(name);
    assert!(
        program.exists(),
        "{} (built by cargo test)",
        program.display()
    );
    program
}

/// The example bot.
fn example_bot() -> PathBuf {
    example("exec_bot")
}

#[test]
fn the_agree_example_changes_only_the_numbers_it_is_told() {
    let agree = |args: &[&str]| {
        let base = [
            "--deals",
            "2",
            "--every",
            "4",
            "--play",
            "greedy",
            "2002-scout",
        ];
        std::process::Command::new(example("agree"))
            .args(base.iter().chain(args))
            .output()
            .unwrap()
    };
    // The table's rows, without the lines that name the bots.
    let table = |o: &std::process::Output| -> Vec<String> {
        assert!(o.status.success(), "{}", stderr(o));
        stdout(o).lines().skip(3).map(str::to_string).collect()
    };
    let plain = agree(&["--bots", "mcts:250,mcts:250"]);
    // Two searches by their own streams choose otherwise somewhere in two games.
    assert!(
        table(&plain)
            .iter()
            .any(|l| l.starts_with("| lay the drawn tile") && !l.contains("| 0.0 % | 0.0 % |")),
        "{}",
        stdout(&plain)
    );
    // A number set to the value it has: each bot plays with the stream `make` gives its
    // seat, so the table is that of the bots by their names.
    let same = agree(&[
        "--bots",
        "mcts:250,mcts:250",
        "--first-with",
        "rounds=4",
        "--with",
        "rounds=4",
    ]);
    assert_eq!(table(&plain), table(&same));
    assert!(stdout(&same).starts_with(
        "mcts:250 with rounds=4 and mcts:250 with rounds=4 asked at one decision in 4"
    ));
    // A number changed changes the second bot's choices.
    let shorter = agree(&["--bots", "mcts:250,mcts:250", "--with", "rounds=1"]);
    assert_ne!(table(&plain), table(&shorter));

    for (args, error) in [
        (
            &["--bots", "mcts:250,mcts:250", "--with", "nothing=1"][..],
            "agree: nothing=1: no such number; see hunters::bot::mcts::Params",
        ),
        (
            &["--bots", "mcts:250,mcts:250", "--with", "rounds"],
            "agree: --with rounds: \"rounds\" is not KEY=VALUE",
        ),
        (
            &["--bots", "greedy,mcts:250", "--first-with", "rounds=1"],
            "agree: --first-with changes the numbers of the first of --bots, which must be mcts, not greedy",
        ),
    ] {
        let o = agree(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with(error), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_program_plays_a_whole_game_through_the_protocol() {
    let dir = std::env::temp_dir().join(format!("hunters-exec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for variant in ["2020", "2002-scout"] {
        let log = dir.join(format!("{variant}.log"));
        let bots = format!("exec:{},greedy", example_bot().display());
        let o = hunters(&[
            "play",
            "--variant",
            variant,
            "--seed",
            "3",
            "--bots",
            &bots,
            "--log",
            log.to_str().unwrap(),
            "--json",
        ]);
        assert!(o.status.success(), "{variant}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert!(v["turns"].as_u64().unwrap() > 70, "{variant}: a whole game");
        // The example puts a piece down whenever it can: it has pieces on the board.
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(
            text.lines()
                .any(|l| l.starts_with("place 1 ") && l.split(' ').count() > 6)
        );
        let o = hunters(&["verify", log.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stdout(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A bot program written as a shell script.
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// A program that writes answers nobody asked for, without end, and never reads: the game
/// reads only a few of its lines ahead, so its output waits in the pipe and not in this
/// process's memory. Before, it grew by some 200 MB a second while the write waited out its
/// timeout; here the game runs under a limit of 400 MB of address space for 3 s.
#[test]
fn a_program_that_answers_unasked_does_not_fill_the_memory() {
    let dir = std::env::temp_dir().join(format!("hunters-exec-flood-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deaf = script(&dir, "deaf", "exec yes '{\"move\": 0}'");
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 400000; exec '{}' play --seed 1 --bots greedy,exec:{deaf} --bot-timeout 3",
            env!("CARGO_BIN_EXE_hunters")
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("did not read its input within 3 s"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_program_that_misbehaves_ends_the_game_with_an_error_naming_the_seat() {
    let dir = std::env::temp_dir().join(format!("hunters-exec-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = script(&dir, "garbage", "read start\nread choose\necho hello");
    let out_of_range = script(
        &dir,
        "range",
        "read start\nread choose\necho '{\"move\": 9999}'",
    );
    let crash = script(&dir, "crash", "exit 3");
    let slow = script(&dir, "slow", "read start\nread choose\nsleep 30");
    // Closes its output but lives on; answers without ever reading (its input fills up);
    // answers one endless line.
    let closes = script(&dir, "closes", "read start\nexec >&-\nexec sleep 30");
    let deaf = script(&dir, "deaf", "exec yes '{\"move\": 0}'");
    let endless = script(
        &dir,
        "endless",
        "read start\nread choose\nexec cat /dev/zero",
    );
    // Only the two that must be cut off wait out the short limit; the others answer, close or
    // fail at once, and a loaded machine must not turn their error into a timeout.
    let cases = [
        (closes, "10", "closed its output without answering"),
        (deaf, "0.3", "did not read its input within 0.3 s"),
        (endless, "10", "answered a line longer than 1048576 bytes"),
        (garbage, "10", "answered line 1 `hello`: not JSON"),
        (
            out_of_range,
            "10",
            "answered line 1 `{\"move\": 9999}`: expected {\"move\": N}",
        ),
        (crash, "10", "without answering"),
        (slow, "0.3", "did not answer within 0.3 s"),
        (
            dir.join("missing").display().to_string(),
            "10",
            "could not be started",
        ),
    ];
    for (program, limit, message) in cases {
        let started = std::time::Instant::now();
        let bots = format!("greedy,exec:{program}");
        let o = hunters(&[
            "play",
            "--seed",
            "1",
            "--bots",
            &bots,
            "--bot-timeout",
            limit,
        ]);
        assert_eq!(o.status.code(), Some(2), "{program}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("the bot of seat 2 (exec:{program})")) && err.contains(message),
            "{program}: {err}"
        );
        // Nothing waits on a program that hangs.
        assert!(
            started.elapsed().as_secs() < 20,
            "{program} held the game up"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether process `pid` is gone (or a zombie nobody reaps: dead all the same).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/status")) {
        Err(_) => true,
        Ok(status) => status
            .lines()
            .any(|l| l.starts_with("State:") && l.contains('Z')),
    }
}

/// Waits up to `secs` for `what`.
fn within(secs: u64, mut what: impl FnMut() -> bool) -> bool {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < end {
        if what() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    what()
}

/// No program bot outlives its game: not one that failed (it is stopped with what it
/// started), and not one whose `hunters` was killed.
#[test]
fn no_program_bot_is_left_behind() {
    let dir = std::env::temp_dir().join(format!("hunters-exec-left-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("pid");
    let body = format!(
        "echo $$ > {}\nread start\nexec >&-\nexec sleep 60",
        pid_file.display()
    );
    let closes = script(&dir, "closes", &body);
    let bots = format!("exec:{closes},greedy");
    let o = hunters(&["play", "--seed", "1", "--bots", &bots, "--bot-timeout", "2"]);
    assert_eq!(o.status.code(), Some(2));
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_string();
    assert!(
        within(5, || gone(&pid)),
        "the bot {pid} lives on after its game"
    );
    // A program waiting for its turn when `hunters` itself is killed.
    std::fs::remove_file(&pid_file).unwrap();
    let waits = script(
        &dir,
        "waits",
        &format!("echo $$ > {}\nexec sleep 60", pid_file.display()),
    );
    let bots = format!("exec:{waits},greedy");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hunters"))
        .args([
            "play",
            "--seed",
            "1",
            "--bots",
            &bots,
            "--bot-timeout",
            "60",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    assert!(within(10, || pid_file.exists()
        && !std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .is_empty()));
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_string();
    assert!(!gone(&pid), "the bot should be waiting");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(within(5, || gone(&pid)), "the bot {pid} outlived hunters");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bigger_budgets_play_longer_playouts() {
    use hunters::bot::mcts::rounds_for;
    assert_eq!(rounds_for(20), 1);
    assert_eq!(rounds_for(500), 1);
    assert_eq!(rounds_for(1000), 2);
    assert_eq!(rounds_for(2000), 3);
    assert_eq!(rounds_for(4000), 4);
}
