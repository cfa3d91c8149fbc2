//! Fits the evaluation's weights to the outcomes of self-play: regression on game outcomes,
//! the other way to tune [`Weights`] than `tune --search`'s self-play matches.
//!
//! It plays `--games` two-player games of one variant with `--bot` in both seats (default
//! `mcts:250`) on the deals of `--seed` (default 4711: a master seed kept for tuning, that no
//! measurement in docs/strength.md uses), and takes the position after every turn of every
//! game — where a search asks the evaluation, right after its own move — with what the player
//! who just moved went on to win or lose the game by. Then, for each way of discounting an
//! open forest or river (`open_weight` and `open_late`, which enter the evaluation through a
//! divisor, on a grid), it fits the weights that enter it linearly by least squares, so that
//! the mover's lead by the evaluation predicts the final margin; the fit with the smallest
//! residual wins. Every coefficient comes with its cluster-robust 95 % interval (a game's
//! positions are one unit), and the current weights (those `mcts` ranks its candidates by,
//! [`hunters::bot::mcts::Numbers::weights`]) and the fitted ones are
//! compared on positions the fit did not see (the odd games fit, the even games judge).
//!
//! ```sh
//! cargo run --release --example fit -- --games 2000 2020
//! cargo run --release --example fit -- --games 1000 --bot mcts:100 2002-scout
//! ```
//!
//! With `--ahead N` each position is first played on as one of `mcts:N`'s playouts would
//! play it ([`hunters::bot::MctsBot::look_ahead`]: the tiles to come dealt anew, every seat
//! replying by the search's policy for as many rounds as N playouts look ahead), and the
//! position where that playout stops is the row, with the final margin of the game as it
//! was really played: the question `mcts`'s judge is asked, at the positions it is asked
//! about. The weights compared are then those of the judge (`leaf.KEY` for `tune`).
//!
//! ```sh
//! cargo run --release --example fit -- --games 1200 --ahead 1000 2002-scout
//! ```
//!
//! The last line printed is the fitted weights as `KEY=VALUE`, for `tune` to measure in play.

#[path = "shared/command.rs"]
mod command;
#[path = "shared/parallel.rs"]
mod parallel;

use std::process::ExitCode;

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::bot::evaluation::{Evaluator, Weights};
use hunters::bot::mcts;
use hunters::bot::{MctsBot, play_out_watching};
use hunters::compare::deal_seed;
use hunters::game::Game;
use hunters::rng::stream;
use hunters::statistics::{Fit, least_squares, t_quantile};

/// How many weights enter the evaluation linearly: the first of [`Weights::NAMES`], all but
/// the divisor's two. Each is a column of the fit, read as the evaluation's change when that
/// weight alone is one point (1,000).
const LINEAR: usize = Weights::NAMES.len() - 2;

fn weight<'a>(w: &'a mut Weights, key: &str) -> &'a mut i64 {
    w.by_name(key).expect("a name of Weights::NAMES")
}

/// The divisor's weights tried: `open_weight` × `open_late`. None below 2020's tuned −63:
/// the divisor `1000 + open sides × open_weight` must stay above 0 for the largest forests.
const OPEN_WEIGHT: [i64; 8] = [-63, 0, 100, 187, 350, 500, 1000, 2000];
const OPEN_LATE: [i64; 8] = [0, 500, 1000, 1500, 2500, 4000, 6000, 9000];

/// One position: the mover's lead with each divisor of the grid and nothing else, each
/// linear weight's column, the lead by the current weights, all in thousandths of a point,
/// and the mover's final margin in points.
struct Row {
    base: Vec<f64>,
    columns: [f64; LINEAR],
    current: f64,
    score: f64,
    margin: f64,
}

fn main() -> ExitCode {
    command::exit("fit", run())
}

