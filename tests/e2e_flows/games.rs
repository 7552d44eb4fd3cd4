//! Games between two people: invitation, setup, play to a flag capture,
//! resignation, draws, rematches, bad input.

use crate::support::env::Env;
use crate::support::game::*;

/// South's piece on j4 walks to North's flag on j7 (R17, R19); setup by
/// shuffle, smart setup, swaps and codes; R25 hides the enemy; R26 reveals both setups.
#[test]
fn invite_setup_and_play_to_flag_capture() {
    let env = Env::new();
    let south = code_with(EXAMPLE, &[(39, '5')]);
    let north = code_with(EXAMPLE, &[(30, 'F'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, None, None, false);
    alice.wait_text("Bob accepted your invitation", 0);
    let a = the_board(&alice, game);
    assert!(a.text.contains("Set up your army"), "{}", a.text);
    assert!(a.buttons().iter().all(|b| b.web_app.is_none()), "no Mini App button without WEBAPP_URL");
    assert!(env.api.world().calls.iter().all(|c| c.method != "setchatmenubutton"), "nor a menu button");
    assert!(the_board(&bob, game).text.contains("Расставьте армию"));
    // Shuffle, smart setup and a tap-tap swap all change the draft.
    let c0 = setup_code_in(&a.text);
    press_label(&alice, game, "🔀 Shuffle");
    let c1 = setup_code_in(&the_board(&alice, game).text);
    press_label(&alice, game, "🧠 Smart setup");
    let mut c2 = setup_code_in(&the_board(&alice, game).text);
    assert!(c0 != c1 && c1 != c2, "{c0} {c1} {c2}");
    assert!(c2.find('F').expect("flag") < 10, "smart setup puts the flag on the back rank: {c2}");
    if c2.as_bytes()[0] == c2.as_bytes()[1] {
        alice.send(&format!("/setup {EXAMPLE}"));
        wait_board(&alice, game, "shows the example", |m| m.text.contains(EXAMPLE));
        c2 = EXAMPLE.into();
    }
    press_and_wait(&alice, game, &square_data(&the_board(&alice, game), "a1").expect("a1"));
    press_and_wait(&alice, game, &square_data(&the_board(&alice, game), "b1").expect("b1"));
    let c3 = setup_code_in(&the_board(&alice, game).text);
    assert!(c3[..1] == c2[1..2] && c3[1..2] == c2[..1] && c3[2..] == c2[2..], "{c2} {c3}");
    // The window names its files and jumps; a selection does not pin it:
    // j4 ↔ a4 by taps (slots 39 and 30).
    assert_eq!(window_shown(&the_board(&alice, game)), "a–h");
    press_and_wait(&alice, game, &window_jump(&the_board(&alice, game), true));
    assert_eq!(window_shown(&the_board(&alice, game)), "c–j");
    assert!(square_data(&the_board(&alice, game), "a4").is_none(), "a is out of the c–j window");
    press_and_wait(&alice, game, &square_data(&the_board(&alice, game), "j4").expect("j4"));
    press_and_wait(&alice, game, &window_jump(&the_board(&alice, game), false));
    assert_eq!(window_shown(&the_board(&alice, game)), "a–h", "a selected j4 does not pin the window");
    press_and_wait(&alice, game, &square_data(&the_board(&alice, game), "a4").expect("a4"));
    let c4 = setup_code_in(&the_board(&alice, game).text);
    let (b3, b4) = (c3.as_bytes(), c4.as_bytes());
    assert!(b4[30] == b3[39] && b4[39] == b3[30], "j4 and a4 swapped: {c3} {c4}");
    assert!((0..40).filter(|&i| i != 30 && i != 39).all(|i| b4[i] == b3[i]), "{c3} {c4}");
    // A wrong setup code is refused with the reason; the draft is unchanged.
    let sent = bob.send("/setup BFB");
    bob.wait_text("40", sent);
    let sent = bob.send(&format!("/setup {}", north.replacen('F', "B", 1)));
    bob.wait_text("состав армии", sent);
    for (user, code) in [(&alice, &south), (&bob, &north)] {
        user.send(&format!("/setup {code}"));
        wait_board(user, game, "shows the code", |m| m.text.contains(code.as_str()));
    }
    press_label(&alice, game, "⚔ To battle!");
    bob.wait_text("готов", 0);
    press_label(&bob, game, "⚔ В бой!");
    let a = wait_board(&alice, game, "in play", |m| m.text.contains("Your move.") || m.text.contains("to move."));
    // R25: Alice cannot see where Bob's flag stands.
    let row7 = a.text.lines().find(|l| l.starts_with(" 7 ")).expect("row 7");
    assert!(row7.split_whitespace().skip(1).all(|c| c == "?"), "R25: North's pieces all look alike: {row7:?}");
    let mut alice_plan = vec![("j4", "j5"), ("j5", "j6"), ("j6", "j7")];
    let mut bob_plan = vec!["a7 a6", "a6-b6", "b6:a6"];
    for _ in 0..6 {
        let alice_moves = my_turn(&alice, game);
        if alice_moves {
            let (from, to) = alice_plan.remove(0);
            tap_move(&alice, game, from, to);
            if !alice_plan.is_empty() {
                // After a move the board is back at the player's default view.
                let a = wait_board(&alice, game, "moved", |m| m.text.contains("Bob to move."));
                assert_eq!(window_shown(&a), "a–h");
            }
        } else {
            bob.send(bob_plan.remove(0));
            // No receipt: Bob's board, edited in place, shows the move.
            wait_board(&bob, game, "moved", |_| !my_turn(&bob, game));
        }
        if alice_plan.is_empty() {
            break;
        }
        let other = if alice_moves { &bob } else { &alice };
        wait_board(other, game, "to move", |_| my_turn(other, game));
    }
    let a = wait_board(&alice, game, "won", |m| m.text.contains("You won"));
    let b = wait_board(&bob, game, "lost", |m| m.text.contains("Вы проиграли"));
    assert!(a.text.contains("flag") && b.text.contains("знамя"));
    assert!(a.text.contains(&north) && b.text.contains(&south), "R26: both setups revealed");
    for m in [&a, &b] {
        let labels: Vec<String> = m.buttons().into_iter().map(|b| b.text).collect();
        assert!(labels.len() == 1 && labels[0].contains('🔁'), "finished boards lose their move buttons: {labels:?}");
    }
    alice.wait_text(&format!("Game #{game} is over"), 0);
    bob.wait_text(&format!("Партия №{game} окончена"), 0);
    env.check_clean();
}

/// Resignation asks for confirmation; the winner offers a rematch with sides swapped.
#[test]
fn resign_with_confirmation_and_rematch() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    press_label(&alice, game, "☰ Menu");
    press_label(&alice, game, "🏳 Resign");
    let labels: Vec<String> = the_board(&alice, game).buttons().into_iter().map(|b| b.text).collect();
    assert!(labels.iter().any(|l| l == "Yes, resign"), "{labels:?}");
    press_label(&alice, game, "Yes, resign");
    wait_board(&alice, game, "lost by resignation", |m| m.text.contains("You lost") && m.text.contains("resignation"));
    let b = wait_board(&bob, game, "won", |m| m.text.contains("Вы победили"));
    // A rematch with sides swapped: Bob offers, Alice accepts and now plays North.
    let ans = bob.press(b.id, &button_data(&b, "🔁 Реванш (стороны меняются)"));
    assert!(ans["text"].as_str().unwrap_or("").contains("Реванш предложен"), "{ans}");
    let offer = alice.wait_text(&format!("game #{game} offers a rematch"), 0);
    alice.press(offer.id, &button_data(&offer, "✅ Accept the rematch"));
    let joined = alice.wait_text("You joined game #", 0);
    let new_game = number_after(&joined.text, "#").expect("game number");
    assert_ne!(new_game, game);
    wait_board(&alice, new_game, "North", |m| m.text.contains("You play North"));
    wait_board(&bob, new_game, "South", |m| m.text.contains("за Юг"));
    env.check_clean();
}

/// A draw offered from the menu and accepted ends the game drawn for both.
#[test]
fn agreed_draw() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    press_label(&bob, game, "☰ Меню");
    press_label(&bob, game, "🤝 Предложить ничью");
    let offer = alice.wait_text(&format!("game #{game} offers a draw"), 0);
    alice.press(offer.id, &button_data(&offer, "✅ Accept the draw"));
    wait_board(&alice, game, "drawn", |m| m.text.contains("Draw"));
    wait_board(&bob, game, "drawn", |m| m.text.contains("Ничья"));
    env.check_clean();
}

