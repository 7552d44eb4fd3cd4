//! Taps in a burst, with Telegram's flood limits on: every press is
//! answered at once, whatever waits for pacing; edits of the board are
//! merged (the newest state wins, nothing identical is sent).

use std::time::{Duration, Instant};

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{WAIT, wait_for};
use crate::support::world::Config;

/// Whether the board shows `sq` selected (its button reads `[rank]`).
fn selected(m: &crate::support::world::Msg) -> Option<String> {
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
    let w = env.api.world();
    let calls = &w.calls[calls_before..];
    let not_modified = calls.iter().filter(|c| c.error.as_deref().is_some_and(|e| e.contains("not modified"))).count();
    assert_eq!(not_modified, 0, "no edit identical to what the message shows");
    let refused: Vec<_> = calls.iter().filter(|c| c.status == 429).map(|c| &c.method).collect();
    assert!(refused.is_empty(), "the bot paces itself: {refused:?}");
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
