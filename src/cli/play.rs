//! `hunters play`: one seeded game with bots, scores by player and category.

use std::process::ExitCode;

use anyhow::{Context, Result};
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table, presets};
use hunters::Variant;
use hunters::bot::{Bot, BotKind, play_out};
use hunters::compare::ByCategory;
use hunters::game::{Category, Event, Game};
use hunters::{log, replay};
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant (2002, 2014, 2020, 2002-scout, 2014-scout) or a variant TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "2020")]
    variant: String,
    /// Number of players, 2 to 5 (default 2, or as many as --bots names).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    players: Option<u8>,
    /// The player of each seat in order, comma-separated: random, greedy, mcts, mcts:N (N
    /// playouts), the yardsticks mcts-v1[:N], mcts-v2[:N] and mcts-v3[:N], human (you, at the keyboard) or
    /// exec:PROGRAM (docs/bot-protocol.md); one name alone serves every seat.
    #[arg(
        long,
        short,
        value_name = "BOT,…",
        value_delimiter = ',',
        default_value = "greedy"
    )]
    bots: Vec<BotKind>,
    #[command(flatten)]
    timeout: super::common::BotTimeout,
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
    /// Go on with a game left early: its log gives the variant, the seed, the seats and the
    /// moves so far (each checked); the game continues from there and the log is written
    /// again, whole, to the same file (or to --log).
    #[arg(long, value_name = "LOG", conflicts_with_all = ["variant", "seed", "bots", "players"])]
    resume: Option<std::path::PathBuf>,
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
    stamp: super::common::Stamp,
    variant: String,
    edition: &'static str,
    #[serde(with = "super::common::seed_text")]
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

/// What a resumed game starts from: its variant as named, seed, seats and the game so far,
/// and the bots that catch up ([`BotKind::catches_up`]) where they stood when it was left.
struct Resumed {
    variant: String,
    seed: u64,
    bots: Vec<BotKind>,
    game: Game,
    log: std::path::PathBuf,
    caught_up: Vec<Option<Box<dyn Bot + Send>>>,
}

