//! Saved setups any time: the workbench with no game (`/setup CODE`, taps),
//! `/setups save NAME CODE`, rename, load into a new game's setup, and a
//! list that updates in place after a delete.

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
    alice.wait_message(bench.id, "the swap", |m| m.text.contains(&swapped));
    // Saved with no game, under the rule set the code belongs to.
    let sent = alice.send(&format!("/setups save fort {swapped}"));
    alice.wait_text("Saved as «fort»", sent);
    let sent = alice.send("/setups save fort");
    alice.wait_text("add the code", sent);
    let sent = alice.send("/setups");
    let list = alice.wait_text("Your saved setups", sent);
    assert!(list.text.contains("fort · «Сражение»:") && !list.text.contains("(battle)"), "{}", list.text);
    // Renamed: the new list has the new name only.
    let sent = alice.send("/setups rename fort castle");
    alice.wait_text("«fort» is now «castle»", sent);
    let list = alice.wait_text("Your saved setups", sent);
    assert!(list.text.contains("castle") && !list.text.contains("fort"), "{}", list.text);
    // A new game: the saved setup loads into its setup board.
    let (game, link) = invite(&alice, "battle");
    let bob = env.api.user("Bob", "ru");
    bob.open_link(&link);
    wait_board(&alice, game, "the setup board", |_| true);
    let sent = alice.send("/setups");
    let list = alice.wait_text("Your saved setups", sent);
    alice.press(list.id, &button_data(&list, "Load «castle»"));
    wait_board(&alice, game, "the loaded setup", |m| m.text.contains(&swapped));
    // Deleted: the same list message no longer shows it nor its buttons.
    let ans = alice.press(list.id, &button_data(&list, "🗑 Delete"));
    assert_eq!(ans["text"], "Deleted.");
    let after = alice.wait_message(list.id, "the list without it", |m| !m.text.contains("castle"));
    assert!(after.buttons().iter().all(|b| !b.text.contains("castle")), "{:?}", after.buttons());
    assert!(after.text.contains("no saved setups"), "{}", after.text);
    // The workbench for a rule set from the list.
    alice.press(list.id, &button_data(&after, "✏ Classic Stratego"));
    wait_for(WAIT, "a classic workbench", || {
        alice.bot_messages().into_iter().find(|m| m.text.contains("Setup workbench · Classic Stratego"))
    });
    env.check_clean();
}
