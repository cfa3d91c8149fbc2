//! The evaluation of a position: what it is worth to each player, in thousandths of a point,
//! for a search to compare the positions its moves and playouts lead to. It knows nothing of
//! the search that asks: an [`Evaluator`] judges one position by its [`Weights`]
//! ([`Evaluator::values`], [`Evaluator::lead`]), and `mcts` decides what to do with that.
//!
//! **What it counts.** For each player the score, plus for each feature holding pieces what
//! it would bring its majority — a forest or river what it would score if completed now,
//! divided by a number that grows with its open sides and, for each, as the regular tiles run
//! out ([`Weights::open_weight`], [`Weights::open_late`]); a meadow or a river system a share
//! of what final scoring would give it now ([`Weights::meadow_weight`],
//! [`Weights::system_weight`]); an Agriculture hut the meadow segments it will score — plus
//! what the pieces still in the supply are worth ([`Weights::meeple_in_supply`],
//! [`Weights::hut_in_supply`], falling to nothing as the regular deck runs out). The value of
//! the supply is what keeps a bot from spending every meeple at once. A game over is worth
//! its scores and nothing more.
//!
//! Most forests and rivers are won by the player who completes them and claims them in the
//! same move, so the evaluation also weighs what a meeple *at hand* can do: having one (in the
//! supply, or for the Shaman's holder on the board to take back) is worth
//! [`Weights::ready_meeple`], and every forest or river one open side from completion that
//! nobody holds counts a share of its points for each player with a meeple at hand — a large
//! share for the player to move, who may complete it next, and a small one for the others
//! ([`Weights::unclaimed_next`], [`Weights::unclaimed_rest`]). Without these a move that
//! leaves such a feature to the opponent looked as good as one that does not.
//!
//! **The Scout.** The holder of the Shaman can take a meeple back from the board any turn, so
//! a meeple in that player's supply is worth far less ([`Weights::shaman_meeple`]).
//!
//! **Where the weights came from.** [`Weights::FIRST`] are those of the first searching bot
//! (`mcts-v1`), set when it was written: by hand, but for a meeple in the supply, 6 points
//! after a few trials in 2002-scout, 2002 and 2020 (no command recorded). [`Weights::second`] are those of `mcts-v2` (and of `mcts` for
//! now), tuned by self-play: `examples/tune.rs --search` moves one weight at a time, a step up
//! or else down, for as long as the one-move bot (`--playouts 1`, which plays the move of best
//! value: the evaluation alone) wins more often over the same deals of master seed 31337, a
//! seed no measurement in docs/strength.md uses. Each weight (docs/strength.md has the
//! commands in full, the path the searches took and what the bot measures on other seeds):
//!
//! - `open_weight` 1,000 → 187, `open_late` 0 → 1,000, `meadow_weight` 1,000 → 800,
//!   `system_weight` 1,000 → 1,400, `hut_in_supply` 2,000 → 1,000 (and `meeple_in_supply`
//!   6,000 → 5,000): the first search, from `mcts-v1`'s weights, against `mcts-v1:1`, 1,000
//!   deals of the five variants (`tune --search --base first --playouts 1 --against mcts-v1:1
//!   --deals 1000 2002 2014 2020 2002-scout 2014-scout`; 50 → 73.2 %).
//! - In 2020, `open_weight` −63, `open_late` 1,500, `meadow_weight` 500, `system_weight` 1,700
//!   (and `meeple_in_supply` 4,000): the same search per edition from those weights, against
//!   `mcts-v1:1` and `greedy`, 600 deals (`tune --search --base first T --playouts 1
//!   --against mcts-v1:1 --against greedy --deals 600 2020`, T the first search's weights;
//!   80.6 → 87.9 %). In 2002 (`… 2002 2002-scout`) and 2014 (`… 2014 2014-scout`) no step
//!   paid: they keep the first search's.
//! - `meadow_early` stays 0: no search ever moved it. `to_move` stays 0: it moved the one-move
//!   bot by less than a point over 600 deals.
//! - `shaman_meeple` 6,000 (as any meeple) → 1,000: measured with the whole search (1,000
//!   playouts) against `greedy`, 400 deals of each Scout variant on seed 31337 (`tune --deals
//!   400 --against greedy 2002-scout shaman_meeple=1000`, and 2014-scout), together with the
//!   search's `draw_value`: 79.2 → 80.3 % and 78.3 → 80.9 %.
//! - `ready_meeple` 3,000, `unclaimed_next` 700 and `unclaimed_rest` 175, `meeple_in_supply`
//!   4,000, `shaman_meeple` 2,000, in 2002 and 2014: two searches against `greedy` with
//!   `--steps` naming the numbers moved; the first over 2,000 deals of both Scout variants
//!   (`tune --search --deals 2000 --playouts 1 --against greedy 2002-scout 2014-scout
//!   ready_meeple=3000 unclaimed_next=300 --steps unclaimed_next:200,unclaimed_rest:200,
//!   ready_meeple:2000,shaman_meeple:1000,meeple_in_supply:1000,open_weight:150,
//!   open_late:500`; 75.1 → 86.0 %) set the supply's two, the second over 1,200 deals of 2002,
//!   2014 and both Scout variants (`… --deals 1200 … 2002 2014 2002-scout 2014-scout
//!   meeple_in_supply=4000 shaman_meeple=2000 ready_meeple=3000 unclaimed_next=900
//!   unclaimed_rest=200 --steps unclaimed_next:200,unclaimed_rest:100,ready_meeple:1000,
//!   meeple_in_supply:1000,shaman_meeple:1000`; 90.0 → 90.7 %) the meeple at hand's.
//! - In 2020, `ready_meeple` 3,000, `unclaimed_next` 1,100, `unclaimed_rest` 100,
//!   `meeple_in_supply` 3,500: a third search, 1,200 deals of 2020 against `greedy` (`…
//!   --deals 1200 … 2020 ready_meeple=3000 unclaimed_next=900 unclaimed_rest=200 --steps
//!   unclaimed_next:200,unclaimed_rest:100,ready_meeple:1000,meeple_in_supply:1000`; 92.8 →
//!   95.4 %).
//!
//! **Two questions, two sets of weights.** The weights above answer "which move?": tuned by
//! the one-move bot's wins, they rank `mcts`'s candidates. [`Weights::fitted`] answer "what
//! will this position come to?", and judge where `mcts`'s playouts end: fitted by least
//! squares to the final margins of self-play, so that the lead of the player who just moved
//! predicts what that player wins or loses the game by. `examples/fit.rs` plays 1,200 games
//! of `mcts-v3:250` against itself on the deals of master seed 4711 (no measurement uses
//! it), fits on the odd games and judges on the even (`fit --games 1200 --bot mcts-v3:250
//! VARIANT`, one fit per variant). On the games not fitted the tuned weights explain 8 to
//! 10 % of what the rest of a game changes in the Scout variants and the first two editions
//! (in 2020 they predict worse than the score alone), the fitted ones 19 to 21 % (12 % in
//! 2020). The two differ most in what a forest or river one side from completion is worth to
//! the player to move (`unclaimed_next`: 700 and 1,100 tuned, about 100 fitted) — right for
//! choosing a move, which should not leave one to the next player, and wrong for predicting
//! what a position comes to — and in `to_move` (0 tuned, about 1,500 fitted). As the judge
//! of the playouts' ends they won 64.6 % (60.7–68.5) against the same search judging by the
//! tuned weights at 1,000 playouts in 2020, 59.4 % at 250, 58.4 % in 2002-scout at 250, on
//! 200 deals of master seed 31337; ranking the candidates too, they lost (44.1 %).
//! docs/strength.md ("Is it lost where the playouts end?") has the commands and what the
//! current bot measures on other deals.

