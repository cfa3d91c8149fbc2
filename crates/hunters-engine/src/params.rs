//! The numbers of the rules: what each thing scores and what each player starts with, each
//! with the value its edition prints. A variant file may change any of them in its `[scoring]`
//! and `[supply]` tables, so that a designer can ask "what if a mammoth were worth 4?"; a log
//! header writes every one that differs from the printed value, so the log replays under
//! exactly its rules.

use crate::edition::Edition;

/// The numbers of the rules. Everything the rulebooks fix as a number and a designer may
/// want to change; what is not a number (which fish count, what a tiger eats) stays an option
/// or a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub deer: u32,
    pub aurochs: u32,
    pub mammoth: u32,
    /// The bear of the Scout expansion's Bridge meadow.
    pub bear: u32,
    /// How many times an animal next to a 2020 pit trap scores (again for each further trap
    /// when they stack).
    pub pit_trap_factor: u32,
    /// Per forest unit (segment or tile, by the `count-unit` option).
    pub forest: u32,
    /// Per mushroom patch in a completed forest.
    pub mushroom: u32,
    /// Per gold nugget in a completed forest (first edition; printed: none, a nugget earns a
    /// bonus tile instead).
    pub nugget: u32,
    /// Per menhir in a completed forest (2020; printed: none, a menhir earns an extra turn).
    pub menhir: u32,
    /// Per river unit (segment or tile).
    pub river: u32,
    /// Per fish in the lakes at the ends of a completed river.
    pub lake_fish: u32,
    /// Per fish drawn on a completed river itself (the first edition counts none).
    pub river_fish: u32,
    /// Per fish of a river system, for its hut majority.
    pub hut_fish: u32,
    /// Per lake of a river system, for each raft in it (2020).
    pub raft: u32,
    /// Per lake of its river system, to the player who lays the logboat (2020).
    pub logboat: u32,
    /// Per meadow unit, for the Agriculture hut (Scout).
    pub agriculture: u32,
    /// Per fish of the richest lake, for the Dug-out's fisher (Scout).
    pub dugout: u32,
    /// Tribe members each player starts with (besides the score marker), before
    /// [`Params::later_meeples`].
    pub meeples: u8,
    /// Huts each player starts with.
    pub huts: u8,
    /// Tribe members more for each seat after the first: the second player starts with this
    /// many more, the third with twice as many, and so on. Not a printed rule (printed:
    /// none); a compensation for playing later, for a designer to weigh against the first
    /// player's edge.
    pub later_meeples: u8,
    /// Huts more for each seat after the first, as [`Params::later_meeples`] (printed: none).
    pub later_huts: u8,
    /// A completed forest with a gold nugget (first edition) or a menhir (2020) earns a turn
    /// with a bonus (menhir) tile.
    pub bonus_turns: bool,
}

/// What a parameter is, for `variants --show`, the docs and errors.
#[derive(Clone, Copy, Debug)]
pub struct ParamInfo {
    pub name: &'static str,
    /// The variant file's table: `scoring` or `supply`.
    pub table: &'static str,
    pub meaning: &'static str,
    /// The smallest and largest value accepted (for `bonus-turns`, 0 and 1 stand for false
    /// and true).
    pub min: u32,
    pub max: u32,
}

/// Points are kept well inside `u32` however many features a game scores.
const MAX_POINTS: u32 = 100;

const fn info(
    name: &'static str,
    table: &'static str,
    meaning: &'static str,
    min: u32,
    max: u32,
) -> ParamInfo {
    ParamInfo {
        name,
        table,
        meaning,
        min,
        max,
    }
}

