//! The skill ladder: bots from weak to strong, each playing the next on the same deals, rated
//! on one scale, and what the ladder says about a variant — how deep it is (how many steps of
//! a fixed win probability fit between the weakest and the strongest bot), how fair to the
//! first player at each level of play, and how much the deal decides.
//!
//! **The games.** Two players. For every deal, each bot plays the next one in the list twice,
//! the seats swapped, and plays itself once (the first player's edge at its level). With
//! replays, the luck pair plays each deal again with other decisions: the same tiles, the
//! bots' choices from other streams ([`BotKind::make_replay`]). Every figure is a function of
//! whole deals, so a deal is the unit of independence everywhere.
//!
//! **The ratings** maximise the Bradley–Terry likelihood: `P(a beats b) = 1 / (1 +
//! 10^((R_b − R_a) / 400))`, a draw counting half a win each. On a chain of pairs the maximum
//! has a closed form: each step is the Elo of its pair's score, with no prior. A pair that one
//! bot swept has no maximum; its step is a bound instead, the Elo of the lower end of the
//! exact (Clopper–Pearson) 95 % interval of the share of deals that bot won, which depends on
//! the number of deals and nothing else, and every rating beyond it from the anchor is a bound
//! too. Ratings are anchored at one bot (`greedy` when it is in the ladder), the same in every
//! variant, so that they compare across variants. Their intervals are percentiles of a
//! bootstrap over deals, in which a swept pair's rate is drawn from the exact interval's
//! confidence distribution.
//!
//! **Depth** (Lantz et al., "Depth in strategic games", 2017): the span between the lowest and
//! the highest rating in steps of a win probability `p` (75 % by default, `elo(p)` ≈ 191
//! Elo); the skill chain has as many whole steps (and one more player) — how many times one
//! can step from the weakest bot to a bot that beats it with probability `p` before reaching
//! the strongest. It measures the ladder as much as the game: a deeper game needs stronger
//! bots to show it, and a rung that adds nothing shows as a step whose interval holds zero.
//! With a sweep the depth is the lower end of its interval, "at least".
//!
//! **Strategies** (Jaffe et al., "Evaluating competitive game balance with restricted play",
//! 2012): the strongest bot forgoing a class of moves ([`Class`]) plays itself unrestricted on
//! every deal, seats swapped; its win rate and margin say what the strategy is worth.
//!
//! **Luck**: every deal is played several times in each seating by the luck pair with other
//! decisions, and a nested analysis of variance splits the variance of the upper bot's
//! margin (and of who wins) into what the deal explains (the tiles, including how they suit
//! one seat), what the first player's edge explains, and what play decides, with a
//! jackknife interval over deals. Each step's upset rate is how often the lower-rated bot of
//! the pair wins.
//!
//! docs/statistics.md has the formulas and their references.

use serde::{Deserialize, Serialize};

use crate::compare::deal_seed;
use crate::statistics::{
    CONFIDENCE, Clustered, all_succeeded_bound, all_succeeded_draw, bootstrap_interval, elo,
    t_quantile,
};
use hunters_bots::{BotError, BotKind, Class, play_out};
use hunters_engine::game::Game;
use hunters_engine::rng::{Stream, below, stream};
use hunters_engine::variant::Variant;

/// Bootstrap samples behind every interval of the ratings, the depth and the luck.
pub const BOOTSTRAP: usize = 1000;

/// The default win probability of one step of the skill chain.
pub const STEP: f64 = 0.75;

/// What to play: the bots from weak to strong, the luck pair and its replays.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub bots: Vec<BotKind>,
    /// The rung whose bot plays the next one again on every deal for the luck figures, or
    /// none.
    pub luck: Option<usize>,
    /// Games of the luck pair per deal and seating: the ladder's own and `replays − 1` more.
    pub replays: u32,
    /// Strategies to value: for each class, the strongest bot forgoing it plays the strongest
    /// bot on every deal, twice, the seats swapped.
    pub strategies: Vec<Class>,
}

impl Ladder {
    /// The strongest bot forgoing `class`.
    pub fn restricted(&self, class: Class) -> BotKind {
        self.bots
            .last()
            .expect("a ladder has a bot")
            .forgoing(class)
    }
}

/// One game's result for the first bot named: its share of the win (1, ½ or 0) and its
/// margin over the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Result2 {
    pub share: f64,
    pub margin: i64,
}

