//! A game played at the table, scored as it is played: the tiles come out of a real box, so
//! the engine learns each one only when a person names it.
//!
//! A [`Recording`] keeps what people said (the Scout deal, each tile drawn, each move) and
//! replays it under the variant's rules after every entry. The decks it deals from are the
//! tiles named so far followed by the tiles nobody has drawn yet: those stand in for the box
//! until the next one is named, so the game can run on as far as the named tiles take it (a
//! tile that fits nowhere is discarded by the rules, a completed forest with a bonus marker
//! calls for a bonus tile) and stop exactly where it needs another tile from the table.
//!
//! ```
//! use hunters_engine::Variant;
//! use hunters_engine::record::{Need, Recording};
//!
//! let variant = Variant::load("2020").unwrap();
//! let mut table = Recording::new(&variant, 2);
//! assert_eq!(table.need(), Need::Draw { player: 0, bonus: false });
//! let drawn = table.game().tiles().tile("19").unwrap().0;
//! table.draw(drawn).unwrap();
//! let mv = hunters_engine::notation::read_move(table.game(), "-1,0 r0").unwrap();
//! table.play(mv).unwrap();
//! assert_eq!(table.need(), Need::Draw { player: 1, bonus: false });
//! ```

use std::sync::Arc;

use crate::game::{Event, Game, Move};
use crate::illegal::IllegalMove;
use crate::log::{self, EventError, Header, LineKind, Log};
use crate::notation::{self, MoveError};
use crate::ruleset::Ruleset;
use crate::scout::{Special, pieces_each};
use crate::tile::Deck;
use crate::tileset::TileSet;
use crate::variant::Variant;

/// What people said, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Scout: a special piece dealt before the first turn.
    Deal { player: usize, special: Special },
    /// A tile drawn from the regular or the bonus (menhir) deck.
    Draw { tile: usize, bonus: bool },
    /// A move of the player whose turn it is.
    Move(Move),
}

/// What the game needs from the table next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Scout: which special pieces this player was dealt.
    Deal { player: usize },
    /// The tile this player drew (from the bonus or menhir deck when `bonus`).
    Draw { player: usize, bonus: bool },
    /// Scout: the player lays a special tile or draws.
    Choice { player: usize },
    /// Where the player laid the drawn tile `tile` (or, with Scout, a refusal).
    Move { player: usize, tile: usize },
    /// The game is over; the final scoring is done.
    Over,
}

/// Why an entry was not taken; the recording is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The move breaks a rule.
    #[error(transparent)]
    Illegal(IllegalMove),
    /// Anything else: not the moment for it, an unknown tile, no copy left, …
    #[error("{0}")]
    Other(String),
}

impl From<String> for Refused {
    fn from(s: String) -> Refused {
        Refused::Other(s)
    }
}

impl From<EventError> for Refused {
    fn from(e: EventError) -> Refused {
        Refused::Other(e.to_string())
    }
}

impl From<MoveError> for Refused {
    fn from(e: MoveError) -> Refused {
        Refused::Other(e.to_string())
    }
}

/// A game being played at the table.
pub struct Recording {
    set: Arc<TileSet>,
    rules: Arc<Ruleset>,
    players: usize,
    entries: Vec<Entry>,
    game: Game,
    /// The game's events that follow from what people said; later ones come from tiles that
    /// only stand in for the box.
    known: usize,
    /// How many events were known before the first entry and after each: what each entry
    /// made happen.
    ends: Vec<usize>,
    need: Need,
}

impl Recording {
    /// A new game of `variant` for `players` seats (2 to 5), nothing drawn yet.
    pub fn new(variant: &Variant, players: usize) -> Recording {
        assert!((2..=crate::feature::MAX_PLAYERS).contains(&players));
        let set = variant.playing_set();
        let rules: Arc<Ruleset> = Arc::from(variant.ruleset());
        let (game, known, need) = build(&set, &rules, players, &[]).expect("an empty recording");
        Recording {
            set,
            rules,
            players,
            entries: Vec::new(),
            game,
            known,
            ends: vec![known],
            need,
        }
    }

    /// The game as far as the table has told it. While a tile is awaited ([`Need::Draw`]) the
    /// board, scores and supplies are those before that draw; the turn shown is not.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn need(&self) -> Need {
        self.need
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The game's events that follow from what people said.
    pub fn events(&self) -> &[Event] {
        &self.game.events()[..self.known]
    }

    /// The events each entry made happen, entry by entry.
    pub fn entry_events(&self) -> Vec<&[Event]> {
        let events = self.game.events();
        self.ends.windows(2).map(|w| &events[w[0]..w[1]]).collect()
    }

    pub fn is_over(&self) -> bool {
        self.need == Need::Over
    }