use hunters_engine::edition::Edition;
use hunters_engine::feature::{FeatureKey, MAX_PLAYERS, PerPlayer, PieceAt};
use hunters_engine::game::{Game, majority};
use hunters_engine::ruleset::Points;
use hunters_engine::scout::Special;
use hunters_engine::tile::{MeadowSpecial, Piece};

/// The weights of the evaluation, in thousandths of a point unless said. The module docs say
/// where each came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// What a meeple and a hut in the supply are worth early in the game (it falls to nothing
    /// as the regular deck runs out).
    pub meeple_in_supply: i64,
    pub hut_in_supply: i64,
    /// Scout: what a meeple in the supply of the Shaman's holder is worth instead, early in
    /// the game: one on the board can be taken back any turn.
    pub shaman_meeple: i64,
    /// An open forest or river counts what it would score now divided by `1 + open sides ×
    /// (open_weight + open_late × 10 / (regular tiles left + 10)) / 1000`: each open side
    /// makes it less likely to be completed, the more so as the tiles run out.
    pub open_weight: i64,
    pub open_late: i64,
    /// What a meadow's hunters and a river system's huts would score now, in thousandths of
    /// what final scoring would give; a meadow counts `meadow_early × left / (left + 10)`
    /// thousandths more, for the animals it may still take in.
    pub meadow_weight: i64,
    pub meadow_early: i64,
    pub system_weight: i64,
    /// What it is worth to be the player to move (a bonus tile's turn).
    pub to_move: i64,
    /// What it is worth, early in the game, to have a meeple at hand: one in the supply, or
    /// for the Shaman's holder one on the board it may take back.
    pub ready_meeple: i64,
    /// Share (thousandths) of a forest's or river's points, open on one side and held by
    /// nobody, that counts for the player to move and for each other player, when they
    /// have a meeple at hand to claim it by completing it.
    pub unclaimed_next: i64,
    pub unclaimed_rest: i64,
}

