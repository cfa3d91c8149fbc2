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
//! has a closed form: each step is the Elo of its pair's score. Each pair carries one virtual
//! draw, so that a pair one bot swept still has a finite step (a lower bound, and the table
//! says so). Ratings are anchored at one bot (`greedy` when it is in the ladder), the same in
//! every variant, so that they compare across variants. Their intervals are percentiles of
//! a bootstrap over deals.
//!
//! **Depth** (Lantz et al., "Depth in strategic games", 2017): the span between the lowest and
//! the highest rating in steps of a win probability `p` (75 % by default, `elo(p)` ≈ 191
//! Elo); the chain length is its whole part — how many times one can step from the weakest bot
//! to a bot that beats it with probability `p` before reaching the strongest. It measures the
//! ladder as much as the game: a deeper game needs stronger bots to show it, and a rung that
//! adds nothing shows as a step whose interval holds zero.
//!
//! **Strategies** (Jaffe et al., "Evaluating competitive game balance with restricted play",
//! 2012): the strongest bot forgoing a class of moves ([`Class`]) plays itself unrestricted on
//! every deal, seats swapped; its win rate and margin say what the strategy is worth.
//!
//! **Luck**: the share of the variance of the luck pair's margin (and of who wins) that the
//! deal explains: every deal is played several times in each seating with other decisions,
//! and the intraclass correlation (one-way analysis of variance, a deal in one seating as a
//! group) splits the variance into what the tiles decide and what play decides, with a
//! bootstrap interval over deals. Each step's upset rate is how often the lower-rated bot of
//! the pair wins.
//!
//! docs/statistics.md has the formulas and their references.

use serde::{Deserialize, Serialize};

use crate::bot::{BotError, BotKind, Class, play_out};
use crate::compare::deal_seed;
use crate::game::Game;
use crate::rng::{Stream, below, stream};
use crate::statistics::{CONFIDENCE, Clustered, elo};
use crate::variant::Variant;

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
        let top = self.bots.last().expect("a ladder has a bot").clone();
        match top {
            BotKind::Restricted { bot, mut without } => {
                without.push(class);
                without.sort();
                without.dedup();
                BotKind::Restricted { bot, without }
            }
            bot => BotKind::Restricted {
                bot: Box::new(bot),
                without: vec![class],
            },
        }
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

/// Whether a rating is a value or, beyond a pair that one bot swept, only a bound.
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
    /// Elo, anchored at the anchor bot = 0.
    pub elo: Estimate,
    pub bound: Bound,
    /// The first seat's win rate minus one half, in percentage points, when the bot plays
    /// itself (a draw counting half), with its interval over deals.
    pub first_player_edge: Estimate,
}

/// One step of the ladder: a bot against the next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub lower: String,
    pub upper: String,
    /// The upper bot's win rate (a draw counting half), with its interval over deals.
    pub upper_wins: Estimate,
    /// The upper bot's rating minus the lower's (Elo).
    pub gap: Estimate,
    /// Whether one bot won every game (the gap is then a bound).
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
    /// The span between the lowest and the highest rating, in steps.
    pub steps: Estimate,
    /// The skill chain's length: the whole part of `steps`, with its interval.
    pub chain: [u32; 3],
    /// Whether a sweep makes the span a lower bound.
    pub at_least: bool,
}

/// The share of the outcome the deal decides, for the luck pair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Luck {
    pub lower: String,
    pub upper: String,
    /// Games per deal behind it: replays times two seatings.
    pub games_per_deal: u32,
    /// The intraclass correlation of the upper bot's margin: the deal's share of its
    /// variance.
    pub margin: Estimate,
    /// The same for who wins (1, ½ or 0).
    pub win: Estimate,
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

/// The ratings of `bots` ladder rungs from the deals `pick` (each as often as it is named),
/// anchored at `anchor`: on a chain the Bradley–Terry maximum, with one virtual draw per pair.
pub fn fit(deals: &[Deal], pick: &[usize], rungs: usize, anchor: usize) -> Vec<f64> {
    let mut rating = vec![0.0; rungs];
    for s in 0..rungs.saturating_sub(1) {
        let (mut won, mut games) = (0.5, 1.0);
        for &d in pick {
            for r in &deals[d].steps[s] {
                won += r.share;
                games += 1.0;
            }
        }
        // The lower bot's score against the upper one.
        let p = won / games;
        rating[s + 1] = rating[s] - 400.0 * (p / (1.0 - p)).log10();
    }
    let shift = rating[anchor];
    rating.iter().map(|r| r - shift).collect()
}

/// The intraclass correlation of `value` over the deals `pick`: one-way analysis of variance
/// whose groups are a deal in one seating (the same tiles to the same bots) played `k` times
/// with other decisions (the ANOVA estimator, `(MSB − MSW) / (MSB + (k − 1) MSW)`, floored
/// at 0). `None` with fewer than two replays.
pub fn intraclass(deals: &[Deal], pick: &[usize], value: impl Fn(&Result2) -> f64) -> Option<f64> {
    let groups: Vec<Vec<f64>> = pick
        .iter()
        .flat_map(|&d| {
            let replays = &deals[d].replays;
            let value = &value;
            (0..2).map(move |seating| replays.iter().map(|r| value(&r[seating])).collect())
        })
        .collect();
    let k = groups.first()?.len();
    let n = groups.len();
    if n < 2 || k < 2 {
        return None;
    }
    let grand = groups.iter().flatten().sum::<f64>() / (n * k) as f64;
    let mut between = 0.0;
    let mut within = 0.0;
    for g in &groups {
        let mean = g.iter().sum::<f64>() / k as f64;
        between += k as f64 * (mean - grand).powi(2);
        within += g.iter().map(|v| (v - mean).powi(2)).sum::<f64>();
    }
    let msb = between / (n - 1) as f64;
    let msw = within / (n * (k - 1)) as f64;
    let denominator = msb + (k as f64 - 1.0) * msw;
    if denominator <= 0.0 {
        return Some(0.0);
    }
    Some(((msb - msw) / denominator).max(0.0))
}

