//! `ladder --shard K/M --json` and `ladder --merge FILE…`: a slice keeps each of its deals'
//! raw results, and the merge joins every slice's deals in deal order and summarizes them as
//! a whole run does. The bootstrap resamples whole deals from the master seed's stream, so
//! the figures match the unsharded run's only when every deal is there, in its place; a
//! merge refuses anything else rather than print figures that look right and are not.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use hunters::bot::{BotKind, Class};
use hunters::ladder::{Deal, Ladder};
use serde::{Deserialize, Serialize};

use super::output::{Output, by_variant, output};
use crate::cli::common::{Stamp, parse_shard, seed_text, shard_deals};

/// What identifies a run: the slices of one run share it. Only what changes a figure is here
/// (not `--jobs`, nor `--bot-timeout`, which only decides whether a slow program fails).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Config {
    /// The variants as given (built-in names or files).
    pub(super) variants: Vec<String>,
    #[serde(with = "seed_text")]
    pub(super) seed: u64,
    /// Deals per variant in the whole run: `--games` rounded up to whole deals, halved.
    pub(super) deals: u64,
    pub(super) bots: Vec<String>,
    pub(super) step: f64,
    pub(super) replays: u32,
    /// The rung (from 0) whose bot plays the next one for the luck figures, or none.
    pub(super) luck: Option<usize>,
    /// The classes of `--without`, by their names.
    pub(super) without: Vec<String>,
}

impl Config {
    /// The arguments that differ from `other`'s, as the command line names them.
    fn differences(&self, other: &Config) -> Vec<&'static str> {
        [
            (self.variants != other.variants, "the variants"),
            (self.deals != other.deals, "--games"),
            (self.seed != other.seed, "--seed"),
            (self.bots != other.bots, "--bots"),
            (self.step != other.step, "--step"),
            (self.replays != other.replays, "--replays"),
            (self.luck != other.luck, "--luck"),
            (self.without != other.without, "--without"),
        ]
        .into_iter()
        .filter_map(|(differs, what)| differs.then_some(what))
        .collect()
    }

    /// The games the run plays, as `run` planned them.
    fn plan(&self, file: &Path) -> Result<Ladder> {
        let bots: Vec<BotKind> = self
            .bots
            .iter()
            .map(|b| b.parse())
            .collect::<Result<_, String>>()
            .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        let strategies: Vec<Class> = self
            .without
            .iter()
            .map(|c| Class::named(c))
            .collect::<Option<_>>()
            .with_context(|| format!("{}: an unknown class in `without`", file.display()))?;
        let ladder_ok = bots.len() >= 2 || (bots.len() == 1 && !strategies.is_empty());
        let luck_ok = self.luck.is_none_or(|l| l + 1 < bots.len());
        if !ladder_ok || !luck_ok || self.deals == 0 || self.replays == 0 {
            bail!(
                "{}: its `config` is not one a run of hunters ladder writes; play the shards \
                 again",
                file.display()
            );
        }
        Ok(Ladder {
            bots,
            luck: self.luck,
            replays: self.replays,
            strategies,
        })
    }
}

/// One slice of a run: the `--shard K/M --json` output, and what `--merge` reads back.
#[derive(Serialize, Deserialize)]
struct Slice {
    #[serde(flatten)]
    stamp: Stamp,
    command: String,
    /// `K/M`.
    shard: String,
    config: Config,
    wall_seconds: f64,
    variants: Vec<SliceVariant>,
}

#[derive(Serialize, Deserialize)]
struct SliceVariant {
    variant: String,
    deals: Vec<Numbered>,
}

/// A deal's results with its index in the whole run.
#[derive(Serialize, Deserialize)]
struct Numbered {
    deal: u64,
    #[serde(flatten)]
    results: Deal,
}

/// Prints slice `k` of `m`: the deals `mine` of every variant, played in `played`.
pub(super) fn print(
    config: Config,
    (k, m): (u64, u64),
    mine: &[u64],
    played: Vec<(String, Vec<Deal>)>,
    wall: f64,
) -> Result<ExitCode> {
    // The merge summarizes at this very step; a value that JSON would not give back exactly
    // would shift every depth figure by a hair.
    let again: f64 = serde_json::from_str(&serde_json::to_string(&config.step)?)?;
    if again != config.step {
        bail!(
            "--step {}: give it with fewer digits, so that the shards' files keep it exactly",
            config.step
        );
    }
    let slice = Slice {
        stamp: Stamp::now(),
        command: "ladder".to_string(),
        shard: format!("{k}/{m}"),
        config,
        wall_seconds: wall,
        variants: played
            .into_iter()
            .map(|(variant, deals)| SliceVariant {
                variant,
                deals: mine
                    .iter()
                    .zip(deals)
                    .map(|(&deal, results)| Numbered { deal, results })
                    .collect(),
            })
            .collect(),
    };
    println!("{}", serde_json::to_string_pretty(&slice)?);
    Ok(ExitCode::SUCCESS)
}

