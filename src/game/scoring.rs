//! Scores and returns: majorities, points awarded with their breakdowns, meeples sent home,
//! and the final scoring of huts, meadows (fire, shrine, pit traps) and Scout Agriculture.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{Category, Event, Game, OnBoard, ScoreEvent, majority, zone_id};
use crate::feature::{FeatureKey, Herd, MAX_PLAYERS, PieceAt, ZoneId};
use crate::options::CountUnit;
use crate::ruleset::Breakdown;
use crate::tile::{MeadowSpecial, Piece, ZoneKind};

impl Game {
    pub(super) fn award(
        &mut self,
        players: Vec<usize>,
        category: Category,
        zone: ZoneId,
        breakdown: Breakdown,
    ) {
        let points = breakdown.points();
        for &p in &players {
            self.scores[p][category as usize] += points;
        }
        self.emit(Event::Score(ScoreEvent {
            players,
            category,
            zone,
            breakdown,
        }));
    }

    /// Returns every `kind` piece standing in the feature of `z`, scored on `mover`'s turn.
    pub(super) fn return_pieces(&mut self, z: ZoneId, kind: Piece, mover: usize) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let key = self.features.key(tiles, &self.board, z, false);
        let mut i = 0;
        while i < self.pieces.len() {
            let piece = self.pieces[i];
            // Pieces on a special tile's spot (Scout) stay until the game ends.
            let here = match piece.at {
                PieceAt::Zone(pz) if piece.piece == kind => {
                    self.features.key(tiles, &self.board, pz, false) == key
                }
                _ => false,
            };
            if here {
                self.pieces.remove(i);
                self.take_back(piece, true);
                if piece.player == mover {
                    self.returned_this_turn += 1;
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
        let s = &mut self.supply[piece.player];
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
        self.turn = None;
        self.emit(Event::End);
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let mut i = 0;
        while i < self.pieces.len() {
            let piece = self.pieces[i];
            if matches!(piece.piece, Piece::Gatherer | Piece::Fisher) {
                self.pieces.remove(i);
                self.take_back(piece, true);
            } else {
                i += 1;
            }
        }
        // Huts: one score per river system, by hut majority.
        let mut systems: BTreeMap<FeatureKey, ZoneId> = BTreeMap::new();
        let mut meadows: BTreeMap<FeatureKey, Vec<ZoneId>> = BTreeMap::new();
        for piece in &self.pieces {
            if let (Piece::Hut, PieceAt::Zone(z)) = (piece.piece, piece.at) {
                systems
                    .entry(self.features.key(tiles, &self.board, z, true))
                    .or_insert(z);
            }
        }
        for (_, z) in systems {
            let info = *self.features.system(tiles, &self.board, z);
            let winners = majority(&info.huts);
            let b = self.rules.score_huts(&info);
            self.award(winners, Category::Huts, z, b);
        }
        // Meadows: every meadow with a hunter (the Scout's hunter on the bridge stands in two).
        for piece in &self.pieces {
            if piece.piece != Piece::Hunter {
                continue;
            }
            for z in self.piece_zones(piece.at) {
                meadows
                    .entry(self.features.key(tiles, &self.board, z, false))
                    .or_default();
            }
        }
        for placed in 0..self.board.len() {
            for i in 0..tiles[self.board.placed()[placed].tile].meadows.len() {
                let z = zone_id(placed, ZoneKind::Meadow, i);
                if let Some(v) = meadows.get_mut(&self.features.key(tiles, &self.board, z, false)) {
                    v.push(z);
                }
            }
        }
        for (_, zones) in meadows {
            self.score_meadow(&zones);
        }
        // Scout Agriculture: the hut on the farm scores its meadow, whoever hunts there.
        if let Some(options) = self.rules.scout().copied() {
            let farms: Vec<(usize, ZoneId)> = self
                .pieces
                .iter()
                .filter(|p| p.piece == Piece::Hut && matches!(p.at, PieceAt::Spot { .. }))
                .flat_map(|p| {
                    self.piece_zones(p.at)
                        .into_iter()
                        .map(move |z| (p.player, z))
                })
                .collect();
            for (owner, z) in farms {
                let info = self.features.meadow(z);
                let mut b = Breakdown::default();
                match options.agriculture_unit {
                    CountUnit::Segment => {
                        b.add(info.segments.into(), "meadow segments (agriculture)", 1)
                    }
                    CountUnit::Tile => b.add(info.tiles.into(), "meadow tiles (agriculture)", 1),
                }
                self.award(vec![owner], Category::Specials, z, b);
            }
        }
    }

    /// The zones a piece stands in: one, or every zone of a special tile's spot.
    pub fn piece_zones(&self, at: PieceAt) -> Vec<ZoneId> {
        match at {
            PieceAt::Zone(z) => vec![z],
            PieceAt::Spot { placed, spot } => {
                let tile = &self.set.tiles[self.board.placed()[usize::from(placed)].tile];
                tile.spots
                    .get(usize::from(spot))
                    .map(|s| {
                        s.zones
                            .iter()
                            .map(|&zone| ZoneId { placed, zone })
                            .collect()
                    })
                    .unwrap_or_default()
            }
        }
    }

    pub(super) fn score_meadow(&mut self, zones: &[ZoneId]) {
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let z0 = zones[0];
        let info = *self.features.meadow(z0);
        let key = self.features.key(tiles, &self.board, z0, false);
        // The shrine: hunters on a shrine zone make their owners the only scorers.
        let mut shrine = [0u16; MAX_PLAYERS];
        for piece in &self.pieces {
            if let (Piece::Hunter, PieceAt::Zone(z)) = (piece.piece, piece.at)
                && zones.contains(&z)
                && tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
                    [usize::from(z.zone.index)]
                .has(MeadowSpecial::Shrine)
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
        let mut herd = Herd::default();
        for z in zones {
            herd.add(&self.uncovered(*z));
        }
        // Pit traps double the animals on the tiles around them in this meadow; with
        // `pit-traps-stack` an animal next to k traps doubles k times.
        let stack = self.rules.options().pit_traps_stack;
        let mut traps: Vec<(ZoneId, usize)> = Vec::new();
        for z in zones {
            let m = &tiles[self.board.placed()[usize::from(z.placed)].tile].meadows
                [usize::from(z.zone.index)];
            if m.has(MeadowSpecial::PitTrap) {
                for around in self.zones_around(usize::from(z.placed), key, false) {
                    match traps.iter_mut().find(|(t, _)| *t == around) {
                        Some((_, k)) if stack => *k += 1,
                        Some(_) => {}
                        None => traps.push((around, 1)),
                    }
                }
            }
        }
        let mut doubled: Vec<Herd> = Vec::new();
        for (z, k) in traps {
            if doubled.len() < k {
                doubled.resize(k, Herd::default());
            }
            doubled[k - 1].add(&self.uncovered(z));
        }
        let fire = info.count(MeadowSpecial::Fire) + info.count(MeadowSpecial::Wildfire) > 0;
        let b = self.rules.score_meadow(&herd, fire, &doubled);
        self.award(winners, Category::Meadows, z0, b);
    }
}
