//! The game: turns, moves, scoring and the end of the game, for any ruleset.
//!
//! A turn is: draw a tile (unplaceable ones are discarded), place it, resolve its immediate
//! action (2020), optionally put one piece on it, score every forest and river it completed,
//! then take at most one bonus turn (a bonus tile in the first edition, an extra turn with a
//! menhir tile in 2020) if a completed forest holds a gold nugget or a menhir. The game ends
//! after the turn in which the last regular tile was placed; then huts and hunters score.
//!
//! The loop asks the [`Ruleset`] for every value and never asks which edition it plays.

use std::fmt;
use std::sync::Arc;

use crate::board::{Board, Placement};
use crate::feature::{
    FeatureKey, Features, Herd, MAX_PLAYERS, PieceAt, Preview, TileFeatures, ZoneId,
};
pub use crate::illegal::{IllegalMove, IllegalPiece, IllegalRecall, IllegalScout};
use crate::rng::{shuffle, stream};
use crate::ruleset::{Breakdown, Ruleset};
use crate::scout::{Special, deal};
use crate::tile::{Deck, Piece, Rotation, ZoneKind, ZoneRef};
use crate::tileset::TileSet;
use crate::variant::Variant;

mod free;
mod menhir;
pub use menhir::acts_when_laid;
mod moves;
pub use moves::MovePicker;
mod scoring;
mod scout;
mod trial;

use scout::ScoutState;

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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Supply {
    meeples: u8,
    huts: u8,
}

/// Counts kept for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct GameTally {
    /// Bonus tiles (first edition) or menhir extra turns (2020) played so far.
    bonus_turns: u32,
    discards: u32,
    /// Gatherers, fishers taken off unfinished features at the end.
    unfinished: [u32; 2],
}

/// The state of a game that its moves change, apart from the board and the features (which
/// keep journals of their own), the decks (a trial only ever adds tiles under them) and the
/// events: one struct, so that a trial saves it and takes it back whole, and a copy of a game
/// copies it whole. A field added here is saved, restored and copied with the rest.
#[derive(Debug, Default, PartialEq)]
struct State {
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
    /// Bonus turns and discards so far, and what the end found unfinished.
    tally: GameTally,
    scout: ScoutState,
}

// Written out so that `clone_from` reuses every buffer; its pattern names every field, so a
// new one does not compile until it is copied too.
impl Clone for State {
    fn clone(&self) -> Self {
        let mut copy = State::default();
        copy.clone_from(self);
        // As much room for pieces as the original, so that a copy never grows while played.
        copy.pieces
            .reserve(self.pieces.capacity() - self.pieces.len());
        copy
    }

    fn clone_from(&mut self, o: &Self) {
        let State {
            next_regular,
            next_bonus,
            supply,
            returned_this_turn,
            scores,
            pieces,
            covered,
            turn,
            tally,
            scout,
        } = self;
        *next_regular = o.next_regular;
        *next_bonus = o.next_bonus;
        *supply = o.supply;
        *returned_this_turn = o.returned_this_turn;
        *scores = o.scores;
        pieces.clone_from(&o.pieces);
        covered.clone_from(&o.covered);
        *turn = o.turn;
        *tally = o.tally;
        scout.clone_from(&o.scout);
    }
}

impl State {
    /// The state before the first turn, keeping the memory it has: every player with a full
    /// `supply`, room for `pieces` pieces on the board, empty hands.
    fn begin(&mut self, supply: [Supply; MAX_PLAYERS], pieces: usize) {
        let State {
            next_regular,
            next_bonus,
            supply: supplies,
            returned_this_turn,
            scores,
            pieces: on_board,
            covered,
            turn,
            tally,
            scout,
        } = self;
        *next_regular = 0;
        *next_bonus = 0;
        *supplies = supply;
        *returned_this_turn = 0;
        *scores = [[0; 5]; MAX_PLAYERS];
        on_board.clear();
        on_board.reserve(pieces);
        covered.clear();
        *turn = None;
        *tally = GameTally::default();
        *scout = ScoutState::default();
    }
}

/// A game in progress.
pub struct Game {
    set: Arc<TileSet>,
    /// The own features of the set's tiles, copied as each tile is laid.
    own: Arc<TileFeatures>,
    rules: Arc<Ruleset>,
    players: usize,
    board: Board,
    features: Features,
    regular: Vec<usize>,
    bonus: Vec<usize>,
    /// Everything a move changes apart from the board, the features, the decks and the
    /// events: what a trial saves and restores whole.
    state: State,
    events: Vec<Event>,
    /// Deck lengths before any refused tile went under them (later draws are "again").
    regular_dealt: usize,
    bonus_dealt: usize,
    /// Whether events are kept; a bot's trial copy keeps none.
    record: bool,
    /// The state a running trial goes back to.
    mark: trial::Mark,
    /// Room that final scoring works in, kept for the next game end.
    scratch: Scratch,
}

