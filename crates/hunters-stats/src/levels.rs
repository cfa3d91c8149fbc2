//! Answers by level of play: the headline answers of a comparison of variants — each
//! variant's paired difference to the first by category, the first player's edge, what a
//! class of moves is worth — measured with bots of several strengths on the same deals, and
//! for each answer whether it is settled at the top level, still moving, or not yet known.
//!
//! Every answer moves with the level of play of the bots that play the games, so a figure
//! measured with one bot says what that bot makes of the rules. Measuring it at several
//! levels, weakest first, shows whether it has stopped moving by the strongest.
//!
//! **One deal, one sample per answer.** Every level plays the same deals. At each level a
//! deal gives, for every answer, the sum of its samples and their number (a one-deal
//! [`Clustered`]), taken from the very [`Tally`] that `simulate` keeps, so a level's figure is
//! exactly what `simulate` prints with that bot in every seat: the paired differences from
//! [`Tally::paired`], the first player's edge from seat 1's [`Tally::win_sixtieths`], what a
//! class is worth from the restricted bot's [`crate::compare::BotTally`].
//!
//! **The step at the top.** Whether an answer has settled is a question about the difference
//! between the two highest levels. Both levels play the same deals, so the difference is kept
//! deal by deal (the top level's sum minus the level below's, over as many samples) and its
//! interval is over deals: what the tiles of a deal do to both levels alike cancels, and the
//! interval is far narrower than two levels' intervals side by side would suggest. An answer
//! is *settled* when that interval holds 0 and is narrow (half-width within a tolerance),
//! *moving* when it leaves out 0, and *not yet known* when it holds 0 but is too wide to say
//! (docs/statistics.md).

use serde::{Deserialize, Serialize};

use crate::compare::{Outcome, Tally};
use crate::measures::CATEGORIES;
use crate::statistics::{CONFIDENCE, Clustered};
use crate::summary::{
    HALF_POINTS, Interval, deals_needed, estimate, first_player_edge, rate, round,
};
use hunters_bots::{BotKind, Class};

/// How narrow the step between the two highest levels must be for an answer in points to be
/// settled: its interval's half-width at most this, in points (per player and game for a
/// paired difference, per game for a margin). Smaller than most differences between editions
/// that anyone quotes, larger than what a few hundred deals can resolve in a minute.
pub const POINTS_TOLERANCE: f64 = 2.0;

/// The same for an answer that is a share of the wins (the first player's edge, a win
/// rate), in percentage points of wins.
pub const SHARE_TOLERANCE: f64 = 5.0;

/// The categories in the order the answers list them: the total first, the headline.
const CATEGORY_ORDER: [usize; 6] = [5, 0, 1, 2, 3, 4];

/// What an answer measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A variant's points per player and game minus the first variant's, in one category,
    /// with the level's bot in every seat.
    PairedDifference,
    /// Seat 1's share of the wins minus an even share, with the level's bot in every seat.
    FirstPlayerEdge,
    /// The level's bot forgoing a class of moves against itself unrestricted, the seats
    /// rotated: its share of the wins, a shared best total counting half.
    WinRate,
    /// The same games: its best total minus the best total of the unrestricted bot, per game.
    Margin,
}

/// The unit of an answer's values at each level; the step between levels is in points for
/// [`Unit::Points`] and in percentage points for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Points,
    /// Percent of the games (a win rate).
    Percent,
    /// Percentage points of wins (the first player's edge).
    PercentagePoints,
}

impl Kind {
    pub fn unit(self) -> Unit {
        match self {
            Kind::PairedDifference | Kind::Margin => Unit::Points,
            Kind::FirstPlayerEdge => Unit::PercentagePoints,
            Kind::WinRate => Unit::Percent,
        }
    }

    /// How the sums of a deal become the answer's unit: shares to percent.
    fn scale(self) -> f64 {
        match self.unit() {
            Unit::Points => 1.0,
            Unit::Percent | Unit::PercentagePoints => 100.0,
        }
    }
}

