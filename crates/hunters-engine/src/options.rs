//! The named options: every point where the rulebooks are silent, unclear or disagree
//! each with the printed rule of an edition as its default. A variant file
//! may switch any of them in its `[options]` table; the log header writes every one in force.

use crate::edition::Edition;
pub use crate::params::Params;
use crate::tile::{LakeSpecial, MeadowSpecial, Tile};

/// The special tile an option is about: a variant whose tiles show none has no use for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum About {
    Meadow(MeadowSpecial),
    Lake(LakeSpecial),
}

impl About {
    /// The option named `name` is about this special tile, if about one.
    pub fn of(name: &str) -> Option<About> {
        match name {
            "hunting-trap-own-tile" | "hunting-trap-covers-idle-tigers" => {
                Some(About::Meadow(MeadowSpecial::HuntingTrap))
            }
            "pit-traps-stack" => Some(About::Meadow(MeadowSpecial::PitTrap)),
            "rafts-stack" => Some(About::Lake(LakeSpecial::Raft)),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            About::Meadow(m) => m.name(),
            About::Lake(l) => l.name(),
        }
    }

    /// Whether one of `tiles` shows this special.
    pub fn shown_in(self, tiles: &[Tile]) -> bool {
        tiles.iter().any(|t| match self {
            About::Meadow(s) => t.meadow_shows(s),
            About::Lake(s) => t.lake_shows(s),
        })
    }
}

/// Whether `name` sets a rule: an option, a Scout option or a number of the rules (a variant
/// key and a log header tag).
pub fn is_rule(name: &str) -> bool {
    Options::NAMES.contains(&name)
        || ScoutOptions::NAMES.contains(&name)
        || Params::info(name).is_some()
}

/// Whether option `name` does anything with these tiles (options about a special tile need
/// that tile; every other option always applies).
pub fn applies(name: &str, tiles: &[Tile]) -> bool {
    About::of(name).is_none_or(|a| a.shown_in(tiles))
}

/// What a forest or river scores per: each zone (segment) or each distinct tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountUnit {
    /// 2002 text: "2 points for each forest segment", "1 point for each river segment".
    Segment,
    /// 2014 and 2020 texts: "2 points for each forest tile", "1 point for each river tile".
    Tile,
}

impl CountUnit {
    pub fn name(self) -> &'static str {
        match self {
            CountUnit::Segment => "segment",
            CountUnit::Tile => "tile",
        }
    }
}

/// The decisions no rulebook settles, each with the default of rules-matrix §5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// §5 Q1: forests and rivers score per segment (2002 text) or per tile (2014, 2020).
    pub count_unit: CountUnit,
    /// §5 Q2 / row 18: a meeple returned earlier in the turn may go on the bonus tile
    /// (2002: no, "on their next turn"; 2014: yes, explicitly; 2020: yes).
    pub reuse_returned_on_bonus: bool,
    /// §5 Q5 / row 7: an unplaceable bonus or menhir tile is discarded and the next one drawn
    /// (the 2002 rule); if false the bonus turn is lost instead.
    pub redraw_unplaceable_bonus: bool,
    /// §5 Q7: the extra turn earned by the last regular tile (2020) is still played.
    pub last_tile_bonus_turn: bool,
    /// §5 Q10a: the hunting trap also scores the animals on its own tile (default: only the 8
    /// surrounding tiles, as printed).
    pub hunting_trap_own_tile: bool,
    /// §5 Q10b: the hunting trap also covers tigers that cancelled no deer.
    pub hunting_trap_covers_idle_tigers: bool,
    /// §5 Q11: several pit traps double an animal more than once.
    pub pit_traps_stack: bool,
    /// §5 Q13: each raft in a river system adds 1 per lake (false: rafts do not add up).
    pub rafts_stack: bool,
    /// §5 Q17 / row 35: tied leaders share the victory (false: no winner on a tie).
    pub shared_victory: bool,
    /// The Scout expansion's options, when it is on.
    pub scout: Option<ScoutOptions>,
    /// The numbers of the rules (points, supplies), the edition's printed values unless a
    /// variant changes them; not listed by [`Options::pairs`] (a log header writes only those
    /// that differ, see [`Params::differing`]).
    pub params: Params,
}

impl Options {
    /// The named options with their text names, for variant files and log headers.
    pub const NAMES: [&'static str; 9] = [
        "count-unit",
        "reuse-returned-on-bonus",
        "redraw-unplaceable-bonus",
        "last-tile-bonus-turn",
        "hunting-trap-own-tile",
        "hunting-trap-covers-idle-tigers",
        "pit-traps-stack",
        "rafts-stack",
        "shared-victory",
    ];