/// A slice file, refused unless this version wrote it as a shard of a ladder.
fn read(path: &Path) -> Result<Slice> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("{shown}: cannot read"))?;
    let value: serde_json::Value = serde_json::from_str(&text).with_context(|| {
        format!("{shown}: not JSON; give the files of `hunters ladder --shard`")
    })?;
    if value["command"] != "ladder" {
        bail!(
            "{shown}: not the output of `hunters ladder --shard K/M --json`; give only the \
             ladder's shards"
        );
    }
    let now = Stamp::now();
    let version = value["version"].as_str().unwrap_or("an unknown version");
    if version != now.version || value["schema"] != now.schema {
        bail!(
            "{shown}: written by hunters {version} (JSON schema {}), and this is hunters {} \
             (schema {}); merge with the version that played the shards, or play them again \
             with this one",
            value["schema"],
            now.version,
            now.schema
        );
    }
    if value.get("shard").is_none() {
        bail!(
            "{shown}: a whole run (`hunters ladder --json` without --shard), not a shard; merge \
             the files of `hunters ladder … --shard K/M --json`, one per slice"
        );
    }
    serde_json::from_value(value)
        .with_context(|| format!("{shown}: not a shard that hunters ladder wrote"))
}

/// The run as its first slice file says it: every other slice must agree.
struct Run<'a> {
    file: &'a Path,
    config: Config,
    plan: Ladder,
    variants: Vec<String>,
    shards: u64,
}

/// `--merge`: the whole run from the slices in `paths`, to be printed as a run prints it.
pub(super) fn merge(paths: &[PathBuf]) -> Result<Output> {
    let mut known: Option<Run> = None;
    let mut seen: BTreeMap<u64, &Path> = BTreeMap::new();
    // Every variant's deals, each in its place in the whole run.
    let mut joined: Vec<Vec<Option<Deal>>> = Vec::new();
    let mut wall = 0.0;
    for path in paths {
        let shown = path.display();
        let slice = read(path)?;
        let (k, m) = parse_shard(&slice.shard).with_context(|| format!("{shown}: its shard"))?;
        let variants: Vec<String> = slice.variants.iter().map(|v| v.variant.clone()).collect();
        let run = match &mut known {
            Some(run) => run,
            None => {
                let plan = slice.config.plan(path)?;
                joined = vec![vec![None; slice.config.deals as usize]; variants.len()];
                known.insert(Run {
                    file: path,
                    config: slice.config.clone(),
                    plan,
                    variants: variants.clone(),
                    shards: m,
                })
            }
        };
        let first = run.file.display();
        if m != run.shards {
            bail!(
                "{shown}: shard {k}/{m} of a run split in {m}, and {first} is of a run split in \
                 {}; merge the shards of one split",
                run.shards
            );
        }
        let mut differ = slice.config.differences(&run.config);
        if differ.is_empty() && variants != run.variants {
            differ.push("the variants' files");
        }
        if !differ.is_empty() {
            bail!(
                "{shown}: a shard of another run than {first}: {} differ; merge the shards of \
                 one run, each played with the same arguments but --shard",
                differ.join(", ")
            );
        }
        if variants.len() != run.config.variants.len() {
            bail!("{shown}: not every variant of the run is there; play shard {k}/{m} again");
        }
        if let Some(other) = seen.insert(k, path) {
            bail!(
                "{shown}: shard {k}/{m} again (also {}); give each shard once",
                other.display()
            );
        }
        let expected = shard_deals(run.config.deals, k, m);
        for (v, variant) in slice.variants.into_iter().enumerate() {
            let indices: Vec<u64> = variant.deals.iter().map(|d| d.deal).collect();
            if indices != expected {
                bail!(
                    "{shown}: {} does not hold the deals of shard {k}/{m}; the file was cut or \
                     changed: play shard {k}/{m} again",
                    variant.variant
                );
            }
            for Numbered { deal, results } in variant.deals {
                if !fits(&results, &run.plan) {
                    bail!(
                        "{shown}: deal {deal} of {} holds other games than the run plays; play \
                         shard {k}/{m} again",
                        variant.variant
                    );
                }
                joined[v][deal as usize] = Some(results);
            }
        }
        wall += slice.wall_seconds;
    }
    let Some(run) = known else {
        bail!("--merge needs the files of the shards");
    };
    let total = run.shards;
    let missing: Vec<String> = (1..=total)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{total}"))
        .collect();
    if !missing.is_empty() {
        bail!(
            "shard {} missing: {} is one of {total} shards of its run, and every one is needed; \
             play the missing ones (`--shard K/{total} --json`, the other arguments the same) \
             and merge them all",
            missing.join(", "),
            run.file.display()
        );
    }
    let config = run.config;
    let variants = run
        .variants
        .iter()
        .zip(joined)
        .map(|(name, deals)| {
            let deals: Vec<Deal> = deals
                .into_iter()
                .collect::<Option<_>>()
                .context("a deal of the run is in no shard")?;
            Ok(by_variant(
                name,
                &deals,
                &run.plan,
                &config.bots,
                config.step,
                config.seed,
            ))
        })
        .collect::<Result<_>>()?;
    let out = output(
        config.seed,
        config.deals,
        config.bots,
        config.step,
        config.replays,
        wall,
        variants,
    );
    Ok(out)
}

/// Whether a deal holds the games `plan` plays on it, so that summarizing cannot index past
/// them.
fn fits(deal: &Deal, plan: &Ladder) -> bool {
    let rungs = plan.bots.len();
    let replays = if plan.luck.is_some() {
        plan.replays as usize
    } else {
        0
    };
    deal.steps.len() == rungs - 1
        && deal.mirror.len() == rungs
        && deal.replays.len() == replays
        && deal.strategies.len() == plan.strategies.len()
}
