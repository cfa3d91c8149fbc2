//! The worked examples of the first-edition rulebooks, played out as real games.
//!
//! Each test is one printed example of the 2002 Rio Grande rules (rules-matrix §4a, `T02-*`)
//! or the 2014 Z-Man rules (§4b, `T14-*`): the landscape of the picture is built from the
//! classic tiles (`variants/tiles/classic.toml`) around the volcano start tile, tile by tile,
//! with legal moves in turn order, and the printed points are checked against the score
//! events and the score table. The placement examples (`T02-P*`) check the legal moves and
//! that the checked `Game::play` refuses the forbidden piece without changing the game.
//!
//! The 2002 and 2014 books print the same pictures; where their numbers differ, the 2002 text
//! counts forest and river *segments* and the 2014 text counts *tiles* (rules-matrix row 12,
//! row 15). So each landscape is built once and played under both rulesets.
//!
//! Players: Red = player 0, Blue = player 1, Green = player 2, Yellow = player 3; they move
//! in that order. A player who has nothing to do in an example lays a tile away from the
//! feature the example is about.
//!
//! The volcano start tile lies at (0, 0) unturned: meadow north (with the north bank of the
//! west river), forest east and south (one forest with a gold nugget), and a river west that
//! rises from a lake with 1 fish. Coordinates: x grows eastward, y southward; rotations are
//! clockwise quarter turns.

use crate::scenario;

use scenario::*;
use std::sync::Arc;

use hunters::game::{Category, Event, Game, Move, OnBoard, ScoreEvent, Turn};
use hunters::ruleset::{Options, Ruleset};
use hunters::variant::ruleset;
use hunters::{Edition, Herd, Piece, PieceAt, Pos, TileSet, Variant, ZoneId, ZoneKind, ZoneRef};

const GREEN: usize = 2;
const YELLOW: usize = 3;

// ---------------------------------------------------------------------------------------------
// Setting up and playing

/// A game of a built-in variant whose regular and bonus decks hold exactly these tiles, in
/// this order (tile ids of the classic set).
fn new_game(variant: &str, players: usize, regular: &[&str], bonus: &[&str]) -> Game {
    let v = Variant::load(variant).unwrap();
    let rules: Arc<Ruleset> = Arc::from(v.ruleset());
    game_with(v.tiles, rules, players, regular, bonus)
}

fn game_with(
    set: TileSet,
    rules: Arc<Ruleset>,
    players: usize,
    regular: &[&str],
    bonus: &[&str],
) -> Game {
    let (regular, bonus) = (deck_of(&set, regular), deck_of(&set, bonus));
    Game::new(Arc::new(set), rules, players, regular, bonus)
}

/// The move laying the drawn tile at (x, y) turned `rot` times, with `put` on it.
fn make_move(game: &Game, x: i32, y: i32, rot: u8, put: Put) -> Move {
    Move {
        at: placement(x, y, rot),
        recall: None,
        piece: put.map(|(piece, kind, index)| {
            (
                piece,
                PieceAt::Zone(ZoneId {
                    placed: game.board().len() as u16,
                    zone: ZoneRef { kind, index },
                }),
            )
        }),
        ..Move::default()
    }
}

fn lay(game: &mut Game, player: usize, id: &str, x: i32, y: i32, rot: u8, put: Put) {
    lay_checked(game, player, id, false, (x, y, rot), put);
}

fn lay_bonus(game: &mut Game, player: usize, id: &str, x: i32, y: i32, rot: u8, put: Put) {
    lay_checked(game, player, id, true, (x, y, rot), put);
}

fn lay_checked(
    game: &mut Game,
    player: usize,
    id: &str,
    bonus: bool,
    (x, y, rot): (i32, i32, u8),
    put: Put,
) {
    expect_turn(game, player, id, bonus);
    let mv = make_move(game, x, y, rot, put);
    game.play(mv).unwrap_or_else(|e| {
        panic!("player {player}: tile {id} at ({x}, {y}) turned {rot} with {put:?} refused: {e}")
    });
}

// ---------------------------------------------------------------------------------------------
// Reading the game

/// The only score event of a category.
fn the_score(game: &Game, category: Category) -> &ScoreEvent {
    let all = scores(game, category);
    assert_eq!(
        all.len(),
        1,
        "one {} score expected: {all:?}",
        category.name()
    );
    all[0]
}

/// The terms of a score as (count, what, each).
fn terms(s: &ScoreEvent) -> Vec<(u32, &'static str, u32)> {
    s.breakdown
        .terms()
        .iter()
        .map(|t| (t.count, t.what, t.each))
        .collect()
}

/// The bonus draws as (player, tile id).
fn bonus_draws(game: &Game) -> Vec<(usize, String)> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Draw {
                player,
                tile,
                bonus: true,
                ..
            } => Some((*player, game.tiles().tiles[*tile].id.clone())),
            _ => None,
        })
        .collect()
}

fn position<F: Fn(&Event) -> bool>(game: &Game, what: F) -> Option<usize> {
    game.events().iter().position(what)
}

/// Where the game ended in the event list (its length while the game goes on).
fn end_index(game: &Game) -> usize {
    position(game, |e| matches!(e, Event::End)).unwrap_or(game.events().len())
}

/// Asserts that `player`'s `piece` went home after the first score of `category` and before
/// the game ended (so it came back because the feature scored, not at the end).
fn assert_returned_after_scoring(game: &Game, category: Category, player: usize, piece: Piece) {
    let scored = position(
        game,
        |e| matches!(e, Event::Score(s) if s.category == category),
    )
    .expect("a score");
    let back = game.events()[scored..]
        .iter()
        .position(|e| {
            matches!(e, Event::Return { player: p, piece: k, .. } if *p == player && *k == piece)
        })
        .map(|i| i + scored)
        .unwrap_or_else(|| panic!("player {player}'s {} never came back", piece.name()));
    assert!(
        back < end_index(game),
        "player {player}'s {} came back only at the end of the game",
        piece.name()
    );
}