/// One answer: its name and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// `2020 − 2002 total`, `first player's edge, 2002-scout`, `no-hunters vs itself, 2020:
    /// win rate`.
    pub name: String,
    pub kind: Kind,
    pub variant: String,
    /// The first variant, which a paired difference is taken to.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub against: Option<String>,
    /// The category of a paired difference.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub category: Option<String>,
    /// The class of moves forgone (`no-hunters`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub class: Option<String>,
}

/// The answers a run of `variants` (the first the reference) with the classes `classes` gives,
/// in the order every output lists them and [`self_play_samples`] and [`restricted_samples`]
/// give their samples: each later variant's paired differences (total first), each variant's
/// first player's edge, then for each class each variant's win rate and margin.
pub fn answers(variants: &[String], classes: &[Class]) -> Vec<Answer> {
    let mut out = Vec::new();
    let Some(first) = variants.first() else {
        return out;
    };
    for v in &variants[1..] {
        for c in CATEGORY_ORDER {
            out.push(Answer {
                name: format!("{v} − {first} {}", CATEGORIES[c]),
                kind: Kind::PairedDifference,
                variant: v.clone(),
                against: Some(first.clone()),
                category: Some(CATEGORIES[c].to_string()),
                class: None,
            });
        }
    }
    for v in variants {
        out.push(Answer {
            name: format!("first player's edge, {v}"),
            kind: Kind::FirstPlayerEdge,
            variant: v.clone(),
            against: None,
            category: None,
            class: None,
        });
    }
    for class in classes {
        for v in variants {
            for (kind, what) in [(Kind::WinRate, "win rate"), (Kind::Margin, "margin")] {
                out.push(Answer {
                    name: format!("{} vs itself, {v}: {what}", class.name()),
                    kind,
                    variant: v.clone(),
                    against: None,
                    category: None,
                    class: Some(class.name().to_string()),
                });
            }
        }
    }
    out
}

/// One deal's samples at one level from its games with the level's bot in every seat
/// (`seats`), `by_variant` holding each variant's games of the deal as
/// [`crate::compare::Table::tally_deal`] plays them: the paired differences, then the first
/// player's edges, in the order of [`answers`].
pub fn self_play_samples(seats: &[BotKind], by_variant: &[Vec<Outcome>]) -> Vec<Clustered> {
    let mut paired = Vec::new();
    let mut edges = Vec::new();
    for (v, games) in by_variant.iter().enumerate() {
        let t = one_deal(seats, games, (v > 0).then(|| &by_variant[0][..]));
        if v > 0 {
            paired.extend(CATEGORY_ORDER.map(|c| t.paired[c]));
        }
        edges.push(t.win_sixtieths.first().copied().unwrap_or_default());
    }
    paired.extend(edges);
    paired
}

/// One deal's samples at one level from the games of a bot forgoing a class against itself
/// (`seats`: the restricted bot first, the seats rotated), by variant: the restricted bot's
/// result in half-points and its margin, in the order of [`answers`].
pub fn restricted_samples(seats: &[BotKind], by_variant: &[Vec<Outcome>]) -> Vec<Clustered> {
    let mut out = Vec::new();
    for games in by_variant {
        let t = one_deal(seats, games, None);
        let bot = t.bots.first().cloned().unwrap_or_default();
        out.extend([bot.result, bot.margin]);
    }
    out
}

/// A tally of one deal, as `simulate` keeps it.
fn one_deal(seats: &[BotKind], games: &[Outcome], base: Option<&[Outcome]>) -> Tally {
    let mut t = Tally::new(seats, base.is_some());
    t.add_deal(games, base);
    t
}

/// The sums of a run by level: every answer at every level, and the step between the two
/// highest levels deal by deal. Exact integer sums, so shards of the deals merge exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Levels {
    /// The levels' bots, weakest first.
    pub levels: Vec<String>,
    /// Seats per game (the even share of the first player's edge is one over it).
    pub seats: usize,
    pub answers: Vec<AnswerTally>,
}

/// One answer's sums.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerTally {
    #[serde(flatten)]
    pub answer: Answer,
    /// By level, weakest first.
    pub by_level: Vec<Clustered>,
    /// The top level minus the level below, deal by deal (the same samples at both).
    pub top_step: Clustered,
}

