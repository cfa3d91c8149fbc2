//! The bot that plays any legal move, uniformly.

use hunters_engine::game::{Game, Move, MovePicker};
use hunters_engine::rng::{Stream, below};

use crate::play::Bot;

/// Uniform over every legal move (placement, shaman choice and piece together).
pub struct RandomBot {
    rng: Stream,
    /// Buffers for drawing one legal move without listing them all, kept from one decision
    /// to the next.
    groups: MovePicker,
}

impl RandomBot {
    pub fn new(rng: Stream) -> RandomBot {
        RandomBot {
            rng,
            // Empty: the buffers grow to size in the first turns and keep their memory.
            groups: MovePicker::default(),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, _game: &Game, moves: &[Move]) -> Result<Move, String> {
        Ok(moves[below(&mut self.rng, moves.len())])
    }

    fn start_over(&mut self, rng: Stream) -> bool {
        // The move picker holds buffers only.
        self.rng = rng;
        true
    }

    /// The same draw as [`Bot::choose`] over the whole list, which is never made: the moves
    /// are counted and only the one drawn is written out.
    fn choose_in(&mut self, game: &Game, _moves: &mut Vec<Move>) -> Result<Move, String> {
        let rng = &mut self.rng;
        game.pick_move(&mut self.groups, |n| below(rng, n))
            .ok_or_else(|| "the game is over".to_string())
    }
}