/// The totals of all players.
fn totals(game: &Game) -> Vec<u32> {
    (0..game.players()).map(|p| game.total(p)).collect()
}

/// The pieces the player to move may put on the drawn tile laid at (x, y) turned `rot`
/// (`None` = no piece), sorted.
fn legal_pieces(game: &Game, x: i32, y: i32, rot: u8) -> Vec<Option<(Piece, ZoneRef)>> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let at = placement(x, y, rot);
    assert!(
        moves.iter().any(|m| m.at == at),
        "the drawn tile cannot be laid at ({x}, {y}) turned {rot}"
    );
    let mut out: Vec<_> = moves
        .iter()
        .filter(|m| m.at == at && m.recall.is_none())
        .map(|m| {
            m.piece.map(|(p, at)| match at {
                PieceAt::Zone(z) => (p, z.zone),
                PieceAt::Spot { .. } => panic!("no Scout spots on classic tiles"),
            })
        })
        .collect();
    out.sort();
    out
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
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        events: game.events().to_vec(),
        placed: game.board().len(),
        pieces: game.pieces().to_vec(),
        supply: (0..game.players()).map(|p| game.supply(p)).collect(),
        totals: totals(game),
        turn: game.turn(),
    }
}

/// Asserts that the checked play refuses laying the drawn tile at (x, y) turned `rot` with
/// `put`, and that the game is left exactly as it was.
fn assert_refused(game: &mut Game, x: i32, y: i32, rot: u8, put: Put) {
    let before = snapshot(game);
    let mv = make_move(game, x, y, rot, put);
    let result = game.play(mv);
    assert!(
        result.is_err(),
        "{put:?} on the tile at ({x}, {y}) was allowed"
    );
    assert_eq!(
        snapshot(game),
        before,
        "a refused move changed the game ({})",
        result.unwrap_err()
    );
}

/// The animals of the meadow the only hunter of `player` stands in.
fn hunted_herd(game: &Game, player: usize) -> Herd {
    let zone = game
        .pieces()
        .iter()
        .find_map(|p| match (p.player, p.piece, p.at) {
            (q, Piece::Hunter, PieceAt::Zone(z)) if q == player => Some(z),
            _ => None,
        })
        .unwrap_or_else(|| panic!("player {player} has no hunter"));
    game.features().meadow(zone).animals
}

// =============================================================================================
// Rivers

/// The river of the R1 picture: tile 1 is the volcano (lake with 1 fish), tile 2 a straight
/// river (48), tile 3 tile 0 (a lake with 2 fish). Red puts a fisher on tile 2; Blue lays a
/// tile elsewhere; Red closes the river with tile 3.
fn river_of_three(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["48", "62", "0"], &["B03"]);
    // Tile 48 (meadow, river E-W, meadow): its river continues the volcano's west river.
    lay(&mut g, RED, "48", -1, 0, 0, fisher(0));
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);
    // Tile 0 turned once: its river runs from the east side into a lake with 2 fish.
    lay(&mut g, RED, "0", -2, 0, 1, NOTHING);
    g
}

/// T02-R1 (2002): "Red scores 6 points. The completed river has 3 river segments (1, 2, 3).
/// Each river segment scores 1 point. The lake at one end has 1 fish; the lake at the other
/// end has 2 fish."
#[test]
fn t02_r1_river_of_three_segments_between_lakes_of_1_and_2_fish() {
    let g = river_of_three("2002");
    let s = the_score(&g, Category::Rivers);
    assert_eq!(s.players, vec![RED]);
    assert_eq!(s.points(), 6);
    // 2002 counts river segments: the segments on the two lake tiles count.
    assert_eq!(
        terms(s),
        vec![(3, "segments", 1), (3, "lake fish", 1)],
        "{}",
        s.breakdown
    );
    assert_eq!(totals(&g), vec![6, 0]);
    assert_returned_after_scoring(&g, Category::Rivers, RED, Piece::Fisher);
}

/// T14-R1 (2014): "The completed river consists of 3 tiles (1, 2, 3) ... The lake on tile 1
/// has one fish, and the lake on tile 3 has two fish ... 3 tiles + 3 fish = 6 points."
#[test]
fn t14_r1_river_of_three_tiles_between_lakes_of_1_and_2_fish() {
    let g = river_of_three("2014");
    let s = the_score(&g, Category::Rivers);
    assert_eq!(s.players, vec![RED]);
    assert_eq!(s.points(), 6);
    // 2014 counts river tiles, and the tiles holding the end lakes are river tiles.
    assert_eq!(
        terms(s),
        vec![(3, "tiles", 1), (3, "lake fish", 1)],
        "{}",
        s.breakdown
    );
    assert_eq!(totals(&g), vec![6, 0]);
    assert_returned_after_scoring(&g, Category::Rivers, RED, Piece::Fisher);
}

/// The R2 picture: Red's fisher stands on a river from a lake with 1 fish (tile 59); Blue
/// lays tile 66, whose forest continues the forest where Blue's gatherer stands and whose
/// river rises at a spring, closing Red's river. The 2002 text says "all lakes have fish", so
/// the fishless end of the picture is a spring (the 2014 text's "river mouth", the same
/// first-edition tiles; rules-matrix row 11).
fn blue_closes_reds_river(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["62", "39", "59", "66"], &["B03"]);
    lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
    // Blue's gatherer in the volcano's forest, through tile 39 (forest E-W).
    lay(&mut g, BLUE, "39", 1, 0, 0, gatherer(0));
    // Tile 59 turned three times: river from the west side into a lake with 1 fish.
    lay(&mut g, RED, "59", 1, 1, 3, fisher(0));
    // Tile 66 turned three times: forest north and west, the spring's river east.
    lay(&mut g, BLUE, "66", 0, 1, 3, NOTHING);
    g
}

