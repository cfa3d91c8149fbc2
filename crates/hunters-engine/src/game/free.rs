//! Which zones of a tile a piece may go on, worked out from the features next door without
//! laying the tile.
//!
//! Move generation asks this for every placement of the drawn tile, so it is the hottest code
//! of a game. The features around an empty square do not depend on the rotation of the tile
//! laid there, so they are looked up once per square ([`Surroundings`]), each listed once, and
//! each rotation only spreads "taken" as bits over the zones touching them (a tile has at most
//! 16 zones of a kind: one 64-bit word holds its forests, meadows and rivers); when nothing
//! around a square is claimed, every zone is free without any grouping, and most squares are
//! recognised as such without writing the surroundings down ([`Game::anything_taken`]).

use super::Game;
use crate::board::{FrontierSquare, Placement, Pos};
use crate::feature::{FeatureKey, FeatureKind, PieceAt};
use crate::tile::{Piece, Side, Tile, ZoneKind, ZoneRef};

/// A feature next to a square: its key and how many pieces claim it against a new meeple
/// (for a river system: whether a hut stands in it).
#[derive(Clone, Copy)]
struct Near {
    key: FeatureKey,
    claimed: u16,
}

impl Near {
    const NONE: Near = Near {
        key: FeatureKey {
            kind: FeatureKind::Forest,
            root: 0,
        },
        claimed: 0,
    };

    /// Whether the feature is claimed once the shaman's meeple left the feature `gone`.
    fn taken(&self, gone: Option<FeatureKey>) -> bool {
        self.claimed > u16::from(gone == Some(self.key))
    }
}

/// One part of a side next to a square that a zone of the tile laid there would touch: the
/// part (`3 * direction + part`, part `p` here meeting part `2 - p` next door) and the
/// feature there, by its place in the list of features around.
#[derive(Clone, Copy, Default)]
struct Touch {
    part: u8,
    near: u8,
}

/// Features next to a square, each listed once, and the side parts that touch each.
#[derive(Clone, Copy)]
struct Touching<const PARTS: usize> {
    parts: [Touch; PARTS],
    near: [Near; PARTS],
    /// How many parts and features are listed.
    len: (u8, u8),
}

impl<const PARTS: usize> Touching<PARTS> {
    const NONE: Self = Touching {
        parts: [Touch { part: 0, near: 0 }; PARTS],
        near: [Near::NONE; PARTS],
        len: (0, 0),
    };

    fn near(&self) -> &[Near] {
        &self.near[..usize::from(self.len.1)]
    }

    /// Adds side part `part` touching the feature `key`, listing the feature if it is new.
    fn touch(&mut self, part: u8, (key, claimed): (FeatureKey, u16)) {
        let n = usize::from(self.len.1);
        let i = self.near[..n]
            .iter()
            .position(|x| x.key == key)
            .unwrap_or_else(|| {
                self.near[n] = Near { key, claimed };
                self.len.1 += 1;
                n
            });
        self.parts[usize::from(self.len.0)] = Touch {
            part,
            near: i as u8,
        };
        self.len.0 += 1;
    }

    /// For each feature listed, the zones touching it as bits (`bit` of a side part).
    fn zones_by_near(&self, bit: impl Fn(u8) -> u64) -> [u64; PARTS] {
        let mut zones = [0u64; PARTS];
        for t in &self.parts[..usize::from(self.len.0)] {
            zones[usize::from(t.near)] |= bit(t.part);
        }
        zones
    }

    /// For each feature listed, the zones touching it as bits (`bit` of a side part), then
    /// the zones of the features `taken` says are taken spread over every set they share a
    /// zone with, and over the sets of `joined`.
    fn spread_taken(
        &self,
        bit: impl Fn(u8) -> u64,
        taken: impl Fn(&Near) -> bool,
        joined: impl Iterator<Item = u64> + Clone,
    ) -> u64 {
        let zones = self.zones_by_near(bit);
        let near = self.near();
        let seed = near
            .iter()
            .zip(&zones)
            .filter(|(n, _)| taken(n))
            .fold(0, |m, (_, z)| m | z);
        spread(seed, &zones[..near.len()], joined)
    }

