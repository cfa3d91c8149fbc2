//! The names of the bot kinds: printed, and read back (`mcts:300/no-meadows`).

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "seats")]
use crate::exec;
use crate::kind::BotKind;
use crate::mcts;
use crate::restrict::Class;

/// Why the bots built without their `seats` feature cannot make a person or a program a bot.
#[cfg(not(feature = "seats"))]
const WITHOUT_SEATS: &str = "human and exec:PROGRAM seats need the `seats` feature of \
     hunters-bots (on in the command line)";

impl BotKind {
    /// The names `--bots` takes (`mcts:N` sets the playouts).
    pub const NAMES: &'static str = "random, greedy, mcts (1,000 playouts a move), mcts:N, \
         mcts-v1, mcts-v2 and mcts-v3 (the first, second and third searching bots, \
         yardsticks), mcts-v1:N, mcts-v2:N, mcts-v3:N, human or exec:PROGRAM; a bot \
         followed by /no-CLASS forgoes a class of moves (`hunters variants --classes`)";

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
            BotKind::MctsV3 { playouts } if *playouts == mcts::DEFAULT_PLAYOUTS => {
                "mcts-v3".to_string()
            }
            BotKind::MctsV3 { playouts } => format!("mcts-v3:{playouts}"),
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
            "mcts-v3" => Ok(BotKind::MctsV3 {
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
                    ("mcts-v3:", |playouts| BotKind::MctsV3 { playouts }),
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
