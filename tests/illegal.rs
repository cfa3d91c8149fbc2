//! One test per cause of an illegal move: for every variant of `IllegalMove`, `PlaceError`,
//! `IllegalRecall`, `IllegalPiece` and `IllegalScout`, a real game position in which a
//! plausible move breaks exactly that rule. Each test checks that
//!
//! 1. `Game::check` answers with exactly that typed cause,
//! 2. its sentence names the cause with the concrete detail (the side and what meets what, the
//!    piece, the zone),
//! 3. `Game::play` refuses the move and leaves the game as it was (its log, turn, supplies,
//!    hands and legal moves), and
//! 4. where the move can be typed (a human seat, a hand-written log), `notation::read_move`
//!    reads the text as that very move and the answer a person sees names the same cause.
//!
//! A move that breaks several rules is answered with the first in the documented order: the
//! tile, the shaman's recall, then the piece.
//!
//! The games are built from the real tile sets around the start tile. The classic volcano
//! start tile lies at (0, 0) unturned: meadow north, forest east and south (one forest), and a
//! river west that rises from a lake. Coordinates: x grows eastward, y southward; rotations
//! are clockwise quarter turns. Red = player 1 (index 0), Blue = player 2 (index 1).

use crate::scenario;

use scenario::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

use hunters::bot::{Bot, HumanBot};
use hunters::game::{
    Event, Game, IllegalMove, IllegalPiece, IllegalRecall, IllegalScout, Move, Play,
};
use hunters::log::{self, Header};
use hunters::notation::read_move;
use hunters::scout::Special;
use hunters::{Board, Dir, Piece, PieceAt, PlaceError, Rotation, Side, Variant, ZoneId, ZoneKind};

// ---------------------------------------------------------------------------------------------
// Setting up and playing

/// `player` lays the drawn tile `id` at its first legal place, with no piece.
fn lay_anywhere(g: &mut Game, player: usize, id: &str) {
    if g.turn().is_some_and(|t| t.tile.is_none()) {
        g.play(Move::draw()).unwrap();
    }
    expect_turn(g, player, id, false);
    let m = legal(g)
        .into_iter()
        .find(|m| m.piece.is_none() && m.recall.is_none())
        .expect("the drawn tile fits somewhere");
    g.play(m).unwrap();
}

fn legal(g: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
}

/// The special tile `id` laid at `at` with its own piece `piece` on its spot (a piece other
/// than the spot's own breaks a rule).
fn special(g: &Game, id: &str, (x, y, rot): (i32, i32, u8), piece: Piece) -> Move {
    Move {
        at: placement(x, y, rot),
        recall: None,
        piece: Some((
            piece,
            PieceAt::Spot {
                placed: g.board().len() as u16,
                spot: 0,
            },
        )),
        play: Play::Special(index_of_tile(g.tiles(), id)),
    }
}

/// Everything a refused move could have changed: the game's log as written so far, the turn,
/// both supplies and hands, the totals, and the legal moves.
fn snapshot(g: &Game) -> String {
    let header = Header {
        variant: "test".to_string(),
        seed: None,
        players: vec!["Red".to_string(), "Blue".to_string()],
        notes: Vec::new(),
    };
    let mut s = log::write(g, &header);
    s.push_str(&format!("\nturn {:?}\n", g.turn()));
    for p in [RED, BLUE] {
        s.push_str(&format!(
            "player {p}: supply {:?}, hand {:?}, total {}\n",
            g.supply(p),
            g.hand(p),
            g.total(p)
        ));
    }
    s.push_str(&format!(
        "usable {}, pieces {:?}\nlegal {:?}\n",
        g.usable_meeples(),
        g.pieces(),
        legal(g)
    ));
    s
}

/// Checks the whole contract for a move that breaks exactly the rule `cause`: `check` names
/// it, its sentence holds every one of `words`, and `play` refuses it leaving the game as it
/// was. Returns the sentence.
fn refuses(g: &mut Game, mv: Move, cause: IllegalMove, words: &[&str]) -> String {
    assert_eq!(g.check(mv), Err(cause), "check of {mv:?}");
    let text = cause.to_string();
    for w in words {
        assert!(text.contains(w), "{text:?} should say {w:?}");
    }
    let before = snapshot(g);
    assert_eq!(g.play(mv), Err(cause), "play of {mv:?}");
    assert_eq!(snapshot(g), before, "a refused move changed the game");
    text
}

/// What the human seat shows: everything written to it, kept for the test to read.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What a person who types `text` at the human seat is told: the seat answers `Not that:
/// REASON.` and asks again (the person then takes move 0). Once the game is over no seat is
/// asked, and the text is only read.
fn answer(g: &Game, text: &str) -> String {
    if g.is_over() {
        return read_move(g, text)
            .expect_err("nothing to play once the game is over")
            .to_string();
    }
    let moves = legal(g);
    let screen = Screen::default();
    let input = std::io::Cursor::new(format!("{text}\n0\n"));
    let mut seat = HumanBot::new(Box::new(input), Box::new(screen.clone()));
    assert_eq!(seat.choose(g, &moves), Ok(moves[0]), "{text:?} then 0");
    let shown = String::from_utf8(screen.0.lock().unwrap().clone()).unwrap();
    let (_, after) = shown
        .split_once("Not that: ")
        .unwrap_or_else(|| panic!("{text:?} was not refused:\n{shown}"));
    let reason = after.lines().next().unwrap();
    reason
        .strip_suffix('.')
        .unwrap_or_else(|| panic!("{reason:?} ends the sentence"))
        .to_string()
}

/// [`refuses`], after checking that `text`, typed, is read as `mv` and answered with the
/// same sentence.
fn refuses_typed(g: &mut Game, text: &str, mv: Move, cause: IllegalMove, words: &[&str]) -> String {
    assert_eq!(read_move(g, text), Ok(mv), "{text:?} read as the move");
    let said = refuses(g, mv, cause, words);
    assert_eq!(answer(g, text), said, "the answer to {text:?}");
    said
}

// =============================================================================================
// Every cause and its test

