use std::path::PathBuf;

use sqlx::SqlitePool;

use super::*;

pub(super) const ALICE: i64 = 1001;
pub(super) const BOB: i64 = 1002;
const CAROL: i64 = 1003;

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

fn mv(ply: i64, side: &str) -> MoveRecord {
    MoveRecord { ply, side: side.into(), mv: format!("m{ply}"), combat: None, at: now() }
}

async fn count(store: &Store, table: &str) -> i64 {
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

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn users_upsert_keeps_lang(pool: SqlitePool) {
    let store = Store::from_pool(pool);
    let u = store.upsert_user(7, "Ivan", Some("ivan"), Some("ru")).await.unwrap();
    assert_eq!((u.lang, u.blocked, u.last_game_id), (None, false, None));
    store.set_lang(7, Some("en")).await.unwrap();
    store.set_blocked(7, true).await.unwrap();
    store.set_last_game(7, 42).await.unwrap();
    let u = store.upsert_user(7, "Ivan P.", None, None).await.unwrap();
    assert_eq!(u.first_name, "Ivan P.");
    assert_eq!(u.username, None);
    assert_eq!(u.tg_lang.as_deref(), Some("ru"), "tg_lang kept when not sent");
    assert_eq!(u.lang.as_deref(), Some("en"), "lang is never overwritten");
    assert_eq!(u.last_game_id, Some(42));
    assert!(!u.blocked, "writing to the bot unblocks");
    assert_eq!(store.get_user(7).await.unwrap(), Some(u));
    assert_eq!(store.get_user(8).await.unwrap(), None);
    assert!(matches!(store.set_lang(8, None).await, Err(StorageError::NotFound)));
}

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn create_and_load_round_trip(pool: SqlitePool) {
    let store = store_with_users(pool).await;
    let created = store.create_game(&new_game(ALICE, Some("INV1"))).await.unwrap();
    assert_eq!(created.status, GameStatus::Waiting);
    assert_eq!(created.version, 1);
    assert_eq!(created.days_per_move, Some(3));
    assert_eq!(created.state, None);
    assert_eq!(created.state_format, 1);
    assert_eq!(created.players, vec![PlayerRecord::new("south", ALICE)]);
    assert_eq!(created.side_of(ALICE), Some("south"));
    let loaded = store.load_game(created.id).await.unwrap().unwrap();
    assert_eq!(loaded, created);
    assert_eq!(store.load_game(created.id + 100).await.unwrap(), None);

    let by_code = store.game_by_invitation("INV1").await.unwrap();
    assert_eq!(by_code, Some(created.clone()));
    assert_eq!(store.game_by_invitation("nope").await.unwrap(), None);

    // A duplicate invitation code fails and leaves nothing behind.
    let err = store.create_game(&new_game(BOB, Some("INV1"))).await.unwrap_err();
    assert!(matches!(err, StorageError::Db(_)), "{err:?}");
    // So does an unknown creator (foreign key).
    let err = store.create_game(&new_game(999, None)).await.unwrap_err();
    assert!(matches!(err, StorageError::Db(_)), "{err:?}");
    assert_eq!(count(&store, "games").await, 1);
    assert_eq!(count(&store, "game_players").await, 1);
}

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn save_bumps_version_and_appends_moves(pool: SqlitePool) {
    let store = store_with_users(pool).await;
    let mut game = store.create_game(&new_game(ALICE, Some("X"))).await.unwrap();
    game.players.insert(0, PlayerRecord::new("north", BOB));
    game.status = GameStatus::Play;
    game.state = Some(r#"{"t":1}"#.into());
    game.turn_started_at = Some(123);
    let saved = store.save_game(&game, 1, &[mv(1, "south"), mv(2, "north")]).await.unwrap();
    assert_eq!(saved.version, 2);
    assert_eq!(saved.status, GameStatus::Play);
    assert_eq!(saved.state.as_deref(), Some(r#"{"t":1}"#));
    assert_eq!(saved.turn_started_at, Some(123));
    assert_eq!(saved.finished_at, None);
    let sides: Vec<_> = saved.players.iter().map(|p| p.side.as_str()).collect();
    assert_eq!(sides, ["south", "north"]);

    let mut next = saved.clone();
    next.player_mut("north").unwrap().setup_confirmed = true;
    next.status = GameStatus::Finished;
    next.result = Some("south-wins".into());
    let saved = store.save_game(&next, 2, &[mv(3, "south")]).await.unwrap();
    assert_eq!(saved.version, 3);
    assert!(saved.player("north").unwrap().setup_confirmed);
    assert!(saved.finished_at.is_some(), "finished_at defaults to now");
    let plies: Vec<_> = store.list_moves(game.id).await.unwrap().iter().map(|m| m.ply).collect();
    assert_eq!(plies, [1, 2, 3]);
    assert_eq!(store.game_by_invitation("X").await.unwrap().unwrap().status, GameStatus::Finished);

    // A duplicate ply rolls the whole save back.
    let err = store.save_game(&saved, 3, &[mv(3, "north")]).await.unwrap_err();
    assert!(matches!(err, StorageError::Db(_)), "{err:?}");
    assert_eq!(store.load_game(game.id).await.unwrap().unwrap().version, 3);
    assert_eq!(Store::from_pool(store.pool().clone()).list_moves(game.id).await.unwrap().len(), 3);
    // The failed transaction was ended: the next save works.
    let saved = store.save_game(&saved, 3, &[mv(4, "north")]).await.unwrap();
    assert_eq!(saved.version, 4);

    let mut ghost = saved.clone();
    ghost.id = 9999;
    assert!(matches!(store.save_game(&ghost, 4, &[]).await, Err(StorageError::NotFound)));
}

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn stale_save_conflicts_and_writes_nothing(pool: SqlitePool) {
    let store = store_with_users(pool).await;
    let game = store.create_game(&new_game(ALICE, None)).await.unwrap();
    let mut first = game.clone();
    first.state = Some("first".into());
    let after_first = store.save_game(&first, 1, &[mv(1, "south")]).await.unwrap();

    let mut stale = game.clone();
    stale.state = Some("stale".into());
    stale.players.push(PlayerRecord::new("north", BOB));
    let err = store.save_game(&stale, 1, &[mv(2, "north")]).await.unwrap_err();
    assert!(matches!(err, StorageError::Conflict), "{err:?}");
    assert_eq!(store.load_game(game.id).await.unwrap().unwrap(), after_first);
    assert_eq!(store.list_moves(game.id).await.unwrap().len(), 1);
}

/// The cached copies must equal what the database holds: a second store
/// over the same pool (empty cache) reads every record back from SQL.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn cached_records_equal_the_database(pool: SqlitePool) {
    let store = store_with_users(pool.clone()).await;
    let fresh = || Store::from_pool(pool.clone());
    let created = store.create_game(&new_game(ALICE, Some("C1"))).await.unwrap();
    assert_eq!(fresh().load_game(created.id).await.unwrap().as_ref(), Some(&created));

    // A seat added, one changed, one unchanged (not written again), moves, a finish.
    let mut g = created.clone();
    g.players.push(PlayerRecord::new("north", BOB));
    g.status = GameStatus::Setup;
    let s2 = store.save_game(&g, 1, &[]).await.unwrap();
    assert_eq!(fresh().load_game(g.id).await.unwrap().as_ref(), Some(&s2));
    let mut g = s2.clone();
    g.player_mut("north").unwrap().setup_confirmed = true;
    g.status = GameStatus::Play;
    let s3 = store.save_game(&g, 2, &[mv(1, "south")]).await.unwrap();
    assert_eq!(fresh().load_game(g.id).await.unwrap().as_ref(), Some(&s3));
    assert_eq!(store.load_game(g.id).await.unwrap().as_ref(), Some(&s3));
    let mut g = s3.clone();
    g.status = GameStatus::Finished;
    g.result = Some("north-flag".into());
    let s4 = store.save_game(&g, 3, &[]).await.unwrap();
    assert!(s4.finished_at.is_some());
    assert_eq!(fresh().load_game(g.id).await.unwrap().as_ref(), Some(&s4));

    // A save that leaves a seat out keeps it, in the cache as in the database.
    let mut partial = s4.clone();
    partial.players.retain(|p| p.side == "north");
    partial.reminders_sent = 2;
    let s5 = store.save_game(&partial, 4, &[]).await.unwrap();
    assert_eq!(s5.players.len(), 2);
    assert_eq!(fresh().load_game(g.id).await.unwrap().as_ref(), Some(&s5));

    // Users: every write is seen by the next read.
    store.set_lang(ALICE, Some("ru")).await.unwrap();
    store.set_last_game(ALICE, g.id).await.unwrap();
    store.set_confirm(ALICE, true, false).await.unwrap();
    let u = store.get_user(ALICE).await.unwrap().unwrap();
    assert_eq!((u.lang.as_deref(), u.last_game_id, u.confirm_human), (Some("ru"), Some(g.id), true));
    assert_eq!(fresh().get_user(ALICE).await.unwrap(), Some(u.clone()));
    let renamed = store.upsert_user(ALICE, "Alicia", None, None).await.unwrap();
    assert_eq!(renamed.first_name, "Alicia");
    assert_eq!(store.get_user(ALICE).await.unwrap(), Some(renamed.clone()));
    assert_eq!(fresh().get_user(ALICE).await.unwrap(), Some(renamed));
}

/// A store whose cached copy went stale (a write behind its back) still
/// cannot overwrite newer data: the version check refuses, the entry is
/// dropped, and the retry reads the database.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn a_stale_cache_conflicts_instead_of_overwriting(pool: SqlitePool) {
    let a = store_with_users(pool.clone()).await;
    let b = Store::from_pool(pool.clone());
    let g = a.create_game(&new_game(ALICE, None)).await.unwrap();
    let cached = a.load_game(g.id).await.unwrap().unwrap();
    let mut by_b = b.load_game(g.id).await.unwrap().unwrap();
    by_b.state = Some("b".into());
    b.save_game(&by_b, 1, &[]).await.unwrap();
    let mut by_a = cached.clone();
    by_a.state = Some("a".into());
    assert!(matches!(a.save_game(&by_a, 1, &[]).await, Err(StorageError::Conflict)));
    let reloaded = a.load_game(g.id).await.unwrap().unwrap();
    assert_eq!((reloaded.version, reloaded.state.as_deref()), (2, Some("b")));
    // Raw writes need forget_cached.
    sqlx::query("UPDATE games SET reminders_sent = 3").execute(a.pool()).await.unwrap();
    assert_eq!(a.load_game(g.id).await.unwrap().unwrap().reminders_sent, 0);
    a.forget_cached();
    assert_eq!(a.load_game(g.id).await.unwrap().unwrap().reminders_sent, 3);
}

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn games_of_user_ordering(pool: SqlitePool) {
    let store = store_with_users(pool).await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(store.create_game(&new_game(ALICE, None)).await.unwrap().id);
    }
    store.create_game(&new_game(CAROL, None)).await.unwrap();
    // Force distinct timestamps: games 0 and 1 finished (1 later), 2 cancelled earliest,
    // 3 and 4 ongoing (3 updated more recently).
    let set = |id: i64, status: &'static str, updated: i64, finished: Option<i64>| {
        let pool = store.pool().clone();
        async move {
            sqlx::query("UPDATE games SET status = ?, updated_at = ?, finished_at = ? WHERE id = ?")
                .bind(status)
                .bind(updated)
                .bind(finished)
                .bind(id)
                .execute(&pool)
                .await
                .unwrap();
        }
    };
    set(ids[0], "finished", 500, Some(200)).await;
    set(ids[1], "finished", 100, Some(300)).await;
    set(ids[2], "cancelled", 50, None).await;
    set(ids[3], "play", 20, None).await;
    set(ids[4], "setup", 10, None).await;

    let got: Vec<_> = store.games_of_user(ALICE, 10).await.unwrap().iter().map(|g| g.id).collect();
    assert_eq!(got, [ids[3], ids[4], ids[1], ids[0], ids[2]]);
    let got: Vec<_> = store.games_of_user(ALICE, 3).await.unwrap().iter().map(|g| g.id).collect();
    assert_eq!(got, [ids[3], ids[4], ids[1]]);
    assert!(store.games_of_user(BOB, 10).await.unwrap().is_empty());
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_saves_exactly_one_wins() {
    let db = TempDb::new("race");
    let store = Store::connect(&db.url()).await.unwrap();
    store.upsert_user(ALICE, "Alice", None, None).await.unwrap();
    for round in 0..5 {
        let game = store.create_game(&new_game(ALICE, None)).await.unwrap();
        let tasks: Vec<_> = (0..2)
            .map(|i| {
                let store = store.clone();
                let mut game = game.clone();
                game.state = Some(format!("writer {i}"));
                tokio::spawn(async move { store.save_game(&game, 1, &[mv(1, "south")]).await })
            })
            .collect();
        let mut ok = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(saved) => {
                    ok += 1;
                    assert_eq!(saved.version, 2);
                }
                Err(StorageError::Conflict) => {}
                Err(e) => panic!("round {round}: unexpected {e:?}"),
            }
        }
        assert_eq!(ok, 1, "round {round}");
        assert_eq!(store.list_moves(game.id).await.unwrap().len(), 1);
    }
    store.close().await;
}

