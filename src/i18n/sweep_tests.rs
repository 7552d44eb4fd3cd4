//! Every message of the Fluent resources rendered in both languages with
//! plausible arguments: it exists in both, formats without Fluent errors
//! (so no argument is missing), and shows the reader no `{`, no spec
//! reference (`§`, `RULES.md`) and no empty text. Messages that take a
//! count are rendered with the counts that pick each plural form (1, 2, 5,
//! 21 in Russian; 1, 2 in English) and use only the forms the language has.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::{FluentArgs, FluentValue};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey};
use fluent_syntax::parser::parse;

use super::*;

/// How a message uses an argument.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Use {
    /// Plural categories (or exact numbers) it selects on: a count.
    plural: BTreeSet<String>,
    /// Other variant keys it selects on (a side, a case): a word.
    words: BTreeSet<String>,
}

const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// The arguments the messages of `source` use, by message id, following
/// references to other messages (a term's arguments are its own).
fn arguments(source: &str) -> BTreeMap<String, BTreeMap<String, Use>> {
    let resource = parse(source).unwrap_or_else(|(_, errs)| panic!("{errs:?}"));
    let mut direct: BTreeMap<String, (BTreeMap<String, Use>, BTreeSet<String>)> = BTreeMap::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry
            && let Some(value) = &m.value
        {
            let (mut vars, mut refs) = (BTreeMap::new(), BTreeSet::new());
            walk_pattern(value, &mut vars, &mut refs);
            direct.insert(m.id.name.to_owned(), (vars, refs));
        }
    }
    let mut all = BTreeMap::new();
    for id in direct.keys() {
        let (mut vars, mut seen, mut todo) = (BTreeMap::new(), BTreeSet::new(), vec![id.clone()]);
        while let Some(next) = todo.pop() {
            if !seen.insert(next.clone()) {
                continue;
            }
            let Some((v, refs)) = direct.get(&next) else { continue };
            for (name, u) in v {
                let e: &mut Use = vars.entry(name.clone()).or_default();
                e.plural.extend(u.plural.iter().cloned());
                e.words.extend(u.words.iter().cloned());
            }
            todo.extend(refs.iter().cloned());
        }
        all.insert(id.clone(), vars);
    }
    all
}

fn walk_pattern(p: &Pattern<&str>, vars: &mut BTreeMap<String, Use>, refs: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            walk_expression(expression, vars, refs);
        }
    }
}

fn walk_expression(e: &Expression<&str>, vars: &mut BTreeMap<String, Use>, refs: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => walk_inline(i, vars, refs),
        Expression::Select { selector, variants } => {
            walk_inline(selector, vars, refs);
            if let InlineExpression::VariableReference { id } = selector {
                let u = vars.entry(id.name.to_owned()).or_default();
                for v in variants {
                    match &v.key {
                        VariantKey::Identifier { name } if PLURAL_CATEGORIES.contains(name) => {
                            u.plural.insert((*name).to_owned());
                        }
                        VariantKey::NumberLiteral { value } => {
                            u.plural.insert((*value).to_owned());
                        }
                        VariantKey::Identifier { name } => {
                            u.words.insert((*name).to_owned());
                        }
                    }
                }
            }
            for v in variants {
                walk_pattern(&v.value, vars, refs);
            }
        }
    }
}

fn walk_inline(i: &InlineExpression<&str>, vars: &mut BTreeMap<String, Use>, refs: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.entry(id.name.to_owned()).or_default();
        }
        InlineExpression::MessageReference { id, .. } => {
            refs.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                walk_inline(a, vars, refs);
            }
            for a in &arguments.named {
                walk_inline(&a.value, vars, refs);
            }
        }
        // A term's own variables are its parameters; only what is passed in counts.
        InlineExpression::TermReference { arguments: Some(arguments), .. } => {
            for a in &arguments.positional {
                walk_inline(a, vars, refs);
            }
            for a in &arguments.named {
                walk_inline(&a.value, vars, refs);
            }
        }
        InlineExpression::Placeable { expression } => walk_expression(expression, vars, refs),
        _ => {}
    }
}

