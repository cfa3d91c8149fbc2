//! The move notation: the words a log writes for a move, a zone or a piece, which people type
//! at the table and program bots send (`place 1 34 1,0 r90 hunter Es`, `refuse 1`, `draw`).
//!
//! It reads and writes moves in a game's terms and knows nothing of log files, so the log
//! writer, the replay, the bots and the human seat can all speak it.

use crate::board::{Placement, Pos};
use crate::feature::{Herd, PieceAt, ZoneId};
use crate::game::{Game, Move, OnBoard, Play};
use crate::tile::{Deck, Dir, Piece, Rotation, Side, Tile, ZoneKind, ZoneRef};

/// Words that are not a move as the notation writes one. The messages name what was expected
/// and quote what was found, for a person correcting a line or an entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("expected a player number 1 to 5, found {0:?}")]
    Player(String),
    /// Too few words, or words left over, for a `place` line.
    #[error(
        "expected `place PLAYER TILE X,Y rDEGREES [shaman PIECE X,Y:ZONE] [PIECE ZONE] \
         [= …]`"
    )]
    Place,
    #[error("expected a square X,Y, found {0:?}")]
    Square(String),
    #[error("expected r0, r90, r180 or r270, found {0:?}")]
    Rotation(String),
    /// The piece after `shaman`.
    #[error("expected a piece name, found {0:?}")]
    Recalled(String),
    /// Where the shaman's piece stands.
    #[error("expected X,Y:ZONE, found {0:?}")]
    Address(String),
    #[error("expected gatherer, fisher, hunter or hut, found {0:?}")]
    Piece(String),
}

/// Why words do not name a move for the player to move: they do not read, or they name
/// another turn, tile, piece or zone than the game has. Whether the move they name is legal
/// is [`Game::check`]'s to say, not this.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error("the game is over")]
    GameOver,
    /// Players counted from 0, as the game counts them.
    #[error("it is player {}'s turn, not player {}'s", .turn + 1, .named + 1)]
    NotTheirTurn { turn: usize, named: usize },
    #[error("the tile drawn is {drawn}, not {named}")]
    NotTheTileDrawn { drawn: String, named: String },
    /// A land tile named before the turn's draw.
    #[error("a land tile is drawn before it is laid")]
    NotDrawnYet,
    /// Only a square typed, and no drawn tile for it to be about.
    #[error("no tile is drawn yet: name the special tile (`place P TILE X,Y …`) or `draw`")]
    SquareBeforeDraw,
    #[error(
        "a move starts with `place`, `refuse` or `draw`, or is a square `X,Y` for the drawn tile"
    )]
    NotAMove,
    /// The shaman's recall names a piece that is not there.
    #[error("no {} stands at {address}", piece_name(*.piece))]
    NoPieceThere { piece: Piece, address: String },
    #[error("tile {tile} has no spot {spot}")]
    NoSpot { tile: String, spot: String },
    #[error("tile {tile} has no zone {zone} at that rotation")]
    NoZone { tile: String, zone: String },
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
pub(crate) fn spot_name(tile: &Tile, spot: u8) -> String {
    tile.spots
        .get(usize::from(spot))
        .map_or_else(|| format!("spot{spot}"), |s| s.name.clone())
}

