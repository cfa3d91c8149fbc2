//! Why a move is refused: one typed cause per rule, each with a sentence that names the rule.
//!
//! People type moves by hand (hand-written logs, a seat at the table), so a refusal must say
//! which rule the move breaks, not merely that it breaks one. [`crate::game::Game::check`]
//! answers with the first rule broken, in the order a player would check them: the tile, the
//! shaman's recall, then the piece.

use std::fmt;

use crate::board::PlaceError;
use crate::tile::{Piece, ZoneKind, ZoneRef};

/// Why a move was refused; the game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    /// The tile cannot lie there.
    #[error("the tile cannot go there: {0}")]
    Placement(PlaceError),
    /// The shaman cannot take that meeple back.
    #[error("the shaman cannot take that back: {0}")]
    Recall(IllegalRecall),
    /// The piece cannot go there.
    #[error("the piece cannot go there: {0}")]
    Piece(IllegalPiece),
    /// A Scout move (special tile, drawing, refusal) that is not allowed now.
    #[error("{0}")]
    Scout(IllegalScout),
}

/// Why a piece may not go where the move puts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalPiece {
    /// The piece does not stand on that kind of zone.
    WrongKind { piece: Piece, zone: ZoneKind },
    /// The tile has no such zone.
    NoSuchZone(ZoneRef),
    /// Pieces go only on the tile laid this turn.
    NotOnNewTile,
    /// Only a Scout special tile's own piece stands on a spot.
    OnSpot,
    /// The feature the zone joins already holds a piece of that kind (for huts: the river
    /// system already holds a hut; for hunters: the meadow holds a hunter or the Agriculture
    /// hut).
    Occupied(Piece),
    /// No meeple (or no hut) is left in the player's supply.
    NoneLeft(Piece),
    /// First edition: the meeples in the supply came back by scoring during this turn, and
    /// returned members are used "on their next turn" (`reuse-returned-on-bonus = false`).
    ReturnedThisTurn,
}

/// Why a Scout move is not allowed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalScout {
    /// The game is played without the Scout expansion.
    NoExpansion,
    /// The player does not hold that special tile.
    NotHeld,
    /// A special tile is laid instead of drawing: at the start of a normal turn, not once a
    /// tile is drawn and never instead of a bonus tile.
    NotInsteadOfDrawing,
    /// The player must first choose: lay a special tile, or draw.
    ChooseFirst,
    /// There is nothing to choose: the tile of this turn is drawn already.
    AlreadyDrawn,
    /// A special tile needs its piece in the supply.
    NeedsPiece(Piece),
    /// A special tile takes its own piece, on its spot, and no other.
    OwnPieceOnSpot,
    /// A zone of the special tile would join a feature that already holds a piece that bars
    /// its own piece (gatherers, fishers; hunters for the bridge and Agriculture).
    JoinsOccupied(Piece),
    /// Only the owner of the laid Scout tile refuses drawn tiles.
    NotScoutOwner,
    /// The Scout's refusal is used up for this turn (`scout-refusal`).
    RefusalUsed,
}

/// Why the shaman may not take that meeple back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalRecall {
    /// Neither the tile laid shows a shaman nor does the player hold the Shaman card.
    NoShaman,
    /// The Shaman card has been used this turn.
    CardUsed,
    /// No piece has that number.
    NoSuchPiece,
    /// The shaman takes back only the player's own meeples.
    NotOwn,
    /// Huts are never taken back.
    Hut,
    /// A piece on a Scout special tile stays until the game ends.
    Fixed,
    /// The Shaman card takes back only from incomplete features (`shaman-incomplete-only`).
    Complete,
}

/// Where a piece stands, as the rulebooks put it.
fn home(piece: Piece) -> &'static str {
    match piece {
        Piece::Gatherer => "a gatherer stands in a forest",
        Piece::Fisher => "a fisher stands on a river (never on a lake)",
        Piece::Hunter => "a hunter lies in a meadow",
        Piece::Hut => "a hut stands on a river or a lake",
    }
}

