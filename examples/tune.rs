//! Measures the searching bot with other numbers than its own, and searches for better ones:
//! the tuning behind [`hunters::bot::evaluation::Weights::second`] and
//! [`hunters::bot::mcts::Params::SECOND`]. It plays `mcts` against one or
//! more other bots (`--against`, default `mcts-v1`; each deal against each, twice, the seats
//! swapped), two players, and prints the win rate with its 95 % interval over deals. With
//! several variants, deal `d` is played under one of them in turn.
//!
//! ```sh
//! cargo run --release --example tune -- --deals 150 --against greedy 2020 open_weight=1500
//! cargo run --release --example tune -- --base first --against mcts-v1 2002   # about 50 %
//! cargo run --release --example tune -- --search --base first --playouts 1 \
//!     --against mcts-v1:1 --deals 1000 2002 2014 2020 2002-scout 2014-scout
//! ```
//!
//! `--against-self N` plays the tuned bot against itself with N playouts (its own numbers,
//! which a bot name cannot give): what one doubling of the budget buys (`--playouts 500
//! --against-self 250`); `--against-self N:KEY=VALUE,…` against itself with some numbers
//! changed (`--playouts 500 --against-self 500:rounds=1`: what one number is worth at a
//! budget). With numbers set, `--against mcts:N` plays them too. The time each
//! side took per move is printed first (wall time inside its decisions; the deals run on
//! every core, so compare the two figures of one run, not runs on a busy machine).
//! `--progress` prints each deal's share and margin to stderr as it ends, so that a run of
//! hours can be read before it ends; `--first-deal K` plays deals K.. of the seed instead of
//! 0.., so that one run can be shared among processes, a range each.
//!
//! `KEY=VALUE` sets one of the search's numbers ([`Params`]; `allocation=ucb1`, `halving` or
//! `even`; `policy=bare`, `greedy` or `evaluation`) or one of the evaluation's weights
//! ([`Weights`]), by its field name (`leaf.KEY=VALUE`: of the weights that judge where a
//! playout ends, [`hunters::bot::mcts::Numbers::judge`]; `leaf=same` to judge them by the
//! weights that rank the candidates, as `mcts-v3` does), starting from `--base current` (the
//! default: the current bot's own numbers, those of the first variant once a number is set)
//! or `--base first` (one evaluation for both). `--search` moves the evaluation's weights
//! one at a time from there (see `coordinate_search`) and prints every trial; `--steps
//! KEY:STEP,…` names the numbers it moves and their first steps instead (`--steps
//! unclaimed_next:200,ready_meeple:1000`). The deals come from `--seed` (default 31337), a
//! master seed that no measurement in docs/strength.md uses, so that numbers tuned here are
//! then measured on other deals.

#[path = "shared/command.rs"]
mod command;
use command::number;
#[path = "shared/numbers.rs"]
mod numbers;
use numbers::{Numbers, bot_of, set};
#[path = "shared/parallel.rs"]
mod parallel;

use std::process::ExitCode;

use hunters::Variant;
use hunters::bot::evaluation::Weights;
use hunters::bot::mcts::{DEFAULT_PLAYOUTS, Params};
use hunters::bot::{Bot, BotKind, MctsBot, play_out};
use hunters::compare::deal_seed;
use hunters::game::Game;
use hunters::rng::stream;

/// A bot the tuned one plays against.
enum Opponent {
    /// A bot by its name.
    Named(BotKind),
    /// The tuned bot with other numbers or another budget (`--against-self`).
    Tuned {
        label: String,
        playouts: u32,
        numbers: Box<Numbers>,
    },
}

impl Opponent {
    fn name(&self) -> String {
        match self {
            Opponent::Named(kind) => kind.name(),
            Opponent::Tuned { label, .. } => label.clone(),
        }
    }
}

