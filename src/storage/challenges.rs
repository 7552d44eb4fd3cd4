//! Challenge cards and spectators.

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Result, Store, now};

/// A challenge card in some chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Row id (used in deep links `ch_<id>`).
    pub id: i64,
    /// `inline:<id>` or `chat:<chat>:<message>`.
    pub card_key: String,
    /// Who challenges (plays South).
    pub challenger_id: i64,
    /// Rule-set name.
    pub rule_set: String,
    /// Days per move; `None` = unlimited.
    pub days_per_move: Option<i64>,
    /// The group of a group card.
    pub chat_id: Option<i64>,
    /// The card's message in that group.
    pub message_id: Option<i64>,
    /// The card's inline message id (inline mode).
    pub inline_message_id: Option<String>,
    /// Only this user may accept.
    pub target_user_id: Option<i64>,
    /// Only the user with this @username may accept.
    pub target_username: Option<String>,
    /// The card's language (the challenger's).
    pub lang: String,
    /// Who pressed Accept without having started the bot yet.
    pub acceptor_id: Option<i64>,
    /// The game, once accepted.
    pub game_id: Option<i64>,
    /// The card's current text.
    pub card_text: Option<String>,
    /// When the card was last edited, unix seconds.
    pub card_updated_at: Option<i64>,
}

impl Challenge {
    /// A new, open card: `card_key` names it, the rest is filled in by the caller.
    #[must_use]
    pub fn open_card(
        card_key: String,
        challenger_id: i64,
        rule_set: &str,
        days_per_move: Option<i64>,
        lang: &str,
    ) -> Challenge {
        Challenge {
            id: 0,
            card_key,
            challenger_id,
            rule_set: rule_set.to_owned(),
            days_per_move,
            chat_id: None,
            message_id: None,
            inline_message_id: None,
            target_user_id: None,
            target_username: None,
            lang: lang.to_owned(),
            acceptor_id: None,
            game_id: None,
            card_text: None,
            card_updated_at: None,
        }
    }
}

const COLUMNS: &str = "id, card_key, challenger_id, rule_set, days_per_move, chat_id, message_id, inline_message_id, \
     target_user_id, target_username, lang, acceptor_id, game_id, card_text, card_updated_at";

fn from_row(r: &SqliteRow) -> sqlx::Result<Challenge> {
    Ok(Challenge {
        id: r.try_get("id")?,
        card_key: r.try_get("card_key")?,
        challenger_id: r.try_get("challenger_id")?,
        rule_set: r.try_get("rule_set")?,
        days_per_move: r.try_get("days_per_move")?,
        chat_id: r.try_get("chat_id")?,
        message_id: r.try_get("message_id")?,
        inline_message_id: r.try_get("inline_message_id")?,
        target_user_id: r.try_get("target_user_id")?,
        target_username: r.try_get("target_username")?,
        lang: r.try_get("lang")?,
        acceptor_id: r.try_get("acceptor_id")?,
        game_id: r.try_get("game_id")?,
        card_text: r.try_get("card_text")?,
        card_updated_at: r.try_get("card_updated_at")?,
    })
}

