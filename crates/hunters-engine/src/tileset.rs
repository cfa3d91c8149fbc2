//! Tile sets: the TOML files in `variants/tiles/`, their loader and its checks.
//!
//! The format is described in `docs/tile-format.md`. Loading checks every tile and refuses the
//! whole set on the first fault, naming the file, the line, the tile and what is wrong.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{InputError, from_toml, line_of};
use crate::tile::{
    Animals, Deck, Dir, Forest, Lake, LakeSpecial, Meadow, MeadowSpecial, Piece, Ports, River,
    RiverEnd, Rotation, Side, Spot, Tile, ZoneKind, ZoneRef,
};

/// Most copies of one tile, and most tiles in a set: far above any printed game, low enough
/// that a hostile file cannot make the board or the decks exhaust memory.
pub const MAX_COPIES: u8 = 50;
pub const MAX_TILES: usize = 1000;
/// Most animals, fish or markers of one kind in one zone.
pub const MAX_CONTENT: u8 = 20;
/// Largest tile-set file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// The tile sets built into the binary: name and TOML text.
// The files stay in the repository's `variants/`, where people and the tests read them too.
pub const BUILTIN: [(&str, &str); 3] = [
    (
        "menhir",
        include_str!("../../../variants/tiles/menhir.toml"),
    ),
    (
        "classic",
        include_str!("../../../variants/tiles/classic.toml"),
    ),
    ("scout", include_str!("../../../variants/tiles/scout.toml")),
];

/// A validated tile set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    pub name: String,
    pub description: String,
    /// Where the tile data come from, and how sure they are.
    pub provenance: String,
    /// What the rules call the bonus deck (`bonus` or `menhir`).
    pub bonus_name: String,
    /// Where the set was loaded from (`built-in tile set "menhir"` or a path).
    pub source: String,
    pub tiles: Vec<Tile>,
}

