//! Update handlers: parse, call one use case, render the answer.

use engine::RuleSetId;
use teloxide::dispatching::UpdateHandler;
use teloxide::prelude::*;
use teloxide::types::{ChatMemberUpdated, InlineKeyboardButton, InlineKeyboardMarkup, User};

use super::callback::{AI_LEVELS, Callback};
use super::deliver::ai_name;
use super::deliver::{Force, Ui};
use super::render::{days_text, esc};
use super::{DAYS_CHOICES, texts};
use crate::app::{Action, Done, NewGameChoice, SetupAction, TapResult, UserError};
use crate::i18n::{Lang, tr, tr_args};
use crate::storage::{GameStatus, UserRecord};

type HandlerResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

/// The handler tree: private messages, button presses, and membership changes.
#[must_use]
pub fn schema() -> UpdateHandler<Box<dyn std::error::Error + Send + Sync + 'static>> {
    dptree::entry()
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

/// Delivers the boards and notices a use case produced (and lets the AI answer).
async fn deliver(ui: &Ui, done: &Done, force: Force) {
    ui.after(done, force).await;
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
    let _ = ui.app.store().set_started(user.id).await;
    let Some(text) = msg.text() else {
        ui.send(chat, tr(lang, "short-help"), None).await;
        return Ok(());
    };
    let text = text.trim();
    if let Some(cmd) = text.strip_prefix('/') {
        let (name, arg) = cmd.split_once(char::is_whitespace).unwrap_or((cmd, ""));
        let name = name.split('@').next().unwrap_or(name).to_lowercase();
        command(&ui, &user, lang, &name, arg.trim()).await;
    } else {
        typed_move(&ui, &user, lang, text).await;
    }
    Ok(())
}

async fn reply_error(ui: &Ui, chat: i64, e: &UserError, lang: Lang) {
    ui.send(chat, texts::error(e, lang), None).await;
}

