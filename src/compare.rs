//! Comparing variants: the same seed under several variants, and many games per variant with
//! means and confidence intervals.
//!
//! Statistics are kept as exact integer sums (count, sum, sum of squares) so that the result
//! does not depend on the order in which games finish: any number of threads, or shards of
//! the seeds run on different machines and merged, give the same numbers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::bot::{Bot, BotError, BotKind, play_out_watching};
use crate::feature::MAX_PLAYERS;
use crate::game::{Category, Game};
use crate::variant::Variant;

/// The seed of game `index` of a run with master seed `seed`: the same for every variant, so
/// games are paired across variants.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays one game of `variant` to its end with one bot per seat (only a program bot can
/// fail).
pub fn play(variant: &Variant, bots: &[BotKind], seed: u64) -> Result<Game, BotError> {
    let mut table = Table::default();
    table.play(variant, bots, seed, true)?;
    Ok(table.game.take().expect("a game was played"))
}

/// How the lead went in one game, move by move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tension {
    /// Times the sole leader changed (a tie leaves the lead where it was).
    pub lead_changes: u32,
    /// The move after which the eventual winner never trailed again (0: never trailed).
    pub settled_at: u32,
    /// The most points the eventual winner was ever behind the leader.
    pub drama: u32,
}

/// Follows the totals after every move and, once the game is over, says how the lead went.
///
/// Most moves score nothing: a move that leaves the totals as they were only counts (it runs
/// on every move of every simulated game), and the players behind are marked as still behind
/// when the totals next change or the game ends.
#[derive(Default)]
struct LeadWatch {
    leader: Option<usize>,
    lead_changes: u32,
    moves: u32,
    /// The totals after the last move, and the players behind then, as bits.
    totals: [u32; MAX_PLAYERS],
    behind: u32,
    /// For each player: the last move after which they trailed, and the most they trailed by.
    last_behind: [u32; MAX_PLAYERS],
    worst: [u32; MAX_PLAYERS],
}

impl LeadWatch {
    fn see(&mut self, game: &Game) {
        let players = game.players();
        let mut totals = [0u32; MAX_PLAYERS];
        for (p, t) in totals.iter_mut().enumerate().take(players) {
            *t = game.total(p);
        }
        if totals == self.totals {
            self.moves += 1;
            return;
        }
        // Those behind were behind after every move up to this one.
        self.mark_behind();
        self.moves += 1;
        self.totals = totals;
        let best = totals.iter().copied().max().unwrap_or(0);
        let mut leaders = (0..players).filter(|&p| totals[p] == best);
        if let (Some(only), None, true) = (leaders.next(), leaders.next(), best > 0) {
            if self.leader.is_some_and(|l| l != only) {
                self.lead_changes += 1;
            }
            self.leader = Some(only);
        }
        self.behind = 0;
        for (p, total) in totals.iter().enumerate().take(players) {
            let behind = best - total;
            if behind > 0 {
                self.behind |= 1 << p;
                self.worst[p] = self.worst[p].max(behind);
            }
        }
        self.mark_behind();
    }

    /// The players behind trailed after the last move seen.
    fn mark_behind(&mut self) {
        for (p, last) in self.last_behind.iter_mut().enumerate() {
            if self.behind & 1 << p != 0 {
                *last = self.moves;
            }
        }
    }

    fn tension(&mut self, winners: &[usize]) -> Tension {
        self.mark_behind();
        let mut t = Tension {
            lead_changes: self.lead_changes,
            ..Tension::default()
        };
        // The eventual winner: the first of the winners (a shared victory has several).
        let Some(&w) = winners.first() else {
            return t;
        };
        t.settled_at = self.last_behind[w];
        t.drama = self.worst[w];
        t
    }
}

