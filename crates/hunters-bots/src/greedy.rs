//! The greedy bot: [`GreedyBot`] weighs each legal move and keeps the one of highest value
//! (ties broken from its stream). The value, in points, is what the move would give if played
//! (on a copy of the game, or from a preview of the features; see below):
//!
//! *points the mover scored this turn − the most any opponent scored this turn*
//! *+ the estimate of the piece it put down, if that piece is still on the board.*
//!
//! The estimate of an unfinished feature is deliberately simple:
//! - a gatherer or fisher: what its forest or river would score if completed now, divided by
//!   one more than its open sides (a feature with many open sides rarely completes), minus
//!   one point for the meeple it ties up;
//! - a hunter: half of what its meadow would score now (meadows grow, but the hunter stays
//!   until the end), minus two points for the meeple it ties up for good;
//! - a hut: half of what its river system would score now, minus two points.
//!
//! A move that has the shaman take a meeple back loses that meeple's estimate.
//!
//! With the Scout expansion the greedy bot decides before drawing, as the rules have it: it
//! lays its special tile instead of drawing when that is worth at least 2 points by the same
//! measure (or in the last two rounds, when it might otherwise never be laid), keeps back the
//! last meeple or hut its special tile will need, and refuses a drawn tile when no move with
//! it is worth a point.
//!
//! Most placements are weighed from the features they would make, without laying the tile
//! (`Features::preview`): what the forests and rivers the tile completes pay their
//! majorities, and the estimate of each piece. A placement is played out in a trial only
//! where the preview cannot settle it: a hunting trap or logboat, a shaman's recall on a
//! completing placement, a river completed once the Dug-out is laid (it may pay), the
//! next tile fitting only next to it, and hunters and huts on the last tile (final scoring).
//! A Scout draw or refusal that cannot end the turn or the game is worth 0 untried. Both ways
//! give the same values.
//!
//! Points are counted in thousandths so that the comparison is exact integer arithmetic on
//! every machine.

use hunters_engine::board::{Placement, Pos};
use hunters_engine::feature::PieceAt;
use hunters_engine::feature::{ForestInfo, MeadowInfo, Preview, RiverInfo, SystemInfo};
use hunters_engine::feature::{MAX_PLAYERS, ZoneId};
use hunters_engine::game::{Game, Move, OnBoard, Play, acts_when_laid, majority};
use hunters_engine::rng::{Stream, below};
use hunters_engine::ruleset::{Points, Ruleset};
use hunters_engine::scout::Special;
use hunters_engine::tile::{MeadowSpecial, Piece, ZoneKind, ZoneRef};

use super::Bot;

/// The best immediate value with an estimate of unfinished features (see the module docs).
pub struct GreedyBot {
    rng: Stream,
    scratch: Option<Game>,
    /// Whether the scratch game is a copy of the game of this decision (made when a move is
    /// first tried on it; many decisions need none).
    synced: bool,
    best: Vec<Move>,
    preview: Preview,
    /// What `preview` shows: the tile, where, and whether with meadows and systems (the
    /// shaman choices of one placement share it).
    previewed: Option<(usize, Placement, bool, bool)>,
    /// Buffers kept from one decision to the next.
    candidates: Vec<Move>,
    values: Vec<i64>,
    /// Where the next regular tile fits, worked out once per decision when first needed.
    next_squares: Option<Vec<Pos>>,
    next_squares_buf: Vec<Pos>,
}

impl GreedyBot {
    pub fn new(rng: Stream) -> GreedyBot {
        GreedyBot {
            rng,
            scratch: None,
            synced: false,
            // Room for the moves of most turns from the start.
            best: Vec::with_capacity(256),
            preview: Preview::default(),
            previewed: None,
            candidates: Vec::with_capacity(256),
            values: Vec::with_capacity(256),
            next_squares: None,
            next_squares_buf: Vec::with_capacity(64),
        }
    }

    /// The value of `mv` in thousandths of a point.
    fn value(&mut self, game: &Game, mv: Move) -> i64 {
        let trial = self.trial(game, mv);
        let me = game.turn().map_or(0, |t| t.player);
        let mut value = lead(game, trial, me, &[]);
        if let Some((piece, at)) = mv.piece
            && let Some(on) = trial
                .pieces()
                .iter()
                .find(|p| p.player == me && p.piece == piece && p.at == at)
        {
            value += estimate(trial, on);
        }
        if let Some(r) = mv.recall {
            value -= estimate(game, &game.pieces()[r]);
        }
        value
    }

