//! The bot introduces itself: its description ("What can this bot do?")
//! and short description (the profile and shared links), in Russian and
//! English, set at start only where Telegram holds other text — so a
//! restart makes two cheap reads per language and no writes; and the texts
//! of `/start`, `/help` and a group's welcome (rendered here, sent by the
//! handlers).

use teloxide::payloads::{
    GetMyDescriptionSetters, GetMyShortDescriptionSetters, SetMyDescriptionSetters, SetMyShortDescriptionSetters,
};
use teloxide::prelude::*;

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::{Callback, MenuItem};
use super::render::esc;
use crate::app::GameSummary;
use crate::i18n::{Lang, tr, tr_args};
use crate::storage::GameStatus;

/// Which of the two texts a call is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `setMyDescription`: up to 512 characters, shown in an empty chat.
    Description,
    /// `setMyShortDescription`: up to 120 characters, the profile page.
    Short,
}

/// The language code a text is set under: English is the default (no
/// code, shown to everyone else), Russian is set for `ru`.
#[must_use]
pub fn language_code(lang: Lang) -> Option<&'static str> {
    (lang != Lang::En).then(|| lang.code())
}

/// The text the bot wants for `field` in `lang`.
#[must_use]
pub fn wanted(field: Field, lang: Lang) -> String {
    tr(lang, if field == Field::Description { "bot-description" } else { "bot-short-description" })
}

/// Whether Telegram's `current` text must be replaced by `wanted`
/// (Telegram trims what it stores, so surrounding whitespace does not count).
#[must_use]
pub fn differs(current: &str, wanted: &str) -> bool {
    current.trim() != wanted.trim()
}

/// Reads both texts in every language and sets those that differ. Returns
/// what was set; a failed call is logged and skipped (the bot runs anyway).
pub async fn sync(bot: &Bot) -> Vec<(Field, Lang)> {
    let mut set = Vec::new();
    for lang in Lang::ALL {
        let code = language_code(lang);
        for field in [Field::Description, Field::Short] {
            let want = wanted(field, lang);
            match current(bot, field, code).await {
                Ok(have) if !differs(&have, &want) => continue,
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(?field, ?lang, error = %e, "cannot read the bot's description; setting it");
                }
            }
            match put(bot, field, code, want).await {
                Ok(()) => set.push((field, lang)),
                Err(e) => tracing::warn!(?field, ?lang, error = %e, "cannot set the bot's description"),
            }
        }
    }
    if !set.is_empty() {
        tracing::info!(?set, "bot description updated");
    }
    set
}

async fn current(bot: &Bot, field: Field, code: Option<&str>) -> Result<String, teloxide::RequestError> {
    Ok(match field {
        Field::Description => {
            let mut req = bot.get_my_description();
            if let Some(c) = code {
                req = req.language_code(c);
            }
            req.await?.description
        }
        Field::Short => {
            let mut req = bot.get_my_short_description();
            if let Some(c) = code {
                req = req.language_code(c);
            }
            req.await?.short_description
        }
    })
}

async fn put(bot: &Bot, field: Field, code: Option<&str>, text: String) -> Result<(), teloxide::RequestError> {
    match field {
        Field::Description => {
            let mut req = bot.set_my_description().description(text);
            if let Some(c) = code {
                req = req.language_code(c);
            }
            req.await?;
        }
        Field::Short => {
            let mut req = bot.set_my_short_description().short_description(text);
            if let Some(c) = code {
                req = req.language_code(c);
            }
            req.await?;
        }
    }
    Ok(())
}

/// The two buttons that lead a player into a game: against the AI at once,
/// or an invitation for a friend.
#[must_use]
pub fn menu_keyboard(lang: Lang) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        InlineKeyboardButton::callback(tr(lang, "btn-menu-ai"), Callback::Menu(MenuItem::Ai).encode()),
        InlineKeyboardButton::callback(tr(lang, "btn-menu-new"), Callback::Menu(MenuItem::New).encode()),
    ]])
}

/// `/start` without an argument: a new player is welcomed and led to a
/// game; a returning one is told which games wait for their move, with a
/// button to bring each board to the bottom of the chat.
#[must_use]
pub fn start_message(name: &str, games: &[GameSummary], lang: Lang) -> (String, InlineKeyboardMarkup) {
    let name = esc(name);
    if games.is_empty() {
        return (tr_args(lang, "welcome-new", &[("name", name.into())]), menu_keyboard(lang));
    }
    let waiting: Vec<&GameSummary> = games.iter().filter(|g| g.status == GameStatus::Play && g.your_turn).collect();
    let mut text = tr_args(lang, "welcome-back", &[("name", name.into())]);
    text.push('\n');
    let mut rows = Vec::new();
    if waiting.is_empty() {
        text.push_str(&tr(lang, "welcome-no-move"));
    } else {
        let ids: Vec<String> = waiting.iter().map(|g| tr_args(lang, "game-number", &[("id", g.id.into())])).collect();
        text.push_str(&tr_args(lang, "welcome-your-move", &[("games", ids.join(", ").into())]));
        for g in waiting.iter().take(8) {
            rows.push(vec![InlineKeyboardButton::callback(
                tr_args(lang, "btn-show-game", &[("id", g.id.into())]),
                Callback::Resend { game: g.id }.encode(),
            )]);
        }
    }
    rows.extend(menu_keyboard(lang).inline_keyboard);
    (text, InlineKeyboardMarkup::new(rows))
}

