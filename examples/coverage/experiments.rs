#![allow(dead_code)] // shared with tests/coverage.rs, which reads a part of it
//! The coverage check's experiments: many small independent runs, each summarized exactly as
//! `hunters simulate` summarizes a run, and the truth each is measured against. Shared by
//! `examples/coverage` (the full check) and `tests/coverage.rs` (a scaled-down one with a
//! fixed seed).
//!
//! The truth for an experiment is the value of all the experiments of the other half pooled
//! (even experiments against the odd ones' deals, odd against the even ones'): deals apart
//! from the experiment's own, so independent of it, and as many as half the check plays, so
//! no reference run needs playing.

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{Plan, Table, Tally};
use hunters::statistics::CONFIDENCE;
use hunters::summary::{Interval, Summary};
use rayon::prelude::*;

/// One kind of run: the variants played on the same deals, and the seats.
pub struct Setup {
    pub variants: Vec<&'static str>,
    pub bots: Vec<BotKind>,
    pub rotate: bool,
}

/// One kind of interval, read from the summaries of a setup's variants.
pub struct Kind {
    pub name: &'static str,
    /// Which setup it is read from.
    pub setup: usize,
    pub read: fn(&[Summary]) -> Option<Interval>,
    /// Whether the interval promises at most its level too. Percentiles do not: their ends
    /// are observed whole numbers, which snap outward (docs/statistics.md).
    pub ceiling: bool,
}

/// How big the check is.
pub struct Size {
    pub experiments: u64,
    pub deals: u64,
    /// The master seed of the experiments' deals (experiment `e` plays deals `e D` to
    /// `(e + 1) D − 1`).
    pub seed: u64,
}

/// One kind's intervals over every experiment, with the truths they are held to.
pub struct Measured {
    pub name: &'static str,
    pub ceiling: bool,
    /// The value over all the experiments' deals, and over the even and the odd experiments'
    /// (the truth of the odd and the even experiments, each from the other half).
    pub pooled: f64,
    pub halves: [f64; 2],
    /// Experiment by experiment (`None` where the kind was not shown).
    pub intervals: Vec<Option<Interval>>,
}

/// What the check found for one kind with every half-width scaled by `widen`.
pub struct Coverage {
    pub name: &'static str,
    pub ceiling: bool,
    pub widen: f64,
    pub experiments: u64,
    pub covered: u64,
    pub truth: f64,
    /// The mean half-width of the experiments' intervals (after scaling).
    pub mean_half_width: f64,
}

/// The share of a 95 % interval's coverage that chance leaves to `experiments` experiments:
/// three standard errors either side of 95 %.
pub fn band(experiments: u64) -> (f64, f64) {
    let slack = 3.0 * (0.95 * 0.05 / experiments.max(1) as f64).sqrt();
    (0.95 - slack, (0.95 + slack).min(1.0))
}

impl Coverage {
    pub fn share(&self) -> f64 {
        self.covered as f64 / self.experiments.max(1) as f64
    }

    /// Whether the coverage lies within `band`, whose ceiling applies when the kind has one.
    pub fn within(&self, (low, high): (f64, f64)) -> bool {
        let s = self.share();
        s >= low && (!self.ceiling || s <= high)
    }
}

impl Measured {
    /// How often the experiments' intervals, each half-width times `widen` (1 for the
    /// intervals as printed), hold their truth.
    pub fn coverage(&self, widen: f64) -> Coverage {
        let (mut n, mut covered, mut widths) = (0, 0, 0.0);
        for (e, i) in self.intervals.iter().enumerate() {
            let Some(i) = i else { continue };
            let truth = self.halves[1 - e % 2];
            let (low, high) = (
                i.value - widen * (i.value - i.low),
                i.value + widen * (i.high - i.value),
            );
            n += 1;
            widths += (high - low) / 2.0;
            if low <= truth && truth <= high {
                covered += 1;
            }
        }
        Coverage {
            name: self.name,
            ceiling: self.ceiling,
            widen,
            experiments: n,
            covered,
            truth: self.pooled,
            mean_half_width: if n > 0 { widths / n as f64 } else { 0.0 },
        }
    }
}

fn estimate(e: hunters::summary::Estimate) -> Interval {
    Interval {
        value: e.mean,
        low: e.mean - e.half_width,
        high: e.mean + e.half_width,
    }
}

