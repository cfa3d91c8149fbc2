//! Rulesets: exactly what differs between the editions, and the named options where the
//! rulebooks are silent.
//!
//! [`Ruleset`] holds every point where the printed rules of 2002, 2014 and 2020 differ (the
//! rules-difference matrix, §1–§2). Its provided methods score forests, rivers, meadows and
//! huts from those points and are never overridden, so the game loop asks the ruleset for
//! values and never asks which edition it is playing. [`Options`] names each decision the texts
//! leave open (§5); each edition starts from its printed rule and a variant file may switch them.

use std::fmt;

pub use crate::edition::{BonusMarker, Edition};
use crate::feature::{ForestInfo, Herd, RiverInfo, SystemInfo};
pub use crate::options::{CountUnit, Options, ScoutOptions};
pub use crate::params::Params;

/// One term of a score: `count` things worth `each` point(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub count: u32,
    pub what: &'static str,
    pub each: u32,
}

const NO_TERM: Term = Term {
    count: 0,
    what: "",
    each: 0,
};

/// Terms kept without allocating; a score has rarely more (stacked pit traps may).
const INLINE_TERMS: usize = 6;

/// Points with the terms that make them up, e.g. `4 tiles × 2 + 1 mushroom × 3`.
///
/// Bots weigh thousands of scores a turn, so the terms live inside the value and only a score
/// of more than six terms allocates.
#[derive(Clone, Debug)]
pub struct Breakdown {
    len: u8,
    inline: [Term; INLINE_TERMS],
    /// All the terms, once there are more than fit inline.
    spilled: Vec<Term>,
}

impl Default for Breakdown {
    fn default() -> Breakdown {
        Breakdown {
            len: 0,
            inline: [NO_TERM; INLINE_TERMS],
            spilled: Vec::new(),
        }
    }
}

impl PartialEq for Breakdown {
    fn eq(&self, other: &Breakdown) -> bool {
        self.terms() == other.terms()
    }
}

impl Eq for Breakdown {}

impl Breakdown {
    pub fn add(&mut self, count: u32, what: &'static str, each: u32) {
        if count == 0 || each == 0 {
            return;
        }
        let term = Term { count, what, each };
        let len = usize::from(self.len);
        if self.spilled.is_empty() && len < INLINE_TERMS {
            self.inline[len] = term;
            self.len += 1;
        } else {
            if self.spilled.is_empty() {
                self.spilled.extend_from_slice(&self.inline[..len]);
            }
            self.spilled.push(term);
        }
    }

    /// The terms in the order they were added.
    pub fn terms(&self) -> &[Term] {
        if self.spilled.is_empty() {
            &self.inline[..usize::from(self.len)]
        } else {
            &self.spilled
        }
    }

    pub fn points(&self) -> u32 {
        self.terms().iter().map(|t| t.count * t.each).sum()
    }
}

/// Where the terms of a score go: a [`Breakdown`] keeps them, [`Points`] only adds them up.
pub trait Tally: Default {
    fn add(&mut self, count: u32, what: &'static str, each: u32);
}

impl Tally for Breakdown {
    fn add(&mut self, count: u32, what: &'static str, each: u32) {
        Breakdown::add(self, count, what, each);
    }
}

/// The points of a score, without its terms (what a bot weighing thousands of scores needs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points(pub u32);

impl Tally for Points {
    fn add(&mut self, count: u32, _what: &'static str, each: u32) {
        self.0 += count * each;
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms().is_empty() {
            return f.write_str("0");
        }
        for (i, t) in self.terms().iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{} {} x {}", t.count, t.what, t.each)?;
        }
        Ok(())
    }
}

/// A forest's or river's length term: its segments or its tiles, as the rules count them.
fn add_length(b: &mut impl Tally, unit: CountUnit, (segments, tiles): (u16, u16), each: u32) {
    match unit {
        CountUnit::Segment => b.add(segments.into(), "segments", each),
        CountUnit::Tile => b.add(tiles.into(), "tiles", each),
    }
}

/// The rules a game is played by: its edition, the named options (each edition's printed
/// answer where the texts differ, the §5 default where they are silent, or a variant's
/// choice) with the Scout's when it is in play, and the numbers ([`Params`]).
///
/// The editions differ in data, not in code: every point where the printed rules differ is an
/// option or a number whose edition default is its printed rule (`Options::for_edition`,
/// `Params::for_edition`), and the tile sets differ in their tiles. The one fact that is
/// neither — what in a completed forest earns a bonus turn — is [`Edition::bonus_marker`].
/// So a ruleset is a value, and scoring reads it; the game loop never asks which edition it
/// plays. Each option exists once, in [`Options`] (the Scout's in `Options::scout`).
#[derive(Clone, Debug)]
pub struct Ruleset {
    edition: Edition,
    options: Options,
}