impl Store {
    /// The challenge of a card, creating it from `new` the first time (the
    /// same card always gives the same row).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn challenge_for_card(&self, new: &Challenge) -> Result<Challenge> {
        sqlx::query(
            "INSERT INTO challenges (card_key, challenger_id, rule_set, days_per_move, chat_id, message_id,
                 inline_message_id, target_user_id, target_username, lang, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (card_key) DO NOTHING",
        )
        .bind(&new.card_key)
        .bind(new.challenger_id)
        .bind(&new.rule_set)
        .bind(new.days_per_move)
        .bind(new.chat_id)
        .bind(new.message_id)
        .bind(&new.inline_message_id)
        .bind(new.target_user_id)
        .bind(&new.target_username)
        .bind(&new.lang)
        .bind(now())
        .execute(&self.pool)
        .await?;
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE card_key = ?"))
            .bind(&new.card_key)
            .fetch_one(&self.pool)
            .await?;
        Ok(from_row(&row)?)
    }

    /// A challenge by id.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn challenge(&self, id: i64) -> Result<Option<Challenge>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(from_row).transpose()?)
    }

    /// The challenge that led to `game_id`, if any.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn challenge_of_game(&self, game_id: i64) -> Result<Option<Challenge>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE game_id = ?"))
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(from_row).transpose()?)
    }

    /// Links a challenge to its game, only if nobody was faster. Returns
    /// whether this call won.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn link_challenge(&self, id: i64, game_id: i64) -> Result<bool> {
        let q =
            sqlx::query("UPDATE challenges SET game_id = ? WHERE id = ? AND game_id IS NULL").bind(game_id).bind(id);
        Ok(self.write_through(&self.followers, game_id, q).await? == 1)
    }

    /// Remembers who pressed Accept before starting the bot.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn set_challenge_acceptor(&self, id: i64, user_id: i64) -> Result<()> {
        sqlx::query("UPDATE challenges SET acceptor_id = ? WHERE id = ?")
            .bind(user_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records what the card shows now.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn set_card(&self, id: i64, text: &str) -> Result<()> {
        sqlx::query("UPDATE challenges SET card_text = ?, card_updated_at = ? WHERE id = ?")
            .bind(text)
            .bind(now())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Games whose public card may show an older state than the game (an
    /// edit held back by the card's window is lost on a restart): a card
    /// of a game in setup or play, or one still showing play (🎯) of a
    /// game that has ended. Ascending ids.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn games_with_cards_to_check(&self) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT c.game_id FROM challenges c JOIN games g ON g.id = c.game_id
             WHERE (c.message_id IS NOT NULL OR c.inline_message_id IS NOT NULL)
               AND (g.status IN ('setup', 'play') OR c.card_text LIKE '%🎯%')
             ORDER BY c.game_id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// The games challenged in a group, newest first.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn challenges_in_chat(&self, chat_id: i64, limit: i64) -> Result<Vec<Challenge>> {
        let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE chat_id = ? ORDER BY id DESC LIMIT ?"))
            .bind(chat_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(from_row).collect::<sqlx::Result<_>>()?)
    }

    /// Marks that the user opened a private chat with the bot.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn set_started(&self, user_id: i64) -> Result<()> {
        if self.users.get(user_id).is_some_and(|u| u.started) {
            return Ok(());
        }
        let q = sqlx::query("UPDATE users SET started = 1 WHERE id = ?").bind(user_id);
        self.write_through(&self.users, user_id, q).await?;
        Ok(())
    }

    /// Whether the user opened a private chat with the bot.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn has_started(&self, user_id: i64) -> Result<bool> {
        Ok(self.get_user(user_id).await?.is_some_and(|u| u.started))
    }

    /// Adds (or keeps) a spectator of a game.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn add_spectator(&self, game_id: i64, user_id: i64) -> Result<()> {
        let q = sqlx::query("INSERT INTO spectators (game_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING")
            .bind(game_id)
            .bind(user_id);
        self.write_through(&self.followers, game_id, q).await?;
        Ok(())
    }

    /// Removes a spectator; returns whether they were watching.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn remove_spectator(&self, game_id: i64, user_id: i64) -> Result<bool> {
        let q = sqlx::query("DELETE FROM spectators WHERE game_id = ? AND user_id = ?").bind(game_id).bind(user_id);
        Ok(self.write_through(&self.followers, game_id, q).await? == 1)
    }

    /// Whether anything outside the two players follows game `game_id`:
    /// `(a challenge card, spectators)`. One query, so that a move of a game
    /// nobody else follows costs no more.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn followers(&self, game_id: i64) -> Result<(bool, bool)> {
        if let Some(f) = self.followers.get(game_id) {
            return Ok(f);
        }
        let epoch = self.followers.epoch();
        let f = sqlx::query_as(
            "SELECT EXISTS (SELECT 1 FROM challenges WHERE game_id = ?1),
                    EXISTS (SELECT 1 FROM spectators WHERE game_id = ?1)",
        )
        .bind(game_id)
        // A pooled connection, not the writer's (see `games_in_play_of`).
        .fetch_one(&self.pool)
        .await?;
        self.followers.fill(game_id, f, epoch, |_, _| false);
        Ok(f)
    }

    /// The spectators of a game: `(user_id, message_id, rendered_version)`.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn spectators(&self, game_id: i64) -> Result<Vec<(i64, Option<i64>, i64)>> {
        Ok(sqlx::query_as(
            "SELECT user_id, message_id, rendered_version FROM spectators WHERE game_id = ? ORDER BY user_id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Records a spectator board delivered.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn set_spectator_board(
        &self,
        game_id: i64,
        user_id: i64,
        message_id: Option<i64>,
        version: i64,
    ) -> Result<()> {
        sqlx::query("UPDATE spectators SET message_id = ?, rendered_version = MAX(rendered_version, ?) WHERE game_id = ? AND user_id = ?")
            .bind(message_id)
            .bind(version)
            .bind(game_id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