/// The test that shows each cause. The match has no catch-all arm, so a cause added to the
/// engine does not compile here until it has its test.
fn test_of(cause: IllegalMove) -> &'static str {
    match cause {
        IllegalMove::GameOver => "game_over_names_the_end_of_the_game",
        IllegalMove::Placement(e) => match e {
            PlaceError::Occupied => "placement_occupied_names_the_square_taken",
            PlaceError::NotAdjacent => "placement_not_adjacent_names_a_square_touching_no_tile",
            PlaceError::Mismatch { .. } => "placement_mismatch_names_the_side_and_what_meets_what",
            PlaceError::Full => "placement_full_cannot_happen_in_a_game",
            PlaceError::RepeatsRotation { .. } => {
                "placement_repeats_rotation_names_the_smaller_rotation"
            }
        },
        IllegalMove::Recall(e) => match e {
            IllegalRecall::NoShaman => "recall_no_shaman_names_the_shaman_tile_and_card",
            IllegalRecall::CardUsed => "recall_card_used_names_the_shaman_card_used_this_turn",
            IllegalRecall::NoSuchPiece => "recall_no_such_piece_names_the_missing_piece",
            IllegalRecall::NotOwn => "recall_not_own_names_the_players_own_meeples",
            IllegalRecall::Hut => "recall_hut_names_the_hut",
            IllegalRecall::Fixed => "recall_fixed_names_the_piece_on_a_special_tile",
            IllegalRecall::Complete => "recall_complete_names_the_incomplete_only_option",
        },
        IllegalMove::Piece(e) => match e {
            IllegalPiece::WrongKind {
                piece: Piece::Fisher,
                zone: ZoneKind::Lake,
            } => "piece_wrong_kind_fisher_on_a_lake_names_the_lake",
            IllegalPiece::WrongKind { .. } => "piece_wrong_kind_names_the_piece_and_the_zone",
            IllegalPiece::NoSuchZone(_) => "piece_no_such_zone_names_the_zone",
            IllegalPiece::NotOnNewTile => "piece_not_on_new_tile_names_the_tile_just_laid",
            IllegalPiece::OnSpot => "piece_on_spot_names_the_spot",
            IllegalPiece::Occupied(Piece::Gatherer) => "piece_occupied_forest_names_the_gatherer",
            IllegalPiece::Occupied(Piece::Fisher) => "piece_occupied_river_names_the_fisher",
            IllegalPiece::Occupied(Piece::Hunter) => "piece_occupied_meadow_names_the_hunter",
            IllegalPiece::Occupied(Piece::Hut) => "piece_occupied_river_system_names_the_hut",
            IllegalPiece::NoneLeft(Piece::Hut) => "piece_none_left_names_the_hut",
            IllegalPiece::NoneLeft(_) => "piece_none_left_names_the_meeple",
            IllegalPiece::ReturnedThisTurn => "piece_returned_this_turn_names_the_option",
        },
        IllegalMove::Scout(e) => match e {
            IllegalScout::NoExpansion => "scout_no_expansion_names_the_expansion",
            IllegalScout::NotHeld => "scout_not_held_names_the_special_tile",
            IllegalScout::NotInsteadOfDrawing => "scout_not_instead_of_drawing_names_the_draw",
            IllegalScout::ChooseFirst => "scout_choose_first_names_the_choice",
            IllegalScout::AlreadyDrawn => "scout_already_drawn_names_the_drawn_tile",
            IllegalScout::NeedsPiece(_) => "scout_needs_piece_names_the_hut",
            IllegalScout::OwnPieceOnSpot => "scout_own_piece_on_spot_names_the_spot",
            IllegalScout::JoinsOccupied(_) => "scout_joins_occupied_names_the_gatherer",
            IllegalScout::NotScoutOwner => "scout_not_scout_owner_names_the_owner",
            IllegalScout::RefusalUsed => "scout_refusal_used_names_the_option",
        },
    }
}

#[test]
fn every_cause_has_its_test() {
    let zone = z(ZoneKind::Forest, 7);
    let causes = [
        IllegalMove::GameOver,
        IllegalMove::Placement(PlaceError::Occupied),
        IllegalMove::Placement(PlaceError::NotAdjacent),
        IllegalMove::Placement(PlaceError::Mismatch {
            dir: Dir::W,
            tile: Side::Meadow,
            neighbour: Side::Forest,
        }),
        IllegalMove::Placement(PlaceError::Full),
        IllegalMove::Placement(PlaceError::RepeatsRotation {
            same_as: Rotation(0),
        }),
        IllegalMove::Recall(IllegalRecall::NoShaman),
        IllegalMove::Recall(IllegalRecall::CardUsed),
        IllegalMove::Recall(IllegalRecall::NoSuchPiece),
        IllegalMove::Recall(IllegalRecall::NotOwn),
        IllegalMove::Recall(IllegalRecall::Hut),
        IllegalMove::Recall(IllegalRecall::Fixed),
        IllegalMove::Recall(IllegalRecall::Complete),
        IllegalMove::Piece(IllegalPiece::WrongKind {
            piece: Piece::Gatherer,
            zone: ZoneKind::Meadow,
        }),
        IllegalMove::Piece(IllegalPiece::WrongKind {
            piece: Piece::Fisher,
            zone: ZoneKind::Lake,
        }),
        IllegalMove::Piece(IllegalPiece::NoSuchZone(zone)),
        IllegalMove::Piece(IllegalPiece::NotOnNewTile),
        IllegalMove::Piece(IllegalPiece::OnSpot),
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Gatherer)),
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Fisher)),
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hunter)),
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hut)),
        IllegalMove::Piece(IllegalPiece::NoneLeft(Piece::Hut)),
        IllegalMove::Piece(IllegalPiece::NoneLeft(Piece::Gatherer)),
        IllegalMove::Piece(IllegalPiece::ReturnedThisTurn),
        IllegalMove::Scout(IllegalScout::NoExpansion),
        IllegalMove::Scout(IllegalScout::NotHeld),
        IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing),
        IllegalMove::Scout(IllegalScout::ChooseFirst),
        IllegalMove::Scout(IllegalScout::AlreadyDrawn),
        IllegalMove::Scout(IllegalScout::NeedsPiece(Piece::Hut)),
        IllegalMove::Scout(IllegalScout::OwnPieceOnSpot),
        IllegalMove::Scout(IllegalScout::JoinsOccupied(Piece::Gatherer)),
        IllegalMove::Scout(IllegalScout::NotScoutOwner),
        IllegalMove::Scout(IllegalScout::RefusalUsed),
    ];
    let source = include_str!("illegal.rs");
    let mut names: Vec<&str> = causes.iter().map(|&c| test_of(c)).collect();
    for name in &names {
        assert!(
            source.contains(&format!("#[test]\nfn {name}() {{")),
            "no test {name}"
        );
    }
    names.sort();
    names.dedup();
    assert_eq!(names.len(), causes.len(), "one test per cause");
    // Every sentence is a sentence of its own, and none is empty.
    let mut sentences: Vec<String> = causes.iter().map(|c| c.to_string()).collect();
    sentences.sort();
    sentences.dedup();
    assert_eq!(sentences.len(), causes.len(), "two causes say the same");
}

