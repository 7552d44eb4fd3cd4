//! Taps in a burst, with Telegram's flood limits on: every press is
//! answered at once, whatever waits for pacing; edits of the board are
//! merged (the newest state wins, nothing identical is sent).

use std::time::{Duration, Instant};

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{On, User, WAIT, wait_for};
use crate::support::world::{Config, Msg};

/// Whether the board shows `sq` selected (its button reads `[rank]`).
fn selected(m: &Msg) -> Option<String> {
    m.buttons()
        .into_iter()
        .find(|b| b.text.starts_with('['))
        .and_then(|b| b.data)
        .and_then(|d| d.rsplit('.').next().map(str::to_owned))
}

/// 30 taps in 5 s on two pieces of one board, each on the board as it is
/// shown at that moment: all answered within 1 s, no "message is not
/// modified", no 429, and the board ends showing what the accepted taps did.
#[test]
fn a_burst_of_taps_is_answered_at_once_and_the_board_catches_up() {
    let env = Env::with(Config { flood: true, ..Config::default() }, &[]);
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let mover = if my_turn(&alice, game) { &alice } else { &bob };
    let calls_before = env.api.world().calls.len();
    let t0 = Instant::now();
    let (taps, last_tap) = tap_burst(mover, game, 30, Duration::from_millis(166));
    assert!(last_tap - t0 < Duration::from_millis(5500), "the burst took {:?}", last_tap - t0);
    // Every press answered, each within 1 s of the press.
    let mut expected: Option<String> = None;
    for (sq, qid) in &taps {
        let (answer, took) = wait_for(WAIT, "an answer", || env.api.answer_of(qid));
        assert!(took < Duration::from_secs(1), "press answered after {took:?}");
        let text = answer["text"].as_str().unwrap_or("");
        if text.is_empty() {
            // Accepted: selects the piece, or clears it if it was selected.
            expected = if expected.as_deref() == Some(sq.as_str()) { None } else { Some(sq.clone()) };
        } else {
            assert!(text.contains("out of date") || text.contains("устарела"), "{text}");
        }
    }
    assert!(taps.iter().any(|(_, q)| env.api.answer_of(q).is_some_and(|(a, _)| a["text"].is_null())));
    // The board shows the final state soon after the last tap (2 s, plus a
    // margin for a busy machine).
    let settled = wait_for(WAIT, "the final selection", || {
        let b = the_board(mover, game);
        (selected(&b) == expected).then_some(Instant::now())
    });
    assert!(
        settled - last_tap < Duration::from_secs(4),
        "the board caught up {:?} after the last tap",
        settled - last_tap
    );
    // And stays so: nothing older arrives after it.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(selected(&the_board(mover, game)), expected);
    let board = the_board(mover, game).id; // before the world is locked below
    let (not_modified, refused) = refusals(&env, calls_before);
    assert_eq!(not_modified, 0, "no edit identical to what the message shows");
    assert!(refused.is_empty(), "the bot paces itself: {refused:?}");
    let w = env.api.world();
    let calls = &w.calls[calls_before..];
    let last_edit = calls
        .iter()
        .filter(|c| c.method == "editmessagetext" && c.status == 200 && c.params["message_id"].as_i64() == Some(board))
        .map(|c| c.at)
        .max()
        .expect("the board was edited");
    let behind = last_edit.saturating_duration_since(last_tap);
    assert!(behind < Duration::from_secs(4), "the board's last edit came {behind:?} after the last tap");
    let edits = calls.iter().filter(|c| c.method == "editmessagetext").count();
    assert!(edits < 15, "edits merged: {edits} edits for 30 taps");
    drop(w);
    env.check_clean();
}

/// South's and North's typed moves of [`six_plies`]: each side walks one
/// piece forward twice and back once (set up with [`walker_code`]).
const WALKS: [[&str; 3]; 2] = [["a4-a5", "a5-a6", "a6-a5"], ["j7-j6", "j6-j5", "j5-j6"]];

/// A setup code whose a4 (South) and j7 (North, seen from North) can walk.
fn walker_code() -> String {
    code_with(EXAMPLE, &[(30, '5'), (39, '9')])
}