/// The game of an unfinished log, its moves played again and checked.
fn resume(path: &std::path::Path, timeout: &super::common::BotTimeout) -> Result<Resumed> {
    let parsed = log::load(path)?;
    let verified = match replay::verify(&parsed, path.parent()) {
        Ok(v) => v,
        Err(f) => anyhow::bail!("{f}; only a log that verifies can be resumed"),
    };
    if !verified.unfinished {
        anyhow::bail!(
            "{}: the game is over ({} moves); there is nothing to resume",
            path.display(),
            verified.turns
        );
    }
    let tag = |name: &str| {
        parsed.tag(name).map(|t| t.value.clone()).ok_or_else(|| {
            anyhow::anyhow!(
                "{}: the log has no [{name} \"…\"] tag; a game recorded at the table goes on \
                 with `hunters record --resume`",
                path.display()
            )
        })
    };
    let seed: u64 = tag("Seed")?
        .parse()
        .map_err(|_| anyhow::anyhow!("{}: the Seed tag is not a number", path.display()))?;
    let variant = tag("Variant")?;
    let names: Vec<BotKind> = tag("Players")?
        .split(',')
        .map(|b| b.trim().parse().map_err(|e: String| anyhow::anyhow!(e)))
        .collect::<Result<_>>()?;
    let bots = super::common::seats(None, &names, timeout)?;
    let mut game = Game::seeded(&verified.variant, bots.len(), seed);
    let mut caught_up: Vec<Option<Box<dyn Bot + Send>>> = (bots.iter().enumerate())
        .map(|(seat, k)| k.catches_up().then(|| k.make(seed, seat)))
        .collect();
    let mut moves = Vec::new();
    replay::play_moves_with(&parsed, &mut game, |g| {
        if let Some(turn) = g.turn()
            && let Some(bot) = &mut caught_up[turn.player]
        {
            let _ = bot.choose_in(g, &mut moves);
        }
    })
    .map_err(|f| anyhow::anyhow!("{f}"))?;
    Ok(Resumed {
        variant,
        seed,
        bots,
        game,
        log: path.to_path_buf(),
        caught_up,
    })
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let mut resumed = match &args.resume {
        Some(path) => Some(resume(path, &args.timeout)?),
        None => None,
    };
    // A resumed game's built-in bots are the ones that caught up; the others are made anew.
    let mut caught_up = resumed
        .as_mut()
        .map(|r| std::mem::take(&mut r.caught_up))
        .unwrap_or_default();
    let (variant_name, seed, bots, mut game) = match resumed.as_ref() {
        Some(r) => (r.variant.clone(), r.seed, r.bots.clone(), r.game.clone()),
        None => {
            let bots = super::common::seats(args.players, &args.bots, &args.timeout)?;
            let variant = Variant::load(&args.variant)?;
            let seed = args.seed.unwrap_or_else(super::common::pick_seed);
            let game = Game::seeded(&variant, bots.len(), seed);
            (args.variant.clone(), seed, bots, game)
        }
    };
    let variant = match &resumed {
        Some(_) => Variant::load(&variant_name).unwrap_or_else(|_| {
            // A variant file not at hand: the game already has its rules.
            Variant::load(game.rules().edition().name()).expect("a built-in edition")
        }),
        None => Variant::load(&variant_name)?,
    };
    let log_path = args
        .log
        .clone()
        .or_else(|| resumed.as_ref().map(|r| r.log.clone()));
    let header = log::Header::for_bots(&variant_name, seed, &bots);
    let mut make = |seat: usize, k: &BotKind| {
        caught_up
            .get_mut(seat)
            .and_then(Option::take)
            .unwrap_or_else(|| k.make(seed, seat))
    };
    let played = if bots.contains(&BotKind::Human) {
        // People may take a move back, which only this loop can do.
        let mut seats: Vec<_> = bots
            .iter()
            .enumerate()
            .map(|(seat, k)| (*k != BotKind::Human).then(|| make(seat, k)))
            .collect();
        let mut person = hunters::bot::HumanBot::on_terminal();
        // The log as the game goes: a game left any way at all leaves its moves so far.
        let mut keep = |g: &Game| {
            if let Some(path) = &log_path {
                let _ = std::fs::write(path, log::write(g, &header));
            }
        };
        hunters::bot::human::play_with_people(&mut game, &mut seats, &mut person, &mut keep)
    } else {
        let mut players: Vec<_> = bots
            .iter()
            .enumerate()
            .map(|(seat, k)| make(seat, k))
            .collect();
        play_out(&mut game, &mut players)
    };
    // A game left early (a person quit, a program bot failed) still leaves its log: it
    // verifies as far as it went, says why it stopped, and `play --resume` goes on.
    if let Some(path) = &log_path {
        let mut header = header.clone();
        if let Err(e) = &played {
            header.notes.push((
                "Comment".to_string(),
                format!("unfinished: {e}; hunters play --resume goes on"),
            ));
        }
        std::fs::write(path, log::write(&game, &header))
            .with_context(|| format!("cannot write the log to {}", path.display()))?;
        if played.is_err() && game.turn().is_some() {
            eprintln!(
                "The game so far is in {}; `hunters play --resume {}` goes on.",
                path.display(),
                path.display()
            );
        }
    }
    played?;
    if let Some(path) = &args.svg {
        let names: Vec<String> = bots.iter().map(|b| b.name().to_string()).collect();
        let title = format!("variant {variant_name}, seed {seed}");
        std::fs::write(path, hunters::render::svg(&game, &names, &title))
            .with_context(|| format!("cannot write the picture to {}", path.display()))?;
    }
    let report = report(&variant, seed, &bots, &game);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(
            &report,
            &variant,
            args.seed.is_none() && args.resume.is_none(),
        );
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
        stamp: super::common::Stamp::now(),
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
