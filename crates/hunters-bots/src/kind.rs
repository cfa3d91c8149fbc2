//! [`BotKind`]: the bots a game can be played with, as values. Their names (`--bots`) are in
//! `names`, the bots they make in `make`: this module knows no bot, so that any bot can name
//! its kind.

use crate::restrict::Class;

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
    /// The third searching bot (every seat of its playouts playing greedy's move, one
    /// evaluation for the candidates and the playouts' ends), kept unchanged as a yardstick.
    MctsV3 {
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
            | BotKind::MctsV2 { .. }
            | BotKind::MctsV3 { .. } => true,
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
