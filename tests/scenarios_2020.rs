//! The worked examples of the 2020 rulebook (rules-matrix §4c) and the difference tests of
//! rules-matrix §4d that concern boards, each played out as a real game on a real board.
//!
//! Every scenario lays chosen tiles of the built-in sets (`menhir` for 2020, `classic` for 2002
//! and 2014) around the start tile, in a fixed order, through the checked `Game::play`, and then
//! asserts the printed numbers, who scored them and what the engine did.
//!
//! The start tile (56) lies at (0,0): a meadow to the north (with an aurochs in 2020, empty on the
//! first-edition volcano), one forest reaching east and south (a menhir in 2020, a gold nugget in
//! the first edition), and a river running west into a lake with 1 fish. Coordinates grow east
//! (x) and south (y); a rotation is a number of clockwise quarter turns. Zones are named by their
//! index on the printed tile: `hunter(0)` is a hunter on the tile's first meadow.

use crate::scenario;

use scenario::*;
use std::sync::Arc;

use hunters::game::{Category, Event, Game, IllegalMove, Move, OnBoard, Turn};
use hunters::ruleset::Ruleset;
use hunters::{Piece, PieceAt, Placement, Pos, Rotation, TileSet, Variant, ZoneId, ZoneKind};
use hunters::{ZoneRef, feature::Herd};

// Seats. The 2020 examples speak of "you" and players by colour; the first-edition difference
// tests use Red and Blue.
const YOU: usize = 0;

/// One score as the tests compare it: who, what for, how many points.
type Scored = (Vec<usize>, Category, u32);

/// A game being played tile by tile.
struct Table {
    game: Game,
}

impl Table {
    /// A game of a built-in variant with the regular and bonus (menhir) decks in this order.
    fn new(variant: &str, players: usize, regular: &[&str], bonus: &[&str]) -> Table {
        let v = Variant::load(variant).unwrap();
        let rules: Arc<Ruleset> = Arc::from(v.ruleset());
        Table::with(v.tiles, rules, players, regular, bonus)
    }

    fn with(
        set: TileSet,
        rules: Arc<Ruleset>,
        players: usize,
        regular: &[&str],
        bonus: &[&str],
    ) -> Table {
        let (regular, bonus) = (deck_of(&set, regular), deck_of(&set, bonus));
        Table {
            game: Game::new(Arc::new(set), rules, players, regular, bonus),
        }
    }

    /// The move putting the tile to be placed at (x, y), turned `rot`, with `piece` on it.
    fn mv(&self, x: i32, y: i32, rot: u8, piece: Put) -> Move {
        let placed = self.game.board().len() as u16;
        Move {
            at: Placement {
                pos: Pos::new(x, y),
                rot: Rotation(rot),
            },
            recall: None,
            piece: piece.map(|(p, kind, index)| {
                (
                    p,
                    PieceAt::Zone(ZoneId {
                        placed,
                        zone: ZoneRef { kind, index },
                    }),
                )
            }),
            ..Move::default()
        }
    }

    /// Plays tile `id`, which `player` must hold; returns its index on the board.
    fn play(&mut self, player: usize, id: &str, at: (i32, i32), rot: u8, piece: Put) -> usize {
        self.expect_turn(player, id);
        let placed = self.game.board().len();
        let mv = self.mv(at.0, at.1, rot, piece);
        self.game.play(mv).unwrap_or_else(|e| {
            panic!(
                "tile {id} at {},{} turned {rot} was refused: {e}",
                at.0, at.1
            )
        });
        placed
    }

    /// Asserts whose turn it is and which tile they hold.
    fn expect_turn(&self, player: usize, id: &str) {
        let turn = self
            .game
            .turn()
            .unwrap_or_else(|| panic!("the game ended before tile {id}\n{}", self.log()));
        assert_eq!(
            self.id(turn.tile.expect("a drawn tile")),
            id,
            "the tile to place (was a tile discarded?)\n{}",
            self.log()
        );
        assert_eq!(turn.player, player, "who places tile {id}\n{}", self.log());
    }

    /// Asserts that `mv` is refused and that the refusal leaves the game exactly as it was.
    fn refuse(&mut self, mv: Move) -> IllegalMove {
        let events = self.game.events().to_vec();
        let placed = self.game.board().placed().to_vec();
        let pieces: Vec<OnBoard> = self.game.pieces().to_vec();
        let turn = self.game.turn();
        let supply: Vec<(u8, u8)> = (0..self.game.players())
            .map(|p| self.game.supply(p))
            .collect();
        let totals: Vec<u32> = (0..self.game.players())
            .map(|p| self.game.total(p))
            .collect();
        let err = self
            .game
            .play(mv)
            .expect_err("the move should have been refused");
        assert_eq!(
            self.game.events(),
            &events[..],
            "events after a refused move"
        );
        assert_eq!(
            self.game.board().placed(),
            &placed[..],
            "board after a refused move"
        );
        assert_eq!(
            self.game.pieces(),
            &pieces[..],
            "pieces after a refused move"
        );
        assert_eq!(self.game.turn(), turn, "turn after a refused move");
        for p in 0..self.game.players() {
            assert_eq!(
                self.game.supply(p),
                supply[p],
                "supply after a refused move"
            );
            assert_eq!(self.game.total(p), totals[p], "score after a refused move");
        }
        err
    }

    fn legal(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.game.legal_moves(&mut out);
        out
    }

    fn id(&self, tile: usize) -> &str {
        &self.game.tiles().tiles[tile].id
    }

    /// Where a tile of the board lies.
    fn pos(&self, placed: u16) -> (i32, i32) {
        let p = self.game.board().placed()[usize::from(placed)].pos;
        (p.x, p.y)
    }

    /// A zone of the board by the position of its tile.
    fn zone_at(&self, at: (i32, i32), kind: ZoneKind, index: u8) -> ZoneId {
        let placed = self
            .game
            .board()
            .index_at(Pos::new(at.0, at.1))
            .unwrap_or_else(|| panic!("no tile at {at:?}")) as u16;
        ZoneId {
            placed,
            zone: ZoneRef { kind, index },
        }
    }

    /// Event count, to look at what one move did.
    fn mark(&self) -> usize {
        self.game.events().len()
    }

    /// The scores since `mark`, in order.
    fn scores_since(&self, mark: usize) -> Vec<Scored> {
        self.game.events()[mark..]
            .iter()
            .filter_map(|e| match e {
                Event::Score(s) => Some((s.players.clone(), s.category, s.points())),
                _ => None,
            })
            .collect()
    }

    /// The pieces returned since `mark`: owner and kind.
    fn returns_since(&self, mark: usize) -> Vec<(usize, Piece)> {
        self.game.events()[mark..]
            .iter()
            .filter_map(|e| match e {
                Event::Return { player, piece, .. } => Some((*player, *piece)),
                _ => None,
            })
            .collect()
    }

    /// The players who drew a bonus (menhir) tile since `mark`.
    fn bonus_draws_since(&self, mark: usize) -> Vec<usize> {
        self.game.events()[mark..]
            .iter()
            .filter_map(|e| match e {
                Event::Draw {
                    player,
                    bonus: true,
                    ..
                } => Some(*player),
                _ => None,
            })
            .collect()
    }

