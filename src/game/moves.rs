//! The moves of a turn: every legal move of the player to move, and why a move is refused.
//!
//! [`Game::legal_moves`] lists placements × shaman choices × pieces; [`Game::check`] holds
//! every check of a move without changing the game and names the first rule broken. Which
//! zones are free comes from [`super::free`]; the Scout's own moves from [`super::scout`].

use std::borrow::Cow;

use super::{Game, Move, Play, Turn, free};
use crate::board::Placement;
use crate::feature::{FeatureKey, PieceAt, ZoneId};
use crate::illegal::{IllegalMove, IllegalPiece, IllegalRecall, IllegalScout};
use crate::options::ScoutOptions;
use crate::scout::Special;
use crate::tile::{MeadowSpecial, Piece, ZoneKind};

impl Game {
    /// Meeples the player to move may put on the tile of this turn (before any shaman
    /// recall): the supply, less on a first-edition bonus tile the meeples scoring sent home
    /// during this turn.
    pub fn usable_meeples(&self) -> u8 {
        self.turn.map_or(0, |t| self.meeples_available(t))
    }

    pub(super) fn meeples_available(&self, turn: Turn) -> u8 {
        let s = self.supply[turn.player];
        if turn.bonus && !self.rules.options().reuse_returned_on_bonus {
            s.meeples - self.returned_this_turn.min(s.meeples)
        } else {
            s.meeples
        }
    }

