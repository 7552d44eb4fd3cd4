//! Games, their players, moves and invitations.

use sqlx::{Row, SqliteConnection};

use super::{Conn, GameRecord, MoveRecord, NewGame, PlayerRecord, Query, Result, StorageError, Store, now};

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
    /// Saves are written by one task of the store (started by the first
    /// save), which takes every save waiting at that moment (at most
    /// [`MAX_BATCH`]) into a single transaction: under load, many moves share
    /// one commit. Each save in it is guarded by its own version check, so a
    /// conflict in one writes nothing of it and does not disturb the others;
    /// if a statement fails, the batch is rolled back and its saves run one
    /// by one, so only the faulty one fails. A caller cancelled while waiting
    /// does not cancel its save: the answer is only not heard.
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
        let generation = self.games.generation();
        let before = self.games.get(game.id).filter(|c| c.version == expected_version);
        let changed = (0..game.players.len())
            .filter(|&i| before.as_ref().and_then(|b| b.player(&game.players[i].side)) != Some(&game.players[i]))
            .collect();
        let t = now();
        let finished_at = game.finished_at.or_else(|| game.status.is_over().then_some(t));
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job = SaveJob {
            game: game.clone(),
            expected_version,
            new_moves: new_moves.to_vec(),
            generation,
            before,
            changed,
            t,
            finished_at,
            reply,
        };
        if self.writer_queue()?.send(Job::Save(Box::new(job))).is_err() {
            return Err(StorageError::Db(sqlx::Error::WorkerCrashed));
        }
        answer.await.unwrap_or(Err(StorageError::Db(sqlx::Error::WorkerCrashed)))
    }

    /// Has the writer set `users.last_game_id` of `user_id` to `game_id`,
    /// in its next batch. Every write on the per-move path goes through the
    /// writer: a write on another connection would wait for SQLite's write
    /// lock, and the writer then for it, each on the busy handler's sleeps.
    ///
    /// # Errors
    /// [`StorageError::NotFound`] if the user does not exist.
    pub(super) async fn write_last_game(&self, user_id: i64, game_id: i64) -> Result<()> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.users.invalidate(user_id);
        if self.writer_queue()?.send(Job::LastGame(LastGameJob { user_id, game_id, reply })).is_err() {
            return Err(StorageError::Db(sqlx::Error::WorkerCrashed));
        }
        answer.await.unwrap_or(Err(StorageError::Db(sqlx::Error::WorkerCrashed)))
    }

    /// The writer's queue; starts the writer if it is not running (first
    /// save, or its thread ended after a panic).
    fn writer_queue(&self) -> Result<Saver> {
        let mut w = self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if w.closed {
            return Err(StorageError::Db(sqlx::Error::PoolClosed));
        }
        if let Some(queue) = w.queue.as_ref().filter(|q| !q.is_closed()) {
            return Ok(queue.clone());
        }
        let (queue, finished) = self.start_writer()?;
        w.queue = Some(queue.clone());
        w.finished = Some(finished);
        Ok(queue)
    }

    /// Lets the writer write what it was given, then stops it (at shutdown).
    pub(super) async fn stop_writer(&self) {
        let finished = {
            let mut w = self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            w.closed = true;
            w.queue = None; // the queue closes when the saves being sent let go of it
            w.finished.take()
        };
        if let Some(finished) = finished {
            let _ = finished.await;
        }
    }

    /// Starts the writer's thread; returns its queue and what tells when it
    /// has ended.
    ///
    /// # Errors
    /// [`StorageError::Db`] if the thread or its runtime cannot be created.
    fn start_writer(&self) -> Result<(Saver, tokio::sync::oneshot::Receiver<()>)> {
        // A thread and a runtime of its own: the writer is the one serial
        // step of every move, and on the bot's runtime each of its wake-ups
        // (rows from SQLite's thread, new saves) waited behind hundreds of
        // ready tasks; here it runs the moment it is woken.
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(sqlx::Error::Io)?;
        let (queue, rx) = tokio::sync::mpsc::unbounded_channel();
        let (done, finished) = tokio::sync::oneshot::channel();
        // The writer's handle on the store holds no sender of the queue, so
        // the queue closes, and the writer ends, with the last other handle.
        let writer = Store { writer: std::sync::Arc::default(), ..self.clone() };
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                rt.block_on(writer.write_saves(rx));
                drop(rt); // and with it the checkpointer
                let _ = done.send(());
            })
            .map_err(sqlx::Error::Io)?;
        Ok((queue, finished))
    }

    /// The writer: takes the saves waiting, and those that come while it
    /// waits for the connection, writes them as one batch, repeats.
    async fn write_saves(self, mut rx: tokio::sync::mpsc::UnboundedReceiver<Job>) {
        let catch_up = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        tokio::spawn(self.clone().checkpoint_wal(catch_up.clone()));
        // A writer before this one may have died inside a transaction.
        if let Ok(mut conn) = self.hot().await {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        }
        let mut jobs = Vec::with_capacity(MAX_BATCH);
        while rx.recv_many(&mut jobs, MAX_BATCH).await > 0 {
            let started = std::time::Instant::now();
            let mut conn = match self.hot().await {
                Ok(conn) => conn,
                Err(e) => {
                    answer_all(std::mem::take(&mut jobs), &e);
                    continue;
                }
            };
            while jobs.len() < MAX_BATCH {
                let Ok(job) = rx.try_recv() else { break };
                jobs.push(job);
            }
            self.write_batch(&mut conn, std::mem::take(&mut jobs)).await;
            if catch_up.swap(false, std::sync::atomic::Ordering::Relaxed) {
                // What was committed while the background checkpoint ran:
                // little, and no commit can come in between here, so the
                // log is then copied back whole and the next write starts
                // it from its beginning.
                let t = std::time::Instant::now();
                let _ = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&mut *conn).await;
                self.count_catch_up(t.elapsed());
            }
            self.count_batch_time(started.elapsed());
        }
    }

    fn count_catch_up(&self, took: std::time::Duration) {
        use std::sync::atomic::Ordering::Relaxed;
        self.save_stats.catch_ups.fetch_add(1, Relaxed);
        self.save_stats.catch_up_us.fetch_add(micros(took), Relaxed);
    }

    fn count_batch_time(&self, took: std::time::Duration) {
        use std::sync::atomic::Ordering::Relaxed;
        let us = micros(took);
        self.save_stats.longest_batch_us.fetch_max(us, Relaxed);
        if took > SLOW_BATCH {
            self.save_stats.slow_batches.fetch_add(1, Relaxed);
            tracing::debug!(ms = us / 1000, "slow write batch");
        }
    }

    /// How many transactions the writer has run for how many saves: under
    /// load, saves per transaction above 1 show batching at work.
    #[must_use]
    pub fn save_stats(&self) -> SaveStats {
        use std::sync::atomic::Ordering::Relaxed;
        SaveStats {
            transactions: self.save_stats.transactions.load(Relaxed),
            saves: self.save_stats.saves.load(Relaxed),
            slow_batches: self.save_stats.slow_batches.load(Relaxed),
            longest_batch_us: self.save_stats.longest_batch_us.load(Relaxed),
            catch_ups: self.save_stats.catch_ups.load(Relaxed),
            catch_up_us: self.save_stats.catch_up_us.load(Relaxed),
        }
    }

    /// Copies the write-ahead log back into the database file every
    /// [`CHECKPOINT_EVERY`], on a pooled connection. The writer's
    /// connection does not checkpoint by itself (see [`Store::hot`]): a
    /// passive checkpoint elsewhere never blocks it, so no save waits for
    /// the bulk of the copying. But while the writer commits meanwhile,
    /// such a checkpoint never catches up, and only a log copied back whole
    /// is reused from its start; so once the log holds [`CATCH_UP_FRAMES`]
    /// pages, the writer is asked (`catch_up`) to copy the rest on its own
    /// connection after its next batch. That holds the saves up (about
    /// 10 ms at 1000 moves a second), hence only every few seconds.
    async fn checkpoint_wal(self, catch_up: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        if self.in_memory {
            return;
        }
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if self.pool.is_closed() {
                return;
            }
            // (busy, frames in the log, frames copied back)
            match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(&self.pool).await {
                Ok((_, log, _)) if log >= CATCH_UP_FRAMES => {
                    catch_up.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "WAL checkpoint failed"),
            }
        }
    }

    /// Writes `jobs` in one transaction and answers each; after an error,
    /// one transaction each.
    async fn write_batch(&self, conn: &mut Conn, jobs: Vec<Job>) {
        use std::sync::atomic::Ordering::Relaxed;
        self.save_stats.saves.fetch_add(jobs.len() as u64, Relaxed);
        if jobs.len() > 1 {
            self.save_stats.transactions.fetch_add(1, Relaxed);
            conn.dirty = jobs.iter().filter_map(Job::game_id).collect();
            let matched = write_together(conn, &jobs).await;
            if matched.is_err() {
                let _ = sqlx::query("ROLLBACK").execute(&mut **conn).await;
            }
            conn.dirty.clear();
            match matched {
                Ok(matched) => {
                    for (job, matched) in jobs.into_iter().zip(matched) {
                        self.finish(conn, job, matched).await;
                    }
                    return;
                }
                // No transaction (e.g. the database stayed locked past the
                // busy timeout): one by one, each would wait as long again.
                Err(BatchError::Begin(e)) => return answer_all(jobs, &e),
                // A save failed: one by one, only that one fails.
                Err(BatchError::Save) => {}
            }
        }
        for job in jobs {
            self.write_one(conn, job).await;
        }
    }

    /// Writes one job in a transaction of its own and answers it.
    async fn write_one(&self, conn: &mut Conn, job: Job) {
        self.save_stats.transactions.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut sql = String::from("BEGIN IMMEDIATE;");
        job.push_sql(&mut sql);
        sql.push_str("COMMIT;");
        let q = job.bind(sqlx::query(&sql), 0);
        match conn.run_in_transaction(job.game_id(), q).await {
            Ok(rows) => self.finish(conn, job, !rows.is_empty()).await,
            Err(e) => job.fail(e),
        }
    }

    /// After the commit: updates the caches and answers `job`; `matched`
    /// says whether its statement found its row.
    async fn finish(&self, conn: &mut Conn, job: Job, matched: bool) {
        match job {
            Job::Save(job) => {
                let saved = self.finish_save(conn, &job, matched).await;
                let _ = job.reply.send(saved);
            }
            Job::LastGame(job) => {
                self.users.invalidate(job.user_id);
                let _ = job.reply.send(if matched { Ok(()) } else { Err(StorageError::NotFound) });
            }
        }
    }

    /// After the commit: the record as stored into the cache, or the error
    /// of a save whose version check failed.
    async fn finish_save(&self, conn: &mut Conn, job: &SaveJob, matched: bool) -> Result<GameRecord> {
        let game = &job.game;
        if !matched {
            // No row of that version. The cached copy (if any) is older than
            // the database: drop it so a retry reads anew.
            self.games.invalidate(game.id);
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = ?")
                .bind(game.id)
                .fetch_optional(&mut **conn)
                .await?;
            return Err(if exists.is_some() { StorageError::Conflict } else { StorageError::NotFound });
        }
        let saved = match &job.before {
            // The row as written: the game's fields, its seats and the seats it did not list.
            Some(before) => {
                let mut saved = game.clone();
                saved.version = job.expected_version + 1;
                saved.updated_at = job.t;
                saved.finished_at = job.finished_at;
                saved.created_at = before.created_at;
                for p in &before.players {
                    if saved.player(&p.side).is_none() {
                        saved.players.push(p.clone());
                    }
                }
                saved.players.sort_by_key(|p| p.side != "south");
                saved
            }
            // Read back while still holding the connection all game writes go through.
            None => load_on(conn, game.id).await?.ok_or(StorageError::NotFound)?,
        };
        self.games.put(game.id, saved.clone(), job.generation, newer_game);
        // Whose games are in play changes only with the status or the seats.
        let same_play = job.before.as_ref().is_some_and(|b| {
            b.status == saved.status
                && job.changed.iter().all(|&i| {
                    let p = &game.players[i];
                    b.players.iter().any(|q| q.user_id == p.user_id && q.side == p.side)
                })
        });
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
        // A pooled connection: on the writer's, this read (on a cache miss,
        // e.g. a player's first move after a start) would hold up the saves.
        .fetch_all(&self.pool)
        .await?;
        self.in_play.fill(user_id, ids.clone(), epoch, |_, _| false);
        Ok(ids)
    }
}