// =============================================================================================
// The game is over

#[test]
fn game_over_names_the_end_of_the_game() {
    let mut g = game("2002", &[], &["61"], &["B03"], &[]);
    lay(&mut g, RED, "61", (0, -1, 0), NOTHING);
    assert!(g.is_over());
    let mv = drawn_move(&g, (0, -2, 0), None, NOTHING);
    refuses(&mut g, mv, IllegalMove::GameOver, &["the game is over"]);
    for m in [Move::draw(), Move::refuse()] {
        refuses(&mut g, m, IllegalMove::GameOver, &["the game is over"]);
    }
    // Typed, the move is refused before it is even read as a move of the game.
    assert!(answer(&g, "place 2 62 0,-2 r0").contains("the game is over"));
}

// =============================================================================================
// The tile: PlaceError

#[test]
fn placement_occupied_names_the_square_taken() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    let mv = drawn_move(&g, (0, 0, 0), None, NOTHING);
    refuses_typed(
        &mut g,
        "place 1 61 0,0 r0",
        mv,
        IllegalMove::Placement(PlaceError::Occupied),
        &[
            "the tile cannot go there",
            "the square already holds a tile",
        ],
    );
}

#[test]
fn placement_not_adjacent_names_a_square_touching_no_tile() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    // Far away, and on a corner of the start tile (corners do not count).
    for (text, at) in [
        ("place 1 61 5,5 r0", (5, 5, 0)),
        ("place 1 61 1,1 r0", (1, 1, 0)),
    ] {
        let mv = drawn_move(&g, at, None, NOTHING);
        refuses_typed(
            &mut g,
            text,
            mv,
            IllegalMove::Placement(PlaceError::NotAdjacent),
            &["the tile cannot go there", "touches no tile by a side"],
        );
    }
}

#[test]
fn placement_mismatch_names_the_side_and_what_meets_what() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    // Tile 61 (all meadow) east of the volcano: its west side meets the volcano's forest.
    let mv = drawn_move(&g, (1, 0, 0), None, NOTHING);
    let said = refuses_typed(
        &mut g,
        "place 1 61 1,0 r0",
        mv,
        IllegalMove::Placement(PlaceError::Mismatch {
            dir: Dir::W,
            tile: Side::Meadow,
            neighbour: Side::Forest,
        }),
        &[],
    );
    assert_eq!(
        said,
        "the tile cannot go there: its west side is a meadow but the tile to the west shows a \
         forest there; the sides that touch must continue each other (forest to forest, meadow \
         to meadow, river to river)"
    );
    // West of the volcano its east side meets the river.
    let mv = drawn_move(&g, (-1, 0, 0), None, NOTHING);
    refuses_typed(
        &mut g,
        "place 1 61 -1,0 r0",
        mv,
        IllegalMove::Placement(PlaceError::Mismatch {
            dir: Dir::E,
            tile: Side::Meadow,
            neighbour: Side::River,
        }),
        &[
            "its east side is a meadow",
            "the tile to the east shows a river there",
        ],
    );
}

/// `PlaceError::Full` cannot happen in a game: `Game::new` makes the board for the start tile,
/// every tile of both decks and every special tile dealt, and a tile is laid at most once (a
/// refused tile goes back under its stack, a tile that fits nowhere is discarded), so a tile
/// to play always finds room. The cause is checked on a bare board made for fewer tiles, and
/// the game's board is shown to have room for every tile it can be dealt.
#[test]
fn placement_full_cannot_happen_in_a_game() {
    let v = Variant::load("2002").unwrap();
    let set = v.playing_set();
    let meadow = &set.tiles[index_of_tile(&set, "61")];
    let mut board = Board::new(1);
    board.place_start(meadow, 0, Rotation(0));
    let e = board.check(meadow, placement(0, -1, 0));
    assert_eq!(e, Err(PlaceError::Full));
    assert_eq!(
        IllegalMove::Placement(PlaceError::Full).to_string(),
        "the tile cannot go there: the board holds as many tiles as it was made for"
    );

    let g = game(
        "2002-scout",
        &[],
        &["61", "62"],
        &["B03"],
        &[&["S1", "shaman"], &["S2"]],
    );
    assert_eq!(g.board().capacity(), 1 + 2 + 1 + 2);
    for variant in ["2002", "2014-scout", "2020"] {
        let v = Variant::load(variant).unwrap();
        let mut g = Game::seeded(&v, 3, 7);
        let dealt: usize = (0..3)
            .map(|p| {
                g.hand(p)
                    .iter()
                    .filter(|s| matches!(s, Special::Tile(_)))
                    .count()
            })
            .sum();
        let (regular, bonus) = g.unseen();
        let drawn = usize::from(g.turn().is_some_and(|t| t.tile.is_some()));
        assert_eq!(
            g.board().capacity(),
            g.board().len() + drawn + regular.len() + bonus.len() + dealt,
            "{variant}: room for the start tile, the tile drawn, both decks and the special tiles"
        );
        while !g.is_over() {
            let m = legal(&g)[0];
            g.play(m).unwrap();
        }
        assert!(g.board().len() <= g.board().capacity(), "{variant}");
    }
}

#[test]
fn placement_repeats_rotation_names_the_smaller_rotation() {
    let mut g = game("2002", &[], &["61", "74"], &["B03"], &[]);
    // Tile 61 is all meadow: turned a quarter it looks the same as unturned.
    let mv = drawn_move(&g, (0, -1, 1), None, NOTHING);
    refuses_typed(
        &mut g,
        "place 1 61 0,-1 r90",
        mv,
        IllegalMove::Placement(PlaceError::RepeatsRotation {
            same_as: Rotation(0),
        }),
        &[
            "the tile cannot go there",
            "looks the same at the smaller rotation r0; write r0",
        ],
    );
    lay(&mut g, RED, "61", (0, -1, 0), NOTHING);
    // Tile 74 (river north and south, forest east and west, two plain meadows) looks the same
    // turned a half: west of the volcano, its river east, r270 is r90.
    let mv = drawn_move(&g, (-1, 0, 3), None, NOTHING);
    refuses_typed(
        &mut g,
        "place 2 74 -1,0 r270",
        mv,
        IllegalMove::Placement(PlaceError::RepeatsRotation {
            same_as: Rotation(1),
        }),
        &["smaller rotation r90; write r90"],
    );
    assert!(g.check(drawn_move(&g, (-1, 0, 1), None, NOTHING)).is_ok());
}

