//! A person at the keyboard: `--bots human` (any seat). Each turn shows the board, the scores
//! and supplies, the drawn tile and the numbered legal moves on standard error, and reads a
//! choice from standard input: a move's number, or the move as a log writes it
//! (`place 1 34 1,0 r90 hunter Es`). An entry that is not a legal move is answered with the
//! reason and asked again; `help` explains, `undo` takes back the person's last move while
//! only bots have moved since ([`play_with_people`]), `quit` leaves the game (after a yes).

use std::io::{BufRead, Write};

use hunters_engine::game::{Event, Game, Move};
use hunters_engine::notation::{move_text, read_move};
use hunters_engine::render;

use super::Bot;

/// The human seat, reading `input` and writing to `output`.
pub struct HumanBot {
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
    /// Colours for a terminal (never into a pipe or a file).
    colour: bool,
}

/// Lists of legal moves up to this long are shown every turn.
const SHORT_LIST: usize = 24;

/// The help text, with the Scout's commands only in a game with the Scout expansion.
fn help(game: &Game) -> String {
    let scout = game.rules().options().scout.is_some();
    let mut s = String::from(
        "\
Type the number of a move from the list, or the move as a log writes it:
  X,Y rDEGREES [PIECE ZONE]                      the tile you drew, e.g. 1,0 r90 hunter Es
  place PLAYER TILE X,Y rDEGREES [PIECE ZONE]    the same, naming the player and the tile
Case and spacing are yours: `1 0 R90 Hunter es` is the same move.
PIECE is gatherer (forest), fisher (river), hunter (meadow) or hut (river system).
ZONE names where on the tile, as the tile turned by rDEGREES lies on the board:
  N E S W        the middle of a side: a forest or meadow side, or a river
  Nw Ne En Es    a river bank: the side, then the half of it (Ne: the north side's
  Se Sw Ws Wn    eastern half), for the meadow beside a river
  L0 L1          a lake, as the tile's description numbers it
",
    );
    if scout {
        s.push_str(
            "  refuse PLAYER                                  the Scout's refusal of the drawn tile\n\
             \x20 draw                                           draw rather than lay your special tile\n",
        );
    }
    s.push_str(
        "The board: x along the top, y down the side; each tile shows its sides (F forest,
M meadow, R river) and in its centre the seat of a piece on it (o: a lake).
look X,Y shows the tile on a square: its zones by name with their features (size,
animals, fish, complete or open, who claims them) and the pieces on it;
moves lists the legal moves by number; board shows the turn again;
undo takes back your last move while only bots have moved since;
quit leaves the game (the log is still written with --log).",
    );
    s
}

/// `n` and a word, the word in the plural unless `n` is 1.
fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

impl HumanBot {
    /// The human seat on the program's standard input and error.
    pub fn on_terminal() -> HumanBot {
        use std::io::IsTerminal;
        let mut bot = HumanBot::new(
            Box::new(std::io::BufReader::new(std::io::stdin())),
            Box::new(std::io::stderr()),
        );
        bot.colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        bot
    }

