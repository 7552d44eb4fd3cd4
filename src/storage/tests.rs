//! Fixtures shared by the storage tests, and the tests of opening a
//! database. The tests of each part sit beside it (`games/tests.rs`,
//! `games/writer_tests.rs`, `users_tests.rs`, …).

use std::path::PathBuf;

use sqlx::SqlitePool;

use super::*;

pub(super) const ALICE: i64 = 1001;
pub(super) const BOB: i64 = 1002;
pub(super) const CAROL: i64 = 1003;

pub(super) async fn store_with_users(pool: SqlitePool) -> Store {
    let store = Store::from_pool(pool);
    for (id, name) in [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")] {
        store.upsert_user(id, name, None, Some("en")).await.unwrap();
    }
    store
}

pub(super) fn new_game(creator: i64, code: Option<&str>) -> NewGame {
    NewGame {
        rule_set: "classic".into(),
        first_player: "south".into(),
        days_per_move: Some(3),
        opponent_kind: "human".into(),
        creator: PlayerRecord::new("south", creator),
        invitation_code: code.map(str::to_owned),
    }
}

pub(super) fn mv(ply: i64, side: &str) -> MoveRecord {
    MoveRecord { ply, side: side.into(), mv: format!("m{ply}"), combat: None, at: now() }
}

pub(super) async fn count(store: &Store, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(store.pool()).await.unwrap()
}

/// A unique database file under the system temp dir, removed (with WAL files) on drop.
pub(super) struct TempDb(pub(super) PathBuf);

impl TempDb {
    pub(super) fn new(name: &str) -> TempDb {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let file = format!("srazhenie-{name}-{}-{nanos}.db", std::process::id());
        TempDb(std::env::temp_dir().join(file))
    }

    pub(super) fn url(&self) -> String {
        format!("sqlite://{}?mode=rwc", self.0.display())
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut path = self.0.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fresh_file_database() {
    let db = TempDb::new("fresh");
    let store = Store::connect(&db.url()).await.unwrap();
    assert!(db.0.exists());
    let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(store.pool()).await.unwrap();
    assert_eq!(fk, 1);
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(store.pool()).await.unwrap();
    assert_eq!(mode, "wal");
    for table in ["users", "games", "game_players", "moves", "invitations", "saved_setups"] {
        assert_eq!(count(&store, table).await, 0, "{table}");
    }
    store.upsert_user(ALICE, "Alice", None, None).await.unwrap();
    store.close().await;
    // Reopening applies nothing new and keeps the data.
    let store = Store::connect(&db.url()).await.unwrap();
    assert!(store.get_user(ALICE).await.unwrap().is_some());
    store.close().await;
}

#[tokio::test]
async fn in_memory_database_works() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    store.upsert_user(ALICE, "Alice", None, None).await.unwrap();
    let game = store.create_game(&new_game(ALICE, Some("M"))).await.unwrap();
    assert_eq!(store.load_game(game.id).await.unwrap().unwrap().id, game.id);
}
