//! The bot of each kind, made for a seat of a seeded game.

use hunters_engine::rng::{Stream, stream};

#[cfg(feature = "seats")]
use crate::exec::ExecBot;
use crate::greedy::GreedyBot;
#[cfg(feature = "seats")]
use crate::human::HumanBot;
use crate::kind::BotKind;
use crate::mcts::MctsBot;
use crate::play::Bot;
use crate::random::RandomBot;
use crate::restrict::Restricted;

impl BotKind {
    /// The bot for seat `seat` of a game with master seed `seed`; each seat has its own stream
    /// (`"bot {seat}"`), so one bot's choices never shift another's.
    pub fn make(&self, seed: u64, seat: usize) -> Box<dyn Bot + Send> {
        self.make_with(Self::stream(seed, seat), seat)
    }

    /// The bot for seat `seat` in replay `replay` of the game with master seed `seed`: replay
    /// 0 is the game [`BotKind::make`] plays; every other replay draws the bots' choices from
    /// streams of its own (`"bot {seat} replay {replay}"`), so that the same tiles are played
    /// with other decisions (how much of the outcome the deal decides).
    pub fn make_replay(&self, seed: u64, seat: usize, replay: u32) -> Box<dyn Bot + Send> {
        if replay == 0 {
            return self.make(seed, seat);
        }
        self.make_with(stream(seed, &format!("bot {seat} replay {replay}")), seat)
    }

    // Only a program bot (the `seats` feature) is told its seat.
    #[cfg_attr(not(feature = "seats"), allow(clippy::only_used_in_recursion))]
    fn make_with(&self, rng: Stream, seat: usize) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(rng)),
            BotKind::Greedy => Box::new(GreedyBot::new(rng)),
            #[cfg(feature = "seats")]
            BotKind::Human => Box::new(HumanBot::on_terminal()),
            BotKind::Mcts { playouts } => Box::new(MctsBot::new(rng, *playouts)),
            BotKind::MctsV1 { playouts } => Box::new(MctsBot::first(rng, *playouts)),
            BotKind::MctsV2 { playouts } => Box::new(MctsBot::second(rng, *playouts)),
            BotKind::MctsV3 { playouts } => Box::new(MctsBot::third(rng, *playouts)),
            #[cfg(feature = "seats")]
            BotKind::Exec {
                command,
                timeout_ms,
            } => Box::new(ExecBot::new(command, seat, rng, *timeout_ms)),
            BotKind::Restricted { bot, without } => {
                Box::new(Restricted::new(bot.make_with(rng, seat), without.clone()))
            }
        }
    }

    /// The random stream of the bot in `seat` of the game with `seed`: what [`BotKind::make`]
    /// gives it, for a bot made otherwise (a search with numbers of its own) that should play
    /// as the one by its name would.
    pub fn stream(seed: u64, seat: usize) -> Stream {
        stream(seed, &format!("bot {seat}"))
    }

    /// `bot`, made by [`BotKind::make`] of this kind for an earlier game, ready for the game
    /// with `seed` as [`BotKind::make`] would make it: started over when it can be, made
    /// anew when not.
    pub fn remake(&self, bot: &mut Box<dyn Bot + Send>, seed: u64, seat: usize) {
        if !bot.start_over(Self::stream(seed, seat)) {
            *bot = self.make(seed, seat);
        }
    }
}