    /// Every legal move of the player to move, into `out` (cleared first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let Some(turn) = self.turn else { return };
        let Some(drawn) = turn.tile else {
            out.push(Move::draw());
            self.special_moves(turn, out);
            return;
        };
        let tile = &self.set.tiles[drawn];
        // Most tiles come without a shaman: then nothing is allocated for the choices.
        const NO_RECALL: &[Option<usize>] = &[None];
        const NOTHING_GONE: &[Option<FeatureKey>] = &[None];
        let (recalls, gone): (Cow<[_]>, Cow<[_]>) = if self.has_shaman(turn, drawn) {
            let recalls = self.recall_options(turn, drawn);
            // The feature each shaman choice empties.
            let gone = recalls.iter().map(|&r| self.recalled_from(r)).collect();
            (Cow::Owned(recalls), Cow::Owned(gone))
        } else {
            (Cow::Borrowed(NO_RECALL), Cow::Borrowed(NOTHING_GONE))
        };
        if self.may_refuse(turn) {
            out.push(Move::refuse());
        }
        let usable = self.meeples_available(turn);
        let huts = self.supply[turn.player].huts > 0;
        // The features around a square are looked up once for all rotations and choices there.
        let mut around = None;
        for at in self.board.placements(tile) {
            if around
                .as_ref()
                .is_none_or(|a: &free::Surroundings| a.pos() != at.pos)
            {
                around = None;
            }
            let mut plain: Option<free::FreeZones> = None;
            for (k, &recall) in recalls.iter().enumerate() {
                out.push(Move {
                    at,
                    recall,
                    piece: None,
                    play: Play::Drawn,
                });
                let meeples =
                    usable + recall.map_or(0, |r| u8::from(self.pieces[r].piece != Piece::Hut));
                if meeples == 0 && !huts {
                    continue;
                }
                let wants = (usable > 0 || recalls.len() > 1, huts);
                let here = around.get_or_insert_with(|| self.surroundings(at.pos, wants));
                // A recall from a feature not next to the square frees nothing here.
                let free = match gone[k] {
                    Some(g) if here.touches(g) => {
                        self.free_zones_in(drawn, at, here, Some(g), meeples > 0, huts)
                    }
                    _ => *plain.get_or_insert_with(|| {
                        let any_meeple = usable > 0 || recalls.len() > 1;
                        self.free_zones_in(drawn, at, here, None, any_meeple, huts)
                    }),
                };
                for (piece, zone) in free.options(meeples > 0, huts) {
                    out.push(Move {
                        at,
                        recall,
                        piece: Some((
                            piece,
                            PieceAt::Zone(ZoneId {
                                placed: self.board.len() as u16,
                                zone,
                            }),
                        )),
                        play: Play::Drawn,
                    });
                }
            }
        }
    }

    /// The shaman choices: nothing, or one of the player's own meeples, when the tile shows a
    /// shaman (2020) or the player holds the Scout Shaman card and has not used it this turn.
    pub(super) fn recall_options(&self, turn: Turn, tile_index: usize) -> Vec<Option<usize>> {
        let mut out = vec![None];
        if !self.has_shaman(turn, tile_index) {
            return out;
        }
        out.extend(
            (0..self.pieces.len())
                .filter(|&i| self.recall_allowed(turn, tile_index, i).is_ok())
                .map(Some),
        );
        out
    }

    /// Whether laying `tile_index` comes with a shaman: the tile shows one (2020), or the
    /// player holds the Scout Shaman card, unused this turn.
    pub(super) fn has_shaman(&self, turn: Turn, tile_index: usize) -> bool {
        self.shaman_tile(tile_index) || self.shaman_card(turn).is_ok()
    }

    pub(super) fn shaman_tile(&self, tile_index: usize) -> bool {
        self.set.tiles[tile_index]
            .meadows
            .iter()
            .any(|m| m.has(MeadowSpecial::Shaman))
    }

    pub(super) fn shaman_card(&self, turn: Turn) -> Result<&ScoutOptions, IllegalRecall> {
        let options = self
            .rules
            .scout()
            .filter(|_| self.scout.hands[turn.player].contains(&Special::Shaman))
            .ok_or(IllegalRecall::NoShaman)?;
        if self.scout.shaman_used {
            return Err(IllegalRecall::CardUsed);
        }
        Ok(options)
    }

    /// Why the shaman laid with `tile_index` may not take back piece `r`, if it may not.
    pub(super) fn recall_allowed(
        &self,
        turn: Turn,
        tile_index: usize,
        r: usize,
    ) -> Result<(), IllegalRecall> {
        let tile = self.shaman_tile(tile_index);
        let card = self.shaman_card(turn);
        if !tile {
            card?;
        }
        let p = self.pieces.get(r).ok_or(IllegalRecall::NoSuchPiece)?;
        if p.player != turn.player {
            return Err(IllegalRecall::NotOwn);
        }
        if p.piece == Piece::Hut {
            return Err(IllegalRecall::Hut);
        }
        // Pieces on a special tile's spot stay until the end.
        let PieceAt::Zone(z) = p.at else {
            return Err(IllegalRecall::Fixed);
        };
        // The Scout Shaman takes back only from incomplete features (printed rule); a
        // gatherer or fisher always stands in one, a hunter may lie in an enclosed meadow.
        if !tile
            && card.is_ok_and(|o| o.shaman_incomplete_only)
            && p.piece == Piece::Hunter
            && self.features.meadow(z).open == 0
        {
            return Err(IllegalRecall::Complete);
        }
        Ok(())
    }

    /// Why `mv` is not legal now, if it is not; the game does not change.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let Some(turn) = self.turn else {
            return Err(IllegalMove::GameOver);
        };
        if mv.play != Play::Drawn && self.rules.scout().is_none() {
            return Err(IllegalMove::Scout(IllegalScout::NoExpansion));
        }
        let tile_index = match (mv.play, turn.tile) {
            (Play::Refuse, _) => {
                return self.refusal_allowed(turn).map_err(IllegalMove::Scout);
            }
            (Play::Draw, None) => return Ok(()),
            (Play::Draw, Some(_)) => return Err(IllegalMove::Scout(IllegalScout::AlreadyDrawn)),
            (Play::Drawn, None) => return Err(IllegalMove::Scout(IllegalScout::ChooseFirst)),
            (Play::Drawn, Some(t)) => t,
            (Play::Special(t), drawn) => {
                if !self.scout.hands[turn.player].contains(&Special::Tile(t)) {
                    return Err(IllegalMove::Scout(IllegalScout::NotHeld));
                }
                // A player with no special move at the start of the turn drew at once; the
                // checks below then name what stood in the special tile's way.
                if turn.bonus
                    || drawn.is_some() && self.any_special_move(Turn { tile: None, ..turn })
                {
                    return Err(IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing));
                }
                t
            }
        };
        let tile = &self.set.tiles[tile_index];
        self.board
            .check(tile, mv.at)
            .map_err(IllegalMove::Placement)?;
        if let Some(r) = mv.recall {
            self.recall_allowed(turn, tile_index, r)
                .map_err(IllegalMove::Recall)?;
        }
        if let Play::Special(t) = mv.play {
            let spot = PieceAt::Spot {
                placed: self.board.len() as u16,
                spot: 0,
            };
            if mv.piece.map(|(_, at)| at) != Some(spot)
                || mv.piece.map(|(p, _)| p) != tile.spots.first().map(|s| s.piece)
            {
                return Err(IllegalMove::Scout(IllegalScout::OwnPieceOnSpot));
            }
            self.special_allowed(turn, t, mv.at, mv.recall)
                .map_err(IllegalMove::Scout)?;
            // The player drew although this very move was open to them: only a shaman choice
            // that was not open at the start of the turn could get here.
            if turn.tile.is_some() {
                return Err(IllegalMove::Scout(IllegalScout::NotInsteadOfDrawing));
            }
            return Ok(());
        }
        match mv.piece {
            Some((piece, at)) => self
                .piece_allowed(turn, tile_index, mv.at, mv.recall, piece, at)
                .map_err(IllegalMove::Piece),
            None => Ok(()),
        }
    }

    /// Why `piece` may not go at `at` on the drawn tile laid at `placed_at`, if it may not.
    pub(super) fn piece_allowed(
        &self,
        turn: Turn,
        tile_index: usize,
        placed_at: Placement,
        recall: Option<usize>,
        piece: Piece,
        at: PieceAt,
    ) -> Result<(), IllegalPiece> {
        let PieceAt::Zone(z) = at else {
            return Err(IllegalPiece::OnSpot);
        };
        if usize::from(z.placed) != self.board.len() {
            return Err(IllegalPiece::NotOnNewTile);
        }
        let tile = &self.set.tiles[tile_index];
        if usize::from(z.zone.index) >= tile.zone_count(z.zone.kind) {
            return Err(IllegalPiece::NoSuchZone(z.zone));
        }
        let fits = match piece {
            Piece::Gatherer => z.zone.kind == ZoneKind::Forest,
            Piece::Fisher => z.zone.kind == ZoneKind::River,
            Piece::Hunter => z.zone.kind == ZoneKind::Meadow,
            Piece::Hut => matches!(z.zone.kind, ZoneKind::River | ZoneKind::Lake),
        };
        if !fits {
            return Err(IllegalPiece::WrongKind {
                piece,
                zone: z.zone.kind,
            });
        }
        if !self
            .free_zones(tile_index, placed_at, recall)
            .contains(&(piece, z.zone))
        {
            return Err(IllegalPiece::Occupied(piece));
        }
        let recalled = recall.map_or(0, |r| u8::from(self.pieces[r].piece != Piece::Hut));
        let supply = self.supply[turn.player];
        if piece == Piece::Hut {
            if supply.huts == 0 {
                return Err(IllegalPiece::NoneLeft(Piece::Hut));
            }
        } else if self.meeples_available(turn) + recalled == 0 {
            return Err(if supply.meeples > 0 {
                IllegalPiece::ReturnedThisTurn
            } else {
                IllegalPiece::NoneLeft(piece)
            });
        }
        Ok(())
    }
}
