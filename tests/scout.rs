//! The Scout mini-expansion (rules-matrix §3, §5 Q18–Q24), played out as real games.
//!
//! The tests are games of the first-edition rules with the classic tiles and the four Scout
//! special land tiles (`variants/tiles/scout.toml`): S1 Scout (a gatherer in its forest), S2
//! Hunter on the Bridge (a hunter standing in both meadows, a bear in the south one), S3
//! Dug-out (a fisher on the lake, in all three rivers; the lake holds 2 fish) and S4
//! Agriculture (a hut on the farm, in the north meadow). The fifth piece, the Shaman, is a card.
//!
//! Moves go through the checked `Game::play`; a forbidden move must be missing from
//! `Game::legal_moves` and refused by `play` without changing the game.
//!
//! Players: Red = player 0, Blue = player 1. The volcano start tile lies at (0, 0) unturned:
//! meadow north (with the north bank of the west river), forest east and south (one forest
//! with a gold nugget), and a river west that rises from a lake with 1 fish (its south bank is
//! a meadow of its own). Coordinates: x grows eastward, y southward; rotations are clockwise
//! quarter turns.

use crate::scenario;

use scenario::*;
use std::sync::Arc;

use hunters::game::{Category, Event, Game, IllegalMove, Move, OnBoard, Play, ScoreEvent, Turn};
use hunters::ruleset::Ruleset;
use hunters::scout::Special;
use hunters::variant::ruleset;
use hunters::{Piece, PieceAt, Pos, TileSet, Variant, ZoneKind, ZoneRef};

// ---------------------------------------------------------------------------------------------
// Setting up

/// The merged classic + Scout tile set and the 2002 Scout rules with these options changed.
fn scout_rules(options: &[(&str, &str)]) -> (Arc<TileSet>, Arc<Ruleset>) {
    let v = Variant::load("2002-scout").unwrap();
    let mut o = v.options.clone();
    assert!(
        o.scout.is_some(),
        "the 2002-scout variant plays the expansion"
    );
    for (name, value) in options {
        o.set(name, value)
            .unwrap_or_else(|e| panic!("option {name} = {value}: {e}"));
    }
    let set = v.playing_set();
    (set, Arc::from(ruleset(v.edition, o)))
}

/// A Scout game whose decks hold exactly these tiles in this order, and whose players hold
/// these special pieces ("S1".."S4" for the special land tiles, "shaman" for the card).
fn scout_game(
    options: &[(&str, &str)],
    regular: &[&str],
    bonus: &[&str],
    hands: &[&[&str]],
) -> Game {
    let (set, rules) = scout_rules(options);
    let (regular, bonus) = (deck_of(&set, regular), deck_of(&set, bonus));
    let hands: Vec<Vec<Special>> = hands
        .iter()
        .map(|hand| {
            hand.iter()
                .map(|id| match *id {
                    "shaman" => Special::Shaman,
                    id => Special::Tile(index_of_tile(&set, id)),
                })
                .collect()
        })
        .collect();
    Game::with_hands(set, rules, 2, regular, bonus, hands)
}

fn tile_index(game: &Game, id: &str) -> usize {
    game.tiles()
        .tile(id)
        .unwrap_or_else(|| panic!("no tile {id}"))
        .0
}

/// The piece each special land tile takes, as the rules describe the tiles.
fn spot_piece(id: &str) -> Piece {
    match id {
        "S1" => Piece::Gatherer,
        "S2" => Piece::Hunter,
        "S3" => Piece::Fisher,
        "S4" => Piece::Hut,
        _ => panic!("{id} is not a special land tile"),
    }
}

/// The move laying special tile `id` at (x, y) turned `rot` instead of the drawn tile, with
/// its piece on its spot.
fn special_move(game: &Game, id: &str, x: i32, y: i32, rot: u8) -> Move {
    Move {
        at: placement(x, y, rot),
        recall: None,
        piece: Some((
            spot_piece(id),
            PieceAt::Spot {
                placed: game.board().len() as u16,
                spot: 0,
            },
        )),
        play: Play::Special(tile_index(game, id)),
    }
}

fn play_ok(game: &mut Game, mv: Move) {
    assert!(
        legal(game).contains(&mv),
        "{mv:?} is missing from the legal moves"
    );
    game.play(mv)
        .unwrap_or_else(|e| panic!("{mv:?} was refused: {e}"));
}

/// The turn to play: `player` with tile `id` drawn, or, while `player` chooses between a
/// special tile and the draw, `player` choosing (`id` still lies hidden on the stack).
fn expect_turn(game: &Game, player: usize, id: &str, bonus: bool) {
    if game.turn().is_some_and(|t| t.tile.is_none()) {
        assert!(!bonus, "a bonus tile is drawn at once");
        expect_choice(game, player);
    } else {
        scenario::expect_turn(game, player, id, bonus);
    }
}

/// `player`, choosing between a special tile and the draw, draws.
fn draw(game: &mut Game, player: usize) {
    expect_choice(game, player);
    play_ok(game, Move::draw());
}

fn lay(game: &mut Game, player: usize, id: &str, x: i32, y: i32, rot: u8, put: Put) {
    if game.turn().is_some_and(|t| t.tile.is_none()) {
        draw(game, player);
    }
    expect_turn(game, player, id, false);
    let mv = drawn_move(game, (x, y, rot), None, put);
    play_ok(game, mv);
}

fn lay_bonus(game: &mut Game, player: usize, id: &str, x: i32, y: i32, rot: u8, put: Put) {
    expect_turn(game, player, id, true);
    let mv = drawn_move(game, (x, y, rot), None, put);
    play_ok(game, mv);
}

/// `player` lays special tile `id` instead of drawing.
fn lay_special(game: &mut Game, player: usize, id: &str, x: i32, y: i32, rot: u8) {
    expect_choice(game, player);
    let before = game.events().len();
    let mv = special_move(game, id, x, y, rot);
    play_ok(game, mv);
    assert!(
        matches!(game.events()[before], Event::Place { player: p, tile, .. }
            if p == player && tile == tile_index(game, id)),
        "the special tile is laid before anything is drawn"
    );
}

fn refuse(game: &mut Game, player: usize, id: &str, bonus: bool) {
    if game.turn().is_some_and(|t| t.tile.is_none()) {
        draw(game, player);
    }
    expect_turn(game, player, id, bonus);
    play_ok(game, Move::refuse());
}

// ---------------------------------------------------------------------------------------------
// Reading the game

