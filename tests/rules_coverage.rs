//! Rules of the rulebooks that no worked example covers, each played out on a real board.
//!
//! `docs/rules.md` maps every rule of every edition to the tests that check it; the rules whose
//! only check is here are the setup, the turn order, unplaceable tiles, the bonus stack running
//! out, the end of the game, the winner, the 2020 shaman tile and the options of the hunting
//! trap and the raft. Each test lays chosen tiles of the built-in sets (`classic` for 2002 and
//! 2014, `menhir` for 2020) around the start tile through the checked `Game::play`.
//!
//! The start tile lies at (0, 0) unturned: a meadow to the north, one forest reaching east and
//! south (a gold nugget in the first edition, a menhir in 2020), and a river running west into
//! a lake with 1 fish. Coordinates grow east (x) and south (y); a rotation is a number of
//! clockwise quarter turns; zones are named by their index on the printed tile. Regular tile
//! `n` has the same shape in both sets, so most scenarios are played under every edition.

use crate::scenario;

use scenario::*;

use hunters::game::{Category, Event, Game, IllegalMove, Move, OnBoard};
use hunters::{Deck, Herd, Piece, PieceAt, Pos, Variant, ZoneId, ZoneKind};

const GREEN: usize = 2;

// ---------------------------------------------------------------------------------------------
// Setting up and playing

/// A game of built-in variant `variant` with `options` changed, whose regular and bonus decks
/// hold exactly these tiles in this order (a tile may appear twice).
fn game(
    variant: &str,
    options: &[(&str, &str)],
    players: usize,
    regular: &[&str],
    bonus: &[&str],
) -> Game {
    let (set, rules) = rules(variant, options);
    let (regular, bonus) = (deck_of(&set, regular), deck_of(&set, bonus));
    Game::new(set, rules, players, regular, bonus)
}

fn legal(game: &Game) -> Vec<Move> {
    let mut out = Vec::new();
    game.legal_moves(&mut out);
    out
}

/// `player` lays `id` (a regular tile, or a bonus tile when `bonus`) with `put`; the move must
/// be offered by `legal_moves` and accepted by `play`.
fn lay_as(game: &mut Game, player: usize, id: &str, bonus: bool, at: (i32, i32, u8), put: Put) {
    expect_turn(game, player, id, bonus);
    let m = drawn_move(game, at, None, put);
    assert!(
        legal(game).contains(&m),
        "player {player}: tile {id} at {at:?} with {put:?} is not offered"
    );
    game.play(m)
        .unwrap_or_else(|e| panic!("player {player}: tile {id} at {at:?} refused: {e}"));
}

fn lay(game: &mut Game, player: usize, id: &str, at: (i32, i32, u8), put: Put) {
    lay_as(game, player, id, false, at, put);
}

fn lay_bonus(game: &mut Game, player: usize, id: &str, at: (i32, i32, u8), put: Put) {
    lay_as(game, player, id, true, at, put);
}

/// Everything a refused move must leave as it was: events, tiles laid, pieces on the board,
/// supplies and totals.
type State = (Vec<Event>, usize, Vec<OnBoard>, Vec<(u8, u8)>, Vec<u32>);

fn state(game: &Game) -> State {
    (
        game.events().to_vec(),
        game.board().len(),
        game.pieces().to_vec(),
        (0..game.players()).map(|p| game.supply(p)).collect(),
        (0..game.players()).map(|p| game.total(p)).collect(),
    )
}

/// Asserts that `m` is not offered, that `play` refuses it and that the game is unchanged;
/// returns the reason.
fn refused(game: &mut Game, m: Move) -> IllegalMove {
    assert!(!legal(game).contains(&m), "{m:?} is offered");
    let before = state(game);
    let err = game.play(m).expect_err("the move was allowed");
    assert_eq!(state(game), before, "a refused move changed the game");
    err
}

/// `refused` for the move `make` builds from the game as it stands.
fn refused_move(game: &mut Game, make: impl Fn(&Game) -> Move) -> IllegalMove {
    let m = make(game);
    refused(game, m)
}

fn id(game: &Game, tile: usize) -> String {
    game.tiles().tiles[tile].id.clone()
}

/// The draws and discards since event `from`, as text: `draw 62`, `discard 62`, `bonus B03`.
fn draws_since(game: &Game, from: usize) -> Vec<String> {
    game.events()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::Draw {
                tile, bonus: false, ..
            } => Some(format!("draw {}", id(game, *tile))),
            Event::Draw {
                tile, bonus: true, ..
            } => Some(format!("bonus {}", id(game, *tile))),
            Event::Discard { tile } => Some(format!("discard {}", id(game, *tile))),
            _ => None,
        })
        .collect()
}