async fn command(ui: &Ui, user: &UserRecord, lang: Lang, name: &str, arg: &str) {
    let chat = user.id;
    match name {
        "start" if arg.starts_with("ch_") => match arg[3..].parse::<i64>() {
            Ok(id) => match ui.app.arrive_challenge(id, user.id, user.username.as_deref(), &user.first_name).await {
                Ok(game) => {
                    ui.send(chat, tr_args(lang, "joined", &[("id", game.into())]), None).await;
                    ui.after(&Done { game_id: Some(game), notices: vec![] }, Force::default()).await;
                }
                Err(e) => reply_error(ui, chat, &e, lang).await,
            },
            Err(_) => reply_error(ui, chat, &UserError::InvitationNotFound, lang).await,
        },
        "start" if arg.starts_with("w_") => match arg[2..].parse::<i64>() {
            Ok(game) => watch(ui, user.id, game, lang).await,
            Err(_) => reply_error(ui, chat, &UserError::NoSuchGame, lang).await,
        },
        "start" if !arg.is_empty() => join(ui, user, lang, arg).await,
        "start" => {
            ui.send(chat, tr_args(lang, "welcome", &[("name", esc(&user.first_name).into())]), None).await;
            // Boards that waited for this user to open the chat (a challenge accepted meanwhile).
            for g in ui.app.store().games_of_user(user.id, 50).await.unwrap_or_default() {
                if matches!(g.status, GameStatus::Setup | GameStatus::Play) {
                    ui.sync_game(g.id, Force::default()).await;
                }
            }
        }
        "help" => {
            ui.send(chat, tr(lang, "help"), None).await;
        }
        "rules" => {
            let rules = arg.parse().unwrap_or(RuleSetId::Battle);
            ui.send(chat, rules_text(rules, lang), None).await;
        }
        "lang" => {
            let kb = InlineKeyboardMarkup::new(vec![
                Lang::ALL
                    .iter()
                    .map(|l| InlineKeyboardButton::callback(tr(*l, "lang-name"), Callback::Lang(*l).encode()))
                    .collect::<Vec<_>>(),
            ]);
            ui.send(chat, tr(lang, "lang-choose"), Some(kb)).await;
        }
        "new" if arg.is_empty() => {
            let rows = RuleSetId::ALL
                .iter()
                .map(|r| {
                    vec![InlineKeyboardButton::callback(
                        tr(lang, &format!("rules-{}", r.as_str())),
                        Callback::NewRules(*r).encode(),
                    )]
                })
                .collect::<Vec<_>>();
            ui.send(chat, tr(lang, "new-choose-rules"), Some(InlineKeyboardMarkup::new(rows))).await;
        }
        "new" => match arg.parse::<RuleSetId>() {
            Ok(rules) => {
                if let Some((text, kb)) = invitation(ui, user.id, lang, rules, 0).await {
                    ui.send(chat, text, Some(kb)).await;
                }
            }
            Err(_) => {
                ui.send(chat, tr_args(lang, "err-unknown-rules", &[("name", esc(arg).into())]), None).await;
            }
        },
        "games" => games(ui, user, lang).await,
        "history" => history(ui, user, lang).await,
        "vacation" => {
            let days = if arg.is_empty() { Some(0) } else { arg.parse::<i64>().ok() };
            let Some(days) = days else {
                ui.send(chat, tr(lang, "vacation-usage"), None).await;
                return;
            };
            match ui.app.vacation(user.id, days, crate::storage::now()).await {
                Ok(v) if days == 0 => {
                    let mut t = tr_args(lang, "vacation-status", &[("n", v.days_left.into())]);
                    if let Some(u) = v.until {
                        t.push('\n');
                        t.push_str(&tr_args(lang, "vacation-running", &[("date", texts::fmt_date(u).into())]));
                    }
                    ui.send(chat, t, None).await;
                }
                Ok(v) => {
                    let until = v.until.map(texts::fmt_date).unwrap_or_default();
                    ui.send(
                        chat,
                        tr_args(lang, "vacation-started", &[("date", until.into()), ("n", v.days_left.into())]),
                        None,
                    )
                    .await;
                    for g in ui.app.store().games_of_user(user.id, 200).await.unwrap_or_default() {
                        if matches!(g.status, GameStatus::Setup | GameStatus::Play) {
                            ui.sync_game(g.id, Force::default()).await;
                        }
                    }
                }
                Err(e) => reply_error(ui, chat, &e, lang).await,
            }
        }
        "settings" => {
            let (text, kb) = settings_message(user, lang);
            ui.send(chat, text, Some(kb)).await;
        }
        "stats" => {
            let rows = ui.app.stats(user.id).await.unwrap_or_default();
            let mut lines = vec![tr(lang, "stats-header")];
            if rows.is_empty() {
                lines.push(tr(lang, "stats-none"));
            }
            for r in rows {
                lines.push(tr_args(
                    lang,
                    "stats-line",
                    &[
                        ("family", tr(lang, &format!("family-{}", r.family)).into()),
                        ("rating", (r.rating.round() as i64).into()),
                        ("rd", (r.deviation.round() as i64).into()),
                        ("games", r.games.into()),
                        ("wins", r.wins.into()),
                        ("draws", r.draws.into()),
                        ("losses", r.losses.into()),
                    ],
                ));
            }
            ui.send(chat, lines.join("\n"), None).await;
        }
        "ai" => {
            let mut words = arg.split_whitespace();
            let level = words.next().map(str::parse::<ai::Level>);
            let rules = words.next().map(str::parse::<RuleSetId>);
            match (level, rules) {
                (None, _) => {
                    let row = AI_LEVELS
                        .iter()
                        .map(|l| {
                            InlineKeyboardButton::callback(
                                tr(lang, &format!("ai-level-{l}")),
                                Callback::AiLevel(*l).encode(),
                            )
                        })
                        .collect::<Vec<_>>();
                    ui.send(chat, tr(lang, "ai-choose-level"), Some(InlineKeyboardMarkup::new(vec![row]))).await;
                }
                (_, Some(Err(_))) => {
                    ui.send(chat, tr_args(lang, "err-unknown-rules", &[("name", esc(arg).into())]), None).await;
                }
                (Some(Ok(level)), rules) if AI_LEVELS.contains(&level) => {
                    let rules = rules.and_then(Result::ok).unwrap_or(RuleSetId::Battle);
                    start_ai(ui, user.id, lang, level, rules).await;
                }
                _ => {
                    ui.send(chat, tr(lang, "ai-usage"), None).await;
                }
            }
        }
        "setup" => {
            if arg.is_empty() {
                ui.send(chat, tr(lang, "setup-usage"), None).await;
                return;
            }
            match current_setup_game(ui, user).await {
                Some(game) => match ui.app.setup_action(user.id, game, None, SetupAction::Code(arg.to_owned())).await {
                    Ok(done) => {
                        ui.send(chat, tr_args(lang, "setup-loaded", &[("id", game.into())]), None).await;
                        deliver(ui, &done, Force { fresh_for: Some(user.id), redraw_for: None }).await;
                    }
                    Err(e) => reply_error(ui, chat, &e, lang).await,
                },
                None => reply_error(ui, chat, &UserError::NoActiveGame, lang).await,
            }
        }
        "setups" => setups(ui, user, lang, arg).await,
        "cancel" => {
            let waiting: Vec<i64> = ui
                .app
                .store()
                .games_of_user(user.id, 50)
                .await
                .unwrap_or_default()
                .into_iter()
                .filter(|g| g.status == GameStatus::Waiting)
                .map(|g| g.id)
                .collect();
            if waiting.is_empty() {
                ui.send(chat, tr(lang, "cancel-nothing"), None).await;
            }
            for id in waiting {
                match ui.app.cancel_invitation(user.id, id).await {
                    Ok(done) => ui.notify(&done.notices).await,
                    Err(e) => reply_error(ui, chat, &e, lang).await,
                }
            }
        }
        _ => {
            ui.send(chat, tr(lang, "unknown-command"), None).await;
        }
    }
}