fn legal(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// The legal moves laying special tile `id`.
fn legal_specials(game: &Game, id: &str) -> Vec<Move> {
    let t = tile_index(game, id);
    legal(game)
        .into_iter()
        .filter(|m| m.play == Play::Special(t))
        .collect()
}

fn may_refuse(game: &Game) -> bool {
    legal(game).iter().any(|m| m.play == Play::Refuse)
}

/// The pieces the player to move may put on the drawn tile laid at (x, y) turned `rot`, with
/// no recall.
fn legal_pieces(game: &Game, x: i32, y: i32, rot: u8) -> Vec<Option<(Piece, ZoneRef)>> {
    let at = placement(x, y, rot);
    let moves: Vec<Move> = legal(game)
        .into_iter()
        .filter(|m| m.at == at && m.play == Play::Drawn && m.recall.is_none())
        .collect();
    assert!(
        !moves.is_empty(),
        "the drawn tile cannot be laid at ({x}, {y}) turned {rot}"
    );
    moves
        .iter()
        .map(|m| {
            m.piece.map(|(p, at)| match at {
                PieceAt::Zone(z) => (p, z.zone),
                PieceAt::Spot { .. } => panic!("a drawn tile has no spot"),
            })
        })
        .collect()
}

/// The Shaman choices offered with the drawn tile (indexes into `Game::pieces`).
fn legal_recalls(game: &Game) -> Vec<usize> {
    let mut r: Vec<usize> = legal(game).iter().filter_map(|m| m.recall).collect();
    r.sort();
    r.dedup();
    r
}

/// The scores of a category as (players, points), in order.
fn score_list(game: &Game, category: Category) -> Vec<(Vec<usize>, u32)> {
    scores(game, category)
        .iter()
        .map(|s| (s.players.clone(), s.points()))
        .collect()
}

/// The terms of a score as (count, what, each).
type Terms = Vec<(u32, &'static str, u32)>;

fn terms(s: &ScoreEvent) -> Terms {
    s.breakdown
        .terms()
        .iter()
        .map(|t| (t.count, t.what, t.each))
        .collect()
}

/// Where `player`'s `piece` standing on a special tile's spot went home, if it did.
fn spot_piece_returned(game: &Game, player: usize, piece: Piece) -> Option<usize> {
    game.events().iter().position(|e| {
        matches!(e, Event::Return { player: p, piece: k, at: PieceAt::Spot { .. } }
            if *p == player && *k == piece)
    })
}

/// Everything a refused move must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    events: Vec<Event>,
    placed: usize,
    pieces: Vec<OnBoard>,
    supply: Vec<(u8, u8)>,
    totals: Vec<u32>,
    turn: Option<Turn>,
    hands: Vec<Vec<Special>>,
    regular_left: usize,
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        events: game.events().to_vec(),
        placed: game.board().len(),
        pieces: game.pieces().to_vec(),
        supply: (0..game.players()).map(|p| game.supply(p)).collect(),
        totals: (0..game.players()).map(|p| game.total(p)).collect(),
        turn: game.turn(),
        hands: (0..game.players()).map(|p| game.hand(p).to_vec()).collect(),
        regular_left: game.regular_left(),
    }
}

/// Asserts that `mv` is not a legal move and that the checked play refuses it without
/// changing the game; returns the reason.
fn assert_illegal(game: &mut Game, mv: Move) -> IllegalMove {
    assert!(
        !legal(game).contains(&mv),
        "{mv:?} is offered as a legal move"
    );
    let before = snapshot(game);
    let err = game.play(mv).expect_err(&format!("{mv:?} was allowed"));
    assert_eq!(
        snapshot(game),
        before,
        "a refused move changed the game ({err})"
    );
    err
}

/// Asserts that special tile `id` may not be laid at (x, y) turned `rot` now.
fn assert_special_refused(game: &mut Game, id: &str, x: i32, y: i32, rot: u8) -> IllegalMove {
    let at = placement(x, y, rot);
    assert!(
        !legal_specials(game, id).iter().any(|m| m.at == at),
        "{id} at ({x}, {y}) turned {rot} is offered"
    );
    let mv = special_move(game, id, x, y, rot);
    assert_illegal(game, mv)
}

// =============================================================================================
// 1. Dealing

fn dealt(game: &Game) -> Vec<(usize, Special)> {
    game.events()
        .iter()
        .take_while(|e| matches!(e, Event::Deal { .. }))
        .map(|e| match e {
            Event::Deal { player, special } => (*player, *special),
            _ => unreachable!(),
        })
        .collect()
}

fn hands(game: &Game) -> Vec<Vec<Special>> {
    (0..game.players()).map(|p| game.hand(p).to_vec()).collect()
}

/// The five Scout pieces: the four special land tiles and the Shaman card.
fn all_five(game: &Game) -> Vec<Special> {
    let mut all: Vec<Special> = ["S1", "S2", "S3", "S4"]
        .iter()
        .map(|id| Special::Tile(tile_index(game, id)))
        .chain([Special::Shaman])
        .collect();
    all.sort_by_key(|s| format!("{s:?}"));
    all
}

/// Each player holds `each` different pieces, announced by Deal events before the first draw.
fn check_deal(game: &Game, each: usize) {
    let hands = hands(game);
    let mut pieces: Vec<Special> = hands.iter().flatten().copied().collect();
    for (p, hand) in hands.iter().enumerate() {
        assert_eq!(hand.len(), each, "player {p} holds {hand:?}");
    }
    let announced: Vec<(usize, Special)> = hands
        .iter()
        .enumerate()
        .flat_map(|(p, h)| h.iter().map(move |s| (p, *s)))
        .collect();
    assert_eq!(dealt(game), announced, "the Deal events name the hands");
    // The first player draws, or chooses between a special tile and the draw.
    assert!(
        matches!(
            game.events().get(announced.len()),
            Some(Event::Draw { player: 0, .. }) | None
        ),
        "the deal comes before the first draw"
    );
    pieces.sort_by_key(|s| format!("{s:?}"));
    let n = pieces.len();
    pieces.dedup();
    assert_eq!(pieces.len(), n, "no piece is dealt twice");
}

#[test]
fn each_player_is_dealt_one_piece_and_five_players_get_all_five() {
    let v = Variant::load("2002-scout").unwrap();
    for players in 2..=5 {
        for seed in [1, 7, 2024] {
            let g = Game::seeded(&v, players, seed);
            check_deal(&g, 1);
            // The deal depends on the seed alone.
            let again = Game::seeded(&v, players, seed);
            assert_eq!(hands(&again), hands(&g), "{players} players, seed {seed}");
            if players == 5 {
                let mut all: Vec<Special> = hands(&g).into_iter().flatten().collect();
                all.sort_by_key(|s| format!("{s:?}"));
                assert_eq!(all, all_five(&g), "five players share out all five pieces");
            }
        }
    }
    // Different seeds deal differently.
    let first = hands(&Game::seeded(&v, 5, 1));
    assert!(
        (2..40).any(|seed| hands(&Game::seeded(&v, 5, seed)) != first),
        "every seed deals the same"
    );
}

#[test]
fn without_the_expansion_nobody_is_dealt_anything() {
    let v = Variant::load("2002").unwrap();
    let g = Game::seeded(&v, 3, 7);
    assert!(hands(&g).iter().all(|h| h.is_empty()));
    assert!(dealt(&g).is_empty());
}

