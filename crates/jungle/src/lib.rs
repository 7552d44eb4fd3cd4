//! The rules engine of Jungle («Джунгли», Dou Shou Qi), the second game
//! of «Сражение», as RULES.md §9 (J1–J12) specifies it.
//!
//! Pure: no I/O, no clock, no global randomness (the lot for the first
//! move takes `&mut impl Rng`). Shared with the Stratego engine (crate
//! `engine`): [`Player`] and [`ByPlayer`], the move type and its notation
//! ([`Move`] is `engine::Move` on this board, J12), the square-name parser,
//! and the outcome ([`Outcome`] is `engine::Outcome` with Jungle's reasons).
//!
//! - vocabulary: [`Square`] (7×9, J1) with its [`Terrain`] (J2), [`Animal`]
//!   and [`Piece`] (J3);
//! - [`Position`]: the board and the side to move, legal moves (J5–J9),
//!   copied by searches; its text form names positions in tests and perft;
//! - [`Game`]: [`Game::play`] (unchanged on error, with a [`MoveError`]),
//!   the end of the game (J10), the draws (J11), R22–R23, serde with
//!   [`FORMAT_VERSION`];
//! - [`PlayerView`]: what a renderer or an AI takes;
//! - [`export`] and [`import`] (J12).
//!
//! Decisions where RULES.md leaves room: J11's "same position" compares the
//! animals' squares and the side to move by a 64-bit hash; positions before
//! a capture are not compared (they had more animals).
//!
//! ```
//! use jungle::{Game, Player};
//! let mut game = Game::new(Player::South);
//! game.play("a3-a4".parse()?)?;
//! assert!(game.play("a4-a5".parse()?).is_err()); // North's turn
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod animal;
mod export;
mod game;
mod playout;
mod position;
mod record;
mod repr;
mod square;
mod tables;
mod view;

pub use animal::{Animal, Piece};
pub use engine::{ByPlayer, Player, Playout, random_playout};
pub use export::{EXPORT_HEADER, ImportError, ImportReason, export, import, outcome_text};
pub use game::{FORMAT_VERSION, Game, QUIET_PLY_LIMIT, REPETITIONS, draw_first_player};
pub use playout::perft;
pub use position::{Position, PositionError};
pub use record::{DrawReason, Move, MoveError, MoveReport, Outcome, Record, WinReason};
pub use repr::GameFormatError;
pub use square::{FILES, RANKS, Square, Terrain};
pub use view::PlayerView;
