//! The searching bot: Monte Carlo tree search over the bot's own move.
//!
//! **What it knows.** The board, the scores, every supply and hand, its own drawn tile and the
//! multiset of tiles still to come ([`Game::unseen`]) — never their order. Each playout deals
//! those tiles in an order drawn from the bot's stream ([`Game::reorder_unseen`]): a
//! determinization, resampled every playout, so that no plan rests on one guess at the
//! future. Two games that differ only in the order of the undrawn tiles get the same
//! decision.
//!
//! **The tree.** Two levels for the decision at hand: first where the tile goes (or the Scout
//! choice: draw, lay a special tile, refuse), then what comes with it (the shaman's recall and
//! the piece). Each level picks by UCB1 — unvisited children first, in move order, then the
//! best `mean + C·√(ln N / n)`. After the bot's move the game is played to its end by the
//! playout policy for every seat; the tree does not branch on the tiles drawn later (they are
//! chance, and a different sample each playout), so every playout informs the decision itself.
//!
//! **The reward** of a playout is `tanh((own total − best opponent's total) / SCALE)`: the
//! final score difference, squashed so that one runaway playout does not outweigh many
//! close ones, from −1 to 1.
//!
//! **The choice** is the most visited placement, then its most visited piece (ties to the
//! higher mean, then to move order).
//!
//! **Playout policy.** Uniform over the legal moves (the `random` bot's rule), for every seat.
//!
//! Deterministic: every draw comes from the seat's stream, so the same seed gives the same
//! game whatever the number of threads.

use crate::feature::{FeatureKey, MAX_PLAYERS, PerPlayer};
use crate::game::{Game, Move, Play, majority};
use crate::rng::{Stream, below, shuffle};
use crate::tile::{MeadowSpecial, Piece};

use super::Bot;

/// Playouts per decision of `mcts` without a number.
pub const DEFAULT_PLAYOUTS: u32 = 1000;

/// UCB1's exploration constant, for rewards from −1 to 1.
pub const EXPLORATION: f64 = 0.7;

/// Points of score difference at which the reward is tanh(1) ≈ 0.76.
pub const SCALE: f64 = 20.0;

/// Visits and summed reward of one node.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    visits: u32,
    reward: f64,
}

impl Stats {
    fn mean(self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }

    fn add(&mut self, r: f64) {
        self.visits += 1;
        self.reward += r;
    }
}

/// A placement (first level): the moves `start..end` share it; each has its own [`Stats`]
/// (second level).
#[derive(Clone, Copy, Debug)]
struct Group {
    start: usize,
    end: usize,
    stats: Stats,
    /// The best static value among its moves.
    value: i64,
}

/// Monte Carlo tree search (see the module docs).
pub struct MctsBot {
    rng: Stream,
    playouts: u32,
    scratch: Option<Game>,
    groups: Vec<Group>,
    arms: Vec<Stats>,
    buffer: Vec<Move>,
    unseen: (Vec<usize>, Vec<usize>),
    dealt: (Vec<usize>, Vec<usize>),
    /// Moves after the bot's own before a playout is cut off and judged by [`evaluate`].
    depth: usize,
    seen: Vec<FeatureKey>,
    bare: bool,
    /// Static value of each move (thousandths, own minus best opponent's).
    values: Vec<i64>,
    /// The candidate moves, by placement: indexes into the moves, best static value first.
    order: Vec<usize>,
    placements_kept: usize,
    pieces_kept: usize,
}

impl MctsBot {
    pub fn new(rng: Stream, playouts: u32) -> MctsBot {
        MctsBot {
            rng,
            playouts: playouts.max(1),
            scratch: None,
            groups: Vec::new(),
            arms: Vec::new(),
            buffer: Vec::new(),
            unseen: (Vec::new(), Vec::new()),
            dealt: (Vec::new(), Vec::new()),
            depth: std::env::var("HUNTERS_MCTS_DEPTH")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(usize::MAX),
            seen: Vec::new(),
            bare: std::env::var("HUNTERS_MCTS_POLICY").is_ok_and(|p| p == "bare"),
            values: Vec::new(),
            order: Vec::new(),
            placements_kept: std::env::var("HUNTERS_MCTS_P")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(6),
            pieces_kept: std::env::var("HUNTERS_MCTS_Q")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(3),
        }
    }

