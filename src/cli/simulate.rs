//! `hunters simulate`: many games per variant, in parallel, with exact mergeable tallies.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use comfy_table::{Cell, CellAlignment};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{ByCategory, Moments, Table, Tally};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(clap::Args)]
pub struct Args {
    /// The variants to play (built-in names or variant files); the first is the reference
    /// for paired differences.
    #[arg(value_name = "VARIANT", required_unless_present = "merge")]
    variants: Vec<String>,
    /// Games per variant.
    #[arg(long, short, value_name = "N", required_unless_present = "merge")]
    games: Option<u64>,
    /// Master seed; game i is played with a seed derived from it and i, the same for every
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
    /// Play each seed once per seat rotation, so that seat advantage cancels out (the number
    /// of games is rounded up to a multiple of the players).
    #[arg(long)]
    rotate_seats: bool,
    /// Run only the K-th of M slices of the games (K from 1); merge the --json outputs with
    /// --merge.
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
    /// first, as the reference; every combination plays the same seeds.
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
    pub(super) seed: u64,
    pub(super) bots: Vec<String>,
    pub(super) rotate_seats: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct VariantResult {
    pub(super) variant: String,
    /// What a sweep set in this variant, key by key (empty for the reference and without a
    /// sweep).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub(super) swept: Vec<Swept>,
    pub(super) tally: Tally,
    pub(super) summary: Summary,
}

/// One key a sweep set, and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Swept {
    pub(super) key: String,
    pub(super) value: String,
}

/// Means and 95 % half-intervals, derived from the tally.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct Summary {
    /// Per player and game.
    pub(super) points: ByCategory<Estimate>,
    pub(super) margin: Estimate,
    pub(super) win_rate_by_seat: Vec<f64>,
    pub(super) bonus_turns_per_game: Estimate,
    /// Against the first variant, per player and game (absent for the first variant).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) paired_difference: Option<ByCategory<Estimate>>,
    /// Bot against bot, when the seats have different bots.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub(super) bots: Vec<BotSummary>,
    /// Seat by seat, a shared victory split among its winners (the shares add up to 1).
    pub(super) win_share_by_seat: Vec<Interval>,
    /// Seat 1's share minus an even share (1 / seats).
    pub(super) first_player_advantage: Interval,
    /// `rank_by_seat[seat][rank - 1]`: how often the seat finished at that rank (ties share
    /// the better rank).
    pub(super) rank_by_seat: Vec<Vec<Interval>>,
    /// Percentiles of the players' totals and of the winning margin.
    pub(super) total_percentiles: Percentiles,
    pub(super) margin_percentiles: Percentiles,
    /// Per game.
    pub(super) tiles_per_game: Estimate,
    pub(super) discards_per_game: Estimate,
    pub(super) lead_changes_per_game: Estimate,
    /// The move after which the eventual winner never trailed again (0: never trailed).
    pub(super) settled_after_move: Estimate,
    /// The most points the eventual winner was behind the leader.
    pub(super) winner_worst_deficit: Estimate,
    pub(super) unfinished_gatherers_per_game: Estimate,
    pub(super) unfinished_fishers_per_game: Estimate,
    /// Against the first variant, game by game: the mean difference of each per-game
    /// measure (absent for the first variant).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) paired_game_difference: Option<BTreeMap<String, Estimate>>,
}

/// The per-game measures shown paired across variants: key in the tally, heading.
pub(super) const PAIRED_COLUMNS: [(&str, &str); 6] = [
    ("margin", "margin"),
    ("tiles", "tiles"),
    ("bonus_turns", "bonus turns"),
    ("lead_changes", "lead changes"),
    ("settled_at", "winner settled after move"),
    ("drama", "winner's worst deficit"),
];

