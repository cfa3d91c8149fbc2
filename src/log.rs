//! Game logs: the text record of a game, written by [`write()`], read by [`parse`], checked by
//! [`verify`] and rewritten on purpose by [`bless`].
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

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::board::{Placement, Pos};
use crate::error::InputError;
use crate::feature::{Herd, PieceAt, ZoneId};
use crate::game::{Event, Game, Move, OnBoard, Play, Turn};
use crate::rng::{shuffle, stream};
use crate::scout::Special;
use crate::tile::{Deck, Dir, Piece, Rotation, Side, Tile, ZoneKind, ZoneRef};
use crate::tileset::{TileSet, read_input};
use crate::variant::Variant;
use crate::variant::ruleset;

/// The value of the `Format` tag this version writes and reads.
pub const FORMAT: &str = "hunters-log 1";
/// The version of `hunters` that writes logs; a game replays move for move under the version
/// that recorded it (a later version may change a rule or a bot).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Tags that are free text for people: kept by [`bless`], ignored by [`verify`].
pub const NOTE_TAGS: [&str; 3] = ["Title", "Source", "Comment"];

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

/// The parts of a `place` line the replay needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    pub player: usize,
    pub tile: String,
    pub at: Placement,
    /// The 2020 shaman's recall: the meeple and where it stands.
    pub recall: Option<(Piece, Pos, String)>,
    /// The piece put on the tile and the name of its zone.
    pub piece: Option<(Piece, String)>,
}

/// A parsed log.
#[derive(Clone, Debug)]
pub struct Log {
    pub file: String,
    pub tags: Vec<Tag>,
    pub lines: Vec<Line>,
    /// Comment lines before the first tag, kept by [`bless`].
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

/// Where a replay parts from what the log says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub file: String,
    pub line: usize,
    pub expected: String,
    pub found: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected `{}`, found `{}`",
            self.file, self.line, self.expected, self.found
        )
    }
}

/// Why a log was not verified: it could not be read (exit 2), or its game differs (exit 1).
#[derive(Clone, Debug)]
pub enum Failure {
    Unreadable(InputError),
    Diverged(Divergence),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreadable(e) => e.fmt(f),
            Failure::Diverged(d) => d.fmt(f),
        }
    }
}

impl std::error::Error for Failure {}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::Unreadable(e)
    }
}

/// A verified log: the game replayed to its end.
pub struct Verified {
    pub game: Game,
    pub variant: Variant,
    /// Tiles placed after the start tile (bonus tiles included).
    pub turns: usize,
    /// When the log's variant file was not at hand: what the log was checked against.
    pub stand_in: Option<String>,
    /// The log stops before the game's end (it has no `Result`): everything up to its last
    /// line was checked, and the game can go on from there.
    pub unfinished: bool,
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
    /// log module does not know the bots, so that bots may speak its notation).
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

/// The name of zone `zone` of `tile` turned by `rot`: the first border part it covers,
/// clockwise from the north-west corner (`N`, `Es`, …), or `L0`, `L1` for lakes. One zone has
/// exactly one name.
pub fn zone_name(tile: &Tile, rot: Rotation, zone: ZoneRef) -> String {
    if zone.kind == ZoneKind::Lake {
        return format!("L{}", zone.index);
    }
    for dir in Dir::ALL {
        for part in 0..3 {
            if tile.zone_at(rot, dir, part) == zone {
                let river = tile.side(rot, dir) == Side::River;
                return match (river, part) {
                    (true, 0) => dir.half_names()[0].to_string(),
                    (true, 2) => dir.half_names()[1].to_string(),
                    _ => dir.letter().to_string(),
                };
            }
        }
    }
    // Every forest, meadow and river zone touches the border (the tile-set loader checks it).
    format!("{}{}", zone_letter(zone.kind), zone.index)
}

/// The zone of `tile` turned by `rot` that `name` names, if any.
pub fn zone_named(tile: &Tile, rot: Rotation, name: &str) -> Option<ZoneRef> {
    if let Some(i) = name.strip_prefix('L') {
        let i: u8 = i.parse().ok()?;
        return (usize::from(i) < tile.lakes.len()).then_some(ZoneRef {
            kind: ZoneKind::Lake,
            index: i,
        });
    }
    for dir in Dir::ALL {
        if name.len() == 1 && name.starts_with(dir.letter()) {
            return Some(tile.zone_at(rot, dir, 1));
        }
        for (i, half) in dir.half_names().iter().enumerate() {
            if name == *half && tile.side(rot, dir) == Side::River {
                return Some(tile.zone_at(rot, dir, i * 2));
            }
        }
    }
    None
}

/// A Scout tile's spot by its name in the tile set (`scout`, `bridge`, `dug-out`, `farm`).
fn spot_name(tile: &Tile, spot: u8) -> String {
    tile.spots
        .get(usize::from(spot))
        .map_or_else(|| format!("spot{spot}"), |s| s.name.clone())
}

fn zone_letter(kind: ZoneKind) -> char {
    match kind {
        ZoneKind::Forest => 'F',
        ZoneKind::Meadow => 'M',
        ZoneKind::River => 'R',
        ZoneKind::Lake => 'L',
    }
}

pub fn piece_name(p: Piece) -> &'static str {
    match p {
        Piece::Gatherer => "gatherer",
        Piece::Fisher => "fisher",
        Piece::Hunter => "hunter",
        Piece::Hut => "hut",
    }
}

fn piece_from(s: &str) -> Option<Piece> {
    [Piece::Gatherer, Piece::Fisher, Piece::Hunter, Piece::Hut]
        .into_iter()
        .find(|p| piece_name(*p) == s)
}