/// `/help`: how to play, then every command of the menu with its
/// description, `/setup`, and how to play in a group.
#[must_use]
pub fn help_text(lang: Lang, bot_username: &str) -> String {
    let commands: Vec<String> =
        super::commands(lang).iter().map(|c| format!("/{} — {}", c.command, esc(&c.description))).collect();
    tr_args(lang, "help", &[("commands", commands.join("\n").into()), ("bot", esc(bot_username).into())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::StubApi;

    #[test]
    fn only_a_different_text_is_set() {
        assert!(!differs("Play «Сражение»", "Play «Сражение»"));
        assert!(!differs("Play «Сражение»\n", "Play «Сражение»"));
        assert!(differs("", "Play «Сражение»"));
        assert!(differs("Old text", "Play «Сражение»"));
        assert_eq!(language_code(Lang::En), None);
        assert_eq!(language_code(Lang::Ru), Some("ru"));
    }

    #[test]
    fn texts_fit_telegrams_limits() {
        for lang in Lang::ALL {
            let long = wanted(Field::Description, lang);
            let short = wanted(Field::Short, lang);
            assert!((50..=512).contains(&long.chars().count()), "{lang:?}: {}", long.chars().count());
            assert!((20..=120).contains(&short.chars().count()), "{lang:?}: {}", short.chars().count());
            assert!(!long.contains('<'), "descriptions are plain text");
            assert!(long.contains("/ai") && long.contains("/new"), "{long}");
        }
    }

    fn summary(id: i64, status: GameStatus, your_turn: bool) -> GameSummary {
        GameSummary {
            id,
            rule_set: crate::app::GameRules::Stratego(engine::RuleSetId::Battle),
            status,
            opponent: Some(7),
            your_turn,
            plies: 3,
            result: None,
            side: engine::Player::South,
            ai: None,
            deadline: None,
        }
    }

    fn buttons(kb: &InlineKeyboardMarkup) -> Vec<String> {
        kb.inline_keyboard
            .iter()
            .flatten()
            .map(|b| match &b.kind {
                teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => d.clone(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_new_player_is_led_to_the_ai_and_an_invitation() {
        for lang in Lang::ALL {
            let (text, kb) = start_message("Ann <3", &[], lang);
            assert!(text.contains("Ann &lt;3"), "{text}");
            assert!(text.contains("/help"));
            assert_eq!(buttons(&kb), ["M.ai", "M.new"]);
        }
    }

    #[test]
    fn a_returning_player_sees_the_games_waiting_for_their_move() {
        let games = [
            summary(4, GameStatus::Play, true),
            summary(5, GameStatus::Play, false),
            summary(6, GameStatus::Setup, false),
            summary(9, GameStatus::Play, true),
        ];
        let (text, kb) = start_message("Ann", &games, Lang::En);
        assert!(text.starts_with("Welcome back, Ann!\nWaiting for your move: #4, #9"), "{text}");
        assert!(!text.contains("#5") && !text.contains("#6"));
        assert_eq!(buttons(&kb), ["r.4", "r.9", "M.ai", "M.new"]);
        let (text, _) = start_message("Аня", &games, Lang::Ru);
        assert!(text.contains("№4, №9") && !text.contains('#'), "{text}");
        let (text, kb) = start_message("Аня", &games[1..3], Lang::Ru);
        assert!(text.contains("ни одна партия не ждёт вашего хода"), "{text}");
        assert_eq!(buttons(&kb), ["M.ai", "M.new"]);
    }

    #[test]
    fn help_lists_every_command() {
        for lang in Lang::ALL {
            let text = help_text(lang, "srazhenie_bot");
            for c in super::super::commands(lang) {
                assert!(text.contains(&format!("/{} — ", c.command)), "{lang:?}: /{} missing", c.command);
            }
            for extra in ["/setup", "/challenge", "@srazhenie_bot", "/ai", "/new"] {
                assert!(text.contains(extra), "{lang:?}: {extra} missing");
            }
        }
    }

    #[test]
    fn the_group_welcome_explains_challenge() {
        for lang in Lang::ALL {
            let text = tr(lang, "group-welcome");
            assert!(text.contains("/challenge") && text.contains("/games"), "{text}");
        }
    }

    #[tokio::test]
    async fn sync_sets_what_differs_and_nothing_else() {
        // Telegram holds the right Russian description, nothing else.
        let ru = wanted(Field::Description, Lang::Ru);
        let stub = StubApi::start(move |method, body| match method {
            "getMyDescription" if body.contains("\"ru\"") => {
                format!(r#"{{"ok":true,"result":{{"description":{}}}}}"#, serde_json::json!(ru))
            }
            "getMyDescription" => r#"{"ok":true,"result":{"description":""}}"#.to_owned(),
            "getMyShortDescription" => r#"{"ok":true,"result":{"short_description":"old"}}"#.to_owned(),
            _ => r#"{"ok":true,"result":true}"#.to_owned(),
        })
        .await;
        let set = sync(&stub.bot()).await;
        assert_eq!(set, vec![(Field::Short, Lang::Ru), (Field::Description, Lang::En), (Field::Short, Lang::En)]);
        let calls = stub.calls();
        let sets: Vec<&(String, String)> = calls.iter().filter(|(m, _)| m.starts_with("set")).collect();
        assert_eq!(sets.len(), 3);
        assert!(sets[0].0 == "setMyShortDescription" && sets[0].1.contains(r#""language_code":"ru""#), "{sets:?}");
        assert!(sets[1].0 == "setMyDescription" && !sets[1].1.contains("language_code"), "{sets:?}");
        assert!(sets[1].1.contains(&serde_json::json!(wanted(Field::Description, Lang::En)).to_string()));
        assert_eq!(calls.iter().filter(|(m, _)| m.starts_with("get")).count(), 4, "every text is read");
    }
}
