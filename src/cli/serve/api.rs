//! The tables the server keeps and the JSON API the page speaks: one [`Table`] per game, each
//! behind an unguessable id; every request answered with a status and a JSON body (a 4xx
//! with a message when the request cannot be carried out, never a panic).

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use hunters::bot::{Bot, BotKind, human::read_entry};
use hunters::game::{Event, Game, Move};
use hunters::log::{self, Header};
use hunters::notation::move_text;
use hunters::replay;
use serde::Deserialize;

use super::answer::{Answer, built_in, moved_on};
use super::record::{NewRecord, RecordTable};
use serde_json::{Value, json};

/// The most games the server keeps at once; games unused for the idle time, then the least
/// recently used finished one, make room.
pub const MOST_TABLES: usize = 1000;

/// The most playouts a served bot thinks a move (`mcts:N`): a few seconds a move at most.
pub const MAX_PLAYOUTS: u32 = 50_000;

/// The longest a request waits for a bot's move; the move lands when the bot is done.
pub const BOT_DEADLINE: Duration = Duration::from_secs(60);

/// How many of a person's moves in a row can be taken back.
pub const UNDO_DEPTH: usize = 4;

/// Who sits at a seat.
enum Seat {
    Person,
    /// A bot; none while it thinks, off the table's lock.
    Bot(BotKind, Option<Box<dyn Bot + Send>>),
}

/// One game in the server.
pub struct Table {
    game: Game,
    variant: String,
    seed: u64,
    seats: Vec<Seat>,
    /// The game before each of the latest person's moves since another person last moved,
    /// whose they were and how long `told` was then: what `undo` goes back to.
    before: Vec<(usize, Game, usize)>,
    /// What each move did, one entry per move played (a bot's too), as `played` tells it:
    /// the list of moves a page shows after a reload.
    told: Vec<Value>,
    /// Counts the changes to `game`: a bot's move lands only on the game it thought about.
    version: u64,
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

/// A person's move: its number in the state's `moves`, or a move in the notation, and the
/// version of the state it was chosen in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub entry: String,
    pub version: u64,
}

/// A request that changes a game and says no more than the version of the state it was sent
/// from: a bot's move, an undo.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct At {
    pub version: u64,
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

    /// What the list of games under way says of it.
    fn summary(&self) -> Value {
        match self {
            Kept::Play(t) => json!({
                "kind": "games",
                "variant": t.variant,
                "seats": (0..t.game.players()).map(|p| t.seat_name(p)).collect::<Vec<_>>(),
                "turn": t.game.turn().map(|t| t.player + 1),
                "thinking": t.thinking(),
            }),
            Kept::Record(r) => r.summary(),
        }
    }

    pub fn state(&self) -> Value {
        match self {
            Kept::Play(t) => t.state(),
            Kept::Record(r) => r.state(),
        }
    }

    /// The version of its state, which every change moves on.
    pub fn version(&self) -> u64 {
        match self {
            Kept::Play(t) => t.version,
            Kept::Record(r) => r.version(),
        }
    }
}

/// A lock taken even when a thread panicked while holding it: what it guards is left as the
/// panic found it, and the other requests go on.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One kept game behind its own lock, with what the list shows of it (kept apart, so that
/// the list and eviction never wait for a table in use).
pub struct Held {
    pub kept: Mutex<Kept>,
    seen: Mutex<Seen>,
}

struct Seen {
    last_use: Instant,
    over: bool,
    summary: Value,
}

impl Held {
    fn new(kept: Kept) -> Held {
        let seen = Seen {
            last_use: Instant::now(),
            over: kept.is_over(),
            summary: kept.summary(),
        };
        Held {
            kept: Mutex::new(kept),
            seen: Mutex::new(seen),
        }
    }

    /// Notes a use of the game and what it now is.
    pub fn touch(&self, kept: &Kept) {
        let mut seen = lock(&self.seen);
        seen.last_use = Instant::now();
        seen.over = kept.is_over();
        seen.summary = kept.summary();
    }
}

/// Every table, by id. The map's lock is held only to find, add or remove a table, never
/// while a table is locked: a table's lock is taken after the map's or alone.
pub struct Tables {
    map: Mutex<HashMap<String, Arc<Held>>>,
    /// How long an unused game is kept.
    idle: Duration,
}

impl Tables {
    pub fn new(idle: Duration) -> Tables {
        Tables {
            map: Mutex::new(HashMap::new()),
            idle,
        }
    }

