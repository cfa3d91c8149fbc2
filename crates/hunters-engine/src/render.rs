//! Pictures of a board: SVG for people, a compact text board for terminals and bug reports.
//!
//! Every tile is drawn from its zones as the tile set describes them: meadows are the ground,
//! forests come in from the sides they reach (and meet in the middle when one forest reaches
//! several sides), rivers run from the middle of their sides to the centre (or curve past it
//! when a tile holds two rivers), lakes sit in the centre. Contents are small symbols at the
//! zone's first border part; pieces stand (hunters lie) in their owner's colour.
//!
//! The application's step-through page (`hunters::viewer`) draws its board with the same
//! code, given a timeline of when each tile and piece came and went.

use std::collections::HashMap;
use std::fmt::Write;

use crate::feature::{FeatureKey, Features, PieceAt, ZoneId};
use crate::game::{Category, Game, OnBoard};
use crate::tile::{
    Dir, LakeSpecial, MeadowSpecial, Piece, Ports, RiverEnd, Rotation, Side, Tile, ZoneKind,
    ZoneRef,
};

/// Side of a tile in SVG units.
///
/// Public for the application's step-through page (`hunters::viewer`), which draws its board
/// with the code that draws every board.
pub const S: f64 = 64.0;
/// Width of the legend to the right of the board.
const LEGEND: f64 = 330.0;

const MEADOW: &str = "#cfe6a3";
const FOREST: &str = "#2f7d32";
const FOREST_DONE: &str = "#174d1a";
const RIVER: &str = "#3f8fd8";
const RIVER_DONE: &str = "#154f8a";
const LAKE: &str = "#2d74c4";
const GRID: &str = "#8a8a7a";
/// The players' colours as drawn, in seat order.
pub const PLAYER: [&str; 5] = ["#d62728", "#1f5fd6", "#e8c21a", "#2ca02c", "#8e44ad"];

/// The players' colours by name, in seat order.
pub const PLAYER_COLOURS: [&str; 5] = ["red", "blue", "yellow", "green", "purple"];

/// `s` as text in SVG or HTML: the characters markup reads escaped.
///
/// Public for the application's step-through page (`hunters::viewer`), which writes the names
/// of its board as the picture does.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The point on a tile's edge (tile coordinates 0..S) at the middle of border part `part` of
/// board side `dir`, and the inward unit vector.
fn edge_point(dir: Dir, part: usize) -> ((f64, f64), (f64, f64)) {
    // Along each edge, clockwise: bank 0 .. 0.4, middle 0.4 .. 0.6, bank 0.6 .. 1.
    let t = [0.2, 0.5, 0.8][part];
    match dir {
        Dir::N => ((t * S, 0.0), (0.0, 1.0)),
        Dir::E => ((S, t * S), (-1.0, 0.0)),
        Dir::S => (((1.0 - t) * S, S), (0.0, -1.0)),
        Dir::W => ((0.0, (1.0 - t) * S), (1.0, 0.0)),
    }
}

/// The first border part (board side, part) a zone of a turned tile covers.
fn first_part(tile: &Tile, rot: Rotation, zone: ZoneRef) -> Option<(Dir, usize)> {
    for dir in Dir::ALL {
        for part in [1, 0, 2] {
            if tile.zone_at(rot, dir, part) == zone {
                return Some((dir, part));
            }
        }
    }
    None
}

/// Where a zone's symbols and pieces go (tile coordinates): inside from its first border part,
/// or the centre for lakes.
fn anchor(tile: &Tile, rot: Rotation, zone: ZoneRef, depth: f64) -> (f64, f64) {
    if zone.kind == ZoneKind::Lake {
        let n = tile.lakes.len().max(1) as f64;
        let x = S / 2.0 + (f64::from(zone.index) - (n - 1.0) / 2.0) * S * 0.28;
        return (x, S / 2.0);
    }
    match first_part(tile, rot, zone) {
        Some((dir, part)) => {
            let ((x, y), (dx, dy)) = edge_point(dir, part);
            (x + dx * depth, y + dy * depth)
        }
        None => (S / 2.0, S / 2.0),
    }
}

/// The sides (board directions) whose middle part a turned zone's ports cover.
fn sides_of(ports: Ports, rot: Rotation) -> Vec<Dir> {
    Dir::ALL
        .into_iter()
        .filter(|&d| ports.intersects(Ports::bit(rot.unturn(d), 1)))
        .collect()
}

