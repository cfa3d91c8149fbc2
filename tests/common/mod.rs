//! Test helpers: a naive oracle that recomputes every feature from the board by flood fill.
//!
//! The oracle shares no code with the engine's feature tracking: it finds which zone lies on
//! each side part by turning the tile's port masks bit by bit, links touching parts, flood-fills
//! and counts everything again from the tiles.
#![allow(dead_code)]

use std::collections::BTreeSet;

use hunters::tile::{Dir, LakeSpecial, MeadowSpecial, Piece, Ports, RiverEnd, Side};
use hunters::{Board, Features, PieceAt, Tile, ZoneId, ZoneKind, ZoneRef};

/// A piece put on the board by a test.
#[derive(Clone, Copy, Debug)]
pub struct Laid {
    pub piece: Piece,
    pub player: usize,
    pub at: PieceAt,
}

/// Everything the engine should know about one feature, recomputed from scratch.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Stats {
    pub open: u16,
    pub segments: u16,
    pub tiles: u16,
    pub a: [u16; 5],
    pub players: [u16; 5],
    pub players2: [u16; 5],
    pub specials: [u16; 7],
}

/// Feature kinds as the oracle numbers them.
pub const FOREST: u8 = 0;
pub const MEADOW: u8 = 1;
pub const RIVER: u8 = 2;
pub const SYSTEM: u8 = 4;

pub struct Oracle {
    /// First dense zone number of each placed tile; zones follow `Tile::zones()` order.
    offsets: Vec<usize>,
    zones: Vec<ZoneId>,
    /// Component of each zone in the landscape graph (forests, meadows, rivers)...
    comp: Vec<usize>,
    /// ...and in the water graph (rivers and lakes joined into systems).
    sys: Vec<usize>,
    kind_of: Vec<u8>,
    pub stats: Vec<Stats>,
}

fn ordinal(tile: &Tile, z: ZoneRef) -> usize {
    let before = match z.kind {
        ZoneKind::Forest => 0,
        ZoneKind::Meadow => tile.forests.len(),
        ZoneKind::River => tile.forests.len() + tile.meadows.len(),
        ZoneKind::Lake => tile.forests.len() + tile.meadows.len() + tile.rivers.len(),
    };
    before + z.index as usize
}

fn kind_ports(tile: &Tile, z: ZoneRef) -> Ports {
    let i = z.index as usize;
    match z.kind {
        ZoneKind::Forest => tile.forests[i].ports,
        ZoneKind::Meadow => tile.meadows[i].ports,
        ZoneKind::River => tile.rivers[i].ports,
        ZoneKind::Lake => Ports(0),
    }
}

fn flood(adj: &[Vec<usize>], include: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut comp = vec![usize::MAX; adj.len()];
    let mut next = 0;
    let mut stack = Vec::new();
    for s in 0..adj.len() {
        if comp[s] != usize::MAX || !include(s) {
            continue;
        }
        comp[s] = next;
        stack.push(s);
        while let Some(n) = stack.pop() {
            for &m in &adj[n] {
                if comp[m] == usize::MAX {
                    comp[m] = next;
                    stack.push(m);
                }
            }
        }
        next += 1;
    }
    comp
}

