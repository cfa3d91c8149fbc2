//! Placement rules: a tile goes beside the landscape and every side it touches continues.

use std::collections::BTreeSet;

use hunters::{Board, Deck, Dir, PlaceError, Placement, Pos, Rotation, Side, TileSet};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn menhir() -> TileSet {
    TileSet::builtin("menhir").unwrap()
}

/// Brute force: every square within one of the laid tiles and every rotation, checked side by
/// side against the neighbours with `Tile::side` alone.
fn brute_force(set: &TileSet, board: &Board, t: usize) -> BTreeSet<(Pos, Rotation)> {
    let tile = &set.tiles[t];
    let xs = board.placed().iter().map(|p| p.pos.x);
    let ys = board.placed().iter().map(|p| p.pos.y);
    let (x0, x1) = (xs.clone().min().unwrap() - 1, xs.max().unwrap() + 1);
    let (y0, y1) = (ys.clone().min().unwrap() - 1, ys.max().unwrap() + 1);
    let mut out = BTreeSet::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            let pos = Pos::new(x, y);
            if board.at(pos).is_some() {
                continue;
            }
            for rot in Rotation::ALL {
                let mut touches = false;
                let fits = Dir::ALL.iter().all(|&d| match board.at(pos.step(d)) {
                    None => true,
                    Some(n) => {
                        touches = true;
                        set.tiles[n.tile].side(n.rot, d.opposite()) == tile.side(rot, d)
                    }
                });
                if touches && fits {
                    out.insert((pos, rot));
                }
            }
        }
    }
    out
}

#[test]
fn generated_placements_are_exactly_the_legal_ones() {
    for name in ["menhir", "classic"] {
        let set = TileSet::builtin(name).unwrap();
        let start = set.deck(Deck::Start)[0];
        let mut moves = Vec::new();
        for seed in 0..60 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut board = Board::new(set.tiles.len());
            board.place_start(&set.tiles[start], start, Rotation(0));
            let mut deck = set.deck(Deck::Regular);
            deck.extend(set.deck(Deck::Bonus));
            deck.shuffle(&mut rng);
            for t in deck {
                let tile = &set.tiles[t];
                board.legal_placements(tile, &mut moves);
                let want = brute_force(&set, &board, t);
                let got: BTreeSet<(Pos, Rotation)> = moves.iter().map(|m| (m.pos, m.rot)).collect();
                assert_eq!(got.len(), moves.len(), "a placement is listed twice");
                assert!(got.is_subset(&want), "an illegal placement was generated");
                // Every legal placement is generated, or one that looks the same (a symmetric
                // tile turned so that every zone lands on the same sides).
                for &(pos, rot) in &want {
                    let same = |r: Rotation| {
                        Dir::ALL
                            .iter()
                            .all(|&d| tile.side(r, d) == tile.side(rot, d))
                    };
                    assert!(
                        got.iter().any(|&(p, r)| p == pos && same(r)),
                        "{name} tile {}: legal {pos} rot {} missing",
                        tile.id,
                        rot.0
                    );
                }
                for m in &moves {
                    assert_eq!(board.check(tile, *m), Ok(()));
                }
                assert_eq!(board.can_place(tile), !want.is_empty());
                if let Some(&m) = moves.get(rng.random_range(0..moves.len().max(1))) {
                    board.place(tile, t, m).unwrap();
                }
            }
        }
    }
}

#[test]
fn illegal_placements_are_refused_with_the_reason() {
    let set = menhir();
    let (start, start_tile) = set.tile("56").unwrap();
    let mut board = Board::new(set.tiles.len());
    board.place_start(start_tile, start, Rotation(0));
    // Start tile 56: N meadow, E forest, S forest, W river.
    let (m, meadow_tile) = set.tile("61").unwrap(); // MMMM
    let at = |x, y, r| Placement {
        pos: Pos::new(x, y),
        rot: Rotation(r),
    };
    assert_eq!(
        board.check(meadow_tile, at(0, 0, 0)),
        Err(PlaceError::Occupied)
    );
    assert_eq!(
        board.check(meadow_tile, at(1, 1, 0)),
        Err(PlaceError::NotAdjacent),
        "corner only"
    );
    assert_eq!(
        board.check(meadow_tile, at(5, 5, 0)),
        Err(PlaceError::NotAdjacent)
    );
    assert_eq!(
        board.check(meadow_tile, at(1, 0, 0)),
        Err(PlaceError::Mismatch {
            dir: Dir::W,
            tile: Side::Meadow,
            neighbour: Side::Forest
        }),
        "meadow against forest"
    );
    assert_eq!(
        board.check(meadow_tile, at(0, -1, 0)),
        Ok(()),
        "meadow against meadow"
    );
    let before = board.len();
    assert_eq!(
        board.place(meadow_tile, m, at(-1, 0, 0)),
        Err(PlaceError::Mismatch {
            dir: Dir::E,
            tile: Side::Meadow,
            neighbour: Side::River
        })
    );
    assert_eq!(board.len(), before, "a refused placement changes nothing");
    board.place(meadow_tile, m, at(0, -1, 0)).unwrap();
    // A square between two tiles must match both.
    let (_, forests) = set.tile("44").unwrap(); // F F M F: forest N+W, forest E, meadow S
    let frontier: BTreeSet<Pos> = board.frontier().collect();
    assert!(frontier.contains(&Pos::new(1, -1)) && frontier.contains(&Pos::new(1, 0)));
    assert!(!frontier.contains(&Pos::new(0, -1)));
    let mut moves = Vec::new();
    board.legal_placements(forests, &mut moves);
    assert!(moves.iter().all(|m| board.check(forests, *m).is_ok()));
}

