//! Ratings per rule-set family and the record of counted games.

use sqlx::Row;

use super::{Result, Store, now};

/// One user's rating and record in one family of rule sets.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// Telegram user id.
    pub user_id: i64,
    /// `battle`, `classic` or `duel`.
    pub family: String,
    /// Glicko-2 rating (starts at 1500).
    pub rating: f64,
    /// Glicko-2 rating deviation (starts at 350).
    pub deviation: f64,
    /// Glicko-2 volatility (starts at 0.06).
    pub volatility: f64,
    /// Finished games, AI games included.
    pub games: i64,
    /// Wins.
    pub wins: i64,
    /// Draws.
    pub draws: i64,
    /// Losses.
    pub losses: i64,
}

impl RatingRow {
    /// A new player's row: 1500 ± 350, volatility 0.06, no games.
    #[must_use]
    pub fn initial(user_id: i64, family: &str) -> RatingRow {
        RatingRow {
            user_id,
            family: family.to_owned(),
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }
}

impl Store {
    /// A user's rows, one per family they played.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn ratings_of(&self, user_id: i64) -> Result<Vec<RatingRow>> {
        let rows = sqlx::query(
            "SELECT user_id, family, rating, deviation, volatility, games, wins, draws, losses
             FROM ratings WHERE user_id = ? ORDER BY family",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(from_row(r)?)).collect()
    }

    /// Counts finished game `game_id` once: in one transaction, records it as
    /// settled and replaces the rows of `users` in `family` with what
    /// `update` makes of their current rows (initial rows for newcomers).
    /// Returns `false`, changing nothing, if the game was already counted.
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure; nothing is written then.
    pub async fn settle_game(
        &self,
        game_id: i64,
        family: &str,
        users: &[i64],
        update: impl FnOnce(Vec<RatingRow>) -> Vec<RatingRow>,
    ) -> Result<bool> {
        let mut conn = self.hot().await?;
        let mut tx = Store::begin_write(&mut conn).await?;
        let done = sqlx::query("INSERT INTO settled_games (game_id, settled_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
            .bind(game_id)
            .bind(now())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            tx.commit().await?;
            return Ok(false);
        }
        let mut current = vec![];
        for &u in users {
            let row = sqlx::query(
                "SELECT user_id, family, rating, deviation, volatility, games, wins, draws, losses
                 FROM ratings WHERE user_id = ? AND family = ?",
            )
            .bind(u)
            .bind(family)
            .fetch_optional(&mut *tx)
            .await?;
            current.push(match row {
                Some(r) => from_row(&r)?,
                None => RatingRow::initial(u, family),
            });
        }
        for r in update(current) {
            sqlx::query(
                "INSERT INTO ratings (user_id, family, rating, deviation, volatility, games, wins, draws, losses)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                 ON CONFLICT (user_id, family) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
                     wins = excluded.wins, draws = excluded.draws, losses = excluded.losses",
            )
            .bind(r.user_id)
            .bind(&r.family)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.volatility)
            .bind(r.games)
            .bind(r.wins)
            .bind(r.draws)
            .bind(r.losses)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Finished games not yet counted (to settle after a restart).
    ///
    /// # Errors
    /// [`super::StorageError::Db`] on a database failure.
    pub async fn unsettled_games(&self) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'finished'
             AND id NOT IN (SELECT game_id FROM settled_games) ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?)
    }
}

fn from_row(r: &sqlx::sqlite::SqliteRow) -> sqlx::Result<RatingRow> {
    Ok(RatingRow {
        user_id: r.try_get("user_id")?,
        family: r.try_get("family")?,
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
        games: r.try_get("games")?,
        wins: r.try_get("wins")?,
        draws: r.try_get("draws")?,
        losses: r.try_get("losses")?,
    })
}