/// `d` in whole microseconds (for the writer's counters).
fn micros(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// Whether cached game `a` may replace `b`: only a newer version may.
fn newer_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.version > b.version
}

/// Most saves one transaction of the store's writer holds: a bound on how
/// long one batch keeps the saves that came after it waiting.
pub(super) const MAX_BATCH: usize = 64;

/// How often the write-ahead log is checkpointed (see `Store::checkpoint_wal`).
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Pages in the write-ahead log from which the writer finishes a background
/// checkpoint (see `Store::checkpoint_wal`): 64 MiB of log, two to three
/// seconds of saves at 1000 moves a second (fewer pages in tests).
const CATCH_UP_FRAMES: i64 = if cfg!(test) { 1024 } else { 16_384 };

/// The queue of the store's writer (see [`Store::save_game`]).
pub(super) type Saver = tokio::sync::mpsc::UnboundedSender<Job>;

/// The store's writer, as the store's handles see it.
#[derive(Debug, Default)]
pub(super) struct Writer {
    /// Its queue, while it runs.
    queue: Option<Saver>,
    /// Fires when its thread has ended.
    finished: Option<tokio::sync::oneshot::Receiver<()>>,
    /// [`Store::close`] was called: no more saves.
    closed: bool,
}

/// Counters of the store's writer (see [`Store::save_stats`]).
#[derive(Debug, Default)]
pub(super) struct SaveCounters {
    transactions: std::sync::atomic::AtomicU64,
    saves: std::sync::atomic::AtomicU64,
    slow_batches: std::sync::atomic::AtomicU64,
    longest_batch_us: std::sync::atomic::AtomicU64,
    catch_ups: std::sync::atomic::AtomicU64,
    catch_up_us: std::sync::atomic::AtomicU64,
}

