//! The Scout expansion's part of a turn: the choice between a special tile and the draw,
//! where a special tile may go, the Scout's refusal, and the Dug-out's bonus.

use std::sync::Arc;

use super::{Category, Event, Game, Move, Play, Players, Turn, zone_id};
use crate::board::Placement;
use crate::feature::{FeatureKind, MAX_PLAYERS, PieceAt, ZoneId};
use crate::illegal::IllegalScout;
use crate::options::{LakeScope, Refusal};
use crate::ruleset::Breakdown;
use crate::scout::Special;
use crate::tile::{Piece, RiverEnd, Tile, ZoneKind};

/// What the Scout expansion adds to a game; empty without it.
#[derive(Debug, Default, PartialEq)]
pub(super) struct ScoutState {
    /// Special pieces each player holds (unlaid special tiles, the Shaman card).
    pub(super) hands: [Vec<Special>; MAX_PLAYERS],
    /// The owner of the laid Scout tile, who may refuse drawn tiles.
    pub(super) scout_owner: Option<usize>,
    /// The owner of the laid Dug-out and its lake.
    pub(super) dugout: Option<(usize, ZoneId)>,
    /// This turn so far: refusals of a land / bonus tile, the Shaman card used.
    pub(super) refused_land: bool,
    pub(super) refused_bonus: bool,
    pub(super) shaman_used: bool,
}

// Written out so that `clone_from` reuses the hands' buffers.
impl Clone for ScoutState {
    fn clone(&self) -> Self {
        ScoutState {
            hands: self.hands.clone(),
            ..*self
        }
    }

    fn clone_from(&mut self, o: &Self) {
        for (a, b) in self.hands.iter_mut().zip(&o.hands) {
            a.clone_from(b);
        }
        self.scout_owner = o.scout_owner;
        self.dugout = o.dugout;
        self.refused_land = o.refused_land;
        self.refused_bonus = o.refused_bonus;
        self.shaman_used = o.shaman_used;
    }
}

impl Game {
    /// The owner of the Dug-out, once it is laid: from then on a river completed in its
    /// river system pays them the fish of a lake.
    pub fn dugout_owner(&self) -> Option<usize> {
        self.state.scout.dugout.map(|(owner, _)| owner)
    }

    /// A special tile was laid: the Dug-out's lake and the Scout's owner are noted.
    pub(super) fn special_laid(&mut self, player: usize, tile: &Tile, placed: usize) {
        if tile.rivers.len() >= 3 && !tile.lakes.is_empty() {
            self.state.scout.dugout = Some((player, zone_id(placed, ZoneKind::Lake, 0)));
        }
        if tile
            .spots
            .first()
            .is_some_and(|s| s.piece == Piece::Gatherer)
        {
            self.state.scout.scout_owner = Some(player);
        }
    }

    /// Whether the owner of the laid Scout tile may refuse the tile just drawn.
    pub(super) fn may_refuse(&self, turn: Turn) -> bool {
        self.refusal_allowed(turn).is_ok()
    }

    pub(super) fn refusal_allowed(&self, turn: Turn) -> Result<(), IllegalScout> {
        let s = &self.state.scout;
        let Some(options) = self.rules.scout() else {
            return Err(IllegalScout::NoExpansion);
        };
        if turn.tile.is_none() {
            return Err(IllegalScout::ChooseFirst);
        }
        if s.scout_owner != Some(turn.player) {
            return Err(IllegalScout::NotScoutOwner);
        }
        let used = match options.refusal {
            Refusal::OncePerTurn => s.refused_land || s.refused_bonus,
            Refusal::LandAndBonus => {
                if turn.bonus {
                    s.refused_bonus
                } else {
                    s.refused_land
                }
            }
        };
        if used {
            return Err(IllegalScout::RefusalUsed);
        }
        Ok(())
    }

    /// Whether the player could lay a Scout special tile instead of drawing.
    pub(super) fn any_special_move(&self, turn: Turn) -> bool {
        if self.rules.scout().is_none()
            || !self.state.scout.hands[turn.player]
                .iter()
                .any(|s| matches!(s, Special::Tile(_)))
        {
            return false;
        }
        let mut any = false;
        self.each_special_move(turn, |_| {
            any = true;
            false
        });
        any
    }

