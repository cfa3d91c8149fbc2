//! The built-in tile sets hold what the references say, and broken tile sets are refused with
//! a message naming the file, the line, the tile and the fault.

use std::path::Path;

use hunters::tile::{MeadowSpecial, RiverEnd};
use hunters::{Deck, Dir, Rotation, TileSet, Variant};

fn totals(set: &TileSet, deck: Option<Deck>) -> [usize; 8] {
    let mut t = [0usize; 8];
    for tile in set
        .tiles
        .iter()
        .filter(|t| deck.is_none_or(|d| t.deck == d))
    {
        for m in &tile.meadows {
            t[0] += usize::from(m.animals.deer);
            t[1] += usize::from(m.animals.aurochs);
            t[2] += usize::from(m.animals.mammoths);
            t[3] += usize::from(m.animals.tigers);
        }
        t[4] += tile.lakes.len();
        t[5] += tile
            .lakes
            .iter()
            .map(|l| usize::from(l.fish))
            .sum::<usize>();
        t[6] += tile
            .rivers
            .iter()
            .map(|r| usize::from(r.fish))
            .sum::<usize>();
        t[7] += tile
            .forests
            .iter()
            .map(|f| usize::from(f.menhirs))
            .sum::<usize>();
    }
    t
}

#[test]
fn the_2020_set_matches_the_published_totals() {
    let set = TileSet::builtin("menhir").unwrap();
    assert_eq!(
        (
            set.count(Deck::Start),
            set.count(Deck::Regular),
            set.count(Deck::Bonus)
        ),
        (1, 78, 16)
    );
    // deer, aurochs, mammoths, tigers, lakes, lake fish, river fish, menhirs (tiles.md §B.1)
    assert_eq!(totals(&set, None), [33, 13, 8, 13, 29, 42, 8, 31]);
    assert_eq!(totals(&set, Some(Deck::Start)), [0, 1, 0, 0, 1, 1, 0, 1]);
    assert_eq!(
        totals(&set, Some(Deck::Regular)),
        [30, 9, 4, 11, 19, 26, 7, 29]
    );
    assert_eq!(totals(&set, Some(Deck::Bonus)), [3, 3, 4, 2, 9, 15, 1, 1]);
    let start = &set.tiles[set.deck(Deck::Start)[0]];
    assert_eq!(start.id, "56");
    assert_eq!(start.sides_code(), "MFFR");
    // One of each special power, on the menhir tiles the catalogue names.
    for (id, special) in [
        ("85", MeadowSpecial::Wildfire),
        ("88", MeadowSpecial::Shaman),
        ("92", MeadowSpecial::PitTrap),
        ("94", MeadowSpecial::HuntingTrap),
    ] {
        let holders: Vec<&str> = set
            .tiles
            .iter()
            .filter(|t| t.meadows.iter().any(|m| m.has(special)))
            .map(|t| t.id.as_str())
            .collect();
        assert_eq!(holders, [id], "{special:?}");
    }
}

#[test]
fn every_forest_joining_two_sides_carries_the_bonus_marker() {
    for (name, marker) in [("menhir", "menhir"), ("classic", "nugget")] {
        let set = TileSet::builtin(name).unwrap();
        for tile in set.tiles.iter().filter(|t| t.deck != Deck::Bonus) {
            for f in &tile.forests {
                let sides = Dir::ALL
                    .iter()
                    .filter(|d| f.ports.contains(hunters::tile::Ports::side(**d)))
                    .count();
                let marks = if marker == "menhir" {
                    f.menhirs
                } else {
                    f.nuggets
                };
                assert_eq!(
                    marks > 0,
                    sides >= 2,
                    "{name} tile {} forest {}",
                    tile.id,
                    f.ports.describe()
                );
            }
        }
    }
}