    /// Makes the bot's scratch game a copy of `game`, once per decision.
    fn sync(&mut self, game: &Game) {
        if self.synced {
            return;
        }
        self.synced = true;
        let scratch = match &mut self.scratch {
            Some(s) => {
                s.copy_for_trial(game);
                s
            }
            none => {
                let mut s = game.clone();
                s.copy_for_trial(game);
                none.insert(s)
            }
        };
        // A move tried on the copy ends the turn and draws. The tiles to come lie there in
        // sorted order, so that what a draw finds (a tile that fits nowhere is discarded, the
        // game may end) depends on which tiles remain, never on their real order.
        scratch.sort_unseen();
    }

    /// Whether the next regular tile (of the sorted order the copy holds) fits at a square
    /// that a tile laid at `pos` leaves as it is (neither `pos` nor next to it): then the game
    /// goes on after that tile. The squares are worked out once per decision.
    fn next_fits_away(&mut self, game: &Game, pos: Pos) -> bool {
        self.next_squares(game)
            .iter()
            .any(|s| (s.x - pos.x).abs() + (s.y - pos.y).abs() > 1)
    }

    /// Where the next regular tile (of the sorted order the copy holds) fits.
    fn next_squares(&mut self, game: &Game) -> &[Pos] {
        self.next_squares.get_or_insert_with(|| {
            let mut v = std::mem::take(&mut self.next_squares_buf);
            game.next_regular_squares(&mut v);
            v
        })
    }

    /// `mv` played on the scratch copy of `game` (made by [`GreedyBot::sync`]), in a trial
    /// that the next one takes back.
    fn trial(&mut self, game: &Game, mv: Move) -> &Game {
        self.sync(game);
        let trial = self.scratch.as_mut().expect("synced");
        trial.undo_trial();
        trial.begin_trial();
        trial.play_unchecked(mv);
        trial
    }

    /// The values of moves that lay the drawn tile at the same place with the same recall and
    /// differ only in the piece: one trial without a piece, and the piece's effect worked out
    /// from it. The values are those [`GreedyBot::value`] gives, move by move.
    fn values_of_placement(&mut self, game: &Game, moves: &[Move], out: &mut Vec<i64>) {
        let me = game.turn().map_or(0, |t| t.player);
        let bare = Move {
            piece: None,
            ..moves[0]
        };
        let recalled = bare.recall.map(|r| game.pieces()[r]);
        if self.values_without_scoring(game, bare, moves, out) {
            return;
        }
        let over = self.trial(game, bare).is_over();
        // The trial just played stays in the scratch game.
        let Some(trial) = self.scratch.as_ref() else {
            return;
        };
        let recall_cost = recalled.map_or(0, |r| estimate(game, &r));
        let base = lead(game, trial, me, &[]);
        let start = out.len();
        // The last tile ends the game: gatherers and fishers go home unscored, so only one
        // joining a feature this tile completes changes the scores; hunters and huts score at
        // the end, and are weighed move by move below.
        let mut each = false;
        for mv in moves {
            let Some((piece, at)) = mv.piece else {
                out.push(base - recall_cost);
                continue;
            };
            // Pieces on the drawn tile stand in zones; spots belong to special tiles.
            let PieceAt::Zone(z) = at else {
                out.push(base - recall_cost);
                continue;
            };
            if let Some(v) = joined_value(game, trial, me, piece, z, recalled) {
                out.push(v - recall_cost);
            } else if !over {
                let on = OnBoard {
                    player: me,
                    piece,
                    at,
                };
                out.push(base + estimate(trial, &on) - recall_cost);
            } else if matches!(piece, Piece::Gatherer | Piece::Fisher) {
                out.push(base - recall_cost);
            } else {
                out.push(0);
                each = true;
            }
        }
        if each {
            for (k, mv) in moves.iter().enumerate() {
                if matches!(
                    mv.piece,
                    Some((Piece::Hunter | Piece::Hut, PieceAt::Zone(_)))
                ) {
                    out[start + k] = self.value(game, *mv);
                }
            }
        }
    }
}

