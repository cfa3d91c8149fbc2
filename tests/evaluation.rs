//! The searching bot's evaluation gives, on every position, exactly what the evaluation as
//! first written gave: kept here as the naive reference, which looks through every forest and
//! river on the board and finds every piece's feature anew. Random games of every variant and
//! player count, each position weighed by several sets of weights: as played, inside trials
//! (every legal move tried and taken back, as a search does, and long trials of random moves),
//! after their undo, and on copies made in and out of trials. The features' lists of forests
//! and rivers to claim, kept move by move, equal those read off every feature each time.

use crate::props;

use hunters::Variant;
use hunters::bot::evaluation::{Evaluator, Weights};
use hunters::feature::{FeatureKey, MAX_PLAYERS, PerPlayer, PieceAt};
use hunters::game::{Game, Move, majority};
use hunters::rng::{Stream, below, stream};
use hunters::ruleset::Points;
use hunters::scout::Special;
use hunters::tile::{MeadowSpecial, Piece};

const VARIANTS: [&str; 5] = ["2002", "2014", "2020", "2002-scout", "2014-scout"];

/// The evaluation as first written (`src/bot/evaluation.rs` before the features kept the
/// forests and rivers to claim), line for line but for the names.
fn naive_values(game: &Game, weights: &Weights) -> [i64; MAX_PLAYERS] {
    let mut value = [0i64; MAX_PLAYERS];
    for (p, v) in value.iter_mut().enumerate().take(game.players()) {
        *v = 1000 * i64::from(game.total(p));
    }
    if game.is_over() {
        return value;
    }
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
        naive_at_hand(game, weights, left, &mut value);
    }
    let open_penalty = weights.open_weight + weights.open_late * 10 / (left + 10);
    let meadow_weight = weights.meadow_weight + weights.meadow_early * left / (left + 10);
    let rules = game.rules();
    let f = game.features();
    let tiles = &game.tiles().tiles;
    let mut seen: Vec<FeatureKey> = Vec::new();
    for on in game.pieces() {
        let Some(z) = game.piece_zone(on.at) else {
            continue;
        };
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

fn naive_at_hand(game: &Game, weights: &Weights, left: i64, value: &mut [i64; MAX_PLAYERS]) {
    let players = game.players();
    let mut ready = [false; MAX_PLAYERS];
    for (p, r) in ready.iter_mut().enumerate().take(players) {
        *r = game.supply(p).0 > 0;
    }
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

fn open_worth(points: i64, open: u16, penalty: i64) -> i64 {
    1_000_000 * points / (1000 + i64::from(open) * penalty)
}

/// Weights that leave out no term of the evaluation: those of both searching bots, and every
/// term at once.
fn weight_sets(game: &Game) -> [Weights; 3] {
    let every = Weights {
        meadow_early: 300,
        to_move: 1500,
        ready_meeple: 2500,
        unclaimed_next: 900,
        unclaimed_rest: 150,
        ..Weights::second(game.rules().edition())
    };
    [
        Weights::FIRST,
        Weights::second(game.rules().edition()),
        every,
    ]
}

/// Checks `game` (`what` says which position it is, for a failure): the evaluation equals
/// the naive one under every set of weights, and the lists of features to claim equal those
/// read off every feature. Returns the values under the last set.
fn check(
    game: &Game,
    evaluators: &mut [Evaluator; 3],
    what: &dyn Fn() -> String,
) -> [i64; MAX_PLAYERS] {
    let mut last = [0; MAX_PLAYERS];
    for e in evaluators.iter_mut() {
        let fast = e.values(game);
        assert_eq!(fast, naive_values(game, e.weights()), "{}", what());
        let lead = e.lead(game, 0);
        let best_other = (1..game.players()).map(|p| fast[p]).max().unwrap_or(0);
        assert_eq!(lead, fast[0] - best_other, "{}", what());
        last = fast;
    }
    let f = game.features();
    let listed = |infos: Vec<String>| {
        let mut infos = infos;
        infos.sort_unstable();
        infos
    };
    let forests = listed(f.forests_to_claim().map(|i| format!("{i:?}")).collect());
    let want = listed(
        f.all_forests()
            .filter(|i| i.open == 1 && i.gatherers.iter().all(|&g| g == 0))
            .map(|i| format!("{i:?}"))
            .collect(),
    );
    assert_eq!(forests, want, "forests to claim: {}", what());
    let rivers = listed(f.rivers_to_claim().map(|i| format!("{i:?}")).collect());
    let want = listed(
        f.all_rivers()
            .filter(|i| i.open == 1 && i.fishers.iter().all(|&g| g == 0))
            .map(|i| format!("{i:?}"))
            .collect(),
    );
    assert_eq!(rivers, want, "rivers to claim: {}", what());
    last
}

fn random_move(game: &Game, moves: &mut Vec<Move>, rng: &mut Stream) -> Move {
    game.legal_moves(moves);
    moves[below(rng, moves.len())]
}

#[test]
fn the_evaluation_equals_the_naive_one_in_and_out_of_trials_and_on_copies() {
    let mut moves = Vec::new();
    let mut tried = Vec::new();
    let (mut positions, mut to_claim) = (0usize, 0usize);
    for g in 0..props::cases(200) {
        let name = VARIANTS[g as usize % VARIANTS.len()];
        let players = 2 + (g as usize / VARIANTS.len()) % 4;
        let variant = Variant::load(name).unwrap();
        let mut game = Game::seeded(&variant, players, g);
        game.keep_no_events();
        let mut evaluators = weight_sets(&game).map(Evaluator::new);
        let mut copy = game.clone();
        let mut rng = stream(g, "evaluation test");
        let mut turn = 0;
        loop {
            let at =
                |step: &str| format!("{name}, {players} players, game {g}, turn {turn}, {step}");
            let before = check(&game, &mut evaluators, &|| at("as played"));
            positions += 1;
            to_claim += usize::from(game.features().forests_to_claim().next().is_some());
            if game.is_over() {
                break;
            }
            // Every legal move tried and taken back, as a search weighs them.
            game.legal_moves(&mut tried);
            for (i, &mv) in tried.iter().enumerate() {
                game.begin_trial();
                game.play_unchecked(mv);
                check(&game, &mut evaluators, &|| at(&format!("move {i} tried")));
                game.undo_trial();
            }
            assert_eq!(
                check(&game, &mut evaluators, &|| at("after the moves tried")),
                before
            );
            // A trial of random moves, maybe to the end, copied halfway.
            let depth = below(&mut rng, 40);
            game.begin_trial();
            for step in 0..depth {
                if game.is_over() {
                    break;
                }
                let mv = random_move(&game, &mut moves, &mut rng);
                game.play_unchecked(mv);
                check(&game, &mut evaluators, &|| {
                    at(&format!("trial move {step}"))
                });
                if step == depth / 2 {
                    copy.copy_for_trial(&game);
                    let copied = check(&copy, &mut evaluators, &|| at("copied in a trial"));
                    copy.begin_trial();
                    for _ in 0..below(&mut rng, 10) {
                        if copy.is_over() {
                            break;
                        }
                        let mv = random_move(&copy, &mut moves, &mut rng);
                        copy.play_unchecked(mv);
                        check(&copy, &mut evaluators, &|| at("a trial on the copy"));
                    }
                    copy.undo_trial();
                    let undone = check(&copy, &mut evaluators, &|| at("the copy's undo"));
                    assert_eq!(undone, copied);
                }
            }
            game.undo_trial();
            assert_eq!(
                check(&game, &mut evaluators, &|| at("after the trial")),
                before
            );
            copy.copy_for_trial(&game);
            assert_eq!(check(&copy, &mut evaluators, &|| at("copied")), before);
            let mv = random_move(&game, &mut moves, &mut rng);
            game.play(mv).unwrap();
            turn += 1;
        }
    }
    // Positions enough, many with a forest to claim.
    assert!(
        positions > 500 && to_claim > positions / 4,
        "{positions} {to_claim}"
    );
}
