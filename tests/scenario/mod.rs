//! Building rulebook scenarios: the piece a move puts on the tile it lays, where a tile goes,
//! which tile is to play, the zones and scores a test looks at.
#![allow(dead_code)]

use hunters::game::{Category, Event, Game, Move, Play, ScoreEvent, Turn};
use hunters::{Piece, PieceAt, Placement, Pos, Rotation, TileSet, ZoneId, ZoneKind, ZoneRef};

/// A piece for the tile being laid: the piece, and the kind and index of its zone on the
/// printed tile; `None` for no piece.
pub type Put = Option<(Piece, ZoneKind, u8)>;

pub const NOTHING: Put = None;

/// The seats of two-player scenarios.
pub const RED: usize = 0;
pub const BLUE: usize = 1;

pub fn gatherer(forest: u8) -> Put {
    Some((Piece::Gatherer, ZoneKind::Forest, forest))
}

pub fn fisher(river: u8) -> Put {
    Some((Piece::Fisher, ZoneKind::River, river))
}

pub fn hunter(meadow: u8) -> Put {
    Some((Piece::Hunter, ZoneKind::Meadow, meadow))
}

pub fn hut_on_river(river: u8) -> Put {
    Some((Piece::Hut, ZoneKind::River, river))
}

pub fn hut_on_lake(lake: u8) -> Put {
    Some((Piece::Hut, ZoneKind::Lake, lake))
}

pub fn placement(x: i32, y: i32, rot: u8) -> Placement {
    Placement {
        pos: Pos::new(x, y),
        rot: Rotation(rot),
    }
}

/// The move laying the drawn tile at (x, y) turned `rot`, with `put` on it and the shaman
/// (the 2020 shaman tile or the Scout Shaman card) taking back `recall`, an index into
/// `Game::pieces`.
pub fn drawn_move(
    game: &Game,
    (x, y, rot): (i32, i32, u8),
    recall: Option<usize>,
    put: Put,
) -> Move {
    Move {
        at: placement(x, y, rot),
        recall,
        piece: put.map(|(piece, kind, index)| {
            (
                piece,
                PieceAt::Zone(ZoneId {
                    placed: game.board().len() as u16,
                    zone: ZoneRef { kind, index },
                }),
            )
        }),
        play: Play::Drawn,
    }
}

/// The tile to play now, checked: it must be `id`, drawn for `player`, from the bonus deck
/// exactly when `bonus`.
pub fn expect_turn(game: &Game, player: usize, id: &str, bonus: bool) -> Turn {
    let turn = game
        .turn()
        .unwrap_or_else(|| panic!("the game is over; expected tile {id} for player {player}"));
    let Some(tile) = turn.tile else {
        panic!(
            "player {} has not drawn: they choose between a special tile and drawing; \
             expected tile {id} for player {player}",
            turn.player
        )
    };
    let drawn = &game.tiles().tiles[tile].id;
    assert_eq!(
        (turn.player, drawn.as_str(), turn.bonus),
        (player, id, bonus),
        "(player, tile, bonus) to play"
    );
    turn
}

/// Asserts that `player` is to choose, before drawing, between laying a Scout special tile
/// and drawing a land tile.
pub fn expect_choice(game: &Game, player: usize) {
    let turn = game.turn().expect("the game is over; expected a choice");
    assert_eq!(
        (turn.player, turn.tile, turn.bonus),
        (player, None, false),
        "(player, tile drawn, bonus): player {player} should be choosing before the draw"
    );
}

/// The zone `kind index` of the tile laid at (x, y).
pub fn zone_at(game: &Game, x: i32, y: i32, kind: ZoneKind, index: u8) -> ZoneId {
    let placed = game
        .board()
        .index_at(Pos::new(x, y))
        .unwrap_or_else(|| panic!("no tile at ({x}, {y})"));
    ZoneId {
        placed: placed as u16,
        zone: ZoneRef { kind, index },
    }
}

pub fn scores(game: &Game, category: Category) -> Vec<&ScoreEvent> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Score(s) if s.category == category => Some(s),
            _ => None,
        })
        .collect()
}

pub fn z(kind: ZoneKind, index: u8) -> ZoneRef {
    ZoneRef { kind, index }
}

/// The index in `set` of the tile with this id (a test names tiles as the tile set does).
pub fn index_of_tile(set: &TileSet, id: &str) -> usize {
    set.tile(id)
        .unwrap_or_else(|| panic!("tile set {} has no tile {id}", set.name))
        .0
}

/// The indexes of these tiles, in order: a deck for `Game::new`.
pub fn deck_of(set: &TileSet, ids: &[&str]) -> Vec<usize> {
    ids.iter().map(|id| index_of_tile(set, id)).collect()
}

/// The index in `Game::pieces` of `player`'s `piece` standing on the tile at (x, y).
pub fn piece_index(game: &Game, player: usize, piece: Piece, x: i32, y: i32) -> usize {
    let placed = game.board().index_at(Pos::new(x, y)).unwrap() as u16;
    game.pieces()
        .iter()
        .position(|p| {
            let on = match p.at {
                PieceAt::Zone(z) => z.placed,
                PieceAt::Spot { placed, .. } => placed,
            };
            p.player == player && p.piece == piece && on == placed
        })
        .unwrap_or_else(|| panic!("no {} of player {player} at ({x}, {y})", piece.name()))
}

/// Where the game ended in the event list.
pub fn end_index(game: &Game) -> usize {
    game.events()
        .iter()
        .position(|e| matches!(e, Event::End))
        .expect("the game is over")
}