const TWO_EACH: &str = r#"
name = "2002-scout-two-each"
description = "2002 with the Scout; two special pieces each with two players"
edition = "2002"
tiles = "classic"
expansions = ["scout"]

[options]
scout-pieces-two-players = 2
"#;

#[test]
fn option_two_pieces_each_for_two_players() {
    let v = Variant::parse(TWO_EACH, "test", None).unwrap();
    for seed in [1, 7, 2024] {
        let g = Game::seeded(&v, 2, seed);
        check_deal(&g, 2);
        assert_eq!(hands(&Game::seeded(&v, 2, seed)), hands(&g));
    }
    // The option is about two-player games only.
    for players in 3..=5 {
        check_deal(&Game::seeded(&v, players, 7), 1);
    }
    // The printed rule: one each with two players as well.
    let printed = Variant::load("2002-scout").unwrap();
    check_deal(&Game::seeded(&printed, 2, 7), 1);
}

// =============================================================================================
// 2. A special tile is laid instead of drawing

#[test]
fn a_special_tile_replaces_the_draw_and_the_top_tile_stays_on_top() {
    let mut g = scout_game(&[], &["48", "62", "61"], &["B03"], &[&["S1"], &[]]);
    let before = g.regular_left();
    // Red decides before drawing: the special tile, or the draw.
    expect_choice(&g, RED);
    assert!(g.events().iter().all(|e| !matches!(e, Event::Draw { .. })));
    let moves = legal(&g);
    assert!(moves.contains(&Move::draw()));
    assert!(
        moves
            .iter()
            .all(|m| matches!(m.play, Play::Draw | Play::Special(_))),
        "no move lays a tile Red has not drawn"
    );
    // The Scout at (1, 0) turned twice: its forest faces west (the volcano's forest) and
    // south.
    lay_special(&mut g, RED, "S1", 1, 0, 2);

    assert_eq!(
        g.regular_left(),
        before - 1,
        "only Blue drew from the stack"
    );
    expect_turn(&g, BLUE, "48", false);
    assert!(g.hand(RED).is_empty(), "the special tile left Red's hand");
    assert_eq!(g.supply(RED), (4, 2), "the gatherer came from Red's supply");
    assert_eq!(
        g.pieces(),
        &[OnBoard {
            player: RED,
            piece: Piece::Gatherer,
            at: PieceAt::Spot { placed: 1, spot: 0 },
        }]
    );
    assert_eq!(
        g.board().at(Pos::new(1, 0)).map(|p| p.tile),
        Some(tile_index(&g, "S1"))
    );
    // Tile 48 was drawn once, by Blue.
    let t48 = tile_index(&g, "48");
    let draws: Vec<(usize, bool)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Draw {
                player,
                tile,
                again,
                ..
            } if *tile == t48 => Some((*player, *again)),
            _ => None,
        })
        .collect();
    assert_eq!(draws, vec![(BLUE, false)]);
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::Place { player: RED, tile, .. } if *tile == tile_index(&g, "S1")
    )));
}

#[test]
fn a_special_tile_is_not_laid_on_a_bonus_turn() {
    let mut g = scout_game(
        &[],
        &["34", "62", "37", "61", "53"],
        &["B03"],
        &[&["S1"], &[]],
    );
    // Tile 34 at (1, 0) and tile 37 at (0, 1) close the volcano's nugget forest.
    lay(&mut g, RED, "34", 1, 0, 0, NOTHING);
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);
    lay(&mut g, RED, "37", 0, 1, 0, NOTHING);

    expect_turn(&g, RED, "B03", true);
    assert!(
        legal(&g)
            .iter()
            .all(|m| !matches!(m.play, Play::Special(_))),
        "no special tile on a bonus turn"
    );
    // The Scout at (-1, -1) turned twice: meadow east to tile 62, its forest open.
    let err = assert_special_refused(&mut g, "S1", -1, -1, 2);
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");

    lay_bonus(&mut g, RED, "B03", 1, -1, 0, NOTHING);
    lay(&mut g, BLUE, "61", 0, -2, 0, NOTHING);
    // On a normal turn the same placement is fine.
    lay_special(&mut g, RED, "S1", -1, -1, 2);
}

#[test]
fn agriculture_needs_a_hut_in_the_supply() {
    let mut g = scout_game(
        &[],
        &["48", "62", "0", "61", "53"],
        &["B03"],
        &[&["S4"], &[]],
    );
    // Red's first hut on the volcano's river system, through tile 48.
    lay(&mut g, RED, "48", -1, 0, 0, hut_on_river(0));
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);
    // With one hut left, Agriculture may go west of tile 48, its farm on the south bank.
    expect_turn(&g, RED, "0", false);
    assert!(
        legal_specials(&g, "S4")
            .iter()
            .any(|m| m.at == placement(-2, 0, 2)),
        "Agriculture fits at (-2, 0) while Red has a hut"
    );
    // Red's second hut on the lake of tile 0, a river system of its own.
    lay(&mut g, RED, "0", 1, 0, 0, hut_on_lake(0));
    lay(&mut g, BLUE, "61", -1, -1, 0, NOTHING);

    expect_turn(&g, RED, "53", false);
    assert_eq!(g.supply(RED), (5, 0));
    assert!(
        legal_specials(&g, "S4").is_empty(),
        "Agriculture without a hut"
    );
    let err = assert_special_refused(&mut g, "S4", -2, 0, 2);
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
}

#[test]
fn a_special_tile_needs_a_tribe_member_in_the_supply() {
    let mut g = scout_game(
        &[],
        &[
            "41", "48", "39", "49", "40", "51", "60", "52", "62", "53", "61",
        ],
        &["B03"],
        &[&["S1"], &[]],
    );
    // East of the volcano Red's gatherer in an open forest (41, 39, 40, 60) and hunters in
    // three separate north meadows; Blue extends the river westward.
    lay(&mut g, RED, "41", 1, 0, 0, gatherer(0));
    lay(&mut g, BLUE, "48", -1, 0, 0, NOTHING);
    lay(&mut g, RED, "39", 2, 0, 0, hunter(0));
    lay(&mut g, BLUE, "49", -2, 0, 0, NOTHING);
    lay(&mut g, RED, "40", 3, 0, 0, hunter(0));
    lay(&mut g, BLUE, "51", -3, 0, 0, NOTHING);
    lay(&mut g, RED, "60", 4, 0, 0, hunter(0));
    lay(&mut g, BLUE, "52", -4, 0, 0, NOTHING);
    // With one member left, the Scout fits north of tile 41.
    expect_turn(&g, RED, "62", false);
    assert_eq!(g.supply(RED), (1, 2));
    assert!(
        legal_specials(&g, "S1")
            .iter()
            .any(|m| m.at == placement(1, -1, 0)),
        "the Scout fits at (1, -1) while Red has a member"
    );
    // Red's last member: a hunter north of the volcano.
    lay(&mut g, RED, "62", 0, -1, 0, hunter(0));
    lay(&mut g, BLUE, "53", -5, 0, 0, NOTHING);

    expect_turn(&g, RED, "61", false);
    assert_eq!(g.supply(RED), (0, 2));
    assert!(
        legal_specials(&g, "S1").is_empty(),
        "the Scout without a member"
    );
    let err = assert_special_refused(&mut g, "S1", 1, -1, 0);
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
}

