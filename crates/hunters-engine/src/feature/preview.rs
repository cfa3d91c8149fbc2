//! Previews: the features a tile would make at a placement, worked out from the roots around
//! it with the same de-duplication as a merge, without laying it.

use super::arena::{Arena, NONE};
use super::info::{ForestInfo, Info, MeadowInfo, RiverInfo, Shared, SystemInfo};
use super::own::TileFeatures;
use super::store::{Features, arena_slot};
use crate::board::{Board, Placement};
use crate::tile::{RiverEnd, Side, Tile, ZoneKind};

/// The features a tile would make if it were laid at a placement, worked out from the features
/// around it without laying it (see [`Features::preview`]).
#[derive(Clone, Debug)]
pub struct Preview {
    /// By zone of the tile: the forest, meadow or river it would belong to.
    pub forests: Vec<ForestInfo>,
    pub meadows: Vec<MeadowInfo>,
    pub rivers: Vec<RiverInfo>,
    /// By river, then by lake of the tile: its river system.
    pub systems: Vec<SystemInfo>,
    /// By forest (river) of the tile: the first of its forests (rivers) in the same forest
    /// (river), so that a feature two zones join is counted once.
    pub forest_same: Vec<u8>,
    pub river_same: Vec<u8>,
    /// Whether the tile would complete a forest or a river.
    pub completes: bool,
    /// Scratch: the tiles a merge has to look at, kept between previews.
    seen: Vec<u16>,
}

impl Preview {
    fn clear(&mut self) {
        self.forest_same.clear();
        self.river_same.clear();
        self.forests.clear();
        self.meadows.clear();
        self.rivers.clear();
        self.systems.clear();
        self.completes = false;
    }
}

impl Default for Preview {
    fn default() -> Preview {
        Preview {
            forests: Vec::with_capacity(16),
            meadows: Vec::with_capacity(16),
            rivers: Vec::with_capacity(16),
            systems: Vec::with_capacity(16),
            forest_same: Vec::with_capacity(16),
            river_same: Vec::with_capacity(16),
            completes: false,
            seen: Vec::with_capacity(64),
        }
    }
}

/// A small union-find over the zones of one tile and the feature roots they touch.
struct Groups {
    parent: [u8; 32],
}

impl Groups {
    fn new() -> Groups {
        Groups {
            parent: std::array::from_fn(|i| i as u8),
        }
    }

    fn find(&self, mut i: usize) -> usize {
        while usize::from(self.parent[i]) != i {
            i = usize::from(self.parent[i]);
        }
        i
    }

    /// Points each of the first `n` elements straight at its group, so that
    /// [`Groups::group`] reads it at once. Done in place: building a new array byte by byte
    /// and reading it whole stalls the processor.
    fn flatten(&mut self, n: usize) {
        for i in 0..n {
            self.parent[i] = self.find(i) as u8;
        }
    }

    /// The group of element `i`, once flattened.
    fn group(&self, i: usize) -> u8 {
        self.parent[i]
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b] = a as u8;
        }
    }
}