pub fn herd_text(h: &Herd) -> String {
    let parts: Vec<String> = [
        (h.mammoths, "mammoths"),
        (h.aurochs, "aurochs"),
        (h.deer, "deer"),
        (h.tigers, "tigers"),
        (h.bears, "bears"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    parts.join(" + ")
}

/// Turns game events into log lines; keeps count of the tiles laid, which name the
/// neighbours of a placement.
struct Renderer {
    laid: usize,
}

impl Renderer {
    fn new() -> Renderer {
        // The start tile is laid before the first event.
        Renderer { laid: 1 }
    }

    fn address(game: &Game, at: PieceAt) -> String {
        let board = game.board();
        match at {
            PieceAt::Zone(z) => {
                let p = board.placed()[usize::from(z.placed)];
                let tile = &game.tiles().tiles[p.tile];
                format!("{},{}:{}", p.pos.x, p.pos.y, zone_name(tile, p.rot, z.zone))
            }
            PieceAt::Spot { placed, spot } => {
                let p = board.placed()[usize::from(placed)];
                let tile = &game.tiles().tiles[p.tile];
                format!("{},{}:{}", p.pos.x, p.pos.y, spot_name(tile, spot))
            }
        }
    }

    fn render(&mut self, game: &Game, e: &Event) -> String {
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
                        Renderer::address(game, r.at)
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
                Renderer::address(game, *at)
            ),
            Event::Cover { zone, animals } => format!(
                "cover {} {}",
                Renderer::address(game, PieceAt::Zone(*zone)),
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
                    Renderer::address(game, PieceAt::Zone(s.zone)),
                    s.breakdown
                )
            }
            Event::End => "end".to_string(),
        }
    }
}