    /// Starts a game; its id and state.
    pub fn start(&self, request: NewGame, id: String, seed: u64) -> Answer {
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
            told: Vec::new(),
            version: 0,
        };
        self.insert(id, Kept::Play(table))
    }

    /// Starts a game from a log's text: its variant, seed, seats and moves so far, every
    /// move checked.
    pub fn resume(&self, text: &str, id: String) -> Answer {
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
            match seat(name, seed, i) {
                Ok(s) => seats.push(s),
                Err(e) => return Answer::refuse(400, e),
            }
        }
        let mut game = Game::seeded(&verified.variant, seats.len(), seed);
        // Each bot chooses again at its earlier turns, so that it goes on as it would have.
        // Where each move's events start, whose it was, and what a Scout player's draw
        // would be called: the list of moves so far.
        let mut moves = Vec::new();
        let mut starts: Vec<(usize, usize, String)> = Vec::new();
        let caught_up = replay::play_moves_with(&parsed, &mut game, |g| {
            if let Some(turn) = g.turn() {
                starts.push((g.events().len(), turn.player, move_text(g, &Move::draw())));
                if let Seat::Bot(_, Some(bot)) = &mut seats[turn.player] {
                    let _ = bot.choose_in(g, &mut moves);
                }
            }
        });
        if let Err(f) = caught_up {
            return Answer::refuse(422, format!("the log does not replay: {f}"));
        }
        let mut table = Table {
            game,
            variant,
            seed,
            seats,
            before: Vec::new(),
            told: Vec::new(),
            version: 0,
        };
        table.told = table.told_of(&starts);
        self.insert(id, Kept::Play(table))
    }

    /// Starts recording a game played at a real table.
    pub fn record(&self, request: NewRecord, id: String) -> Answer {
        match RecordTable::new(request) {
            Ok(r) => self.insert(id, Kept::Record(r)),
            Err(a) => a,
        }
    }

    /// Goes on recording a game from its log.
    pub fn resume_record(&self, text: &str, id: String) -> Answer {
        match RecordTable::resume(text) {
            Ok(r) => self.insert(id, Kept::Record(r)),
            Err(a) => a,
        }
    }

    fn insert(&self, id: String, table: Kept) -> Answer {
        let mut state = table.state();
        state["id"] = json!(id);
        let held = Arc::new(Held::new(table));
        let mut map = lock(&self.map);
        self.evict(&mut map);
        if map.len() >= MOST_TABLES {
            return Answer::refuse(
                503,
                format!(
                    "{MOST_TABLES} games are under way; finish or end one (GET /api/games \
                     lists them), or wait: a game unused for {} s is ended",
                    self.idle.as_secs()
                ),
            );
        }
        map.insert(id, held);
        Answer {
            status: 201,
            body: state,
            text: None,
        }
    }

    /// Drops the games unused for the idle time and, when the server is still full, the
    /// least recently used finished one.
    fn evict(&self, map: &mut HashMap<String, Arc<Held>>) {
        let now = Instant::now();
        map.retain(|_, h| now.duration_since(lock(&h.seen).last_use) < self.idle);
        if map.len() >= MOST_TABLES {
            let done = map
                .iter()
                .filter_map(|(id, h)| {
                    let seen = lock(&h.seen);
                    seen.over.then(|| (seen.last_use, id.clone()))
                })
                .min();
            if let Some((_, id)) = done {
                map.remove(&id);
            }
        }
    }

    /// The table `id`, its use noted.
    pub fn get(&self, id: &str) -> Option<Arc<Held>> {
        let held = self.peek(id)?;
        lock(&held.seen).last_use = Instant::now();
        Some(held)
    }

    /// The table `id`, its use not noted: a page asking whether its game moved on does not
    /// use it, so that a tab left open does not keep an abandoned game from being ended.
    pub fn peek(&self, id: &str) -> Option<Arc<Held>> {
        lock(&self.map).get(id).cloned()
    }

    /// Ends the game `id`; whether there was one.
    pub fn end(&self, id: &str) -> bool {
        lock(&self.map).remove(id).is_some()
    }

    /// The games and recordings under way, the most recently used first.
    pub fn list(&self) -> Answer {
        let mut map = lock(&self.map);
        self.evict(&mut map);
        let now = Instant::now();
        let mut games: Vec<(Duration, Value)> = map
            .iter()
            .filter_map(|(id, h)| {
                let seen = lock(&h.seen);
                if seen.over {
                    return None;
                }
                let unused = now.duration_since(seen.last_use);
                let mut g = seen.summary.clone();
                g["id"] = json!(id);
                g["unused_seconds"] = json!(unused.as_secs());
                Some((unused, g))
            })
            .collect();
        drop(map);
        games.sort_by_key(|(unused, _)| *unused);
        Answer::ok(json!({
            "games": games.into_iter().map(|(_, g)| g).collect::<Vec<_>>(),
            "most": MOST_TABLES,
            "idle_seconds": self.idle.as_secs(),
        }))
    }
}

