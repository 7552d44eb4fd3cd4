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
//! Decisions where RULES.md leaves room (tested in `tests/`):
//!
//! - R11 counts moves by their start and end squares; the one move it
//!   forbids is the shuttling piece's way back, and only when quiet.
//! - R20's exception asks whether the opponent would have a legal move in
//!   the same position if it were their turn, under every rule (R11 and the
//!   chasing rule included), so two pieces stuck in two-square corridors
//!   draw.
//! - Classic chasing rule: a chase starts when a piece that the opponent's
//!   last (quiet) move came next to moves away; it goes on while the same
//!   chasing piece keeps moving next to that piece and the piece keeps
//!   moving; any other move or an attack ends it (and may start a new one).
//!   Positions are compared by the full board and the side to move.
//! - Classic dead position: checked after each attack, as "no movable piece
//!   of either side has a path to the enemy Flag through squares that are
//!   not lakes, not its own Mines or Flag, and not enemy Mines unless it
//!   still has a Sapper".
//!
//! Internally the board keeps per-side square masks (`u128`) next to the
//! array of pieces, so move generation and the end-of-game checks need no
//! allocation; see BENCHMARKS.md at the workspace root for the speed.
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

mod bits;
mod combat;
mod export;
mod game;
mod generate;
mod movegen;
mod mv;
mod play;
mod player;
mod playout;
mod rank;
mod record;
mod repr;
mod rules;
mod setup;
mod spectator;
mod square;
mod view;
mod zobrist;

pub use combat::{Combat, CombatResult, resolve};
pub use export::{EXPORT_HEADER, ImportError, ImportReason, export, import, record_lines, write_plies_and_result};
pub use game::{FORMAT_VERSION, Game};
pub use generate::{shuffle, smart};
pub use mv::{Move, MoveParseError};
pub use player::{ByPlayer, Player};
pub use playout::{Playout, random_playout};
pub use rank::Rank;
pub use record::{DrawReason, GameError, MoveError, MoveReport, Outcome, Piece, Record, WinReason};
pub use repr::GameFormatError;
pub use rules::{FirstMove, Numbering, RuleSet, RuleSetId, Runner, UnknownRuleSet};
pub use setup::{
    CodeError, CountDiff, HOME_SQUARES, Setup, SetupCodeError, SetupError, ValidSetup, home_slot, home_square,
};
pub use spectator::{PublicCell, SpectatorView};
pub use square::{Square, SquareParseError, parse_square_name};
pub use view::{Cell, EnemyPiece, OwnPiece, PlayerView};