/// Q20: laying a special tile is a normal placement otherwise; the Scout closing a nugget
/// forest earns a bonus tile, and the regular tile Red had drawn waits for Blue.
#[test]
fn a_special_tile_closing_a_nugget_forest_earns_a_bonus_tile() {
    let mut g = scout_game(&[], &["37", "36", "62"], &["B03"], &[&["S1"], &[]]);
    lay(&mut g, RED, "37", 0, 1, 0, NOTHING);
    lay(&mut g, BLUE, "36", 1, 1, 2, NOTHING);
    // The Scout's forest closes the volcano's forest (volcano, 37, 36, Scout).
    lay_special(&mut g, RED, "S1", 1, 0, 2);
    assert_eq!(score_list(&g, Category::Forests), vec![(vec![RED], 8)]);
    expect_turn(&g, RED, "B03", true);
    lay_bonus(&mut g, RED, "B03", 1, -1, 0, NOTHING);
    expect_turn(&g, BLUE, "62", false);
}

// =============================================================================================
// 3. The piece on a special tile stays until the end

#[test]
fn the_scouts_gatherer_scores_its_forest_and_stays_until_the_end() {
    let mut g = scout_game(
        &[],
        &["62", "37", "61", "36"],
        &["B03"],
        &[&["S1", "shaman"], &[]],
    );
    // The Scout's forest joins the volcano's forest from the east.
    lay_special(&mut g, RED, "S1", 1, 0, 2);
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);

    // The Shaman card cannot take back the Scout's gatherer.
    expect_turn(&g, RED, "37", false);
    let scout_gatherer = piece_index(&g, RED, Piece::Gatherer, 1, 0);
    assert!(legal_recalls(&g).is_empty(), "{:?}", legal_recalls(&g));
    let mv = drawn_move(&g, (0, 1, 0), Some(scout_gatherer), NOTHING);
    let err = assert_illegal(&mut g, mv);
    assert!(matches!(err, IllegalMove::Recall(_)), "{err}");
    lay(&mut g, RED, "37", 0, 1, 0, NOTHING);
    lay(&mut g, BLUE, "61", -1, -1, 0, NOTHING);

    // Tile 36 at (1, 1) closes the forest: volcano, Scout, 37, 36 (4 segments, a nugget).
    lay(&mut g, RED, "36", 1, 1, 2, NOTHING);
    let forests = scores(&g, Category::Forests);
    assert_eq!(forests.len(), 1);
    assert_eq!(
        forests[0].players,
        vec![RED],
        "the Scout's gatherer has the majority"
    );
    assert_eq!(terms(forests[0]), vec![(4, "segments", 2)]);
    assert_eq!(
        spot_piece_returned(&g, RED, Piece::Gatherer),
        None,
        "the Scout's gatherer stays after its forest scored"
    );
    assert_eq!(g.supply(RED), (4, 2));
    assert!(
        g.pieces()
            .iter()
            .any(|p| matches!(p.at, PieceAt::Spot { .. }))
    );

    // The nugget gives a bonus tile; the game ends after it (no regular tile left).
    lay_bonus(&mut g, RED, "B03", 1, -1, 0, NOTHING);
    assert!(g.is_over());
    let back = spot_piece_returned(&g, RED, Piece::Gatherer).expect("it leaves at the end");
    assert!(
        back > end_index(&g),
        "the gatherer leaves only when the game ends"
    );
    assert_eq!(g.supply(RED), (5, 2));
    assert_eq!(g.total(RED), 8);
}

// =============================================================================================
// 4. Placement restrictions

/// A gatherer of `owner` in the volcano's forest (through tile 37 south of it); Red then
/// draws tile 61 and holds the Scout.
fn forest_with_a_gatherer(owner: usize) -> Game {
    if owner == RED {
        let mut g = scout_game(&[], &["37", "62", "61"], &["B03"], &[&["S1"], &[]]);
        lay(&mut g, RED, "37", 0, 1, 0, gatherer(0));
        lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);
        g
    } else {
        let mut g = scout_game(&[], &["62", "37", "61"], &["B03"], &[&["S1"], &[]]);
        lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
        lay(&mut g, BLUE, "37", 0, 1, 0, gatherer(0));
        g
    }
}

#[test]
fn the_scout_may_not_join_a_forest_with_a_gatherer() {
    for owner in [RED, BLUE] {
        let mut g = forest_with_a_gatherer(owner);
        expect_turn(&g, RED, "61", false);
        // East of the volcano, both turns that fit put the Scout's forest against the
        // volcano's forest.
        for rot in [2, 3] {
            let err = assert_special_refused(&mut g, "S1", 1, 0, rot);
            assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
        }
        // Elsewhere, its forest touching nothing, the Scout is fine.
        lay_special(&mut g, RED, "S1", -1, -1, 2);
    }
}

#[test]
fn the_dugout_may_not_join_a_river_with_a_fisher() {
    let mut g = scout_game(&[], &["62", "48", "61"], &["B03"], &[&["S3"], &[]]);
    lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
    // Blue's fisher on the volcano's river, through tile 48.
    lay(&mut g, BLUE, "48", -1, 0, 0, fisher(0));
    expect_turn(&g, RED, "61", false);
    // West of tile 48 every fitting turn joins one of the Dug-out's rivers to Blue's river.
    for rot in [0, 1, 2] {
        let err = assert_special_refused(&mut g, "S3", -2, 0, rot);
        assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
    }
    // North of tile 62 its rivers touch nothing.
    lay_special(&mut g, RED, "S3", 0, -2, 0);
}

/// Blue's hunter on the north (meadow 0) or south (meadow 1) bank of the river, through
/// tile 48 west of the volcano; Red then draws tile 61 and holds `special`.
fn river_with_a_hunter(special: &str, bank: u8) -> Game {
    let mut g = scout_game(&[], &["62", "48", "61"], &["B03"], &[&[special], &[]]);
    lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
    lay(&mut g, BLUE, "48", -1, 0, 0, hunter(bank));
    expect_turn(&g, RED, "61", false);
    g
}

#[test]
fn the_bridge_may_not_join_a_hunted_meadow_on_either_side() {
    for bank in [0, 1] {
        let mut g = river_with_a_hunter("S2", bank);
        // West of tile 48 the bridge's meadows join both banks, whichever way it is turned.
        for rot in [0, 2] {
            let err = assert_special_refused(&mut g, "S2", -2, 0, rot);
            assert!(matches!(err, IllegalMove::Scout(_)), "bank {bank}: {err}");
        }
        assert!(
            !legal_specials(&g, "S2").is_empty(),
            "the bridge still fits somewhere"
        );
    }
}