#[tokio::test]
async fn in_memory_database_works() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    store.upsert_user(ALICE, "Alice", None, None).await.unwrap();
    let game = store.create_game(&new_game(ALICE, Some("M"))).await.unwrap();
    assert_eq!(store.load_game(game.id).await.unwrap().unwrap().id, game.id);
}

#[test]
fn status_strings_round_trip() {
    for st in [GameStatus::Waiting, GameStatus::Setup, GameStatus::Play, GameStatus::Finished, GameStatus::Cancelled] {
        assert_eq!(GameStatus::parse(st.as_str()), Some(st));
    }
    assert_eq!(GameStatus::parse("Play"), None);
    assert!(GameStatus::Cancelled.is_over() && !GameStatus::Waiting.is_over());
}

/// The cached answers of the per-move path follow every write that changes them.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn cached_in_play_lists_and_followers_follow_writes(pool: SqlitePool) {
    let store = store_with_users(pool.clone()).await;
    let g = store.create_game(&new_game(ALICE, None)).await.unwrap();
    assert_eq!(store.games_in_play_of(ALICE).await.unwrap(), Vec::<i64>::new());
    assert_eq!(store.games_in_play_of(BOB).await.unwrap(), Vec::<i64>::new());
    let mut next = g.clone();
    next.players.push(PlayerRecord::new("north", BOB));
    next.status = GameStatus::Play;
    let g = store.save_game(&next, 1, &[]).await.unwrap();
    assert_eq!(store.games_in_play_of(ALICE).await.unwrap(), vec![g.id]);
    assert_eq!(store.games_in_play_of(BOB).await.unwrap(), vec![g.id]);
    let mut over = g.clone();
    over.status = GameStatus::Finished;
    store.save_game(&over, g.version, &[]).await.unwrap();
    assert_eq!(store.games_in_play_of(BOB).await.unwrap(), Vec::<i64>::new());

    assert_eq!(store.followers(g.id).await.unwrap(), (false, false));
    store.add_spectator(g.id, CAROL).await.unwrap();
    assert_eq!(store.followers(g.id).await.unwrap(), (false, true));
    let ch =
        store.challenge_for_card(&Challenge::open_card("inline:x".into(), ALICE, "classic", None, "en")).await.unwrap();
    assert!(store.link_challenge(ch.id, g.id).await.unwrap());
    assert_eq!(store.followers(g.id).await.unwrap(), (true, true));
    assert!(store.remove_spectator(g.id, CAROL).await.unwrap());
    assert_eq!(store.followers(g.id).await.unwrap(), (true, false));
    let fresh = Store::from_pool(pool);
    assert_eq!(fresh.followers(g.id).await.unwrap(), (true, false));
    assert_eq!(fresh.games_in_play_of(ALICE).await.unwrap(), Vec::<i64>::new());
}