    /// The moves the table may tell now, as [`Game::legal_moves`] lists them: none while a
    /// tile or the deal is awaited, when the game's turn is only a stand-in's.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if matches!(self.need, Need::Choice { .. } | Need::Move { .. }) {
            self.game.legal_moves(&mut moves);
        }
        moves
    }

    /// The tiles of a deck not drawn yet, as indexes into the tile set (one per copy).
    pub fn undrawn(&self, deck: Deck) -> Vec<usize> {
        drawn_and_left(&self.set, &self.entries, deck).1
    }

    /// Scout: `player` was dealt `special` before the first turn.
    pub fn deal(&mut self, player: usize, special: Special) -> Result<(), Refused> {
        let Need::Deal { .. } = self.need else {
            return Err(Refused::Other(match self.rules.scout() {
                None => "no deal: the Scout expansion is not in this variant".to_string(),
                Some(_) => "the special pieces are all dealt".to_string(),
            }));
        };
        if player >= self.players {
            return Err(format!("there are players 1 to {} only", self.players).into());
        }
        let held = self.hands();
        if held.iter().flatten().any(|s| *s == special) {
            return Err(format!("{} is dealt already", self.special_name(special)).into());
        }
        let each = self
            .rules
            .scout()
            .map_or(0, |o| pieces_each(self.players, o));
        if held[player].len() >= each {
            return Err(format!(
                "player {} holds {each} special piece{} already, as the rules deal",
                player + 1,
                if each == 1 { "" } else { "s" }
            )
            .into());
        }
        self.push(Entry::Deal { player, special })
    }

    /// The tile just drawn at the table, from the deck the game calls for.
    pub fn draw(&mut self, tile: usize) -> Result<(), Refused> {
        let bonus = match self.need {
            Need::Draw { bonus, .. } => bonus,
            Need::Choice { .. } => {
                // Drawing is the player's choice not to lay the special tile.
                self.push(Entry::Move(Move::draw()))?;
                return self.draw(tile).inspect_err(|_| self.undo_entry());
            }
            _ => return Err(self.not_now("a draw").into()),
        };
        let deck = if bonus { Deck::Bonus } else { Deck::Regular };
        let t = self
            .set
            .tiles
            .get(tile)
            .ok_or_else(|| Refused::Other(format!("no tile number {tile}")))?;
        if t.deck != deck {
            let name = self.deck_name(deck);
            return Err(format!(
                "tile {} is not in the {name} deck; this draw is from it",
                t.id
            )
            .into());
        }
        if !self.undrawn(deck).contains(&tile) {
            return Err(format!(
                "every copy of tile {} ({}) has been drawn already",
                t.id, t.count
            )
            .into());
        }
        self.push(Entry::Draw { tile, bonus })
    }

    /// The move of the player to move.
    pub fn play(&mut self, mv: Move) -> Result<(), Refused> {
        // While a tile or the deal is awaited the game's turn is a stand-in's: no move yet.
        // Otherwise the rules say which moves the turn allows.
        if !matches!(self.need, Need::Choice { .. } | Need::Move { .. }) {
            return Err(self.not_now("a move").into());
        }
        self.game.check(mv).map_err(Refused::Illegal)?;
        self.push(Entry::Move(mv))
    }

    /// Takes back the last entry (a deal, a draw or a move); false when there is none.
    pub fn undo(&mut self) -> Option<Entry> {
        let last = self.entries.last().copied()?;
        self.undo_entry();
        Some(last)
    }

    /// Reads one line of a log (`deal`, `draw`, `place`, `refuse`); lines the rules write
    /// (`score`, `return`, `discard`, `cover`, `end`) say nothing new and are passed over, as
    /// are a drawn-again tile's `draw` once the rules have brought it back. A `place` line may
    /// leave out what follows `=`.
    pub fn enter_line(&mut self, text: &str) -> Result<(), Refused> {
        match log::parse_event(text)? {
            LineKind::Consequence => Ok(()),
            LineKind::Deal { player, piece } => {
                if self.rules.scout().is_none() {
                    return Err("no deal: the Scout expansion is not in this variant"
                        .to_string()
                        .into());
                }
                let special = Special::named(&self.set, &piece).ok_or_else(|| {
                    Refused::Other(format!("{piece:?} is not a Scout special tile or `shaman`"))
                })?;
                self.deal(player, special)
            }
            LineKind::Draw {
                player,
                tile,
                bonus,
                again,
            } => {
                if again {
                    return self.drawn_again(player, &tile, bonus);
                }
                let expected = match self.need {
                    Need::Draw { player, bonus } => Some((player, bonus)),
                    Need::Choice { player } => Some((player, false)),
                    _ => None,
                };
                match expected {
                    Some((p, _)) if p != player => {
                        Err(
                            format!("it is player {}'s draw, not player {}'s", p + 1, player + 1)
                                .into(),
                        )
                    }
                    Some((_, b)) if b != bonus => Err(format!(
                        "this draw is from the {} deck: write `draw {} TILE{}`",
                        self.deck_name(if b { Deck::Bonus } else { Deck::Regular }),
                        player + 1,
                        if b { " bonus" } else { "" }
                    )
                    .into()),
                    Some(_) => self.draw(self.tile_index(&tile)?),
                    None => Err(self.not_now("a draw").into()),
                }
            }
            LineKind::Place(m) => {
                if let Need::Draw { player, .. } = self.need {
                    return Err(format!(
                        "player {} draws first: `draw {} TILE`",
                        player + 1,
                        player + 1
                    )
                    .into());
                }
                let mv = notation::move_of_line(&self.game, &m)?;
                self.play(mv)
            }
            LineKind::Refuse { player } => {
                let mv = notation::read_move(&self.game, &format!("refuse {}", player + 1))?;
                self.play(mv)
            }
        }
    }

    /// The recording a log tells (a log written by `hunters record`, or any log of a game
    /// without a seed), entered line by line, stopping before move `moves` + 1 if given. What
    /// the log writes the rules made of its moves must be what they make: a log changed by
    /// hand is refused. The error gives the line and why.
    pub fn from_log(
        log: &Log,
        variant: &Variant,
        moves: Option<usize>,
    ) -> Result<Recording, (usize, String)> {
        let players = log.tag("Players").map_or(0, |t| t.value.split(',').count());
        if !(2..=crate::feature::MAX_PLAYERS).contains(&players) {
            return Err((1, "the header names no 2 to 5 players".to_string()));
        }
        // The log's own options and numbers decide, as when it is verified.
        let mut variant = variant.clone();
        for t in &log.tags {
            if crate::options::is_rule(&t.name) {
                variant.change(&t.name, &t.value).map_err(|m| (t.line, m))?;
            }
        }
        let mut rec = Recording::new(&variant, players);
        let mut played = 0;
        for line in &log.lines {
            let is_move = matches!(line.kind, LineKind::Place(_) | LineKind::Refuse { .. });
            if is_move && moves.is_some_and(|m| played >= m) {
                break;
            }
            played += usize::from(is_move);
            rec.enter_line(&line.text)
                .map_err(|why| (line.number, why.to_string()))?;
        }
        let written = log::event_lines(&rec.game);
        for (line, text) in log.lines.iter().zip(&written[..rec.known]) {
            if line.text != *text {
                return Err((
                    line.number,
                    format!(
                        "expected `{text}`, found `{}`; was the log changed by hand?",
                        line.text
                    ),
                ));
            }
        }
        Ok(rec)
    }

    /// The game as far as the table has told it, with only the events that follow from what
    /// was said: for pictures of a game in progress.
    pub fn game_so_far(&self) -> Game {
        let mut game = self.game.clone();
        game.forget_events_after(self.known);
        game
    }

    /// The log of the game as far as the table has told it (the whole log, with its `Result`,
    /// once the game is over).
    pub fn log(&self, header: &Header) -> String {
        log::write_first(&self.game, header, self.known)
    }

    /// The index of the tile with this id, or why there is none.
    pub fn tile_index(&self, id: &str) -> Result<usize, Refused> {
        self.set.tile(id).map(|(i, _)| i).ok_or_else(|| {
            Refused::Other(format!(
                "no tile {id:?} in tile set {}; `find WORDS` searches the tiles by contents",
                self.set.name
            ))
        })
    }

    /// The Scout special pieces dealt so far, by player.
    fn hands(&self) -> Vec<Vec<Special>> {
        hands_of(&self.entries, self.players)
    }

    fn special_name(&self, special: Special) -> String {
        match special {
            Special::Tile(t) => format!("special tile {}", self.set.tiles[t].id),
            Special::Shaman => "the Shaman card".to_string(),
        }
    }

    fn deck_name(&self, deck: Deck) -> &'static str {
        match deck {
            Deck::Bonus if self.rules.edition() == crate::edition::Edition::E2020 => "menhir",
            Deck::Bonus => "bonus",
            _ => "land",
        }
    }

    /// Why an entry of this kind does not come now: what does.
    fn not_now(&self, what: &str) -> String {
        let now = match self.need {
            Need::Deal { player } => format!(
                "the deal comes first: `deal {} PIECE` for each special piece player {} holds",
                player + 1,
                player + 1
            ),
            Need::Draw { player, bonus } => format!(
                "player {} draws{} next",
                player + 1,
                if bonus { " from the bonus deck" } else { "" }
            ),
            Need::Choice { player } => {
                format!("player {} lays a special tile or draws next", player + 1)
            }
            Need::Move { player, tile } => format!(
                "player {} lays tile {} next",
                player + 1,
                self.set.tiles[tile].id
            ),
            Need::Over => "the game is over".to_string(),
        };
        format!("not {what} now: {now}")
    }

    /// A tile brought back by the rules (a refused tile from under its stack) needs no name;
    /// a log that names it must name that tile.
    fn drawn_again(&self, player: usize, id: &str, bonus: bool) -> Result<(), Refused> {
        let last = self.events().iter().rev().find_map(|e| match e {
            Event::Draw {
                player,
                tile,
                bonus,
                again: true,
            } => Some((*player, *tile, *bonus)),
            _ => None,
        });
        match last {
            Some((p, t, b)) if p == player && b == bonus && self.set.tiles[t].id == id => Ok(()),
            _ => Err("no refused tile came back here".to_string().into()),
        }
    }

    fn push(&mut self, entry: Entry) -> Result<(), Refused> {
        self.entries.push(entry);
        match build(&self.set, &self.rules, self.players, &self.entries) {
            Ok((game, known, need)) => {
                self.game = game;
                self.known = known;
                self.ends.push(known);
                self.need = need;
                Ok(())
            }
            Err(e) => {
                self.entries.pop();
                Err(Refused::Illegal(e))
            }
        }
    }

    fn undo_entry(&mut self) {
        self.entries.pop();
        self.ends.pop();
        let (game, known, need) = build(&self.set, &self.rules, self.players, &self.entries)
            .expect("what was played before plays again");
        self.game = game;
        self.known = known;
        self.need = need;
    }
}