/// What one finished game contributes to the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Points by seat and category (in [`Category::ALL`] order).
    pub points: Vec<[u32; 5]>,
    pub totals: Vec<u32>,
    /// Seats that won (several on a shared victory).
    pub winners: Vec<usize>,
    /// Winner's total minus the best other total.
    pub margin: u32,
    /// Bonus tiles (first edition) or menhir extra turns (2020) played.
    pub bonus_turns: u32,
    /// Which of the run's distinct bots sits in each seat (see [`distinct_bots`]); empty
    /// when the outcome is not of a run.
    pub bot_of_seat: Vec<usize>,
    /// Tiles placed after the start tile, and drawn tiles that fitted nowhere.
    pub tiles: u32,
    pub discards: u32,
    /// Gatherers and fishers on unfinished features at the end.
    pub unfinished: (u32, u32),
    /// How the lead went (empty unless the game was watched: see [`tally_game`]).
    pub tension: Tension,
}

impl Outcome {
    pub fn of(game: &Game) -> Outcome {
        let n = game.players();
        let points: Vec<[u32; 5]> = (0..n)
            .map(|p| Category::ALL.map(|c| game.score(p, c)))
            .collect();
        let totals: Vec<u32> = (0..n).map(|p| game.total(p)).collect();
        let mut sorted = totals.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let margin = sorted[0] - sorted.get(1).copied().unwrap_or(0);
        let bonus_turns = game.bonus_turns();
        Outcome {
            points,
            totals,
            winners: game.winners(),
            margin,
            bonus_turns,
            bot_of_seat: Vec::new(),
            tiles: game.board().len().saturating_sub(1) as u32,
            discards: game.discards(),
            unfinished: game.left_unfinished(),
            tension: Tension::default(),
        }
    }
}

/// The value below which a fraction `q` of the samples of a histogram lie (the smallest value
/// whose cumulative count reaches `q`), with the 95 % interval of that quantile from the
/// order statistics (distribution-free): the values at ranks `n q ∓ 1.96 √(n q (1 − q))`.
pub fn quantile(seen: &BTreeMap<u32, u64>, q: f64) -> Option<(u32, u32, u32)> {
    let n: u64 = seen.values().sum();
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let half = 1.959_963_984_540_054 * (nf * q * (1.0 - q)).sqrt();
    let at = |rank: f64| {
        // The value of the sample with this rank (1-based), clamped to the samples.
        let r = rank.ceil().clamp(1.0, nf) as u64;
        let mut cum = 0;
        for (v, c) in seen {
            cum += c;
            if cum >= r {
                return *v;
            }
        }
        *seen.keys().next_back().unwrap_or(&0)
    };
    Some((at(nf * q - half), at(nf * q), at(nf * q + half + 1.0)))
}

/// Count, sum and sum of squares of integer samples: exact, and mergeable in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: i64,
    pub sum_sq: u64,
}

impl Moments {
    pub fn add(&mut self, x: i64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x.unsigned_abs() * x.unsigned_abs();
    }

    pub fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }

    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// Half the width of the 95 % confidence interval of the mean (normal approximation).
    pub fn ci95(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        let mean = self.mean();
        let var = ((self.sum_sq as f64) - n * mean * mean) / (n - 1.0);
        1.96 * (var.max(0.0) / n).sqrt()
    }
}

/// Six values by category name: rivers, forests, huts, meadows, specials, total. JSON
/// outputs name every number (docs/json.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByCategory<T> {
    pub rivers: T,
    pub forests: T,
    pub huts: T,
    pub meadows: T,
    pub specials: T,
    pub total: T,
}

impl<T: Copy> ByCategory<T> {
    /// From values in [`Category::ALL`] order, then the total.
    pub fn from_array([rivers, forests, huts, meadows, specials, total]: [T; 6]) -> Self {
        ByCategory {
            rivers,
            forests,
            huts,
            meadows,
            specials,
            total,
        }
    }

    pub fn to_array(self) -> [T; 6] {
        [
            self.rivers,
            self.forests,
            self.huts,
            self.meadows,
            self.specials,
            self.total,
        ]
    }
}

/// Serde for `[T; 6]` as a [`ByCategory`].
pub mod by_category {
    use super::ByCategory;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Copy + Serialize, S: Serializer>(
        v: &[T; 6],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        ByCategory::from_array(*v).serialize(s)
    }

