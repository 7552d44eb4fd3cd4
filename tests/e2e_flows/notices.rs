//! One live board, and notices that lead to it (issue 20): a player's turn
//! brings their board to the bottom of the chat, notices carry a button that
//! does the same, answered questions lose their buttons, and a typed move
//! leaves no receipt.

use std::time::Duration;

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{User, WAIT, wait_for};

/// Bot API calls since `from` (`getUpdates` not counted).
fn calls_since(env: &Env, from: usize) -> Vec<String> {
    env.api.world().calls[from..].iter().filter(|c| c.method != "getupdates").map(|c| c.method.clone()).collect()
}

/// The bot's messages in `u`'s chat newer than `after`.
fn newer(u: &User, after: i64) -> Vec<String> {
    u.bot_messages().into_iter().filter(|m| m.id > after).map(|m| m.text).collect()
}

/// A notice's ⬇ button brings the board to the bottom of the chat; the
/// old board becomes a one-line stub without buttons.
#[test]
fn a_notices_board_button_brings_the_board_down() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let old = the_board(&alice, game);
    press_label(&bob, game, "☰ Меню");
    press_label(&bob, game, "🤝 Предложить ничью");
    let offer = alice.wait_text(&format!("game #{game} offers a draw"), old.id);
    let labels: Vec<String> = offer.buttons().into_iter().map(|b| b.text).collect();
    assert_eq!(labels, ["✅ Accept the draw", "❌ Decline", "⬇ Board to the bottom"], "{labels:?}");
    alice.press(offer.id, &button_data(&offer, "⬇ Board to the bottom"));
    let moved = wait_board(&alice, game, "below the notice", |m| m.id > offer.id);
    assert!(moved.text.contains("Your opponent offers a draw"), "{}", moved.text);
    let stub = alice.wait_message(old.id, "the old board to become a stub", |m| m.text.contains("moved below"));
    assert!(stub.buttons().is_empty() && stub.text.lines().count() == 1, "{stub:?}");
    env.check_clean();
}

/// An invitation says who accepted it and loses its buttons; so does a
/// cancelled one; a draw offer, once declined or accepted, says so and
/// loses its buttons.
#[test]
fn an_answered_draw_offer_and_a_used_invitation_lose_their_buttons() {
    let env = Env::new();
    let (alice, bob) = (started_user(&env, "Alice", "en"), started_user(&env, "Bob", "ru"));
    // A cancelled invitation.
    let (dead, _) = invite(&alice, "battle");
    let dead_msg = alice.bot_messages().into_iter().rfind(|m| m.text.contains("t.me/")).expect("the invitation");
    alice.press(dead_msg.id, &button_data(&dead_msg, "✖ Cancel the invitation"));
    let closed = alice.wait_message(dead_msg.id, "the invitation to say it was cancelled", |m| {
        m.text.contains(&format!("invitation to game #{dead} was cancelled"))
    });
    assert!(closed.buttons().is_empty(), "{closed:?}");
    // A used invitation.
    let (game, link) = invite(&alice, "battle");
    let inv = alice.bot_messages().into_iter().rfind(|m| m.text.contains(&link)).expect("the invitation");
    assert!(!inv.buttons().is_empty());
    bob.open_link(&link);
    let used = alice.wait_message(inv.id, "the invitation to say it was accepted", |m| {
        m.text.contains(&format!("Bob accepted the invitation to game #{game}"))
    });
    assert!(used.buttons().is_empty(), "{used:?}");
    // Acceptance first, then the board.
    let joined = alice.wait_text(&format!("Bob accepted your invitation to game #{game}"), inv.id);
    let setup = wait_board(&alice, game, "setup", |_| true);
    assert!(joined.id < setup.id, "the notice comes before the board");
    press_label(&alice, game, "⚔ To battle!");
    press_label(&bob, game, "⚔ В бой!");
    wait_board(&alice, game, "in play", |m| m.text.contains("Your move.") || m.text.contains("to move."));
    // A declined draw offer.
    press_label(&bob, game, "☰ Меню");
    press_label(&bob, game, "🤝 Предложить ничью");
    let offer = alice.wait_text(&format!("game #{game} offers a draw"), 0);
    alice.press(offer.id, &button_data(&offer, "❌ Decline"));
    let declined =
        alice.wait_message(offer.id, "the offer to say it was declined", |m| m.text.contains("was declined"));
    assert!(declined.buttons().is_empty(), "{declined:?}");
    // An accepted one.
    press_label(&alice, game, "☰ Menu");
    press_label(&alice, game, "🤝 Offer a draw");
    let offer = bob.wait_text(&format!("партии №{game} предлагает ничью"), 0);
    bob.press(offer.id, &button_data(&offer, "✅ Принять ничью"));
    let accepted = bob.wait_message(offer.id, "the offer to say it was accepted", |m| m.text.contains("принято"));
    assert!(accepted.buttons().is_empty(), "{accepted:?}");
    wait_board(&alice, game, "drawn", |m| m.text.contains("Draw"));
    env.check_clean();
}

/// A typed move costs three calls for both players together: the mover's
/// board edited (the receipt), the opponent's board sent anew at the bottom
/// (it notifies) and the old one turned into a stub. A refusal is still a
/// short reply.
#[test]
fn a_typed_move_leaves_no_receipt() {
    let env = Env::new();
    let code = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, Some(&code), Some(&code), true);
    std::thread::sleep(Duration::from_secs(1));
    let (mover, other, mv) = if my_turn(&alice, game) { (&alice, &bob, "a4-a5") } else { (&bob, &alice, "j7-j6") };
    let (mine, theirs) = (the_board(mover, game), the_board(other, game));
    let from = env.api.world().calls.len();
    let sent = mover.send(mv);
    let moved = wait_board(other, game, "its turn, at the bottom", |m| m.id > theirs.id && my_turn(other, game));
    other.wait_message(theirs.id, "the old board to become a stub", |m| m.buttons().is_empty() && m.text.contains('⬇'));
    wait_board(mover, game, "the move shown", |m| m.id == mine.id && !my_turn(mover, game));
    assert_eq!(other.bot_messages().last().map(|m| m.id), Some(moved.id), "the board is at the bottom");
    // Nothing else comes: no receipt, no other notice.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(newer(mover, sent).is_empty(), "no receipt: {:?}", newer(mover, sent));
    let calls = calls_since(&env, from);
    assert_eq!(calls.len(), 3, "a typed move costs 3 calls: {calls:?}");
    // A refusal is a short reply, and changes nothing.
    let sent = mover.send(mv);
    let reply = wait_for(WAIT, "a reply to the refused move", || newer(mover, sent).into_iter().next());
    assert!(!reply.is_empty() && reply.lines().count() == 1, "{reply}");
    assert_eq!(the_board(other, game).id, moved.id);
    env.check_clean();
}
