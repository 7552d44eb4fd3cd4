//! Questions about a game asked by a message — a draw offer, a reminder,
//! an invitation, a rematch offer. Each is recorded with its message; once
//! the game shows it answered or expired, the message is edited to say
//! what happened and loses its buttons, so no stale question stays in a
//! chat (a finished game closes all of its questions).

use teloxide::types::MessageId;

use super::deliver::Ui;
use super::outbox::Pending;
use crate::i18n::{Lang, tr_args};
use crate::storage::{GameRecord, GameStatus, Question};

/// Records that message `id` in `chat` asks question `kind` about `game`.
/// A new reminder closes the older reminders of that game in that chat
/// (the 24-hour one once the 1-hour one is sent): only the newest stays open.
pub async fn record(ui: &Ui, chat: i64, id: MessageId, game: i64, kind: &str, lang: Lang) {
    if kind == "reminder" {
        let older = ui.app.open_questions(game).await.unwrap_or_default();
        for q in older.into_iter().filter(|q| q.chat_id == chat && q.kind == "reminder") {
            if matches!(ui.app.forget_question(q.chat_id, q.message_id).await, Ok(true)) {
                let lang = Lang::parse(&q.lang).unwrap_or(Lang::En);
                let text = tr_args(lang, "q-reminder-later", &[("id", game.into())]);
                let _ = ui.edit(chat, MessageId(q.message_id as i32), text, None);
            }
        }
    }
    let q = Question {
        chat_id: chat,
        message_id: i64::from(id.0),
        game_id: game,
        kind: kind.to_owned(),
        lang: lang.code().to_owned(),
    };
    if let Err(e) = ui.app.record_question(&q).await {
        tracing::warn!(game, error = %e, "cannot record a question");
    }
}

/// Records the question of a message still queued: once it is sent (in the
/// background: the caller does not wait for pacing).
pub fn record_when_sent(
    ui: &Ui,
    chat: i64,
    sent: Pending<Option<MessageId>>,
    game: i64,
    kind: &'static str,
    lang: Lang,
) {
    let ui = ui.clone();
    tokio::spawn(async move {
        if let Some(id) = sent.await {
            record(&ui, chat, id, game, kind, lang).await;
        }
    });
}

/// What became of a question of `kind`, given its game as it is now:
/// the closing text, or `None` while it is still open.
#[must_use]
pub fn outcome(kind: &str, rec: &GameRecord, lang: Lang, opponent: &str) -> Option<String> {
    let id = ("id", rec.id.into());
    let key = match kind {
        "draw" | "reminder" => match rec.status {
            GameStatus::Finished if kind == "draw" && rec.result.as_deref() == Some("draw-agreement") => {
                "q-draw-accepted"
            }
            GameStatus::Finished | GameStatus::Cancelled => "q-game-over",
            _ if kind == "draw" && rec.draw_offer.is_none() => "q-draw-declined",
            _ if kind == "reminder" && rec.reminders_sent == 0 => "q-reminder-moved",
            _ => return None,
        },
        "invite" | "rematch" => match rec.status {
            GameStatus::Waiting => return None,
            GameStatus::Cancelled => "q-invite-cancelled",
            _ if kind == "invite" => {
                return Some(tr_args(lang, "q-invite-accepted", &[id, ("name", super::render::esc(opponent).into())]));
            }
            _ => "q-rematch-accepted",
        },
        _ => return None,
    };
    Some(tr_args(lang, key, &[id]))
}

/// Closes the questions about `rec` that its current state answers: each
/// message is edited to say what happened, without buttons, and forgotten.
pub async fn close_answered(ui: &Ui, rec: &GameRecord) {
    let Ok(open) = ui.app.open_questions(rec.id).await else { return };
    for q in open {
        let lang = Lang::parse(&q.lang).unwrap_or(Lang::En);
        let opponent = match rec.players.iter().find(|p| p.user_id != q.chat_id) {
            Some(p) => ui.app.first_name(p.user_id).await,
            None => String::new(),
        };
        let Some(text) = outcome(&q.kind, rec, lang, &opponent) else { continue };
        // Forgotten first: a concurrent delivery of the same game closes it once.
        if matches!(ui.app.forget_question(q.chat_id, q.message_id).await, Ok(true)) {
            let _ = ui.edit(q.chat_id, MessageId(q.message_id as i32), text, None);
        }
    }
}