/// [`Weights::NAMES`] and [`Weights::by_name`] from one list of the fields.
macro_rules! named {
    ($($field:ident),* $(,)?) => {
        /// Every weight by its field's name, for tools that set them by name
        /// (`examples/tune.rs`, `examples/fit.rs`). The divisor's two (`open_weight`,
        /// `open_late`) come last: every other enters the evaluation linearly (a test holds
        /// it).
        pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];

        /// The weight named `name` (one of [`Weights::NAMES`]).
        pub fn by_name(&mut self, name: &str) -> Option<&mut i64> {
            match name {
                $(stringify!($field) => Some(&mut self.$field),)*
                _ => None,
            }
        }
    };
}

impl Weights {
    /// The first searching bot's weights (`mcts-v1`).
    pub const FIRST: Weights = Weights {
        meeple_in_supply: 6000,
        hut_in_supply: 2000,
        shaman_meeple: 6000,
        open_weight: 1000,
        open_late: 0,
        meadow_weight: 1000,
        meadow_early: 0,
        system_weight: 1000,
        to_move: 0,
        ready_meeple: 0,
        unclaimed_next: 0,
        unclaimed_rest: 0,
    };

    named!(
        meeple_in_supply,
        hut_in_supply,
        shaman_meeple,
        meadow_weight,
        meadow_early,
        system_weight,
        to_move,
        ready_meeple,
        unclaimed_next,
        unclaimed_rest,
        open_weight,
        open_late,
    );

    /// No weight at all: the evaluation is then the score and the forests and rivers held,
    /// at what they would score now.
    pub const ZERO: Weights = Weights {
        meeple_in_supply: 0,
        hut_in_supply: 0,
        shaman_meeple: 0,
        open_weight: 0,
        open_late: 0,
        meadow_weight: 0,
        meadow_early: 0,
        system_weight: 0,
        to_move: 0,
        ready_meeple: 0,
        unclaimed_next: 0,
        unclaimed_rest: 0,
    };

    /// The weight named `name`, if it has one.
    pub fn value_of(&self, name: &str) -> Option<i64> {
        let mut w = *self;
        w.by_name(name).copied()
    }

