//! Games started outside the private chat: inline challenge cards with
//! spectators, group challenges to a named person; and the bot's profile
//! calls at start-up.

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{On, User, WAIT, wait_for};
use crate::support::world::Config;
use crate::support::world::Msg;

/// Whether a spectator's board line shows a rank (`r5`, `bF`, …).
fn shows_rank(line: &str) -> bool {
    let c: Vec<char> = line.chars().collect();
    c.windows(2).any(|w| matches!(w[0], 'r' | 'b') && (w[1].is_ascii_digit() || matches!(w[1], 'B' | 'F')))
}

/// `@bot classic 3` posts a challenge card; the challenger cannot accept,
/// a newcomer is sent to the bot first, a second acceptor is refused; the
/// card follows the game and its Watch button gives a public-only board.
#[test]
fn inline_challenge_cards_and_spectators() {
    let env = Env::new();
    let [alice, bob, carol, dave] = ["Alice", "Bob", "Carol", "Dave"].map(|n| env.api.user(n, "en"));
    for u in [&alice, &bob, &dave] {
        u.start();
        u.wait_reply();
    }
    let group = env.api.group(-100_000 - alice.id, "Club", &[&alice, &bob, &carol, &dave]);
    let (results, qid) = alice.inline_query("classic 3");
    assert!(!results.is_empty(), "no inline results");
    for r in &results {
        let title = r["title"].as_str().unwrap_or("");
        assert!(title.contains("Classic") && title.contains("3 days"), "{title}");
    }
    let inline_id = alice.choose_inline(&qid, results[0]["id"].as_str().expect("id"), group);
    let accept =
        results[0]["reply_markup"]["inline_keyboard"][0][0]["callback_data"].as_str().expect("accept").to_owned();
    let card = || env.api.inline_message(&inline_id).expect("the card");
    let ans = alice.press_on(On::Inline(&inline_id), &accept);
    assert!(ans["text"].as_str().unwrap_or("").contains("your own challenge"), "{ans}");
    let ans = carol.press_on(On::Inline(&inline_id), &accept);
    let url = ans["url"].as_str().unwrap_or("").to_owned();
    assert!(url.contains("start=ch_"), "{ans}");
    carol.open_link(&url);
    let joined = carol.wait_text("You joined game #", 0);
    let game = number_after(&joined.text, "#").expect("game number");
    wait_board(&carol, game, "classic", |m| m.text.contains("Classic Stratego"));
    wait_board(&alice, game, "setup", |m| m.text.contains("Set up your army"));
    // A second acceptor is refused politely if the card still offered Accept
    // when he pressed; once it is edited, Telegram no longer lets him press it.
    match bob.try_press(On::Inline(&inline_id), &accept, false) {
        Ok(Some(ans)) => assert!(ans["text"].as_str().unwrap_or("").contains("already accepted"), "{ans}"),
        Ok(None) => panic!("Bob's press was not answered"),
        Err(_) => assert!(!card().buttons().iter().any(|b| b.data.as_deref() == Some(accept.as_str()))),
    }
    wait_for(WAIT, "the card to show the setup", || card().text.contains("setting up").then_some(()));
    let watch = card().keyboard()[0][0].data.clone().expect("watch");
    dave.press_on(On::Inline(&inline_id), &watch);
    dave.wait_text(&format!("watching game #{game}"), 0);
    press_label(&alice, game, "⚔ To battle!");
    press_label(&carol, game, "⚔ To battle!");
    wait_for(WAIT, "the card to show the first move", || card().text.contains("🎯 move 1").then_some(()));
    let spect = wait_for(WAIT, "the spectator board", || {
        dave.bot_messages().into_iter().find(|m| m.text.contains('👁') && m.text.contains("Game #"))
    });
    let grid: Vec<&str> = spect
        .text
        .lines()
        .filter(|l| {
            l.len() > 3
                && matches!(l.as_bytes()[0], b' ' | b'1')
                && l.as_bytes()[1].is_ascii_digit()
                && l.as_bytes()[2] == b' '
        })
        .collect();
    assert_eq!(grid.len(), 10, "{}", spect.text);
    assert!(!grid.iter().any(|l| shows_rank(l)), "no rank is public yet: {grid:?}");
    // Resignation: the card shows the result. The card may show the game
    // before Alice's board does (Carol's press is seen as done as soon as
    // her board changes, and Alice's ready-line already changed it), so
    // Alice's board is read once it is in play.
    wait_board(&alice, game, "in play", |m| m.text.contains("Your move.") || m.text.contains("to move."));
    resign(&alice, game);
    wait_for(WAIT, "the card to show the result", || card().text.contains("Carol won").then_some(()));
    env.check_clean();
}