/// What one deal gave.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Deal {
    /// For each rung but the last: the rung's bot against the next one, first in seat 1,
    /// then in seat 2.
    pub steps: Vec<[Result2; 2]>,
    /// For each rung: the first seat's result when the bot plays itself.
    pub mirror: Vec<Result2>,
    /// The luck pair's games, replay by replay (the first is the ladder's own), each seating.
    pub replays: Vec<[Result2; 2]>,
    /// For each strategy: the restricted bot against the strongest, in seat 1, then in seat 2.
    pub strategies: Vec<[Result2; 2]>,
}

impl Ladder {
    /// Plays deal `deal` of master seed `seed` under `variant`.
    pub fn play_deal(&self, variant: &Variant, seed: u64, deal: u64) -> Result<Deal, BotError> {
        let seed = deal_seed(seed, deal);
        let mut out = Deal::default();
        for pair in self.bots.windows(2) {
            out.steps
                .push(both_ways(variant, seed, [&pair[0], &pair[1]], 0)?);
        }
        for bot in &self.bots {
            out.mirror.push(game(variant, seed, [bot, bot], 0)?);
        }
        if let Some(rung) = self.luck {
            out.replays.push(out.steps[rung]);
            let pair = [&self.bots[rung], &self.bots[rung + 1]];
            for replay in 1..self.replays {
                out.replays.push(both_ways(variant, seed, pair, replay)?);
            }
        }
        let top = self.bots.last().expect("a ladder has a bot");
        for &class in &self.strategies {
            let restricted = self.restricted(class);
            out.strategies
                .push(both_ways(variant, seed, [&restricted, top], 0)?);
        }
        Ok(out)
    }
}

/// `pair[0]`'s results against `pair[1]`, in seat 1 and then in seat 2.
fn both_ways(
    variant: &Variant,
    seed: u64,
    pair: [&BotKind; 2],
    replay: u32,
) -> Result<[Result2; 2], BotError> {
    let first = game(variant, seed, pair, replay)?;
    let second = game(variant, seed, [pair[1], pair[0]], replay)?;
    Ok([
        first,
        Result2 {
            share: 1.0 - second.share,
            margin: -second.margin,
        },
    ])
}

/// One game of `seats[0]` (seat 1) against `seats[1]` (seat 2) in replay `replay`: seat 1's
/// result.
fn game(
    variant: &Variant,
    seed: u64,
    seats: [&BotKind; 2],
    replay: u32,
) -> Result<Result2, BotError> {
    let mut game = Game::seeded(variant, 2, seed);
    let mut bots: Vec<_> = (0..2)
        .map(|seat| seats[seat].make_replay(seed, seat, replay))
        .collect();
    play_out(&mut game, &mut bots)?;
    let (a, b) = (game.total(0), game.total(1));
    Ok(Result2 {
        share: match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
        margin: i64::from(a) - i64::from(b),
    })
}

/// A value and its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// A one-sided figure: the bound alone, in all three places.
    fn bound(v: f64) -> Estimate {
        Estimate {
            value: v,
            low: v,
            high: v,
        }
    }
}

/// Whether a figure is an estimate with an interval or, where a pair was swept, only a
/// bound that its deals support.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bound {
    Exact,
    AtMost,
    AtLeast,
}

/// One bot of the ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    pub bot: String,
    /// Elo, anchored at the anchor bot = 0. A bound ([`Rung::bound`]) is in all three fields.
    pub elo: Estimate,
    pub bound: Bound,
    /// The first seat's share of the wins minus one half, in percentage points of wins, when
    /// the bot plays itself (a draw counting half), with its interval over deals; none when
    /// the ladder played no such games.
    pub first_player_edge: Option<Estimate>,
}

/// One step of the ladder: a bot against the next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub lower: String,
    pub upper: String,
    /// The upper bot's win rate (a draw counting half), with its interval over deals.
    pub upper_wins: Estimate,
    /// The upper bot's rating minus the lower's (Elo). After a sweep, the exact bound in all
    /// three fields ([`Step::gap_bound`]).
    pub gap: Estimate,
    /// `exact`, or `at-least` (`at-most`) when the upper (lower) bot won every game: the
    /// gap is then the Elo of the lower end of the exact 95 % interval of the share of
    /// deals the sweeping bot won.
    pub gap_bound: Bound,
    /// Whether one bot won every game.
    pub sweep: bool,
    /// Whether the gap's interval holds zero: the rung adds nothing the games can show.
    pub adds_nothing: bool,
    /// How often the lower-rated bot of the two won (a draw counting half).
    pub upset_rate: f64,
    /// The upper bot's mean margin, in points per game, with its interval over deals.
    pub margin: Estimate,
}