impl Params {
    /// Every parameter, in the order `variants --show` and log headers list them.
    pub const INFO: [ParamInfo; 22] = [
        info(
            "deer",
            "scoring",
            "points per deer in a meadow",
            0,
            MAX_POINTS,
        ),
        info("aurochs", "scoring", "points per aurochs", 0, MAX_POINTS),
        info("mammoth", "scoring", "points per mammoth", 0, MAX_POINTS),
        info(
            "bear",
            "scoring",
            "points per bear (Scout's Bridge meadow)",
            0,
            MAX_POINTS,
        ),
        info(
            "pit-trap-factor",
            "scoring",
            "times an animal next to a pit trap scores (2020)",
            1,
            4,
        ),
        info(
            "forest",
            "scoring",
            "points per forest segment or tile (count-unit)",
            0,
            MAX_POINTS,
        ),
        info(
            "mushroom",
            "scoring",
            "points per mushroom patch",
            0,
            MAX_POINTS,
        ),
        info(
            "nugget",
            "scoring",
            "points per gold nugget in a completed forest",
            0,
            MAX_POINTS,
        ),
        info(
            "menhir",
            "scoring",
            "points per menhir in a completed forest (2020)",
            0,
            MAX_POINTS,
        ),
        info(
            "river",
            "scoring",
            "points per river segment or tile (count-unit)",
            0,
            MAX_POINTS,
        ),
        info(
            "lake-fish",
            "scoring",
            "fisher points per fish in the lakes ending the river",
            0,
            MAX_POINTS,
        ),
        info(
            "river-fish",
            "scoring",
            "fisher points per fish on the river itself",
            0,
            MAX_POINTS,
        ),
        info(
            "hut-fish",
            "scoring",
            "hut points per fish of the river system",
            0,
            MAX_POINTS,
        ),
        info(
            "raft",
            "scoring",
            "hut points per lake for each raft (2020)",
            0,
            MAX_POINTS,
        ),
        info(
            "logboat",
            "scoring",
            "points per lake of its system for laying the logboat (2020)",
            0,
            MAX_POINTS,
        ),
        info(
            "agriculture",
            "scoring",
            "points per meadow segment or tile for the Agriculture hut (Scout)",
            0,
            MAX_POINTS,
        ),
        info(
            "dugout",
            "scoring",
            "points per fish of the richest lake for the Dug-out (Scout)",
            0,
            MAX_POINTS,
        ),
        info(
            "meeples",
            "supply",
            "tribe members each player starts with",
            1,
            20,
        ),
        info("huts", "supply", "huts each player starts with", 0, 10),
        info(
            "later-meeples",
            "supply",
            "tribe members more for each seat after the first (not printed: a compensation)",
            0,
            5,
        ),
        info(
            "later-huts",
            "supply",
            "huts more for each seat after the first (not printed: a compensation)",
            0,
            2,
        ),
        info(
            "bonus-turns",
            "supply",
            "a forest completed with a gold nugget or menhir earns a bonus (menhir) tile",
            0,
            1,
        ),
    ];

