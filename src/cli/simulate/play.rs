//! Playing a run: the deals in parallel on a pool of threads, tallied deal by deal in the
//! order of the deals (so the tallies do not depend on the threads), and the sample games of
//! the report.

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::{Context, Result};
use hunters::Variant;
use hunters::bot::{BotKind, Clock};
use hunters::compare::{Outcome, Plan, Table, Tally, deal_seed, distinct_bots};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::report_data::{BotTime, Config, VariantResult};

/// One game as it finished, for `--games-out`.
pub struct Game<'a> {
    pub game: u64,
    pub deal: u64,
    pub seed: u64,
    /// The variant's index in the run.
    pub variant: usize,
    pub seats: &'a [BotKind],
    pub outcome: &'a Outcome,
}

/// What sees every deal of a run as it is tallied, in the order of the deals: the deal's
/// number and its games by variant, then by rotation of the seats.
pub type EachDeal<'f> = &'f mut dyn FnMut(u64, &[Vec<Outcome>]) -> Result<()>;

/// The games of deal `deal` one by one, rotation by rotation and variant by variant, as
/// `--games-out` writes them.
pub fn each_game(
    plan: &Plan,
    seed: u64,
    deal: u64,
    by_variant: &[Vec<Outcome>],
    mut each: impl FnMut(Game) -> Result<()>,
) -> Result<()> {
    for r in 0..plan.rotations() {
        for (v, games) in by_variant.iter().enumerate() {
            each(Game {
                game: plan.game_index(deal, r),
                deal,
                seed: deal_seed(seed, deal),
                variant: v,
                seats: &plan.seating(r),
                outcome: &games[r],
            })?;
        }
    }
    Ok(())
}

/// The tallies of a run, one per variant, its wall time in seconds and the time each bot
/// took to choose.
pub struct Played {
    pub tallies: Vec<Tally>,
    pub wall_seconds: f64,
    pub time_per_move: Vec<BotTime>,
}

/// Plays `deals` of every variant on `jobs` threads; `each_deal`, when given, sees every
/// deal in the order of the deals.
pub fn play(
    variants: &[Variant],
    plan: &Plan,
    seed: u64,
    deals: &[u64],
    jobs: usize,
    mut each_deal: Option<EachDeal>,
) -> Result<Played> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let rotations = plan.rotations() as u64;
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(deals.len() as u64 * rotations);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {rate}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .with_key(
                    "rate",
                    |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&rate(s.per_sec()));
                    },
                ),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut tallies: Vec<Tally> = (0..variants.len())
        .map(|i| Tally::new(plan.bots(), i > 0))
        .collect();
    // The bots' clocks, in the order the plan names the bots (not the order the threads
    // happen to finish in).
    let mut clocks: Vec<(BotKind, Clock)> = distinct_bots(plan.bots())
        .into_iter()
        .map(|b| (b, Clock::default()))
        .collect();
    let start = Instant::now();
    // Chunks keep memory flat however many games are played.
    for chunk in deals.chunks(4096) {
        let outcomes: Result<Vec<_>, _> = pool.install(|| {
            chunk
                .par_iter()
                // Each worker keeps its game and bots from one game to the next.
                .map_init(Table::default, |table, &d| {
                    let o = table.tally_deal(variants, plan, seed, d);
                    progress.inc(rotations);
                    o.map(|o| (o, table.take_clocks()))
                })
                .collect()
        });
        for (&d, (by_variant, timed)) in chunk.iter().zip(&outcomes?) {
            for (v, games) in by_variant.iter().enumerate() {
                tallies[v].add_deal(games, (v > 0).then(|| &by_variant[0][..]));
            }
            for (kind, clock) in timed {
                match clocks.iter_mut().find(|(k, _)| k == kind) {
                    Some((_, c)) => c.add(*clock),
                    None => clocks.push((kind.clone(), *clock)),
                }
            }
            if let Some(each) = &mut each_deal {
                each(d, by_variant)?;
            }
        }
    }
    progress.finish_and_clear();
    Ok(Played {
        tallies,
        wall_seconds: start.elapsed().as_secs_f64(),
        time_per_move: clocks
            .into_iter()
            .map(|(kind, c)| BotTime::of(kind.name(), c.moves, c.seconds()))
            .collect(),
    })
}

/// The run's first game under each variant, as the report's sample boards: a caption and an
/// SVG picture each.
pub fn sample_boards(c: &Config, results: &[VariantResult]) -> Result<Vec<(String, String)>> {
    let bots: Vec<BotKind> = c
        .bots
        .iter()
        .map(|b| b.parse().map_err(|e: String| anyhow::anyhow!(e)))
        .collect::<Result<_>>()?;
    let seats = Plan::new(&bots, c.rotate_seats).seating(0);
    let seed = deal_seed(c.seed, 0);
    let names: Vec<String> = seats.iter().map(BotKind::name).collect();
    let mut boards = Vec::new();
    for (given, shown) in c.variants.iter().zip(results) {
        let variant = Variant::load(given)?;
        let game = hunters::compare::play(&variant, &seats, seed)?;
        let name = &shown.variant;
        let title = format!("{name}, seed {seed}");
        let totals: Vec<String> = (0..game.players())
            .map(|p| game.total(p).to_string())
            .collect();
        boards.push((
            format!("{name}: seed {seed}, totals {}", totals.join(" – ")),
            hunters::render::svg(&game, &names, &title),
        ));
    }
    Ok(boards)
}

/// The progress bar's rate: whole games per second, thousands grouped.
fn rate(per_sec: f64) -> String {
    let n = per_sec.max(0.0).round() as u64;
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out} games/s")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rate_is_whole_games_per_second() {
        assert_eq!(super::rate(1604.2602), "1,604 games/s");
        assert_eq!(super::rate(15_789.5), "15,790 games/s");
        assert_eq!(super::rate(0.4), "0 games/s");
        assert_eq!(super::rate(999.0), "999 games/s");
    }
}
