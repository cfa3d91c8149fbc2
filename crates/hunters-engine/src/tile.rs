//! Tiles: four sides, the zones a tile shows, and rotation.
//!
//! A side is a forest, a meadow, or a river with a meadow half on each bank. Walking clockwise
//! round the tile, each side has three *parts*: the first bank (0), the middle (1) and the
//! second bank (2). A forest or meadow side fills all three parts with one zone; a river side
//! puts a meadow half on parts 0 and 2 and the river on part 1. The halves are named as in the
//! tile catalogue: `Nw`/`Ne`, `En`/`Es`, `Se`/`Sw`, `Ws`/`Wn` (first, then second, clockwise).
//!
//! Two touching sides meet part `i` to part `2 - i`, because their clockwise walks run in
//! opposite directions.

use std::fmt;

/// A compass direction, clockwise from north. On the board north is up (y decreases).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 3]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 2)
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn word(self) -> &'static str {
        ["north", "east", "south", "west"][self.index()]
    }

    /// The two bank halves of a river side, in clockwise order (`Nw`, `Ne` for north).
    pub fn half_names(self) -> [&'static str; 2] {
        [["Nw", "Ne"], ["En", "Es"], ["Se", "Sw"], ["Ws", "Wn"]][self.index()]
    }
}

/// What a tile side shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Forest = 1,
    Meadow = 2,
    River = 3,
}

impl Side {
    pub fn letter(self) -> char {
        match self {
            Side::Forest => 'F',
            Side::Meadow => 'M',
            Side::River => 'R',
        }
    }

    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'F' => Some(Side::Forest),
            'M' => Some(Side::Meadow),
            'R' => Some(Side::River),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Side::Forest => "forest",
            Side::Meadow => "meadow",
            Side::River => "river",
        }
    }

    /// The word with its article, as a sentence names a side: "a forest".
    pub fn with_article(self) -> &'static str {
        match self {
            Side::Forest => "a forest",
            Side::Meadow => "a meadow",
            Side::River => "a river",
        }
    }

    /// The side of a two-bit side code (forest 1, meadow 2, river 3; 0 reads as a meadow,
    /// which no laid tile shows).
    pub(crate) fn from_code(code: SideCode) -> Side {
        match code & 3 {
            1 => Side::Forest,
            3 => Side::River,
            _ => Side::Meadow,
        }
    }
}

/// A quarter-turn count, clockwise: `Rotation(1)` turns the tile's north side to the east.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(pub u8);

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    pub fn degrees(self) -> u16 {
        u16::from(self.0 & 3) * 90
    }

    /// The direction on the tile as printed that faces `dir` on the board.
    pub fn unturn(self, dir: Dir) -> Dir {
        Dir::from_index(dir.index() + 4 - usize::from(self.0 & 3))
    }

    /// The board direction that the printed direction `dir` faces after this rotation.
    pub fn turn(self, dir: Dir) -> Dir {
        Dir::from_index(dir.index() + usize::from(self.0 & 3))
    }
}

/// A set of border parts, bit `dir * 3 + part`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ports(pub u16);

impl Ports {
    pub fn bit(dir: Dir, part: usize) -> Ports {
        Ports(1 << (dir.index() * 3 + part))
    }

    pub fn side(dir: Dir) -> Ports {
        Ports(0b111 << (dir.index() * 3))
    }

