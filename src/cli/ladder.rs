//! `hunters ladder`: bots from weak to strong on the same deals, rated per variant on one
//! scale; the depth, the first player's edge at each level and the deal's share of the
//! outcome (the library's [`hunters::ladder`] says how each is found).

mod html;
mod output;
mod shard;
mod words;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hunters::Variant;
use hunters::bot::{BotKind, Class};
use hunters::ladder::{self, Bound, Deal, Estimate, Ladder};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::common::{BotTimeout, class, parse_shard, shard_deals, table, wrap};
use output::{ByVariant, Output, by_variant, output};

/// The bots of the ladder unless `--bots` names others.
pub const DEFAULT_BOTS: &str = "random,greedy,mcts:30,mcts:100,mcts:300,mcts";

#[derive(clap::Args)]
pub struct Args {
    /// The variants to play (built-in names or variant files); every one plays the same
    /// deals.
    #[arg(value_name = "VARIANT", required_unless_present = "merge")]
    variants: Vec<String>,
    /// Games of each bot against the next one, per variant: each deal is played twice, the
    /// seats swapped (N is rounded up to whole deals). Each bot also plays itself once per
    /// deal, for the first player's edge.
    #[arg(long, short, value_name = "N", default_value_t = 200)]
    games: u64,
    /// The bots from weak to strong, comma-separated (random, greedy, mcts:N, mcts-v1:N,
    /// mcts-v2:N, mcts-v3:N or exec:PROGRAM, any of them forgoing moves with /no-CLASS); each plays the
    /// next one. Ratings are anchored at greedy = 0 when it is in the ladder, else at the first
    /// bot.
    #[arg(long, short, value_name = "BOT,…", value_delimiter = ',', default_value = DEFAULT_BOTS)]
    bots: Vec<BotKind>,
    /// Master seed; deal i is dealt from a seed derived from it and i, the same for every
    /// variant and every pair of bots.
    #[arg(long, short, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Threads (default: every core). The results do not depend on it.
    #[arg(long, short, value_name = "J")]
    jobs: Option<usize>,
    /// The win probability of one step of the skill chain: the depth is how many such steps
    /// fit between the weakest and the strongest bot.
    #[arg(long, value_name = "P", default_value_t = ladder::STEP)]
    step: f64,
    /// The bot that plays the next one again for the deal's share of the outcome (by its
    /// name in --bots; default: the second strongest, against the strongest).
    #[arg(long, value_name = "BOT")]
    luck: Option<BotKind>,
    /// Times the luck pair plays each deal and seating, the ladder's own game included,
    /// each with other decisions (1: no luck figures).
    #[arg(long, value_name = "R", default_value_t = 3)]
    replays: u32,
    /// Strategies to value, comma-separated classes of moves (`hunters variants --classes`):
    /// for each, the strongest bot forgoing it plays the strongest bot on every deal, twice,
    /// the seats swapped. With one bot in --bots, only these games are played.
    #[arg(long, value_name = "CLASS,…", value_delimiter = ',', value_parser = class)]
    without: Vec<Class>,
    #[command(flatten)]
    timeout: BotTimeout,
    /// Print JSON (docs/json.md) instead of tables.
    #[arg(long)]
    json: bool,
    /// Also write the figures as one self-contained HTML page to FILE: the ratings of every
    /// variant as a ladder chart with their intervals, depth, luck, the first player's edge at
    /// each level, and the strategies as interval bars.
    #[arg(long, value_name = "FILE", conflicts_with = "shard")]
    report: Option<PathBuf>,
    /// Play only the K-th of M slices of the deals (K from 1; deal d is in slice d mod M + 1,
    /// with every game played on it) and print that slice's raw results as JSON for --merge:
    /// --json is required and --report refused. Give every slice the same other arguments
    /// (docs/cluster.md).
    #[arg(long, value_name = "K/M")]
    shard: Option<String>,
    /// Join the `--shard K/M --json` files of one run, every slice once and in any order, into
    /// the whole run: every figure, every interval included, is the unsharded run's. The
    /// run's arguments come from the files (give no VARIANT, --games, --bots, --seed, --step,
    /// --luck, --replays or --without); prints the tables, --json or --report as a run does.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 1..,
        conflicts_with_all = [
            "variants", "games", "bots", "seed", "step", "luck", "replays", "without", "shard",
        ],
    )]
    merge: Vec<PathBuf>,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if !args.merge.is_empty() {
        return emit(&shard::merge(&args.merge)?, args);
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if let (Some((k, m)), false) = (shard, args.json) {
        bail!(
            "--shard {k}/{m} prints the slice's raw results for --merge, in JSON only: add \
             --json and keep the output in a file (`… --shard {k}/{m} --json > shard-{k}.json`)"
        );
    }
    super::common::bots_only(&args.bots)?;
    let ms = args.timeout.millis()?;
    let bots: Vec<BotKind> = args
        .bots
        .iter()
        .map(|b| b.clone().with_timeout(ms))
        .collect();
    if bots.len() < 2 && args.without.is_empty() {
        bail!(
            "--bots names one bot; a ladder needs two or more, from weak to strong (or \
             --without CLASS,… to value strategies with one bot)"
        );
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if !(args.step > 0.5 && args.step < 1.0) {
        bail!(
            "--step is a win probability above one half and below 1 (e.g. 0.75); found {}",
            args.step
        );
    }
    if args.replays == 0 {
        bail!("--replays counts the ladder's own game: at least 1 (1 for no luck figures)");
    }
    let luck = if args.replays < 2 || bots.len() < 2 {
        None
    } else {
        match &args.luck {
            None => Some(bots.len() - 2),
            Some(b) => match args.bots[..args.bots.len() - 1].iter().position(|x| x == b) {
                Some(i) => Some(i),
                None => bail!(
                    "--luck {b}: name a bot of --bots other than the last (it plays the next \
                     one); the ladder is {}",
                    names(&args.bots).join(",")
                ),
            },
        }
    };
    let jobs = super::common::jobs(args.jobs)?;
    let variants: Vec<Variant> = args
        .variants
        .iter()
        .map(|v| Variant::load(v))
        .collect::<Result<_, _>>()?;
    let deals = args.games.div_ceil(2);
    let plan = Ladder {
        bots,
        luck,
        replays: args.replays,
        strategies: args.without.clone(),
    };
    let names = names(&plan.bots);
    let (k, m) = shard.unwrap_or((1, 1));
    let mine = shard_deals(deals, k, m);
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let progress = progress(mine.len() as u64 * variants.len() as u64);
    let mut results = Vec::new();
    let mut slices = Vec::new();
    for variant in &variants {
        let played: Result<Vec<Deal>, _> = pool.install(|| {
            mine.par_iter()
                .map(|&d| {
                    let deal = plan.play_deal(variant, args.seed, d);
                    progress.inc(1);
                    deal
                })
                .collect()
        });
        let played = played.map_err(|e| anyhow::anyhow!("{e}"))?;
        if shard.is_some() {
            slices.push((variant.name.clone(), played));
        } else {
            results.push(by_variant(
                &variant.name,
                &played,
                &plan,
                &names,
                args.step,
                args.seed,
            ));
        }
    }
    progress.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    if shard.is_some() {
        let config = shard::Config {
            variants: args.variants.clone(),
            seed: args.seed,
            deals,
            bots: names,
            step: args.step,
            replays: args.replays,
            luck: plan.luck,
            without: plan
                .strategies
                .iter()
                .map(|c| c.name().to_string())
                .collect(),
        };
        return shard::print(config, (k, m), &mine, slices, wall);
    }
    let out = output(
        args.seed,
        deals,
        names,
        args.step,
        args.replays,
        wall,
        results,
    );
    emit(&out, args)
}

/// The report, then JSON or the tables.
fn emit(out: &Output, args: &Args) -> Result<ExitCode> {
    if let Some(path) = &args.report {
        std::fs::write(path, html::html(out))
            .with_context(|| format!("cannot write the report to {}", path.display()))?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(out)?);
    } else {
        print_text(&out.variants, out.deals, out.seed, out.wall_seconds);
    }
    Ok(ExitCode::SUCCESS)
}

