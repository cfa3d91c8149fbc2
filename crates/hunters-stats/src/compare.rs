//! Comparing variants: the same seed under several variants, and many games per variant with
//! means and confidence intervals.
//!
//! Statistics are kept deal by deal as exact integer sums ([`crate::statistics`]) so that the
//! result does not depend on the order in which games finish: any number of threads, or
//! shards of the deals run on different machines and merged, give the same numbers. What the
//! sums say (estimates and intervals) is [`crate::summary`]'s.

use serde::{Deserialize, Serialize};

use crate::measures::{ByMeasure, MEASURES, Measure};
use crate::statistics::{Clustered, Histogram};
use hunters_bots::{Bot, BotError, BotKind, Clock, play_out_timed};
use hunters_engine::feature::MAX_PLAYERS;
use hunters_engine::game::{Category, Game};
use hunters_engine::variant::Variant;

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
    /// How the lead went (empty unless the game was watched: see [`tally_deal`]).
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

/// Six values by category name, as [`crate::measures::CATEGORIES`] lists them. JSON outputs
/// name every number (docs/json.md).
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

impl ByCategory<f64> {
    /// The mean of `n` samples whose sums by category are `sums` (in [`Category::ALL`] order,
    /// then the total); 0 without samples.
    pub fn mean(sums: [u64; 6], n: u64) -> Self {
        ByCategory::from_array(sums.map(|x| if n == 0 { 0.0 } else { x as f64 / n as f64 }))
    }
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

/// The running statistics of one variant, kept by deal (the unit of independence: the games
/// of a deal share its tiles, and the players of a game share it): every measure adds, per
/// deal, the sum of its samples and their number ([`Clustered`], [`Histogram`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    /// Distinct deals the games were played from.
    pub deals: u64,
    /// Points per player and game, by category, then the total (by name in JSON): one sample
    /// per seat and game.
    #[serde(with = "by_category")]
    pub categories: [Clustered; 6],
    /// Winner's lead over the runner-up, per game.
    pub margin: Clustered,
    /// Wins by seat (a shared victory counts for every winner).
    pub wins: Vec<u64>,
    pub bonus_turns: Clustered,
    /// Against the first variant, on the same deals: the difference in points per player and
    /// game, by category and total (one sample per seat and game). Empty for the first
    /// variant (absent in JSON).
    #[serde(
        with = "by_category_if_any",
        skip_serializing_if = "Vec::is_empty",
        default
    )]
    pub paired: Vec<Clustered>,
    /// Bot against bot, when the seats have different bots: one entry per distinct bot, in
    /// the order of [`distinct_bots`]. Empty otherwise (absent in JSON).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub bots: Vec<BotTally>,
    /// Each seat's share of the wins, a shared victory split: in sixtieths of a game (60 for
    /// a win alone, 30 each for two winners, 20 for three...), 60 samples per game, so that
    /// the seats' shares add up to one.
    pub win_sixtieths: Vec<Clustered>,
    /// How often each seat finished first, second...: `ranks[seat][rank - 1]`, one sample
    /// (0 or 1) per game (tied players share the better rank).
    pub ranks: Vec<Vec<Clustered>>,
    /// The totals scored (one per seat per game) and the winning margins (one per game).
    pub totals: Histogram,
    pub margins: Histogram,
    /// Per game: tiles placed, tiles discarded.
    pub tiles: Clustered,
    pub discards: Clustered,
    /// Per game: sole-leader changes, the move after which the winner never trailed again,
    /// the most points the winner was behind.
    pub lead_changes: Clustered,
    pub settled_at: Clustered,
    pub drama: Clustered,
    /// Per game: gatherers and fishers standing on unfinished features at the end.
    pub unfinished_gatherers: Clustered,
    pub unfinished_fishers: Clustered,
    /// Against the first variant, game by game (same deals): the differences of the per-game
    /// measures ([`crate::measures::MEASURES`]). None for the first variant.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub paired_measures: Option<ByMeasure<Clustered>>,
}

