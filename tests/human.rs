//! A person's seat: driven through plain standard input and through a pseudo-terminal. Bad
//! entries are answered with their reason and asked again, `help` helps, `quit` leaves after
//! a yes and the log of the game so far is still written.

use crate::run;

use std::process::Command;

use run::{feed, hunters, stderr, stdout};

/// `hunters ARGS` with `input` on its standard input.
fn with_input(args: &[&str], input: &str) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hunters"));
    command.args(args);
    feed(command, input)
}

/// A seeded game of a person (seat 1) against greedy, logged to `log`, answering `input`.
fn person_against_greedy(log: &std::path::Path, input: &str) -> std::process::Output {
    with_input(
        &[
            "play",
            "--bots",
            "human,greedy",
            "--seed",
            "3",
            "--log",
            log.to_str().unwrap(),
        ],
        input,
    )
}

/// Answers that always take the first legal move, as many as a game can need.
fn first_moves() -> String {
    "0\n".repeat(400)
}

#[test]
fn a_person_plays_a_whole_game_on_standard_input() {
    let dir = std::env::temp_dir().join(format!("hunters-human-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.log");
    let input = format!(
        "hello\n999\nplace 1 67 5,5 r0\nplace 1 67 0,-1 r0 hunter N\nhelp\n\
         place 1 67 0,-1 r0 gatherer N\n{}",
        first_moves()
    );
    let o = person_against_greedy(&log, &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let talk = stderr(&o);
    for answer in [
        "Not that: a move starts with `place`, `refuse` or `draw`, or is a square `X,Y` for the drawn tile.",
        "Not that: there are moves 0 to 23 only.",
        "Not that: the tile cannot go there: the square touches no tile by a side.",
        "Not that: the piece cannot go there: a hunter lies in a meadow, not on a forest.",
        "Type the number of a move from the list",
        "You drew tile 67",
        "The game is over",
        // Later turns have too many moves to list every time: they wait to be asked for.
        "legal moves: `moves` lists them by number",
    ] {
        assert!(talk.contains(answer), "{answer}");
    }
    assert!(stdout(&o).contains("| 1      | human  |"), "{}", stdout(&o));
    // The drawn tile in its four turns; no colour codes into a pipe.
    assert!(talk.contains("r0     r90    r180   r270"));
    assert!(!talk.contains('\u{1b}'), "colour codes written into a pipe");
    let v = hunters(&["verify", log.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stdout(&v));
    // A typed move is the move played.
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("[Players \"human, greedy\"]"));
    let first = text.lines().find(|l| l.starts_with("place 1 ")).unwrap();
    assert!(
        first.starts_with("place 1 67 0,-1 r0 gatherer N"),
        "{first}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quitting_asks_first_and_keeps_the_log_so_far() {
    let dir = std::env::temp_dir().join(format!("hunters-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("left.log");
    let o = with_input(
        &[
            "play",
            "--bots",
            "human,random",
            "--seed",
            "4",
            "--log",
            log.to_str().unwrap(),
        ],
        "0\n0\nquit\nn\n0\nquit\ny\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Leave the game? (y/n)"));
    assert!(
        stderr(&o).contains("error: the player of seat 1 left the game"),
        "{}",
        stderr(&o)
    );
    // Three moves of the person were played before leaving, and the log says so, marks the
    // game as left early, verifies as an unfinished game, draws, and goes on with --resume.
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("place 1 ")).count(),
        3
    );
    assert!(
        text.contains("[Comment \"unfinished: the player of seat 1 left the game"),
        "{text}"
    );
    let path = log.to_str().unwrap();
    let o = hunters(&["verify", path]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("UNFINISHED") && stdout(&o).contains("hunters play --resume"),
        "{}",
        stdout(&o)
    );
    let o = hunters(&["render", path, "--ascii"]);
    assert!(
        o.status.success() && stdout(&o).contains("north up"),
        "{}",
        stderr(&o)
    );
    let o = with_input(&["play", "--resume", path], &first_moves());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Winner") || stdout(&o).contains("victory"));
    let o = hunters(&["verify", path]);
    assert!(stdout(&o).starts_with("OK "), "{}", stdout(&o));
    let resumed = std::fs::read_to_string(&log).unwrap();
    // The moves before leaving are the log's first moves still.
    let first: Vec<&str> = text.lines().filter(|l| l.starts_with("place ")).collect();
    let again: Vec<&str> = resumed
        .lines()
        .filter(|l| l.starts_with("place "))
        .collect();
    assert_eq!(&again[..first.len()], &first[..]);
    let o = hunters(&["play", "--resume", path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the game is over"), "{}", stderr(&o));
    // The end of input ends the game the same way, never a hang.
    let o = with_input(&["play", "--bots", "human,random", "--seed", "4"], "0\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the input ended before a move was chosen"));
    // Commands that play many games refuse a person's seat.
    let o = hunters(&["simulate", "--games", "2", "--bots", "human,random", "2020"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a human seat plays in `hunters play`"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game left and resumed goes on as it would have without the break: the bots choose again
/// at their earlier turns, so that their streams stand where they stood (a searching bot
/// draws from its stream at every decision, a random one at every move). In a Scout variant,
/// so that the draw-or-lay choices are caught up too.
#[test]
fn a_resumed_game_goes_on_as_it_would_have() {
    let dir = std::env::temp_dir().join(format!("hunters-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (variant, bots, seed) in [
        ("2020", "human,mcts:20,random", "9"),
        ("2002-scout", "mcts:20,human", "5"),
    ] {
        let whole = dir.join("whole.log");
        let left = dir.join("left.log");
        let args = |log: &std::path::Path| {
            let log = log.to_str().unwrap().to_string();
            [
                "play",
                "--variant",
                variant,
                "--bots",
                bots,
                "--seed",
                seed,
                "--log",
            ]
            .map(String::from)
            .into_iter()
            .chain([log])
            .collect::<Vec<_>>()
        };
        let run = |args: &[String], input: &str| {
            with_input(&args.iter().map(String::as_str).collect::<Vec<_>>(), input)
        };
        let o = run(&args(&whole), &first_moves());
        assert!(o.status.success(), "{}", stderr(&o));
        // Six moves of the person, then leave.
        let o = run(&args(&left), &format!("{}quit\ny\n", "0\n".repeat(6)));
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let path = left.to_str().unwrap();
        let o = with_input(&["play", "--resume", path], &first_moves());
        assert!(o.status.success(), "{}", stderr(&o));
        let moves = |p: &std::path::Path| -> Vec<String> {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .filter(|l| l.starts_with("place ") || l.starts_with("refuse "))
                .map(String::from)
                .collect()
        };
        let (once, twice) = (moves(&whole), moves(&left));
        assert!(once.len() > 40, "{variant}: {} moves", once.len());
        assert_eq!(once, twice, "{variant}: the resumed game went another way");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same through a pseudo-terminal (`script` from util-linux gives the game a terminal).
#[test]
fn a_person_plays_through_a_pseudo_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script`: the pseudo-terminal check is skipped");
        return;
    }
    let command = format!(
        "{} play --bots human,random --seed 5",
        env!("CARGO_BIN_EXE_hunters")
    );
    let mut script = Command::new("script");
    script.args(["-q", "-e", "-c", &command, "/dev/null"]);
    // A square that touches nothing, a move taken back, then first moves to the end.
    let out = feed(
        script,
        &format!("help\n40,40 r0\n0\nundo\n{}", first_moves()),
    );
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{screen}");
    // What the person saw on the terminal: the board, the moves, the help, the result.
    for seen in [
        "Your move (0 to",
        "Type the number of a move",
        "scores: 1 (red)",
        "Not that: the tile cannot go there: the square touches no tile by a side.",
        "Your last move is taken back.",
        "Winner",
    ] {
        assert!(screen.contains(seen), "{seen}: {screen:.2000}");
    }
    // On a terminal the board is in colour: forests green, rivers blue.
    assert!(screen.contains("\u{1b}[32mF\u{1b}[0m"), "{screen:.2000}");
}

#[test]
fn undo_takes_back_the_persons_last_move() {
    let dir = std::env::temp_dir().join(format!("hunters-undo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("undo.log");
    // Nothing to undo at first; then a move, the bot's reply, undo, and another first move.
    let input = format!("undo\n0\nundo\n1\n{}", first_moves());
    let o = person_against_greedy(&log, &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let talk = stderr(&o);
    assert!(talk.contains("Nothing to undo"), "{talk:.3000}");
    assert!(talk.contains("Your last move is taken back."));
    let text = std::fs::read_to_string(&log).unwrap();
    let first = text.lines().find(|l| l.starts_with("place 1 ")).unwrap();
    assert!(
        first.starts_with("place 1 67 0,-1 r0 gatherer N"),
        "{first}"
    );
    let v = hunters(&["verify", log.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stdout(&v));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Entries in any case and with the obvious spacing are the moves a log writes: every legal
/// move of the first turns of games of each variant, typed carelessly, reads as itself.
#[test]
fn moves_may_be_typed_in_any_case_and_spacing() {
    use hunters::Variant;
    use hunters::game::Game;
    use hunters::notation::{move_text, read_move};
    let mut checked = 0;
    for name in ["2002", "2020", "2014-scout"] {
        let variant = Variant::load(name).unwrap();
        let mut game = Game::seeded(&variant, 2, 11);
        let mut moves = Vec::new();
        for _ in 0..12 {
            if game.turn().is_none() {
                break;
            }
            game.legal_moves(&mut moves);
            for mv in &moves {
                let text = move_text(&game, mv);
                if !text.starts_with("place") {
                    continue;
                }
                // `place P TILE X,Y rDEG [PIECE ZONE]` → `X Y R DEG [Piece zone]`.
                let w: Vec<&str> = text.split_whitespace().collect();
                let (x, y) = w[3].split_once(',').unwrap();
                let mut careless = format!("{x} {y} R {}", &w[4][1..]);
                for word in &w[5..] {
                    let mut c = word.chars();
                    let first = c.next().unwrap();
                    careless.push(' ');
                    careless.push_str(&if word.len() <= 2 {
                        word.to_ascii_lowercase()
                    } else {
                        first.to_ascii_uppercase().to_string() + c.as_str()
                    });
                }
                if game.turn().unwrap().tile.is_none() {
                    continue;
                }
                assert_eq!(
                    read_move(&game, &careless),
                    Ok(*mv),
                    "{name}: {careless:?} for {text:?}"
                );
                checked += 1;
            }
            game.play_unchecked(moves[0]);
        }
    }
    assert!(checked > 100, "{checked}");
}

/// `help` explains the zone names, and lists the Scout's commands only where the Scout is
/// played; the status line counts in words that agree and names the menhir tiles.
#[test]
fn help_fits_the_game_and_counts_read_right() {
    let help = |variant: &str| {
        let o = with_input(
            &[
                "play",
                "--variant",
                variant,
                "--bots",
                "human,greedy",
                "--seed",
                "3",
            ],
            "Help\nquit\ny\n",
        );
        stderr(&o)
    };
    let plain = help("2020");
    assert!(
        plain.contains("Nw Ne En Es") && plain.contains("L0 L1"),
        "{plain}"
    );
    assert!(!plain.contains("refuse PLAYER"), "{plain}");
    assert!(plain.contains("menhir tiles to come"), "{plain}");
    assert!(!plain.contains("bonus tiles to come"), "{plain}");
    let scout = help("2002-scout");
    assert!(scout.contains("refuse PLAYER") && scout.contains("bonus tiles to come"));
    // One hut left reads "1 hut": 2002 starts with two. Find a deal whose first tile takes
    // a hut, place it, and read the next turn's status line.
    use hunters::Variant;
    use hunters::game::Game;
    use hunters::notation::move_text;
    let variant = Variant::load("2002").unwrap();
    let mut moves = Vec::new();
    let (seed, n) = (1..200u64)
        .find_map(|seed| {
            let game = Game::seeded(&variant, 2, seed);
            game.legal_moves(&mut moves);
            moves
                .iter()
                .position(|m| move_text(&game, m).contains(" hut "))
                .map(|n| (seed, n))
        })
        .expect("some deal's first tile takes a hut");
    let o = with_input(
        &[
            "play",
            "--variant",
            "2002",
            "--bots",
            "human,greedy",
            "--seed",
            &seed.to_string(),
        ],
        &format!("{n}\nquit\ny\n"),
    );
    let talk = stderr(&o);
    assert!(talk.contains("1 hut in your supply"), "{talk}");
    assert!(!talk.contains("1 huts"), "{talk}");
}

/// A person sees what the bots did after each of their moves — the tile, its piece, every
/// score with its breakdown, the pieces going home — and at the end the final scoring, feature
/// by feature.
#[test]
fn a_person_sees_each_bot_move_and_the_final_scoring() {
    let o = with_input(
        &[
            "play",
            "--variant",
            "2020",
            "--bots",
            "human,greedy",
            "--seed",
            "1",
        ],
        &first_moves(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let talk = stderr(&o);
    assert!(talk.contains("  greedy (blue) lays "), "{talk}");
    assert!(talk.contains("  player 1 (red) lays "), "{talk}");
    assert!(
        talk.lines().any(|l| l.starts_with("  greedy (blue) ")
            && l.contains(" for the ")
            && l.contains(" x ")),
        "a bot's score with its breakdown: {talk}"
    );
    assert!(talk.contains("goes home"), "{talk}");
    let end = talk
        .split("Final scoring, feature by feature:")
        .nth(1)
        .expect("the final scoring");
    let features = end.lines().filter(|l| l.contains(" for the ")).count();
    assert!(features >= 3, "{end}");
}

/// `look X,Y` shows what the text board cannot: the tile and how it lies, each zone by the
/// name moves use with its feature (size, animals, fish, complete or open, who claims it),
/// and the pieces on it — on a pseudo-terminal and on plain standard input.
#[test]
fn look_shows_a_square_up_close() {
    // Move 1 of seed 1 puts a gatherer on the north forest of tile 78 at 0,-1.
    let input = "1\nlook 0 -1\nlook 0,0\nlook 9,9\nlook\nquit\ny\n";
    let check = |screen: &str| {
        for seen in [
            "Square 0,-1: tile 78 turned r0 (the 1st tile laid).",
            "gatherers: player 1",
            "On this tile: player 1's gatherer on N.",
            "Square 0,0: tile 56 turned r0 (the start tile).",
            "L0  lake with 1 fish; its river system:",
            " deer), ",
            "No tile lies on 9,9.",
            "Look at which square?",
        ] {
            assert!(screen.contains(seen), "{seen}: {screen}");
        }
    };
    let o = with_input(
        &[
            "play",
            "--variant",
            "2020",
            "--bots",
            "human,greedy",
            "--seed",
            "1",
        ],
        input,
    );
    check(&stderr(&o));
    if Command::new("script").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI has `script`");
        return;
    }
    let command = format!(
        "{} play --variant 2020 --bots human,greedy --seed 1",
        env!("CARGO_BIN_EXE_hunters")
    );
    let mut script = Command::new("script");
    script.args(["-q", "-e", "-c", &command, "/dev/null"]);
    let out = feed(script, input);
    check(&String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"));
}