// =============================================================================================
// The shaman's recall: IllegalRecall

/// Red puts a fisher on tile 48 west of the volcano and hunters on tiles 39, 60 and 62,
/// while Blue extends the volcano's forest eastward (37, 40, 38). Blue then closes Red's river
/// with tile 0 and sends Red's fisher home. Red is to close the forest with tile 35 (turned
/// twice: its forest faces west), which earns the bonus tile B04.
fn red_closes_the_forest(variant: &str, hands: &[&[&str]]) -> Game {
    let regular = ["48", "37", "39", "40", "60", "38", "62", "0", "35", "30"];
    let mut g = game(variant, &[], &regular, &["B04", "B03"], hands);
    lay(&mut g, RED, "48", (-1, 0, 0), fisher(0));
    lay(&mut g, BLUE, "37", (0, 1, 0), NOTHING);
    lay(&mut g, RED, "39", (1, 0, 0), hunter(0));
    lay(&mut g, BLUE, "40", (2, 0, 0), NOTHING);
    lay(&mut g, RED, "60", (3, 0, 0), hunter(0));
    lay(&mut g, BLUE, "38", (4, 0, 0), NOTHING);
    lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
    lay(&mut g, BLUE, "0", (-2, 0, 1), NOTHING);
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::Return {
            player: RED,
            piece: Piece::Fisher,
            ..
        }
    )));
    g
}

#[test]
fn recall_no_shaman_names_the_shaman_tile_and_card() {
    // 2002, no Scout: Red's hunter north of the volcano; no shaman takes it back.
    let mut g = game("2002", &[], &["62", "61", "39"], &["B03"], &[]);
    lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
    lay(&mut g, BLUE, "61", (0, -2, 0), NOTHING);
    expect_turn(&g, RED, "39", false);
    let north = piece_index(&g, RED, Piece::Hunter, 0, -1);
    let mv = drawn_move(&g, (1, 0, 0), Some(north), NOTHING);
    refuses_typed(
        &mut g,
        "place 1 39 1,0 r0 shaman hunter 0,-1:N",
        mv,
        IllegalMove::Recall(IllegalRecall::NoShaman),
        &[
            "the shaman cannot take that back",
            "only the shaman tile laid this turn or the Shaman card takes a meeple back",
        ],
    );
}

#[test]
fn recall_card_used_names_the_shaman_card_used_this_turn() {
    // Red holds the Scout Shaman card and uses it with tile 35; on the bonus tile of the same
    // turn it is used up.
    let mut g = red_closes_the_forest("2002-scout", &[&["shaman"], &[]]);
    let hunter39 = piece_index(&g, RED, Piece::Hunter, 1, 0);
    lay_with(
        &mut g,
        RED,
        "35",
        false,
        (5, 0, 2),
        Some(hunter39),
        gatherer(0),
    );
    expect_turn(&g, RED, "B04", true);
    let hunter60 = piece_index(&g, RED, Piece::Hunter, 3, 0);
    let mv = drawn_move(&g, (0, 2, 2), Some(hunter60), NOTHING);
    refuses_typed(
        &mut g,
        "place 1 B04 0,2 r180 shaman hunter 3,0:N",
        mv,
        IllegalMove::Recall(IllegalRecall::CardUsed),
        &["the Shaman card has been used this turn"],
    );
}

#[test]
fn recall_no_such_piece_names_the_missing_piece() {
    let mut g = red_closes_the_forest("2002-scout", &[&["shaman"], &[]]);
    let mv = drawn_move(&g, (5, 0, 2), Some(99), NOTHING);
    refuses(
        &mut g,
        mv,
        IllegalMove::Recall(IllegalRecall::NoSuchPiece),
        &["there is no such piece on the board"],
    );
    // Typed, a piece is named by where it stands: one that stands nowhere is not read as a
    // piece at all, and the answer says so.
    let said = answer(&g, "place 1 35 5,0 r180 shaman gatherer 1,0:E");
    assert_eq!(said, "no gatherer stands at 1,0:E");
}

#[test]
fn recall_not_own_names_the_players_own_meeples() {
    let mut g = the_2020_shaman_turn();
    let blues = piece_index(&g, BLUE, Piece::Hunter, 1, 0);
    let mv = drawn_move(&g, (-2, 0, 0), Some(blues), NOTHING);
    refuses_typed(
        &mut g,
        "place 1 88 -2,0 r0 shaman hunter 1,0:N",
        mv,
        IllegalMove::Recall(IllegalRecall::NotOwn),
        &["the shaman takes back only the player's own meeples"],
    );
}

#[test]
fn recall_hut_names_the_hut() {
    let mut g = the_2020_shaman_turn();
    let hut = piece_index(&g, RED, Piece::Hut, -1, 0);
    let mv = drawn_move(&g, (-2, 0, 0), Some(hut), NOTHING);
    refuses_typed(
        &mut g,
        "place 1 88 -2,0 r0 shaman hut -1,0:E",
        mv,
        IllegalMove::Recall(IllegalRecall::Hut),
        &["huts are never taken back"],
    );
}

#[test]
fn recall_fixed_names_the_piece_on_a_special_tile() {
    // Red holds the Scout and the Shaman card; the Scout's gatherer, on its spot, stays.
    let mut g = game(
        "2002-scout",
        &[],
        &["62", "61", "39"],
        &["B03"],
        &[&["S1", "shaman"], &[]],
    );
    expect_choice(&g, RED);
    // The Scout east of the volcano, turned twice: its forest faces west.
    let scout = special(&g, "S1", (1, 0, 2), Piece::Gatherer);
    g.play(scout).unwrap();
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    expect_turn(&g, RED, "61", false);
    let on_spot = piece_index(&g, RED, Piece::Gatherer, 1, 0);
    assert!(matches!(g.pieces()[on_spot].at, PieceAt::Spot { .. }));
    let mv = drawn_move(&g, (0, -2, 0), Some(on_spot), NOTHING);
    refuses_typed(
        &mut g,
        "place 1 61 0,-2 r0 shaman gatherer 1,0:scout",
        mv,
        IllegalMove::Recall(IllegalRecall::Fixed),
        &["a piece on a special tile stays until the end of the game"],
    );
}