impl GreedyBot {
    /// The values of a placement group whose tile scores nothing: no immediate action, no
    /// forest or river completed, and the game goes on. Then nobody's points change
    /// this turn, and each piece is worth its estimate on the features as the tile leaves them;
    /// laying the tile into the features is enough, without playing the turn. False (and
    /// nothing pushed) when the placement may score, so that the whole move is tried.
    fn values_without_scoring(
        &mut self,
        game: &Game,
        bare: Move,
        moves: &[Move],
        out: &mut Vec<i64>,
    ) -> bool {
        let Some(tile_index) = game.turn().and_then(|t| t.tile) else {
            return false;
        };
        let tile = &game.tiles().tiles[tile_index];
        if acts_when_laid(tile) || game.regular_left() == 0 {
            return false;
        }
        let away = self.next_fits_away(game, bare.at.pos);
        // A shaman's recall scores nothing: it only gives up the meeple's estimate (piece
        // counts play no part in the estimates).
        let recall_cost = bare.recall.map_or(0, |r| estimate(game, &game.pieces()[r]));
        // The features as the tile would leave them, without laying it; and the game goes on
        // if the next tile still fits where this one changes nothing.
        let p = &mut self.preview;
        let (mut hunters, mut huts) = (false, false);
        for m in moves {
            match m.piece {
                Some((Piece::Hunter, _)) => hunters = true,
                Some((Piece::Hut, _)) => huts = true,
                _ => {}
            }
        }
        // Only the shaman choices of a placement come after its plain group.
        let key = Some((tile_index, bare.at, hunters, huts));
        if bare.recall.is_none() || self.previewed != key {
            game.preview(tile_index, bare.at, (hunters, huts), p);
            self.previewed = key;
        }
        // What the completed forests and rivers pay this turn, by player: their majorities
        // score them. (A recall changes the majorities, and a river completed once the
        // Dug-out is laid may pay its owner: those placements are tried.)
        let me = game.turn().map_or(0, |t| t.player);
        let mut gains = [0i64; MAX_PLAYERS];
        if p.completes {
            let dugout_may_pay =
                game.dugout_owner().is_some() && p.rivers.iter().any(|r| r.open == 0);
            if bare.recall.is_some() || dugout_may_pay {
                return false;
            }
            let rules = game.rules();
            for (i, f) in p.forests.iter().enumerate() {
                if f.open == 0 && usize::from(p.forest_same[i]) == i {
                    let points = i64::from(rules.forest::<Points>(f).0);
                    for w in majority(&f.gatherers).iter() {
                        gains[w] += points;
                    }
                }
            }
            for (i, r) in p.rivers.iter().enumerate() {
                if r.open == 0 && usize::from(p.river_same[i]) == i {
                    let points = i64::from(rules.river::<Points>(r).0);
                    for w in majority(&r.fishers).iter() {
                        gains[w] += points;
                    }
                }
            }
        }
        let lead_with = |shift: &[i64; MAX_PLAYERS]| {
            let best_other = (0..game.players())
                .filter(|&q| q != me)
                .map(|q| gains[q] + shift[q])
                .max()
                .unwrap_or(0);
            1000 * (gains[me] + shift[me] - best_other)
        };
        let base = lead_with(&[0; MAX_PLAYERS]);
        if away {
            let rules = game.rules();
            let nr = tile.rivers.len();
            // A piece joining a feature the tile completes counts in its majority (and comes
            // straight back): the points move between players.
            let joined = |counts: &[u16; MAX_PLAYERS], points: u32| {
                let before = majority(counts);
                let mut with = *counts;
                with[me] += 1;
                let after = majority(&with);
                let mut shift = [0i64; MAX_PLAYERS];
                for (q, s) in shift.iter_mut().enumerate() {
                    *s = i64::from(points)
                        * (i64::from(after.contains(q)) - i64::from(before.contains(q)));
                }
                lead_with(&shift)
            };
            for mv in moves {
                let v = match mv.piece {
                    Some((piece, PieceAt::Zone(z))) => {
                        let i = usize::from(z.zone.index);
                        match (piece, z.zone.kind) {
                            (Piece::Gatherer, _) if p.forests[i].open == 0 => joined(
                                &p.forests[i].gatherers,
                                rules.forest::<Points>(&p.forests[i]).0,
                            ),
                            (Piece::Fisher, _) if p.rivers[i].open == 0 => {
                                joined(&p.rivers[i].fishers, rules.river::<Points>(&p.rivers[i]).0)
                            }
                            _ => base + preview_worth(rules, p, nr, piece, z.zone, false),
                        }
                    }
                    _ => base,
                };
                out.push(v - recall_cost);
            }
            return true;
        }
        if p.completes {
            return false;
        }
        // Otherwise lay the tile to see (the next tile may fit only next to it).
        self.sync(game);
        let scratch = self.scratch.as_mut().expect("synced");
        if !scratch.try_tile(bare.at) {
            return false;
        }
        let f = scratch.features();
        if !f.completed_forests().is_empty()
            || !f.completed_rivers().is_empty()
            || !scratch.next_regular_fits()
        {
            return false;
        }
        let me = game.turn().map_or(0, |t| t.player);
        for mv in moves {
            let v = match mv.piece {
                Some((piece, at @ PieceAt::Zone(_))) => estimate(
                    scratch,
                    &OnBoard {
                        player: me,
                        piece,
                        at,
                    },
                ),
                _ => 0,
            };
            out.push(v - recall_cost);
        }
        true
    }
}