fn names(bots: &[BotKind]) -> Vec<String> {
    bots.iter().map(BotKind::name).collect()
}

fn progress(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn elo(e: &Estimate, bound: Bound) -> String {
    match bound {
        Bound::Exact => format!("{:+.0} ({:+.0} to {:+.0})", e.value, e.low, e.high),
        Bound::AtMost => format!("≤ {:+.0}", e.value),
        Bound::AtLeast => format!("≥ {:+.0}", e.value),
    }
}

fn print_text(results: &[ByVariant], deals: u64, seed: u64, wall: f64) {
    let ladder = results.iter().any(|r| r.summary.rungs.len() > 1);
    let what = if ladder {
        "each bot against the next, every deal twice with the seats swapped, and against \
         itself once"
    } else {
        "the bot against itself forgoing each class, every deal twice with the seats swapped"
    };
    println!(
        "{}",
        wrap(&format!(
            "{deals} deals (seed {seed}): {what}; 95 % intervals over the {deals} deals."
        ))
    );
    for r in results.iter().filter(|r| r.summary.rungs.len() > 1) {
        let s = &r.summary;
        println!();
        println!("{}: Elo by Bradley–Terry, {} = 0", r.variant, s.anchor);
        let mut t = table();
        t.set_header(vec![
            "bot",
            "Elo (95 % interval)",
            "wins against the next",
            "upset rate",
            "first player's edge against itself, pp of wins",
        ]);
        for (i, rung) in s.rungs.iter().enumerate() {
            let (next, upset) = match s.steps.get(i) {
                Some(step) => {
                    let w = 100.0 * (1.0 - step.upper_wins.value);
                    let lo = 100.0 * (1.0 - step.upper_wins.high);
                    let hi = 100.0 * (1.0 - step.upper_wins.low);
                    let note = match step.gap_bound {
                        Bound::AtLeast => format!(", swept: gap ≥ {:+.0} Elo", step.gap.value),
                        Bound::AtMost => format!(", swept: gap ≤ {:+.0} Elo", step.gap.value),
                        Bound::Exact if step.adds_nothing => " (no gap)".to_string(),
                        Bound::Exact => String::new(),
                    };
                    (
                        format!("{w:.1} % ({lo:.1}–{hi:.1}){note}"),
                        format!("{:.1} %", 100.0 * step.upset_rate),
                    )
                }
                None => (String::new(), String::new()),
            };
            let edge = rung.first_player_edge.map_or(String::new(), |e| {
                format!("{:+.1} ({:+.1} to {:+.1})", e.value, e.low, e.high)
            });
            t.add_row(vec![
                rung.bot.clone(),
                elo(&rung.elo, rung.bound),
                next,
                upset,
                edge,
            ]);
        }
        println!("{t}");
        let d = &s.depth;
        let depth = if d.at_least {
            format!(
                "at least {:.2} steps of {:.0} % ({:.0} Elo each): a skill chain of at least {} \
                 whole steps ({} players)",
                d.steps.value,
                100.0 * d.step,
                d.step_elo,
                d.whole_steps[0],
                d.whole_steps[0] + 1,
            )
        } else {
            format!(
                "{:.2} steps of {:.0} % ({:.0} Elo each; {:.2} to {:.2}): a skill chain of {} \
                 whole steps ({} players; {} to {} steps)",
                d.steps.value,
                100.0 * d.step,
                d.step_elo,
                d.steps.low,
                d.steps.high,
                d.whole_steps[0],
                d.whole_steps[0] + 1,
                d.whole_steps[1],
                d.whole_steps[2],
            )
        };
        println!(
            "{}",
            wrap(&format!(
                "Depth: {depth} — of this ladder: a stronger top bot may find more."
            ))
        );
        if let Some(l) = &s.luck {
            let pc = |e: &Estimate| {
                format!(
                    "{:.0} % ({:.0}–{:.0} %)",
                    100.0 * e.value,
                    100.0 * e.low,
                    100.0 * e.high
                )
            };
            println!(
                "{}",
                wrap(&format!(
                    "Luck, {} against {} ({} games a deal): the deal (its tiles, and how they \
                     suit one seat) explains {} of the variance of the margin and the first \
                     player's edge {}; of who wins, {} and {}. The rest is play.",
                    l.upper,
                    l.lower,
                    l.games_per_deal,
                    pc(&l.margin.deal),
                    pc(&l.margin.first_player),
                    pc(&l.win.deal),
                    pc(&l.win.first_player),
                ))
            );
        }
    }
    print_strategies(results);
    println!();
    let sweep = results
        .iter()
        .any(|r| r.summary.steps.iter().any(|s| s.sweep));
    if sweep {
        println!(
            "{}",
            wrap(&format!(
                "A swept pair's gap is the Elo of the lower end of the exact 95 % interval of \
                 the share of the {deals} deals its winner won: all that those deals can \
                 claim. Every rating beyond it from the anchor is a bound too."
            ))
        );
    }
    let said = words::conclusions(results, deals);
    if !said.is_empty() {
        println!();
        println!("What the figures allow one to conclude:");
        for line in said {
            println!("{}", wrap(&format!("- {line}")));
        }
    }
    println!();
    println!("{}", wrap(&format!("{wall:.1} s on the wall clock.")));
}

/// What each strategy is worth, a row per class and a column per variant.
fn print_strategies(results: &[ByVariant]) {
    let Some(first) = results.first() else {
        return;
    };
    if first.summary.strategies.is_empty() {
        return;
    }
    println!();
    println!(
        "{}",
        wrap(&format!(
            "What a strategy is worth: {} forgoing each class against itself unrestricted, \
             same deals, seats swapped. Its win rate (95 % interval) and mean margin per game; \
             a strategy is worth what its absence costs.",
            first.summary.rungs.last().map_or("", |r| r.bot.as_str())
        ))
    );
    let mut t = table();
    let mut header = vec!["forgoes".to_string()];
    header.extend(results.iter().map(|r| r.variant.clone()));
    t.set_header(header);
    for (k, strategy) in first.summary.strategies.iter().enumerate() {
        let mut row = vec![strategy.class.clone()];
        for r in results {
            let st = &r.summary.strategies[k];
            let h = (st.margin.high - st.margin.low) / 2.0;
            row.push(format!(
                "{:.1} % ({:.1}–{:.1}), {:+.1} ± {h:.1}",
                100.0 * st.wins.value,
                100.0 * st.wins.low,
                100.0 * st.wins.high,
                st.margin.value
            ));
        }
        t.add_row(row);
    }
    println!("{t}");
}