/// The scores since event `from`: players, category and points.
fn scores_since(game: &Game, from: usize) -> Vec<(Vec<usize>, Category, u32)> {
    game.events()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::Score(s) => Some((s.players.clone(), s.category, s.points())),
            _ => None,
        })
        .collect()
}

fn log(game: &Game) -> String {
    let mut out = String::from("events:\n");
    for e in game.events() {
        out.push_str(&format!("  {e:?}\n"));
    }
    out
}

// =============================================================================================
// Setup and turns

/// 2002 "takes the 6 tribe members and 2 huts ... puts one tribe member on space 0 ... remaining
/// 5 tribe members and 2 huts as a supply"; 2014 the same; 2020 "Give each player 5 meeples and
/// 3 huts". The start tile lies face up before the first draw, which comes from the regular
/// stack (78 tiles), not from the bonus stack (12 bonus tiles; 16 menhir tiles in 2020).
#[test]
fn setup_gives_each_player_five_meeples_and_the_huts_of_the_edition() {
    for (variant, huts, bonus) in [("2002", 2, 12), ("2014", 2, 12), ("2020", 3, 16)] {
        let v = Variant::load(variant).unwrap();
        assert_eq!(
            (
                v.tiles.count(Deck::Start),
                v.tiles.count(Deck::Regular),
                v.tiles.count(Deck::Bonus)
            ),
            (1, 78, bonus),
            "{variant}"
        );
        for players in 2..=5 {
            let g = Game::seeded(&v, players, 7);
            for p in 0..players {
                assert_eq!(g.supply(p), (5, huts), "{variant} player {p}");
                assert_eq!(g.total(p), 0);
            }
            assert!(g.pieces().is_empty());
            assert_eq!(g.board().len(), 1, "only the start tile lies");
            let start = g.board().at(Pos::new(0, 0)).expect("the start tile");
            assert_eq!(g.tiles().tiles[start.tile].deck, Deck::Start);
            let turn = g.turn().unwrap();
            assert_eq!((turn.player, turn.bonus), (0, false), "{variant}");
            assert_eq!(g.regular_left(), 77, "the first regular tile is drawn");
        }
    }
}

/// "Players take turns in clockwise order" (2002); "The game is played in clockwise order from
/// the start player" (2014); "play continues clockwise" (2020). Seats 0, 1, 2, then 0 again.
#[test]
fn turns_go_round_the_table_in_seat_order() {
    for variant in ["2002", "2014", "2020"] {
        let mut g = game(variant, &[], 3, &["62", "61", "53", "52"], &[]);
        let mut seen = Vec::new();
        for _ in 0..4 {
            let turn = g.turn().unwrap();
            seen.push(turn.player);
            let m = *legal(&g).iter().find(|m| m.piece.is_none()).unwrap();
            g.play(m).unwrap();
        }
        assert_eq!(seen, vec![RED, BLUE, GREEN, RED], "{variant}");
        assert!(g.is_over());
    }
}

/// Tile 63 north of the start (forest north, east and west; meadow south) leaves no square
/// where a tile showing only meadows fits: every open square needs a forest or a river side.
fn no_room_for_meadows(variant: &str, regular: &[&str]) -> Game {
    let mut g = game(variant, &[], 2, regular, &[]);
    lay(&mut g, RED, "63", (0, -1, 0), NOTHING);
    g
}

/// 2002 "In the rare situation where a land tile has no legal place where it can be played,
/// the player discards the land tile from the game, draws another land tile"; 2014 "simply
/// return the tile to the box and draw a new one"; 2020 "return that tile to the box and draw
/// a new tile to replace it". Tiles 62 and 61 (meadow on all sides) fit nowhere: both leave
/// the game and Blue plays tile 37.
#[test]
fn an_unplaceable_tile_is_discarded_and_another_drawn() {
    for variant in ["2002", "2014", "2020"] {
        let mut g = no_room_for_meadows(variant, &["63", "62", "61", "37", "34"]);
        let mark = g
            .events()
            .iter()
            .rposition(|e| matches!(e, Event::Place { .. }))
            .unwrap();
        assert_eq!(
            draws_since(&g, mark),
            ["draw 62", "discard 62", "draw 61", "discard 61", "draw 37"],
            "{variant}"
        );
        expect_turn(&g, BLUE, "37", false);
        lay(&mut g, BLUE, "37", (0, 1, 0), NOTHING);
        // The discarded tiles are gone for good: Red's next tile is 34, then the game ends.
        expect_turn(&g, RED, "34", false);
        let m = *legal(&g).first().unwrap();
        g.play(m).unwrap();
        assert!(g.is_over(), "{variant}");
        let laid: Vec<String> = g.board().placed().iter().map(|p| id(&g, p.tile)).collect();
        assert!(!laid.contains(&"62".to_string()) && !laid.contains(&"61".to_string()));
    }
}

