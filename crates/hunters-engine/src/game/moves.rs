//! The moves of a turn: every legal move of the player to move, and why a move is refused.
//!
//! [`Game::legal_moves`] lists placements × shaman choices × pieces; [`Game::check`] holds
//! every check of a move without changing the game and names the first rule broken. Which
//! zones are free comes from [`super::free`]; the Scout's own moves from [`super::scout`].
//!
//! The order of the moves is defined once, by `move_groups`, the one path that handles every
//! turn: before a Scout player draws, the draw and then each special tile's moves; otherwise
//! the refusal (when allowed), then each square the tile fits in frontier order, each rotation
//! from r0 up, each shaman choice (none first), and there the move without a piece followed by
//! one per free zone. Bots and logs rely on it (a random bot's pick is an index into it), so
//! the faster paths — `legal_moves` without a shaman or without pieces, `pick_move`,
//! `pick_drawn`, `pick_placement`, `pick_bare_move` — each reach the same list, and the tests
//! below hold each of them to `move_groups` at every position of 30 random games.

use super::{Game, Move, Play, Turn, free};
use crate::board::{Fitting, FrontierSquare, Placement, Pos, rotations_in};
use crate::feature::{FeatureKey, PieceAt, ZoneId};
use crate::illegal::{IllegalMove, IllegalPiece, IllegalRecall, IllegalScout};
use crate::options::ScoutOptions;
use crate::scout::Special;
use crate::tile::{MeadowSpecial, Piece, Rotation, ZoneKind, each_bit};

impl Game {
    /// Meeples the player to move may put on the tile of this turn (before any shaman
    /// recall): the supply, less on a first-edition bonus tile the meeples scoring sent home
    /// during this turn.
    pub fn usable_meeples(&self) -> u8 {
        self.state.turn.map_or(0, |t| self.meeples_available(t))
    }

    pub(super) fn meeples_available(&self, turn: Turn) -> u8 {
        let s = self.state.supply[turn.player];
        if turn.bonus && !self.rules.options().reuse_returned_on_bonus {
            s.meeples - self.state.returned_this_turn.min(s.meeples)
        } else {
            s.meeples
        }
    }