fn points(ps: &[(f64, f64)]) -> String {
    ps.iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A forest reaching `dir`: a band from the side to a third of the way in.
fn forest_band(dir: Dir) -> [(f64, f64); 4] {
    let (a, b) = (0.3 * S, 0.7 * S);
    match dir {
        Dir::N => [(0.0, 0.0), (S, 0.0), (b, a), (a, a)],
        Dir::E => [(S, 0.0), (S, S), (b, b), (b, a)],
        Dir::S => [(S, S), (0.0, S), (a, b), (b, b)],
        Dir::W => [(0.0, S), (0.0, 0.0), (a, a), (a, b)],
    }
}

/// What a zone holds, as (count, short label, word, colour): `2` deer are `2D` on the board
/// and `deer` in a search of the tiles.
fn zone_contents(
    tile: &Tile,
    zone: ZoneRef,
) -> Vec<(u8, &'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    let i = usize::from(zone.index);
    match zone.kind {
        ZoneKind::Forest => {
            let f = &tile.forests[i];
            out.push((f.nuggets, "G", "gold", "#d4a017"));
            out.push((f.menhirs, "▲", "menhir", "#eeeeee"));
            out.push((f.mushrooms, "m", "mushrooms", "#b03a2e"));
        }
        ZoneKind::Meadow => {
            let m = &tile.meadows[i];
            out.push((m.animals.deer, "D", "deer", "#8d5a2b"));
            out.push((m.animals.aurochs, "A", "aurochs", "#5a3b1f"));
            out.push((m.animals.mammoths, "M", "mammoth", "#6b4f3a"));
            out.push((m.animals.tigers, "T", "tiger", "#e07b00"));
            out.push((m.animals.bears, "B", "bear", "#3b2a1a"));
            for (special, label, colour) in [
                (MeadowSpecial::Fire, "fire", "#e8540c"),
                (MeadowSpecial::Shrine, "shrine", "#7a5cc2"),
                (MeadowSpecial::Wildfire, "wildfire", "#e8540c"),
                (MeadowSpecial::PitTrap, "pit", "#555555"),
                (MeadowSpecial::HuntingTrap, "trap", "#555555"),
                (MeadowSpecial::Shaman, "shaman", "#7a5cc2"),
                (MeadowSpecial::Farm, "farm", "#a0522d"),
            ] {
                out.push((u8::from(m.has(special)), label, label, colour));
            }
        }
        ZoneKind::River => {
            let r = &tile.rivers[i];
            out.push((r.fish, "f", "fish", "#0b3d91"));
            // A spring is drawn as a shape of its own, not a label.
            out.push((
                u8::from(r.ends.contains(&RiverEnd::Spring)),
                "",
                "spring",
                "",
            ));
        }
        ZoneKind::Lake => {
            let l = &tile.lakes[i];
            out.push((1, "", "lake", ""));
            out.push((l.fish, "f", "fish", "#ffffff"));
            out.push((
                u8::from(l.has(LakeSpecial::Raft)),
                "raft",
                "raft",
                "#ffffff",
            ));
            out.push((
                u8::from(l.has(LakeSpecial::Logboat)),
                "boat",
                "logboat",
                "#ffffff",
            ));
        }
    }
    out.retain(|c| c.0 > 0);
    out
}

/// The letters and marks drawn on tiles for what their zones hold, with what each means, in
/// the order a key lists them.
pub const SYMBOLS: [(&str, &str); 18] = [
    ("D", "deer"),
    ("A", "aurochs"),
    ("M", "mammoth"),
    ("T", "tiger"),
    ("B", "bear"),
    ("f", "fish"),
    ("G", "gold nugget"),
    ("▲", "menhir"),
    ("m", "mushrooms"),
    ("fire", "fire"),
    ("wildfire", "wildfire"),
    ("shrine", "shrine"),
    ("shaman", "shaman"),
    ("pit", "pit trap"),
    ("trap", "hunting trap"),
    ("farm", "farm"),
    ("raft", "raft"),
    ("boat", "logboat"),
];

/// The discs in a tile's corner: its mark, its colour and what it means.
pub const BADGES: [(&str, &str, &str); 2] = [
    ("★", "#b8860b", "a bonus tile (a menhir tile in 2020)"),
    ("S", "#6a3d9a", "a Scout tile (a special tile of the Scout)"),
];

/// The colours of the ground, and what each means.
pub const GROUNDS: [(&str, &str); 6] = [
    (MEADOW, "meadow"),
    (FOREST, "forest"),
    (FOREST_DONE, "completed forest"),
    (RIVER, "river"),
    (RIVER_DONE, "completed river"),
    (LAKE, "lake"),
];

/// What a zone holds in words, as a key names its marks: `deer ×2, aurochs`.
fn content_words(tile: &Tile, zone: ZoneRef) -> String {
    zone_contents(tile, zone)
        .into_iter()
        .filter(|(_, label, _, _)| !label.is_empty())
        .map(|(n, label, word, _)| {
            let meaning = SYMBOLS
                .iter()
                .find(|(l, _)| *l == label)
                .map_or(word, |(_, m)| m);
            if n > 1 {
                format!("{meaning} ×{n}")
            } else {
                meaning.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Counts of a zone's contents as short labels, e.g. `2D` for two deer.
fn content_labels(tile: &Tile, zone: ZoneRef) -> Vec<(String, &'static str)> {
    zone_contents(tile, zone)
        .into_iter()
        .filter(|(_, label, _, _)| !label.is_empty())
        .map(|(n, label, _, colour)| {
            let text = if n > 1 {
                format!("{n}{label}")
            } else {
                label.to_string()
            };
            (text, colour)
        })
        .collect()
}

/// The words for what a tile holds (`deer`, `fish`, `lake`, `mushrooms`…), each once: what a
/// person looking for a tile in the box picks it by.
pub fn tile_contents(tile: &Tile) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for kind in ZoneKind::ALL {
        for i in 0..tile.zone_count(kind) {
            let z = ZoneRef {
                kind,
                index: i as u8,
            };
            for (_, _, word, _) in zone_contents(tile, z) {
                if !words.contains(&word) {
                    words.push(word);
                }
            }
        }
    }
    words
}

/// The squares the landscape covers: least and greatest x, least and greatest y.
fn extent(game: &Game) -> (i32, i32, i32, i32) {
    let (mut x0, mut x1, mut y0, mut y1) = (0, 0, 0, 0);
    for p in game.board().placed() {
        x0 = x0.min(p.pos.x);
        x1 = x1.max(p.pos.x);
        y0 = y0.min(p.pos.y);
        y1 = y1.max(p.pos.y);
    }
    (x0, x1, y0, y1)
}

/// Where a board goes in its picture: the squares it covers and the room around them for the
/// coordinates along its edges.
///
/// Public for the application's step-through page (`hunters::viewer`), which draws its board
/// with the code that draws every board.
pub struct Frame {
    x0: i32,
    x1: i32,
    y0: i32,
    y1: i32,
    /// Width and height of the board with its margins.
    pub width: f64,
    pub height: f64,
}

/// Room around the board for the coordinates along its edges.
const MARGIN: f64 = 30.0;

impl Frame {
    /// The frame of the board of `game` as it stands.
    pub fn of(game: &Game) -> Frame {
        Frame::around(game, 0)
    }

    /// The board with `ring` empty squares all round it: room for the squares a tile may go.
    fn around(game: &Game, ring: i32) -> Frame {
        let (x0, x1, y0, y1) = extent(game);
        let (x0, x1, y0, y1) = (x0 - ring, x1 + ring, y0 - ring, y1 + ring);
        Frame {
            x0,
            x1,
            y0,
            y1,
            width: f64::from(x1 - x0 + 1) * S + 2.0 * MARGIN,
            height: f64::from(y1 - y0 + 1) * S + 2.0 * MARGIN,
        }
    }

    /// The top left corner of a square.
    fn corner(&self, pos: crate::board::Pos) -> (f64, f64) {
        (
            MARGIN + f64::from(pos.x - self.x0) * S,
            MARGIN + f64::from(pos.y - self.y0) * S,
        )
    }
}

/// When the shapes of a board come and go, for a picture that steps through a game: the
/// plain picture is the board as it stands, the viewer's holds everything the game ever laid.
///
/// Public for the application's step-through page (`hunters::viewer`), which draws its board
/// with the code that draws every board.
pub struct Timeline {
    /// The move each tile was laid on, by laying order (the start tile: 0).
    pub laid: Vec<usize>,
    /// Every piece the game put on the board, with the move it came on and the move it left
    /// on (none while it stands).
    pub pieces: Vec<(OnBoard, usize, Option<usize>)>,
}

impl Timeline {
    /// The move on which a forest or river that is complete at the end closed: the move that
    /// laid its last tile, since a closed feature never grows.
    pub fn closing(&self, game: &Game) -> HashMap<FeatureKey, usize> {
        let tiles = &game.tiles().tiles;
        let mut closed: HashMap<FeatureKey, usize> = HashMap::new();
        for (z, open) in forest_and_river_zones(game) {
            if open == 0 {
                let at = closed
                    .entry(game.features().key(tiles, game.board(), z, false))
                    .or_default();
                *at = (*at).max(self.laid[usize::from(z.placed)]);
            }
        }
        closed
    }
}

/// Every forest and river zone on the board, with the open sides of its feature (0: closed).
///
/// Public for the application's step-through page (`hunters::viewer`), whose tests hold the
/// moves it marks closed to the features.
pub fn forest_and_river_zones(game: &Game) -> impl Iterator<Item = (ZoneId, u16)> + '_ {
    let tiles = &game.tiles().tiles;
    let features = game.features();
    game.board()
        .placed()
        .iter()
        .enumerate()
        .flat_map(move |(index, p)| {
            let t = &tiles[p.tile];
            let forests = (0..t.forests.len()).map(|i| (ZoneKind::Forest, i));
            let rivers = (0..t.rivers.len()).map(|i| (ZoneKind::River, i));
            forests
                .chain(rivers)
                .map(move |(kind, i)| zone_and_open(features, index, kind, i))
        })
}

/// Forest or river `i` of the `index`-th tile laid, and the open sides of its feature.
fn zone_and_open(features: &Features, index: usize, kind: ZoneKind, i: usize) -> (ZoneId, u16) {
    let z = ZoneId {
        placed: index as u16,
        zone: ZoneRef {
            kind,
            index: i as u8,
        },
    };
    let open = match kind {
        ZoneKind::Forest => features.forest(z).open,
        _ => features.river(z).open,
    };
    (z, open)
}

/// The board: tiles, coordinates along the edges, then the pieces above every tile. Without
/// a timeline, the board as it stands; with one, every tile and piece the game ever had, each
/// marked with its moves (`data-move` on a tile, `data-from` and `data-to` on a piece,
/// `data-closed` on a forest's or river's shapes, drawn open until then).
///
/// Public for the application's step-through page (`hunters::viewer`), which draws its board
/// with the code that draws every board.
pub fn board(out: &mut String, game: &Game, frame: &Frame, timeline: Option<&Timeline>) {
    let placed = game.board().placed();
    let tiles = &game.tiles().tiles;
    let features = game.features();
    let closing = timeline.map(|t| t.closing(game));
    // The attributes of a forest's or river's shapes: when it closed, for the viewer.
    let closed_mark = |z: ZoneId, class: &str| match &closing {
        Some(c) => c
            .get(&features.key(tiles, game.board(), z, false))
            .map_or_else(String::new, |m| {
                format!(r#" class="{class}" data-closed="{m}""#)
            }),
        None => String::new(),
    };
    for (index, p) in placed.iter().enumerate() {
        let tile = &tiles[p.tile];
        let (ox, oy) = frame.corner(p.pos);
        let laid = timeline.map_or_else(String::new, |t| {
            format!(r#" data-move="{}""#, t.laid[index])
        });
        let _ = writeln!(
            out,
            r#"<g class="tile" data-tile="{}" data-square="{},{}" data-rotation="{}"{laid} transform="translate({ox:.1},{oy:.1})">"#,
            esc(&tile.id),
            p.pos.x,
            p.pos.y,
            p.rot.degrees()
        );
        tile_shapes(out, tile, p.rot, &|kind, i| {
            let (z, open) = zone_and_open(features, index, kind, i);
            let class = if kind == ZoneKind::Forest {
                "forest"
            } else {
                "river"
            };
            (open == 0, closed_mark(z, class))
        });
        let _ = writeln!(out, "</g>");
    }
    // Coordinates along the edges: the squares of `X,Y:ZONE` addresses.
    for x in frame.x0..=frame.x1 {
        let cx = MARGIN + f64::from(x - frame.x0) * S + S / 2.0;
        let _ = writeln!(
            out,
            r##"<text class="coordinate" x="{cx:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#555">{x}</text>"##,
            MARGIN - 8.0
        );
    }
    for y in frame.y0..=frame.y1 {
        let cy = MARGIN + f64::from(y - frame.y0) * S + S / 2.0 + 4.0;
        let _ = writeln!(
            out,
            r##"<text class="coordinate" x="{:.1}" y="{cy:.1}" font-size="11" text-anchor="end" fill="#555">{y}</text>"##,
            MARGIN - 5.0
        );
    }
    // Pieces, above every tile; several in one zone stand side by side.
    let pieces: Vec<(OnBoard, String)> = match timeline {
        Some(t) => t
            .pieces
            .iter()
            .map(|(on, from, to)| {
                let to = to.map_or_else(String::new, |m| format!(r#" data-to="{m}""#));
                (*on, format!(r#" data-from="{from}"{to}"#))
            })
            .collect(),
        // The board as it stands: each piece carries its index in the game's pieces, which a
        // move's shaman recall names.
        None => game
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, on)| (*on, format!(r#" data-piece="{i}""#)))
            .collect(),
    };
    let mut drawn: Vec<(usize, ZoneRef)> = Vec::new();
    for (piece, marks) in &pieces {
        let (placed_index, z) = match piece.at {
            PieceAt::Zone(z) => (usize::from(z.placed), z.zone),
            PieceAt::Spot { placed: at, spot } => {
                let p = placed[usize::from(at)];
                let Some(z) = tiles[p.tile]
                    .spots
                    .get(usize::from(spot))
                    .and_then(|s| s.zones.first())
                else {
                    continue;
                };
                (usize::from(at), *z)
            }
        };
        let p = placed[placed_index];
        let tile = &tiles[p.tile];
        let (ax, ay) = piece_point(tile, p.rot, z);
        let beside = drawn.iter().filter(|d| **d == (placed_index, z)).count();
        drawn.push((placed_index, z));
        let (ox, oy) = frame.corner(p.pos);
        let x = ox + ax + 9.0 * beside as f64;
        let y = oy + ay;
        let colour = PLAYER[piece.player % PLAYER.len()];
        let _ = writeln!(out, "{}", piece_shape(piece.piece, x, y, colour, marks));
    }
}

/// The shapes of one tile laid at `rot`, in tile coordinates (0..S): the ground, forests,
/// rivers, lakes, contents and badge. `state` says of each forest and river (by kind and
/// index) whether its feature is complete, and the attributes its shapes carry.
fn tile_shapes(
    out: &mut String,
    tile: &Tile,
    rot: Rotation,
    state: &dyn Fn(ZoneKind, usize) -> (bool, String),
) {
    let _ = writeln!(
        out,
        r#"<rect width="{S}" height="{S}" fill="{MEADOW}" stroke="{GRID}" stroke-width="0.6"/>"#
    );
    // Forests.
    for (i, f) in tile.forests.iter().enumerate() {
        let (done, mark) = state(ZoneKind::Forest, i);
        let fill = if done { FOREST_DONE } else { FOREST };
        let sides = sides_of(f.ports, rot);
        for d in &sides {
            let _ = writeln!(
                out,
                r#"<polygon points="{}" fill="{fill}"{mark}/>"#,
                points(&forest_band(*d))
            );
        }
        if sides.len() >= 2 {
            let (a, b) = (0.3 * S - 0.5, 0.4 * S + 1.0);
            let _ = writeln!(
                out,
                r#"<rect x="{a:.1}" y="{a:.1}" width="{b:.1}" height="{b:.1}" fill="{fill}"{mark}/>"#
            );
        }
    }
    // Rivers: from the middle of each side they reach to the centre, or past it in a
    // curve when the tile holds two rivers or more.
    let curve = tile.rivers.len() >= 2 && tile.lakes.is_empty();
    for (i, r) in tile.rivers.iter().enumerate() {
        let (done, mark) = state(ZoneKind::River, i);
        let colour = if done { RIVER_DONE } else { RIVER };
        let ends: Vec<(f64, f64)> = sides_of(r.ports, rot)
            .into_iter()
            .map(|d| edge_point(d, 1).0)
            .collect();
        let centre = (S / 2.0, S / 2.0);
        let path = match ends.as_slice() {
            [a, b] if curve => {
                let c = ((a.0 + b.0 + centre.0) / 3.0, (a.1 + b.1 + centre.1) / 3.0);
                format!(
                    "M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}",
                    a.0, a.1, c.0, c.1, b.0, b.1
                )
            }
            [a, b] => format!(
                "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}",
                a.0, a.1, centre.0, centre.1, b.0, b.1
            ),
            [a] => format!("M{:.1},{:.1} L{:.1},{:.1}", a.0, a.1, centre.0, centre.1),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            r#"<path d="{path}" fill="none" stroke="{colour}" stroke-width="6" stroke-linecap="round"{mark}/>"#
        );
        if r.ends.contains(&RiverEnd::Spring) {
            let _ = writeln!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="4" fill="#9fd3ff" stroke="{colour}" stroke-width="1.5"{mark}><title>spring</title></circle>"##,
                centre.0, centre.1
            );
        }
    }
    // Lakes.
    for i in 0..tile.lakes.len() {
        let (cx, cy) = anchor(
            tile,
            rot,
            ZoneRef {
                kind: ZoneKind::Lake,
                index: i as u8,
            },
            0.0,
        );
        let _ = writeln!(
            out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{LAKE}" stroke="{RIVER_DONE}" stroke-width="1"/>"#,
            S * 0.15
        );
    }
    // Contents.
    for kind in ZoneKind::ALL {
        for i in 0..tile.zone_count(kind) {
            let z = ZoneRef {
                kind,
                index: i as u8,
            };
            let labels = content_labels(tile, z);
            if labels.is_empty() {
                continue;
            }
            let (x, y) = label_anchor(tile, rot, z);
            // A light halo on the ground, a dark one on the water.
            let halo = if kind == ZoneKind::Lake {
                "#0b3d91"
            } else {
                "#ffffff"
            };
            let text: Vec<String> = labels
                .iter()
                .map(|(t, c)| format!(r#"<tspan fill="{c}">{}</tspan>"#, esc(t)))
                .collect();
            // What the letters mean, for a pointer resting on them.
            let _ = writeln!(
                out,
                r#"<g class="contents"><title>{}: {}</title><text x="{x:.1}" y="{:.1}" font-size="8" font-weight="bold" text-anchor="middle" stroke="{halo}" stroke-opacity="0.6" stroke-width="1.5" paint-order="stroke">{}</text></g>"#,
                kind.word(),
                esc(&content_words(tile, z)),
                y + 3.0,
                text.join(" ")
            );
        }
    }
    // Tiles that are not regular land tiles carry a badge: ★ bonus or menhir, S Scout.
    let badge = if !tile.spots.is_empty() {
        Some(BADGES[1])
    } else if tile.deck == crate::tile::Deck::Bonus {
        Some(BADGES[0])
    } else {
        None
    };
    if let Some((mark, fill, meaning)) = badge {
        let _ = writeln!(
            out,
            r##"<g class="badge"><title>{meaning}</title><circle cx="9" cy="9" r="7" fill="{fill}" stroke="#ffffff" stroke-width="1.2"/><text x="9" y="12.5" font-size="9" font-weight="bold" text-anchor="middle" fill="#ffffff">{mark}</text></g>"##
        );
    }
}

/// Where a zone's contents (animals, fish, nuggets…) are written on its tile.
fn label_anchor(tile: &Tile, rot: Rotation, z: ZoneRef) -> (f64, f64) {
    anchor(
        tile,
        rot,
        z,
        if z.kind == ZoneKind::Lake { 0.0 } else { 9.0 },
    )
}

/// Where a piece stands in a zone of a tile laid at `rot`, in the tile's coordinates: deeper
/// into the tile than the zone's contents, and on a lake below its fish, so that a piece
/// never hides what a move depends on.
pub fn piece_point(tile: &Tile, rot: Rotation, z: ZoneRef) -> (f64, f64) {
    if z.kind == ZoneKind::Lake {
        let (x, y) = anchor(tile, rot, z, 0.0);
        (x, y + 13.0)
    } else {
        anchor(tile, rot, z, 20.0)
    }
}

/// The radius of the circle a person clicks to choose where a piece goes, in tile units.
pub const TARGET_RADIUS: f64 = 7.0;

/// Room between two targets' squares, so that a click never lands on the edge of two.
const TARGET_GAP: f64 = 2.0;

/// Where a piece may stand on a tile: one of its zones, or a Scout tile's spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Zone(ZoneRef),
    Spot(u8),
}

/// The circle a person clicks to choose a place for a piece, centred at (`x`, `y`) in the
/// tile's coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub place: Place,
    pub x: f64,
    pub y: f64,
}

/// One target for every zone and spot of a tile laid at `rot`: each near where the zone's
/// piece stands, and no two closer than their squares of side `2 * TARGET_RADIUS` allow,
/// with room between them, all inside the tile. Several pieces that may stand in one zone
/// share its target (the page then lists them), so up to twelve circles no longer crowd a
/// lake tile and cover each other.
pub fn piece_targets(tile: &Tile, rot: Rotation) -> Vec<Target> {
    let mut targets: Vec<Target> = tile
        .zones()
        .map(|z| {
            let (x, y) = piece_point(tile, rot, z);
            Target {
                place: Place::Zone(z),
                x,
                y,
            }
        })
        .collect();
    for (i, spot) in tile.spots.iter().enumerate() {
        // A spot joins its zones (the bridge both meadows): its target starts between them.
        let n = spot.zones.len().max(1) as f64;
        let (x, y) = spot.zones.iter().fold((0.0, 0.0), |(x, y), &z| {
            let (px, py) = piece_point(tile, rot, z);
            (x + px / n, y + py / n)
        });
        targets.push(Target {
            place: Place::Spot(i as u8),
            x,
            y,
        });
    }
    spread(&mut targets);
    for t in &mut targets {
        t.x = (t.x * 10.0).round() / 10.0;
        t.y = (t.y * 10.0).round() / 10.0;
    }
    targets
}

/// Moves targets apart until no two squares of side `2 * TARGET_RADIUS` overlap, each pair
/// pushed apart along the axis on which it needs the less room; should that not settle, every
/// target takes the free cell of a four by four grid nearest to where it would stand.
fn spread(targets: &mut [Target]) {
    let r = TARGET_RADIUS;
    let apart = 2.0 * r + TARGET_GAP;
    let (lo, hi) = (r + 1.0, S - r - 1.0);
    let clash = |a: &Target, b: &Target| (a.x - b.x).abs() < apart && (a.y - b.y).abs() < apart;
    for t in targets.iter_mut() {
        t.x = t.x.clamp(lo, hi);
        t.y = t.y.clamp(lo, hi);
    }
    for _ in 0..200 {
        let mut moved = false;
        for i in 0..targets.len() {
            for j in i + 1..targets.len() {
                let (a, b) = (targets[i], targets[j]);
                if !clash(&a, &b) {
                    continue;
                }
                moved = true;
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                // Targets at one point part by the order they come in, the later one to the
                // south-east, so that the layout is the same on every run.
                let away = |d: f64| if d < 0.0 { -1.0 } else { 1.0 };
                if dx.abs() >= dy.abs() {
                    let push = (apart - dx.abs()) / 2.0 + 0.05;
                    targets[i].x = (a.x - away(dx) * push).clamp(lo, hi);
                    targets[j].x = (b.x + away(dx) * push).clamp(lo, hi);
                } else {
                    let push = (apart - dy.abs()) / 2.0 + 0.05;
                    targets[i].y = (a.y - away(dy) * push).clamp(lo, hi);
                    targets[j].y = (b.y + away(dy) * push).clamp(lo, hi);
                }
            }
        }
        if !moved {
            return;
        }
    }
    let wanted: Vec<(f64, f64)> = targets.iter().map(|t| (t.x, t.y)).collect();
    let cells: Vec<(f64, f64)> = (0..16)
        .map(|c| (lo + (c % 4) as f64 * apart, lo + (c / 4) as f64 * apart))
        .collect();
    let mut free = vec![true; cells.len()];
    for (t, (x, y)) in targets.iter_mut().zip(wanted) {
        let Some(c) = (0..cells.len()).filter(|&c| free[c]).min_by(|&a, &b| {
            let d = |c: usize| (cells[c].0 - x).powi(2) + (cells[c].1 - y).powi(2);
            d(a).total_cmp(&d(b))
        }) else {
            // More targets than cells: no tile of the built-in sets comes near (a test
            // checks), and one from a file keeps its last place.
            break;
        };
        free[c] = false;
        (t.x, t.y) = cells[c];
    }
}

/// The outline of a place on a tile laid at `rot`, in the tile's coordinates: the stretches
/// of the tile's edge its zone reaches (a spot's zones), the lake's shore, and a ring round
/// its target at (`x`, `y`). What the page draws round the place a person chose.
pub fn place_outline(tile: &Tile, rot: Rotation, place: Place, x: f64, y: f64) -> String {
    let zones: Vec<ZoneRef> = match place {
        Place::Zone(z) => vec![z],
        Place::Spot(i) => tile
            .spots
            .get(usize::from(i))
            .map(|s| s.zones.clone())
            .unwrap_or_default(),
    };
    let mut out = String::new();
    for &z in &zones {
        if z.kind == ZoneKind::Lake {
            let (cx, cy) = anchor(tile, rot, z, 0.0);
            let _ = write!(
                out,
                r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/>"#,
                S * 0.15 + 2.0
            );
            continue;
        }
        for dir in Dir::ALL {
            for (part, (a, b)) in [(0.0, 0.4), (0.4, 0.6), (0.6, 1.0)].into_iter().enumerate() {
                if tile.zone_at(rot, dir, part) != z {
                    continue;
                }
                let at = |t: f64| match dir {
                    Dir::N => (t * S, 0.0),
                    Dir::E => (S, t * S),
                    Dir::S => ((1.0 - t) * S, S),
                    Dir::W => (0.0, (1.0 - t) * S),
                };
                let ((x0, y0), (x1, y1)) = (at(a), at(b));
                let _ = write!(out, r#"<path d="M{x0:.1},{y0:.1} L{x1:.1},{y1:.1}"/>"#);
            }
        }
    }
    let _ = write!(
        out,
        r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}"/>"#,
        TARGET_RADIUS + 2.5
    );
    out
}

/// The SVG picture of a game's board, with a legend and the scores. `names` are the players'
/// names in seat order; `title` goes at the top of the legend.
pub fn svg(game: &Game, names: &[String], title: &str) -> String {
    let frame = Frame::of(game);
    let width = frame.width + LEGEND;
    let height = frame.height.max(420.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", esc(title));
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#f4f1e8"/>"##
    );
    board(&mut out, game, &frame, None);
    legend(&mut out, game, names, title, frame.width);
    let _ = writeln!(out, "</svg>");
    out
}

/// The side of a square in the pictures, in SVG units.
pub const SQUARE: f64 = S;

/// The board as a table in the browser draws it: the board as it stands, with a ring of
/// empty squares round it where a tile may go, each piece marked with its index in
/// [`Game::pieces`] (`data-piece`, what a shaman's recall names).
pub struct TableBoard {
    /// The shapes, for a picture of `0 0 width height`.
    pub shapes: String,
    pub width: f64,
    pub height: f64,
    /// The square whose top left corner is at (`margin`, `margin`).
    pub x0: i32,
    pub y0: i32,
    pub margin: f64,
}

pub fn table_board(game: &Game) -> TableBoard {
    let frame = Frame::around(game, 1);
    let mut shapes = String::new();
    board(&mut shapes, game, &frame, None);
    TableBoard {
        shapes,
        width: frame.width,
        height: frame.height,
        x0: frame.x0,
        y0: frame.y0,
        margin: MARGIN,
    }
}

/// One tile laid at `rot` as the board draws it, in a square of side [`SQUARE`] from the
/// origin, its forests and rivers open: the tile in hand.
pub fn tile_picture(tile: &Tile, rot: Rotation) -> String {
    let mut out = String::new();
    tile_shapes(&mut out, tile, rot, &|_, _| (false, String::new()));
    out
}

/// A piece in player `player`'s colour standing at (`x`, `y`), as the board draws it.
pub fn piece_picture(piece: Piece, player: usize, x: f64, y: f64) -> String {
    piece_shape(piece, x, y, PLAYER[player % PLAYER.len()], "")
}

/// A piece: gatherers and fishers stand, hunters lie, huts are little houses. Each has a
/// white halo under a dark outline, so that it stands out on any ground (a blue piece on a
/// river, a green one in a forest).
fn piece_shape(piece: Piece, x: f64, y: f64, colour: &str, marks: &str) -> String {
    let shape = match piece {
        Piece::Hut => format!(
            r#"<polygon points="{}""#,
            points(&[
                (x - 8.5, y + 7.0),
                (x - 8.5, y - 1.5),
                (x, y - 10.0),
                (x + 8.5, y - 1.5),
                (x + 8.5, y + 7.0),
            ])
        ),
        Piece::Hunter => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="20" height="10" rx="4""#,
            x - 10.0,
            y - 5.0
        ),
        Piece::Gatherer | Piece::Fisher => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="10" height="18" rx="4""#,
            x - 5.0,
            y - 9.0
        ),
    };
    format!(
        r##"<g class="piece {name}"{marks}><title>{name}</title>{shape} fill="none" stroke="#ffffff" stroke-width="4.5" stroke-linejoin="round"/>{shape} fill="{colour}" stroke="#111111" stroke-width="1.4" stroke-linejoin="round"/></g>"##,
        name = crate::notation::piece_name(piece)
    )
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn lines_of(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn legend(out: &mut String, game: &Game, names: &[String], title: &str, x: f64) {
    let _ = writeln!(
        out,
        r#"<g class="legend" transform="translate({x:.1},16)">"#
    );
    // The title breaks into lines that fit the legend's width.
    let mut y = 12.0;
    for line in lines_of(title, 44) {
        let _ = writeln!(
            out,
            r#"<text class="title" x="0" y="{y:.1}" font-size="13" font-weight="bold">{}</text>"#,
            esc(&line)
        );
        y += 16.0;
    }
    y += 6.0;
    let _ = writeln!(
        out,
        r#"<text x="0" y="{y}" font-size="11" font-weight="bold">Scores</text>"#
    );
    y += 16.0;
    let winners = if game.is_over() {
        game.winners()
    } else {
        Vec::new()
    };
    for p in 0..game.players() {
        let name = names
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("player {}", p + 1));
        let cats: Vec<String> = Category::ALL
            .iter()
            .map(|c| game.score(p, *c).to_string())
            .collect();
        let _ = writeln!(
            out,
            r##"<rect x="0" y="{:.1}" width="10" height="10" fill="{}" stroke="#222"/><text x="16" y="{y:.1}" font-size="11">{} {}: {}{}</text>"##,
            y - 9.0,
            PLAYER[p % PLAYER.len()],
            p + 1,
            esc(&name),
            game.total(p),
            if winners.contains(&p) {
                " (winner)"
            } else {
                ""
            }
        );
        y += 13.0;
        let _ = writeln!(
            out,
            r##"<text x="16" y="{y:.1}" font-size="9" fill="#555">rivers {} · forests {} · huts {} · meadows {} · specials {}</text>"##,
            cats[0], cats[1], cats[2], cats[3], cats[4]
        );
        y += 16.0;
    }
    y += 8.0;
    let _ = writeln!(
        out,
        r#"<text x="0" y="{y}" font-size="11" font-weight="bold">Key</text>"#
    );
    key(out, y + 8.0);
    let _ = writeln!(out, "</g>");
}

/// What the colours and letters of a board mean, from `y` down; where it ends.
///
/// Public for the application's step-through page (`hunters::viewer`), whose key is the
/// picture's.
pub fn key(out: &mut String, mut y: f64) -> f64 {
    for (fill, text) in [
        (MEADOW, "meadow"),
        (FOREST, "forest (darker: completed)"),
        (RIVER, "river (darker: completed)"),
        (LAKE, "lake"),
    ] {
        let _ = writeln!(
            out,
            r##"<rect x="0" y="{y:.1}" width="12" height="10" fill="{fill}" stroke="#222" stroke-width="0.5"/><text x="18" y="{:.1}" font-size="10">{text}</text>"##,
            y + 9.0
        );
        y += 15.0;
    }
    for line in [
        "D deer · A aurochs · M mammoth · T tiger · B bear",
        "f fish · G gold nugget · ▲ menhir · m mushrooms",
        "standing: gatherer, fisher · lying: hunter",
        "house: hut",
        "★ bonus or menhir tile · S Scout tile",
        "numbers along the edges: x (top), y (left)",
    ] {
        let _ = writeln!(
            out,
            r#"<text x="0" y="{:.1}" font-size="10">{}</text>"#,
            y + 9.0,
            esc(line)
        );
        y += 14.0;
    }
    y
}

/// A compact text board: three characters by three per tile, sides as `F` forest, `M`
/// meadow, `R` river; in the middle the seat number of a piece on the tile, `o` for a lake,
/// `.` otherwise. Empty squares are blank.
pub fn ascii(game: &Game) -> String {
    let placed = game.board().placed();
    let (x0, x1, y0, y1) = extent(game);
    let cols = (x1 - x0 + 1) as usize;
    let rows = (y1 - y0 + 1) as usize;
    let mut grid = vec![vec![' '; cols * 3]; rows * 3];
    let tiles = &game.tiles().tiles;
    for (index, p) in placed.iter().enumerate() {
        let tile = &tiles[p.tile];
        let cx = (p.pos.x - x0) as usize * 3 + 1;
        let cy = (p.pos.y - y0) as usize * 3 + 1;
        for (dir, (dx, dy)) in Dir::ALL
            .into_iter()
            .zip([(0i32, -1i32), (1, 0), (0, 1), (-1, 0)])
        {
            let c = match tile.side(p.rot, dir) {
                Side::Forest => 'F',
                Side::Meadow => 'M',
                Side::River => 'R',
            };
            grid[(cy as i32 + dy) as usize][(cx as i32 + dx) as usize] = c;
        }
        let owner = game.pieces().iter().find(|piece| {
            let at = match piece.at {
                PieceAt::Zone(z) => z.placed,
                PieceAt::Spot { placed, .. } => placed,
            };
            usize::from(at) == index
        });
        grid[cy][cx] = match owner {
            Some(piece) => char::from_digit(piece.player as u32 + 1, 10).unwrap_or('?'),
            None if !tile.lakes.is_empty() => 'o',
            None => '.',
        };
    }
    let mut out = format!(
        "x {x0}..{x1}, y {y0}..{y1} (north up); sides F forest, M meadow, R river; centre: seat of a piece, o lake\n"
    );
    // Coordinates along the top and the right, so that `X,Y` can be found on the board.
    let ruler: String = (x0..=x1).map(|x| format!("{x:^3}")).collect();
    out.push_str(ruler.trim_end());
    out.push('\n');
    for (i, row) in grid.into_iter().enumerate() {
        let line: String = row.into_iter().collect();
        if i % 3 == 1 {
            let y = y0 + (i / 3) as i32;
            let _ = writeln!(out, "{line}  y {y}");
        } else {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    let scores: Vec<String> = (0..game.players())
        .map(|p| format!("{} ({}) {}", p + 1, PLAYER_COLOURS[p % 5], game.total(p)))
        .collect();
    let _ = writeln!(
        out,
        "scores: {}{}",
        scores.join(", "),
        if game.is_over() { " (final)" } else { "" }
    );
    out
}

/// [`ascii`] with its sides and pieces coloured for a terminal when `colour` (the first line
/// explains, the second and the ends of rows give coordinates, the last gives the scores:
/// only the grid is coloured).
pub fn ascii_in_colour(game: &Game, colour: bool) -> String {
    let text = ascii(game);
    if !colour {
        return text;
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i <= 1 || i + 1 == lines.len() {
            out.push_str(line);
        } else {
            let (grid, label) = line.split_at(line.find("  y ").unwrap_or(line.len()));
            for c in grid.chars() {
                out.push_str(&paint(c));
            }
            out.push_str(label);
        }
        out.push('\n');
    }
    out
}

/// A tile in each of its four turns, side by side, drawn as [`ascii`] draws tiles: for a
/// person deciding how to lay it.
pub fn tile_turns(tile: &Tile, colour: bool) -> String {
    let mut rows = [String::new(), String::new(), String::new(), String::new()];
    let cell = |c: char| if colour { paint(c) } else { c.to_string() };
    let centre = if tile.lakes.is_empty() { '.' } else { 'o' };
    for rot in Rotation::ALL {
        let side = |d| match tile.side(rot, d) {
            Side::Forest => 'F',
            Side::Meadow => 'M',
            Side::River => 'R',
        };
        rows[0].push_str(&format!("{:<7}", format!("r{}", rot.degrees())));
        rows[1].push_str(&format!(" {}     ", cell(side(Dir::N))));
        rows[2].push_str(&format!(
            "{}{}{}    ",
            cell(side(Dir::W)),
            centre,
            cell(side(Dir::E))
        ));
        rows[3].push_str(&format!(" {}     ", cell(side(Dir::S))));
    }
    let mut out = String::new();
    for r in rows {
        out.push_str(r.trim_end());
        out.push('\n');
    }
    out
}

/// A board character in its colour (ANSI): forests green, rivers blue, meadows yellow,
/// pieces in their owner's colour.
fn paint(c: char) -> String {
    let code = match c {
        'F' => "32",
        'R' => "34",
        'M' => "33",
        '1' => "1;31",
        '2' => "1;34",
        '3' => "1;33",
        '4' => "1;32",
        '5' => "1;35",
        _ => return c.to_string(),
    };
    format!("\x1b[{code}m{c}\x1b[0m")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece never stands on the marks of its own zone's contents (the lake's fish, a
    /// meadow's animals): on every tile of every built-in set, at every rotation.
    #[test]
    fn pieces_keep_clear_of_the_marks_of_their_zone() {
        let mut checked = 0;
        for name in ["classic", "menhir", "scout"] {
            let set = crate::TileSet::builtin(name).unwrap();
            for tile in &set.tiles {
                for rot in Rotation::ALL {
                    for z in tile.zones() {
                        if content_labels(tile, z).is_empty() {
                            continue;
                        }
                        let (px, py) = piece_point(tile, rot, z);
                        let (lx, ly) = label_anchor(tile, rot, z);
                        let d = ((px - lx).powi(2) + (py - ly).powi(2)).sqrt();
                        assert!(
                            d >= 10.0,
                            "tile {} {z:?} r{}: {d:.1}",
                            tile.id,
                            rot.degrees()
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// Every letter or mark a tile of the built-in sets shows is in the key ([`SYMBOLS`]),
    /// and every entry of the key is shown by some tile.
    #[test]
    fn every_mark_on_a_tile_has_a_meaning() {
        let mut shown = std::collections::HashSet::new();
        for (name, _) in crate::tileset::BUILTIN {
            for tile in &crate::TileSet::builtin(name).unwrap().tiles {
                for z in tile.zones() {
                    for (label, _) in content_labels(tile, z) {
                        let mark = label.trim_start_matches(|c: char| c.is_ascii_digit());
                        assert!(
                            SYMBOLS.iter().any(|(l, _)| *l == mark),
                            "tile {}: {label:?} is in no key",
                            tile.id
                        );
                        shown.insert(mark.to_string());
                    }
                }
            }
        }
        for (label, meaning) in SYMBOLS {
            assert!(shown.contains(label), "no tile shows {label:?} ({meaning})");
        }
    }

    /// The squares round two targets overlap.
    fn overlap(a: &Target, b: &Target) -> bool {
        let side = 2.0 * TARGET_RADIUS;
        (a.x - b.x).abs() < side && (a.y - b.y).abs() < side
    }

    /// No two places a piece may go share a point a click could land on: on every tile of
    /// every built-in set (the Scout's special tiles too), at every rotation, the squares round
    /// the targets are apart and inside the tile, and each zone and spot has its own.
    #[test]
    fn no_two_piece_targets_overlap_on_any_tile() {
        let mut checked = 0;
        let mut most = 0;
        for (name, _) in crate::tileset::BUILTIN {
            let set = crate::TileSet::builtin(name).unwrap();
            for tile in &set.tiles {
                for rot in Rotation::ALL {
                    let targets = piece_targets(tile, rot);
                    assert_eq!(targets.len(), tile.zones().count() + tile.spots.len());
                    most = most.max(targets.len());
                    for (i, a) in targets.iter().enumerate() {
                        let r = TARGET_RADIUS;
                        assert!(
                            (r..=S - r).contains(&a.x) && (r..=S - r).contains(&a.y),
                            "tile {} r{}: {a:?} leaves the tile",
                            tile.id,
                            rot.degrees()
                        );
                        for b in &targets[i + 1..] {
                            assert!(
                                !overlap(a, b),
                                "tile {} r{}: {a:?} and {b:?} overlap",
                                tile.id,
                                rot.degrees()
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
        assert!(most >= 6, "the most targets on a tile: {most}");
    }

    /// The targets stay near where the zone's piece stands: spread apart, not scattered.
    #[test]
    fn piece_targets_stay_near_their_zones() {
        for (name, _) in crate::tileset::BUILTIN {
            let set = crate::TileSet::builtin(name).unwrap();
            for tile in &set.tiles {
                for rot in Rotation::ALL {
                    for t in piece_targets(tile, rot) {
                        let Place::Zone(z) = t.place else { continue };
                        let (x, y) = piece_point(tile, rot, z);
                        let d = ((t.x - x).powi(2) + (t.y - y).powi(2)).sqrt();
                        assert!(
                            d <= 24.0,
                            "tile {} r{} {z:?}: {d:.1} away",
                            tile.id,
                            rot.degrees()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn targets_at_one_point_are_spread() {
        let mut ts: Vec<Target> = (0..5)
            .map(|i| Target {
                place: Place::Spot(i),
                x: 32.0,
                y: 32.0,
            })
            .collect();
        spread(&mut ts);
        for (i, a) in ts.iter().enumerate() {
            for b in &ts[i + 1..] {
                assert!(!overlap(a, b), "{a:?} {b:?}");
            }
        }
    }
}