impl Features {
    /// What the features would be if tile `t` of `tiles` were laid at `at` on `board` (where
    /// it fits), into `out`: for each of its zones the forest, river and, when asked for,
    /// meadow and river system it would belong to, with every counter as
    /// [`Features::add_tile`] would leave it (pieces are counted as they stand; no piece is
    /// added). Nothing changes. `own` holds the tiles' own features ([`TileFeatures::of`]
    /// the same tiles; a game keeps them for its set, [`crate::game::Game::preview`]).
    pub fn preview(
        &self,
        (tiles, board): (&[Tile], &Board),
        (own, t): (&TileFeatures, usize),
        at: Placement,
        (meadows, systems): (bool, bool),
        out: &mut Preview,
    ) {
        debug_assert_eq!(own.len(), tiles.len(), "the own features of these tiles");
        let (tile, locals) = (&tiles[t], own.own(t));
        out.clear();
        // What each side of the tile touches: (local zone, neighbour's node) per kind, and
        // for the rivers the neighbour's river-system node.
        // Zone and node kept apart: an array of pairs is cleared field by field, 72 stores a
        // preview, where these are cleared by a few wide ones.
        let mut zones = [[0u8; 12]; 3];
        let mut nodes = [[0u32; 12]; 3];
        let mut touches = [0usize; 3];
        let mut river_systems = [0u32; 4];
        // Only a frontier square has neighbours (a placement is always on one).
        let square = board.frontier_at(at.pos);
        for (dir, n, _) in square.into_iter().flat_map(|sq| sq.neighbours()) {
            let edge = &self.edges[n][dir.opposite().index()];
            let parts: &[usize] = match tile.side(at.rot, dir) {
                Side::River => &[0, 1, 2],
                _ => &[1],
            };
            for &part in parts {
                let here = tile.zone_at(at.rot, dir, part);
                let k = arena_slot(here.kind);
                if k == 2 {
                    river_systems[touches[2]] = edge[3];
                }
                zones[k][touches[k]] = here.index;
                nodes[k][touches[k]] = edge[2 - part];
                touches[k] += 1;
            }
        }
        let touched = |k: usize| (&zones[k][..touches[k]], &nodes[k][..touches[k]]);
        let (tf, tm, tr) = (touched(0), touched(1), touched(2));
        let t = (tiles, board);
        self.merge(
            &self.forests,
            0,
            t,
            tile.forests.len(),
            |i| locals.forests[i],
            tf,
            None,
            (&mut out.forests, Some(&mut out.forest_same), &mut out.seen),
        );
        if meadows {
            self.merge(
                &self.meadows,
                1,
                t,
                tile.meadows.len(),
                |i| locals.meadows[i],
                tm,
                None,
                (&mut out.meadows, None, &mut out.seen),
            );
        }
        self.merge(
            &self.rivers,
            2,
            t,
            tile.rivers.len(),
            |i| locals.rivers[i],
            tr,
            Some(tile),
            (&mut out.rivers, Some(&mut out.river_same), &mut out.seen),
        );
        out.completes =
            out.forests.iter().any(|f| f.open == 0) || out.rivers.iter().any(|r| r.open == 0);
        if !systems {
            return;
        }
        // River systems: rivers and lakes of the tile, joined through its lakes and through
        // the systems next door.
        let nr = tile.rivers.len();
        let n = nr + tile.lakes.len();
        let mut g = Groups::new();
        let mut roots = [0u32; 12];
        let mut nroots = 0;
        for &(river, lake) in locals.lake_ends {
            g.join(river as usize, lake as usize);
        }
        for (&i, &system) in tr.0.iter().zip(&river_systems) {
            let root = self.systems.find(system);
            let k = index_of(&mut roots, &mut nroots, root);
            g.join(usize::from(i), n + k);
        }
        g.flatten(n + nroots);
        for i in 0..n {
            let gi = g.group(i);
            if let Some(j) = (0..i).find(|&j| g.group(j) == gi) {
                let same = out.systems[j];
                out.systems.push(same);
                continue;
            }
            let mut info = SystemInfo::default();
            for j in i..n {
                if g.group(j) == gi {
                    info.absorb(&locals.systems[j]);
                }
            }
            for (k, &r) in roots[..nroots].iter().enumerate() {
                if g.group(n + k) == gi {
                    info.absorb(&self.systems.info[r as usize]);
                }
            }
            out.systems.push(info);
        }
    }

    /// The merged features of one kind (arena `slot`): each of the `n` local zones with the
    /// roots it touches and the local zones joined through them, less what the merges count
    /// twice.
    #[allow(clippy::too_many_arguments)]
    fn merge<T: Info + Copy>(
        &self,
        arena: &Arena<T>,
        slot: usize,
        (tiles, board): (&[Tile], &Board),
        n: usize,
        local: impl Fn(usize) -> T,
        (touch_zones, touch_nodes): (&[u8], &[u32]),
        rivers_of: Option<&Tile>,
        (out, same, seen): (&mut Vec<T>, Option<&mut Vec<u8>>, &mut Vec<u16>),
    ) {
        let mut same = same;
        let mut g = Groups::new();
        let mut roots = [0u32; 12];
        let mut nroots = 0;
        let mut joins = [0u16; 16];
        for (&i, &node) in touch_zones.iter().zip(touch_nodes) {
            let root = arena.find(node);
            let k = index_of(&mut roots, &mut nroots, root);
            g.join(usize::from(i), n + k);
            joins[usize::from(i)] += 1;
        }
        // Each zone's and root's group, looked up once.
        g.flatten(n + nroots);
        for i in 0..n {
            let gi = g.group(i);
            // A zone joined to an earlier one shares its feature.
            let first = (0..i).find(|&j| g.group(j) == gi);
            if let Some(s) = same.as_deref_mut() {
                s.push(first.unwrap_or(i) as u8);
            }
            if let Some(j) = first {
                let shared = out[j];
                out.push(shared);
                continue;
            }
            let mut info = T::default();
            let mut locals = 0u16;
            let mut closed = 0u16;
            let mut lake_arms = [0u16; 16];
            for (j, &joined) in joins.iter().enumerate().take(n).skip(i) {
                if g.group(j) == gi {
                    info.absorb(&local(j));
                    locals += 1;
                    closed += joined;
                    // Lakes of the new tile that end several of its rivers in this feature.
                    if let Some(t) = rivers_of {
                        for l in dedup_lakes(&t.rivers[j].ends) {
                            lake_arms[usize::from(l)] += 1;
                        }
                    }
                }
            }
            let mut in_group = [0u32; 12];
            let mut ng = 0;
            for (k, &r) in roots[..nroots].iter().enumerate() {
                if g.group(n + k) == gi {
                    info.absorb(&arena.info[r as usize]);
                    in_group[ng] = r;
                    ng += 1;
                }
            }
            info.close(2 * closed);
            let mut shared = Shared {
                tiles: locals.saturating_sub(1),
                ..Shared::default()
            };
            if let Some(t) = rivers_of {
                for (l, &arms) in lake_arms.iter().enumerate().take(t.lakes.len()) {
                    if arms > 1 {
                        shared.lakes += arms - 1;
                        shared.lake_fish += (arms - 1) * u16::from(t.lakes[l].fish);
                    }
                }
            }
            if ng > 1 {
                self.shared_among(
                    arena,
                    slot,
                    (tiles, board),
                    &in_group[..ng],
                    rivers_of.is_some(),
                    (&mut shared, &mut *seen),
                );
            }
            info.unshare(&shared);
            out.push(info);
        }
    }

