//! Public challenge cards (inline mode and groups) and spectator boards.
//! Everything here is public information only: names, the rule set, the
//! move number, whose turn, the result, and for spectators the
//! [`engine::SpectatorView`] (both armies redacted like an enemy's, R24).

use std::sync::Arc;

use engine::{Player, PublicCell, RuleSetId, SpectatorView};
use teloxide::payloads::AnswerInlineQuerySetters;
use teloxide::prelude::*;
use teloxide::types::{
    InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResult, InlineQueryResultArticle, InputMessageContent,
    InputMessageContentText, ParseMode,
};

use super::DAYS_CHOICES;
use super::callback::Callback;
use super::deliver::Ui;
use super::outbox::{Content, Render, Target};
use super::render::{days_text, esc, public_result, rank_label};
use crate::app::GameRules;
use crate::i18n::{Lang, tr, tr_args};
use crate::storage::{Challenge, GameRecord, GameStatus};

/// The inline articles for a query: one per game (each rule set and
/// Jungle) and days-per-move choice, narrowed by the words typed (`classic 3`).
#[must_use]
pub fn articles(query: &str, challenger: i64, name: &str, lang: Lang) -> Vec<InlineQueryResult> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut out = vec![];
    for rules in RuleSetId::ALL.map(GameRules::Stratego).into_iter().chain([GameRules::Jungle]) {
        for days in DAYS_CHOICES {
            let rules_name = tr(lang, &format!("rules-{}", rules.as_str()));
            let time = days_text((days > 0).then_some(i64::from(days)), lang);
            let fits = words.iter().all(|w| {
                rules.as_str().starts_with(w.as_str())
                    || rules_name.to_lowercase().contains(w.as_str())
                    || w.parse::<u8>().is_ok_and(|d| d == days)
            });
            if !fits {
                continue;
            }
            let text = tr_args(
                lang,
                "card-open",
                &[("name", esc(name).into()), ("rules", rules_name.clone().into()), ("time", time.clone().into())],
            );
            let content = InputMessageContent::Text(InputMessageContentText::new(text).parse_mode(ParseMode::Html));
            let kb = accept_keyboard(challenger, rules, days, lang);
            let id = format!("c{}-{days}", rules.as_str());
            out.push(InlineQueryResult::Article(
                InlineQueryResultArticle::new(id, format!("{rules_name} · {time}"), content)
                    .description(tr(lang, "card-article-description"))
                    .reply_markup(kb),
            ));
        }
    }
    out.truncate(50);
    out
}

/// The Accept button of an open card.
#[must_use]
pub fn accept_keyboard(challenger: i64, rules: GameRules, days: u8, lang: Lang) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![InlineKeyboardButton::callback(
        tr(lang, "btn-accept-challenge"),
        Callback::Accept { challenger, rules, days }.encode(),
    )]])
}

/// Answers an inline query with challenge articles.
pub async fn on_inline(ui: Ui, q: InlineQuery) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let user = ui
        .app
        .touch_user(q.from.id.0 as i64, &q.from.first_name, q.from.username.as_deref(), q.from.language_code.as_deref())
        .await
        .ok();
    let lang = user.as_ref().map_or(Lang::En, |u| Lang::for_user(u.lang.as_deref(), u.tg_lang.as_deref()));
    let results = articles(&q.query, q.from.id.0 as i64, &q.from.first_name, lang);
    if let Err(e) = ui.bot.answer_inline_query(q.id.clone(), results).cache_time(0).is_personal(true).await {
        tracing::warn!(error = %e, "answerInlineQuery failed");
    }
    Ok(())
}

async fn name_of(ui: &Ui, user_id: i64) -> String {
    ui.app.first_name(user_id).await
}

