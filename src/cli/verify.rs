//! `hunters verify`: replays logs; OK or the first divergence per file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use hunters::log;
use hunters::replay::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// Game logs to verify.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Rewrite each log from its draws and moves with what the rules produce now (scores,
    /// returns, result), instead of checking it. For hand-written scenarios, and for renewing
    /// golden logs on purpose after a rules fix; review the diff before committing.
    #[arg(long)]
    bless: bool,
}

/// Exit code when a log disagrees with the rules.
const EXIT_DIVERGED: u8 = 1;

pub fn run(args: &Args) -> Result<ExitCode> {
    let mut worst = 0u8;
    let mut failures_to_bless = 0;
    for path in &args.files {
        let code = if args.bless {
            bless(path)
        } else {
            verify(path, &mut failures_to_bless)
        };
        worst = worst.max(code);
    }
    if failures_to_bless > 0 {
        eprintln!(
            "help: for a log written or edited by hand on purpose, `hunters verify --bless FILE` \
             rewrites its scores, returns and result with what the rules produce; review the \
             change before keeping it"
        );
    }
    Ok(ExitCode::from(worst))
}

fn base(path: &Path) -> Option<&Path> {
    path.parent()
}

fn report(failure: &Failure) -> u8 {
    match failure {
        Failure::Unreadable(e) => {
            eprintln!("error: {e}");
            super::common::EXIT_BAD_INPUT
        }
        Failure::Diverged(d) => {
            println!("FAIL {d}");
            EXIT_DIVERGED
        }
    }
}

fn verify(path: &Path, failures_to_bless: &mut usize) -> u8 {
    let parsed = match log::load(path) {
        Ok(l) => l,
        Err(e) => return report(&Failure::from(e)),
    };
    match replay::verify(&parsed, base(path)) {
        Ok(v) => {
            let scores: Vec<String> = (0..v.game.players())
                .map(|p| v.game.total(p).to_string())
                .collect();
            if v.unfinished {
                // A game left early (play) or a recording still going on (record): every line
                // there is checked; say how to go on.
                let how = if parsed.tag("Seed").is_some() {
                    "hunters play --resume"
                } else {
                    "hunters record --resume"
                };
                println!(
                    "UNFINISHED {} (an unfinished game: {} moves so far, every one checked; \
                     scores {}); `{how} {}` goes on",
                    path.display(),
                    v.turns,
                    scores.join(" "),
                    path.display()
                );
            } else {
                println!(
                    "OK {} ({} turns, scores {})",
                    path.display(),
                    v.turns,
                    scores.join(" ")
                );
            }
            if let Some(why) = &v.stand_in {
                eprintln!("note: {why}");
            }
            0
        }
        Err(f) => {
            let code = report(&f);
            if matches!(f, Failure::Diverged(_)) {
                match log::version_note(&parsed) {
                    Some(note) => eprintln!("note: {note}"),
                    None => *failures_to_bless += 1,
                }
            }
            code
        }
    }
}

fn bless(path: &Path) -> u8 {
    let result = log::load(path)
        .map_err(Failure::from)
        .and_then(|l| replay::bless(&l, base(path)));
    match result {
        Ok(text) if std::fs::read_to_string(path).is_ok_and(|old| old == text) => {
            println!("UNCHANGED {}", path.display());
            0
        }
        Ok(text) => match std::fs::write(path, text) {
            Ok(()) => {
                println!("BLESSED {}", path.display());
                0
            }
            Err(e) => {
                eprintln!("error: {}: cannot write the file: {e}", path.display());
                super::common::EXIT_BAD_INPUT
            }
        },
        Err(f) => report(&f),
    }
}