    /// Every legal move of the player to move, into `out` (cleared first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if let Some((turn, drawn)) = self.tile_only() {
            if self.may_refuse(turn) {
                out.push(Move::refuse());
            }
            // A plain loop: collecting from the nested iterator is measurably slower on this
            // hot path (figures in CHANGELOG.md, "Changed (speed)").
            for (pos, rots) in self.board.fitting(&self.set.tiles[drawn]) {
                for rot in rotations(rots) {
                    out.push(Move {
                        at: Placement {
                            pos,
                            rot: Rotation(rot),
                        },
                        ..Move::default()
                    });
                }
            }
            return;
        }
        if let Some(turn) = self.state.turn
            && let Some(drawn) = turn.tile
            && !self.has_shaman(turn, drawn)
        {
            self.moves_without_shaman(turn, drawn, out);
            return;
        }
        self.move_groups(|g, recalls| g.each_move(recalls, |m| out.push(m)));
    }

    /// [`Game::legal_moves`] of a drawn tile without a shaman: at each placement, the move
    /// without a piece and one per free zone, written straight into `out` (as `move_groups`
    /// orders them).
    fn moves_without_shaman(&self, turn: Turn, drawn: usize, out: &mut Vec<Move>) {
        if self.may_refuse(turn) {
            out.push(Move::refuse());
        }
        let tile = &self.set.tiles[drawn];
        let choices = Choices {
            drawn,
            usable: self.meeples_available(turn) > 0,
            huts: self.state.supply[turn.player].huts > 0,
            recalls: &[None],
            gone: &[None],
        };
        let (meeples, huts) = choices.wants();
        let placed = self.board.len() as u16;
        let all = free::FreeZones::all(tile, meeples, huts);
        let mut around = free::Surroundings::NOTHING;
        for (sq, rots) in self.board.fitting_squares(tile) {
            self.look_around(sq, (meeples, huts), &mut around);
            // Where nothing next door is taken, every zone is free at any rotation.
            let free_everywhere = around.nothing_taken(meeples, huts);
            for rot in rotations(rots) {
                let at = Placement {
                    pos: sq.pos,
                    rot: Rotation(rot),
                };
                let mut plain = free_everywhere.then_some(all);
                let free = choices.free(self, 0, at, &around, None, &mut plain);
                let bare = Move {
                    at,
                    ..Move::default()
                };
                out.push(bare);
                for (piece, zone) in free.options() {
                    out.push(Move {
                        piece: Some((piece, PieceAt::Zone(ZoneId { placed, zone }))),
                        ..bare
                    });
                }
            }
        }
    }

    /// The turn and the drawn tile when the mover has no piece to put and no shaman: then
    /// the moves are the placements alone (after a Scout refusal, if allowed), which need no
    /// look at the features around them.
    fn tile_only(&self) -> Option<(Turn, usize)> {
        let turn = self.state.turn?;
        let drawn = turn.tile?;
        (self.meeples_available(turn) == 0
            && self.state.supply[turn.player].huts == 0
            && !self.has_shaman(turn, drawn))
        .then_some((turn, drawn))
    }

    /// Move `pick(n)` of the `n` legal moves of the player to move, in the order of
    /// [`Game::legal_moves`], written out alone: a bot that draws one move at random needs no
    /// list. `buf` holds the buffers, kept between calls. `None` once the game is over.
    ///
    /// Public for the bots' crate: the random bot and the search's playouts draw their moves
    /// with it, as fast as the engine can count them.
    pub fn pick_move(
        &self,
        buf: &mut MovePicker,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        // A mover with no piece to put and no shaman only lays the tile: one move per
        // placement, counted without looking at them.
        if let Some((turn, drawn)) = self.tile_only() {
            return self.pick_placement(turn, drawn, pick);
        }
        if let Some(turn) = self.state.turn
            && let Some(drawn) = turn.tile
        {
            return self.pick_drawn(turn, drawn, buf, pick);
        }
        let groups = &mut buf.groups;
        groups.clear();
        let recalls = self.move_groups(|g, _| groups.push(g));
        let mut k = pick(groups.iter().map(MoveGroup::len).sum());
        for g in groups.iter() {
            if k < g.len() {
                let mut found = None;
                let mut i = 0;
                g.each_move(recalls.as_slice(), |m| {
                    if i == k {
                        found = Some(m);
                    }
                    i += 1;
                });
                return found;
            }
            k -= g.len();
        }
        None
    }

    /// Move `pick(n)` of the `n` legal moves that put no piece and recall nothing, in the
    /// order of [`Game::legal_moves`]: the refusal, if allowed, and the drawn tile at each
    /// placement; before a Scout player draws, the draw alone. What a playout that only lays
    /// tiles plays, without working out free zones. `None` once the game is over.
    ///
    /// Public for the bots' crate: the search's playouts lay their tiles with it.
    pub fn pick_bare_move(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        let turn = self.state.turn?;
        match turn.tile {
            Some(drawn) => self.pick_placement(turn, drawn, pick),
            None => {
                pick(1);
                Some(Move::draw())
            }
        }
    }

    /// The refusal (if allowed) or a placement of the drawn tile, without a piece: move
    /// `pick(n)` of the `n` there are.
    fn pick_placement(
        &self,
        turn: Turn,
        drawn: usize,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        let tile = &self.set.tiles[drawn];
        let refuse = usize::from(self.may_refuse(turn));
        // Counted by the side codes the frontier asks for, and only the squares up to the
        // one drawn looked at.
        let k = pick(refuse + self.board.placement_count(tile));
        let Some(k) = k.checked_sub(refuse) else {
            return Some(Move::refuse());
        };
        self.board.nth_placement(tile, k).map(|at| Move {
            at,
            ..Move::default()
        })
    }

    /// [`Game::pick_move`] once the tile is drawn: each placement's moves are counted
    /// (for every shaman choice, the move without a piece and one per free zone), and only
    /// the drawn one is written out.
    fn pick_drawn(
        &self,
        turn: Turn,
        drawn: usize,
        buf: &mut MovePicker,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        let tile = &self.set.tiles[drawn];
        let refuse = usize::from(self.may_refuse(turn));
        let usable = self.meeples_available(turn) > 0;
        let huts = self.state.supply[turn.player].huts > 0;
        buf.recalls.clear();
        buf.recalls.extend(self.recall_choices(turn, drawn));
        // The feature each shaman choice empties.
        buf.gone.clear();
        buf.gone
            .extend(buf.recalls.iter().map(|&r| self.recalled_from(r)));
        buf.emptied.clear();
        buf.emptied.extend(buf.gone.iter().flatten());
        let choices = Choices {
            drawn,
            usable,
            huts,
            recalls: &buf.recalls,
            gone: &buf.gone,
        };
        let recalls = choices.recalls;
        let wants = choices.wants();
        let any_meeple = wants.0;
        let per = choices.per_zone();
        let shaman = recalls.len() > 1;
        let mut around = free::Surroundings::NOTHING;
        self.board.fitting_into(tile, &mut buf.fitting);
        buf.counts.clear();
        let mut total = refuse;
        // Where nothing next door is taken, every zone of the tile is free at any rotation.
        let everywhere = per.moves(free::FreeZones::all(tile, any_meeple, huts));
        // The moves at one rotation on a square whose surroundings are `around`, as if no
        // shaman choice emptied a feature there.
        let moves_at = |sq: &FrontierSquare, rot: u8, around: &free::Surroundings| {
            if around.nothing_taken(any_meeple, huts) {
                return everywhere;
            }
            let at = Placement {
                pos: sq.pos,
                rot: Rotation(rot),
            };
            per.moves(self.free_zones_in(drawn, at, around, None, any_meeple, huts))
        };
        // One count per square: most squares have nothing taken next door, and then every
        // rotation there gives as many moves.
        for &(i, rots) in buf.fitting.squares() {
            let sq = self.board.frontier_square(i);
            let (n, looked) = if !self.anything_taken(sq, wants) {
                (u32::from(rotations_in(rots)) * everywhere, 0)
            } else {
                self.look_around(sq, wants, &mut around);
                let mut n: u32 = rotations(rots).map(|rot| moves_at(sq, rot, &around)).sum();
                if shaman {
                    n += choices.freed(self, sq.pos, rots, &around, &buf.emptied);
                }
                (n, LOOKED)
            };
            buf.counts.push(n | looked);
            total += n as usize;
        }
        let Some(mut j) = pick(total).checked_sub(refuse) else {
            return Some(Move::refuse());
        };
        let (i, rots, looked) =
            buf.fitting
                .squares()
                .iter()
                .zip(&buf.counts)
                .find_map(|(&(i, rots), &n)| {
                    let looked = n & LOOKED != 0;
                    let n = (n & !LOOKED) as usize;
                    if j < n {
                        return Some((i, rots, looked));
                    }
                    j -= n;
                    None
                })?;
        let sq = self.board.frontier_square(i);
        // A square with nothing taken next door has all its zones free, as with nothing
        // looked up: only the squares looked around while counting are looked at again.
        if looked {
            self.look_around(sq, wants, &mut around);
        } else {
            around.forget();
        }
        for rot in rotations(rots) {
            let mut n = moves_at(sq, rot, &around) as usize;
            if shaman && looked {
                n += choices.freed(self, sq.pos, 1 << rot, &around, &buf.emptied) as usize;
            }
            if j >= n {
                j -= n;
                continue;
            }
            let at = Placement {
                pos: sq.pos,
                rot: Rotation(rot),
            };
            let mut plain = None;
            for (k, &recall) in recalls.iter().enumerate() {
                let gone = choices.gone_here(k, &around);
                let free = choices.free(self, k, at, &around, gone, &mut plain);
                let n = 1 + free.count();
                if j >= n {
                    j -= n;
                    continue;
                }
                let piece = j.checked_sub(1).map(|j| {
                    let (piece, zone) = free.options().nth(j).expect("counted above");
                    let placed = self.board.len() as u16;
                    (piece, PieceAt::Zone(ZoneId { placed, zone }))
                });
                return Some(Move {
                    at,
                    recall,
                    piece,
                    play: Play::Drawn,
                });
            }
            return None;
        }
        None
    }

    /// Calls `f` with the legal moves of the player to move as groups, in the order of
    /// [`Game::legal_moves`], each with the list of shaman choices its moves index: what a
    /// bot that wants one move of many needs, without listing them all. Returns the list of
    /// shaman choices, for groups kept to be expanded later.
    fn move_groups(&self, mut f: impl FnMut(MoveGroup, &[Option<usize>])) -> Recalls {
        const NO_RECALL: &[Option<usize>] = &[None];
        let mut recalls = Recalls::new(None);
        recalls.push(None);
        let Some(turn) = self.state.turn else {
            return recalls;
        };
        let placed = self.board.len() as u16;
        let single = |bare| MoveGroup::new(bare, placed, free::FreeZones::default(), 0);
        let Some(drawn) = turn.tile else {
            f(single(Move::draw()), NO_RECALL);
            self.each_special_move(turn, |m| {
                f(single(m), NO_RECALL);
                true
            });
            return recalls;
        };
        let tile = &self.set.tiles[drawn];
        // The feature each shaman choice empties.
        let mut gone = free::Buf::<Option<FeatureKey>, MAX_RECALLS>::new(None);
        gone.push(None);
        for r in self.recall_choices(turn, drawn).skip(1) {
            recalls.push(r);
            gone.push(self.recalled_from(r));
        }
        if self.may_refuse(turn) {
            f(single(Move::refuse()), NO_RECALL);
        }
        let choices = Choices {
            drawn,
            usable: self.meeples_available(turn) > 0,
            huts: self.state.supply[turn.player].huts > 0,
            recalls: recalls.as_slice(),
            gone: gone.as_slice(),
        };
        let (any_meeple, huts) = choices.wants();
        let mut around = free::Surroundings::NOTHING;
        let all = free::FreeZones::all(tile, any_meeple, huts);
        for (sq, rots) in self.board.fitting_squares(tile) {
            let pos = sq.pos;
            // The features around a square are looked up once for all rotations and choices
            // there, and not at all when the mover has no piece to put.
            if any_meeple || huts {
                self.look_around(sq, (any_meeple, huts), &mut around);
            }
            // Where nothing next door is taken, every zone is free at any rotation.
            let free_everywhere = around.nothing_taken(any_meeple, huts);
            for rot in rotations(rots) {
                let at = Placement {
                    pos,
                    rot: Rotation(rot),
                };
                let mut plain: Option<free::FreeZones> = free_everywhere.then_some(all);
                // Shaman choices in a row that leave the same zones free make one group.
                let mut run: Option<MoveGroup> = None;
                for (k, &recall) in choices.recalls.iter().enumerate() {
                    let gone = choices.gone_here(k, &around);
                    let free = choices.free(self, k, at, &around, gone, &mut plain);
                    match &mut run {
                        Some(g) if g.free == free => g.run += 1,
                        _ => {
                            let bare = Move {
                                at,
                                recall,
                                piece: None,
                                play: Play::Drawn,
                            };
                            if let Some(g) = run.replace(MoveGroup::new(bare, placed, free, k)) {
                                f(g, choices.recalls);
                            }
                        }
                    }
                }
                if let Some(g) = run {
                    f(g, choices.recalls);
                }
            }
        }
        recalls
    }

    /// The shaman choices: nothing, or one of the player's own meeples, when the tile shows a
    /// shaman (2020) or the player holds the Scout Shaman card and has not used it this turn.
    pub(super) fn recall_choices(
        &self,
        turn: Turn,
        tile_index: usize,
    ) -> impl Iterator<Item = Option<usize>> + '_ {
        // Whose shaman it is, found once for all the pieces.
        let shaman = self.shaman_of(turn, tile_index).ok();
        let own = (0..self.state.pieces.len())
            .filter(move |&i| shaman.is_some_and(|s| self.piece_recallable(turn, s, i).is_ok()));
        std::iter::once(None).chain(own.map(Some))
    }

    /// Whether laying `tile_index` comes with a shaman: the tile shows one (2020), or the
    /// player holds the Scout Shaman card, unused this turn.
    pub(super) fn has_shaman(&self, turn: Turn, tile_index: usize) -> bool {
        self.shaman_of(turn, tile_index).is_ok()
    }

    pub(super) fn shaman_tile(&self, tile_index: usize) -> bool {
        self.set.tiles[tile_index].meadow_shows(MeadowSpecial::Shaman)
    }

    pub(super) fn shaman_card(&self, turn: Turn) -> Result<&ScoutOptions, IllegalRecall> {
        let options = self
            .rules
            .scout()
            .filter(|_| self.state.scout.hands[turn.player].contains(&Special::Shaman))
            .ok_or(IllegalRecall::NoShaman)?;
        if self.state.scout.shaman_used {
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
        let shaman = self.shaman_of(turn, tile_index)?;
        self.piece_recallable(turn, shaman, r)
    }

    /// The shaman that comes with laying `tile_index`: the tile's own (2020), or else the
    /// Scout Shaman card with its options.
    fn shaman_of(&self, turn: Turn, tile_index: usize) -> Result<Shaman<'_>, IllegalRecall> {
        if self.shaman_tile(tile_index) {
            return Ok(Shaman::Tile);
        }
        self.shaman_card(turn).map(Shaman::Card)
    }

    /// Why piece `r` may not be taken back by `shaman`, if it may not.
    fn piece_recallable(&self, turn: Turn, shaman: Shaman, r: usize) -> Result<(), IllegalRecall> {
        let p = self.state.pieces.get(r).ok_or(IllegalRecall::NoSuchPiece)?;
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
        if let Shaman::Card(options) = shaman
            && options.shaman_incomplete_only
            && p.piece == Piece::Hunter
            && self.features.meadow(z).open == 0
        {
            return Err(IllegalRecall::Complete);
        }
        Ok(())
    }

    /// Why `mv` is not legal now, if it is not; the game does not change.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let Some(turn) = self.state.turn else {
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
                if !self.state.scout.hands[turn.player].contains(&Special::Tile(t)) {
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
        let recalled = recall.map_or(0, |r| u8::from(self.state.pieces[r].piece != Piece::Hut));
        let supply = self.state.supply[turn.player];
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

/// What the moves of a turn with a drawn tile share: the tile, the pieces the mover can put,
/// and the shaman choices (the first is none) with the feature each empties.
struct Choices<'a> {
    drawn: usize,
    /// Meeples in hand before any recall, and huts.
    usable: bool,
    huts: bool,
    recalls: &'a [Option<usize>],
    gone: &'a [Option<FeatureKey>],
}

