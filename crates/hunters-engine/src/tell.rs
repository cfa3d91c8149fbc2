//! A game told in words, for people at the table: what each move did (the tile, its piece,
//! every score with its breakdown, the pieces going home) and the final scoring, feature by
//! feature. `hunters record` and the human seat of `hunters play` both speak it.

use crate::game::{Event, Game};
use crate::notation;
use crate::render::Place;
use crate::scout::Special;
use crate::tile::{Dir, Rotation, Tile, ZoneKind, ZoneRef};

/// What the rules made of a move, in words: `names` holds each seat's name.
pub fn event(game: &Game, e: &Event, names: &[String]) -> String {
    let name = |p: usize| names.get(p).map_or("?", String::as_str);
    let id = |t: usize| game.tiles().tiles[t].id.as_str();
    let who = |ps: &[usize]| -> String {
        ps.iter()
            .map(|&p| name(p).to_string())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    match e {
        Event::Deal { player, special } => format!(
            "{} holds {}",
            name(*player),
            match special {
                Special::Tile(t) => id(*t),
                Special::Shaman => "the Shaman card",
            }
        ),
        Event::Draw {
            player,
            tile,
            bonus,
            again,
        } => format!(
            "{} draws {}{}{}",
            name(*player),
            id(*tile),
            if *bonus { " from the bonus deck" } else { "" },
            if *again { " again" } else { "" }
        ),
        Event::Refuse { player, tile, .. } => format!(
            "{} refuses {}: it goes under its stack",
            name(*player),
            id(*tile)
        ),
        Event::Discard { tile } => {
            format!("tile {} fits nowhere and leaves the game", id(*tile))
        }
        Event::Place {
            player,
            tile,
            at,
            recall,
            piece,
        } => {
            let mut s = format!(
                "{} lays {} at {},{} r{}",
                name(*player),
                id(*tile),
                at.pos.x,
                at.pos.y,
                at.rot.degrees()
            );
            if let Some(r) = recall {
                s += &format!(
                    ", the shaman takes back the {} at {}",
                    notation::piece_name(r.piece),
                    notation::piece_address(game, r.at)
                );
            }
            if let Some((p, at)) = piece {
                s += &format!(
                    ", a {} on {}",
                    notation::piece_name(*p),
                    notation::piece_address(game, *at)
                );
            }
            s
        }
        Event::Return { player, piece, at } => format!(
            "{}'s {} at {} goes home",
            name(*player),
            notation::piece_name(*piece),
            notation::piece_address(game, *at)
        ),
        Event::Cover { zone, animals } => format!(
            "the hunting trap covers {} at {}",
            notation::herd_text(animals),
            notation::zone_address(game, *zone)
        ),
        Event::Score(s) if s.players.is_empty() => format!(
            "nobody scores the {} at {}",
            singular(s.category.name()),
            notation::zone_address(game, s.zone)
        ),
        Event::Score(s) => format!(
            "{} {} for the {} at {} ({})",
            who(&s.players),
            s.points(),
            singular(s.category.name()),
            notation::zone_address(game, s.zone),
            s.breakdown
        ),
        Event::End => "the last tile is laid: final scoring".to_string(),
    }
}

/// The features scored at the end of the game, one line each, in the order they scored.
pub fn final_scoring(game: &Game, names: &[String]) -> Vec<String> {
    let end = game
        .events()
        .iter()
        .position(|e| matches!(e, Event::End))
        .unwrap_or(game.events().len());
    game.events()[end..]
        .iter()
        .filter(|e| matches!(e, Event::Score(_)))
        .map(|e| event(game, e, names))
        .collect()
}

fn singular(category: &str) -> &str {
    match category {
        "rivers" => "river",
        "forests" => "forest",
        "meadows" => "meadow",
        "huts" => "huts of the river system",
        _ => "special tile",
    }
}

/// The square a person names after `look`: `X,Y`, `X Y` or `X, Y`.
pub fn square_named(text: &str) -> Option<crate::board::Pos> {
    let joined: String = text
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(",");
    let (x, y) = joined.split_once(',')?;
    Some(crate::board::Pos {
        x: x.trim().parse().ok()?,
        y: y.trim().parse().ok()?,
    })
}

/// What a person at the table sees when they look closely at one square: the tile and how it
/// is turned, then each of its zones by the name moves give it, with the feature it belongs
/// to (its size, contents, whether it is complete, whose pieces claim it) and the pieces
/// standing on this tile. `None` for an empty square.
pub fn square(game: &Game, pos: crate::board::Pos, names: &[String]) -> Option<String> {
    use crate::feature::PieceAt;
    use crate::feature::ZoneId;
    let board = game.board();
    let placed = board.placed().iter().position(|p| p.pos == pos)?;
    let p = &board.placed()[placed];
    let tiles = &game.tiles().tiles;
    let tile = &tiles[p.tile];
    let name = |s: usize| names.get(s).map_or("?", String::as_str);
    let claim = |per: &crate::feature::PerPlayer, what: &str| -> String {
        let who: Vec<String> = (0..game.players())
            .filter(|&s| per[s] > 0)
            .map(|s| {
                if per[s] > 1 {
                    format!("{} ({} {what}s)", name(s), per[s])
                } else {
                    name(s).to_string()
                }
            })
            .collect();
        if who.is_empty() {
            format!("no {what}")
        } else {
            format!("{what}s: {}", who.join(", "))
        }
    };
    let state = |open: u16| {
        if open == 0 {
            "complete".to_string()
        } else {
            format!(
                "open ({open} side{} to close)",
                if open == 1 { "" } else { "s" }
            )
        }
    };
    let mut out = format!(
        "Square {},{}: tile {}{} turned r{} ({}).\n",
        pos.x,
        pos.y,
        tile.id,
        tile.name
            .as_ref()
            .map_or(String::new(), |n| format!(" [{n}]")),
        p.rot.degrees(),
        if placed == 0 {
            "the start tile".to_string()
        } else {
            format!("the {} tile laid", ordinal(placed))
        }
    );
    let features = game.features();
    for zone in tile.zones() {
        let (kind, index) = (zone.kind, usize::from(zone.index));
        let id = ZoneId {
            placed: placed as u16,
            zone,
        };
        let label = notation::zone_name(tile, p.rot, zone);
        let line = match kind {
            ZoneKind::Forest => {
                let f = features.forest(id);
                let mut extra = Vec::new();
                for (n, what) in [
                    (f.nuggets, "gold nugget"),
                    (f.menhirs, "menhir"),
                    (f.mushrooms, "mushroom group"),
                ] {
                    if n > 0 {
                        extra.push(format!("{n} {what}{}", if n == 1 { "" } else { "s" }));
                    }
                }
                format!(
                    "forest of {} tile{}{}, {}; {}",
                    f.tiles,
                    if f.tiles == 1 { "" } else { "s" },
                    if extra.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", extra.join(", "))
                    },
                    state(f.open),
                    claim(&f.gatherers, "gatherer")
                )
            }
            ZoneKind::Meadow => {
                let m = features.meadow(id);
                let herd = notation::herd_text(&m.animals);
                format!(
                    "meadow of {} tile{} ({}), {}; {}",
                    m.tiles,
                    if m.tiles == 1 { "" } else { "s" },
                    if herd.is_empty() {
                        "no animals".to_string()
                    } else {
                        herd
                    },
                    state(m.open),
                    claim(&m.hunters, "hunter")
                )
            }
            ZoneKind::River => {
                let r = features.river(id);
                format!(
                    "river of {} tile{} ({} fish on it, {} in {} lake{} at its ends), {}; {}",
                    r.tiles,
                    if r.tiles == 1 { "" } else { "s" },
                    r.fish,
                    r.end_lake_fish,
                    r.end_lakes,
                    if r.end_lakes == 1 { "" } else { "s" },
                    state(r.open),
                    claim(&r.fishers, "fisher")
                )
            }
            ZoneKind::Lake => {
                let l = &tile.lakes[index];
                let s = features.system(tiles, board, id);
                format!(
                    "lake with {} fish; its river system: {} lake{}, {} fish in all; {}",
                    l.fish,
                    s.lakes,
                    if s.lakes == 1 { "" } else { "s" },
                    s.fish,
                    claim(&s.huts, "hut")
                )
            }
        };
        out.push_str(&format!("  {label:<3} {line}\n"));
    }
    let here: Vec<String> = game
        .pieces()
        .iter()
        .filter_map(|on| match on.at {
            PieceAt::Zone(z) if usize::from(z.placed) == placed => Some(format!(
                "{}'s {} on {}",
                name(on.player),
                notation::piece_name(on.piece),
                notation::zone_name(tile, p.rot, z.zone)
            )),
            PieceAt::Spot { placed: at, spot } if usize::from(at) == placed => Some(format!(
                "{}'s {} on the {}",
                name(on.player),
                notation::piece_name(on.piece),
                tile.spots
                    .get(usize::from(spot))
                    .map_or("spot", |s| s.name.as_str())
            )),
            _ => None,
        })
        .collect();
    out.push_str(&if here.is_empty() {
        "  No piece stands on this tile.\n".to_string()
    } else {
        format!("  On this tile: {}.\n", here.join("; "))
    });
    Some(out)
}