/// What the store's writer has done since the store was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveStats {
    /// Write transactions run for saves, including batches rolled back
    /// after an error (whose saves then ran one by one).
    pub transactions: u64,
    /// Jobs answered (written, refused on a conflict, or failed): game
    /// saves, and the users' last games written with them.
    pub saves: u64,
    /// Batches that held the writer longer than [`SLOW_BATCH`] (from taking
    /// the connection to the last answer, a checkpoint catch-up included).
    pub slow_batches: u64,
    /// The longest such time so far, in microseconds.
    pub longest_batch_us: u64,
    /// Checkpoints the writer ran on its connection to finish a background
    /// one (see `Store::checkpoint_wal`).
    pub catch_ups: u64,
    /// The time of those checkpoints in all, in microseconds.
    pub catch_up_us: u64,
}

/// A batch that takes longer than this counts in [`SaveStats::slow_batches`].
pub const SLOW_BATCH: std::time::Duration = std::time::Duration::from_millis(10);

/// One write waiting for the writer.
pub(super) enum Job {
    /// A game's save.
    Save(Box<SaveJob>),
    /// A user's last game.
    LastGame(LastGameJob),
}

/// `users.last_game_id` to set (see [`Store::write_last_game`]).
pub(super) struct LastGameJob {
    user_id: i64,
    game_id: i64,
    reply: tokio::sync::oneshot::Sender<Result<()>>,
}

