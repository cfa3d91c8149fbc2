//! `hunters tiles`: the tile set of a variant as a table.

use std::process::ExitCode;

use anyhow::Result;
use comfy_table::{Cell, CellAlignment};
use hunters::tile::{LakeSpecial, MeadowSpecial};
use hunters::{Deck, TileSet, Variant};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant (2002, 2014, 2020, 2002-scout, 2014-scout) or a variant TOML file.
    #[arg(
        long,
        value_name = "NAME|FILE",
        default_value = "2020",
        conflicts_with = "tile_set"
    )]
    variant: String,
    /// List one tile set instead: a built-in set (menhir, classic, scout) or a tile-set TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    tile_set: Option<String>,
    /// Leave out the table of tiles; print only the totals.
    #[arg(long)]
    totals: bool,
    /// Print every tile as JSON — its sides, zones (with the names moves give them) and
    /// contents — for programs (docs/json.md).
    #[arg(long, conflicts_with = "totals")]
    json: bool,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let (sets, variant) = match &args.tile_set {
        Some(name) => (vec![TileSet::load(name)?], None),
        None => {
            let variant = Variant::load(&args.variant)?;
            (variant.tile_sets(), Some(variant))
        }
    };
    if args.json {
        let json = serde_json::json!({
            "schema": super::common::JSON_SCHEMA,
            "version": env!("CARGO_PKG_VERSION"),
            "variant": variant.as_ref().map(|v| v.name.clone()),
            "sets": sets.iter().map(set_json).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(variant) = &variant {
        let line = format!(
            "Variant {}: {} (edition {})",
            variant.name, variant.description, variant.edition
        );
        println!("{}", super::common::wrap(&line));
    }
    for set in &sets {
        print_set(set, args.totals);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_set(set: &TileSet, totals_only: bool) {
    println!();
    println!(
        "{}",
        super::common::wrap(&format!("Tile set {}: {}", set.name, set.description))
    );
    println!(
        "{}",
        super::common::wrap(&format!("Source: {}", set.source))
    );
    println!(
        "{}",
        super::common::wrap(&format!("Provenance: {}", set.provenance))
    );
    if !totals_only {
        let mut t = super::common::prose_table();
        t.set_header(vec!["id", "deck", "count", "sides NESW", "zones"]);
        for tile in &set.tiles {
            let mut zones = tile.describe();
            if let Some(name) = &tile.name {
                zones = format!("[{name}] {zones}");
            }
            t.add_row(vec![
                Cell::new(&tile.id),
                Cell::new(deck_name(set, tile.deck)),
                Cell::new(tile.count).set_alignment(CellAlignment::Right),
                Cell::new(tile.sides_code()),
                Cell::new(zones),
            ]);
        }
        println!("{t}");
    }
    // One column per deck, so that the table fits a terminal however many counts it shows.
    let decks: Vec<Deck> = Deck::ALL
        .into_iter()
        .filter(|d| set.count(*d) > 0)
        .collect();
    let mut columns: Vec<Totals> = decks.iter().map(|d| Totals::of(set, Some(*d))).collect();
    let mut all = Totals::default();
    for c in &columns {
        all.add(c);
    }
    columns.push(all);
    let mut t = super::common::prose_table();
    let mut header = vec![Cell::new("")];
    header.extend(decks.iter().map(|d| Cell::new(deck_name(set, *d))));
    header.push(Cell::new("all"));
    t.set_header(header);
    let mut tiles = vec![Cell::new("tiles")];
    tiles.extend(columns.iter().map(|c| Cell::new(c.tiles)));
    t.add_row(tiles);
    for (i, name) in COUNTS.iter().enumerate() {
        let mut row = vec![Cell::new(name)];
        row.extend(columns.iter().map(|c| Cell::new(c.counts[i])));
        t.add_row(row);
    }
    for i in 1..=columns.len() {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    println!("{t}");
    for (d, c) in decks.iter().zip(&columns) {
        if !c.specials.is_empty() {
            let line = format!(
                "Specials, {} deck: {}",
                deck_name(set, *d),
                c.special_list()
            );
            println!("{}", super::common::wrap(&line));
        }
    }
    let decks: Vec<String> = Deck::ALL
        .iter()
        .filter(|d| set.count(**d) > 0)
        .map(|d| format!("{} {}", set.count(*d), deck_name(set, *d)))
        .collect();
    println!("Decks: {}", decks.join(" + "));
}

/// A tile set for programs: every tile with its sides and zones, each zone with the name a
/// move gives it (at rotation 0) and its contents.
fn set_json(set: &TileSet) -> serde_json::Value {
    use hunters::tile::{RiverEnd, ZoneKind, ZoneRef};
    use serde_json::json;
    let r0 = hunters::Rotation(0);
    let tiles: Vec<serde_json::Value> = set
        .tiles
        .iter()
        .map(|t| {
            let zone = |kind, i: usize| {
                hunters::notation::zone_name(t, r0, ZoneRef {
                    kind,
                    index: i as u8,
                })
            };
            let forests: Vec<_> = t
                .forests
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    json!({
                        "zone": zone(ZoneKind::Forest, i),
                        "sides": f.ports.describe(),
                        "nuggets": f.nuggets,
                        "menhirs": f.menhirs,
                        "mushrooms": f.mushrooms,
                    })
                })
                .collect();
            let meadows: Vec<_> = t
                .meadows
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    json!({
                        "zone": zone(ZoneKind::Meadow, i),
                        "sides": m.ports.describe(),
                        "deer": m.animals.deer,
                        "aurochs": m.animals.aurochs,
                        "mammoths": m.animals.mammoths,
                        "tigers": m.animals.tigers,
                        "bears": m.animals.bears,
                        "specials": MeadowSpecial::ALL
                            .iter()
                            .filter(|s| m.has(**s))
                            .map(|s| s.name())
                            .collect::<Vec<_>>(),
                    })
                })
                .collect();
            let rivers: Vec<_> = t
                .rivers
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    json!({
                        "zone": zone(ZoneKind::River, i),
                        "sides": r.ports.describe(),
                        "fish": r.fish,
                        "ends": r.ends.iter().map(|e| match e {
                            RiverEnd::Lake(l) => t.lakes[usize::from(*l)].name.clone(),
                            RiverEnd::Spring => "spring".to_string(),
                            RiverEnd::Forest => "forest".to_string(),
                        }).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let lakes: Vec<_> = t
                .lakes
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    json!({
                        "zone": zone(ZoneKind::Lake, i),
                        "fish": l.fish,
                        "specials": LakeSpecial::ALL
                            .iter()
                            .filter(|s| l.has(**s))
                            .map(|s| s.name())
                            .collect::<Vec<_>>(),
                    })
                })
                .collect();
            let spots: Vec<_> = t
                .spots
                .iter()
                .map(|s| {
                    json!({
                        "spot": s.name,
                        "piece": hunters::notation::piece_name(s.piece),
                        "zones": s.zones.iter().map(|z| zone(z.kind, usize::from(z.index))).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({
                "id": t.id,
                "name": t.name,
                "deck": deck_name(set, t.deck),
                "count": t.count,
                "sides": t.sides_code(),
                "forests": forests,
                "meadows": meadows,
                "rivers": rivers,
                "lakes": lakes,
                "spots": spots,
                "description": t.describe(),
            })
        })
        .collect();
    json!({
        "name": set.name,
        "description": set.description,
        "provenance": set.provenance,
        "tiles": tiles,
    })
}

fn deck_name(set: &TileSet, deck: Deck) -> &str {
    match deck {
        Deck::Bonus => &set.bonus_name,
        d => d.word(),
    }
}

/// What [`Totals::counts`] counts, in order.
const COUNTS: [&str; 11] = [
    "deer",
    "aurochs",
    "mammoths",
    "tigers",
    "bears",
    "lakes",
    "lake fish",
    "river fish",
    "nuggets",
    "menhirs",
    "mushrooms",
];

#[derive(Default)]
struct Totals {
    tiles: usize,
    counts: [usize; 11],
    specials: Vec<String>,
}

impl Totals {
    fn of(set: &TileSet, deck: Option<Deck>) -> Totals {
        let mut t = Totals::default();
        for tile in set
            .tiles
            .iter()
            .filter(|t| deck.is_none_or(|d| t.deck == d))
        {
            let n = usize::from(tile.count);
            t.tiles += n;
            let mut c = [0usize; 11];
            for m in &tile.meadows {
                c[0] += usize::from(m.animals.deer);
                c[1] += usize::from(m.animals.aurochs);
                c[2] += usize::from(m.animals.mammoths);
                c[3] += usize::from(m.animals.tigers);
                c[4] += usize::from(m.animals.bears);
                for s in MeadowSpecial::ALL {
                    if m.has(s) {
                        t.specials.push(s.name().to_string());
                    }
                }
            }
            c[5] += tile.lakes.len();
            for l in &tile.lakes {
                c[6] += usize::from(l.fish);
                for s in LakeSpecial::ALL {
                    if l.has(s) {
                        t.specials.push(s.name().to_string());
                    }
                }
            }
            c[7] += tile
                .rivers
                .iter()
                .map(|r| usize::from(r.fish))
                .sum::<usize>();
            for f in &tile.forests {
                c[8] += usize::from(f.nuggets);
                c[9] += usize::from(f.menhirs);
                c[10] += usize::from(f.mushrooms);
            }
            for (x, y) in t.counts.iter_mut().zip(c) {
                *x += y * n;
            }
        }
        t
    }

    fn add(&mut self, o: &Totals) {
        self.tiles += o.tiles;
        for (x, y) in self.counts.iter_mut().zip(o.counts) {
            *x += y;
        }
        self.specials.extend(o.specials.iter().cloned());
    }

    fn special_list(&self) -> String {
        let mut specials = self.specials.clone();
        specials.sort();
        let mut grouped: Vec<String> = Vec::new();
        let mut i = 0;
        while i < specials.len() {
            let j = specials[i..]
                .iter()
                .take_while(|s| **s == specials[i])
                .count();
            grouped.push(if j > 1 {
                format!("{} x{j}", specials[i])
            } else {
                specials[i].clone()
            });
            i += j;
        }
        grouped.join(", ")
    }
}