/// rules-matrix §5 Q6: when the last regular tile fits nowhere it is discarded and, with no
/// regular tile left, the game ends (and final scoring follows).
#[test]
fn an_unplaceable_last_tile_ends_the_game() {
    for variant in ["2002", "2014", "2020"] {
        let g = no_room_for_meadows(variant, &["63", "62"]);
        assert!(g.is_over(), "{variant}");
        let discard = g
            .events()
            .iter()
            .position(|e| matches!(e, Event::Discard { .. }))
            .expect("a discard");
        assert_eq!(end_index(&g), discard + 1, "{variant}\n{}", log(&g));
        assert_eq!(g.board().len(), 2);
    }
}

/// The piece comes from the supply and goes on the tile just placed: 2002 "The player must
/// place the tribe member or the hut only on the land tile he just placed"; 2014 "must be placed
/// on the newly placed tile"; 2020 "A meeple or hut can be placed only on the tile you just
/// placed." A hunter for the start tile's meadow, laid with another tile, is refused.
#[test]
fn a_piece_goes_only_on_the_tile_just_placed() {
    for variant in ["2002", "2014", "2020"] {
        let mut g = game(variant, &[], 2, &["62", "61"], &[]);
        expect_turn(&g, RED, "62", false);
        let mut m = drawn_move(&g, (0, -1, 0), None, hunter(0));
        // The start tile (laid first, index 0), not the tile being laid (index 1).
        m.piece = Some((
            Piece::Hunter,
            PieceAt::Zone(ZoneId {
                placed: 0,
                zone: z(ZoneKind::Meadow, 0),
            }),
        ));
        let err = refused(&mut g, m);
        assert!(matches!(err, IllegalMove::Piece(_)), "{variant}: {err}");
        lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
        assert_eq!(
            g.supply(RED).0,
            4,
            "{variant}: the hunter came from the supply"
        );
    }
}

/// 2002 "When a player has no tribe members or huts in his supply, he may not place any more,
/// but continues to place land tiles and score completed forests and rivers"; 2014 "she may not
/// place further tribe members until they are returned to her". Red's five meeples are out
/// (a gatherer in the forest east of the start and four hunters); Red still lays tile 35,
/// without a piece, closes the gatherer's forest and scores it.
#[test]
fn a_player_without_meeples_still_lays_tiles_and_scores() {
    let regular = [
        "41", "48", "39", "49", "40", "51", "60", "52", "62", "53", "35",
    ];
    let mut g = game("2002", &[], 2, &regular, &["B03"]);
    lay(&mut g, RED, "41", (1, 0, 0), gatherer(0));
    lay(&mut g, BLUE, "48", (-1, 0, 0), NOTHING);
    lay(&mut g, RED, "39", (2, 0, 0), hunter(0));
    lay(&mut g, BLUE, "49", (-2, 0, 0), NOTHING);
    lay(&mut g, RED, "40", (3, 0, 0), hunter(0));
    lay(&mut g, BLUE, "51", (-3, 0, 0), NOTHING);
    lay(&mut g, RED, "60", (4, 0, 0), hunter(0));
    lay(&mut g, BLUE, "52", (-4, 0, 0), NOTHING);
    lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
    lay(&mut g, BLUE, "53", (-5, 0, 0), NOTHING);
    expect_turn(&g, RED, "35", false);
    assert_eq!(g.supply(RED), (0, 2));
    // Tile 35 turned twice (forest west) closes the forest 41-39-40-60: no meeple may go on it.
    let offered: Vec<Move> = legal(&g)
        .into_iter()
        .filter(|m| m.at == placement(5, 0, 2))
        .collect();
    assert_eq!(offered, vec![drawn_move(&g, (5, 0, 2), None, NOTHING)]);
    let err = refused_move(&mut g, |g| drawn_move(g, (5, 0, 2), None, hunter(0)));
    assert!(matches!(err, IllegalMove::Piece(_)), "{err}");
    let mark = g.events().len();
    lay(&mut g, RED, "35", (5, 0, 2), NOTHING);
    // 5 forest segments x 2; the gatherer comes home.
    assert_eq!(
        scores_since(&g, mark),
        vec![(vec![RED], Category::Forests, 10)],
        "{}",
        log(&g)
    );
    assert_eq!(g.supply(RED), (1, 2));
}

// =============================================================================================
// Bonus tiles and extra turns