/// The setups and the kinds of interval checked, as docs/statistics.md lists them: greedy
/// bots in both seats under 2002 and 2020 (means, paired differences, an unrotated seat
/// share); greedy against greedy without huts, seats rotated (the seat share and the win rate
/// of two different bots); one greedy against two without huts, rotated (the Elo against the
/// field, percentiles over three players' totals). With `full`, for the full check of 40
/// deals or more: the percentiles of the two greedy bots' totals (their p90 needs about
/// 80 samples before its upper end leaves the largest one) and the one-playout search against
/// greedy, rotated (a lopsided pair).
pub fn standard(full: bool) -> (Vec<Setup>, Vec<Kind>) {
    let no_huts: BotKind = "greedy/no-huts".parse().expect("a bot");
    let mut setups = vec![
        Setup {
            variants: vec!["2002", "2020"],
            bots: vec![BotKind::Greedy, BotKind::Greedy],
            rotate: false,
        },
        Setup {
            variants: vec!["2020"],
            bots: vec![BotKind::Greedy, no_huts.clone()],
            rotate: true,
        },
        Setup {
            variants: vec!["2020"],
            bots: vec![BotKind::Greedy, no_huts.clone(), no_huts],
            rotate: true,
        },
    ];
    let mut kinds = vec![
        Kind {
            name: "mean total per player and game (2020, greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].points.total)),
            ceiling: true,
        },
        Kind {
            name: "paired difference of totals, 2020 − 2002 (greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].paired_difference?.total)),
            ceiling: true,
        },
        Kind {
            name: "paired difference of meadows, 2020 − 2002 (greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].paired_difference?.meadows)),
            ceiling: true,
        },
        Kind {
            name: "mean winning margin (2020, greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].margin)),
            ceiling: true,
        },
        Kind {
            name: "seat 1's share, no rotation (2020, greedy)",
            setup: 0,
            read: |s| s[1].win_share_by_seat.first().copied(),
            ceiling: true,
        },
        Kind {
            name: "seat 1's share, seats rotated (2020, greedy and greedy/no-huts)",
            setup: 1,
            read: |s| s[0].win_share_by_seat.first().copied(),
            ceiling: true,
        },
        Kind {
            name: "win rate, greedy against greedy/no-huts, seats rotated (2020)",
            setup: 1,
            read: |s| Some(s[0].bots.first()?.win_rate),
            ceiling: true,
        },
        Kind {
            name: "mean total, seats rotated (2020, greedy and greedy/no-huts)",
            setup: 1,
            read: |s| Some(estimate(s[0].points.total)),
            ceiling: true,
        },
        Kind {
            name: "Elo against the field, greedy against two greedy/no-huts, rotated (2020)",
            setup: 2,
            read: |s| Some(s[0].bots.first()?.elo),
            ceiling: true,
        },
        Kind {
            name: "seat 1's share of three, seats rotated (2020, greedy and greedy/no-huts)",
            setup: 2,
            read: |s| s[0].win_share_by_seat.first().copied(),
            ceiling: true,
        },
        Kind {
            name: "median total of three, seats rotated (2020, greedy and greedy/no-huts)",
            setup: 2,
            read: |s| Some(s[0].total_percentiles.p50),
            ceiling: false,
        },
        Kind {
            name: "90th percentile of totals of three, seats rotated (2020, as above)",
            setup: 2,
            read: |s| Some(s[0].total_percentiles.p90),
            ceiling: false,
        },
    ];
    if full {
        setups.push(Setup {
            variants: vec!["2020"],
            bots: vec![BotKind::Mcts { playouts: 1 }, BotKind::Greedy],
            rotate: true,
        });
        kinds.extend([
            Kind {
                name: "median total (2020, greedy)",
                setup: 0,
                read: |s| Some(s[1].total_percentiles.p50),
                ceiling: false,
            },
            Kind {
                name: "90th percentile of totals (2020, greedy)",
                setup: 0,
                read: |s| Some(s[1].total_percentiles.p90),
                ceiling: false,
            },
            Kind {
                name: "win rate, mcts:1 against greedy, seats rotated (2020)",
                setup: 3,
                read: |s| Some(s[0].bots.first()?.win_rate),
                ceiling: true,
            },
            Kind {
                name: "mean total, seats rotated (2020, mcts:1 and greedy)",
                setup: 3,
                read: |s| Some(estimate(s[0].points.total)),
                ceiling: true,
            },
            // The seat decides few deals of so lopsided a pair, and every interval that keeps
            // its promise then covers more than asked (docs/statistics.md, "Rotation").
            Kind {
                name: "seat 1's share, seats rotated (2020, mcts:1 and greedy)",
                setup: 3,
                read: |s| s[0].win_share_by_seat.first().copied(),
                ceiling: false,
            },
        ]);
    }
    (setups, kinds)
}