/// The seats a game here may have, for a name that is none of them.
const SEATS: &str = "a seat here is `human` (a person at this screen) or a built-in bot: \
     random, greedy, mcts, mcts:N, mcts-v1, mcts-v2 (mcts-v1:N, mcts-v2:N), each of which may \
     forgo a class of moves with /no-CLASS (mcts/no-meadows)";

/// The seat a name asks for: a person at this screen (`human`, as `hunters play` and the
/// logs call the seat; `person` as well), or a built-in bot (never a program).
fn seat(name: &str, seed: u64, seat: usize) -> Result<Seat, String> {
    if name == "human" || name == "person" {
        return Ok(Seat::Person);
    }
    if name.starts_with("exec:") {
        return Err(format!(
            "{name:?}: {SEATS}; programs are not started from the page"
        ));
    }
    // The bots' own list of names offers seats this server refuses (exec:PROGRAM).
    let kind: BotKind = name.parse().map_err(|e: String| {
        if e.starts_with("unknown bot") {
            format!("{name:?}: {SEATS}")
        } else {
            e
        }
    })?;
    if playouts(&kind).is_some_and(|n| n > MAX_PLAYOUTS) {
        return Err(format!(
            "{name:?}: a bot here thinks at most {MAX_PLAYOUTS} playouts a move \
             (mcts:{MAX_PLAYOUTS}), so that a move takes seconds, not minutes"
        ));
    }
    let bot = kind.make(seed, seat);
    Ok(Seat::Bot(kind, Some(bot)))
}

/// The playouts a bot thinks a move, for a searching one.
fn playouts(kind: &BotKind) -> Option<u32> {
    match kind {
        BotKind::Mcts { playouts }
        | BotKind::MctsV1 { playouts }
        | BotKind::MctsV2 { playouts }
        | BotKind::MctsV3 { playouts } => Some(*playouts),
        BotKind::Restricted { bot, .. } => playouts(bot),
        _ => None,
    }
}