fn run() -> Result<(), String> {
    let mut games = 1000u64;
    let mut seed = 4711u64;
    let mut bot: BotKind = "mcts:250".parse()?;
    let mut variant = None;
    let mut ahead = None;
    let mut args = command::Args::from_env();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--games" => games = args.number("--games")?,
            "--seed" => seed = args.number("--seed")?,
            "--bot" => bot = args.value("--bot")?.parse()?,
            "--ahead" => ahead = Some(args.number("--ahead")? as u32),
            name if variant.is_none() => {
                variant = Some(Variant::load(name).map_err(|e| format!("{name}: {e}"))?)
            }
            other => return Err(format!("{other:?}: one variant only")),
        }
    }
    let variant = variant.ok_or("name a variant, e.g. 2020")?;
    if games < 4 {
        return Err("--games: at least 4 (half fit, half judge)".to_string());
    }
    let numbers = mcts::current(&variant.ruleset());
    let current = match ahead {
        Some(_) => numbers.judge,
        None => numbers.weights,
    };
    let per_game = parallel::in_parallel(games, parallel::cores(), |g| {
        positions(&variant, &bot, deal_seed(seed, g), &current, ahead)
    });
    let n: usize = per_game.iter().map(Vec::len).sum();
    println!(
        "{n} positions of {games} games of {} ({} in both seats, seed {seed}){}",
        variant.name,
        bot.name(),
        match ahead {
            Some(p) =>
                format!(", each played on as a playout of mcts:{p} and judged where it stops"),
            None => String::new(),
        }
    );
    let (fit_games, judge_games): (Vec<_>, Vec<_>) =
        per_game.iter().enumerate().partition(|(g, _)| g % 2 == 1);
    // The columns that vary at all in this variant (no Shaman outside the Scout).
    let used: Vec<usize> = (0..LINEAR)
        .filter(|&k| per_game.iter().flatten().any(|r| r.columns[k] != 0.0))
        .collect();
    let mut best = None;
    for (gi, (&ow, &ol)) in OPEN_WEIGHT
        .iter()
        .flat_map(|ow| OPEN_LATE.iter().map(move |ol| (ow, ol)))
        .enumerate()
    {
        let (mut x, mut y, mut cluster) = (Vec::new(), Vec::new(), Vec::new());
        for (g, rows) in &fit_games {
            for r in rows.iter() {
                x.push(used.iter().map(|&k| r.columns[k]).collect::<Vec<_>>());
                y.push(1000.0 * r.margin - r.base[gi]);
                cluster.push(*g as u64);
            }
        }
        let Some(fit) = least_squares(&x, &y, &cluster) else {
            continue;
        };
        if best
            .as_ref()
            .is_none_or(|(_, _, _, f): &(usize, i64, i64, Fit)| fit.rms < f.rms)
        {
            best = Some((gi, ow, ol, fit));
        }
    }
    let (gi, ow, ol, fit) = best.ok_or("no fit: the columns are not independent")?;
    let t = t_quantile(0.975, (fit.clusters - 1) as f64);
    println!(
        "fitted on {} games (odd), residual {:.2} points; open_weight={ow} open_late={ol} \
         (best of the grid)",
        fit.clusters,
        fit.rms / 1000.0
    );
    println!("{:<18} {:>8} {:>20}", "weight", "current", "fitted (95 %)");
    let mut fitted = Weights::ZERO;
    fitted.open_weight = ow;
    fitted.open_late = ol;
    for (i, &k) in used.iter().enumerate() {
        let b = fit.coefficients[i] * 1000.0;
        let half = t * fit.std_errors[i] * 1000.0;
        println!(
            "{:<18} {:>8} {:>8.0} ({:.0}–{:.0})",
            Weights::NAMES[k],
            current
                .value_of(Weights::NAMES[k])
                .expect("a weight's name"),
            b,
            b - half,
            b + half
        );
        *weight(&mut fitted, Weights::NAMES[k]) = b.round() as i64;
    }
    // Judged on the games the fit did not see: the lead's error against the final margin.
    let judge = |lead: &dyn Fn(&Row) -> f64| {
        let (mut sq, mut n) = (0.0, 0.0);
        for (_, rows) in &judge_games {
            for r in rows.iter() {
                sq += (lead(r) / 1000.0 - r.margin).powi(2);
                n += 1.0;
            }
        }
        (sq / n).sqrt()
    };
    let coefficients: Vec<f64> = used
        .iter()
        .map(|&k| fitted.value_of(Weights::NAMES[k]).expect("a weight's name") as f64 / 1000.0)
        .collect();
    let fitted_lead = |r: &Row| {
        r.base[gi]
            + used
                .iter()
                .zip(&coefficients)
                .map(|(&k, b)| r.columns[k] * b)
                .sum::<f64>()
    };
    let (score, now, new) = (
        judge(&|r: &Row| r.score),
        judge(&|r: &Row| r.current),
        judge(&fitted_lead),
    );
    let explained = |e: f64| 100.0 * (1.0 - (e / score).powi(2));
    println!(
        "on the {} games not fitted (even), the mover's lead misses the final margin by \
         {now:.2} points with the current weights, {new:.2} with the fitted ones, {score:.2} \
         by the score alone: {:.1} % and {:.1} % of what the rest of the game changes explained",
        judge_games.len(),
        explained(now),
        explained(new),
    );
    let prefix = if ahead.is_some() { "leaf." } else { "" };
    let keys: Vec<String> = ["open_weight", "open_late"]
        .iter()
        .chain(used.iter().map(|&k| &Weights::NAMES[k]))
        .map(|k| {
            format!(
                "{prefix}{k}={}",
                fitted.value_of(k).expect("a weight's name")
            )
        })
        .collect();
    println!("{}", keys.join(" "));
    Ok(())
}