fn check_blue_closes_reds_river(g: &Game, unit: &'static str) {
    // Blue's tile did extend Blue's forest, which stays open.
    let forest = g.features().forest(zone_at(g, 0, 1, ZoneKind::Forest, 0));
    assert!(forest.open > 0, "Blue's forest is still open");
    assert!(scores(g, Category::Forests).is_empty());
    let placed_by_blue = g.events().iter().any(|e| {
        matches!(e, Event::Place { player, at, .. } if *player == BLUE && at.pos == Pos::new(0, 1))
    });
    assert!(placed_by_blue, "Blue laid the tile that closes the river");

    let s = the_score(g, Category::Rivers);
    assert_eq!(s.players, vec![RED], "Red scores, not Blue");
    assert_eq!(s.points(), 3);
    assert_eq!(terms(s), vec![(2, unit, 1), (1, "lake fish", 1)]);
    assert_eq!(totals(g), vec![3, 0]);
    assert_returned_after_scoring(g, Category::Rivers, RED, Piece::Fisher);
}

/// T02-R2 (2002): "Red scores 3 points. (2 river segments and 1 fish). Even though blue
/// placed the tile to enlarge his forest, red scores points for his fisherman on the river
/// completed by the tile blue placed."
#[test]
fn t02_r2_blue_completes_reds_river() {
    let g = blue_closes_reds_river("2002");
    check_blue_closes_reds_river(&g, "segments");
}

/// T14-R2 (2014): "Blue places a tile to extend his forest, which completes the river to the
/// right. Red alone occupies this river and scores 3 points for its completion. 2 tiles + 1
/// fish = 3 points."
#[test]
fn t14_r2_blue_completes_reds_river() {
    let g = blue_closes_reds_river("2014");
    check_blue_closes_reds_river(&g, "tiles");
}

// =============================================================================================
// Forests

/// The F1 picture: a forest of two single-sided pieces (tiles 37 and 36) without a nugget.
/// Red puts a gatherer on the first; Blue's tile closes the forest.
fn small_forest(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["37", "36"], &["B03"]);
    lay(&mut g, RED, "37", 0, -1, 0, gatherer(0));
    lay(&mut g, BLUE, "36", 0, -2, 0, NOTHING);
    g
}

fn check_small_forest(g: &Game, unit: &'static str) {
    let s = the_score(g, Category::Forests);
    assert_eq!(s.players, vec![RED]);
    assert_eq!(s.points(), 4);
    assert_eq!(terms(s), vec![(2, unit, 2)]);
    assert_eq!(totals(g), vec![4, 0]);
    assert_returned_after_scoring(g, Category::Forests, RED, Piece::Gatherer);
    // No gold nugget, no bonus tile.
    assert_eq!(bonus_draws(g), vec![]);
}

/// T02-F1 (2002): "Red scores 4 points." (2 points for each forest segment; two segments, no
/// gold nugget. The book's "(only possible in 2 segment forests)" is not the rule: only a
/// nugget matters, rules-matrix row 16.)
#[test]
fn t02_f1_two_segment_forest() {
    check_small_forest(&small_forest("2002"), "segments");
}

/// T14-F1 (2014): "Red scores 4 points." (2 points for each forest tile; two tiles.)
#[test]
fn t14_f1_two_tile_forest() {
    check_small_forest(&small_forest("2014"), "tiles");
}

/// The F2/F3 picture: four tiles around the volcano's forest. Tile 0 shows two separate
/// forests (south and west), both part of the finished forest, so the forest has 5 segments
/// on 4 tiles, with gold nuggets on the volcano, tile 33 and tile 42:
///
/// ```text
///   (0,0) volcano  forest E+S   (1,0) tile 0   forests W and S
///   (0,1) tile 42  forest N+E   (1,1) tile 33  forest N+W
/// ```
///
/// 2002 scores 5 segments x 2 = 10, 2014 scores 4 tiles x 2 = 8: the printed pair differs by
/// exactly the second segment of tile 0 (rules-matrix row 15).
///
/// `closer` lays tile 42, which finishes the forest; Red's gatherer stands in tile 0's west
/// forest, and `blue_gatherer` puts Blue's on tile 33, in tile 0's south forest, which is
/// separate until tile 42 joins them.
fn forest_of_five_segments(variant: &str, closer: usize, blue_gatherer: bool) -> Game {
    let regular: &[&str] = if closer == RED {
        &["0", "33", "42", "61"]
    } else {
        &["0", "33", "62", "42", "61"]
    };
    let mut g = new_game(variant, 2, regular, &["B03", "B05"]);
    lay(&mut g, RED, "0", 1, 0, 0, gatherer(1));
    let blue = if blue_gatherer { gatherer(0) } else { NOTHING };
    lay(&mut g, BLUE, "33", 1, 1, 0, blue);
    if closer == BLUE {
        lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
    }
    lay(&mut g, closer, "42", 0, 1, 0, NOTHING);
    g
}

fn check_forest_of_five(g: &Game, closer: usize, points: u32, unit: &'static str, n: u32) {
    let s = the_score(g, Category::Forests);
    assert_eq!(s.players, vec![RED]);
    assert_eq!(s.points(), points);
    assert_eq!(terms(s), vec![(n, unit, 2)]);
    assert_returned_after_scoring(g, Category::Forests, RED, Piece::Gatherer);
    let forest = g.features().forest(zone_at(g, 0, 0, ZoneKind::Forest, 0));
    assert_eq!(
        (forest.open, forest.segments, forest.tiles, forest.nuggets),
        (0, 5, 4, 3)
    );
    // Several nuggets, one bonus tile, drawn by the player who laid the closing tile.
    assert_eq!(bonus_draws(g), vec![(closer, "B03".to_string())]);
    // The draw comes after the forest has scored and the gatherer has gone home.
    let scored = position(g, |e| matches!(e, Event::Score(_))).unwrap();
    let back = position(g, |e| matches!(e, Event::Return { player: RED, .. })).unwrap();
    let drawn = position(g, |e| matches!(e, Event::Draw { bonus: true, .. })).unwrap();
    assert!(scored < back && back < drawn);
}