/// The board of `no_room_for_meadows` with the start forest closed by Red: tile 14 east of the
/// start (forest west), tile 55 south of it (turned twice: its single forest north). Every open
/// square still needs a forest or a river side, so a bonus tile showing only meadows (B03, the
/// fire; 85, the wildfire) fits nowhere.
fn closed_with_no_room_for_meadows(variant: &str, options: &[(&str, &str)]) -> Game {
    let bonus: &[&str] = if variant == "2020" {
        &["85", "92"]
    } else {
        &["B03", "B04"]
    };
    let mut g = game(variant, options, 2, &["63", "14", "55", "37"], bonus);
    lay(&mut g, RED, "63", (0, -1, 0), NOTHING);
    lay(&mut g, BLUE, "14", (1, 0, 0), NOTHING);
    lay(&mut g, RED, "55", (0, 1, 2), NOTHING);
    let forest = g.features().forest(zone_at(&g, 0, 0, ZoneKind::Forest, 0));
    assert_eq!((forest.open, forest.tiles), (0, 3), "{variant}");
    g
}

/// 2002 "If there is no legal place for the bonus card, the player discards it from the game and
/// draws another." 2014 and 2020 are silent; the engine applies the 2002 rule to every edition
/// (option `redraw-unplaceable-bonus`, default true), and with the option off the bonus turn is
/// lost instead.
#[test]
fn an_unplaceable_bonus_tile_is_discarded_and_the_next_one_drawn() {
    for (variant, fire, next) in [
        ("2002", "B03", "B04"),
        ("2014", "B03", "B04"),
        ("2020", "85", "92"),
    ] {
        let g = closed_with_no_room_for_meadows(variant, &[]);
        let from = g
            .events()
            .iter()
            .position(|e| matches!(e, Event::Draw { bonus: true, .. }))
            .expect("a bonus draw");
        assert_eq!(
            draws_since(&g, from),
            [
                format!("bonus {fire}"),
                format!("discard {fire}"),
                format!("bonus {next}")
            ],
            "{variant}"
        );
        expect_turn(&g, RED, next, true);

        let g = closed_with_no_room_for_meadows(variant, &[("redraw-unplaceable-bonus", "false")]);
        let from = g
            .events()
            .iter()
            .position(|e| matches!(e, Event::Draw { bonus: true, .. }))
            .expect("a bonus draw");
        assert_eq!(
            draws_since(&g, from),
            [
                format!("bonus {fire}"),
                format!("discard {fire}"),
                "draw 37".to_string()
            ],
            "{variant}"
        );
        expect_turn(&g, BLUE, "37", false);
    }
}

/// The start forest closed by Blue with tile 35 (turned twice, forest west) east of the start,
/// after Red's tile 37 south of it; then Red holds tile 62 if the deck has it.
fn blue_closes_the_start_forest(
    variant: &str,
    options: &[(&str, &str)],
    regular: &[&str],
    bonus: &[&str],
) -> Game {
    let mut g = game(variant, options, 2, regular, bonus);
    lay(&mut g, RED, "37", (0, 1, 0), NOTHING);
    lay(&mut g, BLUE, "35", (1, 0, 2), gatherer(0));
    assert_eq!(
        scores(&g, Category::Forests).len(),
        1,
        "{variant}: the forest scored\n{}",
        log(&g)
    );
    g
}

/// 2002 "When the bonus card stack is exhausted, players no longer draw bonus cards!"; 2014 "If
/// the Bonus tiles pile is exhausted, no further bonus turns will occur."; 2020 "If there are no
/// menhir tiles remaining in the menhir tile stack, you cannot take an extra turn."
#[test]
fn no_bonus_turn_once_the_bonus_stack_is_empty() {
    for variant in ["2002", "2014", "2020"] {
        let g = blue_closes_the_start_forest(variant, &[], &["37", "35", "62"], &[]);
        assert!(
            g.events()
                .iter()
                .all(|e| !matches!(e, Event::Draw { bonus: true, .. })),
            "{variant}"
        );
        expect_turn(&g, RED, "62", false);
        // With a bonus tile in the stack the same play earns the bonus turn.
        let bonus = if variant == "2020" { "85" } else { "B03" };
        let g = blue_closes_the_start_forest(variant, &[], &["37", "35", "62"], &[bonus]);
        expect_turn(&g, BLUE, bonus, true);
    }
}

/// 2002 "The game ends at the end of a player's turn, when the last land tile (not bonus card!)
/// has been placed"; the bonus card earned by that tile is part of the turn. 2020 "When the last
/// land tile (not menhir tile) is placed, the game ends at the end of that turn" does not say
/// whether the extra turn belongs to it: the engine plays it (option `last-tile-bonus-turn`,
/// default true); with the option off the game ends without it.
#[test]
fn the_last_regular_tile_still_earns_its_bonus_turn_unless_the_option_says_no() {
    for variant in ["2002", "2014", "2020"] {
        let bonus = if variant == "2020" { "85" } else { "B03" };
        let mut g = blue_closes_the_start_forest(variant, &[], &["37", "35"], &[bonus]);
        assert_eq!(g.regular_left(), 0);
        expect_turn(&g, BLUE, bonus, true);
        lay_bonus(&mut g, BLUE, bonus, (0, -1, 0), NOTHING);
        assert!(g.is_over(), "{variant}");

        let g = blue_closes_the_start_forest(
            variant,
            &[("last-tile-bonus-turn", "false")],
            &["37", "35"],
            &[bonus],
        );
        assert!(g.is_over(), "{variant}");
        assert!(
            g.events()
                .iter()
                .all(|e| !matches!(e, Event::Draw { bonus: true, .. })),
            "{variant}\n{}",
            log(&g)
        );
    }
}