    pub fn deserialize<'de, T: Copy + Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[T; 6], D::Error> {
        Ok(ByCategory::deserialize(d)?.to_array())
    }
}

/// Serde for a `Vec<T>` of six values or none, as a [`ByCategory`] (skipped when empty).
pub mod by_category_if_any {
    use super::ByCategory;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    pub fn serialize<T: Copy + Serialize, S: Serializer>(v: &[T], s: S) -> Result<S::Ok, S::Error> {
        let six: [T; 6] = v
            .try_into()
            .map_err(|_| serde::ser::Error::custom("six values by category expected"))?;
        ByCategory::from_array(six).serialize(s)
    }

    pub fn deserialize<'de, T: Copy + Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<T>, D::Error> {
        let named = ByCategory::<T>::deserialize(d).map_err(D::Error::custom)?;
        Ok(named.to_array().to_vec())
    }
}

/// The running statistics of one variant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    /// Points per player and game, by category, then the total (by name in JSON).
    #[serde(with = "by_category")]
    pub categories: [Moments; 6],
    /// Winner's lead over the runner-up.
    pub margin: Moments,
    /// Wins by seat (a shared victory counts for every winner).
    pub wins: Vec<u64>,
    pub bonus_turns: Moments,
    /// Against the first variant, game by game (same seeds): the sum over seats of the
    /// difference in points, by category and total. Empty for the first variant (absent in
    /// JSON).
    #[serde(
        with = "by_category_if_any",
        skip_serializing_if = "Vec::is_empty",
        default
    )]
    pub paired: Vec<Moments>,
    /// Bot against bot, when the seats have different bots: one entry per distinct bot, in
    /// the order of [`distinct_bots`]. Empty otherwise (absent in JSON).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub bots: Vec<BotTally>,
    /// Wins by seat with a shared victory split: sixtieths of a game (60 for a win alone, 30
    /// each for two winners, 20 for three...), so that the seats' shares add up to the games.
    pub win_sixtieths: Vec<u64>,
    /// How often each seat finished first, second...: `ranks[seat][rank - 1]` (tied players
    /// share the better rank).
    pub ranks: Vec<Vec<u64>>,
    /// How many times each total was scored (one per seat per game), and each winning margin
    /// (one per game): exact histograms, for percentiles.
    pub totals_seen: BTreeMap<u32, u64>,
    pub margins_seen: BTreeMap<u32, u64>,
    /// Per game: tiles placed, tiles discarded.
    pub tiles: Moments,
    pub discards: Moments,
    /// Per game: sole-leader changes, the move after which the winner never trailed again,
    /// the most points the winner was behind.
    pub lead_changes: Moments,
    pub settled_at: Moments,
    pub drama: Moments,
    /// Per game: gatherers and fishers standing on unfinished features at the end.
    pub unfinished_gatherers: Moments,
    pub unfinished_fishers: Moments,
    /// Against the first variant, game by game (same seeds): the differences of the per-game
    /// measures, by the names of [`GAME_MEASURES`]. Empty for the first variant.
    #[serde(skip_serializing_if = "BTreeMap::is_empty", default)]
    pub paired_measures: BTreeMap<String, Moments>,
}

/// The per-game measures compared pair by pair across variants.
pub const GAME_MEASURES: [&str; 9] = [
    "margin",
    "tiles",
    "bonus_turns",
    "discards",
    "lead_changes",
    "settled_at",
    "drama",
    "unfinished_gatherers",
    "unfinished_fishers",
];

impl Outcome {
    /// The measures of [`GAME_MEASURES`], in order.
    pub fn measures(&self) -> [i64; 9] {
        [
            self.margin.into(),
            self.tiles.into(),
            self.bonus_turns.into(),
            self.discards.into(),
            self.tension.lead_changes.into(),
            self.tension.settled_at.into(),
            self.tension.drama.into(),
            self.unfinished.0.into(),
            self.unfinished.1.into(),
        ]
    }
}

