//! The published editions of the rules.

use std::fmt;

/// A published edition of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edition {
    /// Hans im Glück 2002, English text by Rio Grande Games.
    E2002,
    /// The Z-Man / F2Z English printing of 2014.
    E2014,
    /// The 2020 "menhir" second edition.
    E2020,
}

impl Edition {
    pub const ALL: [Edition; 3] = [Edition::E2002, Edition::E2014, Edition::E2020];

    pub fn name(self) -> &'static str {
        match self {
            Edition::E2002 => "2002",
            Edition::E2014 => "2014",
            Edition::E2020 => "2020",
        }
    }

    pub fn from_name(s: &str) -> Option<Edition> {
        Edition::ALL.into_iter().find(|e| e.name() == s)
    }

    /// What in a completed forest earns a bonus turn: "each gold nugget" in the first
    /// edition (2002 and 2014: a bonus tile), a menhir in 2020 (an extra turn with a menhir
    /// tile).
    pub fn bonus_marker(self) -> BonusMarker {
        match self {
            Edition::E2002 | Edition::E2014 => BonusMarker::GoldNugget,
            Edition::E2020 => BonusMarker::Menhir,
        }
    }
}

/// The mark on a forest that earns a bonus turn when the forest is completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BonusMarker {
    GoldNugget,
    Menhir,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
