//! The 2020 menhir tiles whose power acts on the board around them: the hunting trap scores
//! and covers the animals of the eight tiles around it when laid; the pit trap doubles them at
//! the end (see [`super::scoring`]).

use std::sync::Arc;

use super::free::Buf;
use super::{Category, Event, Game, Players, zone_id};
use crate::board::Pos;
use crate::feature::{FeatureKey, Herd, ZoneId};
use crate::ruleset::Breakdown;
use crate::tile::{LakeSpecial, MeadowSpecial, Tile, ZoneKind};

impl Game {
    /// The powers a 2020 tile acts with as it is laid, before the piece: the hunting trap and
    /// the logboat (the shaman's recall is part of the move).
    pub(super) fn immediate_actions(&mut self, player: usize, tile: &Tile, placed: usize) {
        if !acts_when_laid(tile) {
            return;
        }
        for (i, m) in tile.meadows.iter().enumerate() {
            if m.has(MeadowSpecial::HuntingTrap) {
                self.hunting_trap(player, placed, i);
            }
        }
        for (i, l) in tile.lakes.iter().enumerate() {
            if l.has(LakeSpecial::Logboat) {
                self.logboat(player, placed, i);
            }
        }
    }

    /// The logboat: points (2 as printed) to the placer for every lake of its river system, at
    /// once.
    fn logboat(&mut self, player: usize, placed: usize, lake: usize) {
        let z = zone_id(placed, ZoneKind::Lake, lake);
        let lakes = self.features.system(&self.set.tiles, &self.board, z).lakes;
        let mut b = Breakdown::default();
        b.add(lakes.into(), "lakes (logboat)", self.rules.params().logboat);
        self.award(Players::one(player), Category::Specials, z, b);
    }

    /// The animals of meadow zone `z` not yet covered by a hunting trap.
    pub(super) fn uncovered(&self, z: ZoneId) -> Herd {
        let m = &self.set.tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
            [usize::from(z.zone.index)];
        let mut h = Herd::from(&m.animals);
        for (cz, c) in &self.state.covered {
            if *cz == z {
                h.remove(c);
            }
        }
        h
    }

    /// The meadow zones within one square (8 around, and the centre when `centre`) of tile
    /// `placed` that lie in the same meadow as `key` (at most 16 on each of the 9 tiles).
    pub(super) fn zones_around(&self, placed: usize, key: FeatureKey, centre: bool) -> Around {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let pos = self.board.placed()[placed].pos;
        let mut out = Buf::new(zone_id(placed, ZoneKind::Meadow, 0));
        for dy in -1..=1 {
            for dx in -1..=1 {
                if dx == 0 && dy == 0 && !centre {
                    continue;
                }
                let Some(n) = self.board.index_at(Pos::new(pos.x + dx, pos.y + dy)) else {
                    continue;
                };
                for i in 0..tiles[self.board.placed()[n].tile].meadows.len() {
                    let z = zone_id(n, ZoneKind::Meadow, i);
                    if self.features.key(tiles, &self.board, z, false) == key {
                        out.push(z);
                    }
                }
            }
        }
        out
    }

    /// The 2020 hunting trap: the placer scores the animals of the trap's meadow on the 8
    /// surrounding tiles at once, and they are covered (rules-matrix row 29).
    pub(super) fn hunting_trap(&mut self, player: usize, placed: usize, meadow: usize) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let trap = zone_id(placed, ZoneKind::Meadow, meadow);
        let key = self.features.key(tiles, &self.board, trap, false);
        let fire = self.features.meadow(trap).count(MeadowSpecial::Wildfire)
            + self.features.meadow(trap).count(MeadowSpecial::Fire)
            > 0;
        let zones = self.zones_around(placed, key, self.rules.options().hunting_trap_own_tile);
        let mut herd = Herd::default();
        let mut per_zone: Buf<_, 144> = Buf::new((trap, Herd::default()));
        for &z in zones.as_slice() {
            let h = self.uncovered(z);
            herd.add(&h);
            per_zone.push((z, h));
        }
        let b = self.rules.meadow::<Breakdown>(&herd, fire, &[]);
        self.award(Players::one(player), Category::Specials, trap, b);
        // Cover what scored: every deer (scored or eaten), mammoth, aurochs and bear, and the
        // tigers that ate a deer (idle tigers too if the option says so).
        let mut pairing = if fire { 0 } else { herd.tigers.min(herd.deer) };
        let idle = self.rules.options().hunting_trap_covers_idle_tigers;
        for &(z, h) in per_zone.as_slice() {
            let mut c = h;
            c.tigers = if fire {
                0
            } else if idle {
                h.tigers
            } else {
                let t = h.tigers.min(pairing);
                pairing -= t;
                t
            };
            if c.total() > 0 {
                self.state.covered.push((z, c));
                self.emit(Event::Cover {
                    zone: z,
                    animals: c,
                });
            }
        }
    }
}

/// Meadow zones around a tile: up to 16 on each of 9 tiles.
pub(super) type Around = Buf<ZoneId, 144>;

/// Whether laying `tile` sets off a power at once (hunting trap, logboat) that may score.
pub fn acts_when_laid(tile: &Tile) -> bool {
    tile.meadow_shows(MeadowSpecial::HuntingTrap) || tile.lake_shows(LakeSpecial::Logboat)
}
