//! `hunters diff`: one seed under several variants, or one log's moves re-scored under them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use comfy_table::{Cell, CellAlignment};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{self, ByCategory};
use hunters::game::{Category, Event, Game};
use hunters::replay::{self, Failure};
use hunters::{log, notation};
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// The variants to compare (built-in names or variant files); the first is the reference.
    /// Without any, the three editions: 2002 2014 2020.
    #[arg(value_name = "VARIANT")]
    variants: Vec<String>,
    /// Master seed of the game (picked and printed when absent).
    #[arg(long, short, value_name = "S", conflicts_with = "log")]
    seed: Option<u64>,
    /// Number of players, 2 to 5 (default 2, or as many as --bots names).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5),
          conflicts_with = "log")]
    players: Option<u8>,
    /// The bot of each seat, comma-separated: random, greedy, mcts, mcts:N (N playouts), the
    /// yardsticks mcts-v1[:N], mcts-v2[:N] and mcts-v3[:N], or exec:PROGRAM (docs/bot-protocol.md); one
    /// name serves every seat.
    #[arg(
        long,
        short,
        value_name = "BOT,…",
        value_delimiter = ',',
        default_value = "greedy",
        conflicts_with = "log"
    )]
    bots: Vec<BotKind>,
    #[command(flatten)]
    timeout: super::common::BotTimeout,
    /// Re-score the moves of game logs under each variant instead of playing a new game: one
    /// log in detail, or several (repeat --log; a directory stands for its .log files) with
    /// totals across them.
    #[arg(long, value_name = "FILE|DIR")]
    log: Vec<PathBuf>,
    /// Print the comparison as JSON.
    #[arg(long)]
    json: bool,
}

/// One variant's game: how it came about and its points by seat.
#[derive(Serialize)]
struct Column {
    variant: String,
    /// `play`: played from the seed; `log`: the log's own game; `replay`: the log's moves
    /// re-scored under this variant.
    source: &'static str,
    /// Points by seat (seats numbered from 1).
    players: Vec<SeatPoints>,
    /// Winning seats (from 1); several on a shared victory.
    winners: Vec<usize>,
    /// Replays: moves replayed, and why the replay stopped early if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

#[derive(Serialize)]
struct SeatPoints {
    player: usize,
    points: ByCategory<u32>,
    /// Points minus those of the same seat under the first variant.
    difference: ByCategory<i64>,
}

#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    stamp: super::common::Stamp,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::common::seed_text::option::serialize"
    )]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<String>,
    seats: Vec<String>,
    variants: Vec<Column>,
    /// Log mode: the features that scored differently.
    #[serde(skip_serializing_if = "Option::is_none")]
    features: Option<Vec<FeatureRow>>,
}

#[derive(Serialize)]
struct FeatureRow {
    /// The feature's address as in logs (e.g. `3,-1 F0`).
    feature: String,
    category: &'static str,
    /// By variant in `variants` order: who scored it and how much, or null when it did not
    /// score under that variant.
    scores: Vec<Option<FeatureScore>>,
}

#[derive(Clone, Serialize)]
struct FeatureScore {
    /// Seats from 1.
    players: Vec<usize>,
    points: u32,
}

fn points(game: &Game) -> Vec<[u32; 6]> {
    (0..game.players())
        .map(|p| {
            let c = Category::ALL.map(|c| game.score(p, c));
            [c[0], c[1], c[2], c[3], c[4], game.total(p)]
        })
        .collect()
}

