//! Variants: an edition of the rules, the tile sets it plays with, and its options.
//!
//! The built-in variants are the files in `variants/`, embedded in the binary; a variant may
//! also be read from any TOML file, whose tile sets may then be built-in names or paths
//! relative to that file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

pub use crate::edition::Edition;
use crate::error::{InputError, from_toml};
use crate::feature::TileFeatures;
use crate::options::{About, Options, Params, ScoutOptions};
use crate::ruleset::Ruleset;
use crate::tileset::{TileSet, read_input};

/// The built-in variants: name and TOML text.
// The files stay in the repository's `variants/`, where people and the tests read them too.
pub const BUILTIN: [(&str, &str); 5] = [
    ("2002", include_str!("../../../variants/2002.toml")),
    ("2014", include_str!("../../../variants/2014.toml")),
    ("2020", include_str!("../../../variants/2020.toml")),
    (
        "2002-scout",
        include_str!("../../../variants/2002-scout.toml"),
    ),
    (
        "2014-scout",
        include_str!("../../../variants/2014-scout.toml"),
    ),
];

/// A variant as read from its file, with its tile sets loaded.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub description: String,
    pub edition: Edition,
    /// The base tile set (start, regular and bonus decks).
    pub tiles: TileSet,
    /// Expansions switched on, by name.
    pub expansions: Vec<String>,
    /// The rule options in force: the edition's printed rules, then the file's `[options]`.
    pub options: Options,
    /// Where the variant was read from.
    pub source: String,
    /// The base set and every expansion's tiles in one set, built once when the variant is
    /// read (games share it), and the tiles' own features.
    playing: Arc<TileSet>,
    own: Arc<TileFeatures>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    name: String,
    description: String,
    edition: String,
    tiles: String,
    #[serde(default)]
    expansions: Vec<String>,
    #[serde(default)]
    options: toml::Table,
    #[serde(default)]
    scoring: toml::Table,
    #[serde(default)]
    supply: toml::Table,
}