    /// The events as text, for failure messages.
    fn log(&self) -> String {
        let mut out = String::from("events:\n");
        for e in self.game.events() {
            out.push_str(&format!("  {e:?}\n"));
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// §4c: the worked examples of the 2020 rulebook
// ---------------------------------------------------------------------------------------------

/// T20-R1: "Blue places a tiles that completes a river. You have a meeple on the river, so you
/// score 5 points: 3 points for the 3 tiles forming the river. 2 for the 2 fish in the lakes."
/// "Blue's meeple on the other river stays on that river, because that river has not scored yet."
#[test]
fn t20_r1_blue_completes_your_river_for_5() {
    // Start lake (1 fish) - river 46 - lake of tile 24 (1 fish). Tile 24 has a second river out
    // of its lake, on which Blue puts a fisher: a different river, divided by the lake.
    let mut t = Table::new("2020", 2, &["46", "24", "62"], &[]);
    t.play(YOU, "46", (-1, 0), 0, fisher(0));
    let mark = t.mark();
    t.play(BLUE, "24", (-2, 0), 1, fisher(1));
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Rivers, 5)],
        "{}",
        t.log()
    );
    let river = t.zone_at((-1, 0), ZoneKind::River, 0);
    let info = t.game.features().river(river);
    assert_eq!((info.tiles, info.end_lake_fish, info.fish), (3, 2, 0));
    assert_eq!(t.returns_since(mark), vec![(YOU, Piece::Fisher)]);
    assert_eq!(t.game.score(YOU, Category::Rivers), 5);
    assert_eq!(t.game.total(BLUE), 0);
    // Blue's fisher stays on the other, still open river.
    let blue_river = t.zone_at((-2, 0), ZoneKind::River, 1);
    assert_eq!(
        t.game.pieces(),
        &[OnBoard {
            player: BLUE,
            piece: Piece::Fisher,
            at: PieceAt::Zone(blue_river),
        }]
    );
    assert!(t.game.features().river(blue_river).open > 0);
    assert_eq!(t.game.supply(YOU).0, 5);
    t.expect_turn(YOU, "62");
}

/// T20-F1: "You complete a forest containing a menhir. You score 8 points because the forest
/// comprises 8 tiles. Because you completed a forest with a menhir, you begin an extra turn."
///
/// The printed numbers contradict the rule "2 points for each tile comprising the completed
/// forest" (8 tiles would make 16). This reading keeps the printed 8 points: a forest of 4
/// tiles with a menhir; `t20_f1_eight_tiles_score_16` pins the formula on 8 tiles.
#[test]
fn t20_f1_four_tile_menhir_forest_scores_8_and_an_extra_turn() {
    // The start forest (menhir) closed into a 2x2 block by 30, 78 and 33.
    let mut t = Table::new("2020", 2, &["30", "78", "33", "62"], &["90", "85"]);
    t.play(YOU, "30", (1, 0), 0, gatherer(0));
    t.play(BLUE, "78", (0, 1), 0, NOTHING);
    let mark = t.mark();
    t.play(YOU, "33", (1, 1), 0, NOTHING);
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Forests, 8)],
        "{}",
        t.log()
    );
    let forest = t.zone_at((0, 0), ZoneKind::Forest, 0);
    assert_eq!(t.game.features().forest(forest).tiles, 4);
    assert!(t.game.features().forest(forest).menhirs > 0);
    assert_eq!(t.returns_since(mark), vec![(YOU, Piece::Gatherer)]);
    // The extra turn: you draw and place a menhir tile.
    assert_eq!(t.bonus_draws_since(mark), vec![YOU]);
    t.expect_turn(YOU, "90");
    assert!(t.game.turn().unwrap().bonus);
}

/// T20-F1, the formula: "you score 2 points for each tile comprising the completed forest" —
/// the rulebook's example prints "8 points because the forest comprises 8 tiles", which this
/// rule makes 16. Pinned here: 8 tiles score 16.
#[test]
fn t20_f1_eight_tiles_score_16() {
    // A forest snaking from the start east along y=0 then south at x=3, and south from the start.
    let mut t = Table::new(
        "2020",
        2,
        &["38", "39", "30", "40", "37", "60", "36", "62"],
        &["90"],
    );
    t.play(YOU, "38", (1, 0), 0, gatherer(0));
    t.play(BLUE, "39", (2, 0), 0, NOTHING);
    t.play(YOU, "30", (3, 0), 0, NOTHING);
    t.play(BLUE, "40", (3, 1), 1, NOTHING);
    t.play(YOU, "37", (3, 2), 0, NOTHING);
    t.play(BLUE, "60", (0, 1), 1, NOTHING);
    let mark = t.mark();
    t.play(YOU, "36", (0, 2), 2, NOTHING);
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Forests, 16)],
        "{}",
        t.log()
    );
    let forest = t.zone_at((0, 0), ZoneKind::Forest, 0);
    assert_eq!(t.game.features().forest(forest).tiles, 8);
    assert_eq!(t.bonus_draws_since(mark), vec![YOU]);
}

/// T20-F2: "The forest is now complete, and you score 6 points for the 3 tiles that comprise the
/// forest. The completed forest also contains a menhir, but you cannot begin an extra turn during
/// an extra turn, so your turn ends as normal."
#[test]
fn t20_f2_menhir_forest_completed_in_an_extra_turn_gives_no_second_one() {
    // North of the start: 38 (menhir) and the end 35 make a forest open to the east. You close
    // the start forest (2x2 block) for an extra turn, and the menhir tile 90 closes the northern
    // forest. Two menhir tiles are left, so only the rule can stop a second extra turn.
    let mut t = Table::new(
        "2020",
        2,
        &["38", "35", "30", "78", "33", "62"],
        &["90", "85", "94"],
    );
    t.play(YOU, "38", (0, -1), 0, NOTHING);
    t.play(BLUE, "35", (-1, -1), 0, NOTHING);
    t.play(YOU, "30", (1, 0), 0, NOTHING);
    t.play(BLUE, "78", (0, 1), 0, NOTHING);
    let mark = t.mark();
    t.play(YOU, "33", (1, 1), 0, NOTHING);
    assert_eq!(t.bonus_draws_since(mark), vec![YOU], "{}", t.log());
    assert!(
        t.scores_since(mark).is_empty(),
        "nobody gathers in the start forest"
    );
    let mark = t.mark();
    t.play(YOU, "90", (1, -1), 1, gatherer(0));
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Forests, 6)],
        "{}",
        t.log()
    );
    let forest = t.zone_at((0, -1), ZoneKind::Forest, 0);
    assert_eq!(t.game.features().forest(forest).tiles, 3);
    assert!(t.game.features().forest(forest).menhirs > 0);
    assert_eq!(t.returns_since(mark), vec![(YOU, Piece::Gatherer)]);
    // No further extra turn: the turn passes to Blue with a regular tile.
    assert!(t.bonus_draws_since(mark).is_empty(), "{}", t.log());
    t.expect_turn(BLUE, "62");
    assert!(!t.game.turn().unwrap().bonus);
}