/// A zone of a tile laid at `rot` as a person names it: `the meadow` when the tile has one
/// meadow, else by where it lies on the tile (`the north-east meadow`, where the edges it
/// reaches lie on the whole), or when two lie alike by the sides it reaches (`the meadow on
/// the north and east sides`); the notation's name (`the meadow Ne`) only when even those
/// agree. Two lakes are the west and the east one, as drawn.
pub fn zone_words(tile: &Tile, rot: Rotation, zone: ZoneRef) -> String {
    let kind = zone.kind.word();
    let alike: Vec<ZoneRef> = tile.zones().filter(|z| z.kind == zone.kind).collect();
    if alike.len() == 1 {
        return format!("the {kind}");
    }
    if zone.kind == ZoneKind::Lake {
        return match (alike.len(), zone.index) {
            (2, 0) => "the west lake".to_string(),
            (2, _) => "the east lake".to_string(),
            (_, i) => format!("lake {}", i + 1),
        };
    }
    let unique = |name: &dyn Fn(ZoneRef) -> Option<String>| {
        let mine = name(zone)?;
        let same = alike.iter().filter(|&&z| name(z).as_ref() == Some(&mine));
        (same.count() == 1).then_some(mine)
    };
    if let Some(dir) = unique(&|z| compass(tile, rot, z)) {
        return format!("the {dir} {kind}");
    }
    if let Some(sides) = unique(&|z| Some(sides_reached(tile, rot, z))) {
        return format!("the {kind} on the {sides}");
    }
    format!("the {kind} {}", notation::zone_name(tile, rot, zone))
}

