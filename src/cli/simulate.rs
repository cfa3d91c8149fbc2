//! `hunters simulate`: many games per variant, in parallel, with exact mergeable tallies.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use comfy_table::{Cell, CellAlignment};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{ByCategory, Plan, Table, Tally, deal_seed};
use hunters::measures::{CATEGORIES, MEASURES, Shown};
use hunters::statistics::{CONFIDENCE, bonferroni};
use hunters::summary::{Estimate, Interval, Summary, deals_needed};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

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
    /// The bot of each seat, comma-separated: random, greedy, mcts, mcts:N (N playouts) or
    /// exec:PROGRAM (docs/bot-protocol.md); one name serves every seat.
    #[arg(
        long,
        short,
        value_name = "BOT,…",
        value_delimiter = ',',
        default_value = "greedy"
    )]
    bots: Vec<BotKind>,
    #[command(flatten)]
    timeout: super::BotTimeout,
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

/// The variants a sweep plays: the base as printed, then `BASE@KEY=V,…` for every combination
/// of the swept values (the first key changing slowest), each with what it sets.
fn swept_variants(base: &str, sweeps: &[String]) -> Result<Vec<(String, Vec<Swept>)>> {
    let mut keys: Vec<(String, Vec<String>)> = Vec::new();
    for s in sweeps {
        let Some((key, values)) = s.split_once('=') else {
            bail!("--sweep {s}: expected KEY=V1,V2,…, e.g. --sweep mammoth=2,3,4");
        };
        let key = key.trim().to_string();
        let values: Vec<String> = values
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect();
        if values.is_empty() {
            bail!("--sweep {s}: give at least one value after =");
        }
        if let Some(v) = values
            .iter()
            .enumerate()
            .find_map(|(i, v)| values[..i].contains(v).then_some(v))
        {
            bail!("--sweep {s}: {key}={v} is listed twice; give each value once");
        }
        if keys.iter().any(|(k, _)| *k == key) {
            bail!("--sweep {key} is given twice; list all its values in one --sweep");
        }
        keys.push((key, values));
    }
    let mut combos: Vec<Vec<Swept>> = vec![Vec::new()];
    for (key, values) in &keys {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push(Swept {
                        key: key.clone(),
                        value: v.clone(),
                    });
                    c
                })
            })
            .collect();
    }
    // A base that already changes something takes the swept keys after its own.
    let join = if base.contains('@') { ',' } else { '@' };
    let mut out = vec![(base.to_string(), Vec::new())];
    for c in combos {
        let pairs: Vec<String> = c.iter().map(|s| format!("{}={}", s.key, s.value)).collect();
        out.push((format!("{base}{join}{}", pairs.join(",")), c));
    }
    Ok(out)
}

/// What identifies a run; shards of one run share it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Config {
    pub(super) variants: Vec<String>,
    /// The `--sweep` arguments that made `variants` (empty without a sweep).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub(super) sweep: Vec<String>,
    pub(super) games: u64,
    /// Distinct deals: `games` over the games per deal.
    pub(super) deals: u64,
    /// Games per deal: the seats when they rotate, else 1.
    pub(super) rotations: usize,
    #[serde(with = "super::seed_text")]
    pub(super) seed: u64,
    pub(super) bots: Vec<String>,
    pub(super) rotate_seats: bool,
}

/// `--simultaneous`: how the paired differences of a run hold together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Simultaneous {
    /// Each interval at 95 % on its own.
    #[default]
    None,
    /// Bonferroni: each at 1 − 5 % / K for K comparisons, all K at 95 % together.
    Bonferroni,
}

/// How many comparisons a run's paired tables make, and how their intervals hold.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Comparisons {
    /// Variants compared with the first, per measure.
    pub(super) per_measure: usize,
    /// Paired intervals printed in all (per measure, times the measures).
    pub(super) intervals: usize,
    pub(super) method: Simultaneous,
    /// The confidence of each paired interval.
    pub(super) confidence_each: f64,
    /// The confidence that all of a measure's comparisons cover their truth together (at
    /// least; exactly each interval's with one comparison).
    pub(super) confidence_together: f64,
}

