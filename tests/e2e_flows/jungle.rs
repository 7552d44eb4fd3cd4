//! Jungle (RULES.md §9) in the chat: an invitation between two people
//! played to a den entry by typed moves and taps confirmed by a second tap
//! (J10) while a spectator watches, `/history` (replay, picture, the export
//! read back, J12), a game against the AI, and bad input refused politely.

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{On, User, WAIT, wait_for};
use crate::support::world::Msg;

/// South's Leopard walks e3–d3–d4 … d8 into North's den d9 (J5, J10).
const SOUTH_PLAN: [&str; 7] = ["e3-d3", "d3-d4", "d4-d5", "d5-d6", "d6-d7", "d7-d8", "d8-d9"];
/// The same walk turned by 180° for North (J3: North's army is South's turned).
const NORTH_PLAN: [&str; 7] = ["c7-d7", "d7-d6", "d6-d5", "d5-d4", "d4-d3", "d3-d2", "d2-d1"];

/// The animals' emoji (J3), as the board's buttons show them.
const ANIMALS: [char; 8] = ['🐀', '🐈', '🐕', '🐺', '🐆', '🐅', '🦁', '🐘'];

/// `en` for Alice, `ru` for Bob (their languages in these tests).
fn said<'a>(u: &User, en: &'a str, ru: &'a str) -> &'a str {
    if u.name == "Alice" { en } else { ru }
}

fn in_play(m: &Msg) -> bool {
    ["Your move.", "to move.", "Ваш ход.", "Ходит"].iter().any(|s| m.text.contains(s))
}

/// A Jungle move by two taps (animal, destination). Between people moves
/// are confirmed by default: the first tap on the destination is answered
/// by a toast naming the move and leaves the board as it is (not redrawn);
/// the second tap on the same square plays it.
fn tap_jungle_move(u: &User, game: i64, mv: &str) {
    let (from, to) = mv.split_once('-').expect("a move like a3-a4");
    let data = |sq: &str| square_data(&the_board(u, game), sq).unwrap_or_else(|| panic!("{sq} is on the board"));
    press_and_wait(u, game, &data(from));
    let before = the_board(u, game);
    let answer = u.press(before.id, &data(to));
    let toast = answer["text"].as_str().unwrap_or_default().to_owned();
    let asked = format!("{} {to} {}", said(u, "Tap", "Нажмите"), said(u, "again to play", "ещё раз, чтобы сыграть"));
    assert!(toast.starts_with(&asked) && toast.contains(mv), "{toast}");
    let shown = the_board(u, game);
    assert_eq!((shown.id, shown.edits), (before.id, before.edits), "asking does not redraw the board");
    assert!(!shown.buttons().iter().any(|b| b.text.starts_with('✓')), "no ✓/✗ buttons");
    press_and_wait(u, game, &data(to));
}

/// A typed move, and the wait until the user's own board shows it (no
/// receipt: the board, edited in place, is the answer).
fn type_jungle_move(u: &User, game: i64, mv: &str) {
    u.send(mv);
    wait_board(u, game, "moved", |_| !my_turn(u, game));
}

/// Selects the user's animals one by one until one can move and moves it.
fn tap_any_jungle_move(u: &User, game: i64) {
    let own: Vec<String> = the_board(u, game)
        .buttons()
        .into_iter()
        .filter(|b| b.text.trim_start_matches('›').starts_with(ANIMALS))
        .filter_map(|b| b.data)
        .collect();
    assert_eq!(own.len(), 8, "eight own animals at the start (J3)");
    for data in own {
        press_and_wait(u, game, &data);
        let sel = the_board(u, game);
        let dest = sel.buttons().into_iter().find(|x| x.text.starts_with(['○', '⚔'])).and_then(|x| x.data);
        if let Some(dest) = dest {
            tap_destination(u, game, &dest);
            return;
        }
        press_and_wait(u, game, &data);
    }
    panic!("no animal of {} could move", u.name);
}

/// `/history` → 📄 Export of `game`: the file read back by the Jungle engine (J12).
fn export_of(u: &User, game: i64) -> ::jungle::Game {
    let list = history_list(u, game);
    u.press(list.id, &button_data(&list, said(u, "📄 Export", "📄 Экспорт")));
    let name = format!("srazhenie-jungle-{game}.txt");
    let text = wait_for(WAIT, "the export", || {
        u.bot_messages().into_iter().find(|m| m.document.as_deref() == Some(name.as_str())).and_then(|m| m.file_text)
    });
    assert!(text.contains(::jungle::EXPORT_HEADER), "{text}");
    ::jungle::import(&text).unwrap_or_else(|e| panic!("the export reads back: {e}\n{text}"))
}