#[test]
fn recall_complete_names_the_incomplete_only_option() {
    // Red holds the Shaman card (2002-scout: shaman-incomplete-only). Tile 1 west of the
    // volcano closes its river with its lake; Red's hunter lies on its south-east bank, a
    // meadow closed all round.
    let mut g = game(
        "2002-scout",
        &[],
        &["1", "62", "0", "61"],
        &["B03"],
        &[&["shaman"], &[]],
    );
    lay(&mut g, RED, "1", (-1, 0, 0), hunter(1));
    let closed = zone_at(&g, -1, 0, ZoneKind::Meadow, 1);
    assert_eq!(g.features().meadow(closed).open, 0, "the meadow is closed");
    lay(&mut g, BLUE, "62", (0, -1, 0), hunter(0));
    expect_turn(&g, RED, "0", false);
    let red = piece_index(&g, RED, Piece::Hunter, -1, 0);
    let mv = drawn_move(&g, (1, 0, 0), Some(red), NOTHING);
    refuses_typed(
        &mut g,
        "place 1 0 1,0 r0 shaman hunter -1,0:Es",
        mv,
        IllegalMove::Recall(IllegalRecall::Complete),
        &[
            "the Shaman card takes back only from incomplete features",
            "shaman-incomplete-only",
        ],
    );
}

// =============================================================================================
// The piece: IllegalPiece

#[test]
fn piece_wrong_kind_names_the_piece_and_the_zone() {
    // Tile 39 east of the volcano: a forest east and west, meadow 0 north, meadow 1 south.
    let mut g = game("2002", &[], &["39", "62"], &["B03"], &[]);
    let mv = drawn_move(
        &g,
        (1, 0, 0),
        None,
        Some((Piece::Gatherer, ZoneKind::Meadow, 0)),
    );
    refuses_typed(
        &mut g,
        "place 1 39 1,0 r0 gatherer N",
        mv,
        IllegalMove::Piece(IllegalPiece::WrongKind {
            piece: Piece::Gatherer,
            zone: ZoneKind::Meadow,
        }),
        &[
            "the piece cannot go there",
            "a gatherer stands in a forest, not on a meadow",
        ],
    );
    let mv = drawn_move(
        &g,
        (1, 0, 0),
        None,
        Some((Piece::Hunter, ZoneKind::Forest, 0)),
    );
    refuses_typed(
        &mut g,
        "place 1 39 1,0 r0 hunter E",
        mv,
        IllegalMove::Piece(IllegalPiece::WrongKind {
            piece: Piece::Hunter,
            zone: ZoneKind::Forest,
        }),
        &["a hunter lies in a meadow, not on a forest"],
    );
    let mv = drawn_move(&g, (1, 0, 0), None, Some((Piece::Hut, ZoneKind::Meadow, 1)));
    refuses_typed(
        &mut g,
        "place 1 39 1,0 r0 hut S",
        mv,
        IllegalMove::Piece(IllegalPiece::WrongKind {
            piece: Piece::Hut,
            zone: ZoneKind::Meadow,
        }),
        &["a hut stands on a river or a lake, not on a meadow"],
    );
}

#[test]
fn piece_wrong_kind_fisher_on_a_lake_names_the_lake() {
    // Tile 1 west of the volcano: its rivers east and west run into its lake.
    let mut g = game("2002", &[], &["1", "62"], &["B03"], &[]);
    let mv = drawn_move(
        &g,
        (-1, 0, 0),
        None,
        Some((Piece::Fisher, ZoneKind::Lake, 0)),
    );
    refuses_typed(
        &mut g,
        "place 1 1 -1,0 r0 fisher L0",
        mv,
        IllegalMove::Piece(IllegalPiece::WrongKind {
            piece: Piece::Fisher,
            zone: ZoneKind::Lake,
        }),
        &["a fisher stands on a river, never on a lake"],
    );
}

#[test]
fn piece_no_such_zone_names_the_zone() {
    let mut g = game("2002", &[], &["39", "62"], &["B03"], &[]);
    let mv = drawn_move(&g, (1, 0, 0), None, gatherer(7));
    refuses(
        &mut g,
        mv,
        IllegalMove::Piece(IllegalPiece::NoSuchZone(z(ZoneKind::Forest, 7))),
        &["the tile has no forest 7"],
    );
    // Typed, a zone is named by where it lies on the tile: a name the tile does not have is
    // not read as a zone, and the answer names the tile and the zone.
    assert_eq!(
        answer(&g, "place 1 39 1,0 r0 fisher L0"),
        "tile 39 has no zone L0 at that rotation"
    );
}

#[test]
fn piece_not_on_new_tile_names_the_tile_just_laid() {
    let mut g = game("2002", &[], &["39", "62"], &["B03"], &[]);
    let mut mv = drawn_move(&g, (1, 0, 0), None, NOTHING);
    // A hunter in the volcano's north meadow, on the start tile.
    mv.piece = Some((
        Piece::Hunter,
        PieceAt::Zone(ZoneId {
            placed: 0,
            zone: z(ZoneKind::Meadow, 0),
        }),
    ));
    refuses(
        &mut g,
        mv,
        IllegalMove::Piece(IllegalPiece::NotOnNewTile),
        &["a piece goes only on the tile just laid"],
    );
    // Typed, the piece's zone is always a zone of the tile being laid.
    let read = read_move(&g, "place 1 39 1,0 r0 hunter N").unwrap();
    assert!(matches!(read.piece, Some((_, PieceAt::Zone(z))) if z.placed == 1));
}

#[test]
fn piece_on_spot_names_the_spot() {
    let mut g = game("2002", &[], &["39", "62"], &["B03"], &[]);
    let mut mv = drawn_move(&g, (1, 0, 0), None, NOTHING);
    mv.piece = Some((Piece::Hunter, PieceAt::Spot { placed: 1, spot: 0 }));
    refuses(
        &mut g,
        mv,
        IllegalMove::Piece(IllegalPiece::OnSpot),
        &["only a special tile's own piece stands on a spot; name a zone of the tile"],
    );
    // Typed, a land tile has no spots: the name is read as a zone, and there is none.
    assert_eq!(
        answer(&g, "place 1 39 1,0 r0 hunter scout"),
        "tile 39 has no zone scout at that rotation"
    );
}

