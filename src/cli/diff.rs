//! `hunters diff`: one seed under several variants, or one log's moves re-scored under them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use comfy_table::{Cell, CellAlignment};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{self, ByCategory};
use hunters::game::{Category, Event, Game};
use hunters::log::{self, Failure};
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
    /// The bot of each seat, comma-separated (random, greedy, mcts, mcts:N); one name serves every seat.
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
    timeout: super::BotTimeout,
    /// Re-score the moves of this game log under each variant instead of playing a new game.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
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
    stamp: super::Stamp,
    #[serde(skip_serializing_if = "Option::is_none")]
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
    let report = match &args.log {
        Some(path) => match from_log(path, &names, &variants)? {
            Ok(r) => r,
            Err(code) => return Ok(code),
        },
        None => {
            let bots = super::seats(args.players, &args.bots, &args.timeout)?;
            let seed = args.seed.unwrap_or_else(super::pick_seed);
            let games: Vec<Game> = variants
                .iter()
                .map(|v| compare::play(v, &bots, seed))
                .collect::<Result<_, _>>()?;
            Report {
                stamp: super::Stamp::now(),
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
    Ok(ExitCode::SUCCESS)
}

/// The log's own game (verified) and its moves replayed under each variant.
fn from_log(
    path: &std::path::Path,
    names: &[String],
    variants: &[Variant],
) -> Result<Result<Report, ExitCode>> {
    let parsed = log::load(path)?;
    let own = match log::verify(&parsed, path.parent()) {
        Ok(v) => v,
        Err(Failure::Unreadable(e)) => return Err(e.into()),
        Err(Failure::Diverged(d)) => {
            println!("FAIL {d}");
            if let Some(note) = log::version_note(&parsed) {
                eprintln!("note: {note}");
            }
            println!("The log does not verify under its own variant; nothing was compared.");
            return Ok(Err(ExitCode::from(1)));
        }
    };
    let mut replays = Vec::new();
    for v in variants {
        replays.push(
            log::replay_under(&parsed, path.parent(), v).map_err(|f| match f {
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
                    .entry((log::zone_address(g, s.zone), s.category.name()))
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
        stamp: super::Stamp::now(),
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
    let mut t = super::table();
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
            let mut t = super::table();
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