    /// The printed rules of an edition, with the §5 defaults where it is silent.
    pub fn for_edition(edition: Edition) -> Options {
        let classic = edition != Edition::E2020;
        Options {
            count_unit: if edition == Edition::E2002 {
                CountUnit::Segment
            } else {
                CountUnit::Tile
            },
            reuse_returned_on_bonus: edition != Edition::E2002,
            redraw_unplaceable_bonus: true,
            last_tile_bonus_turn: true,
            hunting_trap_own_tile: false,
            hunting_trap_covers_idle_tigers: false,
            pit_traps_stack: false,
            rafts_stack: !classic,
            shared_victory: true,
            scout: None,
            params: Params::for_edition(edition),
        }
    }

    /// Every option as `name = value`, in a fixed order.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let b = |v: bool| v.to_string();
        vec![
            ("count-unit", self.count_unit.name().to_string()),
            ("reuse-returned-on-bonus", b(self.reuse_returned_on_bonus)),
            ("redraw-unplaceable-bonus", b(self.redraw_unplaceable_bonus)),
            ("last-tile-bonus-turn", b(self.last_tile_bonus_turn)),
            ("hunting-trap-own-tile", b(self.hunting_trap_own_tile)),
            (
                "hunting-trap-covers-idle-tigers",
                b(self.hunting_trap_covers_idle_tigers),
            ),
            ("pit-traps-stack", b(self.pit_traps_stack)),
            ("rafts-stack", b(self.rafts_stack)),
            ("shared-victory", b(self.shared_victory)),
        ]
        .into_iter()
        .chain(self.scout.iter().flat_map(ScoutOptions::pairs))
        .collect()
    }

    /// Sets one option (or one number of the rules) from its text form; the error says what
    /// was expected.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        if Params::info(name).is_some() {
            return self.params.set(name, value);
        }
        if ScoutOptions::NAMES.contains(&name) {
            let Some(scout) = &mut self.scout else {
                return Err(format!(
                    "option {name} belongs to the Scout expansion, which is not on; add \
                     expansions = [\"scout\"]"
                ));
            };
            return scout.set(name, value).unwrap_or(Ok(()));
        }
        let boolean = || match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!("option {name} takes true or false, not {value:?}")),
        };
        match name {
            "count-unit" => {
                self.count_unit = match value {
                    "segment" => CountUnit::Segment,
                    "tile" => CountUnit::Tile,
                    _ => {
                        return Err(format!(
                            "option count-unit takes \"segment\" or \"tile\", not {value:?}"
                        ));
                    }
                }
            }
            "reuse-returned-on-bonus" => self.reuse_returned_on_bonus = boolean()?,
            "redraw-unplaceable-bonus" => self.redraw_unplaceable_bonus = boolean()?,
            "last-tile-bonus-turn" => self.last_tile_bonus_turn = boolean()?,
            "hunting-trap-own-tile" => self.hunting_trap_own_tile = boolean()?,
            "hunting-trap-covers-idle-tigers" => self.hunting_trap_covers_idle_tigers = boolean()?,
            "pit-traps-stack" => self.pit_traps_stack = boolean()?,
            "rafts-stack" => self.rafts_stack = boolean()?,
            "shared-victory" => self.shared_victory = boolean()?,
            _ => return Err(unknown_key(name)),
        }
        Ok(())
    }
}

/// Every key a variant may set: the rule options (the Scout's too) and the numbers of the
/// rules.
fn every_key() -> impl Iterator<Item = &'static str> {
    Options::NAMES
        .iter()
        .chain(ScoutOptions::NAMES.iter())
        .copied()
        .chain(Params::names())
}

