//! The game: turns, moves, scoring and the end of the game, for any ruleset.
//!
//! A turn is: draw a tile (unplaceable ones are discarded), place it, resolve its immediate
//! action (2020), optionally put one piece on it, score every forest and river it completed,
//! then take at most one bonus turn (a bonus tile in the first edition, an extra turn with a
//! menhir tile in 2020) if a completed forest holds a gold nugget or a menhir. The game ends
//! after the turn in which the last regular tile was placed; then huts and hunters score.
//!
//! The loop asks the [`Ruleset`] for every value and never asks which edition it plays.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::board::{Board, Placement, Pos};
use crate::feature::{FeatureKey, Features, Herd, MAX_PLAYERS, PieceAt, ZoneId};
pub use crate::illegal::{IllegalMove, IllegalPiece, IllegalRecall, IllegalScout};

mod free;
mod trial;
use crate::options::{CountUnit, ScoutOptions};
use crate::rng::{shuffle, stream};
use crate::ruleset::{Breakdown, Ruleset};
use crate::scout::{LakeScope, Refusal, Special, deal};
use crate::tile::{Deck, LakeSpecial, MeadowSpecial, Piece, RiverEnd, Rotation, ZoneKind, ZoneRef};
use crate::tileset::TileSet;
use crate::variant::Variant;

/// What a score event is for; the columns of the score table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Rivers,
    Forests,
    Huts,
    Meadows,
    /// Points of special tiles: the 2020 hunting trap and logboat when placed, the Scout
    /// Dug-out's lake bonus and the Agriculture hut.
    Specials,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Rivers,
        Category::Forests,
        Category::Huts,
        Category::Meadows,
        Category::Specials,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category::Rivers => "rivers",
            Category::Forests => "forests",
            Category::Huts => "huts",
            Category::Meadows => "meadows",
            Category::Specials => "specials",
        }
    }
}

/// Points for one or more players (all get the full points), with what they are for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreEvent {
    pub players: Vec<usize>,
    pub category: Category,
    /// A zone of the feature scored (or of the special tile).
    pub zone: ZoneId,
    pub breakdown: Breakdown,
}

impl ScoreEvent {
    pub fn points(&self) -> u32 {
        self.breakdown.points()
    }
}

/// Something that happened, in order; a game log is written from these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A tile was drawn for `player` (from the bonus deck when `bonus`).
    Draw {
        player: usize,
        tile: usize,
        bonus: bool,
        /// A tile the Scout refused earlier, coming back from the bottom of its stack.
        again: bool,
    },
    /// Scout: a special piece dealt to a player before the first turn.
    Deal {
        player: usize,
        special: Special,
    },
    /// Scout: the drawn tile is refused and goes to the bottom of its stack.
    Refuse {
        player: usize,
        tile: usize,
        bonus: bool,
    },
    /// The drawn tile fits nowhere and leaves the game.
    Discard {
        tile: usize,
    },
    /// The move of a turn: the tile laid, the meeple the 2020 shaman took back (if any) and
    /// the piece put on the tile (if any). The consequences follow as separate events.
    Place {
        player: usize,
        tile: usize,
        at: Placement,
        recall: Option<OnBoard>,
        piece: Option<(Piece, PieceAt)>,
    },
    /// A meeple went back to its owner's supply (after scoring or at the end).
    Return {
        player: usize,
        piece: Piece,
        at: PieceAt,
    },
    /// The hunting trap covered these animals of a meadow zone.
    Cover {
        zone: ZoneId,
        animals: Herd,
    },
    Score(ScoreEvent),
    /// The game ended; final scoring follows.
    End,
}

/// One player's move: where the tile goes, which meeple the shaman takes back (an index into
/// [`Game::pieces`]; the 2020 shaman tile or the Scout Shaman card), and the piece put on the
/// tile. `play` says which tile: the drawn one, or (Scout) the player's special tile instead
/// of drawing; or no tile, when a Scout player chooses to draw or refuses the drawn tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    pub at: Placement,
    pub recall: Option<usize>,
    pub piece: Option<(Piece, PieceAt)>,
    pub play: Play,
}

/// Which tile a move lays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// The tile drawn this turn.
    #[default]
    Drawn,
    /// Scout: the player's special land tile (an index into the tile set), laid instead of
    /// drawing; its piece goes on its spot and stays until the game ends.
    Special(usize),
    /// Scout: the player who could lay a special tile draws a land tile instead (the other
    /// fields are unused); the turn goes on with the drawn tile.
    Draw,
    /// Scout: the owner of the laid Scout tile refuses the drawn tile (the other fields are
    /// unused); it goes under its stack and the next one is drawn.
    Refuse,
}

impl Move {
    /// The Scout's refusal of the drawn tile.
    pub fn refuse() -> Move {
        Move {
            play: Play::Refuse,
            ..Move::default()
        }
    }