/// Final scoring's working lists, kept from one game end to the next (a bot's trials end the
/// game again and again): not state, whatever they hold between two ends.
#[derive(Debug, Default)]
struct Scratch {
    /// The river systems and meadows to score.
    scored: Vec<(FeatureKey, ZoneId)>,
    /// The pit traps of one meadow: the zones they double, and the animals doubled once,
    /// twice, …
    traps: Vec<(ZoneId, usize)>,
    doubled: Vec<Herd>,
}

// A copy has as much room, and nothing in it.
impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch {
            scored: Vec::with_capacity(self.scored.capacity()),
            traps: Vec::with_capacity(self.traps.capacity()),
            doubled: Vec::with_capacity(self.doubled.capacity()),
        }
    }
}

// Written out so that `clone_from` reuses every buffer.
impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            set: Arc::clone(&self.set),
            own: Arc::clone(&self.own),
            rules: Arc::clone(&self.rules),
            players: self.players,
            board: self.board.clone(),
            features: self.features.clone(),
            regular: self.regular.clone(),
            bonus: self.bonus.clone(),
            state: self.state.clone(),
            events: self.events.clone(),
            regular_dealt: self.regular_dealt,
            bonus_dealt: self.bonus_dealt,
            record: self.record,
            mark: trial::Mark::default(),
            scratch: self.scratch.clone(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.copy_state(o);
        self.events.clone_from(&o.events);
        self.record = o.record;
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("edition", &self.rules.edition())
            .field("players", &self.players)
            .field("placed", &self.board.len())
            .field("turn", &self.state.turn)
            .finish()
    }
}

impl Game {
    /// A new game: the start tile laid, the regular and bonus decks in the order given (as
    /// indexes into the tile set), and the first tile drawn for player 0.
    pub fn new(
        set: Arc<TileSet>,
        rules: Arc<Ruleset>,
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
        rules: Arc<Ruleset>,
        players: usize,
        regular: Vec<usize>,
        bonus: Vec<usize>,
        hands: Vec<Vec<Special>>,
    ) -> Game {
        let own = Arc::new(TileFeatures::of(&set.tiles));
        Game::with_parts((set, own), rules, players, (regular, bonus), hands)
    }

    /// [`Game::with_hands`] with the own features of the set's tiles at hand.
    fn with_parts(
        (set, own): (Arc<TileSet>, Arc<TileFeatures>),
        rules: Arc<Ruleset>,
        players: usize,
        (regular, bonus): (Vec<usize>, Vec<usize>),
        hands: Vec<Vec<Special>>,
    ) -> Game {
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 5 players");
        let mut game = Game {
            set,
            own,
            rules,
            players,
            board: Board::new(1),
            features: Features::new(),
            regular_dealt: 0,
            bonus_dealt: 0,
            regular,
            bonus,
            state: State::default(),
            events: Vec::new(),
            record: true,
            mark: trial::Mark::default(),
            scratch: Scratch::default(),
        };
        game.begin(hands);
        game
    }

    /// Sets up the game from its tile set, rules, players and decks, and the Scout hands:
    /// every other field starts afresh, keeping the memory it has. The start tile is laid
    /// and player 0 draws.
    fn begin(&mut self, hands: Vec<Vec<Special>>) {
        // The first tile of the start deck, found without listing the deck.
        let start = self
            .set
            .tiles
            .iter()
            .position(|t| t.deck == Deck::Start && t.count > 0)
            .expect("a tile set has a start tile");
        // Room for every tile that can be laid: the start tile, every copy in both decks and
        // the special tiles in the players' hands.
        let specials = hands
            .iter()
            .flatten()
            .filter(|s| matches!(s, Special::Tile(_)))
            .count();
        let capacity = 1 + self.regular.len() + self.bonus.len() + specials;
        self.board.reset(capacity);
        self.features.clear();
        self.features.reserve(self.board.capacity());
        self.board
            .place_start(&self.set.tiles[start], start, Rotation(0));
        self.features
            .add_tile_with(&self.set.tiles, &self.own, &self.board);
        let params = self.rules.params();
        let mut supplies = [Supply {
            meeples: params.meeples,
            huts: params.huts,
        }; MAX_PLAYERS];
        for (seat, s) in supplies.iter_mut().enumerate().take(self.players) {
            // At most 20 + 4 × 5 meeples and 10 + 4 × 2 huts (the parameters' ranges):
            // within a byte.
            s.meeples += params.later_meeples * seat as u8;
            s.huts += params.later_huts * seat as u8;
        }
        // Every piece of every player may stand on the board at once.
        let pieces = supplies[..self.players]
            .iter()
            .map(|s| usize::from(s.meeples + s.huts))
            .sum::<usize>()
            + specials;
        // Recording starts before the deal: a game restarted after one that kept no events
        // logs its deal as a new game does.
        self.record = true;
        self.events.clear();
        self.state.begin(supplies, pieces);
        for (p, hand) in hands.into_iter().enumerate().take(self.players) {
            for &special in &hand {
                self.emit(Event::Deal { player: p, special });
            }
            self.state.scout.hands[p] = hand;
        }
        self.regular_dealt = self.regular.len();
        self.bonus_dealt = self.bonus.len();
        self.mark = trial::Mark::default();
        self.scratch.scored.clear();
        self.scratch.scored.reserve(pieces);
        self.draw_regular(0);
    }

