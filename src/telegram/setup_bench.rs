//! The setup workbench outside any game and the list of saved setups
//! (`/setups`): texts and keyboards. The workbench's buttons carry the
//! setup they were drawn with (see [`crate::app::Bench`]).

use engine::{Player, RuleSetId};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::Callback;
use super::render::{button, esc, window_buttons, window_start};
use super::setup_board::{home_buttons, home_grid};
use crate::app::{Bench, BenchOp};
use crate::i18n::{Lang, tr, tr_args};
use crate::storage::SavedSetup;

fn rules_name(r: RuleSetId, lang: Lang) -> String {
    tr(lang, &format!("rules-{}", r.as_str()))
}

/// The name of a family of rule sets (`battle`, `classic`, `duel`), as the
/// ratings name it.
fn family_name(family: &str, lang: Lang) -> String {
    tr(lang, &format!("family-{family}"))
}

/// The workbench's text: the rule set (and the saved setup's name, when
/// `saved` is the one it was opened from), the home ranks, the code to copy,
/// and how to save, rename or load.
#[must_use]
pub fn bench_text(bench: &Bench, saved: Option<&str>, lang: Lang) -> String {
    let code = bench.setup.to_code();
    let name = saved.map(|n| format!(" · «{}»", esc(n))).unwrap_or_default();
    let mut t = format!(
        "<b>{}</b> · {}{name}\n<pre>{}</pre>\n{}\n<code>{code}</code>\n{}",
        tr(lang, "bench-title"),
        rules_name(bench.setup.rules(), lang),
        home_grid(&bench.setup, Player::South, lang),
        tr(lang, "setup-code-label"),
        tr_args(lang, "bench-help", &[("code", code.clone().into())]),
    );
    if let Some(sq) = bench.selected {
        t.push('\n');
        t.push_str(&tr_args(lang, "setup-selected", &[("sq", sq.to_string().into())]));
    }
    t
}

/// The workbench's keyboard: the four home ranks × 8 files; the window,
/// shuffle and smart; Save, and Rename when it was opened from a saved setup.
#[must_use]
pub fn bench_keyboard(bench: &Bench, lang: Lang) -> InlineKeyboardMarkup {
    let b = *bench;
    let press = move |op| Callback::Bench { bench: b, op };
    let start = window_start(b.scroll);
    let mut rows = home_buttons(&b.setup, Player::South, b.selected, start, lang, |sq| press(BenchOp::Tap(sq)));
    let mut nav = window_buttons(Player::South, start, |to| press(BenchOp::Scroll(to)));
    nav.push(button(tr(lang, "btn-shuffle"), press(BenchOp::Shuffle)));
    nav.push(button(tr(lang, "btn-smart"), press(BenchOp::Smart)));
    rows.push(nav);
    let mut names = vec![button(tr(lang, "btn-save-setup"), press(BenchOp::Save))];
    if let Some(id) = b.saved {
        names.push(button(tr(lang, "btn-rename-setup"), Callback::RenameSetup(id)));
    }
    rows.push(names);
    InlineKeyboardMarkup::new(rows)
}

