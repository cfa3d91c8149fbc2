//! What a run's tally says: estimates and intervals, the deal as the unit of independence.
//!
//! A [`Summary`] is derived from a [`Tally`] alone, so a merged tally of shards gives the same
//! summary as one run. Every printed figure (text tables, JSON, the HTML report) reads it;
//! none computes a statistic of its own. docs/statistics.md gives the formulas.

use serde::{Deserialize, Serialize};

use crate::compare::{BotTally, ByCategory, Tally};
use crate::measures::{ByMeasure, CATEGORIES, MEASURES, Measure, Shown};
use crate::statistics::{CONFIDENCE, Clustered, Histogram, bonferroni, elo_against_field};

/// A mean with the half-width of its interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub mean: f64,
    pub half_width: f64,
}

/// A value with its interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// p10, p50 (the median) and p90, each with its interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Percentiles {
    pub p10: Interval,
    pub p50: Interval,
    pub p90: Interval,
}

/// One bot against the others.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotSummary {
    pub bot: String,
    pub games: u64,
    /// The distinct deals those games were played from.
    pub deals: u64,
    /// Games won, a game whose best total it shares with another bot counting half.
    pub win_rate: Interval,
    /// Its best total minus the best total of another bot, per game.
    pub margin: Estimate,
    /// The share of the wins a bot as strong as the others would have: its seats over all
    /// seats (one half with two).
    pub fair_share: f64,
    /// Its Elo against the field, as if the other seats were equally strong, under Luce's
    /// choice model ([`elo_against_field`]): 0 at the fair share.
    pub elo: Interval,
}

/// Means and intervals of one variant's tally.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games, and the distinct deals they were played from: the deals are the independent
    /// units every interval rests on.
    pub games: u64,
    pub deals: u64,
    /// The confidence of every interval but the paired differences'.
    pub confidence: f64,
    /// Per player and game.
    pub points: ByCategory<Estimate>,
    pub margin: Estimate,
    pub win_rate_by_seat: Vec<f64>,
    pub bonus_turns_per_game: Estimate,
    /// The confidence of each paired difference: [`Summary::confidence`], or more when the
    /// comparisons of a run hold together (Bonferroni). Absent for the first variant.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub paired_confidence: Option<f64>,
    /// Against the first variant, per player and game (absent for the first variant).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub paired_difference: Option<ByCategory<Estimate>>,
    /// Bot against bot, when the seats have different bots.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub bots: Vec<BotSummary>,
    /// Seat by seat, a shared victory split among its winners (the shares add up to 1).
    pub win_share_by_seat: Vec<Interval>,
    /// Seat 1's share minus an even share (1 / seats).
    pub first_player_advantage: Interval,
    /// `rank_by_seat[seat][rank - 1]`: how often the seat finished at that rank (ties share
    /// the better rank).
    pub rank_by_seat: Vec<Vec<Interval>>,
    /// Percentiles of the players' totals and of the winning margin.
    pub total_percentiles: Percentiles,
    pub margin_percentiles: Percentiles,
    /// Per game.
    pub tiles_per_game: Estimate,
    pub discards_per_game: Estimate,
    pub lead_changes_per_game: Estimate,
    /// The move after which the eventual winner never trailed again (0: never trailed).
    pub settled_after_move: Estimate,
    /// The most points the eventual winner was behind the leader.
    pub winner_worst_deficit: Estimate,
    pub unfinished_gatherers_per_game: Estimate,
    pub unfinished_fishers_per_game: Estimate,
    /// Against the first variant, game by game: the mean difference of each per-game
    /// measure (absent for the first variant).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub paired_game_difference: Option<ByMeasure<Estimate>>,
}

/// Rounded so that the text is the same on every machine.
pub fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The mean of `c` with its interval at `confidence`.
pub fn estimate(c: &Clustered, confidence: f64) -> Estimate {
    Estimate {
        mean: round(c.mean()),
        half_width: round(c.half_width(confidence)),
    }
}