/// The card's text for a game in any phase (public information only).
async fn card_text(ui: &Ui, ch: &Challenge, rec: &GameRecord, lang: Lang) -> String {
    let rules = tr(lang, &format!("rules-{}", rec.rule_set));
    let south = rec.player("south").map(|p| p.user_id).unwrap_or(ch.challenger_id);
    let north = rec.player("north").map(|p| p.user_id);
    let (sn, nn) = (
        name_of(ui, south).await,
        match north {
            Some(n) => name_of(ui, n).await,
            None => "—".into(),
        },
    );
    let head =
        tr_args(lang, "card-game", &[("south", esc(&sn).into()), ("north", esc(&nn).into()), ("rules", rules.into())]);
    let status = match rec.status {
        GameStatus::Waiting | GameStatus::Setup => tr(lang, "card-setup"),
        GameStatus::Cancelled => tr(lang, "status-cancelled"),
        GameStatus::Play | GameStatus::Finished if crate::app::is_jungle(rec) => {
            let Some(v) = crate::app::jungle_spectator_view(rec) else { return head };
            super::jungle_board::public_status(&v, &sn, &nn, lang)
        }
        GameStatus::Play | GameStatus::Finished => {
            let Some(game) = rec.state.as_deref().and_then(|s| serde_json::from_str::<engine::Game>(s).ok()) else {
                return head;
            };
            match game.outcome() {
                Some(o) => public_result(o, &sn, &nn, lang),
                None => {
                    let to_move = if game.turn() == Player::South { &sn } else { &nn };
                    tr_args(lang, "card-move", &[("n", (game.ply() + 1).into()), ("name", esc(to_move).into())])
                }
            }
        }
    };
    format!("{head}\n{status}")
}

/// Edits the card of `game_id` (if it came from a challenge) to follow the
/// game: at once when the phase changes or the game ends, otherwise at most
/// every [`Ui::card_edit_secs`] seconds — a change within that window is
/// shown by a trailing edit once it has passed, so a card is never more than
/// the window behind its game.
pub async fn update_card(ui: &Ui, rec: &GameRecord) {
    // One card update at a time, each from the game as it is now: an
    // update that started from an older state cannot queue its text after
    // a newer one.
    let _turn = ui.card_turn.lock().await;
    let latest = match ui.app.game(rec.id).await {
        Ok(Some(now)) if now.version >= rec.version => now,
        _ => rec.clone(),
    };
    let rec = &latest;
    let Ok(Some(ch)) = ui.app.challenge_of_game(rec.id).await else { return };
    let lang = Lang::parse(&ch.lang).unwrap_or(Lang::En);
    let text = card_text(ui, &ch, rec, lang).await;
    if ch.card_text.as_deref() == Some(text.as_str()) {
        return;
    }
    let playing = rec.status == GameStatus::Play;
    let since = ch.card_updated_at.map(|t| crate::storage::now() - t);
    let recent = since.is_some_and(|s| s < ui.card_edit_secs);
    // Play texts carry 🎯; any other change of phase is shown at once.
    let was_playing = ch.card_text.as_deref().is_some_and(|old| old.contains('🎯'));
    if playing && was_playing && recent {
        let wait = (ui.card_edit_secs - since.unwrap_or_default()).max(1);
        ui.trail_card(rec.id, std::time::Duration::from_secs(wait.unsigned_abs()));
        return;
    }
    if playing {
        // A look once the window has passed: whatever this edit raced with,
        // the card ends on the game's latest state (nothing is sent when it
        // already shows it).
        ui.trail_card(rec.id, std::time::Duration::from_secs(ui.card_edit_secs.max(1).unsigned_abs()));
    }
    let target = match (&ch.inline_message_id, ch.chat_id, ch.message_id) {
        (Some(id), _, _) => Target::Inline(id.clone()),
        (None, Some(chat), Some(msg)) => Target::Chat(chat, teloxide::types::MessageId(msg as i32)),
        _ => return,
    };
    // Drawn again when the group's pacing lets the edit go: a card held
    // back shows the game as it is then, not as it was when queued.
    let (game, card) = (rec.id, ch.id);
    let drawn = Arc::new(std::sync::Mutex::new(text.clone()));
    let render: Render = {
        let (ui, drawn) = (ui.clone(), drawn.clone());
        Arc::new(move || {
            let (ui, drawn) = (ui.clone(), drawn.clone());
            Box::pin(async move {
                let rec = ui.app.game(game).await.ok().flatten()?;
                let ch = ui.app.challenge_of_game(game).await.ok().flatten()?;
                let text = card_text(&ui, &ch, &rec, lang).await;
                *drawn.lock().expect("drawn") = text.clone();
                Some(card_content(text, game, lang))
            })
        })
    };
    let shown = ui.edit_rendered(target, card_content(text, game, lang), render);
    // Recorded once shown; the game's delivery does not wait for the group's pacing.
    let ui = ui.clone();
    tokio::spawn(async move {
        match shown.await {
            Ok(()) => {
                let text = drawn.lock().expect("drawn").clone();
                let _ = ui.app.card_shown(card, &text).await;
            }
            Err(f) => tracing::warn!(game, failure = ?f, "card edit failed"),
        }
    });
}