/// The positions of one game (after each turn, for the player who just moved; with `ahead`,
/// where a playout of `mcts` at that many playouts from there stops) with the final margin
/// filled in.
fn positions(
    variant: &Variant,
    bot: &BotKind,
    seed: u64,
    current: &Weights,
    ahead: Option<u32>,
) -> Vec<Row> {
    let mut look = ahead.map(|p| MctsBot::new(stream(seed, "ahead"), p));
    let mut game = Game::seeded(variant, 2, seed);
    let mut bots: Vec<_> = (0..2).map(|seat| bot.make(seed, seat)).collect();
    let grid: Vec<Weights> = OPEN_WEIGHT
        .iter()
        .flat_map(|&ow| {
            OPEN_LATE.iter().map(move |&ol| Weights {
                open_weight: ow,
                open_late: ol,
                ..Weights::ZERO
            })
        })
        .collect();
    let mut eval = Evaluator::new(Weights::ZERO);
    let mut rows: Vec<(usize, Row)> = Vec::new();
    let mut mover = game.turn().map(|t| t.player);
    play_out_watching(&mut game, &mut bots, |g| {
        let Some(moved) = mover else { return };
        mover = g.turn().map(|t| t.player);
        if g.is_over() || mover == Some(moved) {
            return;
        }
        let end;
        let g = match look.as_mut() {
            Some(bot) => {
                end = bot.look_ahead(g, moved);
                &end
            }
            None => g,
        };
        let mut lead = |w: Weights| {
            eval.set_weights(w);
            eval.lead(g, moved) as f64
        };
        let base: Vec<f64> = grid.iter().map(|&w| lead(w)).collect();
        let zero = lead(Weights::ZERO);
        let mut columns = [0.0; LINEAR];
        for (c, key) in columns.iter_mut().zip(Weights::NAMES) {
            let mut w = Weights::ZERO;
            *weight(&mut w, key) = 1000;
            *c = lead(w) - zero;
        }
        let current = lead(*current);
        let score = 1000.0 * (f64::from(g.total(moved)) - f64::from(g.total(1 - moved)));
        rows.push((
            moved,
            Row {
                base,
                columns,
                current,
                score,
                margin: 0.0,
            },
        ));
    })
    .expect("a built-in bot chooses");
    let total = |p: usize| f64::from(game.total(p));
    rows.into_iter()
        .map(|(p, mut r)| {
            r.margin = total(p) - total(1 - p);
            r
        })
        .collect()
}
