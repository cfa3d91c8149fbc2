//! The searching bot: Monte Carlo tree search over the bot's own move.
//!
//! **What it knows.** The board, the scores, every supply and hand, its own drawn tile and the
//! multiset of tiles still to come ([`Game::unseen`]) — never their order. Each playout deals
//! those tiles in an order drawn from the bot's stream ([`Game::reorder_unseen`]): a
//! determinization, sampled anew for every playout, so that no plan rests on one guess at the
//! future. Two games that differ only in the order of the undrawn tiles get the same
//! decision.
//!
//! **Candidates.** Every legal move is first valued statically: played on a copy whose
//! tiles to come lie in sorted order (so that what the turn's draw finds depends on which
//! tiles remain, not on their real order), and judged by the evaluation (below). The best
//! placements stay ([`Params::placements_kept`]; or Scout choices: draw, lay a special tile,
//! refuse), and in each the best pieces ([`Params::pieces_kept`], with the shaman's recall).
//! `mcts` keeps more of them the bigger its budget ([`Params::kept_for`]): 3 × 2 at 250
//! playouts, 6 × 4 at the default 1,000, 12 × 8 at 4,000 — a bigger budget judges more
//! moves, not only the same ones better; with the Scout they stop at 2,000's 8 × 6
//! ([`SCOUT_WIDEST`]), where twice the candidates were worth nothing measurable.
//!
//! **Sharing the playouts** ([`Allocation`]). `mcts` uses sequential halving: rounds in
//! which every candidate still in plays the same deals of the tiles to come, the worse half
//! dropped after each; the best mean of the last round is the move. Every candidate is judged
//! on the same futures, so luck in the deals does not decide between two of them. The
//! yardsticks use two-level UCB1 (the placement, then the piece, each by the best
//! `mean + C·√(ln N / n)`, [`Params::exploration`]; each candidate starting with
//! [`Params::prior_visits`] virtual playouts at its static value), the most visited winning.
//! The tree does not branch on the tiles drawn later: they are chance, dealt anew every
//! playout (for UCB1) or every deal (for halving), so every playout informs the decision.
//!
//! **Playouts.** After the bot's move every seat plays on for a few rounds, then the
//! evaluation judges the position ([`Params::rounds_for`]). In `mcts` every seat plays the
//! move `greedy` would play — pieces included, so an opponent claims, contests majorities and
//! completes features to take them — less what the move leaves the next player
//! ([`Params::leave`]: the forests and rivers left one side from completion with nobody in
//! them) ([`Policy::Greedy`]); each doubling of the budget buys a round more
//! ([`Params::rounds_per_doubling`]): 2 rounds at 250 playouts, 4 at 1,000, 6 at 4,000. A
//! look further ahead is what a bigger budget buys: more playouts of the same length barely
//! did (docs/strength.md). The yardsticks play *bare* moves ([`Policy::Bare`]: the drawn tile
//! laid at random, no piece), 1 round below 563 playouts and 2 at 1,000.
//!
//! **The evaluation** of a position is [`super::evaluation`]'s: each player's score, what the
//! features holding pieces would bring their majorities, what the supply and a meeple at hand
//! are worth, by [`Weights`] of their own (that module says where each came from). The search
//! reads it through two [`Evaluator`]s — a player's lead over the best other — by two sets of
//! weights ([`Numbers`]): the static value of each move by weights tuned for choosing a move,
//! the end of each playout by weights fitted to what positions come to
//! ([`Weights::fitted`]). The same search judging its playouts' ends by the first set
//! (`mcts-v3`) won a third of its games against this one at 1,000 playouts
//! (docs/strength.md).
//!
//! **The Scout.** Drawing instead of laying the special tile, and refusing the drawn tile,
//! count [`Params::draw_value`] more than their static value and playouts show: the
//! yardsticks' playouts lay the next tile at random, where the player would lay it well;
//! `mcts` keeps their number. In a playout, `mcts`'s seats count both at 0, as greedy's
//! valuation does ([`Params::seat_draw`] and [`Params::seat_refuse`] count them more, for
//! measuring). `examples/hands.rs` splits the win rate by the special piece each player
//! holds.
//!
//! **The reward** of a playout is `tanh((own value − best opponent's value) / scale)`, from −1
//! to 1 ([`Params::scale`]), so that one runaway playout does not outweigh many close ones.
//!
//! **Several players.** With three to five seats the bot maximises its lead over the best of
//! the others (the same reward: a point taken from the leader counts, a point taken from a
//! trailing player does not), and in a playout every other seat plays by the same policy as
//! the bot's own seat, so no opponent is modelled as stronger or weaker than another.
//!
//! **A tree of replies** ([`Params::branch`], off in every named bot): the decisions the
//! playouts meet, kept and widened by UCB1 for their own seat. Measured, it lost to the same
//! search without it (45 %, docs/strength.md).
//!
//! Deterministic: every draw comes from the seat's stream, so the same seed gives the same
//! game whatever the number of threads.
//!
//! **The yardsticks.** `mcts-v1` is the first version of this bot ([`Params::FIRST`] and
//! [`Weights::FIRST`], and its way of playing out: a fresh copy of the game and a whole
//! shuffle for every playout), kept to measure the current one against (`--bots
//! mcts,mcts-v1 --rotate-seats`). `mcts-v2` is the second ([`Params::SECOND`] and
//! [`Weights::second`]): the same evaluation as `mcts` ([`Params::THIRD`]), searched by
//! UCB1 with bare playouts. `mcts-v3` is the third ([`Params::THIRD`] and
//! [`Weights::second`]): the search of `mcts`, its playouts' ends judged by the weights that
//! rank its candidates. Tests pin the games of all three.

use hunters_engine::feature::{MAX_PLAYERS, PieceAt, Preview};
use hunters_engine::game::{Game, Move, MovePicker, Play};
use hunters_engine::rng::{Stream, below, shuffle, shuffle_prefix};
use hunters_engine::ruleset::{Points, Ruleset};
use hunters_engine::tile::{Piece, ZoneKind, ZoneRef};
use rand_core::{Rng, SeedableRng};

use super::evaluation::{Evaluator, Weights, lead_in};
use super::{Bot, GreedyBot};

/// Playouts per decision of `mcts` without a number.
pub const DEFAULT_PLAYOUTS: u32 = 1000;

/// How the playouts are shared among the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allocation {
    /// Two-level UCB1: the placement, then its piece, each by `mean + C·√(ln N / n)`; the
    /// most visited wins.
    Ucb1,
    /// Sequential halving over the candidate moves: rounds in which every candidate still in
    /// plays the same deals, the worse half dropped after each; the best mean of the last
    /// round wins. Only the final choice matters, and every candidate is judged on the same
    /// futures, so luck in the deals does not decide between two of them.
    Halving,
    /// Every candidate plays the same deals, as many as the budget allows; the best mean
    /// wins.
    Even,
}

