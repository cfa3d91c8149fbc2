//! `hunters verify`: replays logs; OK or the first divergence per file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use hunters::log::{self, Failure};

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
    for path in &args.files {
        let code = if args.bless {
            bless(path)
        } else {
            verify(path)
        };
        worst = worst.max(code);
    }
    Ok(ExitCode::from(worst))
}

fn base(path: &Path) -> Option<&Path> {
    path.parent()
}

fn report(failure: &Failure) -> u8 {
    match failure {
        Failure::Unreadable(e) => {
            eprintln!("hunters: error: {e}");
            super::EXIT_BAD_INPUT
        }
        Failure::Diverged(d) => {
            println!("FAIL {d}");
            EXIT_DIVERGED
        }
    }
}

fn verify(path: &Path) -> u8 {
    let result = log::load(path)
        .map_err(Failure::from)
        .and_then(|l| log::verify(&l, base(path)));
    match result {
        Ok(v) => {
            let scores: Vec<String> = (0..v.game.players())
                .map(|p| v.game.total(p).to_string())
                .collect();
            println!(
                "OK {} ({} turns, scores {})",
                path.display(),
                v.turns,
                scores.join(" ")
            );
            0
        }
        Err(f) => report(&f),
    }
}

fn bless(path: &Path) -> u8 {
    let result = log::load(path)
        .map_err(Failure::from)
        .and_then(|l| log::bless(&l, base(path)));
    match result {
        Ok(text) => match std::fs::write(path, text) {
            Ok(()) => {
                println!("BLESSED {}", path.display());
                0
            }
            Err(e) => {
                eprintln!(
                    "hunters: error: {}: cannot write the file: {e}",
                    path.display()
                );
                super::EXIT_BAD_INPUT
            }
        },
        Err(f) => report(&f),
    }
}
