//! Localisation with [Fluent](https://projectfluent.org/).
//!
//! Messages live in `locales/<code>.ftl` and are embedded into the binary at compile time;
//! the bundles are parsed once, on first use. Every message must exist in all languages
//! (a unit test enforces this).
//!
//! ```
//! use srazhenie::i18n::{Lang, tr, tr_args};
//! assert_eq!(tr(Lang::En, "lang-name"), "English");
//! assert_eq!(tr_args(Lang::Ru, "moves-count", &[("n", 3.into())]), "3 хода");
//! ```

pub mod errors;
pub mod jungle;
pub mod names;

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{LanguageIdentifier, langid};

/// A user-interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Russian (also chosen for Ukrainian, Belarusian and Kazakh Telegram clients).
    Ru,
    /// English (everyone else).
    En,
}

impl Lang {
    /// All supported languages, in menu order.
    pub const ALL: [Lang; 2] = [Lang::Ru, Lang::En];

    /// Picks a language from a Telegram `language_code` (an IETF tag such as `"ru"`, `"en-US"`).
    /// Codes starting with `ru`, `uk`, `be` or `kk` (case-insensitive) give [`Lang::Ru`];
    /// anything else, or `None`, gives [`Lang::En`].
    pub fn from_code(code: Option<&str>) -> Lang {
        let code = code.unwrap_or("").trim().to_ascii_lowercase();
        if ["ru", "uk", "be", "kk"].iter().any(|p| code.starts_with(p)) { Lang::Ru } else { Lang::En }
    }

    /// Strict parse of our own codes (`"ru"`, `"en"`, as stored by `/lang`); `None` otherwise.
    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language to use for a user: the one chosen with `/lang` (if valid), else the one
    /// derived from the Telegram client language via [`Lang::from_code`].
    pub fn for_user(chosen: Option<&str>, tg_lang: Option<&str>) -> Lang {
        chosen.and_then(Lang::parse).unwrap_or_else(|| Lang::from_code(tg_lang))
    }

    /// Two-letter code: `"ru"` or `"en"`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
        }
    }
}

/// A value for a message argument (`{ $name }` in the `.ftl` files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrArg {
    /// A number; drives plural selection (`[one]`, `[few]`, `[many]`, `[other]`).
    Int(i64),
    /// Plain text, inserted as is.
    Str(String),
}

impl From<i64> for TrArg {
    fn from(n: i64) -> Self {
        TrArg::Int(n)
    }
}

impl From<i32> for TrArg {
    fn from(n: i32) -> Self {
        TrArg::Int(n.into())
    }
}

impl From<u32> for TrArg {
    fn from(n: u32) -> Self {
        TrArg::Int(n.into())
    }
}

impl From<usize> for TrArg {
    fn from(n: usize) -> Self {
        TrArg::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<&str> for TrArg {
    fn from(s: &str) -> Self {
        TrArg::Str(s.to_owned())
    }
}

impl From<String> for TrArg {
    fn from(s: String) -> Self {
        TrArg::Str(s)
    }
}

const EN_FTL: &str = include_str!("../../locales/en.ftl");
const RU_FTL: &str = include_str!("../../locales/ru.ftl");

static EN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| build_bundle(langid!("en"), "en.ftl", EN_FTL));
static RU: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| build_bundle(langid!("ru"), "ru.ftl", RU_FTL));

/// Builds a bundle; syntax errors are logged (and tested against), never fatal.
fn build_bundle(lang: LanguageIdentifier, file: &str, source: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(res, errors)| {
        tracing::error!(file, ?errors, "syntax errors in locale file");
        res
    });
    let mut bundle = FluentBundle::new_concurrent(vec![lang]);
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(file, ?errors, "errors adding locale file");
    }
    bundle
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    match lang {
        Lang::Ru => &RU,
        Lang::En => &EN,
    }
}

/// Translates message `key` without arguments. See [`tr_args`].
pub fn tr(lang: Lang, key: &str) -> String {
    tr_args(lang, key, &[])
}

/// Translates message `key`, filling `{ $name }` placeholders from `args` (`(name, value)`).
///
/// Never panics: an unknown key (or a message without a value) returns `key` itself and logs a
/// warning; a formatting problem (e.g. a missing argument) is logged and the partially
/// formatted text is returned.
pub fn tr_args(lang: Lang, key: &str, args: &[(&str, TrArg)]) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
        tracing::warn!(lang = lang.code(), key, "missing translation");
        return key.to_owned();
    };
    let fluent_args = (!args.is_empty()).then(|| {
        let mut fa = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            let value = match value {
                TrArg::Int(n) => FluentValue::from(*n),
                TrArg::Str(s) => FluentValue::from(s.clone()),
            };
            fa.set(*name, value);
        }
        fa
    });
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, fluent_args.as_ref(), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(lang = lang.code(), key, ?errors, "translation formatting errors");
    }
    text.into_owned()
}

#[cfg(test)]
mod sweep_tests;
#[cfg(test)]
mod tests;