/// 2020 "If you place a tile that completes a forest containing 1 or more menhirs, you take an
/// extra turn": a completed forest without a menhir (tile 37's and tile 36's single-sided
/// forests, north of the start) scores 2 per tile and gives no extra turn.
#[test]
fn a_2020_forest_without_a_menhir_gives_no_extra_turn() {
    let mut g = game("2020", &[], 2, &["37", "36", "62"], &["85"]);
    lay(&mut g, RED, "37", (0, -1, 0), gatherer(0));
    let mark = g.events().len();
    lay(&mut g, BLUE, "36", (0, -2, 0), NOTHING);
    let forest = g.features().forest(zone_at(&g, 0, -1, ZoneKind::Forest, 0));
    assert_eq!((forest.open, forest.tiles, forest.menhirs), (0, 2, 0));
    assert_eq!(
        scores_since(&g, mark),
        vec![(vec![RED], Category::Forests, 4)]
    );
    assert!(
        draws_since(&g, mark)
            .iter()
            .all(|d| !d.starts_with("bonus")),
        "{}",
        log(&g)
    );
    expect_turn(&g, RED, "62", false);
}

// =============================================================================================
// The end of the game

/// 2002 "All incomplete forests and rivers have no value and will not be scored. The players
/// remove their gatherers and fishermen ... The huts on the rivers and the hunters in the meadows
/// remain on the playing area for the final scoring"; 2014 "(there might still be bonus tiles
/// remaining) ... no points are scored for these incomplete features"; 2020 "Leave all huts and
/// hunters on tiles. Remove all other meeples from tiles."
#[test]
fn incomplete_forests_and_rivers_score_nothing_at_the_end_and_their_meeples_go_home() {
    for variant in ["2002", "2014", "2020"] {
        let bonus: &[&str] = if variant == "2020" {
            &["85", "92"]
        } else {
            &["B03", "B04"]
        };
        let mut g = game(variant, &[], 2, &["37", "48", "62", "52"], bonus);
        // Red's gatherer in the start forest (still open east), Blue's fisher on the start
        // river (still open west), Red's hunter north, Blue's hut on the river.
        lay(&mut g, RED, "37", (0, 1, 0), gatherer(0));
        lay(&mut g, BLUE, "48", (-1, 0, 0), fisher(0));
        lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
        lay(&mut g, BLUE, "52", (-2, 0, 0), hut_on_river(0));
        assert!(
            g.is_over(),
            "{variant}: the last regular tile ends the game"
        );
        assert!(
            g.events()
                .iter()
                .all(|e| !matches!(e, Event::Draw { bonus: true, .. })),
            "the bonus tiles left are not played"
        );
        assert!(scores(&g, Category::Forests).is_empty(), "{variant}");
        assert!(scores(&g, Category::Rivers).is_empty(), "{variant}");
        let end = end_index(&g);
        let mut back: Vec<(usize, Piece)> = g.events()[end..]
            .iter()
            .filter_map(|e| match e {
                Event::Return { player, piece, .. } => Some((*player, *piece)),
                _ => None,
            })
            .collect();
        back.sort();
        assert_eq!(back, vec![(RED, Piece::Gatherer), (BLUE, Piece::Fisher)]);
        assert_eq!(g.supply(RED).0, 4, "{variant}: the hunter stays out");
        let left: Vec<(usize, Piece)> = g.pieces().iter().map(|p| (p.player, p.piece)).collect();
        assert_eq!(left, vec![(RED, Piece::Hunter), (BLUE, Piece::Hut)]);
        // The hut scores the system's fish (the start lake); the hunter the deer of tiles 62
        // and 52 (2 + 2; in 2020 1 + 1 and the start tile's aurochs, 2).
        let mut final_scores = scores_since(&g, end);
        final_scores.sort();
        assert_eq!(
            final_scores,
            vec![
                (vec![RED], Category::Meadows, 4),
                (vec![BLUE], Category::Huts, 1)
            ],
            "{variant}\n{}",
            log(&g)
        );
    }
}