/// How deep the variant is, as far as the ladder shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Depth {
    /// The win probability of one step.
    pub step: f64,
    /// The Elo of one step.
    pub step_elo: f64,
    /// The span between the lowest and the highest rating, in steps, with its interval.
    /// With a sweep ([`Depth::at_least`]) the lower end of that interval, in all three
    /// fields: a swept step counts only as far as its deals show.
    pub steps: Estimate,
    /// The whole steps of the skill chain: the whole part of `steps`' value, low and high.
    /// A chain of `k` steps has `k + 1` players.
    pub whole_steps: [u32; 3],
    /// Whether a sweep makes the depth a lower bound.
    pub at_least: bool,
}

/// Shares of the variance of one outcome of the luck pair's games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shares {
    /// What the deal explains: the tiles, for the pair and for either seat.
    pub deal: Estimate,
    /// What the first player's edge explains: the seat itself, whatever the tiles.
    pub first_player: Estimate,
}

/// The share of the outcome the deal decides, for the luck pair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Luck {
    pub lower: String,
    pub upper: String,
    /// Games per deal behind it: replays times two seatings.
    pub games_per_deal: u32,
    /// The upper bot's margin, in points.
    pub margin: Shares,
    /// Who wins (1, ½ or 0 for the upper bot).
    pub win: Shares,
}

/// What the games of a ladder under one variant say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub deals: u64,
    /// The bot whose rating is 0.
    pub anchor: String,
    pub rungs: Vec<Rung>,
    pub steps: Vec<Step>,
    pub depth: Depth,
    pub luck: Option<Luck>,
    pub strategies: Vec<Strategy>,
}

/// What a strategy is worth: the strongest bot forgoing a class of moves against itself
/// unrestricted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Strategy {
    /// The class forgone (`no-hunters`).
    pub class: String,
    /// The restricted bot and its opponent.
    pub restricted: String,
    pub against: String,
    /// The restricted bot's win rate (a draw counting half), with its interval over deals.
    pub wins: Estimate,
    /// Its mean margin, points per game: what the strategy is worth when negative.
    pub margin: Estimate,
}

/// The anchor of a ladder of `bots`: `greedy` when it is there, else the first bot.
pub fn anchor(bots: &[BotKind]) -> usize {
    bots.iter().position(|b| *b == BotKind::Greedy).unwrap_or(0)
}

/// One step's fit from some deals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gap {
    /// The Bradley–Terry maximum: the Elo of the upper bot's score against the lower one.
    Elo(f64),
    /// One bot won every game (the upper one when `true`): the likelihood has no maximum.
    Swept(bool),
}

/// The gaps of the `steps` steps from the deals `pick` (each as often as it is named). On a
/// chain of pairs the Bradley–Terry maximum has a closed form: each step is the Elo of its
/// pair's score, with no prior; a swept pair has none ([`Gap::Swept`]).
pub fn gaps(deals: &[Deal], pick: &[usize], steps: usize) -> Vec<Gap> {
    (0..steps)
        .map(|s| {
            let (mut won, mut games) = (0.0, 0.0);
            for &d in pick {
                for r in &deals[d].steps[s] {
                    won += r.share;
                    games += 1.0;
                }
            }
            // `won` is the lower bot's score.
            if won == 0.0 {
                Gap::Swept(true)
            } else if won == games {
                Gap::Swept(false)
            } else {
                Gap::Elo(-elo(won / games))
            }
        })
        .collect()
}

/// The Elo of the exact bound of a sweep over `deals` deals, signed for the sweeping bot.
fn swept_gap(upper: bool, rate: f64) -> f64 {
    if upper { elo(rate) } else { -elo(rate) }
}

/// Ratings from the gaps of a chain, anchored at `anchor`.
fn ratings(gaps: &[f64], anchor: usize) -> Vec<f64> {
    let mut rating = vec![0.0];
    for g in gaps {
        let last = *rating.last().expect("a first rating");
        rating.push(last + g);
    }
    let shift = rating[anchor];
    rating.iter().map(|r| r - shift).collect()
}

