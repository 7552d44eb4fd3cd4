//! Update handlers: parse, call one use case, render the answer. Private
//! commands and typed moves are in `commands`, button presses in
//! `callbacks`, group messages in `group`; the entry points and the helpers
//! they share are here.

use engine::RuleSetId;
use teloxide::dispatching::UpdateHandler;
use teloxide::prelude::*;
use teloxide::types::{ChatMemberUpdated, InlineKeyboardButton, InlineKeyboardMarkup, User};

use super::callback::{AI_LEVELS, Callback};
use super::deliver::ai_name;
use super::deliver::{Force, Ui};
use super::render::{days_text, esc};
use super::{DAYS_CHOICES, questions, texts};
use crate::app::{Action, Done, GameRules, JungleTap, NewGameChoice, SetupAction, TapResult, UserError};
use crate::i18n::{Lang, tr, tr_args};
use crate::storage::{GameStatus, UserRecord};

mod callbacks;
mod commands;
mod group;
mod listings;
mod setups;
mod welcome;

use callbacks::*;
use commands::*;
use group::*;
use listings::*;
use setups::*;
use welcome::*;

type HandlerResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

/// The handler tree: private messages, button presses, and membership changes.
#[must_use]
pub fn schema() -> UpdateHandler<Box<dyn std::error::Error + Send + Sync + 'static>> {
    dptree::entry()
        // An update came: if polling had failed, the log says it recovered.
        .inspect(|health: std::sync::Arc<super::health::Health>| health.on_update())
        // Admission: at most `MAX_IN_FLIGHT` updates are handled at once; the
        // rest wait in memory, so an overload queues instead of piling onto
        // the database pool (the permit lives until the handler returns).
        .map_async(|ui: Ui| async move { ui.admit().await })
        .branch(Update::filter_message().endpoint(on_message))
        .branch(Update::filter_callback_query().endpoint(on_callback))
        .branch(Update::filter_my_chat_member().endpoint(on_member))
        .branch(Update::filter_inline_query().endpoint(super::cards::on_inline))
}

fn lang_of(u: &UserRecord) -> Lang {
    Lang::for_user(u.lang.as_deref(), u.tg_lang.as_deref())
}

async fn touch(ui: &Ui, from: &User) -> Result<UserRecord, UserError> {
    ui.app.touch_user(from.id.0 as i64, &from.first_name, from.username.as_deref(), from.language_code.as_deref()).await
}

async fn on_message(ui: Ui, msg: Message) -> HandlerResult {
    if !msg.chat.is_private() {
        return on_group_message(&ui, &msg).await;
    }
    let Some(from) = msg.from.as_ref() else { return Ok(()) };
    let user = match touch(&ui, from).await {
        Ok(u) => u,
        Err(e) => {
            tracing::error!(error = %e, "cannot record user");
            return Ok(());
        }
    };
    let lang = lang_of(&user);
    let chat = msg.chat.id.0;
    let _ = ui.app.mark_started(user.id).await;
    let Some(text) = msg.text() else {
        let _ = ui.send(chat, tr(lang, "short-help"), None);
        return Ok(());
    };
    let text = text.trim();
    if let Some(cmd) = text.strip_prefix('/') {
        let (name, arg) = cmd.split_once(char::is_whitespace).unwrap_or((cmd, ""));
        let name = name.split('@').next().unwrap_or(name).to_lowercase();
        command(&ui, &user, lang, &name, arg.trim()).await;
    } else {
        // A reply to a question of the bot may name a setup; anything else is a move.
        let asked = msg.reply_to_message().filter(|m| m.from.as_ref().is_some_and(|u| u.is_bot));
        let named = match asked {
            Some(m) => setup_name_reply(&ui, &user, lang, i64::from(m.id.0), text).await,
            None => false,
        };
        if !named {
            typed_move(&ui, &user, lang, text).await;
        }
    }
    Ok(())
}

async fn reply_error(ui: &Ui, chat: i64, e: &UserError, lang: Lang) {
    let _ = ui.send(chat, texts::error(e, lang), None);
}

/// A user blocked or unblocked the bot, or the bot was added to a group.
async fn on_member(ui: Ui, upd: ChatMemberUpdated) -> HandlerResult {
    if !upd.chat.is_private() {
        on_group_membership(&ui, &upd).await;
        return Ok(());
    }
    let blocked = upd.new_chat_member.is_banned() || upd.new_chat_member.is_left();
    let user_id = upd.from.id.0 as i64;
    let _ = ui.app.set_blocked(user_id, blocked).await;
    let games = ui.app.live_games_of(user_id).await.unwrap_or_default();
    if !blocked {
        // Back: deliver the boards that waited.
        for g in &games {
            ui.spawn_sync(g.id, Force::default());
        }
    } else {
        // The game goes on; each opponent in a live game is told once.
        for g in &games {
            if let Some(opp) = g.players.iter().find(|p| p.user_id != user_id) {
                let n = crate::app::Addressed {
                    user_id: opp.user_id,
                    notice: crate::app::Notice::OpponentBlocked { game_id: g.id },
                };
                ui.notify(&[n]).await;
            }
        }
    }
    Ok(())
}
