//! A bot outside `hunters`, speaking the bot protocol (docs/bot-protocol.md) on standard input
//! and output: it lays a piece whenever it can, on the move listed first among those that put
//! one down, and otherwise takes a random move.
//!
//! ```sh
//! cargo build --release --example exec_bot
//! hunters play --seed 7 --bots exec:target/release/examples/exec_bot,greedy
//! ```

use std::io::{BufRead, Write};

use serde_json::Value;

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    // The game sends a seed so that a bot's own random choices can be replayed too.
    let mut rng: u64 = 1;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            eprintln!("exec_bot: not JSON: {line}");
            std::process::exit(1);
        };
        match message["type"].as_str() {
            Some("start") => rng = message["seed"].as_u64().unwrap_or(1) | 1,
            Some("choose") => {
                let moves = message["moves"].as_array().map_or(&[][..], Vec::as_slice);
                let with_piece = moves.iter().find(|m| m.get("piece").is_some());
                let n = match with_piece {
                    Some(m) => m["n"].as_u64().unwrap_or(0),
                    None => {
                        // xorshift: a small generator that needs no crate.
                        rng ^= rng << 13;
                        rng ^= rng >> 7;
                        rng ^= rng << 17;
                        rng % moves.len().max(1) as u64
                    }
                };
                if writeln!(out, "{{\"move\": {n}}}")
                    .and_then(|()| out.flush())
                    .is_err()
                {
                    break;
                }
            }
            Some("end") => break,
            _ => {}
        }
    }
}