impl Oracle {
    pub fn compute(tiles: &[Tile], board: &Board, pieces: &[Laid]) -> Oracle {
        let placed = board.placed();
        let mut offsets = Vec::with_capacity(placed.len());
        let mut zones: Vec<ZoneId> = Vec::new();
        // Which zone lies on each (placed tile, board direction, part).
        let mut at: Vec<Option<usize>> = vec![None; placed.len() * 12];
        for (i, p) in placed.iter().enumerate() {
            let tile = &tiles[p.tile];
            offsets.push(zones.len());
            for z in tile.zones() {
                let n = zones.len();
                zones.push(ZoneId {
                    placed: i as u16,
                    zone: z,
                });
                let ports = kind_ports(tile, z);
                for d in 0..4 {
                    for part in 0..3 {
                        if ports.0 & (1 << (d * 3 + part)) != 0 {
                            let board_dir = (d + p.rot.0 as usize) % 4;
                            let cell = &mut at[i * 12 + board_dir * 3 + part];
                            assert!(cell.is_none(), "a side part belongs to two zones");
                            *cell = Some(n);
                        }
                    }
                }
            }
        }
        let n = zones.len();
        let mut land: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut water: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut open = vec![0u16; n];
        for (i, p) in placed.iter().enumerate() {
            let tile = &tiles[p.tile];
            for d in 0..4 {
                let printed = (d + 4 - p.rot.0 as usize) % 4;
                let parts: &[usize] = match tile.sides[printed] {
                    Side::River => &[0, 1, 2],
                    _ => &[1],
                };
                let neighbour = board.index_at(p.pos.step(Dir::from_index(d)));
                for &part in parts {
                    let me = at[i * 12 + d * 3 + part].expect("every side part has a zone");
                    match neighbour {
                        None => open[me] += 1,
                        Some(o) => {
                            let them = at[o * 12 + ((d + 2) % 4) * 3 + (2 - part)].unwrap();
                            assert_eq!(zones[me].zone.kind, zones[them].zone.kind, "sides differ");
                            land[me].push(them);
                            if zones[me].zone.kind == ZoneKind::River {
                                water[me].push(them);
                            }
                        }
                    }
                }
            }
            for (ri, r) in tile.rivers.iter().enumerate() {
                for e in &r.ends {
                    if let RiverEnd::Lake(l) = e {
                        let a = offsets[i]
                            + ordinal(
                                tile,
                                ZoneRef {
                                    kind: ZoneKind::River,
                                    index: ri as u8,
                                },
                            );
                        let b = offsets[i]
                            + ordinal(
                                tile,
                                ZoneRef {
                                    kind: ZoneKind::Lake,
                                    index: *l,
                                },
                            );
                        water[a].push(b);
                        water[b].push(a);
                    }
                }
            }
        }
        let comp = flood(&land, |z| zones[z].zone.kind != ZoneKind::Lake);
        let land_count = comp
            .iter()
            .filter(|c| **c != usize::MAX)
            .max()
            .map_or(0, |m| m + 1);
        let sys_local = flood(&water, |z| {
            matches!(zones[z].zone.kind, ZoneKind::River | ZoneKind::Lake)
        });
        // Systems are numbered after the landscape components.
        let sys: Vec<usize> = sys_local
            .iter()
            .map(|&c| if c == usize::MAX { c } else { land_count + c })
            .collect();
        let total = sys
            .iter()
            .filter(|c| **c != usize::MAX)
            .max()
            .map_or(land_count, |m| m + 1);
        let mut kind_of = vec![0u8; total];
        let mut stats = vec![Stats::default(); total];
        let mut tiles_in: Vec<BTreeSet<u16>> = vec![BTreeSet::new(); total];
        let mut end_lakes: Vec<BTreeSet<(u16, u8)>> = vec![BTreeSet::new(); total];
        for (zi, z) in zones.iter().enumerate() {
            let tile = &tiles[placed[z.placed as usize].tile];
            let i = z.zone.index as usize;
            if comp[zi] != usize::MAX {
                let c = comp[zi];
                let st = &mut stats[c];
                st.open += open[zi];
                st.segments += 1;
                tiles_in[c].insert(z.placed);
                match z.zone.kind {
                    ZoneKind::Forest => {
                        kind_of[c] = FOREST;
                        let f = &tile.forests[i];
                        st.a[0] += f.nuggets as u16;
                        st.a[1] += f.menhirs as u16;
                        st.a[2] += f.mushrooms as u16;
                    }
                    ZoneKind::Meadow => {
                        kind_of[c] = MEADOW;
                        let m = &tile.meadows[i];
                        st.a[0] += m.animals.deer as u16;
                        st.a[1] += m.animals.aurochs as u16;
                        st.a[2] += m.animals.mammoths as u16;
                        st.a[3] += m.animals.tigers as u16;
                        st.a[4] += m.animals.bears as u16;
                        for (k, s) in MeadowSpecial::ALL.iter().enumerate() {
                            st.specials[k] += m.has(*s) as u16;
                        }
                    }
                    ZoneKind::River => {
                        kind_of[c] = RIVER;
                        let r = &tile.rivers[i];
                        st.a[0] += r.fish as u16;
                        for e in &r.ends {
                            if let RiverEnd::Lake(l) = e {
                                end_lakes[c].insert((z.placed, *l));
                            }
                        }
                    }
                    ZoneKind::Lake => unreachable!(),
                }
            }
            if sys[zi] != usize::MAX {
                let c = sys[zi];
                kind_of[c] = SYSTEM;
                let st = &mut stats[c];
                if z.zone.kind == ZoneKind::River {
                    st.a[0] += 1;
                    st.a[2] += tile.rivers[i].fish as u16;
                } else {
                    let l = &tile.lakes[i];
                    st.a[1] += 1;
                    st.a[2] += l.fish as u16;
                    st.a[3] += l.has(LakeSpecial::Raft) as u16;
                    st.a[4] += l.has(LakeSpecial::Logboat) as u16;
                }
            }
        }
        for c in 0..total {
            match kind_of[c] {
                SYSTEM => {}
                RIVER => {
                    stats[c].tiles = tiles_in[c].len() as u16;
                    stats[c].a[1] = end_lakes[c].len() as u16;
                    stats[c].a[2] = end_lakes[c]
                        .iter()
                        .map(|(p, l)| {
                            tiles[placed[*p as usize].tile].lakes[*l as usize].fish as u16
                        })
                        .sum();
                }
                _ => stats[c].tiles = tiles_in[c].len() as u16,
            }
        }
        let mut oracle = Oracle {
            offsets,
            zones,
            comp,
            sys,
            kind_of,
            stats,
        };
        for laid in pieces {
            let (p, zs): (u16, Vec<ZoneRef>) = match laid.at {
                PieceAt::Zone(z) => (z.placed, vec![z.zone]),
                PieceAt::Spot { placed: p, spot } => (
                    p,
                    tiles[placed[p as usize].tile].spots[spot as usize]
                        .zones
                        .clone(),
                ),
            };
            let mut seen = BTreeSet::new();
            for z in zs {
                let id = ZoneId { placed: p, zone: z };
                let water = laid.piece == Piece::Hut && z.kind != ZoneKind::Meadow;
                let c = oracle.component(id, water);
                if seen.insert(c) {
                    if laid.piece == Piece::Hut && z.kind == ZoneKind::Meadow {
                        oracle.stats[c].players2[laid.player] += 1;
                    } else {
                        oracle.stats[c].players[laid.player] += 1;
                    }
                }
            }
        }
        oracle
    }