/// How many samples of a tally make one game, a trial of its rates: a seat's share of the
/// wins is kept in sixtieths, a bot's result in half-points, a rank in whole games.
pub const SIXTIETHS: u64 = 60;
pub const HALF_POINTS: u64 = 2;
pub const GAMES: u64 = 1;

/// The rate of `c` (samples from 0 to 1, `trial` of them a game) with its interval at
/// `confidence`.
pub fn rate(c: &Clustered, confidence: f64, trial: u64) -> Interval {
    let (value, low, high) = c.rate_of(confidence, trial);
    Interval {
        value: round(value),
        low: round(low),
        high: round(high),
    }
}

/// The first player's edge: seat 1's share of the wins (`sixtieths`, its share kept in
/// sixtieths of a game, a shared victory split) minus an even share, `1 / seats`, with the
/// share's interval at [`CONFIDENCE`] moved by as much. A fraction of a game; without games,
/// the whole range of a share.
pub fn first_player_edge(sixtieths: Option<&Clustered>, seats: usize) -> Interval {
    let s = sixtieths.map_or(
        Interval {
            value: 0.0,
            low: 0.0,
            high: 1.0,
        },
        |c| rate(c, CONFIDENCE, SIXTIETHS),
    );
    let even = 1.0 / seats.max(1) as f64;
    Interval {
        value: round(s.value - even),
        low: round(s.low - even),
        high: round(s.high - even),
    }
}

fn percentiles(h: &Histogram) -> Percentiles {
    let at = |q| {
        let (low, value, high) = h.quantile(q, CONFIDENCE).unwrap_or((0, 0, 0));
        Interval {
            value: f64::from(value),
            low: f64::from(low),
            high: f64::from(high),
        }
    };
    Percentiles {
        p10: at(0.1),
        p50: at(0.5),
        p90: at(0.9),
    }
}

fn bot_summary(t: &BotTally, seats: usize) -> BotSummary {
    // Half-points, two samples a game: the mean is the win rate.
    let (p, low, high) = t.result.rate_of(CONFIDENCE, HALF_POINTS);
    let fair = t.seats as f64 / seats.max(1) as f64;
    let elo = |x| round1(elo_against_field(x, fair));
    BotSummary {
        bot: t.bot.clone(),
        games: t.result.n / 2,
        deals: t.result.deals,
        win_rate: Interval {
            value: round(p),
            low: round(low),
            high: round(high),
        },
        margin: estimate(&t.margin, CONFIDENCE),
        fair_share: round(fair),
        elo: Interval {
            value: elo(p),
            low: elo(low),
            high: elo(high),
        },
    }
}

impl Summary {
    /// The summary of `t`, its paired differences (if any) at `paired_confidence`.
    pub fn of(t: &Tally, paired_confidence: f64) -> Summary {
        let e = |c: &Clustered| estimate(c, CONFIDENCE);
        let paired = <[Clustered; 6]>::try_from(t.paired.as_slice()).ok();
        Summary {
            games: t.games,
            deals: t.deals,
            confidence: CONFIDENCE,
            points: ByCategory::from_array(t.categories.map(|c| e(&c))),
            margin: e(&t.margin),
            win_rate_by_seat: t
                .wins
                .iter()
                .map(|w| {
                    if t.games == 0 {
                        0.0
                    } else {
                        round(*w as f64 / t.games as f64)
                    }
                })
                .collect(),
            bonus_turns_per_game: e(&t.bonus_turns),
            paired_confidence: paired.map(|_| paired_confidence),
            paired_difference: paired
                .map(|p| ByCategory::from_array(p.map(|c| estimate(&c, paired_confidence)))),
            bots: t
                .bots
                .iter()
                .map(|b| bot_summary(b, t.wins.len()))
                .collect(),
            win_share_by_seat: t
                .win_sixtieths
                .iter()
                .map(|c| rate(c, CONFIDENCE, SIXTIETHS))
                .collect(),
            first_player_advantage: first_player_edge(t.win_sixtieths.first(), t.wins.len()),
            rank_by_seat: t
                .ranks
                .iter()
                .map(|by_rank| by_rank.iter().map(|c| rate(c, CONFIDENCE, GAMES)).collect())
                .collect(),
            total_percentiles: percentiles(&t.totals),
            margin_percentiles: percentiles(&t.margins),
            tiles_per_game: e(&t.tiles),
            discards_per_game: e(&t.discards),
            lead_changes_per_game: e(&t.lead_changes),
            settled_after_move: e(&t.settled_at),
            winner_worst_deficit: e(&t.drama),
            unfinished_gatherers_per_game: e(&t.unfinished_gatherers),
            unfinished_fishers_per_game: e(&t.unfinished_fishers),
            paired_game_difference: t
                .paired_measures
                .as_ref()
                .map(|p| ByMeasure(p.0.each_ref().map(|c| estimate(c, paired_confidence)))),
        }
    }