/// The percentile interval of bootstrap samples around `value`.
fn percentiles(value: f64, samples: &mut [f64]) -> Estimate {
    samples.sort_by(f64::total_cmp);
    let n = samples.len();
    if n == 0 {
        return Estimate {
            value,
            low: value,
            high: value,
        };
    }
    let tail = (1.0 - CONFIDENCE) / 2.0;
    let at = |q: f64| samples[((q * n as f64) as usize).min(n - 1)];
    Estimate {
        value,
        low: at(tail),
        high: at(1.0 - tail),
    }
}

/// The mean of a rate tallied per deal, with its interval.
fn rate(c: &Clustered) -> Estimate {
    let (value, low, high) = c.rate(CONFIDENCE);
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
    let anchor = anchor(&ladder.bots);
    let all: Vec<usize> = (0..deals.len()).collect();
    let ratings = fit(deals, &all, rungs, anchor);
    let step_elo = elo(step);
    let span = |r: &[f64]| {
        let max = r.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let min = r.iter().copied().fold(f64::INFINITY, f64::min);
        (max - min) / step_elo
    };
    let mut rng: Stream = stream(seed, "ladder bootstrap");
    let mut by_rung = vec![Vec::with_capacity(BOOTSTRAP); rungs];
    let mut by_gap = vec![Vec::with_capacity(BOOTSTRAP); rungs.saturating_sub(1)];
    let mut spans = Vec::with_capacity(BOOTSTRAP);
    let (mut luck_margin, mut luck_win) = (Vec::new(), Vec::new());
    let mut pick = vec![0; deals.len()];
    for _ in 0..BOOTSTRAP {
        for p in pick.iter_mut() {
            *p = below(&mut rng, deals.len());
        }
        let r = fit(deals, &pick, rungs, anchor);
        for (b, v) in r.iter().enumerate() {
            by_rung[b].push(*v);
        }
        for (s, g) in by_gap.iter_mut().enumerate() {
            g.push(r[s + 1] - r[s]);
        }
        spans.push(span(&r));
        if ladder.luck.is_some() {
            if let Some(v) = intraclass(deals, &pick, |g| g.margin as f64) {
                luck_margin.push(v);
            }
            if let Some(v) = intraclass(deals, &pick, |g| g.share) {
                luck_win.push(v);
            }
        }
    }
    let sweeps: Vec<bool> = (0..rungs.saturating_sub(1))
        .map(|s| {
            let shares = deals
                .iter()
                .flat_map(|d| d.steps[s].iter().map(|r| r.share));
            let (won, games) = shares.fold((0.0, 0.0), |(w, g), v| (w + v, g + 1.0));
            won == 0.0 || won == games
        })
        .collect();
    let rungs_out = (0..rungs)
        .map(|b| {
            let (from, to) = (b.min(anchor), b.max(anchor));
            let bounded = (from..to).any(|s| sweeps[s]);
            let mut mirror = Clustered::default();
            for d in deals {
                mirror.add_deal((2.0 * d.mirror[b].share) as i64, 2);
            }
            Rung {
                bot: names[b].clone(),
                elo: percentiles(ratings[b], &mut by_rung[b]),
                bound: match (bounded, b < anchor) {
                    (false, _) => Bound::Exact,
                    (true, true) => Bound::AtMost,
                    (true, false) => Bound::AtLeast,
                },
                first_player_edge: mean(&mirror, 100.0, -50.0),
            }
        })
        .collect();
    let steps = (0..rungs.saturating_sub(1))
        .map(|s| {
            let (mut wins, mut margin) = (Clustered::default(), Clustered::default());
            for d in deals {
                let pair = &d.steps[s];
                let lower: f64 = pair.iter().map(|r| r.share).sum();
                wins.add_deal((2.0 * (2.0 - lower)) as i64, 4);
                margin.add_deal(-pair.iter().map(|r| r.margin).sum::<i64>(), 2);
            }
            let gap = percentiles(ratings[s + 1] - ratings[s], &mut by_gap[s]);
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
                adds_nothing: gap.low <= 0.0 && gap.high >= 0.0,
                gap,
                sweep: sweeps[s],
                margin: mean(&margin, 1.0, 0.0),
            }
        })
        .collect();
    let steps_estimate = percentiles(span(&ratings), &mut spans);
    let whole = |v: f64| v.max(0.0).floor() as u32;
    let depth = Depth {
        step,
        step_elo,
        chain: [
            whole(steps_estimate.value),
            whole(steps_estimate.low),
            whole(steps_estimate.high),
        ],
        steps: steps_estimate,
        at_least: sweeps.iter().any(|&s| s),
    };
    let luck = ladder.luck.map(|rung| Luck {
        lower: names[rung].clone(),
        upper: names[rung + 1].clone(),
        games_per_deal: 2 * ladder.replays,
        margin: percentiles(
            intraclass(deals, &all, |g| g.margin as f64).unwrap_or(0.0),
            &mut luck_margin,
        ),
        win: percentiles(
            intraclass(deals, &all, |g| g.share).unwrap_or(0.0),
            &mut luck_win,
        ),
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
        deals: deals.len() as u64,
        anchor: names[anchor].clone(),
        rungs: rungs_out,
        steps,
        depth,
        luck,
    }
}
