//! Bots: players that choose moves from the legal ones, deterministically from their stream.
//!
//! The bots that ship with the library:
//!
//! - [`RandomBot`] (`random`) picks uniformly among every legal move (placement, shaman choice
//!   and piece together).
//! - [`GreedyBot`] (`greedy`) keeps the move of highest immediate value, with a simple
//!   estimate of the pieces it leaves on unfinished features ([`greedy`]).
//! - [`MctsBot`] (`mcts`, `mcts:N`) searches: Monte Carlo tree search over its own move, with
//!   the tiles still to come sampled from those a player can count ([`mcts`]), judging
//!   positions by the [`evaluation`]. Two versions stay as yardsticks: `mcts-v1`, the first
//!   searching bot, and `mcts-v2`, the one `mcts` still is until its search is replaced.
//!
//! A bot sees only what a player at the table sees. The game hands it the whole state, so
//! this is a rule for the bots: none reads the order of the tiles not yet drawn.

pub mod evaluation;
#[cfg(feature = "seats")]
pub mod exec;
pub mod greedy;
#[cfg(feature = "seats")]
pub mod human;
pub mod mcts;
pub mod restrict;

use std::fmt;
use std::str::FromStr;

use crate::game::{Game, Move, MovePicker};
use crate::rng::{Stream, below, stream};

#[cfg(feature = "seats")]
pub use exec::ExecBot;
pub use greedy::GreedyBot;
#[cfg(feature = "seats")]
pub use human::HumanBot;
pub use mcts::MctsBot;
pub use restrict::{Class, Restricted};

/// A bot chooses one of the legal moves of the game's player to move.
pub trait Bot {
    /// The bot's name as `--bots` takes it.
    fn name(&self) -> String;
    /// Chooses among `moves` (never empty, all legal). Only a bot outside the program
    /// (`ExecBot`, with the `seats` feature) can fail: it crashed, answered nonsense or took
    /// too long.
    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String>;
    /// Chooses a move of the game's player to move, as [`Bot::choose`] would among the legal
    /// moves; `moves` is a buffer for them. A bot that needs no list can choose without one.
    fn choose_in(&mut self, game: &Game, moves: &mut Vec<Move>) -> Result<Move, String> {
        game.legal_moves(moves);
        self.choose(game, moves)
    }
    /// Told the final position once the game is over (a program bot hears the scores).
    fn game_over(&mut self, _game: &Game) {}
    /// Gets ready for a new game with the random stream `rng`, keeping the memory it has;
    /// false for a bot that cannot, which is then made anew. A bot that starts over chooses
    /// exactly as a new one would.
    fn start_over(&mut self, _rng: Stream) -> bool {
        false
    }
}

/// A bot that could not choose, which ends its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} {}", self.who(), self.message)]
pub struct BotError {
    /// The seat, from 0.
    pub seat: usize,
    pub bot: String,
    pub message: String,
}

impl BotError {
    fn who(&self) -> String {
        if self.bot == "human" {
            format!("the player of seat {}", self.seat + 1)
        } else {
            format!("the bot of seat {} ({})", self.seat + 1, self.bot)
        }
    }
}

/// Why a library built without its `seats` feature cannot make a person or a program a bot.
#[cfg(not(feature = "seats"))]
const WITHOUT_SEATS: &str =
    "human and exec:PROGRAM seats need the library's `seats` feature (on in the command line)";

/// The bots a game can be played with, by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Random,
    Greedy,
    /// Monte Carlo tree search with this many playouts per decision.
    Mcts {
        playouts: u32,
    },
    /// The first searching bot, kept unchanged as a yardstick for the current one.
    MctsV1 {
        playouts: u32,
    },
    /// The second searching bot (its evaluation tuned, the meeple at hand), kept unchanged as
    /// a yardstick when `mcts` changes.
    MctsV2 {
        playouts: u32,
    },
    /// A person at the keyboard (standard input and error).
    #[cfg(feature = "seats")]
    Human,
    /// A program speaking the bot protocol (docs/bot-protocol.md): its command line, and
    /// the milliseconds it has for each answer.
    #[cfg(feature = "seats")]
    Exec {
        command: String,
        timeout_ms: u64,
    },
    /// A bot that forgoes the moves of some classes (`mcts/no-meadows`), never a person.
    Restricted {
        bot: Box<BotKind>,
        without: Vec<Class>,
    },
}

