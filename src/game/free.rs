//! Which zones of a tile a piece may go on, worked out from the features next door without
//! laying the tile.
//!
//! Move generation asks this for every placement of the drawn tile, so it is the hottest code
//! of a game. The features around an empty square do not depend on the rotation of the tile
//! laid there, so they are looked up once per square ([`Surroundings`]) and each rotation only
//! matches its zones against them; when nothing around a square is claimed, every zone is free
//! without any grouping.

use super::Game;
use crate::board::{Placement, Pos};
use crate::feature::{FeatureKey, FeatureKind, PieceAt, ZoneId};
use crate::tile::{Dir, Piece, RiverEnd, Side, Tile, ZoneKind, ZoneRef};

const NO_KEY: FeatureKey = FeatureKey {
    kind: FeatureKind::Forest,
    root: u32::MAX,
};

/// What a neighbour shows at one part of the side it turns toward a square: the feature
/// there and how many pieces claim it against a new meeple; on a river's middle part also its
/// river system and whether that holds a hut.
#[derive(Clone, Copy)]
struct Slot {
    key: FeatureKey,
    claimed: u16,
    system: FeatureKey,
    hut: bool,
}

const EMPTY_SLOT: Slot = Slot {
    key: NO_KEY,
    claimed: 0,
    system: NO_KEY,
    hut: false,
};

/// The features around one empty square.
#[derive(Clone, Copy)]
pub(super) struct Surroundings {
    pos: Pos,
    /// By direction from the square and by the part of *this* square's side (part `p` here
    /// meets part `2 - p` of the neighbour).
    slots: [[Slot; 3]; 4],
    /// Directions with a neighbour, and the side it shows.
    sides: [Option<Side>; 4],
    any_claimed: bool,
    any_hut: bool,
}

impl Surroundings {
    pub(super) fn pos(&self) -> Pos {
        self.pos
    }

    /// Whether the feature of `key` lies next to the square.
    pub(super) fn touches(&self, key: FeatureKey) -> bool {
        self.slots.iter().flatten().any(|s| s.key == key)
    }
}

/// Whether a slot is claimed once the shaman's meeple left the feature `gone`.
fn taken(slot: &Slot, gone: Option<FeatureKey>) -> bool {
    slot.claimed > u16::from(gone == Some(slot.key))
}

impl Game {
    /// The feature the meeple the shaman takes back leaves (it leaves before the piece is
    /// placed, so that feature may be free).
    pub(super) fn recalled_from(&self, recall: Option<usize>) -> Option<FeatureKey> {
        recall.and_then(|r| {
            let p = self.pieces[r];
            match p.at {
                PieceAt::Zone(z) if p.piece != Piece::Hut => Some(self.features.claim(z).0),
                _ => None,
            }
        })
    }

    /// The features around `pos`.
    /// What is looked up can be narrowed to what the mover can put: meeples (`meeples`) and / or
    /// huts (`huts`).
    pub(super) fn surroundings(&self, pos: Pos, (meeples, huts): (bool, bool)) -> Surroundings {
        let tiles = &self.set.tiles;
        let mut s = Surroundings {
            pos,
            slots: [[EMPTY_SLOT; 3]; 4],
            sides: [None; 4],
            any_claimed: false,
            any_hut: false,
        };
        for dir in Dir::ALL {
            let Some(n) = self.board.index_at(pos.step(dir)) else {
                continue;
            };
            let other = self.board.placed()[n];
            let otile = &tiles[other.tile];
            let back = dir.opposite();
            let side = otile.side(other.rot, back);
            s.sides[dir.index()] = Some(side);
            let parts: &[usize] = match side {
                Side::River => &[0, 1, 2],
                _ => &[1],
            };
            for &part in parts {
                let nz = ZoneId {
                    placed: n as u16,
                    zone: otile.zone_at(other.rot, back, 2 - part),
                };
                let slot = &mut s.slots[dir.index()][part];
                if meeples {
                    let (key, claimed) = self.features.claim(nz);
                    slot.key = key;
                    slot.claimed = claimed;
                    s.any_claimed |= claimed > 0;
                }
                if huts && nz.zone.kind == ZoneKind::River {
                    let (system, hut) = self.features.system_claim(nz);
                    slot.system = system;
                    slot.hut = hut;
                    s.any_hut |= hut;
                }
            }
        }
        s
    }

    /// Which zones of `tile_index` would be free of meeples / huts if laid at `at` after the
    /// shaman took back `recalled`.
    pub(super) fn free_zones(
        &self,
        tile_index: usize,
        at: Placement,
        recalled: Option<usize>,
    ) -> FreeZones {
        let around = self.surroundings(at.pos, (true, true));
        let gone = self.recalled_from(recalled);
        self.free_zones_in(tile_index, at, &around, gone, true, true)
    }

