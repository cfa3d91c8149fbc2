//! The run by level as every printer reads it and `--merge` reads back ([`Run`]), and the
//! cells the text and the HTML tables both show.

use hunters::levels::{AnswerSummary, Levels, Tolerances, Unit, Verdict};
use hunters::summary::Interval;
use serde::{Deserialize, Serialize};

use super::super::report_data::BotTime;
use crate::cli::common::{Shard, Stamp, seed_text};

/// A run by level: what `--json` prints, every printer reads and `--merge` reads back.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Run {
    #[serde(flatten)]
    pub stamp: Stamp,
    pub command: String,
    pub config: Config,
    /// `K/M` for one slice of a run; absent for a whole run.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shard: Option<String>,
    /// The distinct deals every figure rests on.
    pub deals: u64,
    pub tolerance: Tolerances,
    pub answers: Vec<AnswerSummary>,
    /// The raw sums, deal by deal, that shards merge.
    pub tally: Levels,
    /// Timing, not results.
    pub wall_seconds: f64,
    pub time_per_move: Vec<BotTime>,
}

/// What identifies a run; shards of one run share it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The variants as given; the first is the reference of the paired differences.
    pub variants: Vec<String>,
    /// The levels' bots, weakest first.
    pub levels: Vec<String>,
    /// The classes of moves whose worth is measured.
    pub without: Vec<String>,
    /// Deals: each level plays every deal once per variant in self-play, and once per
    /// seating per class.
    pub games: u64,
    pub players: usize,
    #[serde(with = "seed_text")]
    pub seed: u64,
}

impl Shard for Run {
    const WHAT: &'static str = "the --json output of hunters simulate --levels";
    const RUN: &'static str = "variants, levels, classes, games, players or seed differ";

    fn stamp(&self) -> &Stamp {
        &self.stamp
    }

    fn shard(&self) -> Option<&str> {
        self.shard.as_deref()
    }

    fn same_run(&self, other: &Self) -> bool {
        self.command == other.command
            && self.config == other.config
            && self.tally.levels == other.tally.levels
            && self.tally.answers.len() == other.tally.answers.len()
            && (self.tally.answers.iter())
                .zip(&other.tally.answers)
                .all(|(a, b)| a.answer == b.answer)
    }

    fn add(&mut self, other: Self) {
        self.tally.merge(&other.tally);
        self.wall_seconds += other.wall_seconds;
        BotTime::merge(&mut self.time_per_move, &other.time_per_move);
    }

    fn mark(&mut self, part: Option<String>) {
        self.shard = part;
    }
}

/// An answer's value at one level, in its unit, as the table shows it.
pub(super) fn cell(unit: Unit, i: &Interval) -> String {
    match unit {
        Unit::Points => format!("{:+.2} ± {:.2}", i.value, (i.high - i.low) / 2.0),
        Unit::Percent => format!("{:.1} % ({:.1}–{:.1})", i.value, i.low, i.high),
        Unit::PercentagePoints => {
            format!("{:+.1} ({:+.1} to {:+.1})", i.value, i.low, i.high)
        }
    }
}

/// The step at the top, in points or percentage points.
pub(super) fn step_cell(unit: Unit, i: &Interval) -> String {
    let half = (i.high - i.low) / 2.0;
    match unit {
        Unit::Points => format!("{:+.2} ± {:.2}", i.value, half),
        Unit::Percent | Unit::PercentagePoints => format!("{:+.1} ± {:.1} pp", i.value, half),
    }
}

/// A verdict in a few words, for a table's cell: with the deals that would tell when it is
/// not yet known.
pub(super) fn verdict_cell(a: &AnswerSummary) -> String {
    match (a.verdict, a.deals_needed) {
        (Verdict::Settled, _) => "settled at the top".to_string(),
        (Verdict::StillMoving, _) => "still moving".to_string(),
        (Verdict::NotYetKnown, Some(n)) => format!("not yet known: ~{n} deals"),
        (Verdict::NotYetKnown, None) => "not yet known: play 2+ deals".to_string(),
    }
}

/// What each verdict of the run means and what to do about it, one sentence each, after
/// the table.
pub(super) fn legend(run: &Run) -> Vec<String> {
    let levels = &run.config.levels;
    let (top, second) = (&levels[levels.len() - 1], &levels[levels.len() - 2]);
    let t = &run.tolerance;
    let said = [
        format!(
            "Settled at the top: {top} and {second} agree, the step between them holding 0 \
             within ± {} points or ± {} percentage points; quote {top}'s value as the answer.",
            t.points, t.percentage_points
        ),
        format!(
            "Still moving: {top} differs from {second} (the step's interval leaves out 0); \
             quote the answer with the level it was measured at, or add a stronger level."
        ),
        format!(
            "Not yet known: the step holds 0 but is wider than that; run about the deals shown \
             (--games N, now {}) to tell settled from moving.",
            run.deals
        ),
    ];
    [Verdict::Settled, Verdict::StillMoving, Verdict::NotYetKnown]
        .into_iter()
        .zip(said)
        .filter(|(v, _)| run.answers.iter().any(|a| a.verdict == *v))
        .map(|(_, line)| line)
        .collect()
}
