//! Rules fidelity: the 2002 bar on returned members, tile sets with several copies of a tile,
//! the Scout choice before the draw, stacked pit traps, and the cause every refused move names.
//!
//! The games are built from the real tile sets around the start tile, with the checked
//! `Game::play`. The classic volcano start tile lies at (0, 0) unturned: meadow north, forest
//! east and south (one forest with a gold nugget), and a river west that rises from a lake
//! with 1 fish. Coordinates: x grows eastward, y southward; rotations are clockwise quarter
//! turns. Red = player 0, Blue = player 1.

use crate::scenario;

use scenario::*;
use std::sync::Arc;

use hunters::bot::{BotKind, play_out};
use hunters::game::{
    Event, Game, IllegalMove, IllegalPiece, IllegalRecall, IllegalScout, Move, Play,
};
use hunters::ruleset::{Options, Ruleset};
use hunters::scout::Special;
use hunters::variant::ruleset;
use hunters::{Dir, Edition, Herd, PieceAt, PlaceError, Side, Variant, ZoneId, ZoneKind, ZoneRef};
use hunters::{Piece, Pos};

// ---------------------------------------------------------------------------------------------
// Setting up and playing

/// The cause `play` gives for refusing `m`, after checking that the game did not change.
fn refusal(g: &mut Game, m: Move) -> IllegalMove {
    let (events, placed, pieces) = (g.events().to_vec(), g.board().len(), g.pieces().to_vec());
    let e = g.play(m).expect_err("the move should be refused");
    assert_eq!(
        (g.events(), g.board().len(), g.pieces()),
        (&events[..], placed, &pieces[..]),
        "a refused move changed the game"
    );
    e
}

/// [`refusal`] of the move `f` builds from the game.
fn refused(g: &mut Game, f: impl FnOnce(&Game) -> Move) -> IllegalMove {
    let m = f(g);
    refusal(g, m)
}

fn legal(g: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
}

/// The pieces the player to move may put on the drawn tile laid at `at` (without a recall).
fn pieces_on(g: &Game, (x, y, rot): (i32, i32, u8)) -> Vec<Option<Piece>> {
    let mut out: Vec<_> = legal(g)
        .iter()
        .filter(|m| m.at == placement(x, y, rot) && m.recall.is_none())
        .map(|m| m.piece.map(|(p, _)| p))
        .collect();
    out.sort();
    out
}

// =============================================================================================
// 1. 2002: only members returned by scoring during this turn are barred from the bonus tile

/// Red puts a fisher on tile 48 west of the volcano and hunters on tiles 39, 60 and 62,
/// while Blue extends the volcano's nugget forest eastward (37, 40, 38). On the turn before
/// Red's, Blue closes Red's river with tile 0 and sends Red's fisher home. Red is then to
/// close the forest with tile 35, which earns the bonus tile B04.
fn red_closes_the_nugget_forest(hands: &[&[&str]], variant: &str) -> Game {
    let regular = ["48", "37", "39", "40", "60", "38", "62", "0", "35", "30"];
    let mut g = game(variant, &[], &regular, &["B04", "B03"], hands);
    lay(&mut g, RED, "48", (-1, 0, 0), fisher(0));
    lay(&mut g, BLUE, "37", (0, 1, 0), NOTHING);
    lay(&mut g, RED, "39", (1, 0, 0), hunter(0));
    lay(&mut g, BLUE, "40", (2, 0, 0), NOTHING);
    lay(&mut g, RED, "60", (3, 0, 0), hunter(0));
    lay(&mut g, BLUE, "38", (4, 0, 0), NOTHING);
    lay(&mut g, RED, "62", (0, -1, 0), hunter(0));
    assert_eq!(g.supply(RED).0, 1);
    // Tile 0 turned once: its river comes from the east into a lake with 2 fish.
    lay(&mut g, BLUE, "0", (-2, 0, 1), NOTHING);
    assert!(
        g.events().iter().any(|e| matches!(
            e,
            Event::Return {
                player: RED,
                piece: Piece::Fisher,
                ..
            }
        )),
        "Blue's tile sent Red's fisher home"
    );
    g
}

