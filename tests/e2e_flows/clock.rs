//! True times (issue 20): the clock redraws the boards when the time left
//! crosses a reminder threshold, the boards show the deadline as a UTC date
//! and time, and a reminder, once the player moved, says so.

use sqlx::{Connection, SqliteConnection};

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{WAIT, wait_for};

/// Runs one statement on the bot's database (the bot must be stopped).
fn execute(env: &Env, sql: &str) {
    let url = format!("sqlite://{}?mode=rw", env.db_path().display());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    rt.block_on(async {
        let mut c = SqliteConnection::connect(&url).await.expect("open the bot's database");
        sqlx::query(sql).execute(&mut c).await.expect("statement");
        let _ = c.close().await;
    });
}

/// Waits until the bot has recorded message `id` as an open question of
/// `game` (it does so right after Telegram answers the send), so that
/// stopping the bot then cannot fall between the send and the record.
fn wait_recorded(env: &Env, game: i64, id: i64) {
    let url = format!("sqlite://{}?mode=ro", env.db_path().display());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let mut c = rt.block_on(SqliteConnection::connect(&url)).expect("open the bot's database");
    let sql = format!("SELECT COUNT(*) FROM questions WHERE game_id = {game} AND message_id = {id}");
    wait_for(WAIT, "the reminder to be recorded as an open question", || {
        let n: Option<i64> = rt.block_on(sqlx::query_scalar(&sql).fetch_one(&mut c)).ok();
        n.filter(|&n| n == 1)
    });
    let _ = rt.block_on(c.close());
}

/// With 50 minutes of a one-day turn left (the database set so while the
/// bot was stopped), the clock sends the 1-hour reminder and redraws both
/// boards: they show at most an hour left and the deadline, never a day.
#[test]
fn a_boards_time_text_after_the_one_hour_reminder() {
    let mut env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let alice_moves = my_turn(&alice, game);
    env.stop_bot();
    execute(
        &env,
        &format!(
            "UPDATE games SET days_per_move = 1, turn_started_at = CAST(strftime('%s', 'now') AS INTEGER) - 86400 + 3000 \
             WHERE id = {game}"
        ),
    );
    env.start_bot(&[]);
    let (mover, other) = if alice_moves { (&alice, &bob) } else { (&bob, &alice) };
    let reminder = mover.wait_text("⏰", 0);
    assert!(reminder.text.contains(&game.to_string()), "{}", reminder.text);
    assert!(reminder.buttons().iter().any(|b| b.text.starts_with('⬇')), "a reminder leads to the board");
    for (u, left) in [(&alice, "≤ 1 h left"), (&bob, "осталось ≤ 1 ч")] {
        let b = wait_board(u, game, "the time left redrawn", |m| m.text.contains(left));
        assert!(b.text.contains(" UTC)"), "the deadline as a UTC date and time: {}", b.text);
        let time = b.text.split('⏳').nth(1).expect("the time left");
        assert!(!time.contains(" d ") && !time.contains(" д "), "{time}");
    }
    // The player moves in time: the reminder says so and loses its button;
    // the opponent's new turn has a day again.
    tap_any_move(mover, game);
    let closed = mover.wait_message(reminder.id, "the reminder to be closed", |m| {
        m.text.contains("moved in time") || m.text.contains("успели сходить")
    });
    assert!(closed.buttons().is_empty(), "{closed:?}");
    wait_board(other, game, "a day for the next move", |m| m.text.contains("24 h left") || m.text.contains("24 ч"));
    env.check_clean();
}

/// Reminders expire (issue 20): the 24-hour reminder is closed when the
/// 1-hour one comes (it says a newer one is below and loses its button),
/// and the 1-hour one, when the game is lost on time (R23), says the game
/// is over and loses its button. The clock is moved by setting the turn's
/// start in the database while the bot is stopped.
#[test]
fn reminders_close_when_a_newer_one_comes_and_when_the_game_ends_on_time() {
    let mut env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let mover = if my_turn(&alice, game) { &alice } else { &bob };
    let set_left = |env: &mut Env, secs: i64| {
        env.stop_bot();
        execute(
            env,
            &format!(
                "UPDATE games SET days_per_move = 2, \
                 turn_started_at = CAST(strftime('%s', 'now') AS INTEGER) - 2 * 86400 + {secs} WHERE id = {game}"
            ),
        );
        env.start_bot(&[]);
    };
    set_left(&mut env, 22 * 3600);
    let day = mover.wait_text("⏰", 0);
    assert!(day.buttons().iter().any(|b| b.text.starts_with('⬇')), "{day:?}");
    // The bot records the reminder as an open question once Telegram has
    // it: give it that moment before stopping it.
    wait_recorded(&env, game, day.id);
    set_left(&mut env, 3000);
    let hour = mover.wait_text("⏰", day.id);
    assert!(hour.buttons().iter().any(|b| b.text.starts_with('⬇')), "{hour:?}");
    let closed = mover.wait_message(day.id, "the 24-hour reminder to be closed", |m| {
        m.text.contains("newer reminder is below") || m.text.contains("новое напоминание")
    });
    assert!(closed.buttons().is_empty(), "{closed:?}");
    assert!(
        env.api.message(mover.id, hour.id).is_some_and(|m| !m.buttons().is_empty()),
        "the newest reminder stays open"
    );
    wait_recorded(&env, game, hour.id);
    set_left(&mut env, -60);
    let over = mover.wait_message(hour.id, "the 1-hour reminder to say the game is over", |m| {
        m.text.contains(&format!("Game #{game} is over")) || m.text.contains(&format!("Партия №{game} окончена"))
    });
    assert!(over.buttons().is_empty(), "{over:?}");
    env.check_clean();
}