/// A save whose caller gives up half-way leaves the store usable and its
/// caches true: the transaction is ended and the game's cached copy dropped.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn a_cancelled_save_does_not_block_the_next(pool: SqlitePool) {
    let store = store_with_users(pool.clone()).await;
    let game = store.create_game(&new_game(ALICE, None)).await.unwrap();
    let mut cancelled_count = 0;
    for ply in 1..=20 {
        let mut next = store.load_game(game.id).await.unwrap().unwrap();
        next.reminders_sent = ply;
        // Polled once or a few times, then dropped.
        let v = next.version;
        let r = tokio::time::timeout(std::time::Duration::from_micros(ply as u64 * 20), async {
            store.save_game(&next, v, &[]).await
        })
        .await;
        match r {
            Ok(r) => {
                r.unwrap();
            }
            Err(_) => cancelled_count += 1,
        }
        // As `App::with_game` does: load, change, save; reload on a conflict.
        let mut saved = None;
        for _ in 0..8 {
            let now = store.load_game(game.id).await.unwrap().unwrap();
            let mut again = now.clone();
            again.days_per_move = Some(ply);
            match store.save_game(&again, now.version, &[]).await {
                Ok(s) => {
                    saved = Some(s);
                    break;
                }
                Err(StorageError::Conflict) => tokio::task::yield_now().await,
                Err(e) => panic!("{e}"),
            }
        }
        let saved = saved.expect("a save goes through after a cancelled one");
        assert_eq!(Store::from_pool(pool.clone()).load_game(game.id).await.unwrap(), Some(saved));
    }
    assert!(cancelled_count > 0, "some save was cancelled");
}

