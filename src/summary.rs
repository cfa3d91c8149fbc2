//! What a run's tally says: estimates and intervals, the deal as the unit of independence.
//!
//! A [`Summary`] is derived from a [`Tally`] alone, so a merged tally of shards gives the same
//! summary as one run. Every printed figure (text tables, JSON, the HTML report) reads it;
//! none computes a statistic of its own. docs/statistics.md gives the formulas.

use serde::{Deserialize, Serialize};

use crate::compare::{BotTally, ByCategory, Tally};
use crate::measures::{ByMeasure, MEASURES, Measure, Shown};
use crate::statistics::{CONFIDENCE, Clustered, Histogram, elo};

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
    /// The Elo difference the win rate implies (the bot against the field).
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
fn round(x: f64) -> f64 {
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

/// The rate of `c` (samples from 0 to 1) with its interval at `confidence`.
pub fn rate(c: &Clustered, confidence: f64) -> Interval {
    let (value, low, high) = c.rate(confidence);
    Interval {
        value: round(value),
        low: round(low),
        high: round(high),
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

fn bot_summary(t: &BotTally) -> BotSummary {
    // Half-points, two samples a game: the mean is the win rate.
    let (p, low, high) = t.result.rate(CONFIDENCE);
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
        elo: Interval {
            value: round1(elo(p)),
            low: round1(elo(low)),
            high: round1(elo(high)),
        },
    }
}

impl Summary {
    /// The summary of `t`, its paired differences (if any) at `paired_confidence`.
    pub fn of(t: &Tally, paired_confidence: f64) -> Summary {
        let seats = t.wins.len().max(1) as f64;
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
            bots: t.bots.iter().map(bot_summary).collect(),
            win_share_by_seat: t
                .win_sixtieths
                .iter()
                .map(|c| rate(c, CONFIDENCE))
                .collect(),
            first_player_advantage: {
                let s = t.win_sixtieths.first().map_or(
                    Interval {
                        value: 0.0,
                        low: 0.0,
                        high: 1.0,
                    },
                    |c| rate(c, CONFIDENCE),
                );
                let even = 1.0 / seats;
                Interval {
                    value: round(s.value - even),
                    low: round(s.low - even),
                    high: round(s.high - even),
                }
            },
            rank_by_seat: t
                .ranks
                .iter()
                .map(|by_rank| by_rank.iter().map(|c| rate(c, CONFIDENCE)).collect())
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

/// How many deals would bring an interval of half-width `now`, measured over `deals`, to
/// `target`: the half-width shrinks as one over the square root of the deals.
pub fn deals_needed(now: f64, deals: u64, target: f64) -> u64 {
    if target <= 0.0 || deals == 0 {
        return 0;
    }
    (deals as f64 * (now / target).powi(2)).ceil() as u64
}