/// `/vacation` in the chat (R23): zero, a negative number and a word get
/// the usage; a second request extends the first and is charged once; one
/// that does not fit is refused with the current end date.
#[test]
fn rule_r23_vacation_by_command_zero_extend_and_refuse() {
    let env = Env::new();
    let nina = crate::support::game::started_user(&env, "Nina", "en");
    for bad in ["/vacation 0", "/vacation -2", "/vacation two"] {
        let sent = nina.send(bad);
        nina.wait_text("Send /vacation DAYS", sent);
    }
    let sent = nina.send("/vacation 2");
    let started = nina.wait_text("Your clocks are paused until", sent);
    assert!(started.text.contains("12 vacation days are left"), "{}", started.text);
    let sent = nina.send("/vacation 1");
    let extended = nina.wait_text("Your vacation is extended", sent);
    assert!(extended.text.contains("11 vacation days are left"), "{}", extended.text);
    let sent = nina.send("/vacation 12");
    let refused = nina.wait_text("That does not fit", sent);
    assert!(refused.text.contains("You are on vacation until"), "{}", refused.text);
    assert!(refused.text.contains("11 vacation days are left"), "{}", refused.text);
    let sent = nina.send("/vacation");
    let status = nina.wait_text("11 vacation days left this year", sent);
    assert!(status.text.contains("You are on vacation until"), "{}", status.text);
    env.check_clean();
}

/// A crash while a reminder is on its way loses nothing (issue 20): the
/// 1-hour reminder closes the 24-hour one before it is sent; the bot is
/// killed while Telegram holds the 1-hour one (never delivered); the
/// restarted bot sends it again, and it is closed when the player moves.
#[test]
fn a_reminder_cut_off_by_a_crash_is_sent_after_the_restart() {
    let mut env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let mover = if my_turn(&alice, game) { &alice } else { &bob };
    let set_left = |env: &mut Env, secs: i64| {
        execute(
            env,
            &format!(
                "UPDATE games SET days_per_move = 2, \
                 turn_started_at = CAST(strftime('%s', 'now') AS INTEGER) - 2 * 86400 + {secs} WHERE id = {game}"
            ),
        );
    };
    env.stop_bot();
    set_left(&mut env, 22 * 3600);
    env.start_bot(&[]);
    let day = mover.wait_text("⏰", 0);
    std::thread::sleep(std::time::Duration::from_secs(2));
    env.stop_bot();
    set_left(&mut env, 3000);
    env.api.world().hold_sends = Some("⏰".into());
    env.start_bot(&[]);
    wait_for(WAIT, "the 1-hour reminder to reach Telegram", || (env.api.world().held > 0).then_some(()));
    let closed = mover.wait_message(day.id, "the 24-hour reminder closed before the new one is sent", |m| {
        m.text.contains("newer reminder is below") || m.text.contains("новое напоминание")
    });
    assert!(closed.buttons().is_empty(), "{closed:?}");
    env.kill_bot();
    env.api.world().hold_sends = None;
    assert!(mover.bot_messages().iter().all(|m| m.id <= day.id || !m.text.contains('⏰')), "nothing delivered");
    env.start_bot(&[]);
    let hour = mover.wait_text("⏰", day.id);
    assert!(hour.text.contains(&game.to_string()), "{}", hour.text);
    assert!(hour.buttons().iter().any(|b| b.text.starts_with('⬇')), "{hour:?}");
    tap_any_move(mover, game);
    mover.wait_message(hour.id, "the reminder sent after the restart to be closed", |m| {
        m.text.contains("moved in time") || m.text.contains("успели сходить")
    });
    let reminders: Vec<_> =
        mover.bot_messages().into_iter().filter(|m| m.id > day.id && m.text.contains('⏰')).collect();
    assert_eq!(reminders.len(), 1, "one reminder after the restart: {reminders:?}");
    assert!(reminders[0].buttons().is_empty(), "and it is closed now: {reminders:?}");
    env.check_clean();
}