#[test]
fn bonus_tile_2002_allows_member_sent_home_by_opponent() {
    let mut g = red_closes_the_nugget_forest(&[], "2002");
    assert_eq!(g.supply(RED).0, 2);
    // Tile 35 turned twice: its forest faces west and closes the forest.
    lay(&mut g, RED, "35", (5, 0, 2), gatherer(0));
    assert_eq!(g.supply(RED).0, 2, "the gatherer scored and came back");
    expect_turn(&g, RED, "B04", true);
    assert_eq!(g.usable_meeples(), 1, "the fisher Blue sent home is usable");
    // B04 turned twice south of tile 37: meadow north and east, forest south and west.
    let at = (0, 2, 2);
    assert_eq!(
        pieces_on(&g, at),
        vec![None, Some(Piece::Gatherer), Some(Piece::Hunter)]
    );
    lay_with(&mut g, RED, "B04", true, at, None, hunter(0));
    assert_eq!(g.supply(RED).0, 1, "the gatherer stays in the supply");
}

#[test]
fn bonus_tile_2002_bars_only_members_returned_by_scoring_this_turn() {
    // In the scenario: one barred, one usable, and the refusal names the rule once the usable
    // one is spent... which cannot happen on one tile; so check the count and, in 2014, that
    // both are usable.
    let mut g = red_closes_the_nugget_forest(&[], "2014");
    lay(&mut g, RED, "35", (5, 0, 2), gatherer(0));
    expect_turn(&g, RED, "B04", true);
    assert_eq!(
        g.usable_meeples(),
        2,
        "2014: the returned gatherer is usable too"
    );

    // Over many random first-edition games: on every bonus tile, the usable meeples are the
    // supply less exactly the mover's meeples that scoring sent home after the mover's tile
    // of this turn was laid.
    let mut barred_turns = 0;
    for variant in ["2002", "2002-scout"] {
        let v = Variant::load(variant).unwrap();
        for seed in 0..150u64 {
            let players = 2 + (seed as usize % 4);
            let mut g = Game::seeded(&v, players, seed);
            let mut bots: Vec<_> = (0..players)
                .map(|s| BotKind::Random.make(seed, s))
                .collect();
            let mut moves = Vec::new();
            while let Some(turn) = g.turn() {
                let p = turn.player;
                let (supply, _) = g.supply(p);
                let expected = if turn.bonus {
                    let since = g
                        .events()
                        .iter()
                        .rposition(|e| matches!(e, Event::Place { player, .. } if *player == p))
                        .expect("a bonus turn follows the mover's tile");
                    let barred = g.events()[since..]
                        .iter()
                        .filter(|e| {
                            matches!(e, Event::Return { player, piece, .. }
                                if *player == p && *piece != Piece::Hut)
                        })
                        .count() as u8;
                    barred_turns += usize::from(barred > 0);
                    supply - barred
                } else {
                    supply
                };
                assert_eq!(g.usable_meeples(), expected, "{variant} seed {seed}");
                g.legal_moves(&mut moves);
                if expected == 0 {
                    assert!(
                        moves.iter().all(|m| m.recall.is_some()
                            || !matches!(m.piece, Some((k, _)) if k != Piece::Hut)),
                        "{variant} seed {seed}: a meeple is offered with none usable"
                    );
                }
                let m = bots[p].choose(&g, &moves).unwrap();
                g.play(m).unwrap();
            }
        }
    }
    assert!(
        barred_turns >= 10,
        "only {barred_turns} bonus turns with a barred meeple"
    );
}

#[test]
fn bonus_tile_2002_allows_member_recalled_by_shaman() {
    // Red holds the Scout Shaman card; with it, Red takes back the hunter on tile 39 while
    // laying tile 35 (it is not a return by scoring), and puts the gatherer that closes the
    // forest; the gatherer scores and comes back.
    let mut g = red_closes_the_nugget_forest(&[&["shaman"], &[]], "2002-scout");
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
    assert_eq!(
        g.supply(RED).0,
        3,
        "the recalled hunter, the fisher and the gatherer"
    );
    expect_turn(&g, RED, "B04", true);
    assert_eq!(
        g.usable_meeples(),
        2,
        "only the gatherer, returned by scoring, is barred"
    );
    assert_eq!(
        pieces_on(&g, (0, 2, 2)),
        vec![None, Some(Piece::Gatherer), Some(Piece::Hunter)]
    );
}

// =============================================================================================
// 2. Tile sets with several copies of a tile

const COPIES: &str = r#"
[set]
name = "copies"
description = "every deck holds several copies of a tile"
provenance = "test"
bonus = "bonus"

[[tile]]
id = "start"
deck = "start"
sides = "MMMM"
meadows = [{ at = "N+E+S+W", deer = 1 }]

[[tile]]
id = "field"
deck = "regular"
count = 4
sides = "MMMM"
meadows = [{ at = "N+E+S+W", deer = 1 }]

[[tile]]
id = "grove"
deck = "regular"
count = 6
sides = "FMMM"
forests = [{ at = "N", nuggets = 1 }]
meadows = [{ at = "E+S+W" }]

