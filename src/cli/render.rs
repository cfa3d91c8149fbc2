//! `hunters render`: the board of a game log as SVG or as text, or the whole game as a page to
//! step through.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use hunters::record::Recording;
use hunters::render;
use hunters::{log, replay};

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("output").required(true).multiple(true).args(["svg", "ascii", "html"])))]
pub struct Args {
    /// The game log to draw.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Write an SVG picture of the board, with a legend and the scores, to OUT.
    #[arg(long, value_name = "OUT")]
    svg: Option<PathBuf>,
    /// Print a compact text board instead.
    #[arg(long)]
    ascii: bool,
    /// Write the game as one self-contained HTML page to OUT: the board move by move (buttons,
    /// a slider, arrow keys), each move's scores with their breakdowns, the score track.
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,
    /// Draw the board after the first N moves instead of at the end (0 is the start tile
    /// alone); the page of --html opens there (without it, at the start).
    #[arg(long, value_name = "N")]
    turn: Option<usize>,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let path = &args.file;
    let parsed = log::load(path)?;
    if let Some(n) = args.turn {
        let moves = parsed.moves();
        if n > moves {
            anyhow::bail!(
                "--turn {n}: {} records {moves} moves; give a number from 0 to {moves}, or \
                 leave --turn out to draw the end of the game",
                path.display()
            );
        }
    }
    let variant = parsed.tag("Variant").map_or("?", |t| t.value.as_str());
    // Only a log that verifies is drawn: the picture must be of a game the rules allow. A game
    // being recorded at the table (no seed, not ended) is drawn as far as it has been told,
    // when every line of it is what the rules make of its moves.
    let (whole, at_turn, when_done) = match in_progress(&parsed, path, variant, args.turn) {
        Some(games) => games,
        None => {
            let verified = match super::common::verified(
                &parsed,
                path,
                "The log does not verify; nothing was drawn.",
            )? {
                Ok(v) => v,
                Err(code) => return Ok(code),
            };
            let at_turn = args
                .turn
                .map(|n| replay::replay_to(&parsed, path.parent(), Some(n)))
                .transpose()
                .map_err(|f| anyhow::anyhow!("{f}"))?;
            let when = if verified.unfinished {
                "the game so far (unfinished)"
            } else {
                "end of the game"
            };
            (verified.game, at_turn, when)
        }
    };
    let game = at_turn.as_ref().unwrap_or(&whole);
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let names: Vec<String> = parsed
        .tag("Players")
        .map(|t| t.value.split(',').map(|s| s.trim().to_string()).collect())
        .unwrap_or_default();
    if let Some(out) = &args.html {
        let title = format!("{file} — variant {variant}");
        std::fs::write(
            out,
            hunters::viewer::html(&whole, &names, &title, args.turn),
        )
        .with_context(|| format!("cannot write {}", out.display()))?;
    }
    if args.ascii {
        print!("{}", render::ascii(game));
    }
    if let Some(out) = &args.svg {
        let when = args
            .turn
            .map_or(when_done.to_string(), |n| format!("after {n} moves"));
        let title = format!("{file} — variant {variant}, {when}");
        std::fs::write(out, render::svg(game, &names, &title))
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A game recorded at the table and not over yet: the game as told so far and, with `turn`,
/// after that many moves; `None` for any other log (or one that does not replay as recorded).
fn in_progress(
    parsed: &log::Log,
    path: &std::path::Path,
    variant: &str,
    turn: Option<usize>,
) -> Option<(
    hunters::game::Game,
    Option<hunters::game::Game>,
    &'static str,
)> {
    let ended = parsed.lines.iter().any(|l| l.text == "end");
    if parsed.tag("Seed").is_some() || parsed.tag("Result").is_some() || ended {
        return None;
    }
    let v = super::record::variant_of_log(path, variant).ok()?;
    let whole = Recording::from_log(parsed, &v, None).ok()?;
    let at = match turn {
        Some(n) => Some(Recording::from_log(parsed, &v, Some(n)).ok()?.game_so_far()),
        None => None,
    };
    Some((whole.game_so_far(), at, "the game so far"))
}