    /// The component of a zone: its river system when `system`, otherwise its feature.
    pub fn component(&self, z: ZoneId, system: bool) -> usize {
        let tile_offset = self.offsets[z.placed as usize];
        // Dense numbers follow Tile::zones() order, which the zone list records.
        let zi = (tile_offset..self.zones.len())
            .find(|&i| self.zones[i] == z)
            .expect("a zone of a placed tile");
        if system { self.sys[zi] } else { self.comp[zi] }
    }

    /// Checks the engine against the oracle for every zone; describes the first difference.
    pub fn check(&self, tiles: &[Tile], board: &Board, features: &Features) -> Result<(), String> {
        let mut comp_to_key = vec![None; self.stats.len()];
        let mut key_to_comp = std::collections::HashMap::new();
        for (zi, &z) in self.zones.iter().enumerate() {
            for system in [false, true] {
                let c = if system { self.sys[zi] } else { self.comp[zi] };
                if c == usize::MAX {
                    continue;
                }
                let want = &self.stats[c];
                let got = engine_stats(tiles, board, features, z, system);
                if &got != want {
                    return Err(format!(
                        "{} of zone {z:?}: engine {got:?}, oracle {want:?}",
                        if system { "system" } else { "feature" }
                    ));
                }
                let key = features.key(tiles, board, z, system);
                if *comp_to_key[c].get_or_insert(key) != key {
                    return Err(format!(
                        "zone {z:?} is in one feature but the engine splits it"
                    ));
                }
                if *key_to_comp.entry(key).or_insert(c) != c {
                    return Err(format!(
                        "zone {z:?}: the engine joins two separate features"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Complete forests (`FOREST`) or rivers (`RIVER`) among the zones of tile `placed`.
    pub fn completed(
        &self,
        tiles: &[Tile],
        board: &Board,
        placed: usize,
        kind: u8,
    ) -> BTreeSet<usize> {
        let tile = &tiles[board.placed()[placed].tile];
        let zk = if kind == FOREST {
            ZoneKind::Forest
        } else {
            ZoneKind::River
        };
        (0..tile.zone_count(zk))
            .map(|i| {
                self.component(
                    ZoneId {
                        placed: placed as u16,
                        zone: ZoneRef {
                            kind: zk,
                            index: i as u8,
                        },
                    },
                    false,
                )
            })
            .filter(|c| self.stats[*c].open == 0)
            .collect()
    }

    pub fn kind(&self, c: usize) -> u8 {
        self.kind_of[c]
    }
}

fn engine_stats(
    tiles: &[Tile],
    board: &Board,
    features: &Features,
    z: ZoneId,
    system: bool,
) -> Stats {
    if system {
        let s = features.system(tiles, board, z);
        return Stats {
            a: [s.rivers, s.lakes, s.fish, s.rafts, s.logboats],
            players: s.huts,
            ..Stats::default()
        };
    }
    match z.zone.kind {
        ZoneKind::Forest => {
            let f = features.forest(z);
            Stats {
                open: f.open,
                segments: f.segments,
                tiles: f.tiles,
                a: [f.nuggets, f.menhirs, f.mushrooms, 0, 0],
                players: f.gatherers,
                ..Stats::default()
            }
        }
        ZoneKind::Meadow => {
            let m = features.meadow(z);
            let h = m.animals;
            Stats {
                open: m.open,
                segments: m.segments,
                tiles: m.tiles,
                a: [h.deer, h.aurochs, h.mammoths, h.tigers, h.bears],
                players: m.hunters,
                players2: m.farm_huts,
                specials: m.specials,
            }
        }
        ZoneKind::River => {
            let r = features.river(z);
            Stats {
                open: r.open,
                segments: r.segments,
                tiles: r.tiles,
                a: [r.fish, r.end_lakes, r.end_lake_fish, 0, 0],
                players: r.fishers,
                ..Stats::default()
            }
        }
        ZoneKind::Lake => unreachable!("lakes belong only to systems"),
    }
}
