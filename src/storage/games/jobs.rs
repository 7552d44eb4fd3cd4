//! The statements of the writer's jobs: a game's save (version-checked,
//! with its changed seats and new moves) and a user's last game; and the
//! upsert of seats.

use sqlx::SqliteConnection;

use crate::storage::{GameRecord, MoveRecord, PlayerRecord, Query, Result, StorageError};

/// One write waiting for the writer.
pub(super) enum Job {
    /// A game's save.
    Save(Box<SaveJob>),
    /// A user's last game.
    LastGame(LastGameJob),
}

/// `users.last_game_id` to set (see [`Store::write_last_game`]).
pub(super) struct LastGameJob {
    pub(super) user_id: i64,
    pub(super) game_id: i64,
    pub(super) reply: tokio::sync::oneshot::Sender<Result<()>>,
}

impl Job {
    /// The game this job writes, if it is a save.
    pub(super) fn game_id(&self) -> Option<i64> {
        match self {
            Job::Save(job) => Some(job.game.id),
            Job::LastGame(_) => None,
        }
    }

    /// Appends the job's statements (without BEGIN and COMMIT); the first
    /// returns a row (the bound marker) when it found its row.
    pub(super) fn push_sql(&self, sql: &mut String) {
        match self {
            Job::Save(job) => job.push_sql(sql),
            Job::LastGame(_) => sql.push_str("UPDATE users SET last_game_id = ? WHERE id = ? RETURNING ?;"),
        }
    }

    /// Binds the parameters of [`Job::push_sql`]; `marker` as there.
    pub(super) fn bind<'q>(&'q self, q: Query<'q>, marker: i64) -> Query<'q> {
        match self {
            Job::Save(job) => job.bind(q, marker),
            Job::LastGame(job) => q.bind(job.game_id).bind(job.user_id).bind(marker),
        }
    }

    /// Answers the job with `error` (nothing was written).
    pub(super) fn fail(self, error: StorageError) {
        match self {
            Job::Save(job) => {
                let _ = job.reply.send(Err(error));
            }
            Job::LastGame(job) => {
                let _ = job.reply.send(Err(error));
            }
        }
    }
}

/// One save waiting for the writer: the record, what the cache held of
/// `expected_version` when it was asked, and where the answer goes.
pub(super) struct SaveJob {
    pub(super) game: GameRecord,
    pub(super) expected_version: i64,
    pub(super) new_moves: Vec<MoveRecord>,
    /// The games cache's generation when the save was asked (see
    /// `Cache::put`).
    pub(super) generation: u64,
    /// The cached copy of `expected_version`, if the cache held it.
    pub(super) before: Option<GameRecord>,
    /// Indices in `game.players` of the seats that differ from `before`.
    pub(super) changed: Vec<usize>,
    /// Now (unix seconds): the new `updated_at`.
    pub(super) t: i64,
    /// `finished_at` as written.
    pub(super) finished_at: Option<i64>,
    pub(super) reply: tokio::sync::oneshot::Sender<Result<GameRecord>>,
}

impl SaveJob {
    /// Appends this save's statements, without BEGIN and COMMIT: the
    /// version-checked UPDATE, whose RETURNING row (a bound marker) says it
    /// matched, then the changed seats and the moves, each run only if the
    /// statement before it changed a row (`changes()`), so a version
    /// conflict writes nothing.
    fn push_sql(&self, sql: &mut String) {
        sql.push_str(
            "UPDATE games SET rule_set = ?, status = ?, first_player = ?, days_per_move = ?,
                 state = ?, state_format = ?, draw_offer = ?, result = ?, opponent_kind = ?,
                 turn_started_at = ?, finished_at = ?, reminders_sent = ?, rematch_game = ?,
                 version = version + 1, updated_at = ?
             WHERE id = ? AND version = ? RETURNING ?;",
        );
        if !self.changed.is_empty() {
            sql.push_str(&upsert_players_sql(self.changed.len(), true));
            sql.push(';');
        }
        if !self.new_moves.is_empty() {
            let rows = vec!["(?, ?, ?, ?, ?, ?)"; self.new_moves.len()].join(", ");
            sql.push_str(&format!(
                "INSERT INTO moves (game_id, ply, side, mv, combat, at)
                 SELECT * FROM (VALUES {rows}) WHERE changes() > 0;"
            ));
        }
    }

    /// Binds the parameters of [`SaveJob::push_sql`], in order; `marker` is
    /// what the UPDATE returns when it matched.
    fn bind<'q>(&'q self, q: Query<'q>, marker: i64) -> Query<'q> {
        let game = &self.game;
        let mut q = q
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
            .bind(self.finished_at)
            .bind(game.reminders_sent)
            .bind(game.rematch_game)
            .bind(self.t)
            .bind(game.id)
            .bind(self.expected_version)
            .bind(marker);
        let changed: Vec<&PlayerRecord> = self.changed.iter().map(|&i| &game.players[i]).collect();
        q = bind_players(q, game.id, &changed);
        for mv in &self.new_moves {
            q = q.bind(game.id).bind(mv.ply).bind(&mv.side).bind(&mv.mv).bind(&mv.combat).bind(mv.at);
        }
        q
    }
}
/// Inserts or fully overwrites the seats `players` of game `game_id`, all in
/// one statement (nothing to do for none).
pub(super) async fn upsert_players(conn: &mut SqliteConnection, game_id: i64, players: &[&PlayerRecord]) -> Result<()> {
    if !players.is_empty() {
        let sql = upsert_players_sql(players.len(), false);
        bind_players(sqlx::query(&sql), game_id, players).execute(&mut *conn).await?;
    }
    Ok(())
}

/// The upsert of `n` seats (bind them with [`bind_players`]); when `guarded`,
/// it runs only if the statement before it changed a row.
pub(super) fn upsert_players_sql(n: usize, guarded: bool) -> String {
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
pub(super) fn bind_players<'q>(mut q: Query<'q>, game_id: i64, players: &[&'q PlayerRecord]) -> Query<'q> {
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