/// Where a place for a piece lies, in words: a zone's ([`zone_words`]) or a Scout tile's spot
/// (`the bridge`).
pub fn place_words(tile: &Tile, rot: Rotation, place: Place) -> String {
    match place {
        Place::Zone(z) => zone_words(tile, rot, z),
        Place::Spot(i) => format!("the {}", notation::spot_name(tile, i)),
    }
}

/// The compass point from the tile's middle to the middle of the edges a zone reaches
/// (`north`, `north-east`, …); none when that is the middle itself.
fn compass(tile: &Tile, rot: Rotation, zone: ZoneRef) -> Option<String> {
    let (mut x, mut y, mut n) = (0.0_f64, 0.0_f64, 0.0_f64);
    for dir in Dir::ALL {
        for (part, t) in [0.2, 0.5, 0.8].into_iter().enumerate() {
            if tile.zone_at(rot, dir, part) == zone {
                // Clockwise along each edge, north up, east to the right.
                let (px, py) = match dir {
                    Dir::N => (t - 0.5, 0.5),
                    Dir::E => (0.5, 0.5 - t),
                    Dir::S => (0.5 - t, -0.5),
                    Dir::W => (-0.5, t - 0.5),
                };
                x += px;
                y += py;
                n += 1.0;
            }
        }
    }
    if n == 0.0 || (x / n).hypot(y / n) < 0.12 {
        return None;
    }
    let names = [
        "east",
        "north-east",
        "north",
        "north-west",
        "west",
        "south-west",
        "south",
        "south-east",
    ];
    let eighth = (y.atan2(x) / std::f64::consts::FRAC_PI_4).round();
    Some(names[(eighth as i64).rem_euclid(8) as usize].to_string())
}

