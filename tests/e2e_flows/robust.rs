//! Robustness: restarts and SIGKILL of the real process lose nothing, a
//! burst of games under Telegram's flood limits, games against the AI,
//! and an AI that thinks long without holding anyone else up.

use std::time::{Duration, Instant};

use sqlx::{Connection, SqliteConnection};

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{User, WAIT, wait_for};
use crate::support::world::Config;

/// Runs one query on the bot's database (read-only) and returns its rows of text.
fn query(env: &Env, sql: &str) -> Vec<String> {
    let url = format!("sqlite://{}?mode=ro", env.db_path().display());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    rt.block_on(async {
        let mut c = SqliteConnection::connect(&url).await.expect("open the bot's database");
        let rows: Vec<(String,)> = sqlx::query_as(sql).fetch_all(&mut c).await.expect("query");
        let _ = c.close().await;
        rows.into_iter().map(|r| r.0).collect()
    })
}

/// The moves of `game` in order.
fn moves(env: &Env, game: i64) -> Vec<String> {
    query(env, &format!("SELECT mv FROM moves WHERE game_id = {game} ORDER BY ply"))
}

/// SIGTERM and SIGKILL in the middle of a game: afterwards the same board
/// still works, and the game goes on.
#[test]
fn restart_in_the_middle_of_a_game() {
    let mut env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    for kill in [false, true] {
        let mover = if my_turn(&alice, game) { &alice } else { &bob };
        let b = the_board(mover, game);
        if kill {
            env.kill_bot();
        } else {
            let status = env.stop_bot();
            assert!(status.success(), "SIGTERM stops the bot cleanly: {status}");
        }
        env.start_bot(&[]);
        // After the restart the same board still works: select a piece by tapping.
        let piece = own_pieces(&b).into_iter().next().expect("a piece");
        press_and_wait(mover, game, &piece);
        let sel = the_board(mover, game);
        let dest = sel.buttons().into_iter().find(|x| x.text.starts_with(['○', '⚔'])).and_then(|x| x.data);
        let Some(dest) = dest else {
            press_and_wait(mover, game, &piece);
            continue;
        };
        tap_destination(mover, game, &dest);
        let other = if std::ptr::eq(mover, &alice) { &bob } else { &alice };
        wait_board(other, game, "to move", |_| my_turn(other, game));
    }
    assert!(my_turn(&alice, game) || my_turn(&bob, game));
    env.check_clean();
}

/// Moves typed while the process is SIGKILLed at random moments: each is
/// applied exactly once, the database stays intact, both boards catch up.
#[test]
fn sigkill_at_random_points_loses_nothing() {
    let mut env = Env::new();
    let mut seed: u64 = 7;
    let mut rnd = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as f64 / f64::from(1u32 << 31)
    };
    let (alice, bob, game) = start_pair(&env, Some(EXAMPLE), Some(EXAMPLE), true);
    let mut plans =
        [vec!["a4-a5", "a5-a6", "a6-b6", "b6-a6", "a6-b6"], vec!["j7-j6", "j6-j5", "j5-i5", "i5-j5", "j5-i5"]];
    let plies = |env: &Env| moves(env, game).len();
    let mut kills = 0;
    while plans.iter().any(|p| !p.is_empty()) {
        let who = usize::from(!my_turn(&alice, game));
        let (mover, other): (&User, &User) = if who == 0 { (&alice, &bob) } else { (&bob, &alice) };
        let Some(mv) = plans[who].first().copied() else { break };
        let before = plies(&env);
        let sent = mover.send(mv);
        std::thread::sleep(Duration::from_secs_f64(rnd() * 0.3));
        if rnd() < 0.5 {
            env.kill_bot();
            kills += 1;
            env.start_bot(&[]);
        }
        // Wait until the move is committed or answered (a redelivered update
        // is processed after the restart); it is never applied twice.
        let deadline = Instant::now() + Duration::from_secs(20);
        while plies(&env) == before && !mover.bot_messages().iter().any(|m| m.id > sent) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let now = plies(&env);
        assert!(now <= before + 1, "a move was applied twice");
        if now == before + 1 {
            plans[who].remove(0);
            wait_board(other, game, "to move", |_| my_turn(other, game));
            wait_board(mover, game, "to wait", |_| !my_turn(mover, game));
        }
    }
    assert!(kills > 0, "the seed kills the bot at least once");
    let all = moves(&env, game);
    assert_eq!(all.len(), 10, "{all:?}");
    assert_eq!(query(&env, "PRAGMA integrity_check"), ["ok"]);
    assert!(
        all.iter().filter(|m| *m == "a4-a5").count() == 1 && all.iter().filter(|m| *m == "j7-j6").count() == 1,
        "{all:?}"
    );
    let last = all.last().expect("a move").clone();
    wait_board(&alice, game, "the last move", |m| m.text.contains(&last));
    wait_board(&bob, game, "the last move", |m| m.text.contains(&last));
    env.check_clean();
}