/// `--precision`: how many deals the main interval of the run needs for a given half-width.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Precision {
    /// What the figure is: `win_rate` (the first bot's, in percentage points),
    /// `paired_total` (the last variant's paired difference of totals, points per player and
    /// game) or `total` (the first variant's mean total).
    pub(super) measure: String,
    pub(super) variant: String,
    /// Its half-width now, over `deals` deals, and the one aimed at.
    pub(super) half_width: f64,
    pub(super) deals: u64,
    pub(super) target: f64,
    pub(super) deals_needed: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct VariantResult {
    pub(super) variant: String,
    /// What a sweep set in this variant, key by key (empty for the reference and without a
    /// sweep).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub(super) swept: Vec<Swept>,
    pub(super) tally: Tally,
    pub(super) summary: hunters::summary::Summary,
}

/// One key a sweep set, and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Swept {
    pub(super) key: String,
    pub(super) value: String,
}

impl Report {
    /// Seats per game in this run.
    pub(super) fn seats(&self) -> usize {
        self.config.bots.len()
    }

    /// Games per variant, and the distinct deals they were played from.
    pub(super) fn games_and_deals(&self) -> (u64, u64) {
        self.results
            .first()
            .map_or((0, 0), |x| (x.tally.games, x.tally.deals))
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct Report {
    #[serde(flatten)]
    pub(super) stamp: super::Stamp,
    pub(super) config: Config,
    /// `K/M` for one slice of a run; absent for a whole run.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) shard: Option<String>,
    pub(super) results: Vec<VariantResult>,
    pub(super) comparisons: Comparisons,
    pub(super) precision: Precision,
    /// Timing (not part of the results): games per second over all variants, wall time.
    pub(super) games_per_second: f64,
    pub(super) wall_seconds: f64,
}

fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let parsed = s
        .split_once('/')
        .and_then(|(k, m)| Some((k.parse::<u64>().ok()?, m.parse::<u64>().ok()?)));
    match parsed {
        Some((k, m)) if m >= 1 && (1..=m).contains(&k) => Ok((k, m)),
        _ => bail!("--shard takes K/M with 1 <= K <= M, e.g. 2/4; found {s:?}"),
    }
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if !args.merge.is_empty() {
        return merge(args);
    }
    let bots = super::seats_of_bots(args.players, &args.bots, &args.timeout)?;
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
    let (k, m) = match &args.shard {
        Some(s) => parse_shard(s)?,
        None => (1, 1),
    };
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    if jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    // A shard takes whole deals, so that the games of a deal are tallied together.
    let my_deals: Vec<u64> = (0..deals).filter(|d| d % m == k - 1).collect();
    let rotations = plan.rotations() as u64;
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(my_deals.len() as u64 * rotations);
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
        .map(|i| Tally::new(&bots, i > 0))
        .collect();
    let start = Instant::now();
    // Chunks keep memory flat however many games are played.
    let mut rows = match &args.games_out {
        Some(path) => Some(GamesOut::create(path, bots.len())?),
        None => None,
    };
    for chunk in my_deals.chunks(4096) {
        let outcomes: Result<Vec<_>, _> = pool.install(|| {
            chunk
                .par_iter()
                // Each worker keeps its game and bots from one game to the next.
                .map_init(Table::default, |table, &d| {
                    let o = table.tally_deal(&variants, &plan, args.seed, d);
                    progress.inc(rotations);
                    o
                })
                .collect()
        });
        for (&d, by_variant) in chunk.iter().zip(&outcomes?) {
            for (v, games) in by_variant.iter().enumerate() {
                tallies[v].add_deal(games, (v > 0).then(|| &by_variant[0][..]));
            }
            if let Some(out) = &mut rows {
                for r in 0..plan.rotations() {
                    for (v, games) in by_variant.iter().enumerate() {
                        let seed = deal_seed(args.seed, d);
                        let game = plan.game_index(d, r);
                        out.row(game, d, seed, &labels[v], &plan.seating(r), &games[r])?;
                    }
                }
            }
        }
    }
    if let Some(out) = rows {
        out.finish()?;
    }
    progress.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    let played = (my_deals.len() as u64 * rotations) as f64 * variants.len() as f64;
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
        .zip(tallies)
        .map(|(((_, swept), label), tally)| VariantResult {
            variant: label,
            swept,
            summary: Summary::of(&tally, CONFIDENCE),
            tally,
        })
        .collect();
    let report = Report {
        stamp: super::Stamp::now(),
        config,
        shard: args.shard.as_ref().map(|_| format!("{k}/{m}")),
        results,
        comparisons: Comparisons::default(),
        precision: Precision::default(),
        games_per_second: if wall > 0.0 { played / wall } else { 0.0 },
        wall_seconds: wall,
    };
    output(report, args)
}

/// The summaries of every variant, with the paired differences at the confidence that
/// `--simultaneous` asks, and the run's comparisons and precision.
fn summarize(r: &mut Report, args: &Args) {
    let k = r.results.len().saturating_sub(1);
    let each = match args.simultaneous {
        Simultaneous::None => CONFIDENCE,
        Simultaneous::Bonferroni => bonferroni(CONFIDENCE, k),
    };
    for res in &mut r.results {
        res.summary = Summary::of(&res.tally, each);
    }
    let measures = CATEGORIES.len() + MEASURES.len();
    r.comparisons = Comparisons {
        per_measure: k,
        intervals: k * measures,
        method: args.simultaneous,
        confidence_each: each,
        confidence_together: if k == 0 {
            CONFIDENCE
        } else {
            // Bonferroni's inequality: all cover at least 1 − K (1 − each).
            (1.0 - k as f64 * (1.0 - each)).max(0.0)
        },
    };
    r.precision = precision(r, args.precision);
}

/// The main interval of the run and the deals it would need for `target`.
fn precision(r: &Report, target: Option<f64>) -> Precision {
    let first = r.results.first();
    let last = r.results.last();
    if let Some(b) = first.and_then(|v| v.summary.bots.first()) {
        let target = target.unwrap_or(3.0);
        let half = 100.0 * (b.win_rate.high - b.win_rate.low) / 2.0;
        return Precision {
            measure: format!("win_rate of {}", b.bot),
            variant: first.map_or(String::new(), |v| v.variant.clone()),
            half_width: (half * 100.0).round() / 100.0,
            deals: b.deals,
            target,
            deals_needed: deals_needed(half, b.deals, target),
        };
    }
    let target = target.unwrap_or(1.0);
    let (measure, variant, e, deals) = match (first, last) {
        (Some(_), Some(v)) if r.results.len() > 1 => (
            "paired_total",
            v,
            v.summary
                .paired_difference
                .map_or(v.summary.points.total, |p| p.total),
            v.summary.deals,
        ),
        (Some(v), _) => ("total", v, v.summary.points.total, v.summary.deals),
        _ => return Precision::default(),
    };
    Precision {
        measure: measure.to_string(),
        variant: variant.variant.clone(),
        half_width: e.half_width,
        deals,
        target,
        deals_needed: deals_needed(e.half_width, deals, target),
    }
}

fn output(mut r: Report, args: &Args) -> Result<ExitCode> {
    if let Some(p) = args.precision
        && !(p > 0.0 && p.is_finite())
    {
        bail!("--precision takes a half-width above 0, e.g. --precision 0.5");
    }
    summarize(&mut r, args);
    if let Some(path) = &args.report {
        write_report(&r, path)?;
    }
    let json = args.json;
    if json {
        println!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        print(&r);
    }
    Ok(ExitCode::SUCCESS)
}

/// What the tables call each variant: its name (a file's `name`, which the file's path
/// follows when two variants would otherwise look alike); a built-in variant by the name
/// given.
fn labels(given: &[String], variants: &[Variant]) -> Vec<String> {
    let named: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
    named
        .iter()
        .zip(given)
        .map(|(name, arg)| {
            let twice = named.iter().filter(|n| *n == name).count() > 1;
            if name == arg {
                arg.clone()
            } else if twice {
                format!("{name} ({arg})")
            } else {
                name.clone()
            }
        })
        .collect()
}

/// The HTML report, with the run's first game under each variant as its sample board.
fn write_report(r: &Report, path: &std::path::Path) -> Result<()> {
    let c = &r.config;
    let bots: Vec<BotKind> = c
        .bots
        .iter()
        .map(|b| b.parse().map_err(|e: String| anyhow::anyhow!(e)))
        .collect::<Result<_>>()?;
    let seats = Plan::new(&bots, c.rotate_seats).seating(0);
    let seed = deal_seed(c.seed, 0);
    let names: Vec<String> = seats.iter().map(BotKind::name).collect();
    let mut boards = Vec::new();
    for (given, shown) in c.variants.iter().zip(&r.results) {
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
    std::fs::write(path, super::report::html(r, &boards))
        .with_context(|| format!("cannot write the report to {}", path.display()))
}

fn merge(args: &Args) -> Result<ExitCode> {
    let mut merged: Option<Report> = None;
    let mut seen: Vec<String> = Vec::new();
    for path in &args.merge {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the file", path.display()))?;
        let r: Report = serde_json::from_str(&text).with_context(|| {
            format!(
                "{}: not the --json output of hunters simulate",
                path.display()
            )
        })?;
        let Some(shard) = r.shard.clone() else {
            bail!(
                "{}: a whole run, not a shard; only shards merge",
                path.display()
            );
        };
        if seen.contains(&shard) {
            bail!("{}: shard {shard} appears twice", path.display());
        }
        seen.push(shard);
        match &mut merged {
            None => merged = Some(r),
            Some(m) => {
                if m.stamp != r.stamp {
                    bail!(
                        "{}: written by hunters {} (JSON schema {}), the first shard by hunters \
                         {} (schema {}); run every shard with one version",
                        path.display(),
                        r.stamp.version,
                        r.stamp.schema,
                        m.stamp.version,
                        m.stamp.schema
                    );
                }
                if m.config != r.config || m.results.len() != r.results.len() {
                    bail!(
                        "{}: a shard of another run (variants, games, seed, bots or rotation differ)",
                        path.display()
                    );
                }
                for (a, b) in m.results.iter_mut().zip(&r.results) {
                    a.tally.merge(&b.tally);
                }
                m.wall_seconds += r.wall_seconds;
            }
        }
    }
    let Some(mut m) = merged else {
        bail!("--merge needs the files of the shards");
    };
    let total: u64 = seen
        .first()
        .and_then(|s| s.split_once('/'))
        .and_then(|(_, n)| n.parse().ok())
        .unwrap_or(0);
    if seen.len() as u64 != total {
        bail!(
            "the run has {total} shards but {} were given; every shard is needed",
            seen.len()
        );
    }
    m.shard = None;
    let played = m.config.games as f64 * m.results.len() as f64;
    m.games_per_second = if m.wall_seconds > 0.0 {
        played / m.wall_seconds
    } else {
        0.0
    };
    output(m, args)
}

fn print(r: &Report) {
    let c = &r.config;
    let (games, deals) = r.games_and_deals();
    println!(
        "{games} games per variant from {deals} deals{}, seed {}, seats: {}{}",
        r.shard
            .as_ref()
            .map_or(String::new(), |s| format!(" (shard {s})")),
        c.seed,
        c.bots.join(", "),
        if c.rotations > 1 {
            " (seats rotated: each deal once per rotation)"
        } else {
            ""
        }
    );
    println!("Points per player and game (mean ± 95 % interval over the {deals} deals):");
    let mut t = super::table();
    let mut header = vec![Cell::new("variant")];
    header.extend(CATEGORIES.iter().map(Cell::new));
    header.extend(
        MEASURES
            .iter()
            .filter(|a| a.shown == Shown::WithPoints)
            .map(|a| Cell::new(a.heading)),
    );
    t.set_header(header);
    let fmt = |e: &Estimate| format!("{:.2} ± {:.2}", e.mean, e.half_width);
    for v in &r.results {
        let s = &v.summary;
        let mut row = vec![Cell::new(&v.variant)];
        let points = s.points.to_array();
        for e in points
            .iter()
            .chain(s.shown(Shown::WithPoints).map(|(_, e)| e))
        {
            row.push(Cell::new(fmt(e)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    let seats = r.seats();
    println!(
        "Wins by seat, a shared victory split among its winners{}:",
        if c.rotations > 1 {
            " (seats rotated: every bot in every seat)"
        } else {
            ""
        }
    );
    let mut t = super::table();
    let mut header = vec![Cell::new("variant")];
    header.extend((1..=seats).map(|s| Cell::new(format!("seat {s}"))));
    header.push(Cell::new("first player's edge"));
    t.set_header(header);
    let pct = |i: &Interval| {
        format!(
            "{:.1} % ({:.1}–{:.1})",
            100.0 * i.value,
            100.0 * i.low,
            100.0 * i.high
        )
    };
    for v in &r.results {
        let mut row = vec![Cell::new(&v.variant)];
        row.extend(
            v.summary
                .win_share_by_seat
                .iter()
                .map(|i| Cell::new(pct(i)).set_alignment(CellAlignment::Right)),
        );
        let a = &v.summary.first_player_advantage;
        row.push(
            Cell::new(format!(
                "{:+.1} pts ({:+.1} to {:+.1})",
                100.0 * a.value,
                100.0 * a.low,
                100.0 * a.high
            ))
            .set_alignment(CellAlignment::Right),
        );
        t.add_row(row);
    }
    println!("{t}");
    println!("Finishing rank by seat (share of games; ties share the better rank):");
    let mut t = super::table();
    let mut header = vec![Cell::new("variant"), Cell::new("seat")];
    header.extend((1..=seats).map(|k| Cell::new(format!("rank {k}"))));
    t.set_header(header);
    for v in &r.results {
        for (s, by_rank) in v.summary.rank_by_seat.iter().enumerate() {
            let mut row = vec![Cell::new(&v.variant), Cell::new(s + 1)];
            row.extend(by_rank.iter().map(|i| {
                Cell::new(format!("{:.1} %", 100.0 * i.value)).set_alignment(CellAlignment::Right)
            }));
            t.add_row(row);
        }
    }
    println!("{t}");
    println!("Spread (percentiles of totals and margins with their 95 % intervals):");
    let mut t = super::table();
    t.set_header(vec![
        "variant",
        "total p10",
        "total p50",
        "total p90",
        "margin p10",
        "margin p50",
        "margin p90",
    ]);
    let q = |i: &Interval| format!("{:.0} ({:.0}–{:.0})", i.value, i.low, i.high);
    for v in &r.results {
        let (a, b) = (&v.summary.total_percentiles, &v.summary.margin_percentiles);
        let mut row = vec![Cell::new(&v.variant)];
        for i in [&a.p10, &a.p50, &a.p90, &b.p10, &b.p50, &b.p90] {
            row.push(Cell::new(q(i)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    println!("Length and tension per game (mean ± 95 % interval):");
    let mut t = super::table();
    let mut header = vec!["variant"];
    header.extend(
        MEASURES
            .iter()
            .filter(|a| a.shown == Shown::PerGame)
            .map(|a| a.heading),
    );
    t.set_header(header);
    for v in &r.results {
        let mut row = vec![Cell::new(&v.variant)];
        for (_, e) in v.summary.shown(Shown::PerGame) {
            row.push(Cell::new(fmt(e)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    if r.results.len() > 1 {
        println!(
            "Paired difference to {} per game (same deals; {}):",
            r.results[0].variant,
            paired_intervals(r)
        );
        let mut t = super::table();
        let cols = || MEASURES.iter().filter(|a| a.paired_table);
        let mut header = vec![Cell::new("variant")];
        header.extend(cols().map(|a| Cell::new(a.heading)));
        t.set_header(header);
        for v in &r.results[1..] {
            let Some(p) = &v.summary.paired_game_difference else {
                continue;
            };
            let mut row = vec![Cell::new(&v.variant)];
            for a in cols() {
                let e = p.get(a.measure);
                row.push(
                    Cell::new(format!("{:+.2} ± {:.2}", e.mean, e.half_width))
                        .set_alignment(CellAlignment::Right),
                );
            }
            t.add_row(row);
        }
        println!("{t}");
    }
    if r.results.iter().any(|v| !v.summary.bots.is_empty()) {
        println!(
            "Bot against bot{} (a game whose best total two bots share counts half; 95 % \
             intervals over deals):",
            if c.rotations > 1 {
                ", seats rotated"
            } else {
                "; --rotate-seats makes it seat-fair"
            }
        );
        let mut t = super::table();
        t.set_header(vec![
            "variant",
            "bot",
            "games",
            "deals",
            "win rate (95 % interval)",
            "margin",
            "Elo vs the others",
        ]);
        for v in &r.results {
            for b in &v.summary.bots {
                t.add_row(vec![
                    Cell::new(&v.variant),
                    Cell::new(&b.bot),
                    Cell::new(b.games).set_alignment(CellAlignment::Right),
                    Cell::new(b.deals).set_alignment(CellAlignment::Right),
                    Cell::new(format!(
                        "{:.1} % ({:.1}–{:.1})",
                        100.0 * b.win_rate.value,
                        100.0 * b.win_rate.low,
                        100.0 * b.win_rate.high
                    ))
                    .set_alignment(CellAlignment::Right),
                    Cell::new(format!(
                        "{:+.2} ± {:.2}",
                        b.margin.mean, b.margin.half_width
                    ))
                    .set_alignment(CellAlignment::Right),
                    Cell::new(format!(
                        "{:+.0} ({:+.0} to {:+.0})",
                        b.elo.value, b.elo.low, b.elo.high
                    ))
                    .set_alignment(CellAlignment::Right),
                ]);
            }
        }
        println!("{t}");
    }
    if r.results.len() > 1 {
        println!(
            "Paired difference to {} (same deals; per player and game; {}):",
            r.results[0].variant,
            paired_intervals(r)
        );
        let mut t = super::table();
        let mut header = vec![Cell::new("variant")];
        header.extend(CATEGORIES.iter().map(Cell::new));
        t.set_header(header);
        for v in &r.results[1..] {
            let mut row = vec![Cell::new(&v.variant)];
            for e in v
                .summary
                .paired_difference
                .iter()
                .flat_map(|p| p.to_array())
            {
                row.push(
                    Cell::new(format!("{:+.2} ± {:.2}", e.mean, e.half_width))
                        .set_alignment(CellAlignment::Right),
                );
            }
            t.add_row(row);
        }
        println!("{t}");
    }
    let p = &r.precision;
    if p.deals > 0 {
        let unit = |x: f64| {
            let kind = if p.measure.starts_with("win_rate") {
                " percentage"
            } else {
                ""
            };
            format!("{kind} point{}", if x == 1.0 { "" } else { "s" })
        };
        println!(
            "Precision: {} is ± {:.2}{} over {} deals; ± {}{} would take about {} deals \
             (--precision X).",
            precision_name(p),
            p.half_width,
            unit(p.half_width),
            p.deals,
            p.target,
            unit(p.target),
            p.deals_needed
        );
    }
}

/// What the paired intervals of a run are, for a table's heading.
pub(super) fn paired_intervals(r: &Report) -> String {
    let c = &r.comparisons;
    match c.method {
        Simultaneous::Bonferroni if c.per_measure > 1 => format!(
            "Bonferroni: each column's {} intervals hold together at 95 %, each at {:.2} %",
            c.per_measure,
            100.0 * c.confidence_each
        ),
        _ if c.per_measure > 1 => format!(
            "95 % each of {} comparisons a column; --simultaneous bonferroni makes them hold \
             together",
            c.per_measure
        ),
        _ => "95 % interval over deals".to_string(),
    }
}

/// The main figure of `--precision`, in words.
pub(super) fn precision_name(p: &Precision) -> String {
    match p.measure.as_str() {
        "paired_total" => format!("the paired difference of totals of {}", p.variant),
        "total" => format!("the mean total of {}", p.variant),
        m => format!(
            "the win rate of {} in {}",
            m.trim_start_matches("win_rate of "),
            p.variant
        ),
    }
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

/// `--games-out`: one row per game and variant, as CSV or JSON lines.
struct GamesOut {
    path: PathBuf,
    format: RowFormat,
}

enum RowFormat {
    Csv(Box<csv::Writer<std::fs::File>>),
    JsonLines(std::io::BufWriter<std::fs::File>),
}

impl GamesOut {
    fn create(path: &std::path::Path, seats: usize) -> Result<GamesOut> {
        let csv = match path.extension().and_then(|e| e.to_str()) {
            Some("csv") => true,
            Some("jsonl") => false,
            _ => bail!(
                "--games-out {}: name the file .csv for CSV or .jsonl for JSON lines",
                path.display()
            ),
        };
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        let mut out = GamesOut {
            path: path.to_path_buf(),
            format: if csv {
                RowFormat::Csv(Box::new(csv::Writer::from_writer(file)))
            } else {
                RowFormat::JsonLines(std::io::BufWriter::new(file))
            },
        };
        if csv {
            let mut header: Vec<String> = ["game", "deal", "seed", "variant", "winners"]
                .into_iter()
                .map(String::from)
                .collect();
            header.extend(MEASURES.iter().map(|a| a.column.to_string()));
            for s in 1..=seats {
                header.push(format!("seat{s}_bot"));
                header.extend(CATEGORIES.iter().map(|c| format!("seat{s}_{c}")));
            }
            out.csv_record(&header)?;
        }
        Ok(out)
    }

    fn csv_record(&mut self, cells: &[String]) -> Result<()> {
        let RowFormat::Csv(w) = &mut self.format else {
            unreachable!("a CSV record goes to a CSV file")
        };
        w.write_record(cells)
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    fn row(
        &mut self,
        game: u64,
        deal: u64,
        seed: u64,
        variant: &str,
        seats: &[BotKind],
        o: &hunters::compare::Outcome,
    ) -> Result<()> {
        let points = |s: usize| {
            let p = &o.points[s];
            [p[0], p[1], p[2], p[3], p[4], o.totals[s]]
        };
        match &mut self.format {
            RowFormat::Csv(_) => {
                let winners: Vec<String> = o.winners.iter().map(|w| (w + 1).to_string()).collect();
                let mut cells = vec![
                    game.to_string(),
                    deal.to_string(),
                    seed.to_string(),
                    variant.to_string(),
                    winners.join(" "),
                ];
                cells.extend(MEASURES.iter().map(|a| o.measure(a.measure).to_string()));
                for (s, bot) in seats.iter().enumerate() {
                    cells.push(bot.name());
                    cells.extend(points(s).iter().map(u32::to_string));
                }
                self.csv_record(&cells)
            }
            RowFormat::JsonLines(file) => {
                let seats: Vec<serde_json::Value> = seats
                    .iter()
                    .enumerate()
                    .map(|(s, bot)| {
                        serde_json::json!({
                            "seat": s + 1,
                            "bot": bot.name(),
                            "points": ByCategory::from_array(points(s)),
                        })
                    })
                    .collect();
                let mut row = serde_json::json!({
                    "game": game,
                    "deal": deal,
                    // A string: JavaScript holds only 53 bits of a number exactly.
                    "seed": seed.to_string(),
                    "variant": variant,
                    "seats": seats,
                    "winners": o.winners.iter().map(|w| w + 1).collect::<Vec<_>>(),
                });
                for a in &MEASURES {
                    row[a.column] = o.measure(a.measure).into();
                }
                use std::io::Write;
                writeln!(file, "{row}")
                    .with_context(|| format!("cannot write {}", self.path.display()))
            }
        }
    }

    fn finish(self) -> Result<()> {
        use std::io::Write;
        match self.format {
            RowFormat::Csv(mut w) => w.flush(),
            RowFormat::JsonLines(mut f) => f.flush(),
        }
        .with_context(|| format!("cannot write {}", self.path.display()))
    }
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