impl Levels {
    pub fn new(levels: Vec<String>, seats: usize, answers: Vec<Answer>) -> Levels {
        let n = levels.len();
        Levels {
            levels,
            seats,
            answers: answers
                .into_iter()
                .map(|answer| AnswerTally {
                    answer,
                    by_level: vec![Clustered::default(); n],
                    top_step: Clustered::default(),
                })
                .collect(),
        }
    }

    /// Adds one deal's samples at `level` (one per answer, in order); at the top level,
    /// `below` holds the same deal's samples at the level below, for the step.
    pub fn add_deal(&mut self, level: usize, samples: &[Clustered], below: Option<&[Clustered]>) {
        let top = level + 1 == self.levels.len();
        for (k, (a, s)) in self.answers.iter_mut().zip(samples).enumerate() {
            a.by_level[level].merge(s);
            if let (true, Some(b)) = (top, below.and_then(|b| b.get(k))) {
                // The same games of the same deal at both levels: as many samples.
                debug_assert_eq!(s.n, b.n, "{}", a.answer.name);
                a.top_step.add_deal(s.sum - b.sum, s.n);
            }
        }
    }

    /// Adds the sums of another shard of the same run.
    pub fn merge(&mut self, o: &Levels) {
        for (a, b) in self.answers.iter_mut().zip(&o.answers) {
            for (x, y) in a.by_level.iter_mut().zip(&b.by_level) {
                x.merge(y);
            }
            a.top_step.merge(&b.top_step);
        }
    }

    /// The distinct deals every figure rests on.
    pub fn deals(&self) -> u64 {
        self.answers
            .first()
            .and_then(|a| a.by_level.first())
            .map_or(0, |c| c.deals)
    }

    /// Every answer's value at each level with its interval, the step at the top, and the
    /// verdict, with `tolerances` for how narrow a settled step is.
    pub fn summarize(&self, tolerances: Tolerances) -> Vec<AnswerSummary> {
        self.answers
            .iter()
            .map(|a| {
                let kind = a.answer.kind;
                let by_level = a.by_level.iter().map(|c| value(kind, c, self.seats));
                let step = mean(&a.top_step, kind.scale());
                let tolerance = match kind.unit() {
                    Unit::Points => tolerances.points,
                    Unit::Percent | Unit::PercentagePoints => tolerances.percentage_points,
                };
                let (verdict, needed) = verdict(&step, a.top_step.deals, tolerance);
                AnswerSummary {
                    answer: a.answer.clone(),
                    unit: kind.unit(),
                    by_level: by_level.collect(),
                    top_step: step,
                    tolerance,
                    verdict,
                    deals_needed: needed,
                }
            })
            .collect()
    }
}

/// An answer's value at one level, with its interval at [`CONFIDENCE`], in its unit: as
/// `simulate` gives it (a mean with Student's t over deals, or a share with Wilson's
/// interval over the deals' effective number of games).
fn value(kind: Kind, c: &Clustered, seats: usize) -> Interval {
    let percent = |i: Interval| Interval {
        value: round(100.0 * i.value),
        low: round(100.0 * i.low),
        high: round(100.0 * i.high),
    };
    match kind {
        Kind::PairedDifference | Kind::Margin => mean(c, 1.0),
        Kind::FirstPlayerEdge => percent(first_player_edge(Some(c), seats)),
        Kind::WinRate => percent(rate(c, CONFIDENCE, HALF_POINTS)),
    }
}

/// The mean of `c` times `scale` with its t interval over deals.
fn mean(c: &Clustered, scale: f64) -> Interval {
    let e = estimate(c, CONFIDENCE);
    Interval {
        value: round(scale * e.mean),
        low: round(scale * (e.mean - e.half_width)),
        high: round(scale * (e.mean + e.half_width)),
    }
}

