//! Use-case tests on fresh SQLite databases: the whole flow, concurrent
//! presses and races between the two players.

use std::sync::atomic::{AtomicU32, Ordering};

use engine::{Player, RuleSetId};

use super::*;
use crate::storage::GameStatus;

const EXAMPLE: &str = "BFB8657B869B3745s2485B98B963579919849796";

/// An [`App`] on a database of its own, under the system temp dir;
/// the directory is removed when the test is done with it.
pub(crate) struct TestApp {
    app: App,
    pub(super) dir: std::path::PathBuf,
}

impl std::ops::Deref for TestApp {
    type Target = App;

    fn deref(&self) -> &App {
        &self.app
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) async fn fresh_app() -> TestApp {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "srazhenie-app-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    // A directory left by an earlier run whose process had the same id
    // would hold its games and ratings.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}/t.db?mode=rwc", dir.display());
    TestApp { app: App::new(Store::connect(&url).await.unwrap()), dir }
}

/// A code with slot `i` holding `ch` for each pair (composition kept).
pub(crate) fn code_with(fixed: &[(usize, char)]) -> String {
    let mut s: Vec<char> = EXAMPLE.chars().collect();
    for &(i, ch) in fixed {
        let j = (0..40).find(|&k| s[k] == ch && !fixed.iter().any(|f| f.0 == k)).unwrap();
        s.swap(i, j);
    }
    s.into_iter().collect()
}

/// Alice (South) and Bob (North) in a game in play with the given setups.
pub(crate) async fn game_in_play(app: &App, south: &str, north: &str) -> (i64, Player) {
    timed_game_in_play(app, south, north, None).await
}

async fn timed_game_in_play(app: &App, south: &str, north: &str, days: Option<i64>) -> (i64, Player) {
    app.touch_user(1, "Alice", None, Some("en")).await.unwrap();
    app.touch_user(2, "Bob", None, Some("ru")).await.unwrap();
    let (game, code) = app.new_game(1, NewGameChoice { rules: RuleSetId::Battle, days_per_move: days }).await.unwrap();
    let joined = app.join(2, "Bob", &code).await.unwrap();
    assert_eq!(joined.done.notices[0].user_id, 1, "the inviter is told");
    for (user, code) in [(1, south), (2, north)] {
        app.setup_action(user, game, None, SetupAction::Code(code.into())).await.unwrap();
        app.setup_action(user, game, None, SetupAction::Confirm).await.unwrap();
    }
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.status, GameStatus::Play);
    (game, Player::parse(&rec.first_player).unwrap())
}

pub(crate) fn user_of(p: Player) -> i64 {
    if p == Player::South { 1 } else { 2 }
}

pub(crate) async fn version_of(app: &App, game: i64, side: Player) -> i64 {
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    rec.player(side.as_str()).unwrap().board_version
}

#[tokio::test]
async fn rule_r19_whole_game_to_a_flag_capture() {
    // R17, R19: South's Captain on j4 walks to North's flag on j7.
    let app = fresh_app().await;
    let (game, first) = game_in_play(&app, &code_with(&[(39, '5')]), &code_with(&[(30, 'F'), (39, '9')])).await;
    let mut plans = [vec!["j4-j5", "j5-j6", "j6-j7"], vec!["a7-a6", "a6-b6", "b6-a6"]];
    let mut turn = first;
    let mut last = None;
    for _ in 0..6 {
        let Some(mv) = plans[turn.index()].first().copied() else { break };
        plans[turn.index()].remove(0);
        let (_, _, report, done) = app.typed_move(user_of(turn), mv).await.unwrap();
        last = Some((report, done));
        turn = turn.other();
        if plans[0].is_empty() {
            break;
        }
    }
    let (report, done) = last.unwrap();
    assert_eq!(report, "j6-j7", "the reply names the move played");
    assert_eq!(done.notices.len(), 2, "both players are told");
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.status, GameStatus::Finished);
    assert_eq!(rec.result.as_deref(), Some("south-flag"));
    assert_eq!(app.store().list_moves(game).await.unwrap().len(), report_ply(&rec));
    // Nothing moves after the end.
    assert!(app.typed_move(2, "a6-a5").await.is_err());
    // Ratings: counted once, however often the game is settled.
    app.settle(game).await.unwrap();
    app.settle(game).await.unwrap();
    let alice = app.stats(1).await.unwrap();
    let bob = app.stats(2).await.unwrap();
    assert_eq!((alice[0].games, alice[0].wins, bob[0].losses), (1, 1, 1));
    assert!(alice[0].rating > 1600.0 && bob[0].rating < 1400.0, "{alice:?} {bob:?}");
}

