//! Which zones of a tile a piece may go on, worked out from the features next door without
//! laying the tile.
//!
//! Move generation asks this for every placement of the drawn tile, so it is the hottest code
//! of a game. The features around an empty square do not depend on the rotation of the tile
//! laid there, so they are looked up once per square ([`Surroundings`]) and each rotation only
//! matches its zones against them; when no feature of a kind around a square is claimed, every
//! zone of that kind is free without any grouping.

use super::Game;
use crate::board::{FrontierSquare, Placement, Pos};
use crate::feature::{FeatureKey, FeatureKind, PieceAt};
use crate::tile::{Dir, Piece, RiverEnd, Side, Tile, ZoneKind, ZoneRef};

/// What a neighbour shows at one part of the side it turns toward a square: the feature
/// there and how many pieces claim it against a new meeple; on a river's middle part also the
/// root of its river system and whether that holds a hut. (Kept small: move generation makes
/// one per square.)
#[derive(Clone, Copy)]
struct Slot {
    kind: FeatureKind,
    hut: bool,
    claimed: u16,
    root: u32,
    system: u32,
}

/// A slot without a neighbour: it claims nothing, so its (all-zero) keys are never read as
/// taken; and all zeros cost no copy to set.
const EMPTY_SLOT: Slot = Slot {
    kind: FeatureKind::Forest,
    hut: false,
    claimed: 0,
    root: 0,
    system: 0,
};

impl Slot {
    fn key(&self) -> FeatureKey {
        FeatureKey {
            kind: self.kind,
            root: self.root,
        }
    }

    fn system(&self) -> FeatureKey {
        FeatureKey {
            kind: FeatureKind::System,
            root: self.system,
        }
    }
}

/// The features around one empty square.
#[derive(Clone, Copy)]
pub(super) struct Surroundings {
    /// By direction from the square and by the part of *this* square's side (part `p` here
    /// meets part `2 - p` of the neighbour).
    slots: [[Slot; 3]; 4],
    /// Directions with a neighbour, and the side it shows.
    sides: [Option<Side>; 4],
    /// The kinds of feature around with a piece claiming them, as bits by [`FeatureKind`].
    claimed: u8,
    any_hut: bool,
}

impl Surroundings {
    /// Nothing looked up, for a mover with no piece to put.
    pub(super) const NOTHING: Surroundings = Surroundings {
        slots: [[EMPTY_SLOT; 3]; 4],
        sides: [None; 4],
        claimed: 0,
        any_hut: false,
    };

    /// Whether every zone of a tile laid on the square is free for the pieces wanted (meeples
    /// and / or huts): nothing of theirs next door is taken.
    pub(super) fn nothing_taken(&self, meeples: bool, huts: bool) -> bool {
        !(meeples && self.claimed != 0 || huts && self.any_hut)
    }

    /// Whether the claimed feature of `key` lies next to the square.
    pub(super) fn touches_claimed(&self, key: FeatureKey) -> bool {
        self.slots
            .iter()
            .flatten()
            .any(|s| s.claimed > 0 && s.key() == key)
    }
}