/// The shares of the variance of `value` over the deals `pick` that the deal and the first
/// player's edge explain, from the luck pair's games: `k` replays per deal and seating.
///
/// A game's value is `deal-in-its-seating + edge + play`: what the deal's tiles do for the
/// pair in that seating (whether they favour one bot, or one seat, alike), a fixed first
/// player's edge `±e`, and the decisions (variance `σ²_w`). Nested analysis of variance gives
/// unbiased estimates without assuming how a deal's two seatings relate: `σ²_w` from the
/// spread within a cell; the deal's variance as `C + H`, where `C` and `H` are the variances
/// of the centre and of half the difference of a deal's two seatings, each less the `σ²_w /
/// 2k` that play adds to it; `e²` as the squared mean of the halves less its variance. (Tiles
/// that favour one bot show in `C`, tiles that favour one seat in `H`; measured, nearly all
/// is `H`.) The deal's share is `C + H`, floored at 0, over the sum; the edge's `e²` over it.
/// `None` with fewer than two deals or replays.
pub fn variance_shares(
    deals: &[Deal],
    pick: &[usize],
    value: impl Fn(&Result2) -> f64,
) -> Option<(f64, f64)> {
    let k = deals.get(*pick.first()?)?.replays.len();
    let n = pick.len();
    if n < 2 || k < 2 {
        return None;
    }
    let (kf, nf) = (k as f64, n as f64);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (mut within, mut centres, mut halves) = (0.0, Vec::with_capacity(n), Vec::with_capacity(n));
    for &d in pick {
        let r = &deals[d].replays;
        let [a, b]: [Vec<f64>; 2] =
            [0, 1].map(|seating| r.iter().map(|g| value(&g[seating])).collect());
        let (ma, mb) = (mean(&a), mean(&b));
        within += a.iter().map(|v| (v - ma).powi(2)).sum::<f64>()
            + b.iter().map(|v| (v - mb).powi(2)).sum::<f64>();
        centres.push((ma + mb) / 2.0);
        halves.push((ma - mb) / 2.0);
    }
    let sample_var = |v: &[f64]| {
        let m = mean(v);
        v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (nf - 1.0)
    };
    let play = within / (2.0 * nf * (kf - 1.0));
    let var_half = sample_var(&halves);
    let centre = sample_var(&centres) - play / (2.0 * kf);
    let half = var_half - play / (2.0 * kf);
    let deal = (centre + half).max(0.0);
    let edge = mean(&halves);
    let edge_sq = (edge * edge - var_half / nf).max(0.0);
    let total = deal + edge_sq + play;
    if total <= 0.0 {
        return Some((0.0, 0.0));
    }
    Some((deal / total, edge_sq / total))
}

/// The percentile interval of bootstrap replicates around `value`.
fn percentiles(value: f64, samples: &mut [f64]) -> Estimate {
    match bootstrap_interval(samples, CONFIDENCE) {
        Some((low, high)) => Estimate { value, low, high },
        None => Estimate::bound(value),
    }
}

/// The two shares of [`variance_shares`] over every deal with their jackknife intervals:
/// the estimate left out one deal at a time gives the standard error, `√((D − 1) / D ·
/// Σ (θ₋ᵢ − θ̄)²)`, and the interval is the estimate ± Student's t on `D − 1` degrees of
/// freedom times it, within 0–1. (A percentile bootstrap of these shares was measured too
/// narrow by about a tenth on 100 deals; the jackknife covers as often as it says, see
/// tests/ladder.rs.)
fn jackknife(deals: &[Deal], shares: impl Fn(&[usize]) -> Option<(f64, f64)>) -> [Estimate; 2] {
    let all: Vec<usize> = (0..deals.len()).collect();
    let (deal, seat) = shares(&all).unwrap_or((0.0, 0.0));
    let mut left: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut pick = Vec::with_capacity(deals.len());
    for out in 0..deals.len() {
        pick.clear();
        pick.extend((0..deals.len()).filter(|&d| d != out));
        if let Some((a, b)) = shares(&pick) {
            left[0].push(a);
            left[1].push(b);
        }
    }
    // On the angular scale `asin √θ`, where a share's spread depends little on its size: on
    // the shares themselves an estimate that fell low came with too small an error, and
    // the intervals missed from below three times as often as from above.
    [(deal, &left[0]), (seat, &left[1])].map(|(value, left)| {
        let n = left.len() as f64;
        if left.len() < 2 {
            return Estimate::bound(value);
        }
        let roots: Vec<f64> = left.iter().map(|v| v.sqrt().asin()).collect();
        let m = roots.iter().sum::<f64>() / n;
        let se = ((n - 1.0) / n * roots.iter().map(|v| (v - m).powi(2)).sum::<f64>()).sqrt();
        let h = t_quantile(0.5 + CONFIDENCE / 2.0, n - 1.0) * se;
        let root = value.sqrt().asin();
        Estimate {
            value,
            low: (root - h).max(0.0).sin().powi(2),
            high: (root + h).min(std::f64::consts::FRAC_PI_2).sin().powi(2),
        }
    })
}