/// Plays the bonus turn that follows the forest, then the last regular tile: the bonus turn
/// belongs to `closer`, and play then passes to the next player.
fn finish_forest_of_five(g: &mut Game, closer: usize) {
    // The fire tile (meadow on all four sides) where only meadows touch it.
    let (x, y) = if closer == RED { (0, -1) } else { (0, -2) };
    lay_bonus(g, closer, "B03", x, y, 0, NOTHING);
    let next = 1 - closer;
    lay(g, next, "61", 2, 0, 0, NOTHING);
    assert!(g.is_over());
    assert_eq!(bonus_draws(g).len(), 1, "exactly one bonus tile");
}

/// T02-F2 (2002): "There are several gold nuggets in this completed forest. The player draws
/// and places just 1 bonus card ... 2 points each ... Red scores 10 points."
#[test]
fn t02_f2_nugget_forest_red_completes() {
    let mut g = forest_of_five_segments("2002", RED, false);
    check_forest_of_five(&g, RED, 10, "segments", 5);
    finish_forest_of_five(&mut g, RED);
    assert_eq!(totals(&g), vec![10, 0]);
}

/// T02-F2b (2002): "If blue completed the forest, red scores the points and blue places the
/// bonus card."
#[test]
fn t02_f2b_nugget_forest_blue_completes() {
    let mut g = forest_of_five_segments("2002", BLUE, false);
    check_forest_of_five(&g, BLUE, 10, "segments", 5);
    finish_forest_of_five(&mut g, BLUE);
    let bonus_laid_by = g.events().iter().find_map(|e| match e {
        Event::Place { player, tile, .. } if g.tiles().tiles[*tile].id == "B03" => Some(*player),
        _ => None,
    });
    assert_eq!(bonus_laid_by, Some(BLUE));
    assert_eq!(totals(&g), vec![10, 0]);
}

/// T14-F2 (2014): "There are gold nuggets in this newly completed forest. A Bonus tile will be
/// awarded to the player who placed the tile. 2 points per tile (2 x 4 = 8) Red scores 8
/// points."
#[test]
fn t14_f2_nugget_forest_red_completes() {
    let mut g = forest_of_five_segments("2014", RED, false);
    check_forest_of_five(&g, RED, 8, "tiles", 4);
    finish_forest_of_five(&mut g, RED);
    assert_eq!(totals(&g), vec![8, 0]);
}

/// T02-F3 (2002): "Red and blue each score 10 points." Two gatherers in forests that the last
/// tile joins; a tie scores full points for both.
#[test]
fn t02_f3_tie_in_merged_forest() {
    let mut g = forest_of_five_segments("2002", RED, true);
    let s = the_score(&g, Category::Forests);
    assert_eq!(s.players, vec![RED, BLUE]);
    assert_eq!(s.points(), 10);
    assert_eq!(terms(s), vec![(5, "segments", 2)]);
    assert_returned_after_scoring(&g, Category::Forests, RED, Piece::Gatherer);
    assert_returned_after_scoring(&g, Category::Forests, BLUE, Piece::Gatherer);
    finish_forest_of_five(&mut g, RED);
    assert_eq!(totals(&g), vec![10, 10]);
}

/// T14-F3 (2014): "Red and Blue each score 8 points."
#[test]
fn t14_f3_tie_in_merged_forest() {
    let mut g = forest_of_five_segments("2014", RED, true);
    let s = the_score(&g, Category::Forests);
    assert_eq!(s.players, vec![RED, BLUE]);
    assert_eq!(s.points(), 8);
    assert_eq!(terms(s), vec![(4, "tiles", 2)]);
    finish_forest_of_five(&mut g, RED);
    assert_eq!(totals(&g), vec![8, 8]);
}

/// The F4 picture: the F2 landscape one tile bigger. Tile 63 (forest on three sides) takes the
/// place of tile 42 and joins a third forest, tile 37's, so the forest has 6 segments on 5
/// tiles. Red has gatherers on tile 0 (west forest) and tile 37, Blue one on tile 33; the
/// three forests are separate until Blue lays tile 63.
///
/// ```text
///   (0,0) volcano  forest E+S   (1,0) tile 0   forests W and S
///   (0,1) tile 63  forest N+E+S (1,1) tile 33  forest N+W
///   (0,2) tile 37  forest N     (1,2) tile 62  meadow
/// ```
fn forest_with_red_majority(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["0", "33", "62", "61", "37", "63"], &["B03"]);
    lay(&mut g, RED, "0", 1, 0, 0, gatherer(1));
    lay(&mut g, BLUE, "33", 1, 1, 0, gatherer(0));
    lay(&mut g, RED, "62", 1, 2, 0, NOTHING);
    lay(&mut g, BLUE, "61", 0, -1, 0, NOTHING);
    lay(&mut g, RED, "37", 0, 2, 0, gatherer(0));
    // Tile 63 turned once: forest north, east and south, meadow west.
    lay(&mut g, BLUE, "63", 0, 1, 1, NOTHING);
    g
}

