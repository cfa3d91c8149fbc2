//! Legal-move counts at fixed positions, as chess engines keep perft numbers: the move generator
//! is checked against numbers that do not come from it.
//!
//! A position is a golden log after its first few moves (logs are text, independent of how
//! moves are generated). `tests/vectors/perft.txt` holds, for each, the moves of the player to
//! move (perft 1) and the moves of the following turn summed over each of them (perft 2). The
//! numbers were counted by trying every conceivable move — every empty square next to a tile,
//! every rotation, every shaman choice, every piece on every zone and spot, every Scout tile,
//! the draw and the refusal — against the rules ([`Game::check`]), not by listing the legal
//! ones. `HUNTERS_BLESS_PERFT=1 cargo test --test suite perft::` counts them so again and
//! rewrites the file; a change to the rules shows there as a diff to read.

use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::PathBuf;

use hunters::board::Placement;
use hunters::game::{Game, Move, Play};
use hunters::scout::Special;
use hunters::{PieceAt, Pos, Rotation, ZoneId, log, replay};

const VECTORS: &str = "tests/vectors/perft.txt";
/// How far into each golden log the positions are.
const DEPTHS: [usize; 4] = [0, 7, 24, 45];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The game of `file` (under golden/) after its first `moves` moves; `None` past its end.
fn position(file: &str, moves: usize) -> Option<Game> {
    let path = root().join("golden").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let parsed = log::parse(&text, file).unwrap();
    let game = replay::replay_to(&parsed, Some(&root().join("golden")), Some(moves)).unwrap();
    // A log that ends before `moves` has no position there.
    (!game.is_over()).then_some(game)
}

/// Every legal move, found by asking the rules about every move that could be written.
fn by_the_rules(game: &Game) -> Vec<Move> {
    let Some(turn) = game.turn() else {
        return Vec::new();
    };
    let mut candidates = vec![Move::refuse(), Move::draw()];
    let mut plays: Vec<(Play, usize)> = Vec::new();
    match turn.tile {
        Some(drawn) => plays.push((Play::Drawn, drawn)),
        None => {
            for s in game.hand(turn.player) {
                if let Special::Tile(t) = s {
                    plays.push((Play::Special(*t), *t));
                }
            }
        }
    }
    let board = game.board();
    let taken: BTreeSet<(i32, i32)> = board.placed().iter().map(|p| (p.pos.x, p.pos.y)).collect();
    let mut squares: BTreeSet<(i32, i32)> = BTreeSet::new();
    for &(x, y) in &taken {
        for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            if !taken.contains(&(x + dx, y + dy)) {
                squares.insert((x + dx, y + dy));
            }
        }
    }
    let placed = board.len() as u16;
    let mut recalls = vec![None];
    recalls.extend((0..game.pieces().len()).map(Some));
    for &(play, t) in &plays {
        let tile = &game.tiles().tiles[t];
        let mut pieces = vec![None];
        for piece in hunters::Piece::ALL {
            for zone in tile.zones() {
                pieces.push(Some((piece, PieceAt::Zone(ZoneId { placed, zone }))));
            }
            for spot in 0..tile.spots.len() {
                pieces.push(Some((
                    piece,
                    PieceAt::Spot {
                        placed,
                        spot: spot as u8,
                    },
                )));
            }
        }
        for &(x, y) in &squares {
            for rot in Rotation::ALL {
                let at = Placement {
                    pos: Pos { x, y },
                    rot,
                };
                for &recall in &recalls {
                    for &piece in &pieces {
                        candidates.push(Move {
                            at,
                            recall,
                            piece,
                            play,
                        });
                    }
                }
            }
        }
    }
    candidates.retain(|m| game.check(*m).is_ok());
    candidates
}

/// Perft 2 by `count`: the moves of the next turn, summed over every move now.
fn perft2(game: &Game, moves: &[Move], count: impl Fn(&Game) -> usize) -> usize {
    moves
        .iter()
        .map(|&m| {
            let mut next = game.clone();
            next.play(m).unwrap();
            count(&next)
        })
        .sum()
}

fn generated(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

fn key(m: &Move) -> String {
    format!("{m:?}")
}

/// The vector file's lines: log, moves played, perft 1, perft 2.
fn vectors() -> Vec<(String, usize, usize, usize)> {
    let text = std::fs::read_to_string(root().join(VECTORS)).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(w.len(), 4, "{VECTORS}: {l}");
            (
                w[0].to_string(),
                w[1].parse().unwrap(),
                w[2].parse().unwrap(),
                w[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_generator_lists_the_moves_the_rules_allow_at_fixed_positions() {
    if std::env::var_os("HUNTERS_BLESS_PERFT").is_some() {
        bless();
    }
    let vectors = vectors();
    let variants: BTreeSet<&str> = vectors
        .iter()
        .map(|(f, ..)| {
            // `2002-scout-s3-4mixed.log` is of `2002-scout`.
            let seed = (0..f.len())
                .find(|&i| {
                    f[i..].starts_with("-s") && f[i + 2..].starts_with(|c: char| c.is_ascii_digit())
                })
                .unwrap();
            &f[..seed]
        })
        .collect();
    assert_eq!(
        variants.into_iter().collect::<Vec<_>>(),
        ["2002", "2002-scout", "2014", "2014-scout", "2020"],
        "every variant has positions"
    );
    assert!(vectors.len() >= 60, "{} positions", vectors.len());
    for (file, moves, p1, p2) in vectors {
        let game = position(&file, moves).expect("the position exists");
        let listed = generated(&game);
        let at = format!("{file} after {moves} moves");
        assert_eq!(listed.len(), p1, "perft 1 of {at}");
        // The same moves, not only as many: the rules' own list, move by move.
        let ruled: BTreeSet<String> = by_the_rules(&game).iter().map(key).collect();
        let listed_set: BTreeSet<String> = listed.iter().map(key).collect();
        assert_eq!(listed_set.len(), listed.len(), "no move twice at {at}");
        let missing: Vec<_> = ruled.difference(&listed_set).take(3).collect();
        let extra: Vec<_> = listed_set.difference(&ruled).take(3).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{at}: legal but not generated {missing:?}; generated but illegal {extra:?}"
        );
        assert_eq!(
            perft2(&game, &listed, |g| generated(g).len()),
            p2,
            "perft 2 of {at}"
        );
    }
}

/// Counts every position by the rules alone and rewrites the vector file.
fn bless() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("golden"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".log") && f.contains("-s") && !f.contains("special"))
        .collect();
    files.sort();
    let mut out = String::from(
        "# Legal-move counts at fixed positions (tests/perft.rs): a golden log after its first\n\
         # MOVES moves, the moves of the player to move there (PERFT1), and the moves of the\n\
         # next turn summed over each of them (PERFT2). Counted by trying every conceivable move\n\
         # against the rules, not by the move generator; rewritten by\n\
         # `HUNTERS_BLESS_PERFT=1 cargo test --test suite perft::`.\n\
         # LOG                              MOVES  PERFT1  PERFT2\n",
    );
    for file in files {
        for moves in DEPTHS {
            let Some(game) = position(&file, moves) else {
                continue;
            };
            let ruled = by_the_rules(&game);
            let p2 = perft2(&game, &ruled, |g| by_the_rules(g).len());
            let _ = writeln!(out, "{file:<34} {moves:>5} {:>7} {p2:>7}", ruled.len());
        }
    }
    std::fs::write(root().join(VECTORS), out).unwrap();
}
