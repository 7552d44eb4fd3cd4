//! Use cases: everything a player can do, independent of Telegram.
//!
//! Each use case loads a game, applies the rules through the engine and
//! saves it in one transaction with a version check ([`App::with_game`]);
//! a concurrent change by the other player makes it reload and try again.
//! Use cases return what to tell whom ([`Notice`]); the boards to redraw
//! are recorded in the database itself (a player's `board_version` ahead of
//! `rendered_version`, `notify_pending`), so a crash between the commit and
//! the delivery loses nothing: the front-end redraws dirty boards on start.

mod ai;
mod board;
mod challenge;
mod clock;
mod delivery;
mod errors;
mod history;
mod hub;
mod jungle;
mod lobby;
mod people;
mod play;
mod ratings;
mod setup;
mod setups;
mod state;

use engine::Player;
use rand::Rng;

pub use self::jungle::{
    GameRules, JUNGLE, JungleTap, from_jungle, is_jungle, spectator_view as jungle_spectator_view, to_jungle,
};
pub use ai::{AI_USER_ID, ai_level};
pub use board::{Board, Stage};
pub use challenge::Accepted;
pub use clock::{ClockConfig, DAY, VACATION_DAYS_PER_YEAR, Vacation, civil_date, deadline, refresh_points};
pub use errors::UserError;
pub use history::{Ending, FrameView, GameFacts, ReplayFrame, Who};
pub use hub::Hub;
pub use lobby::{JoinOutcome, NewGameChoice};
pub use play::{Action, TapResult};
pub use ratings::{family, rate};
pub use setup::SetupAction;
pub use setups::{
    Bench, BenchOp, BenchShown, MAX_BENCH_SAVED_ID, NAME_MAX, SETUP_FAMILIES, SetupsChanged, code_rules, fits,
};
pub use state::{GameSummary, LAST_WINDOW, REDRAW_OWED, Seat, WINDOW, column, user_to_move, window_for};

use crate::storage::{GameRecord, MoveRecord, StorageError, Store, UserRecord};

/// How many times a use case is retried after a version conflict.
const RETRIES: usize = 8;

/// Something to tell a user outside the board, rendered by the front-end
/// in the user's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The invitee joined the inviter's game.
    OpponentJoined {
        /// The game.
        game_id: i64,
        /// The invitee's display name.
        name: String,
    },
    /// The opponent confirmed their setup.
    OpponentReady {
        /// The game.
        game_id: i64,
    },
    /// Both setups are confirmed: the game has begun.
    GameStarted {
        /// The game.
        game_id: i64,
        /// Whether the reader moves first (R7).
        you_first: bool,
    },
    /// The opponent offers a draw (R22).
    DrawOffered {
        /// The game.
        game_id: i64,
    },
    /// The opponent declined the reader's draw offer.
    DrawDeclined {
        /// The game.
        game_id: i64,
    },
    /// The game ended; the board shows the details.
    GameOver {
        /// The game.
        game_id: i64,
    },
    /// The opponent blocked the bot; the game goes on without their notifications.
    OpponentBlocked {
        /// The game.
        game_id: i64,
    },
    /// The opponent offers a rematch with sides swapped: a new invitation.
    RematchOffered {
        /// The finished game.
        game_id: i64,
        /// The new game's invitation code.
        code: String,
        /// The new game (waiting for the reader to accept).
        new_game: i64,
    },
    /// A reminder: the reader's time for a move runs out soon (R23).
    Reminder {
        /// The game.
        game_id: i64,
        /// Hours left, rounded up.
        hours_left: i64,
    },
    /// The game was aborted without result (R23).
    Aborted {
        /// The game.
        game_id: i64,
    },
    /// The invitation was cancelled by the inviter (to the inviter).
    InvitationCancelled {
        /// The game.
        game_id: i64,
    },
}

/// A notice addressed to one user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addressed {
    /// Telegram user id of the reader.
    pub user_id: i64,
    /// What to tell them.
    pub notice: Notice,
}

/// The result of a use case: notices to send and the game it touched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Done {
    /// The game whose boards may need redrawing.
    pub game_id: Option<i64>,
    /// Messages to send.
    pub notices: Vec<Addressed>,
}

/// The application: use cases over the store.
#[derive(Clone, Debug)]
pub struct App {
    store: Store,
    hub: Hub,
}

impl App {
    /// An application over `store`.
    #[must_use]
    pub fn new(store: Store) -> App {
        App { store, hub: Hub::default() }
    }

    /// The change notices shared by every clone of this application.
    #[must_use]
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    /// The store itself, for tests. The front-ends use the use cases; the
    /// chat's `/setups save` still reads a game here (its rule set and the
    /// reader's draft).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Records a user seen in an update and returns their row.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn touch_user(
        &self,
        id: i64,
        first_name: &str,
        username: Option<&str>,
        tg_lang: Option<&str>,
    ) -> Result<UserRecord, UserError> {
        Ok(self.store.upsert_user(id, first_name, username, tg_lang).await?)
    }

    /// Loads game `game_id`, lets `change` modify it, and saves it with a
    /// version check, retrying on conflict. `change` returns its result and
    /// the moves to append.
    ///
    /// # Errors
    /// Whatever `change` returns, [`UserError::NoSuchGame`], or
    /// [`UserError::Internal`] on a database failure or too many conflicts.
    pub(crate) async fn with_game<T>(
        &self,
        game_id: i64,
        mut change: impl FnMut(&mut GameRecord) -> Result<(T, Vec<MoveRecord>), UserError>,
    ) -> Result<(T, GameRecord), UserError> {
        for _ in 0..RETRIES {
            let loaded = self.store.load_game(game_id).await?.ok_or(UserError::NoSuchGame)?;
            let mut rec = loaded.clone();
            let (out, moves) = change(&mut rec)?;
            if rec == loaded && moves.is_empty() {
                return Ok((out, loaded));
            }
            match self.store.save_game(&rec, loaded.version, &moves).await {
                Ok(saved) => {
                    self.hub.changed(game_id);
                    return Ok((out, saved));
                }
                Err(StorageError::Conflict) => {
                    tracing::debug!(game_id, "version conflict, retrying");
                    tokio::task::yield_now().await;
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(UserError::Internal("too many concurrent changes".into()))
    }

    /// Loads a game the user takes part in, with their side.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NotInGame`], [`UserError::Internal`].
    pub async fn game_of(&self, user_id: i64, game_id: i64) -> Result<(GameRecord, Player), UserError> {
        let rec = self.store.load_game(game_id).await?.ok_or(UserError::NoSuchGame)?;
        let side = state::side_of(&rec, user_id)?;
        Ok((rec, side))
    }
}

/// A fresh unguessable code: 16 random bytes (128 bits), base64url without padding.
#[must_use]
pub fn random_code(rng: &mut impl Rng) -> String {
    use base64::Engine as _;
    let bytes: [u8; 16] = rng.random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[cfg(test)]
pub(crate) mod tests;