    /// The zones (as bits, `bit` of a side part) that the feature `key` alone makes taken:
    /// those joined to it and to no other claimed feature listed, or none if it shares them
    /// with one (with nothing joined from elsewhere).
    fn taken_by_alone(&self, bit: impl Fn(u8) -> u64, key: FeatureKey) -> u64 {
        let zones = self.zones_by_near(bit);
        let near = self.near();
        let zones = &zones[..near.len()];
        let (mut its, mut others) = (0, 0);
        for (n, &z) in near.iter().zip(zones) {
            let it = n.key == key;
            its |= z & u64::from(it).wrapping_neg();
            others |= z & u64::from(!it && n.claimed > 0).wrapping_neg();
        }
        // What spreads from the feature is one group of zones: another claimed feature
        // touching it keeps all of it taken.
        let group = spread(its, zones, std::iter::empty());
        if group & others != 0 { 0 } else { group }
    }
}

/// The features around one empty square, each listed once, and which parts of its sides
/// touch which.
#[derive(Clone, Copy)]
pub(super) struct Surroundings {
    /// For meeples: the forests, meadows and rivers next door.
    meeples: Touching<12>,
    /// For huts: the middle parts of the river sides and the river systems there.
    huts: Touching<4>,
    /// The kinds of feature around with a piece claiming them, as bits by [`FeatureKind`].
    claimed: u8,
    any_hut: bool,
}

impl Surroundings {
    /// Nothing looked up, for a mover with no piece to put.
    pub(super) const NOTHING: Surroundings = Surroundings {
        meeples: Touching::NONE,
        huts: Touching::NONE,
        claimed: 0,
        any_hut: false,
    };

    /// Forgets what was looked up: as [`Surroundings::NOTHING`], without copying it.
    pub(super) fn forget(&mut self) {
        self.meeples.len = (0, 0);
        self.huts.len = (0, 0);
        self.claimed = 0;
        self.any_hut = false;
    }

    /// Notes side part `at` meeting the feature of `key`, claimed by `claimed` pieces.
    fn meet(&mut self, at: u8, (key, claimed): (FeatureKey, u16)) {
        self.claimed |= u8::from(claimed > 0) << key.kind as u8;
        self.meeples.touch(at, (key, claimed));
    }

    /// Whether every zone of a tile laid on the square is free for the pieces wanted (meeples
    /// and / or huts): nothing of theirs next door is taken.
    pub(super) fn nothing_taken(&self, meeples: bool, huts: bool) -> bool {
        !(meeples && self.claimed != 0 || huts && self.any_hut)
    }

    /// Whether a feature of `kind` next to the square is taken once the shaman's meeple left
    /// `gone`.
    pub(super) fn takes_kind(&self, kind: FeatureKind, gone: Option<FeatureKey>) -> bool {
        self.meeples
            .near()
            .iter()
            .any(|n| n.key.kind == kind && n.taken(gone))
    }

    /// Whether the feature of `key` lies next to the square, claimed by one piece alone: the
    /// shaman taking that meeple back leaves it free.
    pub(super) fn freed_by_recall(&self, key: FeatureKey) -> bool {
        self.claimed_once().any(|k| k == key)
    }

