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
//!
//! The library is the crates of the workspace under one name, each above the ones it uses:
//! the engine, [`hunters_engine`] (the game itself: every module here but `bot`, the
//! statistics' and `viewer`); the bots, [`hunters_bots`] (here [`bot`], with the program and
//! human seats); the statistics, [`hunters_stats`] ([`compare`], [`measures`], [`statistics`],
//! [`summary`], [`levels`], [`ladder`], [`balance`]); and the application's own [`viewer`], the page the
//! command line writes. The engine builds with none of the command line's crates.

pub use hunters_bots as bot;
pub use hunters_engine::{
    Board, Deck, Dir, Edition, FeatureKey, FeatureKind, Features, ForestInfo, Herd, InputError,
    MAX_PLAYERS, MeadowInfo, Piece, PieceAt, PieceError, PlaceError, Placed, Placement, Pos,
    RiverInfo, Rotation, Side, SystemInfo, Tile, TileSet, Variant, ZoneId, ZoneKind, ZoneRef,
};
pub use hunters_engine::{
    board, edition, error, feature, game, illegal, log, notation, options, params, record, render,
    replay, rng, ruleset, scout, tell, tile, tileset, variant,
};
pub use hunters_stats::{balance, compare, ladder, levels, measures, statistics, summary};

pub mod viewer;
