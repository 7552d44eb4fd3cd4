//! Saved setups any time: the workbench with no game (`/setup CODE`, taps),
//! its 💾 Save and 🏷 Rename answered by a reply, `/setups save NAME CODE`,
//! rename, load into a new game's setup of the same family, and a list
//! that updates in place after a save, a rename and a delete.

use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::WAIT;
use crate::support::users::wait_for;

const CODE: &str = "BFB8657B869B3745s2485B98B963579919849796";

/// The data of the workbench button for square `sq`.
fn bench_square(m: &crate::support::world::Msg, sq: &str) -> String {
    m.buttons()
        .into_iter()
        .filter_map(|b| b.data)
        .find(|d| d.starts_with("B.") && d.rsplit('.').next() == Some(sq))
        .unwrap_or_else(|| panic!("no workbench square {sq}"))
}

/// Presses `label` on message `on` and answers the question it asks with
/// `name` (a reply); returns the bot's answer.
fn answer_with(alice: &crate::support::users::User, on: &crate::support::world::Msg, label: &str, name: &str) -> i64 {
    let before = alice.bot_messages().last().map_or(0, |m| m.id);
    alice.press(on.id, &button_data(on, label));
    let ask = wait_for(WAIT, "the question for a name", || {
        alice.bot_messages().into_iter().find(|m| m.id > before && m.text.contains("Reply to this message"))
    });
    alice.send_in(alice.id, name, Some(ask.id))
}

