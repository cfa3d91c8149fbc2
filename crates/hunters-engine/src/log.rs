//! Game logs: the text record of a game, written by [`write()`], read by [`parse`], checked by
//! [`verify`](crate::replay::verify) and rewritten on purpose by [`bless`](crate::replay::bless).
//!
//! A log is PGN-like: header tags (`[Name "value"]`), then one event per line. The format is
//! described in `docs/log-format.md`. Logs record resolved randomness (each tile drawn) and
//! every consequence (scores with breakdowns, meeples returned), so verifying one replays the
//! moves under the rules of its header and compares, line by line, what the rules produce with
//! what is written, without any random generator.
//!
//! Every move line carries, after `=`, what the placement looks like on the board: the zone on
//! each side and the tiles it touches. A changed coordinate or rotation therefore shows on its
//! own line, even when the changed move would be legal and score the same.
//!
//! Moves, zones and pieces are written in the [`notation`](crate::notation) people and bots
//! use; replaying a log is [`replay`](crate::replay)'s, so the file's reader and writer never
//! play a move.

use std::path::Path;

use crate::error::InputError;
use crate::feature::PieceAt;
use crate::game::{Event, Game};
use crate::notation::{
    MoveLine, NotationError, herd_text, parse_move, parse_player, piece_address, piece_name,
    spot_name, zone_letter, zone_name,
};
use crate::scout::Special;
use crate::tile::Dir;
use crate::tileset::read_input;

/// The value of the `Format` tag this version writes and reads.
pub const FORMAT: &str = "hunters-log 1";
/// The version of `hunters` that writes logs; a game replays move for move under the version
/// that recorded it (a later version may change a rule or a bot).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Tags that are free text for people: kept by [`bless`](crate::replay::bless), ignored by
/// [`verify`](crate::replay::verify).
pub const NOTE_TAGS: [&str; 3] = ["Title", "Source", "Comment"];

/// Why an event line does not read. The line's number is added by [`parse`], which reports
/// it as an [`InputError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    /// A `place` line, or the player of another event, that the notation does not read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error(
        "expected `draw PLAYER TILE`, then `bonus` for the bonus deck and `again` for a refused \
         tile drawn again"
    )]
    Draw,
    #[error("expected `refuse PLAYER TILE` or `refuse PLAYER TILE bonus`")]
    Refuse,
    #[error("expected `deal PLAYER PIECE`")]
    Deal,
    #[error("unknown event {0:?}; expected one of {events}", events = EVENTS.join(", "))]
    Unknown(String),
}

/// A header tag as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// One event line as read: its number, its text with comments and extra spaces removed, and
/// what the replay needs from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub text: String,
    pub kind: LineKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// `draw P TILE [bonus]`: fixes the order of the decks.
    Draw {
        player: usize,
        tile: String,
        bonus: bool,
        /// A tile refused earlier, drawn again from the bottom of its stack.
        again: bool,
    },
    /// `place …`: a move.
    Place(MoveLine),
    /// `refuse P TILE [bonus]`: the Scout's refusal, a move.
    Refuse { player: usize },
    /// `deal P PIECE`: a Scout special piece dealt before the first turn.
    Deal { player: usize, piece: String },
    /// Anything the rules produce (discard, score, return, cover, end): compared as text.
    Consequence,
}

/// A parsed log.
#[derive(Clone, Debug)]
pub struct Log {
    pub file: String,
    pub tags: Vec<Tag>,
    pub lines: Vec<Line>,
    /// Comment lines before the first tag, kept by [`bless`](crate::replay::bless).
    pub preamble: Vec<String>,
    /// Lines in the file, for "the end of the log".
    pub line_count: usize,
    /// The number of the last event line (0 without any).
    pub last_event_line: usize,
    /// Whether the text ends with a line break, as every written log does.
    pub ends_with_newline: bool,
}

impl Log {
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The moves the log records: placements and refusals.
    pub fn moves(&self) -> usize {
        self.lines
            .iter()
            .filter(|l| matches!(l.kind, LineKind::Place(_) | LineKind::Refuse { .. }))
            .count()
    }
}

/// What to tell the reader of a log that did not replay about the version of `hunters` that
/// wrote it: nothing when this version wrote it or when it does not say.
pub fn version_note(log: &Log) -> Option<String> {
    let written = log.tag("Version")?;
    (written.value != VERSION).then(|| {
        format!(
            "this log was written by hunters {} and this is hunters {VERSION}; a game replays \
             move for move only under the version that recorded it, so verify it with hunters {}",
            written.value, written.value
        )
    })
}