/// Saves that wait for the writer together share one transaction; each is
/// still version-checked on its own: the stale one of two saves of the same
/// game is refused and writes nothing, the others are written.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn saves_waiting_together_share_one_transaction(pool: SqlitePool) {
    let store = store_with_users(pool.clone()).await;
    let mut games = vec![];
    for _ in 0..10 {
        games.push(store.create_game(&new_game(ALICE, None)).await.unwrap());
    }
    let before = store.save_stats();
    // The writer waits for the connection while every save is queued.
    let hold = store.hot().await.unwrap();
    let mut tasks = vec![];
    for (i, game) in games.iter().enumerate() {
        let mut next = game.clone();
        next.state = Some(format!("moved {i}"));
        tasks.push(spawn_save(&store, next, 1, mv(1, "south")));
    }
    let mut stale = games[0].clone();
    stale.state = Some("stale".into());
    let stale = spawn_save(&store, stale, 1, mv(1, "north"));
    let_every_task_run().await;
    drop(hold);
    for (i, task) in tasks.into_iter().enumerate() {
        let saved = task.await.unwrap().unwrap();
        assert_eq!((saved.version, saved.state), (2, Some(format!("moved {i}"))));
    }
    assert!(matches!(stale.await.unwrap(), Err(StorageError::Conflict)));
    let after = store.save_stats();
    assert_eq!((after.transactions - before.transactions, after.saves - before.saves), (1, 11));
    let fresh = Store::from_pool(pool);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(fresh.load_game(game.id).await.unwrap(), store.load_game(game.id).await.unwrap());
        let moves = fresh.list_moves(game.id).await.unwrap();
        assert_eq!(moves.iter().map(|m| m.side.as_str()).collect::<Vec<_>>(), ["south"], "game {i}");
    }
}