fn report_ply(rec: &crate::storage::GameRecord) -> usize {
    state::load_engine(rec).unwrap().ply()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_button_pressed_many_times_at_once_changes_once() {
    let app = fresh_app().await;
    let (game, first) = game_in_play(&app, EXAMPLE, EXAMPLE).await;
    let ver = version_of(&app, game, first).await;
    let sq = engine::home_square(first, 30); // a front-rank piece of the mover
    let presses = (0..12).map(|_| {
        let app = app.clone();
        tokio::spawn(async move { app.tap(user_of(first), game, ver, sq).await })
    });
    let results: Vec<_> = futures_join(presses).await;
    let ok = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(ok, 1, "{results:?}");
    assert!(results.iter().filter_map(|r| r.as_ref().err()).all(|e| *e == UserError::Stale));
    assert_eq!(version_of(&app, game, first).await, ver + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_players_acting_at_the_same_instant_are_both_applied_in_order() {
    // The mover sends the same move twice while the opponent opens the menu:
    // the move is applied once, the menu opens, nothing is lost.
    let app = fresh_app().await;
    let (game, first) = game_in_play(&app, EXAMPLE, EXAMPLE).await;
    let mv = if first == Player::South { "a4-a5" } else { "j7-j6" };
    let other_ver = version_of(&app, game, first.other()).await;
    let moves: Vec<_> = (0..2)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move { app.typed_move(user_of(first), mv).await })
        })
        .collect();
    let menu = {
        let app = app.clone();
        tokio::spawn(async move { app.action(user_of(first.other()), game, Some(other_ver), Action::Menu).await })
    };
    let moves = futures_join(moves.into_iter()).await;
    let menu = menu.await.unwrap();
    assert_eq!(moves.iter().filter(|r| r.is_ok()).count(), 1, "{moves:?}");
    assert!(moves.iter().filter_map(|r| r.as_ref().err()).all(|e| *e == UserError::NotYourTurn));
    assert_eq!(app.store().list_moves(game).await.unwrap().len(), 1);
    // The menu press either landed before the move or was refused as stale
    // (the move redrew that board); never lost silently.
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    let seat = rec.player(first.other().as_str()).unwrap().selected.clone();
    match menu {
        Ok(_) => assert!(seat.is_none() || seat.as_deref() == Some("menu")),
        Err(e) => assert_eq!(e, UserError::Stale),
    }
}