    /// The parameters' names.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Params::INFO.iter().map(|i| i.name)
    }

    pub fn info(name: &str) -> Option<&'static ParamInfo> {
        Params::INFO.iter().find(|i| i.name == name)
    }

    /// The values an edition prints.
    pub fn for_edition(edition: Edition) -> Params {
        let classic = edition != Edition::E2020;
        Params {
            deer: if classic { 2 } else { 1 },
            aurochs: 2,
            mammoth: if classic { 2 } else { 3 },
            // The bear is a Scout animal, and Scout is played with first-edition rules only.
            bear: 2,
            pit_trap_factor: 2,
            forest: 2,
            mushroom: if classic { 2 } else { 3 },
            nugget: 0,
            menhir: 0,
            river: 1,
            lake_fish: 1,
            river_fish: if classic { 0 } else { 1 },
            hut_fish: 1,
            raft: 1,
            logboat: 2,
            agriculture: 1,
            dugout: 1,
            meeples: 5,
            huts: if classic { 2 } else { 3 },
            later_meeples: 0,
            later_huts: 0,
            bonus_turns: true,
        }
    }

    /// The value of a parameter as a variant file or a log header writes it.
    pub fn get(&self, name: &str) -> Option<String> {
        let n = |v: u32| Some(v.to_string());
        match name {
            "deer" => n(self.deer),
            "aurochs" => n(self.aurochs),
            "mammoth" => n(self.mammoth),
            "bear" => n(self.bear),
            "pit-trap-factor" => n(self.pit_trap_factor),
            "forest" => n(self.forest),
            "mushroom" => n(self.mushroom),
            "nugget" => n(self.nugget),
            "menhir" => n(self.menhir),
            "river" => n(self.river),
            "lake-fish" => n(self.lake_fish),
            "river-fish" => n(self.river_fish),
            "hut-fish" => n(self.hut_fish),
            "raft" => n(self.raft),
            "logboat" => n(self.logboat),
            "agriculture" => n(self.agriculture),
            "dugout" => n(self.dugout),
            "meeples" => n(self.meeples.into()),
            "huts" => n(self.huts.into()),
            "later-meeples" => n(self.later_meeples.into()),
            "later-huts" => n(self.later_huts.into()),
            "bonus-turns" => Some(self.bonus_turns.to_string()),
            _ => None,
        }
    }

    /// Every parameter as `name = value`, in the order of [`Params::INFO`].
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        Params::names()
            .map(|n| (n, self.get(n).unwrap_or_default()))
            .collect()
    }

    /// The parameters whose value differs from the edition's printed one.
    pub fn differing(&self, edition: Edition) -> Vec<(&'static str, String)> {
        let printed = Params::for_edition(edition);
        Params::names()
            .filter(|n| self.get(n) != printed.get(n))
            .map(|n| (n, self.get(n).unwrap_or_default()))
            .collect()
    }

    /// Sets one parameter from its text; the error names the key and what it takes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let Some(info) = Params::info(name) else {
            return Err(format!(
                "{name:?} is not a parameter; the parameters are {}",
                Params::names().collect::<Vec<_>>().join(", ")
            ));
        };
        if name == "bonus-turns" {
            self.bonus_turns = match value {
                "true" => true,
                "false" => false,
                _ => return Err(format!("bonus-turns takes true or false, not {value:?}")),
            };
            return Ok(());
        }
        let v = value
            .parse::<u32>()
            .ok()
            .filter(|v| (info.min..=info.max).contains(v))
            .ok_or_else(|| {
                format!(
                    "{name} takes a whole number from {} to {} ({}), not {value:?}",
                    info.min, info.max, info.meaning
                )
            })?;
        match name {
            "deer" => self.deer = v,
            "aurochs" => self.aurochs = v,
            "mammoth" => self.mammoth = v,
            "bear" => self.bear = v,
            "pit-trap-factor" => self.pit_trap_factor = v,
            "forest" => self.forest = v,
            "mushroom" => self.mushroom = v,
            "nugget" => self.nugget = v,
            "menhir" => self.menhir = v,
            "river" => self.river = v,
            "lake-fish" => self.lake_fish = v,
            "river-fish" => self.river_fish = v,
            "hut-fish" => self.hut_fish = v,
            "raft" => self.raft = v,
            "logboat" => self.logboat = v,
            "agriculture" => self.agriculture = v,
            "dugout" => self.dugout = v,
            // The ranges above keep these within a byte.
            "meeples" => self.meeples = v as u8,
            "huts" => self.huts = v as u8,
            "later-meeples" => self.later_meeples = v as u8,
            "later-huts" => self.later_huts = v as u8,
            _ => unreachable!("every parameter of INFO is set above"),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_reads_back_what_was_set() {
        for e in Edition::ALL {
            let printed = Params::for_edition(e);
            let mut p = printed;
            for (name, value) in printed.pairs() {
                p.set(name, &value).unwrap();
            }
            assert_eq!(p, printed);
            assert!(p.differing(e).is_empty());
            for info in Params::INFO {
                let mut q = printed;
                let other = if info.name == "bonus-turns" {
                    "false".to_string()
                } else if printed.get(info.name).unwrap() == info.max.to_string() {
                    info.min.to_string()
                } else {
                    info.max.to_string()
                };
                q.set(info.name, &other).unwrap();
                assert_eq!(q.get(info.name), Some(other.clone()));
                assert_eq!(q.differing(e), [(info.name, other)]);
            }
        }
    }

    #[test]
    fn values_out_of_range_name_the_key() {
        let mut p = Params::for_edition(Edition::E2020);
        for (name, bad) in [
            ("mammoth", "-1"),
            ("mammoth", "4.5"),
            ("meeples", "0"),
            ("huts", "11"),
            ("pit-trap-factor", "0"),
            ("bonus-turns", "1"),
        ] {
            let e = p.set(name, bad).unwrap_err();
            assert!(e.starts_with(name), "{e}");
        }
        assert!(p.set("wolf", "3").unwrap_err().contains("not a parameter"));
        assert_eq!(p, Params::for_edition(Edition::E2020));
    }
}