#[test]
fn piece_occupied_forest_names_the_gatherer() {
    // Red's gatherer in the forest of tile 39, east of the volcano; Blue's tile 40 continues
    // that forest.
    let mut g = game("2002", &[], &["39", "40"], &["B03"], &[]);
    lay(&mut g, RED, "39", (1, 0, 0), gatherer(0));
    let mv = drawn_move(&g, (2, 0, 0), None, gatherer(0));
    refuses_typed(
        &mut g,
        "place 2 40 2,0 r0 gatherer E",
        mv,
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Gatherer)),
        &["that forest already has a gatherer"],
    );
}

#[test]
fn piece_occupied_river_names_the_fisher() {
    // Red's fisher on the river of tile 48, west of the volcano; Blue's tile 0, turned once,
    // takes that river into its lake.
    let mut g = game("2002", &[], &["48", "0"], &["B03"], &[]);
    lay(&mut g, RED, "48", (-1, 0, 0), fisher(0));
    let mv = drawn_move(&g, (-2, 0, 1), None, fisher(0));
    refuses_typed(
        &mut g,
        "place 2 0 -2,0 r90 fisher E",
        mv,
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Fisher)),
        &["that river already has a fisher"],
    );
}

#[test]
fn piece_occupied_meadow_names_the_hunter() {
    // Red's hunter on tile 62 north of the volcano; Blue's tile 61 north of it joins that
    // meadow.
    let mut g = game("2002", &[], &["62", "61"], &["B03"], &[]);
    lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
    let mv = drawn_move(&g, (0, -2, 0), None, hunter(0));
    refuses_typed(
        &mut g,
        "place 2 61 0,-2 r0 hunter S",
        mv,
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hunter)),
        &["that meadow already has a hunter"],
    );
}

#[test]
fn piece_occupied_meadow_names_the_agriculture_hut() {
    // Red lays the Agriculture tile west of the volcano (its river continues the volcano's),
    // its hut on the farm in the north meadow, which joins the volcano's north meadow. Blue's
    // tile 62 north of the volcano joins it too: no hunter there.
    let mut g = game("2002-scout", &[], &["62", "61"], &["B03"], &[&["S4"], &[]]);
    expect_choice(&g, RED);
    let farm = special(&g, "S4", (-1, 0, 0), Piece::Hut);
    g.play(farm).unwrap();
    let mv = drawn_move(&g, (0, -1, 0), None, hunter(0));
    refuses_typed(
        &mut g,
        "place 2 62 0,-1 r0 hunter N",
        mv,
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hunter)),
        &["that meadow already has a hunter (or the Agriculture hut)"],
    );
}

#[test]
fn piece_occupied_river_system_names_the_hut() {
    // Red's hut on the river of tile 48, west of the volcano; Blue's tile 0 joins that river
    // system through its lake.
    let mut g = game("2002", &[], &["48", "0"], &["B03"], &[]);
    lay(&mut g, RED, "48", (-1, 0, 0), hut_on_river(0));
    let mv = drawn_move(&g, (-2, 0, 1), None, hut_on_lake(0));
    refuses_typed(
        &mut g,
        "place 2 0 -2,0 r90 hut L0",
        mv,
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hut)),
        &["that river system already has a hut"],
    );
    // A fisher may still go on that river.
    assert!(g.check(drawn_move(&g, (-2, 0, 1), None, fisher(0))).is_ok());
}

#[test]
fn piece_none_left_names_the_hut() {
    // Red's two huts stand on two river systems; none is left for tile 1's lake.
    let mut g = game("2002", &[], &["48", "62", "0", "61", "1"], &["B03"], &[]);
    lay(&mut g, RED, "48", (-1, 0, 0), hut_on_river(0));
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    let second = legal(&g)
        .into_iter()
        .find(|m| matches!(m.piece, Some((Piece::Hut, _))))
        .expect("a second river system for Red's second hut");
    g.play(second).unwrap();
    assert_eq!(g.supply(RED), (5, 0));
    lay_anywhere(&mut g, BLUE, "61");
    expect_turn(&g, RED, "1", false);
    // A place where tile 1's rivers touch no other river: its river system is its own, free
    // of huts.
    let tile = &g.tiles().tiles[index_of_tile(g.tiles(), "1")];
    let alone = legal(&g)
        .into_iter()
        .map(|m| m.at)
        .find(|at| {
            Dir::ALL.iter().all(|&d| {
                tile.side(at.rot, d) != Side::River || g.board().index_at(at.pos.step(d)).is_none()
            })
        })
        .expect("a place for tile 1 away from every river");
    let at = (alone.pos.x, alone.pos.y, alone.rot.0);
    let mv = drawn_move(&g, at, None, hut_on_lake(0));
    let text = format!(
        "place 1 1 {},{} r{} hut L0",
        at.0,
        at.1,
        alone.rot.degrees()
    );
    refuses_typed(
        &mut g,
        &text,
        mv,
        IllegalMove::Piece(IllegalPiece::NoneLeft(Piece::Hut)),
        &["no hut is left in the supply"],
    );
}

#[test]
fn piece_none_left_names_the_meeple() {
    // Red's five meeples lie as hunters; none is left for a gatherer on tile 34.
    let mut g = reds_meeples_all_hunting();
    lay_anywhere(&mut g, BLUE, "63");
    expect_turn(&g, RED, "34", false);
    // Tile 34 (forest west) east of tile 38, whose east side is a forest.
    let mv = drawn_move(&g, (5, 0, 0), None, gatherer(0));
    refuses_typed(
        &mut g,
        "place 1 34 5,0 r0 gatherer W",
        mv,
        IllegalMove::Piece(IllegalPiece::NoneLeft(Piece::Gatherer)),
        &["no meeple is left in the supply to put as a gatherer"],
    );
}

#[test]
fn piece_returned_this_turn_names_the_option() {
    // 2002: Red's only meeple in the supply came back when tile 35 closed the forest, during
    // this turn; returned members are used from the next turn.
    let mut g = reds_gatherer_back_for_a_bonus_turn();
    expect_turn(&g, RED, "B04", true);
    assert_eq!(g.supply(RED).0, 1);
    assert_eq!(g.usable_meeples(), 0);
    // B04 turned twice south of tile 37: forest south and west, meadow north and east.
    let mv = drawn_move(&g, (0, 2, 2), None, gatherer(0));
    refuses_typed(
        &mut g,
        "place 1 B04 0,2 r180 gatherer S",
        mv,
        IllegalMove::Piece(IllegalPiece::ReturnedThisTurn),
        &[
            "came back by scoring this turn",
            "reuse-returned-on-bonus = false",
            "used from the next turn",
        ],
    );
}

