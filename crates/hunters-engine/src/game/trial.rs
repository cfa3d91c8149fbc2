//! Trying a move and taking it back: the journal a bot (or a search) plays moves on instead of
//! copying the whole game for each one.
//!
//! [`Game::begin_trial`] marks the state; any number of moves may follow (checked or not, to
//! the end of the game if need be); [`Game::undo_trial`] puts back exactly the state of the
//! mark. The board and the features keep journals of what they change (cells and nodes, each
//! saved once); the small rest of the game (supply, scores, pieces, decks read so far, the
//! Scout hands) is saved whole, into buffers that live as long as the game. One trial at a
//! time.

use super::{Game, State};
use crate::board::Placement;

/// What a game was when its trial began, apart from the board and the features: the state
/// whole, and how long the decks and the events were (a trial only adds to them).
#[derive(Debug, Default)]
pub(super) struct Mark {
    active: bool,
    regular: usize,
    bonus: usize,
    events: usize,
    state: State,
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
        m.events = self.events.len();
        m.state.clone_from(&self.state);
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
        self.events.truncate(m.events);
        // The trial's state goes to the mark, whose buffers the next trial reuses.
        std::mem::swap(&mut self.state, &mut m.state);
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
        let Some(tile_index) = self.state.turn.and_then(|t| t.tile) else {
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
    ///
    /// Public for the bots' crate: the greedy bot, having laid a tile in a trial, asks it
    /// whether the game goes on with the next tile.
    pub fn next_regular_fits(&self) -> bool {
        self.regular
            .get(self.state.next_regular)
            .is_some_and(|&t| self.board.can_place(&self.set.tiles[t]))
    }

    /// The squares where the next regular tile fits now, into `out`, the tiles to come taken
    /// in sorted order (as a bot's copy holds them, [`Game::sort_unseen`]): what a bot may
    /// know without knowing their real order. A tile laid at a square that is neither one of
    /// them nor next to one leaves them as they are, so the next tile still fits after it.
    ///
    /// Public for the bots' crate: the greedy bot works them out once per decision instead
    /// of laying the tile at every placement it weighs.
    pub fn next_regular_squares(&self, out: &mut Vec<crate::board::Pos>) {
        out.clear();
        let next = self.state.next_regular;
        let unseen = &self.regular[next.min(self.regular_dealt)..self.regular_dealt];
        // Past the unseen tiles lie those refused back under the stack, in a known order.
        let tile = unseen
            .iter()
            .copied()
            .min()
            .or_else(|| self.regular.get(next).copied());
        if let Some(t) = tile {
            out.extend(self.board.fitting(&self.set.tiles[t]).map(|(p, _)| p));
        }
    }

    /// Whether a trial is running.
    pub fn in_trial(&self) -> bool {
        self.mark.active
    }
}

#[cfg(test)]
mod tests {
    use super::Game;
    use crate::Variant;
    use crate::rng::{below, stream};

    impl Game {
        /// Every field of the game that a move may change, but the features (whose roots
        /// and counters the trial tests compare), the events and final scoring's scratch. The pattern names every
        /// field: a new one does not compile until this says whether it is compared.
        fn position(&self) -> String {
            let Game {
                set: _,
                own: _,
                rules: _,
                players,
                board,
                features: _,
                regular,
                bonus,
                state,
                events: _,
                regular_dealt,
                bonus_dealt,
                record: _,
                mark: _,
                scratch: _,
            } = self;
            let mut frontier: Vec<_> = board.frontier().collect();
            frontier.sort_by_key(|p| (p.x, p.y));
            format!(
                "{players} {:?} {frontier:?} {regular:?} {bonus:?} {state:?} {regular_dealt} \
                 {bonus_dealt}",
                board.placed()
            )
        }
    }

    #[test]
    fn an_undo_restores_and_a_copy_copies_every_field() {
        let mut moves = Vec::new();
        for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
            let variant = Variant::load(name).unwrap();
            for seed in 0..4u64 {
                let mut game = Game::seeded(&variant, 2 + seed as usize % 3, seed);
                let mut copy = game.clone();
                let mut rng = stream(seed, "trial test");
                while !game.is_over() {
                    let before = game.position();
                    let events = game.events().len();
                    game.begin_trial();
                    for _ in 0..below(&mut rng, 30) {
                        if game.is_over() {
                            break;
                        }
                        game.legal_moves(&mut moves);
                        game.play(moves[below(&mut rng, moves.len())]).unwrap();
                    }
                    game.undo_trial();
                    assert_eq!(game.position(), before, "{name} seed {seed}");
                    assert_eq!(game.events().len(), events);
                    copy.copy_for_trial(&game);
                    assert_eq!(copy.position(), before, "{name} seed {seed}: the copy");
                    assert!(copy.events().is_empty());
                    game.legal_moves(&mut moves);
                    game.play(moves[below(&mut rng, moves.len())]).unwrap();
                }
                assert_eq!(game.clone().position(), game.position());
            }
        }
    }
}