/// How one bot fared against the others, game by game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTally {
    pub bot: String,
    /// Half-points per game: 2 when one of the bot's seats has the best total alone among
    /// the bots, 1 when it shares the best total with another bot's seat, 0 otherwise.
    pub result: Moments,
    /// The bot's best total minus the best total of another bot's seat, per game.
    pub margin: Moments,
}

/// The distinct bots of a run, in the order they are named: the bot-against-bot statistics
/// have one entry per name.
pub fn distinct_bots(bots: &[BotKind]) -> Vec<BotKind> {
    let mut out: Vec<BotKind> = Vec::new();
    for b in bots {
        if !out.contains(b) {
            out.push(b.clone());
        }
    }
    out
}

impl Tally {
    /// An empty tally for a run with these seats' bots; paired against the first variant when
    /// `paired`.
    pub fn new(bots: &[BotKind], paired: bool) -> Tally {
        let distinct = distinct_bots(bots);
        Tally {
            wins: vec![0; bots.len()],
            win_sixtieths: vec![0; bots.len()],
            ranks: vec![vec![0; bots.len()]; bots.len()],
            bots: if distinct.len() > 1 {
                distinct
                    .iter()
                    .map(|b| BotTally {
                        bot: b.name(),
                        ..BotTally::default()
                    })
                    .collect()
            } else {
                Vec::new()
            },
            paired: if paired {
                vec![Moments::default(); 6]
            } else {
                Vec::new()
            },
            paired_measures: if paired {
                GAME_MEASURES
                    .iter()
                    .map(|m| (m.to_string(), Moments::default()))
                    .collect()
            } else {
                BTreeMap::new()
            },
            ..Tally::default()
        }
    }

    /// Adds a game; `base` is the same game under the first variant when paired. A paired
    /// sample is the game's sum over seats of the difference in points (an exact integer; the
    /// mean per player divides by the seats).
    pub fn add(&mut self, o: &Outcome, base: Option<&Outcome>) {
        self.games += 1;
        for (seat, pts) in o.points.iter().enumerate() {
            for (c, &p) in pts.iter().enumerate() {
                self.categories[c].add(i64::from(p));
            }
            self.categories[5].add(i64::from(o.totals[seat]));
        }
        self.margin.add(i64::from(o.margin));
        for &w in &o.winners {
            self.wins[w] += 1;
            self.win_sixtieths[w] += 60 / o.winners.len() as u64;
        }
        for (seat, &t) in o.totals.iter().enumerate() {
            let rank = o.totals.iter().filter(|&&x| x > t).count();
            self.ranks[seat][rank] += 1;
            *self.totals_seen.entry(t).or_default() += 1;
        }
        *self.margins_seen.entry(o.margin).or_default() += 1;
        self.tiles.add(i64::from(o.tiles));
        self.discards.add(i64::from(o.discards));
        self.lead_changes.add(i64::from(o.tension.lead_changes));
        self.settled_at.add(i64::from(o.tension.settled_at));
        self.drama.add(i64::from(o.tension.drama));
        self.unfinished_gatherers.add(i64::from(o.unfinished.0));
        self.unfinished_fishers.add(i64::from(o.unfinished.1));
        self.bonus_turns.add(i64::from(o.bonus_turns));
        if !self.bots.is_empty() && !o.bot_of_seat.is_empty() {
            // Each bot's best seat.
            let mut best = vec![None::<u32>; self.bots.len()];
            for (seat, &b) in o.bot_of_seat.iter().enumerate() {
                best[b] = best[b].max(Some(o.totals[seat]));
            }
            for (b, t) in self.bots.iter_mut().enumerate() {
                let Some(mine) = best[b] else { continue };
                let others = best
                    .iter()
                    .enumerate()
                    .filter(|&(x, _)| x != b)
                    .filter_map(|(_, v)| *v)
                    .max()
                    .unwrap_or(0);
                t.result.add(match mine.cmp(&others) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                });
                t.margin.add(i64::from(mine) - i64::from(others));
            }
        }
        if let Some(b) = base {
            if !self.paired_measures.is_empty() {
                for (name, (x, y)) in GAME_MEASURES
                    .iter()
                    .zip(o.measures().iter().zip(b.measures()))
                {
                    self.paired_measures
                        .entry(name.to_string())
                        .or_default()
                        .add(x - y);
                }
            }
            for c in 0..6 {
                let sum = |x: &Outcome| -> i64 {
                    (0..x.points.len())
                        .map(|s| i64::from(if c < 5 { x.points[s][c] } else { x.totals[s] }))
                        .sum()
                };
                self.paired[c].add(sum(o) - sum(b));
            }
        }
    }

    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        for (a, b) in self.categories.iter_mut().zip(&o.categories) {
            a.merge(b);
        }
        self.margin.merge(&o.margin);
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        self.bonus_turns.merge(&o.bonus_turns);
        for (a, b) in self.paired.iter_mut().zip(&o.paired) {
            a.merge(b);
        }
        for (k, b) in &o.paired_measures {
            self.paired_measures.entry(k.clone()).or_default().merge(b);
        }
        for (a, b) in self.bots.iter_mut().zip(&o.bots) {
            a.result.merge(&b.result);
            a.margin.merge(&b.margin);
        }
        for (a, b) in self.win_sixtieths.iter_mut().zip(&o.win_sixtieths) {
            *a += b;
        }
        for (a, b) in self.ranks.iter_mut().zip(&o.ranks) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (k, v) in &o.totals_seen {
            *self.totals_seen.entry(*k).or_default() += v;
        }
        for (k, v) in &o.margins_seen {
            *self.margins_seen.entry(*k).or_default() += v;
        }
        for (a, b) in [
            (&mut self.tiles, &o.tiles),
            (&mut self.discards, &o.discards),
            (&mut self.lead_changes, &o.lead_changes),
            (&mut self.settled_at, &o.settled_at),
            (&mut self.drama, &o.drama),
            (&mut self.unfinished_gatherers, &o.unfinished_gatherers),
            (&mut self.unfinished_fishers, &o.unfinished_fishers),
        ] {
            a.merge(b);
        }
    }
}