/// The sides a zone reaches, in words: `north side`, `north and east sides`.
fn sides_reached(tile: &Tile, rot: Rotation, zone: ZoneRef) -> String {
    let sides: Vec<&str> = Dir::ALL
        .into_iter()
        .filter(|&d| (0..3).any(|part| tile.zone_at(rot, d, part) == zone))
        .map(Dir::word)
        .collect();
    match sides.as_slice() {
        [one] => format!("{one} side"),
        [rest @ .., last] => format!("{} and {last} sides", rest.join(", ")),
        [] => "middle".to_string(),
    }
}

/// "1st", "2nd", "3rd", "4th", …
fn ordinal(placed: usize) -> String {
    let suffix = match (placed % 10, placed % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("{placed}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::piece_targets;

    /// On every tile of the built-in sets, at every rotation, each place for a piece has words
    /// of its own, and hardly ever needs the notation to tell it from another.
    #[test]
    fn every_place_on_a_tile_has_words_of_its_own() {
        let (mut places, mut by_notation) = (0, 0);
        for (name, _) in crate::tileset::BUILTIN {
            let set = crate::TileSet::builtin(name).unwrap();
            for tile in &set.tiles {
                for rot in Rotation::ALL {
                    let words: Vec<String> = piece_targets(tile, rot)
                        .iter()
                        .map(|t| place_words(tile, rot, t.place))
                        .collect();
                    for (i, w) in words.iter().enumerate() {
                        assert!(
                            !words[i + 1..].contains(w),
                            "tile {} r{}: two places are {w:?}: {words:?}",
                            tile.id,
                            rot.degrees()
                        );
                        places += 1;
                        by_notation += usize::from(
                            w.chars()
                                .last()
                                .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                                && !w.starts_with("lake"),
                        );
                    }
                }
            }
        }
        assert!(places > 1000, "{places}");
        assert!(
            by_notation * 50 < places,
            "{by_notation} of {places} named by the notation"
        );
    }

    #[test]
    fn zones_are_named_by_where_they_lie() {
        let set = crate::TileSet::builtin("scout").unwrap();
        let bridge = set.tiles.iter().find(|t| t.id == "S2").unwrap();
        let words = |rot: Rotation| -> Vec<String> {
            bridge.zones().map(|z| zone_words(bridge, rot, z)).collect()
        };
        // Meadows north and south of a river running east to west.
        assert_eq!(
            words(Rotation(0)),
            ["the north meadow", "the south meadow", "the river"]
        );
        assert_eq!(
            words(Rotation(1)),
            ["the east meadow", "the west meadow", "the river"]
        );
        assert_eq!(
            place_words(bridge, Rotation(0), Place::Spot(0)),
            "the bridge"
        );
        let scout = set.tiles.iter().find(|t| t.id == "S3").unwrap();
        let meadows: Vec<String> = scout
            .zones()
            .filter(|z| z.kind == ZoneKind::Meadow)
            .map(|z| zone_words(scout, Rotation(0), z))
            .collect();
        assert_eq!(
            meadows,
            [
                "the north-west meadow",
                "the north-east meadow",
                "the south meadow"
            ]
        );
    }
}
