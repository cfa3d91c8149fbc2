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
use crate::rng::{shuffle, stream};
use crate::ruleset::{Breakdown, Ruleset};
use crate::tile::{
    Deck, Dir, LakeSpecial, MeadowSpecial, Piece, Rotation, Side, ZoneKind, ZoneRef,
};
use crate::tileset::TileSet;
use crate::variant::Variant;

/// What a score event is for; the columns of the score table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Rivers,
    Forests,
    Huts,
    Meadows,
    /// Points from special tiles scored when placed (2020 hunting trap and logboat).
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

/// One player's move: where the drawn tile goes, which meeple the 2020 shaman takes back (an
/// index into [`Game::pieces`]), and the piece put on the tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub at: Placement,
    pub recall: Option<usize>,
    pub piece: Option<(Piece, PieceAt)>,
}

/// Why a move was refused; the game is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    Placement(crate::board::PlaceError),
    Recall(&'static str),
    Piece(&'static str),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::Placement(e) => write!(f, "the tile cannot go there: {e}"),
            IllegalMove::Recall(e) => write!(f, "the shaman cannot take that back: {e}"),
            IllegalMove::Piece(e) => write!(f, "the piece cannot go there: {e}"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnBoard {
    pub player: usize,
    pub piece: Piece,
    pub at: PieceAt,
}

/// The tile the player to move must place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub player: usize,
    pub tile: usize,
    pub bonus: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct Supply {
    meeples: u8,
    huts: u8,
    /// Meeples that came back earlier this turn (not usable on the bonus tile in 2002).
    returned: u8,
}

/// A game in progress.
#[derive(Clone)]
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
    scores: [[u32; 5]; MAX_PLAYERS],
    pieces: Vec<OnBoard>,
    covered: Vec<(ZoneId, Herd)>,
    turn: Option<Turn>,
    events: Vec<Event>,
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
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 5 players");
        let start = set.deck(Deck::Start)[0];
        let mut board = Board::new(set.tiles.len());
        let mut features = Features::new();
        board.place_start(&set.tiles[start], start, Rotation(0));
        features.add_tile(&set.tiles, &board);
        let supply = Supply {
            meeples: rules.meeples(),
            huts: rules.huts(),
            returned: 0,
        };
        let mut game = Game {
            set,
            rules,
            players,
            board,
            features,
            regular,
            bonus,
            next_regular: 0,
            next_bonus: 0,
            supply: [supply; MAX_PLAYERS],
            scores: [[0; 5]; MAX_PLAYERS],
            pieces: Vec::new(),
            covered: Vec::new(),
            turn: None,
            events: Vec::new(),
        };
        game.draw_regular(0);
        game
    }

    /// A new game of `variant` for `players` seats, its decks shuffled from the master seed:
    /// the regular deck from stream `"regular"`, the bonus (menhir) deck from `"bonus"`. Both
    /// streams depend on the seed alone, so editions that share tile shapes deal the same
    /// landscape order.
    pub fn seeded(variant: &Variant, players: usize, seed: u64) -> Game {
        let set = Arc::new(variant.tiles.clone());
        let mut regular = set.deck(Deck::Regular);
        shuffle(&mut regular, &mut stream(seed, "regular"));
        let mut bonus = set.deck(Deck::Bonus);
        shuffle(&mut bonus, &mut stream(seed, "bonus"));
        Game::new(set, Arc::from(variant.ruleset()), players, regular, bonus)
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

    /// Regular tiles not yet drawn.
    pub fn regular_left(&self) -> usize {
        self.regular.len() - self.next_regular
    }

    fn draw_regular(&mut self, player: usize) {
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
            *next += 1;
            self.events.push(Event::Draw {
                player,
                tile,
                bonus,
            });
            if self.board.can_place(&self.set.tiles[tile]) {
                self.turn = Some(Turn {
                    player,
                    tile,
                    bonus,
                });
                return true;
            }
            self.events.push(Event::Discard { tile });
            if bonus && !self.rules.options().redraw_unplaceable_bonus {
                return false;
            }
        }
    }

    /// Meeples the player may put on the tile of this turn.
    fn meeples_available(&self, turn: Turn) -> u8 {
        let s = self.supply[turn.player];
        if turn.bonus && !self.rules.options().reuse_returned_on_bonus {
            s.meeples - s.returned.min(s.meeples)
        } else {
            s.meeples
        }
    }

    /// Every legal move of the player to move, into `out` (cleared first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let Some(turn) = self.turn else { return };
        let tile = &self.set.tiles[turn.tile];
        let mut placements = Vec::new();
        self.board.legal_placements(tile, &mut placements);
        let recalls = self.recall_options(turn);
        for at in placements {
            for &recall in &recalls {
                let free = self.free_zones(turn.tile, at, recall);
                out.push(Move {
                    at,
                    recall,
                    piece: None,
                });
                let mut meeples = self.meeples_available(turn);
                if let Some(r) = recall {
                    meeples += u8::from(self.pieces[r].piece != Piece::Hut);
                }
                for (piece, zone) in free.options(meeples > 0, self.supply[turn.player].huts > 0) {
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
                    });
                }
            }
        }
    }

    /// The shaman choices: nothing, or one of the player's meeples, when the tile shows a shaman.
    fn recall_options(&self, turn: Turn) -> Vec<Option<usize>> {
        let tile = &self.set.tiles[turn.tile];
        let mut out = vec![None];
        if tile.meadows.iter().any(|m| m.has(MeadowSpecial::Shaman)) {
            for (i, p) in self.pieces.iter().enumerate() {
                if p.player == turn.player
                    && p.piece != Piece::Hut
                    && matches!(p.at, PieceAt::Zone(_))
                {
                    out.push(Some(i));
                }
            }
        }
        out
    }

    /// Which zones of `tile` would be free of meeples / huts if laid at `at`, worked out from
    /// the features its sides would join, without laying it.
    fn free_zones(&self, tile_index: usize, at: Placement, recalled: Option<usize>) -> FreeZones {
        // The shaman's meeple leaves before the piece is placed, so its feature may be free.
        let gone = recalled.map(|r| self.pieces[r]);
        let gone_from = |piece: Piece, key: FeatureKey| -> u16 {
            match gone {
                Some(g) if g.piece == piece => match g.at {
                    PieceAt::Zone(z) => {
                        u16::from(self.features.key(&self.set.tiles, &self.board, z, false) == key)
                    }
                    PieceAt::Spot { .. } => 0,
                },
                _ => 0,
            }
        };
        let tile = &self.set.tiles[tile_index];
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        // For each local zone, the features next door it joins (as zones of neighbours).
        let mut touches: Vec<Vec<(ZoneRef, ZoneId)>> = vec![Vec::new(); 4];
        for dir in Dir::ALL {
            let Some(n) = self.board.index_at(at.pos.step(dir)) else {
                continue;
            };
            let other = self.board.placed()[n];
            let otile = &tiles[other.tile];
            let parts: &[usize] = match tile.side(at.rot, dir) {
                Side::River => &[0, 1, 2],
                _ => &[1],
            };
            for &part in parts {
                let here = tile.zone_at(at.rot, dir, part);
                let there = otile.zone_at(other.rot, dir.opposite(), 2 - part);
                let slot = match here.kind {
                    ZoneKind::Forest => 0,
                    ZoneKind::Meadow => 1,
                    _ => 2,
                };
                touches[slot].push((
                    here,
                    ZoneId {
                        placed: n as u16,
                        zone: there,
                    },
                ));
            }
        }
        let mut free = FreeZones::default();
        for (slot, kind) in [ZoneKind::Forest, ZoneKind::Meadow, ZoneKind::River]
            .into_iter()
            .enumerate()
        {
            let n = tile.zone_count(kind);
            // Local zones joined through a shared neighbour feature form one feature.
            let keys: Vec<(u8, FeatureKey, bool)> = touches[slot]
                .iter()
                .map(|(z, nz)| {
                    let key = self.features.key(tiles, &self.board, *nz, false);
                    let sum = |c: &[u16]| c.iter().sum::<u16>();
                    let taken = match kind {
                        ZoneKind::Forest => {
                            sum(&self.features.forest(*nz).gatherers)
                                > gone_from(Piece::Gatherer, key)
                        }
                        ZoneKind::Meadow => {
                            let m = self.features.meadow(*nz);
                            sum(&m.hunters) + sum(&m.farm_huts) > gone_from(Piece::Hunter, key)
                        }
                        _ => sum(&self.features.river(*nz).fishers) > gone_from(Piece::Fisher, key),
                    };
                    (z.index, key, taken)
                })
                .collect();
            let group = local_groups(n, &keys);
            for i in 0..n {
                let taken = keys
                    .iter()
                    .any(|(z, _, t)| *t && group[usize::from(*z)] == group[i]);
                if !taken {
                    free.zones.push((
                        match kind {
                            ZoneKind::Forest => Piece::Gatherer,
                            ZoneKind::Meadow => Piece::Hunter,
                            _ => Piece::Fisher,
                        },
                        ZoneRef {
                            kind,
                            index: i as u8,
                        },
                    ));
                }
            }
        }
        // River systems: the tile's rivers and lakes, joined through its lakes and through the
        // systems next door.
        let nr = tile.rivers.len();
        let n = nr + tile.lakes.len();
        if n > 0 {
            let mut keys: Vec<(u8, FeatureKey, bool)> = Vec::new();
            for (z, nz) in &touches[2] {
                if z.kind != ZoneKind::River {
                    continue;
                }
                let key = self.features.key(tiles, &self.board, *nz, true);
                let taken = self
                    .features
                    .system(tiles, &self.board, *nz)
                    .huts
                    .iter()
                    .any(|&c| c > 0);
                keys.push((z.index, key, taken));
            }
            // Rivers and their lakes are one system from the start.
            let mut group = local_groups(n, &keys);
            for (i, r) in tile.rivers.iter().enumerate() {
                for e in &r.ends {
                    if let crate::tile::RiverEnd::Lake(l) = e {
                        let (a, b) = (group[i], group[nr + usize::from(*l)]);
                        for g in group.iter_mut() {
                            if *g == b {
                                *g = a;
                            }
                        }
                    }
                }
            }
            for i in 0..n {
                let taken = keys
                    .iter()
                    .any(|(z, _, t)| *t && group[usize::from(*z)] == group[i]);
                if !taken {
                    let zone = if i < nr {
                        ZoneRef {
                            kind: ZoneKind::River,
                            index: i as u8,
                        }
                    } else {
                        ZoneRef {
                            kind: ZoneKind::Lake,
                            index: (i - nr) as u8,
                        }
                    };
                    free.zones.push((Piece::Hut, zone));
                }
            }
        }
        free
    }

    /// Plays a move after checking it; an illegal move leaves the game untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let Some(turn) = self.turn else {
            return Err(IllegalMove::GameOver);
        };
        let tile = &self.set.tiles[turn.tile];
        self.board
            .check(tile, mv.at)
            .map_err(IllegalMove::Placement)?;
        if let Some(r) = mv.recall
            && !self.recall_options(turn).contains(&Some(r))
        {
            return Err(IllegalMove::Recall(
                "only a meeple of the placer, after placing the shaman",
            ));
        }
        if let Some((piece, at)) = mv.piece {
            let PieceAt::Zone(z) = at else {
                return Err(IllegalMove::Piece(
                    "special spots belong to the Scout rules",
                ));
            };
            if usize::from(z.placed) != self.board.len() {
                return Err(IllegalMove::Piece("only on the tile just placed"));
            }
            let free = self.free_zones(turn.tile, mv.at, mv.recall);
            if !free.zones.contains(&(piece, z.zone)) {
                return Err(IllegalMove::Piece(
                    "that feature already has a piece of that kind",
                ));
            }
            let mut meeples = self.meeples_available(turn);
            if let Some(r) = mv.recall {
                meeples += u8::from(self.pieces[r].piece != Piece::Hut);
            }
            let has = if piece == Piece::Hut {
                self.supply[turn.player].huts > 0
            } else {
                meeples > 0
            };
            if !has {
                return Err(IllegalMove::Piece("no such piece left in the supply"));
            }
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move from [`Game::legal_moves`] without checking it again.
    pub fn play_unchecked(&mut self, mv: Move) {
        let Some(turn) = self.turn.take() else { return };
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let tile = &tiles[turn.tile];
        let p = turn.player;
        let placed = self
            .board
            .place(tile, turn.tile, mv.at)
            .expect("a legal placement");
        self.features.add_tile(tiles, &self.board);
        self.events.push(Event::Place {
            player: p,
            tile: turn.tile,
            at: mv.at,
            recall: mv.recall.map(|r| self.pieces[r]),
            piece: mv.piece,
        });

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
            let info = self.features.forest(z).clone();
            bonus |= self.rules.bonus_markers(&info) > 0;
            let winners = majority(&info.gatherers);
            if !winners.is_empty() {
                let b = self.rules.score_forest(&info);
                self.award(winners, Category::Forests, z, b);
            }
            self.return_pieces(z, Piece::Gatherer);
        }
        for z in rivers {
            let info = self.features.river(z).clone();
            let winners = majority(&info.fishers);
            if !winners.is_empty() {
                let b = self.rules.score_river(&info);
                self.award(winners, Category::Rivers, z, b);
            }
            self.return_pieces(z, Piece::Fisher);
        }

        // At most one bonus turn per turn, never from a bonus tile.
        if bonus && !turn.bonus {
            let last = self.next_regular >= self.regular.len();
            if (!last || self.rules.options().last_tile_bonus_turn) && self.draw(p, true) {
                return;
            }
        }
        self.supply[p].returned = 0;
        if self.next_regular >= self.regular.len() {
            self.finish();
        } else {
            self.draw_regular((p + 1) % self.players);
        }
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
        self.events.push(Event::Score(ScoreEvent {
            players,
            category,
            zone,
            breakdown,
        }));
    }

    /// Returns every `kind` piece standing in the feature of `z`.
    fn return_pieces(&mut self, z: ZoneId, kind: Piece) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let key = self.features.key(tiles, &self.board, z, false);
        let mut i = 0;
        while i < self.pieces.len() {
            let piece = self.pieces[i];
            let here = match piece.at {
                PieceAt::Zone(pz) if piece.piece == kind => {
                    self.features.key(tiles, &self.board, pz, false) == key
                }
                _ => false,
            };
            if here {
                self.pieces.remove(i);
                self.take_back(piece, true);
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
            s.returned += 1;
        }
        if announce {
            self.events.push(Event::Return {
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
        let b = self.rules.score_meadow(&herd, fire, &Herd::default());
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
                self.events.push(Event::Cover {
                    zone: z,
                    animals: c,
                });
            }
        }
    }

    /// Ends the game: gatherers and fishers leave without scoring, then huts and meadows score.
    fn finish(&mut self) {
        self.turn = None;
        self.events.push(Event::End);
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
            let info = self.features.system(tiles, &self.board, z).clone();
            let winners = majority(&info.huts);
            let b = self.rules.score_huts(&info);
            self.award(winners, Category::Huts, z, b);
        }
        // Meadows: every meadow with a hunter.
        for piece in &self.pieces {
            if let (Piece::Hunter, PieceAt::Zone(z)) = (piece.piece, piece.at) {
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
    }

    fn score_meadow(&mut self, zones: &[ZoneId]) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let z0 = zones[0];
        let info = self.features.meadow(z0).clone();
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
        // Pit traps double the animals on the tiles around them in this meadow.
        let mut doubled = Herd::default();
        let mut doubles: Vec<ZoneId> = Vec::new();
        for z in zones {
            let m = &tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
                [usize::from(z.zone.index)];
            if m.has(MeadowSpecial::PitTrap) {
                for around in self.zones_around(usize::from(z.placed), key, false) {
                    if self.rules.options().pit_traps_stack || !doubles.contains(&around) {
                        doubles.push(around);
                    }
                }
            }
        }
        for z in doubles {
            doubled.add(&self.uncovered(z));
        }
        doubled.tigers = 0;
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

/// Groups the `n` local zones of one kind: zones touching the same neighbour feature share a
/// group. Returns the group of each zone.
fn local_groups(n: usize, keys: &[(u8, FeatureKey, bool)]) -> Vec<usize> {
    let mut group: Vec<usize> = (0..n.max(1)).collect();
    for (i, (za, ka, _)) in keys.iter().enumerate() {
        for (zb, kb, _) in &keys[i + 1..] {
            if ka == kb {
                let (a, b) = (group[usize::from(*za)], group[usize::from(*zb)]);
                for g in group.iter_mut() {
                    if *g == b {
                        *g = a;
                    }
                }
            }
        }
    }
    group
}

/// The zones of a tile a piece may go on, with the piece.
#[derive(Default)]
struct FreeZones {
    zones: Vec<(Piece, ZoneRef)>,
}

impl FreeZones {
    fn options(&self, meeples: bool, huts: bool) -> impl Iterator<Item = (Piece, ZoneRef)> + '_ {
        self.zones
            .iter()
            .copied()
            .filter(move |(p, _)| if *p == Piece::Hut { huts } else { meeples })
    }
}