    /// The second searching bot's weights (`mcts-v2`) in `edition`, found by
    /// `examples/tune.rs --search` (the module docs say how).
    pub fn second(edition: Edition) -> Weights {
        let tuned = Weights {
            meeple_in_supply: 4000,
            hut_in_supply: 1000,
            shaman_meeple: 2000,
            open_weight: 187,
            open_late: 1000,
            meadow_weight: 800,
            system_weight: 1400,
            ready_meeple: 3000,
            unclaimed_next: 700,
            unclaimed_rest: 175,
            ..Weights::FIRST
        };
        match edition {
            Edition::E2002 | Edition::E2014 => tuned,
            Edition::E2020 => Weights {
                meeple_in_supply: 3500,
                hut_in_supply: 1000,
                unclaimed_next: 1100,
                unclaimed_rest: 100,
                open_weight: -63,
                open_late: 1500,
                meadow_weight: 500,
                system_weight: 1700,
                ..tuned
            },
        }
    }

    /// What a position comes to, in `edition` (with the Scout or without): the weights that
    /// judge where `mcts`'s playouts end, fitted by least squares to the final margins of
    /// self-play (the module docs say how). Each variant has its own fit; without the Scout
    /// `shaman_meeple` never counts.
    pub fn fitted(edition: Edition, scout: bool) -> Weights {
        match (edition, scout) {
            (Edition::E2002, false) => Weights {
                meeple_in_supply: 1337,
                hut_in_supply: 1324,
                shaman_meeple: 0,
                open_weight: -63,
                open_late: 2500,
                meadow_weight: 1158,
                meadow_early: -592,
                system_weight: 1094,
                to_move: 1475,
                ready_meeple: -2549,
                unclaimed_next: 186,
                unclaimed_rest: 156,
            },
            (Edition::E2002, true) => Weights {
                meeple_in_supply: 1082,
                hut_in_supply: 1109,
                shaman_meeple: -488,
                open_weight: -63,
                open_late: 2500,
                meadow_weight: 1311,
                meadow_early: -898,
                system_weight: 1104,
                to_move: 1668,
                ready_meeple: 5599,
                unclaimed_next: 116,
                unclaimed_rest: 96,
            },
            (Edition::E2014, false) => Weights {
                meeple_in_supply: 1666,
                hut_in_supply: 1367,
                shaman_meeple: 0,
                open_weight: -63,
                open_late: 2500,
                meadow_weight: 1122,
                meadow_early: -494,
                system_weight: 947,
                to_move: 1487,
                ready_meeple: 145,
                unclaimed_next: 128,
                unclaimed_rest: 99,
            },
            (Edition::E2014, true) => Weights {
                meeple_in_supply: 1458,
                hut_in_supply: 2485,
                shaman_meeple: -66,
                open_weight: -63,
                open_late: 1500,
                meadow_weight: 1288,
                meadow_early: -676,
                system_weight: 975,
                to_move: 1689,
                ready_meeple: 8282,
                unclaimed_next: 79,
                unclaimed_rest: 60,
            },
            (Edition::E2020, _) => Weights {
                meeple_in_supply: 1853,
                hut_in_supply: 3556,
                shaman_meeple: 0,
                open_weight: -63,
                open_late: 1500,
                meadow_weight: 1117,
                meadow_early: -463,
                system_weight: 1080,
                to_move: 1537,
                ready_meeple: 1332,
                unclaimed_next: 91,
                unclaimed_rest: 55,
            },
        }
    }
}

/// Judges positions by its weights. It keeps a buffer from one position to the next, so that
/// judging the thousands of positions of a decision allocates nothing.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    /// The features already counted in the position at hand.
    seen: Vec<FeatureKey>,
}

impl Evaluator {
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator {
            weights,
            seen: Vec::new(),
        }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Judges by other weights from now on, keeping the buffer.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Each player's value in `game`, in thousandths of a point (seats past the game's
    /// players are 0).
    pub fn values(&mut self, game: &Game) -> [i64; MAX_PLAYERS] {
        evaluate(game, &self.weights, &mut self.seen)
    }

    /// `player`'s value in `game` minus the best other player's, in thousandths of a point:
    /// the one number a search maximises, with any number of players.
    pub fn lead(&mut self, game: &Game, player: usize) -> i64 {
        lead_in(&self.values(game), game.players(), player)
    }
}

/// `player`'s value in `values` (of a game of `players`) minus the best other player's.
pub fn lead_in(values: &[i64; MAX_PLAYERS], players: usize, player: usize) -> i64 {
    let best_other = (0..players)
        .filter(|&p| p != player)
        .map(|p| values[p])
        .max()
        .unwrap_or(0);
    values[player] - best_other
}

