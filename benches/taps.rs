//! Chat bench (issue 20): Bot API calls per move and press-to-answer
//! latency under a burst, through the in-process fake Bot API of the
//! end-to-end tests with Telegram's flood limits on (429 past them) and the
//! real `srazhenie` binary. Not a test: it measures and prints.
//!
//! 1. Alice (South) and Bob (North) set up and start a game.
//! 2. Calls per move, both players' chats together: typed moves (`a4-a5`),
//!    tapped moves with confirmation (piece, destination, the destination
//!    again — moves between people are confirmed by default) and, after
//!    both players switched it off in `/settings`, without (piece,
//!    destination); each counted from the user's update until the bot has
//!    been quiet for 3 s; `getUpdates` not counted.
//! 3. A burst of 30 taps in 5 s on one board (two pieces in turn, each on
//!    the board as it shows at that moment): the time from each press to
//!    its `answerCallbackQuery`, and from the last press to the board
//!    showing the final state.
//! 4. Carol plays the AI (easy, `AI_THINK_MS=30` as in the end-to-end
//!    tests): for each of her typed moves, the time until the AI's move is
//!    on her board (the board brought to the bottom of the chat), and the
//!    new messages and calls it cost.
//!
//! ```sh
//! cargo bench --profile test --bench taps
//! ```

#[allow(dead_code)]
#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use support::env::Env;
use support::game::*;
use support::users::{User, WAIT, wait_for};
use support::world::Config;

/// Waits until no Bot API call but `getUpdates` came for `quiet`; returns
/// the calls since `from` by method.
fn calls_until_quiet(env: &Env, from: usize, quiet: Duration) -> BTreeMap<String, usize> {
    let mut last = (env.api.world().calls.len(), Instant::now());
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let n = env.api.world().calls.iter().filter(|c| c.method != "getupdates").count();
        if n != last.0 {
            last = (n, Instant::now());
        } else if last.1.elapsed() >= quiet {
            break;
        }
    }
    let mut by = BTreeMap::new();
    for c in &env.api.world().calls[from..] {
        if c.method != "getupdates" {
            *by.entry(c.method.clone()).or_insert(0) += 1;
        }
    }
    by
}

fn show(what: &str, by: &BTreeMap<String, usize>) {
    let total: usize = by.values().sum();
    println!("{what}: {total} calls {by:?}");
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let env = Env::with(Config { flood: true, ..Config::default() }, &[]);
    let south = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    let north = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, Some(&south), Some(&north), true);
    std::thread::sleep(Duration::from_secs(4));
    // Typed moves: two each, in turn.
    let mut steps = [0, 0];
    for _ in 0..4 {
        let (u, is_south) = if my_turn(&alice, game) { (&alice, true) } else { (&bob, false) };
        let step = &mut steps[usize::from(!is_south)];
        let mv = walk(is_south, *step);
        *step += 1;
        let from = env.api.world().calls.len();
        u.send(mv);
        let by = calls_until_quiet(&env, from, Duration::from_secs(3));
        show(&format!("typed move {mv} by {}", u.name), &by);
    }
    // Tapped moves: one each.
    tapped_moves(&env, [&alice, &bob], game, "select, destination, destination again");
    // Confirmation off for both (the first button of /settings).
    for (u, title, off) in [(&alice, "Settings", "people: off"), (&bob, "Настройки", "людьми: выкл")]
    {
        let sent = u.send("/settings");
        let m = u.wait_text(title, sent);
        let toggle = m.keyboard()[0][0].data.clone().expect("the toggle for games with people");
        u.press(m.id, &toggle);
        u.wait_message(m.id, "confirmation off", |m| m.text.contains(off));
    }
    tapped_moves(&env, [&alice, &bob], game, "without confirmation: select, destination");
    // The burst.
    let mover = if my_turn(&alice, game) { &alice } else { &bob };
    let from = env.api.world().calls.len();
    let (taps, last_tap) = tap_burst(mover, game, 30, Duration::from_millis(166));
    let qids: Vec<String> = taps.into_iter().map(|(_, q)| q).collect();
    let mut lat: Vec<Duration> = qids.iter().map(|q| wait_for(WAIT, "an answer", || env.api.answer_of(q)).1).collect();
    lat.sort();
    let by = calls_until_quiet(&env, from, Duration::from_secs(3));
    let board = the_board(mover, game);
    let w = env.api.world();
    let edits: Vec<Instant> = w.calls[from..]
        .iter()
        .filter(|c| {
            c.method == "editmessagetext" && c.status == 200 && c.params["message_id"].as_i64() == Some(board.id)
        })
        .map(|c| c.at)
        .collect();
    let not_modified =
        w.calls[from..].iter().filter(|c| c.error.as_deref().is_some_and(|e| e.contains("not modified"))).count();
    println!(
        "burst of 30 taps in 5 s: press-to-answer p50 {:?} p90 {:?} max {:?}; {} board edits, the last {:?} after \
         the last tap; {not_modified} \"not modified\"; calls {by:?}",
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        lat[lat.len() - 1],
        edits.len(),
        edits.last().map(|t| t.saturating_duration_since(last_tap)),
    );
    drop(w);
    ai_replies(&env);
    let refused = env.api.world().calls.iter().filter(|c| c.status == 429).count();
    println!("429s over the whole run: {refused}");
}

/// One tapped move by each player, in turn, with the calls each cost.
fn tapped_moves(env: &Env, [alice, bob]: [&User; 2], game: i64, how: &str) {
    for _ in 0..2 {
        let u = if my_turn(alice, game) { alice } else { bob };
        let from = env.api.world().calls.len();
        tap_any_move(u, game);
        let by = calls_until_quiet(env, from, Duration::from_secs(3));
        show(&format!("tapped move by {} ({how})", u.name), &by);
    }
}

/// Part 4: typed moves against the AI, each until the AI's move is on the board.
fn ai_replies(env: &Env) {
    let carol = started_user(env, "Carol", "en");
    let sent = carol.send("/ai easy");
    let game = number_after(&carol.wait_text("against AI (", sent).text, "#").expect("game number");
    wait_board(&carol, game, "setup", |_| true);
    let code = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    carol.send(&format!("/setup {code}"));
    wait_board(&carol, game, "the loaded code", |m| m.text.contains(&code));
    press_label(&carol, game, "⚔ To battle!");
    wait_board(&carol, game, "Carol to move", |m| m.text.contains("Your move."));
    std::thread::sleep(Duration::from_secs(4));
    for mv in ["a4-a5", "a5-a6", "a6-a7"] {
        let before = the_board(&carol, game);
        let msgs = carol.bot_messages().len();
        let from = env.api.world().calls.len();
        let t0 = Instant::now();
        carol.send(mv);
        let moved = wait_board(&carol, game, "the AI's reply", |m| m.id > before.id && m.text.contains("Your move."));
        let took = t0.elapsed();
        let by = calls_until_quiet(env, from, Duration::from_secs(3));
        let new = carol.bot_messages().len() - msgs;
        let bottom = carol.bot_messages().last().map(|m| m.id) == Some(moved.id);
        let total: usize = by.values().sum();
        println!(
            "typed move {mv} against the AI: its move on the board after {took:?}; {new} new message(s), board at \
             the bottom: {bottom}; {total} calls {by:?}"
        );
    }
}