fn check_forest_with_red_majority(g: &Game, points: u32, unit: &'static str, n: u32) {
    let s = the_score(g, Category::Forests);
    assert_eq!(s.players, vec![RED], "Red alone scores");
    assert_eq!(s.points(), points);
    assert_eq!(terms(s), vec![(n, unit, 2)]);
    let forest = g.features().forest(zone_at(g, 0, 0, ZoneKind::Forest, 0));
    assert_eq!((forest.segments, forest.tiles), (6, 5));
    for p in [RED, BLUE] {
        assert_returned_after_scoring(g, Category::Forests, p, Piece::Gatherer);
    }
    assert_eq!(g.supply(RED).0, 5, "both of Red's gatherers are home");
    assert_eq!(g.score(BLUE, Category::Forests), 0);
    assert_eq!(bonus_draws(g), vec![(BLUE, "B03".to_string())]);
}

/// T02-F4 (2002): "Red has the majority in this forest and scores the 12 points alone."
#[test]
fn t02_f4_majority_in_forest() {
    let g = forest_with_red_majority("2002");
    check_forest_with_red_majority(&g, 12, "segments", 6);
}

/// T14-F4 (2014): "Red has the most gatherers in this forest and alone scores 10 points."
#[test]
fn t14_f4_majority_in_forest() {
    let g = forest_with_red_majority("2014");
    check_forest_with_red_majority(&g, 10, "tiles", 5);
}

// =============================================================================================
// The returned meeple and the bonus tile

/// Red has put four hunters in the meadows north of a row of forest tiles (39, 40, 60, 38)
/// east of the volcano, so Red's last meeple is the gatherer Red puts on tile 35, which closes
/// the volcano's nugget forest (7 segments on 7 tiles, 14 points in both editions). The
/// gatherer scores, comes back, and Red draws the bonus tile B04 (forest and meadow). Returns
/// the game at Red's bonus turn.
fn red_gets_the_gatherer_back(rules: Arc<Ruleset>) -> Game {
    let set = Variant::load("2002").unwrap().tiles;
    // Tile 30 is Blue's next tile after the bonus turn; the game is still on then.
    let regular = ["39", "37", "40", "62", "60", "61", "38", "48", "35", "30"];
    let mut g = game_with(set, rules, 2, &regular, &["B04", "B03"]);
    lay(&mut g, RED, "39", 1, 0, 0, hunter(0));
    lay(&mut g, BLUE, "37", 0, 1, 0, NOTHING);
    lay(&mut g, RED, "40", 2, 0, 0, hunter(0));
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);
    lay(&mut g, RED, "60", 3, 0, 0, hunter(0));
    lay(&mut g, BLUE, "61", 0, -2, 0, NOTHING);
    lay(&mut g, RED, "38", 4, 0, 0, hunter(0));
    lay(&mut g, BLUE, "48", -1, 0, 0, NOTHING);
    assert_eq!(g.supply(RED).0, 1, "Red has one meeple left");
    // Tile 35 turned twice: forest west, closing the forest.
    lay(&mut g, RED, "35", 5, 0, 2, gatherer(0));
    let s = the_score(&g, Category::Forests);
    assert_eq!((s.players.clone(), s.points()), (vec![RED], 14));
    assert_returned_after_scoring(&g, Category::Forests, RED, Piece::Gatherer);
    assert_eq!(g.supply(RED).0, 1, "the gatherer is back in Red's supply");
    expect_turn(&g, RED, "B04", true);
    g
}

fn rules_of(edition: Edition, reuse: Option<&str>) -> Arc<Ruleset> {
    let mut o = Options::for_edition(edition);
    if let Some(v) = reuse {
        o.set("reuse-returned-on-bonus", v).unwrap();
    }
    Arc::from(ruleset(edition, o))
}

/// T14-B1 (2014): "If this should result in the completion of a forest containing gold
/// nuggets, that same tribe member can even be placed on the Bonus tile." The 2002 text says
/// returned tribe members are used "on their next turn", so under the 2002 rules (option
/// `reuse-returned-on-bonus = false`) the same meeple may not go on the bonus tile.
#[test]
fn t14_b1_returned_meeple_on_the_bonus_tile() {
    // Tile B04 turned twice (meadow north and east, forest south and west), south of tile 37.
    let (x, y, rot) = (0, 2, 2);
    let on_bonus = [
        None,
        Some((Piece::Gatherer, z(ZoneKind::Forest, 0))),
        Some((Piece::Hunter, z(ZoneKind::Meadow, 0))),
    ];

    // 2014: the same meeple goes on the bonus tile.
    let mut g = red_gets_the_gatherer_back(rules_of(Edition::E2014, None));
    assert_eq!(legal_pieces(&g, x, y, rot), on_bonus);
    lay_bonus(&mut g, RED, "B04", x, y, rot, gatherer(0));
    expect_turn(&g, BLUE, "30", false);
    assert_eq!(g.supply(RED).0, 0);
    let reds = g.pieces().iter().filter(|p| p.player == RED).count();
    assert_eq!(reds, 5, "four hunters and the gatherer on the bonus tile");

    // 2002 as printed: refused; only the tile (or nothing) goes down.
    let mut g = red_gets_the_gatherer_back(rules_of(Edition::E2002, None));
    assert_eq!(legal_pieces(&g, x, y, rot), vec![None]);
    assert_refused(&mut g, x, y, rot, gatherer(0));
    assert_refused(&mut g, x, y, rot, hunter(0));
    lay_bonus(&mut g, RED, "B04", x, y, rot, NOTHING);
    expect_turn(&g, BLUE, "30", false);
    assert_eq!(g.supply(RED).0, 1);

    // 2002 with the option switched on behaves like 2014.
    let g = red_gets_the_gatherer_back(rules_of(Edition::E2002, Some("true")));
    assert_eq!(legal_pieces(&g, x, y, rot), on_bonus);
}

// =============================================================================================
// Huts

/// The H1 picture: a river system of three lakes with 1 + 3 + 1 = 5 fish: the volcano's lake,
/// the lake of tile 1 (two rivers) and the lake of tile 2. Blue puts a hut on tile 2's lake.
fn system_of_five_fish(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["1", "2"], &["B03"]);
    lay(&mut g, RED, "1", -1, 0, 0, NOTHING);
    lay(&mut g, BLUE, "2", -2, 0, 0, hut_on_lake(0));
    g
}