/// T20-F3: "Because you have the most meeples on this forest, you score 10 points for the
/// completed forest, and Blue does not score any points. All 3 meeples are returned to their
/// owners' supplies, and you take an extra turn because you completed a forest with a menhir."
#[test]
fn t20_f3_majority_scores_10_three_meeples_return_one_extra_turn() {
    // Three separate forests north of the start, each with a gatherer, joined by 63:
    //   (-2,-2) 35 + (-1,-2) 38 (menhir)  — yours
    //   (0,-1) 37                         — yours
    //   (1,-2) 34                         — Blue's
    // Meadow tiles 61 and 62 carry the ends; 63 at (0,-2) reaches west, south and east.
    let mut t = Table::new(
        "2020",
        2,
        &["37", "61", "62", "34", "38", "35", "63", "53"],
        &["90", "85"],
    );
    t.play(YOU, "37", (0, -1), 0, gatherer(0));
    t.play(BLUE, "61", (1, -1), 0, NOTHING);
    t.play(YOU, "62", (-1, -1), 0, NOTHING);
    t.play(BLUE, "34", (1, -2), 0, gatherer(0));
    t.play(YOU, "38", (-1, -2), 0, gatherer(0));
    t.play(BLUE, "35", (-2, -2), 0, NOTHING);
    assert_eq!(t.game.supply(YOU).0, 3);
    assert_eq!(t.game.supply(BLUE).0, 4);
    let mark = t.mark();
    t.play(YOU, "63", (0, -2), 2, NOTHING);
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Forests, 10)],
        "{}",
        t.log()
    );
    let forest = t.zone_at((0, -2), ZoneKind::Forest, 0);
    assert_eq!(t.game.features().forest(forest).tiles, 5);
    assert_eq!(t.game.total(BLUE), 0);
    let mut returned = t.returns_since(mark);
    returned.sort();
    assert_eq!(
        returned,
        vec![
            (YOU, Piece::Gatherer),
            (YOU, Piece::Gatherer),
            (BLUE, Piece::Gatherer)
        ]
    );
    assert!(t.game.pieces().is_empty());
    assert_eq!((t.game.supply(YOU).0, t.game.supply(BLUE).0), (5, 5));
    // Exactly one extra turn, then Blue's regular turn.
    assert_eq!(t.bonus_draws_since(mark), vec![YOU]);
    t.play(YOU, "90", (2, -1), 0, NOTHING);
    assert_eq!(t.bonus_draws_since(mark), vec![YOU], "{}", t.log());
    t.expect_turn(BLUE, "53");
}

/// T20-R2: "Now there are 2 fishers on the same river. Because this river is now complete, it is
/// scored. The river scores for 9 points (4 tiles and 5 fish), and you and Blue both score the
/// full 9 points."
#[test]
fn t20_r2_tied_fishers_both_score_9() {
    // Start lake (1) - 20 (2 river fish) - 19 (1 river fish) - 59's lake (1): 4 tiles, 5 fish.
    // Your fisher on 20 and Blue's on 59 stand on separate rivers until 19 joins them.
    let mut t = Table::new("2020", 2, &["20", "59", "19"], &[]);
    t.play(YOU, "20", (-1, 0), 0, fisher(0));
    t.play(BLUE, "59", (0, -1), 3, fisher(0));
    let mark = t.mark();
    t.play(YOU, "19", (-1, -1), 0, NOTHING);
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU, BLUE], Category::Rivers, 9)],
        "{}",
        t.log()
    );
    let river = t.zone_at((-1, -1), ZoneKind::River, 0);
    let info = t.game.features().river(river);
    assert_eq!((info.tiles, info.end_lake_fish + info.fish), (4, 5));
    let mut returned = t.returns_since(mark);
    returned.sort();
    assert_eq!(returned, vec![(YOU, Piece::Fisher), (BLUE, Piece::Fisher)]);
    assert_eq!((t.game.total(YOU), t.game.total(BLUE)), (9, 9));
}

/// T20-H1: "You have 2 huts on the left river system, and Blue has 1. You have the most huts, so
/// you score the 8 points for the 8 fish in that river system."
#[test]
fn t20_h1_hut_majority_scores_8_fish() {
    // Three separate systems, each with a hut, joined by the lake tile 9:
    //   start lake (1) + 20 (2 river fish)  — your hut
    //   0's lake (2)                        — your hut (on the lake)
    //   59's lake (1)                       — Blue's hut
    // and 9's own lake (2): 8 fish.
    let mut t = Table::new("2020", 2, &["20", "62", "0", "59", "9"], &[]);
    t.play(YOU, "20", (-1, 0), 0, hut_on_river(0));
    t.play(BLUE, "62", (-2, 0), 0, NOTHING);
    t.play(YOU, "0", (-2, -1), 1, hut_on_lake(0));
    t.play(BLUE, "59", (0, -1), 3, hut_on_river(0));
    let mark = t.mark();
    t.play(YOU, "9", (-1, -1), 1, NOTHING);
    assert!(t.game.is_over());
    let system = t.game.features().system(
        &t.game.tiles().tiles,
        t.game.board(),
        t.zone_at((0, 0), ZoneKind::Lake, 0),
    );
    assert_eq!(system.fish, 8);
    assert_eq!(system.huts[YOU], 2);
    assert_eq!(system.huts[BLUE], 1);
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Huts, 8)],
        "{}",
        t.log()
    );
    assert_eq!(t.game.score(BLUE, Category::Huts), 0);
}

/// T20-H2: "Yellow and Blue both have 1 hut on the right river system. They each score 10 points
/// for the 10 fish in that river system."
#[test]
fn t20_h2_tied_huts_both_score_10_fish() {
    const YELLOW: usize = 0;
    // Start lake (1) + 20 (2 river fish) — Yellow's hut; 1's lake (3) + 0's lake (2) — Blue's
    // hut; joined by 9's lake (2): 10 fish.
    let mut t = Table::new("2020", 2, &["20", "1", "0", "9"], &[]);
    t.play(YELLOW, "20", (-1, 0), 0, hut_on_river(0));
    t.play(BLUE, "1", (0, -1), 2, hut_on_river(0));
    t.play(YELLOW, "0", (1, -1), 3, NOTHING);
    let mark = t.mark();
    t.play(BLUE, "9", (-1, -1), 1, NOTHING);
    assert!(t.game.is_over());
    let system = t.game.features().system(
        &t.game.tiles().tiles,
        t.game.board(),
        t.zone_at((0, 0), ZoneKind::Lake, 0),
    );
    assert_eq!(system.fish, 10);
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YELLOW, BLUE], Category::Huts, 10)],
        "{}",
        t.log()
    );
    assert_eq!((t.game.total(YELLOW), t.game.total(BLUE)), (10, 10));
}

/// T20-M1: "Grassland 1: 1 aurochs. Green scores 2 points"
#[test]
fn t20_m1_one_aurochs_scores_2() {
    const GREEN: usize = 0;
    // The start's northern meadow (aurochs) and the southern meadow of 40.
    let mut t = Table::new("2020", 2, &["40"], &[]);
    t.play(GREEN, "40", (0, -1), 0, hunter(1));
    assert!(t.game.is_over());
    let meadow = t.zone_at((0, 0), ZoneKind::Meadow, 0);
    assert_eq!(
        t.game.features().meadow(meadow).animals,
        Herd::new(0, 1, 0, 0)
    );
    assert_eq!(
        t.scores_since(0),
        vec![(vec![GREEN], Category::Meadows, 2)],
        "{}",
        t.log()
    );
}

/// T20-M2: "Grassland 2: 1 deer, 1 mammoth, 1 saber-toothed tiger. Red and Violet each score
/// 3 points for the mammoth. The tiger and deer cancel each other out."
#[test]
fn t20_m2_tied_hunters_score_3_each() {
    const VIOLET: usize = 1;
    // 31 east of the start (tiger) and 35 south of it (mammoth) hold one hunter each in separate
    // meadows; 62 (deer) at (1,1) joins them.
    let mut t = Table::new("2020", 2, &["31", "35", "62"], &[]);
    t.play(RED, "31", (1, 0), 0, hunter(0));
    t.play(VIOLET, "35", (0, 1), 3, hunter(0));
    t.play(RED, "62", (1, 1), 0, NOTHING);
    assert!(t.game.is_over());
    let meadow = t.zone_at((1, 1), ZoneKind::Meadow, 0);
    assert_eq!(
        t.game.features().meadow(meadow).animals,
        Herd::new(1, 0, 1, 1)
    );
    assert_eq!(
        t.scores_since(0),
        vec![(vec![RED, VIOLET], Category::Meadows, 3)],
        "{}",
        t.log()
    );
}

