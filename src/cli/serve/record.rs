//! A physical game recorded at the table through the page: the same [`Recording`] as
//! `hunters record`, told by clicks — the special pieces dealt, each tile drawn (picked from
//! the tiles still in the box), each move — every entry checked at once, and the same log.

use hunters::bot::human::read_entry;
use hunters::game::{Event, Game};
use hunters::log::{self, Header};
use hunters::record::{Need, Recording};
use hunters::render;
use hunters::scout::Special;
use hunters::tile::Deck;
use serde::Deserialize;
use serde_json::{Value, json};

use super::answer::{Answer, built_in, moved_on};
use super::view;
use crate::cli::record::same_tile;

/// The request to record a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRecord {
    pub variant: String,
    /// The players' names in seat order (2 to 5).
    pub players: Vec<String>,
}

/// One entry told by the page, one of three: the special piece dealt, the tile drawn (its
/// id), or the move (its number in the state's offers, or the notation); with the version of
/// the state it was told from.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Told {
    deal: Option<String>,
    draw: Option<String>,
    r#move: Option<String>,
    pub version: u64,
}

/// What an entry tells.
enum Entry {
    Deal(String),
    Draw(String),
    Move(String),
}

impl Told {
    fn entry(self) -> Option<Entry> {
        match (self.deal, self.draw, self.r#move) {
            (Some(d), None, None) => Some(Entry::Deal(d)),
            (None, Some(d), None) => Some(Entry::Draw(d)),
            (None, None, Some(m)) => Some(Entry::Move(m)),
            _ => None,
        }
    }
}

/// What an entry looks like, for a request that is not one.
pub const ENTRY_SHAPE: &str = "an entry is one of {\"deal\": \"S1\"}, {\"draw\": \"34\"} or \
     {\"move\": \"3\"}, with the version of the state it was told from: \
     {\"draw\": \"34\", \"version\": 5}";

/// A game being recorded.
pub struct RecordTable {
    rec: Recording,
    header: Header,
    /// Counts the entries told and taken back: an entry is told only to the state it was
    /// chosen in (the same count of entries may be another game after an undo).
    version: u64,
}

impl RecordTable {
    pub fn new(request: NewRecord) -> Result<RecordTable, Answer> {
        let names: Vec<String> = request
            .players
            .iter()
            .map(|n| n.trim().to_string())
            .collect();
        if !(2..=5).contains(&names.len()) {
            return Err(Answer::refuse(
                400,
                format!("a game has 2 to 5 players; {} were named", names.len()),
            ));
        }
        if let Some(bad) = names
            .iter()
            .find(|n| n.is_empty() || n.contains(',') || n.contains('"'))
        {
            return Err(Answer::refuse(
                400,
                format!("{bad:?}: a player's name is not empty and holds no comma or quote"),
            ));
        }
        let variant = built_in(&request.variant).map_err(|e| Answer::refuse(400, e))?;
        Ok(RecordTable {
            rec: Recording::new(&variant, names.len()),
            header: Header {
                variant: request.variant,
                seed: None,
                players: names,
                notes: Vec::new(),
            },
            version: 0,
        })
    }

    /// Goes on with a game from the log `hunters record` (or this page) wrote.
    pub fn resume(text: &str) -> Result<RecordTable, Answer> {
        let parsed =
            log::parse(text, "the uploaded log").map_err(|e| Answer::refuse(400, e.to_string()))?;
        let tag = |name: &str| parsed.tag(name).map(|t| t.value.clone());
        let (Some(variant), Some(players)) = (tag("Variant"), tag("Players")) else {
            return Err(Answer::refuse(
                400,
                "the log lacks a Variant or Players tag",
            ));
        };
        if tag("Seed").is_some() {
            return Err(Answer::refuse(
                400,
                "this log is of a game played with a seed: resume it as a game, not a recording",
            ));
        }
        let v = built_in(&variant).map_err(|e| Answer::refuse(400, e))?;
        let rec = Recording::from_log(&parsed, &v, None).map_err(|(line, why)| {
            Answer::refuse(422, format!("the uploaded log, line {line}: {why}"))
        })?;
        Ok(RecordTable {
            rec,
            header: Header {
                variant,
                seed: None,
                players: players.split(',').map(|s| s.trim().to_string()).collect(),
                notes: Vec::new(),
            },
            version: 0,
        })
    }