impl Summary {
    /// The per-game measures of length and tension, with their headings, in table order.
    pub(super) fn per_game(&self) -> [(&'static str, &Estimate); 7] {
        [
            ("tiles", &self.tiles_per_game),
            ("discards", &self.discards_per_game),
            ("lead changes", &self.lead_changes_per_game),
            ("winner settled after move", &self.settled_after_move),
            ("winner's worst deficit", &self.winner_worst_deficit),
            (
                "gatherers left unfinished",
                &self.unfinished_gatherers_per_game,
            ),
            ("fishers left unfinished", &self.unfinished_fishers_per_game),
        ]
    }
}

impl Report {
    /// Seats per game in this run.
    pub(super) fn seats(&self) -> usize {
        self.config.bots.len()
    }
}

/// p10, p50 (the median) and p90, each with its 95 % interval.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(super) struct Percentiles {
    pub(super) p10: Interval,
    pub(super) p50: Interval,
    pub(super) p90: Interval,
}

fn percentiles(seen: &std::collections::BTreeMap<u32, u64>) -> Percentiles {
    let at = |q| {
        let (low, value, high) = hunters::compare::quantile(seen, q).unwrap_or((0, 0, 0));
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

/// A rate of `k` out of `n` with its Wilson interval, rounded.
fn rate_interval(k: f64, n: f64) -> Interval {
    let p = if n > 0.0 { k / n } else { 0.0 };
    let (low, high) = wilson(p, n);
    let r = |x: f64| (x * 1e4).round() / 1e4;
    Interval {
        value: r(p),
        low: r(low),
        high: r(high),
    }
}

/// One bot against the others.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct BotSummary {
    pub(super) bot: String,
    pub(super) games: u64,
    /// Games won, a game whose best total it shares with another bot counting half.
    pub(super) win_rate: Interval,
    /// Its best total minus the best total of another bot, per game.
    pub(super) margin: Estimate,
    /// The Elo difference the win rate implies (the bot against the field).
    pub(super) elo: Interval,
}

/// A value with its 95 % interval.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(super) struct Interval {
    pub(super) value: f64,
    pub(super) low: f64,
    pub(super) high: f64,
}

/// The Wilson score interval of a rate `p` over `n` trials (95 %).
fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of a score rate: `400 log10(p / (1 − p))`, finite at 0 and 1.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    400.0 * (p / (1.0 - p)).log10()
}

