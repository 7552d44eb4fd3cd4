//! `/setups` and the setup workbench outside any game: the list, typed save
//! and rename, the workbench's buttons, and the questions that ask for a
//! setup's name (answered by a reply). After a save, rename or delete the
//! chat's newest list message is redrawn in place.

use teloxide::types::{ForceReply, MessageId, ParseMode};

use super::*;
use crate::app::{Bench, BenchOp, BenchShown, NAME_MAX, SetupsChanged};
use crate::storage::SetupPrompt;
use crate::telegram::setup_bench::{bench_keyboard, bench_text, setups_list};

/// `/setups`, `/setups save NAME [CODE]`, `/setups rename OLD NEW`.
pub(super) async fn setups(ui: &Ui, user: &UserRecord, lang: Lang, arg: &str) {
    let changed = if let Some(rest) = arg.strip_prefix("save") {
        ui.app.save_setup_typed(user.id, rest.trim()).await
    } else if let Some(rest) = arg.strip_prefix("rename") {
        ui.app.rename_setup_typed(user.id, rest.trim()).await
    } else {
        return send_setups_list(ui, user.id, lang).await;
    };
    match changed {
        Ok(c) => tell_change(ui, user.id, &c, lang),
        Err(e) => reply_error(ui, user.id, &e, lang).await,
    }
}

/// Sends the list of saved setups and remembers it as the one to redraw.
pub(super) async fn send_setups_list(ui: &Ui, chat: i64, lang: Lang) {
    match ui.app.saved_setups(chat).await {
        Ok(all) => {
            let (text, kb) = setups_list(&all, lang);
            let sent = ui.send(chat, text, Some(kb));
            let ui = ui.clone();
            tokio::spawn(async move {
                if let Some(id) = sent.await
                    && let Err(e) = ui.app.setups_list_shown(chat, i64::from(id.0)).await
                {
                    tracing::warn!(chat, error = %e, "cannot remember the setups list");
                }
            });
        }
        Err(e) => reply_error(ui, chat, &e, lang).await,
    }
}

/// Says what was saved or renamed and redraws the newest list in place.
fn tell_change(ui: &Ui, chat: i64, c: &SetupsChanged, lang: Lang) {
    if let Some(s) = &c.setup {
        let text = match &c.old_name {
            Some(old) => tr_args(lang, "setups-renamed", &[("old", esc(old).into()), ("new", esc(&s.name).into())]),
            None => tr_args(lang, "setups-saved", &[("name", esc(&s.name).into())]),
        };
        let _ = ui.send(chat, text, None);
    }
    redraw_list(ui, chat, c, None, lang);
}

/// Redraws the chat's newest list message with `c.all`, and `pressed` (a
/// list a button was pressed on) if it is another one.
pub(super) fn redraw_list(ui: &Ui, chat: i64, c: &SetupsChanged, pressed: Option<MessageId>, lang: Lang) {
    let newest = c.list_message.and_then(|id| i32::try_from(id).ok()).map(MessageId);
    let mut targets: Vec<MessageId> = newest.into_iter().collect();
    targets.extend(pressed.filter(|p| Some(*p) != newest));
    for id in targets {
        let (text, kb) = setups_list(&c.all, lang);
        let _ = ui.edit(chat, id, text, Some(kb));
    }
}

/// Sends a new workbench message on `bench`.
pub(super) fn send_bench(ui: &Ui, chat: i64, bench: &Bench, lang: Lang) {
    send_shown_bench(ui, chat, &BenchShown { bench: *bench, saved: None }, lang);
}

/// Sends a new workbench message on a saved setup (or none).
pub(super) fn send_shown_bench(ui: &Ui, chat: i64, shown: &BenchShown, lang: Lang) {
    let name = shown.saved.as_ref().map(|s| s.name.as_str());
    let _ = ui.send(chat, bench_text(&shown.bench, name, lang), Some(bench_keyboard(&shown.bench, lang)));
}