/// Each player's points, in thousandths: see the module docs. `seen` is a buffer for the
/// features already counted.
fn evaluate(game: &Game, weights: &Weights, seen: &mut Vec<FeatureKey>) -> [i64; MAX_PLAYERS] {
    let mut value = [0i64; MAX_PLAYERS];
    for (p, v) in value.iter_mut().enumerate().take(game.players()) {
        *v = 1000 * i64::from(game.total(p));
    }
    if game.is_over() {
        return value;
    }
    // A piece in the supply is worth something while tiles remain to put it on.
    let left = game.regular_left() as i64;
    for (p, v) in value.iter_mut().enumerate().take(game.players()) {
        let (meeples, huts) = game.supply(p);
        let meeple = if game.hand(p).contains(&Special::Shaman) {
            weights.shaman_meeple
        } else {
            weights.meeple_in_supply
        };
        *v += (meeple * i64::from(meeples) + weights.hut_in_supply * i64::from(huts)) * left
            / (left + 10);
    }
    if let Some(turn) = game.turn() {
        value[turn.player] += weights.to_move;
    }
    if weights.ready_meeple != 0 || weights.unclaimed_next != 0 || weights.unclaimed_rest != 0 {
        at_hand(game, weights, left, &mut value);
    }
    let open_penalty = weights.open_weight + weights.open_late * 10 / (left + 10);
    let meadow_weight = weights.meadow_weight + weights.meadow_early * left / (left + 10);
    let rules = game.rules();
    let f = game.features();
    let tiles = &game.tiles().tiles;
    seen.clear();
    for on in game.pieces() {
        let Some(z) = game.piece_zone(on.at) else {
            continue;
        };
        // The Agriculture hut stands on its tile's spot in a meadow, which it scores for its
        // owner at the end whoever hunts there (a point a segment).
        if on.piece == Piece::Hut && matches!(on.at, PieceAt::Spot { .. }) {
            value[on.player] += 1000 * i64::from(f.meadow(z).segments);
            continue;
        }
        let system = on.piece == Piece::Hut;
        let key = f.key(tiles, game.board(), z, system);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let (worth, counts): (i64, PerPlayer) = match on.piece {
            Piece::Gatherer => {
                let info = f.forest(z);
                let points = i64::from(rules.forest::<Points>(info).0);
                (open_worth(points, info.open, open_penalty), info.gatherers)
            }
            Piece::Fisher => {
                let info = f.river(z);
                let points = i64::from(rules.river::<Points>(info).0);
                (open_worth(points, info.open, open_penalty), info.fishers)
            }
            Piece::Hunter => {
                let info = f.meadow(z);
                let fire =
                    info.count(MeadowSpecial::Fire) + info.count(MeadowSpecial::Wildfire) > 0;
                let points = i64::from(rules.meadow::<Points>(&info.animals, fire, &[]).0);
                let mut counts = info.hunters;
                for (c, h) in counts.iter_mut().zip(info.farm_huts) {
                    *c += h;
                }
                (meadow_weight * points, counts)
            }
            Piece::Hut => {
                let info = f.system(tiles, game.board(), z);
                (
                    weights.system_weight * i64::from(rules.huts::<Points>(info).0),
                    info.huts,
                )
            }
        };
        for w in majority(&counts).iter() {
            value[w] += worth;
        }
    }
    value
}