    /// Makes this game a new one, exactly as [`Game::seeded`] would, keeping the memory this
    /// one has: what a run of many games sets each game up with.
    pub fn restart(&mut self, variant: &Variant, players: usize, seed: u64) {
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 5 players");
        self.set = variant.playing_set();
        let own = variant.own_features();
        if !Arc::ptr_eq(&self.own, own) {
            self.own = Arc::clone(own);
        }
        self.rules = Arc::from(variant.ruleset());
        self.players = players;
        self.set.deck_into(Deck::Regular, &mut self.regular);
        shuffle(&mut self.regular, &mut stream(seed, "regular"));
        self.set.deck_into(Deck::Bonus, &mut self.bonus);
        shuffle(&mut self.bonus, &mut stream(seed, "bonus"));
        let hands = match self.rules.scout() {
            Some(options) => deal(&self.set, players, seed, options),
            None => Vec::new(),
        };
        self.begin(hands);
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
        let own = Arc::clone(variant.own_features());
        let rules: Arc<Ruleset> = Arc::from(variant.ruleset());
        let mut regular = set.deck(Deck::Regular);
        shuffle(&mut regular, &mut stream(seed, "regular"));
        let mut bonus = set.deck(Deck::Bonus);
        shuffle(&mut bonus, &mut stream(seed, "bonus"));
        let hands = match rules.scout() {
            Some(options) => deal(&set, players, seed, options),
            None => Vec::new(),
        };
        Game::with_parts((set, own), rules, players, (regular, bonus), hands)
    }

    /// The Scout special pieces `player` still holds (special tiles not laid, the Shaman card).
    pub fn hand(&self, player: usize) -> &[Special] {
        &self.state.scout.hands[player]
    }

    /// Makes this game a copy of `source` that records no events, reusing this game's
    /// buffers: a cheap trial board for a bot weighing its moves.
    pub fn copy_for_trial(&mut self, source: &Game) {
        self.copy_state(source);
        self.events.clear();
        self.record = false;
    }

    /// Copies everything of `o` but its events into this game. The pattern names every field
    /// of a game, so a new one does not compile until it is copied (or said not to be).
    fn copy_state(&mut self, o: &Game) {
        let Game {
            set,
            own,
            rules,
            players,
            board,
            features,
            regular,
            bonus,
            state,
            events: _,
            regular_dealt,
            bonus_dealt,
            record: _,
            mark,
            scratch: _,
        } = self;
        *set = Arc::clone(&o.set);
        if !Arc::ptr_eq(own, &o.own) {
            *own = Arc::clone(&o.own);
        }
        *rules = Arc::clone(&o.rules);
        *players = o.players;
        board.clone_from(&o.board);
        features.clone_from(&o.features);
        regular.clone_from(&o.regular);
        bonus.clone_from(&o.bonus);
        state.clone_from(&o.state);
        *regular_dealt = o.regular_dealt;
        *bonus_dealt = o.bonus_dealt;
        mark.forget();
    }

    fn emit(&mut self, e: Event) {
        if self.record {
            self.events.push(e);
        }
    }

