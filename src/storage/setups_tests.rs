use sqlx::SqlitePool;

use super::super::tests::{ALICE, BOB, store_with_users};
use super::*;

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn saved_setups_by_family(pool: SqlitePool) {
    let store = store_with_users(pool).await;
    let a = store.save_setup(ALICE, "classic", "classic", "wall", "AAA").await.unwrap();
    let b = store.save_setup(ALICE, "classic", "classic", "blitz", "BBB").await.unwrap();
    store.save_setup(ALICE, "duel", "duel", "wall", "CCC").await.unwrap();
    let bob = store.save_setup(BOB, "classic", "classic", "wall", "DDD").await.unwrap();
    // The same name from another rule set of the family replaces it.
    let a2 = store.save_setup(ALICE, "classic", "ucc", "wall", "AAA2").await.unwrap();
    assert_eq!(a2.id, a.id, "upsert by name keeps the id");
    assert_eq!((a2.code.as_str(), a2.rule_set.as_str(), a2.family.as_str()), ("AAA2", "ucc", "classic"));

    let list = store.list_setups(ALICE, "classic").await.unwrap();
    assert_eq!(list, vec![b.clone(), a2.clone()]);
    assert_eq!(store.get_setup(ALICE, a.id).await.unwrap(), Some(a2.clone()));
    assert_eq!(store.get_setup(ALICE, bob.id).await.unwrap(), None, "not the owner");

    assert!(!store.delete_setup(ALICE, bob.id).await.unwrap(), "cannot delete another's");
    assert_eq!(store.list_setups(BOB, "classic").await.unwrap(), vec![bob.clone()]);
    assert!(store.delete_setup(ALICE, b.id).await.unwrap());
    assert!(!store.delete_setup(ALICE, b.id).await.unwrap());
    assert_eq!(store.list_setups(ALICE, "classic").await.unwrap().len(), 1);

    // Renamed in place; a setup of the new name in the family is replaced,
    // one in another family is not; someone else's is not found.
    let c = store.save_setup(ALICE, "classic", "classic", "castle", "EEE").await.unwrap();
    let renamed = store.rename_setup(ALICE, a2.id, "castle").await.unwrap().unwrap();
    assert_eq!((renamed.id, renamed.name.as_str(), renamed.code.as_str()), (a2.id, "castle", "AAA2"));
    assert_eq!(store.get_setup(ALICE, c.id).await.unwrap(), None);
    assert_eq!(store.list_setups(ALICE, "duel").await.unwrap()[0].name, "wall");
    assert_eq!(store.rename_setup(ALICE, bob.id, "mine").await.unwrap(), None);
    assert_eq!(store.get_setup(BOB, bob.id).await.unwrap().unwrap().name, "wall");
}

#[sqlx::test(migrator = "crate::storage::MIGRATOR")]
async fn setup_prompts_and_the_list_message(pool: SqlitePool) {
    let store = store_with_users(pool).await;
    let save = SetupPrompt::Save { rule_set: "battle".into(), code: "CODE".into() };
    store.add_setup_prompt(ALICE, 10, ALICE, &save).await.unwrap();
    assert_eq!(store.setup_prompt(ALICE, 10, ALICE).await.unwrap(), Some(save));
    assert_eq!(store.setup_prompt(ALICE, 10, BOB).await.unwrap(), None, "asked someone else");
    // A newer question closes the older one.
    store.add_setup_prompt(ALICE, 11, ALICE, &SetupPrompt::Rename { setup_id: 5 }).await.unwrap();
    assert_eq!(store.setup_prompt(ALICE, 10, ALICE).await.unwrap(), None);
    assert_eq!(store.setup_prompt(ALICE, 11, ALICE).await.unwrap(), Some(SetupPrompt::Rename { setup_id: 5 }));
    store.remove_setup_prompt(ALICE, 11).await.unwrap();
    assert_eq!(store.setup_prompt(ALICE, 11, ALICE).await.unwrap(), None);

    assert_eq!(store.setups_list(ALICE).await.unwrap(), None);
    store.set_setups_list(ALICE, 20).await.unwrap();
    store.set_setups_list(ALICE, 21).await.unwrap();
    assert_eq!(store.setups_list(ALICE).await.unwrap(), Some(21));
    assert_eq!(store.setups_list(BOB).await.unwrap(), None);
}

/// Rows saved before families (one rule set each) stay readable: each gets
/// its family, and of two names that meet in one family neither is lost.
#[tokio::test]
async fn old_rows_get_their_family() {
    // One connection: each in-memory connection is a database of its own.
    let pool = sqlx::sqlite::SqlitePoolOptions::new().max_connections(1).connect("sqlite::memory:").await.unwrap();
    let before = [
        include_str!("../../migrations/0001_init.sql"),
        include_str!("../../migrations/0002_clock_reminders.sql"),
        include_str!("../../migrations/0003_ratings.sql"),
        include_str!("../../migrations/0004_rematch.sql"),
        include_str!("../../migrations/0005_settings_vacation.sql"),
        include_str!("../../migrations/0006_challenges_spectators.sql"),
        include_str!("../../migrations/0007_questions.sql"),
        include_str!("../../migrations/0008_user_vacation.sql"),
    ];
    for sql in before {
        sqlx::raw_sql(sql).execute(&pool).await.unwrap();
    }
    for (id, rule_set, name) in [
        (1, "battle", "mine"),
        (2, "battle-runners", "mine"),
        (3, "battle-duel", "quick"),
        (4, "classic", "mine"),
        (5, "ucc", "ucc one"),
    ] {
        sqlx::query(
            "INSERT INTO saved_setups (id, user_id, rule_set, name, code, created_at) VALUES (?, 7, ?, ?, 'C', 0)",
        )
        .bind(id)
        .bind(rule_set)
        .bind(name)
        .execute(&pool)
        .await
        .unwrap();
    }
    sqlx::raw_sql(include_str!("../../migrations/0009_setup_families.sql")).execute(&pool).await.unwrap();
    let store = Store::from_pool(pool);
    let names = |v: Vec<SavedSetup>| v.into_iter().map(|s| (s.id, s.name, s.rule_set)).collect::<Vec<_>>();
    let battle = names(store.list_setups(7, "battle").await.unwrap());
    assert_eq!(battle, [(1, "mine".into(), "battle".into()), (2, "mine 2".into(), "battle-runners".into())]);
    assert_eq!(names(store.list_setups(7, "duel").await.unwrap()), [(3, "quick".into(), "battle-duel".into())]);
    let classic = names(store.list_setups(7, "classic").await.unwrap());
    assert_eq!(classic, [(4, "mine".into(), "classic".into()), (5, "ucc one".into(), "ucc".into())]);
    // New rows continue after the old ids.
    assert_eq!(store.save_setup(7, "battle", "battle", "new", "C").await.unwrap().id, 6);
}