fn bot_summary(t: &hunters::compare::BotTally) -> BotSummary {
    let n = t.result.n as f64;
    let p = if n > 0.0 {
        t.result.sum as f64 / 2.0 / n
    } else {
        0.0
    };
    let (low, high) = wilson(p, n);
    let r = |x: f64| (x * 1e4).round() / 1e4;
    let r1 = |x: f64| (x * 10.0).round() / 10.0;
    BotSummary {
        bot: t.bot.clone(),
        games: t.result.n,
        win_rate: Interval {
            value: r(p),
            low: r(low),
            high: r(high),
        },
        margin: estimate(&t.margin, 1.0),
        elo: Interval {
            value: r1(elo(p)),
            low: r1(elo(low)),
            high: r1(elo(high)),
        },
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(super) struct Estimate {
    pub(super) mean: f64,
    pub(super) ci95: f64,
}

fn estimate(m: &Moments, scale: f64) -> Estimate {
    // Rounded so that the text is the same on every machine.
    let r = |x: f64| (x / scale * 1e4).round() / 1e4;
    Estimate {
        mean: r(m.mean()),
        ci95: r(m.ci95()),
    }
}

fn summary(t: &Tally) -> Summary {
    let seats = t.wins.len().max(1) as f64;
    Summary {
        points: ByCategory::from_array(t.categories.map(|m| estimate(&m, 1.0))),
        margin: estimate(&t.margin, 1.0),
        win_rate_by_seat: t
            .wins
            .iter()
            .map(|w| {
                if t.games == 0 {
                    0.0
                } else {
                    (*w as f64 / t.games as f64 * 1e4).round() / 1e4
                }
            })
            .collect(),
        bonus_turns_per_game: estimate(&t.bonus_turns, 1.0),
        // A paired sample sums the seats' differences.
        paired_difference: <[Moments; 6]>::try_from(t.paired.as_slice())
            .ok()
            .map(|p| ByCategory::from_array(p.map(|m| estimate(&m, seats)))),
        bots: t.bots.iter().map(bot_summary).collect(),
        win_share_by_seat: t
            .win_sixtieths
            .iter()
            .map(|&w| rate_interval(w as f64 / 60.0, t.games as f64))
            .collect(),
        first_player_advantage: {
            let s = rate_interval(
                t.win_sixtieths.first().map_or(0.0, |&w| w as f64 / 60.0),
                t.games as f64,
            );
            let even = 1.0 / seats;
            let r = |x: f64| (x * 1e4).round() / 1e4;
            Interval {
                value: r(s.value - even),
                low: r(s.low - even),
                high: r(s.high - even),
            }
        },
        rank_by_seat: t
            .ranks
            .iter()
            .map(|by_rank| {
                by_rank
                    .iter()
                    .map(|&k| rate_interval(k as f64, t.games as f64))
                    .collect()
            })
            .collect(),
        total_percentiles: percentiles(&t.totals_seen),
        margin_percentiles: percentiles(&t.margins_seen),
        tiles_per_game: estimate(&t.tiles, 1.0),
        discards_per_game: estimate(&t.discards, 1.0),
        lead_changes_per_game: estimate(&t.lead_changes, 1.0),
        settled_after_move: estimate(&t.settled_at, 1.0),
        winner_worst_deficit: estimate(&t.drama, 1.0),
        unfinished_gatherers_per_game: estimate(&t.unfinished_gatherers, 1.0),
        unfinished_fishers_per_game: estimate(&t.unfinished_fishers, 1.0),
        paired_game_difference: (!t.paired_measures.is_empty()).then(|| {
            t.paired_measures
                .iter()
                .map(|(name, m)| (name.clone(), estimate(m, 1.0)))
                .collect()
        }),
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
    let mut games = args.games.unwrap_or(0);
    if games == 0 {
        bail!("--games must be at least 1");
    }
    if args.rotate_seats {
        games = games.div_ceil(bots.len() as u64) * bots.len() as u64;
    }
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
    let indexes: Vec<u64> = (0..games).filter(|i| i % m == k - 1).collect();
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(indexes.len() as u64);
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
    for chunk in indexes.chunks(4096) {
        let outcomes: Result<Vec<_>, _> = pool.install(|| {
            chunk
                .par_iter()
                // Each worker keeps its game and bots from one game to the next.
                .map_init(Table::default, |table, &i| {
                    let o = table.tally_game(&variants, &bots, args.seed, i, args.rotate_seats);
                    progress.inc(1);
                    o
                })
                .collect()
        });
        for (&i, game) in chunk.iter().zip(&outcomes?) {
            for (v, o) in game.iter().enumerate() {
                tallies[v].add(o, (v > 0).then(|| &game[0]));
                if let Some(out) = &mut rows {
                    let seats = hunters::compare::seating(&bots, i, args.rotate_seats);
                    let seed =
                        hunters::compare::seed_of(args.seed, i, bots.len(), args.rotate_seats);
                    out.row(i, seed, &names[v], &seats, o)?;
                }
            }
        }
    }
    if let Some(out) = rows {
        out.finish()?;
    }
    progress.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    let played = indexes.len() as f64 * variants.len() as f64;
    let report = Report {
        stamp: super::Stamp::now(),
        config: Config {
            variants: names.clone(),
            sweep: args.sweep.clone(),
            games,
            seed: args.seed,
            bots: bots.iter().map(|b| b.name().to_string()).collect(),
            rotate_seats: args.rotate_seats,
        },
        shard: args.shard.as_ref().map(|_| format!("{k}/{m}")),
        results: named
            .into_iter()
            .zip(tallies)
            .map(|((v, swept), t)| VariantResult {
                variant: v,
                swept,
                summary: summary(&t),
                tally: t,
            })
            .collect(),
        games_per_second: if wall > 0.0 { played / wall } else { 0.0 },
        wall_seconds: wall,
    };
    output(&report, args)
}

fn output(r: &Report, args: &Args) -> Result<ExitCode> {
    if let Some(path) = &args.report {
        write_report(r, path)?;
    }
    let json = args.json;
    if json {
        println!("{}", serde_json::to_string_pretty(r)?);
    } else {
        print(r);
    }
    Ok(ExitCode::SUCCESS)
}

/// The HTML report, with the run's first game under each variant as its sample board.
fn write_report(r: &Report, path: &std::path::Path) -> Result<()> {
    let c = &r.config;
    let bots: Vec<BotKind> = c
        .bots
        .iter()
        .map(|b| b.parse().map_err(|e: String| anyhow::anyhow!(e)))
        .collect::<Result<_>>()?;
    let seats = hunters::compare::seating(&bots, 0, c.rotate_seats);
    let seed = hunters::compare::seed_of(c.seed, 0, bots.len(), c.rotate_seats);
    let names: Vec<String> = seats.iter().map(BotKind::name).collect();
    let mut boards = Vec::new();
    for name in &c.variants {
        let variant = Variant::load(name)?;
        let game = hunters::compare::play(&variant, &seats, seed)?;
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
    for res in &mut m.results {
        res.summary = summary(&res.tally);
    }
    m.shard = None;
    let played = m.config.games as f64 * m.results.len() as f64;
    m.games_per_second = if m.wall_seconds > 0.0 {
        played / m.wall_seconds
    } else {
        0.0
    };
    output(&m, args)
}

fn print(r: &Report) {
    let c = &r.config;
    let games = r.results.first().map_or(0, |x| x.tally.games);
    println!(
        "{games} games per variant{}, seed {}, seats: {}{}",
        r.shard
            .as_ref()
            .map_or(String::new(), |s| format!(" (shard {s})")),
        c.seed,
        c.bots.join(", "),
        if c.rotate_seats {
            " (seats rotated)"
        } else {
            ""
        }
    );
    println!("Points per player and game (mean ± 95 % interval):");
    let mut t = super::table();
    let mut header = vec![Cell::new("variant")];
    for h in [
        "rivers",
        "forests",
        "huts",
        "meadows",
        "specials",
        "total",
        "margin",
        "bonus turns",
    ] {
        header.push(Cell::new(h));
    }
    t.set_header(header);
    let fmt = |e: &Estimate| format!("{:.2} ± {:.2}", e.mean, e.ci95);
    for v in &r.results {
        let s = &v.summary;
        let mut row = vec![Cell::new(&v.variant)];
        for e in s
            .points
            .to_array()
            .iter()
            .chain([&s.margin, &s.bonus_turns_per_game])
        {
            row.push(Cell::new(fmt(e)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    let seats = r.seats();
    println!(
        "Wins by seat, a shared victory split among its winners{}:",
        if c.rotate_seats {
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
    println!("Spread (percentiles with their 95 % intervals):");
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
        r.results
            .first()
            .map(|v| v.summary.per_game().map(|(h, _)| h).to_vec())
            .unwrap_or_default(),
    );
    t.set_header(header);
    for v in &r.results {
        let mut row = vec![Cell::new(&v.variant)];
        for (_, e) in v.summary.per_game() {
            row.push(Cell::new(fmt(e)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    if r.results.len() > 1 {
        println!(
            "Paired difference to {} per game (same seeds):",
            r.results[0].variant
        );
        let mut t = super::table();
        let cols = PAIRED_COLUMNS;
        let mut header = vec![Cell::new("variant")];
        header.extend(cols.iter().map(|(_, h)| Cell::new(*h)));
        t.set_header(header);
        for v in &r.results[1..] {
            let Some(p) = &v.summary.paired_game_difference else {
                continue;
            };
            let mut row = vec![Cell::new(&v.variant)];
            for (k, _) in cols {
                let e = p.get(k).copied().unwrap_or(Estimate {
                    mean: 0.0,
                    ci95: 0.0,
                });
                row.push(
                    Cell::new(format!("{:+.2} ± {:.2}", e.mean, e.ci95))
                        .set_alignment(CellAlignment::Right),
                );
            }
            t.add_row(row);
        }
        println!("{t}");
    }
    if r.results.iter().any(|v| !v.summary.bots.is_empty()) {
        println!(
            "Bot against bot{} (a game whose best total two bots share counts half):",
            if c.rotate_seats {
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
                    Cell::new(format!(
                        "{:.1} % ({:.1}–{:.1})",
                        100.0 * b.win_rate.value,
                        100.0 * b.win_rate.low,
                        100.0 * b.win_rate.high
                    ))
                    .set_alignment(CellAlignment::Right),
                    Cell::new(format!("{:+.2} ± {:.2}", b.margin.mean, b.margin.ci95))
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
            "Paired difference to {} (same seeds; per player and game):",
            r.results[0].variant
        );
        let mut t = super::table();
        let mut header = vec![Cell::new("variant")];
        for h in ["rivers", "forests", "huts", "meadows", "specials", "total"] {
            header.push(Cell::new(h));
        }
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
                    Cell::new(format!("{:+.2} ± {:.2}", e.mean, e.ci95))
                        .set_alignment(CellAlignment::Right),
                );
            }
            t.add_row(row);
        }
        println!("{t}");
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
    file: std::io::BufWriter<std::fs::File>,
    path: PathBuf,
    csv: bool,
}

const CATEGORIES: [&str; 6] = ["rivers", "forests", "huts", "meadows", "specials", "total"];

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
            file: std::io::BufWriter::new(file),
            path: path.to_path_buf(),
            csv,
        };
        if csv {
            let mut header = vec![
                "game",
                "seed",
                "variant",
                "winners",
                "margin",
                "tiles",
                "bonus_turns",
                "discards",
                "lead_changes",
                "settled_after_move",
                "winner_worst_deficit",
                "unfinished_gatherers",
                "unfinished_fishers",
            ]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>();
            for s in 1..=seats {
                header.push(format!("seat{s}_bot"));
                header.extend(CATEGORIES.iter().map(|c| format!("seat{s}_{c}")));
            }
            out.line(&header.join(","))?;
        }
        Ok(out)
    }

    fn line(&mut self, text: &str) -> Result<()> {
        use std::io::Write;
        writeln!(self.file, "{text}")
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    fn row(
        &mut self,
        game: u64,
        seed: u64,
        variant: &str,
        seats: &[BotKind],
        o: &hunters::compare::Outcome,
    ) -> Result<()> {
        let points = |s: usize| {
            let p = &o.points[s];
            [p[0], p[1], p[2], p[3], p[4], o.totals[s]]
        };
        let winners: Vec<String> = o.winners.iter().map(|w| (w + 1).to_string()).collect();
        if self.csv {
            let quote = |s: &str| {
                if s.contains([',', '"', '\n']) {
                    format!("\"{}\"", s.replace('"', "\"\""))
                } else {
                    s.to_string()
                }
            };
            let mut cells = vec![
                game.to_string(),
                seed.to_string(),
                quote(variant),
                winners.join(" "),
            ];
            // margin … unfinished_fishers: the game measures, in the header's order.
            cells.extend(o.measures().iter().map(i64::to_string));
            for (s, bot) in seats.iter().enumerate() {
                cells.push(quote(&bot.name()));
                cells.extend(points(s).iter().map(u32::to_string));
            }
            self.line(&cells.join(","))
        } else {
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
            let row = serde_json::json!({
                "game": game,
                "seed": seed,
                "variant": variant,
                "seats": seats,
                "winners": o.winners.iter().map(|w| w + 1).collect::<Vec<_>>(),
                "margin": o.margin,
                "tiles": o.tiles,
                "bonus_turns": o.bonus_turns,
                "discards": o.discards,
                "lead_changes": o.tension.lead_changes,
                "settled_after_move": o.tension.settled_at,
                "winner_worst_deficit": o.tension.drama,
                "unfinished_gatherers": o.unfinished.0,
                "unfinished_fishers": o.unfinished.1,
            });
            self.line(&row.to_string())
        }
    }

    fn finish(mut self) -> Result<()> {
        use std::io::Write;
        self.file
            .flush()
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

    #[test]
    fn wilson_intervals_and_elo_match_their_textbook_values() {
        let (low, high) = super::wilson(0.5, 100.0);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
        // At 0 % the interval still has width (unlike the normal approximation).
        let (low, high) = super::wilson(0.0, 20.0);
        assert!(low == 0.0 && (high - 0.1611).abs() < 1e-3);
        assert!((super::elo(0.75) - 190.85).abs() < 0.01);
        assert!(super::elo(0.5).abs() < 1e-9);
    }
}
