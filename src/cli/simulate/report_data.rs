//! One run of `simulate` as every output reads it: what identifies the run, each variant's
//! tally and summary, and the run's comparisons and precision. It is also the `--json`
//! output, and what `--merge` reads back from the shards.

use hunters::compare::Tally;
use hunters::summary::{Comparisons, Precision, Simultaneous, Summary};
use serde::{Deserialize, Serialize};

/// A run: every output of `simulate` reads it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    #[serde(flatten)]
    pub stamp: crate::cli::common::Stamp,
    pub config: Config,
    /// `K/M` for one slice of a run; absent for a whole run.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shard: Option<String>,
    pub results: Vec<VariantResult>,
    pub comparisons: Comparisons,
    pub precision: Precision,
    /// Timing (not part of the results): games per second over all variants, wall time,
    /// and the time each bot took per move.
    pub games_per_second: f64,
    pub wall_seconds: f64,
    #[serde(default)]
    pub time_per_move: Vec<BotTime>,
}

/// Timing, not a result: the wall time a bot spent choosing its moves, measured in the
/// worker thread that played each game (one game at a time per thread, so one core's time
/// as long as `--jobs` is at most the cores).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotTime {
    pub bot: String,
    /// Moves it chose, over every seat, game and variant.
    pub moves: u64,
    /// Seconds it spent choosing them.
    pub seconds: f64,
    /// `seconds` over `moves`, in milliseconds.
    pub ms_per_move: f64,
}

impl BotTime {
    pub fn of(bot: String, moves: u64, seconds: f64) -> BotTime {
        BotTime {
            bot,
            moves,
            seconds,
            ms_per_move: if moves == 0 {
                0.0
            } else {
                1000.0 * seconds / moves as f64
            },
        }
    }

    /// The times of shards of one run, bot by bot: the seconds and moves summed, so the
    /// time per move is the whole run's.
    pub fn merge(into: &mut Vec<BotTime>, other: &[BotTime]) {
        for t in other {
            match into.iter_mut().find(|x| x.bot == t.bot) {
                Some(x) => {
                    *x = BotTime::of(x.bot.clone(), x.moves + t.moves, x.seconds + t.seconds)
                }
                None => into.push(t.clone()),
            }
        }
    }

    /// The times as one line of text: `mcts 4.1 ms, greedy 0.02 ms`.
    pub fn line(times: &[BotTime]) -> String {
        times
            .iter()
            .map(|t| format!("{} {} ms", t.bot, ms(t.ms_per_move)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Milliseconds to two significant digits (four at most before the point): 4.1, 0.035, 312.
fn ms(x: f64) -> String {
    let decimals = if x > 0.0 {
        (1 - x.log10().floor() as i32).max(0) as usize
    } else {
        0
    };
    format!("{x:.decimals$}")
}

/// What identifies a run; shards of one run share it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub variants: Vec<String>,
    /// The `--sweep` arguments that made `variants` (empty without a sweep).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub sweep: Vec<String>,
    pub games: u64,
    /// Distinct deals: `games` over the games per deal.
    pub deals: u64,
    /// Games per deal: the seats when they rotate, else 1.
    pub rotations: usize,
    #[serde(with = "crate::cli::common::seed_text")]
    pub seed: u64,
    pub bots: Vec<String>,
    pub rotate_seats: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VariantResult {
    pub variant: String,
    /// What a sweep set in this variant, key by key (empty for the reference and without a
    /// sweep).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub swept: Vec<Swept>,
    pub tally: Tally,
    pub summary: Summary,
}

/// One key a sweep set, and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swept {
    pub key: String,
    pub value: String,
}

impl Report {
    /// Seats per game in this run.
    pub fn seats(&self) -> usize {
        self.config.bots.len()
    }

    /// What part of the run this is, for a header: nothing for a whole run, ` (shard K/M)`
    /// for one slice, ` (slices …: a partial run)` for some slices merged with `--partial`.
    pub fn part(&self) -> String {
        match &self.shard {
            None => String::new(),
            Some(s) if s.contains('/') => format!(" (shard {s})"),
            Some(s) => format!(" (slices {s}: a partial run)"),
        }
    }

    /// Games per variant, and the distinct deals they were played from.
    pub fn games_and_deals(&self) -> (u64, u64) {
        self.results
            .first()
            .map_or((0, 0), |x| (x.tally.games, x.tally.deals))
    }

    /// What the paired intervals of the run are, for a table's heading.
    pub fn paired_intervals(&self) -> String {
        let c = &self.comparisons;
        match c.method {
            Simultaneous::Bonferroni if c.per_measure > 1 => format!(
                "Bonferroni: each column's {} intervals hold together at 95 %, each at {:.2} %",
                c.per_measure,
                100.0 * c.confidence_each
            ),
            _ if c.per_measure > 1 => format!(
                "95 % each of {} comparisons a column; --simultaneous bonferroni makes them \
                 hold together",
                c.per_measure
            ),
            _ => "95 % interval over deals".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn milliseconds_keep_two_significant_digits() {
        for (x, shown) in [
            (4.13, "4.1"),
            (0.0351, "0.035"),
            (0.000_52, "0.00052"),
            (312.4, "312"),
            (0.0, "0"),
        ] {
            assert_eq!(super::ms(x), shown);
        }
    }
}
