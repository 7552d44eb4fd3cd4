//! The public vocabulary of a game: the record of plies, outcomes and the
//! errors of [`crate::Game`].

use engine::Player;
use serde::{Deserialize, Serialize};

use crate::animal::Animal;
use crate::square::Square;

/// A move of Jungle, written like `a3-a4` or a jump `a5-d5` (J12): the
/// product's shared move type on the 7×9 board.
pub type Move = engine::Move<Square>;

/// How a game of Jungle ended: the product's shared outcome with Jungle's
/// reasons.
pub type Outcome = engine::Outcome<WinReason, DrawReason>;

/// One ply of the record (public: nothing in Jungle is hidden).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The enemy animal it captured, if any (J7–J9).
    pub captured: Option<Animal>,
}

/// Why a game of Jungle was won (J10, R22, R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// J10: the winner moved an animal into the enemy den.
    Den,
    /// J10: the loser has no animal left.
    AllCaptured,
    /// J10: the loser had no legal move on their turn.
    NoLegalMoves,
    /// R22: the loser resigned.
    Resignation,
    /// R23: the loser ran out of time.
    Time,
}

/// Why a game of Jungle was drawn (J11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// J11: 100 plies in a row without a capture.
    NoCaptures,
    /// J11: the same position for the third time.
    Repetition,
    /// J11, R22: the players agreed.
    Agreement,
}

/// What one ply did, returned by [`crate::Game::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The enemy animal captured, if any.
    pub captured: Option<Animal>,
    /// The end of the game, if this ply ended it.
    pub outcome: Option<Outcome>,
}

/// Why a move (or another game action) was refused; the game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// It is the other side's turn (J4).
    #[error("it is not your turn")]
    NotYourTurn,
    /// No animal stands on the start square.
    #[error("there is no animal on {0}")]
    EmptySquare(Square),
    /// The animal on the start square is the opponent's.
    #[error("the animal on {0} is not yours")]
    EnemyPiece(Square),
    /// Start and end are the same square (J4: no passing).
    #[error("a move must go somewhere")]
    SameSquare,
    /// Not one square along a file or rank, nor a river jump of a Lion or Tiger (J5, J6).
    #[error("an animal moves one square along a file or rank; only Lion and Tiger jump a river")]
    NotAStep,
    /// J5: no animal enters its own den.
    #[error("no animal enters its own den")]
    OwnDen,
    /// J5: only the Rat enters the water.
    #[error("only the Rat enters the water")]
    Water,
    /// J6: a Rat in the river blocks the jump.
    #[error("a Rat in the river blocks the jump")]
    JumpBlocked,
    /// The target holds one of the mover's own animals.
    #[error("{0} holds your own animal")]
    OwnPiece(Square),
    /// J7, J9: the attacker is too weak (or the Elephant attacks the Rat off a trap).
    #[error("the {attacker} cannot capture the {defender}")]
    TooWeak {
        /// The moving animal.
        attacker: Animal,
        /// The animal it would capture.
        defender: Animal,
    },
    /// J8: no capture between water and land.
    #[error("no capture between the water and the land")]
    AcrossBank,
    /// R22: no draw offer by the opponent to accept or decline.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
}
