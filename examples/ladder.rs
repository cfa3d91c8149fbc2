//! The strength ladder of docs/strength.md with each bot's time per move: plays each bot
//! against the next one in the list, two players, every deal once with each seating, and fits
//! one Elo rating per bot and variant as `hunters ladder` does ([`hunters::ladder::summarize`]:
//! Bradley–Terry, anchored at `greedy` = 0 so that ratings compare across variants) with 95 %
//! intervals over deals, timing every decision. `hunters ladder` gives the ratings with the
//! depth, the seat edge and the luck, without the clock.
//!
//! ```sh
//! cargo run --release --example ladder -- --deals 100 2002 2014 2020
//! cargo run --release --example ladder -- --deals 40 --bots greedy,mcts:100,mcts 2020
//! ```
//!
//! Every pair plays the same deals (seeds from `--seed`, default 2718), so a deal is one
//! unit of independence for every rating: the intervals come from resampling whole deals
//! (1,000 bootstrap samples, the library's). A pair that one bot swept gets the exact 95 %
//! bound its deals support, and every rating beyond it is a bound (the table says so).
//! Time per move is the mean wall-clock time of a bot's decisions, with one game per core
//! (`--jobs`, default the number of cores).

#[path = "shared/command.rs"]
mod command;
#[path = "shared/parallel.rs"]
mod parallel;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use hunters::Variant;
use hunters::bot::{Bot, BotKind};
use hunters::compare::deal_seed;
use hunters::game::{Game, Move};
use hunters::ladder::{self, Bound, Deal, Result2};

const DEFAULT_BOTS: &str = "random,greedy,mcts:100,mcts:300,mcts-v1,mcts,mcts:4000";

fn main() -> ExitCode {
    command::exit("ladder", run())
}

/// Time spent choosing and decisions made, per bot.
#[derive(Clone, Copy, Default)]
struct Clock {
    spent: Duration,
    moves: u64,
}

fn run() -> Result<(), String> {
    let mut bots_arg = DEFAULT_BOTS.to_string();
    let mut deals: u64 = 100;
    let mut seed: u64 = 2718;
    let mut jobs = parallel::cores();
    let mut variants = Vec::new();
    let mut args = command::Args::from_env();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--deals" => deals = args.number("--deals")?,
            "--seed" => seed = args.number("--seed")?,
            "--jobs" => jobs = args.number("--jobs")?.max(1) as usize,
            "--bots" => bots_arg = args.value("--bots")?,
            name => variants.push(Variant::load(name).map_err(|e| format!("{name}: {e}"))?),
        }
    }
    if variants.is_empty() {
        return Err("name one or more variants, e.g. 2002 2020".to_string());
    }
    let bots: Vec<BotKind> = bots_arg
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    if bots.len() < 2 {
        return Err("--bots needs at least two bots".to_string());
    }
    let anchor = ladder::anchor(&bots);
    println!(
        "Elo by Bradley–Terry over {deals} deals per pair (seed {seed}), each bot against the next, \
         seats swapped; 95 % intervals over deals; {} = 0.\n",
        bots[anchor]
    );
    let plan = ladder::Ladder {
        bots: bots.clone(),
        luck: None,
        replays: 1,
        strategies: Vec::new(),
    };
    let names: Vec<String> = bots.iter().map(BotKind::name).collect();
    for variant in &variants {
        let (results, clocks) = play(variant, &bots, deals, seed, jobs);
        let summary = ladder::summarize(&results, &plan, &names, ladder::STEP, seed);
        println!("{}:\n", variant.name);
        println!("| bot | Elo (95 % interval) | wins against the next | time per move |");
        println!("|-----|---------------------|-----------------------|---------------|");
        for (b, bot) in bots.iter().enumerate() {
            let against_next = if b + 1 < bots.len() {
                let (w, g) = wins(&results, b);
                format!("{:.1} % against {}", 100.0 * w / g, bots[b + 1])
            } else {
                String::new()
            };
            let clock = clocks[b];
            let per_move = clock.spent.as_secs_f64() / clock.moves.max(1) as f64;
            let r = &summary.rungs[b];
            let rating = match r.bound {
                Bound::Exact => format!(
                    "{:+.0} ({:+.0} to {:+.0})",
                    r.elo.value, r.elo.low, r.elo.high
                ),
                Bound::AtMost => format!("≤ {:+.0}", r.elo.value),
                Bound::AtLeast => format!("≥ {:+.0}", r.elo.value),
            };
            println!("| {bot} | {rating} | {against_next} | {} |", time(per_move));
        }
        println!();
        for st in summary.steps.iter().filter(|st| st.sweep) {
            let (winner, loser) = if st.gap_bound == Bound::AtLeast {
                (&st.upper, &st.lower)
            } else {
                (&st.lower, &st.upper)
            };
            println!(
                "{winner} won every game against {loser}: the gap between them is at least \
                 {:.0} Elo, the exact 95 % bound of {deals} deals, and every rating beyond it \
                 is a bound too.",
                st.gap.value.abs()
            );
        }
        println!();
    }
    Ok(())
}