// =============================================================================================
// The Scout expansion: IllegalScout

#[test]
fn scout_no_expansion_names_the_expansion() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    for (text, mv) in [("refuse 1", Move::refuse()), ("draw", Move::draw())] {
        refuses_typed(
            &mut g,
            text,
            mv,
            IllegalMove::Scout(IllegalScout::NoExpansion),
            &["without the Scout expansion"],
        );
    }
    // A special tile: the first tile of the Scout's set, in a game without it.
    let scout_set = Variant::load("2002-scout").unwrap().playing_set();
    let mut mv = drawn_move(&g, (0, -1, 0), None, NOTHING);
    mv.play = Play::Special(scout_set.tile("S1").unwrap().0);
    refuses(
        &mut g,
        mv,
        IllegalMove::Scout(IllegalScout::NoExpansion),
        &["special tiles, drawing by choice and refusing a drawn tile are Scout rules"],
    );
}

#[test]
fn scout_not_held_names_the_special_tile() {
    let mut g = game(
        "2002-scout",
        &[],
        &["39", "62"],
        &["B03"],
        &[&["S1"], &["S2"]],
    );
    expect_choice(&g, RED);
    // The Hunter on the Bridge west of the volcano, its river continuing the volcano's: Blue
    // holds it, not Red.
    let mv = special(&g, "S2", (-1, 0, 0), Piece::Hunter);
    refuses_typed(
        &mut g,
        "place 1 S2 -1,0 r0 hunter bridge",
        mv,
        IllegalMove::Scout(IllegalScout::NotHeld),
        &["the player does not hold that special tile"],
    );
}

#[test]
fn scout_not_instead_of_drawing_names_the_draw() {
    let mut g = game("2002-scout", &[], &["39", "62"], &["B03"], &[&["S1"], &[]]);
    expect_choice(&g, RED);
    g.play(Move::draw()).unwrap();
    // The Scout east of the volcano, turned twice: a legal special move before the draw.
    let mv = special(&g, "S1", (1, 0, 2), Piece::Gatherer);
    refuses_typed(
        &mut g,
        "place 1 S1 1,0 r180 gatherer scout",
        mv,
        IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing),
        &[
            "a special tile is laid instead of drawing",
            "not after drawing",
        ],
    );
}

#[test]
fn scout_not_instead_of_drawing_names_the_bonus_tile() {
    // Red holds the Scout and closes the forest: the bonus tile is no time for it.
    let mut g = red_closes_the_forest("2002-scout", &[&["S1"], &[]]);
    lay(&mut g, RED, "35", (5, 0, 2), gatherer(0));
    expect_turn(&g, RED, "B04", true);
    // South of tile 37, whose south side is a meadow: the Scout turned once shows its
    // meadow north.
    let mv = special(&g, "S1", (0, 2, 1), Piece::Gatherer);
    assert_eq!(
        g.board()
            .check(&g.tiles().tiles[index_of_tile(g.tiles(), "S1")], mv.at),
        Ok(())
    );
    refuses_typed(
        &mut g,
        "place 1 S1 0,2 r90 gatherer scout",
        mv,
        IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing),
        &["not instead of a bonus tile"],
    );
}

#[test]
fn scout_choose_first_names_the_choice() {
    let mut g = game("2002-scout", &[], &["39", "62"], &["B03"], &[&["S1"], &[]]);
    expect_choice(&g, RED);
    refuses_typed(
        &mut g,
        "refuse 1",
        Move::refuse(),
        IllegalMove::Scout(IllegalScout::ChooseFirst),
        &["the player first chooses to lay a special tile or to draw a land tile"],
    );
    // Laying a land tile before one is drawn.
    let mv = drawn_move(&g, (1, 0, 0), None, NOTHING);
    refuses(
        &mut g,
        mv,
        IllegalMove::Scout(IllegalScout::ChooseFirst),
        &["first chooses"],
    );
    // Typed, no tile is there to read the move with; the answer says a tile is drawn first.
    assert_eq!(
        answer(&g, "place 1 39 1,0 r0"),
        "a land tile is drawn before it is laid"
    );
}

#[test]
fn scout_already_drawn_names_the_drawn_tile() {
    let mut g = game("2002-scout", &[], &["39", "62"], &["B03"], &[&["S1"], &[]]);
    expect_choice(&g, RED);
    g.play(Move::draw()).unwrap();
    refuses_typed(
        &mut g,
        "draw",
        Move::draw(),
        IllegalMove::Scout(IllegalScout::AlreadyDrawn),
        &["the tile of this turn is drawn already; lay it"],
    );
}

#[test]
fn scout_needs_piece_names_the_hut() {
    // Red holds the Agriculture tile, whose piece is a hut, and puts both huts on river
    // systems; then Red can lay no special tile and draws at once.
    let mut g = game(
        "2002-scout",
        &[],
        &["48", "62", "0", "61", "39"],
        &["B03"],
        &[&["S4"], &[]],
    );
    lay(&mut g, RED, "48", (-1, 0, 0), hut_on_river(0));
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    if g.turn().is_some_and(|t| t.tile.is_none()) {
        g.play(Move::draw()).unwrap();
    }
    let second = legal(&g)
        .into_iter()
        .find(|m| matches!(m.piece, Some((Piece::Hut, _))))
        .expect("a second river system for Red's second hut");
    g.play(second).unwrap();
    assert_eq!(g.supply(RED).1, 0);
    lay_anywhere(&mut g, BLUE, "61");
    expect_turn(&g, RED, "39", false);
    let farm = &g.tiles().tiles[index_of_tile(g.tiles(), "S4")];
    let at = g
        .board()
        .placements(farm)
        .next()
        .expect("the Agriculture tile fits somewhere");
    let mv = special(&g, "S4", (at.pos.x, at.pos.y, at.rot.0), Piece::Hut);
    let text = format!(
        "place 1 S4 {},{} r{} hut farm",
        at.pos.x,
        at.pos.y,
        at.rot.degrees()
    );
    refuses_typed(
        &mut g,
        &text,
        mv,
        IllegalMove::Scout(IllegalScout::NeedsPiece(Piece::Hut)),
        &["a special tile needs its piece, a hut: no hut is left in the supply"],
    );
}

