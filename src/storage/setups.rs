//! Saved setups (by family of rule sets), the questions that wait for a
//! setup's name, and the `/setups` list message of each chat
//! (`migrations/0009_setup_families.sql`).

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Result, Store, now};

/// A named initial placement saved by a user for a family of rule sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSetup {
    /// Row id (unique across users).
    pub id: i64,
    /// User-given name, unique per (user, family).
    pub name: String,
    /// The family of rule sets it serves (`battle`, `classic`, `duel`).
    pub family: String,
    /// The rule set it was made in (its numbering).
    pub rule_set: String,
    /// Setup in the engine's text encoding (opaque here).
    pub code: String,
}

impl SavedSetup {
    fn from_row(row: &SqliteRow) -> sqlx::Result<SavedSetup> {
        Ok(SavedSetup {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            family: row.try_get("family")?,
            rule_set: row.try_get("rule_set")?,
            code: row.try_get("code")?,
        })
    }
}

/// What a typed reply to a question message names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupPrompt {
    /// Save this setup code of this rule set under the name replied.
    Save {
        /// The rule set of the workbench.
        rule_set: String,
        /// The setup code.
        code: String,
    },
    /// Rename this saved setup to the name replied.
    Rename {
        /// The saved setup's id.
        setup_id: i64,
    },
}

const COLUMNS: &str = "id, name, family, rule_set, code";

impl Store {
    /// The user's saved setups of `family`, sorted by name.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn list_setups(&self, user_id: i64, family: &str) -> Result<Vec<SavedSetup>> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM saved_setups WHERE user_id = ? AND family = ? ORDER BY name, id"
        ))
        .bind(user_id)
        .bind(family)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(SavedSetup::from_row).collect::<sqlx::Result<_>>()?)
    }

    /// Saves a setup under `name`, replacing the code (and rule set) of an
    /// existing setup with the same (user, family, name); the id of a
    /// replaced setup is kept.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn save_setup(
        &self,
        user_id: i64,
        family: &str,
        rule_set: &str,
        name: &str,
        code: &str,
    ) -> Result<SavedSetup> {
        let row = sqlx::query(&format!(
            "INSERT INTO saved_setups (user_id, family, rule_set, name, code, created_at)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (user_id, family, name) DO UPDATE SET
                 rule_set = excluded.rule_set, code = excluded.code, created_at = excluded.created_at
             RETURNING {COLUMNS}"
        ))
        .bind(user_id)
        .bind(family)
        .bind(rule_set)
        .bind(name)
        .bind(code)
        .bind(now())
        .fetch_one(&self.pool)
        .await?;
        Ok(SavedSetup::from_row(&row)?)
    }

    /// Renames the user's setup `id` to `name` in one transaction; another
    /// setup of that name in its family is replaced. `None` if the user has
    /// no setup `id`.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn rename_setup(&self, user_id: i64, id: i64, name: &str) -> Result<Option<SavedSetup>> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "DELETE FROM saved_setups WHERE user_id = ? AND name = ? AND id <> ?
               AND family = (SELECT family FROM saved_setups WHERE id = ? AND user_id = ?)",
        )
        .bind(user_id)
        .bind(name)
        .bind(id)
        .bind(id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        let row =
            sqlx::query(&format!("UPDATE saved_setups SET name = ? WHERE id = ? AND user_id = ? RETURNING {COLUMNS}"))
                .bind(name)
                .bind(id)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?;
        tx.commit().await?;
        Ok(row.as_ref().map(SavedSetup::from_row).transpose()?)
    }

    /// A saved setup by id, only if it belongs to `user_id`.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn get_setup(&self, user_id: i64, id: i64) -> Result<Option<SavedSetup>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM saved_setups WHERE id = ? AND user_id = ?"))
            .bind(id)
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(SavedSetup::from_row).transpose()?)
    }

    /// Deletes the user's setup `id`; `false` if there was none (or it is someone else's).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn delete_setup(&self, user_id: i64, id: i64) -> Result<bool> {
        let done = sqlx::query("DELETE FROM saved_setups WHERE id = ? AND user_id = ?")
            .bind(id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Records that message `message_id` in `chat_id` asks `user_id` for a
    /// setup's name; the chat's older questions of this kind are dropped
    /// (one open question per chat).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn add_setup_prompt(
        &self,
        chat_id: i64,
        message_id: i64,
        user_id: i64,
        prompt: &SetupPrompt,
    ) -> Result<()> {
        let (setup_id, rule_set, code) = match prompt {
            SetupPrompt::Save { rule_set, code } => (None, Some(rule_set.as_str()), Some(code.as_str())),
            SetupPrompt::Rename { setup_id } => (Some(*setup_id), None, None),
        };
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM setup_prompts WHERE chat_id = ?").bind(chat_id).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO setup_prompts (chat_id, message_id, user_id, setup_id, rule_set, code, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(chat_id)
        .bind(message_id)
        .bind(user_id)
        .bind(setup_id)
        .bind(rule_set)
        .bind(code)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The question message `message_id` of `chat_id` asks `user_id`, if open.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn setup_prompt(&self, chat_id: i64, message_id: i64, user_id: i64) -> Result<Option<SetupPrompt>> {
        let row = sqlx::query(
            "SELECT setup_id, rule_set, code FROM setup_prompts WHERE chat_id = ? AND message_id = ? AND user_id = ?",
        )
        .bind(chat_id)
        .bind(message_id)
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let setup_id: Option<i64> = row.try_get("setup_id")?;
        let rule_set: Option<String> = row.try_get("rule_set")?;
        let code: Option<String> = row.try_get("code")?;
        Ok(match (setup_id, rule_set, code) {
            (Some(setup_id), _, _) => Some(SetupPrompt::Rename { setup_id }),
            (None, Some(rule_set), Some(code)) => Some(SetupPrompt::Save { rule_set, code }),
            _ => None,
        })
    }

    /// Closes a question (answered).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn remove_setup_prompt(&self, chat_id: i64, message_id: i64) -> Result<()> {
        sqlx::query("DELETE FROM setup_prompts WHERE chat_id = ? AND message_id = ?")
            .bind(chat_id)
            .bind(message_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Remembers `message_id` as the newest `/setups` list of `chat_id`.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn set_setups_list(&self, chat_id: i64, message_id: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO setup_lists (chat_id, message_id) VALUES (?, ?)
             ON CONFLICT (chat_id) DO UPDATE SET message_id = excluded.message_id",
        )
        .bind(chat_id)
        .bind(message_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The newest `/setups` list message of `chat_id`, if any.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn setups_list(&self, chat_id: i64) -> Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT message_id FROM setup_lists WHERE chat_id = ?")
            .bind(chat_id)
            .fetch_optional(&self.pool)
            .await?)
    }
}

#[cfg(test)]
#[path = "setups_tests.rs"]
mod tests;