/// The search's numbers: how the playouts are shared, how far they go, how many candidates
/// stay and how a lead becomes a reward. The evaluation's are [`Weights`]. [`Params::FIRST`]
/// are those of `mcts-v1`, [`Params::SECOND`] those of `mcts-v2`, [`Params::THIRD`] those of
/// `mcts-v3` and `mcts` ([`current`], which with the Scout sets [`Params::widen_until`]);
/// `examples/tune.rs` measures others.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// How the playouts are shared among the candidates.
    pub allocation: Allocation,
    /// UCB1's exploration constant, for rewards from −1 to 1.
    pub exploration: f64,
    /// Points of score difference at which the reward is tanh(1) ≈ 0.76.
    pub scale: f64,
    /// Rounds a playout goes on after the bot's move before the evaluation judges it, at the
    /// default budget of playouts ([`Params::rounds_for`] scales it with the budget).
    pub rounds: usize,
    /// Placements kept as candidates (best static value first), and pieces kept in each.
    pub placements_kept: usize,
    pub pieces_kept: usize,
    /// Scout: what drawing (instead of laying the special tile) or refusing the drawn tile is
    /// worth more than its static value and playouts show, in thousandths: they lay the next
    /// tile at random, where the player would lay it well.
    pub draw_value: i64,
    /// Scout, in the seats' valuation of a playout ([`Policy::Greedy`] and the shortlist of
    /// [`Policy::Evaluation`]): what drawing instead of laying the special tile, and refusing
    /// the drawn tile, count, in thousandths. Greedy's valuation counts both 0, so a seat
    /// lays its special tile as soon as it is worth more than nothing and refuses only a tile
    /// that loses everywhere, where `greedy` itself draws unless the special tile brings 2
    /// points and refuses a tile worth less than 1 (2000 and 1000 come near its thresholds).
    /// 0 in every named bot.
    pub seat_draw: i64,
    pub seat_refuse: i64,
    /// [`Policy::Greedy`] with [`Params::leave`]: each move's value, less what it leaves,
    /// gets a whole number of thousandths of a point drawn evenly below this one from the
    /// playout's stream before the seat plays the best, so that a seat's reply varies from
    /// deal to deal among moves worth about the same (the tree of replies,
    /// [`Params::branch`], ranks them without it). 0 in every named bot: the first of the
    /// best, always.
    pub seat_noise: u32,
    /// Each candidate starts with this many virtual playouts whose reward is that of its
    /// static value: the search's prior, which the real playouts then overrule.
    pub prior_visits: u32,
    /// In thousandths: how often a move of a playout is drawn from every legal move, pieces
    /// included, rather than from the bare placements.
    pub piece_chance: u32,
    /// How the seats play in a playout.
    pub policy: Policy,
    /// Moves a playout goes on for after the bot's own, if not whole rounds (0: all seats
    /// [`Params::rounds_for`] times, so that the evaluation judges the position right after
    /// the bot's own move, as it was tuned to). For measuring: with an opponent's move last,
    /// the evaluation credits the bot with what the player to move may take next, and the
    /// search learns to leave features open for itself.
    pub plies: usize,
    /// [`Policy::Evaluation`]: how many moves (best by greedy's valuation) the evaluation
    /// judges at each move of a playout; 0 for all.
    pub shortlist: usize,
    /// [`Policy::Evaluation`] with a shortlist: every move without a piece is judged too.
    pub judge_bare: bool,
    /// How fast the candidates grow with the budget, in thousandths of the exponent:
    /// [`Params::kept_for`]. 0 keeps [`Params::placements_kept`] × [`Params::pieces_kept`]
    /// at every budget ([`Params::widen_above`] may give those past the default their own).
    pub widen: u32,
    /// How fast the playouts lengthen with the budget, in thousandths of the exponent:
    /// [`Params::rounds_for`].
    pub deepen: u32,
    /// Rounds added to the playouts for each doubling of the budget past the default (taken
    /// away for each halving below it; [`Params::rounds_per_doubling_above`] may give those
    /// past it their own), in thousandths; used instead of [`Params::deepen`] when not 0: a
    /// longer look ahead is what a bigger budget buys (docs/strength.md).
    pub rounds_per_doubling: u32,
    /// [`Params::rounds_per_doubling`] for budgets past the default, if not the same: a
    /// schedule above the default of its own, so that what a budget past it buys can be
    /// measured without changing the budgets below.
    pub rounds_per_doubling_above: Option<u32>,
    /// [`Params::widen`] for budgets past the default, if not the same (`Some(0)` keeps the
    /// default's candidates).
    pub widen_above: Option<u32>,
    /// The budget past which the candidates stop growing: [`Params::kept_for`] of a bigger
    /// one is that of this one, the rest of the schedule (rounds) going on (0: they grow at
    /// every budget).
    pub widen_until: u32,
    /// Rounds added for each doubling of the budget past [`Params::widen_until`], in
    /// thousandths, on top of [`Params::rounds_per_doubling`] (whose schedule it needs; not
    /// with [`Params::deepen`]'s): what a budget buys where it no longer buys more candidates
    /// (0: nothing more).
    pub rounds_past_widest: u32,
    /// The budget past which the candidates are the default budget's again
    /// ([`Params::placements_kept`] × [`Params::pieces_kept`]), the rounds going on as
    /// scheduled (0: never). Where more candidates than the default's are worth nothing, a
    /// bigger budget spends its playouts on fewer candidates' deals and on the look ahead.
    pub narrow_past: u32,
    /// [`Policy::Greedy`] and [`Policy::Evaluation`]'s shortlist: the share (thousandths) of
    /// the points of every forest or river a placement leaves one side from completion and
    /// held by nobody that counts against it — what the next player may complete and claim.
    /// Greedy's valuation never sees it; read from a preview of the features, it costs no
    /// trial. 0: greedy's valuation as it is.
    pub leave: i64,
    /// The tree of replies: a decision of a playout met this many times more than before
    /// (by the square root of its visits) considers one more of its moves, best first by
    /// [`Params::policy`], chosen by UCB1 for the seat that makes it. 0: no tree, every seat
    /// plays its policy's move.
    pub branch: u32,
}

/// How every seat moves in a playout. A playout's end is judged by the evaluation, which was
/// tuned on the position right after its player's own move (the one-move bot's question);
/// judged anywhere else, its weights for the player to move are there to be exploited (see
/// [`Params::plies`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The drawn tile laid at random, without a piece (or, [`Params::piece_chance`] of the
    /// time, any legal move at random): `mcts-v1`'s and `mcts-v2`'s.
    Bare,
    /// The move `greedy` would play, pieces included: every seat claims and completes what
    /// pays at once, but never sees what it leaves to the next player.
    Greedy,
    /// The move of best value by the evaluation (the mover's lead right after it), among the
    /// [`Params::shortlist`] best by greedy's valuation: every seat plays as the one-move
    /// bot does, so that a move is judged against the replies the evaluation itself would
    /// find.
    Evaluation,
}

impl Params {
    /// The first searching bot's numbers (`mcts-v1`).
    pub const FIRST: Params = Params {
        allocation: Allocation::Ucb1,
        exploration: 0.7,
        scale: 20.0,
        rounds: 2,
        placements_kept: 6,
        pieces_kept: 3,
        draw_value: 0,
        seat_draw: 0,
        seat_refuse: 0,
        seat_noise: 0,
        piece_chance: 0,
        prior_visits: 0,
        policy: Policy::Bare,
        plies: 0,
        shortlist: 0,
        judge_bare: false,
        widen: 0,
        widen_above: None,
        widen_until: 0,
        rounds_past_widest: 0,
        narrow_past: 0,
        deepen: 500,
        rounds_per_doubling: 0,
        rounds_per_doubling_above: None,
        leave: 0,
        branch: 0,
    };

    /// The second searching bot's numbers (`mcts-v2`), the same in every edition: measured at
    /// the default budget (docs/strength.md), `draw_value` in the Scout variants.
    pub const SECOND: Params = Params {
        exploration: 0.4,
        pieces_kept: 5,
        prior_visits: 300,
        draw_value: 3000,
        ..Params::FIRST
    };

    /// The third searching bot's numbers (`mcts`): every seat of a playout plays greedy's
    /// move less what it leaves the next player, and each doubling of the budget buys a
    /// round more and twice the candidates — 2 rounds and 3 × 2 candidates at 250
    /// playouts, 4 and 6 × 4 at the default 1,000, 6 and 12 × 8 at 4,000 — shared by
    /// sequential halving on common deals, without a prior (docs/strength.md, "A round and
    /// twice the candidates a doubling").
    pub const THIRD: Params = Params {
        allocation: Allocation::Halving,
        policy: Policy::Greedy,
        leave: 1000,
        prior_visits: 0,
        deepen: 0,
        rounds: 4,
        rounds_per_doubling: 1000,
        widen: 1000,
        placements_kept: 6,
        pieces_kept: 4,
        ..Params::SECOND
    };

    /// Rounds of playout for a budget of playouts: [`Params::rounds`] at the default budget,
    /// more as the budget grows (a longer playout sees further but varies more, which more
    /// playouts average out) — by the budget's ratio to the default to the power
    /// [`Params::deepen`] (a half for `mcts-v1` and `mcts-v2`), or by
    /// [`Params::rounds_per_doubling`] a doubling — never less than one.
    pub fn rounds_for(&self, playouts: u32) -> usize {
        let ratio = f64::from(playouts) / f64::from(DEFAULT_PLAYOUTS);
        if self.rounds_per_doubling > 0 {
            let per = match self.rounds_per_doubling_above {
                Some(above) if ratio > 1.0 => above,
                _ => self.rounds_per_doubling,
            };
            let mut more = f64::from(per) / 1000.0 * ratio.log2();
            if self.widen_until > 0 && playouts > self.widen_until {
                let past = f64::from(playouts) / f64::from(self.widen_until);
                more += f64::from(self.rounds_past_widest) / 1000.0 * past.log2();
            }
            return ((self.rounds as f64 + more).round() as usize).max(1);
        }
        let growth = if self.deepen == 500 {
            // The yardsticks' own arithmetic, bit for bit.
            ratio.sqrt()
        } else {
            ratio.powf(f64::from(self.deepen) / 1000.0)
        };
        ((self.rounds as f64 * growth).round() as usize).max(1)
    }

