//! Building rulebook scenarios: the piece a move puts on the tile it lays.
#![allow(dead_code)]

use hunters::{Piece, ZoneKind};

/// A piece for the tile being laid: the piece, and the kind and index of its zone on the
/// printed tile; `None` for no piece.
pub type Put = Option<(Piece, ZoneKind, u8)>;

pub const NOTHING: Put = None;

pub fn gatherer(forest: u8) -> Put {
    Some((Piece::Gatherer, ZoneKind::Forest, forest))
}

pub fn fisher(river: u8) -> Put {
    Some((Piece::Fisher, ZoneKind::River, river))
}

pub fn hunter(meadow: u8) -> Put {
    Some((Piece::Hunter, ZoneKind::Meadow, meadow))
}

pub fn hut_on_river(river: u8) -> Put {
    Some((Piece::Hut, ZoneKind::River, river))
}

pub fn hut_on_lake(lake: u8) -> Put {
    Some((Piece::Hut, ZoneKind::Lake, lake))
}