/// Forged, foreign, stale and out-of-turn presses, typed nonsense and dead
/// invitations get a polite answer and change nothing.
#[test]
fn bad_input_changes_nothing() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let carol = started_user(&env, "Carol", "en");
    let carol_msg = carol.bot_messages().last().expect("the answer to /start").id;
    let (mover, waiter) = if my_turn(&alice, game) { (&alice, &bob) } else { (&bob, &alice) };
    let data =
        the_board(mover, game).buttons().into_iter().filter_map(|b| b.data).find(|d| d.starts_with("p.")).expect("p.");
    // A forged and an unknown callback.
    assert_eq!(carol.press_forged(carol_msg, "zz.1"), "This button is not valid.");
    assert!(carol.press_forged(carol_msg, "p.999999.1.e4").contains("does not exist"));
    // Someone else's board (a forwarded message).
    assert_eq!(carol.press_forged(carol_msg, &data), "This is not your game.");
    // Not your turn.
    let wb = the_board(waiter, game);
    let own = own_pieces(&wb).into_iter().next().expect("a piece");
    let ans = waiter.press(wb.id, &own);
    assert!(["It is not your move yet.", "Сейчас не ваш ход."].contains(&ans["text"].as_str().unwrap_or("")), "{ans}");
    // A stale board: select a piece (new version), then press the old data.
    let piece = own_pieces(&the_board(mover, game)).into_iter().next().expect("a piece");
    press_and_wait(mover, game, &piece);
    let after = the_board(mover, game);
    let ans = mover.press_forged(after.id, &piece);
    assert!(
        ["This board is out of date — here is the current one.", "Эта доска устарела — вот актуальная."]
            .contains(&ans.as_str()),
        "{ans}"
    );
    // Typed nonsense, a typo, an illegal move, an unknown command.
    for (text, needle) in [("hello there", "e4-e5"), ("e4-z9", "e4-e5"), ("e5-e6", "e5"), ("/frobnicate", "/help")] {
        mover.send(text);
        let reply = mover.wait_reply();
        assert!(reply.text.contains(needle), "{text}: {}", reply.text);
    }
    // Invitations: own, cancelled, unknown.
    let (_, link) = invite(&carol, "battle");
    carol.open_link(&link);
    carol.wait_text("your own invitation", 0);
    let sent = carol.send("/cancel");
    carol.wait_text("is cancelled", sent);
    let sent = alice.open_link(&link);
    alice.wait_text("was cancelled", sent);
    let sent = carol.send(&format!("/start {}", "A".repeat(22)));
    carol.wait_text("does not exist", sent);
    // Nothing changed in the game: the board is the same as after the selection.
    assert_eq!(the_board(mover, game).text, after.text);
    env.check_clean();
}

