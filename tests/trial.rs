//! A trial and its undo leave the game exactly as it was: `Game::begin_trial`, any number of
//! random moves (often to the end of the game), `Game::undo_trial`, and every part of the
//! state a player or a rule can see is what it was, down to the feature roots; the game then
//! goes on to the same log as a game that never tried anything.

use crate::props;

use hunters::bot::{Bot, BotKind};
use hunters::game::{Game, Move, OnBoard, Turn};
use hunters::log::{self, Header};
use hunters::rng::{below, stream};
use hunters::scout::Special;
use hunters::{
    FeatureKey, ForestInfo, MeadowInfo, Placed, Pos, RiverInfo, SystemInfo, Variant, ZoneId,
    ZoneKind, ZoneRef,
};

const VARIANTS: [&str; 5] = ["2002", "2014", "2020", "2002-scout", "2014-scout"];

/// Everything observable about a game, features included (roots, counters), as values:
/// compared field by field, and printed only when a comparison fails.
#[derive(Debug, PartialEq)]
struct State {
    placed: Vec<Placed>,
    pieces: Vec<OnBoard>,
    seats: Vec<((u8, u8), u32, Vec<Special>)>,
    turn: Option<Turn>,
    regular_left: usize,
    frontier: Vec<Pos>,
    events: usize,
    zones: Vec<Zone>,
}

/// One zone of a placed tile: the feature it belongs to, and that feature's counters.
#[derive(Debug, PartialEq)]
enum Zone {
    Forest(FeatureKey, ForestInfo),
    Meadow(FeatureKey, MeadowInfo),
    River(FeatureKey, RiverInfo, SystemInfo),
    Lake(FeatureKey, SystemInfo),
}

fn state(g: &Game) -> State {
    let tiles = &g.tiles().tiles;
    let board = g.board();
    let f = g.features();
    let mut frontier: Vec<Pos> = board.frontier().collect();
    frontier.sort_by_key(|p| (p.x, p.y));
    let mut zones = Vec::new();
    for (placed, p) in board.placed().iter().enumerate() {
        let tile = &tiles[p.tile];
        for kind in [
            ZoneKind::Forest,
            ZoneKind::Meadow,
            ZoneKind::River,
            ZoneKind::Lake,
        ] {
            for index in 0..tile.zone_count(kind) {
                let z = ZoneId {
                    placed: placed as u16,
                    zone: ZoneRef {
                        kind,
                        index: index as u8,
                    },
                };
                let key = f.key(tiles, board, z, kind == ZoneKind::Lake);
                zones.push(match kind {
                    ZoneKind::Forest => Zone::Forest(key, *f.forest(z)),
                    ZoneKind::Meadow => Zone::Meadow(key, *f.meadow(z)),
                    ZoneKind::River => Zone::River(key, *f.river(z), *f.system(tiles, board, z)),
                    ZoneKind::Lake => Zone::Lake(key, *f.system(tiles, board, z)),
                });
            }
        }
    }
    State {
        placed: board.placed().to_vec(),
        pieces: g.pieces().to_vec(),
        seats: (0..g.players())
            .map(|p| (g.supply(p), g.total(p), g.hand(p).to_vec()))
            .collect(),
        turn: g.turn(),
        regular_left: g.regular_left(),
        frontier,
        events: g.events().len(),
        zones,
    }
}

fn random_move(g: &Game, rng: &mut hunters::rng::Stream) -> Move {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves[below(rng, moves.len())]
}

#[test]
fn trial_and_undo_leave_the_game_as_it_was() {
    let mut trials = 0;
    let mut tile_tries = 0;
    let games = props::cases(1000);
    for i in 0..games {
        let variant = VARIANTS[(i % 5) as usize];
        let players = 2 + (i as usize / 5) % 4;
        let v = Variant::load(variant).unwrap();
        let seed = 7919 * i + 3;
        let kinds: Vec<BotKind> = (0..players)
            .map(|s| {
                if (i + s as u64).is_multiple_of(3) {
                    BotKind::Greedy
                } else {
                    BotKind::Random
                }
            })
            .collect();
        // The same game twice: one tries moves along the way, the other never does.
        let mut tried = Game::seeded(&v, players, seed);
        let mut plain = Game::seeded(&v, players, seed);
        let mut bots_a: Vec<Box<dyn Bot + Send>> = kinds
            .iter()
            .enumerate()
            .map(|(s, k)| k.make(seed, s))
            .collect();
        let mut bots_b: Vec<Box<dyn Bot + Send>> = kinds
            .iter()
            .enumerate()
            .map(|(s, k)| k.make(seed, s))
            .collect();
        let mut rng = stream(seed, "trial test");
        let mut moves = Vec::new();
        while let Some(turn) = tried.turn() {
            if turn.tile.is_some() && below(&mut rng, 4) == 0 {
                // The drawn tile laid into the board and the features only, and taken back.
                let before = state(&tried);
                tried.legal_moves(&mut moves);
                moves.retain(|m| m.play == hunters::game::Play::Drawn);
                if !moves.is_empty() {
                    let at = moves[below(&mut rng, moves.len())].at;
                    assert!(tried.try_tile(at));
                    assert_eq!(tried.board().len(), tried.features().tile_count());
                    assert!(tried.in_trial());
                    tried.undo_trial();
                    assert_eq!(
                        state(&tried),
                        before,
                        "{variant} seed {seed}: try_tile left a trace"
                    );
                    tile_tries += 1;
                }
            }
            if below(&mut rng, 4) == 0 {
                let before = state(&tried);
                tried.begin_trial();
                assert!(tried.in_trial());
                // A few moves, or to the end of the game.
                let depth = if below(&mut rng, 3) == 0 {
                    usize::MAX
                } else {
                    1 + below(&mut rng, 6)
                };
                let mut played = 0;
                while !tried.is_over() && played < depth {
                    let m = random_move(&tried, &mut rng);
                    tried.play(m).unwrap();
                    played += 1;
                }
                tried.undo_trial();
                assert!(!tried.in_trial());
                assert_eq!(
                    state(&tried),
                    before,
                    "{variant} seed {seed}: a trial of {played} moves left a trace"
                );
                trials += 1;
            }
            tried.legal_moves(&mut moves);
            let m = bots_a[turn.player].choose(&tried, &moves).unwrap();
            tried.play(m).unwrap();
            plain.legal_moves(&mut moves);
            let m = bots_b[turn.player].choose(&plain, &moves).unwrap();
            plain.play(m).unwrap();
        }
        assert!(plain.is_over());
        let header = Header::for_bots(variant, seed, &kinds);
        assert_eq!(
            log::write(&tried, &header),
            log::write(&plain, &header),
            "{variant} seed {seed}: the game with trials went another way"
        );
    }
    assert!(trials > 10 * games, "only {trials} trials in {games} games");
    assert!(
        tile_tries > 10 * games,
        "only {tile_tries} tiles tried in {games} games"
    );
}