/// `/challenge duel` as a reply to Bob: only Bob may accept; `/games` in
/// the group lists the group's games.
#[test]
fn group_challenge_to_a_named_person() {
    let env = Env::new();
    let [alice, bob, carol] = ["Alice", "Bob", "Carol"].map(|n| env.api.user(n, "en"));
    for u in [&alice, &bob, &carol] {
        u.start();
        u.wait_reply();
    }
    let group = env.api.group(-200_000 - alice.id, "Club", &[&alice, &bob, &carol]);
    let said = bob.send_in(group, "hi all", None);
    alice.send_in(group, "/challenge duel", Some(said));
    let card = wait_card(&env, group, "challenges Bob");
    let data = card.keyboard()[0][0].data.clone().expect("accept");
    let ans = carol.press_on(On::Message(group, card.id), &data);
    assert!(ans["text"].as_str().unwrap_or("").contains("for someone else"), "{ans}");
    let ans = bob.press_on(On::Message(group, card.id), &data);
    assert!(ans["text"].as_str().unwrap_or("").contains("accepted"), "{ans}");
    let game = number_after(&bob.wait_text("Game #", 0).text, "#").expect("game number");
    wait_board(&bob, game, "duel", |m| m.text.contains("Duel"));
    alice.send_in(group, "/games", None);
    wait_for(WAIT, "the group's games", || {
        env.api
            .messages(group)
            .into_iter()
            .find(|m| m.text.contains("Games of this group") && m.text.contains(&format!("#{game}")))
    });
    env.check_clean();
}

/// The bot says hello when it is added to a group, and a link to an
/// invitation that does not exist still welcomes a brand-new user with a
/// way on (buttons for the AI and for an invitation of their own).
#[test]
fn a_new_group_and_a_dead_link_are_welcomed() {
    let env = Env::new();
    let [alice, bob] = ["Alice", "Bob"].map(|n| env.api.user(n, "en"));
    let group = env.api.group(-100_000 - alice.id, "Club", &[&alice]);
    let hello = wait_for(WAIT, "the group welcome", || {
        env.api.messages(group).into_iter().find(|m| m.from_bot && m.text.contains("/challenge"))
    });
    assert!(hello.text.contains("private"), "{}", hello.text);
    let bot = env.api.world().cfg.bot_username.clone();
    bob.open_link(&format!("https://t.me/{bot}?start=inv_no_such_invitation"));
    bob.wait_text("does not exist", 0);
    let offer = bob.wait_text("You can still play", 0);
    let labels: Vec<String> = offer.buttons().iter().map(|b| b.text.clone()).collect();
    assert!(labels.len() >= 2, "the offer has buttons: {labels:?}");
}

/// A game challenged in a group by Alice and accepted by Bob, both set up
/// with the same code and in play: `(alice, bob, group, card id, game)`.
pub(crate) fn group_game(env: &Env) -> (User, User, i64, i64, i64) {
    let [alice, bob] = ["Alice", "Bob"].map(|n| env.api.user(n, "en"));
    for u in [&alice, &bob] {
        u.start();
        u.wait_reply();
    }
    let group = env.api.group(-300_000 - alice.id, "Club", &[&alice, &bob]);
    alice.send_in(group, "/challenge", None);
    let card = wait_for(WAIT, "the challenge card", || {
        env.api
            .messages(group)
            .into_iter()
            .find(|m| m.from_bot && m.text.contains("Who accepts") && !m.keyboard().is_empty())
    });
    let accept = card.keyboard()[0][0].data.clone().expect("accept");
    bob.press_on(On::Message(group, card.id), &accept);
    let game = number_after(&bob.wait_text("Game #", 0).text, "#").expect("game number");
    let code = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    for u in [&alice, &bob] {
        wait_board(u, game, "setup", |_| true);
        u.send(&format!("/setup {code}"));
        wait_board(u, game, "the loaded code", |m| m.text.contains(&code));
        press_label(u, game, "⚔ To battle!");
    }
    (alice, bob, group, card.id, game)
}