/// A user's last game is written by the writer, in the same transaction as
/// the saves waiting with it (no write of its own competing for SQLite's
/// write lock); one for a user who does not exist fails alone.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn last_games_are_written_with_the_saves(pool: SqlitePool) {
    let store = store_with_users(pool.clone()).await;
    let game = store.create_game(&new_game(ALICE, None)).await.unwrap();
    assert_eq!(store.get_user(BOB).await.unwrap().unwrap().last_game_id, None, "cached before");
    let before = store.save_stats();
    let hold = store.hot().await.unwrap();
    let mut next = game.clone();
    next.state = Some("moved".into());
    let save = spawn_save(&store, next, 1, mv(1, "south"));
    let last = |user: i64| {
        let store = store.clone();
        tokio::spawn(async move { store.set_last_game(user, game.id).await })
    };
    let (alice, bob) = (last(ALICE), last(BOB));
    let_every_task_run().await;
    drop(hold);
    assert_eq!(save.await.unwrap().unwrap().version, 2);
    alice.await.unwrap().unwrap();
    bob.await.unwrap().unwrap();
    let after = store.save_stats();
    assert_eq!((after.transactions - before.transactions, after.saves - before.saves), (1, 3));
    let fresh = Store::from_pool(pool);
    for user in [ALICE, BOB] {
        assert_eq!(fresh.get_user(user).await.unwrap().unwrap().last_game_id, Some(game.id));
        assert_eq!(store.get_user(user).await.unwrap().unwrap().last_game_id, Some(game.id), "no stale cache");
    }
    assert!(matches!(store.set_last_game(4242, game.id).await, Err(StorageError::NotFound)));
}

