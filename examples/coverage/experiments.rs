#![allow(dead_code)] // shared with tests/coverage.rs, which reads a part of it
//! The coverage check's experiments: many small independent runs, each summarized exactly as
//! `hunters simulate` summarizes a run, and one large reference run whose values stand for the
//! truth. Shared by `examples/coverage` (the full check) and `tests/coverage.rs` (a scaled-down
//! one with a fixed seed).

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
    /// The share of intervals that must cover the truth, from and to.
    pub band: (f64, f64),
}

/// How big the check is.
pub struct Size {
    pub experiments: u64,
    pub deals: u64,
    pub reference_deals: u64,
    /// Master seeds of the experiments and of the reference (apart, so the truth is not
    /// measured on the experiments' deals).
    pub seed: u64,
    pub reference_seed: u64,
}

/// What the check found for one kind.
pub struct Coverage {
    pub name: &'static str,
    pub experiments: u64,
    pub covered: u64,
    pub truth: f64,
    /// The mean half-width of the experiments' intervals.
    pub mean_half_width: f64,
    pub band: (f64, f64),
}

impl Coverage {
    pub fn share(&self) -> f64 {
        self.covered as f64 / self.experiments as f64
    }

    pub fn within_band(&self) -> bool {
        let s = self.share();
        s >= self.band.0 && s <= self.band.1
    }
}

fn estimate(e: hunters::summary::Estimate) -> Interval {
    Interval {
        value: e.mean,
        low: e.mean - e.half_width,
        high: e.mean + e.half_width,
    }
}

/// The two setups and the kinds of interval checked, as docs/statistics.md lists them:
/// greedy bots in both seats under 2002 and 2020 (means, paired differences, percentiles),
/// and a searching bot against greedy, seats rotated (seat shares, win rates).
pub fn standard() -> (Vec<Setup>, Vec<Kind>) {
    let setups = vec![
        Setup {
            variants: vec!["2002", "2020"],
            bots: vec![BotKind::Greedy, BotKind::Greedy],
            rotate: false,
        },
        Setup {
            variants: vec!["2020"],
            bots: vec![BotKind::Mcts { playouts: 1 }, BotKind::Greedy],
            rotate: true,
        },
    ];
    let usual = (0.93, 0.97);
    let kinds = vec![
        Kind {
            name: "mean total per player and game (2020, greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].points.total)),
            band: usual,
        },
        Kind {
            name: "paired difference of totals, 2020 − 2002 (greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].paired_difference?.total)),
            band: usual,
        },
        Kind {
            name: "paired difference of meadows, 2020 − 2002 (greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].paired_difference?.meadows)),
            band: usual,
        },
        Kind {
            name: "mean winning margin (2020, greedy)",
            setup: 0,
            read: |s| Some(estimate(s[1].margin)),
            band: usual,
        },
        Kind {
            name: "seat 1's share, no rotation (2020, greedy)",
            setup: 0,
            read: |s| s[1].win_share_by_seat.first().copied(),
            band: usual,
        },
        Kind {
            name: "seat 1's share, seats rotated (2020, mcts:1 and greedy)",
            setup: 1,
            read: |s| s[0].win_share_by_seat.first().copied(),
            band: usual,
        },
        Kind {
            name: "win rate, mcts:1 against greedy, seats rotated (2020)",
            setup: 1,
            read: |s| Some(s[0].bots.first()?.win_rate),
            band: usual,
        },
        Kind {
            name: "mean total, seats rotated (2020, mcts:1 and greedy)",
            setup: 1,
            read: |s| Some(estimate(s[0].points.total)),
            band: usual,
        },
        // Percentiles of whole numbers: the order-statistic interval is conservative.
        Kind {
            name: "median total (2020, greedy)",
            setup: 0,
            read: |s| Some(s[1].total_percentiles.p50),
            band: (0.93, 1.0),
        },
        Kind {
            name: "90th percentile of totals (2020, greedy)",
            setup: 0,
            read: |s| Some(s[1].total_percentiles.p90),
            band: (0.93, 1.0),
        },
    ];
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

/// Runs the check: every setup's experiments and reference, then each kind's coverage.
/// `progress` hears what is being played.
pub fn run(
    setups: &[Setup],
    kinds: &[Kind],
    size: &Size,
    progress: impl Fn(&str),
) -> Vec<Coverage> {
    let mut found: Vec<Coverage> = Vec::new();
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
            "{}, {}{}: reference of {} deals",
            setup.variants.join(" and "),
            setup
                .bots
                .iter()
                .map(BotKind::name)
                .collect::<Vec<_>>()
                .join(","),
            if setup.rotate { " rotated" } else { "" },
            size.reference_deals
        ));
        let chunk = 64;
        let reference = (0..size.reference_deals.div_ceil(chunk))
            .into_par_iter()
            .map(|c| {
                let end = ((c + 1) * chunk).min(size.reference_deals);
                tally(setup, &variants, size.reference_seed, c * chunk..end)
            })
            .reduce_with(|mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x.merge(y);
                }
                a
            })
            .expect("at least one deal");
        let truth = summaries(&reference);
        progress(&format!(
            "  {} experiments of {} deals",
            size.experiments, size.deals
        ));
        let experiments: Vec<Vec<Summary>> = (0..size.experiments)
            .into_par_iter()
            .map(|e| {
                summaries(&tally(
                    setup,
                    &variants,
                    size.seed,
                    e * size.deals..(e + 1) * size.deals,
                ))
            })
            .collect();
        for k in mine {
            let Some(t) = (k.read)(&truth) else { continue };
            let mut covered = 0;
            let mut widths = 0.0;
            let mut n = 0;
            for s in &experiments {
                let Some(i) = (k.read)(s) else { continue };
                n += 1;
                widths += (i.high - i.low) / 2.0;
                if i.low <= t.value && t.value <= i.high {
                    covered += 1;
                }
            }
            found.push(Coverage {
                name: k.name,
                experiments: n,
                covered,
                truth: t.value,
                mean_half_width: if n > 0 { widths / n as f64 } else { 0.0 },
                band: k.band,
            });
        }
    }
    found
}

/// The check's table, as docs/statistics.md shows it.
pub fn table(found: &[Coverage], size: &Size) -> String {
    let mut out = format!(
        "{} experiments of {} deals each; truth from {} other deals\n\n\
         | interval (95 %) | experiments | truth | mean half-width | covered | required |\n\
         |---|---:|---:|---:|---:|---|\n",
        size.experiments, size.deals, size.reference_deals
    );
    for c in found {
        out.push_str(&format!(
            "| {} | {} | {:.4} | {:.4} | {:.1} % | {} |\n",
            c.name,
            c.experiments,
            c.truth,
            c.mean_half_width,
            100.0 * c.share(),
            if c.band.1 >= 1.0 {
                format!("≥ {:.0} %", 100.0 * c.band.0)
            } else {
                format!("{:.0}–{:.0} %", 100.0 * c.band.0, 100.0 * c.band.1)
            }
        ));
    }
    out
}