#[tokio::test]
async fn a_press_on_an_old_board_is_refused_and_changes_nothing() {
    let app = fresh_app().await;
    let (game, first) = game_in_play(&app, EXAMPLE, EXAMPLE).await;
    let old = version_of(&app, game, first).await;
    app.action(user_of(first), game, Some(old), Action::Menu).await.unwrap();
    let before = app.store().load_game(game).await.unwrap().unwrap();
    let err = app.tap(user_of(first), game, old, engine::home_square(first, 30)).await.unwrap_err();
    assert_eq!(err, UserError::Stale);
    assert_eq!(app.store().load_game(game).await.unwrap().unwrap(), before);
    // Someone who is not in the game.
    app.touch_user(3, "Carol", None, None).await.unwrap();
    let err = app.action(3, game, Some(old), Action::Resign).await.unwrap_err();
    assert_eq!(err, UserError::NotInGame);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_opened_twice_at_once_seats_one_friend() {
    let app = fresh_app().await;
    for (id, name) in [(1, "A"), (2, "B"), (3, "C")] {
        app.touch_user(id, name, None, None).await.unwrap();
    }
    let (game, code) =
        app.new_game(1, NewGameChoice { rules: RuleSetId::Classic, days_per_move: Some(3) }).await.unwrap();
    let (b, c) = tokio::join!(app.join(2, "B", &code), app.join(3, "C", &code));
    assert!(b.is_ok() ^ c.is_ok(), "{b:?} {c:?}");
    assert!(matches!(b.err().or(c.err()), Some(UserError::InvitationUsed)));
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.players.len(), 2);
    assert_eq!(rec.first_player, "south", "R7: classic — South first");
    // A player opening the link again just gets the board back; anyone else is refused.
    assert!(app.join(1, "A", &code).await.unwrap().done.notices.is_empty());
    app.touch_user(4, "D", None, None).await.unwrap();
    assert_eq!(app.join(4, "D", &code).await.unwrap_err(), UserError::InvitationUsed);
    assert_eq!(app.join(2, "B", "no-such-code").await.unwrap_err(), UserError::InvitationNotFound);
}

#[tokio::test]
async fn wrong_setup_codes_are_refused_with_the_reason() {
    let app = fresh_app().await;
    app.touch_user(1, "A", None, None).await.unwrap();
    app.touch_user(2, "B", None, None).await.unwrap();
    let (game, code) = app.new_game(1, NewGameChoice { rules: RuleSetId::Battle, days_per_move: None }).await.unwrap();
    app.join(2, "B", &code).await.unwrap();
    let before = app.store().load_game(game).await.unwrap().unwrap();
    let err = app.setup_action(1, game, None, SetupAction::Code("BFB".into())).await.unwrap_err();
    assert!(matches!(err, UserError::BadSetupCode(_)));
    let err = app.setup_action(1, game, None, SetupAction::Code(EXAMPLE.replace('F', "9"))).await.unwrap_err();
    assert!(matches!(err, UserError::BadSetupCode(engine::CodeError::Setup(_))));
    assert_eq!(app.store().load_game(game).await.unwrap().unwrap(), before);
}

async fn futures_join<T: Send + 'static>(handles: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = vec![];
    for h in handles.collect::<Vec<_>>() {
        out.push(h.await.unwrap());
    }
    out
}

async fn turn_start(app: &App, game: i64) -> i64 {
    app.store().load_game(game).await.unwrap().unwrap().turn_started_at.unwrap()
}

