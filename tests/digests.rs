//! The game logs of 1,000 fixed seeds over the five built-in variants, with random, greedy and
//! mixed seats, are exactly the logs recorded in `tests/vectors/log-digests.txt` (one FNV-1a
//! digest of the whole log but its `Version` line per game). A change of the engine that is meant to be invisible —
//! a faster move generator, a new feature store, undo instead of copy — must leave every line
//! as it is; a change of the rules or the bots shows here game by game.
//!
//! When a change is *meant* to alter games, write the digests again on purpose:
//!
//! ```sh
//! HUNTERS_WRITE_DIGESTS=1 cargo test --release --test suite digests::
//! ```
//!
//! and say in the commit which games changed and why.

use std::fmt::Write;
use std::path::PathBuf;

use hunters::Variant;
use hunters::bot::{BotKind, play_out};
use hunters::compare::Table;
use hunters::game::Game;
use hunters::log::{self, Header};

const VARIANTS: [&str; 5] = ["2002", "2014", "2020", "2002-scout", "2014-scout"];
const GAMES: u64 = 1000;

fn file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/log-digests.txt")
}

/// FNV-1a, 64 bits: small, stable on every machine and version.
pub(crate) fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Game `i`: its variant, seed and seats. Seats cycle through all random, all greedy and
/// greedy/random alternating; 2 to 5 players.
fn game(i: u64) -> (&'static str, u64, Vec<BotKind>) {
    let variant = VARIANTS[(i % 5) as usize];
    let players = 2 + ((i / 5) % 4) as usize;
    let seed = 1_000_003 * i + 17;
    let bots = (0..players)
        .map(|s| match (i / 20) % 3 {
            0 => BotKind::Random,
            1 => BotKind::Greedy,
            _ if s % 2 == 0 => BotKind::Greedy,
            _ => BotKind::Random,
        })
        .collect();
    (variant, seed, bots)
}

/// The digest line of game `i`, played on a new game with new bots, or, with `table`, on the
/// game and bots of the game before, restarted.
fn line(i: u64, table: Option<&mut Table>) -> String {
    let (variant, seed, bots) = game(i);
    let v = Variant::load(variant).unwrap();
    let mut fresh;
    let g = match table {
        None => {
            fresh = Game::seeded(&v, bots.len(), seed);
            let mut seats: Vec<_> = bots
                .iter()
                .enumerate()
                .map(|(s, b)| b.make(seed, s))
                .collect();
            play_out(&mut fresh, &mut seats).unwrap();
            &fresh
        }
        Some(t) => t.play(&v, &bots, seed, true).unwrap(),
    };
    let text = log::write(g, &Header::for_bots(variant, seed, &bots));
    // The version line changes with every release; the digest pins the game.
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("[Version "))
        .map(|l| format!("{l}\n"))
        .collect();
    let names: Vec<String> = bots.iter().map(|b| b.name()).collect();
    format!(
        "{i} {variant} {seed} {} {:016x}",
        names.join(","),
        fnv1a(&text)
    )
}

#[test]
fn logs_of_a_thousand_seeds_are_unchanged() {
    let mut now = String::new();
    for i in 0..GAMES {
        writeln!(now, "{}", line(i, None)).unwrap();
    }
    if std::env::var_os("HUNTERS_WRITE_DIGESTS").is_some() {
        std::fs::create_dir_all(file().parent().unwrap()).unwrap();
        std::fs::write(file(), &now).unwrap();
        return;
    }
    compare_with_stored(&now);
}

/// A game restarted in place and bots started over, as a run of many games uses them, play
/// the very games new ones play: one game and one set of bots play all the pinned games in
/// turn, through changes of variant, number of players and seats; every seventh game comes
/// after a game that kept no events, as `simulate` plays them.
#[test]
fn restarted_games_and_bots_play_the_same_logs() {
    let mut table = Table::default();
    let mut now = String::new();
    for i in 0..GAMES {
        if i % 7 == 3 {
            let (variant, seed, bots) = game(i + 1);
            let v = Variant::load(variant).unwrap();
            table.play(&v, &bots, seed, false).unwrap();
        }
        writeln!(now, "{}", line(i, Some(&mut table))).unwrap();
    }
    if std::env::var_os("HUNTERS_WRITE_DIGESTS").is_some() {
        return;
    }
    compare_with_stored(&now);
}

fn compare_with_stored(now: &str) {
    let stored = std::fs::read_to_string(file()).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; write it with HUNTERS_WRITE_DIGESTS=1 cargo test --release --test suite digests::",
            file().display()
        )
    });
    let changed: Vec<String> = stored
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("  stored {a}\n  now    {b}"))
        .collect();
    assert_eq!(
        stored.lines().count(),
        now.lines().count(),
        "the number of games changed"
    );
    assert!(
        changed.is_empty(),
        "{} of {GAMES} games write a different log (game, variant, seed, seats, digest):\n{}\n\
         If the change is meant to alter games, write the digests again \
         (HUNTERS_WRITE_DIGESTS=1 cargo test --release --test suite digests::) and say why.",
        changed.len(),
        changed
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_digest_catches_a_changed_byte() {
    let text = "[Format \"hunters-log 1\"]\nplace 1 34 1,0 r90\n";
    assert_ne!(fnv1a(text), fnv1a(&text.replace("r90", "r180")));
    assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
}