impl Choices<'_> {
    /// Whether a meeple may be put after some choice: a recall puts one (never a hut) back
    /// in hand.
    fn any_meeple(&self) -> bool {
        self.usable || self.recalls.len() > 1
    }

    /// The pieces the mover looks around for: meeples after some choice, and huts.
    fn wants(&self) -> (bool, bool) {
        (self.any_meeple(), self.huts)
    }

    /// Whether choice `k` leaves a meeple to put.
    fn meeples(&self, k: usize) -> bool {
        self.usable || self.recalls[k].is_some()
    }

    /// The feature choice `k` empties, when that leaves a feature next to the square free: a
    /// recall from anywhere else, or from a feature another piece still claims, frees nothing
    /// here.
    fn gone_here(&self, k: usize, around: &free::Surroundings) -> Option<FeatureKey> {
        self.gone[k].filter(|&g| around.freed_by_recall(g))
    }

    /// How the moves of one placement follow from its free zones, over every shaman choice.
    fn per_zone(&self) -> PerZone {
        let choices = self.recalls.len() as u32;
        PerZone {
            choices,
            // Every recall puts a meeple in hand; without one, the mover has one or not.
            with_meeple: choices - 1 + u32::from(self.usable),
        }
    }

    /// The moves on the square at `pos` (its surroundings `around`), at the rotations `rots`,
    /// that the shaman choices add to those [`PerZone::moves`] counts: the meeple zones each
    /// recall frees by emptying a feature next to the square that its meeple alone claims.
    /// `emptied` lists the features the recalls empty of a meeple.
    // Out of line: the turns with shaman choices are few, and the counting of the others is
    // the hottest loop of a random game.
    #[inline(never)]
    fn freed(
        &self,
        game: &Game,
        pos: Pos,
        rots: u8,
        around: &free::Surroundings,
        emptied: &[FeatureKey],
    ) -> u32 {
        let mut freed = 0;
        // A feature claimed by one piece is the feature of one recall at most.
        for g in around.claimed_once() {
            if !emptied.contains(&g) {
                continue;
            }
            for rot in rotations(rots) {
                let at = Placement {
                    pos,
                    rot: Rotation(rot),
                };
                freed += game.freed_by(self.drawn, at, around, g);
            }
        }
        freed
    }

    /// The zones free for choice `k` at `at`, where `gone_here(k)` is `gone`, from the zones
    /// free without a recall there (`plain`, worked out when first needed).
    fn free(
        &self,
        game: &Game,
        k: usize,
        at: Placement,
        around: &free::Surroundings,
        gone: Option<FeatureKey>,
        plain: &mut Option<free::FreeZones>,
    ) -> free::FreeZones {
        let (meeples, huts) = (self.meeples(k), self.huts);
        if !meeples && !huts {
            return free::FreeZones::default();
        }
        match gone {
            Some(g) => game.free_zones_in(self.drawn, at, around, Some(g), meeples, huts),
            None => *plain.get_or_insert_with(|| {
                game.free_zones_in(self.drawn, at, around, None, self.any_meeple(), huts)
            }),
        }
        .only(meeples, huts)
    }
}

