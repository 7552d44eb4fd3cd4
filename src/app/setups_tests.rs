//! Saved setups by family (R5): offered in every game of the family,
//! refused in another; typed save and rename; questions answered by a name.

use engine::RuleSetId;

use super::super::tests::fresh_app;
use super::*;
use crate::app::{NewGameChoice, SetupAction};

const CODE: &str = "BFB8657B869B3745s2485B98B963579919849796";
const DUEL: &str = "BFBs128899..............................";

/// Alice and Bob in a game of `rules` in setup.
async fn game_in_setup(app: &App, rules: RuleSetId) -> i64 {
    app.touch_user(1, "Alice", None, Some("en")).await.unwrap();
    app.touch_user(2, "Bob", None, Some("ru")).await.unwrap();
    let (game, code) = app.new_game(1, NewGameChoice { rules, days_per_move: None }).await.unwrap();
    app.join(2, "Bob", &code).await.unwrap();
    game
}

fn setup_of(rules: RuleSetId, code: &str) -> ValidSetup {
    ValidSetup::from_code(rules.rules(), code).unwrap()
}

#[tokio::test]
async fn rule_r5_a_saved_setup_serves_every_rule_set_of_its_family() {
    let app = fresh_app().await;
    let game = game_in_setup(&app, RuleSetId::BattleRunners).await;
    // Saved for «Сражение»: offered and loaded in a game with running Soldiers.
    let saved = app.save_setup(1, "fort", &setup_of(RuleSetId::Battle, CODE)).await.unwrap().setup.unwrap();
    assert_eq!((saved.family.as_str(), saved.rule_set.as_str()), ("battle", "battle"));
    let offered = app.saved_setups_of(1, RuleSetId::BattleRunners).await.unwrap();
    assert_eq!(offered.iter().map(|s| s.id).collect::<Vec<_>>(), [saved.id]);
    app.setup_action(1, game, None, SetupAction::Saved(saved.id)).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    let mine = rec.players.iter().find(|p| p.user_id == 1).unwrap();
    assert_eq!(mine.draft_setup.as_deref(), Some(CODE));
    // Classic has the same army but another game: not offered, refused.
    let classic = app.save_setup(1, "wall", &setup_of(RuleSetId::Classic, CODE)).await.unwrap().setup.unwrap();
    assert_eq!(classic.family, "classic");
    assert!(app.saved_setups_of(1, RuleSetId::Battle).await.unwrap().iter().all(|s| s.id != classic.id));
    assert_eq!(app.setup_action(1, game, None, SetupAction::Saved(classic.id)).await, Err(UserError::SetupRuleSet));
    // The duels share one family.
    let duel = app.save_setup(1, "quick", &setup_of(RuleSetId::BattleDuel, DUEL)).await.unwrap().setup.unwrap();
    assert_eq!(app.saved_setups_of(1, RuleSetId::Duel).await.unwrap(), std::slice::from_ref(&duel));
    // Listed by family, in family order.
    let all = app.saved_setups(1).await.unwrap();
    assert_eq!(all.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["fort", "wall", "quick"]);
    // Someone else's setup is not found.
    assert_eq!(app.setup_action(2, game, None, SetupAction::Saved(saved.id)).await, Err(UserError::NoSuchSetup));
}