    /// Placements kept, and pieces kept in each, for a budget of playouts:
    /// [`Params::placements_kept`] × [`Params::pieces_kept`] at the default budget, the
    /// candidates growing with the budget's ratio to the default to the power
    /// [`Params::widen`], half of that growth in placements and half in pieces, never fewer
    /// than one of each. A bigger budget judges more moves, not only the same ones better.
    pub fn kept_for(&self, playouts: u32) -> (usize, usize) {
        let narrowed = self.narrow_past > 0 && playouts > self.narrow_past;
        let playouts = match self.widen_until {
            0 => playouts,
            until => playouts.min(until),
        };
        let ratio = f64::from(playouts) / f64::from(DEFAULT_PLAYOUTS);
        let widen = match self.widen_above {
            Some(above) if ratio > 1.0 => above,
            _ => self.widen,
        };
        if widen == 0 || narrowed {
            return (self.placements_kept.max(1), self.pieces_kept.max(1));
        }
        let each = ratio.powf(f64::from(widen) / 2000.0);
        let scaled = |n: usize| ((n as f64 * each).round() as usize).max(1);
        (scaled(self.placements_kept), scaled(self.pieces_kept))
    }

    /// Moves a playout goes on for after the bot's own, with `rounds` rounds of `players`:
    /// [`Params::plies`] if set, else whole rounds.
    pub fn plies_for(&self, rounds: usize, players: usize) -> usize {
        match self.plies {
            0 => rounds * players,
            p => p,
        }
    }
}

/// A searching bot's numbers in one variant: the search's, and two evaluations — one that
/// ranks the candidates and plays every seat's move in the playouts (the question "which
/// move?", which its weights were tuned for), one that judges the position a playout ends in
/// (the question "what will this come to?", which its weights were fitted to).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Numbers {
    pub params: Params,
    /// Ranks the candidates, and the moves of [`Policy::Evaluation`]'s seats.
    pub weights: Weights,
    /// Judges where a playout ends.
    pub judge: Weights,
}

impl Numbers {
    /// The search's numbers with one evaluation for both questions, as the yardsticks play.
    pub fn one_evaluation(params: Params, weights: Weights) -> Numbers {
        Numbers {
            params,
            weights,
            judge: weights,
        }
    }
}

/// The current searching bot's numbers (`mcts`) under `rules`: [`Params::THIRD`], the
/// candidates ranked by `mcts-v2`'s evaluation ([`Weights::second`]) and the playouts'
/// ends judged by the weights fitted to self-play's outcomes ([`Weights::fitted`]). With the
/// Scout the candidates stop growing past 2,000 playouts ([`SCOUT_WIDEST`]).
pub fn current(rules: &Ruleset) -> Numbers {
    let scout = rules.scout().is_some();
    Numbers {
        params: Params {
            widen_until: if scout { SCOUT_WIDEST } else { 0 },
            ..Params::THIRD
        },
        weights: Weights::second(rules.edition()),
        judge: Weights::fitted(rules.edition(), scout),
    }
}

/// `mcts`'s [`Params::widen_until`] with the Scout: past 2,000 playouts its 8 × 6 candidates
/// stay and only the rounds grow. With twice the candidates at 4,000 the step from 2,000 won
/// 51.3 % in 2002-scout, short of the 57 % each doubling should win; at 2,000 twice the
/// candidates had been worth 48 % there and a round more 56 % (docs/strength.md).
pub const SCOUT_WIDEST: u32 = 2000;

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
}

/// Which searching bot: the current one, or one kept as a yardstick. The first (`mcts-v1`)
/// keeps its numbers ([`Params::FIRST`], [`Weights::FIRST`]) and the way it plays them out: a
/// fresh copy of the game and a full shuffle of the unseen tiles for every playout. The
/// second (`mcts-v2`) keeps its numbers ([`Params::SECOND`], [`Weights::second`]) and the
/// third (`mcts-v3`) its own ([`Params::THIRD`], the same weights, which judge its playouts'
/// ends too); both play out as the current one does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    Current,
    Third,
    Second,
    First,
}

impl Version {
    /// The numbers of this version under `rules`.
    fn numbers(self, rules: &Ruleset) -> Numbers {
        let edition = rules.edition();
        match self {
            Version::Current => current(rules),
            Version::Third => Numbers::one_evaluation(Params::THIRD, Weights::second(edition)),
            Version::Second => Numbers::one_evaluation(Params::SECOND, Weights::second(edition)),
            Version::First => Numbers::one_evaluation(Params::FIRST, Weights::FIRST),
        }
    }
}

/// Monte Carlo tree search (see the module docs).
pub struct MctsBot {
    version: Version,
    /// The numbers given, or none for the version's own in the game's variant.
    fixed: Option<Numbers>,
    /// The search's numbers of the decision at hand.
    params: Params,
    /// The evaluation that ranks the candidates, by the weights of the decision at hand.
    evaluator: Evaluator,
    /// The evaluation that judges where a playout ends ([`Numbers::judge`]).
    judge: Evaluator,
    rng: Stream,
    playouts: u32,
    scratch: Option<Game>,
    groups: Vec<Group>,
    arms: Vec<Stats>,
    /// The tiles still to come, and the order a playout deals them in.
    deck: Deck,
    /// Static value of each move (thousandths, own minus best opponent's).
    values: Vec<i64>,
    /// Rounds each playout goes on for (see [`Params::rounds_for`]).
    rounds: usize,
    /// The candidate moves, by placement: indexes into the moves, best static value first.
    order: Vec<usize>,
    /// Sequential halving: the candidates still in (indexes into `order`).
    alive: Vec<usize>,
    /// How the seats play in the playouts, with their buffers.
    seats: Seats,
    /// The decisions of the playouts met so far ([`Params::branch`]).
    tree: Tree,
}

impl MctsBot {
    /// The current searching bot (`mcts`).
    pub fn new(rng: Stream, playouts: u32) -> MctsBot {
        MctsBot::of(Version::Current, None, rng, playouts)
    }

    /// The first searching bot (`mcts-v1`), kept unchanged as a yardstick.
    pub fn first(rng: Stream, playouts: u32) -> MctsBot {
        let numbers = Numbers::one_evaluation(Params::FIRST, Weights::FIRST);
        MctsBot::of(Version::First, Some(numbers), rng, playouts)
    }

    /// The second searching bot (`mcts-v2`), kept unchanged as a yardstick.
    pub fn second(rng: Stream, playouts: u32) -> MctsBot {
        MctsBot::of(Version::Second, None, rng, playouts)
    }

    /// The third searching bot (`mcts-v3`), kept unchanged as a yardstick.
    pub fn third(rng: Stream, playouts: u32) -> MctsBot {
        MctsBot::of(Version::Third, None, rng, playouts)
    }

    /// The current searching bot with other numbers, in every variant: what the tuning
    /// example plays.
    pub fn with_numbers(rng: Stream, playouts: u32, numbers: Numbers) -> MctsBot {
        MctsBot::of(Version::Current, Some(numbers), rng, playouts)
    }

    fn of(version: Version, fixed: Option<Numbers>, rng: Stream, playouts: u32) -> MctsBot {
        let Numbers {
            params,
            weights,
            judge,
        } = fixed.unwrap_or(Numbers::one_evaluation(Params::FIRST, Weights::FIRST));
        MctsBot {
            version,
            fixed,
            params,
            evaluator: Evaluator::new(weights),
            judge: Evaluator::new(judge),
            rng,
            playouts: playouts.max(1),
            scratch: None,
            groups: Vec::new(),
            arms: Vec::new(),
            deck: Deck::default(),
            values: Vec::new(),
            order: Vec::new(),
            alive: Vec::new(),
            seats: Seats::default(),
            tree: Tree::default(),
            rounds: params.rounds_for(playouts),
        }
    }