/// What to say of a key that is neither an option nor a number of the rules: the nearest
/// key when one is a slip away, else the lists.
pub fn unknown_key(name: &str) -> String {
    let near = every_key()
        .map(|k| (edit_distance(name, k), k))
        .filter(|&(d, k)| d <= 2.max(k.len() / 4))
        .min();
    match near {
        Some((_, k)) => format!(
            "{name:?} is neither a rule option nor a number of the rules; did you mean {k}? \
             (`hunters variants --options` lists the options, `hunters variants --show \
             VARIANT` the numbers)"
        ),
        None => format!(
            "{name:?} is neither a rule option nor a number of the rules; the options are {} \
             and, with the Scout expansion, {}; the numbers of the rules are {}",
            Options::NAMES.join(", "),
            ScoutOptions::NAMES.join(", "),
            Params::names().collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Levenshtein's distance between two words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

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

/// What a player or designer needs to know of one option: the values it takes, when it
/// applies and why its defaults are what they are (`hunters variants --options`).
#[derive(Clone, Copy, Debug)]
pub struct OptionInfo {
    pub name: &'static str,
    pub values: &'static [&'static str],
    /// When the option can change a game.
    pub applies: &'static str,
    /// What it decides, what the rulebooks say and why the default is what it is.
    pub reason: &'static str,
}

const EVERY_GAME: &str = "every game";
const SCOUT: &str = "with the Scout expansion (2002, 2014)";
const BOOL: &[&str] = &["true", "false"];

/// Every option, in the order of [`Options::NAMES`] then [`ScoutOptions::NAMES`].
pub const INFO: [OptionInfo; 14] = [
    OptionInfo {
        name: "count-unit",
        values: &["segment", "tile"],
        applies: EVERY_GAME,
        reason: "Forests and rivers score per segment or per tile, each edition following its \
                 own text: per segment in 2002 (2002 rules, \"A completed forest and the bonus \
                 cards\": \"2 points for each forest segment\"; \"A completed river\": \"1 \
                 point for each river segment\"), per tile in 2014 and 2020 (2014 rules, \"A \
                 COMPLETED FOREST AND THE BONUS TILES\": \"2 points for each forest tile\"; \
                 2020 rules, \"Summary\": \"A forest scores 2 points for each tile\").",
    },
    OptionInfo {
        name: "reuse-returned-on-bonus",
        values: BOOL,
        applies: EVERY_GAME,
        reason: "Whether a meeple that scoring sent home this turn may go on the bonus tile. \
                 Off in 2002 (2002 rules, \"Returning tribe members to their owners\": \"use \
                 them in any role they choose on their next turn\"); on in 2014 (2014 rules, \
                 \"RETURNING TRIBE MEMBERS TO THEIR OWNERS\": \"that same tribe member can even \
                 be placed on the Bonus tile\") and in 2020, whose extra turn is played \"As \
                 during a normal turn\" (2020 rules, \"Menhirs\").",
    },
    OptionInfo {
        name: "redraw-unplaceable-bonus",
        values: BOOL,
        applies: EVERY_GAME,
        reason: "A bonus or menhir tile that fits nowhere is discarded and the next one drawn \
                 (2002 rules, \"A completed forest and the bonus cards\": \"the player discards \
                 it from the game and draws another\"). The 2014 and 2020 texts are silent and \
                 follow it by analogy with their rule for land tiles (2014 rules, \"1. Placing \
                 a Land tile\": \"simply return the tile to the box and draw a new one\"). \
                 False loses the bonus turn.",
    },
    OptionInfo {
        name: "last-tile-bonus-turn",
        values: BOOL,
        applies: EVERY_GAME,
        reason: "The bonus tile or extra turn earned by the last regular tile is still played. \
                 The 2020 game ends \"at the end of that turn\" (2020 rules, \"END OF THE GAME, \
                 FINAL SCORING, AND DETERMINING THE WINNER\"), which is silent on the extra \
                 turn; the default follows 2002, where the bonus card is part of the turn (2002 \
                 rules, \"Placing tribe members and huts\": \"1 tribe member or 1 hut in a turn \
                 (exception: see rules on bonus cards below)\").",
    },
    OptionInfo {
        name: "hunting-trap-own-tile",
        values: BOOL,
        applies: "tiles with a hunting trap (2020)",
        reason: "Whether the hunting trap also scores the animals on its own tile. The text \
                 names only \"the 8 surrounding tiles (orthogonally and diagonally adjacent to \
                 this tile)\" (2020 rules, \"MENHIR TILES\") and is silent on the trap's own \
                 tile, so the default leaves it out.",
    },
    OptionInfo {
        name: "hunting-trap-covers-idle-tigers",
        values: BOOL,
        applies: "tiles with a hunting trap (2020)",
        reason: "Which animals the hunting trap covers. The text covers those it scored (2020 \
                 rules, \"MENHIR TILES\": \"Cover all animals scored this way\"), and its \
                 example covers a tiger with the deer it cancelled (\"First, cover the tiger \
                 and 1 deer\"); it is silent on tigers that cancelled no deer, so they stay \
                 uncovered unless this is true.",
    },
    OptionInfo {
        name: "pit-traps-stack",
        values: BOOL,
        applies: "tiles with a pit trap (2020)",
        reason: "Whether an animal next to two pit traps is doubled twice. The text says an \
                 animal on the 8 surrounding tiles \"scores double points\" (2020 rules, \
                 \"MENHIR TILES\"), not double per trap, and is silent on several traps, so by \
                 default the animal scores double once.",
    },
    OptionInfo {
        name: "rafts-stack",
        values: BOOL,
        applies: "tiles with a raft (2020)",
        reason: "Whether each raft in a river system adds its 1 point per lake. Each raft \
                 \"makes its river system more valuable\": the scoring player \"also scores 1 \
                 point for each lake in the system\" (2020 rules, \"MENHIR TILES\"). The text \
                 is silent on several rafts, so by default each raft adds its own bonus.",
    },
    OptionInfo {
        name: "shared-victory",
        values: BOOL,
        applies: EVERY_GAME,
        reason: "Whether tied leaders share the victory. Only 2020 settles ties (2020 rules, \
                 \"FINAL SCORING\": \"In the event of a tie, the tied players share the \
                 victory.\"); the 2002 text is silent (2002 rules, \"Final scoring\": \"The \
                 player with the most points is the winner!\") and 2014 leaves it to \"a \
                 staring contest\" (2014 rules, \"Final Scoring\"), so both follow 2020. False: \
                 no winner on a tie.",
    },
    OptionInfo {
        name: "scout-pieces-two-players",
        values: &["1", "2"],
        applies: SCOUT,
        reason: "Special pieces dealt to each player in a two-player game: 1 as printed in \
                 2007, which has no two-player exception (2007 Spanish rules, \"El \
                 explorador\": \"cada jugador coge una de las 5 piezas\" (each player takes one \
                 of the 5 pieces)), or 2 as in the summary (\"Scout expansion\": \"in a \
                 two-player game, each player takes two\").",
    },
    OptionInfo {
        name: "scout-refusal",
        values: &["once-per-turn", "land-and-bonus"],
        applies: SCOUT,
        reason: "The Scout's owner refuses one drawn tile per turn in all, as in the summary \
                 (the default; \"Scout expansion\": \"so long as the ability was not used in \
                 the initial draw\"), or one land tile and one bonus tile, a reading of the \
                 2007 text (2007 Spanish rules, \"El explorador\": \"la primera pieza de \
                 territorio que robe (esto se aplica también a las piezas de bonificación)\" \
                 (the first land tile drawn; this also applies to bonus tiles)).",
    },
    OptionInfo {
        name: "dugout-lake-scope",
        values: &["system", "completed-river"],
        applies: SCOUT,
        reason: "The Dug-out scores the richest lake of its whole river system, as in the \
                 summary (\"Scout expansion\": \"the lake with the largest number of fish in \
                 the system\"), or a lake closing the completed river, as printed in 2007 (2007 \
                 Spanish rules, \"El explorador\": \"uno de los lagos (de su elección) que \
                 forman el río que ha sido completado\" (one of the lakes, of the owner's \
                 choice, that form the completed river)).",
    },
    OptionInfo {
        name: "agriculture-unit",
        values: &["segment", "tile"],
        applies: SCOUT,
        reason: "The Agriculture hut scores 1 point per meadow segment, as printed in 2007 \
                 (2007 Spanish rules, \"El explorador\": \"1 punto por cada segmento de \
                 pradera\" (1 point for each meadow segment)), or per meadow tile, as in the \
                 summary (\"Scout expansion\": \"one point for each tile in the meadow\").",
    },
    OptionInfo {
        name: "shaman-incomplete-only",
        values: BOOL,
        applies: SCOUT,
        reason: "The Shaman card takes back a tribe member only from an incomplete feature, as \
                 printed in 2007 (2007 Spanish rules, \"El explorador\": \"en un río, bosque o \
                 prado incompleto\" (on an incomplete river, forest or meadow)); the summary \
                 sets no such limit. Only a hunter in an enclosed meadow is ever in a complete \
                 one.",
    },
];

/// The default of option `name` in `edition`, with the Scout expansion when `scout`; `None`
/// when the option does not apply there.
pub fn default_of(name: &str, edition: Edition, scout: bool) -> Option<String> {
    let mut options = Options::for_edition(edition);
    if scout {
        options.scout = Some(ScoutOptions::default());
    }
    options
        .pairs()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}