fn columns(names: &[String], sources: &[&'static str], games: &[&Game]) -> Vec<Column> {
    let base = points(games[0]);
    names
        .iter()
        .zip(sources)
        .zip(games)
        .map(|((name, source), g)| Column {
            variant: name.clone(),
            source,
            players: points(g)
                .iter()
                .zip(&base)
                .enumerate()
                .map(|(seat, (a, b))| SeatPoints {
                    player: seat + 1,
                    points: ByCategory::from_array(*a),
                    difference: ByCategory::from_array(std::array::from_fn(|i| {
                        i64::from(a[i]) - i64::from(b[i])
                    })),
                })
                .collect(),
            winners: g.winners().iter().map(|p| p + 1).collect(),
            moves: None,
            stopped: None,
        })
        .collect()
}

/// What `diff` compares when no variant is named: every edition as printed.
const EVERY_EDITION: [&str; 3] = ["2002", "2014", "2020"];

pub fn run(args: &Args) -> Result<ExitCode> {
    let names: Vec<String> = if args.variants.is_empty() {
        EVERY_EDITION.map(String::from).to_vec()
    } else {
        args.variants.clone()
    };
    let variants: Vec<Variant> = names
        .iter()
        .map(|v| Variant::load(v))
        .collect::<Result<_, _>>()?;
    let logs = log_files(&args.log)?;
    if logs.len() > 1 || args.log.iter().any(|p| p.is_dir()) {
        return corpus(&logs, &names, &variants, args.json);
    }
    let report = match logs.first() {
        Some(path) => match from_log(path, &names, &variants)? {
            Ok(r) => r,
            Err(code) => return Ok(code),
        },
        None => {
            let bots = super::common::seats_of_bots(args.players, &args.bots, &args.timeout)?;
            let seed = args.seed.unwrap_or_else(super::common::pick_seed);
            let games: Vec<Game> = variants
                .iter()
                .map(|v| compare::play(v, &bots, seed))
                .collect::<Result<_, _>>()?;
            Report {
                stamp: super::common::Stamp::now(),
                seed: Some(seed),
                log: None,
                seats: bots.iter().map(|b| b.name().to_string()).collect(),
                variants: columns(
                    &names,
                    &vec!["play"; names.len()],
                    &games.iter().collect::<Vec<_>>(),
                ),
                features: None,
            }
        }
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print(&report);
    }
    // A replay that stopped early compared only part of the game.
    let partial = report.variants.iter().any(|c| c.stopped.is_some());
    Ok(ExitCode::from(u8::from(partial)))
}

/// The logs named: files as given, directories' `.log` files in name order.
fn log_files(given: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in given {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot list {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "log"))
                .collect();
            found.sort();
            if found.is_empty() {
                anyhow::bail!("{}: no .log file in this directory", p.display());
            }
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// One log of a corpus: its own variant and how each replay went.
#[derive(Serialize)]
struct CorpusLog {
    log: String,
    variant: String,
    replays: Vec<Replay>,
}

#[derive(Serialize)]
struct Replay {
    variant: String,
    /// Every move replayed; a partial replay is left out of the totals.
    complete: bool,
    moves: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

/// A variant's totals over the logs it replayed completely.
#[derive(Serialize)]
struct CorpusTotal {
    variant: String,
    /// Logs replayed completely (the others are left out).
    logs: usize,
    partial: usize,
    /// Mean points per player and game, replayed under this variant.
    points: ByCategory<f64>,
    /// The same logs as recorded, under their own variants.
    recorded: ByCategory<f64>,
}

#[derive(Serialize)]
struct CorpusReport {
    #[serde(flatten)]
    stamp: super::common::Stamp,
    logs: Vec<CorpusLog>,
    totals: Vec<CorpusTotal>,
}

/// Many logs re-scored: which replays were complete, and totals over the complete ones.
fn corpus(
    paths: &[PathBuf],
    names: &[String],
    variants: &[Variant],
    json: bool,
) -> Result<ExitCode> {
    let mut logs = Vec::new();
    // Per variant: (players counted, sums replayed, sums recorded, logs, partial).
    let mut sums = vec![(0u64, [0u64; 6], [0u64; 6], 0usize, 0usize); variants.len()];
    for path in paths {
        let parsed = log::load(path)?;
        let consequence = "A log does not verify under its own variant; nothing was compared.";
        let own = match super::common::verified(&parsed, path, consequence)? {
            Ok(v) => v,
            Err(code) => return Ok(code),
        };
        let recorded = points(&own.game);
        let mut replays = Vec::new();
        for (v, (name, variant)) in names.iter().zip(variants).enumerate() {
            let r = replay::replay_under(&parsed, path.parent(), variant).map_err(|f| match f {
                Failure::Unreadable(e) => anyhow::Error::from(e),
                Failure::Diverged(d) => anyhow::anyhow!("{d}"),
            })?;
            let complete = r.stopped.is_none();
            let s = &mut sums[v];
            if complete {
                s.3 += 1;
                for (p, rec) in points(&r.game).iter().zip(&recorded) {
                    s.0 += 1;
                    for k in 0..6 {
                        s.1[k] += u64::from(p[k]);
                        s.2[k] += u64::from(rec[k]);
                    }
                }
            } else {
                s.4 += 1;
            }
            replays.push(Replay {
                variant: name.clone(),
                complete,
                moves: r.moves,
                stopped: r.stopped.map(|d| d.to_string()),
            });
        }
        logs.push(CorpusLog {
            log: path.display().to_string(),
            variant: parsed
                .tag("Variant")
                .map_or("?".to_string(), |t| t.value.clone()),
            replays,
        });
    }
    // Means to the hundredth of a point, as printed.
    let mean = |sum: [u64; 6], n: u64| {
        ByCategory::from_array(
            ByCategory::mean(sum, n)
                .to_array()
                .map(|m| (m * 100.0).round() / 100.0),
        )
    };
    let totals: Vec<CorpusTotal> = names
        .iter()
        .zip(&sums)
        .map(|(name, s)| CorpusTotal {
            variant: name.clone(),
            logs: s.3,
            partial: s.4,
            points: mean(s.1, s.0),
            recorded: mean(s.2, s.0),
        })
        .collect();
    let any_partial = totals.iter().any(|t| t.partial > 0);
    let report = CorpusReport {
        stamp: super::common::Stamp::now(),
        logs,
        totals,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_corpus(&report);
    }
    Ok(ExitCode::from(u8::from(any_partial)))
}

fn print_corpus(r: &CorpusReport) {
    println!(
        "{} logs replayed under {}",
        r.logs.len(),
        r.totals
            .iter()
            .map(|t| t.variant.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut t = super::common::table();
    let mut header = vec![Cell::new("log"), Cell::new("recorded under")];
    header.extend(r.totals.iter().map(|c| Cell::new(&c.variant)));
    t.set_header(header);
    for l in &r.logs {
        let mut row = vec![Cell::new(&l.log), Cell::new(&l.variant)];
        row.extend(l.replays.iter().map(|x| {
            Cell::new(if x.complete {
                format!("complete ({} moves)", x.moves)
            } else {
                format!("partial: {} moves", x.moves)
            })
        }));
        t.add_row(row);
    }
    println!("{t}");
    let partial: Vec<(&CorpusLog, &Replay)> = r
        .logs
        .iter()
        .flat_map(|l| {
            l.replays
                .iter()
                .filter(|x| !x.complete)
                .map(move |x| (l, x))
        })
        .collect();
    if !partial.is_empty() {
        println!(
            "Partial replays (left out of the totals), at their first move that does not replay:"
        );
        for (l, x) in partial {
            println!(
                "  {} under {}: {}",
                l.log,
                x.variant,
                x.stopped.as_deref().unwrap_or("")
            );
        }
    }
    println!(
        "Totals over the complete replays (mean points per player and game; recorded = the same logs as played):"
    );
    let mut t = super::common::table();
    let mut header = vec![Cell::new("variant"), Cell::new("logs")];
    header.extend(hunters::measures::CATEGORIES.iter().map(|c| Cell::new(*c)));
    t.set_header(header);
    for c in &r.totals {
        let mut row = vec![
            Cell::new(&c.variant),
            Cell::new(format!("{} of {}", c.logs, c.logs + c.partial)),
        ];
        for (p, rec) in c.points.to_array().iter().zip(c.recorded.to_array()) {
            row.push(
                Cell::new(format!("{p:.2} ({:+.2})", p - rec)).set_alignment(CellAlignment::Right),
            );
        }
        t.add_row(row);
    }
    println!("{t}");
    println!("(in brackets: the difference to the recorded games' points)");
}

/// The log's own game (verified) and its moves replayed under each variant.
fn from_log(
    path: &std::path::Path,
    names: &[String],
    variants: &[Variant],
) -> Result<Result<Report, ExitCode>> {
    let parsed = log::load(path)?;
    let consequence = "The log does not verify under its own variant; nothing was compared.";
    let own = match super::common::verified(&parsed, path, consequence)? {
        Ok(v) => v,
        Err(code) => return Ok(Err(code)),
    };
    let mut replays = Vec::new();
    for v in variants {
        replays.push(
            replay::replay_under(&parsed, path.parent(), v).map_err(|f| match f {
                Failure::Unreadable(e) => anyhow::Error::from(e),
                Failure::Diverged(d) => anyhow::anyhow!("{d}"),
            })?,
        );
    }
    let own_name = parsed
        .tag("Variant")
        .map_or("log".to_string(), |t| t.value.clone());
    let mut all_names = vec![own_name];
    all_names.extend(names.iter().cloned());
    let mut sources = vec!["log"];
    sources.extend(names.iter().map(|_| "replay"));
    let mut games: Vec<&Game> = vec![&own.game];
    games.extend(replays.iter().map(|r| &r.game));
    let mut cols = columns(&all_names, &sources, &games);
    for (col, r) in cols[1..].iter_mut().zip(&replays) {
        col.moves = Some(r.moves);
        col.stopped = r.stopped.as_ref().map(|d| d.to_string());
    }
    // Scores by feature; final scoring only when every replay reached the end.
    let complete = replays.iter().all(|r| r.stopped.is_none());
    let mut features: BTreeMap<(String, &'static str), Vec<Option<FeatureScore>>> = BTreeMap::new();
    for (i, g) in games.iter().enumerate() {
        for e in g.events() {
            if matches!(e, Event::End) && !complete {
                break;
            }
            if let Event::Score(s) = e {
                let entry = features
                    .entry((notation::zone_address(g, s.zone), s.category.name()))
                    .or_insert_with(|| vec![None; games.len()]);
                entry[i] = Some(FeatureScore {
                    players: s.players.iter().map(|p| p + 1).collect(),
                    points: s.points(),
                });
            }
        }
    }
    let rows = features
        .into_iter()
        .filter(|(_, v)| v.iter().any(|x| text(x) != text(&v[0])))
        .map(|((feature, category), scores)| FeatureRow {
            feature,
            category,
            scores,
        })
        .collect();
    Ok(Ok(Report {
        stamp: super::common::Stamp::now(),
        seed: None,
        log: Some(path.display().to_string()),
        seats: parsed
            .tag("Players")
            .map(|t| t.value.split(',').map(|s| s.trim().to_string()).collect())
            .unwrap_or_default(),
        variants: cols,
        features: Some(rows),
    }))
}

/// A column's name for people: the log's own game is marked.
fn label(c: &Column) -> String {
    if c.source == "log" {
        format!("{} (log)", c.variant)
    } else {
        c.variant.clone()
    }
}

/// A feature's score for people: "players: points", or "-" when it did not score.
fn text(score: &Option<FeatureScore>) -> String {
    match score {
        Some(s) => {
            let who: Vec<String> = s.players.iter().map(usize::to_string).collect();
            format!("{}: {}", who.join("+"), s.points)
        }
        None => "-".to_string(),
    }
}

fn print(r: &Report) {
    if let Some(seed) = r.seed {
        println!("Seed {seed}; seats: {}", r.seats.join(", "));
    }
    if let Some(log) = &r.log {
        println!("Log {log}; seats: {}", r.seats.join(", "));
        for c in &r.variants[1..] {
            match (&c.stopped, c.moves) {
                (None, Some(m)) => println!("{}: all {m} moves replayed", c.variant),
                (Some(why), Some(m)) => println!("{}: stopped after {m} moves: {why}", c.variant),
                _ => {}
            }
        }
    }
    let mut t = super::common::table();
    let mut header = vec![Cell::new("player"), Cell::new("variant")];
    header.extend(Category::ALL.iter().map(|c| Cell::new(c.name())));
    header.push(Cell::new("total"));
    t.set_header(header);
    let seats = r.variants.first().map_or(0, |c| c.players.len());
    for seat in 0..seats {
        for (i, c) in r.variants.iter().enumerate() {
            let mut row = vec![Cell::new(seat + 1), Cell::new(label(c))];
            let points = c.players[seat].points.to_array();
            let difference = c.players[seat].difference.to_array();
            for k in 0..6 {
                let v = points[k];
                let d = difference[k];
                let text = if i == 0 || d == 0 {
                    v.to_string()
                } else {
                    format!("{v} ({d:+})")
                };
                row.push(Cell::new(text).set_alignment(CellAlignment::Right));
            }
            t.add_row(row);
        }
    }
    println!("{t}");
    for c in &r.variants {
        let w: Vec<String> = c.winners.iter().map(|p| p.to_string()).collect();
        println!(
            "{}: winner {}",
            label(c),
            if w.is_empty() {
                "none (tie)".to_string()
            } else {
                w.join(" and ")
            }
        );
    }
    if let Some(features) = &r.features {
        if features.is_empty() {
            println!("Every feature scored the same.");
        } else {
            println!("Features that scored differently (players: points):");
            let mut t = super::common::table();
            let mut header = vec![Cell::new("feature"), Cell::new("category")];
            header.extend(r.variants.iter().map(|c| Cell::new(label(c))));
            t.set_header(header);
            for f in features {
                let mut row = vec![Cell::new(&f.feature), Cell::new(f.category)];
                row.extend(f.scores.iter().map(|s| Cell::new(text(s))));
                t.add_row(row);
            }
            println!("{t}");
        }
        if r.variants.iter().any(|c| c.stopped.is_some()) {
            println!("(a replay stopped early, so final scoring is left out of the features)");
        }
    }
}