impl Ruleset {
    pub fn new(edition: Edition, options: Options) -> Ruleset {
        Ruleset { edition, options }
    }

    pub fn edition(&self) -> Edition {
        self.edition
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn params(&self) -> &Params {
        &self.options.params
    }

    /// The Scout's options, when the expansion is in play.
    pub fn scout(&self) -> Option<&ScoutOptions> {
        self.options.scout.as_ref()
    }

    /// The markers of a completed forest that each earn a bonus turn: gold nuggets in the
    /// first edition, menhirs in 2020.
    pub fn bonus_markers(&self, f: &ForestInfo) -> u16 {
        match self.edition.bonus_marker() {
            BonusMarker::GoldNugget => f.nuggets,
            BonusMarker::Menhir => f.menhirs,
        }
    }

    /// A completed forest's score: a [`Breakdown`] with its terms, or [`Points`] alone.
    pub fn forest<T: Tally>(&self, f: &ForestInfo) -> T {
        let mut b = T::default();
        let o = &self.options;
        let p = &o.params;
        add_length(&mut b, o.count_unit, (f.segments, f.tiles), p.forest);
        b.add(f.mushrooms.into(), "mushrooms", p.mushroom);
        b.add(f.nuggets.into(), "gold nuggets", p.nugget);
        b.add(f.menhirs.into(), "menhirs", p.menhir);
        b
    }

    /// A completed river's score.
    pub fn river<T: Tally>(&self, r: &RiverInfo) -> T {
        let mut b = T::default();
        let o = &self.options;
        let p = &o.params;
        add_length(&mut b, o.count_unit, (r.segments, r.tiles), p.river);
        b.add(r.end_lake_fish.into(), "lake fish", p.lake_fish);
        b.add(r.fish.into(), "river fish", p.river_fish);
        b
    }

    /// The points of a meadow for its hunters. `fire` chases every tiger (fire, wildfire).
    /// `doubled[k]` are the animals of `herd` that score 2^(k+1) times: next to one 2020 pit
    /// trap (`doubled[0]`), or, when pit traps stack, next to k + 1 of them. The tiers are
    /// disjoint; tigers in them are ignored.
    pub fn meadow<T: Tally>(&self, herd: &Herd, fire: bool, doubled: &[Herd]) -> T {
        let mut b = T::default();
        let v = self.params();
        let factor = v.pit_trap_factor;
        // Per tier, lowest first: plain animals, then each pit-trap tier (kept without
        // allocating unless many pit traps stack).
        let mut inline = [Herd::default(); 8];
        let mut spilled = Vec::new();
        let tiers: &mut [Herd] = if doubled.len() < inline.len() {
            &mut inline[..=doubled.len()]
        } else {
            spilled.resize(doubled.len() + 1, Herd::default());
            &mut spilled
        };
        let mut plain = *herd;
        for (k, d) in doubled.iter().enumerate() {
            let mut t = *d;
            t.tigers = 0;
            t.deer = t.deer.min(plain.deer);
            t.aurochs = t.aurochs.min(plain.aurochs);
            t.mammoths = t.mammoths.min(plain.mammoths);
            t.bears = t.bears.min(plain.bears);
            plain.remove(&t);
            tiers[k + 1] = t;
        }
        tiers[0] = plain;
        // Tigers take the least valuable deer first: it leaves the scorer the most
        // (rules-matrix row 30, "the scoring player can choose").
        let mut tigers = if fire { 0 } else { herd.tigers };
        for t in tiers.iter_mut() {
            let eaten = tigers.min(t.deer);
            t.deer -= eaten;
            tigers -= eaten;
        }
        // Each kind of animal by tier: "mammoths", "mammoths (pit trap)", then "mammoths
        // (stacked pit traps)" for every further tier (its points per animal tell them apart).
        type Kind = (fn(&Herd) -> u16, [&'static str; 3], u32);
        let kinds: [Kind; 4] = [
            (
                |h| h.mammoths,
                [
                    "mammoths",
                    "mammoths (pit trap)",
                    "mammoths (stacked pit traps)",
                ],
                v.mammoth,
            ),
            (
                |h| h.aurochs,
                [
                    "aurochs",
                    "aurochs (pit trap)",
                    "aurochs (stacked pit traps)",
                ],
                v.aurochs,
            ),
            (
                |h| h.deer,
                ["deer", "deer (pit trap)", "deer (stacked pit traps)"],
                v.deer,
            ),
            (
                |h| h.bears,
                ["bears", "bears (pit trap)", "bears (stacked pit traps)"],
                v.bear,
            ),
        ];
        for (count, labels, value) in kinds {
            let mut each = value;
            for (k, t) in tiers.iter().enumerate() {
                b.add(count(t).into(), labels[k.min(2)], each);
                each *= factor;
            }
        }
        b
    }

    /// The points of a river system for its hut majority.
    pub fn huts<T: Tally>(&self, s: &SystemInfo) -> T {
        let mut b = T::default();
        let p = self.params();
        b.add(s.fish.into(), "fish", p.hut_fish);
        let rafts = if self.options().rafts_stack {
            u32::from(s.rafts)
        } else {
            u32::from(s.rafts.min(1))
        };
        b.add(u32::from(s.lakes), "lakes (raft)", rafts * p.raft);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(e: Edition) -> Ruleset {
        Ruleset::new(e, Options::for_edition(e))
    }

    #[test]
    fn points_without_terms_equal_the_breakdowns() {
        for e in Edition::ALL {
            let r = rules(e);
            for n in 0..6u16 {
                let f = ForestInfo {
                    segments: n + 1,
                    tiles: n,
                    mushrooms: n % 3,
                    open: n % 2,
                    ..ForestInfo::default()
                };
                assert_eq!(r.forest::<Points>(&f).0, r.forest::<Breakdown>(&f).points());
                let v = RiverInfo {
                    segments: n + 2,
                    tiles: n + 1,
                    fish: n,
                    end_lakes: n % 3,
                    end_lake_fish: 2 * n,
                    ..RiverInfo::default()
                };
                assert_eq!(r.river::<Points>(&v).0, r.river::<Breakdown>(&v).points());
                let herd = Herd::new(n, n % 2, n / 2, n % 3);
                let doubled = [Herd::new(n / 2, 0, n / 3, 0), Herd::new(n / 3, 0, 0, 0)];
                for fire in [false, true] {
                    assert_eq!(
                        r.meadow::<Points>(&herd, fire, &doubled).0,
                        r.meadow::<Breakdown>(&herd, fire, &doubled).points()
                    );
                }
                let s = SystemInfo {
                    fish: 3 * n,
                    lakes: n,
                    rafts: n % 3,
                    ..SystemInfo::default()
                };
                assert_eq!(r.huts::<Points>(&s).0, r.huts::<Breakdown>(&s).points());
            }
        }
    }

    #[test]
    fn a_breakdown_keeps_every_term_in_order_beyond_the_inline_ones() {
        let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
        let mut b = Breakdown::default();
        for (i, n) in names.iter().enumerate() {
            b.add(i as u32 + 1, n, 2);
            b.add(0, "nothing", 5);
        }
        let kept: Vec<&str> = b.terms().iter().map(|t| t.what).collect();
        assert_eq!(kept, names);
        assert_eq!(b.points(), 2 * (1..=8).sum::<u32>());
        assert!(b.to_string().starts_with("1 a x 2 + 2 b x 2"), "{b}");
        assert!(b.to_string().ends_with("8 h x 2"), "{b}");
        let mut short = Breakdown::default();
        short.add(1, "a", 2);
        assert_ne!(b, short);
        assert_eq!(short.to_string(), "1 a x 2");
        assert_eq!(Breakdown::default().to_string(), "0");
    }

    #[test]
    fn meadow_examples_of_each_rulebook() {
        let none: [Herd; 0] = [];
        for e in [Edition::E2002, Edition::E2014] {
            let r = rules(e);
            // T02-M1..M4 / T14-M1..M4
            assert_eq!(
                r.meadow::<Breakdown>(&Herd::new(1, 0, 0, 0), false, &none)
                    .points(),
                2
            );
            assert_eq!(
                r.meadow::<Breakdown>(&Herd::new(1, 0, 1, 1), false, &none)
                    .points(),
                2
            );
            assert_eq!(
                r.meadow::<Breakdown>(&Herd::new(2, 1, 2, 1), false, &none)
                    .points(),
                8
            );
            assert_eq!(
                r.meadow::<Breakdown>(&Herd::new(1, 0, 0, 2), false, &none)
                    .points(),
                0
            );
            // D-M2: fire lets every deer score.
            assert_eq!(
                r.meadow::<Breakdown>(&Herd::new(3, 0, 0, 2), true, &none)
                    .points(),
                6
            );
        }
        let r = rules(Edition::E2020);
        // T20-M1..M4
        assert_eq!(
            r.meadow::<Breakdown>(&Herd::new(0, 1, 0, 0), false, &none)
                .points(),
            2
        );
        assert_eq!(
            r.meadow::<Breakdown>(&Herd::new(1, 0, 1, 1), false, &none)
                .points(),
            3
        );
        assert_eq!(
            r.meadow::<Breakdown>(&Herd::new(1, 0, 0, 2), false, &none)
                .points(),
            0
        );
        assert_eq!(
            r.meadow::<Breakdown>(&Herd::new(2, 2, 2, 1), false, &none)
                .points(),
            11
        );
        // D-M1, D-M2 with 2020 values.
        assert_eq!(
            r.meadow::<Breakdown>(&Herd::new(2, 1, 2, 1), false, &none)
                .points(),
            9
        );
        assert_eq!(
            r.meadow::<Breakdown>(&Herd::new(3, 0, 0, 2), true, &none)
                .points(),
            3
        );
        // T20-PT: 2 mammoths, 2 aurochs, 1 deer, 1 tiger, all doubled: the tiger eats the deer.
        let all = Herd::new(1, 2, 2, 1);
        let b = r.meadow::<Breakdown>(&all, false, &[Herd::new(1, 2, 2, 0)]);
        assert_eq!(b.points(), 20, "{b}");
        // A tiger eats a plain deer before a doubled one.
        let b = r.meadow::<Breakdown>(&Herd::new(2, 0, 0, 1), false, &[Herd::new(1, 0, 0, 0)]);
        assert_eq!(b.points(), 2, "{b}");
        // Stacked pit traps: a mammoth next to two traps scores 4 times, one next to a
        // single trap twice; a tiger eats the deer doubled once before the one doubled twice.
        let b = r.meadow::<Breakdown>(
            &Herd::new(2, 0, 2, 1),
            false,
            &[Herd::new(1, 0, 1, 0), Herd::new(1, 0, 1, 0)],
        );
        assert_eq!(b.points(), 3 * 2 + 3 * 4 + 4, "{b}");
    }

    #[test]
    fn forest_and_river_units_differ_by_edition() {
        // D-F1: 4 tiles, 5 segments.
        let f = ForestInfo {
            segments: 5,
            tiles: 4,
            ..ForestInfo::default()
        };
        let pts: Vec<u32> = Edition::ALL
            .iter()
            .map(|e| rules(*e).forest::<Breakdown>(&f).points())
            .collect();
        assert_eq!(pts, [10, 8, 8]);
        // D-F2: 3 segments on 3 tiles with one mushroom patch.
        let f = ForestInfo {
            segments: 3,
            tiles: 3,
            mushrooms: 1,
            ..ForestInfo::default()
        };
        let pts: Vec<u32> = Edition::ALL
            .iter()
            .map(|e| rules(*e).forest::<Breakdown>(&f).points())
            .collect();
        assert_eq!(pts, [8, 8, 9]);
        // D-R2: 3 tiles, end lakes 1 + 1 fish, 1 fish on the river: only 2020 counts it.
        let r = RiverInfo {
            segments: 3,
            tiles: 3,
            fish: 1,
            end_lakes: 2,
            end_lake_fish: 2,
            ..RiverInfo::default()
        };
        assert_eq!(rules(Edition::E2020).river::<Breakdown>(&r).points(), 6);
        assert_eq!(rules(Edition::E2014).river::<Breakdown>(&r).points(), 5);
        assert_eq!(
            rules(Edition::E2020).river::<Breakdown>(&r).to_string(),
            "3 tiles x 1 + 2 lake fish x 1 + 1 river fish x 1"
        );
    }

    #[test]
    fn huts_score_fish_and_rafts() {
        // D-H2: 6 fish, 3 lakes, 1 raft.
        let s = SystemInfo {
            fish: 6,
            lakes: 3,
            rafts: 1,
            ..SystemInfo::default()
        };
        assert_eq!(rules(Edition::E2020).huts::<Breakdown>(&s).points(), 9);
    }

    #[test]
    fn options_round_trip_through_their_names() {
        let mut o = Options::for_edition(Edition::E2002);
        assert_eq!(o.count_unit, CountUnit::Segment);
        assert!(!o.reuse_returned_on_bonus);
        for (name, value) in Options::for_edition(Edition::E2020).pairs() {
            o.set(name, &value).unwrap();
        }
        // The numbers of the rules go through the same door.
        for (name, value) in Params::for_edition(Edition::E2020).pairs() {
            o.set(name, &value).unwrap();
        }
        assert_eq!(o, Options::for_edition(Edition::E2020));
        assert!(
            o.set("count-unit", "tiles")
                .unwrap_err()
                .contains("\"segment\" or \"tile\"")
        );
        assert!(
            o.set("colour", "red")
                .unwrap_err()
                .contains("the options are")
        );
    }
}