/// The first bot's points of `pair` over every deal, and the games.
fn wins(results: &[Deal], pair: usize) -> (f64, f64) {
    results.iter().fold((0.0, 0.0), |(w, g), deal| {
        (
            w + deal.steps[pair][0].share + deal.steps[pair][1].share,
            g + 2.0,
        )
    })
}

fn time(seconds: f64) -> String {
    if seconds >= 0.1 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-4 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// Every pair (bot `b` against bot `b + 1`) on every deal: the results deal by deal, pair by
/// pair, and each bot's clock.
fn play(
    variant: &Variant,
    bots: &[BotKind],
    deals: u64,
    seed: u64,
    jobs: usize,
) -> (Vec<Deal>, Vec<Clock>) {
    let pairs = bots.len() - 1;
    let total = deals * pairs as u64;
    let played = parallel::in_parallel(total, jobs, |job| {
        // The costliest pairs first, so that no thread is left with one at the end.
        let pair = pairs - 1 - (job / deals) as usize;
        let deal = job % deals;
        let game_seed = deal_seed(seed, deal);
        let mut r = [Result2::default(); 2];
        let mut spent = [(Duration::ZERO, 0u64); 2];
        for (seating, result) in r.iter_mut().enumerate() {
            let (points, s) = game(variant, game_seed, [&bots[pair], &bots[pair + 1]], seating);
            result.share = points;
            for (k, (d, m)) in s.into_iter().enumerate() {
                spent[k].0 += d;
                spent[k].1 += m;
            }
        }
        (pair, deal, r, spent)
    });
    let mut results = vec![
        Deal {
            steps: vec![[Result2::default(); 2]; pairs],
            ..Deal::default()
        };
        deals as usize
    ];
    let mut clocks = vec![Clock::default(); bots.len()];
    for (pair, deal, r, spent) in played {
        results[deal as usize].steps[pair] = r;
        for (k, (d, m)) in spent.into_iter().enumerate() {
            clocks[pair + k].spent += d;
            clocks[pair + k].moves += m;
        }
    }
    (results, clocks)
}

/// One game of `pair[0]` against `pair[1]`, `pair[0]` in seat `seating`: its points (1, ½ or
/// 0) and the time each bot spent on how many moves.
fn game(
    variant: &Variant,
    seed: u64,
    pair: [&BotKind; 2],
    seating: usize,
) -> (f64, [(Duration, u64); 2]) {
    let seat_of = [seating, 1 - seating];
    let mut game = Game::seeded(variant, 2, seed);
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..2)
        .map(|seat| pair[if seat == seat_of[0] { 0 } else { 1 }].make(seed, seat))
        .collect();
    let mut spent = [(Duration::ZERO, 0u64); 2];
    let mut moves: Vec<Move> = Vec::new();
    while let Some(turn) = game.turn() {
        let start = Instant::now();
        let mv = bots[turn.player]
            .choose_in(&game, &mut moves)
            .expect("a built-in bot chooses");
        let who = if turn.player == seat_of[0] { 0 } else { 1 };
        spent[who].0 += start.elapsed();
        spent[who].1 += 1;
        game.play_unchecked(mv);
    }
    let (a, b) = (game.total(seat_of[0]), game.total(seat_of[1]));
    let points = match a.cmp(&b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    (points, spent)
}