/// T20-M3: "Grassland 3: 1 deer, 2 saber-toothed tigers. Blue does not score points, but does not
/// lose points either."
#[test]
fn t20_m3_more_tigers_than_deer_scores_0() {
    // 31 (tiger) east of the start, 37 (deer) south of it with Blue's hunter, 32 (tiger) joins.
    let mut t = Table::new("2020", 2, &["31", "37", "32"], &[]);
    t.play(YOU, "31", (1, 0), 0, NOTHING);
    t.play(BLUE, "37", (0, 1), 0, hunter(0));
    t.play(YOU, "32", (1, 1), 2, NOTHING);
    assert!(t.game.is_over());
    let info = t
        .game
        .features()
        .meadow(t.zone_at((1, 1), ZoneKind::Meadow, 0));
    assert_eq!(info.animals, Herd::new(1, 0, 0, 2));
    assert_eq!(info.hunters[BLUE], 1);
    for (players, category, points) in t.scores_since(0) {
        assert_eq!(
            (players, category, points),
            (vec![BLUE], Category::Meadows, 0)
        );
    }
    assert_eq!((t.game.total(BLUE), t.game.total(YOU)), (0, 0));
}

/// T20-M4: "Grassland 4: 2 mammoths, 2 aurochs, 2 deer, 1 saber-toothed tiger. Red has the most
/// hunters, and scores 11 points (2 mammoths for 6 points, 2 aurochs for 4 points, and 1 deer for
/// 1 point)."
#[test]
fn t20_m4_majority_scores_11() {
    // Three separate meadows with hunters, joined by 36 at (0,-1):
    //   the start's northern meadow (aurochs), reached through the bank of 24 — Red's hunter;
    //   37 (deer) + 62 (deer) + 61 (mammoth) east of the start — Blue's hunter;
    //   35 (mammoth) + 31 (tiger) north-west — Red's hunter;
    // and 36 brings the second aurochs.
    let mut t = Table::new("2020", 2, &["24", "37", "35", "62", "61", "31", "36"], &[]);
    t.play(RED, "24", (-1, 0), 2, hunter(2));
    t.play(BLUE, "37", (1, 0), 3, hunter(0));
    t.play(RED, "35", (-1, -1), 1, hunter(0));
    t.play(BLUE, "62", (2, 0), 0, NOTHING);
    t.play(RED, "61", (1, -1), 0, NOTHING);
    t.play(BLUE, "31", (-2, -1), 0, NOTHING);
    t.play(RED, "36", (0, -1), 2, NOTHING);
    assert!(t.game.is_over());
    let info = t
        .game
        .features()
        .meadow(t.zone_at((0, -1), ZoneKind::Meadow, 0));
    assert_eq!(info.animals, Herd::new(2, 2, 2, 1));
    assert_eq!((info.hunters[RED], info.hunters[BLUE]), (2, 1));
    assert_eq!(
        t.scores_since(0),
        vec![(vec![RED], Category::Meadows, 11)],
        "{}",
        t.log()
    );
    assert_eq!(t.game.total(BLUE), 0);
}

/// T20-HT: "You place the hunting trap and score. First, cover the tiger and 1 deer. You score
/// 4 points (3 for the mammoth and 1 for the remaining deer). The mammoth on the far right does
/// not score, because it is on a separate grassland." Rule: "Cover all animals scored this way
/// with covering markers. These animals are ignored during final scoring."
#[test]
fn t20_ht_hunting_trap_scores_4_at_once_and_covers_what_it_scored() {
    // Around the trap square (2,1): in the trap's grassland 31 (tiger) at (1,1), 61 (mammoth) at
    // (1,2), 62 (deer) at (2,2) and 37 (deer) at (3,2), with Blue's hunter; in another grassland
    // 35 (mammoth) at (2,0), joined to 30 (deer) at (1,0) with your hunter. You complete the
    // start forest (menhir) with 78 and place the trap 94 in the extra turn; you have no hunter
    // in the trap's grassland. 78 is the last regular tile, so final scoring follows.
    let mut t = Table::new(
        "2020",
        2,
        &["30", "31", "35", "61", "62", "37", "78"],
        &["94"],
    );
    t.play(YOU, "30", (1, 0), 0, hunter(0));
    t.play(BLUE, "31", (1, 1), 0, NOTHING);
    t.play(YOU, "35", (2, 0), 1, NOTHING);
    t.play(BLUE, "61", (1, 2), 0, hunter(0));
    t.play(YOU, "62", (2, 2), 0, NOTHING);
    t.play(BLUE, "37", (3, 2), 0, NOTHING);
    t.play(YOU, "78", (0, 1), 0, NOTHING);
    let mark = t.mark();
    let trap = t.play(YOU, "94", (2, 1), 0, NOTHING);
    // The placer scores at once.
    let scores = t.scores_since(mark);
    assert_eq!(
        scores.first(),
        Some(&(vec![YOU], Category::Specials, 4)),
        "{}",
        t.log()
    );
    let trap_zone = ZoneId {
        placed: trap as u16,
        zone: ZoneRef {
            kind: ZoneKind::Meadow,
            index: 0,
        },
    };
    let trap_meadow = *t.game.features().meadow(trap_zone);
    assert_eq!(trap_meadow.animals, Herd::new(2, 0, 1, 1));
    assert_eq!(
        (trap_meadow.hunters[YOU], trap_meadow.hunters[BLUE]),
        (0, 1)
    );
    // The cover: the tiger, the mammoth and both deer, on the tiles that show them.
    let mut covered: Vec<((i32, i32), Herd)> = t.game.events()[mark..]
        .iter()
        .filter_map(|e| match e {
            Event::Cover { zone, animals } => Some((t.pos(zone.placed), *animals)),
            _ => None,
        })
        .collect();
    covered.sort_by_key(|(p, _)| *p);
    assert_eq!(
        covered,
        vec![
            ((1, 1), Herd::new(0, 0, 0, 1)),
            ((1, 2), Herd::new(0, 0, 1, 0)),
            ((2, 2), Herd::new(1, 0, 0, 0)),
            ((3, 2), Herd::new(1, 0, 0, 0)),
        ],
        "{}",
        t.log()
    );
    // Final scoring: Blue's hunter in the trap's grassland finds nothing left; your hunter's
    // grassland keeps its mammoth (3) and deer (1).
    assert!(t.game.is_over());
    assert_eq!(t.game.score(YOU, Category::Specials), 4);
    assert_eq!(t.game.score(BLUE, Category::Meadows), 0, "{}", t.log());
    assert_eq!(t.game.score(YOU, Category::Meadows), 4, "{}", t.log());
    let other = t
        .game
        .features()
        .meadow(t.zone_at((2, 0), ZoneKind::Meadow, 0));
    assert_eq!(other.animals, Herd::new(1, 0, 1, 0));
    assert_eq!((t.game.total(YOU), t.game.total(BLUE)), (8, 0));
}