[[tile]]
id = "glade"
deck = "bonus"
count = 3
sides = "MMMM"
meadows = [{ at = "N+E+S+W", mammoths = 1 }]

[[tile]]
id = "lookout"
deck = "scout"
count = 2
sides = "FFMM"
forests = [{ name = "forest", at = "N+E" }]
meadows = [{ at = "S+W" }]
spots = [{ name = "scout", piece = "gatherer", zones = ["forest"] }]
"#;

/// A 2002 Scout variant whose base tile set is `tiles` (TOML), written to a fresh directory.
fn scout_variant_with(name: &str, tiles: &str) -> (Variant, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("hunters-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tiles.toml"), tiles).unwrap();
    let variant_file = dir.join("variant.toml");
    std::fs::write(
        &variant_file,
        format!(
            "name = \"{name}\"\ndescription = \"{name}\"\nedition = \"2002\"\n\
             tiles = \"tiles.toml\"\nexpansions = [\"scout\"]\n"
        ),
    )
    .unwrap();
    (Variant::load(variant_file.to_str().unwrap()).unwrap(), dir)
}

#[test]
fn tile_set_with_counts_above_one_plays_every_copy() {
    let (v, dir) = scout_variant_with("copies", COPIES);
    let set = v.playing_set();
    let rules: Arc<Ruleset> = Arc::from(v.ruleset());

    // Regular and bonus copies: three pairs of groves close a nugget forest each, and each
    // closing earns a bonus glade.
    let regular: Vec<usize> = deck_of(
        &set,
        &[
            "grove", "grove", "grove", "grove", "grove", "grove", "field", "field", "field",
            "field",
        ],
    );
    let bonus = deck_of(&set, &["glade", "glade", "glade"]);
    let mut g = Game::new(Arc::clone(&set), Arc::clone(&rules), 2, regular, bonus);
    assert!(g.board().capacity() >= 1 + 10 + 3);
    for (i, x) in [0, 1, 2].into_iter().enumerate() {
        // A grove north of the row, its forest facing north; the next closes it from above.
        lay(&mut g, RED, "grove", (x, -1, 0), NOTHING);
        lay(&mut g, BLUE, "grove", (x, -2, 2), NOTHING);
        lay_with(
            &mut g,
            BLUE,
            "glade",
            true,
            (0, i as i32 + 1, 0),
            None,
            NOTHING,
        );
    }
    let mut bots: Vec<_> = (0..2).map(|s| BotKind::Random.make(1, s)).collect();
    play_out(&mut g, &mut bots).unwrap();
    assert!(g.is_over());
    assert!(
        g.events()
            .iter()
            .all(|e| !matches!(e, Event::Discard { .. })),
        "meadow tiles fit anywhere; no copy is discarded"
    );
    assert_eq!(
        g.board().len(),
        1 + 10 + 3,
        "every copy of both decks is on the board"
    );

    // Scout copies: both lookouts are dealt among five players (with the four Scout tiles
    // and the Shaman card), and every dealt special tile the board can take is laid.
    let g = Game::seeded(&v, 5, 3);
    let dealt = (0..5)
        .flat_map(|p| g.hand(p).to_vec())
        .filter(|s| matches!(s, Special::Tile(_)))
        .count();
    assert_eq!(g.board().capacity(), 1 + 10 + 3 + dealt);
    let lookouts = (0..5)
        .flat_map(|p| g.hand(p).to_vec())
        .filter(|s| *s == Special::Tile(index_of_tile(&set, "lookout")))
        .count();
    assert!(lookouts <= 2);
    let mut g = g;
    let mut bots: Vec<_> = (0..5).map(|s| BotKind::Random.make(3, s)).collect();
    play_out(&mut g, &mut bots).unwrap();
    assert!(
        g.events()
            .iter()
            .all(|e| !matches!(e, Event::Discard { .. }))
    );
    let regular_laid = g
        .events()
        .iter()
        .filter(|e| {
            matches!(e, Event::Place { tile, .. } if set.tiles[*tile].deck == hunters::Deck::Regular)
        })
        .count();
    assert_eq!(regular_laid, 10, "every regular copy is laid");
    std::fs::remove_dir_all(&dir).ok();
}

// =============================================================================================
// 3. Scout: the special tile is chosen before the draw

