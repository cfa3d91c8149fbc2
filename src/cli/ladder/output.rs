//! What a ladder run comes to, as every output reads it: the whole run, and each variant's
//! summary. A run and `--merge` both build it here, so that they print the same.

use hunters::ladder::{self, Deal, Ladder, Summary};
use serde::Serialize;

use crate::cli::common::{Stamp, seed_text};

/// The JSON output.
#[derive(Serialize)]
pub(super) struct Output {
    #[serde(flatten)]
    pub(super) stamp: Stamp,
    pub(super) command: &'static str,
    #[serde(with = "seed_text")]
    pub(super) seed: u64,
    pub(super) games_per_pair: u64,
    pub(super) deals: u64,
    pub(super) bots: Vec<String>,
    pub(super) step: f64,
    pub(super) replays: u32,
    pub(super) wall_seconds: f64,
    pub(super) variants: Vec<ByVariant>,
}

/// One variant's figures.
#[derive(Serialize)]
pub(super) struct ByVariant {
    pub(super) variant: String,
    #[serde(flatten)]
    pub(super) summary: Summary,
}

/// The figures of one variant from all its deals, in deal order. A whole run and `--merge`
/// both summarize here, with the master seed that draws the bootstrap, so that they agree.
pub(super) fn by_variant(
    variant: &str,
    deals: &[Deal],
    plan: &Ladder,
    names: &[String],
    step: f64,
    seed: u64,
) -> ByVariant {
    ByVariant {
        variant: variant.to_string(),
        summary: ladder::summarize(deals, plan, names, step, seed),
    }
}

/// The whole run, as a run and `--merge` both print it.
pub(super) fn output(
    seed: u64,
    deals: u64,
    bots: Vec<String>,
    step: f64,
    replays: u32,
    wall: f64,
    variants: Vec<ByVariant>,
) -> Output {
    Output {
        stamp: Stamp::now(),
        command: "ladder",
        seed,
        games_per_pair: 2 * deals,
        deals,
        bots,
        step,
        replays,
        wall_seconds: wall,
        variants,
    }
}