struct Setup {
    /// The numbers played, or none for the current bot's own in each edition.
    fixed: Option<Numbers>,
    /// Deal `d` is played under variant `d % variants.len()`.
    variants: Vec<Variant>,
    numbers: Numbers,
    playouts: u32,
    /// Every deal is played against each of these (twice, the seats swapped).
    against: Vec<Opponent>,
    seed: u64,
    deals: u64,
    /// The deals played are `first_deal..first_deal + deals` of the seed's (`--first-deal`):
    /// one run shared among machines or cores, each a range of its own.
    first_deal: u64,
    /// Each deal's share and margin to stderr as it ends (`--progress`): a long run read
    /// before its end.
    progress: bool,
}

fn main() -> ExitCode {
    command::exit("tune", run())
}

fn run() -> Result<(), String> {
    let mut base = "current".to_string();
    let mut overrides = Vec::new();
    let mut variants = Vec::new();
    let mut search = false;
    let mut progress = false;
    let mut playouts = DEFAULT_PLAYOUTS;
    let mut against = Vec::new();
    let mut self_at = Vec::new();
    let mut seed = 31337;
    let mut deals = 100;
    let mut first_deal = 0;
    let mut steps: Vec<(String, i64)> = STEPS.iter().map(|&(k, s)| (k.to_string(), s)).collect();
    let mut args = command::Args::from_env();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--deals" => deals = args.number("--deals")?,
            "--search" => search = true,
            "--progress" => progress = true,
            "--seed" => seed = args.number("--seed")?,
            "--first-deal" => first_deal = args.number("--first-deal")?,
            "--playouts" => playouts = args.number("--playouts")? as u32,
            "--against" => against.push(Opponent::Named(args.value("--against")?.parse()?)),
            "--against-self" => {
                let v = args.value("--against-self")?;
                let (n, list) = v.split_once(':').unwrap_or((&v, ""));
                let changes = numbers::changes(list, &format!("--against-self {v}"))?;
                self_at.push((number(n)? as u32, changes));
            }
            "--base" => base = args.value("--base")?,
            "--steps" => steps = parse_steps(&args.value("--steps")?)?,
            kv if kv.contains('=') => overrides.push(kv.to_string()),
            name => variants.push(Variant::load(name).map_err(|e| format!("{name}: {e}"))?),
        }
    }
    if variants.is_empty() {
        return Err("name one or more variants, e.g. 2020".to_string());
    }
    let mut numbers = match base.as_str() {
        "current" => Numbers::current(&variants[0].ruleset()),
        "first" => Numbers {
            params: Params::FIRST,
            weights: Weights::FIRST,
            leaf: None,
        },
        other => return Err(format!("--base {other:?}: current or first")),
    };
    for kv in &overrides {
        set(&mut numbers, kv)?;
    }
    let fixed = (base != "current" || !overrides.is_empty() || search).then_some(numbers);
    // The tuned bot itself at other budgets, or with some numbers changed: its own numbers,
    // which `BotKind` cannot name.
    let with_numbers = fixed.is_some();
    for (playouts, changes) in &self_at {
        if !with_numbers && changes.is_empty() {
            against.push(Opponent::Named(BotKind::Mcts {
                playouts: *playouts,
            }));
            continue;
        }
        let mut numbers = numbers;
        for kv in changes {
            set(&mut numbers, kv)?;
        }
        let label = if changes.is_empty() {
            format!("itself at {playouts}")
        } else {
            format!("itself at {playouts} with {}", changes.join(" "))
        };
        against.push(Opponent::Tuned {
            label,
            playouts: *playouts,
            numbers: Box::new(numbers),
        });
    }
    if against.is_empty() {
        against.push(Opponent::Named(BotKind::MctsV1 {
            playouts: DEFAULT_PLAYOUTS,
        }));
    }
    let mut setup = Setup {
        fixed,
        variants,
        numbers,
        playouts,
        against,
        seed,
        deals,
        first_deal,
        progress,
    };
    if search {
        return coordinate_search(&mut setup, &steps);
    }
    let (wins, margins) = play(&setup);
    let (tuned_ms, other_ms) = ms_per_move();
    println!("time per move: {tuned_ms:.3} ms, against {other_ms:.3} ms");
    let n = wins.len() as f64;
    let (mean, half) = interval(&wins);
    let (margin, margin_half) = interval(&margins);
    println!(
        "{} vs {} in {} over {} deals (seed {}{}): {:.1} % ({:.1}–{:.1}), margin {:+.2} ± {:.2}",
        if overrides.is_empty() {
            "mcts".to_string()
        } else {
            format!("mcts with {}", overrides.join(" "))
        },
        setup
            .against
            .iter()
            .map(Opponent::name)
            .collect::<Vec<_>>()
            .join(" and "),
        names(&setup.variants),
        n,
        setup.seed,
        if setup.first_deal == 0 {
            String::new()
        } else {
            format!(", from deal {}", setup.first_deal)
        },
        100.0 * mean,
        100.0 * (mean - half),
        100.0 * (mean + half),
        margin,
        margin_half,
    );
    Ok(())
}