/// The tiles of a deck drawn so far, in the order drawn, and those left (one per copy).
fn drawn_and_left(set: &TileSet, entries: &[Entry], deck: Deck) -> (Vec<usize>, Vec<usize>) {
    let bonus = deck == Deck::Bonus;
    let drawn: Vec<usize> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Draw { tile, bonus: b } if *b == bonus => Some(*tile),
            _ => None,
        })
        .collect();
    let mut left = set.deck(deck);
    for t in &drawn {
        if let Some(i) = left.iter().position(|l| l == t) {
            left.remove(i);
        }
    }
    (drawn, left)
}

fn hands_of(entries: &[Entry], players: usize) -> Vec<Vec<Special>> {
    let mut hands = vec![Vec::new(); players];
    for e in entries {
        if let Entry::Deal { player, special } = e {
            hands[*player].push(*special);
        }
    }
    hands
}

/// The game the entries make, how many of its events they account for, and what it needs
/// next.
fn build(
    set: &Arc<TileSet>,
    rules: &Arc<Ruleset>,
    players: usize,
    entries: &[Entry],
) -> Result<(Game, usize, Need), IllegalMove> {
    let hands = hands_of(entries, players);
    // The named tiles in the order drawn, then the rest of the box standing in for what is
    // still to come.
    let deck = |which: Deck| -> (Vec<usize>, usize) {
        let (named, rest) = drawn_and_left(set, entries, which);
        let known = named.len();
        (named.into_iter().chain(rest).collect(), known)
    };
    let (regular, regular_named) = deck(Deck::Regular);
    let (bonus, bonus_named) = deck(Deck::Bonus);
    let mut game = Game::with_hands(
        Arc::clone(set),
        Arc::clone(rules),
        players,
        regular,
        bonus,
        hands.clone(),
    );
    if let Some(options) = rules.scout() {
        let each = pieces_each(players, options);
        if let Some(p) = hands.iter().position(|h| h.len() < each) {
            let dealt = hands.iter().map(Vec::len).sum();
            return Ok((game, dealt, Need::Deal { player: p }));
        }
    }
    for e in entries {
        if let Entry::Move(mv) = e {
            game.play(*mv)?;
        }
    }
    // The first draw of a tile nobody has named is where the table comes in.
    let (mut regular_seen, mut bonus_seen) = (0, 0);
    for (i, e) in game.events().iter().enumerate() {
        if let Event::Draw {
            player,
            bonus,
            again: false,
            ..
        } = *e
        {
            let (seen, named) = if bonus {
                (&mut bonus_seen, bonus_named)
            } else {
                (&mut regular_seen, regular_named)
            };
            if *seen == named {
                return Ok((game, i, Need::Draw { player, bonus }));
            }
            *seen += 1;
        }
    }
    let known = game.events().len();
    let need = match game.turn() {
        None => Need::Over,
        Some(t) => match t.tile {
            None => Need::Choice { player: t.player },
            Some(tile) => Need::Move {
                player: t.player,
                tile,
            },
        },
    };
    Ok((game, known, need))
}