#[test]
fn a_cleared_board_plays_the_same_game_again() {
    let set = menhir();
    let start = set.deck(Deck::Start)[0];
    let mut board = Board::new(set.tiles.len());
    let run = |board: &mut Board| {
        board.clear();
        board.place_start(&set.tiles[start], start, Rotation(0));
        let mut moves = Vec::new();
        let mut laid = Vec::new();
        for t in set.deck(Deck::Regular) {
            board.legal_placements(&set.tiles[t], &mut moves);
            if let Some(m) = moves.last() {
                board.place(&set.tiles[t], t, *m).unwrap();
                laid.push(*m);
            }
        }
        (laid, board.frontier().collect::<BTreeSet<_>>())
    };
    let first = run(&mut board);
    let second = run(&mut board);
    assert_eq!(first, second);
    assert!(first.0.len() > 70);
}

#[test]
fn a_full_board_takes_no_more_tiles() {
    let set = menhir();
    let (m, meadow) = set.tile("61").unwrap();
    let mut board = Board::new(2);
    board.place_start(meadow, m, Rotation(0));
    board
        .place(
            meadow,
            m,
            Placement {
                pos: Pos::new(1, 0),
                rot: Rotation(0),
            },
        )
        .unwrap();
    let next = Placement {
        pos: Pos::new(2, 0),
        rot: Rotation(0),
    };
    assert_eq!(board.check(meadow, next), Err(PlaceError::Full));
    let mut moves = vec![next];
    board.legal_placements(meadow, &mut moves);
    assert!(moves.is_empty());
    assert!(!board.can_place(meadow));
}

/// The grid starts small and grows as the landscape nears its edge: a line of 40 tiles in
/// each direction keeps every tile and every frontier square where it was.
#[test]
fn the_board_grows_with_the_landscape() {
    let set = menhir();
    let (m, meadow) = set.tile("61").unwrap();
    let mut board = Board::new(200);
    board.place_start(meadow, m, Rotation(0));
    let mut laid = vec![Pos::ORIGIN];
    for i in 1..=40 {
        for pos in [
            Pos::new(i, 0),
            Pos::new(-i, 0),
            Pos::new(0, i),
            Pos::new(0, -i),
        ] {
            board
                .place(
                    meadow,
                    m,
                    Placement {
                        pos,
                        rot: Rotation(0),
                    },
                )
                .unwrap();
            laid.push(pos);
        }
    }
    for (i, pos) in laid.iter().enumerate() {
        assert_eq!(board.index_at(*pos), Some(i), "{pos:?}");
    }
    // The squares beside the arms are free and take a tile; the corners between are not
    // adjacent to anything.
    assert_eq!(board.index_at(Pos::new(41, 0)), None);
    let mut moves = Vec::new();
    board.legal_placements(meadow, &mut moves);
    assert!(moves.iter().any(|p| p.pos == Pos::new(41, 0)));
    assert!(moves.iter().any(|p| p.pos == Pos::new(-40, 1)));
    assert!(moves.iter().all(|p| board.check(meadow, *p).is_ok()));
    assert_eq!(
        board.check(
            meadow,
            Placement {
                pos: Pos::new(5, 5),
                rot: Rotation(0)
            }
        ),
        Err(PlaceError::NotAdjacent)
    );
    // Each arm has 40 squares on either side and one at its end; the four squares between
    // two arms next to the start tile belong to both.
    assert_eq!(moves.len(), 4 * (2 * 40 + 1) - 4);
}