/// Saves `game` (expected at `version`, with `mv`) on a task of its own.
fn spawn_save(
    store: &Store,
    game: GameRecord,
    version: i64,
    mv: MoveRecord,
) -> tokio::task::JoinHandle<Result<GameRecord>> {
    let store = store.clone();
    tokio::spawn(async move { store.save_game(&game, version, &[mv]).await })
}

/// Lets every spawned task of this (one-thread) test runtime run until it
/// waits: each queued save is then with the writer.
async fn let_every_task_run() {
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
}

/// A failing save in a batch (a duplicate ply) rolls the batch back; its
/// saves are then written one by one, so only the faulty one fails.
#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn a_failing_save_fails_alone(pool: SqlitePool) {
    let store = store_with_users(pool.clone()).await;
    let mut games = vec![];
    for _ in 0..6 {
        let g = store.create_game(&new_game(ALICE, None)).await.unwrap();
        games.push(store.save_game(&g, 1, &[mv(1, "south")]).await.unwrap());
    }
    let before = store.save_stats();
    let hold = store.hot().await.unwrap();
    let mut tasks = vec![];
    for (i, game) in games.iter().enumerate() {
        let mut next = game.clone();
        next.state = Some(format!("second {i}"));
        // Game 3 repeats ply 1: the moves' primary key refuses it.
        let ply = if i == 3 { 1 } else { 2 };
        tasks.push(spawn_save(&store, next, 2, mv(ply, "north")));
    }
    let_every_task_run().await;
    drop(hold);
    for (i, task) in tasks.into_iter().enumerate() {
        let saved = task.await.unwrap();
        if i == 3 {
            assert!(matches!(saved, Err(StorageError::Db(_))), "{saved:?}");
        } else {
            assert_eq!(saved.unwrap().version, 3);
        }
    }
    let after = store.save_stats();
    // The rolled-back batch, then six transactions of one save.
    assert_eq!((after.transactions - before.transactions, after.saves - before.saves), (7, 6));
    let fresh = Store::from_pool(pool);
    for (i, game) in games.iter().enumerate() {
        let stored = fresh.load_game(game.id).await.unwrap().unwrap();
        assert_eq!(Some(&stored), store.load_game(game.id).await.unwrap().as_ref());
        let plies = fresh.list_moves(game.id).await.unwrap().len();
        if i == 3 {
            assert_eq!((stored.version, plies), (2, 1), "nothing of the faulty save");
        } else {
            assert_eq!((stored.version, plies), (3, 2));
        }
    }
}