async fn start_ai(ui: &Ui, user_id: i64, lang: Lang, level: ai::Level, rules: RuleSetId) {
    match ui.app.new_ai_game(user_id, level, rules).await {
        Ok(game) => {
            ui.send(
                user_id,
                tr_args(lang, "ai-started", &[("id", game.into()), ("name", ai_name(level, lang).into())]),
                None,
            )
            .await;
            ui.sync_game(game, Force::default()).await;
        }
        Err(e) => reply_error(ui, user_id, &e, lang).await,
    }
}

/// Starts a spectator board of `game` in the user's private chat.
async fn watch(ui: &Ui, user_id: i64, game: i64, lang: Lang) {
    match ui.app.store().load_game(game).await {
        Ok(Some(rec)) if rec.players.iter().any(|p| p.user_id == user_id) => {
            reply_error(ui, user_id, &UserError::WrongPhase, lang).await;
        }
        Ok(Some(rec)) => {
            let _ = ui.app.store().add_spectator(game, user_id).await;
            ui.send(user_id, tr_args(lang, "watching", &[("id", game.into())]), None).await;
            if matches!(rec.status, GameStatus::Play | GameStatus::Finished) {
                super::cards::sync_spectators(ui, &rec).await;
            }
        }
        _ => reply_error(ui, user_id, &UserError::NoSuchGame, lang).await,
    }
}