    pub fn contains(self, other: Ports) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    pub fn intersects(self, other: Ports) -> bool {
        self.0 & other.0 != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tile-catalogue spelling, e.g. `N+En+Wn`.
    pub fn describe(self) -> String {
        let mut parts = Vec::new();
        for dir in Dir::ALL {
            // A whole side, or the middle of a river side, is named by its letter alone.
            if self.intersects(Ports::bit(dir, 1)) {
                parts.push(dir.letter().to_string());
            } else {
                for (i, part) in [0, 2].into_iter().enumerate() {
                    if self.intersects(Ports::bit(dir, part)) {
                        parts.push(dir.half_names()[i].to_string());
                    }
                }
            }
        }
        parts.join("+")
    }
}

/// Which stack a tile belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Deck {
    /// The tile laid face up before the game starts.
    Start,
    /// The land tiles drawn turn by turn; the game ends when they run out.
    Regular,
    /// Bonus tiles (2002/2014) or menhir tiles (2020), drawn only when a forest with a gold
    /// nugget or a menhir is completed.
    Bonus,
    /// The special land tiles of the Scout mini-expansion, dealt to the players.
    Scout,
}

impl Deck {
    pub const ALL: [Deck; 4] = [Deck::Start, Deck::Regular, Deck::Bonus, Deck::Scout];

    pub fn word(self) -> &'static str {
        match self {
            Deck::Start => "start",
            Deck::Regular => "regular",
            Deck::Bonus => "bonus",
            Deck::Scout => "scout",
        }
    }
}

/// The kinds of zone a tile can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ZoneKind {
    Forest,
    Meadow,
    River,
    Lake,
}

impl ZoneKind {
    pub const ALL: [ZoneKind; 4] = [
        ZoneKind::Forest,
        ZoneKind::Meadow,
        ZoneKind::River,
        ZoneKind::Lake,
    ];

    pub fn word(self) -> &'static str {
        match self {
            ZoneKind::Forest => "forest",
            ZoneKind::Meadow => "meadow",
            ZoneKind::River => "river",
            ZoneKind::Lake => "lake",
        }
    }
}

/// One zone of one tile: its kind and its index among the tile's zones of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZoneRef {
    pub kind: ZoneKind,
    pub index: u8,
}

/// The animals drawn in a meadow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Animals {
    pub deer: u8,
    pub aurochs: u8,
    pub mammoths: u8,
    pub tigers: u8,
    /// Only the Hunter on the Bridge (Scout) shows a bear.
    pub bears: u8,
}

impl Animals {
    pub fn add(&mut self, other: &Animals) {
        self.deer += other.deer;
        self.aurochs += other.aurochs;
        self.mammoths += other.mammoths;
        self.tigers += other.tigers;
        self.bears += other.bears;
    }

    pub fn total(&self) -> u32 {
        u32::from(self.deer)
            + u32::from(self.aurochs)
            + u32::from(self.mammoths)
            + u32::from(self.tigers)
            + u32::from(self.bears)
    }

    fn words(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (n, one, many) in [
            (self.deer, "deer", "deer"),
            (self.aurochs, "aurochs", "aurochs"),
            (self.mammoths, "mammoth", "mammoths"),
            (self.tigers, "tiger", "tigers"),
            (self.bears, "bear", "bears"),
        ] {
            match n {
                0 => {}
                1 => out.push(one.to_string()),
                n => out.push(format!("{n} {many}")),
            }
        }
        out
    }
}

/// Something special drawn in a meadow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeadowSpecial {
    /// 2002/2014 bonus tile: chases every tiger from the meadow.
    Fire,
    /// 2002/2014 bonus tile: a hunter here makes its owner the meadow's only scorer.
    Shrine,
    /// 2020 menhir tile: tigers on the meadow are covered at final scoring.
    Wildfire,
    /// 2020 menhir tile: animals on the 8 surrounding tiles of this meadow score double.
    PitTrap,
    /// 2020 menhir tile: a small meadow scoring when placed.
    HuntingTrap,
    /// 2020 menhir tile: its placer may take back one of their meeples.
    Shaman,
    /// Scout Agriculture tile: the picture of the hut site.
    Farm,
}

