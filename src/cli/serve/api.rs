//! The tables the server keeps and the JSON API the page speaks: one [`Table`] per game, each
//! behind an unguessable id; every request answered with a status and a JSON body (a 4xx
//! with a message when the request cannot be carried out, never a panic).

use std::collections::HashMap;

use hunters::Variant;
use hunters::bot::{Bot, BotKind, human::read_entry};
use hunters::game::{Game, Move};
use hunters::log::{self, Header};
use hunters::notation::move_text;
use hunters::replay;
use hunters::variant::BUILTIN;
use serde::Deserialize;

use super::record::{NewRecord, RecordTable};
use serde_json::{Value, json};

/// The most games the server keeps at once; the oldest finished one makes room.
pub const MOST_TABLES: usize = 1000;

/// How many of a person's moves in a row can be taken back.
pub const UNDO_DEPTH: usize = 4;

/// An answer: the HTTP status and its body.
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// A body of another type instead, with its type: the log's text, the page.
    pub text: Option<(String, &'static str)>,
}

impl Answer {
    pub fn text(text: String) -> Answer {
        Answer {
            status: 200,
            body: Value::Null,
            text: Some((text, "text/plain; charset=utf-8")),
        }
    }

    pub fn page(html: String) -> Answer {
        Answer {
            status: 200,
            body: Value::Null,
            text: Some((html, "text/html; charset=utf-8")),
        }
    }

    pub fn ok(body: Value) -> Answer {
        Answer {
            status: 200,
            body,
            text: None,
        }
    }

    pub fn refuse(status: u16, message: impl Into<String>) -> Answer {
        Answer {
            status,
            body: json!({ "error": message.into() }),
            text: None,
        }
    }
}

/// Who sits at a seat.
enum Seat {
    Person,
    Bot(BotKind, Box<dyn Bot + Send>),
}

/// One game in the server.
pub struct Table {
    game: Game,
    variant: String,
    seed: u64,
    seats: Vec<Seat>,
    /// The game before each of the latest person's moves since a person last moved, and
    /// whose they were: what `undo` goes back to.
    before: Vec<(usize, Game)>,
}

/// The request to start a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub variant: String,
    /// `person` or a built-in bot, one per seat (2 to 5).
    pub seats: Vec<String>,
    /// A decimal seed; none for one picked by the server.
    pub seed: Option<String>,
}

/// A person's move: its number in the state's `moves`, or a move in the notation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub entry: String,
}

/// A game kept in the server: one played here, or one recorded at a real table.
pub enum Kept {
    Play(Table),
    Record(RecordTable),
}

impl Kept {
    fn is_over(&self) -> bool {
        match self {
            Kept::Play(t) => t.game.is_over(),
            Kept::Record(r) => r.is_over(),
        }
    }

    pub fn state(&self) -> Value {
        match self {
            Kept::Play(t) => t.state(),
            Kept::Record(r) => r.state(),
        }
    }
}

/// Every table, by id.
#[derive(Default)]
pub struct Tables {
    tables: HashMap<String, Kept>,
    /// Ids in the order the games were started.
    order: Vec<String>,
}

impl Tables {
    /// Starts a game; its id and state.
    pub fn start(&mut self, request: NewGame, id: String, seed: u64) -> Answer {
        if !(2..=5).contains(&request.seats.len()) {
            return Answer::refuse(
                400,
                format!(
                    "a game has 2 to 5 seats; {} were given",
                    request.seats.len()
                ),
            );
        }
        let variant = match built_in(&request.variant) {
            Ok(v) => v,
            Err(e) => return Answer::refuse(400, e),
        };
        let seed = match request.seed.as_deref().map(str::trim) {
            None | Some("") => seed,
            Some(s) => match s.parse() {
                Ok(n) => n,
                Err(_) => {
                    return Answer::refuse(400, format!("the seed {s:?} is not a whole number"));
                }
            },
        };
        let mut seats = Vec::new();
        for (i, name) in request.seats.iter().enumerate() {
            match seat(name, seed, i) {
                Ok(s) => seats.push(s),
                Err(e) => return Answer::refuse(400, e),
            }
        }
        let table = Table {
            game: Game::seeded(&variant, seats.len(), seed),
            variant: request.variant,
            seed,
            seats,
            before: Vec::new(),
        };
        self.insert(id, Kept::Play(table))
    }

