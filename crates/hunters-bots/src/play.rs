//! A game played by bots: what a bot is ([`Bot`]), and a game played to its end with one bot
//! per seat, watched or timed.

use hunters_engine::game::{Game, Move};
use hunters_engine::rng::Stream;

/// A bot chooses one of the legal moves of the game's player to move.
pub trait Bot {
    /// The bot's name as `--bots` takes it.
    fn name(&self) -> String;
    /// Chooses among `moves` (never empty, all legal). Only a bot outside the program
    /// (`ExecBot`, with the `seats` feature) can fail: it crashed, answered nonsense or took
    /// too long.
    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String>;
    /// Chooses a move of the game's player to move, as [`Bot::choose`] would among the legal
    /// moves; `moves` is a buffer for them. A bot that needs no list can choose without one.
    fn choose_in(&mut self, game: &Game, moves: &mut Vec<Move>) -> Result<Move, String> {
        game.legal_moves(moves);
        self.choose(game, moves)
    }
    /// Told the final position once the game is over (a program bot hears the scores).
    fn game_over(&mut self, _game: &Game) {}
    /// Gets ready for a new game with the random stream `rng`, keeping the memory it has;
    /// false for a bot that cannot, which is then made anew. A bot that starts over chooses
    /// exactly as a new one would.
    fn start_over(&mut self, _rng: Stream) -> bool {
        false
    }
}

/// A bot that could not choose, which ends its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} {}", self.who(), self.message)]
pub struct BotError {
    /// The seat, from 0.
    pub seat: usize,
    pub bot: String,
    pub message: String,
}

impl BotError {
    fn who(&self) -> String {
        if self.bot == "human" {
            format!("the player of seat {}", self.seat + 1)
        } else {
            format!("the bot of seat {} ({})", self.seat + 1, self.bot)
        }
    }
}

/// Plays the game to its end, each seat choosing with its bot; a bot that cannot choose ends
/// the game with its error.
pub fn play_out(game: &mut Game, bots: &mut [Box<dyn Bot + Send>]) -> Result<(), BotError> {
    play_out_watching(game, bots, |_| {})
}

/// [`play_out`], showing `watch` the game after every move (statistics of how a game went).
pub fn play_out_watching(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    watch: impl FnMut(&Game),
) -> Result<(), BotError> {
    play_out_timed(game, bots, watch, &mut [])
}

/// The wall time one seat's bot spent choosing, and the moves it chose: what a bot costs to
/// play. Not part of any result: the same game takes another time on another run.
///
/// A bot that answers in a few microseconds has one move in [`Clock::SAMPLE`] timed: two
/// readings of the clock a move were a twelfth of the time of a game of random moves. Every
/// move of a slower bot is timed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Nanoseconds spent on the moves timed.
    pub nanos: u64,
    /// Moves chosen.
    pub moves: u64,
    /// Moves timed.
    pub timed: u64,
}

impl Clock {
    /// One move in this many is timed for a fast bot.
    pub const SAMPLE: u64 = 8;
    /// A bot whose moves timed so far took this long on average (nanoseconds) has every move
    /// timed: next to its own work the clock's readings do not count.
    const SLOW: u64 = 20_000;

    pub fn add(&mut self, o: Clock) {
        self.nanos += o.nanos;
        self.moves += o.moves;
        self.timed += o.timed;
    }

    /// The seconds spent on every move chosen, from the moves timed.
    pub fn seconds(&self) -> f64 {
        if self.timed == 0 {
            return 0.0;
        }
        self.nanos as f64 / 1e9 * self.moves as f64 / self.timed as f64
    }

    /// Whether the next move is timed.
    fn times_next(&self) -> bool {
        self.moves.is_multiple_of(Self::SAMPLE) || self.nanos >= Self::SLOW * self.timed
    }
}

/// [`play_out_watching`], adding to `clocks[seat]` (when `clocks` has a slot for the seat)
/// the time the seat's bot spent in [`Bot::choose_in`] and the moves it chose (see [`Clock`]
/// for which are timed). Only the choosing is timed, in the thread that plays the game, so
/// the figure is one core's time for the bot's own work, apart from the engine's playing of
/// the move.
pub fn play_out_timed(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    mut watch: impl FnMut(&Game),
    clocks: &mut [Clock],
) -> Result<(), BotError> {
    let mut moves = Vec::new();
    while let Some(turn) = game.turn() {
        let bot = &mut bots[turn.player];
        let start = clocks
            .get(turn.player)
            .is_some_and(Clock::times_next)
            .then(std::time::Instant::now);
        let mv = bot
            .choose_in(game, &mut moves)
            .map_err(|message| BotError {
                seat: turn.player,
                bot: bot.name(),
                message,
            })?;
        if let Some(clock) = clocks.get_mut(turn.player) {
            if let Some(start) = start {
                clock.nanos += start.elapsed().as_nanos() as u64;
                clock.timed += 1;
            }
            clock.moves += 1;
        }
        game.play_unchecked(mv);
        watch(game);
    }
    for bot in bots.iter_mut() {
        bot.game_over(game);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BotKind;
    use hunters_engine::Variant;

    /// Every move is counted, and a fast bot's moves are timed one in [`Clock::SAMPLE`] at
    /// least, however fast the machine; the time of the moves timed stands for all of them.
    #[test]
    fn a_clock_counts_every_move_and_times_a_sample_of_them_at_least() {
        let variant = Variant::load("2020").unwrap();
        for seed in 0..5 {
            let mut game = Game::seeded(&variant, 2, seed);
            let kinds: [BotKind; 2] = ["random".parse().unwrap(), "greedy".parse().unwrap()];
            let mut bots: Vec<_> = kinds
                .iter()
                .enumerate()
                .map(|(s, k)| k.make(seed, s))
                .collect();
            let mut clocks = [Clock::default(); 2];
            let mut played = [0u64; 2];
            let mut mover = game.turn().map(|t| t.player);
            play_out_timed(
                &mut game,
                &mut bots,
                |g| {
                    played[mover.expect("a move was played")] += 1;
                    mover = g.turn().map(|t| t.player);
                },
                &mut clocks,
            )
            .unwrap();
            for (clock, &n) in clocks.iter().zip(&played) {
                assert_eq!(clock.moves, n);
                assert!(clock.timed >= n.div_ceil(Clock::SAMPLE) && clock.timed <= n);
                let per_timed = clock.nanos as f64 / clock.timed as f64 / 1e9;
                assert!((clock.seconds() - per_timed * n as f64).abs() < 1e-9);
            }
        }
    }
}