#[test]
fn special_tile_is_chosen_before_the_draw() {
    let mut g = game(
        "2002-scout",
        &[],
        &["48", "62", "61"],
        &["B03"],
        &[&["S1"], &[]],
    );
    // Red may lay the Scout: the turn opens with the choice, and nothing is drawn yet.
    expect_choice(&g, RED);
    assert!(g.events().iter().all(|e| !matches!(e, Event::Draw { .. })));
    let moves = legal(&g);
    assert_eq!(moves[0], Move::draw());
    assert!(
        moves[1..]
            .iter()
            .all(|m| matches!(m.play, Play::Special(_)))
    );
    assert!(moves.len() > 1);
    // Red draws: tile 48 is Red's, and the special tile can no longer be laid this turn.
    g.play(Move::draw()).unwrap();
    expect_turn(&g, RED, "48", false);
    assert!(legal(&g).iter().all(|m| m.play == Play::Drawn));
    // Blue holds nothing and draws at once; Red chooses again on the next turn.
    lay(&mut g, RED, "48", (-1, 0, 0), NOTHING);
    expect_turn(&g, BLUE, "62", false);
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    expect_choice(&g, RED);
    let s1 = legal(&g)
        .into_iter()
        .find(|m| matches!(m.play, Play::Special(_)))
        .unwrap();
    let drawn_before = g.regular_left();
    g.play(s1).unwrap();
    assert_eq!(
        g.regular_left(),
        drawn_before - 1,
        "only Blue's draw of tile 61 came off the stack"
    );
    expect_turn(&g, BLUE, "61", false);
    // Nobody ever saw a tile they did not draw: every draw is followed by that player's move.
    let draws: Vec<usize> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Draw { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(draws, vec![RED, BLUE, BLUE]);
}

/// The Scout's owner refuses "the first tile drawn"; a tile that fits nowhere and is
/// discarded does not use that up (001: "is not considered to be used when a player is forced
/// to redraw"). On a board of meadows, a tile of four rivers fits nowhere.
#[test]
fn a_forced_redraw_leaves_the_scouts_refusal() {
    // Meadows all round; Red holds the built-in Scout tile S1 (forest north and east).
    let tiles = r#"
[set]
name = "meadows"
description = "meadows, and a tile of rivers that fits nowhere among them"
provenance = "test"
bonus = "bonus"

[[tile]]
id = "start"
deck = "start"
sides = "MMMM"
meadows = [{ at = "N+E+S+W" }]

[[tile]]
id = "field"
deck = "regular"
count = 4
sides = "MMMM"
meadows = [{ at = "N+E+S+W", deer = 1 }]

[[tile]]
id = "ford"
deck = "regular"
sides = "RRRR"
meadows = [{ at = "Ne+En" }, { at = "Es+Se" }, { at = "Sw+Ws" }, { at = "Wn+Nw" }]
rivers = [{ at = "N+S" }, { at = "E+W" }]
"#;
    let (v, dir) = scout_variant_with("forced-redraw", tiles);
    let set = v.playing_set();
    let rules: Arc<Ruleset> = Arc::from(v.ruleset());
    let regular = deck_of(&set, &["field", "ford", "field", "field", "field"]);
    let hands = vec![vec![Special::Tile(index_of_tile(&set, "S1"))], vec![]];
    let mut g = Game::with_hands(set, rules, 2, regular, Vec::new(), hands);
    // Red lays the Scout wherever it fits first; from then on Red owns the refusal.
    expect_choice(&g, RED);
    let scout = legal(&g)
        .into_iter()
        .find(|m| matches!(m.play, Play::Special(_)))
        .expect("the Scout fits next to the start tile");
    g.play(scout).unwrap();
    lay(&mut g, BLUE, "field", (-1, 0, 0), NOTHING);
    // Red draws the ford, which fits nowhere, then a field: the refusal is still there.
    expect_turn(&g, RED, "field", false);
    let draws: Vec<String> = g
        .events()
        .iter()
        .rev()
        .take(3)
        .map(|e| format!("{e:?}"))
        .collect();
    assert!(
        draws[1].starts_with("Discard"),
        "the ford is discarded: {draws:?}"
    );
    assert!(
        legal(&g).contains(&Move::refuse()),
        "the refusal is not used up"
    );
    g.play(Move::refuse()).unwrap();
    expect_turn(&g, RED, "field", false);
    assert!(
        !legal(&g).contains(&Move::refuse()),
        "one refusal a turn (scout-refusal = once-per-turn)"
    );
    std::fs::remove_dir_all(&dir).ok();
}

// =============================================================================================
// 4. 2020 pit traps that stack

/// Two pit traps next to the same animals (the 2020 set has one pit trap, so a variant's tile
/// set holds it twice): the ruleset's scoring of the tiers, then a real board scored at the
/// end with the option both ways.
#[test]
fn pit_traps_stack_doubles_twice() {
    // The ruleset: a mammoth next to two traps scores 3 × 4 with stacking; the tiers are what
    // `Game` passes (animals next to one trap, then next to two).
    let stacked = ruleset(Edition::E2020, {
        let mut o = Options::for_edition(Edition::E2020);
        o.set("pit-traps-stack", "true").unwrap();
        o
    });
    let herd = Herd::new(0, 0, 2, 0);
    let b = stacked.meadow::<hunters::ruleset::Breakdown>(
        &herd,
        false,
        &[Herd::new(0, 0, 1, 0), Herd::new(0, 0, 1, 0)],
    );
    assert_eq!(b.points(), 3 * 2 + 3 * 4, "{b}");

    // On a board: two pit-trap tiles on either side of a mammoth in one grassland, a hunter
    // in it; scored at the end with the option off (×2) and on (×4).
    let scores: Vec<u32> = ["false", "true"]
        .into_iter()
        .map(|stack| pit_trap_board(stack).total(RED))
        .collect();
    // Every animal of that grassland (the mammoth's tile and the start tile) lies next to
    // both traps: it scores twice without stacking and four times with it.
    assert_eq!(
        scores,
        vec![10, 20],
        "Red's points with the option off and on"
    );
}

/// The 2020 pit-trap tile twice, west and east of an all-grassland tile with a mammoth; Red
/// hunts in that grassland. Returns the finished game.
fn pit_trap_board(stack: &str) -> Game {
    let v = Variant::load("2020").unwrap();
    let mut set = (*v.playing_set()).clone();
    let trap = set
        .tiles
        .iter()
        .position(|t| {
            t.meadows
                .iter()
                .any(|m| m.has(hunters::tile::MeadowSpecial::PitTrap))
        })
        .expect("the 2020 set has a pit trap");
    // A second pit trap: the same tile again, as a variant's own tile set may have it.
    let mut twin = set.tiles[trap].clone();
    twin.id = format!("{}b", twin.id);
    set.tiles.push(twin);
    let twin = set.tiles.len() - 1;
    let meadow = set
        .tiles
        .iter()
        .position(|t| {
            t.sides.iter().all(|s| *s == Side::Meadow)
                && t.meadows.len() == 1
                && t.meadows[0].animals.mammoths > 0
                && t.meadows[0].animals.tigers == 0
                && t.deck == hunters::Deck::Regular
        })
        .expect("an all-grassland tile with a mammoth");
    let mut o = v.options.clone();
    o.set("pit-traps-stack", stack).unwrap();
    let rules: Arc<Ruleset> = Arc::from(ruleset(Edition::E2020, o));
    let set = Arc::new(set);
    let mut g = Game::new(
        Arc::clone(&set),
        rules,
        2,
        vec![meadow, trap, twin],
        Vec::new(),
    );
    // The grassland tile north of the start tile, Red's hunter on it; then a trap on each
    // side of it, wherever each fits with its grassland touching the mammoth's tile.
    let north = placement(0, -1, 0);
    let hunt = legal(&g)
        .into_iter()
        .find(|m| m.at == north && matches!(m.piece, Some((Piece::Hunter, _))))
        .expect("a hunter on the grassland north of the start tile");
    g.play(hunt).unwrap();
    for (player, x) in [(BLUE, -1), (RED, 1)] {
        let m = legal(&g)
            .into_iter()
            .find(|m| m.at.pos == Pos::new(x, -1) && m.piece.is_none())
            .unwrap_or_else(|| panic!("the pit trap fits at ({x}, -1)"));
        assert_eq!(g.turn().unwrap().player, player);
        g.play(m).unwrap();
    }
    assert!(g.is_over());
    g
}

// =============================================================================================
// 5. Every refused move names its real cause

#[test]
fn refusal_square_taken() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    let e = refused(&mut g, |g| drawn_move(g, (0, 0, 0), None, NOTHING));
    assert_eq!(e, IllegalMove::Placement(PlaceError::Occupied));
    assert!(e.to_string().contains("already holds a tile"), "{e}");
}