impl MeadowSpecial {
    pub const ALL: [MeadowSpecial; 7] = [
        MeadowSpecial::Fire,
        MeadowSpecial::Shrine,
        MeadowSpecial::Wildfire,
        MeadowSpecial::PitTrap,
        MeadowSpecial::HuntingTrap,
        MeadowSpecial::Shaman,
        MeadowSpecial::Farm,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MeadowSpecial::Fire => "fire",
            MeadowSpecial::Shrine => "shrine",
            MeadowSpecial::Wildfire => "wildfire",
            MeadowSpecial::PitTrap => "pit-trap",
            MeadowSpecial::HuntingTrap => "hunting-trap",
            MeadowSpecial::Shaman => "shaman",
            MeadowSpecial::Farm => "farm",
        }
    }

    pub fn from_name(s: &str) -> Option<MeadowSpecial> {
        MeadowSpecial::ALL.into_iter().find(|m| m.name() == s)
    }

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// Something special drawn on a lake (2020 menhir tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LakeSpecial {
    /// Huts on this river system also score 1 per lake.
    Raft,
    /// Its placer scores 2 per lake in the river system at once.
    Logboat,
}

impl LakeSpecial {
    pub const ALL: [LakeSpecial; 2] = [LakeSpecial::Raft, LakeSpecial::Logboat];

    pub fn name(self) -> &'static str {
        match self {
            LakeSpecial::Raft => "raft",
            LakeSpecial::Logboat => "logboat",
        }
    }

    pub fn from_name(s: &str) -> Option<LakeSpecial> {
        LakeSpecial::ALL.into_iter().find(|m| m.name() == s)
    }

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A forest zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forest {
    pub name: Option<String>,
    pub ports: Ports,
    /// Gold nuggets (2002/2014): completing the forest earns a bonus tile.
    pub nuggets: u8,
    /// Menhirs (2020): completing the forest earns an extra turn with a menhir tile.
    pub menhirs: u8,
    /// Groups of mushrooms: extra points when the forest scores.
    pub mushrooms: u8,
}

/// A meadow zone (the 2020 rules call it grassland).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meadow {
    pub name: Option<String>,
    pub ports: Ports,
    pub animals: Animals,
    /// A set of [`MeadowSpecial`] bits.
    pub specials: u8,
}

impl Meadow {
    pub fn has(&self, special: MeadowSpecial) -> bool {
        self.specials & special.bit() != 0
    }
}

/// How one end of a river stops inside its tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiverEnd {
    /// It runs into the lake with this index on the same tile.
    Lake(u8),
    /// It rises at a spring (first-edition tiles).
    Spring,
    /// It rises in a forest (2020 tiles; the 2020 rules close rivers at forests).
    Forest,
}

/// A river zone: one river segment on one tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct River {
    pub name: Option<String>,
    /// The river sides it reaches (middle parts only).
    pub ports: Ports,
    /// The ends that stop inside the tile; with the sides reached they make two ends.
    pub ends: Vec<RiverEnd>,
    /// Fish drawn on the river itself (2020 tiles only).
    pub fish: u8,
}

/// A lake. Lakes never reach a tile side; they end the rivers that run into them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lake {
    pub name: String,
    pub fish: u8,
    /// A set of [`LakeSpecial`] bits.
    pub specials: u8,
}

impl Lake {
    pub fn has(&self, special: LakeSpecial) -> bool {
        self.specials & special.bit() != 0
    }
}

/// The kind of piece a player puts on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A tribe member in a forest.
    Gatherer,
    /// A tribe member on a river.
    Fisher,
    /// A tribe member lying in a meadow.
    Hunter,
    /// A fishing hut.
    Hut,
}

impl Piece {
    /// Every kind of piece, in the order moves list them.
    pub const ALL: [Piece; 4] = [Piece::Gatherer, Piece::Fisher, Piece::Hunter, Piece::Hut];