#[test]
fn agriculture_may_not_join_a_hunted_meadow() {
    // Blue hunts the north bank; the farm of Agriculture turned 0 lies north of its river.
    let mut g = river_with_a_hunter("S4", 0);
    let err = assert_special_refused(&mut g, "S4", -2, 0, 0);
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
    // Blue hunts the south bank; turned twice the farm lies south.
    let mut g = river_with_a_hunter("S4", 1);
    let err = assert_special_refused(&mut g, "S4", -2, 0, 2);
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
    assert!(
        !legal_specials(&g, "S4").is_empty(),
        "Agriculture fits elsewhere"
    );
    // The printed rule bars the tile from joining a hunted meadow at all: turned so that only
    // its other meadow (not the farm's) meets the hunted bank, it is refused as well.
    for (bank, rot) in [(0, 2), (1, 0)] {
        let mut g = river_with_a_hunter("S4", bank);
        let err = assert_special_refused(&mut g, "S4", -2, 0, rot);
        assert!(matches!(err, IllegalMove::Scout(_)), "bank {bank}: {err}");
    }
}

// =============================================================================================
// 5. The Scout's refusal

/// A game up to Red's bonus tile: Red lays the Scout east of the volcano, then (after
/// `refuse_land`, refusing tile 53 first) closes the volcano's nugget forest with tile 36 and
/// draws bonus tile B03.
fn refusal_game(refusal: &str, refuse_land: bool) -> Game {
    let regular: &[&str] = if refuse_land {
        &["61", "37", "62", "53", "36", "34", "35"]
    } else {
        &["61", "37", "62", "36", "34", "35", "53"]
    };
    let mut g = scout_game(
        &[("scout-refusal", refusal)],
        regular,
        &["B03", "B05"],
        &[&["S1"], &[]],
    );
    // Holding the Scout is not enough: it must be laid.
    expect_turn(&g, RED, "61", false);
    assert!(!may_refuse(&g), "Red has not laid the Scout");
    let err = assert_illegal(&mut g, Move::refuse());
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
    lay_special(&mut g, RED, "S1", 1, 0, 2);

    // Only the Scout's owner refuses.
    expect_turn(&g, BLUE, "61", false);
    assert!(!may_refuse(&g), "Blue has no Scout");
    assert_illegal(&mut g, Move::refuse());
    lay(&mut g, BLUE, "61", 0, -1, 0, NOTHING);

    // Red may refuse, and need not.
    expect_turn(&g, RED, "37", false);
    assert!(may_refuse(&g));
    lay(&mut g, RED, "37", 0, 1, 0, NOTHING);
    lay(&mut g, BLUE, "62", -1, -1, 0, NOTHING);

    if refuse_land {
        let left = g.regular_left();
        refuse(&mut g, RED, "53", false);
        let t53 = tile_index(&g, "53");
        let t36 = tile_index(&g, "36");
        let n = g.events().len();
        assert_eq!(
            g.events()[n - 2..],
            [
                Event::Refuse {
                    player: RED,
                    tile: t53,
                    bonus: false
                },
                Event::Draw {
                    player: RED,
                    tile: t36,
                    bonus: false,
                    again: false
                },
            ]
        );
        assert_eq!(
            g.regular_left(),
            left,
            "the refused tile went under the stack"
        );
        // The second tile must be laid: no second refusal, and no special tile instead.
        expect_turn(&g, RED, "36", false);
        assert!(!may_refuse(&g), "a second refusal of the land tile");
        assert_illegal(&mut g, Move::refuse());
    }
    // Tile 36 closes the forest of the volcano, the Scout and tile 37: a bonus tile.
    lay(&mut g, RED, "36", 1, 1, 2, NOTHING);
    expect_turn(&g, RED, "B03", true);
    g
}

/// Red's bonus tile goes north of the Scout; Blue lays tile 34 east of it.
fn refusal_game_goes_on(g: &mut Game, bonus: &str) {
    lay_bonus(g, RED, bonus, 1, -1, 0, NOTHING);
    lay(g, BLUE, "34", 2, 0, 1, NOTHING);
}

#[test]
fn the_refused_tile_goes_under_the_stack_and_comes_back() {
    for refusal in ["once-per-turn", "land-and-bonus"] {
        let mut g = refusal_game(refusal, true);
        let bonus = if refusal == "once-per-turn" {
            "B03"
        } else {
            refuse(&mut g, RED, "B03", true);
            "B05"
        };
        refusal_game_goes_on(&mut g, bonus);
        // A new turn: Red may refuse again. Tile 35 goes under, and tile 53, refused two
        // turns ago, comes back from the bottom.
        expect_turn(&g, RED, "35", false);
        assert!(may_refuse(&g), "{refusal}: the refusal is per turn");
        refuse(&mut g, RED, "35", false);
        let t53 = tile_index(&g, "53");
        assert_eq!(
            g.events().last(),
            Some(&Event::Draw {
                player: RED,
                tile: t53,
                bonus: false,
                again: true
            })
        );
        lay(&mut g, RED, "53", -1, 0, 0, NOTHING);
        let t35 = tile_index(&g, "35");
        assert_eq!(
            g.events().last(),
            Some(&Event::Draw {
                player: BLUE,
                tile: t35,
                bonus: false,
                again: true
            })
        );
    }
}

#[test]
fn once_per_turn_no_bonus_refusal_after_a_land_refusal() {
    let mut g = refusal_game("once-per-turn", true);
    assert!(!may_refuse(&g), "the turn's refusal is used up");
    let err = assert_illegal(&mut g, Move::refuse());
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
    refusal_game_goes_on(&mut g, "B03");
}

#[test]
fn once_per_turn_the_bonus_tile_may_be_refused_if_the_land_tile_was_not() {
    let mut g = refusal_game("once-per-turn", false);
    assert!(may_refuse(&g));
    refuse(&mut g, RED, "B03", true);
    let (b03, b05) = (tile_index(&g, "B03"), tile_index(&g, "B05"));
    let n = g.events().len();
    assert_eq!(
        g.events()[n - 2..],
        [
            Event::Refuse {
                player: RED,
                tile: b03,
                bonus: true
            },
            Event::Draw {
                player: RED,
                tile: b05,
                bonus: true,
                again: false
            },
        ]
    );
    assert!(!may_refuse(&g), "one refusal per turn");
    assert_illegal(&mut g, Move::refuse());
    refusal_game_goes_on(&mut g, "B05");
}