fn check_system_of_five_fish(g: &Game) {
    assert!(g.is_over());
    let tiles = &g.tiles().tiles;
    let system = g
        .features()
        .system(tiles, g.board(), zone_at(g, -2, 0, ZoneKind::Lake, 0));
    assert_eq!((system.lakes, system.fish), (3, 5));
    let s = the_score(g, Category::Huts);
    assert_eq!(s.players, vec![BLUE]);
    assert_eq!(s.points(), 5);
    assert_eq!(terms(s), vec![(5, "fish", 1)]);
    assert!(
        position(g, |e| matches!(e, Event::Score(_))).unwrap() > end_index(g),
        "huts score at the end of the game"
    );
    assert_eq!(totals(g), vec![0, 5]);
    // The hut stays on the board.
    assert!(
        g.pieces()
            .iter()
            .any(|p| p.player == BLUE && p.piece == Piece::Hut)
    );
}

/// T02-H1 (2002): "Blue scores 5 points (5 fish)."
#[test]
fn t02_h1_hut_scores_every_fish_of_the_system() {
    check_system_of_five_fish(&system_of_five_fish("2002"));
}

/// T14-H1 (2014): "Blue scores 5 points (5 fish)."
#[test]
fn t14_h1_hut_scores_every_fish_of_the_system() {
    check_system_of_five_fish(&system_of_five_fish("2014"));
}

// =============================================================================================
// Meadows

/// Meadow 1 of the final-scoring picture: 1 deer. Red lays tile 62 (all meadow, 1 deer) north
/// of the volcano; Blue lays tile 37 south of it, whose deer is in another meadow; Green
/// hunts in meadow 1 from tile 33.
fn meadow_one(variant: &str) -> Game {
    let mut g = new_game(variant, 3, &["62", "37", "33"], &["B03"]);
    lay(&mut g, RED, "62", 0, -1, 0, NOTHING);
    lay(&mut g, BLUE, "37", 0, 1, 0, NOTHING);
    // Tile 33 turned twice: meadow north and west (joining tile 62), forest east and south.
    lay(&mut g, GREEN, "33", 1, -1, 2, hunter(0));
    g
}

fn check_meadow_one(g: &Game) {
    assert!(g.is_over());
    assert_eq!(hunted_herd(g, GREEN), Herd::new(1, 0, 0, 0));
    let s = the_score(g, Category::Meadows);
    assert_eq!(s.players, vec![GREEN]);
    assert_eq!(s.points(), 2);
    assert_eq!(terms(s), vec![(1, "deer", 2)]);
    assert_eq!(totals(g), vec![0, 0, 2]);
}

/// T02-M1 (2002): "meadow 1: 1 deer; green scores 2 points."
#[test]
fn t02_m1_one_deer() {
    check_meadow_one(&meadow_one("2002"));
}

/// T14-M1 (2014): "Meadow 1: 1 deer. Green scores 2 points."
#[test]
fn t14_m1_one_deer() {
    check_meadow_one(&meadow_one("2014"));
}

/// Meadow 2: 1 deer, 1 mammoth, 1 tiger, with one hunter of Red and one of Yellow. Red hunts
/// north of tile 38 (1 deer), Yellow on tile 61 (1 mammoth) north of the volcano; the two
/// meadows are separate until Red lays tile 31 (1 tiger) in the corner between them. Blue and
/// Green lay tiles 37 and 40 elsewhere.
fn meadow_two(variant: &str) -> Game {
    let mut g = new_game(variant, 4, &["38", "37", "40", "61", "31"], &["B03"]);
    lay(&mut g, RED, "38", 1, 0, 0, hunter(0));
    lay(&mut g, BLUE, "37", 0, 1, 0, NOTHING);
    lay(&mut g, GREEN, "40", 2, 0, 0, NOTHING);
    lay(&mut g, YELLOW, "61", 0, -1, 0, hunter(0));
    // Tile 31 turned once: meadow south and west, forest north and east.
    lay(&mut g, RED, "31", 1, -1, 1, NOTHING);
    g
}

fn check_meadow_two(g: &Game) {
    assert!(g.is_over());
    assert_eq!(hunted_herd(g, RED), Herd::new(1, 0, 1, 1));
    assert_eq!(hunted_herd(g, YELLOW), Herd::new(1, 0, 1, 1), "one meadow");
    let s = the_score(g, Category::Meadows);
    assert_eq!(s.players, vec![RED, YELLOW]);
    assert_eq!(s.points(), 2);
    // The tiger takes the deer; the mammoth scores.
    assert_eq!(terms(s), vec![(1, "mammoths", 2)]);
    assert_eq!(totals(g), vec![2, 0, 0, 2]);
}

/// T02-M2 (2002): "meadow 2: 1 deer, 1 mammoth, and 1 tiger; red and yellow each score 2
/// points for the mammoth; the tiger eliminates the deer."
#[test]
fn t02_m2_tiger_takes_the_deer_tie_scores_both() {
    check_meadow_two(&meadow_two("2002"));
}

/// T14-M2 (2014): "Meadow 2: 1 deer, 1 mammoth, 1 tiger. Yellow and Red each score 2 points
/// for the mammoth. The deer was eliminated by the tiger."
#[test]
fn t14_m2_tiger_takes_the_deer_tie_scores_both() {
    check_meadow_two(&meadow_two("2014"));
}

