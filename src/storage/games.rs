//! Games, their players, moves and invitations.

use sqlx::{Row, SqliteConnection};

use super::{GameRecord, MoveRecord, NewGame, PlayerRecord, Query, Result, StorageError, Store, now};

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

    /// Writes `game` back if its row still has `expected_version`, in one transaction:
    /// updates the game row (`version + 1`, `updated_at = now`; `finished_at` is set to now if
    /// the status is over and it is `None`), upserts every player in `game.players` (all
    /// fields, including the UI ones; rows not in the list are kept) and appends `new_moves`.
    /// Returns the record as now stored. Seats equal to the cached copy of
    /// `expected_version` are not written again (they are unchanged).
    ///
    /// # Errors
    /// * [`StorageError::Conflict`] — the version changed meanwhile; nothing was written.
    /// * [`StorageError::NotFound`] — no game with `game.id`.
    /// * [`StorageError::Db`] — e.g. a duplicate `ply`; nothing was written.
    pub async fn save_game(
        &self,
        game: &GameRecord,
        expected_version: i64,
        new_moves: &[MoveRecord],
    ) -> Result<GameRecord> {
        let epoch = self.games.epoch();
        let before = self.games.get(game.id).filter(|c| c.version == expected_version);
        let before_status = before.as_ref().map(|b| b.status);
        let before_seats: Vec<(i64, String)> = before
            .as_ref()
            .map(|b| b.players.iter().map(|p| (p.user_id, p.side.clone())).collect())
            .unwrap_or_default();
        let mut conn = self.hot().await?;
        let t = now();
        let finished_at = game.finished_at.or_else(|| game.status.is_over().then_some(t));
        let changed: Vec<&PlayerRecord> =
            game.players.iter().filter(|p| before.as_ref().and_then(|b| b.player(&p.side)) != Some(*p)).collect();
        // One round trip for the whole transaction: the version-checked UPDATE
        // (its RETURNING row says it matched), then the seats and the moves,
        // each run only if the statement before it changed a row
        // (`changes()`), so a version conflict writes nothing.
        let mut sql = String::from(
            "BEGIN IMMEDIATE;
             UPDATE games SET rule_set = ?, status = ?, first_player = ?, days_per_move = ?,
                 state = ?, state_format = ?, draw_offer = ?, result = ?, opponent_kind = ?,
                 turn_started_at = ?, finished_at = ?, reminders_sent = ?, rematch_game = ?,
                 version = version + 1, updated_at = ?
             WHERE id = ? AND version = ? RETURNING version;",
        );
        if !changed.is_empty() {
            sql.push_str(&upsert_players_sql(changed.len(), true));
            sql.push(';');
        }
        if !new_moves.is_empty() {
            let rows = vec!["(?, ?, ?, ?, ?, ?)"; new_moves.len()].join(", ");
            sql.push_str(&format!(
                "INSERT INTO moves (game_id, ply, side, mv, combat, at)
                 SELECT * FROM (VALUES {rows}) WHERE changes() > 0;"
            ));
        }
        sql.push_str("COMMIT;");
        let mut q = sqlx::query(&sql)
            .bind(&game.rule_set)
            .bind(game.status.as_str())
            .bind(&game.first_player)
            .bind(game.days_per_move)
            .bind(&game.state)
            .bind(game.state_format)
            .bind(&game.draw_offer)
            .bind(&game.result)
            .bind(&game.opponent_kind)
            .bind(game.turn_started_at)
            .bind(finished_at)
            .bind(game.reminders_sent)
            .bind(game.rematch_game)
            .bind(t)
            .bind(game.id)
            .bind(expected_version);
        q = bind_players(q, game.id, &changed);
        for mv in new_moves {
            q = q.bind(game.id).bind(mv.ply).bind(&mv.side).bind(&mv.mv).bind(&mv.combat).bind(mv.at);
        }
        if conn.run_in_transaction(game.id, q).await?.is_empty() {
            // No row of that version. The cached copy (if any) is older than
            // the database: drop it so a retry reads anew.
            self.games.invalidate(game.id);
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = ?")
                .bind(game.id)
                .fetch_optional(&mut *conn)
                .await?;
            return Err(if exists.is_some() { StorageError::Conflict } else { StorageError::NotFound });
        }
        let saved = match before {
            // The row as written: the game's fields, its seats and the seats it did not list.
            Some(before) => {
                let mut saved = game.clone();
                saved.version = expected_version + 1;
                saved.updated_at = t;
                saved.finished_at = finished_at;
                saved.created_at = before.created_at;
                for p in before.players {
                    if saved.player(&p.side).is_none() {
                        saved.players.push(p);
                    }
                }
                saved.players.sort_by_key(|p| p.side != "south");
                saved
            }
            // Read back while still holding the connection all game writes go through.
            None => load_on(&mut conn, game.id).await?.ok_or(StorageError::NotFound)?,
        };
        self.games.put(game.id, saved.clone(), epoch, newer_game);
        // Whose games are in play changes only with the status or the seats.
        let same_play = before_status == Some(saved.status)
            && changed.iter().all(|p| before_seats.contains(&(p.user_id, p.side.clone())));
        if !same_play {
            for p in &saved.players {
                self.in_play.invalidate(p.user_id);
            }
        }
        Ok(saved)
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
}

