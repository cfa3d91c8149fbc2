//! The Scout mini-expansion (*King & Scout*), for the first-edition rules (2002, 2014).
//!
//! Scout is not a fourth edition: [`Scout`] wraps the ruleset of an edition, answers every
//! question as that edition does, and adds [`Ruleset::scout`], which tells the game loop that
//! five special pieces are in play:
//!
//! - four special land tiles (Scout, Hunter on the Bridge, Dug-out, Agriculture), dealt to the
//!   players and laid *instead of drawing* on a normal turn, each with its mandatory piece on
//!   its spot, which stays there until the game ends;
//! - the Shaman, a card: once per turn its holder may take back one of their own tribe members.
//!
//! Where the texts disagree (rules-matrix §3, §5 Q18–Q24) the printed 2007 rules decide, with a
//! named option for the other reading; [`ScoutOptions`] holds them.

use crate::feature::ForestInfo;
use crate::rng::{shuffle, stream};
use crate::ruleset::{AnimalValues, CountUnit, Options, Ruleset};
use crate::tile::Deck;
use crate::tileset::TileSet;
use crate::variant::Edition;

/// Which refusals the Scout's owner has each turn (rules-matrix §5 Q18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// One refusal per turn, of the land tile or of the bonus tile (the encyclopedia summary).
    OncePerTurn,
    /// One refusal of the land tile and one of the bonus tile (a reading of the 2007 text).
    LandAndBonus,
}

/// Which lakes the Dug-out's bonus looks at (rules-matrix §3, §5 Q23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LakeScope {
    /// The lake with the most fish in the Dug-out's whole river system (publisher's
    /// clarification, the encyclopedia summary).
    System,
    /// A lake of the owner's choice among those that close the completed river (2007 text);
    /// the owner picks the one with the most fish.
    CompletedRiver,
}

/// The Scout options; present in [`Options::scout`] exactly when the expansion is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoutOptions {
    /// Special pieces dealt to each player in a two-player game: 1 (2007 text) or 2 (§5 Q19).
    pub two_player_pieces: u8,
    pub refusal: Refusal,
    pub dugout_lake_scope: LakeScope,
    /// The Agriculture hut scores per meadow segment (2007 text) or per meadow tile (§5 Q24).
    pub agriculture_unit: CountUnit,
    /// The Shaman card recalls only from incomplete features (2007 text; only an enclosed
    /// meadow is ever complete with a tribe member in it).
    pub shaman_incomplete_only: bool,
}

impl Default for ScoutOptions {
    fn default() -> ScoutOptions {
        ScoutOptions {
            two_player_pieces: 1,
            refusal: Refusal::OncePerTurn,
            dugout_lake_scope: LakeScope::System,
            agriculture_unit: CountUnit::Segment,
            shaman_incomplete_only: true,
        }
    }
}

impl ScoutOptions {
    pub const NAMES: [&'static str; 5] = [
        "scout-pieces-two-players",
        "scout-refusal",
        "dugout-lake-scope",
        "agriculture-unit",
        "shaman-incomplete-only",
    ];

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "scout-pieces-two-players",
                self.two_player_pieces.to_string(),
            ),
            (
                "scout-refusal",
                match self.refusal {
                    Refusal::OncePerTurn => "once-per-turn",
                    Refusal::LandAndBonus => "land-and-bonus",
                }
                .to_string(),
            ),
            (
                "dugout-lake-scope",
                match self.dugout_lake_scope {
                    LakeScope::System => "system",
                    LakeScope::CompletedRiver => "completed-river",
                }
                .to_string(),
            ),
            ("agriculture-unit", self.agriculture_unit.name().to_string()),
            (
                "shaman-incomplete-only",
                self.shaman_incomplete_only.to_string(),
            ),
        ]
    }

    /// Sets one option from its text; `None` if `name` is not a Scout option.
    pub fn set(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let bad = |expected: &str| Err(format!("option {name} takes {expected}, not {value:?}"));
        let result = match name {
            "scout-pieces-two-players" => match value {
                "1" | "2" => {
                    self.two_player_pieces = if value == "1" { 1 } else { 2 };
                    Ok(())
                }
                _ => bad("1 or 2"),
            },
            "scout-refusal" => match value {
                "once-per-turn" => {
                    self.refusal = Refusal::OncePerTurn;
                    Ok(())
                }
                "land-and-bonus" => {
                    self.refusal = Refusal::LandAndBonus;
                    Ok(())
                }
                _ => bad("\"once-per-turn\" or \"land-and-bonus\""),
            },
            "dugout-lake-scope" => match value {
                "system" => {
                    self.dugout_lake_scope = LakeScope::System;
                    Ok(())
                }
                "completed-river" => {
                    self.dugout_lake_scope = LakeScope::CompletedRiver;
                    Ok(())
                }
                _ => bad("\"system\" or \"completed-river\""),
            },
            "agriculture-unit" => match value {
                "segment" => {
                    self.agriculture_unit = CountUnit::Segment;
                    Ok(())
                }
                "tile" => {
                    self.agriculture_unit = CountUnit::Tile;
                    Ok(())
                }
                _ => bad("\"segment\" or \"tile\""),
            },
            "shaman-incomplete-only" => match value {
                "true" | "false" => {
                    self.shaman_incomplete_only = value == "true";
                    Ok(())
                }
                _ => bad("true or false"),
            },
            _ => return None,
        };
        Some(result)
    }
}

/// A special piece a player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// A special land tile (an index into the tile set), not yet laid.
    Tile(usize),
    /// The Shaman card, kept for the whole game.
    Shaman,
}

/// An edition's ruleset with the Scout expansion.
#[derive(Debug)]
pub struct Scout {
    base: Box<dyn Ruleset>,
    scout: ScoutOptions,
}

impl Scout {
    pub fn new(base: Box<dyn Ruleset>, scout: ScoutOptions) -> Scout {
        Scout { base, scout }
    }
}

impl Ruleset for Scout {
    fn edition(&self) -> Edition {
        self.base.edition()
    }
    fn options(&self) -> &Options {
        self.base.options()
    }
    fn huts(&self) -> u8 {
        self.base.huts()
    }
    fn meeples(&self) -> u8 {
        self.base.meeples()
    }
    fn forest_points(&self) -> u32 {
        self.base.forest_points()
    }
    fn mushroom_points(&self) -> u32 {
        self.base.mushroom_points()
    }
    fn animal_values(&self) -> AnimalValues {
        self.base.animal_values()
    }
    fn bonus_markers(&self, forest: &ForestInfo) -> u16 {
        self.base.bonus_markers(forest)
    }
    fn fisher_counts_river_fish(&self) -> bool {
        self.base.fisher_counts_river_fish()
    }
    fn scout(&self) -> Option<&ScoutOptions> {
        Some(&self.scout)
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