#[tokio::test]
async fn typed_save_takes_the_code_or_the_draft_and_bad_names_change_nothing() {
    let app = fresh_app().await;
    app.touch_user(1, "Alice", None, Some("en")).await.unwrap();
    // No game in setup: a code is needed.
    assert_eq!(app.save_setup_typed(1, "fort").await, Err(UserError::SetupCodeNeeded));
    let c = app.save_setup_typed(1, &format!("my fort {CODE}")).await.unwrap();
    assert_eq!(c.setup.as_ref().map(|s| s.name.as_str()), Some("my fort"));
    assert_eq!(c.all.len(), 1);
    for bad in ["", "   ", &"x".repeat(NAME_MAX + 1), "a\nb"] {
        assert_eq!(app.save_setup(1, bad, &setup_of(RuleSetId::Battle, CODE)).await, Err(UserError::BadSetupName));
        assert_eq!(app.rename_setup(1, c.setup.as_ref().unwrap().id, bad).await, Err(UserError::BadSetupName));
    }
    assert_eq!(app.saved_setups(1).await.unwrap(), c.all, "nothing changed");
    // In a game in setup, the name alone saves the draft.
    let game = game_in_setup(&app, RuleSetId::Duel).await;
    app.setup_action(1, game, None, SetupAction::Code(DUEL.into())).await.unwrap();
    let d = app.save_setup_typed(1, "duel draft").await.unwrap().setup.unwrap();
    assert_eq!((d.code.as_str(), d.family.as_str(), d.rule_set.as_str()), (DUEL, "duel", "duel"));
    // Typed rename: the longest saved name the text starts with.
    let r = app.rename_setup_typed(1, "my fort castle").await.unwrap();
    assert_eq!((r.old_name.as_deref(), r.setup.map(|s| s.name)), (Some("my fort"), Some("castle".into())));
    assert_eq!(app.rename_setup_typed(1, "nothing here").await, Err(UserError::NoSuchSetup));
    // The error text gives the same limit as the code.
    let text = crate::i18n::tr(crate::i18n::Lang::En, "err-setup-name");
    assert!(text.contains(&format!("1 to {NAME_MAX} characters")), "{text}");
}

#[tokio::test]
async fn a_question_for_a_name_is_answered_by_a_reply_once() {
    let app = fresh_app().await;
    app.touch_user(1, "Alice", None, Some("en")).await.unwrap();
    app.setups_list_shown(1, 40).await.unwrap();
    // A reply to a message that asked nothing is not an answer.
    assert_eq!(app.answer_setup_prompt(1, 41, 1, "fort").await, Ok(None));
    let save = SetupPrompt::Save { rule_set: "battle-runners".into(), code: CODE.into() };
    app.setup_name_asked(1, 41, 1, &save).await.unwrap();
    // Someone else's reply (another chat) is not an answer; a bad name keeps the question.
    assert_eq!(app.answer_setup_prompt(2, 41, 2, "fort").await, Ok(None));
    assert_eq!(app.answer_setup_prompt(1, 41, 1, "").await, Err(UserError::BadSetupName));
    let c = app.answer_setup_prompt(1, 41, 1, "fort").await.unwrap().unwrap();
    let fort = c.setup.clone().unwrap();
    assert_eq!(
        (fort.name.as_str(), fort.family.as_str(), fort.rule_set.as_str()),
        ("fort", "battle", "battle-runners")
    );
    assert_eq!(c.list_message, Some(40), "the list to redraw");
    assert_eq!(app.answer_setup_prompt(1, 41, 1, "again").await, Ok(None), "answered once");
    // Rename by a question; the workbench of the setup knows its name.
    app.setup_name_asked(1, 42, 1, &SetupPrompt::Rename { setup_id: fort.id }).await.unwrap();
    let r = app.answer_setup_prompt(1, 42, 1, "castle").await.unwrap().unwrap();
    assert_eq!(r.old_name.as_deref(), Some("fort"));
    let shown = app.open_saved_setup(1, fort.id).await.unwrap();
    assert_eq!((shown.bench.saved, shown.saved.map(|s| s.name)), (Some(fort.id), Some("castle".into())));
    assert_eq!(shown.bench.setup.rules(), RuleSetId::BattleRunners);
    // A press keeps the name; once deleted, the workbench forgets it.
    let pressed = app.press_bench(1, shown.bench, BenchOp::Shuffle).await.unwrap();
    assert_eq!(pressed.saved.map(|s| s.name), Some("castle".into()));
    let d = app.delete_setup(1, fort.id).await.unwrap();
    assert!(d.all.is_empty() && d.setup.is_none());
    let pressed = app.press_bench(1, shown.bench, BenchOp::Smart).await.unwrap();
    assert_eq!((pressed.bench.saved, pressed.saved), (None, None));
    assert_eq!(app.open_saved_setup(1, fort.id).await, Err(UserError::NoSuchSetup));
    assert_eq!(app.delete_setup(1, fort.id).await, Err(UserError::NoSuchSetup));
}