/// T20-PT: "You score the grassland with the pit trap. First, the tiger eats the deer, then you
/// score 20 points (12 for the 2 mammoths and 8 for the 2 aurochs). The deer on the right does
/// not score with this grassland, because it is on a separate grassland."
#[test]
fn t20_pt_pit_trap_doubles_the_animals_around_it_for_20() {
    // The pit trap 92 at (1,1), placed in the extra turn earned by closing the start forest with
    // 35 (1,0) and 36 (0,1). Around it, in its grassland: 35 (mammoth), 61 (mammoth) at (2,0),
    // 36 (aurochs), 76 (aurochs) at (0,2), 37 (deer) at (2,1), 65 (tiger) at (1,2). The deer of
    // 34 at (2,2) lies in a separate meadow of that tile. Your hunter stands on 35.
    let mut t = Table::new(
        "2020",
        2,
        &["35", "61", "36", "76", "37", "65", "34"],
        &["92"],
    );
    t.play(YOU, "35", (1, 0), 2, hunter(0));
    t.play(BLUE, "61", (2, 0), 0, NOTHING);
    t.play(YOU, "36", (0, 1), 2, NOTHING);
    t.play(YOU, "92", (1, 1), 1, NOTHING);
    t.play(BLUE, "76", (0, 2), 0, NOTHING);
    t.play(YOU, "37", (2, 1), 3, NOTHING);
    t.play(BLUE, "65", (1, 2), 1, NOTHING);
    let mark = t.mark();
    t.play(YOU, "34", (2, 2), 0, NOTHING);
    assert!(t.game.is_over());
    let grassland = t
        .game
        .features()
        .meadow(t.zone_at((1, 1), ZoneKind::Meadow, 0));
    assert_eq!(grassland.animals, Herd::new(1, 2, 2, 1));
    let apart = t
        .game
        .features()
        .meadow(t.zone_at((2, 2), ZoneKind::Meadow, 2));
    assert_eq!(apart.animals, Herd::new(1, 0, 0, 0));
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![YOU], Category::Meadows, 20)],
        "{}",
        t.log()
    );
    assert_eq!(t.game.total(BLUE), 0);
}

/// T20-LB: "You place the logboat and score 8 points for the 3 lakes in the river system. Then
/// you place a fisher, and score 5 points from the completed river." (figure: "2 lakes!") Rule:
/// "you immediately score 2 points per lake in this tile's river system, including this tile.
/// This tile is not affected by huts present on the river system."
///
/// The printed example does not add up (3 lakes x 2 = 6). Pinned here as 2 points per lake
/// feature, with 4 lakes in the system, one tile (83) showing two lakes: 8 points.
#[test]
fn t20_lb_logboat_scores_8_then_the_river_5_and_the_fisher_returns() {
    // The system: the start lake, both lakes of 83 at (-1,0) and the logboat's lake at (-2,0).
    // 83's lakes are joined round through 16 and 21 and the logboat's own lake. Blue has a hut
    // in the system. 83 and the logboat 93 are menhir tiles, each placed in an extra turn: the
    // start forest (2x2 block) and the forest 75 + 34 + 37 east of it.
    // The logboat closes the river from 83's lake L1 (2 fish) into its own lake (1 fish):
    // 2 tiles + 3 fish = 5, with your fisher on it.
    let mut t = Table::new(
        "2020",
        2,
        &["30", "78", "33", "16", "21", "62", "75", "34", "37"],
        &["83", "93"],
    );
    t.play(YOU, "30", (1, 0), 0, NOTHING);
    t.play(BLUE, "78", (0, 1), 0, NOTHING);
    t.play(YOU, "33", (1, 1), 0, NOTHING);
    t.play(YOU, "83", (-1, 0), 0, NOTHING);
    t.play(BLUE, "16", (-1, -1), 1, hut_on_river(0));
    t.play(YOU, "21", (-2, -1), 0, NOTHING);
    t.play(BLUE, "62", (0, -1), 0, NOTHING);
    t.play(YOU, "75", (2, 0), 0, NOTHING);
    t.play(BLUE, "34", (3, 0), 0, NOTHING);
    let mark = t.mark();
    t.play(YOU, "37", (2, 1), 0, NOTHING);
    assert_eq!(t.bonus_draws_since(mark), vec![YOU], "{}", t.log());
    let mark = t.mark();
    let boat = t.play(YOU, "93", (-2, 0), 0, fisher(1));
    let system = t.game.features().system(
        &t.game.tiles().tiles,
        t.game.board(),
        t.zone_at((-2, 0), ZoneKind::Lake, 0),
    );
    assert_eq!(system.lakes, 4);
    assert_eq!(system.huts[BLUE], 1);
    assert_eq!(
        t.scores_since(mark),
        vec![
            (vec![YOU], Category::Specials, 8),
            (vec![YOU], Category::Rivers, 5),
            // The game ends after this extra turn: Blue's hut scores the system's 6 fish.
            (vec![BLUE], Category::Huts, 6),
        ],
        "{}",
        t.log()
    );
    // The move lays the logboat with the fisher on it; the logboat scores first, then the
    // completed river, then the fisher comes home.
    let order: Vec<&str> = t.game.events()[mark..]
        .iter()
        .filter_map(|e| match e {
            Event::Place {
                piece: Some((Piece::Fisher, _)),
                ..
            } => Some("logboat and fisher"),
            Event::Score(s) if s.category == Category::Specials => Some("logboat scores"),
            Event::Score(s) if s.category == Category::Rivers => Some("river scores"),
            Event::Return { .. } => Some("fisher returns"),
            _ => None,
        })
        .collect();
    assert_eq!(
        &order[..4],
        [
            "logboat and fisher",
            "logboat scores",
            "river scores",
            "fisher returns"
        ]
    );
    let fisher_zone = ZoneId {
        placed: boat as u16,
        zone: ZoneRef {
            kind: ZoneKind::River,
            index: 1,
        },
    };
    assert_eq!(
        t.returns_since(mark)[0],
        (YOU, Piece::Fisher),
        "{}",
        t.log()
    );
    assert!(t.game.events()[mark..].contains(&Event::Return {
        player: YOU,
        piece: Piece::Fisher,
        at: PieceAt::Zone(fisher_zone),
    }));
    assert_eq!(t.game.score(YOU, Category::Specials), 8);
    assert_eq!(t.game.score(YOU, Category::Rivers), 5);
}

/// T20-P1: "You place a tile that continues 2 separate river systems. The left system has one of
/// Blue's huts on it, so you place your hut on the right river system. Blue's fisher does not
/// prevent placing this hut."
#[test]
fn t20_p1_hut_only_on_the_system_without_a_hut() {
    // Blue's hut stands on 15 at (-1,0), in the start's river system; Blue's fisher on the river
    // of 59 at (0,-1), a separate system. Tile 17 at (-1,-1) carries two rivers: river 0 (N+E)
    // continues 59's system, river 1 (S+W) the start's system.
    let mut t = Table::new("2020", 2, &["34", "15", "62", "59", "17"], &[]);
    t.play(YOU, "34", (1, 0), 0, NOTHING);
    t.play(BLUE, "15", (-1, 0), 3, hut_on_river(0));
    t.play(YOU, "62", (2, 0), 0, NOTHING);
    t.play(BLUE, "59", (0, -1), 3, fisher(0));
    t.expect_turn(YOU, "17");
    let legal = t.legal();
    let at = t.mv(-1, -1, 0, NOTHING).at;
    let here: Vec<Option<(Piece, PieceAt)>> = legal
        .iter()
        .filter(|m| m.at == at && m.recall.is_none())
        .map(|m| m.piece)
        .collect();
    let right_hut = t.mv(-1, -1, 0, hut_on_river(0));
    let left_hut = t.mv(-1, -1, 0, hut_on_river(1));
    let right_fisher = t.mv(-1, -1, 0, fisher(0));
    assert!(
        here.contains(&right_hut.piece),
        "hut on the right system: {here:?}"
    );
    assert!(
        !here.contains(&left_hut.piece),
        "hut on the left system: {here:?}"
    );
    assert!(
        !here.contains(&right_fisher.piece),
        "fisher beside Blue's: {here:?}"
    );
    assert!(matches!(t.refuse(left_hut), IllegalMove::Piece(_)));
    assert!(matches!(t.refuse(right_fisher), IllegalMove::Piece(_)));
    t.game.play(right_hut).unwrap();
    assert_eq!(t.game.supply(YOU).1, 2);
    assert_eq!(t.game.pieces().last().unwrap().piece, Piece::Hut);
}

