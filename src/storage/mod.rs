//! Persistent storage (sqlx + SQLite; SQL kept portable for a later Postgres port).
//!
//! Storage knows nothing about the rules: engine state is opaque JSON text, sides are the
//! strings `"south"` / `"north"`. All timestamps are unix seconds ([`now`]).
//!
//! Games use optimistic locking: [`Store::load_game`] returns a [`GameRecord`] with a
//! `version`; [`Store::save_game`] writes it back only if the row still has that version,
//! otherwise it fails with [`StorageError::Conflict`] and the caller reloads and retries.

mod backup;
mod cache;
mod challenges;
mod games;
mod questions;
mod ratings;
mod records;
mod setups;
mod users;

#[cfg(test)]
mod tests;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{SqliteConnection, SqlitePool};

pub use backup::{BackupReport, backup};
pub use challenges::Challenge;
pub use games::{SLOW_BATCH, SaveStats};
pub use questions::{Question, QuestionIntent};
pub use ratings::RatingRow;
pub use records::{GameRecord, GameStatus, MoveRecord, NewGame, PlayerRecord};
pub use setups::{SavedSetup, SetupPrompt};
pub use users::UserRecord;

/// The embedded migrations of `migrations/` (applied by [`Store::connect`]).
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// Storage failures.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// Optimistic-lock failure: the game was changed since it was loaded. Nothing was written;
    /// reload and retry (or tell the user).
    #[error("the game was modified concurrently")]
    Conflict,
    /// The row to update does not exist.
    #[error("not found")]
    NotFound,
    /// Any database error (connection, constraint violation, corrupt value, ...).
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// Applying the migrations failed.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// Result alias for storage operations.
pub type Result<T, E = StorageError> = std::result::Result<T, E>;

/// Current time as unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Handle to the database; cheap to clone (wraps a connection pool and the
/// read caches of games and users, see `cache.rs`: the process must be the
/// database's only writer, and writes must go through the store — after
/// writing through [`Store::pool`], call [`Store::forget_cached`]).
#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
    games: Arc<cache::Cache<GameRecord>>,
    users: Arc<cache::Cache<UserRecord>>,
    /// [`Store::followers`] by game id.
    followers: Arc<cache::Cache<(bool, bool)>>,
    /// [`Store::games_in_play_of`] by user id.
    in_play: Arc<cache::Cache<Vec<i64>>>,
    hot: Arc<tokio::sync::Mutex<Hot>>,
    /// The thread that writes saves in batches (see `games.rs`,
    /// [`Store::save_game`]); started by the first save.
    writer: Arc<std::sync::Mutex<games::Writer>>,
    /// An in-memory database: one connection, no file, no WAL.
    in_memory: bool,
    /// What the writer did so far (see [`Store::save_stats`]).
    save_stats: Arc<games::SaveCounters>,
}

/// The connection of the per-move path (see [`Store::hot`]).
enum Hot {
    /// Not opened yet.
    Unopened,
    /// Open.
    Open(SqliteConnection),
    /// An in-memory database: a second connection would not share it, so
    /// the pool serves these statements too.
    UsePool,
}

/// A connection for a few statements: the store's own hot connection, or
/// one checked out of the pool.
struct Conn {
    kind: ConnKind,
    /// The games whose transaction [`Conn::run_in_transaction`] is running:
    /// set only while it runs, so a caller cancelled meanwhile leaves it set
    /// and the drop cleans up (see `Drop`).
    dirty: Vec<i64>,
    store: Store,
}

enum ConnKind {
    /// The hot connection, held for the caller's statements.
    Hot(tokio::sync::OwnedMutexGuard<Hot>),
    /// A pooled connection.
    Pooled(sqlx::pool::PoolConnection<sqlx::Sqlite>),
    /// Handed to the clean-up task.
    Gone,
}