/// Meadow 3: 2 deer, 2 mammoths, 1 aurochs, 1 tiger; Red has two hunters, Blue one. Aurochs
/// are only on bonus tiles, so Blue closes the volcano's nugget forest with tile 37 and lays
/// the aurochs tile B09 (mammoth and aurochs) as the bonus tile.
///
/// ```text
///   (0,-2) tile 33  Red hunter
///   (0,-1) tile 62  deer          (1,-1) B09  mammoth, aurochs
///   (0, 0) volcano                (1, 0) tile 35  mammoth, Red hunter
///   (0, 1) tile 37  deer, Blue    (1, 1) tile 31  tiger
/// ```
///
/// Red's two meadows are joined by B09, Blue's by tile 31.
fn meadow_three(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["35", "62", "33", "37", "31"], &["B09", "B03"]);
    // Tile 35 turned twice: forest west (closing the volcano's east side), meadow elsewhere.
    lay(&mut g, RED, "35", 1, 0, 2, hunter(0));
    lay(&mut g, BLUE, "62", 0, -1, 0, NOTHING);
    lay(&mut g, RED, "33", 0, -2, 0, hunter(0));
    // Tile 37 closes the volcano's forest (gold nugget): Blue takes the bonus turn.
    lay(&mut g, BLUE, "37", 0, 1, 0, hunter(0));
    // B09 turned twice: forest north, meadow east, south and west.
    lay_bonus(&mut g, BLUE, "B09", 1, -1, 2, NOTHING);
    // Tile 31 turned twice: meadow north and west, forest east and south.
    lay(&mut g, RED, "31", 1, 1, 2, NOTHING);
    g
}

fn check_meadow_three(g: &Game) {
    assert!(g.is_over());
    assert_eq!(hunted_herd(g, RED), Herd::new(2, 1, 2, 1));
    let hunters = g
        .features()
        .meadow(zone_at(g, 1, 0, ZoneKind::Meadow, 0))
        .hunters;
    assert_eq!((hunters[RED], hunters[BLUE]), (2, 1));
    let s = the_score(g, Category::Meadows);
    assert_eq!(s.players, vec![RED], "Red alone");
    assert_eq!(s.points(), 8);
    // 2 mammoths = 4, 1 aurochs = 2, 2 deer - 1 tiger = 1 deer = 2.
    assert_eq!(
        terms(s),
        vec![(2, "mammoths", 2), (1, "aurochs", 2), (1, "deer", 2)]
    );
    assert_eq!(totals(g), vec![8, 0]);
}

/// T02-M3 (2002): "meadow 3: 2 deer, 2 mammoths, 1 aurochs, and 1 tiger; red has the most
/// hunters and alone scores the 8 points (2 mammoths = 4 points, 1 aurochs = 2 points, 1 deer
/// = 2 points)."
#[test]
fn t02_m3_majority_scores_mammoths_aurochs_and_deer() {
    check_meadow_three(&meadow_three("2002"));
}

/// T14-M3 (2014): "Meadow 3: 2 deer, 2 mammoths, 1 aurochs, 1 tiger. Red has the most
/// hunters. She alone scores 8 points (2 mammoths = 4 points, 1 aurochs = 2 points, 2 deer - 1
/// tiger = 2 points)."
#[test]
fn t14_m3_majority_scores_mammoths_aurochs_and_deer() {
    check_meadow_three(&meadow_three("2014"));
}

/// Meadow 4: 2 tigers, 1 deer. Red lays tile 31 (tiger) north of the volcano, Blue hunts from
/// tile 32 (tiger) beside it, and Red adds tile 62 (deer).
fn meadow_four(variant: &str) -> Game {
    let mut g = new_game(variant, 2, &["31", "32", "62"], &["B03"]);
    lay(&mut g, RED, "31", 0, -1, 0, NOTHING);
    // Tile 32 turned twice: meadow north and west, forest east and south.
    lay(&mut g, BLUE, "32", 1, -1, 2, hunter(0));
    lay(&mut g, RED, "62", 1, -2, 0, NOTHING);
    g
}

fn check_meadow_four(g: &Game) {
    assert!(g.is_over());
    assert_eq!(hunted_herd(g, BLUE), Herd::new(1, 0, 0, 2));
    // Blue's meadow is scored, for nothing: the extra tiger costs nothing.
    let meadow_scores = scores(g, Category::Meadows);
    assert!(meadow_scores.len() <= 1);
    for s in meadow_scores {
        assert_eq!(s.players, vec![BLUE]);
        assert_eq!(s.points(), 0, "{}", s.breakdown);
    }
    assert_eq!(totals(g), vec![0, 0]);
}

/// T02-M4 (2002): "meadow 4: 2 tigers and 1 deer; blue scores no points, but no minus points
/// for the extra tiger."
#[test]
fn t02_m4_more_tigers_than_deer() {
    check_meadow_four(&meadow_four("2002"));
}

/// T14-M4 (2014): "Meadow 4: 1 deer, 2 tigers. Blue scores no points, but does not lose any
/// points either."
#[test]
fn t14_m4_more_tigers_than_deer() {
    check_meadow_four(&meadow_four("2014"));
}

// =============================================================================================
// Placing tribe members and huts (2002)

/// T02-P1 (2002): "Blue can only place a hunter on this tile. Another gatherer stands in the
/// connected forest segment."
#[test]
fn t02_p1_gatherer_refused_in_an_occupied_forest() {
    let mut g = new_game("2002", 2, &["39", "37", "62"], &["B03"]);
    // Red's gatherer in the volcano's forest, through tile 39.
    lay(&mut g, RED, "39", 1, 0, 0, gatherer(0));
    // Blue's tile 37 continues that forest southward (forest north, meadow on three sides).
    expect_turn(&g, BLUE, "37", false);
    assert_eq!(
        legal_pieces(&g, 0, 1, 0),
        vec![None, Some((Piece::Hunter, z(ZoneKind::Meadow, 0)))]
    );
    assert_refused(&mut g, 0, 1, 0, gatherer(0));
    lay(&mut g, BLUE, "37", 0, 1, 0, hunter(0));
    let forest = g.features().forest(zone_at(&g, 0, 1, ZoneKind::Forest, 0));
    assert_eq!((forest.gatherers[RED], forest.gatherers[BLUE]), (1, 0));
}

