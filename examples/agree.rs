//! Where more thinking changes the move: plays games of one bot against itself (`--play`,
//! default `mcts`) and, at one decision in `--every` (default 3), asks two other bots
//! (`--bots`, e.g. `mcts:2000,mcts:4000`) for their move in that position, and a referee if
//! one is named (`--referee`, e.g. `mcts:8000`). It counts, by kind of decision, how often
//! the two choose differently (a different placement, or the same placement with another
//! piece) and how often each chooses the referee's move.
//!
//! ```sh
//! cargo run --release --example agree -- --deals 40 --bots mcts:2000,mcts:4000 \
//!     --referee mcts:8000 2002-scout
//! ```
//!
//! `--with KEY=VALUE,…` changes some of the second bot's numbers, `--first-with` the first's
//! (it must be `mcts[:N]`; the keys are those of `examples/tune.rs`): `--bots
//! mcts:4000,mcts:4000 --with rounds_past_widest=1000` asks the same search with and without
//! a change, in the same positions; with `--first-with` the same change, how often two of
//! its searches, each by its own stream, choose otherwise.
//!
//! The kinds: with the Scout, "draw or lay" (draw, or lay the special tile instead) and "keep
//! or refuse" (lay the drawn tile, or refuse it); otherwise "lay the drawn tile". A bot that
//! spends its extra budget well should agree with a stronger referee more often where the
//! two budgets differ, in every kind; a kind where they never differ is one the budget does
//! not reach. A referee of the same kind as the two (a bigger budget of the same search) shares
//! their habits: agreeing with it measures nearness to more thinking, not to the best move.
//! The positions of one game are not independent: the difference between the two
//! bots' agreement with the referee is given with its 95 % interval over deals (each deal's
//! mean difference is one unit). The bots' choices in a position do not change the game,
//! which `--play` plays on. The deals come from `--seed` (default 31337, the tuning seed of
//! `examples/tune.rs`).

#[path = "shared/command.rs"]
mod command;
#[path = "shared/numbers.rs"]
mod numbers;
#[path = "shared/parallel.rs"]
mod parallel;

use std::process::ExitCode;

use hunters::Variant;
use hunters::bot::{Bot, BotKind};
use hunters::compare::deal_seed;
use hunters::game::{Game, Move, Play};

fn main() -> ExitCode {
    command::exit("agree", run())
}

/// The kinds of decision, in the order they are printed.
const KINDS: [&str; 3] = ["draw or lay", "keep or refuse", "lay the drawn tile"];

/// One position asked about.
struct Asked {
    deal: u64,
    kind: usize,
    /// The two bots chose the same placement (with the same play and recall).
    same_placement: bool,
    same_move: bool,
    /// Whether each of the two chose the referee's move (with a referee).
    agrees: Option<[bool; 2]>,
}

struct Options {
    deals: u64,
    first_deal: u64,
    seed: u64,
    every: u64,
    play: BotKind,
    bots: [BotKind; 2],
    referee: Option<BotKind>,
    /// Each of `bots` (`mcts`) with some of its numbers changed (`--first-with`, `--with` for
    /// the second): the changes as given, and the numbers they make.
    with: [Option<(Vec<String>, numbers::Numbers)>; 2],
    variant: Variant,
}

fn options() -> Result<Options, String> {
    let (mut deals, mut first_deal, mut seed, mut every) = (20, 0, 31337, 3);
    let mut play: BotKind = "mcts".parse()?;
    let mut bots = None;
    let mut referee = None;
    let mut changes: [Vec<String>; 2] = Default::default();
    let mut variant = None;
    let mut args = command::Args::from_env();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--deals" => deals = args.number("--deals")?,
            "--first-deal" => first_deal = args.number("--first-deal")?,
            "--seed" => seed = args.number("--seed")?,
            "--every" => every = args.number("--every")?.max(1),
            "--play" => play = args.value("--play")?.parse()?,
            "--bots" => {
                let kinds: Vec<BotKind> = args
                    .value("--bots")?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?;
                let [a, b] = <[BotKind; 2]>::try_from(kinds)
                    .map_err(|_| "--bots takes two bots, e.g. mcts:2000,mcts:4000")?;
                bots = Some([a, b]);
            }
            "--referee" => referee = Some(args.value("--referee")?.parse()?),
            option @ ("--with" | "--first-with") => {
                let v = args.value(option)?;
                let i = usize::from(option == "--with");
                changes[i].extend(numbers::changes(&v, &format!("{option} {v}"))?);
            }
            name if name.starts_with('-') => {
                return Err(format!(
                    "unknown option {name}: use --deals, --first-deal, --seed, --every, --play, --bots, --first-with, --with, --referee"
                ));
            }
            name => variant = Some(Variant::load(name).map_err(|e| format!("{name}: {e}"))?),
        }
    }
    let bots: [BotKind; 2] =
        bots.ok_or("name the two bots to compare, e.g. --bots mcts:2000,mcts:4000")?;
    let variant = variant.ok_or("name a variant, e.g. 2002-scout")?;
    let mut with = [None, None];
    for (i, changes) in changes.into_iter().enumerate() {
        if changes.is_empty() {
            continue;
        }
        if !matches!(bots[i], BotKind::Mcts { .. }) {
            let (option, which) = [("--first-with", "first"), ("--with", "second")][i];
            return Err(format!(
                "{option} changes the numbers of the {which} of --bots, which must be mcts, not {}",
                bots[i].name()
            ));
        }
        let mut n = numbers::Numbers::current(&variant.ruleset());
        for kv in &changes {
            numbers::set(&mut n, kv)?;
        }
        with[i] = Some((changes, n));
    }
    Ok(Options {
        deals,
        first_deal,
        seed,
        every,
        play,
        bots,
        referee,
        with,
        variant,
    })
}