impl GreedyBot {
    /// The value of laying special tile `t` (move `mv`) when it scores nothing this turn,
    /// from the preview of the tile, as [`GreedyBot::value`] would give it; `None` when the
    /// move must be tried.
    fn special_without_scoring(&mut self, game: &Game, t: usize, mv: Move) -> Option<i64> {
        let tile = &game.tiles().tiles[t];
        let Some((piece, PieceAt::Spot { spot, .. })) = mv.piece else {
            return None;
        };
        let zone = *tile.spots.get(usize::from(spot))?.zones.first()?;
        if acts_when_laid(tile) || game.regular_left() == 0 {
            return None;
        }
        let away = self.next_fits_away(game, mv.at.pos);
        let p = &mut self.preview;
        let meadow = zone.kind == ZoneKind::Meadow;
        let key = Some((t, mv.at, meadow, false));
        if self.previewed != key {
            game.preview(t, mv.at, (meadow, false), p);
            self.previewed = key;
        }
        if p.completes {
            return None;
        }
        if !away {
            return None;
        }
        let rules = game.rules();
        // A piece on a special tile's spot never comes back: it costs as much as a hunter.
        // The preview holds what a spot's piece reads: its forest, river, or (hunter, farm
        // hut) meadow.
        let readable = match piece {
            Piece::Gatherer => zone.kind == ZoneKind::Forest,
            Piece::Fisher => zone.kind == ZoneKind::River,
            Piece::Hunter | Piece::Hut => zone.kind == ZoneKind::Meadow,
        };
        if !readable {
            return None;
        }
        let worth = preview_worth(rules, p, tile.rivers.len(), piece, zone, true);
        let recall_cost = mv.recall.map_or(0, |r| estimate(game, &game.pieces()[r]));
        Some(worth - recall_cost)
    }

    /// The value of a Scout draw or refusal (`mv`) when nothing can score on it, as
    /// [`GreedyBot::value`] would give it, without the copy of the game a trial needs; `None`
    /// when it must be tried. A refused land tile goes under its stack and the draw goes on
    /// until a tile fits, at worst that one again on the same board; a draw instead of the
    /// special tile takes the first unseen tile of the sorted order the copy holds, which
    /// ends nothing when it fits somewhere. Then the game goes on, nobody scores, and the
    /// move is worth 0; a bonus tile's refusal, or a draw whose tile fits nowhere, may end
    /// the turn or the game and is tried.
    fn chance_without_scoring(&mut self, game: &Game, mv: Move) -> Option<i64> {
        match mv.play {
            Play::Refuse => (!game.turn()?.bonus).then_some(0),
            Play::Draw => (!self.next_squares(game).is_empty()).then_some(0),
            Play::Drawn | Play::Special(_) => None,
        }
    }
}

/// The value of putting `piece` on zone `z` of the tile just tried in `trial`, when that zone
/// lies in a forest (gatherer) or river (fisher) the tile completes: the piece would have
/// counted in the majority when the feature scored (and come straight back). `None` otherwise.
fn joined_value(
    game: &Game,
    trial: &Game,
    me: usize,
    piece: Piece,
    z: ZoneId,
    recalled: Option<OnBoard>,
) -> Option<i64> {
    let f = trial.features();
    let points = match piece {
        Piece::Gatherer if f.forest(z).open == 0 => trial.rules().forest::<Points>(f.forest(z)).0,
        Piece::Fisher if f.river(z).open == 0 => trial.rules().river::<Points>(f.river(z)).0,
        _ => return None,
    };
    let key = f.key(&trial.tiles().tiles, trial.board(), z, false);
    let mut counts = [0u16; MAX_PLAYERS];
    for p in game.pieces() {
        if p.piece != piece || Some(*p) == recalled {
            continue;
        }
        if game
            .piece_zones(p.at)
            .any(|pz| f.key(&trial.tiles().tiles, trial.board(), pz, false) == key)
        {
            counts[p.player] += 1;
        }
    }
    let before = majority(&counts);
    counts[me] += 1;
    let after = majority(&counts);
    let mut shift = [0i64; MAX_PLAYERS];
    for (p, s) in shift.iter_mut().enumerate() {
        *s = i64::from(points) * (i64::from(after.contains(p)) - i64::from(before.contains(p)));
    }
    Some(lead(game, trial, me, &shift))
}