/// The bots of each seat for game `index`: with `rotate`, game `index` is played once per
/// seat rotation (`index % seats`), so each bot sits in each seat equally often.
pub fn seating(bots: &[BotKind], index: u64, rotate: bool) -> Vec<BotKind> {
    let n = bots.len();
    let r = if rotate {
        (index % n as u64) as usize
    } else {
        0
    };
    (0..n).map(|s| bots[(s + r) % n].clone()).collect()
}

/// The seed of game `index`: with seat rotation, the rotations of one seed share it.
pub fn seed_of(seed: u64, index: u64, seats: usize, rotate: bool) -> u64 {
    if rotate {
        game_seed(seed, index / seats as u64)
    } else {
        game_seed(seed, index)
    }
}

/// Plays game `index` under every variant and adds it to their tallies.
pub fn tally_game(
    variants: &[Variant],
    bots: &[BotKind],
    seed: u64,
    index: u64,
    rotate: bool,
) -> Result<Vec<Outcome>, BotError> {
    Table::default().tally_game(variants, bots, seed, index, rotate)
}

/// What a worker playing many games keeps from one game to the next: the game and the bots
/// with their memory, set up afresh for each game exactly as new ones would be.
#[derive(Default)]
pub struct Table {
    game: Option<Game>,
    /// The bot in each seat, and the kind it was made as.
    bots: Vec<Box<dyn Bot + Send>>,
    kinds: Vec<BotKind>,
}

impl Table {
    /// [`tally_game`] at this table.
    pub fn tally_game(
        &mut self,
        variants: &[Variant],
        bots: &[BotKind],
        seed: u64,
        index: u64,
        rotate: bool,
    ) -> Result<Vec<Outcome>, BotError> {
        let seats = seating(bots, index, rotate);
        let s = seed_of(seed, index, bots.len(), rotate);
        let distinct = distinct_bots(bots);
        let bot_of_seat: Vec<usize> = seats
            .iter()
            .map(|b| distinct.iter().position(|d| d == b).unwrap_or(0))
            .collect();
        variants
            .iter()
            // Statistics need the scores, not the events.
            .map(|v| {
                let mut watch = LeadWatch::default();
                let game = self.play_watching(v, &seats, s, false, |g| watch.see(g))?;
                let winners = game.winners();
                Ok(Outcome {
                    bot_of_seat: bot_of_seat.clone(),
                    tension: watch.tension(&winners),
                    ..Outcome::of(game)
                })
            })
            .collect()
    }