/// `/history`: the list naming `game`.
fn history_list(u: &User, game: i64) -> Msg {
    let sent = u.send("/history");
    let list = u.wait_text(said(u, "Finished games", "Законченные партии"), sent);
    assert!(list.text.contains(&format!("#{game}")) || list.text.contains(&format!("№{game}")), "{}", list.text);
    list
}

/// `/history` → ▶ replays `game` of `plies` plies on its 7×9 board of inert
/// buttons, stepping ◀ ▶ ⏮ ⏭; 🖼 sends its picture with a caption in the
/// reader's language. Returns the last frame's text.
fn replay_and_picture(u: &User, game: i64, plies: usize) -> String {
    let list = history_list(u, game);
    u.press(list.id, &button_data(&list, &format!("▶ {}{game}", said(u, "#", "№"))));
    let title = said(u, "Replay of game #", "Просмотр партии №");
    let rep = u.wait_text(&format!("{title}{game}"), list.id);
    let at = |n: usize| {
        said(u, "ply {n} of {t}", "полуход {n} из {t}")
            .replace("{n}", &n.to_string())
            .replace("{t}", &plies.to_string())
    };
    assert!(rep.text.contains(&at(0)), "{}", rep.text);
    let rows = rep.keyboard();
    assert_eq!(rows.len(), 10, "9 ranks and the stepping row");
    assert!(rows[..9].iter().all(|r| r.len() == 7), "the whole 7×9 board");
    let animals = rows[..9].iter().flatten().filter(|b| b.text.contains(ANIMALS)).count();
    assert_eq!(animals, 16, "both armies at the start (J3)");
    assert!(rows[..9].iter().flatten().all(|b| b.data.as_deref() == Some("_")), "inert squares");
    u.press(rep.id, &button_data(&rep, "▶"));
    let one = u.wait_message(rep.id, "the first ply", |m| m.text.contains(&at(1)));
    assert!(one.keyboard()[..9].iter().flatten().any(|b| b.text.starts_with('›')), "the last move is marked");
    u.press(rep.id, &button_data(&one, "⏭"));
    let last = u.wait_message(rep.id, "the last ply", |m| m.text.contains(&at(plies)));
    u.press(rep.id, &button_data(&last, "◀"));
    u.wait_message(rep.id, "a ply back", |m| m.text.contains(&at(plies - 1)));
    u.press(list.id, &button_data(&list, said(u, "🖼 Picture", "🖼 Картинка")));
    let pic = wait_for(WAIT, "the picture", || u.bot_messages().into_iter().find(|m| m.photo));
    let head = format!("{}{game} · {}", said(u, "Game #", "Партия №"), said(u, "Jungle", "«Джунгли»"));
    assert!(pic.text.starts_with(&head), "{}", pic.text);
    last.text
}

