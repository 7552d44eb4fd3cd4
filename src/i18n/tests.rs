use std::collections::BTreeSet;

use fluent_syntax::ast::Entry;
use fluent_syntax::parser::parse;

use super::*;

/// Message and term ids (`-term`) of an FTL source; panics on syntax errors.
fn ids(file: &str, source: &str) -> BTreeSet<String> {
    let resource = parse(source).unwrap_or_else(|(_, errs)| panic!("{file}: {errs:?}"));
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => Some(m.id.name.to_owned()),
            Entry::Term(t) => Some(format!("-{}", t.id.name)),
            _ => None,
        })
        .collect()
}

#[test]
fn locales_have_the_same_keys() {
    let en = ids("en.ftl", EN_FTL);
    let ru = ids("ru.ftl", RU_FTL);
    let only_en: Vec<_> = en.difference(&ru).collect();
    let only_ru: Vec<_> = ru.difference(&en).collect();
    assert!(only_en.is_empty(), "missing in ru.ftl: {only_en:?}");
    assert!(only_ru.is_empty(), "missing in en.ftl: {only_ru:?}");
    assert!(en.contains("lang-name"));
}

#[test]
fn every_message_resolves() {
    for lang in Lang::ALL {
        let source = if lang == Lang::En { EN_FTL } else { RU_FTL };
        for id in ids(lang.code(), source).iter().filter(|id| !id.starts_with('-')) {
            assert!(bundle(lang).get_message(id).is_some(), "{id} not loaded for {lang:?}");
        }
    }
}

#[test]
fn russian_plurals() {
    let cases = [
        (1, "1 ход"),
        (2, "2 хода"),
        (5, "5 ходов"),
        (11, "11 ходов"),
        (21, "21 ход"),
        (22, "22 хода"),
        (25, "25 ходов"),
        (0, "0 ходов"),
        (104, "104 хода"),
    ];
    for (n, want) in cases {
        assert_eq!(tr_args(Lang::Ru, "moves-count", &[("n", TrArg::Int(n))]), want);
    }
}

#[test]
fn english_plurals_and_args() {
    assert_eq!(tr_args(Lang::En, "moves-count", &[("n", 1i64.into())]), "1 move");
    assert_eq!(tr_args(Lang::En, "moves-count", &[("n", 21i64.into())]), "21 moves");
    assert_eq!(tr_args(Lang::En, "hello", &[("name", "Ann".into())]), "Hello, Ann!");
    assert_eq!(tr_args(Lang::Ru, "hello", &[("name", String::from("Аня").into())]), "Привет, Аня!");
    // No Unicode isolation marks around placeholders.
    assert_eq!(tr_args(Lang::Ru, "game-title", &[("id", 7usize.into())]), "Партия №7");
}

#[test]
fn names_and_missing_keys() {
    assert_eq!(tr(Lang::En, "lang-name"), "English");
    assert_eq!(tr(Lang::Ru, "lang-name"), "Русский");
    assert_eq!(tr(Lang::Ru, "no-such-key"), "no-such-key");
    // Missing argument: logged, not a panic.
    let text = tr(Lang::En, "hello");
    assert!(text.starts_with("Hello, "));
}

#[test]
fn language_codes() {
    for code in ["ru", "ru-RU", "uk", "be", "kk", "RU"] {
        assert_eq!(Lang::from_code(Some(code)), Lang::Ru, "{code}");
    }
    for code in ["en", "en-US", "de", "", "r"] {
        assert_eq!(Lang::from_code(Some(code)), Lang::En, "{code}");
    }
    assert_eq!(Lang::from_code(None), Lang::En);
    assert_eq!(Lang::Ru.code(), "ru");
    assert_eq!(Lang::En.code(), "en");
    assert_eq!(Lang::parse("ru"), Some(Lang::Ru));
    assert_eq!(Lang::parse("uk"), None);
    assert_eq!(Lang::for_user(Some("en"), Some("ru")), Lang::En);
    assert_eq!(Lang::for_user(None, Some("uk-UA")), Lang::Ru);
    assert_eq!(Lang::for_user(Some("xx"), None), Lang::En);
    assert_eq!(serde_json::to_string(&Lang::Ru).unwrap(), "\"ru\"");
    assert_eq!(serde_json::from_str::<Lang>("\"en\"").unwrap(), Lang::En);
}
