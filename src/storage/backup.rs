//! `srazhenie backup FILE`: a consistent copy of the database while the bot
//! keeps running.
//!
//! SQLite's `VACUUM INTO` reads the database inside one read transaction
//! and writes a new, compact file: in WAL mode the bot's writers go on
//! meanwhile, and the copy holds exactly the commits made before it began.
//! Copying `srazhenie.db` with `cp` instead is unsafe under a running bot —
//! the latest commits may still be in `srazhenie.db-wal`.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection};

use super::{Result, StorageError};

/// What [`backup`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// The database file that was copied.
    pub source: String,
    /// Size of the backup in bytes.
    pub bytes: u64,
    /// Games in the backup.
    pub games: i64,
}

/// Writes a consistent copy of the database at `database_url` to `dest`,
/// then checks the copy (`PRAGMA quick_check`) and counts its games.
///
/// The database must exist (it is neither created nor migrated); `dest`
/// must not exist yet. Safe while the bot writes: see the module docs.
///
/// # Errors
/// [`StorageError::Db`] when the database cannot be opened, `dest` exists
/// or cannot be written, or the copy fails its check.
pub async fn backup(database_url: &str, dest: &Path) -> Result<BackupReport> {
    if dest.exists() {
        return Err(io_error(format!("{} already exists", dest.display())));
    }
    let Some(dest_text) = dest.to_str() else {
        return Err(io_error(format!("{} is not a UTF-8 path", dest.display())));
    };
    let options =
        SqliteConnectOptions::from_str(database_url)?.create_if_missing(false).busy_timeout(Duration::from_secs(10));
    let source = options.get_filename().to_string_lossy().into_owned();
    let mut conn = options.connect().await?;
    let result = sqlx::query("VACUUM INTO ?").bind(dest_text).execute(&mut conn).await;
    conn.close().await?;
    result?;
    let mut copy = SqliteConnectOptions::new()
        .filename(dest)
        .create_if_missing(false)
        .journal_mode(SqliteJournalMode::Delete)
        .connect()
        .await?;
    let check: String = sqlx::query_scalar("PRAGMA quick_check").fetch_one(&mut copy).await?;
    if check != "ok" {
        return Err(io_error(format!("the copy failed its check: {check}")));
    }
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games").fetch_one(&mut copy).await?;
    copy.close().await?;
    let bytes = std::fs::metadata(dest).map_err(|e| StorageError::Db(sqlx::Error::Io(e)))?.len();
    Ok(BackupReport { source, bytes, games })
}

fn io_error(text: String) -> StorageError {
    StorageError::Db(sqlx::Error::Io(std::io::Error::other(text)))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::super::tests::{ALICE, TempDb, new_game};
    use super::*;
    use crate::storage::Store;

    async fn count(url: &str, sql: &str) -> i64 {
        let mut c = SqliteConnectOptions::from_str(url).unwrap().connect().await.unwrap();
        let n = sqlx::query_scalar(sql).fetch_one(&mut c).await.unwrap();
        c.close().await.unwrap();
        n
    }

    /// Backups taken while games are being created are each a consistent
    /// snapshot: every game in a copy has its seat row (both are written in
    /// one transaction), and a copy taken after the writes holds them all.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn backup_under_writes_is_consistent() {
        let db = TempDb::new("backup-live");
        let store = Store::connect(&db.url()).await.unwrap();
        store.upsert_user(ALICE, "Alice", None, Some("en")).await.unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let writer = tokio::spawn({
            let (store, stop) = (store.clone(), stop.clone());
            async move {
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) || n < 50 {
                    store.create_game(&new_game(ALICE, None)).await.unwrap();
                    n += 1;
                }
                n
            }
        });
        let mut seen = Vec::new();
        for i in 0..4 {
            let copy = TempDb::new(&format!("backup-copy{i}"));
            let report = backup(&db.url(), &copy.0).await.unwrap();
            assert!(report.bytes > 0);
            let url = format!("sqlite://{}", copy.0.display());
            let orphans = count(
                &url,
                "SELECT COUNT(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id)",
            )
            .await;
            assert_eq!(orphans, 0, "a copy holds whole transactions only");
            assert_eq!(count(&url, "SELECT COUNT(*) FROM games").await, report.games);
            seen.push(report.games);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        stop.store(true, Ordering::Relaxed);
        let written = writer.await.unwrap();
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        let last = TempDb::new("backup-final");
        let report = backup(&db.url(), &last.0).await.unwrap();
        assert_eq!(report.games, written, "a copy after the writes holds them all");
        assert_eq!(report.source, db.0.display().to_string());
        store.close().await;
    }

    #[tokio::test]
    async fn refuses_to_overwrite_or_to_create() {
        let db = TempDb::new("backup-src");
        Store::connect(&db.url()).await.unwrap().close().await;
        let existing = TempDb::new("backup-existing");
        std::fs::write(&existing.0, b"keep me").unwrap();
        let e = backup(&db.url(), &existing.0).await.unwrap_err();
        assert!(e.to_string().contains("already exists"), "{e}");
        assert_eq!(std::fs::read(&existing.0).unwrap(), b"keep me");
        let missing = TempDb::new("backup-missing");
        let dest = TempDb::new("backup-dest");
        assert!(backup(&missing.url(), &dest.0).await.is_err());
        assert!(!missing.0.exists() && !dest.0.exists(), "nothing is created");
    }
}
