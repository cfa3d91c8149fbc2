//! The names the features go by: a zone on the board, the place a piece stands, one feature.

use crate::tile::ZoneRef;

/// A zone as laid on the board: the tile (by laying order) and the zone on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZoneId {
    pub placed: u16,
    pub zone: ZoneRef,
}

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceAt {
    /// In a zone: a gatherer in a forest, a fisher on a river, a hunter in a meadow, a hut on a
    /// river or a lake.
    Zone(ZoneId),
    /// On a special spot of a Scout tile: `spot` indexes the tile's spots.
    Spot { placed: u16, spot: u8 },
}

/// Why a piece cannot stand where it was asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// The zone or spot does not exist.
    #[error("no such zone or spot on that tile")]
    NoSuchPlace,
    /// The piece does not go in that kind of zone (a hunter on a river…).
    #[error("that piece does not stand in that kind of zone")]
    WrongKind,
    #[error("no such player")]
    PlayerOutOfRange,
}

/// The kinds of feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureKind {
    Forest,
    Meadow,
    River,
    System,
}

/// Names one feature while the board does not change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureKey {
    pub kind: FeatureKind,
    pub root: u32,
}
