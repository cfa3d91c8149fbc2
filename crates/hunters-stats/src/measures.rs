//! The per-game measures and the score categories, each listed once: every output of a run
//! (text tables, JSON, `--games-out` rows, the HTML report) and docs/json.md take their
//! names, headings and order from here.
//!
//! A measure is an enum variant, and each type that holds one value per measure
//! ([`crate::compare::Outcome`], [`crate::compare::Tally`], [`crate::summary::Summary`])
//! answers for it with an exhaustive `match`: a new measure does not compile until every
//! holder has it, so no output can show a zero for a measure it forgot.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The score categories, then the total: the six keys of points *by category* in every JSON
/// output, the columns of the points tables and of `--games-out` rows.
pub const CATEGORIES: [&str; 6] = ["rivers", "forests", "huts", "meadows", "specials", "total"];

/// The enum and the list of all its values from one list of names, so that they cannot
/// disagree.
macro_rules! measures {
    ($($name:ident),* $(,)?) => {
        /// One number per finished game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Measure {
            $($name),*
        }

        impl Measure {
            pub const ALL: [Measure; [$(Measure::$name),*].len()] = [$(Measure::$name),*];
        }
    };
}

measures![
    Margin,
    Tiles,
    BonusTurns,
    Discards,
    LeadChanges,
    SettledAt,
    Drama,
    UnfinishedGatherers,
    UnfinishedFishers,
];

// Every measure has its line in the table, at its own place: checked when compiling.
const _: () = {
    assert!(Measure::ALL.len() == MEASURES.len());
    let mut i = 0;
    while i < MEASURES.len() {
        assert!(MEASURES[i].measure as usize == i);
        i += 1;
    }
};

/// Which text table of a run shows a measure's mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Beside the points per player and game.
    WithPoints,
    /// In the table of length and tension.
    PerGame,
}

/// What the outputs say about a measure.
#[derive(Debug)]
pub struct About {
    pub measure: Measure,
    /// Its key in a tally and in the paired differences (`tally.KEY`,
    /// `tally.paired_measures.KEY`, `summary.paired_game_difference.KEY`).
    pub key: &'static str,
    /// Its column in `--games-out` rows (CSV header and JSON-lines key).
    pub column: &'static str,
    /// The key of its estimate in a summary.
    pub summary_key: &'static str,
    /// Its heading in the text and HTML tables.
    pub heading: &'static str,
    /// What it counts, as docs/json.md says for the rows.
    pub meaning: &'static str,
    pub shown: Shown,
    /// Whether the tables of paired per-game differences show it (the JSON has them all).
    pub paired_table: bool,
}

/// Every measure, in the order of the rows' columns and of the tables.
pub const MEASURES: [About; 9] = [
    About {
        measure: Measure::Margin,
        key: "margin",
        column: "margin",
        summary_key: "margin",
        heading: "margin",
        meaning: "winner's total minus the best other total",
        shown: Shown::WithPoints,
        paired_table: true,
    },
    About {
        measure: Measure::Tiles,
        key: "tiles",
        column: "tiles",
        summary_key: "tiles_per_game",
        heading: "tiles",
        meaning: "tiles placed after the start tile",
        shown: Shown::PerGame,
        paired_table: true,
    },
    About {
        measure: Measure::BonusTurns,
        key: "bonus_turns",
        column: "bonus_turns",
        summary_key: "bonus_turns_per_game",
        heading: "bonus turns",
        meaning: "bonus tiles or menhir extra turns played",
        shown: Shown::WithPoints,
        paired_table: true,
    },
    About {
        measure: Measure::Discards,
        key: "discards",
        column: "discards",
        summary_key: "discards_per_game",
        heading: "discards",
        meaning: "drawn tiles that fitted nowhere",
        shown: Shown::PerGame,
        paired_table: false,
    },
    About {
        measure: Measure::LeadChanges,
        key: "lead_changes",
        column: "lead_changes",
        summary_key: "lead_changes_per_game",
        heading: "lead changes",
        meaning: "times the sole leader changed",
        shown: Shown::PerGame,
        paired_table: true,
    },
    About {
        measure: Measure::SettledAt,
        key: "settled_at",
        column: "settled_after_move",
        summary_key: "settled_after_move",
        heading: "winner settled after move",
        meaning: "the move after which the winner never trailed again (0: never trailed)",
        shown: Shown::PerGame,
        paired_table: true,
    },
    About {
        measure: Measure::Drama,
        key: "drama",
        column: "winner_worst_deficit",
        summary_key: "winner_worst_deficit",
        heading: "winner's worst deficit",
        meaning: "the most points the winner was behind the leader",
        shown: Shown::PerGame,
        paired_table: true,
    },
    About {
        measure: Measure::UnfinishedGatherers,
        key: "unfinished_gatherers",
        column: "unfinished_gatherers",
        summary_key: "unfinished_gatherers_per_game",
        heading: "gatherers left unfinished",
        meaning: "gatherers left on unfinished forests at the end",
        shown: Shown::PerGame,
        paired_table: false,
    },
    About {
        measure: Measure::UnfinishedFishers,
        key: "unfinished_fishers",
        column: "unfinished_fishers",
        summary_key: "unfinished_fishers_per_game",
        heading: "fishers left unfinished",
        meaning: "fishers left on unfinished rivers at the end",
        shown: Shown::PerGame,
        paired_table: false,
    },
];