/// Three games set up at once against a server that refuses sends past
/// Telegram's limits with 429: every press is answered, every game starts.
#[test]
fn a_burst_of_games_under_flood_limits() {
    let env = Env::with(Config { flood: true, ..Config::default() }, &[]);
    let pairs: Vec<(User, User, i64)> = (0..3).map(|_| start_pair(&env, None, None, false)).collect();
    std::thread::scope(|s| {
        for (alice, bob, game) in &pairs {
            s.spawn(move || {
                for l in ["🔀 Shuffle", "🧠 Smart setup", "🔀 Shuffle"] {
                    press_label(alice, *game, l);
                }
                for l in ["🔀 Перемешать", "🧠 Расставить с умом", "🔀 Перемешать"]
                {
                    press_label(bob, *game, l);
                }
                press_label(alice, *game, "⚔ To battle!");
                press_label(bob, *game, "⚔ В бой!");
                wait_board(alice, *game, "in play", |m| m.text.contains("Your move.") || m.text.contains("to move."));
                wait_board(bob, *game, "in play", |m| m.text.contains("Ваш ход.") || m.text.contains("Ходит"));
            });
        }
    });
    let refused: Vec<&str> = env.api.world().flood_events.iter().filter(|e| e.refused).map(|e| e.rule).collect();
    eprintln!("flood: {} sends refused with 429 and retried: {refused:?}", refused.len());
    env.check_clean();
}

/// `/ai easy`: the AI answers every move; resignation, an immediate
/// rematch with sides swapped, `/stats` (unrated) and `/games`.
#[test]
fn game_against_the_ai() {
    let env = Env::new();
    let alice = started_user(&env, "Alice", "en");
    let sent = alice.send("/ai easy");
    let started = alice.wait_text("against AI (", sent);
    let game = number_after(&started.text, "#").expect("game number");
    let b = wait_board(&alice, game, "setup", |m| m.text.contains("Set up your army"));
    assert!(b.text.contains("AI ("), "{}", b.text);
    press_label(&alice, game, "⚔ To battle!");
    // Whoever moves first, the AI answers every move of the human: its
    // reply brings the board to the bottom, the one new message it costs.
    for _ in 0..3 {
        let b = wait_board(&alice, game, "Alice to move", |m| m.text.contains("Your move."));
        let before = alice.bot_messages().len();
        tap_any_move(&alice, game);
        let moved = wait_board(&alice, game, "the AI's reply", |m| m.id > b.id && m.text.contains("Your move."));
        let msgs = alice.bot_messages();
        assert_eq!(msgs.last().map(|m| m.id), Some(moved.id), "the board is at the bottom of the chat");
        assert_eq!(msgs.len(), before + 1, "one new message per AI reply");
        alice.wait_message(b.id, "the old board to become a stub", |m| m.text.contains("moved below"));
    }
    // Resign, then a rematch against the AI starts at once with sides swapped.
    resign(&alice, game);
    let done = wait_board(&alice, game, "lost", |m| m.text.contains("You lost"));
    alice.press(done.id, &button_data(&done, "🔁 Rematch (sides swapped)"));
    wait_board(&alice, game + 1, "North", |m| m.text.contains("You play North"));
    let sent = alice.send("/stats");
    let st = alice.wait_text("Your ratings", sent);
    assert!(st.text.contains("1 game: 0 won, 0 drawn, 1 lost") && st.text.contains("1500"), "{}", st.text);
    let sent = alice.send("/games");
    let list = alice.wait_text("Your games", sent);
    assert!(list.text.contains("AI ("), "{}", list.text);
    env.check_clean();
}

/// While the AI thinks (at least 5 s a move), another player's commands
/// are answered: both replies arrive before the AI's move does.
#[test]
fn a_thinking_ai_does_not_delay_other_chats() {
    let env = Env::with(Config::default(), &[("AI_THINK_MS", "5000"), ("AI_MIN_THINK_MS", "5000")]);
    let (alice, carol) = (env.api.user("Alice", "en"), env.api.user("Carol", "en"));
    for u in [&alice, &carol] {
        u.start();
        u.wait_reply();
    }
    let sent = alice.send("/ai hard");
    let started = alice.wait_text("against AI (", sent);
    let game = number_after(&started.text, "#").expect("game number");
    wait_board(&alice, game, "setup", |_| true);
    press_label(&alice, game, "⚔ To battle!");
    wait_board(&alice, game, "Alice to move", |m| m.text.contains("Your move."));
    tap_any_move(&alice, game);
    // Now the AI thinks; Carol's commands are answered meanwhile.
    for _ in 0..2 {
        carol.send("/help");
        carol.wait_reply();
    }
    assert!(!my_turn(&alice, game), "the AI was meant to be still thinking when Carol got her answers");
    wait_for(WAIT, "the AI's move", || my_turn(&alice, game).then_some(()));
    env.check_clean();
}
