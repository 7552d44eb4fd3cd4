//! What the chat front-end keeps about its own deliveries: a game as
//! stored (to draw its boards), the questions its messages ask (draw
//! offers, reminders, invitations, rematch offers) until the game answers
//! them, and the work owed after a restart.

use super::{App, UserError};
use crate::storage::{GameRecord, Question, QuestionIntent};

impl App {
    /// Game `game_id` as stored, for a front-end drawing its boards; `None`
    /// for no such game.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn game(&self, game_id: i64) -> Result<Option<GameRecord>, UserError> {
        Ok(self.store.load_game(game_id).await?)
    }

    /// Records the question a message asks.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn record_question(&self, q: &Question) -> Result<(), UserError> {
        Ok(self.store.add_question(q).await?)
    }

    /// The open questions about game `game_id`.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn open_questions(&self, game_id: i64) -> Result<Vec<Question>, UserError> {
        Ok(self.store.questions(game_id).await?)
    }

    /// Forgets the question of message `message_id` in `chat_id`; whether it
    /// was open (of two concurrent closings, exactly one gets `true`).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn forget_question(&self, chat_id: i64, message_id: i64) -> Result<bool, UserError> {
        Ok(self.store.remove_question(chat_id, message_id).await?)
    }

    /// Records a question about to be asked, before its message is sent
    /// (restart safety); returns the intent's id.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn record_question_intent(&self, q: &QuestionIntent) -> Result<i64, UserError> {
        Ok(self.store.add_question_intent(q).await?)
    }

    /// Settles intent `id`: its message went out as `asked` (now an open
    /// question), or not at all (`None`); one transaction.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn settle_question_intent(&self, id: i64, asked: Option<&Question>) -> Result<(), UserError> {
        Ok(self.store.settle_question_intent(id, asked).await?)
    }

    /// The questions that were about to be asked when the bot stopped,
    /// oldest first: `(id, intent)`.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn question_intents(&self) -> Result<Vec<(i64, QuestionIntent)>, UserError> {
        Ok(self.store.question_intents().await?)
    }

    /// Games with boards or notices owed (restart safety).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn owed_deliveries(&self) -> Result<Vec<i64>, UserError> {
        Ok(self.store.games_with_pending_delivery().await?)
    }

    /// Games whose challenge card may show an older state than the game.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn cards_to_check(&self) -> Result<Vec<i64>, UserError> {
        Ok(self.store.games_with_cards_to_check().await?)
    }

    /// Finished games whose ratings are not settled yet.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn unsettled_games(&self) -> Result<Vec<i64>, UserError> {
        Ok(self.store.unsettled_games().await?)
    }

    /// Live games against the AI.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn live_ai_games(&self) -> Result<Vec<i64>, UserError> {
        Ok(self.store.live_ai_games().await?)
    }
}
