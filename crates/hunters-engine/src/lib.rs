//! The game of *Carcassonne: Hunters & Gatherers* under each published edition of its rules:
//! the tiles, the board, the features they build, the rules as a value, legal moves, scoring,
//! and the logs that record a game and replay it without any random generator. Players are
//! not part of it: bots (the `hunters-bots` crate) and people choose among the moves it lists.
//!
//! ```
//! use hunters_engine::Variant;
//! use hunters_engine::game::Game;
//!
//! let variant = Variant::load("2020").expect("a built-in variant");
//! // Two players, seed 7: the seed deals the decks, so the same seed deals the same game.
//! let mut game = Game::seeded(&variant, 2, 7);
//!
//! // The legal moves of the player to move: where the drawn tile fits, turned how, with
//! // which piece, if any. Play the first one listed, three turns running.
//! let mut moves = Vec::new();
//! for _ in 0..3 {
//!     game.legal_moves(&mut moves);
//!     let first = moves[0];
//!     game.play(first).expect("a listed move is legal");
//!     // The square is taken now: the same move again is refused, and changes nothing.
//!     assert!(game.play(first).is_err());
//! }
//! assert_eq!(game.board().len(), 4, "the start tile and three laid");
//! assert!(!game.is_over());
//! ```
//!
//! A [`Variant`] is an edition of the rules with its tile set and options; a [`game::Game`]
//! is dealt from it and a seed, and played move by move; a [`log`] records it and [`replay`]
//! checks it. Underneath, tiles are data: a [`TileSet`] is loaded (and checked) from TOML, the
//! [`Board`] says where a tile may go, and [`Features`] keeps every forest, meadow, river and
//! river system up to date as tiles are laid. What differs between editions is data — named
//! options and numbers whose edition defaults are the printed rules — held by a
//! [`ruleset::Ruleset`]; the Scout expansion adds its options to a first-edition ruleset
//! ([`scout`]); every number of the rules is a [`params::Params`] a variant may change
//! (`2020@mammoth=4`). A game played at the table is scored as it is told, tile by tile, with
//! [`record::Recording`]; [`render`] draws a board, [`tell`] puts what happened into words.

pub mod board;
pub mod edition;
pub mod error;
pub mod feature;
pub mod game;
pub mod illegal;
pub mod log;
pub mod notation;
pub mod options;
pub mod params;
pub mod record;
pub mod render;
pub mod replay;
pub mod rng;
pub mod ruleset;
pub mod scout;
pub mod tell;
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
