//! Texts that are not boards: notices, answers to errors, help. All through
//! the localization files, in the reader's language.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::Callback;
use super::render::esc;
use crate::app::{Notice, UserError};
pub use crate::i18n::errors::{fmt_date, illegal};
use crate::i18n::{Lang, tr, tr_args};

/// A notice's text and its buttons: the answers to a question (a draw
/// offer, a rematch) and, for a notice about a game that has a board, one
/// that brings that board to the bottom of the chat.
#[must_use]
pub fn notice(n: &Notice, lang: Lang) -> (String, Option<InlineKeyboardMarkup>) {
    let id = |game_id: &i64| ("id", (*game_id).into());
    let mut rows: Vec<Vec<InlineKeyboardButton>> = vec![];
    let text = match n {
        Notice::OpponentJoined { game_id, name } => {
            tr_args(lang, "notice-joined", &[id(game_id), ("name", esc(name).into())])
        }
        Notice::OpponentReady { game_id } => tr_args(lang, "notice-ready", &[id(game_id)]),
        Notice::GameStarted { game_id, you_first } => {
            let key = if *you_first { "notice-started-you" } else { "notice-started-them" };
            tr_args(lang, key, &[id(game_id)])
        }
        Notice::DrawOffered { game_id } => {
            rows.push(vec![
                InlineKeyboardButton::callback(
                    tr(lang, "btn-accept-draw"),
                    Callback::DrawAnswer { game: *game_id, accept: true }.encode(),
                ),
                InlineKeyboardButton::callback(
                    tr(lang, "btn-decline-draw"),
                    Callback::DrawAnswer { game: *game_id, accept: false }.encode(),
                ),
            ]);
            tr_args(lang, "notice-draw-offered", &[id(game_id)])
        }
        Notice::DrawDeclined { game_id } => tr_args(lang, "notice-draw-declined", &[id(game_id)]),
        Notice::GameOver { game_id } => tr_args(lang, "notice-game-over", &[id(game_id)]),
        Notice::OpponentBlocked { game_id } => tr_args(lang, "notice-opponent-blocked", &[id(game_id)]),
        Notice::Reminder { game_id, hours_left } => {
            tr_args(lang, "notice-reminder", &[id(game_id), ("n", (*hours_left).into())])
        }
        Notice::RematchOffered { game_id, code, .. } => {
            if let Ok(c) = <[u8; 22]>::try_from(code.as_bytes()) {
                rows.push(vec![InlineKeyboardButton::callback(
                    tr(lang, "btn-accept-rematch"),
                    Callback::Join(c).encode(),
                )]);
            }
            tr_args(lang, "notice-rematch", &[id(game_id)])
        }
        Notice::Aborted { game_id } => tr_args(lang, "notice-aborted", &[id(game_id)]),
        Notice::InvitationCancelled { game_id } => tr_args(lang, "notice-invite-cancelled", &[id(game_id)]),
    };
    if let Some(game) = board_of(n) {
        rows.push(vec![InlineKeyboardButton::callback(tr(lang, "btn-resend"), Callback::Resend { game }.encode())]);
    }
    (text, (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows)))
}

/// The game whose board a notice leads to (a button brings it to the
/// bottom); `None` for notices about games without a live board.
#[must_use]
pub fn board_of(n: &Notice) -> Option<i64> {
    match n {
        Notice::OpponentJoined { game_id, .. }
        | Notice::OpponentReady { game_id }
        | Notice::GameStarted { game_id, .. }
        | Notice::DrawOffered { game_id }
        | Notice::DrawDeclined { game_id }
        | Notice::GameOver { game_id }
        | Notice::OpponentBlocked { game_id }
        | Notice::Reminder { game_id, .. } => Some(*game_id),
        Notice::RematchOffered { .. } | Notice::Aborted { .. } | Notice::InvitationCancelled { .. } => None,
    }
}

/// The question a notice asks, to close once it is answered or expires:
/// the game it depends on and its kind (see [`super::questions`]).
#[must_use]
pub fn question_of(n: &Notice) -> Option<(i64, &'static str)> {
    match n {
        Notice::DrawOffered { game_id } => Some((*game_id, "draw")),
        Notice::Reminder { game_id, .. } => Some((*game_id, "reminder")),
        Notice::RematchOffered { new_game, .. } => Some((*new_game, "rematch")),
        _ => None,
    }
}

/// The one-line stub left where a board was before it was sent again below.
#[must_use]
pub fn moved_below(lang: Lang) -> String {
    tr(lang, "board-moved-below")
}

/// A polite answer to a refused action (used for toasts and replies),
/// HTML-escaped for a message (see [`crate::i18n::errors::error`]).
#[must_use]
pub fn error(e: &UserError, lang: Lang) -> String {
    esc(&crate::i18n::errors::error(e, lang))
}