/// `Features::preview` says what laying a tile would make of the features without laying it:
/// for every legal placement of every turn of many games, each zone's forest, meadow, river
/// and river system in the preview equal what laying the tile (`Game::try_tile`) gives.
#[test]
fn the_preview_of_a_placement_equals_laying_it() {
    let mut compared = 0usize;
    let mut preview = hunters::feature::Preview::default();
    let games = props::cases(200);
    for i in 0..games {
        let variant = VARIANTS[(i % 5) as usize];
        let v = Variant::load(variant).unwrap();
        let seed = 104_729 * i + 11;
        let players = 2 + (i as usize / 5) % 4;
        let mut g = Game::seeded(&v, players, seed);
        let own = hunters::feature::TileFeatures::of(&g.tiles().tiles);
        let mut rng = stream(seed, "preview test");
        let mut moves = Vec::new();
        while let Some(turn) = g.turn() {
            g.legal_moves(&mut moves);
            if let Some(tile_index) = turn.tile {
                let tile = g.tiles().tiles[tile_index].clone();
                let mut places: Vec<_> = moves
                    .iter()
                    .filter(|m| m.play == hunters::game::Play::Drawn)
                    .map(|m| m.at)
                    .collect();
                places.dedup();
                for at in places {
                    // Half the games preview from the own features the game keeps for its
                    // set, as a bot does; the others from the set's worked out apart.
                    if i % 2 == 0 {
                        g.preview(tile_index, at, (true, true), &mut preview);
                    } else {
                        g.features().preview(
                            (&g.tiles().tiles, g.board()),
                            (&own, tile_index),
                            at,
                            (true, true),
                            &mut preview,
                        );
                    }
                    assert!(g.try_tile(at));
                    let placed = (g.board().len() - 1) as u16;
                    let (tiles, f) = (&g.tiles().tiles, g.features());
                    let z = |kind, index: usize| ZoneId {
                        placed,
                        zone: ZoneRef {
                            kind,
                            index: index as u8,
                        },
                    };
                    for (k, p) in preview.forests.iter().enumerate() {
                        assert_eq!(
                            p,
                            f.forest(z(ZoneKind::Forest, k)),
                            "{variant} {seed} forest {k}"
                        );
                    }
                    for (k, p) in preview.meadows.iter().enumerate() {
                        assert_eq!(
                            p,
                            f.meadow(z(ZoneKind::Meadow, k)),
                            "{variant} {seed} meadow {k}"
                        );
                    }
                    for (k, p) in preview.rivers.iter().enumerate() {
                        assert_eq!(
                            p,
                            f.river(z(ZoneKind::River, k)),
                            "{variant} {seed} river {k}"
                        );
                    }
                    let nr = tile.rivers.len();
                    for (k, p) in preview.systems.iter().enumerate() {
                        let zone = if k < nr {
                            z(ZoneKind::River, k)
                        } else {
                            z(ZoneKind::Lake, k - nr)
                        };
                        assert_eq!(
                            p,
                            f.system(tiles, g.board(), zone),
                            "{variant} {seed} system {k}"
                        );
                    }
                    let completes =
                        !f.completed_forests().is_empty() || !f.completed_rivers().is_empty();
                    assert_eq!(preview.completes, completes, "{variant} {seed}");
                    assert_eq!(preview.forests.len(), tile.forests.len());
                    g.undo_trial();
                    compared += 1;
                }
            }
            let m = moves[below(&mut rng, moves.len())];
            g.play(m).unwrap();
        }
    }
    assert!(
        compared > 2_000 * games as usize,
        "only {compared} placements compared in {games} games"
    );
}