    /// What the roots `group` count more than once between them, into `shared`: tiles with
    /// zones in several of them, and (rivers) lakes ending rivers in several of them. `seen`
    /// is a buffer.
    fn shared_among<T: Info>(
        &self,
        arena: &Arena<T>,
        slot: usize,
        (tiles, board): (&[Tile], &Board),
        group: &[u32],
        rivers: bool,
        (shared, seen): (&mut Shared, &mut Vec<u16>),
    ) {
        // Every tile on the multi-zone lists of the roots, once.
        seen.clear();
        for &r in group {
            let start = arena.nodes[r as usize].head;
            if start == NONE {
                continue;
            }
            let mut z = start;
            loop {
                let node = &arena.nodes[z as usize];
                if !seen.contains(&node.tile_of) {
                    seen.push(node.tile_of);
                }
                z = node.next;
                if z == start {
                    break;
                }
            }
        }
        for &t in seen.iter() {
            let nodes = self.tiles[usize::from(t)];
            let base = nodes.base[slot];
            let root_of = |i: u32| arena.find(base + i);
            let distinct = group_roots_among(group, (0..u32::from(nodes.count[slot])).map(root_of));
            if distinct > 1 {
                shared.tiles += distinct - 1;
            }
            // A Scout piece standing in zones of several of the roots counts once.
            if let Some(span) = nodes.span
                && span.kind != ZoneKind::Lake
                && arena_slot(span.kind) == slot
            {
                let zones = (0..16u32).filter(|i| span.zones & (1 << i) != 0);
                let parts = group_roots_among(group, zones.map(root_of));
                if parts > 1 {
                    shared.pieces[usize::from(span.player)] += parts - 1;
                }
            }
            if rivers && distinct > 1 {
                let tile = &tiles[board.placed()[usize::from(t)].tile];
                for (l, lake) in tile.lakes.iter().enumerate() {
                    let ending = tile
                        .rivers
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.ends.contains(&RiverEnd::Lake(l as u8)))
                        .map(|(i, _)| root_of(i as u32));
                    let arms = group_roots_among(group, ending);
                    if arms > 1 {
                        shared.lakes += arms - 1;
                        shared.lake_fish += (arms - 1) * u16::from(lake.fish);
                    }
                }
            }
        }
    }
}

/// How many roots of `group` are among `roots`.
fn group_roots_among(group: &[u32], roots: impl Iterator<Item = u32>) -> u16 {
    let found = roots.fold(0u16, |m, r| {
        m | group.iter().position(|&g| g == r).map_or(0, |k| 1 << k)
    });
    found.count_ones() as u16
}

/// The position of `root` among the first `n` of `roots`, adding it if new.
fn index_of(roots: &mut [u32; 12], n: &mut usize, root: u32) -> usize {
    match roots[..*n].iter().position(|&r| r == root) {
        Some(k) => k,
        None => {
            roots[*n] = root;
            *n += 1;
            *n - 1
        }
    }
}

/// The lakes at a river's ends, each once.
fn dedup_lakes(ends: &[RiverEnd]) -> impl Iterator<Item = u8> + '_ {
    ends.iter().enumerate().filter_map(move |(k, e)| match e {
        RiverEnd::Lake(l) if !ends[..k].contains(e) => Some(*l),
        _ => None,
    })
}