/// T20-P2: "Because the river to the left of the lake is already occupied, Blue places their
/// meeple on the river to the right of the lake." (The 2 rivers are divided by the lake.)
#[test]
fn t20_p2_fisher_only_on_the_river_beyond_the_lake() {
    // Your fisher on the river of 48 at (0,-1), open at both ends. Blue lays 1 at (1,-1): its
    // river 1 (west of the lake) continues yours, its river 0 (east of the lake) is free.
    let mut t = Table::new("2020", 2, &["48", "1", "62"], &[]);
    t.play(YOU, "48", (0, -1), 0, fisher(0));
    t.expect_turn(BLUE, "1");
    let legal = t.legal();
    let right = t.mv(1, -1, 0, fisher(0));
    let left = t.mv(1, -1, 0, fisher(1));
    assert!(legal.contains(&right), "fisher right of the lake");
    assert!(!legal.contains(&left), "fisher left of the lake");
    assert!(matches!(t.refuse(left), IllegalMove::Piece(_)));
    t.game.play(right).unwrap();
    assert_eq!(t.game.pieces().len(), 2);
}

// ---------------------------------------------------------------------------------------------
// §4d: difference tests between the editions (2002 and 2014 on the classic tiles, 2020 on the
// menhir tiles; regular tile n has the same shape in both sets)
// ---------------------------------------------------------------------------------------------

/// D-F1: 2002 "2 points for each forest segment"; 2014 "2 points for each forest tile"; 2020
/// "2 points for each tile comprising the completed forest". A forest of 4 tiles and 5 segments
/// scores 10 / 8 / 8.
#[test]
fn d_f1_forest_of_4_tiles_and_5_segments() {
    // The start forest closed by 30, 78 and 67 at (1,1), whose two separate forests (north and
    // west) both join it.
    for (variant, points) in [("2002", 10), ("2014", 8), ("2020", 8)] {
        let mut t = Table::new(variant, 2, &["30", "78", "67"], &[]);
        t.play(RED, "30", (1, 0), 0, gatherer(0));
        t.play(BLUE, "78", (0, 1), 0, NOTHING);
        let mark = t.mark();
        t.play(RED, "67", (1, 1), 3, NOTHING);
        let f = t
            .game
            .features()
            .forest(t.zone_at((0, 0), ZoneKind::Forest, 0));
        assert_eq!((f.tiles, f.segments, f.open), (4, 5, 0), "{variant}");
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Forests, points)],
            "{variant}\n{}",
            t.log()
        );
    }
}

/// D-F2: mushrooms — 2002 "Each card with mushrooms adds 2 points", 2014 "Each patch of
/// mushrooms is worth an additional 2 points", 2020 "Each group of mushrooms is worth 3 points".
/// A 3-tile forest with one mushroom patch scores 8 / 8 / 9.
#[test]
fn d_f2_forest_with_mushrooms() {
    // Red's gatherer on 35 at (0,-1); 67 at (1,0) closes the start forest on its west and opens a
    // second forest to the north. 37 closes the start forest (nugget / menhir): the bonus tile
    // with mushrooms (B02 / 87) then closes 35 + 67 + itself.
    for (variant, mushroom_tile, points) in
        [("2002", "B02", 8), ("2014", "B02", 8), ("2020", "87", 9)]
    {
        let mut t = Table::new(variant, 2, &["35", "67", "37"], &[mushroom_tile]);
        t.play(RED, "35", (0, -1), 0, gatherer(0));
        t.play(BLUE, "67", (1, 0), 3, NOTHING);
        t.play(RED, "37", (0, 1), 0, NOTHING);
        let mark = t.mark();
        t.play(RED, mushroom_tile, (1, -1), 1, NOTHING);
        let f = t
            .game
            .features()
            .forest(t.zone_at((0, -1), ZoneKind::Forest, 0));
        assert_eq!((f.tiles, f.segments, f.mushrooms), (3, 3, 1), "{variant}");
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Forests, points)],
            "{variant}\n{}",
            t.log()
        );
    }
}

/// D-R1: 2002 "1 point for each river segment"; 2014 "1 point for each river tile"; 2020 "1 point
/// for each tile comprising the completed river". A river loop through both river segments of
/// one tile scores one point more in 2002.
///
/// The only tile with two through-running river segments is 17 (N+E and S+W). A loop that uses
/// both leaves by one segment and comes back through the other, on each side of the tile, so it
/// needs more than the 4 tiles / 5 segments of the matrix: the loop here has 7 tiles and 8
/// segments, and scores 8 / 7 / 7.
#[test]
fn d_r1_river_loop_through_two_segments_of_one_tile() {
    // 17 at (0,-2); corners round its east side (15, 16, 18) and round its west side (21, 25,
    // 26). No lakes and no fish.
    for (variant, points) in [("2002", 8), ("2014", 7), ("2020", 7)] {
        let mut t = Table::new(variant, 2, &["15", "16", "18", "17", "21", "25", "26"], &[]);
        t.play(RED, "15", (0, -1), 3, fisher(0));
        t.play(BLUE, "16", (1, -1), 2, NOTHING);
        t.play(RED, "18", (1, -2), 1, NOTHING);
        t.play(BLUE, "17", (0, -2), 0, NOTHING);
        t.play(RED, "21", (-1, -2), 3, NOTHING);
        t.play(BLUE, "25", (-1, -3), 1, NOTHING);
        let mark = t.mark();
        t.play(RED, "26", (0, -3), 2, NOTHING);
        let r = t
            .game
            .features()
            .river(t.zone_at((0, -2), ZoneKind::River, 1));
        assert_eq!((r.tiles, r.segments, r.open), (7, 8, 0), "{variant}");
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Rivers, points)],
            "{variant}\n{}",
            t.log()
        );
        assert_eq!(t.returns_since(mark), vec![(RED, Piece::Fisher)]);
    }
}

/// D-R2: 2020 "1 additional point for each fish present in the river and any lakes that close
/// it". A 3-tile river between lakes of 1 and 1 fish, with 1 fish on its middle segment, scores
/// 6 (3 + 3). First-edition tiles show no fish on rivers, so the case does not arise there.
#[test]
fn d_r2_fish_on_the_river_count_in_2020() {
    // Start lake (1) - 47 (1 river fish) - 2's lake (1).
    let mut t = Table::new("2020", 2, &["47", "2"], &[]);
    t.play(RED, "47", (-1, 0), 0, fisher(0));
    let mark = t.mark();
    t.play(BLUE, "2", (-2, 0), 0, NOTHING);
    let r = t
        .game
        .features()
        .river(t.zone_at((-1, 0), ZoneKind::River, 0));
    assert_eq!((r.tiles, r.end_lake_fish, r.fish), (3, 2, 1));
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![RED], Category::Rivers, 6)],
        "{}",
        t.log()
    );
}

