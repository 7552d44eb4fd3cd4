//! Questions about a game asked by a message — a draw offer, a reminder,
//! an invitation, a rematch offer. Each is recorded with its message; once
//! the game shows it answered or expired, the message is edited to say
//! what happened and loses its buttons, so no stale question stays in a
//! chat (a finished game closes all of its questions).

use teloxide::types::MessageId;

use super::calls::Failure;
use super::deliver::Ui;
use super::outbox::{Content, Pending};
use crate::app::{Addressed, Notice};
use crate::i18n::{Lang, tr_args};
use crate::storage::{GameRecord, GameStatus, Question, QuestionIntent};

/// Records that message `id` in `chat` asks question `kind` about `game`.
pub async fn record(ui: &Ui, chat: i64, id: MessageId, game: i64, kind: &str, lang: Lang) {
    if let Err(e) = ui.app.record_question(&question(chat, id, game, kind, lang)).await {
        tracing::warn!(game, error = %e, "cannot record a question");
    }
}

fn question(chat: i64, id: MessageId, game: i64, kind: &str, lang: Lang) -> Question {
    Question {
        chat_id: chat,
        message_id: i64::from(id.0),
        game_id: game,
        kind: kind.to_owned(),
        lang: lang.code().to_owned(),
    }
}

/// Asks question `kind` about `game` in `chat` with message `content`,
/// queued after what the chat already waits for; the caller does not wait.
///
/// Nothing is lost on a crash: the question is recorded as an intent
/// before its message is queued, and the intent becomes the open question
/// (with the message's id) in one transaction right after the send, in the
/// chat's queue; an intent left by a crash is asked again at start if it
/// is still open ([`resume`]). A new reminder first closes the older
/// reminders of that game in that chat (the 24-hour one once the 1-hour
/// one comes): each is forgotten only once its closing edit is shown, so a
/// crash leaves it recorded, and it is closed with the turn at the latest.
pub async fn ask(ui: &Ui, chat: i64, content: Content, game: i64, kind: &'static str, lang: Lang) {
    let intent = QuestionIntent {
        chat_id: chat,
        game_id: game,
        kind: kind.to_owned(),
        lang: lang.code().to_owned(),
        text: content.text.clone(),
        keyboard: content.kb.as_ref().and_then(|kb| serde_json::to_string(kb).ok()),
    };
    let intent = match ui.app.record_question_intent(&intent).await {
        Ok(id) => Some(id),
        Err(e) => {
            tracing::warn!(game, error = %e, "cannot record a question before asking it");
            None
        }
    };
    ui.queue(chat, move |ui| async move {
        // In the chat's queue, so a reminder queued before this one is sent
        // and recorded by now; closed before this one is sent.
        if kind == "reminder" {
            close_reminders(&ui, chat, game).await;
        }
        let sent = ui.send_now(chat, content).await;
        let asked = sent.map(|id| question(chat, id, game, kind, lang));
        let settled = match intent {
            Some(intent) => ui.app.settle_question_intent(intent, asked.as_ref()).await,
            None => match &asked {
                Some(q) => ui.app.record_question(q).await,
                None => Ok(()),
            },
        };
        if let Err(e) = settled {
            tracing::warn!(game, error = %e, "cannot record a question");
        }
    });
}

/// Closes the open reminders of `game` in `chat` now (a newer one
/// follows): each is edited, then forgotten once the edit is shown.
async fn close_reminders(ui: &Ui, chat: i64, game: i64) {
    let older = ui.app.open_questions(game).await.unwrap_or_default();
    for q in older.into_iter().filter(|q| q.chat_id == chat && q.kind == "reminder") {
        let lang = Lang::parse(&q.lang).unwrap_or(Lang::En);
        let text = tr_args(lang, "q-reminder-later", &[("id", game.into())]);
        let shown = ui.edit_now(chat, MessageId(q.message_id as i32), text).await;
        forget_if_closed(ui, &q, shown).await;
    }
}

