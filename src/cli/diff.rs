//! `hunters diff`: one seed under several variants, or one log's moves re-scored under them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use comfy_table::{Cell, CellAlignment};
use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare;
use hunters::game::{Category, Event, Game};
use hunters::log::{self, Failure};
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// The variants to compare (built-in names or variant files); the first is the reference.
    #[arg(required = true, value_name = "VARIANT")]
    variants: Vec<String>,
    /// Master seed of the game (picked and printed when absent).
    #[arg(long, short, value_name = "S", conflicts_with = "log")]
    seed: Option<u64>,
    /// Number of players, 2 to 5 (default 2, or as many as --bots names).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5),
          conflicts_with = "log")]
    players: Option<u8>,
    /// The bot of each seat, comma-separated (random, greedy); one name serves every seat.
    #[arg(
        long,
        short,
        value_name = "BOT,…",
        value_delimiter = ',',
        default_value = "greedy",
        conflicts_with = "log"
    )]
    bots: Vec<BotKind>,
    /// Re-score the moves of this game log under each variant instead of playing a new game.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Print the comparison as JSON.
    #[arg(long)]
    json: bool,
}

/// One variant's points by seat.
#[derive(Serialize)]
struct Column {
    variant: String,
    /// Points by seat: rivers, forests, huts, meadows, specials, total.
    players: Vec<[u32; 6]>,
    winners: Vec<usize>,
    /// Differences to the first variant, by seat, in the same order.
    difference: Vec<[i64; 6]>,
    /// Log mode: moves replayed and where the replay stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

#[derive(Serialize)]
struct Report {
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<String>,
    seats: Vec<String>,
    variants: Vec<Column>,
    /// Log mode: the features that scored differently (address and category, then the
    /// points each variant gave, as "players: points").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    features: Vec<FeatureRow>,
}

#[derive(Serialize)]
struct FeatureRow {
    feature: String,
    category: &'static str,
    scores: Vec<String>,
}

fn points(game: &Game) -> Vec<[u32; 6]> {
    (0..game.players())
        .map(|p| {
            let c = Category::ALL.map(|c| game.score(p, c));
            [c[0], c[1], c[2], c[3], c[4], game.total(p)]
        })
        .collect()
}

fn columns(names: &[String], games: &[&Game]) -> Vec<Column> {
    let base = points(games[0]);
    names
        .iter()
        .zip(games)
        .map(|(name, g)| {
            let pts = points(g);
            let difference = pts
                .iter()
                .zip(&base)
                .map(|(a, b)| std::array::from_fn(|i| i64::from(a[i]) - i64::from(b[i])))
                .collect();
            Column {
                variant: name.clone(),
                players: pts,
                winners: g.winners().iter().map(|p| p + 1).collect(),
                difference,
                moves: None,
                stopped: None,
            }
        })
        .collect()
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let variants: Vec<Variant> = args
        .variants
        .iter()
        .map(|v| Variant::load(v))
        .collect::<Result<_, _>>()?;
    let report = match &args.log {
        Some(path) => match from_log(path, &args.variants, &variants)? {
            Ok(r) => r,
            Err(code) => return Ok(code),
        },
        None => {
            let bots = super::seats(args.players, &args.bots)?;
            let seed = args.seed.unwrap_or_else(super::pick_seed);
            let games: Vec<Game> = variants
                .iter()
                .map(|v| compare::play(v, &bots, seed))
                .collect();
            Report {
                seed: Some(seed),
                log: None,
                seats: bots.iter().map(|b| b.name().to_string()).collect(),
                variants: columns(&args.variants, &games.iter().collect::<Vec<_>>()),
                features: Vec::new(),
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
    let mut all_names = vec![format!("{own_name} (log)")];
    all_names.extend(names.iter().cloned());
    let mut games: Vec<&Game> = vec![&own.game];
    games.extend(replays.iter().map(|r| &r.game));
    let mut cols = columns(&all_names, &games);
    for (col, r) in cols[1..].iter_mut().zip(&replays) {
        col.moves = Some(r.moves);
        col.stopped = r.stopped.as_ref().map(|d| d.to_string());
    }
    // Scores by feature; final scoring only when every replay reached the end.
    let complete = replays.iter().all(|r| r.stopped.is_none());
    let mut features: BTreeMap<(String, &'static str), Vec<String>> = BTreeMap::new();
    for (i, g) in games.iter().enumerate() {
        for e in g.events() {
            if matches!(e, Event::End) && !complete {
                break;
            }
            if let Event::Score(s) = e {
                let who: Vec<String> = s.players.iter().map(|p| (p + 1).to_string()).collect();
                let entry = features
                    .entry((log::zone_address(g, s.zone), s.category.name()))
                    .or_insert_with(|| vec!["-".to_string(); games.len()]);
                entry[i] = format!("{}: {}", who.join("+"), s.points());
            }
        }
    }
    let rows = features
        .into_iter()
        .filter(|(_, v)| v.iter().any(|x| *x != v[0]))
        .map(|((feature, category), scores)| FeatureRow {
            feature,
            category,
            scores,
        })
        .collect();
    Ok(Ok(Report {
        seed: None,
        log: Some(path.display().to_string()),
        seats: parsed
            .tag("Players")
            .map(|t| t.value.split(',').map(|s| s.trim().to_string()).collect())
            .unwrap_or_default(),
        variants: cols,
        features: rows,
    }))
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
            let mut row = vec![Cell::new(seat + 1), Cell::new(&c.variant)];
            for k in 0..6 {
                let v = c.players[seat][k];
                let d = c.difference[seat][k];
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
            c.variant,
            if w.is_empty() {
                "none (tie)".to_string()
            } else {
                w.join(" and ")
            }
        );
    }
    if r.log.is_some() {
        if r.features.is_empty() {
            println!("Every feature scored the same.");
        } else {
            println!("Features that scored differently (players: points):");
            let mut t = super::table();
            let mut header = vec![Cell::new("feature"), Cell::new("category")];
            header.extend(r.variants.iter().map(|c| Cell::new(&c.variant)));
            t.set_header(header);
            for f in &r.features {
                let mut row = vec![Cell::new(&f.feature), Cell::new(f.category)];
                row.extend(f.scores.iter().map(Cell::new));
                t.add_row(row);
            }
            println!("{t}");
        }
        if r.variants.iter().any(|c| c.stopped.is_some()) {
            println!("(a replay stopped early, so final scoring is left out of the features)");
        }
    }
}
