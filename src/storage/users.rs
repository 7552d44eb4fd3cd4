//! Users.

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Result, StorageError, Store, int_bool, now};

/// A Telegram user who has talked to the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRecord {
    /// Telegram user id.
    pub id: i64,
    /// Telegram first name (as of the last update from the user).
    pub first_name: String,
    /// Telegram @username without the `@`, if any.
    pub username: Option<String>,
    /// Telegram client `language_code`, e.g. `"ru"`, `"en-US"`.
    pub tg_lang: Option<String>,
    /// Language chosen with `/lang` (`"ru"`/`"en"`); `None` = follow `tg_lang`.
    pub lang: Option<String>,
    /// The game the user looked at last (for commands without an explicit game).
    pub last_game_id: Option<i64>,
    /// The user blocked the bot (sending to them fails with 403).
    pub blocked: bool,
    /// Confirm moves with a second step in games between people.
    pub confirm_human: bool,
    /// Confirm moves with a second step in games against the AI.
    pub confirm_ai: bool,
    /// The UTC calendar year `vacation_used` counts for.
    pub vacation_year: i64,
    /// Vacation days used in `vacation_year`.
    pub vacation_used: i64,
    /// Start of the player's latest vacation, unix seconds (R23).
    pub vacation_from: Option<i64>,
    /// End of the player's latest vacation: their clocks in every game are
    /// paused between `vacation_from` and this, unix seconds.
    pub vacation_until: Option<i64>,
    /// First contact, unix seconds.
    pub created_at: i64,
    /// The user opened a private chat with the bot (so it may write to them).
    pub started: bool,
}

impl UserRecord {
    fn from_row(row: &SqliteRow) -> sqlx::Result<UserRecord> {
        Ok(UserRecord {
            id: row.try_get("id")?,
            first_name: row.try_get("first_name")?,
            username: row.try_get("username")?,
            tg_lang: row.try_get("tg_lang")?,
            lang: row.try_get("lang")?,
            last_game_id: row.try_get("last_game_id")?,
            blocked: int_bool(row.try_get("blocked")?),
            confirm_human: int_bool(row.try_get("confirm_human")?),
            confirm_ai: int_bool(row.try_get("confirm_ai")?),
            vacation_year: row.try_get("vacation_year")?,
            vacation_used: row.try_get("vacation_used")?,
            vacation_from: row.try_get("vacation_from")?,
            vacation_until: row.try_get("vacation_until")?,
            created_at: row.try_get("created_at")?,
            started: int_bool(row.try_get("started")?),
        })
    }
}

const USER_COLUMNS: &str = "id, first_name, username, tg_lang, lang, last_game_id, blocked, created_at, \
     confirm_human, confirm_ai, vacation_year, vacation_used, vacation_from, vacation_until, started";