/// In thousandths of a point: what `me` gained from `game` to `trial` (plus `shift`) minus
/// the most any other player gained.
fn lead(game: &Game, trial: &Game, me: usize, shift: &[i64]) -> i64 {
    let gain = |p: usize| {
        i64::from(trial.total(p)) - i64::from(game.total(p)) + shift.get(p).copied().unwrap_or(0)
    };
    let best_other = (0..game.players())
        .filter(|&p| p != me)
        .map(gain)
        .max()
        .unwrap_or(0);
    1000 * (gain(me) - best_other)
}

/// What a piece on the board is expected to bring, in thousandths of a point (module docs).
fn estimate(game: &Game, on: &OnBoard) -> i64 {
    let rules = game.rules();
    let f = game.features();
    let tiles = &game.tiles().tiles;
    // A piece on a special tile's spot is fixed; its first zone stands for it.
    let fixed = matches!(on.at, PieceAt::Spot { .. });
    let Some(z) = game.piece_zone(on.at) else {
        return 0;
    };
    // A piece that never comes back costs as much as a hunter.
    let cost = if fixed { 2000 } else { 1000 };
    match on.piece {
        Piece::Gatherer => forest_worth(rules, f.forest(z), cost),
        Piece::Fisher => river_worth(rules, f.river(z), cost),
        Piece::Hunter => meadow_worth(rules, f.meadow(z)),
        // The Agriculture hut stands in a meadow and scores its segments.
        Piece::Hut if fixed => 500 * i64::from(f.meadow(z).segments) - 2000,
        Piece::Hut => huts_worth(rules, f.system(tiles, game.board(), z)),
    }
}

/// What a gatherer in this forest is expected to bring (module docs).
fn forest_worth(rules: &Ruleset, info: &ForestInfo, cost: i64) -> i64 {
    1000 * i64::from(rules.forest::<Points>(info).0) / (1 + i64::from(info.open)) - cost
}

fn river_worth(rules: &Ruleset, info: &RiverInfo, cost: i64) -> i64 {
    1000 * i64::from(rules.river::<Points>(info).0) / (1 + i64::from(info.open)) - cost
}

fn meadow_worth(rules: &Ruleset, info: &MeadowInfo) -> i64 {
    let fire = info.count(MeadowSpecial::Fire) + info.count(MeadowSpecial::Wildfire) > 0;
    500 * i64::from(rules.meadow::<Points>(&info.animals, fire, &[]).0) - 2000
}

fn huts_worth(rules: &Ruleset, info: &SystemInfo) -> i64 {
    500 * i64::from(rules.huts::<Points>(info).0) - 2000
}