/// A player who blocks the bot does not stop the game; the opponent is told once.
#[test]
fn opponent_blocks_the_bot_and_the_game_goes_on() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    if my_turn(&bob, game) {
        tap_any_move(&bob, game);
        wait_board(&alice, game, "Alice to move", |_| my_turn(&alice, game));
    }
    bob.set_blocked(true);
    alice.wait_text("has blocked the bot", 0);
    tap_any_move(&alice, game);
    wait_board(&alice, game, "Bob to move", |m| m.text.contains("Bob to move."));
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let told = alice.bot_messages().iter().filter(|m| m.text.contains("has blocked the bot")).count();
    assert_eq!(told, 1, "the player is told once");
    bob.set_blocked(false);
    wait_board(&bob, game, "Bob to move", |_| my_turn(&bob, game));
    env.check_clean();
}

/// When one player confirms the setup, the other's setup board says so at
/// once ("Противник готов."), in place, and stops saying so when the setup
/// is taken back. Only its text changes: a button of the board as it was
/// before still works (no "out of date").
#[test]
fn the_opponents_setup_board_shows_who_is_ready() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, false);
    let before = wait_board(&bob, game, "the setup board", |m| m.text.contains("Расставьте армию"));
    assert!(!before.text.contains("Противник готов."), "{}", before.text);
    press_label(&alice, game, "⚔ To battle!");
    let ready = wait_board(&bob, game, "the opponent ready", |m| m.text.contains("Противник готов."));
    assert_eq!(ready.id, before.id, "redrawn in place");
    let data = |m: &crate::support::world::Msg| m.buttons().into_iter().map(|b| b.data).collect::<Vec<_>>();
    assert_eq!(data(&ready), data(&before), "the buttons are the same");
    let tap = data(&before).into_iter().flatten().find(|d| d.starts_with('u')).expect("a square of Bob's board");
    let sq = tap.rsplit('.').next().expect("its square").to_owned();
    let answer = bob.press(before.id, &tap);
    assert!(!answer["text"].as_str().unwrap_or("").contains("устарела"), "{answer}");
    let selected = format!("Выбрана клетка {sq}");
    wait_board(&bob, game, "the square selected", |m| m.text.contains(&selected));
    press_label(&alice, game, "✏ Change my setup");
    let b = wait_board(&bob, game, "the opponent not ready", |m| !m.text.contains("Противник готов."));
    assert!(b.text.contains(&selected), "the selection stays: {}", b.text);
    env.check_clean();
}