    pub fn is_over(&self) -> bool {
        self.rec.is_over()
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    /// What the list of games under way says of it: its variant, players and the player the
    /// table tells of next (from 1; none at the end).
    pub fn summary(&self) -> Value {
        let player = match self.rec.need() {
            Need::Deal { player }
            | Need::Draw { player, .. }
            | Need::Choice { player }
            | Need::Move { player, .. } => Some(player + 1),
            Need::Over => None,
        };
        json!({
            "kind": "records",
            "variant": self.header.variant,
            "seats": self.header.players,
            "turn": player,
            "thinking": false,
        })
    }

    /// What the page shows: the board, scores and supplies as far as the table has told the
    /// game, what it needs next, the tiles still in the box and the moves the rules allow.
    pub fn state(&self) -> Value {
        let game = self.rec.game();
        let tiles = &game.tiles().tiles;
        let need = self.rec.need();
        let moves = self.rec.legal_moves();
        let names = &self.header.players;
        let mut state = view::table_state(game, names, names, self.rec.is_over(), &moves);
        state["need"] = match need {
            Need::Deal { player } => {
                let left = self.specials_left();
                // Each special tile with its name and picture, as the box shows the tiles.
                let pictured: Vec<Value> = tiles
                    .iter()
                    .filter(|t| left.contains(&t.id))
                    .map(|t| {
                        json!({
                            "id": t.id,
                            "name": t.name,
                            "describe": t.describe(),
                            "picture": render::tile_picture(t, hunters::tile::Rotation::ALL[0]),
                        })
                    })
                    .collect();
                json!({ "kind": "deal", "player": player + 1, "specials": left, "tiles": pictured })
            }
            Need::Draw { player, bonus } => {
                let deck = if bonus {
                    game.tiles().bonus_name.clone()
                } else {
                    "land".to_string()
                };
                json!({ "kind": "draw", "player": player + 1, "bonus": bonus, "deck": deck })
            }
            Need::Choice { player } => json!({ "kind": "choice", "player": player + 1 }),
            Need::Move { player, tile } => {
                json!({ "kind": "move", "player": player + 1, "tile": tiles[tile].id })
            }
            Need::Over => json!({ "kind": "over" }),
        };
        // The turn is the table's to tell: while a tile is awaited the game's own turn is a
        // stand-in's.
        state["turn"] = match need {
            Need::Move { player, tile } => {
                json!({ "player": player + 1, "tile": tiles[tile].id, "person": true })
            }
            Need::Choice { player } => {
                json!({ "player": player + 1, "tile": null, "person": true })
            }
            _ => Value::Null,
        };
        state["box"] = match need {
            Need::Draw { bonus, .. } => {
                self.in_box(if bonus { Deck::Bonus } else { Deck::Regular })
            }
            Need::Choice { .. } => self.in_box(Deck::Regular),
            _ => json!([]),
        };
        state["variant"] = json!(self.header.variant);
        state["can_undo"] = json!(!self.rec.entries().is_empty());
        state["history"] = json!(self.rec.entries().len());
        state["version"] = json!(self.version);
        state
    }

    /// The special pieces not dealt yet, by the names a log gives them.
    fn specials_left(&self) -> Vec<String> {
        let game = self.rec.game();
        let held: Vec<Special> = (0..game.players())
            .flat_map(|p| game.hand(p).to_vec())
            .collect();
        let set = game.tiles();
        let mut left: Vec<String> = set
            .tiles
            .iter()
            .enumerate()
            .filter(|(i, t)| t.deck == Deck::Scout && !held.contains(&Special::Tile(*i)))
            .map(|(_, t)| t.id.clone())
            .collect();
        if !held.contains(&Special::Shaman) {
            left.push("shaman".to_string());
        }
        left
    }

    /// The tiles of `deck` still in the box, one entry per id with the copies left: its
    /// picture, its sides (N, E, S, W, unturned) and the words for its contents.
    fn in_box(&self, deck: Deck) -> Value {
        let tiles = &self.rec.game().tiles().tiles;
        let mut ids: Vec<(usize, usize)> = Vec::new();
        for t in self.rec.undrawn(deck) {
            // Identical tiles are one picture, under the first id, as `find` lists them.
            match ids
                .iter_mut()
                .find(|(u, _)| same_tile(&tiles[*u], &tiles[t]))
            {
                Some((_, n)) => *n += 1,
                None => ids.push((t, 1)),
            }
        }
        ids.iter()
            .map(|&(t, left)| {
                let tile = &tiles[t];
                json!({
                    "id": tile.id,
                    "left": left,
                    "sides": tile.sides_code(),
                    "contents": render::tile_contents(tile),
                    "describe": tile.describe(),
                    "picture": render::tile_picture(tile, hunters::tile::Rotation::ALL[0]),
                })
            })
            .collect()
    }

    /// One entry; the state with what the rules made of it, or the reason it was refused.
    pub fn tell(&mut self, told: Told) -> Answer {
        let sent = told.version;
        let Some(entry) = told.entry() else {
            return Answer::refuse(400, ENTRY_SHAPE);
        };
        if let Some(refused) = moved_on(self.version, sent) {
            return refused;
        }
        let seen = self.rec.events().len();
        let done = match &entry {
            Entry::Deal(special) => match self.rec.need() {
                Need::Deal { player } => self
                    .rec
                    .enter_line(&format!("deal {} {}", player + 1, special.trim()))
                    .map_err(|e| e.to_string()),
                _ if self.rec.game().rules().options().scout.is_none() => {
                    Err("no deal: the Scout expansion is not in this variant".to_string())
                }
                _ => Err("the special pieces are all dealt".to_string()),
            },
            Entry::Draw(id) => self
                .rec
                .tile_index(id.trim())
                .and_then(|t| self.rec.draw(t))
                .map_err(|e| e.to_string()),
            Entry::Move(entry) => {
                let moves = self.rec.legal_moves();
                if moves.is_empty() {
                    Err("no move now: the table tells the tile drawn first".to_string())
                } else {
                    read_entry(self.rec.game(), &moves, entry.trim())
                        .and_then(|mv| self.rec.play(mv).map_err(|e| e.to_string()))
                }
            }
        };
        if let Err(why) = done {
            return Answer::refuse(422, why);
        }
        self.version += 1;
        let mut state = self.state();
        state["played"] = json!({ "events": self.words(&self.rec.events()[seen..]) });
        Answer::ok(state)
    }

    fn words(&self, events: &[Event]) -> Vec<String> {
        let game: &Game = self.rec.game();
        events
            .iter()
            .map(|e| hunters::tell::event(game, e, &self.header.players))
            .collect()
    }

    /// What each entry made happen, in order: the list of moves, as `played` tells each.
    pub fn history(&self) -> Answer {
        let told: Vec<Value> = self
            .rec
            .entry_events()
            .iter()
            .map(|events| json!({ "events": self.words(events) }))
            .collect();
        Answer::ok(json!({ "history": told }))
    }

    /// Takes back the last entry (a deal, a draw or a move), if the recording is still at
    /// the version `sent`.
    pub fn undo(&mut self, sent: u64) -> Answer {
        if let Some(refused) = moved_on(self.version, sent) {
            return refused;
        }
        match self.rec.undo() {
            Some(_) => {
                self.version += 1;
                Answer::ok(self.state())
            }
            None => Answer::refuse(409, "nothing to undo: nothing has been told yet"),
        }
    }

    /// The log as far as the table has told the game: what `hunters record` writes.
    pub fn log(&self) -> Answer {
        Answer::text(self.rec.log(&self.header))
    }
}