    /// The estimate of measure `m` per game.
    pub fn measure(&self, m: Measure) -> &Estimate {
        match m {
            Measure::Margin => &self.margin,
            Measure::Tiles => &self.tiles_per_game,
            Measure::BonusTurns => &self.bonus_turns_per_game,
            Measure::Discards => &self.discards_per_game,
            Measure::LeadChanges => &self.lead_changes_per_game,
            Measure::SettledAt => &self.settled_after_move,
            Measure::Drama => &self.winner_worst_deficit,
            Measure::UnfinishedGatherers => &self.unfinished_gatherers_per_game,
            Measure::UnfinishedFishers => &self.unfinished_fishers_per_game,
        }
    }

    /// The measures a table shows, with their headings and estimates, in table order.
    pub fn shown(&self, table: Shown) -> impl Iterator<Item = (&'static str, &Estimate)> {
        MEASURES
            .iter()
            .filter(move |a| a.shown == table)
            .map(|a| (a.heading, self.measure(a.measure)))
    }
}

/// How the paired differences of a run hold together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Simultaneous {
    /// Each interval at [`CONFIDENCE`] on its own.
    #[default]
    None,
    /// Bonferroni: each at 1 − (1 − [`CONFIDENCE`]) / K for K comparisons, all K at
    /// [`CONFIDENCE`] together.
    Bonferroni,
}

/// How many comparisons a run's paired tables make, and how their intervals hold.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Comparisons {
    /// Variants compared with the first, per measure.
    pub per_measure: usize,
    /// Paired intervals printed in all (per measure, times the measures).
    pub intervals: usize,
    pub method: Simultaneous,
    /// The confidence of each paired interval.
    pub confidence_each: f64,
    /// The confidence that all of a measure's comparisons cover their truth together (at
    /// least; exactly each interval's with one comparison).
    pub confidence_together: f64,
}

impl Comparisons {
    /// The comparisons of a run of `variants` variants with the first, on every category and
    /// every per-game measure.
    pub fn of(variants: usize, method: Simultaneous) -> Comparisons {
        let k = variants.saturating_sub(1);
        let each = match method {
            Simultaneous::None => CONFIDENCE,
            Simultaneous::Bonferroni => bonferroni(CONFIDENCE, k),
        };
        Comparisons {
            per_measure: k,
            intervals: k * (CATEGORIES.len() + MEASURES.len()),
            method,
            confidence_each: each,
            confidence_together: if k == 0 {
                CONFIDENCE
            } else {
                // Bonferroni's inequality: all cover at least 1 − K (1 − each).
                (1.0 - k as f64 * (1.0 - each)).max(0.0)
            },
        }
    }

    /// About how many of the paired intervals miss their truth by chance.
    pub fn expected_misses(&self) -> f64 {
        match self.method {
            Simultaneous::Bonferroni => self.intervals as f64 * (1.0 - self.confidence_each),
            Simultaneous::None => self.intervals as f64 * 0.05,
        }
    }
}

