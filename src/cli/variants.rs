//! `hunters variants`: the built-in variants, one as TOML to start one's own, and every rule
//! option with its default per edition and the reason for it.

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::{Result, bail};
use comfy_table::Cell;
use hunters::Variant;
use hunters::bot::restrict::CLASSES;
use hunters::edition::Edition;
use hunters::options::{self, INFO, OptionInfo};
use hunters::params::Params;
use hunters::variant::BUILTIN;
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// Print the TOML of a variant (a built-in name, a variant file or NAME@key=value,…), with
    /// every number of the rules it can use at its value (to save and edit as your own
    /// variant file).
    #[arg(long, value_name = "NAME", conflicts_with = "options")]
    show: Option<String>,
    /// List every rule option: its values, its default in each edition, when it applies and
    /// what the rulebooks say.
    #[arg(long)]
    options: bool,
    /// List the classes of moves a bot can forgo (`--bots mcts/no-meadows`): what a
    /// strategy is worth is the restricted bot's result against the same bot unrestricted.
    #[arg(long, conflicts_with_all = ["show", "options"])]
    classes: bool,
    /// Print the variants and options as JSON (see docs/json.md).
    #[arg(long, conflicts_with = "show")]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    stamp: super::common::Stamp,
    variants: Vec<VariantRow>,
    options: Vec<OptionRow>,
    /// The numbers of the rules a variant file may change.
    params: Vec<ParamRow>,
    /// The classes of moves a bot can forgo.
    classes: Vec<ClassRow>,
}

#[derive(Serialize)]
struct ClassRow {
    name: &'static str,
    alias: Option<&'static str>,
    forgoes: &'static str,
}

#[derive(Serialize)]
struct VariantRow {
    name: String,
    edition: &'static str,
    description: String,
    tiles: String,
    expansions: Vec<String>,
}

