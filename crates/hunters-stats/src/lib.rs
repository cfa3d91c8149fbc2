//! Comparing variants of [`hunters_engine`] played by [`hunters_bots`]: the same deals under
//! every variant ([`compare`]), the one table of per-game measures ([`measures`]), estimates
//! with intervals that take the deal as the unit of independence ([`statistics`],
//! [`summary`]), the answers by level of play ([`levels`]) and the skill ladder ([`ladder`]).
//!
//! Everything here is a function of the deals played: no output, no threads, no clock. The
//! application plans a run, plays its deals in parallel, and prints what these modules work
//! out; the same deals give the same numbers however they were shared out.
//!
//! ```
//! use hunters_bots::BotKind;
//! use hunters_engine::Variant;
//! use hunters_stats::compare;
//!
//! let variant = Variant::load("2020").expect("a built-in variant");
//! let seats = [BotKind::Greedy, BotKind::Random];
//! let game = compare::play(&variant, &seats, compare::deal_seed(7, 0)).unwrap();
//! assert!(game.is_over());
//! ```

pub mod balance;
pub mod compare;
pub mod ladder;
pub mod levels;
pub mod measures;
pub mod statistics;
pub mod summary;
