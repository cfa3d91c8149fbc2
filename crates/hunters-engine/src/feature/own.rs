//! Each tile's own features: its zones as features of their own, before anything joins them,
//! worked out once per tile set.

use super::info::{ForestInfo, Herd, MAX_PLAYERS, MeadowInfo, RiverInfo, SystemInfo};
use crate::tile::{Dir, MeadowSpecial, Ports, RiverEnd, Tile};

/// Forest `i` of a tile as a feature of its own.
fn local_forest(tile: &Tile, i: usize) -> ForestInfo {
    let f = &tile.forests[i];
    ForestInfo {
        open: side_count(f.ports),
        segments: 1,
        tiles: 1,
        nuggets: f.nuggets.into(),
        menhirs: f.menhirs.into(),
        mushrooms: f.mushrooms.into(),
        gatherers: [0; MAX_PLAYERS],
    }
}

/// Meadow `i` of a tile as a feature of its own.
fn local_meadow(tile: &Tile, i: usize) -> MeadowInfo {
    let m = &tile.meadows[i];
    let mut specials = [0u16; 7];
    for (k, s) in MeadowSpecial::ALL.iter().enumerate() {
        specials[k] = u16::from(m.has(*s));
    }
    MeadowInfo {
        open: m.ports.0.count_ones() as u16 - 2 * side_count(m.ports),
        segments: 1,
        tiles: 1,
        animals: Herd::from(&m.animals),
        specials,
        hunters: [0; MAX_PLAYERS],
        farm_huts: [0; MAX_PLAYERS],
    }
}

/// River `i` of a tile as a feature of its own, with the distinct lakes at its ends.
fn local_river(tile: &Tile, i: usize) -> RiverInfo {
    let r = &tile.rivers[i];
    let mut lakes = 0u16;
    let mut lake_fish = 0u16;
    for (k, end) in r.ends.iter().enumerate() {
        if let RiverEnd::Lake(l) = end
            && !r.ends[..k].contains(end)
        {
            lakes += 1;
            lake_fish += u16::from(tile.lakes[usize::from(*l)].fish);
        }
    }
    RiverInfo {
        open: r.ports.0.count_ones() as u16,
        segments: 1,
        tiles: 1,
        fish: r.fish.into(),
        end_lakes: lakes,
        end_lake_fish: lake_fish,
        fishers: [0; MAX_PLAYERS],
    }
}

/// The river-system part of a tile's river `i`, or of its lake `i - rivers`.
fn local_system(tile: &Tile, i: usize) -> SystemInfo {
    match tile.rivers.get(i) {
        Some(r) => SystemInfo {
            rivers: 1,
            fish: r.fish.into(),
            ..SystemInfo::default()
        },
        None => {
            let l = &tile.lakes[i - tile.rivers.len()];
            SystemInfo {
                lakes: 1,
                fish: l.fish.into(),
                rafts: u16::from(l.has(crate::tile::LakeSpecial::Raft)),
                logboats: u16::from(l.has(crate::tile::LakeSpecial::Logboat)),
                ..SystemInfo::default()
            }
        }
    }
}

/// Each tile of a set as features of its own: its zones before anything joins them, and which
/// of its rivers end in which of its lakes. Worked out once for a set (a game keeps them with
/// its tiles): laying a tile then copies its own instead of working them out again.
#[derive(Clone, Debug, Default)]
pub struct TileFeatures {
    /// Where each tile's own begin in the lists below (forests, meadows, rivers, systems,
    /// lake ends); one more entry closes the last tile's.
    starts: Vec<[u32; 5]>,
    forests: Vec<ForestInfo>,
    meadows: Vec<MeadowInfo>,
    rivers: Vec<RiverInfo>,
    /// A tile's rivers, then its lakes, each as a river system.
    systems: Vec<SystemInfo>,
    /// A river and a lake it ends in, as the tile's system indexes.
    lake_ends: Vec<(u32, u32)>,
}

/// One tile's own features (see [`TileFeatures`]).
#[derive(Clone, Copy)]
pub(super) struct Own<'a> {
    pub(super) forests: &'a [ForestInfo],
    pub(super) meadows: &'a [MeadowInfo],
    pub(super) rivers: &'a [RiverInfo],
    pub(super) systems: &'a [SystemInfo],
    pub(super) lake_ends: &'a [(u32, u32)],
}

impl TileFeatures {
    /// The own features of every tile of `tiles`, by tile index.
    pub fn of(tiles: &[Tile]) -> TileFeatures {
        let mut f = TileFeatures::default();
        for tile in tiles {
            f.push(tile);
        }
        f.starts.push(f.ends());
        f
    }

    /// How many tiles they are of.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn ends(&self) -> [u32; 5] {
        [
            self.forests.len(),
            self.meadows.len(),
            self.rivers.len(),
            self.systems.len(),
            self.lake_ends.len(),
        ]
        .map(|n| n as u32)
    }

    fn push(&mut self, tile: &Tile) {
        self.starts.push(self.ends());
        self.forests
            .extend((0..tile.forests.len()).map(|i| local_forest(tile, i)));
        self.meadows
            .extend((0..tile.meadows.len()).map(|i| local_meadow(tile, i)));
        self.rivers
            .extend((0..tile.rivers.len()).map(|i| local_river(tile, i)));
        self.systems
            .extend((0..tile.rivers.len() + tile.lakes.len()).map(|i| local_system(tile, i)));
        for (i, r) in tile.rivers.iter().enumerate() {
            for end in &r.ends {
                if let RiverEnd::Lake(l) = end {
                    let lake = tile.rivers.len() + usize::from(*l);
                    self.lake_ends.push((i as u32, lake as u32));
                }
            }
        }
    }

    /// Each river of tile `t` with a lake it ends in, as the tile's system indexes (its
    /// rivers, then its lakes).
    // Only this list, not all of `own(t)`: asked while counting moves, next to river systems
    // with a hut.
    pub(crate) fn lake_ends(&self, t: usize) -> &[(u32, u32)] {
        &self.lake_ends[self.starts[t][4] as usize..self.starts[t + 1][4] as usize]
    }

    /// The own features of tile `t`.
    #[inline(always)]
    pub(super) fn own(&self, t: usize) -> Own<'_> {
        let (a, b) = (self.starts[t], self.starts[t + 1]);
        let r = |k: usize| a[k] as usize..b[k] as usize;
        Own {
            forests: &self.forests[r(0)],
            meadows: &self.meadows[r(1)],
            rivers: &self.rivers[r(2)],
            systems: &self.systems[r(3)],
            lake_ends: &self.lake_ends[r(4)],
        }
    }
}

fn side_count(ports: Ports) -> u16 {
    Dir::ALL
        .iter()
        .filter(|&&d| ports.contains(Ports::side(d)))
        .count() as u16
}