/// 2002 "Meadows or meadow segments are not scored ... Hunters remain where placed for the
/// entire game and are never returned"; 2014 "The completion of a meadow does not cause it to
/// be scored"; 2020 "Hunters remain on their tiles until the end of the game". Tile 1 west of the
/// start closes the meadow between the two lakes, with Red's hunter in it: nothing scores and
/// nobody comes home until the game ends, and then the meadow scores for the hunter.
#[test]
fn a_completed_meadow_is_not_scored_during_the_game_and_its_hunter_stays() {
    for variant in ["2002", "2014", "2020"] {
        let mut g = game(variant, &[], 2, &["1", "62", "61", "37"], &[]);
        lay(&mut g, RED, "1", (-1, 0, 0), hunter(1));
        let closed = zone_at(&g, -1, 0, ZoneKind::Meadow, 1);
        assert_eq!(g.features().meadow(closed).open, 0, "{variant}: closed");
        lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
        lay(&mut g, RED, "61", (1, -1, 0), NOTHING);
        let before_end: Vec<&Event> = g.events().iter().collect();
        assert!(
            before_end.iter().all(|e| !matches!(
                e,
                Event::Return {
                    piece: Piece::Hunter,
                    ..
                }
            ) && !matches!(e, Event::Score(s) if s.category == Category::Meadows)),
            "{variant}\n{}",
            log(&g)
        );
        let hunter = piece_index(&g, RED, Piece::Hunter, -1, 0);
        lay(&mut g, BLUE, "37", (0, 1, 0), NOTHING);
        assert!(g.is_over());
        assert_eq!(g.pieces()[hunter].piece, Piece::Hunter, "{variant}");
        let end = end_index(&g);
        let meadow_scores: Vec<usize> = g
            .events()
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::Score(s) if s.category == Category::Meadows))
            .map(|(i, _)| i)
            .collect();
        assert!(!meadow_scores.is_empty(), "{variant}");
        assert!(meadow_scores.iter().all(|&i| i > end), "{variant}");
    }
}

/// 2002 "A river is completed when there is a lake ... or a spring on each end"; 2014 "terminate
/// in lakes and/or river mouths"; 2020 "completed when both ends are closed by lakes or forests".
/// Tile 55 (turned twice) ends the start river in a spring (first edition) or in its forest
/// (2020): 3 segments / tiles + the start lake's fish = 4 for Red's fisher.
#[test]
fn a_river_ends_at_a_lake_and_at_a_spring_or_a_forest() {
    for variant in ["2002", "2014", "2020"] {
        let mut g = game(variant, &[], 2, &["48", "55", "62"], &[]);
        lay(&mut g, RED, "48", (-1, 0, 0), fisher(0));
        let mark = g.events().len();
        lay(&mut g, BLUE, "55", (-2, 0, 2), NOTHING);
        let river = g.features().river(zone_at(&g, -1, 0, ZoneKind::River, 0));
        assert_eq!((river.open, river.tiles, river.end_lake_fish), (0, 3, 1));
        assert_eq!(
            scores_since(&g, mark),
            vec![(vec![RED], Category::Rivers, 4)],
            "{variant}\n{}",
            log(&g)
        );
        assert_eq!(g.supply(RED).0, 5, "{variant}: the fisher came home");
    }
}

/// 2002 "The player with the most points is the winner!" (ties silent); 2014 "In case of a tie,
/// a staring contest determines the winner."; 2020 "In the event of a tie, the tied players
/// share the victory." The engine shares the victory in every edition (option `shared-victory`,
/// default true); with the option off a tie has no winner.
#[test]
fn tied_leaders_share_the_victory_unless_the_option_says_no() {
    for (variant, each) in [("2002", 6), ("2014", 6), ("2020", 9)] {
        for shared in ["true", "false"] {
            // Red's fisher on tile 20 and Blue's on tile 59 stand on separate rivers until
            // tile 19 joins them into one river between two lakes: a tie, and the last tile.
            let mut g = game(
                variant,
                &[("shared-victory", shared)],
                2,
                &["20", "59", "19"],
                &[],
            );
            lay(&mut g, RED, "20", (-1, 0, 0), fisher(0));
            lay(&mut g, BLUE, "59", (0, -1, 3), fisher(0));
            lay(&mut g, RED, "19", (-1, -1, 0), NOTHING);
            assert!(g.is_over());
            assert_eq!((g.total(RED), g.total(BLUE)), (each, each), "{variant}");
            let want = if shared == "true" {
                vec![RED, BLUE]
            } else {
                vec![]
            };
            assert_eq!(g.winners(), want, "{variant} shared-victory = {shared}");
        }
        // Without a tie the leader wins either way.
        let mut g = game(
            variant,
            &[("shared-victory", "false")],
            2,
            &["48", "1"],
            &[],
        );
        lay(&mut g, RED, "48", (-1, 0, 0), fisher(0));
        lay(&mut g, BLUE, "1", (-2, 0, 0), NOTHING);
        assert!(g.is_over());
        assert!(g.total(RED) > g.total(BLUE));
        assert_eq!(g.winners(), vec![RED], "{variant}");
    }
}