    /// Whether the piece stands on a zone of `kind`: a gatherer in a forest, a fisher on a
    /// river, a hunter in a meadow, a hut on a river or a lake. The one statement of it: the
    /// features check a piece by it, and the move generator's slots are tested against it.
    pub fn stands_on(self, kind: ZoneKind) -> bool {
        matches!(
            (self, kind),
            (Piece::Gatherer, ZoneKind::Forest)
                | (Piece::Fisher, ZoneKind::River)
                | (Piece::Hunter, ZoneKind::Meadow)
                | (Piece::Hut, ZoneKind::River | ZoneKind::Lake)
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Piece::Gatherer => "gatherer",
            Piece::Fisher => "fisher",
            Piece::Hunter => "hunter",
            Piece::Hut => "hut",
        }
    }

    pub fn from_name(s: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// A special place for a piece on a Scout tile, which may belong to several zones at once
/// (the hunter on the bridge stands in both meadows; the dug-out fisher on all three rivers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub name: String,
    pub piece: Piece,
    /// The zones the piece counts in, all of one kind.
    pub zones: Vec<ZoneRef>,
}

/// One tile as printed, before it is turned and laid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub id: String,
    pub name: Option<String>,
    pub deck: Deck,
    /// How many copies the set holds.
    pub count: u8,
    pub note: Option<String>,
    /// N, E, S, W as printed.
    pub sides: [Side; 4],
    pub forests: Vec<Forest>,
    pub meadows: Vec<Meadow>,
    pub rivers: Vec<River>,
    pub lakes: Vec<Lake>,
    pub spots: Vec<Spot>,
    /// For each printed side and part, the index of the zone there (a forest, a meadow, or on
    /// the middle part of a river side, a river).
    pub(crate) border: [[u8; 3]; 4],
    /// The rotations that give distinct placements (a symmetric tile repeats itself).
    pub(crate) distinct_rotations: u8,
    /// By what the neighbours of an empty square show (a [`SideCode`] with 0 where there is
    /// no neighbour), the distinct rotations that fit there, as bits: looking a square up is
    /// then all the work of finding where a tile goes.
    pub(crate) fits: [u8; 256],
    /// [`Tile::zone_at`] for every rotation, board direction and part: the zones next door
    /// are looked up for every placement tried.
    pub(crate) turned: [[[ZoneRef; 3]; 4]; 4],
    /// [`Tile::side_code`] for every rotation: asked whenever a tile is checked or laid.
    pub(crate) codes: [SideCode; 4],
    /// By rotation and side part (`3 * direction + part`), the zone there as one bit:
    /// forests from bit 0, meadows from 16, rivers from 32 (a tile has at most 16 zones of a
    /// kind). Free zones spread "taken" over these for every placement weighed.
    pub(crate) part_bits: [[u64; 12]; 4],
    /// Its forests, meadows, rivers and lakes, each kind as bits by zone number: where a
    /// piece could go with nothing next door.
    pub(crate) zones: [u16; 4],
    /// Every [`MeadowSpecial`] any of its meadows shows and every [`LakeSpecial`] any of its
    /// lakes shows, as bits: asked on every turn (a shaman, a hunting trap, a logboat).
    pub(crate) shows: (u8, u8),
}

/// The set bits of `mask`, lowest first: the directions, rotations or zones a mask names,
/// visited without a test for each one that is not there.
pub(crate) fn each_bit(mask: u64) -> impl Iterator<Item = usize> {
    let mut left = mask;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let bit = left.trailing_zeros() as usize;
            left &= left - 1;
            bit
        })
    })
}

/// Two bits per direction, `Side as u8`, north lowest.
pub(crate) type SideCode = u8;

/// The two bits of every direction a code names a side for (0 stands for no neighbour: side
/// codes are never 0).
pub(crate) fn neighbours_mask(code: SideCode) -> SideCode {
    (0..4).fold(0, |m, d| {
        m | if (code >> (2 * d)) & 3 != 0 {
            3 << (2 * d)
        } else {
            0
        }
    })
}