impl Tally {
    /// The per-game samples of measure `m`.
    pub fn measure(&self, m: Measure) -> &Clustered {
        match m {
            Measure::Margin => &self.margin,
            Measure::Tiles => &self.tiles,
            Measure::BonusTurns => &self.bonus_turns,
            Measure::Discards => &self.discards,
            Measure::LeadChanges => &self.lead_changes,
            Measure::SettledAt => &self.settled_at,
            Measure::Drama => &self.drama,
            Measure::UnfinishedGatherers => &self.unfinished_gatherers,
            Measure::UnfinishedFishers => &self.unfinished_fishers,
        }
    }

    fn measure_mut(&mut self, m: Measure) -> &mut Clustered {
        match m {
            Measure::Margin => &mut self.margin,
            Measure::Tiles => &mut self.tiles,
            Measure::BonusTurns => &mut self.bonus_turns,
            Measure::Discards => &mut self.discards,
            Measure::LeadChanges => &mut self.lead_changes,
            Measure::SettledAt => &mut self.settled_at,
            Measure::Drama => &mut self.drama,
            Measure::UnfinishedGatherers => &mut self.unfinished_gatherers,
            Measure::UnfinishedFishers => &mut self.unfinished_fishers,
        }
    }
}

impl Outcome {
    /// The game's value of measure `m`.
    pub fn measure(&self, m: Measure) -> u32 {
        match m {
            Measure::Margin => self.margin,
            Measure::Tiles => self.tiles,
            Measure::BonusTurns => self.bonus_turns,
            Measure::Discards => self.discards,
            Measure::LeadChanges => self.tension.lead_changes,
            Measure::SettledAt => self.tension.settled_at,
            Measure::Drama => self.tension.drama,
            Measure::UnfinishedGatherers => self.unfinished.0,
            Measure::UnfinishedFishers => self.unfinished.1,
        }
    }
}

/// How one bot fared against the others, game by game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTally {
    pub bot: String,
    /// The seats it holds in each game (rotation moves them, never changes how many): its fair
    /// share of the wins is `seats` over all seats.
    pub seats: u64,
    /// Half-points, two samples per game: 2 when one of the bot's seats has the best total
    /// alone among the bots, 1 when it shares the best total with another bot's seat, 0
    /// otherwise (the mean is the win rate, a shared best total counting half).
    pub result: Clustered,
    /// The bot's best total minus the best total of another bot's seat, per game.
    pub margin: Clustered,
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

/// Whole-number samples of one deal for a histogram, on the stack for the deals a run plays
/// (up to five rotations of five seats), on the heap beyond.
#[derive(Default)]
struct Buffer {
    inline: [u32; 32],
    len: usize,
    more: Vec<u32>,
}

impl Buffer {
    fn push(&mut self, x: u32) {
        if self.len < self.inline.len() {
            self.inline[self.len] = x;
        } else {
            if self.more.is_empty() {
                self.more.extend_from_slice(&self.inline);
            }
            self.more.push(x);
        }
        self.len += 1;
    }

    fn as_mut_slice(&mut self) -> &mut [u32] {
        if self.more.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.more
        }
    }
}

/// A deal's totals (one per seat and game) and winning margins (one per game).
#[derive(Default)]
struct Samples {
    totals: Buffer,
    margins: Buffer,
}

/// Sums of a deal's samples of one measure, with their number, ready for [`Clustered`].
#[derive(Clone, Copy, Default)]
struct DealSum {
    sum: i64,
    n: u64,
}

impl DealSum {
    fn add(&mut self, x: impl Into<i64>) {
        self.sum += x.into();
        self.n += 1;
    }

    fn into(self, c: &mut Clustered) {
        c.add_deal(self.sum, self.n);
    }
}