    /// Scout: draw a land tile rather than lay the special tile.
    pub fn draw() -> Move {
        Move {
            play: Play::Draw,
            ..Move::default()
        }
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnBoard {
    pub player: usize,
    pub piece: Piece,
    pub at: PieceAt,
}

/// Whose turn it is and the tile they must place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub player: usize,
    /// The tile drawn; `None` while a Scout player decides, before drawing, whether to lay a
    /// special tile instead ([`Play::Special`] or [`Play::Draw`]).
    pub tile: Option<usize>,
    pub bonus: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct Supply {
    meeples: u8,
    huts: u8,
}

/// A game in progress.
pub struct Game {
    set: Arc<TileSet>,
    rules: Arc<dyn Ruleset>,
    players: usize,
    board: Board,
    features: Features,
    regular: Vec<usize>,
    bonus: Vec<usize>,
    next_regular: usize,
    next_bonus: usize,
    supply: [Supply; MAX_PLAYERS],
    /// The mover's meeples that scoring sent home during this turn. The 2002 text lets
    /// returned members be used "on their next turn", so these may not go on the bonus tile
    /// (`reuse-returned-on-bonus = false`); a meeple an opponent's move sent home, or the
    /// shaman took back, is not one of them.
    returned_this_turn: u8,
    scores: [[u32; 5]; MAX_PLAYERS],
    pieces: Vec<OnBoard>,
    covered: Vec<(ZoneId, Herd)>,
    turn: Option<Turn>,
    events: Vec<Event>,
    /// Bonus tiles (first edition) or menhir extra turns (2020) played so far.
    bonus_turns: u32,
    /// Deck lengths before any refused tile went under them (later draws are "again").
    regular_dealt: usize,
    bonus_dealt: usize,
    scout: ScoutState,
    /// Whether events are kept; a bot's trial copy keeps none.
    record: bool,
    /// The state a running trial goes back to.
    mark: trial::Mark,
}

// Written out so that `clone_from` reuses every buffer.
impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            set: Arc::clone(&self.set),
            rules: Arc::clone(&self.rules),
            players: self.players,
            board: self.board.clone(),
            features: self.features.clone(),
            regular: self.regular.clone(),
            bonus: self.bonus.clone(),
            next_regular: self.next_regular,
            next_bonus: self.next_bonus,
            supply: self.supply,
            returned_this_turn: self.returned_this_turn,
            scores: self.scores,
            pieces: self.pieces.clone(),
            covered: self.covered.clone(),
            turn: self.turn,
            events: self.events.clone(),
            bonus_turns: self.bonus_turns,
            regular_dealt: self.regular_dealt,
            bonus_dealt: self.bonus_dealt,
            scout: self.scout.clone(),
            record: self.record,
            mark: trial::Mark::default(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.copy_state(o);
        self.events.clone_from(&o.events);
        self.record = o.record;
    }
}

/// What the Scout expansion adds to a game; empty without it.
#[derive(Debug, Default)]
struct ScoutState {
    /// Special pieces each player holds (unlaid special tiles, the Shaman card).
    hands: [Vec<Special>; MAX_PLAYERS],
    /// The owner of the laid Scout tile, who may refuse drawn tiles.
    scout_owner: Option<usize>,
    /// The owner of the laid Dug-out and its lake.
    dugout: Option<(usize, ZoneId)>,
    /// This turn so far: refusals of a land / bonus tile, the Shaman card used.
    refused_land: bool,
    refused_bonus: bool,
    shaman_used: bool,
}

// Written out so that `clone_from` reuses the hands' buffers.
impl Clone for ScoutState {
    fn clone(&self) -> Self {
        ScoutState {
            hands: self.hands.clone(),
            ..*self
        }
    }

    fn clone_from(&mut self, o: &Self) {
        for (a, b) in self.hands.iter_mut().zip(&o.hands) {
            a.clone_from(b);
        }
        self.scout_owner = o.scout_owner;
        self.dugout = o.dugout;
        self.refused_land = o.refused_land;
        self.refused_bonus = o.refused_bonus;
        self.shaman_used = o.shaman_used;
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("edition", &self.rules.edition())
            .field("players", &self.players)
            .field("placed", &self.board.len())
            .field("turn", &self.turn)
            .finish()
    }
}

impl Game {
    /// A new game: the start tile laid, the regular and bonus decks in the order given (as
    /// indexes into the tile set), and the first tile drawn for player 0.
    pub fn new(
        set: Arc<TileSet>,
        rules: Arc<dyn Ruleset>,
        players: usize,
        regular: Vec<usize>,
        bonus: Vec<usize>,
    ) -> Game {
        Game::with_hands(set, rules, players, regular, bonus, Vec::new())
    }

    /// A new game in which the players hold these Scout special pieces (`hands[p]` for player
    /// `p`; empty without the expansion).
    pub fn with_hands(
        set: Arc<TileSet>,
        rules: Arc<dyn Ruleset>,
        players: usize,
        regular: Vec<usize>,
        bonus: Vec<usize>,
        hands: Vec<Vec<Special>>,
    ) -> Game {
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 5 players");
        let start = set.deck(Deck::Start)[0];
        // Room for every tile that can be laid: the start tile, every copy in both decks and
        // the special tiles in the players' hands.
        let specials = hands
            .iter()
            .flatten()
            .filter(|s| matches!(s, Special::Tile(_)))
            .count();
        let mut board = Board::new(1 + regular.len() + bonus.len() + specials);
        let mut features = Features::new();
        board.place_start(&set.tiles[start], start, Rotation(0));
        features.add_tile(&set.tiles, &board);
        let supply = Supply {
            meeples: rules.meeples(),
            huts: rules.huts(),
        };
        let mut scout = ScoutState::default();
        let mut events = Vec::new();
        for (p, hand) in hands.into_iter().enumerate().take(players) {
            for &special in &hand {
                events.push(Event::Deal { player: p, special });
            }
            scout.hands[p] = hand;
        }
        let mut game = Game {
            set,
            rules,
            players,
            board,
            features,
            bonus_turns: 0,
            regular_dealt: regular.len(),
            bonus_dealt: bonus.len(),
            regular,
            bonus,
            next_regular: 0,
            next_bonus: 0,
            supply: [supply; MAX_PLAYERS],
            returned_this_turn: 0,
            scores: [[0; 5]; MAX_PLAYERS],
            pieces: Vec::new(),
            covered: Vec::new(),
            turn: None,
            events,
            scout,
            record: true,
            mark: trial::Mark::default(),
        };
        game.draw_regular(0);
        game
    }

    /// A new game of `variant` for `players` seats, its decks shuffled from the master seed:
    /// the regular deck from stream `"regular"`, the bonus (menhir) deck from `"bonus"`. Both
    /// streams depend on the seed alone, so editions that share tile shapes deal the same
    /// landscape order.
    ///
    /// With the Scout expansion the special land tiles and the Shaman card are shuffled with
    /// stream `"scout"` and dealt in seat order; the pieces left over leave the game.
    pub fn seeded(variant: &Variant, players: usize, seed: u64) -> Game {
        let set = variant.playing_set();
        let rules: Arc<dyn Ruleset> = Arc::from(variant.ruleset());
        let mut regular = set.deck(Deck::Regular);
        shuffle(&mut regular, &mut stream(seed, "regular"));
        let mut bonus = set.deck(Deck::Bonus);
        shuffle(&mut bonus, &mut stream(seed, "bonus"));
        let hands = match rules.scout() {
            Some(options) => deal(&set, players, seed, options),
            None => Vec::new(),
        };
        Game::with_hands(set, rules, players, regular, bonus, hands)
    }