    /// The features next to the square that one piece alone claims.
    pub(super) fn claimed_once(&self) -> impl Iterator<Item = FeatureKey> + '_ {
        self.meeples
            .near()
            .iter()
            .filter(|n| n.claimed == 1)
            .map(|n| n.key)
    }

    /// The zones of `tile` turned by `rot` that join a taken feature here once the shaman's
    /// meeple left `gone`, as bits of [`Tile::part_bits`]: zones touching one feature become one
    /// with it, so whatever shares a zone with a taken feature is taken too.
    fn taken_meeple_zones(&self, tile: &Tile, rot: usize, gone: Option<FeatureKey>) -> u64 {
        self.meeples.spread_taken(
            |part| tile.part_bits[rot][usize::from(part)],
            |n| n.taken(gone),
            std::iter::empty(),
        )
    }

    /// How many more zones of `tile` turned by `rot` are free for a meeple once the shaman's
    /// meeple left the feature `gone` (which it alone claimed) than before: the meeple zones
    /// that feature alone makes taken.
    fn freed_meeple_zones(&self, tile: &Tile, rot: usize, gone: FeatureKey) -> u32 {
        let freed = self
            .meeples
            .taken_by_alone(|part| tile.part_bits[rot][usize::from(part)], gone);
        let [forests, meadows, rivers, _] = tile.zones.map(u64::from);
        (freed & (forests | meadows << 16 | rivers << 32)).count_ones()
    }

    /// The rivers and lakes of `tile` turned by `rot` in a river system with a hut, as bits
    /// (rivers, then lakes); `lake_ends` pairs each river with a lake it ends in, by the
    /// tile's system indexes (its own features).
    fn taken_system_zones(&self, tile: &Tile, rot: usize, lake_ends: &[(u32, u32)]) -> u64 {
        // Rivers and their lakes are one system from the start.
        self.huts.spread_taken(
            // Only the middle part of a river side touches a river system: a river there.
            |part| tile.part_bits[rot][usize::from(part)] >> 32,
            |s| s.claimed > 0,
            lake_ends
                .iter()
                .map(|&(river, lake)| 1 << river | 1 << lake),
        )
    }
}

/// `taken` and every set of zones among `sets` and `joined` that shares a zone with it, until
/// nothing more joins.
fn spread(mut taken: u64, sets: &[u64], joined: impl Iterator<Item = u64> + Clone) -> u64 {
    loop {
        let before = taken;
        for set in sets.iter().copied().chain(joined.clone()) {
            // Without a branch: whether a set meets the taken zones is anybody's guess.
            taken |= set & u64::from(set & taken != 0).wrapping_neg();
        }
        if taken == before {
            return taken;
        }
    }
}

impl Game {
    /// The feature the meeple the shaman takes back leaves (it leaves before the piece is
    /// placed, so that feature may be free).
    pub(super) fn recalled_from(&self, recall: Option<usize>) -> Option<FeatureKey> {
        recall.and_then(|r| {
            let p = self.state.pieces[r];
            match p.at {
                PieceAt::Zone(z) if p.piece != Piece::Hut => Some(self.features.claim(z).0),
                _ => None,
            }
        })
    }

    /// The features around `pos`. What is looked up can be narrowed to what the mover can
    /// put: `wants` is (meeples, huts).
    pub(super) fn surroundings(&self, pos: Pos, wants: (bool, bool)) -> Surroundings {
        let mut s = Surroundings::NOTHING;
        // A square off the frontier has no neighbour, or holds a tile already.
        if let Some(sq) = self.board.frontier_at(pos) {
            self.look_around(sq, wants, &mut s);
        }
        s
    }

    /// Whether anything next to the square is taken for the pieces wanted (meeples and / or
    /// huts): the opposite of [`Surroundings::nothing_taken`] after looking around, without
    /// writing the surroundings down. Most squares have nothing taken next door.
    pub(super) fn anything_taken(&self, sq: &FrontierSquare, wants: (bool, bool)) -> bool {
        sq.neighbours()
            .any(|(dir, n, side)| self.features.taken_at_edge(n, dir.opposite(), side, wants))
    }