// =============================================================================================
// 2020 menhir tiles

/// 2020 "When you place the shaman, you may immediately return 1 of your meeples to your supply
/// without scoring points. It does not matter which tile this meeple is returned from." Red's
/// hunter stands in the north meadow, Blue's on tile 30 and Red's hut on the start river; Red
/// closes the start forest and lays the shaman tile 88 in the extra turn. Only Red's meeples may
/// be taken back (not Blue's, not the hut); taking back the north hunter frees that meadow, so
/// the same meeple may go on the shaman tile's meadow that joins it.
#[test]
fn the_2020_shaman_returns_one_own_meeple_which_may_go_on_the_shaman_tile() {
    let mut g = the_2020_shaman_turn();
    assert_eq!(g.supply(RED), (4, 2), "2020: three huts, one out");

    let north = piece_index(&g, RED, Piece::Hunter, 0, -1);
    let blues = piece_index(&g, BLUE, Piece::Hunter, 1, 0);
    let hut = piece_index(&g, RED, Piece::Hut, -1, 0);
    let at = (-2, 0, 0);
    // Tile 88 west of tile 48: meadow 1 (Ne+En) joins the north meadow, meadow 0 (with the
    // shaman) the south bank.
    let offered: Vec<Option<usize>> = {
        let mut r: Vec<Option<usize>> = legal(&g).iter().map(|m| m.recall).collect();
        r.sort();
        r.dedup();
        r
    };
    assert_eq!(offered, vec![None, Some(north)]);
    for r in [blues, hut] {
        let err = refused_move(&mut g, |g| drawn_move(g, at, Some(r), NOTHING));
        assert!(matches!(err, IllegalMove::Recall(_)), "{err}");
    }
    // Without the recall the north meadow holds Red's hunter: no hunter on meadow 1.
    let err = refused_move(&mut g, |g| drawn_move(g, at, None, hunter(1)));
    assert!(matches!(err, IllegalMove::Piece(_)), "{err}");

    let mark = g.events().len();
    let m = drawn_move(&g, at, Some(north), hunter(1));
    assert!(legal(&g).contains(&m));
    g.play(m).unwrap();
    // The extra turn was the last: everything after the move up to the end of the game.
    let end = end_index(&g);
    assert!(
        g.events()[mark..end]
            .iter()
            .all(|e| !matches!(e, Event::Score(_) | Event::Return { .. })),
        "no points and no return event for the recall\n{}",
        log(&g)
    );
    assert_eq!(g.supply(RED), (4, 2), "one meeple back, one out again");
    let on_62 = zone_at(&g, 0, -1, ZoneKind::Meadow, 0);
    assert_eq!(g.features().meadow(on_62).hunters[RED], 1);
    assert!(
        !g.pieces().contains(&OnBoard {
            player: RED,
            piece: Piece::Hunter,
            at: PieceAt::Zone(on_62),
        }),
        "the hunter on tile 62 went home"
    );
    // Blue's hunter and Red's hut stay.
    assert_eq!(g.pieces().len(), 3);
}

/// The hunting-trap board shared by the next tests: tile 30 east of the start, 78 south of it;
/// `west` and `far` are laid west of 78; Red closes the start forest with 33 and lays the
/// hunting trap 94 (turned twice: meadow north, east and west) at (0, 2) in the extra turn.
fn hunting_trap_game(
    options: &[(&str, &str)],
    west: (&str, (i32, i32, u8)),
    far: (&str, (i32, i32, u8), Put),
    after: &[&str],
) -> (Game, usize) {
    let mut regular = vec!["30", "78", west.0, far.0, "33"];
    regular.extend_from_slice(after);
    let mut g = game("2020", options, 2, &regular, &["94"]);
    lay(&mut g, RED, "30", (1, 0, 0), NOTHING);
    lay(&mut g, BLUE, "78", (0, 1, 0), NOTHING);
    lay(&mut g, RED, west.0, west.1, NOTHING);
    lay(&mut g, BLUE, far.0, far.1, far.2);
    lay(&mut g, RED, "33", (1, 1, 0), NOTHING);
    let mark = g.events().len();
    lay_bonus(&mut g, RED, "94", (0, 2, 2), NOTHING);
    (g, mark)
}

