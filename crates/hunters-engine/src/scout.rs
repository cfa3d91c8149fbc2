//! The Scout mini-expansion (*King & Scout*), for the first-edition rules (2002, 2014).
//!
//! Scout is not a fourth edition: a ruleset of the first edition with the Scout's options
//! ([`crate::ruleset::Ruleset::scout`]) tells the game loop that five special pieces are in
//! play:
//!
//! - four special land tiles (Scout, Hunter on the Bridge, Dug-out, Agriculture), dealt to the
//!   players and laid *instead of drawing* on a normal turn, each with its mandatory piece on
//!   its spot, which stays there until the game ends;
//! - the Shaman, a card: once per turn its holder may take back one of their own tribe members.
//!
//! Where the texts disagree (rules-matrix §3, §5 Q18–Q24) the printed 2007 rules decide, with a
//! named option for the other reading; [`ScoutOptions`] holds them.

pub use crate::options::{LakeScope, Refusal, ScoutOptions};
use crate::rng::{shuffle, stream};
use crate::tile::Deck;
use crate::tileset::TileSet;

/// A special piece a player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// A special land tile (an index into the tile set), not yet laid.
    Tile(usize),
    /// The Shaman card, kept for the whole game.
    Shaman,
}

impl Special {
    /// The special piece a log names: a Scout tile of `set` by its id, or `shaman`.
    pub fn named(set: &TileSet, name: &str) -> Option<Special> {
        if name == "shaman" {
            return Some(Special::Shaman);
        }
        match set.tile(name) {
            Some((i, t)) if t.deck == Deck::Scout => Some(Special::Tile(i)),
            _ => None,
        }
    }
}

/// The special pieces dealt to each seat from master seed `seed`: the special land tiles of
/// `set` and the Shaman card, shuffled with stream `"scout"`, taken in seat order; the pieces
/// left over leave the game.
pub fn deal(set: &TileSet, players: usize, seed: u64, options: &ScoutOptions) -> Vec<Vec<Special>> {
    let mut pieces: Vec<Special> = set
        .deck(Deck::Scout)
        .into_iter()
        .map(Special::Tile)
        .chain([Special::Shaman])
        .collect();
    shuffle(&mut pieces, &mut stream(seed, "scout"));
    let each = pieces_each(players, options);
    (0..players)
        .map(|p| pieces.iter().skip(p * each).take(each).copied().collect())
        .collect()
}

/// How many special pieces each of `players` players gets.
pub fn pieces_each(players: usize, options: &ScoutOptions) -> usize {
    if players == 2 {
        usize::from(options.two_player_pieces)
    } else {
        1
    }
}