    /// [`Game::free_zones`] from the surroundings of the square, for meeples and / or huts.
    pub(super) fn free_zones_in(
        &self,
        tile_index: usize,
        at: Placement,
        around: &Surroundings,
        gone: Option<FeatureKey>,
        meeples: bool,
        huts: bool,
    ) -> FreeZones {
        debug_assert!(around.pos == at.pos);
        let tile = &self.set.tiles[tile_index];
        let mut free = FreeZones::default();
        let any_taken = meeples
            && around.any_claimed
            && (gone.is_none() || around.slots.iter().flatten().any(|s| taken(s, gone)));
        let any_hut = huts && around.any_hut;
        if meeples {
            for (k, kind) in [ZoneKind::Forest, ZoneKind::Meadow, ZoneKind::River]
                .into_iter()
                .enumerate()
            {
                let n = tile.zone_count(kind);
                free.masks[k] = if any_taken {
                    // Local zones joined through a shared neighbour feature form one feature.
                    let mut keys: Buf<_, 12> = Buf::new((0u8, NO_KEY, false));
                    each_touch(tile, at, around, |here, slot| {
                        if here.kind == kind {
                            keys.push((here.index, slot.key, taken(slot, gone)));
                        }
                    });
                    let keys = keys.as_slice();
                    untaken(n, keys, local_groups(n, keys))
                } else {
                    all(n)
                };
            }
        }
        if huts {
            // River systems: the tile's rivers and lakes, joined through its lakes and through
            // the systems next door.
            let nr = tile.rivers.len();
            let n = nr + tile.lakes.len();
            let mask = if any_hut {
                let mut keys: Buf<_, 12> = Buf::new((0u8, NO_KEY, false));
                each_touch(tile, at, around, |here, slot| {
                    if here.kind == ZoneKind::River {
                        keys.push((here.index, slot.system, slot.hut));
                    }
                });
                let keys = keys.as_slice();
                // Rivers and their lakes are one system from the start.
                let mut group = local_groups(n, keys);
                for (i, r) in tile.rivers.iter().enumerate() {
                    for e in &r.ends {
                        if let RiverEnd::Lake(l) = e {
                            let (a, b) = (group[i], group[nr + usize::from(*l)]);
                            for g in group.iter_mut() {
                                if *g == b {
                                    *g = a;
                                }
                            }
                        }
                    }
                }
                untaken(n, keys, group)
            } else {
                all(n)
            };
            free.masks[3] = mask & all(nr);
            free.masks[4] = mask >> nr;
        }
        free
    }
}

/// The first `n` zones.
fn all(n: usize) -> u16 {
    ((1u32 << n) - 1) as u16
}

/// The zones `0..n` whose group (by `group`) touches no taken feature.
fn untaken(n: usize, keys: &[(u8, FeatureKey, bool)], group: [u8; 16]) -> u16 {
    let mut out = 0u16;
    for i in 0..n {
        let taken = keys
            .iter()
            .any(|(z, _, t)| *t && group[usize::from(*z)] == group[i]);
        if !taken {
            out |= 1 << i;
        }
    }
    out
}

/// Calls `f` with each zone of the tile laid at `at` that touches a neighbour, and what the
/// neighbour shows there.
fn each_touch(
    tile: &Tile,
    at: Placement,
    around: &Surroundings,
    mut f: impl FnMut(ZoneRef, &Slot),
) {
    for dir in Dir::ALL {
        let Some(side) = around.sides[dir.index()] else {
            continue;
        };
        let parts: &[usize] = match side {
            Side::River => &[0, 1, 2],
            _ => &[1],
        };
        for &part in parts {
            f(
                tile.zone_at(at.rot, dir, part),
                &around.slots[dir.index()][part],
            );
        }
    }
}

/// Groups the `n` local zones of one kind (at most 16): zones touching the same neighbour
/// feature share a group. Returns the group of each zone.
fn local_groups(n: usize, keys: &[(u8, FeatureKey, bool)]) -> [u8; 16] {
    let mut group: [u8; 16] = std::array::from_fn(|i| i as u8);
    debug_assert!(n <= 16);
    for (i, (za, ka, _)) in keys.iter().enumerate() {
        for (zb, kb, _) in &keys[i + 1..] {
            if ka == kb {
                let (a, b) = (group[usize::from(*za)], group[usize::from(*zb)]);
                for g in group.iter_mut() {
                    if *g == b {
                        *g = a;
                    }
                }
            }
        }
    }
    group
}

/// A few items kept without allocating (the tile-set limits bound how many).
#[derive(Clone, Copy)]
pub(super) struct Buf<T: Copy, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> Buf<T, N> {
    fn new(fill: T) -> Self {
        Buf {
            items: [fill; N],
            len: 0,
        }
    }

    fn push(&mut self, x: T) {
        self.items[self.len] = x;
        self.len += 1;
    }

    fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
}

/// The zones of a tile a piece may go on: a bit per zone, for gatherers (forests), hunters
/// (meadows), fishers (rivers), and huts (rivers, lakes); a tile has at most 16 zones.
#[derive(Clone, Copy, Default)]
pub(super) struct FreeZones {
    masks: [u16; 5],
}

const SLOTS: [(Piece, ZoneKind); 5] = [
    (Piece::Gatherer, ZoneKind::Forest),
    (Piece::Hunter, ZoneKind::Meadow),
    (Piece::Fisher, ZoneKind::River),
    (Piece::Hut, ZoneKind::River),
    (Piece::Hut, ZoneKind::Lake),
];

impl FreeZones {
    pub(super) fn contains(&self, (piece, zone): &(Piece, ZoneRef)) -> bool {
        SLOTS
            .iter()
            .position(|s| *s == (*piece, zone.kind))
            .is_some_and(|k| zone.index < 16 && self.masks[k] & (1 << zone.index) != 0)
    }

    /// The pieces and zones, meeples first (forests, meadows, rivers), then huts (rivers,
    /// lakes), each kind by zone number.
    pub(super) fn options(
        &self,
        meeples: bool,
        huts: bool,
    ) -> impl Iterator<Item = (Piece, ZoneRef)> + '_ {
        let (from, to) = match (meeples, huts) {
            (true, true) => (0, 5),
            (true, false) => (0, 3),
            (false, true) => (3, 5),
            (false, false) => (0, 0),
        };
        let mut k = from;
        let mut mask = if from < to { self.masks[from] } else { 0 };
        std::iter::from_fn(move || {
            while mask == 0 {
                k += 1;
                if k >= to {
                    return None;
                }
                mask = self.masks[k];
            }
            let index = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let (piece, kind) = SLOTS[k];
            Some((piece, ZoneRef { kind, index }))
        })
    }
}