    /// Starts a game from a log's text: its variant, seed, seats and moves so far, every
    /// move checked.
    pub fn resume(&mut self, text: &str, id: String) -> Answer {
        let parsed = match log::parse(text, "the uploaded log") {
            Ok(l) => l,
            Err(e) => return Answer::refuse(400, e.to_string()),
        };
        let tag = |name: &str| parsed.tag(name).map(|t| t.value.clone());
        let (Some(variant), Some(seed), Some(players)) =
            (tag("Variant"), tag("Seed"), tag("Players"))
        else {
            return Answer::refuse(
                400,
                "the log lacks a Variant, Seed or Players tag: only a game played with \
                 `hunters play` or here goes on here",
            );
        };
        if let Err(e) = built_in(&variant) {
            return Answer::refuse(400, e);
        }
        let Ok(seed) = seed.parse::<u64>() else {
            return Answer::refuse(400, "the log's Seed tag is not a whole number");
        };
        let verified = match replay::verify(&parsed, None) {
            Ok(v) => v,
            Err(f) => return Answer::refuse(422, format!("the log does not verify: {f}")),
        };
        let mut seats = Vec::new();
        for (i, name) in players.split(',').map(str::trim).enumerate() {
            let name = if name == "human" { "person" } else { name };
            match seat(name, seed, i) {
                Ok(s) => seats.push(s),
                Err(e) => return Answer::refuse(400, e),
            }
        }
        let mut game = Game::seeded(&verified.variant, seats.len(), seed);
        // Each bot chooses again at its earlier turns, so that it goes on as it would have.
        let mut moves = Vec::new();
        let caught_up = replay::play_moves_with(&parsed, &mut game, |g| {
            if let Some(turn) = g.turn()
                && let Seat::Bot(_, bot) = &mut seats[turn.player]
            {
                let _ = bot.choose_in(g, &mut moves);
            }
        });
        if let Err(f) = caught_up {
            return Answer::refuse(422, format!("the log does not replay: {f}"));
        }
        let table = Table {
            game,
            variant,
            seed,
            seats,
            before: Vec::new(),
        };
        self.insert(id, Kept::Play(table))
    }

    /// Starts recording a game played at a real table.
    pub fn record(&mut self, request: NewRecord, id: String) -> Answer {
        match RecordTable::new(request) {
            Ok(r) => self.insert(id, Kept::Record(r)),
            Err(a) => a,
        }
    }

    /// Goes on recording a game from its log.
    pub fn resume_record(&mut self, text: &str, id: String) -> Answer {
        match RecordTable::resume(text) {
            Ok(r) => self.insert(id, Kept::Record(r)),
            Err(a) => a,
        }
    }

    fn insert(&mut self, id: String, table: Kept) -> Answer {
        if self.tables.len() >= MOST_TABLES {
            let done = self
                .order
                .iter()
                .position(|i| self.tables.get(i).is_none_or(Kept::is_over));
            match done {
                Some(k) => {
                    let old = self.order.remove(k);
                    self.tables.remove(&old);
                }
                None => {
                    return Answer::refuse(
                        503,
                        format!("{MOST_TABLES} games are under way; finish one first"),
                    );
                }
            }
        }
        let mut state = table.state();
        state["id"] = json!(id);
        self.order.push(id.clone());
        self.tables.insert(id, table);
        Answer {
            status: 201,
            body: state,
            text: None,
        }
    }

    pub fn get(&mut self, id: &str) -> Option<&mut Kept> {
        self.tables.get_mut(id)
    }
}

