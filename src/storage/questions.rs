//! Open questions: messages about a game that wait for an answer (see
//! `migrations/0007_questions.sql`), so that they can be closed later; and
//! questions about to be asked, recorded before their message is sent
//! (`migrations/0010_question_intents.sql`).

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

/// A question about to be asked: recorded before its message is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionIntent {
    /// The chat it goes to.
    pub chat_id: i64,
    /// The game it is about.
    pub game_id: i64,
    /// What it asks (as [`Question::kind`]).
    pub kind: String,
    /// The reader's language code.
    pub lang: String,
    /// The message's HTML text.
    pub text: String,
    /// The message's inline keyboard as JSON (`None`: no buttons).
    pub keyboard: Option<String>,
}

impl Store {
    /// Records a question about to be asked; returns its id.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn add_question_intent(&self, q: &QuestionIntent) -> Result<i64> {
        let r = sqlx::query(
            "INSERT INTO question_intents (chat_id, game_id, kind, lang, text, keyboard) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(q.chat_id)
        .bind(q.game_id)
        .bind(&q.kind)
        .bind(&q.lang)
        .bind(&q.text)
        .bind(&q.keyboard)
        .execute(&self.pool)
        .await?;
        Ok(r.last_insert_rowid())
    }

    /// The questions about to be asked when the bot stopped, oldest first: `(id, intent)`.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn question_intents(&self) -> Result<Vec<(i64, QuestionIntent)>> {
        type Row = (i64, i64, i64, String, String, String, Option<String>);
        let rows: Vec<Row> =
            sqlx::query_as("SELECT id, chat_id, game_id, kind, lang, text, keyboard FROM question_intents ORDER BY id")
                .fetch_all(&self.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|(id, chat_id, game_id, kind, lang, text, keyboard)| {
                (id, QuestionIntent { chat_id, game_id, kind, lang, text, keyboard })
            })
            .collect())
    }

    /// Settles intent `id`: its message was sent as `asked` (recorded as an
    /// open question), or not at all (`None`). One transaction.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn settle_question_intent(&self, id: i64, asked: Option<&Question>) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        if let Some(q) = asked {
            insert_question(q).execute(&mut *tx).await?;
        }
        sqlx::query("DELETE FROM question_intents WHERE id = ?").bind(id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records an open question (a second record of the same message replaces the first).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn add_question(&self, q: &Question) -> Result<()> {
        insert_question(q).execute(&self.pool).await?;
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

/// The statement recording `q` (a second record of the same message replaces the first).
fn insert_question(q: &Question) -> super::Query<'_> {
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
}