    /// [`Game::surroundings`] into `s`, which is overwritten (in place: a copy of the whole
    /// table for every square costs more than the looking up).
    pub(super) fn look_around(
        &self,
        sq: &FrontierSquare,
        (meeples, huts): (bool, bool),
        s: &mut Surroundings,
    ) {
        s.forget();
        let f = &self.features;
        for (dir, n, side) in sq.neighbours() {
            let back = dir.opposite();
            // Part `p` of this side meets part `2 - p` of the neighbour's. Each part is written
            // out, so that the kind of feature it holds is known without a test.
            let at = 3 * dir.index() as u8;
            match side {
                Side::River => {
                    if meeples {
                        s.meet(at, f.claim_at_edge(n, back, ZoneKind::Meadow, 2));
                        s.meet(at + 1, f.claim_at_edge(n, back, ZoneKind::River, 1));
                        s.meet(at + 2, f.claim_at_edge(n, back, ZoneKind::Meadow, 0));
                    }
                    if huts {
                        let (system, hut) = f.system_at_edge(n, back);
                        s.any_hut |= hut;
                        s.huts.touch(at + 1, (system, u16::from(hut)));
                    }
                }
                Side::Forest if meeples => {
                    s.meet(at + 1, f.claim_at_edge(n, back, ZoneKind::Forest, 1));
                }
                Side::Meadow if meeples => {
                    s.meet(at + 1, f.claim_at_edge(n, back, ZoneKind::Meadow, 1));
                }
                _ => {}
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

    /// How many more zones of `tile_index` laid at `at` (its square's surroundings `around`)
    /// are free for a meeple once the shaman's meeple left the feature `gone`.
    pub(super) fn freed_by(
        &self,
        tile_index: usize,
        at: Placement,
        around: &Surroundings,
        gone: FeatureKey,
    ) -> u32 {
        let tile = &self.set.tiles[tile_index];
        around.freed_meeple_zones(tile, usize::from(at.rot.0 & 3), gone)
    }

    /// [`Game::free_zones`] from the surroundings of the square, for meeples and / or huts.
    #[inline(always)]
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
        let rot = usize::from(at.rot.0 & 3);
        let mut free = FreeZones::all(tile, meeples, huts);
        // Without a recall, a feature around is taken if any is claimed; a recall may leave
        // none taken.
        let any_taken = around.claimed != 0
            && (gone.is_none() || around.meeples.near().iter().any(|n| n.taken(gone)));
        if meeples && any_taken {
            let taken = around.taken_meeple_zones(tile, rot, gone);
            free.masks[0] &= !taken as u16;
            free.masks[1] &= !(taken >> 16) as u16;
            free.masks[2] &= !(taken >> 32) as u16;
        }
        if huts && around.any_hut {
            // River systems: the tile's rivers and lakes, joined through its lakes and through
            // the systems next door.
            let nr = tile.rivers.len();
            let taken = around.taken_system_zones(tile, rot, self.own.lake_ends(tile_index));
            free.masks[3] &= !taken as u16;
            free.masks[4] &= !(taken >> nr) as u16;
        }
        free
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

/// Every piece with every kind of zone it stands on ([`Piece::stands_on`]), in the order the
/// moves list them.
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
        let [forests, meadows, rivers, lakes] = tile.zones;
        // Kept or cleared by a mask rather than a branch on each kind of piece.
        let (m, h) = (
            u16::from(meeples).wrapping_neg(),
            u16::from(huts).wrapping_neg(),
        );
        FreeZones {
            masks: [forests & m, meadows & m, rivers & m, rivers & h, lakes & h],
        }
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

    /// How many zones are free for meeples and for huts.
    pub(super) fn counts(&self) -> (u32, u32) {
        let [a, b, c, d, e] = self.masks.map(u64::from);
        (
            (a | b << 16 | c << 32).count_ones(),
            (d | e << 16).count_ones(),
        )
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

#[cfg(test)]
mod slots {
    use super::SLOTS;
    use crate::tile::{Piece, ZoneKind};

    /// A piece kind or a zone it may stand on, added to the rules, has its slot in the moves.
    #[test]
    fn the_slots_are_where_pieces_stand() {
        for piece in Piece::ALL {
            for kind in ZoneKind::ALL {
                assert_eq!(
                    SLOTS.contains(&(piece, kind)),
                    piece.stands_on(kind),
                    "{piece:?} on {kind:?}"
                );
            }
        }
    }
}