fn reminders(dones: &[Done]) -> Vec<(i64, i64)> {
    dones
        .iter()
        .flat_map(|d| &d.notices)
        .filter_map(|n| match n.notice {
            Notice::Reminder { hours_left, .. } => Some((n.user_id, hours_left)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn rule_r23_reminders_once_per_threshold_even_across_a_restart() {
    let app = fresh_app().await;
    let cfg = ClockConfig::default();
    let (game, first) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(3)).await;
    let t0 = turn_start(&app, game).await;
    let (dones, next) = app.tick(t0 + 10, &cfg).await.unwrap();
    assert!(dones.is_empty());
    assert_eq!(next, Some(t0 + 2 * DAY), "wakes for the 24 h reminder");
    let (dones, _) = app.tick(t0 + 2 * DAY + 5, &cfg).await.unwrap();
    assert_eq!(reminders(&dones), vec![(user_of(first), 24)]);
    assert!(app.tick(t0 + 2 * DAY + 60, &cfg).await.unwrap().0.is_empty(), "no second 24 h reminder");
    // A restart: a new App on the same database sends nothing again.
    let again = App::new(app.store().clone());
    assert!(again.tick(t0 + 2 * DAY + 120, &cfg).await.unwrap().0.is_empty());
    let (dones, next) = again.tick(t0 + 3 * DAY - 1_800, &cfg).await.unwrap();
    assert_eq!(reminders(&dones), vec![(user_of(first), 1)]);
    assert_eq!(next, Some(t0 + 3 * DAY));
    // A move resets the reminders for the next turn.
    let mv = if first == Player::South { "a4-a5" } else { "j7-j6" };
    app.typed_move(user_of(first), mv).await.unwrap();
    let t1 = turn_start(&app, game).await;
    let (dones, _) = app.tick(t1 + 2 * DAY + 1, &cfg).await.unwrap();
    assert_eq!(reminders(&dones), vec![(user_of(first.other()), 24)]);
}

#[tokio::test]
async fn rule_r23_no_first_move_in_time_aborts_without_result() {
    let app = fresh_app().await;
    let (game, _) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(1)).await;
    let t0 = turn_start(&app, game).await;
    // With one day a move only the 1 h reminder applies.
    let (dones, _) = app.tick(t0 + DAY - 1, &ClockConfig::default()).await.unwrap();
    assert_eq!(reminders(&dones).len(), 1);
    assert_eq!(reminders(&dones)[0].1, 1);
    let (dones, next) = app.tick(t0 + DAY, &ClockConfig::default()).await.unwrap();
    assert_eq!(next, None);
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.status, GameStatus::Cancelled);
    assert_eq!(rec.result.as_deref(), Some("aborted"));
    assert_eq!(dones[0].notices.len(), 2, "both players are told");
}

#[tokio::test]
async fn rule_r23_the_side_to_move_loses_on_time() {
    let app = fresh_app().await;
    let (game, first) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(2)).await;
    let (a, b) = if first == Player::South { ("a4-a5", "j7-j6") } else { ("j7-j6", "a4-a5") };
    app.typed_move(user_of(first), a).await.unwrap();
    app.typed_move(user_of(first.other()), b).await.unwrap();
    let t = turn_start(&app, game).await;
    assert!(app.tick(t + 2 * DAY - 1, &ClockConfig::default()).await.unwrap().0.iter().all(|d| d.game_id.is_none()));
    let (dones, _) = app.tick(t + 2 * DAY, &ClockConfig::default()).await.unwrap();
    assert_eq!(dones.len(), 1);
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.status, GameStatus::Finished);
    assert_eq!(rec.result, Some(format!("{}-time", first.other().as_str())), "the side to move lost");
}

#[tokio::test]
async fn rule_r23_boards_are_refreshed_at_each_reminder_and_hourly_in_the_last_day() {
    let app = fresh_app().await;
    let cfg = ClockConfig::default();
    let (game, _) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(3)).await;
    let t0 = turn_start(&app, game).await;
    let due = t0 + 3 * DAY;
    assert_eq!(refresh_points(due, 3, &cfg).len(), 25, "the 2-day mark and 24 hourly ones (24 h and 1 h among them)");
    // Early in the turn: nothing to redraw; the next mark is two days before the deadline.
    let (ids, next) = app.clock_refreshes(t0 + 10, Some(t0), &cfg).await.unwrap();
    assert!(ids.is_empty());
    assert_eq!(next, Some(due - 2 * DAY));
    assert_eq!(app.clock_refreshes(due - 2 * DAY, Some(t0 + 10), &cfg).await.unwrap().0, vec![game]);
    // The 24 h reminder's mark, then one an hour.
    let (ids, next) = app.clock_refreshes(due - DAY + 5, Some(due - DAY - 5), &cfg).await.unwrap();
    assert_eq!((ids, next), (vec![game], Some(due - 23 * 3_600)));
    assert!(app.clock_refreshes(due - DAY + 65, Some(due - DAY + 5), &cfg).await.unwrap().0.is_empty());
    let (ids, next) = app.clock_refreshes(due - 3_600, Some(due - 3_660), &cfg).await.unwrap();
    assert_eq!((ids, next), (vec![game], None), "the 1 h mark is the last");
    // After a start, every game in its last day is redrawn once.
    assert_eq!(app.clock_refreshes(due - 1_800, None, &cfg).await.unwrap().0, vec![game]);
    assert!(app.clock_refreshes(t0 + 60, None, &cfg).await.unwrap().0.is_empty());
}