    /// Plays one game of `variant` to its end with one bot per seat, as [`play`] would (with
    /// its events when `events`), on the game and bots of the game before.
    pub fn play(
        &mut self,
        variant: &Variant,
        seats: &[BotKind],
        seed: u64,
        events: bool,
    ) -> Result<&Game, BotError> {
        self.play_watching(variant, seats, seed, events, |_| {})
    }

    fn play_watching(
        &mut self,
        variant: &Variant,
        seats: &[BotKind],
        seed: u64,
        events: bool,
        watch: impl FnMut(&Game),
    ) -> Result<&Game, BotError> {
        match &mut self.game {
            Some(g) => g.restart(variant, seats.len(), seed),
            None => self.game = Some(Game::seeded(variant, seats.len(), seed)),
        }
        let game = self.game.as_mut().expect("set up above");
        if !events {
            game.keep_no_events();
        }
        self.bots.truncate(seats.len());
        self.kinds.truncate(seats.len());
        for (seat, kind) in seats.iter().enumerate() {
            if seat == self.bots.len() {
                self.bots.push(kind.make(seed, seat));
                self.kinds.push(kind.clone());
            } else if self.kinds[seat] == *kind {
                kind.remake(&mut self.bots[seat], seed, seat);
            } else {
                self.bots[seat] = kind.make(seed, seat);
                self.kinds[seat] = kind.clone();
            }
        }
        play_out_watching(game, &mut self.bots, watch)?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lead followed the plain way: every player's standing looked at after every move.
    #[derive(Default)]
    struct Naive {
        leader: Option<usize>,
        lead_changes: u32,
        moves: u32,
        last_behind: [u32; MAX_PLAYERS],
        worst: [u32; MAX_PLAYERS],
    }

    impl Naive {
        fn see(&mut self, game: &Game) {
            self.moves += 1;
            let totals: Vec<u32> = (0..game.players()).map(|p| game.total(p)).collect();
            let best = totals.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..totals.len()).filter(|&p| totals[p] == best).collect();
            if leaders.len() == 1 && best > 0 {
                if self.leader.is_some_and(|l| l != leaders[0]) {
                    self.lead_changes += 1;
                }
                self.leader = Some(leaders[0]);
            }
            for (p, total) in totals.iter().enumerate() {
                if best > *total {
                    self.last_behind[p] = self.moves;
                    self.worst[p] = self.worst[p].max(best - total);
                }
            }
        }

        fn tension(&self, w: usize) -> Tension {
            Tension {
                lead_changes: self.lead_changes,
                settled_at: self.last_behind[w],
                drama: self.worst[w],
            }
        }
    }

    #[test]
    fn the_lead_watch_agrees_with_looking_after_every_move() {
        let mut table = Table::default();
        let mut changes = 0;
        for (i, name) in ["2002", "2014", "2020", "2002-scout", "2014-scout"]
            .iter()
            .cycle()
            .take(60)
            .enumerate()
        {
            let variant = Variant::load(name).expect("a built-in variant");
            let seats = vec![BotKind::Random; 2 + i % 4];
            let (mut watch, mut naive) = (LeadWatch::default(), Naive::default());
            let game = table
                .play_watching(&variant, &seats, i as u64, false, |g| {
                    watch.see(g);
                    naive.see(g);
                })
                .expect("random bots do not fail");
            assert!(game.is_over());
            for w in 0..seats.len() {
                assert_eq!(
                    watch.tension(&[w]),
                    naive.tension(w),
                    "game {i} ({name}), seat {w}"
                );
            }
            changes += watch.lead_changes;
        }
        assert!(changes > 0, "the games should see the lead change");
    }
}