/// Has the bot to move in the game `held` keeps move once, if the game is still at the
/// version `sent`: it thinks on a thread of its own, holding no lock, while the table answers
/// other requests; its move lands on the game if that has not changed meanwhile. The answer
/// waits for it at most [`BOT_DEADLINE`].
pub fn bot_move(held: &Arc<Held>, sent: u64) -> Answer {
    let (game, seat, mut bot, version) = {
        let mut kept = lock(&held.kept);
        let Kept::Play(t) = &mut *kept else {
            return Answer::refuse(404, "no game has that id");
        };
        if let Some(refused) = moved_on(t.version, sent) {
            return refused;
        }
        let Some(turn) = t.game.turn() else {
            return Answer::refuse(409, "the game is over");
        };
        let taken = match &mut t.seats[turn.player] {
            Seat::Person => {
                return Answer::refuse(
                    409,
                    format!("seat {} is a person's: send their move", turn.player + 1),
                );
            }
            Seat::Bot(_, None) => {
                return Answer::refuse(
                    409,
                    format!("the bot of seat {} is thinking already", turn.player + 1),
                );
            }
            Seat::Bot(_, bot @ Some(_)) => {
                let bot = bot.take().expect("a bot at the seat");
                (t.game.clone(), turn.player, bot, t.version)
            }
        };
        held.touch(&kept);
        taken
    };
    let (tell, told) = mpsc::channel();
    let table = Arc::clone(held);
    let think = move || {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let chosen = catch_unwind(AssertUnwindSafe(|| bot.choose(&game, &moves)));
        let mut kept = lock(&table.kept);
        let answer = match &mut *kept {
            Kept::Play(t) => {
                if let Seat::Bot(_, slot) = &mut t.seats[seat] {
                    *slot = Some(bot);
                }
                match chosen {
                    Ok(Ok(mv)) if t.version == version => t.moved(mv),
                    Ok(Ok(_)) => Answer::refuse(409, "the game changed while the bot thought"),
                    Ok(Err(e)) => Answer::refuse(500, format!("the bot could not move: {e}")),
                    Err(_) => Answer::refuse(500, "the bot failed while it thought"),
                }
            }
            Kept::Record(_) => Answer::refuse(404, "no game has that id"),
        };
        table.touch(&kept);
        let _ = tell.send(answer);
    };
    if let Err(e) = std::thread::Builder::new()
        .name("bot".to_string())
        .spawn(think)
    {
        // The bot went with the thread that did not start: a new one takes its seat.
        if let Kept::Play(t) = &mut *lock(&held.kept)
            && let Seat::Bot(kind, bot @ None) = &mut t.seats[seat]
        {
            *bot = Some(kind.make(t.seed, seat));
        }
        return Answer::refuse(503, format!("no thread for the bot to think on: {e}"));
    }
    match told.recv_timeout(BOT_DEADLINE) {
        Ok(answer) => answer,
        Err(_) => Answer::refuse(
            503,
            format!(
                "the bot is still thinking after {} s; its move lands when it is done (ask \
                 for the game's state again)",
                BOT_DEADLINE.as_secs()
            ),
        ),
    }
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
        state["history"] = json!(self.told.len());
        state["version"] = json!(self.version);
        state["thinking"] = json!(self.thinking());
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
            // The seat's name in `hunters play` and in logs.
            Seat::Person => "human".to_string(),
            Seat::Bot(kind, _) => kind.name(),
        }
    }

    /// Whether a bot of the table is thinking now.
    fn thinking(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seat::Bot(_, None)))
    }

    /// Whether the last person's move can be taken back: until the next person moves (in
    /// pass and play, the one who moved just now may take it back before handing over),
    /// with the bots' replies since; never while a bot thinks.
    fn can_undo(&self) -> bool {
        !self.thinking() && !self.before.is_empty()
    }

    /// A person's move, from its number or its notation, chosen in the state of version
    /// `sent`.
    pub fn play(&mut self, entry: &str, sent: u64) -> Answer {
        if let Some(refused) = moved_on(self.version, sent) {
            return refused;
        }
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
            .is_some_and(|(seat, _, _)| *seat != turn.player)
        {
            self.before.clear();
        }
        // A few moves back are enough to undo a slip, and each copy of a game weighs.
        if self.before.len() == UNDO_DEPTH {
            self.before.remove(0);
        }
        self.before
            .push((turn.player, self.game.clone(), self.told.len()));
        self.moved(mv)
    }

    /// The list of moves of a game resumed from a log: each move's events from where it
    /// started (`starts`: the length of the events, the player, a Scout player's draw as a
    /// move is written), told as `played` tells them.
    fn told_of(&self, starts: &[(usize, usize, String)]) -> Vec<Value> {
        let events = self.game.events();
        let lines = log::event_lines(&self.game);
        let names = self.names();
        starts
            .iter()
            .enumerate()
            .map(|(i, (start, player, draw))| {
                let end = starts.get(i + 1).map_or(events.len(), |s| s.0);
                let text = match events.get(*start) {
                    // The move as a log line writes it, without what the tile looks like.
                    Some(Event::Place { .. } | Event::Refuse { .. }) => lines[*start]
                        .split(" = ")
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                    _ => draw.clone(),
                };
                let told: Vec<String> = events[*start..end]
                    .iter()
                    .map(|e| hunters::tell::event(&self.game, e, &names))
                    .collect();
                json!({ "player": player + 1, "move": text, "events": told })
            })
            .collect()
    }

    /// What each move did, in order: the list of moves, as `played` tells each.
    pub fn history(&self) -> Answer {
        Answer::ok(json!({ "history": self.told }))
    }

    fn moved(&mut self, mv: Move) -> Answer {
        let text = move_text(&self.game, &mv);
        let seen = self.game.events().len();
        let player = self.game.turn().map(|t| t.player + 1);
        self.game.play_unchecked(mv);
        self.version += 1;
        let names = self.names();
        let events: Vec<String> = self.game.events()[seen..]
            .iter()
            .map(|e| hunters::tell::event(&self.game, e, &names))
            .collect();
        let played = json!({ "player": player, "move": text, "events": events });
        self.told.push(played.clone());
        let mut state = self.state();
        state["played"] = played;
        Answer::ok(state)
    }

    /// Takes back the last person's move (with the bots' replies since) until the next person
    /// moves, if the game is still at the version `sent`.
    pub fn undo(&mut self, sent: u64) -> Answer {
        if let Some(refused) = moved_on(self.version, sent) {
            return refused;
        }
        if !self.can_undo() {
            return Answer::refuse(
                409,
                "nothing to undo: no person has moved, or another person has moved since",
            );
        }
        let (_, earlier, told) = self.before.pop().expect("can_undo");
        self.game = earlier;
        self.told.truncate(told);
        self.version += 1;
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