impl Tile {
    /// Whether one of its meadows shows `special`.
    pub fn meadow_shows(&self, special: MeadowSpecial) -> bool {
        self.shows.0 & special.bit() != 0
    }

    /// Whether one of its lakes shows `special`.
    pub fn lake_shows(&self, special: LakeSpecial) -> bool {
        self.shows.1 & special.bit() != 0
    }

    /// The table of [`Tile::meadow_shows`] and [`Tile::lake_shows`].
    pub(crate) fn shows_table(&self) -> (u8, u8) {
        (
            self.meadows.iter().fold(0, |m, x| m | x.specials),
            self.lakes.iter().fold(0, |m, x| m | x.specials),
        )
    }

    /// The side facing `dir` on the board when the tile is turned by `rot`.
    pub fn side(&self, rot: Rotation, dir: Dir) -> Side {
        self.sides[rot.unturn(dir).index()]
    }

    /// The zone at `part` of the side facing `dir` after turning by `rot`.
    pub fn zone_at(&self, rot: Rotation, dir: Dir, part: usize) -> ZoneRef {
        self.turned[usize::from(rot.0 & 3)][dir.index()][part]
    }

    /// The table of [`Tile::part_bits`], from the turned zones.
    pub(crate) fn part_bits_table(&self) -> [[u64; 12]; 4] {
        self.turned.map(|sides| {
            let parts = sides.as_flattened();
            std::array::from_fn(|p| 1 << (16 * parts[p].kind as u32 + u32::from(parts[p].index)))
        })
    }

    /// The table of [`Tile::zone_at`], from the printed sides and border.
    pub(crate) fn turned_table(&self) -> [[[ZoneRef; 3]; 4]; 4] {
        Rotation::ALL.map(|rot| {
            Dir::ALL.map(|dir| [0, 1, 2].map(|part| self.printed_zone_at(rot, dir, part)))
        })
    }

    fn printed_zone_at(&self, rot: Rotation, dir: Dir, part: usize) -> ZoneRef {
        let printed = rot.unturn(dir);
        let index = self.border[printed.index()][part];
        let kind = match (self.sides[printed.index()], part) {
            (Side::Forest, _) => ZoneKind::Forest,
            (Side::River, 1) => ZoneKind::River,
            _ => ZoneKind::Meadow,
        };
        ZoneRef { kind, index }
    }

    pub(crate) fn side_code(&self, rot: Rotation) -> SideCode {
        self.codes[usize::from(rot.0 & 3)]
    }

    /// [`Tile::side_code`] worked out from the sides, for the table made at loading.
    pub(crate) fn side_code_table(&self) -> [SideCode; 4] {
        Rotation::ALL.map(|rot| self.side_code_of(rot))
    }

    fn side_code_of(&self, rot: Rotation) -> SideCode {
        let mut code = 0;
        for dir in Dir::ALL {
            code |= (self.side(rot, dir) as u8) << (2 * dir.index());
        }
        code
    }

    /// The table of [`Tile::fits`], from the sides and distinct rotations.
    pub(crate) fn fit_table(&self) -> [u8; 256] {
        let mut table = [0u8; 256];
        for (need, rots) in table.iter_mut().enumerate() {
            let need = need as SideCode;
            let mask = neighbours_mask(need);
            for r in Rotation::ALL {
                if self.is_distinct_rotation(r) && (self.side_code(r) ^ need) & mask == 0 {
                    *rots |= 1 << r.0;
                }
            }
        }
        table
    }

    /// Whether `rot` gives a placement different from every smaller rotation.
    pub fn is_distinct_rotation(&self, rot: Rotation) -> bool {
        self.distinct_rotations & (1 << rot.0) != 0
    }

    pub fn zone_count(&self, kind: ZoneKind) -> usize {
        match kind {
            ZoneKind::Forest => self.forests.len(),
            ZoneKind::Meadow => self.meadows.len(),
            ZoneKind::River => self.rivers.len(),
            ZoneKind::Lake => self.lakes.len(),
        }
    }

