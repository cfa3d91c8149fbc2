//! Restricted play: a bot told to forgo a class of moves (`--bots mcts/no-meadows`), to
//! measure what a strategy is worth (Jaffe et al., "Evaluating competitive game balance with
//! restricted play", 2012). The restricted bot is never offered such a move: [`Restricted`]
//! takes them out of the legal moves before its bot chooses, so a program bot (`exec:`)
//! never sees them in its `choose` message either.

use hunters_engine::game::{Game, Move, Play};
use hunters_engine::rng::Stream;
use hunters_engine::tile::Piece;

use super::Bot;

/// A class of moves a bot can forgo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    Gatherers,
    Fishers,
    Hunters,
    Huts,
    Shaman,
    Refusals,
    Scout,
    Bridge,
    Dugout,
    Agriculture,
}

/// Every class: its name, another name it answers to, and what it forgoes.
pub const CLASSES: [(Class, &str, Option<&str>, &str); 10] = [
    (
        Class::Gatherers,
        "no-gatherers",
        Some("no-forests"),
        "never puts a gatherer down (nor lays the Scout tile, whose piece is one)",
    ),
    (
        Class::Fishers,
        "no-fishers",
        Some("no-rivers"),
        "never puts a fisher down (nor lays the Dug-out)",
    ),
    (
        Class::Hunters,
        "no-hunters",
        Some("no-meadows"),
        "never puts a hunter down (nor lays the Hunter on the Bridge)",
    ),
    (
        Class::Huts,
        "no-huts",
        None,
        "never puts a hut down (nor lays Agriculture)",
    ),
    (
        Class::Shaman,
        "no-shaman",
        None,
        "never takes a meeple back (the 2020 shaman tile, the Scout's Shaman card)",
    ),
    (
        Class::Refusals,
        "no-refusals",
        None,
        "never refuses a drawn tile with the Scout tile",
    ),
    (Class::Scout, "no-scout", None, "never lays the Scout tile"),
    (
        Class::Bridge,
        "no-bridge",
        None,
        "never lays the Hunter on the Bridge",
    ),
    (Class::Dugout, "no-dugout", None, "never lays the Dug-out"),
    (
        Class::Agriculture,
        "no-agriculture",
        None,
        "never lays Agriculture",
    ),
];

impl Class {
    /// The class named `name` (its name or its other name).
    pub fn named(name: &str) -> Option<Class> {
        CLASSES
            .iter()
            .find(|(_, n, alias, _)| *n == name || *alias == Some(name))
            .map(|(c, ..)| *c)
    }

    pub fn name(self) -> &'static str {
        CLASSES
            .iter()
            .find(|(c, ..)| *c == self)
            .map_or("", |(_, n, ..)| n)
    }

    /// The classes' names, for help and errors.
    pub fn names() -> String {
        CLASSES
            .iter()
            .map(|(_, n, alias, _)| match alias {
                Some(a) => format!("{n} ({a})"),
                None => n.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether `mv` in `game` is of this class.
    pub fn holds(self, game: &Game, mv: &Move) -> bool {
        let piece = |p: Piece| matches!(mv.piece, Some((q, _)) if q == p);
        // The special tiles of the Scout, by their ids (variants/tiles/scout.toml).
        let special = |id: &str| match mv.play {
            Play::Special(i) => game.tiles().tiles[i].id == id,
            _ => false,
        };
        match self {
            Class::Gatherers => piece(Piece::Gatherer),
            Class::Fishers => piece(Piece::Fisher),
            Class::Hunters => piece(Piece::Hunter),
            Class::Huts => piece(Piece::Hut),
            Class::Shaman => mv.recall.is_some(),
            Class::Refusals => mv.play == Play::Refuse,
            Class::Scout => special("S1"),
            Class::Bridge => special("S2"),
            Class::Dugout => special("S3"),
            Class::Agriculture => special("S4"),
        }
    }
}

/// A bot that chooses among the legal moves of none of the classes `without`. Some move is
/// always left: laying the drawn tile without a piece or recall, or drawing instead of laying
/// a special tile.
pub struct Restricted {
    pub inner: Box<dyn Bot + Send>,
    pub without: Vec<Class>,
    allowed: Vec<Move>,
}

impl Restricted {
    pub fn new(inner: Box<dyn Bot + Send>, without: Vec<Class>) -> Restricted {
        Restricted {
            inner,
            without,
            allowed: Vec::new(),
        }
    }
}

impl Bot for Restricted {
    fn name(&self) -> String {
        let mut name = self.inner.name();
        for c in &self.without {
            name.push('/');
            name.push_str(c.name());
        }
        name
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        self.allowed.clear();
        self.allowed.extend(
            moves
                .iter()
                .filter(|mv| !self.without.iter().any(|c| c.holds(game, mv))),
        );
        if self.allowed.is_empty() {
            return Err(format!(
                "every legal move is of a class it forgoes ({})",
                self.name()
            ));
        }
        self.inner.choose(game, &self.allowed)
    }

    fn game_over(&mut self, game: &Game) {
        self.inner.game_over(game);
    }

    fn start_over(&mut self, rng: Stream) -> bool {
        self.inner.start_over(rng)
    }
}
