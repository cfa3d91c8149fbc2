//! Command-line parsing and the commands' output.

mod balance;
mod common;
mod diff;
mod ladder;
mod page;
mod play;
mod record;
mod render;
mod serve;
mod simulate;
mod tiles;
mod variants;
mod verify;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use common::EXIT_BAD_INPUT;

/// Plays, verifies and compares games of Carcassonne: Hunters & Gatherers under each edition
/// of its rules.
#[derive(Parser)]
#[command(name = "hunters", version, about, long_about = None, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays one seeded game with bots and prints each player's points by category.
    #[command(after_help = EXIT_CODES)]
    Play(play::Args),
    /// Plays the same seed under several variants, or re-scores a log's moves under them,
    /// and shows the points side by side.
    #[command(after_help = EXIT_CODES)]
    Diff(diff::Args),
    /// Plays many games per variant: means with 95 % intervals, win rates, paired differences.
    #[command(after_help = EXIT_CODES)]
    Simulate(simulate::Args),
    /// Rates bots from weak to strong on the same deals: how deep each variant is, how fair
    /// to the first player at each level of play, how much the deal decides.
    #[command(after_help = EXIT_CODES)]
    Ladder(ladder::Args),
    /// Searches the numbers of the rules for the values that bring a variant's games to the
    /// goals given (a mean total, no first player's edge, a difference to another variant),
    /// then confirms the best on deals the search never saw.
    #[command(after_help = EXIT_CODES)]
    Balance(balance::Args),
    /// Serves the table in the browser on this machine: play against bots or pass and play,
    /// record a game played at a real table, or drive it through its JSON API.
    #[command(after_help = EXIT_CODES)]
    Serve(serve::Args),
    /// Scores a game played at the table as it is played: each tile drawn and where it went.
    #[command(after_help = EXIT_CODES)]
    Record(record::Args),
    /// Draws the board of a game log as an SVG picture or as text, or the whole game as a page
    /// to step through.
    #[command(after_help = EXIT_CODES)]
    Render(render::Args),
    /// Replays game logs and checks every move and every consequence they record.
    #[command(after_help = EXIT_CODES)]
    Verify(verify::Args),
    /// Lists the tiles of a variant or a tile set, with counts, contents and provenance.
    #[command(after_help = EXIT_CODES)]
    Tiles(tiles::Args),
    /// Lists the built-in variants and the rule options; prints a variant's TOML.
    #[command(after_help = EXIT_CODES)]
    Variants(variants::Args),
    /// Prints a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

/// The exit codes, for `--help`.
const EXIT_CODES: &str = "Exit codes: 0 success; 1 a check failed (a log does not verify, or \
                          does not replay for `diff` or `render`); 2 bad input or usage (an \
                          unknown variant, an unreadable or malformed file, a wrong option).";

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Balance(args) => balance::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Record(args) => record::run(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Tiles(args) => tiles::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Variants(args) => variants::run(&args),
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "hunters",
                &mut std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
