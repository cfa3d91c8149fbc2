//! Command-line parsing and the commands' output.

mod diff;
mod play;
mod record;
mod render;
mod report;
mod simulate;
mod tiles;
mod variants;
mod verify;

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{CommandFactory, Parser, Subcommand};
use comfy_table::{ContentArrangement, Table, presets};
use hunters::bot::BotKind;

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

/// Exit code for bad input or usage (clap uses it for usage errors too).
pub const EXIT_BAD_INPUT: u8 = 2;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Record(args) => record::run(&args),
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

/// The seats' bots: `--bots` names one per seat, or one for all `--players` seats (2 by
/// default).
fn seats(players: Option<u8>, bots: &[BotKind], timeout: &BotTimeout) -> Result<Vec<BotKind>> {
    let seats = seat_list(players, bots)?;
    let ms = (timeout.bot_timeout * 1000.0).round();
    if !(1.0..=86_400_000.0).contains(&ms) {
        bail!(
            "--bot-timeout takes seconds, from 0.001 to 86400; found {}",
            timeout.bot_timeout
        );
    }
    Ok(seats
        .into_iter()
        .map(|b| b.with_timeout(ms as u64))
        .collect())
}

/// [`seats`] for the commands that play many games or several at once: bots only.
fn seats_of_bots(
    players: Option<u8>,
    bots: &[BotKind],
    timeout: &BotTimeout,
) -> Result<Vec<BotKind>> {
    if bots.contains(&BotKind::Human) {
        bail!("a human seat plays in `hunters play`; this command plays its games with bots only");
    }
    seats(players, bots, timeout)
}

/// How long a program bot (`exec:PROGRAM`) may take to answer.
#[derive(clap::Args, Clone, Debug)]
struct BotTimeout {
    /// Seconds an `exec:` bot may take for each answer before the game ends with an error.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    bot_timeout: f64,
}

fn seat_list(players: Option<u8>, bots: &[BotKind]) -> Result<Vec<BotKind>> {
    match (players.map(usize::from), bots.len()) {
        (None, 1) => Ok(vec![bots[0].clone(); 2]),
        (Some(n), 1) => Ok(vec![bots[0].clone(); n]),
        (None, n) | (Some(_), n) if !(2..=5).contains(&n) => {
            bail!("--bots names {n} bots; a game has 2 to 5 players")
        }
        (Some(p), n) if p != n => {
            bail!("--players {p} but --bots names {n} bots; give one bot per seat or a single bot")
        }
        (_, _) => Ok(bots.to_vec()),
    }
}

/// A log verified under its own rules; or, when it does not verify, the first divergence
/// printed (with a word on the version that wrote it), `consequence` said, and exit code 1.
fn verified(
    parsed: &hunters::log::Log,
    path: &std::path::Path,
    consequence: &str,
) -> Result<std::result::Result<hunters::replay::Verified, ExitCode>> {
    use hunters::log;
    use hunters::replay::{self, Failure};
    match replay::verify(parsed, path.parent()) {
        Ok(v) => Ok(Ok(v)),
        Err(Failure::Unreadable(e)) => Err(e.into()),
        Err(Failure::Diverged(d)) => {
            println!("FAIL {d}");
            if let Some(note) = log::version_note(parsed) {
                eprintln!("note: {note}");
            }
            println!("{consequence}");
            Ok(Err(ExitCode::from(1)))
        }
    }
}

/// A seed when none is given: the clock, mixed, so that two runs in a row differ.
/// Seeds in JSON are decimal strings: they take all 64 bits, and a JavaScript number holds
/// only 53 exactly. Read back from a string or, for files written by hand, a number.
pub(crate) mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&seed.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Seed {
            Text(String),
            Number(u64),
        }
        match Seed::deserialize(d)? {
            Seed::Number(n) => Ok(n),
            Seed::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }

    /// The same for a seed that may be absent.
    pub mod option {
        use serde::Serializer;

        pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
            match seed {
                Some(seed) => s.serialize_str(&seed.to_string()),
                None => s.serialize_none(),
            }
        }
    }
}

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

/// A [`table`] with cells of prose: as wide as the terminal or, into a pipe or a file, 80
/// columns; long cells wrap.
fn prose_table() -> Table {
    let mut t = table();
    if t.width().is_none() {
        t.set_width(WIDTH);
    }
    t
}

/// What opens every JSON output: the layout's number, raised when a documented key changes
/// meaning or goes away (docs/json.md), and the version of `hunters` that wrote it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Stamp {
    schema: u32,
    version: String,
}

/// The JSON layout described by docs/json.md.
const JSON_SCHEMA: u32 = 2;

impl Stamp {
    fn now() -> Stamp {
        Stamp {
            schema: JSON_SCHEMA,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }
}

/// The width of text output when no terminal says otherwise.
const WIDTH: u16 = 80;

/// `text` broken into lines at spaces to fit the width of [`prose_table`]; later lines are
/// indented two spaces more than the first.
fn wrap(text: &str) -> String {
    let width = usize::from(prose_table().width().unwrap_or(WIDTH));
    let body = text.trim_start_matches(' ');
    let lead = text.len() - body.len();
    let mut out = " ".repeat(lead);
    let mut line_len = lead;
    let mut first = true;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if !first && line_len + 1 + len > width {
            out.push('\n');
            out.push_str(&" ".repeat(lead + 2));
            line_len = lead + 2;
        } else if !first {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += len;
        first = false;
    }
    out
}
