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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub nanos: u64,
    pub moves: u64,
}

impl Clock {
    pub fn add(&mut self, o: Clock) {
        self.nanos += o.nanos;
        self.moves += o.moves;
    }
}

/// [`play_out_watching`], adding to `clocks[seat]` (when `clocks` has a slot for the seat)
/// the time the seat's bot spent in [`Bot::choose_in`] and the moves it chose. Only the
/// choosing is timed, in the thread that plays the game, so the figure is one core's time
/// for the bot's own work, apart from the engine's playing of the move.
pub fn play_out_timed(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    mut watch: impl FnMut(&Game),
    clocks: &mut [Clock],
) -> Result<(), BotError> {
    let mut moves = Vec::new();
    while let Some(turn) = game.turn() {
        let bot = &mut bots[turn.player];
        let start = (!clocks.is_empty()).then(std::time::Instant::now);
        let mv = bot
            .choose_in(game, &mut moves)
            .map_err(|message| BotError {
                seat: turn.player,
                bot: bot.name(),
                message,
            })?;
        if let (Some(start), Some(clock)) = (start, clocks.get_mut(turn.player)) {
            clock.nanos += start.elapsed().as_nanos() as u64;
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