    /// The candidates: every move valued statically, then the best placements and, in each,
    /// the best pieces kept (moves of one placement are listed together).
    fn candidates(&mut self, game: &Game, moves: &[Move], me: usize) {
        let scratch = self.scratch.get_or_insert_with(|| game.clone());
        scratch.copy_for_trial(game);
        // A move played on the copy ends the turn and draws: with the real order a tile that
        // fits nowhere would be discarded (or the game end) exactly as the unseen deck holds
        // it. The tiles to come in sorted order make the static values depend on which tiles
        // remain, never on their order.
        scratch.sort_unseen();
        self.values.clear();
        for &mv in moves {
            scratch.begin_trial();
            scratch.play_unchecked(mv);
            let lead = self.evaluator.lead(scratch, me);
            scratch.undo_trial();
            self.values.push(lead + chance_bonus(mv, &self.params));
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
        let (placements, pieces) = self.params.kept_for(self.playouts);
        runs.truncate(placements);
        self.groups.clear();
        self.order.clear();
        for r in &runs {
            let first = self.order.len();
            let mut idx: Vec<usize> = (r.0..r.1).collect();
            idx.sort_by_key(|&i| std::cmp::Reverse(values[i]));
            idx.truncate(pieces);
            self.order.extend(idx);
            self.groups.push(Group {
                start: first,
                end: self.order.len(),
                stats: Stats::default(),
            });
        }
        self.arms.clear();
        self.arms.resize(self.order.len(), Stats::default());
        let n0 = self.params.prior_visits;
        if n0 > 0 {
            let reward = |v: i64| (v as f64 / 1000.0 / self.params.scale).tanh();
            for (arm, &i) in self.arms.iter_mut().zip(&self.order) {
                *arm = Stats {
                    visits: n0,
                    reward: f64::from(n0) * reward(values[i]),
                };
            }
            for g in &mut self.groups {
                g.stats = self.arms[g.start];
            }
        }
    }

    /// One playout of `mv` from `game`, the unseen tiles dealt anew; the reward for `me`.
    /// The first bot copies the game afresh; the current one plays a trial on the copy made
    /// for the decision (see [`MctsBot::prepare_playouts`]) and takes it back.
    fn playout(
        &mut self,
        game: &Game,
        (arm, mv): (usize, Move),
        me: usize,
        rng: Option<&mut Stream>,
    ) -> f64 {
        let rng = match rng {
            Some(r) => r,
            None => &mut self.rng,
        };
        let scratch = self.scratch.get_or_insert_with(|| game.clone());
        self.deck
            .deal(scratch, game, self.version, self.rounds, rng);
        self.seats.deal(&self.params, rng);
        scratch.play_unchecked(mv);
        let plies = self.params.plies_for(self.rounds, scratch.players());
        let branching = self.params.branch > 0 && self.params.policy != Policy::Bare;
        let mut edge = Edge::Root(arm);
        self.tree.path.clear();
        let (params, seats, evaluator, tree) = (
            &self.params,
            &mut self.seats,
            &mut self.evaluator,
            &mut self.tree,
        );
        play_on(scratch, me, plies, params, |game| {
            if branching {
                let m = tree.step(game, edge, params, |game, out| {
                    seats.rank(game, params, evaluator, rng, MAX_BRANCH, out)
                })?;
                edge = Edge::Move(tree.path.last().expect("a step was taken").1);
                Some(m)
            } else {
                seats.choose(game, params, evaluator, rng)
            }
        });
        let bonus = chance_bonus(mv, &self.params);
        let judge = &mut self.judge;
        let lead = if branching {
            let mut values = judge.values(scratch);
            values[me] += bonus;
            self.tree
                .back_up(&values, scratch.players(), self.params.scale);
            lead_in(&values, scratch.players(), me)
        } else {
            judge.lead(scratch, me) + bonus
        };
        if self.version != Version::First {
            scratch.undo_trial();
        }
        (lead as f64 / 1000.0 / self.params.scale).tanh()
    }

    /// The copy of the game the current bot's playouts are trials on.
    fn prepare_playouts(&mut self, game: &Game) {
        if self.version != Version::First {
            let scratch = self.scratch.get_or_insert_with(|| game.clone());
            scratch.copy_for_trial(game);
        }
    }
}

/// The seats of a playout: the move each plays by [`Params::policy`], and the buffers.
#[derive(Default)]
struct Seats {
    /// Buffers for a random move with a piece.
    picker: MovePicker,
    /// Greedy's valuation: the seats' moves ([`Policy::Greedy`]) or the shortlist
    /// ([`Policy::Evaluation`]).
    greedy: Option<GreedyBot>,
    legal: Vec<Move>,
    order: Vec<usize>,
    /// The copy a seat tries its moves on ([`Policy::Evaluation`]): the playout is a trial
    /// already, and a game holds one trial at a time.
    inner: Option<Game>,
    /// Greedy's valuation of `legal`, less what each move leaves ([`Params::leave`]).
    values: Vec<i64>,
    preview: Preview,
    /// Placements of `legal` by their best value ([`Seats::best_by_leave`]).
    groups: Vec<(i64, usize, usize)>,
}

impl Seats {
    /// A new playout's deal: seats that play by a policy break ties from a stream drawn from
    /// the deal's, so that every candidate played on the same deal meets the same replies
    /// wherever its move changes nothing.
    fn deal(&mut self, params: &Params, rng: &mut Stream) {
        if params.policy != Policy::Bare {
            let mut key = [0u8; 32];
            rng.fill_bytes(&mut key);
            self.start(Stream::from_seed(key));
        }
    }

    /// A new playout: ties are broken from `rng`.
    fn start(&mut self, rng: Stream) {
        match &mut self.greedy {
            Some(g) => {
                g.start_over(rng);
            }
            none => *none = Some(GreedyBot::new(rng)),
        }
    }

    /// The move of the seat to move in `game` (a playout), or none if it has none.
    fn choose(
        &mut self,
        game: &Game,
        params: &Params,
        evaluator: &mut Evaluator,
        rng: &mut Stream,
    ) -> Option<Move> {
        let chance = params.piece_chance as usize;
        if chance > 0 && below(rng, 1000) < chance {
            return game.pick_move(&mut self.picker, |n| below(rng, n));
        }
        match params.policy {
            Policy::Bare => game.pick_bare_move(|n| below(rng, n)),
            Policy::Greedy if params.leave == 0 => {
                game.legal_moves(&mut self.legal);
                let greedy = self.greedy.as_mut().expect("made at the playout's start");
                (!self.legal.is_empty()).then(|| {
                    greedy
                        .choose(game, &self.legal)
                        .expect("greedy always chooses")
                })
            }
            Policy::Greedy => {
                game.legal_moves(&mut self.legal);
                if self.legal.is_empty() {
                    return None;
                }
                if params.seat_noise > 0 {
                    self.weigh(game, params);
                    let noise = params.seat_noise as usize;
                    let mut best = (i64::MIN, 0);
                    for (i, &v) in self.values.iter().enumerate() {
                        let v = v + below(rng, noise) as i64;
                        if v > best.0 {
                            best = (v, i);
                        }
                    }
                    return Some(self.legal[best.1]);
                }
                // The first of the best: the moves come in the engine's order, the same for
                // every candidate of a deal.
                let best = self.best_by_leave(game, params);
                Some(self.legal[best])
            }
            Policy::Evaluation => {
                game.legal_moves(&mut self.legal);
                if self.legal.is_empty() {
                    return None;
                }
                let mover = game.turn().map_or(0, |t| t.player);
                self.shortlist(game, params);
                if self.legal.len() == 1 {
                    return Some(self.legal[0]);
                }
                let inner = self.inner.get_or_insert_with(|| game.clone());
                inner.copy_for_trial(game);
                let mut best = (i64::MIN, self.legal[0]);
                for &m in &self.legal {
                    inner.begin_trial();
                    inner.play_unchecked(m);
                    let v = evaluator.lead(inner, mover);
                    inner.undo_trial();
                    if v > best.0 {
                        best = (v, m);
                    }
                }
                Some(best.1)
            }
        }
    }

    /// The `k` best moves of the seat to move in `game` by `params.policy`, best first, into
    /// `out` (none if it has none): the first is the move [`Seats::choose`] plays, ties to
    /// the first in the engine's order. The bare policy lists its one random move.
    fn rank(
        &mut self,
        game: &Game,
        params: &Params,
        evaluator: &mut Evaluator,
        rng: &mut Stream,
        k: usize,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        match params.policy {
            Policy::Bare => out.extend(game.pick_bare_move(|n| below(rng, n))),
            Policy::Greedy => {
                game.legal_moves(&mut self.legal);
                if self.legal.is_empty() {
                    return;
                }
                self.weigh(game, params);
            }
            Policy::Evaluation => {
                game.legal_moves(&mut self.legal);
                if self.legal.is_empty() {
                    return;
                }
                let mover = game.turn().map_or(0, |t| t.player);
                self.shortlist(game, params);
                let inner = self.inner.get_or_insert_with(|| game.clone());
                inner.copy_for_trial(game);
                self.values.clear();
                for &m in &self.legal {
                    inner.begin_trial();
                    inner.play_unchecked(m);
                    self.values.push(evaluator.lead(inner, mover));
                    inner.undo_trial();
                }
            }
        }
        if params.policy != Policy::Bare {
            let values = &self.values;
            self.order.clear();
            self.order.extend(0..self.legal.len());
            self.order
                .sort_by_key(|&i| (std::cmp::Reverse(values[i]), i));
            out.extend(self.order.iter().take(k).map(|&i| self.legal[i]));
        }
    }