/// The moves of one placement from its free zones: each shaman choice lays the tile without
/// a piece or with a hut on any zone free for huts, and, when it leaves a meeple in hand,
/// with a meeple on any zone free for meeples (a recall frees more only next to the
/// feature it empties: [`Choices::freed`]).
#[derive(Clone, Copy)]
struct PerZone {
    choices: u32,
    with_meeple: u32,
}

impl PerZone {
    fn moves(self, free: free::FreeZones) -> u32 {
        let (meeples, huts) = free.counts();
        self.choices * (1 + huts) + self.with_meeple * meeples
    }
}

/// Where a turn's shaman comes from.
#[derive(Clone, Copy)]
enum Shaman<'a> {
    /// The tile laid shows one (2020).
    Tile,
    /// The Scout Shaman card, with the expansion's options.
    Card(&'a ScoutOptions),
}

/// Marks a count in [`MovePicker::counts`] whose square had something taken next door.
const LOOKED: u32 = 1 << 31;

/// Most shaman choices a turn can have: none, or one of the mover's meeples on the board
/// (a variant gives each player at most 20).
const MAX_RECALLS: usize = 32;

/// The shaman choices of a turn, kept without allocating.
type Recalls = free::Buf<Option<usize>, MAX_RECALLS>;

/// The rotations in a set of rotation bits, smallest first.
fn rotations(rots: u8) -> impl Iterator<Item = u8> {
    each_bit(u64::from(rots)).map(|r| r as u8)
}