/// D-M1: 2002/2014 "2 points for each deer, each mammoth, and each aurochs"; 2020 "A mammoth is
/// worth 3 points, an aurochs 2 points, and a deer 1 point." A meadow with 2 deer, 2 mammoths,
/// 1 aurochs and 1 tiger scores 8 / 8 / 9.
#[test]
fn d_m1_animal_values() {
    // Red's hunter on 35 (mammoth) at (1,0); 31 (tiger) at (2,0); 37 (deer) at (0,1) closes the
    // start forest and earns the bonus tile B09 / 90 (aurochs and mammoth), which joins 35's and
    // 37's meadows at (1,1); 62 (deer) at (0,2).
    for (variant, bonus, points) in [("2002", "B09", 8), ("2014", "B09", 8), ("2020", "90", 9)] {
        let mut t = Table::new(variant, 2, &["35", "31", "37", "62"], &[bonus]);
        t.play(RED, "35", (1, 0), 2, hunter(0));
        t.play(BLUE, "31", (2, 0), 1, NOTHING);
        t.play(RED, "37", (0, 1), 0, NOTHING);
        t.play(RED, bonus, (1, 1), 0, NOTHING);
        let mark = t.mark();
        t.play(BLUE, "62", (0, 2), 0, NOTHING);
        assert!(t.game.is_over());
        let m = t
            .game
            .features()
            .meadow(t.zone_at((1, 0), ZoneKind::Meadow, 0));
        assert_eq!(m.animals, Herd::new(2, 1, 2, 1), "{variant}");
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Meadows, points)],
            "{variant}\n{}",
            t.log()
        );
    }
}

/// D-M2: fire — 2002 "The fire chases all tigers from the meadow. Thus, all deer in this meadow
/// are scored."; 2014 "The fire scares away all tigers in the entire meadow"; 2020 "The wildfire
/// chases away all tigers on the connected grassland". A meadow with 3 deer, 2 tigers and a fire
/// scores 6 / 6 / 3.
#[test]
fn d_m2_fire_chases_the_tigers() {
    // Red's hunter on 30 (deer) at (1,0). 31 (tiger) at (1,1) and 32 (tiger) at (2,1); 78 closes
    // the start forest and Blue places the fire tile (B03 / 85) at (2,0), joining them; then 62
    // (deer) at (3,0) and 37 (deer) at (2,-1).
    for (variant, fire, points) in [("2002", "B03", 6), ("2014", "B03", 6), ("2020", "85", 3)] {
        let mut t = Table::new(variant, 2, &["30", "31", "32", "78", "62", "37"], &[fire]);
        t.play(RED, "30", (1, 0), 0, hunter(0));
        t.play(BLUE, "31", (1, 1), 0, NOTHING);
        t.play(RED, "32", (2, 1), 2, NOTHING);
        t.play(BLUE, "78", (0, 1), 0, NOTHING);
        t.play(BLUE, fire, (2, 0), 0, NOTHING);
        t.play(RED, "62", (3, 0), 0, NOTHING);
        let mark = t.mark();
        t.play(BLUE, "37", (2, -1), 0, NOTHING);
        assert!(t.game.is_over());
        let m = t
            .game
            .features()
            .meadow(t.zone_at((2, 0), ZoneKind::Meadow, 0));
        assert_eq!(m.animals, Herd::new(3, 0, 0, 2), "{variant}");
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Meadows, points)],
            "{variant}\n{}",
            t.log()
        );
    }
}

/// D-M3: the shrine — 2002 "When a player places a hunter on the sacred shrine, only he scores
/// points for the animals in this meadow. Other players do not score … even if they have more
/// hunters."; 2014 "that player alone scores points for that meadow". A meadow with 1 mammoth
/// and 1 deer, Red's hunter on the shrine and 2 of Blue's: Red 4, Blue 0. (2020 has no shrine.)
#[test]
fn d_m3_hunter_on_the_shrine_scores_alone() {
    // Blue's hunters: on the bank of 24 at (-1,0) (the start's northern meadow) and on 33 at
    // (1,-1) (joined to 37, deer, at (1,0)). Red closes the start forest with 37 and places the
    // shrine B05 at (-1,-1) with a hunter in the bonus turn; 61 (mammoth) at (0,-1) joins all.
    for variant in ["2002", "2014"] {
        let mut t = Table::new(variant, 2, &["36", "24", "37", "33", "61"], &["B05"]);
        t.play(RED, "36", (0, 1), 2, NOTHING);
        t.play(BLUE, "24", (-1, 0), 2, hunter(2));
        t.play(RED, "37", (1, 0), 3, NOTHING);
        t.play(RED, "B05", (-1, -1), 2, hunter(0));
        t.play(BLUE, "33", (1, -1), 1, hunter(0));
        let mark = t.mark();
        t.play(RED, "61", (0, -1), 0, NOTHING);
        assert!(t.game.is_over());
        let m = t
            .game
            .features()
            .meadow(t.zone_at((0, -1), ZoneKind::Meadow, 0));
        assert_eq!(m.animals, Herd::new(1, 0, 1, 0), "{variant}");
        assert_eq!((m.hunters[RED], m.hunters[BLUE]), (1, 2), "{variant}");
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Meadows, 4)],
            "{variant}\n{}",
            t.log()
        );
        assert_eq!(t.game.total(BLUE), 0, "{variant}");
    }
}

/// D-H1: river systems for huts — 2002 "A river system is all connected lakes and river
/// segments, and is not broken by lakes with fish. A river system is only bounded by a spring";
/// 2014 "River systems terminate only at river mouths"; 2020 "River systems end only at
/// unconnected tile edges and forests." (a) Two rivers meeting at a lake are one system: Blue
/// may not add a hut. (b) Two rivers touching only where each rises (spring / forest) are two
/// systems: Blue may.
#[test]
fn d_h1_lakes_join_river_systems_springs_and_forests_do_not() {
    for variant in ["2002", "2014", "2020"] {
        // (a) Red's hut on the western river of 1 at (0,-1); Blue continues its eastern river
        // with 48 at (1,-1).
        let mut t = Table::new(variant, 2, &["1", "48"], &[]);
        t.play(RED, "1", (0, -1), 2, hut_on_river(0));
        t.expect_turn(BLUE, "48");
        let hut = t.mv(1, -1, 0, hut_on_river(0));
        assert!(!t.legal().contains(&hut), "{variant} (a): hut legal");
        assert!(
            t.legal().contains(&t.mv(1, -1, 0, NOTHING)),
            "{variant} (a)"
        );
        assert!(
            matches!(t.refuse(hut), IllegalMove::Piece(_)),
            "{variant} (a)"
        );

        // (b) 70 at (-1,0): its eastern river joins the start's and rises at a spring / in the
        // forest; its northern river rises there too. Red's hut on the eastern one; Blue
        // continues the northern one with 50 at (-1,-1).
        let mut t = Table::new(variant, 2, &["70", "50"], &[]);
        t.play(RED, "70", (-1, 0), 0, hut_on_river(1));
        t.expect_turn(BLUE, "50");
        let hut = t.mv(-1, -1, 0, hut_on_river(0));
        assert!(t.legal().contains(&hut), "{variant} (b): hut illegal");
        t.game.play(hut).unwrap();
        let tiles = &t.game.tiles().tiles;
        let f = t.game.features();
        let a = f.key(
            tiles,
            t.game.board(),
            t.zone_at((-1, 0), ZoneKind::River, 1),
            true,
        );
        let b = f.key(
            tiles,
            t.game.board(),
            t.zone_at((-1, -1), ZoneKind::River, 0),
            true,
        );
        assert_ne!(a, b, "{variant} (b): one system");
    }
}

