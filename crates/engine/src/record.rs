//! The public vocabulary of a game: pieces, the record of plies, outcomes
//! and the errors of [`crate::Game`].

use serde::{Deserialize, Serialize};

use crate::combat::Combat;
use crate::mv::Move;
use crate::player::Player;
use crate::rank::Rank;
use crate::rules::RuleSetId;
use crate::square::Square;

/// A piece on the board with what has become public about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Owner.
    pub player: Player,
    /// Kind.
    pub rank: Rank,
    /// Revealed to both players by a combat (R13, R18).
    pub revealed: bool,
    /// Has moved at least once (R24: so it is neither Mine nor Flag).
    pub moved: bool,
    /// Has made a multi-square move (R24: so it is the runner kind).
    pub ran: bool,
}

impl Piece {
    /// A piece of `player` and `rank` as set up: hidden, never moved (R6).
    #[must_use]
    pub const fn new(player: Player, rank: Rank) -> Piece {
        Piece { player, rank, revealed: false, moved: false, ran: false }
    }
}

/// One ply of the record, public to both players (R24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The combat, when the move was an attack (R13).
    pub combat: Option<Combat>,
}

/// Why a game was won (R19, R20, R22, R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// R19: the winner captured the Flag.
    FlagCaptured,
    /// R20: the loser had no legal move on their turn.
    NoLegalMoves,
    /// R22: the loser resigned.
    Resignation,
    /// R23: the loser ran out of time.
    Time,
}

/// Why a game was drawn (R20–R22, classic dead position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// R20: neither side has a legal move.
    NoLegalMoves,
    /// R21: the rule set's limit of plies without an attack was reached.
    NoAttacks,
    /// R22: the players agreed.
    Agreement,
    /// Classic (§8): neither side can ever capture the enemy Flag.
    DeadPosition,
    /// The rule set's limit of plies in all was reached (`ucc` only).
    PlyLimit,
}

/// How a game ended.
///
/// `W` and `D` are the game's reasons for a win and a draw: Stratego's
/// [`WinReason`] and [`DrawReason`] by default; Jungle (J10, J11) has its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome<W = WinReason, D = DrawReason> {
    /// One side won.
    Win {
        /// The winner.
        winner: Player,
        /// Why.
        reason: W,
    },
    /// Nobody won.
    Draw(D),
}

impl<W: Copy, D: Copy> Outcome<W, D> {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

/// What one ply did, returned by [`crate::Game::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The combat, if it was an attack: both ranks are now public (R13).
    pub combat: Option<Combat>,
    /// The end of the game, if this ply ended it.
    pub outcome: Option<Outcome>,
}

/// Why a move (or another game action) was refused. The game is unchanged.
///
/// The texts speak only of the mover's own pieces and of public facts, so
/// they are safe to show (R25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// It is the other side's turn (R8).
    #[error("it is not your turn")]
    NotYourTurn,
    /// No piece stands on the start square (R9).
    #[error("there is no piece on {0}")]
    EmptySquare(Square),
    /// The piece on the start square is the opponent's (R9).
    #[error("the piece on {0} is not yours")]
    EnemyPiece(Square),
    /// Mines and the Flag never move (R9). Only ever names the mover's own piece.
    #[error("a {0:?} never moves")]
    Immobile(Rank),
    /// Start and end are the same square (R8: passing is not allowed).
    #[error("a move must go somewhere")]
    SameSquare,
    /// No piece enters or crosses a lake (R2, R9, R12).
    #[error("pieces cannot enter or cross a lake")]
    Lake,
    /// The target holds a piece of the mover's own side (R9).
    #[error("{0} holds your own piece")]
    OwnPiece(Square),
    /// Only straight moves along a file or rank (R9).
    #[error("pieces move along files and ranks, never diagonally")]
    Diagonal,
    /// Only the runner kind moves more than one square (R9, R12).
    #[error("this piece moves one square at a time")]
    TooFar,
    /// A runner cannot pass over pieces (R12).
    #[error("the way is blocked")]
    PathBlocked,
    /// In «Сражение» a long move must end on an empty square (R12).
    #[error("a long move cannot end in an attack; attack from the next square")]
    RunnerCannotStrike,
    /// R11.
    #[error("the two-square rule forbids moving this piece between the same two squares again")]
    TwoSquareRule,
    /// The classic chasing rule (§8).
    #[error("the chasing rule forbids repeating a position of this chase")]
    ChasingRule,
    /// R22: there is no draw offer by the opponent to accept or decline.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
}

/// Why a game could not be created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A setup was checked against another rule set.
    #[error("the {0:?} setup belongs to another rule set")]
    SetupRuleSet(Player),
    /// R7: in this rule set South always moves first.
    #[error("in {0} South always moves first")]
    FirstPlayer(RuleSetId),
}