/// How many deals the main interval of a run needs for a given half-width.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Precision {
    /// What the figure is: `win_rate` (the first bot's, in percentage points),
    /// `paired_total` (the last variant's paired difference of totals, points per player and
    /// game) or `total` (the first variant's mean total).
    pub measure: String,
    pub variant: String,
    /// Its half-width now, over `deals` deals, and the one aimed at.
    pub half_width: f64,
    pub deals: u64,
    pub target: f64,
    pub deals_needed: u64,
}

impl Precision {
    /// The main interval of a run of `variants` (name and summary, the first the reference)
    /// and the deals it would need for `target` (3 percentage points of a win rate, 1 point
    /// of a total, when `None`).
    pub fn of(variants: &[(&str, &Summary)], target: Option<f64>) -> Precision {
        let first = variants.first();
        let last = variants.last();
        if let Some((name, b)) = first.and_then(|(n, s)| Some((n, s.bots.first()?))) {
            let target = target.unwrap_or(3.0);
            let half = 100.0 * (b.win_rate.high - b.win_rate.low) / 2.0;
            return Precision {
                measure: format!("win_rate of {}", b.bot),
                variant: name.to_string(),
                half_width: (half * 100.0).round() / 100.0,
                deals: b.deals,
                target,
                deals_needed: deals_needed(half, b.deals, target),
            };
        }
        let target = target.unwrap_or(1.0);
        let (measure, (variant, s), e) = match (first, last) {
            (Some(_), Some(v)) if variants.len() > 1 => (
                "paired_total",
                v,
                v.1.paired_difference.map_or(v.1.points.total, |p| p.total),
            ),
            (Some(v), _) => ("total", v, v.1.points.total),
            _ => return Precision::default(),
        };
        Precision {
            measure: measure.to_string(),
            variant: variant.to_string(),
            half_width: e.half_width,
            deals: s.deals,
            target,
            deals_needed: deals_needed(e.half_width, s.deals, target),
        }
    }
}

/// How many deals would bring an interval of half-width `now`, measured over `deals`, to
/// `target`: the half-width shrinks as one over the square root of the deals.
pub fn deals_needed(now: f64, deals: u64, target: f64) -> u64 {
    if target <= 0.0 || deals == 0 {
        return 0;
    }
    (deals as f64 * (now / target).powi(2)).ceil() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonferroni_comparisons_hold_together_at_the_confidence() {
        let alone = Comparisons::of(1, Simultaneous::Bonferroni);
        assert_eq!((alone.per_measure, alone.intervals), (0, 0));
        assert_eq!(alone.confidence_together, CONFIDENCE);
        let five = Comparisons::of(6, Simultaneous::Bonferroni);
        assert_eq!(five.intervals, 5 * (CATEGORIES.len() + MEASURES.len()));
        assert!((five.confidence_each - (1.0 - 0.05 / 5.0)).abs() < 1e-12);
        assert!((five.confidence_together - CONFIDENCE).abs() < 1e-9);
        assert!((five.expected_misses() - five.intervals as f64 * 0.01).abs() < 1e-9);
        let each = Comparisons::of(6, Simultaneous::None);
        assert_eq!(each.confidence_each, CONFIDENCE);
        assert!((each.expected_misses() - each.intervals as f64 * 0.05).abs() < 1e-12);
    }

    #[test]
    fn precision_plans_the_deals_of_the_main_interval() {
        let mut t = Tally::new(&[], false);
        (t.games, t.deals) = (10, 10);
        for d in 0..10 {
            t.categories[5].add_deal(100 + 10 * (d % 3), 2);
        }
        let s = Summary::of(&t, CONFIDENCE);
        let p = Precision::of(&[("2020", &s)], Some(s.points.total.half_width / 2.0));
        assert_eq!((p.measure.as_str(), p.variant.as_str()), ("total", "2020"));
        assert_eq!(p.deals, 10);
        // Half the half-width takes four times the deals.
        assert!((39..=41).contains(&p.deals_needed), "{}", p.deals_needed);
        assert_eq!(Precision::of(&[], None).deals, 0);
    }
}