#[test]
fn land_and_bonus_allows_one_refusal_of_each() {
    let mut g = refusal_game("land-and-bonus", true);
    assert!(may_refuse(&g), "the bonus tile has its own refusal");
    refuse(&mut g, RED, "B03", true);
    let b05 = tile_index(&g, "B05");
    assert_eq!(
        g.events().last(),
        Some(&Event::Draw {
            player: RED,
            tile: b05,
            bonus: true,
            again: false
        })
    );
    expect_turn(&g, RED, "B05", true);
    assert!(!may_refuse(&g), "a second refusal of the bonus tile");
    let err = assert_illegal(&mut g, Move::refuse());
    assert!(matches!(err, IllegalMove::Scout(_)), "{err}");
    refusal_game_goes_on(&mut g, "B05");
}

// =============================================================================================
// 6. The Dug-out

/// The Dug-out west of the volcano, its three rivers completed one by one:
/// - east, at once: the Dug-out's lake (2 fish) to the volcano's lake (1 fish);
/// - west, by Red: through tile 48 to the lake of tile 1 (3 fish);
/// - north, by Red: through tile 50 to the lake of tile 59 (1 fish);
///
/// and then Blue closes the west river of tile 1, which does not touch the Dug-out but is in
/// its river system, with the lake of tile 0 (2 fish) and a fisher of Blue's.
fn dugout_game(scope: &str) -> Game {
    let mut g = scout_game(
        &[("dugout-lake-scope", scope)],
        &["48", "1", "50", "59", "0"],
        &["B03"],
        &[&["S3"], &[]],
    );
    lay_special(&mut g, RED, "S3", -1, 0, 0);
    // The east river is complete already: Red's fisher on the lake scored it and stays.
    assert_eq!(score_list(&g, Category::Rivers), vec![(vec![RED], 5)]);
    assert_eq!(score_list(&g, Category::Specials), vec![(vec![RED], 2)]);

    // The Dug-out's fisher is in the west river: Blue may not fish there.
    expect_turn(&g, BLUE, "48", false);
    let pieces = legal_pieces(&g, -2, 0, 0);
    assert!(!pieces.contains(&Some((Piece::Fisher, z(ZoneKind::River, 0)))));
    let mv = drawn_move(&g, (-2, 0, 0), None, fisher(0));
    assert_illegal(&mut g, mv);
    lay(&mut g, BLUE, "48", -2, 0, 0, NOTHING);

    lay(&mut g, RED, "1", -3, 0, 0, NOTHING);

    // ... and in the north river.
    expect_turn(&g, BLUE, "50", false);
    let pieces = legal_pieces(&g, -1, -1, 0);
    assert!(!pieces.contains(&Some((Piece::Fisher, z(ZoneKind::River, 0)))));
    let mv = drawn_move(&g, (-1, -1, 0), None, fisher(0));
    assert_illegal(&mut g, mv);
    lay(&mut g, BLUE, "50", -1, -1, 0, NOTHING);

    lay(&mut g, RED, "59", -1, -2, 2, NOTHING);
    lay(&mut g, BLUE, "0", -4, 0, 1, fisher(0));
    assert!(g.is_over());
    g
}

fn check_dugout_rivers(g: &Game) {
    // Red's one fisher scores each of the three rivers (segments + fish of the end lakes);
    // Blue's fisher scores the river away from the Dug-out.
    assert_eq!(
        score_list(g, Category::Rivers),
        vec![
            (vec![RED], 2 + 2 + 1),
            (vec![RED], 3 + 2 + 3),
            (vec![RED], 3 + 2 + 1),
            (vec![BLUE], 2 + 3 + 2),
        ]
    );
    assert_eq!(g.score(RED, Category::Rivers), 19);
    // The fisher stayed through every completion and left when the game ended.
    let back = spot_piece_returned(g, RED, Piece::Fisher).expect("it leaves at the end");
    assert!(back > end_index(g));
    assert_eq!(g.supply(RED), (5, 2));
}

/// D-S1 (rules-matrix §4d) asks for a completed river between lakes of 2 and 3 fish and a lake
/// of 4 elsewhere in the system. No classic lake holds more than 3 fish, so the nearest case
/// is used: the north river closes between the Dug-out's lake (2) and a lake of 1, while the
/// lake of tile 1 (3 fish) lies elsewhere in the system. The richest lake of the system: 3.
#[test]
fn dugout_bonus_richest_lake_of_the_system() {
    let g = dugout_game("system");
    check_dugout_rivers(&g);
    // East river: lakes 2 and 1, the system so far has nothing richer: 2. West river: lakes 2
    // and 3: 3. North river: lakes 2 and 1, but tile 1's lake (3) is in the system: 3. Blue's
    // river: lakes 3 and 2: 3.
    assert_eq!(
        score_list(&g, Category::Specials),
        vec![
            (vec![RED], 2),
            (vec![RED], 3),
            (vec![RED], 3),
            (vec![RED], 3)
        ]
    );
    let north = scores(&g, Category::Specials)[2];
    assert_eq!(
        terms(north),
        vec![(3, "fish in the richest lake (dug-out)", 1)]
    );
    assert_eq!(g.total(RED), 19 + 11);
    assert_eq!(g.total(BLUE), 7);
}

/// The same game read as the 2007 text: a lake of the completed river, so the north river pays
/// 2 (the Dug-out's lake), not the 3 of tile 1's lake elsewhere in the system.
#[test]
fn dugout_bonus_richest_lake_of_the_completed_river() {
    let g = dugout_game("completed-river");
    check_dugout_rivers(&g);
    assert_eq!(
        score_list(&g, Category::Specials),
        vec![
            (vec![RED], 2),
            (vec![RED], 3),
            (vec![RED], 2),
            (vec![RED], 3)
        ]
    );
    assert_eq!(g.total(RED), 19 + 10);
}

// =============================================================================================
// 7. The Hunter on the Bridge

#[test]
fn the_bridge_hunter_blocks_and_scores_both_meadows_and_the_bear() {
    let mut g = scout_game(&[], &["62", "61", "30"], &["B03"], &[&["S2"], &[]]);
    // The bridge west of the volcano: its north meadow joins the volcano's north meadow,
    // its south meadow (with the bear) the volcano's south bank.
    lay_special(&mut g, RED, "S2", -1, 0, 0);
    assert_eq!(g.supply(RED), (4, 2));

    // North: tile 62 joins the bridge's north meadow.
    expect_turn(&g, BLUE, "62", false);
    assert_eq!(legal_pieces(&g, 0, -1, 0), vec![None]);
    let mv = drawn_move(&g, (0, -1, 0), None, hunter(0));
    assert_illegal(&mut g, mv);
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);

    lay(&mut g, RED, "61", -1, -1, 0, NOTHING);

    // South: tile 30 under the bridge joins its south meadow.
    expect_turn(&g, BLUE, "30", false);
    assert!(!legal_pieces(&g, -1, 1, 0).contains(&Some((Piece::Hunter, z(ZoneKind::Meadow, 0)))));
    let mv = drawn_move(&g, (-1, 1, 0), None, hunter(0));
    assert_illegal(&mut g, mv);
    lay(&mut g, BLUE, "30", -1, 1, 0, NOTHING);
    assert!(g.is_over());

    // Both meadows score for Red's one hunter: north 62 (deer) and 61 (mammoth); south the
    // bear (2 points) and the deer of tile 30.
    let meadows = scores(&g, Category::Meadows);
    assert_eq!(meadows.len(), 2, "{meadows:?}");
    let mut got: Vec<(Vec<usize>, Terms)> = meadows
        .iter()
        .map(|s| (s.players.clone(), terms(s)))
        .collect();
    got.sort();
    let mut want = vec![
        (vec![RED], vec![(1, "mammoths", 2), (1, "deer", 2)]),
        (vec![RED], vec![(1, "deer", 2), (1, "bears", 2)]),
    ];
    want.sort();
    assert_eq!(got, want);
    assert_eq!(g.total(RED), 8);
}