/// 2020 "you score points for the animals shown on the 8 surrounding tiles (orthogonally and
/// diagonally adjacent to this tile) in the same grassland as the hunting trap ... Cover all
/// animals scored this way ... These animals are ignored during final scoring." The trap's
/// grassland reaches the deer of 78 (next to the trap), the deer of 62 (diagonal) and the
/// mammoth of 61, two squares away. Red, with no hunter there, scores the two deer (2); at the
/// end Blue's hunter on 61 scores only the mammoth (3).
#[test]
fn the_hunting_trap_scores_only_the_eight_surrounding_tiles() {
    let (g, mark) = hunting_trap_game(&[], ("62", (-1, 1, 0)), ("61", (-2, 1, 0), hunter(0)), &[]);
    let scored = scores_since(&g, mark);
    assert_eq!(
        scored.first(),
        Some(&(vec![RED], Category::Specials, 2)),
        "{}",
        log(&g)
    );
    let grassland = g.features().meadow(zone_at(&g, 0, 2, ZoneKind::Meadow, 0));
    assert_eq!(grassland.animals, Herd::new(2, 0, 1, 0));
    assert_eq!(grassland.hunters[RED], 0, "the placer needs no hunter");
    assert!(g.is_over());
    assert_eq!(g.score(BLUE, Category::Meadows), 3, "{}", log(&g));
    assert_eq!((g.total(RED), g.total(BLUE)), (2, 3));
}

/// rules-matrix §5 Q10b: the hunting trap covers the tigers that ate a deer; option
/// `hunting-trap-covers-idle-tigers` (default false) covers the tigers left over as well. Two
/// tigers (31, 32) and one deer (78) lie around the trap: it scores 0. Blue then hunts on tile
/// 62 (a deer) beside the trap: by default the idle tiger eats that deer at the end (0); with
/// the option the tiger was covered and the deer scores 1.
#[test]
fn the_hunting_trap_covers_idle_tigers_only_with_the_option() {
    for (option, covered_tigers, blue) in [("false", 1, 0), ("true", 2, 1)] {
        let (mut g, mark) = hunting_trap_game(
            &[("hunting-trap-covers-idle-tigers", option)],
            ("31", (-1, 1, 0)),
            ("32", (-1, 2, 3), NOTHING),
            &["62"],
        );
        assert_eq!(
            scores_since(&g, mark).first(),
            Some(&(vec![RED], Category::Specials, 0)),
            "{}",
            log(&g)
        );
        let mut covered = Herd::default();
        for e in &g.events()[mark..] {
            if let Event::Cover { animals, .. } = e {
                covered.add(animals);
            }
        }
        assert_eq!(
            covered,
            Herd::new(1, 0, 0, covered_tigers),
            "option {option}"
        );
        lay(&mut g, BLUE, "62", (1, 2, 0), hunter(0));
        assert!(g.is_over());
        let grassland = g.features().meadow(zone_at(&g, 1, 2, ZoneKind::Meadow, 0));
        assert_eq!(grassland.animals, Herd::new(2, 0, 0, 2));
        assert_eq!(
            g.score(BLUE, Category::Meadows),
            blue,
            "option {option}\n{}",
            log(&g)
        );
    }
}

/// 2020 raft: "In addition to scoring 1 point for each fish in this river system, the scoring
/// player also scores 1 point for each lake in the system." Two rafts (two copies of tile 91,
/// each laid in an extra turn) in one system of 3 lakes and 3 fish with Red's hut: each raft
/// adds 1 per lake (option `rafts-stack`, default true in 2020): 3 + 3 + 3 = 9; with the option
/// off the rafts do not add up: 3 + 3 = 6.
#[test]
fn two_rafts_in_one_system_add_up_unless_the_option_says_no() {
    for (stack, points) in [("true", 9), ("false", 6)] {
        let mut g = game(
            "2020",
            &[("rafts-stack", stack)],
            2,
            &["30", "78", "33", "75", "34", "37"],
            &["91", "91"],
        );
        lay(&mut g, RED, "30", (1, 0, 0), NOTHING);
        lay(&mut g, BLUE, "78", (0, 1, 0), NOTHING);
        lay(&mut g, RED, "33", (1, 1, 0), NOTHING);
        lay_bonus(&mut g, RED, "91", (-1, 0, 0), hut_on_lake(0));
        lay(&mut g, BLUE, "75", (2, 0, 0), NOTHING);
        lay(&mut g, RED, "34", (3, 0, 0), NOTHING);
        lay(&mut g, BLUE, "37", (2, 1, 0), NOTHING);
        let mark = g.events().len();
        lay_bonus(&mut g, BLUE, "91", (-2, 0, 0), NOTHING);
        assert!(g.is_over());
        let system = g.features().system(
            &g.tiles().tiles,
            g.board(),
            zone_at(&g, -1, 0, ZoneKind::Lake, 0),
        );
        assert_eq!((system.fish, system.lakes, system.rafts), (3, 3, 2));
        assert_eq!(
            scores_since(&g, mark),
            vec![(vec![RED], Category::Huts, points)],
            "rafts-stack = {stack}\n{}",
            log(&g)
        );
    }
}
