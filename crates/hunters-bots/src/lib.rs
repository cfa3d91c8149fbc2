//! Bots for [`hunters_engine`]: players that choose moves from the legal ones,
//! deterministically from their stream.
//!
//! The bots that ship with the crate:
//!
//! - [`RandomBot`] (`random`) picks uniformly among every legal move (placement, shaman choice
//!   and piece together).
//! - [`GreedyBot`] (`greedy`) keeps the move of highest immediate value, with a simple
//!   estimate of the pieces it leaves on unfinished features ([`greedy`]).
//! - [`MctsBot`] (`mcts`, `mcts:N`) searches: Monte Carlo tree search over its own move, with
//!   the tiles still to come sampled from those a player can count ([`mcts`]), judging
//!   positions by the [`evaluation`], every seat of its playouts playing greedy's move.
//!   Three versions stay as yardsticks: `mcts-v1`, the first searching bot, `mcts-v2`, the
//!   second (the same evaluation, bare playouts), and `mcts-v3`, the third (one evaluation
//!   for the candidates and the playouts' ends).
//! - [`Restricted`] wraps any of them to forgo a class of moves (`mcts/no-meadows`).
//!
// The two modules are named, not linked: without the feature they are not there to link to.
//! With the `seats` feature, two seats the crate does not play itself: a program speaking the
//! bot protocol (`exec:PROGRAM`, the module `exec`) and a person at a terminal (`human`, the
//! module `human`).
//!
//! A bot sees only what a player at the table sees. The game hands it the whole state, so
//! this is a rule for the bots: none reads the order of the tiles not yet drawn.
//!
//! ```
//! use hunters_bots::{BotKind, play_out};
//! use hunters_engine::Variant;
//! use hunters_engine::game::Game;
//!
//! let variant = Variant::load("2020").expect("a built-in variant");
//! let mut game = Game::seeded(&variant, 2, 7);
//! // Each seat's bot draws from a stream of its own, made from the game's seed.
//! let kinds: [BotKind; 2] = ["greedy".parse().unwrap(), "random".parse().unwrap()];
//! let mut bots: Vec<_> = kinds.iter().enumerate().map(|(seat, k)| k.make(7, seat)).collect();
//! play_out(&mut game, &mut bots).expect("bots of the crate always choose");
//! assert!(game.is_over());
//! ```

pub mod evaluation;
#[cfg(feature = "seats")]
pub mod exec;
pub mod greedy;
#[cfg(feature = "seats")]
pub mod human;
mod kind;
mod make;
pub mod mcts;
mod names;
mod play;
mod random;
pub mod restrict;

#[cfg(feature = "seats")]
pub use exec::ExecBot;
pub use greedy::GreedyBot;
#[cfg(feature = "seats")]
pub use human::HumanBot;
pub use kind::BotKind;
pub use mcts::MctsBot;
pub use play::{Bot, BotError, Clock, play_out, play_out_timed, play_out_watching};
pub use random::RandomBot;
pub use restrict::{Class, Restricted};
