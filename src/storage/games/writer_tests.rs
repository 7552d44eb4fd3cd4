//! The store's writer: saves batched in one transaction, each still
//! version-checked; failures, cancellation, the write-ahead log, closing.

use std::path::PathBuf;

use sqlx::SqlitePool;

use crate::storage::tests::{ALICE, BOB, TempDb, mv, new_game, store_with_users};
use crate::storage::*;

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