/// Whether a slot is claimed once the shaman's meeple left the feature `gone`.
fn taken(slot: &Slot, gone: Option<FeatureKey>) -> bool {
    slot.claimed > u16::from(gone == Some(slot.key()))
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
    pub(super) fn surroundings(&self, pos: Pos, wants: (bool, bool)) -> Surroundings {
        let mut s = Surroundings::NOTHING;
        // A square off the frontier has no neighbour, or holds a tile already.
        if let Some(sq) = self.board.frontier_at(pos) {
            self.look_around(sq, wants, &mut s);
        }
        s
    }

    /// [`Game::surroundings`] into `s`, which is overwritten: in place, because a copy of
    /// the whole table for every square costs more than the looking up.
    pub(super) fn look_around(
        &self,
        sq: &FrontierSquare,
        (meeples, huts): (bool, bool),
        s: &mut Surroundings,
    ) {
        *s = Surroundings::NOTHING;
        for dir in Dir::ALL {
            let Some((n, side)) = sq.neighbour(dir) else {
                continue;
            };
            let back = dir.opposite();
            s.sides[dir.index()] = Some(side);
            let parts: &[usize] = match side {
                Side::River => &[0, 1, 2],
                _ => &[1],
            };
            for &part in parts {
                let ((key, claimed), system) =
                    self.features.claim_at_edge(n, back, side, 2 - part, huts);
                let slot = &mut s.slots[dir.index()][part];
                if meeples {
                    slot.kind = key.kind;
                    slot.root = key.root;
                    slot.claimed = claimed;
                    s.claimed |= u8::from(claimed > 0) << key.kind as u8;
                }
                if let Some((system, hut)) = system {
                    slot.system = system.root;
                    slot.hut = hut;
                    s.any_hut |= hut;
                }
            }
        }
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
        let tile = &self.set.tiles[tile_index];
        let mut free = FreeZones::default();
        let any_taken = meeples
            && around.claimed != 0
            && (gone.is_none() || around.slots.iter().flatten().any(|s| taken(s, gone)));
        let any_hut = huts && around.any_hut;
        if meeples {
            for (k, kind) in [
                (FeatureKind::Forest, ZoneKind::Forest),
                (FeatureKind::Meadow, ZoneKind::Meadow),
                (FeatureKind::River, ZoneKind::River),
            ] {
                let n = tile.zone_count(kind);
                free.masks[k as usize] = if any_taken && around.claimed & (1 << k as u8) != 0 {
                    // Local zones joined through a shared neighbour feature form one feature.
                    let mut keys: Buf<_, 12> = Buf::new((0u8, EMPTY_SLOT.key(), false));
                    each_touch(tile, at, around, |here, slot| {
                        if here.kind == kind {
                            keys.push((here.index, slot.key(), taken(slot, gone)));
                        }
                    });
                    untaken(n, keys.as_slice(), &[])
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
                let mut keys: Buf<_, 12> = Buf::new((0u8, EMPTY_SLOT.key(), false));
                each_touch(tile, at, around, |here, slot| {
                    if here.kind == ZoneKind::River {
                        keys.push((here.index, slot.system(), slot.hut));
                    }
                });
                // Rivers and their lakes are one system from the start (a river has two
                // ends, a tile at most 16 zones).
                let mut lakes: Buf<u16, 32> = Buf::new(0);
                for (i, r) in tile.rivers.iter().enumerate() {
                    for e in &r.ends {
                        if let RiverEnd::Lake(l) = e {
                            lakes.push(1 << i | 1 << (nr + usize::from(*l)));
                        }
                    }
                }
                untaken(n, keys.as_slice(), lakes.as_slice())
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

/// The zones `0..n` that join no taken feature. `keys` holds each zone that touches a
/// neighbour with the feature there and whether it is taken; zones touching one feature become
/// one with it, and so do the zones of each set of `joined` (as bits).
fn untaken(n: usize, keys: &[(u8, FeatureKey, bool)], joined: &[u16]) -> u16 {
    let bit = |z: u8| 1u16 << z;
    // The zones of each feature next door, as bits.
    let mut sets: Buf<u16, 12> = Buf::new(0);
    for (_, key, _) in keys {
        let zones = keys.iter().filter(|(_, k, _)| k == key);
        sets.push(zones.fold(0, |m, (z, _, _)| m | bit(*z)));
    }
    let mut taken = keys
        .iter()
        .filter(|(_, _, t)| *t)
        .fold(0, |m, (z, _, _)| m | bit(*z));
    // Whatever shares a zone with the taken ones is taken too, until nothing more joins.
    loop {
        let before = taken;
        for &set in sets.as_slice().iter().chain(joined) {
            if set & taken != 0 {
                taken |= set;
            }
        }
        if taken == before {
            return all(n) & !taken;
        }
    }
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

/// A few items kept without allocating (the tile-set limits bound how many).
#[derive(Clone, Copy)]
pub(super) struct Buf<T: Copy, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> Buf<T, N> {
    pub(super) fn new(fill: T) -> Self {
        Buf {
            items: [fill; N],
            len: 0,
        }
    }

    pub(super) fn push(&mut self, x: T) {
        self.items[self.len] = x;
        self.len += 1;
    }

    pub(super) fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
}

/// The zones of a tile a piece may go on: a bit per zone, for gatherers (forests), hunters
/// (meadows), fishers (rivers), and huts (rivers, lakes); a tile has at most 16 zones.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
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
    /// Every zone of `tile`, for meeples and / or huts.
    pub(super) fn all(tile: &Tile, meeples: bool, huts: bool) -> FreeZones {
        let nr = tile.rivers.len();
        FreeZones {
            masks: [
                all(tile.forests.len()),
                all(tile.meadows.len()),
                all(nr),
                all(nr),
                all(tile.lakes.len()),
            ],
        }
        .only(meeples, huts)
    }

    pub(super) fn contains(&self, (piece, zone): &(Piece, ZoneRef)) -> bool {
        SLOTS
            .iter()
            .position(|s| *s == (*piece, zone.kind))
            .is_some_and(|k| zone.index < 16 && self.masks[k] & (1 << zone.index) != 0)
    }

    /// Only the zones of the pieces the mover can put: meeples and / or huts.
    pub(super) fn only(mut self, meeples: bool, huts: bool) -> FreeZones {
        if !meeples {
            self.masks[..3].fill(0);
        }
        if !huts {
            self.masks[3..].fill(0);
        }
        self
    }

    /// How many pieces and zones [`FreeZones::options`] gives.
    pub(super) fn count(&self) -> usize {
        // Two population counts instead of five: the build targets processors without the
        // instruction, where each costs a dozen operations.
        let [a, b, c, d, e] = self.masks.map(u64::from);
        ((a | b << 16 | c << 32 | d << 48).count_ones() + e.count_ones()) as usize
    }

    /// The pieces and zones, meeples first (forests, meadows, rivers), then huts (rivers,
    /// lakes), each kind by zone number.
    pub(super) fn options(&self) -> impl Iterator<Item = (Piece, ZoneRef)> + '_ {
        let mut k = 0;
        let mut mask = self.masks[0];
        std::iter::from_fn(move || {
            while mask == 0 {
                k += 1;
                if k >= SLOTS.len() {
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