/// A card in play: its text and the Watch button.
fn card_content(text: String, game: i64, lang: Lang) -> Content {
    let kb = InlineKeyboardMarkup::new(vec![vec![InlineKeyboardButton::callback(
        tr(lang, "btn-watch"),
        Callback::Watch { game }.encode(),
    )]]);
    Content { text, kb: Some(kb) }
}

fn spectator_cell(v: &SpectatorView, sq: engine::Square, lang: Lang) -> String {
    let s = match v.cell(sq) {
        PublicCell::Empty => "·".to_owned(),
        PublicCell::Lake => "≈".to_owned(),
        PublicCell::Piece { owner, known } => {
            let side = if owner == Player::South { "r" } else { "b" };
            match known.revealed {
                Some(r) => format!("{side}{}", rank_label(v.rule_set(), r, lang)),
                None => side.to_owned(),
            }
        }
    };
    format!("{s:>3}")
}

/// A spectator board: the whole board from South's side, public information only.
#[must_use]
pub fn spectator_text(v: &SpectatorView, game_id: i64, south: &str, north: &str, lang: Lang) -> String {
    let mut grid = String::new();
    let header: String = (0..10u8).map(|f| format!("{:>3}", (b'a' + f) as char)).collect();
    grid.push_str(&format!("  {header}\n"));
    for rank in (0..10u8).rev() {
        grid.push_str(&format!("{:>2}", rank + 1));
        for file in 0..10u8 {
            grid.push_str(&spectator_cell(v, engine::Square::new(file, rank).expect("on board"), lang));
        }
        grid.push('\n');
    }
    let mut t = tr_args(
        lang,
        "spectator-title",
        &[("id", game_id.into()), ("south", esc(south).into()), ("north", esc(north).into())],
    );
    t.push_str(&format!("\n<pre>{}</pre>\n{}", grid.trim_end(), tr(lang, "spectator-legend")));
    if let Some(last) = v.history().last() {
        t.push_str(&format!("\n{} {}", tr(lang, "last-move"), last.mv));
        if let Some(c) = last.combat {
            let r = v.rule_set();
            t.push_str(&format!(" ⚔ {}×{}", rank_label(r, c.attacker, lang), rank_label(r, c.defender, lang)));
        }
    }
    match v.outcome() {
        Some(o) => t.push_str(&format!("\n<b>{}</b>", public_result(o, south, north, lang))),
        None => {
            let who = if v.turn() == Player::South { south } else { north };
            t.push_str(&format!(
                "\n{}",
                tr_args(lang, "card-move", &[("n", (v.history().len() + 1).into()), ("name", esc(who).into())])
            ));
        }
    }
    t
}