/// T02-P2 (2002): "Red can place a tribe member as a gatherer or fisherman, but as a hunter
/// only on the small meadow segment (red arrow). There is already another hunter in the large
/// meadow."
#[test]
fn t02_p2_hunter_only_in_the_free_meadow() {
    let mut g = new_game("2002", 2, &["34", "62", "46"], &["B03"]);
    lay(&mut g, RED, "34", 1, 0, 0, NOTHING);
    // Blue hunts in the volcano's north meadow, through tile 62.
    lay(&mut g, BLUE, "62", 0, -1, 0, hunter(0));
    // Red's tile 46 (meadow N with the north banks, river E-W, a small meadow between the
    // south banks and the forest S) continues the volcano's river.
    expect_turn(&g, RED, "46", false);
    assert_eq!(
        legal_pieces(&g, -1, 0, 0),
        vec![
            None,
            Some((Piece::Gatherer, z(ZoneKind::Forest, 0))),
            Some((Piece::Fisher, z(ZoneKind::River, 0))),
            Some((Piece::Hunter, z(ZoneKind::Meadow, 1))),
            Some((Piece::Hut, z(ZoneKind::River, 0))),
        ]
    );
    assert_refused(&mut g, -1, 0, 0, hunter(0));
    lay(&mut g, RED, "46", -1, 0, 0, hunter(1));
}

/// T02-P3 (2002): "The blue hut may be placed." / "The red fisherman may be placed." Huts and
/// fishermen do not affect the placement of each other.
#[test]
fn t02_p3_huts_and_fishers_do_not_block_each_other() {
    let mut g = new_game("2002", 2, &["48", "52", "1"], &["B03"]);
    // Red's fisher on the river from the volcano's lake.
    lay(&mut g, RED, "48", -1, 0, 0, fisher(0));
    // Blue extends that river: the river system has Red's fisher and no hut.
    expect_turn(&g, BLUE, "52", false);
    // Tile 52: meadow north, river E-W, meadow south. No fisher: the river has Red's.
    assert_eq!(
        legal_pieces(&g, -2, 0, 0),
        vec![
            None,
            Some((Piece::Hunter, z(ZoneKind::Meadow, 0))),
            Some((Piece::Hunter, z(ZoneKind::Meadow, 1))),
            Some((Piece::Hut, z(ZoneKind::River, 0))),
        ]
    );
    assert_refused(&mut g, -2, 0, 0, fisher(0));
    lay(&mut g, BLUE, "52", -2, 0, 0, hut_on_river(0));
    // Red lays tile 1: its east river closes the occupied river, its west river (through
    // the lake) is a new river of the same system, which has Blue's hut and no fisher.
    expect_turn(&g, RED, "1", false);
    // Tile 1: forest south; meadows north, east-south bank, west-south bank; rivers east
    // (river 0) and west (river 1) into a lake with 3 fish. No hut anywhere: the system has
    // Blue's.
    assert_eq!(
        legal_pieces(&g, -3, 0, 0),
        vec![
            None,
            Some((Piece::Gatherer, z(ZoneKind::Forest, 0))),
            Some((Piece::Fisher, z(ZoneKind::River, 1))),
            Some((Piece::Hunter, z(ZoneKind::Meadow, 0))),
            Some((Piece::Hunter, z(ZoneKind::Meadow, 1))),
            Some((Piece::Hunter, z(ZoneKind::Meadow, 2))),
        ]
    );
    assert_refused(&mut g, -3, 0, 0, fisher(0));
    assert_refused(&mut g, -3, 0, 0, hut_on_lake(0));
    lay(&mut g, RED, "1", -3, 0, 0, fisher(1));
    assert!(
        g.pieces()
            .iter()
            .any(|p| p.player == BLUE && p.piece == Piece::Hut)
    );
}

/// T02-P4 (2002): "Right: after laying the new tile, all 3 meadows are connected and all 3
/// hunters are in the same meadow. Note: the player, who placed the tile may not place a
/// hunter as the meadow already has hunters in it."
#[test]
fn t02_p4_no_hunter_where_three_hunted_meadows_meet() {
    let mut g = new_game("2002", 2, &["39", "40", "33", "60", "32", "37"], &["B03"]);
    // A row of forest tiles east of the volcano; the meadows north of them are separate.
    lay(&mut g, RED, "39", 1, 0, 0, NOTHING);
    lay(&mut g, BLUE, "40", 2, 0, 0, hunter(0));
    lay(&mut g, RED, "33", 1, -1, 0, hunter(0));
    lay(&mut g, BLUE, "60", 3, 0, 0, NOTHING);
    // Tile 32 turned once: meadow south and west.
    lay(&mut g, RED, "32", 3, -1, 1, hunter(0));
    // Tile 37 at (2,-1): its meadow (east, south, west) touches all three hunted meadows.
    expect_turn(&g, BLUE, "37", false);
    assert_eq!(
        legal_pieces(&g, 2, -1, 0),
        vec![None, Some((Piece::Gatherer, z(ZoneKind::Forest, 0)))]
    );
    assert_refused(&mut g, 2, -1, 0, hunter(0));
    lay(&mut g, BLUE, "37", 2, -1, 0, NOTHING);
    // The three hunters stay, now in one meadow.
    let meadow = g.features().meadow(zone_at(&g, 2, -1, ZoneKind::Meadow, 0));
    assert_eq!((meadow.hunters[RED], meadow.hunters[BLUE]), (2, 1));
    let hunters = g
        .pieces()
        .iter()
        .filter(|p| p.piece == Piece::Hunter)
        .count();
    assert_eq!(hunters, 3);
}
