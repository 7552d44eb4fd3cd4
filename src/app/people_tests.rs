//! The people and spectator use cases on a fresh database: which game a
//! setup command without a number means, invitations, watching, blocking.

use engine::RuleSetId;

use crate::app::tests::fresh_app;
use crate::app::{NewGameChoice, UserError};

const BATTLE: NewGameChoice = NewGameChoice { rules: RuleSetId::Battle, days_per_move: None };

#[tokio::test]
async fn a_setup_command_means_the_last_game_in_setup_or_the_only_one() {
    let app = fresh_app().await;
    for (id, name) in [(1, "Alice"), (2, "Bob"), (3, "Carol")] {
        app.touch_user(id, name, None, Some("en")).await.unwrap();
    }
    assert_eq!(app.current_setup_game(1).await, None, "no game at all");
    let (first, code) = app.new_game(1, BATTLE).await.unwrap();
    assert_eq!(app.waiting_invitations(1).await.unwrap(), vec![first]);
    assert_eq!(app.current_setup_game(1).await, None, "an invitation is not in setup");
    app.join(2, "Bob", &code).await.unwrap();
    assert_eq!(app.waiting_invitations(1).await.unwrap(), Vec::<i64>::new());
    assert_eq!(app.current_setup_game(1).await, Some(first), "the only game in setup");
    let (second, code) = app.new_game(1, BATTLE).await.unwrap();
    app.join(3, "Carol", &code).await.unwrap();
    app.store().set_last_game(1, second).await.unwrap();
    assert_eq!(app.current_setup_game(1).await, Some(second), "the game touched last");
    assert_eq!(app.current_setup_game(2).await, Some(first), "Bob's only game");
    assert_eq!(app.opponent_of(1, second).await.unwrap(), Some(3));
    assert_eq!(app.opponent_of(3, second).await.unwrap(), Some(1));
    assert_eq!(app.live_games_of(1).await.unwrap().iter().map(|g| g.id).collect::<Vec<_>>(), vec![second, first]);
    assert_eq!(app.first_name(3).await, "Carol");
    assert_eq!(app.first_name(99).await, "", "an unknown user has no name");
}

#[tokio::test]
async fn watching_blocking_and_settings_go_through_the_use_cases() {
    let app = fresh_app().await;
    for (id, name) in [(1, "Alice"), (2, "Bob"), (3, "Carol")] {
        app.touch_user(id, name, None, Some("en")).await.unwrap();
    }
    let (game, code) = app.new_game(1, BATTLE).await.unwrap();
    app.join(2, "Bob", &code).await.unwrap();
    assert_eq!(app.watch(1, game).await, Err(UserError::WrongPhase), "a player has a board of their own");
    assert_eq!(app.watch(3, game + 100).await, Err(UserError::NoSuchGame));
    assert_eq!(app.followers(game).await.unwrap(), (false, false));
    assert_eq!(app.watch(3, game).await.unwrap().id, game);
    assert_eq!(app.spectators(game).await.unwrap().iter().map(|s| s.0).collect::<Vec<_>>(), vec![3]);
    assert_eq!(app.followers(game).await.unwrap(), (false, true));
    app.spectator_board_shown(game, 3, Some(77), 5).await.unwrap();
    assert_eq!(app.spectators(game).await.unwrap(), vec![(3, Some(77), 5)]);
    assert!(app.unwatch(3, game).await.unwrap());
    assert!(!app.unwatch(3, game).await.unwrap(), "no longer watching");
    assert!(!app.is_blocked(2).await.unwrap());
    app.set_blocked(2, true).await.unwrap();
    assert!(app.is_blocked(2).await.unwrap());
    app.set_blocked(99, true).await.unwrap();
    assert!(!app.is_blocked(99).await.unwrap(), "an unknown user is nothing to mark");
    app.set_confirm(1, false, true).await.unwrap();
    app.set_lang(1, Some("ru")).await.unwrap();
    let alice = app.user(1).await.unwrap().unwrap();
    assert_eq!((alice.confirm_human, alice.confirm_ai, alice.lang.as_deref()), (false, true, Some("ru")));
    assert!(!app.has_started(1).await.unwrap());
    app.mark_started(1).await.unwrap();
    assert!(app.has_started(1).await.unwrap());
}