impl Measure {
    pub fn about(self) -> &'static About {
        &MEASURES[self as usize]
    }
}

/// One value per measure, in [`MEASURES`] order. In JSON, an object keyed by
/// [`About::key`] (in the order of the keys, as a map was written before); reading one
/// refuses a missing or unknown key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByMeasure<T>(pub [T; MEASURES.len()]);

impl<T> ByMeasure<T> {
    pub fn from_fn(mut f: impl FnMut(Measure) -> T) -> Self {
        ByMeasure(std::array::from_fn(|i| f(MEASURES[i].measure)))
    }

    pub fn get(&self, m: Measure) -> &T {
        &self.0[m as usize]
    }

    pub fn get_mut(&mut self, m: Measure) -> &mut T {
        &mut self.0[m as usize]
    }

    /// Each measure with its value, in [`MEASURES`] order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static About, &T)> {
        MEASURES.iter().zip(&self.0)
    }
}

impl<T: Serialize> Serialize for ByMeasure<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let by_key: std::collections::BTreeMap<&str, &T> =
            self.iter().map(|(a, v)| (a.key, v)).collect();
        by_key.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByMeasure<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut by_key = std::collections::BTreeMap::<String, T>::deserialize(d)?;
        let mut values = Vec::with_capacity(MEASURES.len());
        for a in &MEASURES {
            match by_key.remove(a.key) {
                Some(v) => values.push(v),
                None => return Err(D::Error::custom(format!("measure `{}` missing", a.key))),
            }
        }
        if let Some(k) = by_key.keys().next() {
            return Err(D::Error::custom(format!("unknown measure `{k}`")));
        }
        let Ok(values) = values.try_into() else {
            unreachable!("one value per measure was pushed")
        };
        Ok(ByMeasure(values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hunters_engine::game::Category;

    #[test]
    fn the_table_names_each_measure_once() {
        for m in Measure::ALL {
            assert_eq!(m.about().measure, m);
        }
        for (i, a) in MEASURES.iter().enumerate() {
            for b in &MEASURES[..i] {
                assert_ne!(a.key, b.key);
                assert_ne!(a.column, b.column);
                assert_ne!(a.summary_key, b.summary_key);
                assert_ne!(a.heading, b.heading);
            }
        }
    }

    #[test]
    fn the_categories_are_the_games_then_the_total() {
        for (c, name) in Category::ALL.iter().zip(CATEGORIES) {
            assert_eq!(c.name(), name);
        }
        assert_eq!(CATEGORIES.len(), Category::ALL.len() + 1);
        assert_eq!(CATEGORIES[5], "total");
    }

    #[test]
    fn a_missing_or_unknown_measure_is_refused_when_read() {
        let all = ByMeasure::from_fn(|m| m as u32);
        let mut json = serde_json::to_value(all).expect("serialises");
        let back: ByMeasure<u32> = serde_json::from_value(json.clone()).expect("reads back");
        assert_eq!(back, all);
        json.as_object_mut().expect("an object").remove("drama");
        let err = serde_json::from_value::<ByMeasure<u32>>(json.clone()).unwrap_err();
        assert!(err.to_string().contains("`drama` missing"), "{err}");
        json["drama"] = 1.into();
        json["suspense"] = 1.into();
        let err = serde_json::from_value::<ByMeasure<u32>>(json).unwrap_err();
        assert!(
            err.to_string().contains("unknown measure `suspense`"),
            "{err}"
        );
    }
}