    /// Keeps in `self.legal` the `n` moves of best value by greedy's valuation (all if `n`
    /// is 0), in their order; with `bare`, every move without a piece as well, so that where
    /// a tile goes is always the evaluation's to judge and only the pieces are shortlisted.
    fn shortlist(&mut self, game: &Game, params: &Params) {
        let (n, bare) = (params.shortlist, params.judge_bare);
        if n == 0 || self.legal.len() <= n {
            return;
        }
        self.weigh(game, params);
        let values = &self.values;
        self.order.clear();
        self.order.extend(0..self.legal.len());
        self.order
            .sort_by_key(|&i| (std::cmp::Reverse(values[i]), i));
        let legal = &self.legal;
        let mut kept = 0;
        self.order.retain(|&i| {
            let keep = kept < n || (bare && legal[i].piece.is_none() && legal[i].recall.is_none());
            kept += 1;
            keep
        });
        self.order.sort_unstable();
        for (k, &i) in self.order.iter().enumerate() {
            self.legal[k] = self.legal[i];
        }
        self.legal.truncate(self.order.len());
    }
}

impl Seats {
    /// Greedy's valuation of every move of `self.legal` into `self.values`, less what each
    /// leaves to the next player ([`Params::leave`]): for each placement, the forests and
    /// rivers of its tile that it would leave one side from completion with nobody in them,
    /// but the one the move's own gatherer or fisher claims.
    fn weigh(&mut self, game: &Game, params: &Params) {
        self.weigh_greedy(game, params);
        let leave = params.leave;
        if leave == 0 {
            return;
        }
        let mut i = 0;
        while i < self.legal.len() {
            let end = self.placement_end(i);
            self.subtract_leaves(game, i..end, leave);
            i = end;
        }
    }

    /// Greedy's valuation of every move of `self.legal` into `self.values`, a Scout draw
    /// and refusal counted [`Params::seat_draw`] and [`Params::seat_refuse`].
    fn weigh_greedy(&mut self, game: &Game, params: &Params) {
        let greedy = self.greedy.as_mut().expect("made at the playout's start");
        self.values.clear();
        self.values
            .extend_from_slice(greedy.values(game, &self.legal));
        if params.seat_draw != 0 || params.seat_refuse != 0 {
            for (v, m) in self.values.iter_mut().zip(&self.legal) {
                *v += scout_bonus(*m, params.seat_draw, params.seat_refuse);
            }
        }
    }

    /// The end of the moves of `self.legal` that share the placement of move `start`.
    fn placement_end(&self, start: usize) -> usize {
        let first = self.legal[start];
        let mut end = start + 1;
        while end < self.legal.len() && same_placement(&self.legal[end], &first) {
            end += 1;
        }
        end
    }

    /// The move [`Seats::choose`] plays by greedy's valuation less what it leaves: that of
    /// [`Seats::weigh`], first of the best, without working out what every placement
    /// leaves. What a move leaves only lowers its value, so a placement whose best greedy
    /// value is below the best found so far cannot hold the best move; placements are
    /// taken best first, and what the rest leave is never previewed.
    fn best_by_leave(&mut self, game: &Game, params: &Params) -> usize {
        let leave = params.leave;
        self.weigh_greedy(game, params);
        // (best greedy value, start, end) of each placement.
        let mut groups = std::mem::take(&mut self.groups);
        groups.clear();
        let mut i = 0;
        while i < self.legal.len() {
            let end = self.placement_end(i);
            let top = self.values[i..end]
                .iter()
                .copied()
                .max()
                .expect("not empty");
            groups.push((top, i, end));
            i = end;
        }
        let mut best = (i64::MIN, usize::MAX);
        // Placements best first (ties by their order), picked one at a time: the search
        // stops after a few, so sorting them all would cost more than the picking.
        for taken in 0..groups.len() {
            let next = (taken..groups.len())
                .max_by_key(|&g| (groups[g].0, std::cmp::Reverse(groups[g].1)))
                .expect("a placement is left");
            groups.swap(taken, next);
            let (top, start, end) = groups[taken];
            if top < best.0 || (top == best.0 && start > best.1) {
                break;
            }
            self.subtract_leaves(game, start..end, leave);
            for k in start..end {
                let v = self.values[k];
                if v > best.0 || (v == best.0 && k < best.1) {
                    best = (v, k);
                }
            }
        }
        self.groups = groups;
        best.1
    }

    /// Takes from the values of the moves `range` of `self.legal` (one placement) what each
    /// leaves to the next player ([`Params::leave`] thousandths of the points).
    fn subtract_leaves(&mut self, game: &Game, range: std::ops::Range<usize>, leave: i64) {
        let tiles = &game.tiles().tiles;
        let rules = game.rules();
        let drawn = game.turn().and_then(|t| t.tile);
        let (i, end) = (range.start, range.end);
        {
            let first = self.legal[i];
            let tile = match first.play {
                Play::Drawn => drawn,
                Play::Special(t) => Some(t),
                Play::Draw | Play::Refuse => None,
            };
            if let Some(t) = tile {
                let p = &mut self.preview;
                game.preview(t, first.at, (false, false), p);
                // By forest (river) of the tile: what it leaves, on the first zone of each
                // feature only.
                let mut forests = [0i64; 16];
                let mut rivers = [0i64; 16];
                for (k, f) in p.forests.iter().enumerate().take(16) {
                    if f.open == 1
                        && usize::from(p.forest_same[k]) == k
                        && f.gatherers.iter().all(|&g| g == 0)
                    {
                        forests[k] = i64::from(rules.forest::<Points>(f).0) * leave;
                    }
                }
                for (k, r) in p.rivers.iter().enumerate().take(16) {
                    if r.open == 1
                        && usize::from(p.river_same[k]) == k
                        && r.fishers.iter().all(|&g| g == 0)
                    {
                        rivers[k] = i64::from(rules.river::<Points>(r).0) * leave;
                    }
                }
                let total: i64 = forests.iter().chain(&rivers).sum();
                for k in i..end {
                    // The zones the move's piece stands in: on a special tile's spot, every
                    // zone of the spot.
                    let mut claimed = 0;
                    let mut seen = [false; 32];
                    let mut claim = |piece: Piece, zone: ZoneRef| {
                        let (same, worth, off) = match (piece, zone.kind) {
                            (Piece::Gatherer, ZoneKind::Forest) => (&p.forest_same, &forests, 0),
                            (Piece::Fisher, ZoneKind::River) => (&p.river_same, &rivers, 16),
                            _ => return,
                        };
                        if let Some(&first) = same.get(usize::from(zone.index)) {
                            let first = usize::from(first) % 16;
                            if !seen[off + first] {
                                seen[off + first] = true;
                                claimed += worth[first];
                            }
                        }
                    };
                    match self.legal[k].piece {
                        Some((piece, PieceAt::Zone(z))) => claim(piece, z.zone),
                        Some((piece, PieceAt::Spot { spot, .. })) => {
                            if let Some(s) = tiles[t].spots.get(usize::from(spot)) {
                                for &zone in &s.zones {
                                    claim(piece, zone);
                                }
                            }
                        }
                        None => {}
                    }
                    self.values[k] -= total - claimed;
                }
            }
        }
    }
}

/// Moves a decision of the tree of replies keeps, best first by the seats' policy: a playout
/// meets a decision a few hundred times at most, so a longer list would never be reached.
const MAX_BRANCH: usize = 8;

/// What leads to a decision of a playout: the bot's candidate (by its index) or a move of
/// the tree (by its index into [`Tree::moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Edge {
    Root(usize),
    Move(u32),
}

/// A decision of the playouts: its seat and the moves it considers.
#[derive(Clone, Copy, Debug)]
struct Node {
    seat: u8,
    /// Its moves are `Tree::moves[first..first + len]`.
    first: u32,
    len: u8,
    visits: u32,
}

/// The tree of replies ([`Params::branch`]): the decisions the playouts of one decision
/// meet, each found again when the same moves and the same draws lead to it. A decision met
/// for the first time plays its policy's move, as a seat without a tree does; met more often,
/// it considers its policy's next moves too, and picks among them by UCB1 on what each has
/// earned its own seat — the other players answer with their best replies, not one fixed
/// reply, and the bot with its best answer to those. The tiles drawn are chance: a decision
/// is keyed by the move that led to it and what the draw brought, so each draw has its own.
#[derive(Default)]
struct Tree {
    nodes: Vec<Node>,
    moves: Vec<Move>,
    /// What each move of `moves` earned its decision's seat.
    stats: Vec<Stats>,
    index: std::collections::HashMap<(Edge, u64), u32>,
    /// The moves this playout took (node, index into `moves`).
    path: Vec<(u32, u32)>,
    /// A buffer for a decision's moves.
    ranked: Vec<Move>,
}