/// Q22: the bridge's two meadows join round the volcano (its forest closed by tiles 36 and 35,
/// the meadow ring 62, 61, 35, 37, 36, 30). Blue hunts on tile 36 before the ring closes; in
/// the one meadow Red's bridge hunter counts once, so the hunters tie 1 : 1.
#[test]
fn the_bridge_hunter_counts_once_when_its_meadows_join() {
    let mut g = scout_game(
        &[],
        &["36", "62", "61", "35", "37", "30"],
        &["B01"],
        &[&["S2"], &[]],
    );
    lay_special(&mut g, RED, "S2", -1, 0, 0);
    lay(&mut g, BLUE, "36", 0, 1, 2, hunter(0));
    lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
    lay(&mut g, BLUE, "61", 1, -1, 0, NOTHING);
    // Tile 35 closes the volcano's nugget forest: Red's bonus tile B01 goes east of it.
    lay(&mut g, RED, "35", 1, 0, 2, NOTHING);
    lay_bonus(&mut g, RED, "B01", 2, 0, 3, NOTHING);
    // Tile 37 joins Blue's meadow to the bridge's north meadow.
    lay(&mut g, BLUE, "37", 1, 1, 1, NOTHING);
    let north = zone_at(&g, -1, 0, ZoneKind::Meadow, 0);
    let south = zone_at(&g, -1, 0, ZoneKind::Meadow, 1);
    let key = |g: &Game, zone| g.features().key(&g.tiles().tiles, g.board(), zone, false);
    assert_ne!(
        key(&g, north),
        key(&g, south),
        "two meadows before the ring closes"
    );
    assert_eq!(g.features().meadow(north).hunters[..2], [1, 1]);
    assert_eq!(g.features().meadow(south).hunters[..2], [1, 0]);

    // Tile 30 joins the bridge's south meadow to the rest.
    lay(&mut g, RED, "30", -1, 1, 0, NOTHING);
    assert_eq!(key(&g, north), key(&g, south), "one meadow");
    assert_eq!(
        g.features().meadow(north).hunters[..2],
        [1, 1],
        "the bridge hunter counts once"
    );
    assert!(g.is_over());
    // Deer on 62, 36, 37, 30; mammoths on 61, 35; the bear: 8 + 4 + 2.
    let meadows = scores(&g, Category::Meadows);
    assert_eq!(meadows.len(), 1, "{meadows:?}");
    assert_eq!(meadows[0].players, vec![RED, BLUE], "a tie");
    assert_eq!(
        terms(meadows[0]),
        vec![(2, "mammoths", 2), (4, "deer", 2), (1, "bears", 2)]
    );
    assert_eq!(g.score(RED, Category::Meadows), 14);
    assert_eq!(g.score(BLUE, Category::Meadows), 14);
}

// =============================================================================================
// 8. Agriculture

/// Agriculture west of the volcano, its farm joining the volcano's north meadow. The farm
/// meadow then grows: tile 48 (west), tile 34 north of the volcano (turned once: two of its
/// meadow zones, south and west, join the farm meadow through tile 30) and tile 30.
/// Farm meadow: 6 segments (farm, volcano, 48, 34 twice, 30) on 5 tiles, 2 deer (34, 30).
fn agriculture_game(unit: &str) -> Game {
    let mut g = scout_game(
        &[("agriculture-unit", unit)],
        &["48", "34", "30"],
        &["B03"],
        &[&["S4"], &[]],
    );
    lay_special(&mut g, RED, "S4", -1, 0, 0);
    assert_eq!(g.supply(RED), (5, 1), "the farm takes a hut");

    // West of the farm tile: no hunter in the farm's meadow (north), one in the south meadow;
    // a hut on the river system is fine, the farm hut is not on it.
    expect_turn(&g, BLUE, "48", false);
    let pieces = legal_pieces(&g, -2, 0, 0);
    assert!(!pieces.contains(&Some((Piece::Hunter, z(ZoneKind::Meadow, 0)))));
    assert!(pieces.contains(&Some((Piece::Hunter, z(ZoneKind::Meadow, 1)))));
    assert!(pieces.contains(&Some((Piece::Hut, z(ZoneKind::River, 0)))));
    let mv = drawn_move(&g, (-2, 0, 0), None, hunter(0));
    assert_illegal(&mut g, mv);
    lay(&mut g, BLUE, "48", -2, 0, 0, hut_on_river(0));

    lay(&mut g, RED, "34", 0, -1, 1, NOTHING);
    expect_turn(&g, BLUE, "30", false);
    let mv = drawn_move(&g, (-1, -1, 1), None, hunter(0));
    assert_illegal(&mut g, mv);
    lay(&mut g, BLUE, "30", -1, -1, 1, NOTHING);
    assert!(g.is_over());

    let farm = zone_at(&g, -1, 0, ZoneKind::Meadow, 0);
    let m = g.features().meadow(farm);
    assert_eq!((m.segments, m.tiles, m.animals.deer), (6, 5, 2));
    // Blue's hut alone has the volcano's river system (the lake's 1 fish).
    assert_eq!(score_list(&g, Category::Huts), vec![(vec![BLUE], 1)]);
    // The farm hut is no hunter: nobody scores the animals.
    assert!(scores(&g, Category::Meadows).is_empty());
    g
}

#[test]
fn agriculture_scores_meadow_segments() {
    let g = agriculture_game("segment");
    let s = scores(&g, Category::Specials);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].players, vec![RED]);
    assert_eq!(terms(s[0]), vec![(6, "meadow segments (agriculture)", 1)]);
    assert_eq!(g.total(RED), 6);
}

#[test]
fn agriculture_scores_meadow_tiles_with_the_option() {
    let g = agriculture_game("tile");
    let s = scores(&g, Category::Specials);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].players, vec![RED]);
    assert_eq!(terms(s[0]), vec![(5, "meadow tiles (agriculture)", 1)]);
    assert_eq!(g.total(RED), 5);
}

// =============================================================================================
// 9. The Shaman card