impl Tally {
    /// An empty tally for a run with these seats' bots; paired against the first variant when
    /// `paired`.
    pub fn new(bots: &[BotKind], paired: bool) -> Tally {
        let distinct = distinct_bots(bots);
        Tally {
            wins: vec![0; bots.len()],
            win_sixtieths: vec![Clustered::default(); bots.len()],
            ranks: vec![vec![Clustered::default(); bots.len()]; bots.len()],
            bots: if distinct.len() > 1 {
                distinct
                    .iter()
                    .map(|b| BotTally {
                        bot: b.name(),
                        seats: bots.iter().filter(|x| *x == b).count() as u64,
                        ..BotTally::default()
                    })
                    .collect()
            } else {
                Vec::new()
            },
            paired: if paired {
                vec![Clustered::default(); 6]
            } else {
                Vec::new()
            },
            paired_measures: paired.then(ByMeasure::default),
            ..Tally::default()
        }
    }

    /// Adds the games of one deal (its seat rotations, all with the same seats' count);
    /// `base` holds the same games under the first variant when paired, in the same order.
    pub fn add_deal(&mut self, games: &[Outcome], base: Option<&[Outcome]>) {
        let Some(first) = games.first() else { return };
        let seats = first.totals.len();
        self.games += games.len() as u64;
        self.deals += 1;
        let mut categories = [DealSum::default(); 6];
        let mut per_game = ByMeasure::<DealSum>::default();
        // Fixed arrays, not allocations: this runs once per deal of every simulated game.
        let mut sixtieths = [DealSum::default(); MAX_PLAYERS];
        let mut ranks = [[DealSum::default(); MAX_PLAYERS]; MAX_PLAYERS];
        let mut bots = [(DealSum::default(), DealSum::default()); MAX_PLAYERS];
        let bots = &mut bots[..self.bots.len()];
        let mut samples = Samples::default();
        for o in games {
            for (seat, pts) in o.points.iter().enumerate() {
                for (c, &p) in pts.iter().enumerate() {
                    categories[c].add(p);
                }
                categories[5].add(o.totals[seat]);
            }
            for (m, d) in per_game.0.iter_mut().enumerate() {
                d.add(o.measure(MEASURES[m].measure));
            }
            for &w in &o.winners {
                self.wins[w] += 1;
            }
            for (seat, s) in sixtieths[..seats].iter_mut().enumerate() {
                let won = o.winners.contains(&seat);
                s.sum += if won { 60 / o.winners.len() as i64 } else { 0 };
                s.n += 60;
            }
            for (seat, &t) in o.totals.iter().enumerate() {
                let rank = o.totals.iter().filter(|&&x| x > t).count();
                for (r, k) in ranks[seat][..seats].iter_mut().enumerate() {
                    k.add(i64::from(r == rank));
                }
                samples.totals.push(t);
            }
            samples.margins.push(o.margin);
            if !bots.is_empty() && !o.bot_of_seat.is_empty() {
                for (b, (result, margin)) in Self::bot_results(o, bots.len()).zip(bots.iter_mut()) {
                    if let Some((r, m)) = b {
                        result.sum += r;
                        result.n += 2;
                        margin.add(m);
                    }
                }
            }
        }
        for (c, d) in self.categories.iter_mut().zip(categories) {
            d.into(c);
        }
        for (a, &d) in per_game.iter() {
            d.into(self.measure_mut(a.measure));
        }
        for (c, d) in self.win_sixtieths.iter_mut().zip(sixtieths) {
            d.into(c);
        }
        for (cs, ds) in self.ranks.iter_mut().zip(ranks) {
            for (c, d) in cs.iter_mut().zip(ds) {
                d.into(c);
            }
        }
        self.totals.add_deal(samples.totals.as_mut_slice());
        self.margins.add_deal(samples.margins.as_mut_slice());
        for (t, (result, margin)) in self.bots.iter_mut().zip(bots.iter().copied()) {
            if result.n > 0 {
                result.into(&mut t.result);
                margin.into(&mut t.margin);
            }
        }
        if let Some(base) = base {
            let mut measures = ByMeasure::<DealSum>::default();
            let mut paired = [DealSum::default(); 6];
            for (o, b) in games.iter().zip(base) {
                for (a, d) in MEASURES.iter().zip(&mut measures.0) {
                    let m = a.measure;
                    d.add(i64::from(o.measure(m)) - i64::from(b.measure(m)));
                }
                for seat in 0..seats {
                    for (c, d) in paired.iter_mut().enumerate() {
                        let at = |x: &Outcome| -> i64 {
                            i64::from(if c < 5 {
                                x.points[seat][c]
                            } else {
                                x.totals[seat]
                            })
                        };
                        d.add(at(o) - at(b));
                    }
                }
            }
            if let Some(p) = &mut self.paired_measures {
                for (c, d) in p.0.iter_mut().zip(measures.0) {
                    d.into(c);
                }
            }
            for (c, d) in self.paired.iter_mut().zip(paired) {
                d.into(c);
            }
        }
    }

