//! `simulate --levels`: the headline answers at several levels of play, on the same deals,
//! and for each whether it is settled at the top level, still moving, or not yet known.
//!
//! Each level plays the run's deals with simulate's own machinery (`play::play`, the
//! library's tallies): once with the level's bot in every seat, and once per class of
//! `--without` with the bot forgoing the class against itself, the seats rotated. The
//! library's [`hunters::levels`] turns each deal's games into one sample per answer and keeps
//! the step between the two highest levels deal by deal; this module plans, plays, merges
//! shards and hands the run to the printers (`text`, `html`, JSON here).

mod html;
mod report;
mod text;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hunters::Variant;
use hunters::bot::{BotKind, Class};
use hunters::compare::{Outcome, Plan};
use hunters::levels::{self, Levels, Tolerances};
use hunters::statistics::Clustered;

use super::args::{Args, Simultaneous};
use super::plan::labels;
use super::play;
use super::report_data::BotTime;
use crate::cli::common::{self, Stamp, merge_shards, shard_deals};
use report::{Config, Run};

/// What the JSON names the command, and how `--merge` tells a levels shard from a plain one.
const COMMAND: &str = "simulate --levels";

/// Refuses what `--levels` cannot honour, and its own options without it, saying what to
/// write instead.
pub fn refuse(args: &Args) -> Result<()> {
    if args.levels.is_empty() {
        if !args.without.is_empty() {
            bail!(
                "--without values classes of moves at each level of --levels: add --levels \
                 BOT,BOT,… (with one bot: `hunters ladder --bots BOT --without CLASS`)"
            );
        }
        if args.tolerance_points.is_some() || args.tolerance_pp.is_some() {
            bail!(
                "--tolerance-points and --tolerance-pp say when an answer of --levels is \
                 settled: add --levels BOT,BOT,…"
            );
        }
        return Ok(());
    }
    let refusals = [
        (
            !args.merge.is_empty(),
            "--merge reads the levels from the shards' files: drop --levels \
             (`hunters simulate --merge shard*.json`)",
        ),
        (
            !args.bots.is_empty(),
            "--levels names the bot of every seat at each level: drop --bots and list the \
             bots in --levels, weakest first (e.g. --levels greedy,mcts:100,mcts)",
        ),
        (
            !args.sweep.is_empty(),
            "--levels compares the variants named: instead of --sweep, name each swept \
             variant (e.g. `2020 2020@mammoth=4`)",
        ),
        (
            args.rotate_seats,
            "--levels puts one bot in every seat, and rotates the seats itself where the \
             bots differ (a bot forgoing a class against itself): drop --rotate-seats",
        ),
        (
            args.games_out.is_some(),
            "--games-out writes the games of one set of seats: drop it, and write a level's \
             games with `hunters simulate --bots BOT --games-out FILE`",
        ),
        (
            args.simultaneous != Simultaneous::None,
            "--levels gives each interval at 95 % on its own: drop --simultaneous",
        ),
        (
            args.precision.is_some(),
            "--levels says for every answer not yet known how many deals would settle it: \
             drop --precision, and set how narrow a settled answer is with \
             --tolerance-points X or --tolerance-pp X",
        ),
    ];
    match refusals.iter().find(|(refused, _)| *refused) {
        Some((_, why)) => bail!("{why}"),
        None => Ok(()),
    }
}

/// The tolerances of the verdicts: the options, or the library's defaults.
fn tolerances(args: &Args) -> Result<Tolerances> {
    let mut t = Tolerances::default();
    for (given, into, flag) in [
        (args.tolerance_points, &mut t.points, "--tolerance-points"),
        (
            args.tolerance_pp,
            &mut t.percentage_points,
            "--tolerance-pp",
        ),
    ] {
        if let Some(x) = given {
            if !(x > 0.0 && x.is_finite()) {
                bail!("{flag} takes a half-width above 0, e.g. {flag} 1.5");
            }
            *into = x;
        }
    }
    Ok(t)
}