/// The variant a request names, loaded: a built-in one, or `NAME@key=value,…` of one —
/// never a file, whose path a request could name.
pub fn built_in(name: &str) -> Result<Variant, String> {
    let base = name.split('@').next().unwrap_or(name);
    if BUILTIN.iter().any(|(n, _)| *n == base) {
        Variant::load(name).map_err(|e| e.to_string())
    } else {
        Err(format!(
            "{name:?}: a game here plays a built-in variant ({}), or NAME@key=value,… of one; \
             files are not read",
            BUILTIN
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

/// The seat a name asks for: a person, or a built-in bot (never a program).
fn seat(name: &str, seed: u64, seat: usize) -> Result<Seat, String> {
    if name == "person" {
        return Ok(Seat::Person);
    }
    if name.starts_with("exec:") || name.starts_with("human") {
        return Err(format!(
            "{name:?}: a seat here is `person` or a built-in bot (random, greedy, mcts, \
             mcts:N, …); programs are not started from the page"
        ));
    }
    let kind: BotKind = name.parse()?;
    let bot = kind.make(seed, seat);
    Ok(Seat::Bot(kind, bot))
}

impl Table {
    /// What the page shows: what a player at the table sees (the bot protocol's state),
    /// who sits at each seat, whether a person is to move and their legal moves.
    pub fn state(&self) -> Value {
        let g = &self.game;
        let person = g
            .turn()
            .is_some_and(|t| matches!(self.seats[t.player], Seat::Person));
        let mut moves = Vec::new();
        if person {
            g.legal_moves(&mut moves);
        }
        let who: Vec<String> = (0..g.players()).map(|p| self.seat_name(p)).collect();
        let mut state = super::view::table_state(g, &who, &self.names(), g.is_over(), &moves);
        state["turn"] = match g.turn() {
            Some(_) => {
                let mut turn = state["turn"].take();
                turn["person"] = json!(person);
                turn
            }
            None => Value::Null,
        };
        state["moves"] = moves
            .iter()
            .enumerate()
            .map(|(n, m)| json!({ "n": n, "text": move_text(g, m) }))
            .collect();
        state["variant"] = json!(self.variant);
        state["seed"] = json!(self.seed.to_string());
        state["can_undo"] = json!(self.can_undo());
        state
    }

    /// The players as the events name them: seat and who sits there.
    fn names(&self) -> Vec<String> {
        (0..self.game.players())
            .map(|p| format!("player {} ({})", p + 1, self.seat_name(p)))
            .collect()
    }

    fn seat_name(&self, p: usize) -> String {
        match &self.seats[p] {
            Seat::Person => "person".to_string(),
            Seat::Bot(kind, _) => kind.name(),
        }
    }

    fn can_undo(&self) -> bool {
        match (self.game.turn(), self.before.last()) {
            (Some(t), Some((seat, _))) => *seat == t.player,
            (None, Some(_)) => true,
            _ => false,
        }
    }

    /// A person's move, from its number or its notation.
    pub fn play(&mut self, entry: &str) -> Answer {
        let Some(turn) = self.game.turn() else {
            return Answer::refuse(409, "the game is over");
        };
        if !matches!(self.seats[turn.player], Seat::Person) {
            return Answer::refuse(
                409,
                format!(
                    "seat {} is {}'s: ask it to move (POST …/bot)",
                    turn.player + 1,
                    self.seat_name(turn.player)
                ),
            );
        }
        let mut moves = Vec::new();
        self.game.legal_moves(&mut moves);
        let mv = match read_entry(&self.game, &moves, entry.trim()) {
            Ok(m) => m,
            Err(why) => return Answer::refuse(422, why),
        };
        if self
            .before
            .last()
            .is_some_and(|(seat, _)| *seat != turn.player)
        {
            self.before.clear();
        }
        // A few moves back are enough to undo a slip, and each copy of a game weighs.
        if self.before.len() == UNDO_DEPTH {
            self.before.remove(0);
        }
        self.before.push((turn.player, self.game.clone()));
        self.moved(mv)
    }

    /// One move of the bot whose turn it is.
    pub fn bot_move(&mut self) -> Answer {
        let Some(turn) = self.game.turn() else {
            return Answer::refuse(409, "the game is over");
        };
        let Seat::Bot(_, bot) = &mut self.seats[turn.player] else {
            return Answer::refuse(
                409,
                format!("seat {} is a person's: send their move", turn.player + 1),
            );
        };
        let mut moves = Vec::new();
        self.game.legal_moves(&mut moves);
        match bot.choose(&self.game, &moves) {
            Ok(mv) => self.moved(mv),
            Err(e) => Answer::refuse(500, format!("the bot could not move: {e}")),
        }
    }

    fn moved(&mut self, mv: Move) -> Answer {
        let text = move_text(&self.game, &mv);
        let seen = self.game.events().len();
        let player = self.game.turn().map(|t| t.player + 1);
        self.game.play_unchecked(mv);
        let names = self.names();
        let events: Vec<String> = self.game.events()[seen..]
            .iter()
            .map(|e| hunters::tell::event(&self.game, e, &names))
            .collect();
        let mut state = self.state();
        state["played"] = json!({ "player": player, "move": text, "events": events });
        Answer::ok(state)
    }

    /// Takes back the person's last move while only bots have moved since.
    pub fn undo(&mut self) -> Answer {
        if !self.can_undo() {
            return Answer::refuse(
                409,
                "nothing to undo: no person has moved, or another person has moved since",
            );
        }
        let (_, earlier) = self.before.pop().expect("can_undo");
        self.game = earlier;
        Answer::ok(self.state())
    }

    /// The game's log so far.
    pub fn log(&self) -> Answer {
        let names: Vec<String> = (0..self.game.players())
            .map(|p| match &self.seats[p] {
                Seat::Person => "human".to_string(),
                Seat::Bot(kind, _) => kind.name(),
            })
            .collect();
        let header = Header::for_bots(&self.variant, self.seed, &names);
        Answer::text(log::write(&self.game, &header))
    }
}