#[test]
fn refusal_not_adjacent() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    for at in [(1, 1, 0), (5, 5, 0)] {
        let e = refused(&mut g, |g| drawn_move(g, at, None, NOTHING));
        assert_eq!(e, IllegalMove::Placement(PlaceError::NotAdjacent), "{at:?}");
        assert!(e.to_string().contains("touches no tile by a side"), "{e}");
    }
}

#[test]
fn refusal_edge_mismatch() {
    let mut g = game("2002", &[], &["61", "62"], &["B03"], &[]);
    // Tile 61 (all meadow) east of the volcano meets its forest.
    let e = refused(&mut g, |g| drawn_move(g, (1, 0, 0), None, NOTHING));
    assert_eq!(
        e,
        IllegalMove::Placement(PlaceError::Mismatch {
            dir: Dir::W,
            tile: Side::Meadow,
            neighbour: Side::Forest,
        })
    );
    assert_eq!(
        e.to_string(),
        "the tile cannot go there: its west side is a meadow but the tile to the west shows a \
         forest there; the sides that touch must continue each other (forest to forest, meadow \
         to meadow, river to river)"
    );
    // West of the volcano it meets the river.
    let e = refused(&mut g, |g| drawn_move(g, (-1, 0, 0), None, NOTHING));
    assert!(e.to_string().contains("east side is a meadow"), "{e}");
    assert!(e.to_string().contains("shows a river there"), "{e}");
}