impl Variant {
    /// A built-in variant by name, or else a variant file; either may be followed by
    /// `@key=value,key=value` to change options or numbers of the rules (`2020@mammoth=4`),
    /// as `simulate --sweep` names the variants it plays.
    pub fn load(name_or_path: &str) -> Result<Variant, InputError> {
        if let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name_or_path) {
            let label = format!("built-in variant \"{name_or_path}\"");
            return Variant::parse(text, &label, None);
        }
        let path = Path::new(name_or_path);
        if !path.exists()
            && let Some((base, changes)) = name_or_path.split_once('@')
        {
            let mut v = Variant::load(base)?;
            let mut said = Vec::new();
            for change in changes.split(',') {
                let (key, value) = change.split_once('=').ok_or_else(|| {
                    InputError::new(
                        name_or_path,
                        None,
                        format!("expected key=value after @, found {change:?}"),
                    )
                })?;
                let (key, value) = (key.trim(), value.trim());
                if crate::options::ScoutOptions::NAMES.contains(&key) && v.options.scout.is_none() {
                    return Err(InputError::new(
                        name_or_path,
                        None,
                        format!(
                            "{key} belongs to the Scout expansion, which {base} is played \
                             without; name a Scout variant instead, e.g. 2002-scout@{key}={value} \
                             or 2014-scout@{key}={value}"
                        ),
                    ));
                }
                let before = v.value_of(key);
                v.change(key, value)
                    .map_err(|m| InputError::new(name_or_path, None, m))?;
                said.push(match before {
                    Some(b) if b != v.value_of(key).unwrap_or_default() => {
                        format!(
                            "{key} = {} (printed: {b})",
                            v.value_of(key).unwrap_or_default()
                        )
                    }
                    _ => format!("{key} = {value}"),
                });
            }
            // A built-in variant goes by the name given; a file's by its own name.
            v.name = if BUILTIN.iter().any(|(n, _)| *n == base) {
                name_or_path.to_string()
            } else {
                format!("{}@{changes}", v.name)
            };
            let base_name = v.name.split('@').next().unwrap_or(base).to_string();
            v.description = format!("{base_name} with {}", said.join(", "));
            return Ok(v);
        }
        if !path.exists() {
            return Err(InputError::neither_builtin_nor_file(
                name_or_path,
                "variant",
                &BUILTIN,
            ));
        }
        let text = read_input(path)?;
        Variant::parse(&text, &path.display().to_string(), path.parent())
    }

    /// Parses a variant; tile-set paths are taken relative to `dir`.
    pub fn parse(text: &str, file: &str, dir: Option<&Path>) -> Result<Variant, InputError> {
        let raw: RawVariant = toml::from_str(text).map_err(|e| from_toml(file, text, &e))?;
        if raw.name.trim().is_empty() {
            return Err(InputError::new(
                file,
                text.lines()
                    .position(|l| l.trim_start().starts_with("name"))
                    .map(|i| i + 1),
                "name = \"\": give the variant a name; tables, JSON and reports show it",
            ));
        }
        let line_of_key = |key: &str| {
            text.lines()
                .position(|l| l.trim_start().starts_with(key))
                .map(|i| i + 1)
        };
        let edition = Edition::from_name(&raw.edition).ok_or_else(|| {
            InputError::new(
                file,
                line_of_key("edition"),
                format!(
                    "edition {:?} is unknown; expected 2002, 2014 or 2020",
                    raw.edition
                ),
            )
        })?;
        let tiles = load_tiles(&raw.tiles, dir).map_err(|e| match e {
            // A missing set is this file's fault; a broken one is the set's.
            Missing => InputError::new(
                file,
                line_of_key("tiles"),
                format!(
                    "tiles = {:?}: no built-in tile set has this name ({}) and no such file is \
                     beside this variant file",
                    raw.tiles,
                    crate::tileset::BUILTIN
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ),
            Broken(e) => e,
        })?;
        for e in &raw.expansions {
            if e != "scout" {
                return Err(InputError::new(
                    file,
                    line_of_key("expansions"),
                    format!("expansion {e:?} is unknown; the only expansion is \"scout\""),
                ));
            }
        }
        let mut options = Options::for_edition(edition);
        if raw.expansions.iter().any(|e| e == "scout") {
            if edition == Edition::E2020 {
                return Err(InputError::new(
                    file,
                    line_of_key("expansions"),
                    "the Scout expansion belongs to the first edition (2002, 2014); no \
                     published rules combine it with the 2020 edition",
                ));
            }
            options.scout = Some(ScoutOptions::default());
        }
        let mut playing = tiles.clone();
        for e in &raw.expansions {
            if let Some(extra) = TileSet::builtin(e) {
                playing = playing
                    .with_expansion(&extra)
                    .map_err(|e| InputError::new(file, line_of_key("expansions"), e.message))?;
            }
        }
        let mut variant = Variant {
            name: raw.name,
            description: raw.description,
            edition,
            tiles,
            expansions: raw.expansions,
            options,
            source: file.to_string(),
            own: Arc::new(TileFeatures::of(&playing.tiles)),
            playing: Arc::new(playing),
        };
        let text_of = |value: &toml::Value| match value {
            toml::Value::String(s) => s.clone(),
            toml::Value::Boolean(b) => b.to_string(),
            other => other.to_string(),
        };
        for (key, value) in &raw.options {
            if Params::info(key).is_some() {
                return Err(InputError::new(
                    file,
                    line_of_key(key),
                    format!(
                        "{key} is a number of the rules: it goes in the [{}] table",
                        Params::info(key).map_or("scoring", |i| i.table)
                    ),
                ));
            }
            variant
                .change(key, &text_of(value))
                .map_err(|msg| InputError::new(file, line_of_key(key), msg))?;
        }
        for (table, entries) in [("scoring", &raw.scoring), ("supply", &raw.supply)] {
            for (key, value) in entries {
                match Params::info(key) {
                    Some(info) if info.table != table => {
                        return Err(InputError::new(
                            file,
                            line_of_key(key),
                            format!("{key} belongs in the [{}] table, not [{table}]", info.table),
                        ));
                    }
                    Some(_) => {}
                    None => {
                        let names: Vec<&str> = Params::INFO
                            .iter()
                            .filter(|i| i.table == table)
                            .map(|i| i.name)
                            .collect();
                        return Err(InputError::new(
                            file,
                            line_of_key(key),
                            format!(
                                "[{table}] has no {key:?}; its keys are {}",
                                names.join(", ")
                            ),
                        ));
                    }
                }
                variant
                    .change(key, &text_of(value))
                    .map_err(|msg| InputError::new(file, line_of_key(key), msg))?;
            }
        }
        Ok(variant)
    }

    /// Changes one option or one number of the rules; an option about a special tile this
    /// variant's tiles do not show is refused (it could change nothing).
    pub fn change(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.options.set(key, value)?;
        if let Some(about) = About::of(key).filter(|a| !a.shown_in(&self.playing.tiles)) {
            return Err(format!(
                "option {key} is about the {} tile, and no tile of this variant (tile set {}) \
                 shows one; remove the option",
                about.name(),
                self.playing.name
            ));
        }
        Ok(())
    }

    /// The value of an option or a number of the rules in this variant, as a file writes it.
    pub fn value_of(&self, key: &str) -> Option<String> {
        self.options.params.get(key).or_else(|| {
            self.options
                .pairs()
                .into_iter()
                .find(|(n, _)| *n == key)
                .map(|(_, v)| v)
        })
    }

    /// The ruleset of this variant's edition with its options.
    pub fn ruleset(&self) -> Ruleset {
        ruleset(self.edition, self.options.clone())
    }

    /// The tiles a game of this variant is played with: the base set and every expansion's
    /// tiles in one set (the base set's tile indexes stay the same).
    pub fn playing_set(&self) -> Arc<TileSet> {
        Arc::clone(&self.playing)
    }

    /// The own features of the playing set's tiles (see [`TileFeatures`]), worked out once.
    pub(crate) fn own_features(&self) -> &Arc<TileFeatures> {
        &self.own
    }

    /// The tile sets in play: the base set, then one per expansion.
    pub fn tile_sets(&self) -> Vec<TileSet> {
        let mut sets = vec![self.tiles.clone()];
        for e in &self.expansions {
            if let Some(set) = TileSet::builtin(e) {
                sets.push(set);
            }
        }
        sets
    }
}

/// Why a variant's tile set could not be had.
enum TilesError {
    Missing,
    Broken(InputError),
}
use TilesError::{Broken, Missing};

fn load_tiles(name: &str, dir: Option<&Path>) -> Result<TileSet, TilesError> {
    if let Some(set) = TileSet::builtin(name) {
        return Ok(set);
    }
    let path: PathBuf = match dir {
        Some(d) => d.join(name),
        None => PathBuf::from(name),
    };
    if !path.is_file() {
        return Err(Missing);
    }
    TileSet::load_file(&path).map_err(Broken)
}

/// The ruleset of an edition with the given options.
pub fn ruleset(edition: Edition, options: Options) -> Ruleset {
    Ruleset::new(edition, options)
}