/// Which samples a plan's games give.
#[derive(Clone, Copy)]
enum Part {
    /// The level's bot in every seat.
    SelfPlay,
    /// The level's bot forgoing a class, in the first seat of the plan, against itself.
    Restricted,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    common::bots_only(&args.levels)?;
    let ms = args.timeout.millis()?;
    let bots: Vec<BotKind> = args
        .levels
        .iter()
        .map(|b| b.clone().with_timeout(ms))
        .collect();
    if bots.len() < 2 {
        bail!(
            "--levels names one level ({}); name two or more bots, weakest first (e.g. \
             --levels greedy,mcts:100,mcts), or play one bot with --bots",
            bots[0]
        );
    }
    let classes = if args.without.is_empty() {
        vec![Class::Hunters]
    } else {
        args.without.clone()
    };
    for bot in &bots {
        for &class in &classes {
            if bot.forgoing(class) == *bot {
                bail!(
                    "level {bot} forgoes {} already, so it cannot be measured against itself \
                     without them: drop {} from --without, or the restriction from the level",
                    class.name(),
                    class.name()
                );
            }
        }
    }
    let players = args.players.map_or(2, usize::from);
    let tolerance = tolerances(args)?;
    let variants: Vec<Variant> = args
        .variants
        .iter()
        .map(|v| Variant::load(v))
        .collect::<Result<_, _>>()?;
    let labels = labels(&args.variants, &variants);
    let games = args.games.unwrap_or(0);
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let (k, m) = common::shard_of(args.shard.as_deref())?;
    let jobs = common::jobs(args.jobs)?;
    // One game per deal and variant in self-play: the games are the deals.
    let my_deals = shard_deals(games, k, m);
    let names: Vec<String> = bots.iter().map(BotKind::name).collect();
    let mut tally = Levels::new(names.clone(), players, levels::answers(&labels, &classes));
    let mut times: Vec<BotTime> = Vec::new();
    // The samples of the level just played, deal by deal: the step at the top needs the
    // level below it, and nothing older.
    let mut below: Vec<Vec<Clustered>> = Vec::new();
    let start = Instant::now();
    for (level, bot) in bots.iter().enumerate() {
        let seats = vec![bot.clone(); players];
        let mut plans = vec![(Plan::new(&seats, false), Part::SelfPlay)];
        for &class in &classes {
            let mut restricted = seats.clone();
            restricted[0] = bot.forgoing(class);
            plans.push((Plan::new(&restricted, true), Part::Restricted));
        }
        let mut samples: Vec<Vec<Clustered>> = vec![Vec::new(); my_deals.len()];
        for (plan, part) in &plans {
            let mut at = 0;
            let mut each = |_deal: u64, by_variant: &[Vec<Outcome>]| {
                samples[at].extend(match part {
                    Part::SelfPlay => levels::self_play_samples(plan.bots(), by_variant),
                    Part::Restricted => levels::restricted_samples(plan.bots(), by_variant),
                });
                at += 1;
                Ok(())
            };
            let played = play::play(
                &variants,
                plan,
                args.seed,
                &my_deals,
                jobs,
                Some(&mut each as play::EachDeal),
            )?;
            BotTime::merge(&mut times, &played.time_per_move);
        }
        for (d, s) in samples.iter().enumerate() {
            tally.add_deal(level, s, below.get(d).map(Vec::as_slice));
        }
        below = samples;
    }
    let run = Run {
        stamp: Stamp::now(),
        command: COMMAND.to_string(),
        config: Config {
            variants: args.variants.clone(),
            levels: names,
            without: classes.iter().map(|c| c.name().to_string()).collect(),
            games,
            players,
            seed: args.seed,
        },
        shard: args.shard.as_ref().map(|_| format!("{k}/{m}")),
        deals: tally.deals(),
        tolerance,
        answers: tally.summarize(tolerance),
        tally,
        wall_seconds: start.elapsed().as_secs_f64(),
        time_per_move: times,
    };
    output(&run, args)
}

fn output(run: &Run, args: &Args) -> Result<ExitCode> {
    if let Some(path) = &args.report {
        std::fs::write(path, html::page(run))
            .with_context(|| format!("cannot write the report to {}", path.display()))?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(run)?);
    } else {
        text::print(run);
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether the first of `files` is a shard of `simulate --levels` (an unreadable file is
/// left to the plain merge to report).
pub fn is_levels_shard(files: &[PathBuf]) -> Result<bool> {
    let Some(first) = files.first() else {
        return Ok(false);
    };
    let Ok(text) = std::fs::read_to_string(first) else {
        return Ok(false);
    };
    let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    Ok(value.get("command").and_then(|c| c.as_str()) == Some(COMMAND))
}

/// `--merge` of the shards of a run by level; the verdicts with this command's tolerances.
pub fn merge(args: &Args) -> Result<ExitCode> {
    let mut run: Run = merge_shards(&args.merge, common::Slices::Every)?;
    run.tolerance = tolerances(args)?;
    run.deals = run.tally.deals();
    run.answers = run.tally.summarize(run.tolerance);
    output(&run, args)
}