impl TileSet {
    /// A tile set built into the binary, by name.
    pub fn builtin(name: &str) -> Option<TileSet> {
        let (_, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
        let label = format!("built-in tile set \"{name}\"");
        // The built-in files are checked by the tests, so a failure here is a build defect.
        Some(TileSet::parse(text, &label).unwrap_or_else(|e| panic!("{e}")))
    }

    /// A built-in name, or else a path to a tile-set file.
    pub fn load(name_or_path: &str) -> Result<TileSet, InputError> {
        if let Some(set) = TileSet::builtin(name_or_path) {
            return Ok(set);
        }
        let path = Path::new(name_or_path);
        if !path.exists() {
            return Err(InputError::neither_builtin_nor_file(
                name_or_path,
                "tile set",
                &BUILTIN,
            ));
        }
        TileSet::load_file(path)
    }

    pub fn load_file(path: &Path) -> Result<TileSet, InputError> {
        let text = read_input(path)?;
        TileSet::parse(&text, &path.display().to_string())
    }

    /// Parses and checks a tile set; `file` labels the errors.
    pub fn parse(text: &str, file: &str) -> Result<TileSet, InputError> {
        let raw: RawFile = toml::from_str(text).map_err(|e| from_toml(file, text, &e))?;
        let mut tiles = Vec::with_capacity(raw.tile.len());
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut total = 0usize;
        for spanned in &raw.tile {
            let line = line_of(text, spanned.span().start);
            let raw_tile = spanned.get_ref();
            let err = |msg: String| {
                InputError::new(file, Some(line), format!("tile {}: {msg}", raw_tile.id))
            };
            let tile = build_tile(raw_tile).map_err(err)?;
            if let Some(first) = seen.insert(tile.id.clone(), line) {
                return Err(err(format!(
                    "the id is used twice (first at line {first}); every tile needs its own id"
                )));
            }
            total += usize::from(tile.count);
            if total > MAX_TILES {
                return Err(err(format!(
                    "the set holds more than {MAX_TILES} tiles, the most this tool accepts"
                )));
            }
            tiles.push(tile);
        }
        let set_line = Some(line_of(text, raw.set.span().start));
        let header = raw.set.into_inner();
        let set = TileSet {
            name: header.name,
            description: header.description,
            provenance: header.provenance,
            bonus_name: header.bonus.unwrap_or_else(|| "bonus".to_string()),
            source: file.to_string(),
            tiles,
        };
        if set.tiles.is_empty() {
            return Err(InputError::new(
                file,
                None,
                "the set has no [[tile]] entries; expected at least one tile",
            ));
        }
        let starts = set.count(Deck::Start);
        if starts > 1 {
            return Err(InputError::new(
                file,
                set_line,
                format!("the set has {starts} start tiles; expected at most one"),
            ));
        }
        if let Some(counts) = header.counts {
            for (deck, want) in [
                (Deck::Start, counts.start),
                (Deck::Regular, counts.regular),
                (Deck::Bonus, counts.bonus),
                (Deck::Scout, counts.scout),
            ] {
                let found = set.count(deck);
                if let Some(want) = want
                    && want != found
                {
                    return Err(InputError::new(
                        file,
                        set_line,
                        format!(
                            "[set] counts says {want} {} tiles but the file holds {found}",
                            deck.word()
                        ),
                    ));
                }
            }
        }
        Ok(set)
    }

    /// How many tiles (copies included) the deck holds.
    pub fn count(&self, deck: Deck) -> usize {
        self.tiles
            .iter()
            .filter(|t| t.deck == deck)
            .map(|t| usize::from(t.count))
            .sum()
    }

    /// Every copy of every tile of a deck, as indexes into [`TileSet::tiles`], in file order.
    pub fn deck(&self, deck: Deck) -> Vec<usize> {
        let mut out = Vec::new();
        self.deck_into(deck, &mut out);
        out
    }

    /// [`TileSet::deck`] into `out` (cleared first).
    pub fn deck_into(&self, deck: Deck, out: &mut Vec<usize>) {
        out.clear();
        for (i, t) in self.tiles.iter().enumerate() {
            if t.deck == deck {
                out.extend(std::iter::repeat_n(i, usize::from(t.count)));
            }
        }
    }

    /// This set with the tiles of an expansion appended (tile indexes of this set stay valid).
    pub fn with_expansion(&self, other: &TileSet) -> Result<TileSet, InputError> {
        for t in &other.tiles {
            if self.tile(&t.id).is_some() {
                return Err(InputError::new(
                    &other.source,
                    None,
                    format!(
                        "tile {} is also a tile of set {}; the sets of one variant need distinct \
                         tile ids",
                        t.id, self.name
                    ),
                ));
            }
        }
        if other.count(Deck::Start) > 0 && self.count(Deck::Start) > 0 {
            return Err(InputError::new(
                &other.source,
                None,
                format!(
                    "both {} and {} have a start tile; a game has one",
                    self.name, other.name
                ),
            ));
        }
        let mut set = self.clone();
        set.name = format!("{}+{}", self.name, other.name);
        set.tiles.extend(other.tiles.iter().cloned());
        Ok(set)
    }

    pub fn tile(&self, id: &str) -> Option<(usize, &Tile)> {
        self.tiles.iter().enumerate().find(|(_, t)| t.id == id)
    }
}

/// Reads an input file with a size limit, as text.
pub(crate) fn read_input(path: &Path) -> Result<String, InputError> {
    let file = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|e| InputError::new(&file, None, format!("cannot read the file: {e}")))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(InputError::new(
            &file,
            None,
            format!(
                "the file is {} bytes; the most this tool reads is {MAX_FILE_BYTES}",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| InputError::new(&file, None, format!("cannot read the file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let text_before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = text_before.iter().filter(|&&b| b == b'\n').count() + 1;
        InputError::new(&file, Some(line), "the file is not UTF-8 text")
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    set: Spanned<RawHeader>,
    #[serde(default)]
    tile: Vec<Spanned<RawTile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeader {
    name: String,
    description: String,
    provenance: String,
    bonus: Option<String>,
    counts: Option<RawCounts>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCounts {
    start: Option<usize>,
    regular: Option<usize>,
    bonus: Option<usize>,
    scout: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    id: String,
    name: Option<String>,
    deck: String,
    count: Option<u8>,
    note: Option<String>,
    sides: String,
    #[serde(default)]
    forests: Vec<RawForest>,
    #[serde(default)]
    meadows: Vec<RawMeadow>,
    #[serde(default)]
    rivers: Vec<RawRiver>,
    #[serde(default)]
    lakes: Vec<RawLake>,
    #[serde(default)]
    spots: Vec<RawSpot>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawForest {
    name: Option<String>,
    at: String,
    #[serde(default)]
    nuggets: u8,
    #[serde(default)]
    menhirs: u8,
    #[serde(default)]
    mushrooms: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMeadow {
    name: Option<String>,
    at: String,
    #[serde(default)]
    deer: u8,
    #[serde(default)]
    aurochs: u8,
    #[serde(default)]
    mammoths: u8,
    #[serde(default)]
    tigers: u8,
    #[serde(default)]
    bears: u8,
    #[serde(default)]
    specials: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRiver {
    name: Option<String>,
    at: String,
    #[serde(default)]
    ends: Vec<String>,
    #[serde(default)]
    fish: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLake {
    name: String,
    fish: u8,
    #[serde(default)]
    specials: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpot {
    name: String,
    piece: String,
    zones: Vec<String>,
}

fn check_id(what: &str, id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.len() <= 16
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{what} {id:?} is not valid; expected 1 to 16 letters, digits, '-' or '_'"
        ))
    }
}

fn check_content(what: &str, n: u8) -> Result<u8, String> {
    if n > MAX_CONTENT {
        Err(format!(
            "{what} is {n}; at most {MAX_CONTENT} is accepted in one zone"
        ))
    } else {
        Ok(n)
    }
}

/// One `at` token: a whole side (`N`) or a bank half of a river side (`Nw`).
fn parse_token(tok: &str) -> Option<(Dir, Option<usize>)> {
    let mut chars = tok.chars();
    let dir = match chars.next()? {
        'N' => Dir::N,
        'E' => Dir::E,
        'S' => Dir::S,
        'W' => Dir::W,
        _ => return None,
    };
    match chars.next() {
        None => Some((dir, None)),
        Some(c) if chars.next().is_none() => {
            let [first, second] = dir.half_names();
            let name = format!("{}{c}", dir.letter());
            if name == first {
                Some((dir, Some(0)))
            } else if name == second {
                Some((dir, Some(2)))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Where one zone lies, as its parts; checks each side is of the zone's kind.
fn parse_at(kind: ZoneKind, at: &str, sides: &[Side; 4]) -> Result<Ports, String> {
    let label = format!("{} at {at:?}", kind.word());
    let mut ports = Ports(0);
    if at.trim().is_empty() {
        return Err(format!(
            "{label}: `at` is empty; expected sides such as \"N+E\""
        ));
    }
    for tok in at.split('+').map(str::trim) {
        let Some((dir, half)) = parse_token(tok) else {
            return Err(format!(
                "{label}: {tok:?} is not a side; expected N, E, S, W or a river bank half \
                 (Nw, Ne, En, Es, Se, Sw, Ws, Wn)"
            ));
        };
        let side = sides[dir.index()];
        let add = match (kind, side, half) {
            (ZoneKind::Forest, Side::Forest, None) | (ZoneKind::Meadow, Side::Meadow, None) => {
                Ports::side(dir)
            }
            (ZoneKind::River, Side::River, None) => Ports::bit(dir, 1),
            (ZoneKind::Meadow, Side::River, Some(part)) => Ports::bit(dir, part),
            (ZoneKind::Meadow, Side::River, None) => {
                return Err(format!(
                    "{label}: side {tok} is a river; a meadow reaches it by a bank half ({} or {})",
                    dir.half_names()[0],
                    dir.half_names()[1]
                ));
            }
            (_, _, Some(_)) => {
                return Err(format!(
                    "{label}: {tok} is a river bank half, but side {} is a {}",
                    dir.letter(),
                    side.word()
                ));
            }
            (_, _, None) => {
                return Err(format!(
                    "{label}: side {tok} is a {}, not a {}",
                    side.word(),
                    kind.word()
                ));
            }
        };
        if ports.intersects(add) {
            return Err(format!("{label}: {tok} is listed twice"));
        }
        ports.0 |= add.0;
    }
    Ok(ports)
}

fn build_tile(raw: &RawTile) -> Result<Tile, String> {
    check_id("the tile id", &raw.id)?;
    let deck = match raw.deck.as_str() {
        "start" => Deck::Start,
        "regular" => Deck::Regular,
        "bonus" => Deck::Bonus,
        "scout" => Deck::Scout,
        other => {
            return Err(format!(
                "deck {other:?} is unknown; expected start, regular, bonus or scout"
            ));
        }
    };
    let count = raw.count.unwrap_or(1);
    if count == 0 || count > MAX_COPIES {
        return Err(format!(
            "count is {count}; expected 1 to {MAX_COPIES} copies"
        ));
    }
    if deck == Deck::Start && count != 1 {
        return Err("a start tile has exactly one copy".to_string());
    }
    let letters: Vec<char> = raw.sides.chars().collect();
    let sides: Vec<Side> = letters
        .iter()
        .filter_map(|&c| Side::from_letter(c))
        .collect();
    let sides: [Side; 4] = match (letters.len(), <[Side; 4]>::try_from(sides)) {
        (4, Ok(s)) => s,
        _ => {
            return Err(format!(
                "sides {:?}: expected four letters for N, E, S, W, each F (forest), M (meadow) \
                 or R (river)",
                raw.sides
            ));
        }
    };

    // Zone names, so that rivers can name their lakes and spots their zones.
    let mut names: HashMap<String, ZoneRef> = HashMap::new();
    let mut name_zone = |name: &Option<String>, zone: ZoneRef| -> Result<(), String> {
        if let Some(n) = name {
            check_id("the zone name", n)?;
            if names.insert(n.clone(), zone).is_some() {
                return Err(format!("zone name {n:?} is used twice on the tile"));
            }
        }
        Ok(())
    };
    for (i, f) in raw.forests.iter().enumerate() {
        name_zone(&f.name, zref(ZoneKind::Forest, i))?;
    }
    for (i, m) in raw.meadows.iter().enumerate() {
        name_zone(&m.name, zref(ZoneKind::Meadow, i))?;
    }
    for (i, r) in raw.rivers.iter().enumerate() {
        name_zone(&r.name, zref(ZoneKind::River, i))?;
    }
    for (i, l) in raw.lakes.iter().enumerate() {
        // A lake has one name everywhere: the one moves and logs write (`L0`, `L1`, … in the
        // order the lakes are listed), so a person who reads a tile's description types it.
        if l.name != format!("L{i}") {
            return Err(format!(
                "lake {:?} must be named \"L{i}\": lakes are named L0, L1, … in the order \
                 they are listed, as moves and logs write them",
                l.name
            ));
        }
        name_zone(&Some(l.name.clone()), zref(ZoneKind::Lake, i))?;
    }
    if raw.forests.len() + raw.meadows.len() + raw.rivers.len() + raw.lakes.len() > 16 {
        return Err("the tile has more than 16 zones".to_string());
    }

    let mut border: [[Option<u8>; 3]; 4] = [[None; 3]; 4];
    let mut claim = |ports: Ports, index: usize, what: &str| -> Result<(), String> {
        for dir in Dir::ALL {
            let whole_side = ports.contains(Ports::side(dir));
            for (part, cell) in border[dir.index()].iter_mut().enumerate() {
                if ports.intersects(Ports::bit(dir, part)) {
                    if cell.is_some() {
                        let place = match part {
                            _ if whole_side => format!("side {}", dir.letter()),
                            1 => format!("side {}", dir.letter()),
                            p => dir.half_names()[p / 2].to_string(),
                        };
                        return Err(format!(
                            "{what}: {place} already belongs to another zone; each side part \
                             belongs to exactly one zone"
                        ));
                    }
                    *cell = Some(index as u8);
                }
            }
        }
        Ok(())
    };

    let mut forests = Vec::new();
    for (i, f) in raw.forests.iter().enumerate() {
        let ports = parse_at(ZoneKind::Forest, &f.at, &sides)?;
        claim(ports, i, &format!("forest at {:?}", f.at))?;
        forests.push(Forest {
            name: f.name.clone(),
            ports,
            nuggets: check_content("nuggets", f.nuggets)?,
            menhirs: check_content("menhirs", f.menhirs)?,
            mushrooms: check_content("mushrooms", f.mushrooms)?,
        });
    }
    let mut meadows = Vec::new();
    for (i, m) in raw.meadows.iter().enumerate() {
        let ports = parse_at(ZoneKind::Meadow, &m.at, &sides)?;
        claim(ports, i, &format!("meadow at {:?}", m.at))?;
        let mut specials = 0u8;
        for s in &m.specials {
            let sp = MeadowSpecial::from_name(s).ok_or_else(|| {
                format!(
                    "meadow at {:?}: special {s:?} is unknown; expected one of {}",
                    m.at,
                    MeadowSpecial::ALL.map(|s| s.name()).join(", ")
                )
            })?;
            if specials & sp.bit() != 0 {
                return Err(format!("meadow at {:?}: {s} is listed twice", m.at));
            }
            specials |= sp.bit();
        }
        meadows.push(Meadow {
            name: m.name.clone(),
            ports,
            animals: Animals {
                deer: check_content("deer", m.deer)?,
                aurochs: check_content("aurochs", m.aurochs)?,
                mammoths: check_content("mammoths", m.mammoths)?,
                tigers: check_content("tigers", m.tigers)?,
                bears: check_content("bears", m.bears)?,
            },
            specials,
        });
    }
    let mut lakes = Vec::new();
    for l in &raw.lakes {
        if l.fish == 0 {
            return Err(format!(
                "lake {} has no fish; every lake has at least one fish",
                l.name
            ));
        }
        let mut specials = 0u8;
        for s in &l.specials {
            let sp = LakeSpecial::from_name(s).ok_or_else(|| {
                format!(
                    "lake {}: special {s:?} is unknown; expected raft or logboat",
                    l.name
                )
            })?;
            specials |= sp.bit();
        }
        lakes.push(Lake {
            name: l.name.clone(),
            fish: check_content("fish", l.fish)?,
            specials,
        });
    }
    let mut rivers = Vec::new();
    let mut lake_arms = vec![0usize; lakes.len()];
    for (i, r) in raw.rivers.iter().enumerate() {
        let label = format!("river at {:?}", r.at);
        let ports = parse_at(ZoneKind::River, &r.at, &sides)?;
        claim(ports, i, &label)?;
        let mut ends = Vec::new();
        for e in &r.ends {
            ends.push(match e.as_str() {
                "spring" => RiverEnd::Spring,
                "forest" => RiverEnd::Forest,
                name => match names.get(name) {
                    Some(z) if z.kind == ZoneKind::Lake => {
                        lake_arms[usize::from(z.index)] += 1;
                        RiverEnd::Lake(z.index)
                    }
                    _ => {
                        return Err(format!(
                            "{label}: end {name:?} is not a lake on this tile; expected a lake \
                             name, \"spring\" or \"forest\""
                        ));
                    }
                },
            });
        }
        let reached = ports.0.count_ones() as usize;
        if reached + ends.len() != 2 {
            return Err(format!(
                "{label}: a river has exactly two ends, but this one reaches {reached} side(s) \
                 and lists {} in `ends`; list where it stops inside the tile: a lake name, \
                 \"spring\" or \"forest\"",
                ends.len()
            ));
        }
        rivers.push(River {
            name: r.name.clone(),
            ports,
            ends,
            fish: check_content("fish", r.fish)?,
        });
    }
    for (l, arms) in lakes.iter().zip(&lake_arms) {
        if *arms == 0 {
            return Err(format!(
                "lake {} ends no river; list it in the `ends` of the rivers that run into it",
                l.name
            ));
        }
    }

    let mut full = [[0u8; 3]; 4];
    for dir in Dir::ALL {
        for part in 0..3 {
            let side = sides[dir.index()];
            let kind = match (side, part) {
                (Side::Forest, _) => "forest",
                (Side::River, 1) => "river",
                _ => "meadow",
            };
            full[dir.index()][part] = border[dir.index()][part].ok_or_else(|| match (side, part) {
                (Side::River, 1) | (Side::Forest, _) | (Side::Meadow, _) => format!(
                    "side {} ({}) belongs to no {kind} zone; every side part belongs to exactly \
                     one zone",
                    dir.letter(),
                    side.word()
                ),
                (Side::River, p) => format!(
                    "river bank half {} belongs to no meadow zone; every side part belongs to \
                     exactly one zone",
                    dir.half_names()[p / 2]
                ),
            })?;
        }
    }

    let mut spots = Vec::new();
    for s in &raw.spots {
        check_id("the spot name", &s.name)?;
        let piece = Piece::from_name(&s.piece).ok_or_else(|| {
            format!(
                "spot {}: piece {:?} is unknown; expected gatherer, fisher, hunter or hut",
                s.name, s.piece
            )
        })?;
        let want = match piece {
            Piece::Gatherer => ZoneKind::Forest,
            Piece::Fisher => ZoneKind::River,
            Piece::Hunter | Piece::Hut => ZoneKind::Meadow,
        };
        if s.zones.is_empty() {
            return Err(format!("spot {}: `zones` is empty", s.name));
        }
        let mut zones = Vec::new();
        for z in &s.zones {
            let zone = *names
                .get(z.as_str())
                .ok_or_else(|| format!("spot {}: no zone on this tile is named {z:?}", s.name))?;
            if zone.kind != want {
                return Err(format!(
                    "spot {}: a {} stands in a {}, but {z:?} is a {}",
                    s.name,
                    piece.name(),
                    want.word(),
                    zone.kind.word()
                ));
            }
            if piece == Piece::Hut && !meadows[usize::from(zone.index)].has(MeadowSpecial::Farm) {
                return Err(format!(
                    "spot {}: a hut spot stands on a farm, but meadow {z:?} shows no farm",
                    s.name
                ));
            }
            if zones.contains(&zone) {
                return Err(format!("spot {}: zone {z:?} is listed twice", s.name));
            }
            zones.push(zone);
        }
        spots.push(Spot {
            name: s.name.clone(),
            piece,
            zones,
        });
    }

    let mut tile = Tile {
        id: raw.id.clone(),
        name: raw.name.clone(),
        deck,
        count,
        note: raw.note.clone(),
        sides,
        forests,
        meadows,
        rivers,
        lakes,
        spots,
        border: full,
        distinct_rotations: 0,
        fits: [0; 256],
        turned: [[[ZoneRef {
            kind: ZoneKind::Meadow,
            index: 0,
        }; 3]; 4]; 4],
        shows: (0, 0),
        codes: [0; 4],
        zones: [0; 4],
        part_bits: [[0; 12]; 4],
    };
    tile.codes = tile.side_code_table();
    tile.zones = [
        tile.forests.len(),
        tile.meadows.len(),
        tile.rivers.len(),
        tile.lakes.len(),
    ]
    .map(|n| ((1u32 << n) - 1) as u16);
    tile.distinct_rotations = distinct_rotations(&tile);
    tile.fits = tile.fit_table();
    tile.turned = tile.turned_table();
    tile.part_bits = tile.part_bits_table();
    tile.shows = tile.shows_table();
    Ok(tile)
}

fn zref(kind: ZoneKind, i: usize) -> ZoneRef {
    ZoneRef {
        kind,
        index: i as u8,
    }
}

fn turn_ports(p: Ports, rot: Rotation) -> Ports {
    let k = u32::from(rot.0 & 3) * 3;
    let m = u32::from(p.0);
    Ports((((m << k) | (m >> ((12 - k) % 12))) & 0xfff) as u16)
}

/// A description of the tile as laid with `rot` that does not depend on the order of zones,
/// so that two rotations with equal descriptions are the same placement.
fn signature(tile: &Tile, rot: Rotation) -> BTreeSet<String> {
    let lake = |l: &Lake| format!("{}/{}", l.fish, l.specials);
    let mut sig = BTreeSet::new();
    for f in &tile.forests {
        sig.insert(format!(
            "F{:x} {} {} {}",
            turn_ports(f.ports, rot).0,
            f.nuggets,
            f.menhirs,
            f.mushrooms
        ));
    }
    for m in &tile.meadows {
        sig.insert(format!(
            "M{:x} {:?} {}",
            turn_ports(m.ports, rot).0,
            m.animals,
            m.specials
        ));
    }
    for r in &tile.rivers {
        let mut ends: Vec<String> = r
            .ends
            .iter()
            .map(|e| match e {
                RiverEnd::Lake(l) => lake(&tile.lakes[usize::from(*l)]),
                other => format!("{other:?}"),
            })
            .collect();
        ends.sort();
        sig.insert(format!(
            "R{:x} {:?} {}",
            turn_ports(r.ports, rot).0,
            ends,
            r.fish
        ));
    }
    for s in &tile.spots {
        let mut zones: Vec<u16> = s
            .zones
            .iter()
            .map(|z| {
                let ports = match z.kind {
                    ZoneKind::Forest => tile.forests[usize::from(z.index)].ports,
                    ZoneKind::Meadow => tile.meadows[usize::from(z.index)].ports,
                    ZoneKind::River => tile.rivers[usize::from(z.index)].ports,
                    ZoneKind::Lake => Ports(0),
                };
                turn_ports(ports, rot).0
            })
            .collect();
        zones.sort();
        sig.insert(format!("S{:?} {:?}", s.piece, zones));
    }
    sig
}

fn distinct_rotations(tile: &Tile) -> u8 {
    let sigs: Vec<BTreeSet<String>> = Rotation::ALL.iter().map(|&r| signature(tile, r)).collect();
    let mut mask = 0u8;
    for r in 0..4 {
        if !(0..r).any(|q| sigs[q] == sigs[r]) {
            mask |= 1 << r;
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotating_ports_moves_each_side_clockwise() {
        let north = Ports::side(Dir::N);
        assert_eq!(turn_ports(north, Rotation(1)), Ports::side(Dir::E));
        assert_eq!(turn_ports(north, Rotation(3)), Ports::side(Dir::W));
        let wn = Ports::bit(Dir::W, 2);
        assert_eq!(turn_ports(wn, Rotation(1)), Ports::bit(Dir::N, 2));
    }

    #[test]
    fn tokens_name_sides_and_halves() {
        assert_eq!(parse_token("N"), Some((Dir::N, None)));
        assert_eq!(parse_token("Wn"), Some((Dir::W, Some(2))));
        assert_eq!(parse_token("Es"), Some((Dir::E, Some(2))));
        assert_eq!(parse_token("Se"), Some((Dir::S, Some(0))));
        assert_eq!(parse_token("Nn"), None);
        assert_eq!(parse_token("Nwx"), None);
        assert_eq!(parse_token(""), None);
    }
}