    /// For each distinct bot of a game, if it sat: its half-points (2 a win alone among the
    /// bots, 1 a shared one, 0 a loss) and its best total minus the best total of another
    /// bot.
    fn bot_results(o: &Outcome, bots: usize) -> impl Iterator<Item = Option<(i64, i64)>> {
        let mut best = [None::<u32>; MAX_PLAYERS];
        for (seat, &b) in o.bot_of_seat.iter().enumerate() {
            best[b] = best[b].max(Some(o.totals[seat]));
        }
        (0..bots).map(move |b| {
            let mine = best[b]?;
            let others = best[..bots]
                .iter()
                .enumerate()
                .filter(|&(x, _)| x != b)
                .filter_map(|(_, v)| *v)
                .max()
                .unwrap_or(0);
            let result = match mine.cmp(&others) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            Some((result, i64::from(mine) - i64::from(others)))
        })
    }

    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.deals += o.deals;
        for (a, b) in self.categories.iter_mut().zip(&o.categories) {
            a.merge(b);
        }
        for a in &MEASURES {
            self.measure_mut(a.measure).merge(o.measure(a.measure));
        }
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        for (a, b) in self.paired.iter_mut().zip(&o.paired) {
            a.merge(b);
        }
        match (&mut self.paired_measures, &o.paired_measures) {
            (Some(p), Some(q)) => {
                for (a, b) in p.0.iter_mut().zip(&q.0) {
                    a.merge(b);
                }
            }
            (None, Some(q)) => self.paired_measures = Some(*q),
            _ => {}
        }
        for (a, b) in self.bots.iter_mut().zip(&o.bots) {
            a.result.merge(&b.result);
            a.margin.merge(&b.margin);
        }
        for (a, b) in self.win_sixtieths.iter_mut().zip(&o.win_sixtieths) {
            a.merge(b);
        }
        for (a, b) in self.ranks.iter_mut().zip(&o.ranks) {
            for (x, y) in a.iter_mut().zip(b) {
                x.merge(y);
            }
        }
        self.totals.merge(&o.totals);
        self.margins.merge(&o.margins);
    }
}

/// How a run deals and seats its games. A deal is one seed: the tiles and their order. With
/// seats rotated, each deal is played once per rotation of the bots around the table, so
/// that every bot sits in every seat equally often on the same tiles; when every seat holds
/// the same bot a rotation would replay the very same game (each seat keeps its own random
/// stream), so each game is then a deal of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    bots: Vec<BotKind>,
    rotations: usize,
}

impl Plan {
    /// The plan for these seats' bots, rotated when `rotate` and some seats' bots differ.
    pub fn new(bots: &[BotKind], rotate: bool) -> Plan {
        let rotations = if rotate && distinct_bots(bots).len() > 1 {
            bots.len()
        } else {
            1
        };
        Plan {
            bots: bots.to_vec(),
            rotations,
        }
    }

    /// The bots as named, seat by seat (the first rotation).
    pub fn bots(&self) -> &[BotKind] {
        &self.bots
    }

    /// Games per deal: the seats when rotating, else 1.
    pub fn rotations(&self) -> usize {
        self.rotations
    }