fn result_text(game: &Game) -> String {
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
        let kind = parse_event(content).map_err(|m| err(number, m))?;
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
pub fn parse_event(content: &str) -> Result<LineKind, String> {
    let words: Vec<&str> = content.split_whitespace().collect();
    Ok(match words.first().copied().unwrap_or("") {
        "draw" => parse_draw(&words)?,
        "refuse" => match words[..] {
            ["refuse", p, _] | ["refuse", p, _, "bonus"] => LineKind::Refuse {
                player: parse_player(p)?,
            },
            _ => {
                return Err("expected `refuse PLAYER TILE` or `refuse PLAYER TILE bonus`".into());
            }
        },
        "deal" => match words[..] {
            ["deal", p, piece] => LineKind::Deal {
                player: parse_player(p)?,
                piece: piece.to_string(),
            },
            _ => return Err("expected `deal PLAYER PIECE`".into()),
        },
        "place" => LineKind::Place(parse_move(&words)?),
        w if EVENTS.contains(&w) => LineKind::Consequence,
        w => {
            return Err(format!(
                "unknown event {w:?}; expected one of {}",
                EVENTS.join(", ")
            ));
        }
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

fn parse_player(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(p) if (1..=crate::feature::MAX_PLAYERS).contains(&p) => Ok(p - 1),
        _ => Err(format!("expected a player number 1 to 5, found {s:?}")),
    }
}

fn parse_draw(w: &[&str]) -> Result<LineKind, String> {
    let usage = "expected `draw PLAYER TILE`, then `bonus` for the bonus deck and `again` for a \
                 refused tile drawn again";
    let (bonus, again) = match w.get(3..) {
        Some([]) => (false, false),
        Some(["bonus"]) => (true, false),
        Some(["again"]) => (false, true),
        Some(["bonus", "again"]) => (true, true),
        _ => return Err(usage.to_string()),
    };
    Ok(LineKind::Draw {
        player: parse_player(w[1])?,
        tile: w[2].to_string(),
        bonus,
        again,
    })
}

fn parse_pos(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once(',')?;
    let (x, y) = (x.parse::<i32>().ok()?, y.parse::<i32>().ok()?);
    // Far beyond any board, and small enough never to overflow.
    (x.abs() <= 10_000 && y.abs() <= 10_000).then(|| Pos::new(x, y))
}

fn parse_move(w: &[&str]) -> Result<MoveLine, String> {
    let usage = "expected `place PLAYER TILE X,Y rDEGREES [shaman PIECE X,Y:ZONE] [PIECE ZONE] \
                 [= …]`";
    // What follows `=` is only compared, never needed to replay.
    let end = w.iter().position(|x| *x == "=").unwrap_or(w.len());
    let w = &w[..end];
    if w.len() < 5 {
        return Err(usage.to_string());
    }
    let player = parse_player(w[1])?;
    let pos = parse_pos(w[3]).ok_or_else(|| format!("expected a square X,Y, found {:?}", w[3]))?;
    let rot = match w[4] {
        "r0" => Rotation(0),
        "r90" => Rotation(1),
        "r180" => Rotation(2),
        "r270" => Rotation(3),
        other => return Err(format!("expected r0, r90, r180 or r270, found {other:?}")),
    };
    let mut m = MoveLine {
        player,
        tile: w[2].to_string(),
        at: Placement { pos, rot },
        recall: None,
        piece: None,
    };
    let mut rest = &w[5..];
    if let ["shaman", piece, at, tail @ ..] = rest {
        let piece =
            piece_from(piece).ok_or_else(|| format!("expected a piece name, found {piece:?}"))?;
        let (sq, zone) = at
            .split_once(':')
            .ok_or_else(|| format!("expected X,Y:ZONE, found {at:?}"))?;
        let sq = parse_pos(sq).ok_or_else(|| format!("expected a square X,Y, found {sq:?}"))?;
        m.recall = Some((piece, sq, zone.to_string()));
        rest = tail;
    }
    match rest {
        [] => {}
        [piece, zone] => {
            let piece = piece_from(piece).ok_or_else(|| {
                format!("expected gatherer, fisher, hunter or hut, found {piece:?}")
            })?;
            m.piece = Some((piece, zone.to_string()));
        }
        _ => return Err(usage.to_string()),
    }
    Ok(m)
}

// ---------------------------------------------------------------------------------------------
// Replaying

/// The tags a log may carry: the game's, every option, and the notes.
fn known_tag(name: &str) -> bool {
    [
        "Format", "Version", "Variant", "Edition", "Seed", "Players", "Result",
    ]
    .contains(&name)
        || crate::options::is_rule(name)
        || NOTE_TAGS.contains(&name)
}

/// What the header sets up: the variant with the log's options, seats and seed.
struct Setup {
    variant: Variant,
    /// The tiles in play (the base set and the expansions').
    set: Arc<TileSet>,
    players: Vec<String>,
    seed: Option<u64>,
    /// When the log's variant file could not be found: what the log was checked against
    /// instead, in words.
    stand_in: Option<String>,
}

fn setup(log: &Log, base: Option<&Path>) -> Result<Setup, Failure> {
    let err = |line: usize, msg: String| InputError::new(&log.file, Some(line), msg);
    for t in &log.tags {
        if !known_tag(&t.name) {
            return Err(err(
                t.line,
                format!(
                    "unknown tag {:?}; a log has Format, Version, Variant, Edition, Seed, \
                     Players, Result, Title, Source, Comment, the rule options ({}) and the \
                     numbers of the rules ({})",
                    t.name,
                    crate::ruleset::Options::NAMES.join(", "),
                    crate::params::Params::names()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .into());
        }
        if log.tags.iter().filter(|o| o.name == t.name).count() > 1 {
            return Err(err(t.line, format!("the tag {} appears twice", t.name)).into());
        }
    }
    let need = |name: &str| {
        log.tag(name).ok_or_else(|| {
            Failure::from(InputError::new(
                &log.file,
                Some(1),
                format!("the header has no [{name} \"…\"] tag"),
            ))
        })
    };
    let vt = need("Variant")?;
    let mut stand_in = None;
    let mut variant = match Variant::load(&vt.value) {
        Ok(v) => v,
        Err(first) => {
            // A variant file is looked for beside the log too.
            match base.map(|b| b.join(&vt.value)).filter(|p| p.exists()) {
                Some(p) => Variant::load(&p.display().to_string())?,
                None => match edition_stand_in(log) {
                    // The log records the edition, every option and every number that
                    // differs: with the edition's own variant, they make the same rules
                    // (unless the file also changed the tiles, which the replay then shows).
                    Some(mut v) => {
                        let beside = base
                            .filter(|b| !b.as_os_str().is_empty())
                            .map(|b| {
                                format!(" nor beside the log ({})", b.join(&vt.value).display())
                            })
                            .unwrap_or_default();
                        stand_in = Some(format!(
                            "the variant file {:?} is not here ({}){beside}: checked against \
                             the {} edition{} with the log's options and numbers",
                            vt.value,
                            std::env::current_dir()
                                .map(|d| d.join(&vt.value).display().to_string())
                                .unwrap_or_else(|_| vt.value.clone()),
                            v.edition.name(),
                            if v.expansions.is_empty() {
                                String::new()
                            } else {
                                format!(" and {}", v.expansions.join(", "))
                            }
                        ));
                        v.name = vt.value.clone();
                        v
                    }
                    None => {
                        return Err(err(vt.line, format!("variant: {}", first.message)).into());
                    }
                },
            }
        }
    };
    if let Some(t) = log.tag("Edition")
        && t.value != variant.edition.name()
    {
        return Err(Failure::Diverged(Divergence {
            file: log.file.clone(),
            line: t.line,
            expected: format!("[Edition \"{}\"]", variant.edition.name()),
            found: format!("[Edition \"{}\"]", t.value),
        }));
    }
    for t in &log.tags {
        if crate::options::is_rule(&t.name) {
            let before = variant.options.clone();
            variant
                .options
                .set(&t.name, &t.value)
                .map_err(|m| err(t.line, m))?;
            // Logs written before options were listed only where they apply carry every
            // option; one that cannot apply is accepted only at its printed value.
            if let Some(about) = crate::options::About::of(&t.name)
                .filter(|a| !a.shown_in(&variant.playing_set().tiles))
                && variant.options != before
            {
                return Err(err(
                    t.line,
                    format!(
                        "option {} is about the {} tile, which this game's tiles do not show; \
                         remove the tag",
                        t.name,
                        about.name()
                    ),
                )
                .into());
            }
        }
    }
    let pt = need("Players")?;
    let players: Vec<String> = pt.value.split(',').map(|s| s.trim().to_string()).collect();
    if !(2..=crate::feature::MAX_PLAYERS).contains(&players.len())
        || players.iter().any(String::is_empty)
    {
        return Err(err(
            pt.line,
            format!(
                "expected 2 to 5 comma-separated player names, found {:?}",
                pt.value
            ),
        )
        .into());
    }
    let seed = match log.tag("Seed") {
        None => None,
        Some(t) => Some(t.value.parse::<u64>().map_err(|_| {
            err(
                t.line,
                format!("expected a seed (a whole number), found {:?}", t.value),
            )
        })?),
    };
    let set = variant.playing_set();
    Ok(Setup {
        variant,
        set,
        players,
        seed,
        stand_in,
    })
}

/// The built-in variant of the log's `Edition` tag (with the Scout expansion when the log
/// deals Scout pieces), to check a log whose variant file is not at hand.
fn edition_stand_in(log: &Log) -> Option<Variant> {
    let edition = log.tag("Edition")?.value.clone();
    let scout = log
        .lines
        .iter()
        .any(|l| matches!(l.kind, LineKind::Deal { .. }));
    let name = if scout && edition != "2020" {
        format!("{edition}-scout")
    } else {
        edition
    };
    crate::variant::BUILTIN
        .iter()
        .any(|(n, _)| *n == name)
        .then(|| Variant::load(&name).ok())
        .flatten()
}

/// The decks in the order the log draws them, up to the first draw the tile set cannot give
/// (a tile it lacks, or one copy too many), which comes third.
fn decks(log: &Log, s: &Setup) -> (Vec<usize>, Vec<usize>, Option<Divergence>) {
    let set = &s.set;
    let diverge = |line: &Line, expected: String| Divergence {
        file: log.file.clone(),
        line: line.number,
        expected,
        found: line.text.clone(),
    };
    let mut regular = Vec::new();
    let mut bonus = Vec::new();
    let mut drawn: HashMap<usize, u32> = HashMap::new();
    for line in &log.lines {
        // A refused tile drawn again was counted when it was first drawn.
        let LineKind::Draw {
            tile,
            bonus: b,
            again: false,
            ..
        } = &line.kind
        else {
            continue;
        };
        let deck = if *b { Deck::Bonus } else { Deck::Regular };
        let Some((index, t)) = set.tile(tile).filter(|(_, t)| t.deck == deck) else {
            let bad = diverge(
                line,
                format!(
                    "a tile of the {} deck of tile set {}",
                    if *b { "bonus" } else { "regular" },
                    set.name
                ),
            );
            return (regular, bonus, Some(bad));
        };
        let n = drawn.entry(index).or_default();
        *n += 1;
        if *n > u32::from(t.count) {
            let bad = diverge(
                line,
                format!("no more copies of tile {} (the set has {})", t.id, t.count),
            );
            return (regular, bonus, Some(bad));
        }
        if *b { &mut bonus } else { &mut regular }.push(index);
    }
    (regular, bonus, None)
}

/// With a seed, the draws must follow the decks that seed shuffles: the first draw that does
/// not, if any.
fn seed_check(log: &Log, s: &Setup, regular: &[usize], bonus: &[usize]) -> Option<Divergence> {
    let seed = s.seed?;
    let set = &s.set;
    for (deck, label, drawn) in [
        (Deck::Regular, "regular", regular),
        (Deck::Bonus, "bonus", bonus),
    ] {
        let mut order = set.deck(deck);
        shuffle(&mut order, &mut stream(seed, label));
        let lines = log.lines.iter().filter(|l| {
            matches!(&l.kind, LineKind::Draw { bonus, again: false, .. }
                if *bonus == (deck == Deck::Bonus))
        });
        for ((got, want), line) in drawn.iter().zip(&order).zip(lines) {
            if got != want {
                return Some(Divergence {
                    file: log.file.clone(),
                    line: line.number,
                    expected: format!(
                        "tile {} next in the {label} deck of seed {seed}",
                        set.tiles[*want].id
                    ),
                    found: line.text.clone(),
                });
            }
        }
    }
    None
}

/// The Scout pieces the deal lines give each seat; with a seed, checked against its deal.
fn hands(log: &Log, s: &Setup) -> Result<Vec<Vec<Special>>, Divergence> {
    let mut hands = vec![Vec::new(); s.players.len()];
    let mut lines = Vec::new();
    for line in &log.lines {
        let LineKind::Deal { player, piece } = &line.kind else {
            continue;
        };
        let diverge = |expected: String| Divergence {
            file: log.file.clone(),
            line: line.number,
            expected,
            found: line.text.clone(),
        };
        let Some(options) = s.variant.options.scout else {
            return Err(diverge("no deal: the Scout expansion is not on".into()));
        };
        let Some(special) = Special::named(&s.set, piece) else {
            return Err(diverge("a Scout special tile or shaman".into()));
        };
        if *player >= s.players.len()
            || hands.iter().flatten().any(|h| *h == special)
            || hands[*player].len() >= crate::scout::pieces_each(s.players.len(), &options)
        {
            return Err(diverge(
                "each special piece dealt once, as many to each player as the rules say".into(),
            ));
        }
        hands[*player].push(special);
        lines.push(line);
    }
    if let (Some(seed), Some(options)) = (s.seed, s.variant.options.scout) {
        let dealt = crate::scout::deal(&s.set, s.players.len(), seed, &options);
        let mut expected = dealt
            .iter()
            .enumerate()
            .flat_map(|(p, h)| h.iter().map(move |x| (p, *x)));
        let mut got = hands
            .iter()
            .enumerate()
            .flat_map(|(p, h)| h.iter().map(move |x| (p, *x)));
        for line in &lines {
            if expected.next() != got.next() {
                return Err(Divergence {
                    file: log.file.clone(),
                    line: line.number,
                    expected: format!("the deal of seed {seed}"),
                    found: line.text.clone(),
                });
            }
        }
        if let Some((p, missing)) = expected.next() {
            // A deal line is missing: name the line where it should be.
            let after = lines.last().map_or(0, |l| l.number);
            let next = log.lines.iter().find(|l| l.number > after);
            return Err(Divergence {
                file: log.file.clone(),
                line: next.map_or(log.line_count + 1, |l| l.number),
                expected: format!(
                    "deal {} {}",
                    p + 1,
                    match missing {
                        Special::Tile(t) => s.set.tiles[t].id.as_str(),
                        Special::Shaman => "shaman",
                    }
                ),
                found: next.map_or("the end of the log".into(), |l| l.text.clone()),
            });
        }
    }
    Ok(hands)
}

fn new_game(s: &Setup, regular: Vec<usize>, bonus: Vec<usize>, hands: Vec<Vec<Special>>) -> Game {
    let set = Arc::clone(&s.set);
    let rules = ruleset(s.variant.edition, s.variant.options.clone());
    Game::with_hands(
        set,
        Arc::from(rules),
        s.players.len(),
        regular,
        bonus,
        hands,
    )
}

/// Whether `m` lays a Scout special tile (instead of drawing).
fn lays_special(game: &Game, m: &MoveLine) -> bool {
    game.tiles()
        .tile(&m.tile)
        .is_some_and(|(_, t)| t.deck == Deck::Scout)
}

/// Whether the player to move is choosing between a Scout special tile and drawing, and
/// `next` (the next move line of the log) does not lay the special tile: then the player drew.
fn choosing(game: &Game, next: Option<&Line>) -> bool {
    let Some(turn) = game.turn() else {
        return false;
    };
    turn.tile.is_none()
        && !matches!(next, Some(Line { kind: LineKind::Place(m), .. })
            if m.player == turn.player && lays_special(game, m))
}

/// What the next move line should say, for a divergence.
fn expected_move(game: &Game) -> String {
    match game.turn() {
        None => "no move: the game is over".into(),
        Some(Turn {
            player,
            tile: Some(t),
            ..
        }) => format!("place {} {} …", player + 1, game.tiles().tiles[t].id),
        Some(Turn { player, .. }) => format!(
            "place {} with a special tile, or draw {} …",
            player + 1,
            player + 1
        ),
    }
}

/// A move typed as a log writes it (`place 1 34 1,0 r90 hunter Es`, `refuse 1`, `draw`), or
/// for the drawn tile only where it goes (`1,0 r90 hunter Es`), in the game's terms for the
/// player to move; whether it is legal is [`Game::check`]'s to say. A player or tile other
/// than the turn's is named as such, not read as some other move.
pub fn read_move(game: &Game, text: &str) -> Result<Move, String> {
    let turn = game.turn().ok_or("the game is over")?;
    let typed = as_written(text);
    let w: Vec<&str> = typed.iter().map(String::as_str).collect();
    let drawn = turn.tile.map(|t| game.tiles().tiles[t].id.clone());
    let player = (turn.player + 1).to_string();
    if w.first().is_some_and(|s| parse_pos(s).is_some()) {
        let Some(id) = &drawn else {
            return Err(
                "no tile is drawn yet: name the special tile (`place P TILE X,Y …`) \
                        or `draw`"
                    .to_string(),
            );
        };
        let mut full = vec!["place", player.as_str(), id.as_str()];
        full.extend(w);
        return to_move(game, &parse_move(&full)?);
    }
    let named = |w: &[&str]| match w.get(1) {
        Some(p) => turn_of(game, parse_player(p)?),
        None => Ok(()),
    };
    match w.first().copied() {
        Some("place") => move_of_line(game, &parse_move(&w)?),
        Some("refuse") => named(&w).map(|()| Move::refuse()),
        Some("draw") => named(&w).map(|()| Move::draw()),
        _ => Err(
            "a move starts with `place`, `refuse` or `draw`, or is a square `X,Y` for the \
                  drawn tile"
                .to_string(),
        ),
    }
}

/// What a person typed, in the words a log writes: keywords, pieces and rotations in any
/// case (`Gatherer`, `R90`, `r 90`, `90` after the square), zone names in any case (`ne`,
/// `NE` → `Ne`; `l0` → `L0`), and a square with a space (`0 -1`, `0, -1` → `0,-1`).
fn as_written(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let raw: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    let number = |s: &str| s.trim_end_matches(',').parse::<i32>().is_ok();
    while i < raw.len() {
        let word = raw[i];
        // A square written with a space: two numbers, the first perhaps ending in a comma.
        if number(word) && !word.contains(",-") && i + 1 < raw.len() && number(raw[i + 1]) {
            let square_expected = words.is_empty() || words.len() == 3;
            if square_expected {
                words.push(format!("{},{}", word.trim_end_matches(','), raw[i + 1]));
                i += 2;
                continue;
            }
        }
        let lower = word.to_ascii_lowercase();
        let after_square = words.last().is_some_and(|w| parse_pos(w).is_some());
        let w = if lower == "r" && i + 1 < raw.len() && raw[i + 1].parse::<u32>().is_ok() {
            i += 1;
            format!("r{}", raw[i])
        } else if after_square && ["0", "90", "180", "270"].contains(&lower.as_str()) {
            format!("r{lower}")
        } else if let Some(zone) = zone_written(word) {
            zone
        } else if word.contains(':') {
            // X,Y:ZONE after `shaman`.
            let (sq, zone) = word.split_once(':').unwrap_or((word, ""));
            format!(
                "{sq}:{}",
                zone_written(zone).unwrap_or_else(|| zone.to_ascii_lowercase())
            )
        } else if parse_pos(word).is_some() || is_tile_id(word) {
            word.to_string()
        } else {
            lower
        };
        words.push(w);
        i += 1;
    }
    words
}

/// A zone name in the case logs write it, if `word` is one in any case.
fn zone_written(word: &str) -> Option<String> {
    let lower = word.to_ascii_lowercase();
    let b = lower.as_bytes();
    let side = |c: u8| b"nesw".contains(&c);
    match b {
        [a] if side(*a) => Some(lower.to_ascii_uppercase()),
        [a, c] if side(*a) && side(*c) && a != c => Some(format!(
            "{}{}",
            (*a as char).to_ascii_uppercase(),
            *c as char
        )),
        [b'l', rest @ ..] if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) => {
            Some(format!("L{}", &lower[1..]))
        }
        _ => None,
    }
}

/// Tile ids keep their case (`B03`).
fn is_tile_id(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit()) && !word.starts_with(['r', 'R'])
}

/// Whether it is `player`'s turn, or whose it is.
fn turn_of(game: &Game, player: usize) -> Result<(), String> {
    match game.turn() {
        None => Err("the game is over".to_string()),
        Some(t) if t.player != player => Err(format!(
            "it is player {}'s turn, not player {}'s",
            t.player + 1,
            player + 1
        )),
        Some(_) => Ok(()),
    }
}

/// The move a `place` line describes for the player to move: its player must be the one to
/// move and its tile the one drawn (or, with Scout, a special tile). Whether it is legal is
/// [`Game::check`]'s to say.
pub fn move_of_line(game: &Game, m: &MoveLine) -> Result<Move, String> {
    turn_of(game, m.player)?;
    let drawn = game.turn().and_then(|t| t.tile);
    if !lays_special(game, m)
        && let Some(t) = drawn
        && game.tiles().tiles[t].id != m.tile
    {
        return Err(format!(
            "the tile drawn is {}, not {}",
            game.tiles().tiles[t].id,
            m.tile
        ));
    }
    to_move(game, m)
}

/// The move a `place` line describes, in the game's terms.
fn to_move(game: &Game, m: &MoveLine) -> Result<Move, String> {
    let turn = game.turn().ok_or("the game is over")?;
    // A Scout special tile is laid instead of the drawn one.
    let special = game
        .tiles()
        .tile(&m.tile)
        .filter(|(_, t)| t.deck == Deck::Scout)
        .map(|(i, _)| i);
    let tile_index = special
        .or(turn.tile)
        .ok_or("a land tile is drawn before it is laid")?;
    let tile = &game.tiles().tiles[tile_index];
    let recall = match &m.recall {
        None => None,
        Some((piece, sq, zone)) => {
            let address = format!("{},{}:{zone}", sq.x, sq.y);
            let there = |p: &OnBoard| p.piece == *piece && piece_address(game, p.at) == address;
            // The player's own piece there; else another player's, or one on a special tile's
            // spot, so that the check names why the shaman may not take it back.
            let pieces = game.pieces();
            let found = pieces
                .iter()
                .position(|p| p.player == turn.player && there(p))
                .or_else(|| pieces.iter().position(there));
            Some(found.ok_or_else(|| format!("no {} stands at {address}", piece_name(*piece)))?)
        }
    };
    let piece = match &m.piece {
        None => None,
        Some((piece, name)) if special.is_some() => {
            let spot = tile
                .spots
                .iter()
                .position(|s| s.name == *name)
                .ok_or_else(|| format!("tile {} has no spot {name}", tile.id))?;
            Some((
                *piece,
                PieceAt::Spot {
                    placed: game.board().len() as u16,
                    spot: spot as u8,
                },
            ))
        }
        Some((piece, name)) => {
            let zone = zone_named(tile, m.at.rot, name)
                .ok_or_else(|| format!("tile {} has no zone {name} at that rotation", tile.id))?;
            Some((
                *piece,
                PieceAt::Zone(ZoneId {
                    placed: game.board().len() as u16,
                    zone,
                }),
            ))
        }
    };
    Ok(Move {
        at: m.at,
        recall,
        piece,
        play: special.map_or(Play::Drawn, Play::Special),
    })
}

/// Replays a log and compares every line with what the rules produce. When several lines are
/// wrong, the first one is reported.
pub fn verify(log: &Log, base: Option<&Path>) -> Result<Verified, Failure> {
    let s = setup(log, base)?;
    let (mut regular, mut bonus, bad) = decks(log, &s);
    if let Some(d) = bad {
        return Err(Failure::Diverged(d));
    }
    let hands = hands(log, &s).map_err(Failure::Diverged)?;
    let seed = seed_check(log, &s, &regular, &bonus);
    // A log without a result stops before the game's end (a game left early, a recording
    // still going on): the tiles not drawn yet follow the drawn ones, so that the game does
    // not end where the log does.
    let unfinished = is_unfinished(log);
    if unfinished {
        rest_of_deck(&s, Deck::Regular, &mut regular, "regular");
        rest_of_deck(&s, Deck::Bonus, &mut bonus, "bonus");
    }
    let game = new_game(&s, regular, bonus, hands);
    let replayed = replay(log, game, unfinished);
    let first = match (seed, replayed) {
        (None, Ok((game, turns))) => {
            return Ok(Verified {
                unfinished: !game.is_over(),
                game,
                variant: s.variant,
                turns,
                stand_in: s.stand_in,
            });
        }
        (Some(d), Err(Failure::Diverged(r))) => {
            if r.line < d.line {
                r
            } else {
                d
            }
        }
        (_, Err(Failure::Unreadable(e))) => return Err(Failure::Unreadable(e)),
        (Some(d), Ok(_)) => d,
        (None, Err(Failure::Diverged(r))) => r,
    };
    // A file cut short in the middle of a line is unreadable rather than wrong.
    if !log.ends_with_newline && first.line >= log.last_event_line {
        return Err(Failure::Unreadable(InputError::new(
            &log.file,
            Some(log.line_count),
            "the file ends in the middle of a line; it looks truncated",
        )));
    }
    let mut first = first;
    if let Some(why) = s.stand_in {
        // The file may have changed more than the log records (its tiles): say so.
        first.found = format!("{} — note: {why}", first.found);
    }
    Err(Failure::Diverged(first))
}

/// Plays the moves of a log on `game` (a new game of the log's variant and seed), checking
/// each as `verify` does: to go on with a game left early. The moves played.
pub fn play_moves(log: &Log, game: &mut Game) -> Result<usize, Failure> {
    let mut played = 0;
    let mut moves = log
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Place(_) | LineKind::Refuse { .. }))
        .peekable();
    while let Some(line) = moves.peek().copied() {
        if game.turn().is_none() {
            break;
        }
        if choosing(game, Some(line)) {
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
            continue;
        }
        moves.next();
        play_line(game, log, line)?;
        played += 1;
    }
    Ok(played)
}

/// Plays a `place` or `refuse` line on `game`: it must name the player to move and the tile
/// the rules drew (blessing and resuming write what the rules produce, never a move the line
/// did not describe), and be legal; otherwise the divergence at the line.
fn play_line(game: &mut Game, log: &Log, line: &Line) -> Result<(), Failure> {
    let diverge = |found: String| {
        Failure::Diverged(Divergence {
            file: log.file.clone(),
            line: line.number,
            expected: "a legal move".into(),
            found,
        })
    };
    let why = |e: String| diverge(format!("`{}`: {e}", line.text));
    let mv = match &line.kind {
        LineKind::Place(m) => move_of_line(game, m).map_err(why)?,
        LineKind::Refuse { player } => {
            turn_of(game, *player).map_err(why)?;
            Move::refuse()
        }
        _ => return Ok(()),
    };
    game.play(mv).map_err(|e| why(e.to_string()))
}

/// Whether a log stops before its game's end: it has no `Result` and no `end` line.
pub fn is_unfinished(log: &Log) -> bool {
    log.tag("Result").is_none() && !log.lines.iter().any(|l| l.text == "end")
}

/// `drawn` followed by the tiles of `deck` not in it: in the order of the log's seed where it
/// has one, else in the tile set's order.
fn rest_of_deck(s: &Setup, deck: Deck, drawn: &mut Vec<usize>, label: &str) {
    let mut order = s.set.deck(deck);
    if let Some(seed) = s.seed {
        shuffle(&mut order, &mut stream(seed, label));
    }
    let mut left: HashMap<usize, usize> = HashMap::new();
    for &t in &order {
        *left.entry(t).or_default() += 1;
    }
    for t in drawn.iter() {
        if let Some(n) = left.get_mut(t) {
            *n = n.saturating_sub(1);
        }
    }
    let mut rest = Vec::new();
    for t in order {
        if let Some(n) = left.get_mut(&t)
            && *n > 0
        {
            *n -= 1;
            rest.push(t);
        }
    }
    drawn.extend(rest);
}

/// Plays the moves of the log and compares each line; the game and the turns played. An
/// `unfinished` log may stop anywhere: its end is where the game stands.
fn replay(log: &Log, mut game: Game, unfinished: bool) -> Result<(Game, usize), Failure> {
    let end = log.line_count + 1;
    let diverge = |line: usize, expected: String, found: String| {
        Failure::Diverged(Divergence {
            file: log.file.clone(),
            line,
            expected,
            found,
        })
    };
    let mut r = Renderer::new();
    let mut seen = 0;
    let mut k = 0;
    let mut turns = 0;
    loop {
        seen = seen.min(game.events().len());
        while seen < game.events().len() {
            let text = r.render(&game, &game.events()[seen]);
            seen += 1;
            match log.lines.get(k) {
                None if unfinished => return Ok((game, turns)),
                None => return Err(diverge(end, text, "the end of the log".into())),
                Some(l) if l.text != text => return Err(diverge(l.number, text, l.text.clone())),
                Some(_) => k += 1,
            }
        }
        if game.is_over() {
            break;
        }
        let want = expected_move(&game);
        let Some(line) = log.lines.get(k) else {
            if unfinished {
                return Ok((game, turns));
            }
            return Err(diverge(end, want, "the end of the log".into()));
        };
        if choosing(&game, Some(line)) {
            // The player drew rather than lay a special tile; the draw line follows.
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
            continue;
        }
        let mv = match &line.kind {
            LineKind::Place(m) => {
                turns += 1;
                to_move(&game, m).map_err(|e| diverge(line.number, want.clone(), e))?
            }
            LineKind::Refuse { .. } => Move::refuse(),
            _ => return Err(diverge(line.number, want, line.text.clone())),
        };
        game.play(mv).map_err(|e| {
            diverge(
                line.number,
                "a legal move".into(),
                format!("{}: {e}", line.text),
            )
        })?;
    }
    if let Some(extra) = log.lines.get(k) {
        return Err(diverge(
            extra.number,
            "the end of the log after the game's end".into(),
            extra.text.clone(),
        ));
    }
    let result = result_text(&game);
    match log.tag("Result") {
        Some(t) if t.value.split_whitespace().collect::<Vec<_>>().join(" ") == result => {}
        Some(t) => {
            return Err(diverge(
                t.line,
                format!("[Result \"{result}\"]"),
                format!("[Result \"{}\"]", t.value),
            ));
        }
        None => {
            return Err(diverge(
                1,
                format!("[Result \"{result}\"]"),
                "no Result tag".into(),
            ));
        }
    }
    Ok((game, turns))
}

/// Replays only the draws and moves of a log and writes it again with everything the rules
/// produce: for a hand-written scenario, or to renew a golden log on purpose after a rules fix.
/// Notes, the variant, the seed and the players are kept.
pub fn bless(log: &Log, base: Option<&Path>) -> Result<String, Failure> {
    let s = setup(log, base)?;
    let (regular, bonus, bad) = decks(log, &s);
    if let Some(d) = bad {
        return Err(Failure::Diverged(d));
    }
    let hands = hands(log, &s).map_err(Failure::Diverged)?;
    let mut game = new_game(&s, regular, bonus, hands);
    let mut moves = log
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Place(_) | LineKind::Refuse { .. }))
        .peekable();
    while game.turn().is_some() {
        if choosing(&game, moves.peek().copied()) {
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
            continue;
        }
        let Some(line) = moves.next() else {
            return Err(Failure::Diverged(Divergence {
                file: log.file.clone(),
                line: log.line_count + 1,
                expected: expected_move(&game),
                found: "the end of the log".into(),
            }));
        };
        play_line(&mut game, log, line)?;
    }
    let header = Header {
        variant: log
            .tag("Variant")
            .map(|t| t.value.clone())
            .unwrap_or_default(),
        seed: s.seed,
        players: s.players,
        notes: log
            .tags
            .iter()
            .filter(|t| NOTE_TAGS.contains(&t.name.as_str()))
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
    };
    let mut out = String::new();
    for p in &log.preamble {
        out.push_str(p);
        out.push('\n');
    }
    out.push_str(&write(&game, &header));
    Ok(out)
}