/// The worth of a meeple at hand and of the forests and rivers one open side from
/// completion that nobody holds ([`Weights::ready_meeple`], [`Weights::unclaimed_next`]).
fn at_hand(game: &Game, weights: &Weights, left: i64, value: &mut [i64; MAX_PLAYERS]) {
    let players = game.players();
    let mut ready = [false; MAX_PLAYERS];
    for (p, r) in ready.iter_mut().enumerate().take(players) {
        *r = game.supply(p).0 > 0;
    }
    // The Shaman's holder can take back any meeple of theirs not fixed on a Scout tile.
    if let Some(holder) = (0..players).find(|&p| game.hand(p).contains(&Special::Shaman))
        && !ready[holder]
    {
        ready[holder] = game.pieces().iter().any(|on| {
            on.player == holder && on.piece != Piece::Hut && !matches!(on.at, PieceAt::Spot { .. })
        });
    }
    for p in 0..players {
        if ready[p] {
            value[p] += weights.ready_meeple * left / (left + 10);
        }
    }
    if weights.unclaimed_next == 0 && weights.unclaimed_rest == 0 {
        return;
    }
    let mover = game.turn().map(|t| t.player);
    let rules = game.rules();
    let f = game.features();
    let mut unclaimed = 0i64;
    for info in f.all_forests() {
        if info.open == 1 && info.gatherers.iter().all(|&g| g == 0) {
            unclaimed += i64::from(rules.forest::<Points>(info).0);
        }
    }
    for info in f.all_rivers() {
        if info.open == 1 && info.fishers.iter().all(|&g| g == 0) {
            unclaimed += i64::from(rules.river::<Points>(info).0);
        }
    }
    for p in 0..players {
        if ready[p] {
            let share = if Some(p) == mover {
                weights.unclaimed_next
            } else {
                weights.unclaimed_rest
            };
            value[p] += unclaimed * share;
        }
    }
}

