//! The documentation a user reads is checked against the code: the setup
//! codes in docs/rules.md are valid for the rule sets they are given for,
//! and nothing a user reads points outside the repository.

use engine::{RuleSetId, ValidSetup};

#[test]
fn setup_code_examples_are_valid() {
    let rules = include_str!("../docs/rules.md");
    let code = |after: &str| {
        let start = rules.find(after).unwrap_or_else(|| panic!("{after} in docs/rules.md")) + after.len();
        rules[start..].split('`').nth(1).expect("a code in backquotes").to_owned()
    };
    let full_code = code("as one code:");
    assert_eq!(full_code, "BFB8657B869B3745s2485B98B963579919849796");
    for r in [RuleSetId::Battle, RuleSetId::BattleRunners, RuleSetId::Classic] {
        ValidSetup::from_code(r.rules(), &full_code).unwrap_or_else(|e| panic!("{r}: {e}"));
    }
    let duel_at = rules.find("`duel` (10 pieces").expect("duel example");
    let duel = rules[duel_at..].split("as one code: `").nth(1).and_then(|s| s.split('`').next()).unwrap();
    for r in [RuleSetId::Duel, RuleSetId::BattleDuel] {
        ValidSetup::from_code(r.rules(), duel).unwrap_or_else(|e| panic!("{r}: {e}"));
    }
    assert!(ValidSetup::from_code(RuleSetId::Battle.rules(), duel).is_err(), "a duel code is no battle setup");
}

#[test]
fn user_facing_texts_stay_inside_the_repository() {
    let texts = [
        ("README.md", include_str!("../README.md")),
        ("locales/en.ftl", include_str!("../locales/en.ftl")),
        ("locales/ru.ftl", include_str!("../locales/ru.ftl")),
        ("src/cli.rs", include_str!("../src/cli.rs")),
        ("src/cmd/play.rs", include_str!("../src/cmd/play.rs")),
        ("src/cmd/jungle.rs", include_str!("../src/cmd/jungle.rs")),
        ("docs/jungle.md", include_str!("../docs/jungle.md")),
        (".env.example", include_str!("../.env.example")),
    ];
    for (name, text) in texts {
        for outside in ["RULES.md", "ARENA.md", "§8a"] {
            assert!(!text.contains(outside), "{name} mentions {outside}");
        }
        // The README's test section names the optional tgsim run beside the repository.
        if name != "README.md" {
            assert!(!text.contains("../shared"), "{name} mentions ../shared");
        }
    }
}