/// The writer's connection leaves checkpoints to the store's checkpointer:
/// the write-ahead log is copied back in the background, also while saves
/// keep coming, and is then reused from its start, so it does not grow with
/// every save.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_write_ahead_log_is_checkpointed_and_reused_under_load() {
    let db = TempDb::new("wal");
    let store = Store::connect(&db.url()).await.unwrap();
    store.upsert_user(ALICE, "Alice", None, None).await.unwrap();
    let mut game = store.create_game(&new_game(ALICE, None)).await.unwrap();
    let wal = {
        let mut p = db.0.clone().into_os_string();
        p.push("-wal");
        PathBuf::from(p)
    };
    // Saves one after another, about a thousand a second (the bot's load
    // target), for several checkpoint periods. (Unpaced, tens of thousands
    // a second on a machine busy with other work, the log outgrew what the
    // checkpoints copied back; the bot never saves that fast.)
    let start = std::time::Instant::now();
    let mut saves = 0;
    let mut pace = tokio::time::interval(std::time::Duration::from_millis(1));
    while start.elapsed() < std::time::Duration::from_millis(2000) {
        pace.tick().await;
        saves += 1;
        game.state = Some(format!("{saves:0>900}")); // a row of about 1 KB, like a real state
        game = store.save_game(&game, game.version, &[mv(saves, "south")]).await.unwrap();
    }
    // Each time the log is reused from its start, its header's checkpoint
    // sequence number (bytes 12..16, big-endian) goes up by one.
    let log = std::fs::read(&wal).unwrap();
    let restarts = u32::from_be_bytes(log[12..16].try_into().unwrap());
    assert!(saves > 1000, "{saves} saves");
    assert!(restarts >= 2, "after {saves} saves the log was reused {restarts} times");
    // Each save appends at least two pages (the game's, the moves'): a log
    // never reused would hold them all. (How much less it holds depends on
    // when the checkpointer caught up, which a busy machine delays: the
    // reuse counted above is the firm check, this bound only a loose one.)
    let size = log.len() as u64;
    let appended = saves as u64 * 2 * 4096;
    assert!(size < appended, "{saves} saves appended at least {appended} bytes; the log has {size}");
    store.close().await;
}

/// Closing the store writes the saves already asked for, then refuses new ones.
#[tokio::test]
async fn close_writes_what_was_asked_then_refuses() {
    let db = TempDb::new("close");
    let store = Store::connect(&db.url()).await.unwrap();
    store.upsert_user(ALICE, "Alice", None, None).await.unwrap();
    let game = store.create_game(&new_game(ALICE, None)).await.unwrap();
    let hold = store.hot().await.unwrap();
    let mut next = game.clone();
    next.state = Some("last move".into());
    let pending = spawn_save(&store, next, 1, mv(1, "south"));
    let closing = {
        let store = store.clone();
        tokio::spawn(async move { store.close().await })
    };
    let_every_task_run().await;
    drop(hold);
    closing.await.unwrap();
    assert_eq!(pending.await.unwrap().unwrap().version, 2);
    let refused = store.save_game(&game, 2, &[]).await;
    assert!(matches!(refused, Err(StorageError::Db(sqlx::Error::PoolClosed))), "{refused:?}");
    let reopened = Store::connect(&db.url()).await.unwrap();
    let stored = reopened.load_game(game.id).await.unwrap().unwrap();
    assert_eq!((stored.version, stored.state.as_deref()), (2, Some("last move")));
    assert_eq!(reopened.list_moves(game.id).await.unwrap().len(), 1);
    reopened.close().await;
}
