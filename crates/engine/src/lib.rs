//! The rules engine of «Сражение» (Soviet Stratego) and its classic
//! cousins, as specified in RULES.md.
//!
//! Pure: no I/O, no clock, no global randomness (generators take
//! `&mut impl Rng`). The main types:
//!
//! - vocabulary: [`Square`], [`Player`] with [`ByPlayer`], [`Rank`], [`Move`];
//! - rule sets as data: [`RuleSetId`], [`RuleSet`];
//! - setups: the unvalidated [`Setup`] and the checked [`ValidSetup`], with
//!   the setup code of §8a, and the generators [`shuffle`] and [`smart`];
//! - [`Game`]: legal moves, [`Game::play`] (unchanged on error), outcomes;
//! - [`PlayerView`]: one player's information set (R24–R26), the only thing
//!   a renderer or an AI may read.
//!
//! ```
//! use engine::{ByPlayer, Game, Player, RuleSetId, ValidSetup};
//! let rules = RuleSetId::Battle.rules();
//! let code = "BFB8657B869B3745s2485B98B963579919849796";
//! let setup = ValidSetup::from_code(rules, code)?;
//! let mut game = Game::new(RuleSetId::Battle, ByPlayer { south: setup, north: setup }, Player::South)?;
//! let report = game.play("a4-a5".parse()?)?;
//! assert_eq!(report.combat, None);
//! assert!(game.play("a5-a6".parse()?).is_err()); // North's turn now
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod combat;
mod game;
mod generate;
mod mv;
mod player;
mod playout;
mod rank;
mod rules;
mod setup;
mod square;
mod view;
mod zobrist;

pub use combat::{Combat, CombatResult, resolve};
pub use game::{
    DrawReason, FORMAT_VERSION, Game, GameError, GameFormatError, MoveError, MoveReport, Outcome, Piece, Record,
    WinReason,
};
pub use generate::{shuffle, smart};
pub use mv::{Move, MoveParseError};
pub use player::{ByPlayer, Player};
pub use playout::random_playout;
pub use rank::Rank;
pub use rules::{FirstMove, Numbering, RuleSet, RuleSetId, Runner, UnknownRuleSet};
pub use setup::{
    CodeError, CountDiff, HOME_SQUARES, Setup, SetupCodeError, SetupError, ValidSetup, home_slot, home_square,
};
pub use square::{Square, SquareParseError};
pub use view::{Cell, EnemyPiece, OwnPiece, PlayerView};