    pub fn tiles(&self) -> &TileSet {
        &self.set
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
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

    /// [`Features::preview`] of tile `t` of the set laid at `at`, from the own features
    /// the game keeps for its set: what a bot asks of every placement it weighs.
    pub fn preview(&self, t: usize, at: Placement, flags: (bool, bool), out: &mut Preview) {
        self.features.preview(
            (&self.set.tiles, &self.board),
            (&self.own, t),
            at,
            flags,
            out,
        );
    }

    /// The tile to place and who places it; `None` once the game is over.
    pub fn turn(&self) -> Option<Turn> {
        self.state.turn
    }

    pub fn is_over(&self) -> bool {
        self.state.turn.is_none()
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn pieces(&self) -> &[OnBoard] {
        &self.state.pieces
    }

    /// Points of a player by category.
    pub fn score(&self, player: usize, category: Category) -> u32 {
        self.state.scores[player][category as usize]
    }

    pub fn total(&self, player: usize) -> u32 {
        self.state.scores[player].iter().sum()
    }

    /// Meeples and huts a player has in supply.
    pub fn supply(&self, player: usize) -> (u8, u8) {
        (
            self.state.supply[player].meeples,
            self.state.supply[player].huts,
        )
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
        self.state.tally.bonus_turns
    }

    /// Drawn tiles that fitted nowhere, so far.
    pub fn discards(&self) -> u32 {
        self.state.tally.discards
    }

    /// Once the game is over: the gatherers and the fishers that stood on unfinished forests
    /// and rivers at the end (they score nothing), all players together.
    pub fn left_unfinished(&self) -> (u32, u32) {
        (
            self.state.tally.unfinished[0],
            self.state.tally.unfinished[1],
        )
    }

    /// Stops keeping events from now on (the scores, the board and everything else go on as
    /// before): for games nobody will write a log or a table of events for, such as the many
    /// games of a simulation.
    pub fn keep_no_events(&mut self) {
        self.record = false;
        self.events = Vec::new();
    }

    /// Keeps only the first `n` events: a game recorded at the table drops those that follow
    /// from tiles nobody has named yet ([`crate::record::Recording::game_so_far`]).
    pub fn forget_events_after(&mut self, n: usize) {
        self.events.truncate(n);
    }

    /// Regular tiles not yet drawn.
    pub fn regular_left(&self) -> usize {
        self.regular.len() - self.state.next_regular
    }

    /// The tiles not yet drawn whose order nobody knows, sorted: the regular deck's, then the
    /// bonus (or menhir) deck's. A player may count the tiles still to come but not know
    /// their order; a tile refused back under its stack (Scout) is known to be there and is
    /// not among them.
    pub fn unseen(&self) -> (Vec<usize>, Vec<usize>) {
        let sorted = |deck: &[usize], next: usize, dealt: usize| {
            let mut v = deck[next.min(dealt)..dealt].to_vec();
            v.sort_unstable();
            v
        };
        (
            sorted(&self.regular, self.state.next_regular, self.regular_dealt),
            sorted(&self.bonus, self.state.next_bonus, self.bonus_dealt),
        )
    }

    /// Puts the unseen tiles of each deck in sorted order, the order [`Game::unseen`] lists
    /// them in: a bot's copy whose draws then depend on which tiles remain, never on their
    /// real order.
    pub fn sort_unseen(&mut self) {
        let s = &self.state;
        self.regular[s.next_regular.min(self.regular_dealt)..self.regular_dealt].sort_unstable();
        self.bonus[s.next_bonus.min(self.bonus_dealt)..self.bonus_dealt].sort_unstable();
    }

    /// Puts the unseen tiles of each deck in the order given: a guess at the future, for a
    /// bot's copy of the game. Each slice must hold the tiles of [`Game::unseen`] for its deck.
    pub fn reorder_unseen(&mut self, regular: &[usize], bonus: &[usize]) {
        let place = |deck: &mut Vec<usize>, next: usize, dealt: usize, order: &[usize]| {
            let slot = &mut deck[next.min(dealt)..dealt];
            assert_eq!(
                slot.len(),
                order.len(),
                "the unseen tiles of a deck, reordered"
            );
            debug_assert!({
                let (mut a, mut b) = (slot.to_vec(), order.to_vec());
                a.sort_unstable();
                b.sort_unstable();
                a == b
            });
            slot.copy_from_slice(order);
        };
        place(
            &mut self.regular,
            self.state.next_regular,
            self.regular_dealt,
            regular,
        );
        place(
            &mut self.bonus,
            self.state.next_bonus,
            self.bonus_dealt,
            bonus,
        );
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
        if self.state.next_regular < self.regular.len() && self.any_special_move(choosing) {
            self.state.turn = Some(choosing);
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
                (&self.bonus, &mut self.state.next_bonus)
            } else {
                (&self.regular, &mut self.state.next_regular)
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
                self.state.turn = Some(Turn {
                    player,
                    tile: Some(tile),
                    bonus,
                });
                return true;
            }
            self.emit(Event::Discard { tile });
            self.state.tally.discards += 1;
            if bonus && !self.rules.options().redraw_unplaceable_bonus {
                return false;
            }
        }
    }

    /// Plays a move after checking it; an illegal move leaves the game untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move from [`Game::legal_moves`] without checking it again.
    pub fn play_unchecked(&mut self, mv: Move) {
        let Some(turn) = self.state.turn.take() else {
            return;
        };
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
                self.state.scout.hands[p].retain(|s| *s != Special::Tile(t));
                t
            }
        };
        // The tiles are borrowed field by field, and the shared tile set's handle is cloned
        // only for the rare tiles that act: a clone on every move would make the threads of
        // `simulate` contend for its counter.
        let placed = self
            .board
            .place_legal(&self.set.tiles[tile_index], tile_index, mv.at);
        self.state.tally.bonus_turns += u32::from(turn.bonus);
        self.features
            .add_tile_with(&self.set.tiles, &self.own, &self.board);
        self.emit(Event::Place {
            player: p,
            tile: tile_index,
            at: mv.at,
            recall: mv.recall.map(|r| self.state.pieces[r]),
            piece: mv.piece,
        });
        if let Play::Special(_) = mv.play {
            let set = Arc::clone(&self.set);
            self.special_laid(p, &set.tiles[tile_index], placed);
        }
        // Immediate actions, before the piece (rules-matrix row 34).
        if acts_when_laid(&self.set.tiles[tile_index]) {
            let set = Arc::clone(&self.set);
            self.immediate_actions(p, &set.tiles[tile_index], placed);
        }
        if let Some(r) = mv.recall {
            let piece = self.state.pieces.remove(r);
            self.take_back(piece, false);
            if !self.shaman_tile(tile_index) {
                self.state.scout.shaman_used = true;
            }
        }