    pub fn new(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> HumanBot {
        HumanBot {
            input,
            output,
            colour: false,
        }
    }

    fn say(&mut self, text: &str) -> Result<(), String> {
        self.output
            .write_all(text.as_bytes())
            .and_then(|()| self.output.flush())
            .map_err(|e| format!("cannot write to the terminal: {e}"))
    }

    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) => Err("left: the input ended before a move was chosen".to_string()),
            Ok(_) => Ok(line.trim().to_string()),
            Err(e) => Err(format!("cannot read the input: {e}")),
        }
    }

    fn show(&mut self, game: &Game, moves: &[Move]) -> Result<(), String> {
        let Some(turn) = game.turn() else {
            return Ok(());
        };
        let mut s = String::from("\n");
        s.push_str(&render::ascii_in_colour(game, self.colour));
        let (meeples, huts) = game.supply(turn.player);
        let colour = render::PLAYER_COLOURS[turn.player % render::PLAYER_COLOURS.len()];
        let (regular, bonus) = game.unseen();
        // The second deck by the tile set's own name (the 2020 menhir tiles).
        let deck = &game.tiles().bonus_name;
        s.push_str(&format!(
            "Player {} ({colour}): {} and {} in your supply; {} and {} to come.\n",
            turn.player + 1,
            count(meeples, "meeple", "meeples"),
            count(huts, "hut", "huts"),
            count(regular.len() as u64, "land tile", "land tiles"),
            count(
                bonus.len() as u64,
                &format!("{deck} tile"),
                &format!("{deck} tiles")
            ),
        ));
        match turn.tile {
            Some(t) => {
                let tile = &game.tiles().tiles[t];
                s.push_str(&format!(
                    "You drew tile {}{}: {}\n",
                    tile.id,
                    if turn.bonus { " (bonus)" } else { "" },
                    tile.describe()
                ));
                s.push_str(&render::tile_turns(tile, self.colour));
            }
            None => s.push_str("You may lay your special tile instead of drawing.\n"),
        }
        // A long list would push the board off the screen: it waits to be asked for.
        if moves.len() <= SHORT_LIST {
            s.push_str(&list(game, moves));
        } else {
            s.push_str(&format!(
                "{} legal moves: `moves` lists them by number, or type where the tile goes \
                 (X,Y rDEGREES [PIECE ZONE]).\n",
                moves.len()
            ));
        }
        self.say(&s)
    }

    fn ask(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        match self.turn(game, moves, false)? {
            Action::Play(m) => Ok(m),
            Action::Undo => Err("cannot undo here".to_string()),
        }
    }

    /// The person's turn: a move, or, when `can_undo`, the wish to take back their last one.
    pub fn turn(&mut self, game: &Game, moves: &[Move], can_undo: bool) -> Result<Action, String> {
        self.show(game, moves)?;
        loop {
            self.say(&format!(
                "Your move (0 to {}, a move, help, {}quit): ",
                moves.len() - 1,
                if can_undo { "undo, " } else { "" }
            ))?;
            let line = self.read_line()?;
            let command = line.to_ascii_lowercase();
            match command.as_str() {
                "" => continue,
                "help" | "?" => self.say(&format!("{}\n", help(game)))?,
                "board" => self.show(game, moves)?,
                look if look.starts_with("look") => {
                    let names: Vec<String> = (0..game.players())
                        .map(|p| format!("player {}", p + 1))
                        .collect();
                    let said = match hunters_engine::tell::square_named(&look[4..]) {
                        None => "Look at which square? e.g. `look 1,0`.\n".to_string(),
                        Some(pos) => hunters_engine::tell::square(game, pos, &names)
                            .unwrap_or_else(|| format!("No tile lies on {},{}.\n", pos.x, pos.y)),
                    };
                    self.say(&said)?;
                }
                "moves" => self.say(&list(game, moves))?,
                "undo" if can_undo => return Ok(Action::Undo),
                "undo" => self.say(
                    "Nothing to undo: you have not moved yet, or another person has moved since.\n",
                )?,
                "quit" | "exit" => {
                    self.say("Leave the game? (y/n) ")?;
                    if self.read_line()?.eq_ignore_ascii_case("y") {
                        return Err("left the game".to_string());
                    }
                }
                _ => match read_entry(game, moves, &line) {
                    Ok(m) => return Ok(Action::Play(m)),
                    Err(why) => self.say(&format!("Not that: {why}.\n"))?,
                },
            }
        }
    }
}

/// What a person does on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Play(Move),
    /// Take back their own last move (only bots having moved since).
    Undo,
}