/// The card of `card` in `group` once it shows move `n`.
fn card_at(env: &Env, group: i64, card: i64, n: usize) -> impl Fn() -> Option<Msg> + '_ {
    let text = format!("🎯 move {n},");
    move || env.api.message(group, card).filter(|m| m.text.contains(&text))
}

/// A group card follows the game at most once per window (`CARD_EDIT_SECS`,
/// here 4 s): moves within the window are held back, and a trailing edit
/// shows the latest ply once it has passed — the exact ply, within the
/// window (plus pacing and a margin for a loaded machine) of the last move.
///
/// Each move is typed only once both boards agree whose turn it is: one
/// board alone may still show "Your move." from before its own player's
/// last move (its edit not yet shown), and a move typed then is refused
/// ("not your move yet") — the card then rightly stays a ply behind.
#[test]
fn a_group_card_shows_the_latest_ply_after_the_throttle_window() {
    let env = Env::with(Config::default(), &[("CARD_EDIT_SECS", "4")]);
    let (alice, bob, group, card, game) = group_game(&env);
    let before = wait_for(WAIT, "the card to show the first move", card_at(&env, group, card, 1));
    let started = std::time::Instant::now();
    let turn = |south: bool| {
        let (a, b) = (my_turn(&alice, game), my_turn(&bob, game));
        (a != b && a == south).then_some(())
    };
    let mut south = wait_for(WAIT, "the boards to agree whose move it is", || {
        let (a, b) = (my_turn(&alice, game), my_turn(&bob, game));
        (a != b).then_some(a)
    });
    let mut steps = [0, 0];
    // Three plies at once, well within the window.
    for _ in 0..3 {
        let u = if south { &alice } else { &bob };
        let step = &mut steps[usize::from(!south)];
        u.send(walk(south, *step));
        *step += 1;
        south = !south;
        wait_for(WAIT, "the move on both boards", || turn(south));
    }
    let moved = std::time::Instant::now();
    for u in [&alice, &bob] {
        let refused = u.bot_messages().into_iter().find(|m| m.text.contains("not your move"));
        assert!(refused.is_none(), "every move was played: {refused:?}");
    }
    let after = wait_for(WAIT, "the card to show the latest ply", card_at(&env, group, card, 4));
    let behind = moved.elapsed();
    assert!(behind < std::time::Duration::from_secs(4 + 10), "the card was {behind:?} behind the game");
    // One edit a window at most (and one at once when a window had passed).
    let windows = u32::try_from(started.elapsed().as_secs() / 4).unwrap_or(u32::MAX);
    assert!(
        after.edits - before.edits <= windows + 1,
        "{} card edits for 3 plies in {:?}",
        after.edits - before.edits,
        started.elapsed()
    );
    env.check_clean();
}

/// A card edit held back by the window is not lost when the bot dies
/// before it is sent: at start the bot brings the card up to date.
#[test]
fn a_held_back_card_edit_survives_a_restart() {
    let mut env = Env::with(Config::default(), &[("CARD_EDIT_SECS", "600")]);
    let (alice, bob, group, card, game) = group_game(&env);
    wait_for(WAIT, "the card to show the first move", card_at(&env, group, card, 1));
    let south = my_turn(&alice, game);
    let (u, other) = if south { (&alice, &bob) } else { (&bob, &alice) };
    u.send(walk(south, 0));
    wait_board(other, game, "its turn", |_| my_turn(other, game));
    std::thread::sleep(std::time::Duration::from_secs(1));
    assert!(card_at(&env, group, card, 1)().is_some(), "the edit is held back by the 600 s window");
    env.kill_bot();
    env.start_bot(&[("CARD_EDIT_SECS", "2")]);
    wait_for(WAIT, "the card to catch up after the restart", card_at(&env, group, card, 2));
    env.check_clean();
}