#[test]
fn scout_own_piece_on_spot_names_the_spot() {
    let mut g = game("2002-scout", &[], &["39", "62"], &["B03"], &[&["S1"], &[]]);
    expect_choice(&g, RED);
    // The Scout's spot takes a gatherer, not a hunter...
    let mv = special(&g, "S1", (1, 0, 2), Piece::Hunter);
    refuses_typed(
        &mut g,
        "place 1 S1 1,0 r180 hunter scout",
        mv,
        IllegalMove::Scout(IllegalScout::OwnPieceOnSpot),
        &["a special tile takes its own piece on its spot, and no other"],
    );
    // ...and not no piece at all.
    let mut bare = special(&g, "S1", (1, 0, 2), Piece::Gatherer);
    bare.piece = None;
    refuses_typed(
        &mut g,
        "place 1 S1 1,0 r180",
        bare,
        IllegalMove::Scout(IllegalScout::OwnPieceOnSpot),
        &["its own piece on its spot"],
    );
}

#[test]
fn scout_joins_occupied_names_the_gatherer() {
    // Red's gatherer in the forest of tile 39, which joins the volcano's forest; the Scout
    // south of the volcano, its forest facing north, would join that forest.
    let mut g = game(
        "2002-scout",
        &[],
        &["39", "62", "61", "37"],
        &["B03"],
        &[&["S1"], &[]],
    );
    lay(&mut g, RED, "39", (1, 0, 0), gatherer(0));
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    expect_choice(&g, RED);
    let mv = special(&g, "S1", (0, 1, 0), Piece::Gatherer);
    refuses_typed(
        &mut g,
        "place 1 S1 0,1 r0 gatherer scout",
        mv,
        IllegalMove::Scout(IllegalScout::JoinsOccupied(Piece::Gatherer)),
        &[
            "a special tile may not join a feature that already holds a piece that bars it",
            "that forest already has a gatherer",
        ],
    );
}

#[test]
fn scout_not_scout_owner_names_the_owner() {
    // Red lays the Scout; Blue may not refuse a drawn tile.
    let mut g = game("2002-scout", &[], &["39", "62"], &["B03"], &[&["S1"], &[]]);
    g.play(special(&g, "S1", (1, 0, 2), Piece::Gatherer))
        .unwrap();
    expect_turn(&g, BLUE, "39", false);
    refuses_typed(
        &mut g,
        "refuse 2",
        Move::refuse(),
        IllegalMove::Scout(IllegalScout::NotScoutOwner),
        &["only the owner of the laid Scout tile may refuse a drawn tile"],
    );
}

#[test]
fn scout_refusal_used_names_the_option() {
    // Red lays the Scout, then refuses tile 61 and must lay tile 62 (once per turn).
    let mut g = game(
        "2002-scout",
        &[],
        &["39", "61", "62", "37"],
        &["B03"],
        &[&["S1"], &[]],
    );
    g.play(special(&g, "S1", (1, 0, 2), Piece::Gatherer))
        .unwrap();
    lay_anywhere(&mut g, BLUE, "39");
    expect_turn(&g, RED, "61", false);
    g.play(Move::refuse()).unwrap();
    expect_turn(&g, RED, "62", false);
    refuses_typed(
        &mut g,
        "refuse 1",
        Move::refuse(),
        IllegalMove::Scout(IllegalScout::RefusalUsed),
        &[
            "the Scout's refusal is used up for this turn",
            "scout-refusal",
        ],
    );
}

// =============================================================================================
// Several rules broken: the first in the order the tile, the shaman's recall, the piece

#[test]
fn order_tile_then_recall_then_piece() {
    let mut g = the_2020_shaman_turn();
    let blues = piece_index(&g, BLUE, Piece::Hunter, 1, 0);
    // Tile 88's meadow 1 joins the north meadow, where Red's hunter lies.
    let right = (-2, 0, 0);
    assert_eq!(
        g.check(drawn_move(&g, right, None, hunter(1))),
        Err(IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hunter)))
    );
    // A square touching no tile, Blue's hunter recalled, a hunter on an occupied meadow:
    // the tile is named.
    let mv = drawn_move(&g, (5, 5, 0), Some(blues), hunter(1));
    refuses_typed(
        &mut g,
        "place 1 88 5,5 r0 shaman hunter 1,0:N hunter Ne",
        mv,
        IllegalMove::Placement(PlaceError::NotAdjacent),
        &["the tile cannot go there"],
    );
    // The right square: the recall is named before the piece.
    let mv = drawn_move(&g, right, Some(blues), hunter(1));
    refuses_typed(
        &mut g,
        "place 1 88 -2,0 r0 shaman hunter 1,0:N hunter Ne",
        mv,
        IllegalMove::Recall(IllegalRecall::NotOwn),
        &["the shaman cannot take that back"],
    );
    // A gatherer on a meadow with the same wrong recall: still the recall.
    let mv = drawn_move(
        &g,
        right,
        Some(blues),
        Some((Piece::Gatherer, ZoneKind::Meadow, 0)),
    );
    refuses(
        &mut g,
        mv,
        IllegalMove::Recall(IllegalRecall::NotOwn),
        &["own meeples"],
    );
    // A wrong square with a right recall and a wrong piece: the tile.
    let north = piece_index(&g, RED, Piece::Hunter, 0, -1);
    let mv = drawn_move(
        &g,
        (0, 0, 0),
        Some(north),
        Some((Piece::Gatherer, ZoneKind::Meadow, 0)),
    );
    refuses(
        &mut g,
        mv,
        IllegalMove::Placement(PlaceError::Occupied),
        &["already holds a tile"],
    );
}

#[test]
fn order_special_tile_placement_before_its_piece() {
    // The Scout with a hunter on its spot, on a square where its sides do not fit: the tile
    // is named first, then (on a square where it fits) the piece.
    let mut g = game("2002-scout", &[], &["39", "62"], &["B03"], &[&["S1"], &[]]);
    expect_choice(&g, RED);
    // Unturned east of the volcano, the Scout's west side is a meadow against a forest.
    let mv = special(&g, "S1", (1, 0, 0), Piece::Hunter);
    refuses_typed(
        &mut g,
        "place 1 S1 1,0 r0 hunter scout",
        mv,
        IllegalMove::Placement(PlaceError::Mismatch {
            dir: Dir::W,
            tile: Side::Meadow,
            neighbour: Side::Forest,
        }),
        &["its west side is a meadow but the tile to the west shows a forest"],
    );
    let mv = special(&g, "S1", (1, 0, 2), Piece::Hunter);
    refuses(
        &mut g,
        mv,
        IllegalMove::Scout(IllegalScout::OwnPieceOnSpot),
        &["its own piece on its spot"],
    );
}
