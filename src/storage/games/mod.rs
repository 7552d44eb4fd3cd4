//! Games, their players, moves and invitations: creating and reading them
//! here; saving them in `writer` (the store's one writer, batching saves);
//! the statements of a save and of a seat in `jobs`.

mod jobs;
#[cfg(test)]
mod tests;
mod writer;

use sqlx::{Row, SqliteConnection};

use super::{GameRecord, MoveRecord, NewGame, PlayerRecord, Result, StorageError, Store, now};
use jobs::upsert_players;
pub use writer::{SLOW_BATCH, SaveStats};
pub(super) use writer::{SaveCounters, Writer};

impl Store {
    /// Creates a game in status `waiting`, version 1, with the creator seated and the
    /// invitation (inviter = creator) registered — all in one transaction.
    ///
    /// # Errors
    /// [`StorageError::Db`] on constraint violations: unknown creator user, bad side,
    /// duplicate invitation code. Nothing is written then.
    pub async fn create_game(&self, new: &NewGame) -> Result<GameRecord> {
        let mut conn = self.hot().await?;
        let mut tx = Store::begin_write(&mut conn).await?;
        let t = now();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (rule_set, status, version, first_player, days_per_move,
                                opponent_kind, created_at, updated_at)
             VALUES (?, 'waiting', 1, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(&new.rule_set)
        .bind(&new.first_player)
        .bind(new.days_per_move)
        .bind(&new.opponent_kind)
        .bind(t)
        .bind(t)
        .fetch_one(&mut *tx)
        .await?;
        upsert_players(&mut tx, id, &[&new.creator]).await?;
        if let Some(code) = &new.invitation_code {
            sqlx::query(
                "INSERT INTO invitations (code, game_id, inviter_id, created_at)
                 VALUES (?, ?, ?, ?)",
            )
            .bind(code)
            .bind(id)
            .bind(new.creator.user_id)
            .bind(t)
            .execute(&mut *tx)
            .await?;
        }
        let epoch = self.games.epoch();
        let game = load_on(&mut tx, id).await?.ok_or(StorageError::NotFound)?;
        tx.commit().await?;
        self.games.fill(id, game.clone(), epoch, newer_game);
        self.in_play.invalidate(new.creator.user_id);
        Ok(game)
    }

    /// Loads a game with its players (from the cache when it holds the game).
    pub async fn load_game(&self, id: i64) -> Result<Option<GameRecord>> {
        if let Some(game) = self.games.get(id) {
            return Ok(Some(game));
        }
        let mut conn = self.pool.acquire().await?;
        self.load_uncached(&mut conn, id).await
    }

    /// Loads a game from the database on `conn` and caches it.
    async fn load_uncached(&self, conn: &mut SqliteConnection, id: i64) -> Result<Option<GameRecord>> {
        let epoch = self.games.epoch();
        let game = load_on(conn, id).await?;
        if let Some(g) = &game {
            self.games.fill(id, g.clone(), epoch, newer_game);
        }
        Ok(game)
    }

    /// The game an invitation code belongs to, whatever its status
    /// (`waiting` = invitation open, `cancelled` = withdrawn, otherwise used).
    pub async fn game_by_invitation(&self, code: &str) -> Result<Option<GameRecord>> {
        let mut conn = self.pool.acquire().await?;
        let id: Option<i64> = sqlx::query_scalar("SELECT game_id FROM invitations WHERE code = ?")
            .bind(code)
            .fetch_optional(&mut *conn)
            .await?;
        match id {
            Some(id) => load_on(&mut conn, id).await,
            None => Ok(None),
        }
    }

    /// The game's moves in ply order.
    pub async fn list_moves(&self, game_id: i64) -> Result<Vec<MoveRecord>> {
        let rows = sqlx::query("SELECT ply, side, mv, combat, at FROM moves WHERE game_id = ? ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        let moves = rows.iter().map(|row| {
            Ok(MoveRecord {
                ply: row.try_get("ply")?,
                side: row.try_get("side")?,
                mv: row.try_get("mv")?,
                combat: row.try_get("combat")?,
                at: row.try_get("at")?,
            })
        });
        Ok(moves.collect::<sqlx::Result<_>>()?)
    }