/// Draws the spectators' boards of a game that changed.
pub async fn sync_spectators(ui: &Ui, rec: &GameRecord) {
    let Ok(watchers) = ui.app.spectators(rec.id).await else { return };
    if watchers.is_empty() || !matches!(rec.status, GameStatus::Play | GameStatus::Finished) {
        return;
    }
    // A Jungle game is watched on its own board (nothing hidden, J1).
    let jungle = crate::app::jungle_spectator_view(rec);
    let game = rec.state.as_deref().and_then(|s| serde_json::from_str::<engine::Game>(s).ok());
    let view = game.map(|g| g.spectator_view());
    if jungle.is_none() && view.is_none() {
        return;
    }
    let south = name_of(ui, rec.player("south").map(|p| p.user_id).unwrap_or_default()).await;
    let north = name_of(ui, rec.player("north").map(|p| p.user_id).unwrap_or_default()).await;
    for (user_id, message_id, rendered) in watchers {
        if rendered >= rec.version && message_id.is_some() {
            continue;
        }
        let lang = match ui.app.user(user_id).await {
            Ok(Some(u)) => Lang::for_user(u.lang.as_deref(), u.tg_lang.as_deref()),
            _ => Lang::En,
        };
        let (text, mut rows) = match (&jungle, &view) {
            (Some(v), _) => super::jungle_board::spectator_board(v, rec.id, &south, &north, lang),
            (None, Some(v)) => (spectator_text(v, rec.id, &south, &north, lang), vec![]),
            (None, None) => return,
        };
        rows.push(vec![InlineKeyboardButton::callback(
            tr(lang, "btn-unwatch"),
            Callback::Unwatch { game: rec.id }.encode(),
        )]);
        let kb = InlineKeyboardMarkup::new(rows);
        // The page in spectator mode, as for the players (issue 22).
        let Some(kb) = ui.with_webapp_button(Some(kb), rec.id, lang) else { continue };
        let Some(m) = message_id else {
            // A first board: sent here, so that a second sync does not send another.
            let id = ui.send(user_id, text, Some(kb)).await.map(|m| i64::from(m.0));
            let _ = ui.app.spectator_board_shown(rec.id, user_id, id, rec.version).await;
            continue;
        };
        let shown = ui.edit(user_id, teloxide::types::MessageId(m as i32), text.clone(), Some(kb.clone()));
        let (ui, game, version) = (ui.clone(), rec.id, rec.version);
        tokio::spawn(async move {
            let id = match shown.await {
                Err(crate::telegram::deliver::Failure::NotFound) => {
                    ui.send(user_id, text, Some(kb)).await.map(|m| i64::from(m.0))
                }
                _ => Some(m),
            };
            let _ = ui.app.spectator_board_shown(game, user_id, id, version).await;
        });
    }
}

/// `/games` in a group: the group's challenges and their games.
pub async fn group_games(ui: &Ui, chat: i64, lang: Lang) -> String {
    let list = ui.app.challenges_in_chat(chat, 10).await.unwrap_or_default();
    if list.is_empty() {
        return tr(lang, "group-games-none");
    }
    let mut lines = vec![tr(lang, "group-games-header")];
    for ch in list {
        match ch.game_id {
            Some(g) => match ui.app.game(g).await {
                Ok(Some(rec)) => {
                    lines.push(format!("• #{g}: {}", card_text(ui, &ch, &rec, lang).await.replace('\n', " · ")))
                }
                _ => continue,
            },
            None => lines.push(format!(
                "• {}",
                tr_args(lang, "group-open-challenge", &[("name", esc(&name_of(ui, ch.challenger_id).await).into())])
            )),
        }
    }
    lines.join("\n")
}

/// Days-per-move and game read from `/challenge` words (`classic 3`, `jungle`).
#[must_use]
pub fn parse_challenge_args(words: &[&str]) -> (GameRules, u8) {
    let mut rules = GameRules::Stratego(RuleSetId::Battle);
    let mut days = 0;
    for w in words {
        if let Some(r) = GameRules::parse(&w.to_lowercase()) {
            rules = r;
        } else if let Ok(d) = w.parse::<u8>()
            && DAYS_CHOICES.contains(&d)
        {
            days = d;
        }
    }
    (rules, days)
}

/// The deep link that brings someone to the bot with a payload.
#[must_use]
pub fn deep_link(ui: &Ui, payload: &str) -> String {
    format!("https://t.me/{}?start={payload}", ui.username)
}
