//! Games: creating, loading, saving with the version check, listing; the
//! store's cached copies agree with the database.

use sqlx::SqlitePool;

use crate::storage::tests::{ALICE, BOB, CAROL, TempDb, count, mv, new_game, store_with_users};
use crate::storage::*;

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