/// The tallies (one per variant) of deals `deals` of a setup, from master seed `seed`.
fn tally(
    setup: &Setup,
    variants: &[Variant],
    seed: u64,
    deals: std::ops::Range<u64>,
) -> Vec<Tally> {
    let plan = Plan::new(&setup.bots, setup.rotate);
    let mut tallies: Vec<Tally> = (0..variants.len())
        .map(|i| Tally::new(&setup.bots, i > 0))
        .collect();
    let mut table = Table::default();
    for d in deals {
        let by_variant = table
            .tally_deal(variants, &plan, seed, d)
            .expect("built-in bots do not fail");
        for (v, games) in by_variant.iter().enumerate() {
            tallies[v].add_deal(games, (v > 0).then(|| &by_variant[0][..]));
        }
    }
    tallies
}

fn summaries(tallies: &[Tally]) -> Vec<Summary> {
    tallies.iter().map(|t| Summary::of(t, CONFIDENCE)).collect()
}

fn merge(mut a: Vec<Tally>, b: &[Tally]) -> Vec<Tally> {
    for (x, y) in a.iter_mut().zip(b) {
        x.merge(y);
    }
    a
}

/// Plays every setup's experiments and measures each kind's intervals. `progress` hears what
/// is being played.
pub fn run(
    setups: &[Setup],
    kinds: &[Kind],
    size: &Size,
    progress: impl Fn(&str),
) -> Vec<Measured> {
    let mut found: Vec<Measured> = Vec::new();
    for (i, setup) in setups.iter().enumerate() {
        let mine: Vec<&Kind> = kinds.iter().filter(|k| k.setup == i).collect();
        if mine.is_empty() {
            continue;
        }
        let variants: Vec<Variant> = setup
            .variants
            .iter()
            .map(|v| Variant::load(v).expect("a built-in variant"))
            .collect();
        progress(&format!(
            "{}, {}{}: {} experiments of {} deals",
            setup.variants.join(" and "),
            setup
                .bots
                .iter()
                .map(BotKind::name)
                .collect::<Vec<_>>()
                .join(","),
            if setup.rotate { " rotated" } else { "" },
            size.experiments,
            size.deals
        ));
        let played: Vec<Vec<Tally>> = (0..size.experiments)
            .into_par_iter()
            .map(|e| {
                let deals = e * size.deals..(e + 1) * size.deals;
                tally(setup, &variants, size.seed, deals)
            })
            .collect();
        let experiments: Vec<Vec<Summary>> = played.iter().map(|t| summaries(t)).collect();
        let pool = |half: u64| {
            let mut mine = played.iter().skip(half as usize).step_by(2);
            let first = mine.next().cloned();
            first.map(|f| summaries(&mine.fold(f, |a, b| merge(a, b))))
        };
        let halves = [pool(0), pool(1)];
        let all = summaries(
            &played
                .iter()
                .skip(1)
                .fold(played[0].clone(), |a, b| merge(a, b)),
        );
        for k in mine {
            let value =
                |s: &Option<Vec<Summary>>| s.as_deref().and_then(|s| (k.read)(s)).map(|i| i.value);
            let Some(pooled) = (k.read)(&all).map(|i| i.value) else {
                continue;
            };
            found.push(Measured {
                name: k.name,
                ceiling: k.ceiling,
                pooled,
                halves: [
                    value(&halves[0]).unwrap_or(pooled),
                    value(&halves[1]).unwrap_or(pooled),
                ],
                intervals: experiments.iter().map(|s| (k.read)(s)).collect(),
            });
        }
    }
    found
}

/// The check's table, as docs/statistics.md shows it, each coverage against `band` (its
/// ceiling where the kind has one).
pub fn table(found: &[Coverage], size: &Size, (low, high): (f64, f64)) -> String {
    let mut out = format!(
        "{} experiments of {} deals each; the truth of each from the other half's deals\n\n\
         | interval (95 %) | experiments | truth | mean half-width | covered | required |\n\
         |---|---:|---:|---:|---:|---|\n",
        size.experiments, size.deals
    );
    for c in found {
        out.push_str(&format!(
            "| {} | {} | {:.4} | {:.4} | {:.1} % | {} |\n",
            c.name,
            c.experiments,
            c.truth,
            c.mean_half_width,
            100.0 * c.share(),
            if c.ceiling {
                format!("{:.1}–{:.1} %", 100.0 * low, 100.0 * high)
            } else {
                format!("≥ {:.1} %", 100.0 * low)
            }
        ));
    }
    out
}
