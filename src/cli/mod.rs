//! Command-line parsing and the commands' output.

mod diff;
mod play;
mod render;
mod simulate;
mod tiles;
mod verify;

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Parser, Subcommand};
use comfy_table::{ContentArrangement, Table, presets};
use hunters::bot::BotKind;

/// Plays, verifies and compares games of Carcassonne: Hunters & Gatherers under each edition
/// of its rules.
#[derive(Parser)]
#[command(name = "hunters", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays one seeded game with bots and prints each player's points by category.
    Play(play::Args),
    /// Plays the same seed under several variants, or re-scores a log's moves under them,
    /// and shows the points side by side.
    Diff(diff::Args),
    /// Plays many games per variant: means with 95 % intervals, win rates, paired differences.
    Simulate(simulate::Args),
    /// Draws the board of a game log as an SVG picture or as text.
    Render(render::Args),
    /// Replays game logs and checks every move and every consequence they record.
    Verify(verify::Args),
    /// Lists the tiles of a variant or a tile set, with counts, contents and provenance.
    Tiles(tiles::Args),
}

/// Exit code for bad input or usage (clap uses it for usage errors too).
pub const EXIT_BAD_INPUT: u8 = 2;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Tiles(args) => tiles::run(&args),
        Command::Verify(args) => verify::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hunters: error: {e:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// The seats' bots: `--bots` names one per seat, or one for all `--players` seats (2 by
/// default).
fn seats(players: Option<u8>, bots: &[BotKind]) -> Result<Vec<BotKind>> {
    match (players.map(usize::from), bots.len()) {
        (None, 1) => Ok(vec![bots[0]; 2]),
        (Some(n), 1) => Ok(vec![bots[0]; n]),
        (None, n) | (Some(_), n) if !(2..=5).contains(&n) => {
            bail!("--bots names {n} bots; a game has 2 to 5 players")
        }
        (Some(p), n) if p != n => {
            bail!("--players {p} but --bots names {n} bots; give one bot per seat or a single bot")
        }
        (_, _) => Ok(bots.to_vec()),
    }
}

/// A seed when none is given: the clock, mixed, so that two runs in a row differ.
fn pick_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Keep seeds short enough to type back.
    (nanos ^ (nanos >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) % 1_000_000_000
}

/// A table in the project's style (Markdown-compatible ASCII).
fn table() -> Table {
    let mut t = Table::new();
    t.load_style(presets::ASCII_MARKDOWN)
        .set_content_arrangement(ContentArrangement::Dynamic);
    t
}