/// The feature a piece claims and the piece that already claims it.
fn claimed(piece: Piece) -> &'static str {
    match piece {
        Piece::Gatherer => "that forest already has a gatherer",
        Piece::Fisher => "that river already has a fisher",
        Piece::Hunter => "that meadow already has a hunter (or the Agriculture hut)",
        Piece::Hut => "that river system already has a hut",
    }
}

fn supply_word(piece: Piece) -> &'static str {
    match piece {
        Piece::Hut => "hut",
        _ => "meeple",
    }
}

impl fmt::Display for IllegalPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalPiece::WrongKind {
                piece: Piece::Fisher,
                zone: ZoneKind::Lake,
            } => write!(f, "a fisher stands on a river, never on a lake"),
            IllegalPiece::WrongKind { piece, zone } => {
                write!(f, "{}, not on a {}", home(piece), zone.word())
            }
            IllegalPiece::NoSuchZone(z) => {
                write!(f, "the tile has no {} {}", z.kind.word(), z.index)
            }
            IllegalPiece::NotOnNewTile => write!(f, "a piece goes only on the tile just laid"),
            IllegalPiece::OnSpot => write!(
                f,
                "only a special tile's own piece stands on a spot; name a zone of the tile"
            ),
            IllegalPiece::Occupied(piece) => write!(
                f,
                "{}, and it may hold no other (features that merge later may)",
                claimed(piece)
            ),
            IllegalPiece::NoneLeft(Piece::Hut) => write!(f, "no hut is left in the supply"),
            IllegalPiece::NoneLeft(piece) => write!(
                f,
                "no meeple is left in the supply to put as a {}",
                piece.name()
            ),
            IllegalPiece::ReturnedThisTurn => write!(
                f,
                "the meeples in the supply came back by scoring this turn; under these rules \
                 (reuse-returned-on-bonus = false) they are used from the next turn"
            ),
        }
    }
}

impl fmt::Display for IllegalScout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalScout::NoExpansion => write!(
                f,
                "special tiles, drawing by choice and refusing a drawn tile are Scout rules; this \
                 game is played without the Scout expansion"
            ),
            IllegalScout::NotHeld => write!(f, "the player does not hold that special tile"),
            IllegalScout::NotInsteadOfDrawing => write!(
                f,
                "a special tile is laid instead of drawing, at the start of a normal turn \
                 (not after drawing, not instead of a bonus tile)"
            ),
            IllegalScout::ChooseFirst => write!(
                f,
                "the player first chooses to lay a special tile or to draw a land tile"
            ),
            IllegalScout::AlreadyDrawn => {
                write!(f, "the tile of this turn is drawn already; lay it")
            }
            IllegalScout::NeedsPiece(piece) => write!(
                f,
                "a special tile needs its piece, a {}: no {} is left in the supply",
                piece.name(),
                supply_word(piece)
            ),
            IllegalScout::OwnPieceOnSpot => write!(
                f,
                "a special tile takes its own piece on its spot, and no other"
            ),
            IllegalScout::JoinsOccupied(piece) => write!(
                f,
                "a special tile may not join a feature that already holds a piece that bars it: {}",
                claimed(piece)
            ),
            IllegalScout::NotScoutOwner => {
                write!(
                    f,
                    "only the owner of the laid Scout tile may refuse a drawn tile"
                )
            }
            IllegalScout::RefusalUsed => write!(
                f,
                "the Scout's refusal is used up for this turn (option scout-refusal)"
            ),
        }
    }
}

impl fmt::Display for IllegalRecall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalRecall::NoShaman => {
                "only the shaman tile laid this turn or the Shaman card takes a meeple back"
            }
            IllegalRecall::CardUsed => "the Shaman card has been used this turn",
            IllegalRecall::NoSuchPiece => "there is no such piece on the board",
            IllegalRecall::NotOwn => "the shaman takes back only the player's own meeples",
            IllegalRecall::Hut => "huts are never taken back",
            IllegalRecall::Fixed => "a piece on a special tile stays until the end of the game",
            IllegalRecall::Complete => {
                "the Shaman card takes back only from incomplete features \
                 (option shaman-incomplete-only)"
            }
        })
    }
}