fn names(variants: &[Variant]) -> String {
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    names.join(", ")
}

/// The weights the search moves, each with its first step.
const STEPS: [(&str, i64); 7] = [
    ("open_weight", 250),
    ("open_late", 500),
    ("meadow_weight", 200),
    ("meadow_early", 400),
    ("system_weight", 200),
    ("meeple_in_supply", 1000),
    ("hut_in_supply", 1000),
];

/// `--steps KEY:STEP,…`: the numbers the search moves instead of [`STEPS`].
fn parse_steps(s: &str) -> Result<Vec<(String, i64)>, String> {
    s.split(',')
        .map(|kv| {
            let (k, v) = kv
                .split_once(':')
                .ok_or(format!("--steps {kv:?}: KEY:STEP"))?;
            if !STEPS.iter().any(|(key, _)| *key == k) && !EXTRA_KEYS.contains(&k) {
                return Err(format!("--steps {k:?}: not a number the search moves"));
            }
            Ok((k.to_string(), number(v)? as i64))
        })
        .collect()
}

/// Numbers `--steps` may name besides those of [`STEPS`]: more weights, and the one whole
/// number of the search that was tuned the same way.
const EXTRA_KEYS: [&str; 5] = [
    "shaman_meeple",
    "ready_meeple",
    "unclaimed_next",
    "unclaimed_rest",
    "draw_value",
];

/// A win rate that must be beaten by this much to move (a tenth of a percentage point).
const MARGIN: f64 = 0.002;

/// Coordinate search: each number in turn is moved a step up, or else down, for as long as
/// the win rate over the same deals rises by more than [`MARGIN`]; three passes, the steps
/// halved after each. Prints every trial and the numbers it ends with.
fn coordinate_search(setup: &mut Setup, steps: &[(String, i64)]) -> Result<(), String> {
    let mut best = mean(&play(setup).0);
    println!("start: {:.2} % with {:?}", 100.0 * best, setup.numbers);
    for pass in 0..3 {
        for (key, first_step) in steps {
            let key = key.as_str();
            let step = first_step >> pass;
            for direction in [1, -1] {
                let mut moved = false;
                loop {
                    let mut trial = setup.numbers;
                    let now = get(&trial, key);
                    set(&mut trial, &format!("{key}={}", now + direction * step))?;
                    let keep = std::mem::replace(&mut setup.numbers, trial);
                    setup.fixed = Some(setup.numbers);
                    let rate = mean(&play(setup).0);
                    println!(
                        "pass {} {key}={}: {:.2} %",
                        pass + 1,
                        now + direction * step,
                        100.0 * rate
                    );
                    if rate > best + MARGIN {
                        best = rate;
                        moved = true;
                    } else {
                        setup.numbers = keep;
                        setup.fixed = Some(keep);
                        break;
                    }
                }
                if moved {
                    break;
                }
            }
        }
        println!(
            "after pass {}: {:.2} % with {:?}",
            pass + 1,
            100.0 * best,
            setup.numbers
        );
    }
    Ok(())
}