impl Store {
    /// Inserts or refreshes a user from an incoming Telegram update and returns the row.
    ///
    /// Updates `first_name` and `username`; updates `tg_lang` only when `Some` (Telegram does
    /// not always send it); never touches `lang` or `last_game_id`. Since the user just wrote
    /// to us, `blocked` is reset to false. Writes nothing when the stored row already says all
    /// that (the common case: every update of a known user).
    pub async fn upsert_user(
        &self,
        id: i64,
        first_name: &str,
        username: Option<&str>,
        tg_lang: Option<&str>,
    ) -> Result<UserRecord> {
        // A read first, so that a known user's first update after a start
        // writes nothing either: a write takes SQLite's write lock, which
        // the store's writer holds most of the time under load.
        if let Some(u) = self.get_user(id).await? {
            let same = u.first_name == first_name
                && u.username.as_deref() == username
                && (tg_lang.is_none() || u.tg_lang.as_deref() == tg_lang)
                && !u.blocked;
            if same {
                return Ok(u);
            }
        }
        let sql = format!(
            "INSERT INTO users (id, first_name, username, tg_lang, blocked, created_at)
             VALUES (?, ?, ?, ?, 0, ?)
             ON CONFLICT (id) DO UPDATE SET
                 first_name = excluded.first_name,
                 username = excluded.username,
                 tg_lang = COALESCE(excluded.tg_lang, users.tg_lang),
                 blocked = 0
             RETURNING {USER_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(id)
            .bind(first_name)
            .bind(username)
            .bind(tg_lang)
            .bind(now())
            .fetch_one(&self.pool)
            .await;
        self.users.invalidate(id);
        Ok(UserRecord::from_row(&row?)?)
    }

    /// Fetches a user by Telegram id (from the cache when it holds the user).
    pub async fn get_user(&self, id: i64) -> Result<Option<UserRecord>> {
        if let Some(u) = self.users.get(id) {
            return Ok(Some(u));
        }
        let epoch = self.users.epoch();
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?");
        let row = sqlx::query(&sql).bind(id).fetch_optional(&self.pool).await?;
        let user = row.as_ref().map(UserRecord::from_row).transpose()?;
        if let Some(u) = &user {
            self.users.fill(id, u.clone(), epoch, |_, _| false);
        }
        Ok(user)
    }

    /// Runs a write to user `id`'s row, dropping the cached copy.
    async fn write_user(&self, id: i64, q: super::Query<'_>) -> Result<()> {
        expect_one(self.write_through(&self.users, id, q).await?)
    }

    /// Sets the `/lang` choice (`None` = follow the Telegram client language).
    ///
    /// # Errors
    /// [`StorageError::NotFound`] if the user does not exist.
    pub async fn set_lang(&self, id: i64, lang: Option<&str>) -> Result<()> {
        self.write_user(id, sqlx::query("UPDATE users SET lang = ? WHERE id = ?").bind(lang).bind(id)).await
    }

    /// Remembers the game the user is looking at.
    ///
    /// # Errors
    /// [`StorageError::NotFound`] if the user does not exist.
    pub async fn set_last_game(&self, user_id: i64, game_id: i64) -> Result<()> {
        if self.users.get(user_id).is_some_and(|u| u.last_game_id == Some(game_id)) {
            return Ok(());
        }
        self.write_last_game(user_id, game_id).await
    }

    /// Marks the user as having blocked (or unblocked) the bot.
    ///
    /// # Errors
    /// [`StorageError::NotFound`] if the user does not exist.
    pub async fn set_blocked(&self, user_id: i64, blocked: bool) -> Result<()> {
        let q = sqlx::query("UPDATE users SET blocked = ? WHERE id = ?").bind(i64::from(blocked)).bind(user_id);
        self.write_user(user_id, q).await
    }
}

/// `Ok` if exactly one row was touched, `NotFound` if none.
pub(super) fn expect_one(rows_affected: u64) -> Result<()> {
    if rows_affected == 0 { Err(StorageError::NotFound) } else { Ok(()) }
}

impl Store {
    /// Sets the move-confirmation settings.
    ///
    /// # Errors
    /// [`StorageError::NotFound`] for an unknown user.
    pub async fn set_confirm(&self, id: i64, human: bool, ai: bool) -> Result<()> {
        let q = sqlx::query("UPDATE users SET confirm_human = ?, confirm_ai = ? WHERE id = ?")
            .bind(i64::from(human))
            .bind(i64::from(ai))
            .bind(id);
        self.write_user(id, q).await
    }

    /// Records a vacation: the days used in `year` and the running
    /// vacation's start and end (unix seconds).
    ///
    /// # Errors
    /// [`StorageError::NotFound`] for an unknown user.
    pub async fn set_vacation(&self, id: i64, year: i64, used: i64, from: i64, until: i64) -> Result<()> {
        let q = sqlx::query(
            "UPDATE users SET vacation_year = ?, vacation_used = ?, vacation_from = ?, vacation_until = ? WHERE id = ?",
        )
        .bind(year)
        .bind(used)
        .bind(from)
        .bind(until)
        .bind(id);
        self.write_user(id, q).await
    }
}

#[cfg(test)]
#[path = "users_tests.rs"]
mod tests;
