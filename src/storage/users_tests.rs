//! Users: the upsert keeps what the user chose.

use sqlx::SqlitePool;

use crate::storage::*;

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