/// Alice (en) invites Bob (ru) to Jungle; the game starts as Bob arrives
/// (no setup, J3). The side the lot lets move first walks a Leopard into
/// the enemy den, by typed moves and taps in turn, while the other shuffles
/// its Lion; an illegal typed move and a stale button change nothing; a
/// tapped move asks for a second tap on its destination. Carol watches the
/// whole game on a spectator board. Both see the result, replay the game
/// and get its picture; the export reads back as the same game (J12).
#[test]
fn jungle_invite_and_play_to_a_den_entry() {
    let env = Env::new();
    let alice = started_user(&env, "Alice", "en");
    let bob = started_user(&env, "Bob", "ru");
    let (game, link) = invite(&alice, "jungle");
    bob.open_link(&link);
    let a = wait_board(&alice, game, "in play", in_play);
    let b = wait_board(&bob, game, "in play", in_play);
    assert!(a.text.contains("Jungle") && b.text.contains("«Джунгли»"), "{}\n{}", a.text, b.text);
    for m in [&a, &b] {
        let rows = m.keyboard();
        assert_eq!(rows.len(), 10, "9 ranks and a control row");
        assert!(rows[..9].iter().all(|r| r.len() == 7), "the whole 7×9 board");
    }
    // Carol watches through the game's link: a spectator board of the whole
    // 7×9 board from South's side, an Unwatch row below.
    let carol = started_user(&env, "Carol", "en");
    let sent = carol.send(&format!("/start w_{game}"));
    carol.wait_text(&format!("You are watching game #{game}"), sent);
    let spectator = || carol.bot_messages().into_iter().find(|m| m.text.starts_with("👁"));
    let watched = wait_for(WAIT, "the spectator board", spectator);
    assert!(watched.text.contains("of Jungle: Alice (South, 🔴) vs Bob (North, 🔵)"), "{}", watched.text);
    assert!(watched.text.contains("🎯 move 1"), "{}", watched.text);
    let rows = watched.keyboard();
    assert_eq!(rows.len(), 10, "9 ranks and Unwatch");
    assert!(rows[..9].iter().all(|r| r.len() == 7), "the whole 7×9 board");
    assert!(rows[..9].iter().flatten().all(|b| b.data.as_deref() == Some("_")), "a spectator cannot move");
    let south_first = my_turn(&alice, game);
    let (att, def, plan, shuffle) = if south_first {
        (&alice, &bob, SOUTH_PLAN, ["a9-a8", "a8-a9"])
    } else {
        (&bob, &alice, NORTH_PLAN, ["g1-g2", "g2-g1"])
    };
    // J5: only the Rat enters the water; the board stays as it was.
    let before = the_board(att, game);
    let sent = att.send(if south_first { "c3-c4" } else { "e7-e6" });
    att.wait_text(said(att, "Only the Rat enters the water", "В воду входит только Крыса"), sent);
    let sent = att.send("h4-h5");
    att.wait_text(said(att, "I could not read that move", "Не понял ход"), sent);
    let now = the_board(att, game);
    assert_eq!((now.id, now.text.clone()), (before.id, before.text.clone()), "nothing changed");
    let old_square = square_data(&before, &plan[0][..2]).expect("the Leopard's square");
    for (i, mv) in plan.iter().enumerate() {
        if i % 2 == 0 {
            type_jungle_move(att, game, mv);
        } else {
            tap_jungle_move(att, game, mv);
        }
        if i == plan.len() - 1 {
            break;
        }
        wait_board(def, game, "its turn", |_| my_turn(def, game));
        if i == 0 {
            // A button of the board before the move is stale now (a tap that
            // reached the bot after the board changed).
            let toast = att.press_forged(the_board(att, game).id, &old_square);
            assert!(toast.contains(said(att, "out of date", "устарела")), "{toast}");
        }
        let reply = shuffle[i % 2];
        if i % 2 == 0 {
            tap_jungle_move(def, game, reply);
        } else {
            type_jungle_move(def, game, reply);
        }
        wait_board(att, game, "its turn", |_| my_turn(att, game));
    }
    let won = wait_board(att, game, "won", |m| m.text.contains(said(att, "You won", "Вы победили")));
    let lost = wait_board(def, game, "lost", |m| m.text.contains(said(def, "You lost", "Вы проиграли")));
    assert!(won.text.contains(said(att, "entered the den", "вошёл в логово")), "{}", won.text);
    assert!(lost.text.contains(said(def, "entered the den", "вошёл в логово")), "{}", lost.text);
    for m in [&won, &lost] {
        let labels: Vec<String> = m.buttons().into_iter().map(|b| b.text).collect();
        assert!(labels.iter().any(|l| l.contains('🔁')), "a rematch is offered: {labels:?}");
    }
    // The spectator's board followed the game to its end.
    let seen = carol.wait_message(watched.id, "the result", |m| m.text.contains(" won — an animal entered the den."));
    let winner_name = if south_first { "Alice" } else { "Bob" };
    assert!(seen.text.contains(&format!("{winner_name} won")), "{}", seen.text);
    assert!(
        seen.text.contains(": d8-d9") || seen.text.contains(": d2-d1"),
        "the den entry is the last ply: {}",
        seen.text
    );
    // R26: /history replays the game and draws it, for each in their language.
    for u in [&alice, &bob] {
        let last = replay_and_picture(u, game, 13);
        assert!(last.contains(said(u, "entered the den", "вошёл в логово")), "{last}");
    }
    // J12: the export holds every ply and the result, and reads back.
    let record = export_of(&alice, game);
    assert_eq!(record.ply(), 13);
    let winner = if south_first { ::jungle::Player::South } else { ::jungle::Player::North };
    assert_eq!(record.outcome(), Some(::jungle::Outcome::Win { winner, reason: ::jungle::WinReason::Den }));
    env.check_clean();
}