/// D-H2: the raft (2020) — "In addition to scoring 1 point for each fish in this river system,
/// the scoring player also scores 1 point for each lake in the system." A system with 6 fish,
/// 3 lakes and a raft gives Red's hut 9.
#[test]
fn d_h2_raft_adds_a_point_per_lake() {
    // Red closes the start forest (2x2 block) and lays the raft 91 at (-1,0) with a hut on its
    // lake; 1 (3 fish) and 47 (1 river fish) follow west. Lakes: start (1), raft (1), 1 (3).
    let mut t = Table::new("2020", 2, &["30", "78", "33", "1", "47"], &["91"]);
    t.play(RED, "30", (1, 0), 0, NOTHING);
    t.play(BLUE, "78", (0, 1), 0, NOTHING);
    t.play(RED, "33", (1, 1), 0, NOTHING);
    t.play(RED, "91", (-1, 0), 0, hut_on_lake(0));
    t.play(BLUE, "1", (-2, 0), 0, NOTHING);
    let mark = t.mark();
    t.play(RED, "47", (-3, 0), 0, NOTHING);
    assert!(t.game.is_over());
    let s = t.game.features().system(
        &t.game.tiles().tiles,
        t.game.board(),
        t.zone_at((-1, 0), ZoneKind::Lake, 0),
    );
    assert_eq!((s.fish, s.lakes, s.rafts), (6, 3, 1));
    assert_eq!(
        t.scores_since(mark),
        vec![(vec![RED], Category::Huts, 9)],
        "{}",
        t.log()
    );
}

/// D-B1: one bonus per turn — 2002 "Regardless of how many gold nuggets … only draws and places
/// 1 bonus card"; 2014 "Regardless of how many nuggets … or of how many forests were completed,
/// only one Bonus tile may be awarded per turn"; 2020 "You cannot take multiple extra turns in a
/// row." One tile completing two nugget / menhir forests earns one bonus turn.
#[test]
fn d_b1_two_forests_at_once_earn_one_bonus_turn() {
    // Forest A: the start forest closed on the south by 37. Forest B: 35 at (0,-1) and 30 at
    // (1,-1) (nugget / menhir), open to the south. 67 at (1,0) shows two separate forests, west
    // and north, and closes both.
    for (variant, bonus) in [
        ("2002", ["B01", "B03"]),
        ("2014", ["B01", "B03"]),
        ("2020", ["79", "85"]),
    ] {
        let mut t = Table::new(variant, 2, &["35", "30", "37", "67", "62"], &bonus);
        t.play(RED, "35", (0, -1), 0, NOTHING);
        t.play(BLUE, "30", (1, -1), 0, NOTHING);
        t.play(RED, "37", (0, 1), 0, NOTHING);
        let mark = t.mark();
        t.play(BLUE, "67", (1, 0), 3, NOTHING);
        let f = t.game.features();
        let a = t.zone_at((0, 0), ZoneKind::Forest, 0);
        let b = t.zone_at((1, -1), ZoneKind::Forest, 0);
        assert_eq!((f.forest(a).open, f.forest(b).open), (0, 0), "{variant}");
        assert_ne!(
            f.key(&t.game.tiles().tiles, t.game.board(), a, false),
            f.key(&t.game.tiles().tiles, t.game.board(), b, false),
            "{variant}: two forests"
        );
        assert_eq!(
            t.bonus_draws_since(mark),
            vec![BLUE],
            "{variant}\n{}",
            t.log()
        );
        // Blue plays the one bonus tile; then it is Red's regular turn.
        let turn = t.game.turn().unwrap();
        assert_eq!(
            turn,
            Turn {
                player: BLUE,
                tile: turn.tile,
                bonus: true
            }
        );
        let mv = *t
            .legal()
            .iter()
            .find(|m| m.piece.is_none())
            .expect("the bonus tile fits");
        t.game.play(mv).unwrap();
        assert_eq!(
            t.bonus_draws_since(mark),
            vec![BLUE],
            "{variant}\n{}",
            t.log()
        );
        t.expect_turn(RED, "62");
    }
}

/// D-B2: re-using a returned meeple on the bonus tile — 2002 "use them in any role they choose on
/// their next turn" (not on this turn's bonus card); 2014 "that same tribe member can even be
/// placed on the Bonus tile"; 2020 "As during a normal turn, you can place a meeple or a hut on
/// the tile you just placed". Illegal / legal / legal.
#[test]
fn d_b2_returned_meeple_on_the_bonus_tile() {
    // Red puts four meeples out (hunters on 48 and 51, a fisher on 49, a gatherer on 46, all in
    // the row y=-1), then closes the start forest with 37 and a gatherer on it: it scores and
    // the gatherer comes back, Red's only meeple. The bonus tile (B03 / 85, all meadow) fits at
    // (1,1), where its meadow joins the free meadows of 34 and 37.
    for (variant, bonus, legal) in [
        ("2002", "B03", false),
        ("2014", "B03", true),
        ("2020", "85", true),
    ] {
        let mut t = Table::new(
            variant,
            2,
            &["48", "34", "49", "50", "51", "53", "46", "52", "37", "62"],
            &[bonus],
        );
        t.play(RED, "48", (0, -1), 0, hunter(1));
        t.play(BLUE, "34", (1, 0), 0, NOTHING);
        t.play(RED, "49", (1, -1), 0, fisher(0));
        t.play(BLUE, "50", (-1, 0), 1, NOTHING);
        t.play(RED, "51", (-1, -1), 0, hunter(0));
        t.play(BLUE, "53", (-2, 0), 0, NOTHING);
        t.play(RED, "46", (2, -1), 0, gatherer(0));
        t.play(BLUE, "52", (3, -1), 0, NOTHING);
        assert_eq!(t.game.supply(RED).0, 1, "{variant}");
        let mark = t.mark();
        t.play(RED, "37", (0, 1), 0, gatherer(0));
        assert_eq!(
            t.scores_since(mark),
            vec![(vec![RED], Category::Forests, 6)],
            "{variant}\n{}",
            t.log()
        );
        assert_eq!(t.returns_since(mark), vec![(RED, Piece::Gatherer)]);
        assert_eq!(t.game.supply(RED).0, 1, "{variant}");
        t.expect_turn(RED, bonus);
        let meeple_moves = t
            .legal()
            .iter()
            .filter(|m| matches!(m.piece, Some((p, _)) if p != Piece::Hut))
            .count();
        let mv = t.mv(1, 1, 0, hunter(0));
        if legal {
            assert!(meeple_moves > 0, "{variant}");
            assert!(t.legal().contains(&mv), "{variant}");
            t.game.play(mv).unwrap();
            assert_eq!(t.game.supply(RED).0, 0, "{variant}");
        } else {
            assert_eq!(meeple_moves, 0, "{variant}");
            assert!(matches!(t.refuse(mv), IllegalMove::Piece(_)), "{variant}");
            t.game.play(t.mv(1, 1, 0, NOTHING)).unwrap();
            assert_eq!(t.game.supply(RED).0, 1, "{variant}");
        }
    }
}