/// Commands in a group: `/challenge` posts a card; `/games` lists the group's games.
async fn on_group_message(ui: &Ui, msg: &Message) -> HandlerResult {
    let (Some(from), Some(text)) = (msg.from.as_ref(), msg.text()) else { return Ok(()) };
    let Some(cmd) = text.trim().strip_prefix('/') else { return Ok(()) };
    let mut words = cmd.split_whitespace();
    let name = words.next().unwrap_or("").split('@').next().unwrap_or("").to_lowercase();
    let args: Vec<&str> = words.collect();
    let chat = msg.chat.id.0;
    let Ok(user) = touch(ui, from).await else { return Ok(()) };
    let lang = lang_of(&user);
    match name.as_str() {
        "challenge" => {
            let target_username = args
                .iter()
                .find_map(|w| w.strip_prefix('@'))
                .map(|u| u.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_').to_owned());
            let target_user_id =
                msg.reply_to_message().and_then(|m| m.from.as_ref()).filter(|u| !u.is_bot).map(|u| u.id.0 as i64);
            let plain: Vec<&str> = args.iter().copied().filter(|w| !w.starts_with('@')).collect();
            let (rules, days) = super::cards::parse_challenge_args(&plain);
            let time = days_text((days > 0).then_some(i64::from(days)), lang);
            let rules_name = tr(lang, &format!("rules-{}", rules.as_str()));
            let whom = target_username
                .clone()
                .map(|u| format!("@{u}"))
                .or_else(|| msg.reply_to_message().and_then(|m| m.from.as_ref()).map(|u| u.first_name.clone()));
            let text = match &whom {
                Some(w) => tr_args(
                    lang,
                    "card-open-named",
                    &[
                        ("name", esc(&user.first_name).into()),
                        ("whom", esc(w).into()),
                        ("rules", rules_name.into()),
                        ("time", time.into()),
                    ],
                ),
                None => tr_args(
                    lang,
                    "card-open",
                    &[("name", esc(&user.first_name).into()), ("rules", rules_name.into()), ("time", time.into())],
                ),
            };
            let kb = super::cards::accept_keyboard(user.id, rules, days, lang);
            if let Some(id) = ui.send(chat, text.clone(), Some(kb)).await {
                let card = crate::storage::Challenge {
                    chat_id: Some(chat),
                    message_id: Some(i64::from(id.0)),
                    target_user_id,
                    target_username,
                    card_text: Some(text),
                    ..crate::storage::Challenge::open_card(
                        format!("chat:{chat}:{}", id.0),
                        user.id,
                        rules.as_str(),
                        (days > 0).then_some(i64::from(days)),
                        lang.code(),
                    )
                };
                if let Err(e) = ui.app.store().challenge_for_card(&card).await {
                    tracing::error!(error = %e, "cannot record the challenge");
                }
            }
        }
        "games" => {
            let text = super::cards::group_games(ui, chat, lang).await;
            ui.send(chat, text, None).await;
        }
        _ => {}
    }
    Ok(())
}

fn rules_text(rules: RuleSetId, lang: Lang) -> String {
    let mut t = tr(lang, "rules-text");
    if rules != RuleSetId::Battle {
        t.push_str("\n\n");
        t.push_str(&tr(lang, &format!("rules-note-{}", rules.as_str())));
    }
    t
}

/// The game a typed setup command applies to: the last one touched if it is
/// in setup, else the user's only game in setup.
async fn current_setup_game(ui: &Ui, user: &UserRecord) -> Option<i64> {
    let games = ui.app.store().games_of_user(user.id, 50).await.ok()?;
    let in_setup: Vec<i64> = games.iter().filter(|g| g.status == GameStatus::Setup).map(|g| g.id).collect();
    let last = ui.app.store().get_user(user.id).await.ok().flatten().and_then(|u| u.last_game_id);
    match last {
        Some(id) if in_setup.contains(&id) => Some(id),
        _ if in_setup.len() == 1 => Some(in_setup[0]),
        _ => None,
    }
}

async fn join(ui: &Ui, user: &UserRecord, lang: Lang, code: &str) {
    let valid = code.len() <= 64 && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !valid {
        reply_error(ui, user.id, &UserError::InvitationNotFound, lang).await;
        return;
    }
    match ui.app.join(user.id, &user.first_name, code).await {
        Ok(j) => {
            ui.send(user.id, tr_args(lang, "joined", &[("id", j.game_id.into())]), None).await;
            let already = j.done.notices.is_empty();
            let force = if already { Force { fresh_for: Some(user.id), redraw_for: None } } else { Force::default() };
            deliver(ui, &j.done, force).await;
        }
        Err(e) => reply_error(ui, user.id, &e, lang).await,
    }
}

/// Creates an invitation and returns its message: the deep link, a share
/// button and a cancel button.
async fn invitation(
    ui: &Ui,
    user_id: i64,
    lang: Lang,
    rules: RuleSetId,
    days: u8,
) -> Option<(String, InlineKeyboardMarkup)> {
    let days_per_move = (days > 0).then_some(i64::from(days));
    match ui.app.new_game(user_id, NewGameChoice { rules, days_per_move }).await {
        Ok((game_id, code)) => {
            let link = format!("https://t.me/{}?start={code}", ui.username);
            let share_text = tr(lang, "invite-share-text");
            let share: String = url::form_urlencoded::Serializer::new(String::new())
                .append_pair("url", &link)
                .append_pair("text", &share_text)
                .finish();
            let mut rows = vec![];
            if let Ok(u) = format!("https://t.me/share/url?{share}").parse() {
                rows.push(vec![InlineKeyboardButton::url(tr(lang, "btn-share"), u)]);
            }
            rows.push(vec![InlineKeyboardButton::callback(
                tr(lang, "btn-cancel-invite"),
                Callback::CancelInvite { game: game_id }.encode(),
            )]);
            let text = tr_args(
                lang,
                "invitation",
                &[
                    ("id", game_id.into()),
                    ("rules", tr(lang, &format!("rules-{}", rules.as_str())).into()),
                    ("time", days_text(days_per_move, lang).into()),
                    ("link", link.into()),
                ],
            );
            Some((text, InlineKeyboardMarkup::new(rows)))
        }
        Err(e) => {
            reply_error(ui, user_id, &e, lang).await;
            None
        }
    }
}

async fn games(ui: &Ui, user: &UserRecord, lang: Lang) {
    let list = match ui.app.games(user.id, 15).await {
        Ok(l) => l,
        Err(e) => return reply_error(ui, user.id, &e, lang).await,
    };
    if list.is_empty() {
        ui.send(user.id, tr(lang, "games-none"), None).await;
        return;
    }
    let mut lines = vec![tr(lang, "games-header")];
    let mut rows = vec![];
    for g in &list {
        let opponent = match (g.ai, g.opponent) {
            (Some(level), _) => ai_name(level, lang),
            (None, Some(id)) => {
                ui.app.store().get_user(id).await.ok().flatten().map(|u| u.first_name).unwrap_or_default()
            }
            (None, None) => "—".into(),
        };
        let status = match g.status {
            GameStatus::Waiting => tr(lang, "status-waiting"),
            GameStatus::Setup => tr(lang, "status-setup"),
            GameStatus::Play => {
                let mut st = tr(lang, if g.your_turn { "status-your-move" } else { "status-their-move" });
                if let Some(d) = g.deadline {
                    st.push_str(&format!(" · ⏳ {}", super::render::time_left_text(d - crate::storage::now(), lang)));
                }
                st
            }
            GameStatus::Finished => {
                let r = g.result.as_deref().unwrap_or("");
                if r.starts_with("draw") {
                    tr(lang, "result-draw")
                } else if r.starts_with(g.side.as_str()) {
                    tr(lang, "result-won")
                } else {
                    tr(lang, "result-lost")
                }
            }
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
    ui.send(user.id, lines.join("\n"), Some(InlineKeyboardMarkup::new(rows))).await;
}

fn settings_message(user: &UserRecord, lang: Lang) -> (String, InlineKeyboardMarkup) {
    let onoff = |b: bool| tr(lang, if b { "on" } else { "off" });
    let text = tr_args(
        lang,
        "settings",
        &[("human", onoff(user.confirm_human).into()), ("ai", onoff(user.confirm_ai).into())],
    );
    let kb = InlineKeyboardMarkup::new(vec![
        vec![InlineKeyboardButton::callback(
            tr(lang, "btn-toggle-confirm-human"),
            Callback::ToggleConfirm(false).encode(),
        )],
        vec![InlineKeyboardButton::callback(tr(lang, "btn-toggle-confirm-ai"), Callback::ToggleConfirm(true).encode())],
    ]);
    (text, kb)
}

async fn history(ui: &Ui, user: &UserRecord, lang: Lang) {
    let list = match ui.app.history(user.id, 10).await {
        Ok(l) => l,
        Err(e) => return reply_error(ui, user.id, &e, lang).await,
    };
    if list.is_empty() {
        ui.send(user.id, tr(lang, "history-none"), None).await;
        return;
    }
    let mut lines = vec![tr(lang, "history-header")];
    let mut rows = vec![];
    for g in &list {
        let r = g.result.as_deref().unwrap_or("");
        let res = if r.starts_with("draw") {
            tr(lang, "result-draw")
        } else if r.starts_with(g.side.as_str()) {
            tr(lang, "result-won")
        } else {
            tr(lang, "result-lost")
        };
        lines.push(format!(
            "#{} · {} · {} · {}",
            g.id,
            tr(lang, &format!("rules-{}", g.rule_set.as_str())),
            res,
            tr_args(lang, "moves-count", &[("n", g.plies.into())])
        ));
        rows.push(vec![
            InlineKeyboardButton::callback(format!("▶ #{}", g.id), Callback::Replay { game: g.id, ply: 0 }.encode()),
            InlineKeyboardButton::callback(tr(lang, "btn-export"), Callback::Export { game: g.id }.encode()),
            InlineKeyboardButton::callback(tr(lang, "btn-picture"), Callback::Picture { game: g.id }.encode()),
        ]);
    }
    ui.send(user.id, lines.join("\n"), Some(InlineKeyboardMarkup::new(rows))).await;
}

/// The text and buttons of a replay frame.
fn replay_message(frame: &crate::app::ReplayFrame, game: i64, lang: Lang) -> (String, InlineKeyboardMarkup) {
    let v = &frame.view;
    let mut t =
        tr_args(lang, "replay-title", &[("id", game.into()), ("ply", frame.ply.into()), ("total", frame.total.into())]);
    t.push_str(&format!("\n<pre>{}</pre>", super::render::grid(v, lang)));
    if frame.ply > 0
        && let Some(last) = v.history().last()
    {
        let who = if last.player == v.me() { tr(lang, "you") } else { tr(lang, "opponent") };
        t.push_str(&format!("\n{}", super::render::describe_ply(v, last, lang, &who)));
    }
    let to = |ply: usize| Callback::Replay { game, ply: u32::try_from(ply).unwrap_or(u32::MAX) }.encode();
    let kb = InlineKeyboardMarkup::new(vec![vec![
        InlineKeyboardButton::callback("⏮", to(0)),
        InlineKeyboardButton::callback("◀", to(frame.ply.saturating_sub(1))),
        InlineKeyboardButton::callback("▶", to(frame.ply + 1)),
        InlineKeyboardButton::callback("⏭", to(frame.total)),
    ]]);
    (t, kb)
}

async fn setups(ui: &Ui, user: &UserRecord, lang: Lang, arg: &str) {
    let store = ui.app.store();
    if let Some(name) = arg.strip_prefix("save").map(str::trim) {
        let name: String = name.chars().take(32).collect();
        if name.is_empty() || name.chars().any(char::is_control) {
            return reply_error(ui, user.id, &UserError::BadSetupName, lang).await;
        }
        let Some(game) = current_setup_game(ui, user).await else {
            return reply_error(ui, user.id, &UserError::NoActiveGame, lang).await;
        };
        let Ok(Some(rec)) = store.load_game(game).await else { return };
        let Some(p) = rec.players.iter().find(|p| p.user_id == user.id) else { return };
        let Some(code) = p.draft_setup.clone() else { return };
        match store.save_setup(user.id, &rec.rule_set, &name, &code).await {
            Ok(_) => {
                ui.send(user.id, tr_args(lang, "setups-saved", &[("name", esc(&name).into())]), None).await;
            }
            Err(e) => reply_error(ui, user.id, &e.into(), lang).await,
        }
        return;
    }
    let mut all = vec![];
    for r in RuleSetId::ALL {
        all.extend(store.list_setups(user.id, r.as_str()).await.unwrap_or_default());
    }
    if all.is_empty() {
        ui.send(user.id, tr(lang, "setups-none"), None).await;
        return;
    }
    let mut lines = vec![tr(lang, "setups-header")];
    let mut rows = vec![];
    for s in &all {
        lines.push(format!("• <b>{}</b> ({}): <code>{}</code>", esc(&s.name), esc(&s.rule_set), esc(&s.code)));
        rows.push(vec![
            InlineKeyboardButton::callback(
                tr_args(lang, "btn-load-setup", &[("name", s.name.clone().into())]),
                Callback::LoadSetup(s.id).encode(),
            ),
            InlineKeyboardButton::callback(tr(lang, "btn-delete-setup"), Callback::DeleteSetup(s.id).encode()),
        ]);
    }
    ui.send(user.id, lines.join("\n"), Some(InlineKeyboardMarkup::new(rows))).await;
}

async fn typed_move(ui: &Ui, user: &UserRecord, lang: Lang, text: &str) {
    let looks_like_move = text.len() <= 12
        && text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && text.chars().any(|c| c.is_ascii_digit());
    if !looks_like_move {
        ui.send(user.id, tr(lang, "short-help"), None).await;
        return;
    }
    match ui.app.typed_move(user.id, text).await {
        Ok((game_id, several, report, done)) => {
            let key = if several { "typed-ok-game" } else { "typed-ok" };
            let mut t = tr_args(lang, key, &[("id", game_id.into()), ("mv", report.mv.to_string().into())]);
            if report.combat.is_some() {
                t.push_str(&tr(lang, "typed-see-board"));
            }
            ui.send(user.id, t, None).await;
            deliver(ui, &done, Force::default()).await;
        }
        Err(e) => reply_error(ui, user.id, &e, lang).await,
    }
}

async fn on_callback(ui: Ui, q: CallbackQuery) -> HandlerResult {
    let answer = |text: Option<String>| {
        let mut req = ui.bot.answer_callback_query(q.id.clone());
        if let Some(t) = text {
            req = req.text(t.chars().take(200).collect::<String>());
        }
        async move {
            if let Err(e) = req.await {
                tracing::warn!(error = %e, "answerCallbackQuery failed");
            }
        }
    };
    let user = match touch(&ui, &q.from).await {
        Ok(u) => u,
        Err(_) => {
            answer(None).await;
            return Ok(());
        }
    };
    let lang = lang_of(&user);
    let Ok(cb) = Callback::parse(q.data.as_deref().unwrap_or("")) else {
        answer(Some(tr(lang, "err-bad-button"))).await;
        return Ok(());
    };
    let msg = q.message.as_ref().map(|m| (m.chat().id.0, m.id()));
    let uid = user.id;
    let result: Result<(Option<String>, Done, Force), UserError> = match cb {
        Callback::Noop => Ok((None, Done::default(), Force::default())),
        Callback::SetupTap { game, ver, sq } => {
            ui.app.setup_action(uid, game, Some(ver), SetupAction::Tap(sq)).await.map(|d| (None, d, Force::default()))
        }
        Callback::Setup { game, ver, button } => {
            ui.app.setup_action(uid, game, Some(ver), button.action()).await.map(|d| (None, d, Force::default()))
        }
        Callback::Tap { game, ver, sq } => ui.app.tap(uid, game, ver, sq).await.map(|(r, d)| {
            let toast = match r {
                TapResult::Moved(rep) => Some(rep.mv.to_string()),
                TapResult::Selected(_) | TapResult::Deselected | TapResult::Confirm(_) => None,
            };
            (toast, d, Force::default())
        }),
        Callback::Play { game, ver, action } => {
            ui.app.action(uid, game, Some(ver), action).await.map(|d| (None, d, Force::default()))
        }
        Callback::DrawAnswer { game, accept } => {
            let action = if accept { Action::AcceptDraw } else { Action::DeclineDraw };
            ui.app.action(uid, game, None, action).await.map(|d| (None, d, Force::default()))
        }
        Callback::Resend { game } => ui.app.game_of(uid, game).await.map(|_| {
            (None, Done { game_id: Some(game), notices: vec![] }, Force { fresh_for: Some(uid), redraw_for: None })
        }),
        Callback::NewRules(rules) => {
            answer(None).await;
            let rows: Vec<Vec<InlineKeyboardButton>> = DAYS_CHOICES
                .chunks(4)
                .map(|c| {
                    c.iter()
                        .map(|d| {
                            let label = if *d == 0 { tr(lang, "days-unlimited") } else { d.to_string() };
                            InlineKeyboardButton::callback(label, Callback::NewGame(rules, *d).encode())
                        })
                        .collect()
                })
                .collect();
            if let Some((chat, id)) = msg {
                let text = tr_args(
                    lang,
                    "new-choose-days",
                    &[("rules", tr(lang, &format!("rules-{}", rules.as_str())).into())],
                );
                let _ = ui.edit(chat, id, text, Some(InlineKeyboardMarkup::new(rows))).await;
            }
            return Ok(());
        }
        Callback::Replay { game, ply } => match ui.app.replay(uid, game, ply as usize).await {
            Ok(frame) => {
                answer(None).await;
                let (text, kb) = replay_message(&frame, game, lang);
                match msg {
                    Some((chat, id)) if is_replay(&q) => {
                        let _ = ui.edit(chat, id, text, Some(kb)).await;
                    }
                    _ => {
                        ui.send(uid, text, Some(kb)).await;
                    }
                }
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::Accept { challenger, rules, days } => {
            let days_per_move = (days > 0).then_some(i64::from(days));
            let card = match (&q.inline_message_id, msg) {
                (Some(inline), _) => {
                    // An inline card speaks the challenger's language.
                    let challenger_lang = match ui.app.store().get_user(challenger).await {
                        Ok(Some(u)) => lang_of(&u),
                        _ => Lang::En,
                    };
                    crate::storage::Challenge {
                        inline_message_id: Some(inline.clone()),
                        ..crate::storage::Challenge::open_card(
                            format!("inline:{inline}"),
                            challenger,
                            rules.as_str(),
                            days_per_move,
                            challenger_lang.code(),
                        )
                    }
                }
                (None, Some((chat, id))) => crate::storage::Challenge {
                    chat_id: Some(chat),
                    message_id: Some(i64::from(id.0)),
                    ..crate::storage::Challenge::open_card(
                        format!("chat:{chat}:{}", id.0),
                        challenger,
                        rules.as_str(),
                        days_per_move,
                        lang.code(),
                    )
                },
                (None, None) => {
                    answer(Some(tr(lang, "err-bad-button"))).await;
                    return Ok(());
                }
            };
            match ui.app.accept_challenge(&card, uid, q.from.username.as_deref(), &q.from.first_name).await {
                Ok(crate::app::Accepted::NeedsStart(id)) => {
                    let url = super::cards::deep_link(&ui, &format!("ch_{id}"));
                    let mut req = ui.bot.answer_callback_query(q.id.clone());
                    if let Ok(u) = url.parse() {
                        req = req.url(u);
                    }
                    if let Err(e) = req.await {
                        tracing::warn!(error = %e, "answerCallbackQuery with url failed");
                    }
                    return Ok(());
                }
                Ok(crate::app::Accepted::Game(game)) => Ok((
                    Some(tr(lang, "toast-challenge-accepted")),
                    Done { game_id: Some(game), notices: vec![] },
                    Force::default(),
                )),
                Err(e) => Err(e),
            }
        }
        Callback::Watch { game } => {
            if ui.app.store().has_started(uid).await.unwrap_or(false) {
                answer(Some(tr(lang, "toast-watching"))).await;
                watch(&ui, uid, game, lang).await;
            } else {
                let url = super::cards::deep_link(&ui, &format!("w_{game}"));
                let mut req = ui.bot.answer_callback_query(q.id.clone());
                if let Ok(u) = url.parse() {
                    req = req.url(u);
                }
                let _ = req.await;
            }
            return Ok(());
        }
        Callback::Unwatch { game } => match ui.app.store().remove_spectator(game, uid).await {
            Ok(_) => {
                answer(Some(tr(lang, "toast-unwatched"))).await;
                if let Some((chat, id)) = msg {
                    let _ = ui.edit(chat, id, tr_args(lang, "unwatched", &[("id", game.into())]), None).await;
                }
                return Ok(());
            }
            Err(e) => Err(e.into()),
        },
        Callback::ToggleConfirm(ai) => {
            let (human, ai_on) =
                if ai { (user.confirm_human, !user.confirm_ai) } else { (!user.confirm_human, user.confirm_ai) };
            match ui.app.store().set_confirm(uid, human, ai_on).await {
                Ok(()) => {
                    answer(None).await;
                    let mut u = user.clone();
                    (u.confirm_human, u.confirm_ai) = (human, ai_on);
                    if let Some((chat, id)) = msg {
                        let (text, kb) = settings_message(&u, lang);
                        let _ = ui.edit(chat, id, text, Some(kb)).await;
                    }
                    return Ok(());
                }
                Err(e) => Err(e.into()),
            }
        }
        Callback::Export { game } => match ui.app.export_game(uid, game).await {
            Ok((name, text)) => {
                answer(None).await;
                let file = teloxide::types::InputFile::memory(text.into_bytes()).file_name(name);
                let _ = ui.call(uid, || ui.bot.send_document(ChatId(uid), file.clone()).into_future()).await;
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::Picture { game } => match ui.app.picture(uid, game).await {
            Ok(png) => {
                answer(None).await;
                let file = teloxide::types::InputFile::memory(png).file_name(format!("game-{game}.png"));
                let _ = ui.call(uid, || ui.bot.send_photo(ChatId(uid), file.clone()).into_future()).await;
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::Rematch { game } => match ui.app.rematch(uid, game).await {
            Ok((new_game, None)) => {
                answer(Some(tr(lang, "toast-rematch-ai"))).await;
                ui.sync_game(new_game, Force::default()).await;
                return Ok(());
            }
            Ok((_, Some(code))) => {
                let rec = ui.app.store().load_game(game).await.ok().flatten();
                let opponent = rec.and_then(|r| r.players.iter().find(|p| p.user_id != uid).map(|p| p.user_id));
                let notices = opponent
                    .map(|o| {
                        vec![crate::app::Addressed {
                            user_id: o,
                            notice: crate::app::Notice::RematchOffered { game_id: game, code },
                        }]
                    })
                    .unwrap_or_default();
                Ok((Some(tr(lang, "toast-rematch-offered")), Done { game_id: None, notices }, Force::default()))
            }
            Err(e) => Err(e),
        },
        Callback::Join(code) => {
            answer(None).await;
            join(&ui, &user, lang, &String::from_utf8_lossy(&code)).await;
            return Ok(());
        }
        Callback::AiLevel(level) => {
            answer(None).await;
            let rows: Vec<Vec<InlineKeyboardButton>> = RuleSetId::ALL
                .iter()
                .map(|r| {
                    vec![InlineKeyboardButton::callback(
                        tr(lang, &format!("rules-{}", r.as_str())),
                        Callback::AiGame(level, *r).encode(),
                    )]
                })
                .collect();
            if let Some((chat, id)) = msg {
                let _ = ui.edit(chat, id, tr(lang, "new-choose-rules"), Some(InlineKeyboardMarkup::new(rows))).await;
            }
            return Ok(());
        }
        Callback::AiGame(level, rules) => {
            answer(None).await;
            if let Some((chat, id)) = msg {
                let _ = ui.edit(chat, id, tr(lang, "ai-level-chosen"), None).await;
            }
            start_ai(&ui, uid, lang, level, rules).await;
            return Ok(());
        }
        Callback::NewGame(rules, days) => {
            answer(None).await;
            if let Some((text, kb)) = invitation(&ui, uid, lang, rules, days).await {
                match msg {
                    Some((chat, id)) => {
                        let _ = ui.edit(chat, id, text, Some(kb)).await;
                    }
                    None => {
                        ui.send(uid, text, Some(kb)).await;
                    }
                }
            }
            return Ok(());
        }
        Callback::CancelInvite { game } => {
            ui.app.cancel_invitation(uid, game).await.map(|d| {
                (Some(tr(lang, "toast-cancelled")), Done { game_id: None, notices: d.notices }, Force::default())
            })
        }
        Callback::Lang(l) => match ui.app.store().set_lang(uid, Some(l.code())).await {
            Ok(()) => {
                answer(Some(tr(l, "lang-set"))).await;
                if let Some((chat, id)) = msg {
                    let _ = ui.edit(chat, id, tr(l, "lang-set"), None).await;
                }
                return Ok(());
            }
            Err(e) => Err(e.into()),
        },
        Callback::LoadSetup(setup_id) => {
            match current_setup_game(&ui, &user).await {
                Some(game) => ui.app.setup_action(uid, game, None, SetupAction::Saved(setup_id)).await.map(|d| {
                    (Some(tr(lang, "toast-setup-loaded")), d, Force { fresh_for: Some(uid), redraw_for: None })
                }),
                None => Err(UserError::NoActiveGame),
            }
        }
        Callback::DeleteSetup(setup_id) => match ui.app.store().delete_setup(uid, setup_id).await {
            Ok(true) => Ok((Some(tr(lang, "toast-setup-deleted")), Done::default(), Force::default())),
            Ok(false) => Err(UserError::NoSuchSetup),
            Err(e) => Err(e.into()),
        },
    };
    match result {
        Ok((toast, done, force)) => {
            answer(toast).await;
            deliver(&ui, &done, force).await;
        }
        Err(e) => {
            answer(Some(texts::error(&e, lang))).await;
            // A stale board is redrawn in place with the current state.
            if e == UserError::Stale
                && let Some(game) = game_of_callback(&cb)
            {
                ui.sync_game(game, Force { fresh_for: None, redraw_for: Some(uid) }).await;
            }
        }
    }
    Ok(())
}

/// Whether the pressed message is a replay (then it is edited in place).
fn is_replay(q: &CallbackQuery) -> bool {
    q.message
        .as_ref()
        .and_then(|m| m.regular_message())
        .and_then(|m| m.reply_markup())
        .is_some_and(|kb| kb.inline_keyboard.iter().flatten().any(|b| b.text == "⏮"))
}

fn game_of_callback(cb: &Callback) -> Option<i64> {
    match *cb {
        Callback::SetupTap { game, .. }
        | Callback::Setup { game, .. }
        | Callback::Tap { game, .. }
        | Callback::Play { game, .. }
        | Callback::DrawAnswer { game, .. }
        | Callback::Resend { game }
        | Callback::Rematch { game }
        | Callback::CancelInvite { game } => Some(game),
        _ => None,
    }
}

/// A user blocked or unblocked the bot.
async fn on_member(ui: Ui, upd: ChatMemberUpdated) -> HandlerResult {
    if !upd.chat.is_private() {
        return Ok(());
    }
    let blocked = upd.new_chat_member.is_banned() || upd.new_chat_member.is_left();
    let user_id = upd.from.id.0 as i64;
    let _ = ui.app.store().set_blocked(user_id, blocked).await;
    let games = ui.app.store().games_of_user(user_id, 50).await.unwrap_or_default();
    if !blocked {
        // Back: deliver the boards that waited.
        for g in games.iter().filter(|g| matches!(g.status, GameStatus::Setup | GameStatus::Play)) {
            ui.sync_game(g.id, Force::default()).await;
        }
    } else {
        // The game goes on; each opponent in a live game is told once.
        for g in games.iter().filter(|g| matches!(g.status, GameStatus::Setup | GameStatus::Play)) {
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