impl Tree {
    fn clear(&mut self) {
        self.nodes.clear();
        self.moves.clear();
        self.stats.clear();
        self.index.clear();
        self.path.clear();
    }

    /// The move of the seat to move in `game`, reached by `edge`: its decision found or made
    /// (`rank` lists its moves, best first), the move picked and remembered in the path.
    fn step(
        &mut self,
        game: &Game,
        edge: Edge,
        params: &Params,
        rank: impl FnOnce(&Game, &mut Vec<Move>),
    ) -> Option<Move> {
        let key = (edge, drawn(game));
        let node = match self.index.get(&key) {
            Some(&n) => n,
            None => {
                self.ranked.clear();
                rank(game, &mut self.ranked);
                let n = self.nodes.len() as u32;
                self.nodes.push(Node {
                    seat: game.turn().map_or(0, |t| t.player) as u8,
                    first: self.moves.len() as u32,
                    len: self.ranked.len().min(MAX_BRANCH) as u8,
                    visits: 0,
                });
                self.moves
                    .extend_from_slice(&self.ranked[..self.ranked.len().min(MAX_BRANCH)]);
                self.stats.resize(self.moves.len(), Stats::default());
                self.index.insert(key, n);
                n
            }
        };
        let Node {
            first, len, visits, ..
        } = self.nodes[node as usize];
        if len == 0 {
            return None;
        }
        // One more move considered each time the visits pass the next square.
        let open = (1 + (f64::from(visits) / f64::from(params.branch.max(1))).sqrt() as usize)
            .min(usize::from(len));
        let first = first as usize;
        let pick = if open == 1 {
            first
        } else {
            first
                + select(
                    (0..open).map(|i| (i, self.stats[first + i])),
                    visits,
                    params.exploration,
                )
        };
        debug_assert!(
            {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                legal.contains(&self.moves[pick])
            },
            "a decision's remembered move is legal wherever its key leads"
        );
        self.path.push((node, pick as u32));
        Some(self.moves[pick])
    }

    /// Credits every move of the playout's path with the lead its seat has in `values` at the
    /// playout's end.
    fn back_up(&mut self, values: &[i64; MAX_PLAYERS], players: usize, scale: f64) {
        for &(node, pick) in &self.path {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            let lead = lead_in(values, players, usize::from(n.seat));
            self.stats[pick as usize].add((lead as f64 / 1000.0 / scale).tanh());
        }
    }
}

/// The tiles still to come (a player's count of them, sorted), and the buffers a playout
/// deals them into.
#[derive(Default)]
struct Deck {
    unseen: (Vec<usize>, Vec<usize>),
    dealt: (Vec<usize>, Vec<usize>),
}

impl Deck {
    /// Deals the tiles to come anew in `scratch` (a copy of `game`) for a playout: the first
    /// bot copies the game afresh and shuffles them whole, the others begin a trial on the
    /// copy and shuffle only as many as a playout of `rounds` can draw.
    fn deal(
        &mut self,
        scratch: &mut Game,
        game: &Game,
        version: Version,
        rounds: usize,
        rng: &mut Stream,
    ) {
        let dealt = &mut self.dealt;
        dealt.0.clone_from(&self.unseen.0);
        dealt.1.clone_from(&self.unseen.1);
        match version {
            Version::First => {
                scratch.copy_for_trial(game);
                shuffle(&mut dealt.0, rng);
                shuffle(&mut dealt.1, rng);
            }
            Version::Third | Version::Second | Version::Current => {
                scratch.begin_trial();
                // Only the first tiles of each deck are drawn before the playout ends.
                let reach = 2 * rounds * scratch.players() + 8;
                shuffle_prefix(&mut dealt.0, reach, rng);
                shuffle_prefix(&mut dealt.1, reach, rng);
            }
        }
        scratch.reorder_unseen(&dealt.0, &dealt.1);
    }
}

/// Plays a playout on from `scratch`, `me` having just moved, each move chosen by `next`
/// (none ends it), for `plies` moves. Seats that play by a policy go on until the bot's own
/// move ends a turn (a Scout turn is two decisions, a bonus turn one more), so that the
/// evaluation judges the position it was tuned on; the bare playouts of the yardsticks count
/// moves.
fn play_on(
    scratch: &mut Game,
    me: usize,
    plies: usize,
    params: &Params,
    mut next: impl FnMut(&Game) -> Option<Move>,
) {
    let whole_turns = params.policy != Policy::Bare && params.plies == 0;
    let mut played = 0;
    let mut last = me;
    while let Some(turn) = scratch.turn() {
        if played >= plies && (!whole_turns || (last == me && turn.player != me)) {
            break;
        }
        // Bounded whatever the turns do: a playout never runs on for more than two rounds
        // past its length.
        if played >= plies + 2 * scratch.players() + 2 {
            break;
        }
        let Some(m) = next(scratch) else {
            break;
        };
        last = turn.player;
        scratch.play_unchecked(m);
        played += 1;
    }
}

/// What a decision's key holds of the draws that led to it: the seat to move, its tile
/// (none for a Scout choice before drawing), whether it is a bonus turn, and how many tiles
/// are left, discarded and played as bonus turns. The same moves and the same draws give the
/// same key; the moves a decision lists stay legal wherever its key leads, since the board,
/// the supplies and the hands follow from the moves and the tile from the key (which tile
/// fitted nowhere and was discarded is not in it: it changes what is left to come, not what
/// may be played).
fn drawn(game: &Game) -> u64 {
    let (player, tile, bonus) = game
        .turn()
        .map_or((usize::MAX, None, false), |t| (t.player, t.tile, t.bonus));
    let tile = tile.map_or(0xffff, |t| t as u64 & 0xffff);
    (player as u64 & 0xff)
        | tile << 8
        | u64::from(bonus) << 24
        | (game.regular_left() as u64 & 0xffff) << 25
        | u64::from(game.discards() & 0xff) << 41
        | u64::from(game.bonus_turns() & 0xff) << 49
}

/// Rounds of playout of the first bot for a budget of playouts ([`Params::rounds_for`] of
/// [`Params::FIRST`]).
pub fn rounds_for(playouts: u32) -> usize {
    Params::FIRST.rounds_for(playouts)
}

/// What a Scout draw or refusal is worth more than it shows ([`Params::draw_value`]).
fn chance_bonus(mv: Move, params: &Params) -> i64 {
    scout_bonus(mv, params.draw_value, params.draw_value)
}

/// `draw` for a Scout draw, `refuse` for a refusal, 0 for any other move.
fn scout_bonus(mv: Move, draw: i64, refuse: i64) -> i64 {
    match mv.play {
        Play::Draw => draw,
        Play::Refuse => refuse,
        Play::Drawn | Play::Special(_) => 0,
    }
}

/// Whether two moves lay the same tile in the same place (or are the same Scout choice).
fn same_placement(a: &Move, b: &Move) -> bool {
    a.play == b.play
        && match a.play {
            Play::Drawn | Play::Special(_) => a.at == b.at,
            Play::Draw | Play::Refuse => true,
        }
}

/// UCB1 over the children in `stats` (each with its index) with `parent` visits: the index
/// of an unvisited child first, else of the highest bound; ties to the first.
fn select(stats: impl Iterator<Item = (usize, Stats)>, parent: u32, exploration: f64) -> usize {
    let ln = f64::from(parent.max(1)).ln();
    let mut best = (usize::MAX, f64::NEG_INFINITY);
    for (i, s) in stats {
        if s.visits == 0 {
            return i;
        }
        let bound = s.mean() + exploration * (ln / f64::from(s.visits)).sqrt();
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
        let playouts = self.playouts;
        match self.version {
            Version::Current => super::BotKind::Mcts { playouts },
            Version::Third => super::BotKind::MctsV3 { playouts },
            Version::Second => super::BotKind::MctsV2 { playouts },
            Version::First => super::BotKind::MctsV1 { playouts },
        }
        .name()
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        Ok(self.decide(game, moves))
    }
}

impl MctsBot {
    /// The move chosen among `moves`.
    fn decide(&mut self, game: &Game, moves: &[Move]) -> Move {
        if moves.len() == 1 {
            return moves[0];
        }
        let Some(turn) = game.turn() else {
            return moves[0];
        };
        let me = turn.player;
        self.set_numbers(game);
        self.candidates(game, moves, me);
        if self.arms.len() == 1 {
            return moves[self.order[0]];
        }
        self.prepare_playouts(game);
        self.tree.clear();
        match self.params.allocation {
            Allocation::Ucb1 => self.by_ucb1(game, moves, me),
            Allocation::Halving => self.by_halving(game, moves, me, true),
            Allocation::Even => self.by_halving(game, moves, me, false),
        }
    }