#[test]
fn civil_dates() {
    assert_eq!(civil_date(0), (1970, 1, 1));
    assert_eq!(civil_date(951_782_400), (2000, 2, 29));
    assert_eq!(civil_date(1_798_675_200), (2026, 12, 31));
    assert_eq!(civil_date(1_798_761_599), (2026, 12, 31));
    assert_eq!(civil_date(1_798_761_600), (2027, 1, 1));
}

#[tokio::test]
async fn rule_r23_a_vacation_pauses_the_clock_and_has_a_yearly_allowance() {
    let app = fresh_app().await;
    let cfg = ClockConfig::default();
    let (game, first) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(2)).await;
    let t0 = turn_start(&app, game).await;
    let mover = user_of(first);
    // Too long, then a real one of 3 days starting a day into the turn.
    let err = app.vacation(mover, 15, t0 + DAY).await.unwrap_err();
    assert_eq!(err, UserError::VacationNotAllowed { days_left: 14, until: None });
    let v = app.vacation(mover, 3, t0 + DAY).await.unwrap();
    assert_eq!((v.days_left, v.until, v.extended, v.games), (11, Some(t0 + 4 * DAY), false, vec![game]));
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(deadline(&rec), Some(t0 + 5 * DAY), "2 days + 3 paused");
    // Without the vacation the game would have ended here; it goes on.
    let (dones, _) = app.tick(t0 + 2 * DAY + 10, &cfg).await.unwrap();
    assert!(dones.iter().all(|d| d.game_id.is_none()), "{dones:?}");
    assert_eq!(app.store().load_game(game).await.unwrap().unwrap().status, GameStatus::Play);
    // Zero or more than is left changes nothing; the allowance is remembered.
    for bad in [0, -1, 12] {
        let err = app.vacation(mover, bad, t0 + 2 * DAY).await.unwrap_err();
        assert_eq!(err, UserError::VacationNotAllowed { days_left: 11, until: Some(t0 + 4 * DAY) });
    }
    let v = app.vacation_status(mover, t0 + 5 * DAY).await.unwrap();
    assert_eq!((v.days_left, v.until), (11, None));
    // After the vacation the clock runs again: the game is abortable (no first moves) at the deadline.
    let (dones, _) = app.tick(t0 + 5 * DAY, &cfg).await.unwrap();
    assert_eq!(dones.len(), 1);
    assert_eq!(app.store().load_game(game).await.unwrap().unwrap().status, GameStatus::Cancelled);
}

#[tokio::test]
async fn fuzzed_payloads_and_typed_text_are_refused_without_change() {
    // Deep-link payloads and typed moves from arbitrary text: a clear error,
    // no panic, no state change.
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;
    let app = fresh_app().await;
    let (game, _) = game_in_play(&app, EXAMPLE, EXAMPLE).await;
    let before = app.store().load_game(game).await.unwrap().unwrap();
    let mut runner = TestRunner::deterministic();
    let strat = "\\PC{0,70}";
    for _ in 0..300 {
        let text = strat.new_tree(&mut runner).unwrap().current();
        let joined = app.join(2, "Bob", &text).await;
        assert!(matches!(joined, Err(UserError::InvitationNotFound)), "{text:?}: {joined:?}");
        // Bob may or may not be to move; whatever he types, nothing but a
        // legal move of his changes the game.
        match app.typed_move(2, &text).await {
            Ok((_, _, report, _)) => panic!("{text:?} played {report:?}"),
            Err(UserError::BadMoveText(_) | UserError::Illegal(_) | UserError::NotYourTurn) => {}
            Err(e) => panic!("{text:?}: unexpected {e:?}"),
        }
    }
    assert_eq!(app.store().load_game(game).await.unwrap().unwrap(), before);
}