/// Buffers for drawing one legal move without listing them all, kept by a bot from one
/// decision to the next.
///
/// Public for the bots' crate, which keeps one for [`Game::pick_move`]; what the buffers hold
/// is the engine's business, so none of it is public.
#[derive(Default)]
pub struct MovePicker {
    /// The frontier squares where the tile fits, with its rotations there.
    fitting: Fitting,
    /// How many moves each placement gives, in order, with [`LOOKED`] set where its square
    /// had something taken next door.
    counts: Vec<u32>,
    /// The shaman choices of the turn, and the feature each empties.
    recalls: Vec<Option<usize>>,
    gone: Vec<Option<FeatureKey>>,
    /// The features the shaman choices take a meeple from.
    emptied: Vec<FeatureKey>,
    groups: Vec<MoveGroup>,
}

/// The moves that lay the tile at one placement with one or more shaman choices in a row
/// that leave the same zones free (or a Scout move of its own): for each choice the move
/// without a piece, then one with a piece on each free zone.
#[derive(Clone, Copy)]
pub(crate) struct MoveGroup {
    bare: Move,
    /// The laying index the tile will have: the pieces' zones name it.
    placed: u16,
    free: free::FreeZones,
    /// The moves of each shaman choice: the bare move and one per free zone.
    each: u16,
    /// The shaman choices: `run` of them from `first` in the list of choices.
    first: u16,
    run: u16,
}

