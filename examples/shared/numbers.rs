//! The searching bot's numbers on an example's command line: `KEY=VALUE` sets one of the
//! search's numbers ([`Params`]) or one of the evaluation's weights ([`Weights`]) by its
//! field name; `leaf.KEY=VALUE` one of the weights that judge where a playout ends.

use hunters::bot::MctsBot;
use hunters::bot::evaluation::Weights;
use hunters::bot::mcts::{self, Allocation, Params};

/// The numbers a bot plays by: the search's and the evaluation's.
#[derive(Clone, Copy, Debug)]
pub struct Numbers {
    pub params: Params,
    pub weights: Weights,
    /// The weights that judge where a playout ends, if not `weights` (`leaf.KEY=VALUE`;
    /// `leaf=same` for none).
    pub leaf: Option<Weights>,
}

impl Numbers {
    /// The current bot's own numbers under `rules`.
    pub fn current(rules: &hunters::ruleset::Ruleset) -> Numbers {
        let current = mcts::current(rules);
        Numbers {
            params: current.params,
            weights: current.weights,
            leaf: Some(current.judge),
        }
    }
}

/// The changes of a comma-separated list `KEY=VALUE,…` (empty items skipped), or an error
/// after `given` (the option and its value) naming the one that is not `KEY=VALUE`.
pub fn changes(list: &str, given: &str) -> Result<Vec<String>, String> {
    let changes: Vec<String> = list
        .split(',')
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    match changes.iter().find(|c| !c.contains('=')) {
        Some(c) => Err(format!("{given}: {c:?} is not KEY=VALUE")),
        None => Ok(changes),
    }
}

/// Sets the number `key=value`, of the search or of the evaluation.
pub fn set(numbers: &mut Numbers, kv: &str) -> Result<(), String> {
    let (key, value) = kv.split_once('=').expect("a KEY=VALUE");
    if key == "leaf" {
        return match value {
            "same" => {
                numbers.leaf = None;
                Ok(())
            }
            _ => Err(format!("{kv}: leaf=same, or leaf.KEY=VALUE for one weight")),
        };
    }
    if let Some(key) = key.strip_prefix("leaf.") {
        let leaf = numbers.leaf.get_or_insert(numbers.weights);
        return match set_weight(leaf, key, value, kv)? {
            true => Ok(()),
            false => Err(format!(
                "{kv}: no such weight; see hunters::bot::evaluation::Weights"
            )),
        };
    }
    if set_search(&mut numbers.params, key, value, kv)?
        || set_weight(&mut numbers.weights, key, value, kv)?
    {
        Ok(())
    } else {
        Err(format!(
            "{kv}: no such number; see hunters::bot::mcts::Params and \
             hunters::bot::evaluation::Weights"
        ))
    }
}

fn int(value: &str, kv: &str) -> Result<i64, String> {
    value
        .parse::<i64>()
        .map_err(|_| format!("{kv}: a whole number"))
}

/// Sets the search's number `key` (a field of [`Params`]); false if it has none of that name.
fn set_search(params: &mut Params, key: &str, value: &str, kv: &str) -> Result<bool, String> {
    let int = || int(value, kv);
    let float = || value.parse::<f64>().map_err(|_| format!("{kv}: a number"));
    match key {
        "allocation" => {
            params.allocation = match value {
                "ucb1" => Allocation::Ucb1,
                "halving" => Allocation::Halving,
                "even" => Allocation::Even,
                _ => return Err(format!("{kv}: ucb1, halving or even")),
            }
        }
        "exploration" => params.exploration = float()?,
        "scale" => params.scale = float()?,
        "rounds" => params.rounds = int()? as usize,
        "plies" => params.plies = int()? as usize,
        "shortlist" => params.shortlist = int()? as usize,
        "judge_bare" => params.judge_bare = int()? != 0,
        "widen" => params.widen = int()? as u32,
        "deepen" => params.deepen = int()? as u32,
        "rounds_per_doubling" => params.rounds_per_doubling = int()? as u32,
        "rounds_per_doubling_above" => params.rounds_per_doubling_above = Some(int()? as u32),
        "widen_above" => params.widen_above = Some(int()? as u32),
        "widen_until" => params.widen_until = int()? as u32,
        "rounds_past_widest" => params.rounds_past_widest = int()? as u32,
        "narrow_past" => params.narrow_past = int()? as u32,
        "leave" => params.leave = int()?,
        "branch" => params.branch = int()? as u32,
        "placements_kept" => params.placements_kept = int()? as usize,
        "pieces_kept" => params.pieces_kept = int()? as usize,
        "draw_value" => params.draw_value = int()?,
        "seat_draw" => params.seat_draw = int()?,
        "seat_refuse" => params.seat_refuse = int()?,
        "seat_noise" => params.seat_noise = int()? as u32,
        "piece_chance" => params.piece_chance = int()? as u32,
        "policy" => {
            params.policy = match value {
                "bare" => mcts::Policy::Bare,
                "greedy" => mcts::Policy::Greedy,
                "evaluation" => mcts::Policy::Evaluation,
                _ => return Err(format!("policy is bare or greedy, not {value}")),
            }
        }
        "prior_visits" => params.prior_visits = int()? as u32,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Sets the evaluation's weight `key` (a field of [`Weights`]); false if it has none of that
/// name.
fn set_weight(weights: &mut Weights, key: &str, value: &str, kv: &str) -> Result<bool, String> {
    match weights.by_name(key) {
        Some(weight) => {
            *weight = int(value, kv)?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// The searching bot with `numbers`.
pub fn bot_of(rng: hunters::rng::Stream, playouts: u32, numbers: &Numbers) -> MctsBot {
    let numbers = mcts::Numbers {
        params: numbers.params,
        weights: numbers.weights,
        judge: numbers.leaf.unwrap_or(numbers.weights),
    };
    MctsBot::with_numbers(rng, playouts, numbers)
}
