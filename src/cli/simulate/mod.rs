//! `hunters simulate`: many games per variant, in parallel, with exact mergeable tallies.
//!
//! Planning (`plan`) and playing (`play`) make the tallies; the library's summaries say what
//! they mean; each output reads the one [`report_data::Report`]: the text tables (`text`),
//! JSON (`json`), the rows of `--games-out` (`rows`) and the HTML page (`html`).

mod args;
mod html;
mod json;
mod levels;
mod plan;
mod play;
mod report_data;
mod rows;
mod text;

use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::Plan;
use hunters::statistics::CONFIDENCE;
use hunters::summary::{Comparisons, Precision, Summary};

use crate::cli::common::{self, Shard, Slices, merge_shards, shard_deals};
pub use args::Args;
use plan::{labels, swept_variants};
use report_data::{Config, Report, Swept, VariantResult};

pub fn run(args: &Args) -> Result<ExitCode> {
    levels::refuse(args)?;
    if !args.merge.is_empty() {
        return merge(args);
    }
    if !args.levels.is_empty() {
        return levels::run(args);
    }
    let named_bots = if args.bots.is_empty() {
        vec![BotKind::Greedy]
    } else {
        args.bots.clone()
    };
    let bots = crate::cli::common::seats_of_bots(args.players, &named_bots, &args.timeout)?;
    let named: Vec<(String, Vec<Swept>)> = if args.sweep.is_empty() {
        args.variants
            .iter()
            .map(|v| (v.clone(), Vec::new()))
            .collect()
    } else {
        let [base] = &args.variants[..] else {
            bail!(
                "--sweep varies one variant: give one VARIANT (found {}); compare variants \
                 without --sweep",
                args.variants.len()
            );
        };
        swept_variants(base, &args.sweep)?
    };
    let names: Vec<String> = named.iter().map(|(n, _)| n.clone()).collect();
    let variants: Vec<Variant> = names
        .iter()
        .map(|v| Variant::load(v))
        .collect::<Result<_, _>>()?;
    let labels = labels(&names, &variants);
    let mut games = args.games.unwrap_or(0);
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let plan = Plan::new(&bots, args.rotate_seats);
    if args.rotate_seats && !plan.rotates() {
        eprintln!(
            "note: every seat holds {}, so rotating the seats would replay the same games; \
             each of the {games} games is dealt its own tiles instead",
            bots[0]
        );
    }
    games = plan.deals(games) * plan.rotations() as u64;
    let deals = plan.deals(games);
    let (k, m) = common::shard_of(args.shard.as_deref())?;
    let jobs = common::jobs(args.jobs)?;
    let my_deals = shard_deals(deals, k, m);
    let mut rows = match &args.games_out {
        Some(path) => Some(rows::GamesOut::create(path, bots.len())?),
        None => None,
    };
    let mut write_rows = |d: u64, by_variant: &[Vec<hunters::compare::Outcome>]| match &mut rows {
        Some(out) => play::each_game(&plan, args.seed, d, by_variant, |g| {
            out.row(&g, &labels[g.variant])
        }),
        None => Ok(()),
    };
    let played = play::play(
        &variants,
        &plan,
        args.seed,
        &my_deals,
        jobs,
        args.games_out
            .is_some()
            .then_some(&mut write_rows as play::EachDeal),
    )?;
    if let Some(out) = rows {
        out.finish()?;
    }
    let wall = played.wall_seconds;
    let games_played =
        (my_deals.len() as u64 * plan.rotations() as u64) as f64 * variants.len() as f64;
    let config = Config {
        variants: names.clone(),
        sweep: args.sweep.clone(),
        games,
        deals,
        rotations: plan.rotations(),
        seed: args.seed,
        bots: bots.iter().map(|b| b.name().to_string()).collect(),
        rotate_seats: args.rotate_seats,
    };
    let results = named
        .into_iter()
        .zip(labels)
        .zip(played.tallies)
        .map(|(((_, swept), label), tally)| VariantResult {
            variant: label,
            swept,
            summary: Summary::of(&tally, CONFIDENCE),
            tally,
        })
        .collect();
    let report = Report {
        stamp: crate::cli::common::Stamp::now(),
        config,
        shard: args.shard.as_ref().map(|_| format!("{k}/{m}")),
        results,
        comparisons: Comparisons::default(),
        precision: Precision::default(),
        games_per_second: if wall > 0.0 { games_played / wall } else { 0.0 },
        wall_seconds: wall,
        time_per_move: played.time_per_move,
    };
    output(report, args)
}

fn output(mut r: Report, args: &Args) -> Result<ExitCode> {
    if let Some(p) = args.precision
        && !(p > 0.0 && p.is_finite())
    {
        bail!("--precision takes a half-width above 0, e.g. --precision 0.5");
    }
    summarize(&mut r, args);
    if let Some(path) = &args.report {
        let boards = play::sample_boards(&r.config, &r.results)?;
        std::fs::write(path, html::html(&r, &boards))
            .with_context(|| format!("cannot write the report to {}", path.display()))?;
    }
    if args.json {
        json::print(&r)?;
    } else {
        text::print(&r);
    }
    Ok(ExitCode::SUCCESS)
}

/// The summaries of every variant, with the paired differences at the confidence that
/// `--simultaneous` asks, and the run's comparisons and precision.
fn summarize(r: &mut Report, args: &Args) {
    let comparisons = Comparisons::of(r.results.len(), args.simultaneous.into());
    for res in &mut r.results {
        res.summary = Summary::of(&res.tally, comparisons.confidence_each);
    }
    r.comparisons = comparisons;
    let summaries: Vec<(&str, &Summary)> = r
        .results
        .iter()
        .map(|v| (v.variant.as_str(), &v.summary))
        .collect();
    r.precision = Precision::of(&summaries, args.precision);
}

fn merge(args: &Args) -> Result<ExitCode> {
    if levels::is_levels_shard(&args.merge)? {
        if args.partial {
            bail!(
                "--partial reads the slices of a run without --levels: a level's verdict is \
                 read on every deal of the run; merge every slice"
            );
        }
        return levels::merge(args);
    }
    let slices = if args.partial {
        Slices::Some
    } else {
        Slices::Every
    };
    let mut m: Report = merge_shards(&args.merge, slices)?;
    let played = m.config.games as f64 * m.results.len() as f64;
    m.games_per_second = if m.wall_seconds > 0.0 {
        played / m.wall_seconds
    } else {
        0.0
    };
    output(m, args)
}

impl Shard for Report {
    const WHAT: &'static str = "the --json output of hunters simulate";
    const RUN: &'static str = "variants, games, seed, bots or rotation differ";
    const PARTIAL: Option<&'static str> =
        Some("--partial --merge reports the slices given as a partial run");

    fn stamp(&self) -> &crate::cli::common::Stamp {
        &self.stamp
    }

    fn shard(&self) -> Option<&str> {
        self.shard.as_deref()
    }

    fn same_run(&self, other: &Self) -> bool {
        self.config == other.config && self.results.len() == other.results.len()
    }

    fn add(&mut self, other: Self) {
        for (a, b) in self.results.iter_mut().zip(&other.results) {
            a.tally.merge(&b.tally);
        }
        self.wall_seconds += other.wall_seconds;
        report_data::BotTime::merge(&mut self.time_per_move, &other.time_per_move);
    }

    fn mark(&mut self, part: Option<String>) {
        self.shard = part;
    }
}