fn run() -> Result<(), String> {
    let o = options()?;
    let asked: Vec<Asked> = parallel::in_parallel(o.deals, parallel::cores(), |k| {
        positions(&o, o.first_deal + k)
    })
    .into_iter()
    .flatten()
    .collect();
    let [a, b] = [0, 1].map(|i| match &o.with[i] {
        None => o.bots[i].name(),
        Some((changes, _)) => format!("{} with {}", o.bots[i].name(), changes.join(" ")),
    });
    println!(
        "{a} and {b} asked at one decision in {} of {} against itself in {}, deals {}–{} (seed {}){}",
        o.every,
        o.play.name(),
        o.variant.name,
        o.first_deal,
        o.first_deal + o.deals - 1,
        o.seed,
        o.referee
            .as_ref()
            .map_or(String::new(), |r| format!(", referee {}", r.name()))
    );
    println!(
        "| kind | decisions | deals | another placement | another piece | {a} agrees with the referee | {b} agrees | {b} − {a}, 95 % over deals |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (kind, name) in KINDS.iter().enumerate() {
        let these: Vec<&Asked> = asked.iter().filter(|p| p.kind == kind).collect();
        if these.is_empty() {
            continue;
        }
        let n = these.len() as f64;
        let share = |f: &dyn Fn(&Asked) -> bool| {
            format!(
                "{:.1} %",
                100.0 * these.iter().filter(|p| f(p)).count() as f64 / n
            )
        };
        let deals: Vec<u64> = {
            let mut d: Vec<u64> = these.iter().map(|p| p.deal).collect();
            d.dedup();
            d
        };
        let (agree_a, agree_b, diff) = if o.referee.is_some() {
            let agree = |i: usize| share(&|p| p.agrees.is_some_and(|x| x[i]));
            (agree(0), agree(1), difference(&these, &deals))
        } else {
            ("–".into(), "–".into(), "–".into())
        };
        println!(
            "| {name} | {} | {} | {} | {} | {agree_a} | {agree_b} | {diff} |",
            these.len(),
            deals.len(),
            share(&|p| !p.same_placement),
            share(&|p| p.same_placement && !p.same_move),
        );
    }
    Ok(())
}

/// The second bot's agreement with the referee less the first's, in points of percentage: the
/// mean over deals of each deal's mean difference, with its 95 % interval.
fn difference(these: &[&Asked], deals: &[u64]) -> String {
    let per_deal: Vec<f64> = deals
        .iter()
        .map(|&d| {
            let v: Vec<f64> = these
                .iter()
                .filter(|p| p.deal == d)
                .filter_map(|p| p.agrees)
                .map(|[a, b]| f64::from(u8::from(b)) - f64::from(u8::from(a)))
                .collect();
            v.iter().sum::<f64>() / v.len().max(1) as f64
        })
        .collect();
    let n = per_deal.len() as f64;
    if n < 2.0 {
        return "–".into();
    }
    let mean = per_deal.iter().sum::<f64>() / n;
    let var = per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    format!("{:+.1} ± {:.1} pp", 100.0 * mean, 100.0 * half)
}

/// The positions of one deal's game asked about.
fn positions(o: &Options, deal: u64) -> Vec<Asked> {
    let seed = deal_seed(o.seed, deal);
    let mut game = Game::seeded(&o.variant, 2, seed);
    let mut players: Vec<Box<dyn Bot + Send>> = (0..2).map(|s| o.play.make(seed, s)).collect();
    // The asked bots get streams of their own (seats 2 to 4), apart from the players'.
    let mut asked_bots: Vec<Box<dyn Bot + Send>> = o
        .bots
        .iter()
        .chain(&o.referee)
        .enumerate()
        .map(|(i, k)| match (k, o.with.get(i)) {
            (BotKind::Mcts { playouts }, Some(Some((_, n)))) => {
                // The stream `make` gives the seat: with no change, it plays as `mcts` does.
                let rng = BotKind::stream(seed, 2 + i);
                Box::new(numbers::bot_of(rng, *playouts, n)) as Box<dyn Bot + Send>
            }
            _ => k.make(seed, 2 + i),
        })
        .collect();
    let mut moves = Vec::new();
    let mut out = Vec::new();
    let mut decision = 0u64;
    while let Some(turn) = game.turn() {
        game.legal_moves(&mut moves);
        if moves.len() > 1 && decision.is_multiple_of(o.every) {
            let kind = if moves.iter().any(|m| m.play == Play::Draw) {
                0
            } else if moves.iter().any(|m| m.play == Play::Refuse) {
                1
            } else {
                2
            };
            let chosen: Vec<Move> = asked_bots
                .iter_mut()
                .map(|b| b.choose(&game, &moves).expect("a built-in bot chooses"))
                .collect();
            let (x, y) = (chosen[0], chosen[1]);
            out.push(Asked {
                deal,
                kind,
                same_placement: x.play == y.play && x.at == y.at && x.recall == y.recall,
                same_move: x == y,
                agrees: chosen.get(2).map(|&r| [x == r, y == r]),
            });
        }
        decision += 1;
        let mv = players[turn.player]
            .choose(&game, &moves)
            .expect("a built-in bot chooses");
        game.play_unchecked(mv);
    }
    eprintln!("deal {deal}: {} positions asked", out.len());
    out
}