    /// Up to `limit` games in which `user_id` holds a seat: ongoing ones (`waiting`, `setup`,
    /// `play`; most recently updated first), then finished/cancelled ones (most recently
    /// finished first).
    pub async fn games_of_user(&self, user_id: i64, limit: i64) -> Result<Vec<GameRecord>> {
        let mut conn = self.pool.acquire().await?;
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM games
             WHERE id IN (SELECT game_id FROM game_players WHERE user_id = ?)
             ORDER BY CASE WHEN status IN ('finished', 'cancelled') THEN 1 ELSE 0 END,
                      CASE WHEN status IN ('finished', 'cancelled')
                           THEN COALESCE(finished_at, updated_at) ELSE updated_at END DESC,
                      id DESC
             LIMIT ?",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            match self.games.get(id) {
                Some(g) => games.push(g),
                None => games.extend(self.load_uncached(&mut conn, id).await?),
            }
        }
        Ok(games)
    }

    /// Ids of the games in play (status `play`) in which `user_id` holds a
    /// seat, newest first. One indexed query; the games themselves are not loaded.
    ///
    /// # Errors
    /// [`StorageError::Db`] on a database failure.
    pub async fn games_in_play_of(&self, user_id: i64) -> Result<Vec<i64>> {
        if let Some(ids) = self.in_play.get(user_id) {
            return Ok(ids);
        }
        let epoch = self.in_play.epoch();
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT g.id FROM games g JOIN game_players p ON p.game_id = g.id
             WHERE p.user_id = ? AND g.status = 'play' ORDER BY g.id DESC",
        )
        .bind(user_id)
        // A pooled connection: on the writer's, this read (on a cache miss,
        // e.g. a player's first move after a start) would hold up the saves.
        .fetch_all(&self.pool)
        .await?;
        self.in_play.fill(user_id, ids.clone(), epoch, |_, _| false);
        Ok(ids)
    }

    /// Ids of games with a board or a "your move" notification still to
    /// deliver (`rendered_version < board_version` or `notify_pending`): what
    /// the front-end redraws after a restart.
    ///
    /// # Errors
    /// [`StorageError::Db`] on a database failure.
    pub async fn games_with_pending_delivery(&self) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT DISTINCT game_id FROM game_players
             WHERE rendered_version < board_version OR notify_pending = 1
             ORDER BY game_id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Ids of games in play against the AI (`opponent_kind` `ai:…`): after a
    /// restart the AI may owe a move in some of them.
    ///
    /// # Errors
    /// [`StorageError::Db`] on a database failure.
    pub async fn live_ai_games(&self) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM games WHERE status = 'play' AND opponent_kind LIKE 'ai:%' ORDER BY id")
            .fetch_all(&self.pool)
            .await?)
    }

    /// Games in play with a time limit (`days_per_move` set): what the
    /// correspondence clock watches. Returns `(id, days_per_move,
    /// turn_started_at, reminders_sent)`.
    ///
    /// # Errors
    /// [`StorageError::Db`] on a database failure.
    pub async fn timed_games(&self) -> Result<Vec<(i64, i64, i64, i64)>> {
        Ok(sqlx::query_as(
            "SELECT id, days_per_move, turn_started_at, reminders_sent FROM games
             WHERE status = 'play' AND days_per_move IS NOT NULL AND turn_started_at IS NOT NULL
             ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// The invitation code of a game, if it has one.
    ///
    /// # Errors
    /// [`StorageError::Db`] on a database failure.
    pub async fn invitation_code(&self, game_id: i64) -> Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT code FROM invitations WHERE game_id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?)
    }
}

/// Whether cached game `a` may replace `b`: only a newer version may.
fn newer_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.version > b.version
}
/// Loads a game and its players on one connection (or inside a transaction).
async fn load_on(conn: &mut SqliteConnection, id: i64) -> Result<Option<GameRecord>> {
    let row = sqlx::query(
        "SELECT id, rule_set, status, version, first_player, days_per_move, state, state_format,
                draw_offer, result, opponent_kind, created_at, updated_at, turn_started_at, reminders_sent, rematch_game,
                finished_at
         FROM games WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let mut game = GameRecord::from_row(&row)?;
    let rows = sqlx::query(
        "SELECT side, user_id, board_message_id, notify_message_id, setup_confirmed,
                draft_setup, selected, scroll, board_version, rendered_version, notify_pending,
                vacation_from, vacation_until
         FROM game_players WHERE game_id = ?
         ORDER BY CASE side WHEN 'south' THEN 0 ELSE 1 END",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    game.players = rows.iter().map(PlayerRecord::from_row).collect::<sqlx::Result<_>>()?;
    Ok(Some(game))
}