impl BotKind {
    /// The names `--bots` takes (`mcts:N` sets the playouts).
    pub const NAMES: &'static str = "random, greedy, mcts (1,000 playouts a move), mcts:N, \
         mcts-v1 and mcts-v2 (the first and second searching bots, yardsticks), mcts-v1:N, \
         mcts-v2:N, human or exec:PROGRAM; a bot followed by /no-CLASS forgoes a class of \
         moves (`hunters variants --classes`)";

    pub fn name(&self) -> String {
        match self {
            BotKind::Random => "random".to_string(),
            BotKind::Greedy => "greedy".to_string(),
            #[cfg(feature = "seats")]
            BotKind::Human => "human".to_string(),
            BotKind::Mcts { playouts } if *playouts == mcts::DEFAULT_PLAYOUTS => "mcts".to_string(),
            BotKind::Mcts { playouts } => format!("mcts:{playouts}"),
            BotKind::MctsV1 { playouts } if *playouts == mcts::DEFAULT_PLAYOUTS => {
                "mcts-v1".to_string()
            }
            BotKind::MctsV1 { playouts } => format!("mcts-v1:{playouts}"),
            BotKind::MctsV2 { playouts } if *playouts == mcts::DEFAULT_PLAYOUTS => {
                "mcts-v2".to_string()
            }
            BotKind::MctsV2 { playouts } => format!("mcts-v2:{playouts}"),
            #[cfg(feature = "seats")]
            BotKind::Exec { command, .. } => format!("exec:{command}"),
            BotKind::Restricted { bot, without } => {
                let mut name = bot.name();
                for c in without {
                    name.push('/');
                    name.push_str(c.name());
                }
                name
            }
        }
    }

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