/// Plays six plies by typed moves, each once both boards agree whose move
/// it is (a board not yet redrawn would refuse the move as not yet ours);
/// returns when each ply was typed.
fn six_plies(alice: &User, bob: &User, game: i64) -> Vec<Instant> {
    let agree = || {
        let (a, b) = (my_turn(alice, game), my_turn(bob, game));
        (a != b).then_some(a)
    };
    let mut south = wait_for(WAIT, "the boards to agree whose move it is", agree);
    let mut steps = [0, 0];
    let mut typed = vec![];
    for _ in 0..6 {
        let (u, side) = if south { (alice, 0) } else { (bob, 1) };
        u.send(WALKS[side][steps[side]]);
        typed.push(Instant::now());
        steps[side] += 1;
        south = !south;
        wait_for(WAIT, "the move on both boards", || (agree() == Some(south)).then_some(()));
    }
    for u in [alice, bob] {
        let refused = u.bot_messages().into_iter().find(|m| m.text.contains("not your move"));
        assert!(refused.is_none(), "every move was played: {refused:?}");
    }
    typed
}

/// The calls since `from`: how many were refused as "not modified", and
/// the methods refused with 429.
fn refusals(env: &Env, from: usize) -> (usize, Vec<String>) {
    let w = env.api.world();
    let calls = &w.calls[from..];
    let not_modified = calls.iter().filter(|c| c.error.as_deref().is_some_and(|e| e.contains("not modified"))).count();
    (not_modified, calls.iter().filter(|c| c.status == 429).map(|c| c.method.clone()).collect())
}

/// The ply a replay message shows ("ply 3 of 6").
fn replay_ply(m: &Msg) -> Option<usize> {
    number_after(&m.text, "ply ").and_then(|n| usize::try_from(n).ok())
}

/// `/history` replay stepped by 15 ▶/◀ presses in 3 s, each on the replay
/// as it shows at that moment (behind the presses, since its edits are
/// paced): every press answered within 1 s, each press steps one ply from
/// where the presses before it lead (not from the ply the message still
/// shows), no "message is not modified", and the replay ends on exactly
/// that ply soon after the last press.
#[test]
fn quick_replay_stepping_ends_on_the_ply_the_presses_lead_to() {
    let env = Env::with(Config { flood: true, ..Config::default() }, &[]);
    let code = walker_code();
    let (alice, bob, game) = start_pair(&env, Some(&code), Some(&code), true);
    six_plies(&alice, &bob, game);
    resign(&alice, game);
    let sent = alice.send("/history");
    let list = alice.wait_text("Finished games", sent);
    alice.press(list.id, &button_data(&list, &format!("▶ #{game}")));
    let rep = alice.wait_text(&format!("Replay of game #{game}"), list.id);
    assert_eq!(replay_ply(&rep), Some(0), "{}", rep.text);
    assert!(rep.text.contains("of 6"), "{}", rep.text);
    // Six forward to the end, then back and forth inside the game.
    let presses = "▶▶▶▶▶▶◀◀◀▶▶◀▶◀▶";
    assert_eq!(presses.chars().count(), 15);
    let replay = || env.api.message(alice.id, rep.id).expect("the replay");
    let calls_before = env.api.world().calls.len();
    let mut expected = 0usize;
    let mut queries = vec![];
    for p in presses.chars() {
        let shown = replay();
        let data = button_data(&shown, &p.to_string());
        queries.push(alice.tap(On::Message(alice.id, rep.id), &data, false).expect("a shown button"));
        expected = if p == '▶' { (expected + 1).min(6) } else { expected.saturating_sub(1) };
        std::thread::sleep(Duration::from_millis(200));
    }
    let last_press = Instant::now();
    assert_eq!(expected, 5);
    let mut slowest = Duration::ZERO;
    for qid in &queries {
        let (_, took) = wait_for(WAIT, "an answer", || env.api.answer_of(qid));
        assert!(took < Duration::from_secs(1), "press answered after {took:?}");
        slowest = slowest.max(took);
    }
    // The replay ends on the ply the presses lead to within 2 s of the
    // last press (plus a margin for a busy machine), and stays there.
    let settled = wait_for(WAIT, &format!("the replay at ply {expected}"), || {
        (replay_ply(&replay()) == Some(expected)).then_some(Instant::now())
    });
    let behind = settled - last_press;
    assert!(behind < Duration::from_secs(4), "the replay caught up {behind:?} after the last press");
    eprintln!("replay: presses answered within {slowest:?}; at ply {expected} {behind:?} after the last press");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(replay_ply(&replay()), Some(expected), "nothing older arrives after it");
    let (not_modified, refused) = refusals(&env, calls_before);
    assert_eq!(not_modified, 0, "no edit identical to what the replay shows");
    assert!(refused.is_empty(), "the bot paces itself: {refused:?}");
    env.check_clean();
}

