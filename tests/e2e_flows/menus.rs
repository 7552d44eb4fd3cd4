//! The menus around games: `/games` and resending a board, `/new` by
//! buttons, `/lang`, saved setups, `/settings`, and `/history` with
//! replay, export and picture.

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{WAIT, wait_for};

/// `/games` lists the game with a button that brings its board to the
/// bottom; a board the user deleted is sent anew at the next redraw.
#[test]
fn games_list_and_resend() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let sent = alice.send("/games");
    let list = alice.wait_text("Your games", sent);
    let old = the_board(&alice, game);
    alice.press(list.id, &button_data(&list, &format!("Show game #{game}")));
    wait_board(&alice, game, "below the list", |m| m.id > list.id);
    alice.wait_message(old.id, "the old board to say it moved", |m| m.text.contains("moved below"));
    // A board the user deleted: the next redraw sends a new one.
    let current = the_board(&alice, game);
    env.api.delete(alice.id, current.id);
    press_label(&bob, game, "☰ Меню");
    press_label(&bob, game, "🤝 Предложить ничью");
    let fresh = wait_board(&alice, game, "sent anew", |m| m.id > current.id);
    assert!(fresh.text.contains("offers a draw"), "{}", fresh.text);
    env.check_clean();
}

/// `/lang`, `/new` by buttons (rule set, days), saved setups (save, load,
/// delete), `/settings`; each player reads the game in their own language.
#[test]
fn new_game_by_buttons_language_and_saved_setups() {
    let env = Env::new();
    let dora = started_user(&env, "Dora", "en");
    let sent = dora.send("/lang");
    let langs = dora.wait_text("Choose your language", sent);
    dora.press(langs.id, &button_data(&langs, "Русский"));
    let sent = dora.send("/new");
    let menu = dora.wait_text("Во что играем?", sent);
    dora.press(menu.id, &button_data(&menu, "Классический Стратего"));
    let days = dora.wait_message(menu.id, "the days question", |m| m.text.contains("сколько времени на ход"));
    dora.press(menu.id, &button_data(&days, "3 дня"));
    let inv = dora.wait_message(menu.id, "the invitation", |m| m.text.contains("t.me/"));
    assert!(inv.text.contains("3 дня на ход"), "{}", inv.text);
    let erik = env.api.user("Erik", "en");
    erik.open_link(&link_in(&inv.text));
    let game = number_after(&inv.text, "№").expect("game number");
    let b = wait_board(&dora, game, "classic setup", |m| m.text.contains("Классический"));
    // Save the draft, change it, load the saved one back, delete it.
    let code = setup_code_in(&b.text);
    let sent = dora.send("/setups save крепость");
    dora.wait_text("Сохранено как «крепость»", sent);
    press_label(&dora, game, "🔀 Перемешать");
    assert_ne!(setup_code_in(&the_board(&dora, game).text), code);
    let sent = dora.send("/setups");
    let list = dora.wait_text("сохранённые расстановки", sent);
    dora.press(list.id, &button_data(&list, "Загрузить «крепость»"));
    wait_board(&dora, game, "the saved setup", |m| m.text.contains(&code));
    let delete = button_data(&list, "🗑 Удалить");
    let ans = dora.press(list.id, &delete);
    assert_eq!(ans["text"], "Удалено.");
    let again = dora.press_forged(list.id, &delete);
    assert!(again.contains("нет"), "{again}");
    // Settings: switch move confirmation off for games with people.
    let sent = dora.send("/settings");
    let st = dora.wait_text("Настройки", sent);
    assert!(st.text.contains("с людьми: вкл"), "{}", st.text);
    dora.press(st.id, &button_data(&st, "Переключить для партий с людьми"));
    dora.wait_message(st.id, "confirmation off", |m| m.text.contains("с людьми: выкл"));
    // Russian board, English board for the friend.
    wait_board(&erik, game, "English classic", |m| {
        m.text.contains("Classic Stratego") && m.text.contains("3 days per move")
    });
    env.check_clean();
}

/// `/history`: a finished game replays ply by ply, exports as a text file
/// and draws its final position as a picture.
#[test]
fn history_replay_export_and_picture() {
    let env = Env::new();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    let mover = if my_turn(&alice, game) { &alice } else { &bob };
    tap_any_move(mover, game);
    resign(&alice, game);
    let sent = alice.send("/history");
    let list = alice.wait_text("Finished games", sent);
    assert!(list.text.contains(&format!("#{game}")) && list.text.contains("You lost"), "{}", list.text);
    alice.press(list.id, &button_data(&list, &format!("▶ #{game}")));
    let rep = alice.wait_text(&format!("Replay of game #{game}"), list.id);
    assert!(rep.text.contains("ply 0 of 1"), "{}", rep.text);
    alice.press(rep.id, &button_data(&rep, "⏭"));
    let last = alice.wait_message(rep.id, "the replay at the last ply", |m| m.text.contains("ply 1 of 1"));
    // The last ply names who made it: the reader or the opponent by name.
    assert!(!last.text.contains("Opponent"), "{}", last.text);
    alice.press(list.id, &button_data(&list, "📄 Export"));
    let doc = wait_for(WAIT, "the export", || alice.bot_messages().into_iter().find_map(|m| m.document));
    assert_eq!(doc, format!("srazhenie-game-{game}.txt"));
    alice.press(list.id, &button_data(&list, "🖼 Picture"));
    let pic = wait_for(WAIT, "the picture", || alice.bot_messages().into_iter().find(|m| m.photo));
    // The caption: game, rule set, players, result.
    assert!(pic.text.starts_with(&format!("Game #{game} · ")) && pic.text.contains(" won — "), "{}", pic.text);
    env.check_clean();
}
