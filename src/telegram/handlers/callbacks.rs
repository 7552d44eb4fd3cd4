//! Button presses: every `Callback`, parsed, checked and handed to one use case.

use super::*;

pub(super) async fn on_callback(ui: Ui, q: CallbackQuery) -> HandlerResult {
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
                TapResult::Jungle(JungleTap::Moved(rep)) => Some(rep.mv.to_string()),
                TapResult::Confirm(mv) => Some(tap_again(mv.to.to_string(), mv.to_string(), lang)),
                TapResult::Jungle(JungleTap::Confirm(mv)) => Some(tap_again(mv.to.to_string(), mv.to_string(), lang)),
                TapResult::Selected(_) | TapResult::Deselected | TapResult::Jungle(_) => None,
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
        Callback::Resend { game } => ui
            .app
            .game_of(uid, game)
            .await
            .map(|_| (None, Done { game_id: Some(game), notices: vec![] }, Force::fresh(uid))),
        Callback::NewRules(_) | Callback::NewJungleRules => {
            answer(None).await;
            let (rules, to): (GameRules, Box<dyn Fn(u8) -> Callback>) = match cb {
                Callback::NewRules(r) => (GameRules::Stratego(r), Box::new(move |d| Callback::NewGame(r, d))),
                _ => (GameRules::Jungle, Box::new(Callback::NewJungle)),
            };
            let rows: Vec<Vec<InlineKeyboardButton>> = DAYS_CHOICES
                .chunks(4)
                .map(|c| {
                    c.iter()
                        .map(|d| {
                            let label = if *d == 0 {
                                tr(lang, "days-unlimited")
                            } else {
                                tr_args(lang, "days-button", &[("n", u32::from(*d).into())])
                            };
                            InlineKeyboardButton::callback(label, to(*d).encode())
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
                let _ = ui.edit(chat, id, text, Some(InlineKeyboardMarkup::new(rows)));
            }
            return Ok(());
        }
        Callback::Replay { game, ply } => show_replay(&ui, &q, uid, game, ply as usize, lang)
            .await
            .map(|()| (None, Done::default(), Force::default())),
        Callback::ReplayStep { game, from, forward } => {
            // From where the presses before it lead (see `telegram::replay`).
            let ply = msg.map_or(from as usize, |(chat, id)| ui.replays.step(chat, id, from as usize, forward));
            show_replay(&ui, &q, uid, game, ply, lang).await.map(|()| (None, Done::default(), Force::default()))
        }
        Callback::Accept { challenger, rules, days } => {
            let days_per_move = (days > 0).then_some(i64::from(days));
            let card = match (&q.inline_message_id, msg) {
                (Some(inline), _) => {
                    // An inline card speaks the challenger's language.
                    let challenger_lang = match ui.app.user(challenger).await {
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
                    let url = crate::telegram::cards::deep_link(&ui, &format!("ch_{id}"));
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
            if ui.app.has_started(uid).await.unwrap_or(false) {
                answer(Some(tr(lang, "toast-watching"))).await;
                watch(&ui, uid, game, lang).await;
            } else {
                let url = crate::telegram::cards::deep_link(&ui, &format!("w_{game}"));
                let mut req = ui.bot.answer_callback_query(q.id.clone());
                if let Ok(u) = url.parse() {
                    req = req.url(u);
                }
                let _ = req.await;
            }
            return Ok(());
        }
        Callback::Unwatch { game } => match ui.app.unwatch(uid, game).await {
            Ok(_) => {
                answer(Some(tr(lang, "toast-unwatched"))).await;
                if let Some((chat, id)) = msg {
                    let _ = ui.edit(chat, id, tr_args(lang, "unwatched", &[("id", game.into())]), None);
                }
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::ToggleConfirm(ai) => {
            let (human, ai_on) =
                if ai { (user.confirm_human, !user.confirm_ai) } else { (!user.confirm_human, user.confirm_ai) };
            match ui.app.set_confirm(uid, human, ai_on).await {
                Ok(()) => {
                    answer(None).await;
                    let mut u = user.clone();
                    (u.confirm_human, u.confirm_ai) = (human, ai_on);
                    if let Some((chat, id)) = msg {
                        let (text, kb) = settings_message(&u, lang);
                        let _ = ui.edit(chat, id, text, Some(kb));
                    }
                    return Ok(());
                }
                Err(e) => Err(e),
            }
        }
        Callback::Export { game } => match ui.app.export_game(uid, game).await {
            Ok((name, text, facts)) => {
                answer(None).await;
                let text = crate::telegram::shared::export_with_header(&facts, &text, lang);
                let file = teloxide::types::InputFile::memory(text.into_bytes()).file_name(name);
                ui.queue(uid, move |ui| async move {
                    let _ = ui.call(uid, || ui.bot.send_document(ChatId(uid), file.clone()).into_future()).await;
                });
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::Picture { game } => match ui.app.picture(uid, game).await {
            Ok((png, facts)) => {
                answer(None).await;
                let file = teloxide::types::InputFile::memory(png).file_name(format!("game-{game}.png"));
                let caption = crate::telegram::shared::picture_caption(&facts, lang);
                ui.queue(uid, move |ui| async move {
                    let send = || ui.bot.send_photo(ChatId(uid), file.clone()).caption(caption.clone()).into_future();
                    let _ = ui.call(uid, send).await;
                });
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::Rematch { game } => match ui.app.rematch(uid, game).await {
            Ok((new_game, None)) => {
                answer(Some(tr(lang, "toast-rematch-ai"))).await;
                // The board, and the AI's first move where it has it (a Jungle game starts at once).
                ui.spawn_after(Done { game_id: Some(new_game), notices: vec![] }, Force::default());
                return Ok(());
            }
            Ok((new_game, Some(code))) => {
                let opponent = ui.app.opponent_of(uid, game).await.ok().flatten();
                let notices = opponent
                    .map(|o| {
                        vec![crate::app::Addressed {
                            user_id: o,
                            notice: crate::app::Notice::RematchOffered { game_id: game, code, new_game },
                        }]
                    })
                    .unwrap_or_default();
                Ok((Some(tr(lang, "toast-rematch-offered")), Done { game_id: None, notices }, Force::default()))
            }
            Err(e) => Err(e),
        },
        Callback::Join(code) => {
            answer(None).await;
            let _ = join(&ui, &user, lang, &String::from_utf8_lossy(&code)).await;
            return Ok(());
        }
        Callback::Menu(item) => {
            answer(None).await;
            menu(&ui, &user, lang, item).await;
            return Ok(());
        }
        Callback::AiLevel(level) => {
            answer(None).await;
            let mut rows: Vec<Vec<InlineKeyboardButton>> = RuleSetId::ALL
                .iter()
                .map(|r| {
                    vec![InlineKeyboardButton::callback(
                        tr(lang, &format!("rules-{}", r.as_str())),
                        Callback::AiGame(level, *r).encode(),
                    )]
                })
                .collect();
            rows.push(vec![InlineKeyboardButton::callback(tr(lang, "new-jungle"), Callback::AiJungle(level).encode())]);
            if let Some((chat, id)) = msg {
                let _ = ui.edit(chat, id, tr(lang, "new-choose-rules"), Some(InlineKeyboardMarkup::new(rows)));
            }
            return Ok(());
        }
        Callback::AiGame(level, _) | Callback::AiJungle(level) => {
            answer(None).await;
            if let Some((chat, id)) = msg {
                let _ = ui.edit(chat, id, tr(lang, "ai-level-chosen"), None);
            }
            let rules = if let Callback::AiGame(_, r) = cb { GameRules::Stratego(r) } else { GameRules::Jungle };
            start_ai(&ui, uid, lang, level, rules).await;
            return Ok(());
        }
        Callback::NewGame(_, days) | Callback::NewJungle(days) => {
            answer(None).await;
            let rules = if let Callback::NewGame(r, _) = cb { GameRules::Stratego(r) } else { GameRules::Jungle };
            if let Some((game, text, kb)) = invitation(&ui, uid, lang, rules, days).await {
                match msg {
                    Some((chat, id)) => {
                        let _ = ui.edit(chat, id, text, Some(kb));
                        questions::record(&ui, chat, id, game, "invite", lang).await;
                    }
                    None => {
                        let sent = ui.send(uid, text, Some(kb));
                        questions::record_when_sent(&ui, uid, sent, game, "invite", lang);
                    }
                }
            }
            return Ok(());
        }
        // The game's delivery closes the invitation message.
        Callback::CancelInvite { game } => ui.app.cancel_invitation(uid, game).await.map(|d| {
            (Some(tr(lang, "toast-cancelled")), Done { game_id: Some(game), notices: d.notices }, Force::default())
        }),
        Callback::Lang(l) => match ui.app.set_lang(uid, Some(l.code())).await {
            Ok(()) => {
                answer(Some(tr(l, "lang-set"))).await;
                if let Some((chat, id)) = msg {
                    let _ = ui.edit(chat, id, tr(l, "lang-set"), None);
                }
                return Ok(());
            }
            Err(e) => Err(e),
        },
        Callback::LoadSetup(setup_id) => match current_setup_game(&ui, &user).await {
            Some(game) => ui
                .app
                .setup_action(uid, game, None, SetupAction::Saved(setup_id))
                .await
                .map(|d| (Some(tr(lang, "toast-setup-loaded")), d, Force::fresh(uid))),
            // No game in setup: the saved setup opens in the workbench.
            None => ui.app.open_saved_setup(uid, setup_id).await.map(|shown| {
                send_shown_bench(&ui, uid, &shown, lang);
                (None, Done::default(), Force::default())
            }),
        },
        // The list pressed and the newest one are redrawn without it.
        Callback::DeleteSetup(setup_id) => ui.app.delete_setup(uid, setup_id).await.map(|changed| {
            redraw_list(&ui, uid, &changed, msg.map(|(_, id)| id), lang);
            (Some(tr(lang, "toast-setup-deleted")), Done::default(), Force::default())
        }),
        Callback::RenameSetup(setup_id) => {
            ask_rename(&ui, uid, setup_id, lang).await.map(|()| (None, Done::default(), Force::default()))
        }
        Callback::BenchNew(rules) => {
            send_bench(&ui, uid, &crate::app::Bench::new(engine::smart(rules.rules(), &mut rand::rng())), lang);
            Ok((None, Done::default(), Force::default()))
        }
        Callback::Bench { bench, op } => {
            press_bench(&ui, uid, msg, bench, op, lang).await.map(|()| (None, Done::default(), Force::default()))
        }
    };
    match result {
        Ok((toast, done, force)) => {
            answer(toast).await;
            ui.spawn_after(done, force);
        }
        Err(e) => {
            answer(Some(texts::error(&e, lang))).await;
            // A stale board is redrawn in place with the current state.
            if e == UserError::Stale
                && let Some(game) = game_of_callback(&cb)
            {
                ui.spawn_sync(game, Force { redraw_for: Some(uid), ..Force::default() });
            }
        }
    }
    Ok(())
}

/// Shows `game` after `ply` plies: edits the pressed replay in place (and
/// remembers where it is headed), or sends a new replay from the list.
async fn show_replay(ui: &Ui, q: &CallbackQuery, uid: i64, game: i64, ply: usize, lang: Lang) -> Result<(), UserError> {
    let frame = ui.app.replay(uid, game, ply).await?;
    let (text, kb) = replay_message(&frame, game, lang);
    match q.message.as_ref().map(|m| (m.chat().id.0, m.id())) {
        Some((chat, id)) if is_replay(q) => {
            ui.replays.set(chat, id, frame.ply);
            let _ = ui.edit(chat, id, text, Some(kb));
        }
        _ => {
            let _ = ui.send(uid, text, Some(kb));
        }
    }
    Ok(())
}

/// Whether the pressed message is a replay (then it is edited in place).
pub(super) fn is_replay(q: &CallbackQuery) -> bool {
    q.message
        .as_ref()
        .and_then(|m| m.regular_message())
        .and_then(|m| m.reply_markup())
        .is_some_and(|kb| kb.inline_keyboard.iter().flatten().any(|b| b.text == "⏮"))
}

pub(super) fn game_of_callback(cb: &Callback) -> Option<i64> {
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

/// The toast of a tapped move waiting for its confirmation: "Tap a5 again to play a4-a5".
fn tap_again(sq: String, mv: String, lang: Lang) -> String {
    tr_args(lang, "toast-tap-again", &[("sq", sq.into()), ("mv", mv.into())])
}