/// `/ai jungle` starts at once; the AI answers a tapped move with a legal
/// move of its own (the export replays every ply through the engine).
#[test]
fn jungle_against_the_ai() {
    let env = Env::new();
    let alice = started_user(&env, "Alice", "en");
    let sent = alice.send("/ai jungle");
    let started = alice.wait_text("of Jungle against AI", sent);
    let game = number_after(&started.text, "#").expect("game number");
    let board = wait_board(&alice, game, "my move", |m| m.text.contains("Your move."));
    assert!(board.text.contains("Jungle") && board.text.contains("AI ("), "{}", board.text);
    // J4: the lot may have given the first move to the AI.
    let plies_before = usize::from(board.text.contains("Last move"));
    tap_any_jungle_move(&alice, game);
    let answered = wait_board(&alice, game, "the AI answered", |m| {
        m.text.contains("Your move.") && m.text.contains("Last moves:")
    });
    assert!(answered.text.contains("AI ("), "{}", answered.text);
    // A press on a board before the move changes nothing.
    let stale = board.buttons().into_iter().find_map(|b| b.data.filter(|d| d.starts_with("p."))).expect("a square");
    let toast = alice.press_forged(answered.id, &stale);
    assert!(toast.contains("out of date"), "{toast}");
    resign(&alice, game);
    wait_board(&alice, game, "lost", |m| m.text.contains("You lost"));
    let record = export_of(&alice, game);
    assert_eq!(record.ply(), plies_before + 2, "the AI's move replays as legal");
    replay_and_picture(&alice, game, record.ply());
    assert_eq!(
        record.outcome(),
        Some(::jungle::Outcome::Win { winner: ::jungle::Player::North, reason: ::jungle::WinReason::Resignation })
    );
    env.check_clean();
}

/// Challenge cards make Jungle games too: the inline query `jungle` offers
/// Jungle cards, and `/challenge jungle 3` in a group posts one that Bob
/// accepts. The game starts at once (J3); the card shows it and its end, and its
/// Watch button gives Dave a spectator's Jungle board that follows each
/// move to the end.
#[test]
fn jungle_challenge_cards_and_a_spectator() {
    let env = Env::new();
    let [alice, bob, dave] = ["Alice", "Bob", "Dave"].map(|n| started_user(&env, n, "en"));
    let (results, _) = alice.inline_query("jungle 3");
    assert_eq!(results.len(), 1, "{results:?}");
    let title = results[0]["title"].as_str().unwrap_or_default();
    assert!(title.starts_with("Jungle · ") && title.contains("3 days"), "{title}");
    let group = env.api.group(-300_000 - alice.id, "Club", &[&alice, &bob, &dave]);
    alice.send_in(group, "/challenge jungle 3", None);
    let card = wait_card(&env, group, "Jungle");
    let accept = card.keyboard()[0][0].data.clone().expect("accept");
    let ans = bob.press_on(On::Message(group, card.id), &accept);
    assert!(ans["text"].as_str().unwrap_or("").contains("accepted"), "{ans}");
    let game = number_after(&bob.wait_text("Game #", 0).text, "#").expect("game number");
    let board = wait_board(&bob, game, "Jungle in play", in_play);
    assert!(board.text.contains("Jungle") && board.text.contains("3 days per move"), "{}", board.text);
    let followed = |what: &str, needle: &str| {
        wait_for(WAIT, what, || env.api.message(group, card.id).filter(|m| m.text.contains(needle)))
    };
    let shown = followed("the card in play", "🎯 move 1");
    assert!(
        shown.text.contains("Alice") && shown.text.contains("Bob") && shown.text.contains("Jungle"),
        "{}",
        shown.text
    );
    let watch = shown.keyboard()[0][0].data.clone().expect("watch");
    dave.press_on(On::Message(group, card.id), &watch);
    dave.wait_text(&format!("watching game #{game}"), 0);
    let spectator = || dave.bot_messages().into_iter().find(|m| m.text.starts_with("👁"));
    let watched = wait_for(WAIT, "the spectator board", spectator);
    assert!(watched.text.contains("of Jungle: Alice (South, 🔴) vs Bob (North, 🔵)"), "{}", watched.text);
    let (first, second) = if my_turn(&alice, game) { (&alice, &bob) } else { (&bob, &alice) };
    type_jungle_move(first, game, if first.name == "Alice" { "a3-a4" } else { "g7-g6" });
    let moved = dave.wait_message(watched.id, "the spectator board after a move", |m| m.text.contains("🎯 move 2"));
    assert!(moved.text.contains(&format!("{}: ", first.name)), "{}", moved.text);
    // (The card itself is edited at most every few minutes while in play;
    // the end is shown at once.)
    resign(second, game);
    let over = format!("{} won", first.name);
    dave.wait_message(watched.id, "the spectator board at the end", |m| m.text.contains(&over));
    followed("the card with the result", &over);
    env.check_clean();
}