    /// Calls `f` with each Scout special tile move the player may make instead of drawing, in
    /// order, until it returns false: only at the start of a normal turn, with the tile's piece
    /// in supply, where none of the features its piece stands in already holds a piece of that
    /// kind.
    pub(super) fn each_special_move(&self, turn: Turn, mut f: impl FnMut(Move) -> bool) {
        if turn.bonus || turn.tile.is_some() {
            return;
        }
        for special in &self.state.scout.hands[turn.player] {
            let Special::Tile(t) = *special else { continue };
            let tile = &self.set.tiles[t];
            let Some(spot) = tile.spots.first() else {
                continue;
            };
            for at in self.board.placements(tile) {
                for recall in self.recall_choices(turn, t) {
                    if self.special_allowed(turn, t, at, recall).is_ok() {
                        let m = Move {
                            at,
                            recall,
                            piece: Some((
                                spot.piece,
                                PieceAt::Spot {
                                    placed: self.board.len() as u16,
                                    spot: 0,
                                },
                            )),
                            play: Play::Special(t),
                        };
                        if !f(m) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Why special tile `t` may not be laid at `at` now (after the recall), if it may not.
    pub(super) fn special_allowed(
        &self,
        turn: Turn,
        t: usize,
        at: Placement,
        recall: Option<usize>,
    ) -> Result<(), IllegalScout> {
        let tile = &self.set.tiles[t];
        let spot = tile.spots.first().ok_or(IllegalScout::OwnPieceOnSpot)?;
        let mut meeples = self.state.supply[turn.player].meeples;
        if let Some(r) = recall {
            meeples += u8::from(self.state.pieces[r].piece != Piece::Hut);
        }
        let has = if spot.piece == Piece::Hut {
            self.state.supply[turn.player].huts > 0
        } else {
            meeples > 0
        };
        if !has {
            return Err(IllegalScout::NeedsPiece(spot.piece));
        }
        // "No puede colocarse de manera que conecte con un bosque / río / pradera en la que ya
        // haya recolectores / pescadores / cazadores": no forest (river, meadow) of the tile may
        // join one that holds such a piece. The Agriculture hut stands in a meadow, so its
        // tile is barred by hunters, in either of its meadows.
        let (blocks, kind) = match spot.piece {
            Piece::Gatherer => (Piece::Gatherer, FeatureKind::Forest),
            Piece::Fisher => (Piece::Fisher, FeatureKind::River),
            Piece::Hunter | Piece::Hut => (Piece::Hunter, FeatureKind::Meadow),
        };
        // Every zone of the kind is free exactly when no feature of the kind next door is
        // taken: a zone touching a taken one is taken, and a zone touches only features of
        // its own kind.
        let around = self.surroundings(at.pos, (true, false));
        if !around.takes_kind(kind, self.recalled_from(recall)) {
            Ok(())
        } else {
            Err(IllegalScout::JoinsOccupied(blocks))
        }
    }

    /// The Scout's refusal: the drawn tile goes under its stack and the next one is drawn; that
    /// one must be laid (or is discarded if it fits nowhere).
    pub(super) fn refuse(&mut self, turn: Turn) {
        let tile = turn.tile.expect("a refusal follows a draw");
        self.emit(Event::Refuse {
            player: turn.player,
            tile,
            bonus: turn.bonus,
        });
        if turn.bonus {
            self.bonus.push(tile);
            self.state.scout.refused_bonus = true;
        } else {
            self.regular.push(tile);
            self.state.scout.refused_land = true;
        }
        if !self.draw(turn.player, turn.bonus) {
            // Only a bonus stack can run dry here (the refused tile is under the land stack).
            self.end_turn(turn.player);
        }
    }

    /// The Dug-out: when a river of its river system is completed, its owner scores the fish
    /// of one lake: the richest of the system, or of the completed river's end lakes, as the
    /// option says.
    pub(super) fn dugout_bonus(&mut self, river: ZoneId) {
        let (Some((owner, lake)), Some(options)) =
            (self.state.scout.dugout, self.rules.scout().copied())
        else {
            return;
        };
        let set = Arc::clone(&self.set);
        let tiles = &set.tiles;
        let system = self.features.key(tiles, &self.board, lake, true);
        if self.features.key(tiles, &self.board, river, true) != system {
            return;
        }
        let river_key = self.features.key(tiles, &self.board, river, false);
        let mut best = 0u32;
        for (placed, p) in self.board.placed().iter().enumerate() {
            let tile = &tiles[p.tile];
            for (i, l) in tile.lakes.iter().enumerate() {
                let z = zone_id(placed, ZoneKind::Lake, i);
                let counts = match options.dugout_lake_scope {
                    LakeScope::System => self.features.key(tiles, &self.board, z, true) == system,
                    LakeScope::CompletedRiver => tile.rivers.iter().enumerate().any(|(r, rv)| {
                        rv.ends.contains(&RiverEnd::Lake(i as u8))
                            && self.features.key(
                                tiles,
                                &self.board,
                                zone_id(placed, ZoneKind::River, r),
                                false,
                            ) == river_key
                    }),
                };
                if counts {
                    best = best.max(u32::from(l.fish));
                }
            }
        }
        let mut b = Breakdown::default();
        b.add(
            best,
            "fish in the richest lake (dug-out)",
            self.rules.params().dugout,
        );
        self.award(Players::one(owner), Category::Specials, river, b);
    }
}