impl MoveGroup {
    fn new(bare: Move, placed: u16, free: free::FreeZones, first: usize) -> MoveGroup {
        MoveGroup {
            bare,
            placed,
            free,
            each: 1 + free.count() as u16,
            first: first as u16,
            run: 1,
        }
    }

    fn len(&self) -> usize {
        usize::from(self.run) * usize::from(self.each)
    }

    /// Calls `f` with each move of the group, in the order of [`Game::legal_moves`];
    /// `recalls` is the list of shaman choices the group was made with.
    // Plain loops: collecting the moves from a nested iterator makes move generation
    // measurably slower (figures in CHANGELOG.md, "Changed (speed)").
    fn each_move(&self, recalls: &[Option<usize>], mut f: impl FnMut(Move)) {
        let first = usize::from(self.first);
        let choices = &recalls[first..first + usize::from(self.run)];
        for (i, &recall) in choices.iter().enumerate() {
            let bare = Move {
                recall: if i == 0 { self.bare.recall } else { recall },
                ..self.bare
            };
            f(bare);
            for (piece, zone) in self.free.options() {
                f(Move {
                    piece: Some((
                        piece,
                        PieceAt::Zone(ZoneId {
                            placed: self.placed,
                            zone,
                        }),
                    )),
                    ..bare
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Variant;
    use crate::game::{Game, Move};
    use crate::rng::{below, stream};

    /// Calls `f` with every position of random games of every built-in variant (turns with
    /// and without pieces, shamans, Scout choices and refusals) and its legal moves.
    fn each_position(mut f: impl FnMut(&Game, &[Move], &str)) {
        for variant in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
            let v = Variant::load(variant).unwrap();
            for seed in 0..6 {
                let mut game = Game::seeded(&v, 2 + seed as usize % 4, seed);
                // The random bot's choices (hunters-bots stands above the engine): seat 0's
                // stream, one draw among the listed moves.
                let mut rng = stream(seed, "bot 0");
                let mut list = Vec::<Move>::new();
                while game.turn().is_some() {
                    game.legal_moves(&mut list);
                    f(&game, &list, &format!("{variant} seed {seed}"));
                    let mv = list[below(&mut rng, list.len())];
                    game.play_unchecked(mv);
                }
            }
        }
    }

    /// The faster listings reach exactly `move_groups`' list, in its order.
    #[test]
    fn every_listing_follows_the_groups_order() {
        each_position(|game, list, name| {
            let mut grouped = Vec::new();
            game.move_groups(|g, recalls| g.each_move(recalls, |m| grouped.push(m)));
            assert_eq!(list, grouped.as_slice(), "{name}");
        });
    }

    /// Every index picks the move the list holds there, and the count is the list's length.
    #[test]
    fn a_picked_move_is_the_listed_one() {
        let mut groups = Default::default();
        each_position(|game, list, name| {
            for (k, mv) in list.iter().enumerate() {
                let mut n = 0;
                let picked = game.pick_move(&mut groups, |count| {
                    n = count;
                    k
                });
                assert_eq!(picked, Some(*mv), "{name}, move {k}");
                assert_eq!(n, list.len(), "{name}");
            }
        });
    }

    /// The moves without a piece or recall are counted and picked in the order of the list.
    #[test]
    fn a_picked_bare_move_is_the_listed_one() {
        each_position(|game, list, name| {
            let bare: Vec<Move> = list
                .iter()
                .filter(|m| m.piece.is_none() && m.recall.is_none())
                .copied()
                .collect();
            for (k, mv) in bare.iter().enumerate() {
                let mut n = 0;
                let picked = game.pick_bare_move(|count| {
                    n = count;
                    k
                });
                assert_eq!(picked, Some(*mv), "{name}, move {k}");
                assert_eq!(n, bare.len(), "{name}");
            }
        });
    }
}