/// A variant's tiles and its ruleset with these options changed.
pub fn rules(
    variant: &str,
    options: &[(&str, &str)],
) -> (
    std::sync::Arc<TileSet>,
    std::sync::Arc<hunters::ruleset::Ruleset>,
) {
    let v = hunters::Variant::load(variant).unwrap();
    let mut o = v.options.clone();
    for (name, value) in options {
        o.set(name, value)
            .unwrap_or_else(|e| panic!("option {name} = {value}: {e}"));
    }
    (
        v.playing_set(),
        std::sync::Arc::from(hunters::variant::ruleset(v.edition, o)),
    )
}

/// A two-player game whose decks hold exactly these tiles, in this order; `hands` are Scout
/// pieces ("S1".."S4", "shaman"), one list per player (empty without the expansion).
pub fn game(
    variant: &str,
    options: &[(&str, &str)],
    regular: &[&str],
    bonus: &[&str],
    hands: &[&[&str]],
) -> Game {
    use hunters::scout::Special;
    let (set, rules) = rules(variant, options);
    let hands = hands
        .iter()
        .map(|h| {
            h.iter()
                .map(|id| match *id {
                    "shaman" => Special::Shaman,
                    id => Special::Tile(index_of_tile(&set, id)),
                })
                .collect()
        })
        .collect();
    let (regular, bonus) = (deck_of(&set, regular), deck_of(&set, bonus));
    Game::with_hands(set, rules, 2, regular, bonus, hands)
}

/// `player` lays the regular tile `id` (drawing it first when choosing between a special tile
/// and the draw).
pub fn lay(g: &mut Game, player: usize, id: &str, at: (i32, i32, u8), put: Put) {
    lay_with(g, player, id, false, at, None, put);
}

/// [`lay`], from the bonus deck when `bonus`, with a shaman's recall.
pub fn lay_with(
    g: &mut Game,
    player: usize,
    id: &str,
    bonus: bool,
    at: (i32, i32, u8),
    recall: Option<usize>,
    put: Put,
) {
    if g.turn().is_some_and(|t| t.tile.is_none()) {
        g.play(Move::draw()).unwrap();
    }
    expect_turn(g, player, id, bonus);
    let m = drawn_move(g, at, recall, put);
    g.play(m)
        .unwrap_or_else(|e| panic!("player {player}: {id} at {at:?} with {put:?}: {e}"));
}

/// 2020: Red's hut on the start river (tile 48), Blue's hunter on tile 30, Red's hunter north
/// of the volcano (tile 62); Red closes the start forest with tile 33 and earns an extra
/// turn, with the shaman menhir tile 88 (laid west of tile 48, its meadow 1 joins the north
/// meadow). The game stands at that extra turn.
pub fn the_2020_shaman_turn() -> Game {
    let mut g = game("2020", &[], &["48", "30", "62", "78", "33"], &["88"], &[]);
    lay(&mut g, RED, "48", (-1, 0, 0), hut_on_river(0));
    lay(&mut g, BLUE, "30", (1, 0, 0), hunter(0));
    lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
    lay(&mut g, BLUE, "78", (0, 1, 0), NOTHING);
    lay(&mut g, RED, "33", (1, 1, 0), NOTHING);
    expect_turn(&g, RED, "88", true);
    g
}

/// 2002: Red puts four hunters in the meadows north of a row of forest tiles east of the
/// volcano (39, 40, 60, 38) while Blue lays 37, 62, 61 and 48 without pieces; then Red lays
/// the tiles of `rest` (the regular deck after those eight).
fn reds_four_hunters(rest: &[&str], bonus: &[&str]) -> Game {
    let regular: Vec<&str> = ["39", "37", "40", "62", "60", "61", "38", "48"]
        .into_iter()
        .chain(rest.iter().copied())
        .collect();
    let mut g = game("2002", &[], &regular, bonus, &[]);
    lay(&mut g, RED, "39", (1, 0, 0), hunter(0));
    lay(&mut g, BLUE, "37", (0, 1, 0), NOTHING);
    lay(&mut g, RED, "40", (2, 0, 0), hunter(0));
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    lay(&mut g, RED, "60", (3, 0, 0), hunter(0));
    lay(&mut g, BLUE, "61", (0, -2, 0), NOTHING);
    lay(&mut g, RED, "38", (4, 0, 0), hunter(0));
    lay(&mut g, BLUE, "48", (-1, 0, 0), NOTHING);
    g
}

/// 2002: Red's five meeples lie as hunters (Blue lays tiles without pieces). Blue is to lay
/// tile 63, then Red tile 34 with no meeple left.
pub fn reds_meeples_all_hunting() -> Game {
    let mut g = reds_four_hunters(&["0", "63", "34", "30"], &["B03"]);
    lay(&mut g, RED, "0", (-2, 0, 1), hunter(0));
    assert_eq!(g.supply(RED), (0, 2));
    g
}

/// 2002: Red's only meeple in the supply, a gatherer on tile 35 (turned twice), closed the
/// volcano's forest and came back during this turn; Red is to lay the bonus tile B04 drawn
/// for it (tile 30 comes next).
pub fn reds_gatherer_back_for_a_bonus_turn() -> Game {
    let mut g = reds_four_hunters(&["35", "30"], &["B04", "B03"]);
    lay(&mut g, RED, "35", (5, 0, 2), gatherer(0));
    g
}
