//! The lists a player asks for: `/games` and `/history` (with its replay
//! frames); `/setups` is in `setups`.

use super::*;

pub(super) async fn games(ui: &Ui, user: &UserRecord, lang: Lang) {
    let list = match ui.app.games(user.id, 15).await {
        Ok(l) => l,
        Err(e) => return reply_error(ui, user.id, &e, lang).await,
    };
    if list.is_empty() {
        let _ = ui.send(user.id, tr(lang, "games-none"), None);
        return;
    }
    let mut lines = vec![tr(lang, "games-header")];
    let mut rows = vec![];
    for g in &list {
        let opponent = match (g.ai, g.opponent) {
            (Some(level), _) => ai_name(level, lang),
            (None, Some(id)) => ui.app.first_name(id).await,
            (None, None) => "—".into(),
        };
        let status = match g.status {
            GameStatus::Waiting => tr(lang, "status-waiting"),
            GameStatus::Setup => tr(lang, "status-setup"),
            GameStatus::Play => {
                let mut st = tr(lang, if g.your_turn { "status-your-move" } else { "status-their-move" });
                if let Some(d) = g.deadline {
                    st.push_str(&format!(
                        " · ⏳ {}",
                        crate::telegram::render::time_left_text(d - crate::storage::now(), lang)
                    ));
                }
                st
            }
            GameStatus::Finished => result_text(g.result.as_deref(), g.side.as_str(), lang),
            GameStatus::Cancelled if g.result.as_deref() == Some("aborted") => tr(lang, "status-aborted"),
            GameStatus::Cancelled => tr(lang, "status-cancelled"),
        };
        lines.push(tr_args(
            lang,
            "games-line",
            &[
                ("id", g.id.into()),
                ("rules", tr(lang, &format!("rules-{}", g.rule_set.as_str())).into()),
                ("opponent", esc(&opponent).into()),
                ("status", status.into()),
            ],
        ));
        if matches!(g.status, GameStatus::Setup | GameStatus::Play | GameStatus::Finished) {
            rows.push(vec![InlineKeyboardButton::callback(
                tr_args(lang, "btn-show-game", &[("id", g.id.into())]),
                Callback::Resend { game: g.id }.encode(),
            )]);
        }
    }
    let _ = ui.send(user.id, lines.join("\n"), Some(InlineKeyboardMarkup::new(rows)));
}

/// "won", "lost" or "draw" for the player on `side` of a finished game
/// whose stored result is `result` (it starts with "draw" or the winner's
/// side).
fn result_text(result: Option<&str>, side: &str, lang: Lang) -> String {
    let r = result.unwrap_or("");
    if r.starts_with("draw") {
        tr(lang, "result-draw")
    } else if r.starts_with(side) {
        tr(lang, "result-won")
    } else {
        tr(lang, "result-lost")
    }
}

pub(super) async fn history(ui: &Ui, user: &UserRecord, lang: Lang) {
    let list = match ui.app.history(user.id, 10).await {
        Ok(l) => l,
        Err(e) => return reply_error(ui, user.id, &e, lang).await,
    };
    if list.is_empty() {
        let _ = ui.send(user.id, tr(lang, "history-none"), None);
        return;
    }
    let mut lines = vec![tr(lang, "history-header")];
    let mut rows = vec![];
    for g in &list {
        let res = result_text(g.result.as_deref(), g.side.as_str(), lang);
        lines.push(format!(
            "{} · {} · {} · {}",
            tr_args(lang, "game-number", &[("id", g.id.into())]),
            tr(lang, &format!("rules-{}", g.rule_set.as_str())),
            res,
            tr_args(lang, "moves-count", &[("n", g.plies.into())])
        ));
        rows.push(vec![
            InlineKeyboardButton::callback(
                format!("▶ {}", tr_args(lang, "game-number", &[("id", g.id.into())])),
                Callback::Replay { game: g.id, ply: 0 }.encode(),
            ),
            InlineKeyboardButton::callback(tr(lang, "btn-export"), Callback::Export { game: g.id }.encode()),
            InlineKeyboardButton::callback(tr(lang, "btn-picture"), Callback::Picture { game: g.id }.encode()),
        ]);
    }
    let _ = ui.send(user.id, lines.join("\n"), Some(InlineKeyboardMarkup::new(rows)));
}

/// The text and buttons of a replay frame: a Stratego frame as a text
/// grid, a Jungle frame as its inert 7×9 board of buttons.
pub(super) fn replay_message(frame: &crate::app::ReplayFrame, game: i64, lang: Lang) -> (String, InlineKeyboardMarkup) {
    let mut t =
        tr_args(lang, "replay-title", &[("id", game.into()), ("ply", frame.ply.into()), ("total", frame.total.into())]);
    let opponent = crate::telegram::shared::who_name(&frame.opponent, lang);
    let mut rows = vec![];
    match &frame.view {
        crate::app::FrameView::Stratego(v) => {
            t.push_str(&format!("\n<pre>{}</pre>", crate::telegram::render::grid(v, lang)));
            if frame.ply > 0
                && let Some(last) = v.history().last()
            {
                t.push_str(&format!("\n{}", crate::telegram::render::describe_ply(v, last, lang, &opponent)));
            }
        }
        crate::app::FrameView::Jungle(v) => {
            let (text, board) = crate::telegram::jungle_board::replay_board(v, &opponent, lang);
            t.push_str(&text);
            rows = board;
        }
    }
    let to = |ply: usize| Callback::Replay { game, ply: u32::try_from(ply).unwrap_or(u32::MAX) }.encode();
    let from = u32::try_from(frame.ply).unwrap_or(u32::MAX);
    let step = |forward: bool| Callback::ReplayStep { game, from, forward }.encode();
    rows.push(vec![
        InlineKeyboardButton::callback("⏮", to(0)),
        InlineKeyboardButton::callback("◀", step(false)),
        InlineKeyboardButton::callback("▶", step(true)),
        InlineKeyboardButton::callback("⏭", to(frame.total)),
    ]);
    (t, InlineKeyboardMarkup::new(rows))
}