/// What the step between the two highest levels says, over `deals` deals: settled when its
/// interval holds 0 and its half-width is at most `tolerance`; moving when it leaves out 0;
/// else not yet known, with the deals that would bring the half-width to the tolerance.
/// With fewer than two deals there is no interval, so nothing is known.
pub fn verdict(step: &Interval, deals: u64, tolerance: f64) -> (Verdict, Option<u64>) {
    let half = (step.high - step.low) / 2.0;
    if deals < 2 {
        (Verdict::NotYetKnown, None)
    } else if step.low > 0.0 || step.high < 0.0 {
        (Verdict::StillMoving, None)
    } else if half <= tolerance {
        (Verdict::Settled, None)
    } else {
        (
            Verdict::NotYetKnown,
            Some(deals_needed(half, deals, tolerance)),
        )
    }
}

/// How narrow a settled step is, by unit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tolerances {
    /// Points (per player and game, or per game for a margin).
    pub points: f64,
    /// Percentage points of wins.
    pub percentage_points: f64,
}

impl Default for Tolerances {
    fn default() -> Tolerances {
        Tolerances {
            points: POINTS_TOLERANCE,
            percentage_points: SHARE_TOLERANCE,
        }
    }
}

/// Whether an answer has stopped moving with the level of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The two highest levels agree: the step's interval holds 0 and is narrow.
    Settled,
    /// The two highest levels differ: the step's interval leaves out 0.
    StillMoving,
    /// The step's interval holds 0 but is too wide to say.
    NotYetKnown,
}

/// One answer at every level, and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnswerSummary {
    #[serde(flatten)]
    pub answer: Answer,
    /// The unit of `by_level`.
    pub unit: Unit,
    /// The value at each level, weakest first, with its 95 % interval over deals.
    pub by_level: Vec<Interval>,
    /// The top level's value minus the level below's, deal by deal, with its 95 % interval
    /// over deals (points, or percentage points).
    pub top_step: Interval,
    /// The half-width under which a step that holds 0 is settled.
    pub tolerance: f64,
    pub verdict: Verdict,
    /// When not yet known: about how many deals would bring the step's interval to the
    /// tolerance.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub deals_needed: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(value: f64, half: f64) -> Interval {
        Interval {
            value,
            low: value - half,
            high: value + half,
        }
    }

    #[test]
    fn a_verdict_reads_the_step_interval_against_zero_and_the_tolerance() {
        assert_eq!(verdict(&step(0.0, 0.0), 50, 2.0), (Verdict::Settled, None));
        assert_eq!(verdict(&step(0.5, 1.9), 50, 2.0), (Verdict::Settled, None));
        assert_eq!(
            verdict(&step(2.5, 2.0), 50, 2.0),
            (Verdict::StillMoving, None)
        );
        assert_eq!(
            verdict(&step(-0.2, 0.1), 50, 2.0),
            (Verdict::StillMoving, None)
        );
        // Four times the deals halve the interval.
        assert_eq!(
            verdict(&step(0.5, 4.0), 50, 2.0),
            (Verdict::NotYetKnown, Some(200))
        );
        assert_eq!(
            verdict(&step(0.0, 0.0), 1, 2.0),
            (Verdict::NotYetKnown, None)
        );
    }

    #[test]
    fn the_step_at_the_top_is_kept_deal_by_deal() {
        let answer = Answer {
            name: "x".to_string(),
            kind: Kind::PairedDifference,
            variant: "2020".to_string(),
            against: Some("2002".to_string()),
            category: Some("total".to_string()),
            class: None,
        };
        let mut l = Levels::new(vec!["a".into(), "b".into()], 2, vec![answer]);
        let one = |sum, n| {
            let mut c = Clustered::default();
            c.add_deal(sum, n);
            c
        };
        // The deals differ widely, the levels by exactly one point per sample.
        for d in 0..10 {
            let low = one(10 * d, 2);
            let high = one(10 * d + 2, 2);
            l.add_deal(0, &[low], None);
            l.add_deal(1, &[high], Some(&[low]));
        }
        let s = &l.summarize(Tolerances::default())[0];
        assert_eq!(l.deals(), 10);
        assert!(s.by_level[0].high - s.by_level[0].low > 10.0);
        assert_eq!((s.top_step.value, s.top_step.low), (1.0, 1.0));
        assert_eq!(s.verdict, Verdict::StillMoving);
    }
}