    /// The numbers of a decision in `game`: this version's in its variant (or those given),
    /// and the tiles still to come.
    fn set_numbers(&mut self, game: &Game) {
        let numbers = self
            .fixed
            .unwrap_or_else(|| self.version.numbers(game.rules()));
        self.params = numbers.params;
        self.evaluator.set_weights(numbers.weights);
        self.judge.set_weights(numbers.judge);
        self.rounds = self.params.rounds_for(self.playouts);
        self.deck.unseen = game.unseen();
    }

    /// Where one of this bot's playouts from `game` ends, `me` having just moved there: the
    /// tiles to come dealt anew from the bot's stream, every seat playing on by the bot's
    /// policy for as many rounds as its budget of playouts gives, until `me`'s own move has
    /// ended a turn — the position its judge is asked about (`examples/fit.rs --ahead` fits
    /// a judge to such positions). What `me` would see: the tiles' order is never read.
    pub fn look_ahead(&mut self, game: &Game, me: usize) -> Game {
        self.set_numbers(game);
        self.prepare_playouts(game);
        let scratch = self.scratch.get_or_insert_with(|| game.clone());
        let rng = &mut self.rng;
        self.deck
            .deal(scratch, game, self.version, self.rounds, rng);
        self.seats.deal(&self.params, rng);
        let plies = self.params.plies_for(self.rounds, scratch.players());
        let (params, seats, evaluator) = (&self.params, &mut self.seats, &mut self.evaluator);
        play_on(scratch, me, plies, params, |game| {
            seats.choose(game, params, evaluator, rng)
        });
        let end = scratch.clone();
        if self.version != Version::First {
            scratch.undo_trial();
        }
        end
    }

    fn by_ucb1(&mut self, game: &Game, moves: &[Move], me: usize) -> Move {
        let c = self.params.exploration;
        for n in 0..self.playouts {
            let groups = &self.groups;
            let g = select(groups.iter().map(|g| g.stats).enumerate(), n, c);
            let Group {
                start, end, stats, ..
            } = self.groups[g];
            let a = select((start..end).map(|i| (i, self.arms[i])), stats.visits, c);
            let r = self.playout(game, (a, moves[self.order[a]]), me, None);
            self.groups[g].stats.add(r);
            self.arms[a].add(r);
        }
        let g = most_visited(self.groups.iter().map(|g| g.stats).enumerate());
        let Group { start, end, .. } = self.groups[g];
        moves[self.order[most_visited((start..end).map(|i| (i, self.arms[i])))]]
    }

    /// Sequential halving with common random numbers: each round splits its share of the
    /// budget evenly among the candidates still in, every one of them playing out the same
    /// deals (the same stream for the deal and the random moves), then keeps the better half.
    fn by_halving(&mut self, game: &Game, moves: &[Move], me: usize, halve: bool) -> Move {
        self.alive.clear();
        self.alive.extend(0..self.order.len());
        let rounds = if halve {
            usize::BITS - (self.alive.len() - 1).leading_zeros()
        } else {
            1
        };
        let per_round = self.playouts as usize / rounds as usize;
        let mut alive = std::mem::take(&mut self.alive);
        while alive.len() > 1 {
            let deals = (per_round / alive.len()).max(1);
            for _ in 0..deals {
                let mut key = [0u8; 32];
                self.rng.fill_bytes(&mut key);
                let deal = Stream::from_seed(key);
                for &a in &alive {
                    let mut rng = deal.clone();
                    let r = self.playout(game, (a, moves[self.order[a]]), me, Some(&mut rng));
                    self.arms[a].add(r);
                }
            }
            // Best mean first; ties to the better static value (the earlier candidate).
            let arms = &self.arms;
            alive.sort_by(|&x, &y| arms[y].mean().total_cmp(&arms[x].mean()).then(x.cmp(&y)));
            alive.truncate(if halve { alive.len().div_ceil(2) } else { 1 });
        }
        let best = alive[0];
        self.alive = alive;
        moves[self.order[best]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hunters_engine::Variant;
    use hunters_engine::feature::ZoneId;
    use hunters_engine::rng::stream;

    /// What each move leaves to the next player, read from a preview of the features, equals
    /// a recount on the board after the move is played: the forests and rivers of its tile
    /// one side from completion with nobody in them (a shaman's recall, which the preview
    /// does not see, and the last move, apart).
    #[test]
    fn what_a_move_leaves_equals_a_recount_after_it() {
        let leave = 1000;
        let mut checked = 0;
        every_position(|seats, name, seed, game, moves| {
            seats.weigh(game, &leaving(0));
            let plain = seats.values.clone();
            seats.weigh(game, &leaving(leave));
            for (k, &mv) in moves.iter().enumerate() {
                if mv.recall.is_some() || matches!(mv.play, Play::Draw | Play::Refuse) {
                    continue;
                }
                let mut after = game.clone();
                after.play_unchecked(mv);
                // Final scoring takes every piece home: nothing is left to anybody.
                if after.is_over() {
                    continue;
                }
                let want = left_after(&after, leave);
                assert_eq!(plain[k] - seats.values[k], want, "{name} {seed} {mv:?}");
                checked += usize::from(want > 0);
            }
        });
        assert!(checked > 1000, "{checked} moves leave something");
    }

    /// `f` at every position of four games of random moves in each variant, two to four
    /// players, with the seats' buffers holding the position's legal moves.
    fn every_position(mut f: impl FnMut(&mut Seats, &str, u64, &Game, &[Move])) {
        let mut seats = Seats::default();
        for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
            let variant = Variant::load(name).unwrap();
            for seed in 0..4 {
                let mut game = Game::seeded(&variant, 2 + seed as usize % 3, seed);
                let mut rng = stream(seed, "test");
                seats.start(stream(seed, "ties"));
                let mut moves = Vec::new();
                while game.turn().is_some() {
                    game.legal_moves(&mut moves);
                    seats.legal.clone_from(&moves);
                    f(&mut seats, name, seed, &game, &moves);
                    let mv = moves[below(&mut rng, moves.len())];
                    game.play_unchecked(mv);
                }
            }
        }
    }

    /// The bounded choice plays the move of the full valuation: the first of the best of
    /// greedy's values less what every move leaves, in every variant, with the Scout's
    /// choices counted as greedy's valuation has them and counted more.
    #[test]
    fn the_bounded_choice_is_the_first_of_the_best_of_every_move() {
        let mut differ = 0;
        let scout = Params {
            seat_draw: 2000,
            seat_refuse: 1000,
            ..leaving(1000)
        };
        every_position(|seats, name, seed, game, moves| {
            let first_best = |values: &[i64]| {
                (0..moves.len())
                    .max_by_key(|&i| (values[i], std::cmp::Reverse(i)))
                    .unwrap()
            };
            for params in [leaving(1000), scout] {
                seats.weigh(game, &params);
                let want = first_best(&seats.values);
                seats.weigh(game, &leaving(0));
                differ += usize::from(first_best(&seats.values) != want);
                assert_eq!(seats.best_by_leave(game, &params), want, "{name} {seed}");
            }
        });
        // The leave changes some choices, so the bound is put to the test.
        assert!(differ > 20, "{differ} choices changed by what moves leave");
    }

    /// A Scout draw and refusal count [`Params::seat_draw`] and [`Params::seat_refuse`] more
    /// in the seats' valuation, every other move as greedy's valuation has it; and so counted
    /// they change what the seats play.
    #[test]
    fn the_seats_count_a_scout_draw_and_refusal_as_told() {
        let scout = Params {
            seat_draw: 2000,
            seat_refuse: 1000,
            ..leaving(1000)
        };
        let (mut draws, mut refusals, mut changed) = (0, 0, 0);
        every_position(|seats, name, seed, game, moves| {
            seats.weigh(game, &leaving(1000));
            let plain = seats.values.clone();
            let plain_best = seats.best_by_leave(game, &leaving(1000));
            seats.weigh(game, &scout);
            for (k, mv) in moves.iter().enumerate() {
                let more = match mv.play {
                    Play::Draw => 2000,
                    Play::Refuse => 1000,
                    Play::Drawn | Play::Special(_) => 0,
                };
                assert_eq!(seats.values[k] - plain[k], more, "{name} {seed} {mv:?}");
                draws += usize::from(mv.play == Play::Draw);
                refusals += usize::from(mv.play == Play::Refuse);
            }
            changed += usize::from(seats.best_by_leave(game, &scout) != plain_best);
        });
        assert!(
            draws > 10 && refusals > 100,
            "{draws} draws, {refusals} refusals"
        );
        assert!(changed > 10, "{changed} choices changed");
    }

    /// With [`Params::seat_noise`] a greedy seat plays a move worth less than the best by
    /// less than the noise, never more, and not always the first of the best; without it,
    /// the first of the best.
    #[test]
    fn a_noisy_seat_plays_a_move_within_the_noise_of_the_best() {
        let noise = 2000;
        let noisy = Params {
            seat_noise: noise,
            ..leaving(1000)
        };
        let mut evaluator = Evaluator::new(Weights::second(hunters_engine::Edition::E2020));
        let (mut other, mut many) = (0, 0);
        every_position(|seats, name, seed, game, moves| {
            let mut rng = stream(seed, "noise");
            let best = seats.best_by_leave(game, &leaving(1000));
            let plain = seats.choose(game, &leaving(1000), &mut evaluator, &mut rng);
            assert_eq!(plain, Some(moves[best]), "{name} {seed}");
            let chosen = seats
                .choose(game, &noisy, &mut evaluator, &mut rng)
                .unwrap();
            seats.weigh(game, &noisy);
            let top = seats.values.iter().copied().max().unwrap();
            let k = moves.iter().position(|&m| m == chosen).unwrap();
            assert!(seats.values[k] > top - i64::from(noise), "{name} {seed}");
            other += usize::from(chosen != moves[best]);
            many += usize::from(seats.values.iter().filter(|&&v| v == top).count() == 1);
        });
        assert!(
            other > 100 && many > 100,
            "{other} other moves, {many} with one best"
        );
    }

    /// `mcts`'s numbers with what a move leaves counted `leave` thousandths.
    fn leaving(leave: i64) -> Params {
        Params {
            leave,
            ..Params::THIRD
        }
    }

    /// `mcts`'s schedule, a round a doubling: 2 rounds at 250 playouts, 4 at the default
    /// 1,000, 6 at 4,000; the candidates double with the budget too (`widen` 1000: 3 × 2 at
    /// 250, 4 × 3 at 500, 6 × 4 at 1,000); the yardsticks keep the square root.
    #[test]
    fn a_schedule_buys_a_round_and_twice_the_candidates_a_doubling() {
        let p = Params::THIRD;
        let rounds: Vec<usize> = [250, 500, 1000, 2000, 4000]
            .iter()
            .map(|&n| p.rounds_for(n))
            .collect();
        assert_eq!(rounds, [2, 3, 4, 5, 6]);
        assert_eq!(p.kept_for(250), (3, 2));
        assert_eq!(p.kept_for(500), (4, 3));
        assert_eq!(p.kept_for(1000), (6, 4));
        assert_eq!(p.kept_for(4000), (12, 8));
        assert_eq!(p.rounds_for(1), 1);
        // Past the default a schedule of its own: two rounds a doubling and no more
        // candidates, the budget below it as it was.
        let steeper = Params {
            rounds_per_doubling_above: Some(2000),
            widen_above: Some(0),
            ..p
        };
        for n in [1, 100, 250, 500, 1000] {
            assert_eq!(steeper.rounds_for(n), p.rounds_for(n), "{n}");
            assert_eq!(steeper.kept_for(n), p.kept_for(n), "{n}");
        }
        assert_eq!(steeper.rounds_for(2000), 6);
        assert_eq!(steeper.rounds_for(4000), 8);
        assert_eq!(steeper.kept_for(4000), (6, 4));
        assert_eq!(Params::SECOND.rounds_for(4000), 4);
        assert_eq!(Params::SECOND.rounds_for(500), 1);
    }

    /// With the Scout `mcts`'s candidates stop growing past 2,000 playouts and its rounds go
    /// on; without it, and at 2,000 and below in every variant, the schedule is the third
    /// search's, whose runs stand for it.
    #[test]
    fn with_the_scout_the_candidates_stop_growing_past_2000() {
        for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
            let rules = Variant::load(name).unwrap().ruleset();
            let p = current(&rules).params;
            for n in [1, 100, 250, 500, 1000, 2000] {
                assert_eq!(p.kept_for(n), Params::THIRD.kept_for(n), "{name} {n}");
                assert_eq!(p.rounds_for(n), Params::THIRD.rounds_for(n), "{name} {n}");
            }
            assert_eq!(p.rounds_for(4000), 6, "{name}");
            let widest = if rules.scout().is_some() {
                (8, 6)
            } else {
                (12, 8)
            };
            assert_eq!(p.kept_for(4000), widest, "{name}");
            assert_eq!(p.kept_for(16000).0 == 8, rules.scout().is_some(), "{name}");
            // A round more a doubling past the widest candidates changes no budget below.
            let deeper = Params {
                rounds_past_widest: 1000,
                ..p
            };
            for n in [1, 250, 1000, 2000] {
                assert_eq!(deeper.rounds_for(n), p.rounds_for(n), "{name} {n}");
            }
            // Candidates back to the default's past a budget change no budget up to it.
            let narrow = Params {
                narrow_past: 2000,
                ..p
            };
            for n in [1, 250, 500, 1000, 2000] {
                assert_eq!(narrow.kept_for(n), p.kept_for(n), "{name} {n}");
            }
            assert_eq!(narrow.kept_for(4000), (6, 4), "{name}");
            assert_eq!(narrow.rounds_for(4000), p.rounds_for(4000), "{name}");
            let past = if rules.scout().is_some() { 1 } else { 0 };
            assert_eq!(deeper.rounds_for(4000), 6 + past, "{name}");
            assert_eq!(deeper.rounds_for(8000), 7 + 2 * past, "{name}");
            assert_eq!(
                p,
                Params {
                    widen_until: p.widen_until,
                    ..Params::THIRD
                },
                "{name}"
            );
        }
    }