impl Conn {
    /// Runs `q`, a multi-statement query that begins and commits its own
    /// transaction on `games`, and returns its rows. On an error the
    /// transaction is rolled back.
    async fn run_in_transaction<'q>(
        &mut self,
        games: impl IntoIterator<Item = i64>,
        q: Query<'q>,
    ) -> Result<Vec<sqlx::sqlite::SqliteRow>> {
        self.dirty = games.into_iter().collect();
        let rows = q.fetch_all(&mut **self).await;
        if rows.is_err() {
            let _ = sqlx::query("ROLLBACK").execute(&mut **self).await;
        }
        self.dirty.clear();
        Ok(rows?)
    }
}

impl Drop for Conn {
    /// A caller cancelled inside [`Conn::run_in_transaction`] may have left
    /// the transaction open, or committed it without updating the caches:
    /// a task that keeps the connection rolls back (a no-op after a commit),
    /// then drops the game's cached copy and the in-play lists.
    fn drop(&mut self) {
        let games = std::mem::take(&mut self.dirty);
        if games.is_empty() {
            return;
        }
        let Ok(rt) = tokio::runtime::Handle::try_current() else { return };
        let kind = std::mem::replace(&mut self.kind, ConnKind::Gone);
        let store = self.store.clone();
        rt.spawn(async move {
            let rollback = sqlx::query("ROLLBACK");
            match kind {
                ConnKind::Hot(mut g) => {
                    if let Hot::Open(c) = &mut *g {
                        let _ = rollback.execute(c).await;
                    }
                }
                ConnKind::Pooled(mut c) => {
                    let _ = rollback.execute(&mut *c).await;
                }
                ConnKind::Gone => {}
            }
            for game in games {
                store.games.invalidate(game);
            }
            store.in_play.clear();
        });
    }
}

impl std::ops::Deref for Conn {
    type Target = SqliteConnection;
    fn deref(&self) -> &SqliteConnection {
        match &self.kind {
            ConnKind::Hot(g) => match &**g {
                Hot::Open(c) => c,
                _ => unreachable!("a hot guard is handed out only when open"),
            },
            ConnKind::Pooled(c) => c,
            ConnKind::Gone => unreachable!("gone only in drop"),
        }
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        match &mut self.kind {
            ConnKind::Hot(g) => match &mut **g {
                Hot::Open(c) => c,
                _ => unreachable!("a hot guard is handed out only when open"),
            },
            ConnKind::Pooled(c) => c,
            ConnKind::Gone => unreachable!("gone only in drop"),
        }
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("pool", &self.pool).finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (creating if missing) the database at `database_url`
    /// (e.g. `sqlite://srazhenie.db?mode=rwc`, `sqlite::memory:`) and applies migrations.
    ///
    /// Connections use WAL journaling, foreign keys, a 5 s busy timeout and
    /// `synchronous = NORMAL`. An in-memory database gets a single, never-recycled connection
    /// (each SQLite connection would otherwise see its own empty database).
    ///
    /// # Errors
    /// [`StorageError::Db`] for a bad URL or an unopenable file, [`StorageError::Migrate`] if
    /// the migrations fail (e.g. the database was changed by a newer version).
    pub async fn connect(database_url: &str) -> Result<Store> {
        let options = SqliteConnectOptions::from_str(database_url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5))
            .synchronous(SqliteSynchronous::Normal);
        let in_memory = database_url.contains(":memory:") || database_url.contains("mode=memory");
        let pool_options = if in_memory {
            SqlitePoolOptions::new().max_connections(1).min_connections(1).idle_timeout(None).max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(4)
        };
        // A local file cannot drop a connection as a network server can: no
        // round trip to test each connection before it is handed out.
        let pool_options = pool_options.test_before_acquire(false);
        let pool = pool_options.connect_with(options).await?;
        MIGRATOR.run(&pool).await?;
        let mut store = Store::from_pool(pool);
        store.in_memory |= in_memory;
        if in_memory {
            *store.hot.lock().await = Hot::UsePool;
        }
        Ok(store)
    }