#[test]
fn refusal_wrong_kind_of_piece() {
    let mut g = game("2002", &[], &["0", "62"], &["B03"], &[]);
    // Tile 0 (a river into a lake, two meadows, two forests) at its first legal place.
    let at = legal(&g)[0].at;
    let at = (at.pos.x, at.pos.y, at.rot.0);
    let cases = [
        (
            Piece::Fisher,
            ZoneKind::Lake,
            "a fisher stands on a river, never on a lake",
        ),
        (
            Piece::Fisher,
            ZoneKind::Forest,
            "a fisher stands on a river",
        ),
        (
            Piece::Gatherer,
            ZoneKind::Meadow,
            "a gatherer stands in a forest",
        ),
        (Piece::Hunter, ZoneKind::Forest, "a hunter lies in a meadow"),
        (Piece::Hunter, ZoneKind::River, "a hunter lies in a meadow"),
        (
            Piece::Hut,
            ZoneKind::Meadow,
            "a hut stands on a river or a lake",
        ),
        (
            Piece::Hut,
            ZoneKind::Forest,
            "a hut stands on a river or a lake",
        ),
    ];
    for (piece, zone, words) in cases {
        let e = refused(&mut g, |g| drawn_move(g, at, None, Some((piece, zone, 0))));
        assert_eq!(
            e,
            IllegalMove::Piece(IllegalPiece::WrongKind { piece, zone }),
            "{} on a {}",
            piece.name(),
            zone.word()
        );
        assert!(e.to_string().contains(words), "{e}");
    }
    // A zone the tile does not have, and a zone of another tile.
    let e = refused(&mut g, |g| drawn_move(g, at, None, gatherer(7)));
    assert_eq!(
        e,
        IllegalMove::Piece(IllegalPiece::NoSuchZone(ZoneRef {
            kind: ZoneKind::Forest,
            index: 7
        }))
    );
    let mut on_start = drawn_move(&g, at, None, NOTHING);
    on_start.piece = Some((
        Piece::Hunter,
        PieceAt::Zone(ZoneId {
            placed: 0,
            zone: ZoneRef {
                kind: ZoneKind::Meadow,
                index: 0,
            },
        }),
    ));
    let e = refusal(&mut g, on_start);
    assert_eq!(e, IllegalMove::Piece(IllegalPiece::NotOnNewTile));
    let mut on_spot = drawn_move(&g, at, None, NOTHING);
    on_spot.piece = Some((Piece::Hunter, PieceAt::Spot { placed: 1, spot: 0 }));
    assert_eq!(
        refusal(&mut g, on_spot),
        IllegalMove::Piece(IllegalPiece::OnSpot)
    );
}

#[test]
fn refusal_feature_occupied() {
    // Red's gatherer in the forest of tile 39 (east of the volcano); Blue's tile 40 continues
    // that forest, so no gatherer there; Blue's hunter in 40's north meadow is fine.
    let mut g = game("2002", &[], &["39", "40", "48", "0"], &["B03"], &[]);
    lay(&mut g, RED, "39", (1, 0, 0), gatherer(0));
    let e = refused(&mut g, |g| drawn_move(g, (2, 0, 0), None, gatherer(0)));
    assert_eq!(
        e,
        IllegalMove::Piece(IllegalPiece::Occupied(Piece::Gatherer))
    );
    assert!(
        e.to_string().contains("that forest already has a gatherer"),
        "{e}"
    );
    lay(&mut g, BLUE, "40", (2, 0, 0), hunter(0));
    // Red's hut on the volcano's river system through tile 48; Blue's tile 0 joins the system
    // through its lake, so no second hut there, while a fisher may still go on that river.
    lay(&mut g, RED, "48", (-1, 0, 0), hut_on_river(0));
    let e = refused(&mut g, |g| drawn_move(g, (-2, 0, 1), None, hut_on_lake(0)));
    assert_eq!(e, IllegalMove::Piece(IllegalPiece::Occupied(Piece::Hut)));
    assert!(
        e.to_string()
            .contains("that river system already has a hut"),
        "{e}"
    );
    // A hunter in the meadow of tile 39 north of Red's gatherer... is Blue's on tile 40? No:
    // each of those tiles has its own north meadow. A fisher on the hut's river is fine.
    lay(&mut g, BLUE, "0", (-2, 0, 1), fisher(0));
    assert!(g.is_over());
}