/// A challenge card is taken once: the first acceptor gets the game, the
/// challenger cannot take their own, and everyone after is told it is taken.
#[tokio::test]
async fn a_challenge_is_accepted_once() {
    let app = fresh_app().await;
    for (id, name) in [(1, "Alice"), (2, "Bob"), (3, "Carol")] {
        app.touch_user(id, name, None, Some("en")).await.unwrap();
        app.store().set_started(id).await.unwrap();
    }
    let card = crate::storage::Challenge::open_card("inline:t1".into(), 1, "classic", Some(3), "en");
    assert_eq!(app.accept_challenge(&card, 1, None, "Alice").await, Err(UserError::OwnChallenge));
    let Accepted::Game(game) = app.accept_challenge(&card, 3, None, "Carol").await.unwrap() else {
        panic!("a started user gets the game at once")
    };
    assert_eq!(app.accept_challenge(&card, 2, None, "Bob").await, Err(UserError::ChallengeTaken));
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.status, GameStatus::Setup);
    assert_eq!(rec.players.iter().map(|p| p.user_id).collect::<Vec<_>>(), vec![1, 3]);
    assert_eq!(app.store().followers(game).await.unwrap(), (true, false), "the card follows the game");
}

#[tokio::test]
async fn rule_r23_a_second_vacation_request_extends_and_never_shortens_or_charges_twice() {
    let app = fresh_app().await;
    let (game, first) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(2)).await;
    let t0 = turn_start(&app, game).await;
    let mover = user_of(first);
    app.vacation(mover, 2, t0).await.unwrap();
    // A shorter request a day later adds its day to the end, charged once.
    let v = app.vacation(mover, 1, t0 + DAY).await.unwrap();
    assert_eq!((v.days_left, v.until, v.extended), (11, Some(t0 + 3 * DAY), true));
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(deadline(&rec), Some(t0 + 5 * DAY), "2 days + 3 paused from the first day");
    // Asking for more than is left is refused with the current end.
    let err = app.vacation(mover, 12, t0 + DAY).await.unwrap_err();
    assert_eq!(err, UserError::VacationNotAllowed { days_left: 11, until: Some(t0 + 3 * DAY) });
    assert_eq!(app.vacation_status(mover, t0 + DAY).await.unwrap().until, Some(t0 + 3 * DAY));
}

#[tokio::test]
async fn rule_r23_a_vacation_taken_with_no_live_game_pauses_a_game_that_starts_during_it() {
    let app = fresh_app().await;
    let now = crate::storage::now();
    // Both players of the coming game take 3 days before it exists.
    let (u1, u2) = (user_of(Player::South), user_of(Player::North));
    for u in [u1, u2] {
        app.touch_user(u, "P", None, Some("en")).await.unwrap();
    }
    app.vacation(u1, 3, now - DAY).await.unwrap();
    app.vacation(u2, 3, now - DAY).await.unwrap();
    let (game, _) = timed_game_in_play(&app, EXAMPLE, EXAMPLE, Some(2)).await;
    let t0 = turn_start(&app, game).await;
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(deadline(&rec), Some(t0 + 2 * DAY + (now + 2 * DAY - t0)), "paused until the end of the vacation");
    let v = app.vacation_status(u1, t0).await.unwrap();
    assert_eq!((v.days_left, v.until), (11, Some(now + 2 * DAY)));
}