/// Plays the game to its end with people at some seats (`None` in `bots`) and bots at the
/// others; `after_move` sees the game after every move (to keep its log as it goes). A person may `undo` their last move while only bots have moved since: the game
/// goes back to just before it. Ends with the first error, the game as it then stands.
pub fn play_with_people(
    game: &mut Game,
    bots: &mut [Option<Box<dyn Bot + Send>>],
    person: &mut HumanBot,
    after_move: &mut dyn FnMut(&Game),
) -> Result<(), super::BotError> {
    // The game before each of the latest person's moves, and whose they were.
    let mut before: Vec<(usize, Game)> = Vec::new();
    let mut moves = Vec::new();
    // Each seat as the person reads it: a bot by its name, a person by the seat.
    let names: Vec<String> = bots
        .iter()
        .enumerate()
        .map(|(p, b)| {
            let colour = render::PLAYER_COLOURS[p % render::PLAYER_COLOURS.len()];
            match b {
                Some(bot) => format!("{} ({colour})", bot.name()),
                None => format!("player {} ({colour})", p + 1),
            }
        })
        .collect();
    while let Some(turn) = game.turn() {
        game.legal_moves(&mut moves);
        let fail = |bot: String, message: String| super::BotError {
            seat: turn.player,
            bot,
            message,
        };
        let mv = match &mut bots[turn.player] {
            Some(bot) => bot.choose(game, &moves).map_err(|m| fail(bot.name(), m))?,
            None => {
                let can_undo = before.last().is_some_and(|(seat, _)| *seat == turn.player);
                match person
                    .turn(game, &moves, can_undo)
                    .map_err(|m| fail("human".to_string(), m))?
                {
                    Action::Play(m) => {
                        if before.last().is_some_and(|(seat, _)| *seat != turn.player) {
                            before.clear();
                        }
                        before.push((turn.player, game.clone()));
                        m
                    }
                    Action::Undo => {
                        if let Some((_, earlier)) = before.pop() {
                            *game = earlier;
                            let _ = person.say("Your last move is taken back.\n");
                        }
                        continue;
                    }
                }
            }
        };
        let seen = game.events().len();
        game.play_unchecked(mv);
        // What the move did, in words: the tile and piece, every score with its breakdown,
        // the pieces going home (a person sees their own draws on their turn).
        let told: Vec<String> = game.events()[seen..]
            .iter()
            .take_while(|e| !matches!(e, Event::End))
            .filter(|e| !matches!(e, Event::Draw { .. } | Event::Deal { .. }))
            .map(|e| format!("  {}\n", hunters_engine::tell::event(game, e, &names)))
            .collect();
        let _ = person.say(&told.concat());
        after_move(game);
    }
    for bot in bots.iter_mut().flatten() {
        bot.game_over(game);
    }
    let mut end = String::from("\nFinal scoring, feature by feature:\n");
    for line in hunters_engine::tell::final_scoring(game, &names) {
        end.push_str(&format!("  {line}\n"));
    }
    let _ = person.say(&end);
    person.game_over(game);
    Ok(())
}

/// The legal moves, numbered.
fn list(game: &Game, moves: &[Move]) -> String {
    let mut s = String::new();
    for (n, m) in moves.iter().enumerate() {
        s.push_str(&format!("{n:4}  {}\n", move_text(game, m)));
    }
    s
}

/// The move an entry names, or why it names none.
/// The legal move a person's entry names: its number in `moves` or a move in the notation;
/// else why not, in the words every table gives (the terminal, the browser).
pub fn read_entry(game: &Game, moves: &[Move], text: &str) -> Result<Move, String> {
    if let Ok(n) = text.parse::<usize>() {
        return moves
            .get(n)
            .copied()
            .ok_or_else(|| format!("there are moves 0 to {} only", moves.len() - 1));
    }
    let mv = read_move(game, text).map_err(|e| e.to_string())?;
    game.check(mv).map_err(|e| e.to_string())?;
    // A legal move is one of the list (the list holds every legal move).
    moves
        .iter()
        .copied()
        .find(|m| *m == mv)
        .ok_or_else(|| "that move is not in the list of legal moves".to_string())
}

impl Bot for HumanBot {
    fn name(&self) -> String {
        "human".to_string()
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        self.ask(game, moves)
    }

    fn game_over(&mut self, game: &Game) {
        let totals: Vec<String> = (0..game.players())
            .map(|p| format!("player {} {}", p + 1, game.total(p)))
            .collect();
        let _ = self.say(&format!("\nThe game is over: {}.\n", totals.join(", ")));
    }
}