/// Tries `piece` on every zone of the given kinds of the drawn tile, at every legal place;
/// every refusal must be "occupied" or `expected`, and `expected` must occur.
fn some_refusal_is(g: &mut Game, piece: Piece, kinds: &[ZoneKind], expected: IllegalPiece) {
    let tile = &g.tiles().tiles[g.turn().unwrap().tile.unwrap()];
    let zones: Vec<ZoneRef> = kinds
        .iter()
        .flat_map(|&kind| {
            (0..tile.zone_count(kind)).map(move |i| ZoneRef {
                kind,
                index: i as u8,
            })
        })
        .collect();
    let places: Vec<_> = legal(g)
        .into_iter()
        .filter(|m| m.piece.is_none() && m.recall.is_none())
        .map(|m| m.at)
        .collect();
    let mut seen = 0;
    for at in places {
        for &zone in &zones {
            let mut m = drawn_move(g, (at.pos.x, at.pos.y, at.rot.0), None, NOTHING);
            m.piece = Some((
                piece,
                PieceAt::Zone(ZoneId {
                    placed: g.board().len() as u16,
                    zone,
                }),
            ));
            match refusal(g, m) {
                IllegalMove::Piece(IllegalPiece::Occupied(p)) if p == piece => {}
                IllegalMove::Piece(e) if e == expected => seen += 1,
                other => panic!("{} at {at:?}: {other}", piece.name()),
            }
        }
    }
    assert!(seen > 0, "no placement showed {expected}");
}

#[test]
fn refusal_no_piece_left() {
    // Huts: Red's two huts on two river systems, then none is left.
    let mut g = game(
        "2002",
        &[],
        &["48", "62", "0", "61", "1", "63"],
        &["B03"],
        &[],
    );
    lay(&mut g, RED, "48", (-1, 0, 0), hut_on_river(0));
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    let second = legal(&g)
        .into_iter()
        .find(|m| matches!(m.piece, Some((Piece::Hut, _))))
        .expect("a second river system for Red's second hut");
    g.play(second).unwrap();
    assert_eq!(g.supply(RED), (5, 0));
    let first = legal(&g)[0];
    g.play(Move {
        piece: None,
        ..first
    })
    .unwrap();
    expect_turn(&g, RED, "1", false);
    some_refusal_is(
        &mut g,
        Piece::Hut,
        &[ZoneKind::River, ZoneKind::Lake],
        IllegalPiece::NoneLeft(Piece::Hut),
    );
    let e = IllegalMove::Piece(IllegalPiece::NoneLeft(Piece::Hut));
    assert!(
        e.to_string().contains("no hut is left in the supply"),
        "{e}"
    );

    // Meeples: Red's five meeples lie as hunters, and none is left for a gatherer.
    let mut g = reds_meeples_all_hunting();
    let first = legal(&g)[0];
    g.play(Move {
        piece: None,
        ..first
    })
    .unwrap();
    expect_turn(&g, RED, "34", false);
    some_refusal_is(
        &mut g,
        Piece::Gatherer,
        &[ZoneKind::Forest],
        IllegalPiece::NoneLeft(Piece::Gatherer),
    );
    let e = IllegalMove::Piece(IllegalPiece::NoneLeft(Piece::Gatherer));
    assert!(
        e.to_string().contains("no meeple is left in the supply"),
        "{e}"
    );

    // 2002: the only meeple in the supply scored and came back this turn (T14-B1 in 2002).
    let mut g = reds_gatherer_back_for_a_bonus_turn();
    expect_turn(&g, RED, "B04", true);
    assert_eq!(g.supply(RED).0, 1);
    let e = refused(&mut g, |g| drawn_move(g, (0, 2, 2), None, gatherer(0)));
    assert_eq!(e, IllegalMove::Piece(IllegalPiece::ReturnedThisTurn));
    assert!(e.to_string().contains("reuse-returned-on-bonus"), "{e}");
}