    /// The random stream of the bot in `seat` of the game with `seed`.
    fn stream(seed: u64, seat: usize) -> Stream {
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

    /// Whether a bot of this kind chooses from the position and its own stream alone, so
    /// that choosing again at every earlier turn of its seat (its choices thrown away) brings
    /// it to where it stood: how a resumed game goes on as it would have without the break
    /// (`replay::play_moves_with`). Not a person, nor a program, which keeps its own state.
    pub fn catches_up(&self) -> bool {
        match self {
            BotKind::Random
            | BotKind::Greedy
            | BotKind::Mcts { .. }
            | BotKind::MctsV1 { .. }
            | BotKind::MctsV2 { .. } => true,
            #[cfg(feature = "seats")]
            BotKind::Human | BotKind::Exec { .. } => false,
            BotKind::Restricted { bot, .. } => bot.catches_up(),
        }
    }

    /// This bot forgoing the moves of `class` too (`mcts` → `mcts/no-hunters`); itself when
    /// it forgoes them already.
    pub fn forgoing(&self, class: Class) -> BotKind {
        match self.clone() {
            BotKind::Restricted { bot, mut without } => {
                without.push(class);
                without.sort();
                without.dedup();
                BotKind::Restricted { bot, without }
            }
            bot => BotKind::Restricted {
                bot: Box::new(bot),
                without: vec![class],
            },
        }
    }

    /// The same bot with `ms` milliseconds for each answer, if it runs outside the program.
    pub fn with_timeout(self, ms: u64) -> BotKind {
        match self {
            #[cfg(feature = "seats")]
            BotKind::Exec { command, .. } => BotKind::Exec {
                command,
                timeout_ms: ms,
            },
            BotKind::Restricted { bot, without } => BotKind::Restricted {
                bot: Box::new(bot.with_timeout(ms)),
                without,
            },
            other => {
                let _ = ms;
                other
            }
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for BotKind {
    type Err = String;

    /// A bot's name, with any `/no-CLASS` restrictions at its end. In `exec:PROGRAM` only
    /// the classes' names are read from the end, since a program's path may hold `/`.
    fn from_str(s: &str) -> Result<BotKind, String> {
        let mut base = s;
        let mut without = Vec::new();
        while let Some((head, tail)) = base.rsplit_once('/') {
            match Class::named(tail) {
                Some(c) => {
                    without.push(c);
                    base = head;
                }
                None if base.starts_with("exec:") => break,
                None => {
                    return Err(format!(
                        "{s:?}: no class of moves {tail:?}; a bot forgoes a class with \
                         /CLASS, one of: {}",
                        Class::names()
                    ));
                }
            }
        }
        let bot = BotKind::plain(base)?;
        if without.is_empty() {
            return Ok(bot);
        }
        #[cfg(feature = "seats")]
        if bot == BotKind::Human {
            return Err(format!(
                "{s:?}: a person plays every legal move they like; /no-CLASS restricts a bot"
            ));
        }
        without.sort();
        without.dedup();
        Ok(BotKind::Restricted {
            bot: Box::new(bot),
            without,
        })
    }
}

impl BotKind {
    /// A bot's name without restrictions.
    fn plain(s: &str) -> Result<BotKind, String> {
        match s {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            #[cfg(feature = "seats")]
            "human" => Ok(BotKind::Human),
            #[cfg(not(feature = "seats"))]
            "human" => Err(WITHOUT_SEATS.to_string()),
            "mcts" => Ok(BotKind::Mcts {
                playouts: mcts::DEFAULT_PLAYOUTS,
            }),
            "mcts-v1" => Ok(BotKind::MctsV1 {
                playouts: mcts::DEFAULT_PLAYOUTS,
            }),
            "mcts-v2" => Ok(BotKind::MctsV2 {
                playouts: mcts::DEFAULT_PLAYOUTS,
            }),
            _ => {
                #[cfg(not(feature = "seats"))]
                if s.starts_with("exec:") {
                    return Err(WITHOUT_SEATS.to_string());
                }
                #[cfg(feature = "seats")]
                if let Some(command) = s.strip_prefix("exec:") {
                    if command.trim().is_empty() {
                        return Err("exec:PROGRAM needs a program, e.g. exec:./my-bot or \
                             \"exec:python3 bot.py\""
                            .to_string());
                    }
                    return Ok(BotKind::Exec {
                        command: command.to_string(),
                        timeout_ms: exec::DEFAULT_TIMEOUT_MS,
                    });
                }
                for (prefix, make) in [
                    (
                        "mcts:",
                        (|playouts| BotKind::Mcts { playouts }) as fn(u32) -> BotKind,
                    ),
                    ("mcts-v1:", |playouts| BotKind::MctsV1 { playouts }),
                    ("mcts-v2:", |playouts| BotKind::MctsV2 { playouts }),
                ] {
                    if let Some(n) = s.strip_prefix(prefix) {
                        return match n.parse::<u32>() {
                            Ok(playouts) if playouts >= 1 => Ok(make(playouts)),
                            _ => Err(format!(
                                "{s:?}: {prefix}N takes a number of playouts per move, at least 1 \
                                 (e.g. {prefix}2000)"
                            )),
                        };
                    }
                }
                Err(format!(
                    "unknown bot {s:?}; the bots are {}",
                    BotKind::NAMES
                ))
            }
        }
    }
}

/// Plays the game to its end, each seat choosing with its bot; a bot that cannot choose ends
/// the game with its error.
pub fn play_out(game: &mut Game, bots: &mut [Box<dyn Bot + Send>]) -> Result<(), BotError> {
    play_out_watching(game, bots, |_| {})
}

/// [`play_out`], showing `watch` the game after every move (statistics of how a game went).
pub fn play_out_watching(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    watch: impl FnMut(&Game),
) -> Result<(), BotError> {
    play_out_timed(game, bots, watch, &mut [])
}

/// The wall time one seat's bot spent choosing, and the moves it chose: what a bot costs to
/// play. Not part of any result: the same game takes another time on another run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub nanos: u64,
    pub moves: u64,
}

impl Clock {
    pub fn add(&mut self, o: Clock) {
        self.nanos += o.nanos;
        self.moves += o.moves;
    }
}

/// [`play_out_watching`], adding to `clocks[seat]` (when `clocks` has a slot for the seat)
/// the time the seat's bot spent in [`Bot::choose_in`] and the moves it chose. Only the
/// choosing is timed, in the thread that plays the game, so the figure is one core's time
/// for the bot's own work, apart from the engine's playing of the move.
pub fn play_out_timed(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    mut watch: impl FnMut(&Game),
    clocks: &mut [Clock],
) -> Result<(), BotError> {
    let mut moves = Vec::new();
    while let Some(turn) = game.turn() {
        let bot = &mut bots[turn.player];
        let start = (!clocks.is_empty()).then(std::time::Instant::now);
        let mv = bot
            .choose_in(game, &mut moves)
            .map_err(|message| BotError {
                seat: turn.player,
                bot: bot.name(),
                message,
            })?;
        if let (Some(start), Some(clock)) = (start, clocks.get_mut(turn.player)) {
            clock.nanos += start.elapsed().as_nanos() as u64;
            clock.moves += 1;
        }
        game.play_unchecked(mv);
        watch(game);
    }
    for bot in bots.iter_mut() {
        bot.game_over(game);
    }
    Ok(())
}

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