/// [`estimate`] of `piece` standing in `zone` of a previewed tile (with `rivers` rivers), on
/// a special tile's spot when `fixed`.
fn preview_worth(
    rules: &Ruleset,
    p: &Preview,
    rivers: usize,
    piece: Piece,
    zone: ZoneRef,
    fixed: bool,
) -> i64 {
    let i = usize::from(zone.index);
    // A piece that never comes back costs as much as a hunter.
    let cost = if fixed { 2000 } else { 1000 };
    match piece {
        Piece::Gatherer => forest_worth(rules, &p.forests[i], cost),
        Piece::Fisher => river_worth(rules, &p.rivers[i], cost),
        Piece::Hunter => meadow_worth(rules, &p.meadows[i]),
        // The Agriculture hut stands in a meadow and scores its segments.
        Piece::Hut if fixed => 500 * i64::from(p.meadows[i].segments) - 2000,
        Piece::Hut if zone.kind == ZoneKind::Lake => huts_worth(rules, &p.systems[rivers + i]),
        Piece::Hut => huts_worth(rules, &p.systems[i]),
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn start_over(&mut self, rng: Stream) -> bool {
        // Everything else is made again at each decision (see `decide`); the scratch game
        // and the buffers keep their memory.
        self.rng = rng;
        true
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        Ok(self.decide(game, moves))
    }
}

impl GreedyBot {
    /// The value of each of `moves` (thousandths of a point, as the bot weighs them, without
    /// its Scout choices): for a search that shortlists the moves worth a closer look.
    pub fn values(&mut self, game: &Game, moves: &[Move]) -> &[i64] {
        self.new_decision();
        self.weigh(game, moves);
        &self.values
    }

    /// Weighs every move of `moves` into `self.values`.
    fn weigh(&mut self, game: &Game, moves: &[Move]) {
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        let mut i = 0;
        while i < moves.len() {
            let m = moves[i];
            if m.play != Play::Drawn {
                let v = match m.play {
                    Play::Special(t) => self.special_without_scoring(game, t, m),
                    Play::Draw | Play::Refuse => self.chance_without_scoring(game, m),
                    Play::Drawn => None,
                };
                values.push(v.unwrap_or_else(|| self.value(game, m)));
                i += 1;
                continue;
            }
            let j = placement_end(moves, i);
            self.values_of_placement(game, &moves[i..j], &mut values);
            i = j;
        }
        self.values = values;
    }

    /// The best of `moves` (not empty) and its value; ties broken from the bot's stream.
    fn best(&mut self, game: &Game, moves: &[Move]) -> (i64, Move) {
        // Moves come grouped by placement and recall; each group is weighed from one trial.
        self.weigh(game, moves);
        let values = std::mem::take(&mut self.values);
        let mut best_value = i64::MIN;
        let mut best = std::mem::take(&mut self.best);
        best.clear();
        for (&mv, &v) in moves.iter().zip(&values) {
            if v > best_value {
                best_value = v;
                best.clear();
            }
            if v == best_value {
                best.push(mv);
            }
        }
        let mv = best[below(&mut self.rng, best.len())];
        self.best = best;
        self.values = values;
        (best_value, mv)
    }
}

impl GreedyBot {
    /// The move chosen among `moves`.
    /// A new decision: the scratch copy, the next tile's squares and the previews are made
    /// again when first needed.
    fn new_decision(&mut self) {
        self.synced = false;
        self.previewed = None;
        if let Some(v) = self.next_squares.take() {
            self.next_squares_buf = v;
        }
    }

    fn decide(&mut self, game: &Game, moves: &[Move]) -> Move {
        self.new_decision();
        // Scout: before drawing, lay the special tile if it is worth it now, or if the game
        // is in its last two rounds and it might otherwise never be laid; else draw.
        if moves.iter().any(|m| m.play == Play::Draw) {
            let mut specials = std::mem::take(&mut self.candidates);
            specials.clear();
            specials.extend(
                moves
                    .iter()
                    .filter(|m| matches!(m.play, Play::Special(_)))
                    .copied(),
            );
            let best = (!specials.is_empty()).then(|| self.best(game, &specials));
            self.candidates = specials;
            let Some((value, mv)) = best else {
                return Move::draw();
            };
            return if value >= 2000 || game.regular_left() <= 2 * game.players() + 1 {
                mv
            } else {
                Move::draw()
            };
        }
        // Keep the last meeple (or hut) a special tile in hand will need.
        let me = game.turn().map_or(0, |t| t.player);
        let (meeples, huts) = game.supply(me);
        let needs = |k: fn(Piece) -> bool| {
            game.hand(me).iter().any(|s| match s {
                Special::Tile(t) => game.tiles().tiles[*t]
                    .spots
                    .first()
                    .is_some_and(|s| k(s.piece)),
                Special::Shaman => false,
            })
        };
        let (needs_hut, needs_meeple) = (needs(|p| p == Piece::Hut), needs(|p| p != Piece::Hut));
        let keeps = |m: &Move| match m.piece {
            Some((Piece::Hut, _)) => !(huts <= 1 && needs_hut),
            Some(_) => !(meeples <= 1 && needs_meeple),
            None => true,
        };
        // Most turns keep every move: then the list is weighed as it is.
        if !needs_hut && !needs_meeple && moves.iter().all(|m| m.play == Play::Drawn) {
            return self.best(game, moves).1;
        }
        let mut drawn = std::mem::take(&mut self.candidates);
        drawn.clear();
        drawn.extend(
            moves
                .iter()
                .filter(|m| m.play == Play::Drawn && keeps(m))
                .copied(),
        );
        if drawn.is_empty() {
            drawn.extend(moves.iter().filter(|m| m.play == Play::Drawn).copied());
        }
        let (value, mv) = self.best(game, &drawn);
        self.candidates = drawn;
        if value < 1000 && moves.iter().any(|m| m.play == Play::Refuse) {
            return Move::refuse();
        }
        mv
    }
}

/// The end of the group of drawn-tile moves starting at `start`: those that lay the tile at
/// the same place with the same recall, differing only in the piece (the generator lists
/// them together).
fn placement_end(moves: &[Move], start: usize) -> usize {
    let m = moves[start];
    start
        + 1
        + moves[start + 1..]
            .iter()
            .take_while(|n| n.play == Play::Drawn && n.at == m.at && n.recall == m.recall)
            .count()
}

#[cfg(test)]
mod tests {
    use super::{GreedyBot, placement_end};
    use hunters_engine::feature::{PieceAt, ZoneId};
    use hunters_engine::game::{Game, Move, Play};
    use hunters_engine::rng::{below, stream};
    use hunters_engine::scout::Special;
    use hunters_engine::{Piece, Placement, Pos, Rotation, Variant, ZoneKind, ZoneRef};
    use std::sync::Arc;

    /// The shortcuts (a placement's pieces weighed from one trial, a tile that scores nothing
    /// weighed from its preview, a Scout draw or refusal on which nothing can score) give
    /// every move the value that playing it on the copy gives, at every position of random
    /// games in every variant.
    #[test]
    fn every_shortcut_gives_the_value_of_the_whole_trial() {
        let mut moves = Vec::new();
        let mut chances = 0;
        for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
            let variant = Variant::load(name).unwrap();
            for seed in 0..3u64 {
                let mut game = Game::seeded(&variant, 2 + seed as usize, seed);
                let mut bot = GreedyBot::new(stream(seed, "greedy test"));
                let mut rng = stream(seed, "moves");
                while !game.is_over() {
                    game.legal_moves(&mut moves);
                    bot.new_decision();
                    let mut fast = Vec::new();
                    let mut i = 0;
                    while i < moves.len() {
                        let m = moves[i];
                        if m.play != Play::Drawn {
                            if let Play::Special(t) = m.play
                                && let Some(v) = bot.special_without_scoring(&game, t, m)
                            {
                                assert_eq!(v, bot.value(&game, m), "{name} {m:?}");
                            }
                            if let Some(v) = bot.chance_without_scoring(&game, m) {
                                chances += 1;
                                assert_eq!(v, bot.value(&game, m), "{name} {m:?}");
                            }
                            fast.push(None);
                            i += 1;
                            continue;
                        }
                        let j = placement_end(&moves, i);
                        let mut values = Vec::new();
                        bot.values_of_placement(&game, &moves[i..j], &mut values);
                        fast.extend(values.into_iter().map(Some));
                        i = j;
                    }
                    for (mv, v) in moves.iter().zip(&fast) {
                        if let Some(v) = v {
                            assert_eq!(*v, bot.value(&game, *mv), "{name} seed {seed}: {mv:?}");
                        }
                    }
                    game.play(moves[below(&mut rng, moves.len())]).unwrap();
                }
            }
        }
        assert!(
            chances > 100,
            "the Scout's draws and refusals met: {chances}"
        );
    }

    /// A two-player game of the 2002 Scout rules with `options` changed, whose decks hold
    /// exactly these tiles in this order; Red (seat 0) was dealt the Scout tile S1, Blue the
    /// Shaman card.
    fn scout_game(options: &[(&str, &str)], regular: &[&str], bonus: &[&str]) -> Game {
        let mut variant = Variant::load("2002-scout").unwrap();
        for (name, value) in options {
            variant.options.set(name, value).unwrap();
        }
        let set = variant.playing_set();
        let index = |id: &str| set.tile(id).unwrap().0;
        let deck = |ids: &[&str]| ids.iter().map(|id| index(id)).collect();
        let hands = vec![vec![Special::Tile(index("S1"))], vec![Special::Shaman]];
        let rules = Arc::new(variant.ruleset());
        Game::with_hands(
            Arc::clone(&set),
            rules,
            2,
            deck(regular),
            deck(bonus),
            hands,
        )
    }

    /// Square (x, y), turned `rot` clockwise quarter turns.
    fn at(x: i32, y: i32, rot: u8) -> Placement {
        Placement {
            pos: Pos::new(x, y),
            rot: Rotation(rot),
        }
    }

    /// `player` lays the tile drawn, which must be `id`, at `place` (drawing first when they
    /// could lay their special tile instead), with a hut on its river when `hut`.
    fn lay(game: &mut Game, player: usize, id: &str, place: Placement, hut: bool) {
        if game.turn().is_some_and(|t| t.tile.is_none()) {
            game.play(Move::draw()).unwrap();
        }
        let turn = game.turn().unwrap();
        let drawn = &game.tiles().tiles[turn.tile.unwrap()].id;
        assert_eq!((turn.player, drawn.as_str()), (player, id));
        let river = ZoneRef {
            kind: ZoneKind::River,
            index: 0,
        };
        let piece = hut.then(|| {
            let placed = game.board().len() as u16;
            (
                Piece::Hut,
                PieceAt::Zone(ZoneId {
                    placed,
                    zone: river,
                }),
            )
        });
        game.play(Move {
            at: place,
            recall: None,
            piece,
            play: Play::Drawn,
        })
        .unwrap();
    }

    /// A Scout refusal of a bonus tile is tried in full, and there it can be worth something:
    /// with `redraw-unplaceable-bonus` off, a next bonus tile that fits nowhere ends the bonus
    /// turn, and after the last land tile that ends the game, so the final scoring counts.
    /// (With the option on, the draw comes back to the refused tile, which still fits, and the
    /// refusal is worth 0.) Red lays the Scout tile north of the volcano, Blue a hut on the
    /// volcano's river west of it; with the last land tile Red closes the volcano's forest,
    /// whose gold nugget earns a bonus tile, and leaves no meadow side open. Bonus tile B04
    /// fits, B03 (all meadow) does not: refusing B04 ends the game on Blue's hut, a point
    /// against Red.
    #[test]
    fn a_bonus_refusal_that_ends_the_game_is_tried() {
        let mut game = scout_game(
            &[("redraw-unplaceable-bonus", "false")],
            &["14", "63", "55", "74"],
            &["B04", "B03"],
        );
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let scout = moves
            .iter()
            .find(|m| matches!(m.play, Play::Special(_)) && m.at == at(0, -1, 0))
            .copied()
            .unwrap();
        game.play(scout).unwrap();
        lay(&mut game, 1, "14", at(-1, 0, 1), true);
        lay(&mut game, 0, "63", at(-1, -1, 3), false);
        lay(&mut game, 1, "55", at(0, 1, 2), false);
        lay(&mut game, 0, "74", at(1, 0, 0), false);
        let turn = game.turn().unwrap();
        assert_eq!(game.tiles().tiles[turn.tile.unwrap()].id, "B04");
        assert!(turn.bonus && game.regular_left() == 0);

        let mut bot = GreedyBot::new(stream(0, "greedy test"));
        let refuse = Move::refuse();
        game.legal_moves(&mut moves);
        assert!(moves.contains(&refuse));
        assert_eq!(bot.value(&game, refuse), -1000);
        assert_eq!(bot.chance_without_scoring(&game, refuse), None);
        game.play(refuse).unwrap();
        assert!(game.is_over());
    }

    /// A Scout draw whose tile fits nowhere is tried in full, and there it can be worth
    /// something: when no land tile left fits, the draw ends the game, so the final scoring
    /// counts. Red's hut stands on the volcano's river west of it, Blue's tile covers the
    /// volcano's meadow side, and the one land tile left is all meadow with no meadow side
    /// open; Red's Scout tile still fits, so Red chooses before drawing, and the draw ends the
    /// game on Red's hut, a point for Red.
    #[test]
    fn a_draw_that_ends_the_game_is_tried() {
        let mut game = scout_game(&[], &["14", "63", "61"], &[]);
        lay(&mut game, 0, "14", at(-1, 0, 1), true);
        lay(&mut game, 1, "63", at(0, -1, 0), false);
        let turn = game.turn().unwrap();
        assert_eq!((turn.player, turn.tile, game.regular_left()), (0, None, 1));

        let mut bot = GreedyBot::new(stream(0, "greedy test"));
        let draw = Move::draw();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert!(moves.contains(&draw));
        assert_eq!(bot.value(&game, draw), 1000);
        assert_eq!(bot.chance_without_scoring(&game, draw), None);
        game.play(draw).unwrap();
        assert!(game.is_over());
    }
}