    /// The candidates: every move valued statically, then the best placements and, in each,
    /// the best pieces kept (moves of one placement are listed together).
    fn candidates(&mut self, game: &Game, moves: &[Move], me: usize) {
        let scratch = self.scratch.get_or_insert_with(|| game.clone());
        scratch.copy_for_trial(game);
        self.values.clear();
        for &mv in moves {
            scratch.begin_trial();
            scratch.play_unchecked(mv);
            let v = evaluate(scratch, &mut self.seen);
            scratch.undo_trial();
            self.values.push(lead(&v, me, game.players()));
        }
        let mut runs: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        for i in 1..=moves.len() {
            if i == moves.len() || !same_placement(&moves[i], &moves[start]) {
                runs.push((start, i));
                start = i;
            }
        }
        let values = &self.values;
        let best_of = |&(s, e): &(usize, usize)| values[s..e].iter().copied().max().unwrap_or(0);
        // Best first; a stable sort keeps move order among equals.
        runs.sort_by_key(|r| std::cmp::Reverse(best_of(r)));
        runs.truncate(self.placements_kept);
        self.groups.clear();
        self.order.clear();
        for r in &runs {
            let first = self.order.len();
            let mut idx: Vec<usize> = (r.0..r.1).collect();
            idx.sort_by_key(|&i| std::cmp::Reverse(values[i]));
            idx.truncate(self.pieces_kept);
            self.order.extend(idx);
            self.groups.push(Group {
                start: first,
                end: self.order.len(),
                stats: Stats::default(),
                value: best_of(r),
            });
        }
        self.arms.clear();
        self.arms.resize(self.order.len(), Stats::default());
    }

    /// One playout of `mv` from `game`, the unseen tiles dealt anew; the reward for `me`.
    fn playout(&mut self, game: &Game, mv: Move, me: usize) -> f64 {
        let scratch = self.scratch.get_or_insert_with(|| game.clone());
        scratch.copy_for_trial(game);
        self.dealt.0.clone_from(&self.unseen.0);
        self.dealt.1.clone_from(&self.unseen.1);
        shuffle(&mut self.dealt.0, &mut self.rng);
        shuffle(&mut self.dealt.1, &mut self.rng);
        scratch.reorder_unseen(&self.dealt.0, &self.dealt.1);
        scratch.play_unchecked(mv);
        let mut left = self.depth;
        while scratch.turn().is_some() && left > 0 {
            scratch.legal_moves(&mut self.buffer);
            let m = if self.bare {
                // Tiles only: where a tile goes at random, no piece put down.
                let bare = self
                    .buffer
                    .iter()
                    .filter(|m| m.piece.is_none() && m.recall.is_none())
                    .count();
                if bare == 0 {
                    self.buffer[below(&mut self.rng, self.buffer.len())]
                } else {
                    let k = below(&mut self.rng, bare);
                    *self
                        .buffer
                        .iter()
                        .filter(|m| m.piece.is_none() && m.recall.is_none())
                        .nth(k)
                        .unwrap()
                }
            } else {
                self.buffer[below(&mut self.rng, self.buffer.len())]
            };
            scratch.play_unchecked(m);
            left -= 1;
        }
        let values = evaluate(scratch, &mut self.seen);
        (lead(&values, me, scratch.players()) as f64 / 1000.0 / SCALE).tanh()
    }
}

fn supply_worth() -> (i64, i64) {
    let get = |k: &str, d: i64| {
        std::env::var(k)
            .ok()
            .and_then(|s| s.parse::<i64>().ok())
            .unwrap_or(d)
    };
    (get("HUNTERS_MCTS_KM", 1500), get("HUNTERS_MCTS_KH", 3000))
}

/// `me`'s value minus the best other player's.
fn lead(values: &[i64; MAX_PLAYERS], me: usize, players: usize) -> i64 {
    let best_other = (0..players)
        .filter(|&p| p != me)
        .map(|p| values[p])
        .max()
        .unwrap_or(0);
    values[me] - best_other
}