/// What an open forest or river of `points` with `open` open sides counts, in thousandths,
/// each open side adding `penalty` thousandths to the divisor.
fn open_worth(points: i64, open: u16, penalty: i64) -> i64 {
    1_000_000 * points / (1000 + i64::from(open) * penalty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hunters_engine::Variant;
    use hunters_engine::feature::ZoneId;
    use hunters_engine::rng::below;
    use hunters_engine::tile::ZoneKind;

    /// The worth of a meeple at hand and of the unclaimed forests and rivers one side from
    /// completion, recomputed zone by zone from the board, equals what the evaluation adds
    /// for them, in positions of random games of every variant.
    #[test]
    fn what_is_at_hand_equals_a_recount_from_the_board() {
        let weights = Weights {
            ready_meeple: 3000,
            unclaimed_next: 700,
            unclaimed_rest: 175,
            ..Weights::FIRST
        };
        let mut with = Evaluator::new(weights);
        let mut without = Evaluator::new(Weights::FIRST);
        let mut checked = [0usize; 2];
        for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
            let variant = Variant::load(name).unwrap();
            for seed in 0..6 {
                let players = 2 + seed as usize % 3;
                let mut game = Game::seeded(&variant, players, seed);
                let mut rng = hunters_engine::rng::stream(seed, "test");
                let mut moves = Vec::new();
                while game.turn().is_some() {
                    let added = with.values(&game);
                    let before = without.values(&game);
                    let (want, unclaimed) = recount(&game, &weights);
                    for p in 0..players {
                        assert_eq!(added[p] - before[p], want[p], "{name}, seed {seed}");
                    }
                    checked[0] += usize::from(unclaimed > 0);
                    checked[1] += usize::from(unclaimed > 0 && want[..players].contains(&0));
                    game.legal_moves(&mut moves);
                    let mv = moves[below(&mut rng, moves.len())];
                    game.play(mv).unwrap();
                }
            }
        }
        // Positions with such a forest or river to claim, some with a player who has no
        // meeple at hand to claim it.
        assert!(checked[0] > 1000 && checked[1] > 100, "{checked:?}");
    }

    /// Every weight but the divisor's two enters the evaluation linearly: a position's value
    /// is that with none of them, plus each weight times what one point of it adds, to within
    /// the rounding of whole thousandths. `examples/fit.rs` fits the weights by that, and
    /// every name of [`Weights::NAMES`] reaches its own field.
    #[test]
    fn the_evaluation_is_linear_in_every_weight_but_the_divisors() {
        let mut seen = Weights::ZERO;
        for (i, name) in Weights::NAMES.iter().enumerate() {
            *seen.by_name(name).unwrap() = i as i64 + 1;
        }
        let mut fields = [
            seen.meeple_in_supply,
            seen.hut_in_supply,
            seen.shaman_meeple,
            seen.meadow_weight,
            seen.meadow_early,
            seen.system_weight,
            seen.to_move,
            seen.ready_meeple,
            seen.unclaimed_next,
            seen.unclaimed_rest,
            seen.open_weight,
            seen.open_late,
        ];
        fields.sort();
        assert_eq!(fields, std::array::from_fn(|i| i as i64 + 1));
        let linear = &Weights::NAMES[..Weights::NAMES.len() - 2];
        let mut eval = Evaluator::new(Weights::ZERO);
        let mut positions = 0;
        for name in ["2002", "2020", "2002-scout", "2014-scout"] {
            let variant = Variant::load(name).unwrap();
            let weights = Weights::second(variant.edition);
            let base = Weights {
                open_weight: weights.open_weight,
                open_late: weights.open_late,
                ..Weights::ZERO
            };
            for seed in 0..3 {
                let mut game = Game::seeded(&variant, 2 + seed as usize % 2, seed);
                let mut rng = hunters_engine::rng::stream(seed, "test");
                let mut moves = Vec::new();
                while game.turn().is_some() {
                    eval.set_weights(base);
                    let without = eval.values(&game);
                    let mut sum = without.map(|v| v as f64);
                    for key in linear {
                        let mut unit = base;
                        *unit.by_name(key).unwrap() = 1000;
                        eval.set_weights(unit);
                        let one = eval.values(&game);
                        let mut w = weights;
                        let w = *w.by_name(key).unwrap() as f64 / 1000.0;
                        for p in 0..game.players() {
                            sum[p] += w * (one[p] - without[p]) as f64;
                        }
                    }
                    eval.set_weights(weights);
                    let whole = eval.values(&game);
                    for p in 0..game.players() {
                        assert!((whole[p] as f64 - sum[p]).abs() <= 40.0, "{name} {seed}");
                    }
                    positions += 1;
                    game.legal_moves(&mut moves);
                    let mv = moves[below(&mut rng, moves.len())];
                    game.play(mv).unwrap();
                }
            }
        }
        assert!(positions > 500);
    }

    /// What the evaluation should add for each player, and the points of the forests and
    /// rivers to claim.
    fn recount(game: &Game, weights: &Weights) -> ([i64; MAX_PLAYERS], i64) {
        let left = game.regular_left() as i64;
        let mut ready = [false; MAX_PLAYERS];
        for (p, r) in ready.iter_mut().enumerate().take(game.players()) {
            let shaman = game.hand(p).contains(&Special::Shaman);
            *r = game.supply(p).0 > 0
                || shaman
                    && game.pieces().iter().any(|on| {
                        on.player == p
                            && on.piece != Piece::Hut
                            && matches!(on.at, PieceAt::Zone(_))
                    });
        }
        let f = game.features();
        let tiles = &game.tiles().tiles;
        let mut keys = Vec::new();
        let mut unclaimed = 0;
        for (placed, p) in game.board().placed().iter().enumerate() {
            for zone in tiles[p.tile].zones() {
                let z = ZoneId {
                    placed: placed as u16,
                    zone,
                };
                let (open, held, points) = match zone.kind {
                    ZoneKind::Forest => {
                        let i = f.forest(z);
                        let pts = game.rules().forest::<Points>(i).0;
                        (i.open, i.gatherers.iter().sum::<u16>(), pts)
                    }
                    ZoneKind::River => {
                        let i = f.river(z);
                        let pts = game.rules().river::<Points>(i).0;
                        (i.open, i.fishers.iter().sum::<u16>(), pts)
                    }
                    _ => continue,
                };
                let key = f.key(tiles, game.board(), z, false);
                if open == 1 && held == 0 && !keys.contains(&key) {
                    keys.push(key);
                    unclaimed += i64::from(points);
                }
            }
        }
        let mover = game.turn().map(|t| t.player);
        let mut want = [0; MAX_PLAYERS];
        for p in 0..game.players() {
            if ready[p] {
                let share = if Some(p) == mover {
                    weights.unclaimed_next
                } else {
                    weights.unclaimed_rest
                };
                want[p] = weights.ready_meeple * left / (left + 10) + unclaimed * share;
            }
        }
        (want, unclaimed)
    }
}