/// What the header of a written log says besides the rules.
#[derive(Clone, Debug)]
pub struct Header {
    /// The variant as the user named it: a built-in name or a path.
    pub variant: String,
    pub seed: Option<u64>,
    /// One name per seat (the bots, or players' names in a hand-written log).
    pub players: Vec<String>,
    /// Free-text tags ([`NOTE_TAGS`]), in order.
    pub notes: Vec<(String, String)>,
}

impl Header {
    /// The header of a seeded game between these bots (anything that prints as a name: the
    /// log does not know the bots, which stand on the notation beside it).
    pub fn for_bots<B: std::fmt::Display>(variant: &str, seed: u64, bots: &[B]) -> Header {
        Header {
            variant: variant.to_string(),
            seed: Some(seed),
            players: bots.iter().map(ToString::to_string).collect(),
            notes: Vec::new(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Turns game events into log lines; keeps count of the tiles laid, which name the
/// neighbours of a placement.
pub(crate) struct Renderer {
    laid: usize,
}

impl Renderer {
    pub(crate) fn new() -> Renderer {
        // The start tile is laid before the first event.
        Renderer { laid: 1 }
    }

    pub(crate) fn render(&mut self, game: &Game, e: &Event) -> String {
        let tiles = &game.tiles().tiles;
        match e {
            Event::Draw {
                player,
                tile,
                bonus,
                again,
            } => {
                let b = if *bonus { " bonus" } else { "" };
                let a = if *again { " again" } else { "" };
                format!("draw {} {}{b}{a}", player + 1, tiles[*tile].id)
            }
            Event::Deal { player, special } => format!(
                "deal {} {}",
                player + 1,
                match special {
                    Special::Tile(t) => tiles[*t].id.as_str(),
                    Special::Shaman => "shaman",
                }
            ),
            Event::Refuse {
                player,
                tile,
                bonus,
            } => {
                let b = if *bonus { " bonus" } else { "" };
                format!("refuse {} {}{b}", player + 1, tiles[*tile].id)
            }
            Event::Discard { tile } => format!("discard {}", tiles[*tile].id),
            Event::Place {
                player,
                tile,
                at,
                recall,
                piece,
            } => {
                let index = self.laid;
                self.laid += 1;
                let t = &tiles[*tile];
                let mut s = format!(
                    "place {} {} {},{} r{}",
                    player + 1,
                    t.id,
                    at.pos.x,
                    at.pos.y,
                    at.rot.degrees()
                );
                if let Some(r) = recall {
                    s += &format!(
                        " shaman {} {}",
                        piece_name(r.piece),
                        piece_address(game, r.at)
                    );
                }
                match piece {
                    Some((p, PieceAt::Zone(z))) => {
                        s += &format!(" {} {}", piece_name(*p), zone_name(t, at.rot, z.zone));
                    }
                    Some((p, PieceAt::Spot { spot, .. })) => {
                        s += &format!(" {} {}", piece_name(*p), spot_name(t, *spot));
                    }
                    None => {}
                }
                // What it looks like: the zone in the middle of each side, and the tiles (by
                // laying number, the start tile being 0) it touches.
                let sides: Vec<String> = Dir::ALL
                    .iter()
                    .map(|&d| {
                        let z = t.zone_at(at.rot, d, 1);
                        format!("{}{}", zone_letter(z.kind), z.index)
                    })
                    .collect();
                let mut touches = Vec::new();
                for d in Dir::ALL {
                    if let Some(n) = game.board().index_at(at.pos.step(d))
                        && n < index
                    {
                        touches.push(format!("{}{n}", d.letter()));
                    }
                }
                s += &format!(" = {} {}", sides.join("."), touches.join("."));
                // The piece's zone once more, by its number on the printed tile: a changed zone
                // name then disagrees with it.
                match piece {
                    Some((_, PieceAt::Zone(z))) => {
                        s += &format!(" {}{}", zone_letter(z.zone.kind), z.zone.index);
                    }
                    Some((_, PieceAt::Spot { spot, .. })) => s += &format!(" S{spot}"),
                    None => {}
                }
                s
            }
            Event::Return { player, piece, at } => format!(
                "return {} {} {}",
                player + 1,
                piece_name(*piece),
                piece_address(game, *at)
            ),
            Event::Cover { zone, animals } => format!(
                "cover {} {}",
                piece_address(game, PieceAt::Zone(*zone)),
                herd_text(animals)
            ),
            Event::Score(s) => {
                let players: Vec<String> = s.players.iter().map(|p| (p + 1).to_string()).collect();
                let who = if players.is_empty() {
                    "-".to_string()
                } else {
                    players.join("+")
                };
                format!(
                    "score {who} {} {} {} = {}",
                    s.category.name(),
                    s.points(),
                    piece_address(game, PieceAt::Zone(s.zone)),
                    s.breakdown
                )
            }
            Event::End => "end".to_string(),
        }
    }
}

pub(crate) fn result_text(game: &Game) -> String {
    let scores: Vec<String> = (0..game.players())
        .map(|p| game.total(p).to_string())
        .collect();
    scores.join(" ")
}

/// The event lines of a game's log, one for each of [`Game::events`], in order.
pub fn event_lines(game: &Game) -> Vec<String> {
    let mut r = Renderer::new();
    game.events().iter().map(|e| r.render(game, e)).collect()
}

/// The log of a finished (or unfinished) game.
pub fn write(game: &Game, header: &Header) -> String {
    write_first(game, header, game.events().len())
}

/// The log of the game's first `events` events: a game recorded as far as it is known (the
/// events after them were produced by tiles nobody has named yet). Only the log of a finished
/// game, written whole, carries a `Result`.
pub fn write_first(game: &Game, header: &Header, events: usize) -> String {
    let events = &game.events()[..events.min(game.events().len())];
    let finished = game.is_over() && events.len() == game.events().len();
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag(&mut out, "Format", FORMAT);
    tag(&mut out, "Version", VERSION);
    for (name, value) in &header.notes {
        tag(&mut out, name, value);
    }
    tag(&mut out, "Variant", &header.variant);
    tag(&mut out, "Edition", game.rules().edition().name());
    if let Some(seed) = header.seed {
        tag(&mut out, "Seed", &seed.to_string());
    }
    tag(&mut out, "Players", &header.players.join(", "));
    // Only the options that can change this game: one about a special tile the game has
    // none of would tell a reader nothing.
    for (name, value) in game.rules().options().pairs() {
        if crate::options::applies(name, &game.tiles().tiles) {
            tag(&mut out, name, &value);
        }
    }
    // The numbers of the rules only where they differ from the printed ones, so that the
    // logs of the printed rules stay as they were.
    for (name, value) in game.rules().params().differing(game.rules().edition()) {
        tag(&mut out, name, &value);
    }
    if finished {
        tag(&mut out, "Result", &result_text(game));
    }
    let mut prev = String::new();
    for (e, line) in events.iter().zip(event_lines(game)) {
        // A blank line before each turn (and before the deal and the end), for people.
        let turn_starts = match e {
            Event::Deal { .. } => !prev.starts_with("deal"),
            Event::Draw { bonus: false, .. } => {
                !prev.starts_with("refuse") && !prev.starts_with("discard")
            }
            Event::Place { .. } => !prev.starts_with("draw"),
            Event::End => true,
            _ => false,
        };
        if turn_starts {
            out.push('\n');
        }
        out.push_str(&line);
        out.push('\n');
        prev = line;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Reading

const EVENTS: [&str; 9] = [
    "deal", "draw", "refuse", "discard", "place", "return", "cover", "score", "end",
];

/// Reads a log file (size-limited, UTF-8) and parses it.
pub fn load(path: &Path) -> Result<Log, InputError> {
    let text = read_input(path)?;
    parse(&text, &path.display().to_string())
}

/// Parses a log. Lenient about spacing, blank lines and `#` comments; strict about the words.
pub fn parse(text: &str, file: &str) -> Result<Log, InputError> {
    let err = |line: usize, msg: String| InputError::new(file, Some(line), msg);
    let mut log = Log {
        file: file.to_string(),
        tags: Vec::new(),
        lines: Vec::new(),
        preamble: Vec::new(),
        line_count: 0,
        last_event_line: 0,
        ends_with_newline: text.is_empty() || text.ends_with('\n'),
    };
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        log.line_count = number;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            if log.tags.is_empty() && raw.trim_start().starts_with('#') {
                log.preamble.push(raw.trim_end().to_string());
            }
            continue;
        }
        if content.starts_with('[') {
            if !log.lines.is_empty() {
                return Err(err(
                    number,
                    "a header tag after the first event; tags come first".into(),
                ));
            }
            let mut tag = parse_tag(content).ok_or_else(|| {
                err(
                    number,
                    format!("expected a header tag like [Name \"value\"], found {content:?}"),
                )
            })?;
            tag.line = number;
            log.tags.push(tag);
            continue;
        }
        let text = content.split_whitespace().collect::<Vec<_>>().join(" ");
        let kind = parse_event(content).map_err(|e| err(number, e.to_string()))?;
        log.lines.push(Line { number, text, kind });
        log.last_event_line = number;
    }
    if log.tags.is_empty() && log.lines.is_empty() {
        return Err(InputError::new(
            file,
            None,
            "the file is empty; expected a game log starting with [Format \"hunters-log 1\"]",
        ));
    }
    match log.tag("Format") {
        Some(t) if t.value == FORMAT => {}
        Some(t) => {
            return Err(err(
                t.line,
                format!("format {:?} is not {FORMAT:?}", t.value),
            ));
        }
        None => {
            return Err(InputError::new(
                file,
                Some(1),
                format!("not a game log: expected the tag [Format \"{FORMAT}\"] first"),
            ));
        }
    }
    Ok(log)
}

/// One event line (without its comment): what the replay needs from it.
pub fn parse_event(content: &str) -> Result<LineKind, EventError> {
    let words: Vec<&str> = content.split_whitespace().collect();
    Ok(match words.first().copied().unwrap_or("") {
        "draw" => parse_draw(&words)?,
        "refuse" => match words[..] {
            ["refuse", p, _] | ["refuse", p, _, "bonus"] => LineKind::Refuse {
                player: parse_player(p)?,
            },
            _ => return Err(EventError::Refuse),
        },
        "deal" => match words[..] {
            ["deal", p, piece] => LineKind::Deal {
                player: parse_player(p)?,
                piece: piece.to_string(),
            },
            _ => return Err(EventError::Deal),
        },
        "place" => LineKind::Place(parse_move(&words)?),
        w if EVENTS.contains(&w) => LineKind::Consequence,
        w => return Err(EventError::Unknown(w.to_string())),
    })
}

/// A header tag line (`[Name "value"]`), if it is one.
pub fn parse_tag(s: &str) -> Option<Tag> {
    let inner = s.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || value.contains('"') {
        return None;
    }
    Some(Tag {
        name: name.to_string(),
        value: value.to_string(),
        line: 0,
    })
}

fn parse_draw(w: &[&str]) -> Result<LineKind, EventError> {
    let (bonus, again) = match w.get(3..) {
        Some([]) => (false, false),
        Some(["bonus"]) => (true, false),
        Some(["again"]) => (false, true),
        Some(["bonus", "again"]) => (true, true),
        _ => return Err(EventError::Draw),
    };
    Ok(LineKind::Draw {
        player: parse_player(w[1])?,
        tile: w[2].to_string(),
        bonus,
        again,
    })
}

/// The tags a log may carry: the game's, every option, and the notes.
pub(crate) fn known_tag(name: &str) -> bool {
    [
        "Format", "Version", "Variant", "Edition", "Seed", "Players", "Result",
    ]
    .contains(&name)
        || crate::options::is_rule(name)
        || NOTE_TAGS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words a person reads for a line that does not parse are part of the interface
    /// (`tests/bad-inputs` pins many): these are the ones no broken file there shows.
    #[test]
    fn lines_that_do_not_read_say_what_was_expected() {
        let said = |line: &str| parse_event(line).unwrap_err().to_string();
        assert_eq!(
            said("draw 1"),
            "expected `draw PLAYER TILE`, then `bonus` for the bonus deck and `again` for a \
             refused tile drawn again"
        );
        assert_eq!(
            said("refuse 1"),
            "expected `refuse PLAYER TILE` or `refuse PLAYER TILE bonus`"
        );
        assert_eq!(said("deal 1"), "expected `deal PLAYER PIECE`");
        assert_eq!(
            said("hop 1"),
            "unknown event \"hop\"; expected one of deal, draw, refuse, discard, place, return, \
             cover, score, end"
        );
        assert_eq!(
            said("deal 6 shaman"),
            "expected a player number 1 to 5, found \"6\""
        );
        assert_eq!(
            said("place 1 34 1,0"),
            "expected `place PLAYER TILE X,Y rDEGREES [shaman PIECE X,Y:ZONE] [PIECE ZONE] \
             [= …]`"
        );
        assert_eq!(
            said("place 1 34 1;0 r90"),
            "expected a square X,Y, found \"1;0\""
        );
        assert_eq!(
            said("place 1 34 1,0 r45"),
            "expected r0, r90, r180 or r270, found \"r45\""
        );
        assert_eq!(
            said("place 1 34 1,0 r90 shaman chief 0,0:N"),
            "expected a piece name, found \"chief\""
        );
        assert_eq!(
            said("place 1 34 1,0 r90 shaman hunter 0,0"),
            "expected X,Y:ZONE, found \"0,0\""
        );
        assert_eq!(
            said("place 1 34 1,0 r90 chief N"),
            "expected gatherer, fisher, hunter or hut, found \"chief\""
        );
    }
}