#[test]
fn setups_outside_a_game_save_rename_load_and_delete() {
    let env = Env::new();
    let alice = started_user(&env, "Alice", "en");
    // No game: the code opens the workbench; two taps swap a1 and d1.
    let sent = alice.send(&format!("/setup {CODE}"));
    let bench = alice.wait_text("Setup workbench", sent);
    assert!(bench.text.contains(CODE) && bench.text.contains("«Сражение»"), "{}", bench.text);
    alice.press(bench.id, &bench_square(&bench, "a1"));
    let selected = alice.wait_message(bench.id, "a1 selected", |m| m.text.contains("a1 selected"));
    alice.press(bench.id, &bench_square(&selected, "d1"));
    let swapped = format!("8FBB{}", &CODE[4..]);
    let bench = alice.wait_message(bench.id, "the swap", |m| m.text.contains(&swapped));
    // 💾 on the workbench asks for a name; a name too long changes nothing,
    // the same question then takes a good one.
    let before = alice.bot_messages().last().map_or(0, |m| m.id);
    alice.press(bench.id, &button_data(&bench, "💾 Save"));
    let ask = wait_for(WAIT, "the question for a name", || {
        alice.bot_messages().into_iter().find(|m| m.id > before && m.text.contains("Reply to this message"))
    });
    let sent = alice.send_in(alice.id, &"x".repeat(33), Some(ask.id));
    alice.wait_text("1 to 32 characters", sent);
    let sent = alice.send("/setups");
    let list = alice.wait_text("no saved setups", sent);
    let sent = alice.send_in(alice.id, "fort", Some(ask.id));
    alice.wait_text("Saved as «fort»", sent);
    // The list redraws in place, naming the family, not an id.
    let list = alice.wait_message(list.id, "the list with fort", |m| m.text.contains("fort"));
    assert!(list.text.contains(&format!("fort · «Сражение»: {swapped}")), "{}", list.text);
    assert!(!list.text.contains("battle"), "{}", list.text);
    // Typed save still works; with no game in setup a code is needed.
    let sent = alice.send(&format!("/setups save keep {CODE}"));
    alice.wait_text("Saved as «keep»", sent);
    alice.wait_message(list.id, "the list with keep", |m| m.text.contains("keep") && m.text.contains("fort"));
    let sent = alice.send("/setups save fort");
    alice.wait_text("add the code", sent);
    // 🏷 on the list renames by a reply; the list redraws in place.
    let list = alice.wait_message(list.id, "the list", |m| m.text.contains("keep"));
    let row_of = |m: &crate::support::world::Msg, name: &str| {
        let load = button_data(m, &format!("Load «{name}»"));
        let id = load.trim_start_matches("S.").to_owned();
        (format!("Y.{id}"), format!("X.{id}"))
    };
    let (rename_fort, _) = row_of(&list, "fort");
    let before = alice.bot_messages().last().map_or(0, |m| m.id);
    alice.press(list.id, &rename_fort);
    let ask = wait_for(WAIT, "the question for a new name", || {
        alice.bot_messages().into_iter().find(|m| m.id > before && m.text.contains("new name for «fort»"))
    });
    let sent = alice.send_in(alice.id, "castle", Some(ask.id));
    alice.wait_text("«fort» is now «castle»", sent);
    let list =
        alice.wait_message(list.id, "the renamed list", |m| m.text.contains("castle") && !m.text.contains("fort"));
    // Loaded with no game: the workbench names it and renames it too.
    alice.press(list.id, &button_data(&list, "Load «castle»"));
    let opened = wait_for(WAIT, "the workbench of castle", || {
        alice.bot_messages().into_iter().find(|m| m.text.contains("Setup workbench · «Сражение» · «castle»"))
    });
    assert!(opened.text.contains(&swapped), "{}", opened.text);
    let sent = answer_with(&alice, &opened, "🏷 Rename", "bastion");
    alice.wait_text("«castle» is now «bastion»", sent);
    let list = alice.wait_message(list.id, "the list with bastion", |m| m.text.contains("bastion"));
    // Typed rename.
    let sent = alice.send("/setups rename keep kept");
    alice.wait_text("«keep» is now «kept»", sent);
    let list = alice.wait_message(list.id, "the list with kept", |m| m.text.contains("kept"));
    // A new game with running Soldiers: a setup saved for «Сражение» loads.
    let (game, link) = invite(&alice, "battle-runners");
    let bob = env.api.user("Bob", "ru");
    bob.open_link(&link);
    wait_board(&alice, game, "the setup board", |_| true);
    alice.press(list.id, &button_data(&list, "Load «bastion»"));
    wait_board(&alice, game, "the loaded setup", |m| m.text.contains(&swapped));
    // Deleted: the same list message no longer shows it nor its buttons.
    let (_, delete_bastion) = row_of(&list, "bastion");
    let ans = alice.press(list.id, &delete_bastion);
    assert_eq!(ans["text"], "Deleted.");
    let after = alice.wait_message(list.id, "the list without it", |m| !m.text.contains("bastion"));
    assert!(after.buttons().iter().all(|b| !b.text.contains("bastion")), "{:?}", after.buttons());
    assert!(after.text.contains("kept"), "{}", after.text);
    // The workbench for a rule set from the list.
    alice.press(list.id, &button_data(&after, "✏ Classic Stratego"));
    wait_for(WAIT, "a classic workbench", || {
        alice.bot_messages().into_iter().find(|m| m.text.contains("Setup workbench · Classic Stratego"))
    });
    env.check_clean();
}

#[test]
fn a_reply_that_races_its_question_is_not_read_as_a_move() {
    // The question for a new name reaches the player at once, but
    // Telegram's answer to the bot is slow, so the player's reply arrives
    // before the bot has recorded the question: it still renames. Six
    // seconds, as a loaded machine once took more than five.
    let env = Env::new();
    let alice = started_user(&env, "Alice", "en");
    let sent = alice.send(&format!("/setups save fort {CODE}"));
    alice.wait_text("Saved as «fort»", sent);
    let sent = alice.send("/setups");
    let list = alice.wait_text("fort", sent);
    env.api.world().slow_sends = Some(("new name for «fort»".into(), std::time::Duration::from_millis(6000)));
    let before = alice.bot_messages().last().map_or(0, |m| m.id);
    let rename = button_data(&list, "Load «fort»").replace("S.", "Y.");
    alice.press(list.id, &rename);
    let ask = wait_for(WAIT, "the question for a new name", || {
        alice.bot_messages().into_iter().find(|m| m.id > before && m.text.contains("new name for «fort»"))
    });
    let sent = alice.send_in(alice.id, "castle", Some(ask.id));
    alice.wait_text("«fort» is now «castle»", sent);
    assert!(
        !alice.bot_messages().iter().any(|m| m.id > sent && m.text.contains("Moves are typed")),
        "the reply was read as a move"
    );
}