        if let Some((piece, at)) = mv.piece {
            let s = &mut self.state.supply[p];
            if piece == Piece::Hut {
                s.huts -= 1;
            } else {
                s.meeples -= 1;
            }
            self.features
                .add_piece(&self.set.tiles, &self.board, piece, p, at)
                .expect("a legal piece");
            self.state.pieces.push(OnBoard {
                player: p,
                piece,
                at,
            });
        }

        // Score every forest and river the tile completed.
        // (Scoring and returns leave the lists of completed features as they are.)
        let mut bonus = false;
        for i in 0..self.features.completed_forests().len() {
            let z = self.features.completed_forests()[i];
            let info = *self.features.forest(z);
            bonus |= self.rules.params().bonus_turns && self.rules.bonus_markers(&info) > 0;
            let winners = majority(&info.gatherers);
            if !winners.is_empty() {
                let b = self.rules.forest::<Breakdown>(&info);
                self.award(winners, Category::Forests, z, b);
            }
            self.return_pieces(z, Piece::Gatherer, p);
        }
        for i in 0..self.features.completed_rivers().len() {
            let z = self.features.completed_rivers()[i];
            let info = *self.features.river(z);
            let winners = majority(&info.fishers);
            if !winners.is_empty() {
                let b = self.rules.river::<Breakdown>(&info);
                self.award(winners, Category::Rivers, z, b);
            }
            self.dugout_bonus(z);
            self.return_pieces(z, Piece::Fisher, p);
        }

        // At most one bonus turn per turn, never from a bonus tile.
        if bonus && !turn.bonus {
            let last = self.state.next_regular >= self.regular.len();
            if (!last || self.rules.options().last_tile_bonus_turn) && self.draw(p, true) {
                return;
            }
        }
        self.end_turn(p);
    }

    /// Ends the turn of `p`: the next player draws, or the game ends.
    fn end_turn(&mut self, p: usize) {
        self.state.returned_this_turn = 0;
        self.state.scout.refused_land = false;
        self.state.scout.refused_bonus = false;
        self.state.scout.shaman_used = false;
        if self.state.next_regular >= self.regular.len() {
            self.finish();
        } else {
            self.draw_regular((p + 1) % self.players);
        }
    }
}

/// A set of players, as the winners of a majority.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Players(u8);

impl Players {
    pub fn one(player: usize) -> Players {
        Players(1 << player)
    }

    pub fn contains(self, player: usize) -> bool {
        self.0 & (1 << player) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in seat order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..MAX_PLAYERS).filter(move |&p| self.contains(p))
    }
}

/// The players with the most pieces (all of them on a tie); none if nobody has one.
pub fn majority(counts: &[u16; MAX_PLAYERS]) -> Players {
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Players::default();
    }
    Players(
        (0..MAX_PLAYERS)
            .filter(|&p| counts[p] == best)
            .fold(0, |m, p| m | 1 << p),
    )
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