    /// Whether the seats rotate.
    pub fn rotates(&self) -> bool {
        self.rotations > 1
    }

    /// The deals that `games` games take (rounded up to whole deals).
    pub fn deals(&self, games: u64) -> u64 {
        games.div_ceil(self.rotations as u64)
    }

    /// The bots of each seat in rotation `rotation` of a deal: the named order turned by
    /// `rotation` seats.
    pub fn seating(&self, rotation: usize) -> Vec<BotKind> {
        let n = self.bots.len();
        (0..n)
            .map(|s| self.bots[(s + rotation) % n].clone())
            .collect()
    }

    /// The index in the run of rotation `rotation` of deal `deal` (games are numbered deal
    /// by deal).
    pub fn game_index(&self, deal: u64, rotation: usize) -> u64 {
        deal * self.rotations as u64 + rotation as u64
    }
}

/// The seed of deal `deal` of a run with master seed `seed`: the same under every variant
/// and for every rotation of the seats.
pub fn deal_seed(seed: u64, deal: u64) -> u64 {
    game_seed(seed, deal)
}

/// Plays every rotation of one deal under every variant: the outcomes by variant, then by
/// rotation.
pub fn tally_deal(
    variants: &[Variant],
    plan: &Plan,
    seed: u64,
    deal: u64,
) -> Result<Vec<Vec<Outcome>>, BotError> {
    Table::default().tally_deal(variants, plan, seed, deal)
}

/// What a worker playing many games keeps from one game to the next: the game and the bots
/// with their memory, set up afresh for each game exactly as new ones would be.
#[derive(Default)]
pub struct Table {
    game: Option<Game>,
    /// The bot in each seat, and the kind it was made as.
    bots: Vec<Box<dyn Bot + Send>>,
    kinds: Vec<BotKind>,
    /// The time each kind of bot spent choosing since [`Table::take_clocks`] last emptied it.
    clocks: Vec<(BotKind, Clock)>,
}

impl Table {
    /// [`tally_deal`] at this table.
    pub fn tally_deal(
        &mut self,
        variants: &[Variant],
        plan: &Plan,
        seed: u64,
        deal: u64,
    ) -> Result<Vec<Vec<Outcome>>, BotError> {
        let s = deal_seed(seed, deal);
        let distinct = distinct_bots(plan.bots());
        let mut out = vec![Vec::with_capacity(plan.rotations()); variants.len()];
        for rotation in 0..plan.rotations() {
            let seats = plan.seating(rotation);
            let bot_of_seat: Vec<usize> = seats
                .iter()
                .map(|b| distinct.iter().position(|d| d == b).unwrap_or(0))
                .collect();
            for (v, games) in variants.iter().zip(&mut out) {
                let mut watch = LeadWatch::default();
                // Statistics need the scores, not the events.
                let game = self.play_watching(v, &seats, s, false, |g| watch.see(g))?;
                let winners = game.winners();
                games.push(Outcome {
                    bot_of_seat: bot_of_seat.clone(),
                    tension: watch.tension(&winners),
                    ..Outcome::of(game)
                });
            }
        }
        Ok(out)
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
        let mut clocks = [Clock::default(); MAX_PLAYERS];
        let clocks = &mut clocks[..seats.len()];
        play_out_timed(game, &mut self.bots, watch, clocks)?;
        for (kind, &clock) in seats.iter().zip(clocks.iter()) {
            match self.clocks.iter_mut().find(|(k, _)| k == kind) {
                Some((_, c)) => c.add(clock),
                None => self.clocks.push((kind.clone(), clock)),
            }
        }
        Ok(game)
    }

    /// The time each kind of bot spent choosing in the games played here since the last
    /// call, and the moves it chose, in the order the bots first sat; the clocks start again
    /// at zero. Timing only: no result depends on it.
    pub fn take_clocks(&mut self) -> Vec<(BotKind, Clock)> {
        std::mem::take(&mut self.clocks)
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