#[test]
fn refusal_special_tile_rules() {
    // Without the expansion, no Scout move at all.
    let mut plain = game("2002", &[], &["61", "62"], &["B03"], &[]);
    for m in [Move::refuse(), Move::draw()] {
        let e = refusal(&mut plain, m);
        assert_eq!(e, IllegalMove::Scout(IllegalScout::NoExpansion));
        assert!(e.to_string().contains("without the Scout expansion"), "{e}");
    }

    let mut g = game(
        "2002-scout",
        &[],
        &["39", "62", "61", "37"],
        &["B03"],
        &[&["S1"], &[]],
    );
    expect_choice(&g, RED);
    let special = |g: &Game, id: &str, at: (i32, i32, u8), piece: Piece| Move {
        at: placement(at.0, at.1, at.2),
        recall: None,
        piece: Some((
            piece,
            PieceAt::Spot {
                placed: g.board().len() as u16,
                spot: 0,
            },
        )),
        play: Play::Special(index_of_tile(g.tiles(), id)),
    };
    // Before drawing: a drawn-tile move, a refusal, a special tile not held, a wrong piece.
    let e = refused(&mut g, |g| drawn_move(g, (0, -1, 0), None, NOTHING));
    assert_eq!(e, IllegalMove::Scout(IllegalScout::ChooseFirst));
    let e = refusal(&mut g, Move::refuse());
    assert_eq!(e, IllegalMove::Scout(IllegalScout::ChooseFirst));
    let e = refused(&mut g, |g| special(g, "S2", (0, -1, 0), Piece::Hunter));
    assert_eq!(e, IllegalMove::Scout(IllegalScout::NotHeld));
    let e = refused(&mut g, |g| special(g, "S1", (1, 0, 2), Piece::Hunter));
    assert_eq!(e, IllegalMove::Scout(IllegalScout::OwnPieceOnSpot));
    // Red draws; now the special tile is too late and drawing again makes no sense.
    g.play(Move::draw()).unwrap();
    let e = refused(&mut g, |g| special(g, "S1", (1, 0, 2), Piece::Gatherer));
    assert_eq!(e, IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing));
    assert!(e.to_string().contains("instead of drawing"), "{e}");
    let e = refusal(&mut g, Move::draw());
    assert_eq!(e, IllegalMove::Scout(IllegalScout::AlreadyDrawn));
    let e = refusal(&mut g, Move::refuse());
    assert_eq!(e, IllegalMove::Scout(IllegalScout::NotScoutOwner));
    // Red's gatherer in the forest of tile 39, which joins the volcano's forest.
    lay(&mut g, RED, "39", (1, 0, 0), gatherer(0));
    lay(&mut g, BLUE, "62", (0, -1, 0), NOTHING);
    // The Scout south of the volcano, its forest facing north, would join that forest.
    expect_choice(&g, RED);
    let e = refused(&mut g, |g| special(g, "S1", (0, 1, 0), Piece::Gatherer));
    assert_eq!(
        e,
        IllegalMove::Scout(IllegalScout::JoinsOccupied(Piece::Gatherer))
    );
    assert!(
        e.to_string().contains("that forest already has a gatherer"),
        "{e}"
    );
}

#[test]
fn refusal_shaman_rules() {
    // Red holds the Shaman card, Blue does not.
    let mut g = red_closes_the_nugget_forest(&[&["shaman"], &[]], "2002-scout");
    let blue_piece = 99;
    let e = refused(&mut g, |g| {
        drawn_move(g, (5, 0, 2), Some(blue_piece), NOTHING)
    });
    assert_eq!(e, IllegalMove::Recall(IllegalRecall::NoSuchPiece));
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
    // On the bonus tile of the same turn the card is used up.
    expect_turn(&g, RED, "B04", true);
    let hunter40 = piece_index(&g, RED, Piece::Hunter, 3, 0);
    let e = refused(&mut g, |g| {
        drawn_move(g, (0, 2, 2), Some(hunter40), NOTHING)
    });
    assert_eq!(e, IllegalMove::Recall(IllegalRecall::CardUsed));
    assert!(e.to_string().contains("used this turn"), "{e}");
    lay_with(&mut g, RED, "B04", true, (0, 2, 2), None, NOTHING);
    // Blue has no shaman at all.
    expect_turn(&g, BLUE, "30", false);
    let at = legal(&g)[0].at;
    let e = refusal(
        &mut g,
        Move {
            at,
            recall: Some(hunter40),
            piece: None,
            play: Play::Drawn,
        },
    );
    assert_eq!(e, IllegalMove::Recall(IllegalRecall::NoShaman));
}
