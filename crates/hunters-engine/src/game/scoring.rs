//! Scores and returns: majorities, points awarded with their breakdowns, meeples sent home,
//! and the final scoring of huts, meadows (fire, shrine, pit traps) and Scout Agriculture.

use std::sync::Arc;

use super::free::Buf;
use super::{Category, Event, Game, OnBoard, Players, ScoreEvent, majority, zone_id};
use crate::feature::{FeatureKey, Herd, MAX_PLAYERS, PieceAt, ZoneId};
use crate::options::CountUnit;
use crate::ruleset::Breakdown;
use crate::tile::{MeadowSpecial, Piece, ZoneKind, ZoneRef};

impl Game {
    pub(super) fn award(
        &mut self,
        players: Players,
        category: Category,
        zone: ZoneId,
        breakdown: Breakdown,
    ) {
        let points = breakdown.points();
        for p in players.iter() {
            self.state.scores[p][category as usize] += points;
        }
        if self.record {
            self.events.push(Event::Score(ScoreEvent {
                players: players.iter().collect(),
                category,
                zone,
                breakdown,
            }));
        }
    }

    /// Returns every `kind` piece standing in the feature of `z`, scored on `mover`'s turn.
    pub(super) fn return_pieces(&mut self, z: ZoneId, kind: Piece, mover: usize) {
        // The tiles are borrowed field by field: cloning the shared tile set's handle on
        // every return would make the threads of `simulate` contend for its counter.
        let key = self.features.key(&self.set.tiles, &self.board, z, false);
        let mut i = 0;
        while i < self.state.pieces.len() {
            let piece = self.state.pieces[i];
            // Pieces on a special tile's spot (Scout) stay until the game ends.
            let here = match piece.at {
                PieceAt::Zone(pz) if piece.piece == kind => {
                    self.features.key(&self.set.tiles, &self.board, pz, false) == key
                }
                _ => false,
            };
            if here {
                self.state.pieces.remove(i);
                self.take_back(piece, true);
                if piece.player == mover {
                    self.state.returned_this_turn += 1;
                }
            } else {
                i += 1;
            }
        }
    }

    /// Puts a piece back into its owner's supply; `announce` records a [`Event::Return`] (the
    /// shaman's recall is part of the move instead).
    pub(super) fn take_back(&mut self, piece: OnBoard, announce: bool) {
        self.features
            .remove_piece(
                &self.set.tiles,
                &self.board,
                piece.piece,
                piece.player,
                piece.at,
            )
            .expect("a piece on the board");
        let s = &mut self.state.supply[piece.player];
        if piece.piece == Piece::Hut {
            s.huts += 1;
        } else {
            s.meeples += 1;
        }
        if announce {
            self.emit(Event::Return {
                player: piece.player,
                piece: piece.piece,
                at: piece.at,
            });
        }
    }

    /// Ends the game: gatherers and fishers leave without scoring, then huts and meadows score.
    pub(super) fn finish(&mut self) {
        self.state.turn = None;
        self.emit(Event::End);
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let mut i = 0;
        while i < self.state.pieces.len() {
            let piece = self.state.pieces[i];
            if matches!(piece.piece, Piece::Gatherer | Piece::Fisher) {
                self.state.tally.unfinished[usize::from(piece.piece == Piece::Fisher)] += 1;
                self.state.pieces.remove(i);
                self.take_back(piece, true);
            } else {
                i += 1;
            }
        }
        // Huts: one score per river system, by hut majority, in the order of their keys; each
        // score names the zone of the first hut found there.
        let mut scored = std::mem::take(&mut self.scratch.scored);
        scored.clear();
        for piece in &self.state.pieces {
            if let (Piece::Hut, PieceAt::Zone(z)) = (piece.piece, piece.at) {
                let key = self.features.key(tiles, &self.board, z, true);
                if !scored.iter().any(|(k, _)| *k == key) {
                    scored.push((key, z));
                }
            }
        }
        scored.sort_unstable_by_key(|(k, _)| *k);
        for &(_, z) in &scored {
            let info = *self.features.system(tiles, &self.board, z);
            let winners = majority(&info.huts);
            let b = self.rules.huts::<Breakdown>(&info);
            self.award(winners, Category::Huts, z, b);
        }
        // Meadows: every meadow with a hunter (the Scout's hunter on the bridge stands in two),
        // in the order of their keys; each score names the meadow's first zone in laying order.
        scored.clear();
        for piece in &self.state.pieces {
            if piece.piece != Piece::Hunter {
                continue;
            }
            for z in self.piece_zones(piece.at) {
                let key = self.features.key(tiles, &self.board, z, false);
                if !scored.iter().any(|(k, _)| *k == key) {
                    scored.push((key, self.features.first_meadow_zone(z)));
                }
            }
        }
        scored.sort_unstable_by_key(|(k, _)| *k);
        for &(key, z0) in &scored {
            self.score_meadow(key, z0);
        }
        self.scratch.scored = scored;
        // Scout Agriculture: the hut on the farm scores its meadow, whoever hunts there.
        if let Some(options) = self.rules.scout().copied() {
            for i in 0..self.state.pieces.len() {
                let p = self.state.pieces[i];
                if p.piece != Piece::Hut || !matches!(p.at, PieceAt::Spot { .. }) {
                    continue;
                }
                // The farm's meadows (a tile has at most 16 zones), kept while points are
                // awarded.
                let none = ZoneId {
                    placed: 0,
                    zone: ZoneRef {
                        kind: ZoneKind::Meadow,
                        index: 0,
                    },
                };
                let mut zones = Buf::<ZoneId, 16>::new(none);
                self.piece_zones(p.at).for_each(|z| zones.push(z));
                for &z in zones.as_slice() {
                    self.agriculture(p.player, z, options.agriculture_unit);
                }
            }
        }
    }