/// The whole number `key` (of [`STEPS`] or [`EXTRA_KEYS`]), as [`set`] takes it.
fn get(numbers: &Numbers, key: &str) -> i64 {
    if key == "draw_value" {
        return numbers.params.draw_value;
    }
    numbers
        .weights
        .value_of(key)
        .expect("a key of STEPS or EXTRA_KEYS")
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// Each deal's share of the points (a win 1, a draw ½) of the tuned bot over its two games,
/// and its mean margin, deal by deal.
/// Time spent choosing, and moves chosen: by the tuned bot, then by the others.
static CLOCK: [std::sync::atomic::AtomicU64; 4] =
    [const { std::sync::atomic::AtomicU64::new(0) }; 4];

/// A bot whose decisions are timed into [`CLOCK`] (`which`: 0 the tuned bot, 2 the others).
struct Timed {
    bot: Box<dyn Bot + Send>,
    which: usize,
}

impl Bot for Timed {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(
        &mut self,
        game: &Game,
        moves: &[hunters::game::Move],
    ) -> Result<hunters::game::Move, String> {
        use std::sync::atomic::Ordering::Relaxed;
        let t = std::time::Instant::now();
        let mv = self.bot.choose(game, moves);
        CLOCK[self.which].fetch_add(t.elapsed().as_nanos() as u64, Relaxed);
        CLOCK[self.which + 1].fetch_add(1, Relaxed);
        mv
    }
}

/// Milliseconds per move of the tuned bot and of the others since the last call.
fn ms_per_move() -> (f64, f64) {
    use std::sync::atomic::Ordering::Relaxed;
    let per = |i: usize| {
        let ns = CLOCK[i].swap(0, Relaxed) as f64;
        let n = CLOCK[i + 1].swap(0, Relaxed).max(1) as f64;
        ns / n / 1e6
    };
    (per(0), per(2))
}

fn play(setup: &Setup) -> (Vec<f64>, Vec<f64>) {
    parallel::in_parallel(setup.deals, parallel::cores(), |deal| {
        let deal = setup.first_deal + deal;
        let seed = deal_seed(setup.seed, deal);
        let mut share = 0.0;
        let mut margin = 0.0;
        let games = 2.0 * setup.against.len() as f64;
        for against in &setup.against {
            for tuned_seat in 0..2 {
                let (s, m) = game(setup, against, seed, tuned_seat);
                share += s / games;
                margin += m / games;
            }
        }
        if setup.progress {
            eprintln!("deal {deal}: {share:.3} {margin:+.2}");
        }
        (share, margin)
    })
    .into_iter()
    .unzip()
}

/// One game with the tuned bot in `tuned_seat`: its share of the win and its margin.
fn game(setup: &Setup, against: &Opponent, seed: u64, tuned_seat: usize) -> (f64, f64) {
    let variant = &setup.variants[(seed % setup.variants.len() as u64) as usize];
    let mut game = Game::seeded(variant, 2, seed);
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..2)
        .map(|seat| -> Box<dyn Bot + Send> {
            if seat == tuned_seat {
                let rng = stream(seed, &format!("bot {seat}"));
                Box::new(Timed {
                    bot: Box::new(match setup.fixed {
                        Some(numbers) => bot_of(rng, setup.playouts, &numbers),
                        None => MctsBot::new(rng, setup.playouts),
                    }),
                    which: 0,
                })
            } else {
                let rng = stream(seed, &format!("bot {seat}"));
                let bot: Box<dyn Bot + Send> = match (against, setup.fixed) {
                    (
                        Opponent::Tuned {
                            playouts, numbers, ..
                        },
                        _,
                    ) => Box::new(bot_of(rng, *playouts, numbers)),
                    (Opponent::Named(BotKind::Mcts { playouts }), Some(numbers)) => {
                        Box::new(bot_of(rng, *playouts, &numbers))
                    }
                    (Opponent::Named(kind), _) => kind.make(seed, seat),
                };
                Box::new(Timed { bot, which: 2 })
            }
        })
        .collect();
    play_out(&mut game, &mut bots).expect("a built-in bot chooses");
    let me = i64::from(game.total(tuned_seat));
    let other = i64::from(game.total(1 - tuned_seat));
    let share = match me.cmp(&other) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    (share, (me - other) as f64)
}

/// The mean and the half-width of its 95 % interval (normal, over the values given).
fn interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}
