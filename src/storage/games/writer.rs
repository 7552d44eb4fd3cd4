//! The store's writer: one thread that takes every save waiting and writes
//! them in one transaction (see [`Store::save_game`]), and checkpoints the
//! write-ahead log.

use crate::storage::{Conn, GameRecord, MoveRecord, Result, StorageError, Store, now};

use super::jobs::{Job, LastGameJob, SaveJob};
use super::{load_on, newer_game};

impl Store {
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
    pub(in crate::storage) async fn write_last_game(&self, user_id: i64, game_id: i64) -> Result<()> {
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
    pub(in crate::storage) async fn stop_writer(&self) {
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
}

/// `d` in whole microseconds (for the writer's counters).
fn micros(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
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
pub(in crate::storage) struct Writer {
    /// Its queue, while it runs.
    queue: Option<Saver>,
    /// Fires when its thread has ended.
    finished: Option<tokio::sync::oneshot::Receiver<()>>,
    /// [`Store::close`] was called: no more saves.
    closed: bool,
}

/// Counters of the store's writer (see [`Store::save_stats`]).
#[derive(Debug, Default)]
pub(in crate::storage) struct SaveCounters {
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

#[cfg(test)]
#[path = "writer_tests.rs"]
mod tests;