/// A press on the workbench: Save asks for a name; every other control
/// redraws the workbench in place (`msg`) or anew.
pub(super) async fn press_bench(
    ui: &Ui,
    uid: i64,
    msg: Option<(i64, MessageId)>,
    bench: Bench,
    op: BenchOp,
    lang: Lang,
) -> Result<(), UserError> {
    if op == BenchOp::Save {
        let prompt = SetupPrompt::Save { rule_set: bench.setup.rules().as_str().into(), code: bench.setup.to_code() };
        ask_name(ui, uid, prompt, tr_args(lang, "setups-ask-name", &[("max", NAME_MAX.into())]), lang);
        return Ok(());
    }
    let shown = ui.app.press_bench(uid, bench, op).await?;
    let name = shown.saved.as_ref().map(|s| s.name.as_str());
    let (text, kb) = (bench_text(&shown.bench, name, lang), bench_keyboard(&shown.bench, lang));
    match msg {
        Some((chat, id)) => {
            let _ = ui.edit(chat, id, text, Some(kb));
        }
        None => {
            let _ = ui.send(uid, text, Some(kb));
        }
    }
    Ok(())
}

/// Rename on the list or the workbench: asks for the new name.
pub(super) async fn ask_rename(ui: &Ui, uid: i64, setup_id: i64, lang: Lang) -> Result<(), UserError> {
    let s = ui.app.setup_to_rename(uid, setup_id).await?;
    let text = tr_args(lang, "setups-ask-rename", &[("name", esc(&s.name).into()), ("max", NAME_MAX.into())]);
    ask_name(ui, uid, SetupPrompt::Rename { setup_id }, text, lang);
    Ok(())
}

/// Sends `text` asking for a name (the reply field opens by itself) and
/// records the question once the message is sent.
fn ask_name(ui: &Ui, chat: i64, prompt: SetupPrompt, text: String, lang: Lang) {
    let placeholder = tr(lang, "setups-name-placeholder");
    *ui.naming.lock().expect("naming lock").entry(chat).or_default() += 1;
    ui.queue(chat, move |ui| async move {
        let send = || {
            let field = ForceReply::new().input_field_placeholder(Some(placeholder.clone()));
            ui.bot
                .send_message(ChatId(chat), text.clone())
                .parse_mode(ParseMode::Html)
                .reply_markup(field)
                .into_future()
        };
        match ui.call(chat, send).await {
            Ok(m) => {
                if let Err(e) = ui.app.setup_name_asked(chat, i64::from(m.id.0), chat, &prompt).await {
                    tracing::warn!(chat, error = %e, "cannot record a setup question");
                }
            }
            Err(e) => tracing::warn!(chat, error = %e, "cannot ask for a setup name"),
        }
        let mut naming = ui.naming.lock().expect("naming lock");
        if let Some(n) = naming.get_mut(&chat) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                naming.remove(&chat);
            }
        }
    });
}

/// Waits (at most [`NAMING_WAIT`]) until no setup-name question of `chat`
/// is still being sent and recorded; whether one was.
async fn wait_for_naming(ui: &Ui, chat: i64) -> bool {
    let busy = || ui.naming.lock().expect("naming lock").contains_key(&chat);
    if !busy() {
        return false;
    }
    let until = tokio::time::Instant::now() + NAMING_WAIT;
    while busy() && tokio::time::Instant::now() < until {
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    true
}

/// How long a reply waits for its question to be recorded: the question's
/// send is paced (about a second per chat) and the record follows it. The
/// wait happens only while a question of the chat is in flight, so a
/// generous bound costs nothing otherwise; 5 s proved too short on a
/// loaded machine.
const NAMING_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A typed reply to bot message `asked`: if it asked for a setup's name,
/// saves or renames (a bad name gets a polite answer and changes nothing).
/// `false` if it asked nothing, so the text is read as a move.
pub(super) async fn setup_name_reply(ui: &Ui, user: &UserRecord, lang: Lang, asked: i64, text: &str) -> bool {
    let mut answer = ui.app.answer_setup_prompt(user.id, asked, user.id, text).await;
    // A quick reply may reach us before its question is recorded (the
    // record follows Telegram's answer to the send): wait for it once.
    if matches!(answer, Ok(None)) && wait_for_naming(ui, user.id).await {
        answer = ui.app.answer_setup_prompt(user.id, asked, user.id, text).await;
        if matches!(answer, Ok(None)) {
            tracing::warn!(chat = user.id, asked, "a reply waited for a setup question that was never recorded");
        }
    }
    match answer {
        Ok(None) => false,
        Ok(Some(c)) => {
            tell_change(ui, user.id, &c, lang);
            true
        }
        Err(e) => {
            reply_error(ui, user.id, &e, lang).await;
            true
        }
    }
}