/// Red holds the Shaman. Tile 1 west of the volcano closes the volcano's river with its lake;
/// Red's hunter stands on its south bank, a meadow closed all round (the volcano's south bank
/// and that of tile 1's east river, between the two lakes and the forests). Blue hunts north
/// of the volcano. Red's turn with tile 0 follows.
fn shaman_game(incomplete_only: &str) -> Game {
    let mut g = scout_game(
        &[("shaman-incomplete-only", incomplete_only)],
        &["1", "62", "0", "61", "41", "53", "37", "52", "51"],
        &["B03"],
        &[&["shaman"], &[]],
    );
    lay(&mut g, RED, "1", -1, 0, 0, hunter(1));
    let closed = zone_at(&g, -1, 0, ZoneKind::Meadow, 1);
    assert_eq!(g.features().meadow(closed).open, 0, "the meadow is closed");
    lay(&mut g, BLUE, "62", 0, -1, 0, hunter(0));
    expect_turn(&g, RED, "0", false);
    g
}

#[test]
fn the_shaman_takes_back_one_own_member_once_a_turn() {
    let mut g = shaman_game("true");
    let closed_hunter = piece_index(&g, RED, Piece::Hunter, -1, 0);
    let blues = piece_index(&g, BLUE, Piece::Hunter, 0, -1);
    // Not from the closed meadow (printed rule), and never Blue's.
    assert!(legal_recalls(&g).is_empty(), "{:?}", legal_recalls(&g));
    for r in [closed_hunter, blues] {
        let mv = drawn_move(&g, (1, 0, 0), Some(r), NOTHING);
        let err = assert_illegal(&mut g, mv);
        assert!(matches!(err, IllegalMove::Recall(_)), "{err}");
    }
    // Red's hut on the lake of tile 0, east of the volcano.
    lay(&mut g, RED, "0", 1, 0, 0, hut_on_lake(0));
    lay(&mut g, BLUE, "61", -1, -1, 0, NOTHING);

    // A hunter in an open meadow east of tile 0.
    expect_turn(&g, RED, "41", false);
    let hut = piece_index(&g, RED, Piece::Hut, 1, 0);
    let mv = drawn_move(&g, (2, 0, 1), Some(hut), NOTHING);
    let err = assert_illegal(&mut g, mv);
    assert!(matches!(err, IllegalMove::Recall(_)), "no huts: {err}");
    lay(&mut g, RED, "41", 2, 0, 1, hunter(0));
    lay(&mut g, BLUE, "53", -2, 0, 0, NOTHING);

    // Red takes that hunter back and puts it on tile 37, which closes the volcano's forest.
    expect_turn(&g, RED, "37", false);
    let open_hunter = piece_index(&g, RED, Piece::Hunter, 2, 0);
    assert_eq!(legal_recalls(&g), vec![open_hunter]);
    assert_eq!(g.supply(RED), (3, 1));
    let was = g.pieces()[open_hunter];
    let mv = drawn_move(&g, (0, 1, 0), Some(open_hunter), hunter(0));
    play_ok(&mut g, mv);
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::Place { player: RED, recall: Some(r), .. } if *r == was
    )));
    assert_eq!(g.supply(RED), (3, 1), "one member back, one out again");
    assert!(!g.pieces().contains(&was));
    assert!(
        g.events()
            .iter()
            .all(|e| !matches!(e, Event::Return { .. })),
        "no Return event"
    );

    // The bonus tile is part of the same turn: the card is used up.
    expect_turn(&g, RED, "B03", true);
    assert!(legal_recalls(&g).is_empty(), "{:?}", legal_recalls(&g));
    let new_hunter = piece_index(&g, RED, Piece::Hunter, 0, 1);
    let mv = drawn_move(&g, (0, -2, 0), Some(new_hunter), NOTHING);
    let err = assert_illegal(&mut g, mv);
    assert!(matches!(err, IllegalMove::Recall(_)), "{err}");
    lay_bonus(&mut g, RED, "B03", 0, -2, 0, NOTHING);
    lay(&mut g, BLUE, "52", -3, 0, 0, NOTHING);

    // Next turn the card works again.
    expect_turn(&g, RED, "51", false);
    let new_hunter = piece_index(&g, RED, Piece::Hunter, 0, 1);
    assert_eq!(legal_recalls(&g), vec![new_hunter]);
    let mv = drawn_move(&g, (-4, 0, 0), Some(new_hunter), NOTHING);
    play_ok(&mut g, mv);
    assert_eq!(g.supply(RED), (4, 1));
}

#[test]
fn the_shaman_may_empty_a_closed_meadow_with_the_option() {
    let mut g = shaman_game("false");
    let closed_hunter = piece_index(&g, RED, Piece::Hunter, -1, 0);
    let blues = piece_index(&g, BLUE, Piece::Hunter, 0, -1);
    assert_eq!(legal_recalls(&g), vec![closed_hunter]);
    let mv = drawn_move(&g, (1, 0, 0), Some(blues), NOTHING);
    assert_illegal(&mut g, mv);
    let mv = drawn_move(&g, (1, 0, 0), Some(closed_hunter), hut_on_lake(0));
    play_ok(&mut g, mv);
    assert_eq!(g.supply(RED), (5, 1));
    let closed = zone_at(&g, -1, 0, ZoneKind::Meadow, 1);
    assert_eq!(g.features().meadow(closed).hunters[RED], 0);
}

// =============================================================================================
// 10. Scout only with the first edition, Scout options only with the expansion

#[test]
fn scout_with_the_2020_rules_is_refused() {
    let text = r#"
name = "2020-scout"
description = "2020 with the Scout"
edition = "2020"
tiles = "menhir"
expansions = ["scout"]
"#;
    let err = Variant::parse(text, "test", None).unwrap_err();
    assert!(err.to_string().contains("first edition"), "{err}");
    // The same file with the first edition is fine.
    let v = Variant::parse(
        &text
            .replace("\"2020\"", "\"2014\"")
            .replace("menhir", "classic"),
        "test",
        None,
    )
    .unwrap();
    assert!(v.options.scout.is_some());
}

#[test]
fn scout_options_need_the_expansion() {
    for (name, value) in [
        ("scout-refusal", "\"land-and-bonus\""),
        ("scout-pieces-two-players", "2"),
        ("dugout-lake-scope", "\"completed-river\""),
        ("agriculture-unit", "\"tile\""),
        ("shaman-incomplete-only", "false"),
    ] {
        let text = format!(
            "name = \"x\"\ndescription = \"x\"\nedition = \"2002\"\ntiles = \"classic\"\n\n\
             [options]\n{name} = {value}\n"
        );
        let err = Variant::parse(&text, "test", None).unwrap_err();
        assert!(err.to_string().contains("Scout"), "{name}: {err}");
        // With the expansion the option is taken.
        let with = text.replace("[options]", "expansions = [\"scout\"]\n\n[options]");
        Variant::parse(&with, "test", None).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