/// The mean of a rate tallied per deal in half-points (two samples a game), with its
/// interval: at a spread of 0 (a sweep) each game counts as a trial, so that no interval at
/// 0 or 1 is wider than the one a single game the other way would give.
fn rate(c: &Clustered) -> Estimate {
    let (value, low, high) = c.rate_of(CONFIDENCE, 2);
    Estimate { value, low, high }
}

fn mean(c: &Clustered, scale: f64, shift: f64) -> Estimate {
    let m = c.mean() * scale + shift;
    let h = c.half_width(CONFIDENCE) * scale;
    Estimate {
        value: m,
        low: m - h,
        high: m + h,
    }
}

/// What the `deals` of a ladder of `names` say, with `step` the win probability of one step
/// of the skill chain and `seed` the bootstrap's stream (the same seed, the same intervals).
pub fn summarize(
    deals: &[Deal],
    ladder: &Ladder,
    names: &[String],
    step: f64,
    seed: u64,
) -> Summary {
    let rungs = names.len();
    let n_steps = rungs.saturating_sub(1);
    let anchor = anchor(&ladder.bots);
    let all: Vec<usize> = (0..deals.len()).collect();
    let count = deals.len() as u64;
    let fitted = gaps(deals, &all, n_steps);
    let sweeps: Vec<bool> = fitted.iter().map(|g| matches!(g, Gap::Swept(_))).collect();
    let bound = all_succeeded_bound(count, CONFIDENCE);
    let point: Vec<f64> = fitted
        .iter()
        .map(|g| match *g {
            Gap::Elo(v) => v,
            Gap::Swept(upper) => swept_gap(upper, bound),
        })
        .collect();
    let ratings_point = ratings(&point, anchor);
    let step_elo = elo(step);
    let span = |r: &[f64]| {
        let max = r.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let min = r.iter().copied().fold(f64::INFINITY, f64::min);
        (max - min) / step_elo
    };
    // One bootstrap over deals for every interval of the ratings, the depth and the luck. A
    // replicate in which a pair is swept has no maximum; it draws the pair's rate from the
    // exact interval's confidence distribution instead, so that the sweep's uncertainty
    // reaches every rating and the depth built on it.
    let mut rng: Stream = stream(seed, "ladder bootstrap");
    let mut by_rung = vec![Vec::with_capacity(BOOTSTRAP); rungs];
    let mut by_gap = vec![Vec::with_capacity(BOOTSTRAP); n_steps];
    let mut spans = Vec::with_capacity(BOOTSTRAP);
    let mut pick = vec![0; deals.len()];
    for _ in 0..BOOTSTRAP {
        for p in pick.iter_mut() {
            *p = below(&mut rng, deals.len());
        }
        let g: Vec<f64> = gaps(deals, &pick, n_steps)
            .into_iter()
            .map(|g| match g {
                Gap::Elo(v) => v,
                Gap::Swept(upper) => {
                    let u = (below(&mut rng, 1 << 30) as f64 + 0.5) / f64::from(1u32 << 30);
                    swept_gap(upper, all_succeeded_draw(count, u))
                }
            })
            .collect();
        let r = ratings(&g, anchor);
        for (b, v) in r.iter().enumerate() {
            by_rung[b].push(*v);
        }
        for (s, v) in g.iter().enumerate() {
            by_gap[s].push(*v);
        }
        spans.push(span(&r));
    }
    let rungs_out = (0..rungs)
        .map(|b| {
            let (from, to) = (b.min(anchor), b.max(anchor));
            let bounded = (from..to).any(|s| sweeps[s]);
            let mut elo = percentiles(ratings_point[b], &mut by_rung[b]);
            // A bound never claims more than the ratings with each swept step at its exact
            // bound do, whatever the bootstrap's draws.
            let bound = match (bounded, b < anchor) {
                (false, _) => Bound::Exact,
                (true, true) => {
                    elo = Estimate::bound(elo.high.max(ratings_point[b]));
                    Bound::AtMost
                }
                (true, false) => {
                    elo = Estimate::bound(elo.low.min(ratings_point[b]));
                    Bound::AtLeast
                }
            };
            let first_player_edge =
                (!deals.is_empty() && deals[0].mirror.len() == rungs).then(|| {
                    let mut mirror = Clustered::default();
                    for d in deals {
                        mirror.add_deal((2.0 * d.mirror[b].share) as i64, 2);
                    }
                    mean(&mirror, 100.0, -50.0)
                });
            Rung {
                bot: names[b].clone(),
                elo,
                bound,
                first_player_edge,
            }
        })
        .collect();
    let steps = (0..n_steps)
        .map(|s| {
            let (mut wins, mut margin) = (Clustered::default(), Clustered::default());
            for d in deals {
                let pair = &d.steps[s];
                let lower: f64 = pair.iter().map(|r| r.share).sum();
                wins.add_deal((2.0 * (2.0 - lower)) as i64, 4);
                margin.add_deal(-pair.iter().map(|r| r.margin).sum::<i64>(), 2);
            }
            let (gap, gap_bound) = match fitted[s] {
                Gap::Elo(v) => (percentiles(v, &mut by_gap[s]), Bound::Exact),
                Gap::Swept(true) => (Estimate::bound(point[s]), Bound::AtLeast),
                Gap::Swept(false) => (Estimate::bound(point[s]), Bound::AtMost),
            };
            let upper_wins = rate(&wins);
            Step {
                lower: names[s].clone(),
                upper: names[s + 1].clone(),
                upset_rate: if gap.value >= 0.0 {
                    1.0 - upper_wins.value
                } else {
                    upper_wins.value
                },
                upper_wins,
                adds_nothing: gap_bound == Bound::Exact && gap.low <= 0.0 && gap.high >= 0.0,
                gap,
                gap_bound,
                sweep: sweeps[s],
                margin: mean(&margin, 1.0, 0.0),
            }
        })
        .collect();
    let at_least = sweeps.iter().any(|&s| s);
    let mut steps_estimate = percentiles(span(&ratings_point), &mut spans);
    if at_least {
        steps_estimate = Estimate::bound(steps_estimate.low.min(span(&ratings_point)));
    }
    let whole = |v: f64| v.max(0.0).floor() as u32;
    let depth = Depth {
        step,
        step_elo,
        whole_steps: [
            whole(steps_estimate.value),
            whole(steps_estimate.low),
            whole(steps_estimate.high),
        ],
        steps: steps_estimate,
        at_least,
    };
    let luck = ladder.luck.map(|rung| {
        let margin = jackknife(deals, |pick| {
            variance_shares(deals, pick, |g| g.margin as f64)
        });
        let win = jackknife(deals, |pick| variance_shares(deals, pick, |g| g.share));
        Luck {
            lower: names[rung].clone(),
            upper: names[rung + 1].clone(),
            games_per_deal: 2 * ladder.replays,
            margin: Shares {
                deal: margin[0],
                first_player: margin[1],
            },
            win: Shares {
                deal: win[0],
                first_player: win[1],
            },
        }
    });
    let strategies = ladder
        .strategies
        .iter()
        .enumerate()
        .map(|(k, &class)| {
            let (mut wins, mut margin) = (Clustered::default(), Clustered::default());
            for d in deals {
                let pair = &d.strategies[k];
                let won: f64 = pair.iter().map(|r| r.share).sum();
                wins.add_deal((2.0 * won) as i64, 4);
                margin.add_deal(pair.iter().map(|r| r.margin).sum::<i64>(), 2);
            }
            Strategy {
                class: class.name().to_string(),
                restricted: ladder.restricted(class).name(),
                against: names[rungs - 1].clone(),
                wins: rate(&wins),
                margin: mean(&margin, 1.0, 0.0),
            }
        })
        .collect();
    Summary {
        strategies,
        deals: count,
        anchor: names[anchor].clone(),
        rungs: rungs_out,
        steps,
        depth,
        luck,
    }
}