/// Forgets question `q` after the edit closing it ended with `shown`.
async fn forget_if_closed(ui: &Ui, q: &Question, shown: Result<(), Failure>) {
    match shown {
        // Gone, too old to edit, or a chat closed to the bot: nothing
        // more can be done with it.
        Ok(()) | Err(Failure::NotFound | Failure::Blocked | Failure::CantInitiate) => {
            let _ = ui.app.forget_question(q.chat_id, q.message_id).await;
        }
        Err(f) => tracing::warn!(chat = q.chat_id, failure = ?f, "could not close a question"),
    }
}

/// Edits question `q`'s message to `text` without buttons, and forgets
/// the question once the edit is shown: a crash before leaves it recorded,
/// to be closed again. Two closings of one question at once cost one call
/// (the outbox merges them and drops an edit the message already shows).
fn close(ui: &Ui, q: &Question, text: String) {
    let shown = ui.edit(q.chat_id, MessageId(q.message_id as i32), text, None);
    let (ui, q) = (ui.clone(), q.clone());
    tokio::spawn(async move { forget_if_closed(&ui, &q, shown.await).await });
}

/// At start: the questions that were about to be asked when the bot
/// stopped (their message may or may not have gone out). One still open —
/// a reminder to the player still to move, a draw offer not answered, a
/// rematch not taken — is asked again: a reminder with the time left now
/// (only the newest of a game's reminders), the others as they were to be
/// asked; the rest are dropped. A message that went out just before the
/// crash, unrecorded, cannot be found again (Telegram gives its id only
/// in the answer to the send), so it is then left as it is, beside the
/// new one.
pub async fn resume(ui: &Ui) {
    let Ok(intents) = ui.app.question_intents().await else { return };
    for (n, (id, i)) in intents.iter().enumerate() {
        let rec = ui.app.game(i.game_id).await.ok().flatten();
        let lang = Lang::parse(&i.lang).unwrap_or(Lang::En);
        let open = rec.as_ref().is_some_and(|rec| still_asks(&i.kind, rec, i.chat_id, lang));
        let newer =
            intents[n + 1..].iter().any(|(_, j)| (j.chat_id, j.game_id, &j.kind) == (i.chat_id, i.game_id, &i.kind));
        let kind = KINDS.iter().copied().find(|k| *k == i.kind);
        match (rec.as_ref().and_then(crate::app::deadline), kind) {
            _ if !open => {}
            (Some(due), Some("reminder")) if !newer => {
                let hours_left = ((due - crate::storage::now()).max(0) + 3_599) / 3_600;
                let notice = Notice::Reminder { game_id: i.game_id, hours_left };
                ui.notify(&[Addressed { user_id: i.chat_id, notice }]).await;
            }
            (_, Some(kind @ ("draw" | "rematch"))) => {
                let kb = i.keyboard.as_deref().and_then(|k| serde_json::from_str(k).ok());
                ask(ui, i.chat_id, Content { text: i.text.clone(), kb }, i.game_id, kind, lang).await;
            }
            _ => {}
        }
        if let Err(e) = ui.app.settle_question_intent(*id, None).await {
            tracing::warn!(game = i.game_id, error = %e, "cannot drop a question intent");
        }
    }
}

/// The kinds of questions [`ask`] asks.
const KINDS: [&str; 3] = ["reminder", "draw", "rematch"];

/// Whether question `kind` in `chat` is still open in `rec`: not answered
/// nor expired ([`outcome`]), and, for a reminder, `chat` is still the
/// player to move.
fn still_asks(kind: &str, rec: &GameRecord, chat: i64, lang: Lang) -> bool {
    if outcome(kind, rec, lang, "").is_some() {
        return false;
    }
    if kind != "reminder" {
        return true;
    }
    crate::app::user_to_move(rec) == Some(chat)
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
        close(ui, &q, text);
    }
}
