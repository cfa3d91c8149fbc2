//! The incremental features equal a from-scratch recompute after every placement of thousands
//! of random games on each tile set.

use crate::common;
use crate::props;

use std::collections::BTreeSet;

use common::{Laid, Oracle};
use hunters::feature::TileFeatures;
use hunters::tile::Piece;
use hunters::{Board, Deck, Features, PieceAt, TileSet, ZoneId, ZoneKind};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays `games` random games on `set`: every tile of the regular deck with the bonus (and
/// Scout) tiles shuffled in, each at a uniformly chosen legal placement; now and then a random
/// piece of a random player goes on the new tile, and now and then one is taken away again.
/// After every placement the engine must equal the oracle. Half the games add each tile with
/// the tiles' own features worked out beforehand, as a game does. Returns the placements made.
fn random_games(set: &TileSet, games: u64, seed: u64) -> usize {
    let tiles = &set.tiles;
    let own = TileFeatures::of(tiles);
    let start = set.deck(Deck::Start)[0];
    let mut board = Board::new(tiles.len() * 2);
    let mut features = Features::new();
    let mut moves = Vec::new();
    let mut placements = 0;
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        board.clear();
        features.clear();
        let mut pieces: Vec<Laid> = Vec::new();
        board.place_start(
            &tiles[start],
            start,
            hunters::Rotation(rng.random_range(0..4)),
        );
        let add = |features: &mut Features, board: &Board| {
            if game % 2 == 0 {
                features.add_tile_with(tiles, &own, board);
            } else {
                features.add_tile(tiles, board);
            }
        };
        add(&mut features, &board);
        let mut deck: Vec<usize> = set.deck(Deck::Regular);
        deck.extend(set.deck(Deck::Bonus));
        deck.extend(set.deck(Deck::Scout));
        deck.shuffle(&mut rng);
        for t in deck {
            board.legal_placements(&tiles[t], &mut moves);
            assert_eq!(moves.is_empty(), !board.can_place(&tiles[t]));
            let Some(&m) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                continue;
            };
            let idx = board
                .place(&tiles[t], t, m)
                .expect("a generated placement is legal");
            add(&mut features, &board);
            placements += 1;

            if rng.random_range(0..3) == 0 {
                let tile = &tiles[t];
                let player = rng.random_range(0..5);
                let zones: Vec<_> = tile.zones().collect();
                let use_spot = !tile.spots.is_empty() && rng.random_range(0..2) == 0;
                let (piece, at) = if use_spot {
                    let s = rng.random_range(0..tile.spots.len());
                    (
                        tile.spots[s].piece,
                        PieceAt::Spot {
                            placed: idx as u16,
                            spot: s as u8,
                        },
                    )
                } else {
                    let z = zones[rng.random_range(0..zones.len())];
                    let piece = match z.kind {
                        ZoneKind::Forest => Piece::Gatherer,
                        ZoneKind::Meadow => Piece::Hunter,
                        ZoneKind::River if rng.random_range(0..2) == 0 => Piece::Fisher,
                        _ => Piece::Hut,
                    };
                    (
                        piece,
                        PieceAt::Zone(ZoneId {
                            placed: idx as u16,
                            zone: z,
                        }),
                    )
                };
                features
                    .add_piece(tiles, &board, piece, player, at)
                    .expect("a fitting piece");
                pieces.push(Laid { piece, player, at });
            }
            if !pieces.is_empty() && rng.random_range(0..8) == 0 {
                let k = rng.random_range(0..pieces.len());
                let p = pieces.swap_remove(k);
                features
                    .remove_piece(tiles, &board, p.piece, p.player, p.at)
                    .unwrap();
            }

            let oracle = Oracle::compute(tiles, &board, &pieces);
            if let Err(e) = oracle.check(tiles, &board, &features) {
                panic!("set {}, game {game}, placement {placements}: {e}", set.name);
            }
            // Every forest and every river listed once, as the oracle counts it.
            for kind in [common::FOREST, common::RIVER] {
                let mut want: Vec<_> = (0..oracle.stats.len())
                    .filter(|&c| oracle.kind(c) == kind)
                    .map(|c| {
                        let s = &oracle.stats[c];
                        (s.open, s.segments, s.tiles, s.players)
                    })
                    .collect();
                let mut got: Vec<_> = if kind == common::FOREST {
                    features
                        .all_forests()
                        .map(|f| (f.open, f.segments, f.tiles, f.gatherers))
                        .collect()
                } else {
                    features
                        .all_rivers()
                        .map(|r| (r.open, r.segments, r.tiles, r.fishers))
                        .collect()
                };
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "the features of kind {kind} listed whole");
            }
            for (kind, done) in [
                (common::FOREST, features.completed_forests()),
                (common::RIVER, features.completed_rivers()),
            ] {
                let want = oracle.completed(tiles, &board, idx, kind);
                let got: BTreeSet<usize> =
                    done.iter().map(|z| oracle.component(*z, false)).collect();
                assert_eq!(got.len(), done.len(), "a completed feature is listed twice");
                assert_eq!(got, want, "completed features of kind {kind} differ");
            }
        }
    }
    placements
}

/// Games per tile set (a tenth unless `HUNTERS_PROPERTY_SCALE` says otherwise).
fn games() -> u64 {
    props::cases(2000)
}

#[test]
fn menhir_set_features_equal_the_oracle() {
    let set = TileSet::builtin("menhir").unwrap();
    let n = random_games(&set, games(), 1);
    assert!(n >= games() as usize * 90, "only {n} placements");
}

#[test]
fn classic_set_features_equal_the_oracle() {
    let set = TileSet::builtin("classic").unwrap();
    let n = random_games(&set, games(), 2);
    assert!(n >= games() as usize * 85, "only {n} placements");
}

#[test]
fn classic_with_scout_features_equal_the_oracle() {
    let set = TileSet::builtin("classic")
        .unwrap()
        .with_expansion(&TileSet::builtin("scout").unwrap())
        .unwrap();
    let n = random_games(&set, games(), 3);
    assert!(n >= games() as usize * 85, "only {n} placements");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any seed, any tile set: the features equal the oracle after every placement.
    #[test]
    fn features_equal_the_oracle_for_any_seed(seed in proptest::prelude::any::<u64>(), which in 0..3usize) {
        let set = match which {
            0 => TileSet::builtin("menhir").unwrap(),
            1 => TileSet::builtin("classic").unwrap(),
            _ => TileSet::builtin("classic")
                .unwrap()
                .with_expansion(&TileSet::builtin("scout").unwrap())
                .unwrap(),
        };
        random_games(&set, 1, seed);
    }
}
