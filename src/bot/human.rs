//! A person at the keyboard: `--bots human` (any seat). Each turn shows the board, the scores
//! and supplies, the drawn tile and the numbered legal moves on standard error, and reads a
//! choice from standard input: a move's number, or the move as a log writes it
//! (`place 1 34 1,0 r90 hunter Es`). An entry that is not a legal move is answered with the
//! reason and asked again; `help` explains, `quit` leaves the game (after a yes).

use std::io::{BufRead, Write};

use crate::game::{Game, Move};
use crate::log::{move_text, read_move};
use crate::render;

use super::Bot;

/// The human seat, reading `input` and writing to `output`.
pub struct HumanBot {
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
}

const HELP: &str = "\
Type the number of a move from the list, or the move as a log writes it:
  place PLAYER TILE X,Y rDEGREES [PIECE ZONE]   e.g. place 1 34 1,0 r90 hunter Es
  (zones: N E S W for a side's middle, Ne/En … for a river bank, L0 for a lake, …)
  refuse PLAYER                                  the Scout's refusal
  draw                                           draw rather than lay your special tile
The board: x along the top, y down the side; each tile shows its sides (F forest,
M meadow, R river) and in its centre the seat of a piece on it (o: a lake).
quit leaves the game (the log is still written with --log).";

impl HumanBot {
    /// The human seat on the program's standard input and error.
    pub fn on_terminal() -> HumanBot {
        HumanBot::new(
            Box::new(std::io::BufReader::new(std::io::stdin())),
            Box::new(std::io::stderr()),
        )
    }

    pub fn new(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> HumanBot {
        HumanBot { input, output }
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
        s.push_str(&render::ascii(game));
        let (meeples, huts) = game.supply(turn.player);
        let colour = render::PLAYER_COLOURS[turn.player % render::PLAYER_COLOURS.len()];
        let (regular, bonus) = game.unseen();
        s.push_str(&format!(
            "Player {} ({colour}): {meeples} meeples and {huts} huts in your supply; {} land and {} bonus tiles to come.\n",
            turn.player + 1,
            regular.len(),
            bonus.len()
        ));
        match turn.tile {
            Some(t) => {
                let tile = &game.tiles().tiles[t];
                s.push_str(&format!(
                    "You drew tile {}{}: sides {} (N E S W unturned); {}\n",
                    tile.id,
                    if turn.bonus { " (bonus)" } else { "" },
                    tile.sides_code(),
                    tile.describe()
                ));
            }
            None => s.push_str("You may lay your special tile instead of drawing.\n"),
        }
        for (n, m) in moves.iter().enumerate() {
            s.push_str(&format!("{n:4}  {}\n", move_text(game, m)));
        }
        self.say(&s)
    }

    fn ask(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        self.show(game, moves)?;
        loop {
            self.say(&format!(
                "Your move (0 to {}, a move, help, quit): ",
                moves.len() - 1
            ))?;
            let line = self.read_line()?;
            match line.as_str() {
                "" => continue,
                "help" | "?" => self.say(&format!("{HELP}\n"))?,
                "board" => self.show(game, moves)?,
                "quit" | "exit" => {
                    self.say("Leave the game? (y/n) ")?;
                    if self.read_line()?.eq_ignore_ascii_case("y") {
                        return Err("left the game".to_string());
                    }
                }
                text => match choose(game, moves, text) {
                    Ok(m) => return Ok(m),
                    Err(why) => self.say(&format!("Not that: {why}.\n"))?,
                },
            }
        }
    }
}

/// The move an entry names, or why it names none.
fn choose(game: &Game, moves: &[Move], text: &str) -> Result<Move, String> {
    if let Ok(n) = text.parse::<usize>() {
        return moves
            .get(n)
            .copied()
            .ok_or_else(|| format!("there are moves 0 to {} only", moves.len() - 1));
    }
    let mv = read_move(game, text)?;
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