#[derive(Serialize)]
struct OptionRow {
    name: &'static str,
    values: &'static [&'static str],
    /// By edition name; `None` where the option does not apply.
    defaults: BTreeMap<&'static str, Option<String>>,
    applies: &'static str,
    reason: &'static str,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if let Some(name) = &args.show {
        print!("{}", show(name)?);
        return Ok(ExitCode::SUCCESS);
    }
    let variants = builtins()?;
    if args.json {
        let report = Report {
            stamp: super::common::Stamp::now(),
            variants: variants.iter().map(variant_row).collect(),
            options: INFO.iter().map(|i| option_row(i, &variants)).collect(),
            params: Params::INFO.iter().map(param_row).collect(),
            classes: CLASSES
                .iter()
                .map(|&(_, name, alias, forgoes)| ClassRow {
                    name,
                    alias,
                    forgoes,
                })
                .collect(),
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else if args.classes {
        print_classes();
    } else if args.options {
        print_options(&variants);
    } else {
        print_variants(&variants);
    }
    Ok(ExitCode::SUCCESS)
}

/// The TOML of any variant a command takes: a built-in one with every number of the rules
/// at its printed value, a variant file as it is, and `NAME@key=value,…` as its base with the
/// changes written in.
pub(super) fn show(name: &str) -> Result<String> {
    let variant = Variant::load(name)?;
    if let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name) {
        return Ok(format!("{text}{}", params_toml(&variant)));
    }
    if std::path::Path::new(name).exists() {
        return Ok(std::fs::read_to_string(name)?);
    }
    let Some((base, _)) = name.split_once('@') else {
        bail!(
            "no built-in variant is called {name:?}; the built-in variants are {} \
             (`hunters variants` lists them)",
            names().join(", ")
        );
    };
    let builtin = BUILTIN.iter().find(|(n, _)| *n == base).map(|(_, t)| *t);
    let text = match builtin {
        Some(t) => format!("{t}{}", params_toml(&Variant::load(base)?)),
        None => std::fs::read_to_string(base)?,
    };
    // Each line that sets a key gets the variant's value (its comment kept); the name and
    // description are the variant's.
    let mut out = String::new();
    for line in text.lines() {
        let key = line.split_once('=').map(|(k, _)| k.trim());
        let value = match key {
            Some("name") => Some(format!("{:?}", variant.name)),
            Some("description") => Some(format!("{:?}", variant.description)),
            Some(k) if !line.trim_start().starts_with('#') => {
                variant.value_of(k).map(|v| match v.parse::<u32>() {
                    Ok(_) => v,
                    Err(_) if v == "true" || v == "false" => v,
                    Err(_) => format!("{v:?}"),
                })
            }
            _ => None,
        };
        match (key, value) {
            (Some(k), Some(v)) => {
                let set = format!("{k} = {v}");
                match line.find(" #") {
                    // The comment stays in its column.
                    Some(i) => {
                        let at = line[i..].find('#').map_or(i + 1, |j| i + j);
                        let width = at.max(set.len() + 1);
                        out.push_str(&format!("{set:<width$}{}", &line[at..]));
                    }
                    None => out.push_str(&set),
                }
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    Ok(out)
}

/// Whether a number of the rules can change a game of this variant: the Scout's numbers only
/// with the Scout expansion.
fn param_applies(name: &str, v: &Variant) -> bool {
    match name {
        "bear" | "agriculture" | "dugout" => v.options.scout.is_some(),
        _ => true,
    }
}

/// Every number of the rules as the variant's `[scoring]` and `[supply]` tables, at its
/// values, each with what it means: a starting point for a designer's own variant.
fn params_toml(v: &Variant) -> String {
    let mut out = format!(
        "\n# The numbers of the rules, as edition {} prints them; change any of them\n\
         # (docs/variant-format.md). A log records those that differ from the printed ones.\n",
        v.edition.name()
    );
    for table in ["scoring", "supply"] {
        out.push_str(&format!("\n[{table}]\n"));
        for info in Params::INFO
            .iter()
            .filter(|i| i.table == table && param_applies(i.name, v))
        {
            let value = v.options.params.get(info.name).unwrap_or_default();
            let line = format!("{} = {value}", info.name);
            out.push_str(&format!("{line:<22}# {}\n", info.meaning));
        }
    }
    out
}

#[derive(Serialize)]
struct ParamRow {
    name: &'static str,
    table: &'static str,
    meaning: &'static str,
    min: u32,
    max: u32,
    /// The printed value by edition name.
    defaults: BTreeMap<&'static str, String>,
}

fn param_row(info: &hunters::params::ParamInfo) -> ParamRow {
    ParamRow {
        name: info.name,
        table: info.table,
        meaning: info.meaning,
        min: info.min,
        max: info.max,
        defaults: Edition::ALL
            .into_iter()
            .map(|e| {
                let printed = Params::for_edition(e).get(info.name).unwrap_or_default();
                (e.name(), printed)
            })
            .collect(),
    }
}

fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

fn builtins() -> Result<Vec<Variant>> {
    Ok(BUILTIN
        .iter()
        .map(|(n, _)| Variant::load(n))
        .collect::<Result<_, _>>()?)
}

fn variant_row(v: &Variant) -> VariantRow {
    VariantRow {
        name: v.name.clone(),
        edition: v.edition.name(),
        description: v.description.clone(),
        tiles: v.tiles.name.clone(),
        expansions: v.expansions.clone(),
    }
}

/// The default of an option in an edition: that of the edition's built-in variant, with the
/// Scout expansion for a Scout option; `None` where it cannot change a game.
fn default_in(info: &OptionInfo, edition: Edition, variants: &[Variant]) -> Option<String> {
    let scout = options::ScoutOptions::NAMES.contains(&info.name);
    let v = variants
        .iter()
        .find(|v| v.edition == edition && v.expansions.is_empty() != scout)?;
    if !options::applies(info.name, &v.playing_set().tiles) {
        return None;
    }
    v.options
        .pairs()
        .into_iter()
        .find(|(n, _)| *n == info.name)
        .map(|(_, value)| value)
}

fn option_row(info: &OptionInfo, variants: &[Variant]) -> OptionRow {
    OptionRow {
        name: info.name,
        values: info.values,
        defaults: Edition::ALL
            .into_iter()
            .map(|e| (e.name(), default_in(info, e, variants)))
            .collect(),
        applies: info.applies,
        reason: info.reason,
    }
}

fn print_classes() {
    let mut t = super::common::prose_table();
    t.set_header(vec!["class", "also", "the bot"]);
    for (_, name, alias, forgoes) in CLASSES {
        t.add_row(vec![name, alias.unwrap_or(""), forgoes]);
    }
    println!("{t}");
    println!(
        "{}",
        super::common::wrap(
            "Add /CLASS to a bot to have it forgo those moves, as many as you like: --bots \
             mcts/no-meadows,mcts. A person (human) takes no restriction; an exec: program is \
             never offered the moves (its `choose` message leaves them out), and only these \
             names are read from the end of its command. The 2020 menhir tiles offer one \
             choice, the shaman's recall (no-shaman); the others act on their own. `hunters \
             ladder --without CLASS,…` measures what each is worth."
        )
    );
}

fn print_variants(variants: &[Variant]) {
    let mut t = super::common::prose_table();
    t.set_header(vec!["variant", "edition", "tiles", "description"]);
    for v in variants {
        let tiles = if v.expansions.is_empty() {
            v.tiles.name.clone()
        } else {
            format!("{} + {}", v.tiles.name, v.expansions.join(" + "))
        };
        t.add_row(vec![
            Cell::new(&v.name),
            Cell::new(v.edition.name()),
            Cell::new(tiles),
            Cell::new(&v.description),
        ]);
    }
    println!("{t}");
    println!(
        "{}",
        super::common::wrap(
            "Play one with --variant NAME. `hunters variants --show NAME > mine.toml` prints \
             one to start your own variant file (docs/variant-format.md); `hunters variants \
             --options` lists the rule options it may set."
        )
    );
}

fn print_options(variants: &[Variant]) {
    for info in &INFO {
        let defaults: Vec<String> = Edition::ALL
            .into_iter()
            .map(|e| {
                let d = default_in(info, e, variants).unwrap_or_else(|| "–".to_string());
                format!("{} {d}", e.name())
            })
            .collect();
        println!("{}", info.name);
        println!(
            "{}",
            super::common::wrap(&format!(
                "  values: {}; default: {}; applies: {}",
                info.values.join(", "),
                defaults.join(", "),
                info.applies
            ))
        );
        println!("{}", super::common::wrap(&format!("  {}", info.reason)));
        println!();
    }
    println!(
        "{}",
        super::common::wrap(
            "Set an option in the [options] table of a variant file, e.g. count-unit = \"tile\"; \
             – marks an edition whose tiles or expansions the option has nothing to do with."
        )
    );
}