/// A plausible text for an argument that is not a count.
fn word(name: &str) -> String {
    match name {
        "sq" | "from" | "to" | "at" => "e4".into(),
        "mv" => "e4-e5".into(),
        "code" => "BFB8657B869B3745s2485B98B963579919849796".into(),
        "date" | "start" | "end" => "2026-12-05".into(),
        _ => "Ада".into(),
    }
}

/// Renders `id` in `lang` with `args`, failing on any Fluent error.
fn render(lang: Lang, id: &str, args: &BTreeMap<String, FluentValue<'static>>) -> String {
    let b = bundle(lang);
    let pattern = b
        .get_message(id)
        .unwrap_or_else(|| panic!("{id} is missing in {lang:?}"))
        .value()
        .unwrap_or_else(|| panic!("{id} has no text in {lang:?}"));
    let mut fa = FluentArgs::new();
    for (k, v) in args {
        fa.set(k.clone(), v.clone());
    }
    let mut errors = vec![];
    let text = b.format_pattern(pattern, Some(&fa), &mut errors).into_owned();
    assert!(errors.is_empty(), "{id} in {lang:?} with {args:?}: {errors:?} → {text}");
    text
}

fn check_text(lang: Lang, id: &str, text: &str) {
    assert!(!text.trim().is_empty(), "{id} in {lang:?} is empty");
    for bad in ["{", "}", "§", "RULES.md"] {
        assert!(!text.contains(bad), "{id} in {lang:?} shows {bad:?}: {text}");
    }
}

/// `text` with every number `n` in it (a whole run of digits) as `m`.
fn renumbered(text: &str, n: i64, m: i64) -> String {
    let (mut out, mut digits, m_text) = (String::new(), String::new(), m.to_string());
    let flush = |out: &mut String, digits: &mut String| {
        out.push_str(if *digits == n.to_string() { &m_text } else { digits });
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut out, &mut digits);
            out.push(c);
        }
    }
    flush(&mut out, &mut digits);
    out
}

/// The counts that reach every plural form of a language.
fn counts(lang: Lang) -> &'static [i64] {
    match lang {
        Lang::Ru => &[1, 2, 5, 21],
        Lang::En => &[1, 2],
    }
}

/// The plural categories a language has for cardinal numbers.
fn categories(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Ru => &["one", "few", "many", "other"],
        Lang::En => &["one", "other"],
    }
}

#[test]
fn every_message_renders_in_both_languages() {
    let en = arguments(EN_FTL);
    let ru = arguments(RU_FTL);
    assert_eq!(en.keys().collect::<Vec<_>>(), ru.keys().collect::<Vec<_>>(), "the same messages in both");
    assert!(en.len() > 300, "{} messages", en.len());
    let mut rendered = 0;
    for (lang, table) in [(Lang::En, &en), (Lang::Ru, &ru)] {
        for (id, vars) in table {
            // One render with every argument at a first plausible value…
            let base: BTreeMap<String, FluentValue<'static>> = vars
                .iter()
                .map(|(name, u)| {
                    let v = if !u.plural.is_empty() {
                        FluentValue::from(3)
                    } else if let Some(w) = u.words.iter().next() {
                        FluentValue::from(w.clone())
                    } else {
                        FluentValue::from(word(name))
                    };
                    (name.clone(), v)
                })
                .collect();
            check_text(lang, id, &render(lang, id, &base));
            rendered += 1;
            for (name, u) in vars {
                // …then each word an argument selects on…
                for w in &u.words {
                    let mut args = base.clone();
                    args.insert(name.clone(), FluentValue::from(w.clone()));
                    check_text(lang, id, &render(lang, id, &args));
                    rendered += 1;
                }
                if u.plural.is_empty() {
                    continue;
                }
                // …and each count, with forms the language has.
                for key in u.plural.iter().filter(|k| k.parse::<i64>().is_err()) {
                    assert!(categories(lang).contains(&key.as_str()), "{id} in {lang:?}: no plural form [{key}]");
                }
                let mut texts = BTreeMap::new();
                for &n in counts(lang) {
                    let mut args = base.clone();
                    args.insert(name.clone(), FluentValue::from(n));
                    let text = render(lang, id, &args);
                    check_text(lang, id, &text);
                    texts.insert(n, text);
                    rendered += 1;
                }
                let exact = u.plural.iter().any(|k| k.parse::<i64>().is_ok());
                if lang == Lang::Ru && !exact {
                    assert_eq!(texts[&1], renumbered(&texts[&21], 21, 1), "{id}: 1 and 21 take one form in Russian");
                }
                if lang == Lang::En && u.plural.contains("one") && !exact {
                    assert_ne!(texts[&1], renumbered(&texts[&2], 2, 1), "{id}: 1 and 2 take two forms in English");
                }
            }
        }
    }
    assert!(rendered > 2 * en.len(), "{rendered} renders");
}

