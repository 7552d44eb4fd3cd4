//! What can go wrong in a use case, in terms a player can be told.

use engine::{CodeError, MoveError, MoveParseError};

use crate::storage::StorageError;

/// Why a use case refused; every variant but [`UserError::Internal`] is the
/// player's doing and gets a polite answer, with nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UserError {
    /// No game with that id.
    #[error("no such game")]
    NoSuchGame,
    /// The user does not play in that game (e.g. a forwarded board).
    #[error("not your game")]
    NotInGame,
    /// The press came from an outdated board.
    #[error("stale board")]
    Stale,
    /// The game is not in the phase this action needs (e.g. a setup press after the start).
    #[error("wrong phase")]
    WrongPhase,
    /// A move or a game action while it is the opponent's turn.
    #[error("not your turn")]
    NotYourTurn,
    /// The engine refused the move (its reason).
    #[error("illegal move: {0}")]
    Illegal(MoveError),
    /// The Jungle engine refused the move (its reason, J5–J9).
    #[error("illegal move: {0}")]
    JungleIllegal(jungle::MoveError),
    /// A typed move that does not parse.
    #[error("bad move text: {0}")]
    BadMoveText(MoveParseError),
    /// A setup code that is not valid for the game's rule set.
    #[error("bad setup code: {0}")]
    BadSetupCode(CodeError),
    /// The tapped square does not hold a piece of the player's.
    #[error("not your piece")]
    NotYourPiece,
    /// The tapped square is not a legal destination and not an own piece.
    #[error("not a destination")]
    NotADestination,
    /// An invitation code that was never issued.
    #[error("invitation not found")]
    InvitationNotFound,
    /// An invitation that was cancelled.
    #[error("invitation cancelled")]
    InvitationCancelled,
    /// An invitation someone already used.
    #[error("invitation used")]
    InvitationUsed,
    /// The inviter opened their own invitation.
    #[error("own invitation")]
    OwnInvitation,
    /// A typed move or command with no game to apply it to.
    #[error("no active game")]
    NoActiveGame,
    /// A draw answer with no offer standing.
    #[error("no draw offer")]
    NoDrawOffer,
    /// A saved setup that does not exist or is not the user's.
    #[error("no such saved setup")]
    NoSuchSetup,
    /// A saved setup of another family of rule sets ([`super::family`]).
    #[error("setup of another rule set")]
    SetupRuleSet,
    /// `/setups save NAME` with no code and no game in setup to take one from.
    #[error("setup code needed")]
    SetupCodeNeeded,
    /// A name that cannot name a saved setup.
    #[error("bad setup name")]
    BadSetupName,
    /// The challenger pressed Accept on their own challenge.
    #[error("own challenge")]
    OwnChallenge,
    /// Someone else accepted the challenge first.
    #[error("challenge taken")]
    ChallengeTaken,
    /// A challenge to a named person, pressed by someone else.
    #[error("challenge not for you")]
    ChallengeNotForYou,
    /// A vacation that does not fit the allowance, or one is already running.
    #[error("vacation not allowed")]
    VacationNotAllowed {
        /// Days left this year.
        days_left: i64,
        /// The end of the running vacation, if any.
        until: Option<i64>,
    },
    /// A failure that is not the user's doing; logged, and the user told to try again.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StorageError> for UserError {
    fn from(e: StorageError) -> Self {
        tracing::error!(error = %e, "storage failure");
        UserError::Internal(e.to_string())
    }
}
