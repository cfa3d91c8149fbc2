//! Bots: players that choose moves from the legal ones, deterministically from their stream.

use crate::game::{Game, Move};
use crate::rng::{Stream, below};

/// A bot chooses one of the legal moves of the game's player to move.
pub trait Bot {
    fn name(&self) -> &'static str;
    /// Chooses among `moves` (never empty, all legal).
    fn choose(&mut self, game: &Game, moves: &[Move]) -> Move;
}

/// Uniform over every legal move (placement, shaman choice and piece together).
pub struct RandomBot {
    rng: Stream,
}

impl RandomBot {
    pub fn new(rng: Stream) -> RandomBot {
        RandomBot { rng }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _game: &Game, moves: &[Move]) -> Move {
        moves[below(&mut self.rng, moves.len())]
    }
}