/// A zone as logs name it: `X,Y:ZONE`.
/// Where a piece stands, as logs write it: `X,Y:ZONE` (or the spot of a Scout tile).
pub fn piece_address(game: &Game, at: PieceAt) -> String {
    Renderer::address(game, at)
}

/// A legal move of the player to move, as a log line writes it: `place P TILE X,Y rDEG
/// [shaman PIECE X,Y:ZONE] [PIECE ZONE]`, `refuse P`, or `draw` for a Scout player who draws
/// rather than lay the special tile.
pub fn move_text(game: &Game, mv: &Move) -> String {
    let Some(turn) = game.turn() else {
        return String::new();
    };
    let player = turn.player + 1;
    let tile = match mv.play {
        Play::Draw => return "draw".to_string(),
        Play::Refuse => return format!("refuse {player}"),
        Play::Special(t) => t,
        Play::Drawn => match turn.tile {
            Some(t) => t,
            None => return String::new(),
        },
    };
    let t = &game.tiles().tiles[tile];
    let mut s = format!(
        "place {player} {} {},{} r{}",
        t.id,
        mv.at.pos.x,
        mv.at.pos.y,
        mv.at.rot.degrees()
    );
    if let Some(on) = mv.recall.and_then(|r| game.pieces().get(r)) {
        s += &format!(
            " shaman {} {}",
            piece_name(on.piece),
            Renderer::address(game, on.at)
        );
    }
    match mv.piece {
        Some((p, PieceAt::Zone(z))) => {
            s += &format!(" {} {}", piece_name(p), zone_name(t, mv.at.rot, z.zone));
        }
        Some((p, PieceAt::Spot { spot, .. })) => {
            s += &format!(" {} {}", piece_name(p), spot_name(t, spot));
        }
        None => {}
    }
    s
}

