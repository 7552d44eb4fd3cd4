//! The people using the bot: their settings (language, move confirmation),
//! whether they can be reached (started the bot, blocked it) and which of
//! their games a command without a game number means. Both front-ends read
//! and change them only here.

use super::{App, UserError};
use crate::storage::{GameRecord, GameStatus, StorageError};

/// How many of a user's newest games the lookups below consider.
const RECENT: i64 = 50;

impl App {
    /// A user's first name as Telegram gave it; empty for an unknown user
    /// (or on a database failure: a name is decoration, never a refusal).
    pub async fn first_name(&self, user_id: i64) -> String {
        self.store.get_user(user_id).await.ok().flatten().map(|u| u.first_name).unwrap_or_default()
    }

    /// Records that the user has opened a private chat with the bot (so it
    /// may write to them first, e.g. after Accept on a challenge card).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn mark_started(&self, user_id: i64) -> Result<(), UserError> {
        Ok(self.store.set_started(user_id).await?)
    }

    /// Whether the user has opened a private chat with the bot.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn has_started(&self, user_id: i64) -> Result<bool, UserError> {
        Ok(self.store.has_started(user_id).await?)
    }

    /// Marks that the user blocked (`true`) or unblocked the bot; an
    /// unknown user is nothing to mark.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn set_blocked(&self, user_id: i64, blocked: bool) -> Result<(), UserError> {
        match self.store.set_blocked(user_id, blocked).await {
            Ok(()) | Err(StorageError::NotFound) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether the user blocked the bot; `false` for an unknown user.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn is_blocked(&self, user_id: i64) -> Result<bool, UserError> {
        Ok(self.store.get_user(user_id).await?.is_some_and(|u| u.blocked))
    }

    /// The user's live games (setup or play), last changed first: when they come
    /// back their boards are delivered again, when they leave each opponent
    /// is told.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn live_games_of(&self, user_id: i64) -> Result<Vec<GameRecord>, UserError> {
        let games = self.store.games_of_user(user_id, RECENT).await?;
        Ok(games.into_iter().filter(|g| matches!(g.status, GameStatus::Setup | GameStatus::Play)).collect())
    }

    /// Sets the move-confirmation settings: against people, against the AI.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure or an unknown user.
    pub async fn set_confirm(&self, user_id: i64, human: bool, ai: bool) -> Result<(), UserError> {
        Ok(self.store.set_confirm(user_id, human, ai).await?)
    }

    /// Sets the `/lang` choice by its code (`ru`, `en`; `None`: follow the
    /// Telegram client's language).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure or an unknown user.
    pub async fn set_lang(&self, user_id: i64, code: Option<&str>) -> Result<(), UserError> {
        Ok(self.store.set_lang(user_id, code).await?)
    }

    /// The game a setup command without a game number applies to: the one
    /// the user touched last if it is in setup, else their only game in
    /// setup; `None` when there is none or the choice is ambiguous (or the
    /// database failed).
    pub async fn current_setup_game(&self, user_id: i64) -> Option<i64> {
        let games = self.store.games_of_user(user_id, RECENT).await.ok()?;
        let in_setup: Vec<i64> = games.iter().filter(|g| g.status == GameStatus::Setup).map(|g| g.id).collect();
        let last = self.store.get_user(user_id).await.ok().flatten().and_then(|u| u.last_game_id);
        match last {
            Some(id) if in_setup.contains(&id) => Some(id),
            _ if in_setup.len() == 1 => Some(in_setup[0]),
            _ => None,
        }
    }

    /// The user's invitations still waiting for an opponent (`/cancel`), last changed first.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn waiting_invitations(&self, user_id: i64) -> Result<Vec<i64>, UserError> {
        let games = self.store.games_of_user(user_id, RECENT).await?;
        Ok(games.into_iter().filter(|g| g.status == GameStatus::Waiting).map(|g| g.id).collect())
    }

    /// The other player of game `game_id` as seen by `user_id`; `None` when
    /// there is no such game or no second player yet.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn opponent_of(&self, user_id: i64, game_id: i64) -> Result<Option<i64>, UserError> {
        let rec = self.store.load_game(game_id).await?;
        Ok(rec.and_then(|r| r.players.iter().find(|p| p.user_id != user_id).map(|p| p.user_id)))
    }
}

#[cfg(test)]
#[path = "people_tests.rs"]
mod tests;