    /// The Scout Agriculture hut of `owner` scores the meadow of `z`.
    fn agriculture(&mut self, owner: usize, z: ZoneId, unit: CountUnit) {
        let info = self.features.meadow(z);
        let mut b = Breakdown::default();
        let each = self.rules.params().agriculture;
        match unit {
            CountUnit::Segment => {
                b.add(info.segments.into(), "meadow segments (agriculture)", each)
            }
            CountUnit::Tile => b.add(info.tiles.into(), "meadow tiles (agriculture)", each),
        }
        self.award(Players::one(owner), Category::Specials, z, b);
    }

    /// The zone a piece stands in (the first zone of a special tile's spot).
    pub fn piece_zone(&self, at: PieceAt) -> Option<ZoneId> {
        match at {
            PieceAt::Zone(z) => Some(z),
            PieceAt::Spot { placed, spot } => {
                let tile = &self.set.tiles[self.board.placed()[usize::from(placed)].tile];
                let s = tile.spots.get(usize::from(spot))?;
                s.zones.first().map(|&zone| ZoneId { placed, zone })
            }
        }
    }

    /// The zones a piece stands in: one, or every zone of a special tile's spot.
    pub fn piece_zones(&self, at: PieceAt) -> impl Iterator<Item = ZoneId> + '_ {
        let (one, placed, spot_zones): (Option<ZoneId>, u16, &[ZoneRef]) = match at {
            PieceAt::Zone(z) => (Some(z), z.placed, &[]),
            PieceAt::Spot { placed, spot } => {
                let tile = &self.set.tiles[self.board.placed()[usize::from(placed)].tile];
                let zones = tile
                    .spots
                    .get(usize::from(spot))
                    .map_or(&[][..], |s| &s.zones[..]);
                (None, placed, zones)
            }
        };
        one.into_iter()
            .chain(spot_zones.iter().map(move |&zone| ZoneId { placed, zone }))
    }

    /// Scores the meadow `key` at the end of the game; `z0` is its first zone.
    pub(super) fn score_meadow(&mut self, key: FeatureKey, z0: ZoneId) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let info = *self.features.meadow(z0);
        let in_meadow = |g: &Game, z: ZoneId| g.features.key(tiles, &g.board, z, false) == key;
        // The shrine: hunters on a shrine zone make their owners the only scorers.
        let mut shrine = [0u16; MAX_PLAYERS];
        for piece in &self.state.pieces {
            if let (Piece::Hunter, PieceAt::Zone(z)) = (piece.piece, piece.at)
                && tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
                    [usize::from(z.zone.index)]
                .has(MeadowSpecial::Shrine)
                && in_meadow(self, z)
            {
                shrine[piece.player] += 1;
            }
        }
        let winners = if shrine.iter().any(|&c| c > 0) {
            majority(&shrine)
        } else {
            majority(&info.hunters)
        };
        if winners.is_empty() {
            return;
        }
        // The animals of the meadow less those a hunting trap covered.
        let mut herd = info.animals;
        for (cz, c) in &self.state.covered {
            if in_meadow(self, *cz) {
                herd.remove(c);
            }
        }
        // Pit traps double the animals on the tiles around them in this meadow; with
        // `pit-traps-stack` an animal next to k traps doubles k times.
        let stack = self.rules.options().pit_traps_stack;
        let mut traps = std::mem::take(&mut self.scratch.traps);
        traps.clear();
        if info.count(MeadowSpecial::PitTrap) > 0 {
            for placed in 0..self.board.len() {
                let tile = &tiles[self.board.placed()[placed].tile];
                for (i, m) in tile.meadows.iter().enumerate() {
                    let z = zone_id(placed, ZoneKind::Meadow, i);
                    if !m.has(MeadowSpecial::PitTrap) || !in_meadow(self, z) {
                        continue;
                    }
                    for &around in self.zones_around(placed, key, false).as_slice() {
                        match traps.iter_mut().find(|(t, _)| *t == around) {
                            Some((_, k)) if stack => *k += 1,
                            Some(_) => {}
                            None => traps.push((around, 1)),
                        }
                    }
                }
            }
        }
        let mut doubled = std::mem::take(&mut self.scratch.doubled);
        doubled.clear();
        for &(z, k) in &traps {
            if doubled.len() < k {
                doubled.resize(k, Herd::default());
            }
            doubled[k - 1].add(&self.uncovered(z));
        }
        let fire = info.count(MeadowSpecial::Fire) + info.count(MeadowSpecial::Wildfire) > 0;
        let b = self.rules.meadow::<Breakdown>(&herd, fire, &doubled);
        self.scratch.traps = traps;
        self.scratch.doubled = doubled;
        self.award(winners, Category::Meadows, z0, b);
    }
}