pub fn zone_address(game: &Game, zone: ZoneId) -> String {
    Renderer::address(game, PieceAt::Zone(zone))
}

/// The moves of a log replayed under another variant.
pub struct Rescored {
    pub game: Game,
    /// Moves replayed (tiles laid and refusals).
    pub moves: usize,
    /// The first move that cannot be played under this variant, and why; the replay stopped
    /// there, before final scoring.
    pub stopped: Option<Divergence>,
}

/// Replays the draws and moves of `log` under `variant` (with that variant's own options),
/// without comparing consequences. Tiles are matched by id. It stops at the first draw of a
/// tile the variant does not have, or the first move that is not legal there (another tile to
/// lay, another player's turn, an illegal placement or piece).
pub fn replay_under(
    log: &Log,
    base: Option<&Path>,
    variant: &Variant,
) -> Result<Rescored, Failure> {
    let own = setup(log, base)?;
    let s = Setup {
        set: variant.playing_set(),
        variant: variant.clone(),
        players: own.players,
        seed: None,
        stand_in: None,
    };
    Ok(replay_moves(log, s, None))
}

/// The game of a log after its first `moves` moves (every move when `None`), under its own
/// variant and options, without comparing consequences: for pictures of a game in progress.
pub fn replay_to(log: &Log, base: Option<&Path>, moves: Option<usize>) -> Result<Game, Failure> {
    let s = setup(log, base)?;
    Ok(replay_moves(log, s, moves).game)
}