/// Each player's points, in thousandths: the score, and while the game goes on what each
/// feature holding pieces would bring its majority — a forest or river what it would score
/// if completed now, divided by one more than its open sides; a meadow or river system what
/// final scoring would give it now.
fn evaluate(game: &Game, seen: &mut Vec<FeatureKey>) -> [i64; MAX_PLAYERS] {
    let mut value = [0i64; MAX_PLAYERS];
    for (p, v) in value.iter_mut().enumerate().take(game.players()) {
        *v = 1000 * i64::from(game.total(p));
    }
    if game.is_over() {
        return value;
    }
    // A piece in the supply is worth something while tiles remain to put it on.
    let left = game.regular_left() as i64;
    let (km, kh) = supply_worth();
    for (p, v) in value.iter_mut().enumerate().take(game.players()) {
        let (meeples, huts) = game.supply(p);
        *v += (km * i64::from(meeples) + kh * i64::from(huts)) * left / (left + 10);
    }
    let rules = game.rules();
    let f = game.features();
    let tiles = &game.tiles().tiles;
    seen.clear();
    for on in game.pieces() {
        let Some(z) = game.piece_zone(on.at) else {
            continue;
        };
        let system = on.piece == Piece::Hut;
        let key = f.key(tiles, game.board(), z, system);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let (worth, counts): (i64, PerPlayer) = match on.piece {
            Piece::Gatherer => {
                let info = f.forest(z);
                let points = i64::from(rules.points_of_forest(info));
                (1000 * points / (1 + i64::from(info.open)), info.gatherers)
            }
            Piece::Fisher => {
                let info = f.river(z);
                let points = i64::from(rules.points_of_river(info));
                (1000 * points / (1 + i64::from(info.open)), info.fishers)
            }
            Piece::Hunter => {
                let info = f.meadow(z);
                let fire = info.count(MeadowSpecial::Fire) + info.count(MeadowSpecial::Wildfire) > 0;
                let points = i64::from(rules.points_of_meadow(&info.animals, fire, &[]));
                let mut counts = info.hunters;
                for (c, h) in counts.iter_mut().zip(info.farm_huts) {
                    *c += h;
                }
                (1000 * points, counts)
            }
            Piece::Hut => {
                let info = f.system(tiles, game.board(), z);
                (1000 * i64::from(rules.points_of_huts(info)), info.huts)
            }
        };
        for w in majority(&counts).iter() {
            value[w] += worth;
        }
    }
    value
}

/// Whether two moves lay the same tile in the same place (or are the same Scout choice).
fn same_placement(a: &Move, b: &Move) -> bool {
    a.play == b.play
        && match a.play {
            Play::Drawn | Play::Special(_) => a.at == b.at,
            Play::Draw | Play::Refuse => true,
        }
}

/// UCB1 over `children` (indexes into `stats`) with `parent` visits: an unvisited child
/// first, else the highest bound; ties to the first.
fn select(stats: impl Iterator<Item = (usize, Stats)>, parent: u32) -> usize {
    let ln = f64::from(parent.max(1)).ln();
    let mut best = (usize::MAX, f64::NEG_INFINITY);
    for (i, s) in stats {
        if s.visits == 0 {
            return i;
        }
        let bound = s.mean() + EXPLORATION * (ln / f64::from(s.visits)).sqrt();
        if bound > best.1 {
            best = (i, bound);
        }
    }
    best.0
}

/// The most visited child, ties to the higher mean, then to the first.
fn most_visited(stats: impl Iterator<Item = (usize, Stats)>) -> usize {
    let mut best: Option<(usize, Stats)> = None;
    for (i, s) in stats {
        let better = match best {
            None => true,
            Some((_, b)) => s.visits > b.visits || (s.visits == b.visits && s.mean() > b.mean()),
        };
        if better {
            best = Some((i, s));
        }
    }
    best.map_or(0, |(i, _)| i)
}

impl Bot for MctsBot {
    fn name(&self) -> String {
        super::BotKind::Mcts {
            playouts: self.playouts,
        }
        .name()
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Move {
        if moves.len() == 1 {
            return moves[0];
        }
        let Some(turn) = game.turn() else {
            return moves[0];
        };
        let me = turn.player;
        self.unseen = game.unseen();
        self.candidates(game, moves, me);
        if self.arms.len() == 1 {
            return moves[self.order[0]];
        }
        for n in 0..self.playouts {
            let groups = &self.groups;
            let g = select(groups.iter().map(|g| g.stats).enumerate(), n);
            let Group {
                start, end, stats, ..
            } = self.groups[g];
            let a = select((start..end).map(|i| (i, self.arms[i])), stats.visits);
            let r = self.playout(game, moves[self.order[a]], me);
            self.groups[g].stats.add(r);
            self.arms[a].add(r);
        }
        let g = most_visited(self.groups.iter().map(|g| g.stats).enumerate());
        let Group { start, end, .. } = self.groups[g];
        moves[self.order[most_visited((start..end).map(|i| (i, self.arms[i])))]]
    }
}
