//! `hunters` plays, verifies and compares games of *Carcassonne: Hunters & Gatherers* under
//! each published edition of its rules.
//!
//! Tiles are data: a [`TileSet`] is loaded (and checked) from TOML, the [`Board`] says where a
//! tile may go, and [`Features`] keeps every forest, meadow, river and river system up to date
//! as tiles are laid.
//!
//! ```
//! use hunters::{Board, Deck, Features, Rotation, TileSet};
//!
//! let set = TileSet::builtin("menhir").expect("a built-in tile set");
//! let mut board = Board::new(set.tiles.len());
//! let mut features = Features::new();
//!
//! // Lay the start tile, then the first regular tile wherever it fits first.
//! let start = set.deck(Deck::Start)[0];
//! board.place_start(&set.tiles[start], start, Rotation(0));
//! features.add_tile(&set.tiles, &board);
//!
//! let next = set.deck(Deck::Regular)[0];
//! let mut moves = Vec::new();
//! board.legal_placements(&set.tiles[next], &mut moves);
//! board.place(&set.tiles[next], next, moves[0]).expect("a legal placement");
//! features.add_tile(&set.tiles, &board);
//!
//! assert_eq!(board.len(), 2);
//! for done in features.completed_forests() {
//!     println!("completed a forest of {} tiles", features.forest(*done).tiles);
//! }
//! ```

pub mod board;
pub mod bot;
pub mod compare;
pub mod error;
pub mod feature;
pub mod game;
pub mod log;
pub mod render;
pub mod rng;
pub mod ruleset;
pub mod scout;
pub mod tile;
pub mod tileset;
pub mod variant;

pub use board::{Board, PlaceError, Placed, Placement, Pos};
pub use error::InputError;
pub use feature::{
    FeatureKey, FeatureKind, Features, ForestInfo, Herd, MAX_PLAYERS, MeadowInfo, PieceAt,
    PieceError, RiverInfo, SystemInfo, ZoneId,
};
pub use tile::{Deck, Dir, Piece, Rotation, Side, Tile, ZoneKind, ZoneRef};
pub use tileset::TileSet;
pub use variant::{Edition, Variant};