/// With move confirmation on (the default between people) the first tap on
/// a destination only asks — the board version stays, so the board as
/// shown keeps working and needs no redraw — and a second tap on it plays
/// the move; any other tap acts on the selection (here: clears it).
#[tokio::test]
async fn a_confirmed_tap_move_asks_without_a_redraw_and_plays_on_the_second_tap() {
    let app = fresh_app().await;
    let code = code_with(&[(30, '5'), (39, '9')]);
    let (game, first) = game_in_play(&app, &code, &code).await;
    let user = user_of(first);
    let (from, to) = if first == Player::South { ("a4", "a5") } else { ("j7", "j6") };
    let (from, to): (engine::Square, engine::Square) = (from.parse().unwrap(), to.parse().unwrap());
    let tap = |sq, v| app.tap(user, game, v, sq);
    let v = version_of(&app, game, first).await;
    assert_eq!(tap(from, v).await.unwrap().0, TapResult::Selected(from));
    let v = version_of(&app, game, first).await;
    assert_eq!(tap(to, v).await.unwrap().0, TapResult::Confirm(engine::Move::new(from, to)));
    assert_eq!(version_of(&app, game, first).await, v, "asking does not redraw the board");
    assert!(app.store().list_moves(game).await.unwrap().is_empty());
    // Another tap (the piece itself) acts on the selection: cleared.
    assert_eq!(tap(from, v).await.unwrap().0, TapResult::Deselected);
    let v = version_of(&app, game, first).await;
    assert_eq!(tap(from, v).await.unwrap().0, TapResult::Selected(from));
    let v = version_of(&app, game, first).await;
    assert!(matches!(tap(to, v).await.unwrap().0, TapResult::Confirm(_)));
    let (moved, done) = tap(to, v).await.unwrap();
    assert!(matches!(moved, TapResult::Moved(ref r) if r.mv == engine::Move::new(from, to)), "{moved:?}");
    assert_eq!(done.game_id, Some(game));
    assert_eq!(app.store().list_moves(game).await.unwrap().len(), 1);
}

/// R7: a confirmed (or taken back) setup is shown on the opponent's setup
/// board: it is owed a redraw (also after a restart), with its board
/// version — which its buttons carry — unchanged, so a press on it stays valid.
#[tokio::test]
async fn rule_r7_a_confirmation_redraws_the_opponents_board_with_its_buttons_valid() {
    let app = fresh_app().await;
    app.touch_user(1, "Alice", None, Some("en")).await.unwrap();
    app.touch_user(2, "Bob", None, Some("ru")).await.unwrap();
    let (game, code) = app.new_game(1, NewGameChoice { rules: RuleSetId::Battle, days_per_move: None }).await.unwrap();
    app.join(2, "Bob", &code).await.unwrap();
    let a7: engine::Square = "a7".parse().unwrap();
    for action in [SetupAction::Confirm, SetupAction::Edit] {
        // Both boards as drawn.
        let mut rec = app.store().load_game(game).await.unwrap().unwrap();
        let drawn = rec.player("north").unwrap().board_version;
        for p in &mut rec.players {
            p.rendered_version = p.board_version;
            p.notify_pending = false;
        }
        let version = rec.version;
        app.store().save_game(&rec, version, &[]).await.unwrap();
        assert!(!app.store().games_with_pending_delivery().await.unwrap().contains(&game));
        app.setup_action(1, game, None, action.clone()).await.unwrap();
        let rec = app.store().load_game(game).await.unwrap().unwrap();
        let bob = rec.player("north").unwrap();
        assert_eq!(bob.board_version, drawn, "{action:?}: Bob's buttons stay valid");
        assert_eq!(bob.rendered_version, REDRAW_OWED, "{action:?}: Bob's board is owed a redraw");
        assert!(app.store().games_with_pending_delivery().await.unwrap().contains(&game), "after a restart too");
        // A press on Bob's board as it was is valid.
        app.setup_action(2, game, Some(drawn), SetupAction::Tap(a7)).await.unwrap();
    }
}