    /// The Scout special pieces `player` still holds (special tiles not laid, the Shaman card).
    pub fn hand(&self, player: usize) -> &[Special] {
        &self.scout.hands[player]
    }

    /// Makes this game a copy of `source` that records no events, reusing this game's
    /// buffers: a cheap trial board for a bot weighing its moves.
    pub fn copy_for_trial(&mut self, source: &Game) {
        self.copy_state(source);
        self.events.clear();
        self.record = false;
    }

    fn copy_state(&mut self, o: &Game) {
        self.set = Arc::clone(&o.set);
        self.rules = Arc::clone(&o.rules);
        self.players = o.players;
        self.board.clone_from(&o.board);
        self.features.clone_from(&o.features);
        self.regular.clone_from(&o.regular);
        self.bonus.clone_from(&o.bonus);
        self.next_regular = o.next_regular;
        self.next_bonus = o.next_bonus;
        self.supply = o.supply;
        self.returned_this_turn = o.returned_this_turn;
        self.scores = o.scores;
        self.pieces.clone_from(&o.pieces);
        self.covered.clone_from(&o.covered);
        self.turn = o.turn;
        self.bonus_turns = o.bonus_turns;
        self.regular_dealt = o.regular_dealt;
        self.bonus_dealt = o.bonus_dealt;
        self.scout.clone_from(&o.scout);
        self.mark.forget();
    }

    fn emit(&mut self, e: Event) {
        if self.record {
            self.events.push(e);
        }
    }

    pub fn tiles(&self) -> &TileSet {
        &self.set
    }

