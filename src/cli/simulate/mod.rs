//! `hunters simulate`: many games per variant, in parallel, with exact mergeable tallies.
//!
//! Planning (`plan`) and playing (`play`) make the tallies; the library's summaries say what
//! they mean; each output reads the one [`report_data::Report`]: the text tables (`text`),
//! JSON (`json`), the rows of `--games-out` (`rows`) and the HTML page (`html`).

mod html;
mod json;
mod levels;
mod plan;
mod play;
mod report_data;
mod rows;
mod text;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::Plan;
use hunters::statistics::CONFIDENCE;
use hunters::summary::{self, Comparisons, Precision, Summary};

use crate::cli::common::{self, Shard, merge_shards, shard_deals};
use plan::{labels, swept_variants};
use report_data::{Config, Report, Swept, VariantResult};

#[derive(clap::Args)]
pub struct Args {
    /// The variants to play (built-in names or variant files); the first is the reference
    /// for paired differences.
    #[arg(value_name = "VARIANT", required_unless_present = "merge")]
    variants: Vec<String>,
    /// Games per variant. Each game is dealt its own tiles, except with --rotate-seats and
    /// different bots, where a deal is played once per seat rotation (N is then rounded up to
    /// whole deals). Games that share a deal count as one unit in every interval, and the
    /// output says how many deals each figure rests on.
    #[arg(long, short, value_name = "N", required_unless_present = "merge")]
    games: Option<u64>,
    /// Master seed; deal i is dealt from a seed derived from it and i, the same for every
    /// variant.
    #[arg(long, short, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Threads (default: every core). The results do not depend on it.
    #[arg(long, short, value_name = "J")]
    jobs: Option<usize>,
    /// Number of players, 2 to 5 (default 2, or as many as --bots names).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    players: Option<u8>,
    /// The bot of each seat, comma-separated: random, greedy, mcts, mcts:N (N playouts), the
    /// yardsticks mcts-v1[:N] and mcts-v2[:N], or exec:PROGRAM (docs/bot-protocol.md); one
    /// name serves every seat [default: greedy].
    #[arg(long, short, value_name = "BOT,…", value_delimiter = ',')]
    bots: Vec<BotKind>,
    /// Measure the headline answers at several levels of play, weakest first (e.g.
    /// greedy,mcts:100,mcts): at each level one bot holds every seat, on the same deals; the
    /// variants' paired differences to the first, the first player's edge and the worth of
    /// the classes of --without, and whether each is settled at the top level.
    #[arg(long, value_name = "BOT,…", value_delimiter = ',')]
    levels: Vec<BotKind>,
    /// With --levels: the classes of moves whose worth is measured at each level, the
    /// level's bot forgoing each against itself, seats rotated [default: no-hunters].
    #[arg(long, value_name = "CLASS,…", value_delimiter = ',', value_parser = crate::cli::common::class)]
    without: Vec<hunters::bot::Class>,
    /// With --levels: an answer in points is settled when the step between the two highest
    /// levels holds 0 within ± this many points [default: 2].
    #[arg(long, value_name = "X")]
    tolerance_points: Option<f64>,
    /// With --levels: the same for win rates and the first player's edge, in percentage
    /// points [default: 5].
    #[arg(long, value_name = "X")]
    tolerance_pp: Option<f64>,
    #[command(flatten)]
    timeout: crate::cli::common::BotTimeout,
    /// Play each deal once per rotation of the bots around the table, so that every bot sits
    /// in every seat equally often on the same tiles (the games are rounded up to a multiple
    /// of the players). When every seat holds the same bot a rotation would replay the same
    /// game, so each game is then a deal of its own, as without this option.
    #[arg(long)]
    rotate_seats: bool,
    /// Intervals of the paired differences to the first variant that hold together: with
    /// `bonferroni`, each column's comparisons (one per variant after the first) all cover
    /// their truth with 95 % confidence at once, instead of each one alone. Worth it for a
    /// sweep, where one interval in twenty misses by chance.
    #[arg(long, value_name = "METHOD", value_enum, default_value_t = Simultaneous::None)]
    simultaneous: Simultaneous,
    /// The half-width to plan for: after the run, how many deals would bring the main
    /// interval to ± X (the bots' win rate in percentage points when the seats have different
    /// bots, default 3; else the paired difference of totals to the first variant, or the
    /// mean total with one variant, in points per player and game, default 1).
    #[arg(long, value_name = "X")]
    precision: Option<f64>,
    /// Run only the K-th of M slices of the deals (K from 1; a deal's games stay together);
    /// merge the --json outputs with --merge.
    #[arg(long, value_name = "K/M")]
    shard: Option<String>,
    /// Merge the --json outputs of shards of one run and report the whole run.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["variants", "games", "shard"])]
    merge: Vec<PathBuf>,
    /// Print JSON (with the raw tallies, games per second and wall time).
    #[arg(long)]
    json: bool,
    /// Also write one row per game and variant to FILE: CSV for a `.csv` name, JSON lines
    /// for `.jsonl` (columns in docs/json.md).
    #[arg(long, value_name = "FILE", conflicts_with = "merge")]
    games_out: Option<PathBuf>,
    /// Also write the report as one self-contained HTML page to FILE: the tables, histograms
    /// of totals, paired differences and seat shares as charts, a sample board per variant.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Play the one VARIANT under each value of a number of the rules or an option:
    /// KEY=V1,V2,… (e.g. mammoth=2,3,4,5; `hunters variants --show` lists the numbers).
    /// Repeat it to sweep several keys over every combination. The variant as printed plays
    /// first, as the reference; every combination plays the same deals.
    #[arg(long, value_name = "KEY=V,…", conflicts_with = "merge")]
    sweep: Vec<String>,
}

/// `--simultaneous`: how the paired differences of a run hold together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum Simultaneous {
    /// Each interval at 95 % on its own.
    #[default]
    None,
    /// Bonferroni: each at 1 − 5 % / K for K comparisons, all K at 95 % together.
    Bonferroni,
}

impl From<Simultaneous> for summary::Simultaneous {
    fn from(s: Simultaneous) -> Self {
        match s {
            Simultaneous::None => summary::Simultaneous::None,
            Simultaneous::Bonferroni => summary::Simultaneous::Bonferroni,
        }
    }
}

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
        return levels::merge(args);
    }
    let mut m: Report = merge_shards(&args.merge)?;
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

    fn make_whole(&mut self) {
        self.shard = None;
    }
}