    /// The tree of replies remembers only moves that are legal wherever its keys lead (its
    /// step asserts it in a debug build), and does branch: in every variant, with two to
    /// four players, some decision of the playouts tries a move other than its policy's.
    #[test]
    fn the_tree_of_replies_branches_and_remembers_only_legal_moves() {
        for (i, name) in ["2002", "2014", "2020", "2002-scout", "2014-scout"]
            .iter()
            .enumerate()
        {
            let variant = Variant::load(name).unwrap();
            let players = 2 + i % 3;
            let seed = 70 + i as u64;
            let mut game = Game::seeded(&variant, players, seed);
            let current = current(&variant.ruleset());
            // Without the schedule, which leaves a budget this small one candidate.
            let params = Params {
                branch: 1,
                rounds: 2,
                rounds_per_doubling: 0,
                widen: 0,
                ..current.params
            };
            let numbers = Numbers { params, ..current };
            let mut bot = MctsBot::with_numbers(stream(seed, "tree"), 30, numbers);
            let mut rng = stream(seed, "others");
            let mut moves = Vec::new();
            let mut branched = 0;
            while let Some(turn) = game.turn() {
                game.legal_moves(&mut moves);
                let mv = if turn.player == 0 {
                    let mv = bot.decide(&game, &moves);
                    let t = &bot.tree;
                    branched += t
                        .nodes
                        .iter()
                        .filter(|n| {
                            let first = n.first as usize;
                            (first + 1..first + usize::from(n.len)).any(|k| t.stats[k].visits > 0)
                        })
                        .count();
                    mv
                } else {
                    moves[below(&mut rng, moves.len())]
                };
                assert!(moves.contains(&mv), "{name}: {mv:?}");
                game.play_unchecked(mv);
            }
            assert!(branched > 0, "{name}: no decision of the playouts branched");
        }
    }

    /// The forests and rivers of the last tile laid one side from completion and held by
    /// nobody, their points times `leave`.
    fn left_after(game: &Game, leave: i64) -> i64 {
        let placed = game.board().placed().len() - 1;
        let tile = &game.tiles().tiles[game.board().placed()[placed].tile];
        let f = game.features();
        let mut keys = Vec::new();
        let mut total = 0;
        for zone in tile.zones() {
            let z = ZoneId {
                placed: placed as u16,
                zone,
            };
            let (open, held, points) = match zone.kind {
                ZoneKind::Forest => {
                    let i = f.forest(z);
                    let held = i.gatherers.iter().sum::<u16>();
                    (i.open, held, game.rules().forest::<Points>(i).0)
                }
                ZoneKind::River => {
                    let i = f.river(z);
                    let held = i.fishers.iter().sum::<u16>();
                    (i.open, held, game.rules().river::<Points>(i).0)
                }
                _ => continue,
            };
            let key = f.key(&game.tiles().tiles, game.board(), z, false);
            if open == 1 && held == 0 && !keys.contains(&key) {
                keys.push(key);
                total += i64::from(points) * leave;
            }
        }
        total
    }
}