#[test]
fn the_classic_set_keeps_every_known_first_edition_fact() {
    let classic = TileSet::builtin("classic").unwrap();
    let menhir = TileSet::builtin("menhir").unwrap();
    assert_eq!(
        (
            classic.count(Deck::Start),
            classic.count(Deck::Regular),
            classic.count(Deck::Bonus)
        ),
        (1, 78, 12)
    );
    let start = &classic.tiles[classic.deck(Deck::Start)[0]];
    assert_eq!(start.name.as_deref(), Some("volcano"));
    assert_eq!(
        start.meadows.iter().map(|m| m.animals.total()).sum::<u32>(),
        0
    );
    for tile in &classic.tiles {
        // Fish only in lakes; rivers end at springs or lakes, never "in a forest".
        assert!(tile.rivers.iter().all(|r| r.fish == 0), "tile {}", tile.id);
        assert!(
            tile.rivers
                .iter()
                .all(|r| !r.ends.contains(&RiverEnd::Forest))
        );
        assert!(tile.forests.iter().all(|f| f.menhirs == 0));
        if tile.deck == Deck::Bonus {
            assert!(
                tile.forests.iter().all(|f| f.nuggets == 0),
                "bonus tile {}",
                tile.id
            );
        } else {
            // Land tiles show deer, mammoths and tigers only.
            assert!(
                tile.meadows.iter().all(|m| m.animals.aurochs == 0),
                "tile {}",
                tile.id
            );
            assert!(tile.forests.iter().all(|f| f.mushrooms == 0));
            // Same number, same shape as the 2020 tile.
            let (_, twin) = menhir.tile(&tile.id).unwrap();
            assert_eq!(tile.sides, twin.sides, "tile {}", tile.id);
            let shape = |t: &hunters::Tile| {
                (
                    t.forests.iter().map(|f| f.ports).collect::<Vec<_>>(),
                    t.meadows.iter().map(|m| m.ports).collect::<Vec<_>>(),
                    t.rivers.iter().map(|r| r.ports).collect::<Vec<_>>(),
                    t.lakes.iter().map(|l| l.fish).collect::<Vec<_>>(),
                )
            };
            assert_eq!(shape(tile), shape(twin), "tile {}", tile.id);
        }
    }
    // The four abilities of the bonus tiles.
    let bonus: Vec<_> = classic
        .tiles
        .iter()
        .filter(|t| t.deck == Deck::Bonus)
        .collect();
    let with = |f: &dyn Fn(&hunters::Tile) -> bool| bonus.iter().filter(|t| f(t)).count();
    assert_eq!(
        with(&|t| t.meadows.iter().any(|m| m.has(MeadowSpecial::Fire))),
        2
    );
    assert_eq!(
        with(&|t| t.meadows.iter().any(|m| m.has(MeadowSpecial::Shrine))),
        2
    );
    assert_eq!(with(&|t| t.forests.iter().any(|f| f.mushrooms > 0)), 2);
    assert_eq!(
        with(&|t| t.meadows.iter().any(|m| m.animals.aurochs > 0)),
        3
    );
}

#[test]
fn the_scout_tiles_have_their_special_spots() {
    let set = TileSet::builtin("scout").unwrap();
    assert_eq!(set.count(Deck::Scout), 4);
    let spot = |id: &str| {
        let (_, t) = set.tile(id).unwrap();
        (t.spots[0].piece.name(), t.spots[0].zones.len())
    };
    assert_eq!(spot("S1"), ("gatherer", 1));
    assert_eq!(spot("S2"), ("hunter", 2));
    assert_eq!(spot("S3"), ("fisher", 3));
    assert_eq!(spot("S4"), ("hut", 1));
    // The scout tiles join the classic set, not a second start tile.
    let both = TileSet::builtin("classic")
        .unwrap()
        .with_expansion(&set)
        .unwrap();
    assert_eq!(both.count(Deck::Scout), 4);
    assert!(
        TileSet::builtin("menhir")
            .unwrap()
            .with_expansion(&TileSet::builtin("classic").unwrap())
            .is_err()
    );
}

#[test]
fn symmetric_tiles_repeat_their_placements() {
    let set = TileSet::builtin("menhir").unwrap();
    let distinct = |id: &str| {
        let (_, t) = set.tile(id).unwrap();
        Rotation::ALL
            .iter()
            .filter(|r| t.is_distinct_rotation(**r))
            .count()
    };
    assert_eq!(
        distinct("61"),
        1,
        "one meadow with a mammoth looks the same every way"
    );
    assert_eq!(
        distinct("39"),
        2,
        "forest E+W, empty meadows N and S: a half turn repeats"
    );
    assert_eq!(
        distinct("38"),
        4,
        "the deer on one side breaks the symmetry"
    );
    assert_eq!(
        distinct("13"),
        4,
        "two deer on opposite corners: quarter turns differ"
    );
}