    pub fn rules(&self) -> &dyn Ruleset {
        &*self.rules
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn features(&self) -> &Features {
        &self.features
    }

    /// The tile to place and who places it; `None` once the game is over.
    pub fn turn(&self) -> Option<Turn> {
        self.turn
    }

    pub fn is_over(&self) -> bool {
        self.turn.is_none()
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn pieces(&self) -> &[OnBoard] {
        &self.pieces
    }

    /// Points of a player by category.
    pub fn score(&self, player: usize, category: Category) -> u32 {
        self.scores[player][category as usize]
    }

    pub fn total(&self, player: usize) -> u32 {
        self.scores[player].iter().sum()
    }

    /// Meeples and huts a player has in supply.
    pub fn supply(&self, player: usize) -> (u8, u8) {
        (self.supply[player].meeples, self.supply[player].huts)
    }

    /// The players with the most points once the game is over (all of them on a shared win;
    /// none on a tie when victory is not shared).
    pub fn winners(&self) -> Vec<usize> {
        let best = (0..self.players).map(|p| self.total(p)).max().unwrap_or(0);
        let top: Vec<usize> = (0..self.players)
            .filter(|&p| self.total(p) == best)
            .collect();
        if top.len() > 1 && !self.rules.options().shared_victory {
            return Vec::new();
        }
        top
    }

    /// Bonus tiles (first edition) or menhir extra turns (2020) played so far.
    pub fn bonus_turns(&self) -> u32 {
        self.bonus_turns
    }

    /// Stops keeping events from now on (the scores, the board and everything else go on as
    /// before): for games nobody will write a log or a table of events for, such as the many
    /// games of a simulation.
    pub fn keep_no_events(&mut self) {
        self.record = false;
        self.events = Vec::new();
    }

    /// Regular tiles not yet drawn.
    pub fn regular_left(&self) -> usize {
        self.regular.len() - self.next_regular
    }

    /// Starts `player`'s turn: a player who could lay a Scout special tile first chooses
    /// between it and drawing (the 2007 text: "en lugar de robar"), so nobody sees a tile they
    /// did not draw; everyone else draws.
    fn draw_regular(&mut self, player: usize) {
        let choosing = Turn {
            player,
            tile: None,
            bonus: false,
        };
        if self.next_regular < self.regular.len() && self.any_special_move(choosing) {
            self.turn = Some(choosing);
            return;
        }
        if !self.draw(player, false) {
            self.finish();
        }
    }

    /// Draws for `player` from the regular or the bonus deck until a tile fits, discarding
    /// those that fit nowhere; false if the deck runs out first. An unplaceable bonus tile ends
    /// the bonus turn unless the options say to draw the next one.
    fn draw(&mut self, player: usize, bonus: bool) -> bool {
        loop {
            let (deck, next) = if bonus {
                (&self.bonus, &mut self.next_bonus)
            } else {
                (&self.regular, &mut self.next_regular)
            };
            let Some(&tile) = deck.get(*next) else {
                return false;
            };
            let again = *next
                >= if bonus {
                    self.bonus_dealt
                } else {
                    self.regular_dealt
                };
            *next += 1;
            self.emit(Event::Draw {
                player,
                tile,
                bonus,
                again,
            });
            if self.board.can_place(&self.set.tiles[tile]) {
                self.turn = Some(Turn {
                    player,
                    tile: Some(tile),
                    bonus,
                });
                return true;
            }
            self.emit(Event::Discard { tile });
            if bonus && !self.rules.options().redraw_unplaceable_bonus {
                return false;
            }
        }
    }

    /// Meeples the player to move may put on the tile of this turn (before any shaman
    /// recall): the supply, less on a first-edition bonus tile the meeples scoring sent home
    /// during this turn.
    pub fn usable_meeples(&self) -> u8 {
        self.turn.map_or(0, |t| self.meeples_available(t))
    }

    fn meeples_available(&self, turn: Turn) -> u8 {
        let s = self.supply[turn.player];
        if turn.bonus && !self.rules.options().reuse_returned_on_bonus {
            s.meeples - self.returned_this_turn.min(s.meeples)
        } else {
            s.meeples
        }
    }

    /// Every legal move of the player to move, into `out` (cleared first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let Some(turn) = self.turn else { return };
        let Some(drawn) = turn.tile else {
            out.push(Move::draw());
            self.special_moves(turn, out);
            return;
        };
        let tile = &self.set.tiles[drawn];
        let recalls = self.recall_options(turn, drawn);
        if self.may_refuse(turn) {
            out.push(Move::refuse());
        }
        let usable = self.meeples_available(turn);
        let huts = self.supply[turn.player].huts > 0;
        // The feature each shaman choice empties, and the features around a square, looked up
        // once for all rotations and choices there.
        let gone: Vec<_> = recalls.iter().map(|&r| self.recalled_from(r)).collect();
        let mut around = None;
        for at in self.board.placements(tile) {
            if around
                .as_ref()
                .is_none_or(|a: &free::Surroundings| a.pos() != at.pos)
            {
                around = None;
            }
            let mut plain: Option<free::FreeZones> = None;
            for (k, &recall) in recalls.iter().enumerate() {
                out.push(Move {
                    at,
                    recall,
                    piece: None,
                    play: Play::Drawn,
                });
                let meeples =
                    usable + recall.map_or(0, |r| u8::from(self.pieces[r].piece != Piece::Hut));
                if meeples == 0 && !huts {
                    continue;
                }
                let here = around.get_or_insert_with(|| self.surroundings(at.pos));
                // A recall from a feature not next to the square frees nothing here.
                let free = match gone[k] {
                    Some(g) if here.touches(g) => {
                        self.free_zones_in(drawn, at, here, Some(g), meeples > 0, huts)
                    }
                    _ => *plain.get_or_insert_with(|| {
                        let any_meeple = usable > 0 || recalls.len() > 1;
                        self.free_zones_in(drawn, at, here, None, any_meeple, huts)
                    }),
                };
                for (piece, zone) in free.options(meeples > 0, huts) {
                    out.push(Move {
                        at,
                        recall,
                        piece: Some((
                            piece,
                            PieceAt::Zone(ZoneId {
                                placed: self.board.len() as u16,
                                zone,
                            }),
                        )),
                        play: Play::Drawn,
                    });
                }
            }
        }
    }

    /// Whether the owner of the laid Scout tile may refuse the tile just drawn.
    fn may_refuse(&self, turn: Turn) -> bool {
        self.refusal_allowed(turn).is_ok()
    }

    fn refusal_allowed(&self, turn: Turn) -> Result<(), IllegalScout> {
        let s = &self.scout;
        let Some(options) = self.rules.scout() else {
            return Err(IllegalScout::NotScoutOwner);
        };
        if turn.tile.is_none() {
            return Err(IllegalScout::ChooseFirst);
        }
        if s.scout_owner != Some(turn.player) {
            return Err(IllegalScout::NotScoutOwner);
        }
        let used = match options.refusal {
            Refusal::OncePerTurn => s.refused_land || s.refused_bonus,
            Refusal::LandAndBonus => {
                if turn.bonus {
                    s.refused_bonus
                } else {
                    s.refused_land
                }
            }
        };
        if used {
            return Err(IllegalScout::RefusalUsed);
        }
        Ok(())
    }

    /// Whether the player could lay a Scout special tile instead of drawing.
    fn any_special_move(&self, turn: Turn) -> bool {
        if self.rules.scout().is_none()
            || !self.scout.hands[turn.player]
                .iter()
                .any(|s| matches!(s, Special::Tile(_)))
        {
            return false;
        }
        let mut moves = Vec::new();
        self.special_moves(turn, &mut moves);
        !moves.is_empty()
    }

    /// The Scout special tiles the player may lay instead of drawing: only at the start of a
    /// normal turn, with the tile's piece in supply, where none of the features its piece
    /// stands in already holds a piece of that kind.
    fn special_moves(&self, turn: Turn, out: &mut Vec<Move>) {
        if turn.bonus || turn.tile.is_some() {
            return;
        }
        let mut placements = Vec::new();
        for special in &self.scout.hands[turn.player] {
            let Special::Tile(t) = *special else { continue };
            let tile = &self.set.tiles[t];
            let Some(spot) = tile.spots.first() else {
                continue;
            };
            self.board.legal_placements(tile, &mut placements);
            let recalls = self.recall_options(turn, t);
            for &at in &placements {
                for &recall in &recalls {
                    if self.special_allowed(turn, t, at, recall).is_ok() {
                        out.push(Move {
                            at,
                            recall,
                            piece: Some((
                                spot.piece,
                                PieceAt::Spot {
                                    placed: self.board.len() as u16,
                                    spot: 0,
                                },
                            )),
                            play: Play::Special(t),
                        });
                    }
                }
            }
        }
    }

    /// Why special tile `t` may not be laid at `at` now (after the recall), if it may not.
    fn special_allowed(
        &self,
        turn: Turn,
        t: usize,
        at: Placement,
        recall: Option<usize>,
    ) -> Result<(), IllegalScout> {
        let tile = &self.set.tiles[t];
        let spot = tile.spots.first().ok_or(IllegalScout::OwnPieceOnSpot)?;
        let mut meeples = self.supply[turn.player].meeples;
        if let Some(r) = recall {
            meeples += u8::from(self.pieces[r].piece != Piece::Hut);
        }
        let has = if spot.piece == Piece::Hut {
            self.supply[turn.player].huts > 0
        } else {
            meeples > 0
        };
        if !has {
            return Err(IllegalScout::NeedsPiece(spot.piece));
        }
        // "No puede colocarse de manera que conecte con un bosque / río / pradera en la que ya
        // haya recolectores / pescadores / cazadores": no forest (river, meadow) of the tile may
        // join one that holds such a piece. The Agriculture hut stands in a meadow, so its
        // tile is barred by hunters, in either of its meadows.
        let (blocks, kind) = match spot.piece {
            Piece::Gatherer => (Piece::Gatherer, ZoneKind::Forest),
            Piece::Fisher => (Piece::Fisher, ZoneKind::River),
            Piece::Hunter | Piece::Hut => (Piece::Hunter, ZoneKind::Meadow),
        };
        let free = self.free_zones(t, at, recall);
        let all_free = (0..tile.zone_count(kind)).all(|i| {
            free.contains(&(
                blocks,
                ZoneRef {
                    kind,
                    index: i as u8,
                },
            ))
        });
        if all_free {
            Ok(())
        } else {
            Err(IllegalScout::JoinsOccupied(blocks))
        }
    }

    /// The shaman choices: nothing, or one of the player's own meeples, when the tile shows a
    /// shaman (2020) or the player holds the Scout Shaman card and has not used it this turn.
    fn recall_options(&self, turn: Turn, tile_index: usize) -> Vec<Option<usize>> {
        let mut out = vec![None];
        if !self.has_shaman(turn, tile_index) {
            return out;
        }
        out.extend(
            (0..self.pieces.len())
                .filter(|&i| self.recall_allowed(turn, tile_index, i).is_ok())
                .map(Some),
        );
        out
    }

    /// Whether laying `tile_index` comes with a shaman: the tile shows one (2020), or the
    /// player holds the Scout Shaman card, unused this turn.
    fn has_shaman(&self, turn: Turn, tile_index: usize) -> bool {
        self.shaman_tile(tile_index) || self.shaman_card(turn).is_ok()
    }

    fn shaman_tile(&self, tile_index: usize) -> bool {
        self.set.tiles[tile_index]
            .meadows
            .iter()
            .any(|m| m.has(MeadowSpecial::Shaman))
    }

    fn shaman_card(&self, turn: Turn) -> Result<&ScoutOptions, IllegalRecall> {
        let options = self
            .rules
            .scout()
            .filter(|_| self.scout.hands[turn.player].contains(&Special::Shaman))
            .ok_or(IllegalRecall::NoShaman)?;
        if self.scout.shaman_used {
            return Err(IllegalRecall::CardUsed);
        }
        Ok(options)
    }

    /// Why the shaman laid with `tile_index` may not take back piece `r`, if it may not.
    fn recall_allowed(&self, turn: Turn, tile_index: usize, r: usize) -> Result<(), IllegalRecall> {
        let tile = self.shaman_tile(tile_index);
        let card = self.shaman_card(turn);
        if !tile {
            card?;
        }
        let p = self.pieces.get(r).ok_or(IllegalRecall::NoSuchPiece)?;
        if p.player != turn.player {
            return Err(IllegalRecall::NotOwn);
        }
        if p.piece == Piece::Hut {
            return Err(IllegalRecall::Hut);
        }
        // Pieces on a special tile's spot stay until the end.
        let PieceAt::Zone(z) = p.at else {
            return Err(IllegalRecall::Fixed);
        };
        // The Scout Shaman takes back only from incomplete features (printed rule); a
        // gatherer or fisher always stands in one, a hunter may lie in an enclosed meadow.
        if !tile
            && card.is_ok_and(|o| o.shaman_incomplete_only)
            && p.piece == Piece::Hunter
            && self.features.meadow(z).open == 0
        {
            return Err(IllegalRecall::Complete);
        }
        Ok(())
    }

    /// Plays a move after checking it; an illegal move leaves the game untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Why `mv` is not legal now, if it is not; the game does not change.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let Some(turn) = self.turn else {
            return Err(IllegalMove::GameOver);
        };
        let tile_index = match (mv.play, turn.tile) {
            (Play::Refuse, _) => {
                return self.refusal_allowed(turn).map_err(IllegalMove::Scout);
            }
            (Play::Draw, None) => return Ok(()),
            (Play::Draw, Some(_)) => return Err(IllegalMove::Scout(IllegalScout::AlreadyDrawn)),
            (Play::Drawn, None) => return Err(IllegalMove::Scout(IllegalScout::ChooseFirst)),
            (Play::Drawn, Some(t)) => t,
            (Play::Special(t), drawn) => {
                if !self.scout.hands[turn.player].contains(&Special::Tile(t)) {
                    return Err(IllegalMove::Scout(IllegalScout::NotHeld));
                }
                // A player with no special move at the start of the turn drew at once; the
                // checks below then name what stood in the special tile's way.
                if turn.bonus
                    || drawn.is_some() && self.any_special_move(Turn { tile: None, ..turn })
                {
                    return Err(IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing));
                }
                t
            }
        };
        let tile = &self.set.tiles[tile_index];
        self.board
            .check(tile, mv.at)
            .map_err(IllegalMove::Placement)?;
        if let Some(r) = mv.recall {
            self.recall_allowed(turn, tile_index, r)
                .map_err(IllegalMove::Recall)?;
        }
        if let Play::Special(t) = mv.play {
            let spot = PieceAt::Spot {
                placed: self.board.len() as u16,
                spot: 0,
            };
            if mv.piece.map(|(_, at)| at) != Some(spot)
                || mv.piece.map(|(p, _)| p) != tile.spots.first().map(|s| s.piece)
            {
                return Err(IllegalMove::Scout(IllegalScout::OwnPieceOnSpot));
            }
            self.special_allowed(turn, t, mv.at, mv.recall)
                .map_err(IllegalMove::Scout)?;
            if turn.tile.is_some() {
                return Err(IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing));
            }
            return Ok(());
        }
        match mv.piece {
            Some((piece, at)) => self
                .piece_allowed(turn, tile_index, mv.at, mv.recall, piece, at)
                .map_err(IllegalMove::Piece),
            None => Ok(()),
        }
    }

    /// Why `piece` may not go at `at` on the drawn tile laid at `placed_at`, if it may not.
    fn piece_allowed(
        &self,
        turn: Turn,
        tile_index: usize,
        placed_at: Placement,
        recall: Option<usize>,
        piece: Piece,
        at: PieceAt,
    ) -> Result<(), IllegalPiece> {
        let PieceAt::Zone(z) = at else {
            return Err(IllegalPiece::OnSpot);
        };
        if usize::from(z.placed) != self.board.len() {
            return Err(IllegalPiece::NotOnNewTile);
        }
        let tile = &self.set.tiles[tile_index];
        if usize::from(z.zone.index) >= tile.zone_count(z.zone.kind) {
            return Err(IllegalPiece::NoSuchZone(z.zone));
        }
        let fits = match piece {
            Piece::Gatherer => z.zone.kind == ZoneKind::Forest,
            Piece::Fisher => z.zone.kind == ZoneKind::River,
            Piece::Hunter => z.zone.kind == ZoneKind::Meadow,
            Piece::Hut => matches!(z.zone.kind, ZoneKind::River | ZoneKind::Lake),
        };
        if !fits {
            return Err(IllegalPiece::WrongKind {
                piece,
                zone: z.zone.kind,
            });
        }
        if !self
            .free_zones(tile_index, placed_at, recall)
            .contains(&(piece, z.zone))
        {
            return Err(IllegalPiece::Occupied(piece));
        }
        let recalled = recall.map_or(0, |r| u8::from(self.pieces[r].piece != Piece::Hut));
        let supply = self.supply[turn.player];
        if piece == Piece::Hut {
            if supply.huts == 0 {
                return Err(IllegalPiece::NoneLeft(Piece::Hut));
            }
        } else if self.meeples_available(turn) + recalled == 0 {
            return Err(if supply.meeples > 0 {
                IllegalPiece::ReturnedThisTurn
            } else {
                IllegalPiece::NoneLeft(piece)
            });
        }
        Ok(())
    }

    /// Plays a move from [`Game::legal_moves`] without checking it again.
    pub fn play_unchecked(&mut self, mv: Move) {
        let Some(turn) = self.turn.take() else { return };
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let p = turn.player;
        let tile_index = match mv.play {
            Play::Refuse => {
                self.refuse(turn);
                return;
            }
            Play::Draw => {
                if !self.draw(p, false) {
                    self.finish();
                }
                return;
            }
            Play::Drawn => turn
                .tile
                .expect("a move from legal_moves lays a drawn tile"),
            Play::Special(t) => {
                self.scout.hands[p].retain(|s| *s != Special::Tile(t));
                t
            }
        };
        let tile = &tiles[tile_index];
        let placed = self
            .board
            .place(tile, tile_index, mv.at)
            .expect("a legal placement");
        self.bonus_turns += u32::from(turn.bonus);
        self.features.add_tile(tiles, &self.board);
        self.emit(Event::Place {
            player: p,
            tile: tile_index,
            at: mv.at,
            recall: mv.recall.map(|r| self.pieces[r]),
            piece: mv.piece,
        });
        if let Play::Special(_) = mv.play {
            if tile.rivers.len() >= 3 && !tile.lakes.is_empty() {
                self.scout.dugout = Some((p, zone_id(placed, ZoneKind::Lake, 0)));
            }
            if tile
                .spots
                .first()
                .is_some_and(|s| s.piece == Piece::Gatherer)
            {
                self.scout.scout_owner = Some(p);
            }
        }

        // Immediate actions, before the piece (rules-matrix row 34).
        for (i, m) in tile.meadows.iter().enumerate() {
            if m.has(MeadowSpecial::HuntingTrap) {
                self.hunting_trap(p, placed, i);
            }
        }
        for (i, l) in tile.lakes.iter().enumerate() {
            if l.has(LakeSpecial::Logboat) {
                let z = zone_id(placed, ZoneKind::Lake, i);
                let lakes = self.features.system(tiles, &self.board, z).lakes;
                let mut b = Breakdown::default();
                b.add(lakes.into(), "lakes (logboat)", 2);
                self.award(vec![p], Category::Specials, z, b);
            }
        }
        if let Some(r) = mv.recall {
            let piece = self.pieces.remove(r);
            self.take_back(piece, false);
            if !self.shaman_tile(tile_index) {
                self.scout.shaman_used = true;
            }
        }

        if let Some((piece, at)) = mv.piece {
            let s = &mut self.supply[p];
            if piece == Piece::Hut {
                s.huts -= 1;
            } else {
                s.meeples -= 1;
            }
            self.features
                .add_piece(tiles, &self.board, piece, p, at)
                .expect("a legal piece");
            self.pieces.push(OnBoard {
                player: p,
                piece,
                at,
            });
        }

        // Score every forest and river the tile completed.
        let forests = self.features.completed_forests().to_vec();
        let rivers = self.features.completed_rivers().to_vec();
        let mut bonus = false;
        for z in forests {
            let info = *self.features.forest(z);
            bonus |= self.rules.bonus_markers(&info) > 0;
            let winners = majority(&info.gatherers);
            if !winners.is_empty() {
                let b = self.rules.score_forest(&info);
                self.award(winners, Category::Forests, z, b);
            }
            self.return_pieces(z, Piece::Gatherer, p);
        }
        for z in rivers {
            let info = *self.features.river(z);
            let winners = majority(&info.fishers);
            if !winners.is_empty() {
                let b = self.rules.score_river(&info);
                self.award(winners, Category::Rivers, z, b);
            }
            self.dugout_bonus(z);
            self.return_pieces(z, Piece::Fisher, p);
        }

        // At most one bonus turn per turn, never from a bonus tile.
        if bonus && !turn.bonus {
            let last = self.next_regular >= self.regular.len();
            if (!last || self.rules.options().last_tile_bonus_turn) && self.draw(p, true) {
                return;
            }
        }
        self.end_turn(p);
    }

    /// The Scout's refusal: the drawn tile goes under its stack and the next one is drawn; that
    /// one must be laid (or is discarded if it fits nowhere).
    fn refuse(&mut self, turn: Turn) {
        let tile = turn.tile.expect("a refusal follows a draw");
        self.emit(Event::Refuse {
            player: turn.player,
            tile,
            bonus: turn.bonus,
        });
        if turn.bonus {
            self.bonus.push(tile);
            self.scout.refused_bonus = true;
        } else {
            self.regular.push(tile);
            self.scout.refused_land = true;
        }
        if !self.draw(turn.player, turn.bonus) {
            // Only a bonus stack can run dry here (the refused tile is under the land stack).
            self.end_turn(turn.player);
        }
    }

    /// Ends the turn of `p`: the next player draws, or the game ends.
    fn end_turn(&mut self, p: usize) {
        self.returned_this_turn = 0;
        self.scout.refused_land = false;
        self.scout.refused_bonus = false;
        self.scout.shaman_used = false;
        if self.next_regular >= self.regular.len() {
            self.finish();
        } else {
            self.draw_regular((p + 1) % self.players);
        }
    }

    /// The Dug-out: when a river of its river system is completed, its owner scores the fish
    /// of one lake: the richest of the system, or of the completed river's end lakes, as the
    /// option says.
    fn dugout_bonus(&mut self, river: ZoneId) {
        let (Some((owner, lake)), Some(options)) = (self.scout.dugout, self.rules.scout().copied())
        else {
            return;
        };
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let system = self.features.key(tiles, &self.board, lake, true);
        if self.features.key(tiles, &self.board, river, true) != system {
            return;
        }
        let river_key = self.features.key(tiles, &self.board, river, false);
        let mut best = 0u32;
        for (placed, p) in self.board.placed().iter().enumerate() {
            let tile = &tiles[p.tile];
            for (i, l) in tile.lakes.iter().enumerate() {
                let z = zone_id(placed, ZoneKind::Lake, i);
                let counts = match options.dugout_lake_scope {
                    LakeScope::System => self.features.key(tiles, &self.board, z, true) == system,
                    LakeScope::CompletedRiver => tile.rivers.iter().enumerate().any(|(r, rv)| {
                        rv.ends.contains(&RiverEnd::Lake(i as u8))
                            && self.features.key(
                                tiles,
                                &self.board,
                                zone_id(placed, ZoneKind::River, r),
                                false,
                            ) == river_key
                    }),
                };
                if counts {
                    best = best.max(u32::from(l.fish));
                }
            }
        }
        let mut b = Breakdown::default();
        b.add(best, "fish in the richest lake (dug-out)", 1);
        self.award(vec![owner], Category::Specials, river, b);
    }

    fn award(
        &mut self,
        players: Vec<usize>,
        category: Category,
        zone: ZoneId,
        breakdown: Breakdown,
    ) {
        let points = breakdown.points();
        for &p in &players {
            self.scores[p][category as usize] += points;
        }
        self.emit(Event::Score(ScoreEvent {
            players,
            category,
            zone,
            breakdown,
        }));
    }

    /// Returns every `kind` piece standing in the feature of `z`, scored on `mover`'s turn.
    fn return_pieces(&mut self, z: ZoneId, kind: Piece, mover: usize) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let key = self.features.key(tiles, &self.board, z, false);
        let mut i = 0;
        while i < self.pieces.len() {
            let piece = self.pieces[i];
            // Pieces on a special tile's spot (Scout) stay until the game ends.
            let here = match piece.at {
                PieceAt::Zone(pz) if piece.piece == kind => {
                    self.features.key(tiles, &self.board, pz, false) == key
                }
                _ => false,
            };
            if here {
                self.pieces.remove(i);
                self.take_back(piece, true);
                if piece.player == mover {
                    self.returned_this_turn += 1;
                }
            } else {
                i += 1;
            }
        }
    }

    /// Puts a piece back into its owner's supply; `announce` records a [`Event::Return`] (the
    /// shaman's recall is part of the move instead).
    fn take_back(&mut self, piece: OnBoard, announce: bool) {
        self.features
            .remove_piece(
                &self.set.tiles,
                &self.board,
                piece.piece,
                piece.player,
                piece.at,
            )
            .expect("a piece on the board");
        let s = &mut self.supply[piece.player];
        if piece.piece == Piece::Hut {
            s.huts += 1;
        } else {
            s.meeples += 1;
        }
        if announce {
            self.emit(Event::Return {
                player: piece.player,
                piece: piece.piece,
                at: piece.at,
            });
        }
    }

    /// The animals of meadow zone `z` not yet covered by a hunting trap.
    fn uncovered(&self, z: ZoneId) -> Herd {
        let m = &self.set.tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
            [usize::from(z.zone.index)];
        let mut h = Herd::from(&m.animals);
        for (cz, c) in &self.covered {
            if *cz == z {
                h.remove(c);
            }
        }
        h
    }

    /// The meadow zones within one square (8 around, and the centre when `centre`) of tile
    /// `placed` that lie in the same meadow as `key`.
    fn zones_around(&self, placed: usize, key: FeatureKey, centre: bool) -> Vec<ZoneId> {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let pos = self.board.placed()[placed].pos;
        let mut out = Vec::new();
        for dy in -1..=1 {
            for dx in -1..=1 {
                if dx == 0 && dy == 0 && !centre {
                    continue;
                }
                let Some(n) = self.board.index_at(Pos::new(pos.x + dx, pos.y + dy)) else {
                    continue;
                };
                for i in 0..tiles[self.board.placed()[n].tile].meadows.len() {
                    let z = zone_id(n, ZoneKind::Meadow, i);
                    if self.features.key(tiles, &self.board, z, false) == key {
                        out.push(z);
                    }
                }
            }
        }
        out
    }

    /// The 2020 hunting trap: the placer scores the animals of the trap's meadow on the 8
    /// surrounding tiles at once, and they are covered (rules-matrix row 29).
    fn hunting_trap(&mut self, player: usize, placed: usize, meadow: usize) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let trap = zone_id(placed, ZoneKind::Meadow, meadow);
        let key = self.features.key(tiles, &self.board, trap, false);
        let fire = self.features.meadow(trap).count(MeadowSpecial::Wildfire)
            + self.features.meadow(trap).count(MeadowSpecial::Fire)
            > 0;
        let zones = self.zones_around(placed, key, self.rules.options().hunting_trap_own_tile);
        let mut herd = Herd::default();
        let per_zone: Vec<(ZoneId, Herd)> =
            zones.iter().map(|z| (*z, self.uncovered(*z))).collect();
        for (_, h) in &per_zone {
            herd.add(h);
        }
        let b = self.rules.score_meadow(&herd, fire, &[]);
        self.award(vec![player], Category::Specials, trap, b);
        // Cover what scored: every deer (scored or eaten), mammoth, aurochs and bear, and the
        // tigers that ate a deer (idle tigers too if the option says so).
        let mut pairing = if fire { 0 } else { herd.tigers.min(herd.deer) };
        let idle = self.rules.options().hunting_trap_covers_idle_tigers;
        for (z, h) in per_zone {
            let mut c = h;
            c.tigers = if fire {
                0
            } else if idle {
                h.tigers
            } else {
                let t = h.tigers.min(pairing);
                pairing -= t;
                t
            };
            if c.total() > 0 {
                self.covered.push((z, c));
                self.emit(Event::Cover {
                    zone: z,
                    animals: c,
                });
            }
        }
    }

    /// Ends the game: gatherers and fishers leave without scoring, then huts and meadows score.
    fn finish(&mut self) {
        self.turn = None;
        self.emit(Event::End);
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let mut i = 0;
        while i < self.pieces.len() {
            let piece = self.pieces[i];
            if matches!(piece.piece, Piece::Gatherer | Piece::Fisher) {
                self.pieces.remove(i);
                self.take_back(piece, true);
            } else {
                i += 1;
            }
        }
        // Huts: one score per river system, by hut majority.
        let mut systems: BTreeMap<FeatureKey, ZoneId> = BTreeMap::new();
        let mut meadows: BTreeMap<FeatureKey, Vec<ZoneId>> = BTreeMap::new();
        for piece in &self.pieces {
            if let (Piece::Hut, PieceAt::Zone(z)) = (piece.piece, piece.at) {
                systems
                    .entry(self.features.key(tiles, &self.board, z, true))
                    .or_insert(z);
            }
        }
        for (_, z) in systems {
            let info = *self.features.system(tiles, &self.board, z);
            let winners = majority(&info.huts);
            let b = self.rules.score_huts(&info);
            self.award(winners, Category::Huts, z, b);
        }
        // Meadows: every meadow with a hunter (the Scout's hunter on the bridge stands in two).
        for piece in &self.pieces {
            if piece.piece != Piece::Hunter {
                continue;
            }
            for z in self.piece_zones(piece.at) {
                meadows
                    .entry(self.features.key(tiles, &self.board, z, false))
                    .or_default();
            }
        }
        for placed in 0..self.board.len() {
            for i in 0..tiles[self.board.placed()[placed].tile].meadows.len() {
                let z = zone_id(placed, ZoneKind::Meadow, i);
                if let Some(v) = meadows.get_mut(&self.features.key(tiles, &self.board, z, false)) {
                    v.push(z);
                }
            }
        }
        for (_, zones) in meadows {
            self.score_meadow(&zones);
        }
        // Scout Agriculture: the hut on the farm scores its meadow, whoever hunts there.
        if let Some(options) = self.rules.scout().copied() {
            let farms: Vec<(usize, ZoneId)> = self
                .pieces
                .iter()
                .filter(|p| p.piece == Piece::Hut && matches!(p.at, PieceAt::Spot { .. }))
                .flat_map(|p| {
                    self.piece_zones(p.at)
                        .into_iter()
                        .map(move |z| (p.player, z))
                })
                .collect();
            for (owner, z) in farms {
                let info = self.features.meadow(z);
                let mut b = Breakdown::default();
                match options.agriculture_unit {
                    CountUnit::Segment => {
                        b.add(info.segments.into(), "meadow segments (agriculture)", 1)
                    }
                    CountUnit::Tile => b.add(info.tiles.into(), "meadow tiles (agriculture)", 1),
                }
                self.award(vec![owner], Category::Specials, z, b);
            }
        }
    }

    /// The zones a piece stands in: one, or every zone of a special tile's spot.
    pub fn piece_zones(&self, at: PieceAt) -> Vec<ZoneId> {
        match at {
            PieceAt::Zone(z) => vec![z],
            PieceAt::Spot { placed, spot } => {
                let tile = &self.set.tiles[self.board.placed()[usize::from(placed)].tile];
                tile.spots
                    .get(usize::from(spot))
                    .map(|s| {
                        s.zones
                            .iter()
                            .map(|&zone| ZoneId { placed, zone })
                            .collect()
                    })
                    .unwrap_or_default()
            }
        }
    }

    fn score_meadow(&mut self, zones: &[ZoneId]) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let z0 = zones[0];
        let info = *self.features.meadow(z0);
        let key = self.features.key(tiles, &self.board, z0, false);
        // The shrine: hunters on a shrine zone make their owners the only scorers.
        let mut shrine = [0u16; MAX_PLAYERS];
        for piece in &self.pieces {
            if let (Piece::Hunter, PieceAt::Zone(z)) = (piece.piece, piece.at)
                && zones.contains(&z)
                && tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
                    [usize::from(z.zone.index)]
                .has(MeadowSpecial::Shrine)
            {
                shrine[piece.player] += 1;
            }
        }
        let winners = if shrine.iter().any(|&c| c > 0) {
            majority(&shrine)
        } else {
            majority(&info.hunters)
        };
        if winners.is_empty() {
            return;
        }
        let mut herd = Herd::default();
        for z in zones {
            herd.add(&self.uncovered(*z));
        }
        // Pit traps double the animals on the tiles around them in this meadow; with
        // `pit-traps-stack` an animal next to k traps doubles k times.
        let stack = self.rules.options().pit_traps_stack;
        let mut traps: Vec<(ZoneId, usize)> = Vec::new();
        for z in zones {
            let m = &tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
                [usize::from(z.zone.index)];
            if m.has(MeadowSpecial::PitTrap) {
                for around in self.zones_around(usize::from(z.placed), key, false) {
                    match traps.iter_mut().find(|(t, _)| *t == around) {
                        Some((_, k)) if stack => *k += 1,
                        Some(_) => {}
                        None => traps.push((around, 1)),
                    }
                }
            }
        }
        let mut doubled: Vec<Herd> = Vec::new();
        for (z, k) in traps {
            if doubled.len() < k {
                doubled.resize(k, Herd::default());
            }
            doubled[k - 1].add(&self.uncovered(z));
        }
        let fire = info.count(MeadowSpecial::Fire) + info.count(MeadowSpecial::Wildfire) > 0;
        let b = self.rules.score_meadow(&herd, fire, &doubled);
        self.award(winners, Category::Meadows, z0, b);
    }
}

/// The players with the most pieces (all of them on a tie); none if nobody has one.
pub fn majority(counts: &[u16; MAX_PLAYERS]) -> Vec<usize> {
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Vec::new();
    }
    (0..MAX_PLAYERS).filter(|&p| counts[p] == best).collect()
}

fn zone_id(placed: usize, kind: ZoneKind, index: usize) -> ZoneId {
    ZoneId {
        placed: placed as u16,
        zone: ZoneRef {
            kind,
            index: index as u8,
        },
    }
}
