//! Trying a move and taking it back: the journal a bot (or a search) plays moves on instead of
//! copying the whole game for each one.
//!
//! [`Game::begin_trial`] marks the state; any number of moves may follow (checked or not, to
//! the end of the game if need be); [`Game::undo_trial`] puts back exactly the state of the
//! mark. The board and the features keep journals of what they change (cells and nodes, each
//! saved once); the small rest of the game (supply, scores, pieces, decks read so far, the
//! Scout hands) is saved whole, into buffers that live as long as the game. One trial at a
//! time.

use super::{Game, OnBoard, ScoutState, Supply, Turn};
use crate::board::Placement;
use crate::feature::{Herd, MAX_PLAYERS, ZoneId};

/// What a game was when its trial began, apart from the board and the features.
#[derive(Debug, Default)]
pub(super) struct Mark {
    active: bool,
    regular: usize,
    bonus: usize,
    next_regular: usize,
    next_bonus: usize,
    supply: [Supply; MAX_PLAYERS],
    returned_this_turn: u8,
    tally: super::GameTally,
    scores: [[u32; 5]; MAX_PLAYERS],
    pieces: Vec<OnBoard>,
    covered: Vec<(ZoneId, Herd)>,
    turn: Option<Turn>,
    events: usize,
    scout: ScoutState,
}

impl Mark {
    /// Forgets a running trial (the game was overwritten by a copy).
    pub(super) fn forget(&mut self) {
        self.active = false;
    }
}

impl Game {
    /// Marks the game as it is now; [`Game::undo_trial`] comes back to it. One trial at a
    /// time: a trial already running is taken back first.
    pub fn begin_trial(&mut self) {
        if self.mark.active {
            self.undo_trial();
        }
        let m = &mut self.mark;
        m.active = true;
        m.regular = self.regular.len();
        m.bonus = self.bonus.len();
        m.next_regular = self.next_regular;
        m.next_bonus = self.next_bonus;
        m.supply = self.supply;
        m.returned_this_turn = self.returned_this_turn;
        m.tally = self.tally;
        m.scores = self.scores;
        m.pieces.clone_from(&self.pieces);
        m.covered.clone_from(&self.covered);
        m.turn = self.turn;
        m.events = self.events.len();
        m.scout.clone_from(&self.scout);
        self.board.begin_trial();
        self.features.begin_trial();
    }

    /// Takes back every move played since [`Game::begin_trial`]; nothing happens without a
    /// trial.
    pub fn undo_trial(&mut self) {
        if !self.mark.active {
            return;
        }
        self.board.undo_trial();
        self.features.undo_trial();
        let m = &mut self.mark;
        m.active = false;
        // A refused tile went under its deck during the trial.
        self.regular.truncate(m.regular);
        self.bonus.truncate(m.bonus);
        self.next_regular = m.next_regular;
        self.next_bonus = m.next_bonus;
        self.supply = m.supply;
        self.returned_this_turn = m.returned_this_turn;
        self.tally = m.tally;
        self.scores = m.scores;
        std::mem::swap(&mut self.pieces, &mut m.pieces);
        std::mem::swap(&mut self.covered, &mut m.covered);
        self.turn = m.turn;
        self.events.truncate(m.events);
        std::mem::swap(&mut self.scout, &mut m.scout);
    }

    /// Lays the drawn tile at `at` on the board and into the features only, in a trial that
    /// [`Game::undo_trial`] takes back: no piece, no scoring, no draw, the turn unchanged. For
    /// a bot that wants to know what the features would become; the completed forests and
    /// rivers are in [`crate::feature::Features::completed_forests`] and `completed_rivers`.
    /// Until the undo only read the board and the features: the rest of the game still says
    /// the tile is to be laid. False (and nothing laid) if there is no drawn tile or it does
    /// not fit there.
    pub fn try_tile(&mut self, at: Placement) -> bool {
        // A trial still running has moved the turn on: take it back first.
        if self.mark.active {
            self.undo_trial();
        }
        let Some(tile_index) = self.turn.and_then(|t| t.tile) else {
            return false;
        };
        if self.board.check(&self.set.tiles[tile_index], at).is_err() {
            return false;
        }
        self.begin_trial();
        self.board
            .place_legal(&self.set.tiles[tile_index], tile_index, at);
        self.features
            .add_tile_with(&self.set.tiles, &self.own, &self.board);
        true
    }

    /// Whether the next regular tile fits on the board as it is: after a turn that scores
    /// nothing, the game then goes on with it. (A bot's full trial of a move draws that tile
    /// too; this tells the same without the draw.)
    pub(crate) fn next_regular_fits(&self) -> bool {
        self.regular
            .get(self.next_regular)
            .is_some_and(|&t| self.board.can_place(&self.set.tiles[t]))
    }

    /// The squares where the next regular tile fits now, into `out`. A tile laid at a square
    /// that is neither one of them nor next to one leaves them as they are, so the next tile
    /// still fits after it.
    pub(crate) fn next_regular_squares(&self, out: &mut Vec<crate::board::Pos>) {
        out.clear();
        if let Some(&t) = self.regular.get(self.next_regular) {
            out.extend(self.board.fitting(&self.set.tiles[t]).map(|(p, _)| p));
        }
    }

    /// Whether a trial is running.
    pub fn in_trial(&self) -> bool {
        self.mark.active
    }
}
