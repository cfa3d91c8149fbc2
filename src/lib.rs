//! `hunters` plays, verifies and compares games of *Carcassonne: Hunters & Gatherers* under
//! each published edition of its rules.
//!
//! A [`Variant`] is an edition of the rules with its tile set and options; a [`game::Game`]
//! is dealt from it and a seed, and played with [`bot`]s or move by move; a [`log`] records it
//! and [`replay`] checks it without any random generator.
//!
//! ```
//! use hunters::Variant;
//! use hunters::bot::{BotKind, play_out};
//! use hunters::game::{Category, Game};
//! use hunters::{log, replay};
//!
//! let variant = Variant::load("2020").expect("a built-in variant");
//! let mut game = Game::seeded(&variant, 2, 7);
//!
//! // Player 1 lays the drawn tile wherever it fits first, with no piece...
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! game.play(moves[0]).expect("a generated move is legal");
//!
//! // ...then two greedy bots finish the game.
//! let bots = [BotKind::Greedy, BotKind::Greedy];
//! let mut players: Vec<_> = (0..2).map(|seat| bots[seat].make(7, seat)).collect();
//! play_out(&mut game, &mut players).unwrap();
//! assert!(game.is_over());
//! println!("player 1: {} points, {} from rivers", game.total(0), game.score(0, Category::Rivers));
//!
//! // The log of the game verifies: every move legal, every score as written.
//! let text = log::write(&game, &log::Header::for_bots("2020", 7, &bots));
//! let parsed = log::parse(&text, "game.log").expect("a log we wrote parses");
//! assert!(replay::verify(&parsed, None).is_ok());
//! ```
//!
//! Underneath, tiles are data: a [`TileSet`] is loaded (and checked) from TOML, the [`Board`]
//! says where a tile may go, and [`Features`] keeps every forest, meadow, river and river
//! system up to date as tiles are laid. What differs between editions is data — named options
//! and numbers whose edition defaults are the printed rules — held by a [`ruleset::Ruleset`];
//! the Scout expansion adds its options to a first-edition ruleset ([`scout`]); every number
//! of the rules is a [`params::Params`] a variant may change (`2020@mammoth=4`).
//! A game played at the table is scored as it is told, tile by tile, with
//! [`record::Recording`]; [`render`] and [`viewer`] draw a game.

pub mod balance;
pub mod board;
pub mod bot;
pub mod compare;
pub mod edition;
pub mod error;
pub mod feature;
pub mod game;
pub mod illegal;
pub mod ladder;
pub mod levels;
pub mod log;
pub mod measures;
pub mod notation;
pub mod options;
pub mod params;
pub mod record;
pub mod render;
pub mod replay;
pub mod rng;
pub mod ruleset;
pub mod scout;
pub mod statistics;
pub mod summary;
pub mod tell;
pub mod tile;
pub mod tileset;
pub mod variant;
pub mod viewer;

pub use board::{Board, PlaceError, Placed, Placement, Pos};
pub use error::InputError;
pub use feature::{
    FeatureKey, FeatureKind, Features, ForestInfo, Herd, MAX_PLAYERS, MeadowInfo, PieceAt,
    PieceError, RiverInfo, SystemInfo, ZoneId,
};
pub use tile::{Deck, Dir, Piece, Rotation, Side, Tile, ZoneKind, ZoneRef};
pub use tileset::TileSet;
pub use variant::{Edition, Variant};