#[test]
fn tiles_are_described_in_words() {
    let set = TileSet::builtin("menhir").unwrap();
    let (_, start) = set.tile("56").unwrap();
    assert_eq!(
        start.describe(),
        "forest E+S (menhir); meadow N+Wn (aurochs); meadow Ws; river W > lake L0; lake L0 (1 fish)"
    );
}

/// Every file in tests/bad-inputs/tilesets starts with `# error: <line>: <message>`; loading it
/// must give exactly that error.
#[test]
fn broken_tile_sets_are_refused_with_the_expected_message() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-inputs/tilesets");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# error: "))
            .unwrap_or_else(|| panic!("{} has no `# error:` line", path.display()));
        let err = TileSet::load_file(&path).expect_err(&path.display().to_string());
        let label = path.display().to_string();
        let shown = err.to_string();
        let rest = shown
            .strip_prefix(&label)
            .and_then(|r| r.strip_prefix(':'))
            .unwrap_or(&shown);
        assert_eq!(rest.trim(), expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} bad tile sets");
}

#[test]
fn a_variant_file_names_its_tile_set_by_a_relative_path() {
    let dir = std::env::temp_dir().join(format!("hunters-variant-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sets")).unwrap();
    let good = hunters::tileset::BUILTIN[0].1;
    std::fs::write(dir.join("sets/mine.toml"), good).unwrap();
    std::fs::write(
        dir.join("mine.toml"),
        "name = \"mine\"\ndescription = \"my tiles\"\nedition = \"2020\"\ntiles = \"sets/mine.toml\"\n",
    )
    .unwrap();
    let v = Variant::load(dir.join("mine.toml").to_str().unwrap()).unwrap();
    assert_eq!(v.tiles.count(Deck::Regular), 78);
    std::fs::write(
        dir.join("typo.toml"),
        "name = \"typo\"\ndescription = \"x\"\nedition = \"2021\"\ntiles = \"menhir\"\n",
    )
    .unwrap();
    let err = Variant::load(dir.join("typo.toml").to_str().unwrap()).unwrap_err();
    assert!(
        err.to_string()
            .ends_with(":3: edition \"2021\" is unknown; expected 2002, 2014 or 2020"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A lake has one name: the one a tile's description shows is the one a move types and a log
/// writes, on every tile with lakes, at every rotation (B10 of the 2020 set has two).
#[test]
fn every_lake_is_named_in_descriptions_as_moves_name_it() {
    use hunters::tile::{ZoneKind, ZoneRef};
    let mut two_lakes = 0;
    for name in ["classic", "menhir", "scout"] {
        let set = TileSet::builtin(name).unwrap();
        for tile in &set.tiles {
            if tile.lakes.len() > 1 {
                two_lakes += 1;
            }
            for (i, lake) in tile.lakes.iter().enumerate() {
                let zone = ZoneRef {
                    kind: ZoneKind::Lake,
                    index: i as u8,
                };
                let label = tile.zone_label(zone);
                let typed = label.trim_start_matches("lake ");
                assert_eq!(typed, lake.name, "{name} tile {}", tile.id);
                assert!(tile.describe().contains(&format!("lake {typed} (")));
                for rot in Rotation::ALL {
                    assert_eq!(hunters::notation::zone_name(tile, rot, zone), typed);
                    assert_eq!(hunters::notation::zone_named(tile, rot, typed), Some(zone));
                }
            }
        }
    }
    assert!(two_lakes > 0, "a tile with two lakes is checked");
}

/// A tile set whose lakes are not named as moves name them is refused with the name to use.
#[test]
fn a_lake_named_otherwise_than_moves_name_it_is_refused() {
    let text = r#"
[set]
name = "bad"
description = "a lake named from 1"
provenance = "test"

[[tile]]
id = "1"
deck = "regular"
sides = "MRFR"
forests = [{ at = "S" }]
meadows = [{ at = "N+En+Wn" }, { at = "Es" }, { at = "Ws" }]
rivers = [{ at = "E", ends = ["L1"] }, { at = "W", ends = ["L1"] }]
lakes = [{ name = "L1", fish = 1 }]
"#;
    let err = TileSet::parse(text, "bad.toml").unwrap_err().to_string();
    assert!(
        err.contains("tile 1") && err.contains("must be named \"L0\""),
        "{err}"
    );
}
