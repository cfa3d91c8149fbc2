//! Features: the forests, meadows, rivers and river systems that tiles build together.
//!
//! Each kind is a union-find over the zones laid so far; the root of a set carries what
//! scoring needs (open sides, tiles, segments, contents, pieces per player), kept up to date as
//! tiles join, so nothing is recomputed from the board during a game. A river system joins
//! rivers through the lakes they run into; a river that ends at a spring (first edition) or in a
//! forest (2020) simply stops there, so springs and forests bound systems without any special
//! case.
//!
//! Counting *distinct* tiles needs care: a tile may show two zones of one kind (two forests,
//! or three rivers into one lake) that are apart at first and joined later. Every zone of such a
//! tile sits on a list kept by its root; when two roots merge, the smaller list is walked and
//! each tile found on both sides is counted once (likewise a lake ending two rivers that
//! become one, and a Scout piece standing in two zones that become one).
//!
//! The parts, each of which the next ones build on: `info`, what a feature counts at its root
//! and how two counts add up; `key`, the names of zones, of the places pieces stand and of
//! features; `arena`, the union-find of one kind with its trials; `own`, each tile's zones as
//! features of their own, worked out once per tile set; `store`, [`Features`] itself, the
//! four arenas kept up to date as tiles are laid and pieces come and go; `preview`, the
//! features a tile would make at a placement, worked out without laying it.

mod arena;
mod info;
mod key;
mod own;
mod preview;
mod store;

pub use info::{ForestInfo, Herd, MAX_PLAYERS, MeadowInfo, PerPlayer, RiverInfo, SystemInfo};
pub use key::{FeatureKey, FeatureKind, PieceAt, PieceError, ZoneId};
pub use own::TileFeatures;
pub use preview::Preview;
pub use store::Features;