impl Job {
    /// The game this job writes, if it is a save.
    fn game_id(&self) -> Option<i64> {
        match self {
            Job::Save(job) => Some(job.game.id),
            Job::LastGame(_) => None,
        }
    }

    /// Appends the job's statements (without BEGIN and COMMIT); the first
    /// returns a row (the bound marker) when it found its row.
    fn push_sql(&self, sql: &mut String) {
        match self {
            Job::Save(job) => job.push_sql(sql),
            Job::LastGame(_) => sql.push_str("UPDATE users SET last_game_id = ? WHERE id = ? RETURNING ?;"),
        }
    }

    /// Binds the parameters of [`Job::push_sql`]; `marker` as there.
    fn bind<'q>(&'q self, q: Query<'q>, marker: i64) -> Query<'q> {
        match self {
            Job::Save(job) => job.bind(q, marker),
            Job::LastGame(job) => q.bind(job.game_id).bind(job.user_id).bind(marker),
        }
    }

    /// Answers the job with `error` (nothing was written).
    fn fail(self, error: StorageError) {
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
    game: GameRecord,
    expected_version: i64,
    new_moves: Vec<MoveRecord>,
    /// The games cache's generation when the save was asked (see
    /// `Cache::put`).
    generation: u64,
    /// The cached copy of `expected_version`, if the cache held it.
    before: Option<GameRecord>,
    /// Indices in `game.players` of the seats that differ from `before`.
    changed: Vec<usize>,
    /// Now (unix seconds): the new `updated_at`.
    t: i64,
    /// `finished_at` as written.
    finished_at: Option<i64>,
    reply: tokio::sync::oneshot::Sender<Result<GameRecord>>,
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

/// Runs `jobs` in one transaction: BEGIN, each save's statements (a
/// prepared statement per shape of save, kept by the connection: a batch in
/// one text would be parsed anew every time), COMMIT. Returns, per save,
/// whether its version check matched. On an error the transaction is left
/// open for the caller to roll back.
async fn write_together(conn: &mut Conn, jobs: &[Job]) -> Result<Vec<bool>, BatchError> {
    sqlx::query("BEGIN IMMEDIATE").execute(&mut **conn).await.map_err(|e| BatchError::Begin(e.into()))?;
    let mut matched = Vec::with_capacity(jobs.len());
    let mut sql = String::new();
    for job in jobs {
        sql.clear();
        job.push_sql(&mut sql);
        let rows = job.bind(sqlx::query(&sql), 0).fetch_all(&mut **conn).await;
        matched.push(!rows.map_err(|_| BatchError::Save)?.is_empty());
    }
    sqlx::query("COMMIT").execute(&mut **conn).await.map_err(|_| BatchError::Save)?;
    Ok(matched)
}

/// Why [`write_together`] failed.
enum BatchError {
    /// The transaction could not begin.
    Begin(StorageError),
    /// A statement of a save, or the commit, failed (run alone, the save
    /// meets the error again and reports it).
    Save,
}

/// Answers every job of a batch that could not be written with `error`.
fn answer_all(jobs: Vec<Job>, error: &StorageError) {
    for job in jobs {
        job.fail(StorageError::Db(sqlx::Error::Protocol(error.to_string())));
    }
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