    /// The zones of every kind, in a fixed order.
    pub fn zones(&self) -> impl Iterator<Item = ZoneRef> + '_ {
        ZoneKind::ALL.into_iter().flat_map(move |kind| {
            (0..self.zone_count(kind)).map(move |i| ZoneRef {
                kind,
                index: i as u8,
            })
        })
    }

    /// The printed sides as four letters, e.g. `MFFR`.
    pub fn sides_code(&self) -> String {
        self.sides.iter().map(|s| s.letter()).collect()
    }

    /// The name a zone is referred to by in words: its own name if it has one, otherwise
    /// where it lies (`forest E+S`, `lake L0`).
    pub fn zone_label(&self, zone: ZoneRef) -> String {
        let i = usize::from(zone.index);
        match zone.kind {
            ZoneKind::Forest => {
                let f = &self.forests[i];
                let place = f.name.clone().unwrap_or_else(|| f.ports.describe());
                format!("forest {place}")
            }
            ZoneKind::Meadow => {
                let m = &self.meadows[i];
                let place = m.name.clone().unwrap_or_else(|| m.ports.describe());
                format!("meadow {place}")
            }
            ZoneKind::River => {
                let r = &self.rivers[i];
                let place = r.name.clone().unwrap_or_else(|| r.ports.describe());
                format!("river {place}")
            }
            ZoneKind::Lake => format!("lake {}", self.lakes[i].name),
        }
    }

    /// Every zone in words: `forest E+S (menhir); meadow N+Wn (aurochs); ...`.
    pub fn describe(&self) -> String {
        let mut out = Vec::new();
        for f in &self.forests {
            let mut extra = Vec::new();
            push_count(&mut extra, f.nuggets, "gold nugget", "gold nuggets");
            push_count(&mut extra, f.menhirs, "menhir", "menhirs");
            push_count(&mut extra, f.mushrooms, "mushrooms", "mushroom groups");
            out.push(with_extra(format!("forest {}", f.ports.describe()), &extra));
        }
        for m in &self.meadows {
            let mut extra = m.animals.words();
            for s in MeadowSpecial::ALL {
                if m.has(s) {
                    extra.push(s.name().to_string());
                }
            }
            out.push(with_extra(format!("meadow {}", m.ports.describe()), &extra));
        }
        for r in &self.rivers {
            let mut text = format!("river {}", r.ports.describe());
            for end in &r.ends {
                text.push_str(&match end {
                    RiverEnd::Lake(l) => format!(" > lake {}", self.lakes[usize::from(*l)].name),
                    RiverEnd::Spring => " > spring".to_string(),
                    RiverEnd::Forest => " > forest".to_string(),
                });
            }
            let mut extra = Vec::new();
            push_count(&mut extra, r.fish, "1 fish", "fish");
            out.push(with_extra(text, &extra));
        }
        for l in &self.lakes {
            let mut extra = vec![format!("{} fish", l.fish)];
            for s in LakeSpecial::ALL {
                if l.has(s) {
                    extra.push(s.name().to_string());
                }
            }
            out.push(with_extra(format!("lake {}", l.name), &extra));
        }
        for s in &self.spots {
            let zones: Vec<String> = s.zones.iter().map(|z| self.zone_label(*z)).collect();
            out.push(format!(
                "spot {}: {} in {}",
                s.name,
                s.piece.name(),
                zones.join(" and ")
            ));
        }
        out.join("; ")
    }
}

fn push_count(out: &mut Vec<String>, n: u8, one: &str, many: &str) {
    match n {
        0 => {}
        1 => out.push(one.to_string()),
        n => out.push(format!("{n} {many}")),
    }
}

fn with_extra(text: String, extra: &[String]) -> String {
    if extra.is_empty() {
        text
    } else {
        format!("{text} ({})", extra.join(", "))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile {}", self.id)
    }
}