fn replay_moves(log: &Log, s: Setup, limit_moves: Option<usize>) -> Rescored {
    let stop_at = |line: &Line, expected: String| Divergence {
        file: log.file.clone(),
        line: line.number,
        expected,
        found: line.text.clone(),
    };
    let (regular, bonus, mut stopped) = decks(log, &s);
    let hands = match hands(log, &s) {
        Ok(h) => h,
        Err(d) => {
            stopped = Some(d);
            Vec::new()
        }
    };
    let limit = stopped.as_ref().map_or(usize::MAX, |d| d.line);
    let mut game = new_game(&s, regular, bonus, hands);
    let mut moves = 0;
    for line in log.lines.iter().take_while(|l| l.number < limit) {
        if limit_moves.is_some_and(|m| moves >= m) {
            break;
        }
        // A Scout player who could have laid a special tile drew, unless this lays it.
        let is_move = matches!(line.kind, LineKind::Place(_) | LineKind::Refuse { .. });
        if is_move && choosing(&game, Some(line)) {
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
        }
        let mv = match &line.kind {
            LineKind::Place(m) => {
                let Some(turn) = game.turn() else {
                    stopped = Some(stop_at(line, "no move: the game is over".into()));
                    break;
                };
                let drawn = turn.tile.map(|t| game.tiles().tiles[t].id.as_str());
                if m.player != turn.player || (!lays_special(&game, m) && Some(&*m.tile) != drawn) {
                    stopped = Some(stop_at(line, expected_move(&game)));
                    break;
                }
                match to_move(&game, m) {
                    Ok(mv) => mv,
                    Err(e) => {
                        stopped = Some(stop_at(line, e));
                        break;
                    }
                }
            }
            LineKind::Refuse { .. } => Move::refuse(),
            _ => continue,
        };
        if let Err(e) = game.play(mv) {
            stopped = Some(stop_at(line, format!("a legal move ({e})")));
            break;
        }
        moves += 1;
    }
    Rescored {
        game,
        moves,
        stopped,
    }
}