pub(crate) fn zone_letter(kind: ZoneKind) -> char {
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

/// Where a piece stands, as logs write it: `X,Y:ZONE` (or the spot of a Scout tile).
pub fn piece_address(game: &Game, at: PieceAt) -> String {
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

/// A zone as logs name it: `X,Y:ZONE`.
pub fn zone_address(game: &Game, zone: ZoneId) -> String {
    piece_address(game, PieceAt::Zone(zone))
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
            piece_address(game, on.at)
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

pub(crate) fn parse_player(s: &str) -> Result<usize, NotationError> {
    match s.parse::<usize>() {
        Ok(p) if (1..=crate::feature::MAX_PLAYERS).contains(&p) => Ok(p - 1),
        _ => Err(NotationError::Player(s.to_string())),
    }
}

pub(crate) fn parse_pos(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once(',')?;
    let (x, y) = (x.parse::<i32>().ok()?, y.parse::<i32>().ok()?);
    // Far beyond any board, and small enough never to overflow.
    (x.abs() <= 10_000 && y.abs() <= 10_000).then(|| Pos::new(x, y))
}

pub(crate) fn parse_move(w: &[&str]) -> Result<MoveLine, NotationError> {
    // What follows `=` is only compared, never needed to replay.
    let end = w.iter().position(|x| *x == "=").unwrap_or(w.len());
    let w = &w[..end];
    if w.len() < 5 {
        return Err(NotationError::Place);
    }
    let player = parse_player(w[1])?;
    let pos = parse_pos(w[3]).ok_or_else(|| NotationError::Square(w[3].to_string()))?;
    let rot = match w[4] {
        "r0" => Rotation(0),
        "r90" => Rotation(1),
        "r180" => Rotation(2),
        "r270" => Rotation(3),
        other => return Err(NotationError::Rotation(other.to_string())),
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
        let piece = piece_from(piece).ok_or_else(|| NotationError::Recalled(piece.to_string()))?;
        let (sq, zone) = at
            .split_once(':')
            .ok_or_else(|| NotationError::Address(at.to_string()))?;
        let sq = parse_pos(sq).ok_or_else(|| NotationError::Square(sq.to_string()))?;
        m.recall = Some((piece, sq, zone.to_string()));
        rest = tail;
    }
    match rest {
        [] => {}
        [piece, zone] => {
            let piece = piece_from(piece).ok_or_else(|| NotationError::Piece(piece.to_string()))?;
            m.piece = Some((piece, zone.to_string()));
        }
        _ => return Err(NotationError::Place),
    }
    Ok(m)
}

/// Whether `m` lays a Scout special tile (instead of drawing).
pub(crate) fn lays_special(game: &Game, m: &MoveLine) -> bool {
    game.tiles()
        .tile(&m.tile)
        .is_some_and(|(_, t)| t.deck == Deck::Scout)
}

/// A move typed as a log writes it (`place 1 34 1,0 r90 hunter Es`, `refuse 1`, `draw`), or
/// for the drawn tile only where it goes (`1,0 r90 hunter Es`), in the game's terms for the
/// player to move; whether it is legal is [`Game::check`]'s to say. A player or tile other
/// than the turn's is named as such, not read as some other move.
pub fn read_move(game: &Game, text: &str) -> Result<Move, MoveError> {
    let turn = game.turn().ok_or(MoveError::GameOver)?;
    let typed = as_written(text);
    let w: Vec<&str> = typed.iter().map(String::as_str).collect();
    let drawn = turn.tile.map(|t| game.tiles().tiles[t].id.clone());
    let player = (turn.player + 1).to_string();
    if w.first().is_some_and(|s| parse_pos(s).is_some()) {
        let Some(id) = &drawn else {
            return Err(MoveError::SquareBeforeDraw);
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
        _ => Err(MoveError::NotAMove),
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
pub(crate) fn turn_of(game: &Game, player: usize) -> Result<(), MoveError> {
    match game.turn() {
        None => Err(MoveError::GameOver),
        Some(t) if t.player != player => Err(MoveError::NotTheirTurn {
            turn: t.player,
            named: player,
        }),
        Some(_) => Ok(()),
    }
}

/// The move a `place` line describes for the player to move: its player must be the one to
/// move and its tile the one drawn (or, with Scout, a special tile). Whether it is legal is
/// [`Game::check`]'s to say.
pub fn move_of_line(game: &Game, m: &MoveLine) -> Result<Move, MoveError> {
    turn_of(game, m.player)?;
    let drawn = game.turn().and_then(|t| t.tile);
    if !lays_special(game, m)
        && let Some(t) = drawn
        && game.tiles().tiles[t].id != m.tile
    {
        return Err(MoveError::NotTheTileDrawn {
            drawn: game.tiles().tiles[t].id.clone(),
            named: m.tile.clone(),
        });
    }
    to_move(game, m)
}

/// The move a `place` line describes, in the game's terms.
pub(crate) fn to_move(game: &Game, m: &MoveLine) -> Result<Move, MoveError> {
    let turn = game.turn().ok_or(MoveError::GameOver)?;
    // A Scout special tile is laid instead of the drawn one.
    let special = game
        .tiles()
        .tile(&m.tile)
        .filter(|(_, t)| t.deck == Deck::Scout)
        .map(|(i, _)| i);
    let tile_index = special.or(turn.tile).ok_or(MoveError::NotDrawnYet)?;
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
            Some(found.ok_or(MoveError::NoPieceThere {
                piece: *piece,
                address,
            })?)
        }
    };
    let piece = match &m.piece {
        None => None,
        Some((piece, name)) if special.is_some() => {
            let spot = tile
                .spots
                .iter()
                .position(|s| s.name == *name)
                .ok_or_else(|| MoveError::NoSpot {
                    tile: tile.id.clone(),
                    spot: name.clone(),
                })?;
            Some((
                *piece,
                PieceAt::Spot {
                    placed: game.board().len() as u16,
                    spot: spot as u8,
                },
            ))
        }
        Some((piece, name)) => {
            let zone = zone_named(tile, m.at.rot, name).ok_or_else(|| MoveError::NoZone {
                tile: tile.id.clone(),
                zone: name.clone(),
            })?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// What the human seat and `record` answer to words that name no move of this turn.
    #[test]
    fn words_for_another_turn_say_whose_and_what() {
        let game = Game::seeded(&Variant::load("2020").unwrap(), 2, 7);
        let turn = game.turn().unwrap();
        let drawn = &game.tiles().tiles[turn.tile.unwrap()].id;
        let said = |text: &str| read_move(&game, text).unwrap_err().to_string();
        assert_eq!(said("refuse 2"), "it is player 1's turn, not player 2's");
        assert_eq!(
            said("place 1 Z9 1,0 r0"),
            format!("the tile drawn is {drawn}, not Z9")
        );
        assert_eq!(
            said("hop"),
            "a move starts with `place`, `refuse` or `draw`, or is a square `X,Y` for the drawn \
             tile"
        );
        assert_eq!(
            said("1,0 r0 hunter q"),
            format!("tile {drawn} has no zone q at that rotation")
        );
        assert_eq!(
            said("1,0 r0 shaman hunter 5,5:N"),
            "no hunter stands at 5,5:N"
        );
        assert_eq!(
            said("1,0 r45"),
            "expected r0, r90, r180 or r270, found \"r45\""
        );
    }
}
