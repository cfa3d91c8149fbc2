//! Command-line parsing and the commands' output.

mod play;
mod tiles;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