#[test]
fn counted_messages_take_each_russian_form() {
    // A sample the sweep above cannot know the words of.
    let forms = |key: &str| counts(Lang::Ru).iter().map(|&n| tr_args(Lang::Ru, key, &[("n", n.into())])).collect();
    let moves: Vec<String> = forms("moves-count");
    assert_eq!(moves, ["1 ход", "2 хода", "5 ходов", "21 ход"]);
    let en: Vec<String> =
        counts(Lang::En).iter().map(|&n| tr_args(Lang::En, "moves-count", &[("n", n.into())])).collect();
    assert_eq!(en, ["1 move", "2 moves"]);
}

#[test]
fn the_sweep_sees_arguments_behind_references_and_selectors() {
    let src = "a = { $x } { b }\nb = { $n ->\n    [one] one\n   *[other] many\n}\nc = { -t(case: \"gen\") }\n-t = { $case ->\n   *[nom] x\n    [gen] y\n}\n";
    let args = arguments(src);
    assert_eq!(args["a"].keys().collect::<Vec<_>>(), ["n", "x"]);
    assert_eq!(args["b"]["n"].plural, BTreeSet::from(["one".to_owned(), "other".to_owned()]));
    assert!(args["c"].is_empty(), "a term's parameters are not the message's");
    assert_eq!(renumbered("21 ход (не меньше 1 дня), 121", 21, 1), "1 ход (не меньше 1 дня), 121");
}

// `/rules NAME` speaks of one rule set only, in its own names: Mines and
// Sappers in «Сражение», Bombs, Miners and the Spy in classic; the lot only
// where it decides who moves first (R7).
#[test]
fn each_rules_text_names_only_its_own_rule_set() {
    use engine::{FirstMove, Numbering, RuleSetId};
    for rules in RuleSetId::ALL {
        let r = rules.rules();
        for lang in Lang::ALL {
            let text = tr(lang, &format!("rules-text-{rules}"));
            let words: BTreeSet<String> = text.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase).collect();
            let has = |list: &[&str]| list.iter().any(|w| words.contains(*w));
            let (battle, classic, lot): (&[&str], &[&str], &[&str]) = match lang {
                Lang::En => {
                    (&["mine", "mines", "sapper", "sappers"], &["bomb", "bombs", "miner", "miners", "spy"], &["lot"])
                }
                Lang::Ru => (
                    &["мина", "мины", "мин", "сапёр", "сапёра", "сапёры"],
                    &["бомба", "бомбы", "бомб", "минёр", "минёра", "шпион"],
                    &["жребий"],
                ),
            };
            let soviet = r.numbering == Numbering::Soviet;
            assert_eq!(has(battle), soviet, "{rules} in {lang:?}: {text}");
            assert_eq!(has(classic), !soviet, "{rules} in {lang:?}: {text}");
            assert_eq!(has(lot), r.first_move == FirstMove::Lot, "{rules} in {lang:?}: {text}");
        }
    }
}