impl Store {
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
        .fetch_all(&mut *self.hot().await?)
        .await?;
        self.in_play.fill(user_id, ids.clone(), epoch, |_, _| false);
        Ok(ids)
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

/// Inserts or fully overwrites the seats `players` of game `game_id`, all in
/// one statement (nothing to do for none).
async fn upsert_players(conn: &mut SqliteConnection, game_id: i64, players: &[&PlayerRecord]) -> Result<()> {
    if !players.is_empty() {
        let sql = upsert_players_sql(players.len(), false);
        bind_players(sqlx::query(&sql), game_id, players).execute(&mut *conn).await?;
    }
    Ok(())
}

/// The upsert of `n` seats (bind them with [`bind_players`]); when `guarded`,
/// it runs only if the statement before it changed a row.
fn upsert_players_sql(n: usize, guarded: bool) -> String {
    let rows = vec!["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"; n].join(", ");
    let source =
        if guarded { format!("SELECT * FROM (VALUES {rows}) WHERE changes() > 0") } else { format!("VALUES {rows}") };
    format!(
        "INSERT INTO game_players (game_id, side, user_id, board_message_id, notify_message_id,
                                   setup_confirmed, draft_setup, selected, scroll,
                                   board_version, rendered_version, notify_pending, vacation_from, vacation_until)
         {source}
         ON CONFLICT (game_id, side) DO UPDATE SET
             user_id = excluded.user_id,
             board_message_id = excluded.board_message_id,
             notify_message_id = excluded.notify_message_id,
             setup_confirmed = excluded.setup_confirmed,
             draft_setup = excluded.draft_setup,
             selected = excluded.selected,
             scroll = excluded.scroll,
             board_version = excluded.board_version,
             rendered_version = excluded.rendered_version,
             notify_pending = excluded.notify_pending,
             vacation_from = excluded.vacation_from,
             vacation_until = excluded.vacation_until"
    )
}

/// Binds the seats of [`upsert_players_sql`], in order.
fn bind_players<'q>(mut q: Query<'q>, game_id: i64, players: &[&'q PlayerRecord]) -> Query<'q> {
    for player in players {
        q = q
            .bind(game_id)
            .bind(&player.side)
            .bind(player.user_id)
            .bind(player.board_message_id)
            .bind(player.notify_message_id)
            .bind(i64::from(player.setup_confirmed))
            .bind(&player.draft_setup)
            .bind(&player.selected)
            .bind(player.scroll)
            .bind(player.board_version)
            .bind(player.rendered_version)
            .bind(i64::from(player.notify_pending))
            .bind(player.vacation_from)
            .bind(player.vacation_until);
    }
    q
}

impl Store {
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