/// How far a spectator board may be behind its game: one chat's pacing, an
/// edit every 1.1 s (`src/telegram/pacer.rs`); spectator boards have no
/// window of their own, their edits are merged per message.
const SPECTATOR_WINDOW: Duration = Duration::from_millis(1100);

/// The ply a spectator board shows ("🎯 move 4" is after ply 3).
fn spectator_ply(m: &Msg) -> Option<usize> {
    number_after(&m.text, "🎯 move ").and_then(|n| usize::try_from(n - 1).ok())
}

/// Dave watches a group game while its players make six plies as fast as
/// their boards let them, with Telegram's flood limits on: his board never
/// falls more than the window behind the game (plus a margin for a busy
/// machine), never goes back to an older ply, ends on the latest ply within
/// the window plus 2 s, and no edit is refused as "not modified".
#[test]
fn a_spectator_board_keeps_up_with_a_burst_of_plies() {
    let env = Env::with(Config { flood: true, ..Config::default() }, &[]);
    let (alice, bob, group, card, game) = crate::social::group_game(&env);
    let dave = started_user(&env, "Dave", "en");
    let shown =
        wait_for(WAIT, "the card in play", || env.api.message(group, card).filter(|m| m.text.contains("🎯 move 1,")));
    let watch = shown.keyboard()[0][0].data.clone().expect("watch");
    dave.press_on(On::Message(group, card), &watch);
    let board = wait_for(WAIT, "the spectator board", || {
        dave.bot_messages().into_iter().find(|m| m.text.starts_with("👁") && spectator_ply(m) == Some(0))
    });
    let calls_before = env.api.world().calls.len();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (typed, samples) = std::thread::scope(|s| {
        let sampler = s.spawn(|| {
            let mut seen = vec![];
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let ply = env.api.message(dave.id, board.id).as_ref().and_then(spectator_ply);
                seen.push((Instant::now(), ply.expect("the spectator board shows a move")));
                std::thread::sleep(Duration::from_millis(10));
            }
            seen
        });
        let typed = six_plies(&alice, &bob, game);
        // Until the board has shown the last ply for a while.
        wait_for(WAIT, "the spectator board at the latest ply", || {
            spectator_ply(&env.api.message(dave.id, board.id)?).filter(|&p| p == 6)
        });
        std::thread::sleep(Duration::from_millis(1500));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        (typed, sampler.join().expect("the sampler"))
    });
    let last = *typed.last().expect("six plies");
    let allowed = SPECTATOR_WINDOW + Duration::from_millis(1500);
    let mut worst = Duration::ZERO;
    for pair in samples.windows(2) {
        assert!(pair[1].1 >= pair[0].1, "the spectator board went back from ply {} to {}", pair[0].1, pair[1].1);
    }
    for (i, &t) in typed.iter().enumerate() {
        // Ply i + 1 was typed at t: from when was it shown?
        let shown_at = samples.iter().find(|(_, p)| *p > i).map(|(at, _)| *at).expect("every ply shown");
        let behind = shown_at.saturating_duration_since(t);
        worst = worst.max(behind);
        assert!(behind < allowed, "the spectator board showed ply {} {behind:?} after it was typed", i + 1);
    }
    let caught_up = samples.iter().find(|(_, p)| *p == 6).map(|(at, _)| *at).expect("the latest ply shown");
    let behind = caught_up.saturating_duration_since(last);
    assert!(behind < SPECTATOR_WINDOW + Duration::from_secs(4), "the latest ply came {behind:?} after it was typed");
    eprintln!("spectator board: at most {worst:?} behind a ply; the latest {behind:?} after it was typed");
    assert_eq!(spectator_ply(&env.api.message(dave.id, board.id).expect("the board")), Some(6));
    let (not_modified, refused) = refusals(&env, calls_before);
    assert_eq!(not_modified, 0, "no edit identical to what a message shows");
    assert!(refused.is_empty(), "the bot paces itself: {refused:?}");
    env.check_clean();
}
