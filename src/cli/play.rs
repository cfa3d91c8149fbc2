//! `hunters play`: one seeded game with bots, scores by player and category.

use std::process::ExitCode;

use anyhow::{Context, Result};
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table, presets};
use hunters::Variant;
use hunters::bot::{BotKind, play_out};
use hunters::compare::ByCategory;
use hunters::game::{Category, Event, Game};
use hunters::log;
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant (2002, 2014, 2020, 2002-scout, 2014-scout) or a variant TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "2020")]
    variant: String,
    /// Number of players, 2 to 5 (default 2, or as many as --bots names).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    players: Option<u8>,
    /// The player of each seat in order, comma-separated: random, greedy, mcts, mcts:N (N playouts),
    /// human (you, at the keyboard) or exec:PROGRAM (docs/bot-protocol.md); one name alone
    /// serves every seat.
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
    /// Master seed: the same seed, variant and version always play the same game. Without it
    /// a seed is picked and printed.
    #[arg(long, short, value_name = "S")]
    seed: Option<u64>,
    /// Print the result as JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Also write the game log to FILE (see docs/log-format.md); `hunters verify FILE`
    /// replays it.
    #[arg(long, value_name = "FILE")]
    log: Option<std::path::PathBuf>,
    /// Also draw the final board as an SVG picture to OUT (as `hunters render --svg`).
    #[arg(long, value_name = "OUT")]
    svg: Option<std::path::PathBuf>,
}

/// One seat's result.
#[derive(Serialize)]
struct Seat {
    player: usize,
    bot: String,
    points: ByCategory<u32>,
}

/// What `play` prints, as a table or as JSON.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    stamp: super::Stamp,
    variant: String,
    edition: &'static str,
    #[serde(with = "super::seed_text")]
    seed: u64,
    players: Vec<Seat>,
    /// Winning players (numbered from 1); several on a shared victory, none on a tie when
    /// victory is not shared.
    winners: Vec<usize>,
    /// Tiles placed, the start tile excepted.
    turns: usize,
    /// Bonus tiles (first edition) or menhir extra turns (2020) played.
    bonus_turns: usize,
    /// Drawn tiles that fitted nowhere.
    discards: usize,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let bots = super::seats(args.players, &args.bots, &args.timeout)?;
    let variant = Variant::load(&args.variant)?;
    let seed = args.seed.unwrap_or_else(super::pick_seed);
    let mut game = Game::seeded(&variant, bots.len(), seed);
    let played = if bots.contains(&BotKind::Human) {
        // People may take a move back, which only this loop can do.
        let mut seats: Vec<_> = bots
            .iter()
            .enumerate()
            .map(|(seat, k)| (*k != BotKind::Human).then(|| k.make(seed, seat)))
            .collect();
        let mut person = hunters::bot::HumanBot::on_terminal();
        hunters::bot::human::play_with_people(&mut game, &mut seats, &mut person)
    } else {
        let mut players: Vec<_> = bots
            .iter()
            .enumerate()
            .map(|(seat, k)| k.make(seed, seat))
            .collect();
        play_out(&mut game, &mut players)
    };
    // A game left early (a person quit, a program bot failed) still leaves its log: it
    // verifies as far as it went and shows where it stopped.
    if let Some(path) = &args.log {
        let header = log::Header::for_bots(&args.variant, seed, &bots);
        std::fs::write(path, log::write(&game, &header))
            .with_context(|| format!("cannot write the log to {}", path.display()))?;
    }
    played?;
    if let Some(path) = &args.svg {
        let names: Vec<String> = bots.iter().map(|b| b.name().to_string()).collect();
        let title = format!("variant {}, seed {seed}", args.variant);
        std::fs::write(path, hunters::render::svg(&game, &names, &title))
            .with_context(|| format!("cannot write the picture to {}", path.display()))?;
    }
    let report = report(&variant, seed, &bots, &game);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report, &variant, args.seed.is_none());
    }
    Ok(ExitCode::SUCCESS)
}

fn report(variant: &Variant, seed: u64, bots: &[BotKind], game: &Game) -> Report {
    let players = bots
        .iter()
        .enumerate()
        .map(|(p, bot)| {
            let c = Category::ALL.map(|c| game.score(p, c));
            Seat {
                player: p + 1,
                bot: bot.name(),
                points: ByCategory::from_array([c[0], c[1], c[2], c[3], c[4], game.total(p)]),
            }
        })
        .collect();
    let mut turns = 0;
    let mut bonus_turns = 0;
    let mut discards = 0;
    let mut last_draw_bonus = false;
    for e in game.events() {
        match e {
            Event::Draw { bonus, .. } => last_draw_bonus = *bonus,
            Event::Place { .. } => {
                turns += 1;
                bonus_turns += usize::from(last_draw_bonus);
            }
            Event::Discard { .. } => discards += 1,
            _ => {}
        }
    }
    Report {
        stamp: super::Stamp::now(),
        variant: variant.name.clone(),
        edition: variant.edition.name(),
        seed,
        players,
        winners: game.winners().iter().map(|p| p + 1).collect(),
        turns,
        bonus_turns,
        discards,
    }
}

fn print_report(r: &Report, variant: &Variant, seed_chosen: bool) {
    println!("Variant {}: {}", r.variant, variant.description);
    if seed_chosen {
        println!(
            "Seed {} (chosen; --seed {} plays this game again)",
            r.seed, r.seed
        );
    } else {
        println!("Seed {}", r.seed);
    }
    let mut t = Table::new();
    t.load_style(presets::ASCII_MARKDOWN)
        .set_content_arrangement(ContentArrangement::Dynamic);
    let mut header = vec![Cell::new("player"), Cell::new("bot")];
    header.extend(Category::ALL.iter().map(|c| Cell::new(c.name())));
    header.push(Cell::new("total"));
    t.set_header(header);
    for s in &r.players {
        let mut row = vec![Cell::new(s.player), Cell::new(&s.bot)];
        for v in s.points.to_array() {
            row.push(Cell::new(v).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    let names: Vec<String> = r.winners.iter().map(|p| format!("player {p}")).collect();
    let best = r.players.iter().map(|s| s.points.total).max().unwrap_or(0);
    match names.len() {
        0 => println!("No winner: the leaders tie on {best} points and victory is not shared"),
        1 => println!("Winner: {} with {best} points", names[0]),
        _ => println!(
            "Shared victory: {} with {best} points each",
            names.join(" and ")
        ),
    }
    println!(
        "{} tiles placed, {} of them on {} turns, {} discarded",
        r.turns,
        r.bonus_turns,
        if variant.edition == hunters::Edition::E2020 {
            "menhir extra"
        } else {
            "bonus"
        },
        r.discards
    );
}
