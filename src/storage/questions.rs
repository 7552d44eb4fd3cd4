//! Open questions: messages about a game that wait for an answer (see
//! `migrations/0007_questions.sql`), so that they can be closed later.

use super::{Result, Store};

/// A message that asks something about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The chat it is in.
    pub chat_id: i64,
    /// The message.
    pub message_id: i64,
    /// The game it is about.
    pub game_id: i64,
    /// What it asks: `draw`, `reminder`, `invite` or `rematch`.
    pub kind: String,
    /// The reader's language code.
    pub lang: String,
}

impl Store {
    /// Records an open question (a second record of the same message replaces the first).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn add_question(&self, q: &Question) -> Result<()> {
        sqlx::query(
            "INSERT INTO questions (chat_id, message_id, game_id, kind, lang) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (chat_id, message_id) DO UPDATE SET game_id = excluded.game_id, kind = excluded.kind,
                 lang = excluded.lang",
        )
        .bind(q.chat_id)
        .bind(q.message_id)
        .bind(q.game_id)
        .bind(&q.kind)
        .bind(&q.lang)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The open questions about `game_id`, oldest first.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn questions(&self, game_id: i64) -> Result<Vec<Question>> {
        let rows: Vec<(i64, i64, i64, String, String)> = sqlx::query_as(
            "SELECT chat_id, message_id, game_id, kind, lang FROM questions WHERE game_id = ? ORDER BY rowid",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(chat_id, message_id, game_id, kind, lang)| Question { chat_id, message_id, game_id, kind, lang })
            .collect())
    }

    /// Forgets a question (it was closed). Returns whether it was still open.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn remove_question(&self, chat_id: i64, message_id: i64) -> Result<bool> {
        let r = sqlx::query("DELETE FROM questions WHERE chat_id = ? AND message_id = ?")
            .bind(chat_id)
            .bind(message_id)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() > 0)
    }
}