    /// Wraps an existing pool whose schema is already migrated (tests, `#[sqlx::test]`).
    pub fn from_pool(pool: SqlitePool) -> Store {
        let name = pool.connect_options().get_filename().to_string_lossy().into_owned();
        Store {
            in_memory: name == ":memory:" || name.starts_with("file:sqlx-in-memory"),
            pool,
            games: Arc::new(cache::Cache::new(cache::GAME_CAPACITY)),
            users: Arc::new(cache::Cache::new(cache::USER_CAPACITY)),
            followers: Arc::new(cache::Cache::new(cache::GAME_CAPACITY)),
            in_play: Arc::new(cache::Cache::new(cache::USER_CAPACITY)),
            hot: Arc::new(tokio::sync::Mutex::new(Hot::Unopened)),
            writer: Arc::default(),
            save_stats: Arc::default(),
        }
    }

    /// The connection for the statements of a move (its write transactions
    /// and the two small reads around them), taken in turn by one caller at
    /// a time. SQLite has one writer anyway; a connection of our own spares
    /// each statement the pool's check-out and the test query sqlx runs on
    /// every connection given back to a pool. Opened on first use with the
    /// pool's options; an in-memory database uses the pool instead.
    async fn hot(&self) -> Result<Conn> {
        let mut guard = self.hot.clone().lock_owned().await;
        if matches!(*guard, Hot::Unopened) {
            // Its page cache holds what moves touch (games, seats, the last
            // moves): up to 64 MiB, taken only as the database grows, where
            // SQLite's default 2 MiB made most saves read pages back. It does
            // not checkpoint the WAL: the store's writer has that done on
            // another connection (`games.rs`, `checkpoint_wal`), and saves
            // no longer wait for it.
            let options =
                (*self.pool.connect_options()).clone().pragma("cache_size", "-65536").pragma("wal_autocheckpoint", "0");
            *guard =
                if self.in_memory { Hot::UsePool } else { Hot::Open(sqlx::ConnectOptions::connect(&options).await?) };
        }
        let kind = match *guard {
            Hot::Open(_) => ConnKind::Hot(guard),
            _ => {
                drop(guard);
                ConnKind::Pooled(self.pool.acquire().await?)
            }
        };
        Ok(Conn { kind, dirty: Vec::new(), store: self.clone() })
    }

    /// Forgets every cached game and user, so the next reads come from the
    /// database (needed only after writing through [`Store::pool`]).
    pub fn forget_cached(&self) {
        self.games.clear();
        self.users.clear();
        self.followers.clear();
        self.in_play.clear();
    }

    /// The underlying pool, for ad-hoc queries.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// Closes all connections (checkpoints the WAL); call once at shutdown.
    /// Saves already asked for are written first; later ones fail with
    /// [`StorageError::Db`] (`PoolClosed`).
    pub async fn close(&self) {
        self.stop_writer().await;
        let hot = std::mem::replace(&mut *self.hot.lock().await, Hot::UsePool);
        if let Hot::Open(c) = hot {
            let _ = sqlx::Connection::close(c).await;
        }
        self.pool.close().await;
    }

    /// Runs the one-statement write `q` through the pool and drops `id`
    /// from `cache` before and after it (between the write and the second
    /// drop nobody may act on the old cached value; see `cache.rs`).
    /// Returns the rows changed.
    async fn write_through<V: Clone>(&self, cache: &cache::Cache<V>, id: i64, q: Query<'_>) -> Result<u64> {
        cache.invalidate(id);
        let done = q.execute(&self.pool).await;
        cache.invalidate(id);
        Ok(done?.rows_affected())
    }

    /// Begins a write transaction on `conn` that takes the SQLite write lock
    /// immediately, so concurrent writers queue on the busy timeout instead
    /// of failing on lock upgrade.
    async fn begin_write(conn: &mut Conn) -> Result<sqlx::Transaction<'_, sqlx::Sqlite>> {
        Ok(sqlx::Connection::begin_with(&mut **conn, "BEGIN IMMEDIATE").await?)
    }
}

/// A query with its bound arguments.
type Query<'q> = sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'q>>;

/// Converts an SQLite 0/1 integer to `bool`.
fn int_bool(v: i64) -> bool {
    v != 0
}