/// The list of saved setups with the names of their families, each with
/// Load, Rename and Delete, and buttons that open the workbench for each
/// rule set.
#[must_use]
pub fn setups_list(saved: &[SavedSetup], lang: Lang) -> (String, InlineKeyboardMarkup) {
    let mut lines = vec![tr(lang, if saved.is_empty() { "setups-none" } else { "setups-header" })];
    let mut rows = vec![];
    for s in saved {
        let family = family_name(&s.family, lang);
        lines.push(format!("• <b>{}</b> · {family}: <code>{}</code>", esc(&s.name), esc(&s.code)));
        rows.push(vec![
            InlineKeyboardButton::callback(
                tr_args(lang, "btn-load-setup", &[("name", s.name.clone().into())]),
                Callback::LoadSetup(s.id).encode(),
            ),
            button(tr(lang, "btn-rename-setup"), Callback::RenameSetup(s.id)),
            button(tr(lang, "btn-delete-setup"), Callback::DeleteSetup(s.id)),
        ]);
    }
    lines.push(tr(lang, "setups-help"));
    for pair in RuleSetId::ALL.chunks(2) {
        rows.push(
            pair.iter()
                .map(|r| {
                    button(
                        tr_args(lang, "btn-bench", &[("rules", rules_name(*r, lang).into())]),
                        Callback::BenchNew(*r),
                    )
                })
                .collect(),
        );
    }
    (lines.join("\n"), InlineKeyboardMarkup::new(rows))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;
    use crate::app::{MAX_BENCH_SAVED_ID, UserError};

    use crate::telegram::marks_tests::buttons_with_data as data;

    #[test]
    fn the_workbench_carries_its_setup_in_every_button_within_64_bytes() {
        let mut rng = StdRng::seed_from_u64(8);
        for rules in RuleSetId::ALL {
            let setup = engine::smart(rules.rules(), &mut rng);
            for (bench, name) in [(Bench::new(setup), None), (Bench::of_saved(setup, MAX_BENCH_SAVED_ID), Some("a<b"))]
            {
                for lang in Lang::ALL {
                    let text = bench_text(&bench, name, lang);
                    let title = if lang == Lang::En {
                        "Setup workbench"
                    } else {
                        "Мастерская расстановок"
                    };
                    assert!(text.contains(title) && text.contains(&bench.setup.to_code()), "{text}");
                    assert!(text.contains(&rules_name(rules, lang)), "{text}");
                    assert_eq!(text.contains("«a&lt;b»"), name.is_some(), "{text}");
                    let kb = bench_keyboard(&bench, lang);
                    assert_eq!(kb.inline_keyboard.len(), 6);
                    assert!(kb.inline_keyboard.iter().all(|r| r.len() <= 8));
                    let mut renames = 0;
                    for (_, d) in data(&kb).into_iter().filter(|(_, d)| d != "_") {
                        assert!(d.len() <= 64, "{d}");
                        match Callback::parse(&d) {
                            Ok(Callback::Bench { bench: back, .. }) => assert_eq!(back, bench, "{d}"),
                            Ok(Callback::RenameSetup(id)) => {
                                assert_eq!(Some(id), bench.saved);
                                renames += 1;
                            }
                            _ => panic!("{d}"),
                        }
                    }
                    assert_eq!(renames, usize::from(name.is_some()));
                }
            }
        }
        // A larger id does not fit a button: that workbench offers Save only.
        let setup = engine::smart(RuleSetId::Battle.rules(), &mut rng);
        assert_eq!(Bench::of_saved(setup, MAX_BENCH_SAVED_ID + 1).saved, None);
    }

    #[test]
    fn two_taps_swap_and_a_tap_outside_the_home_ranks_is_refused() {
        let mut rng = StdRng::seed_from_u64(9);
        let bench = Bench::new(engine::smart(RuleSetId::Duel.rules(), &mut rng));
        let (a1, d2) = ("a1".parse().unwrap(), "d2".parse().unwrap());
        let one = bench.apply(BenchOp::Tap(a1)).unwrap();
        assert_eq!(one.selected, Some(a1));
        assert!(bench_text(&one, None, Lang::En).contains("a1 selected"));
        let two = one.apply(BenchOp::Tap(d2)).unwrap();
        assert_eq!(two.setup, bench.setup.swapped(0, 13));
        assert_eq!(two.selected, None);
        assert_eq!(one.apply(BenchOp::Tap(a1)).unwrap(), bench);
        assert_eq!(bench.apply(BenchOp::Tap("e5".parse().unwrap())), Err(UserError::NotYourPiece));
        assert_eq!(bench.apply(BenchOp::Scroll(9)).unwrap().scroll, 2);
    }

    #[test]
    fn the_list_names_rule_sets_and_offers_a_workbench_for_each() {
        let saved = vec![SavedSetup {
            id: 3,
            name: "a <b>".into(),
            family: "battle".into(),
            rule_set: "battle-runners".into(),
            code: "BFB8657B869B3745s2485B98B963579919849796".into(),
        }];
        for (lang, rules, help) in [
            (Lang::En, "«Сражение»", "/setups rename OLD NEW"),
            (Lang::Ru, "«Сражение»", "/setups rename СТАРОЕ НОВОЕ"),
        ] {
            let (text, kb) = setups_list(&saved, lang);
            assert!(text.contains(&format!("a &lt;b&gt;</b> · {rules}:")) && text.contains(help), "{text}");
            assert!(!text.contains("battle"), "{text}");
            let d = data(&kb);
            assert!(["S.3", "Y.3", "X.3"].iter().all(|want| d.iter().any(|(_, d)| d == want)), "{d:?}");
            assert_eq!(d.iter().filter(|(_, d)| d.starts_with("b.")).count(), RuleSetId::ALL.len());
            let (empty, _) = setups_list(&[], lang);
            assert!(!empty.contains("•"), "{empty}");
        }
    }
}
