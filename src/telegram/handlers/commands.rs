//! Commands and typed text in the private chat with the bot.

use super::*;

pub(super) async fn command(ui: &Ui, user: &UserRecord, lang: Lang, name: &str, arg: &str) {
    let chat = user.id;
    match name {
        "start" if arg.starts_with("ch_") => match arg[3..].parse::<i64>() {
            Ok(id) => match ui.app.arrive_challenge(id, user.id, user.username.as_deref(), &user.first_name).await {
                Ok(game) => {
                    let _ = ui.send(chat, joined_text(ui, game, lang).await, None);
                    ui.spawn_after(Done { game_id: Some(game), notices: vec![] }, Force::default());
                }
                Err(e) => {
                    reply_error(ui, chat, &e, lang).await;
                    if is_dead_link(&e) {
                        offer_to_play(ui, user, lang).await;
                    }
                }
            },
            Err(_) => {
                reply_error(ui, chat, &UserError::InvitationNotFound, lang).await;
                offer_to_play(ui, user, lang).await;
            }
        },
        "start" if arg.starts_with("w_") => match arg[2..].parse::<i64>() {
            Ok(game) => watch(ui, user.id, game, lang).await,
            Err(_) => reply_error(ui, chat, &UserError::NoSuchGame, lang).await,
        },
        "start" if !arg.is_empty() => {
            if let Err(e) = join(ui, user, lang, arg).await
                && is_dead_link(&e)
            {
                offer_to_play(ui, user, lang).await;
            }
        }
        "start" => start(ui, user, lang).await,
        "help" => help(ui, user, lang).await,
        "rules" => {
            let text = match GameRules::parse(arg) {
                _ if arg.is_empty() => rules_text(RuleSetId::Battle, lang),
                Some(GameRules::Stratego(rules)) => rules_text(rules, lang),
                Some(GameRules::Jungle) => tr(lang, "rules-text-jungle"),
                None => tr_args(lang, "err-unknown-rules", &[("name", esc(arg).into())]),
            };
            let _ = ui.send(chat, text, None);
        }
        "lang" => {
            let kb = InlineKeyboardMarkup::new(vec![
                Lang::ALL
                    .iter()
                    .map(|l| InlineKeyboardButton::callback(tr(*l, "lang-name"), Callback::Lang(*l).encode()))
                    .collect::<Vec<_>>(),
            ]);
            let _ = ui.send(chat, tr(lang, "lang-choose"), Some(kb));
        }
        "new" if arg.is_empty() => {
            let mut rows = RuleSetId::ALL
                .iter()
                .map(|r| {
                    vec![InlineKeyboardButton::callback(
                        tr(lang, &format!("rules-{}", r.as_str())),
                        Callback::NewRules(*r).encode(),
                    )]
                })
                .collect::<Vec<_>>();
            rows.push(vec![InlineKeyboardButton::callback(tr(lang, "new-jungle"), Callback::NewJungleRules.encode())]);
            let _ = ui.send(chat, tr(lang, "new-choose-rules"), Some(InlineKeyboardMarkup::new(rows)));
        }
        "new" => match GameRules::parse(arg) {
            Some(rules) => {
                if let Some((game, text, kb)) = invitation(ui, user.id, lang, rules, 0).await {
                    let sent = ui.send(chat, text, Some(kb));
                    questions::record_when_sent(ui, chat, sent, game, "invite", lang);
                }
            }
            None => {
                let _ = ui.send(chat, tr_args(lang, "err-unknown-rules", &[("name", esc(arg).into())]), None);
            }
        },
        "games" => games(ui, user, lang).await,
        "history" => history(ui, user, lang).await,
        "vacation" => {
            let now = crate::storage::now();
            if arg.is_empty() {
                match ui.app.vacation_status(user.id, now).await {
                    Ok(v) => {
                        let mut t = tr_args(lang, "vacation-status", &[("n", v.days_left.into())]);
                        if let Some(u) = v.until {
                            t.push('\n');
                            t.push_str(&tr_args(lang, "vacation-running", &[("date", texts::fmt_date(u).into())]));
                        }
                        let _ = ui.send(chat, t, None);
                    }
                    Err(e) => reply_error(ui, chat, &e, lang).await,
                }
                return;
            }
            let Some(days) = arg.parse::<i64>().ok().filter(|d| *d >= 1) else {
                let _ = ui.send(chat, tr(lang, "vacation-usage"), None);
                return;
            };
            match ui.app.vacation(user.id, days, now).await {
                Ok(v) => {
                    let until = v.until.map(texts::fmt_date).unwrap_or_default();
                    let key = if v.extended { "vacation-extended" } else { "vacation-started" };
                    ui.send(chat, tr_args(lang, key, &[("date", until.into()), ("n", v.days_left.into())]), None).await;
                    for id in v.games {
                        ui.spawn_sync(id, Force::default());
                    }
                }
                Err(e) => reply_error(ui, chat, &e, lang).await,
            }
        }
        "settings" => {
            let (text, kb) = settings_message(user, lang);
            let _ = ui.send(chat, text, Some(kb));
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
            let _ = ui.send(chat, lines.join("\n"), None);
        }
        "ai" => {
            let mut words: Vec<&str> = arg.split_whitespace().collect();
            // `/ai jungle` and `/ai jungle hard`: Jungle at the level named, or normal.
            if let Some(i) = words.iter().position(|w| *w == crate::app::JUNGLE) {
                words.remove(i);
                match words.as_slice() {
                    [] => return start_ai(ui, user.id, lang, ai::Level::Normal, GameRules::Jungle).await,
                    [w] => match w.parse::<ai::Level>() {
                        Ok(level) if AI_LEVELS.contains(&level) => {
                            return start_ai(ui, user.id, lang, level, GameRules::Jungle).await;
                        }
                        _ => {}
                    },
                    _ => {}
                }
                let _ = ui.send(chat, tr(lang, "ai-usage"), None);
                return;
            }
            let mut words = words.into_iter();
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
                    let _ = ui.send(chat, tr(lang, "ai-choose-level"), Some(InlineKeyboardMarkup::new(vec![row])));
                }
                (_, Some(Err(_))) => {
                    let _ = ui.send(chat, tr_args(lang, "err-unknown-rules", &[("name", esc(arg).into())]), None);
                }
                (Some(Ok(level)), rules) if AI_LEVELS.contains(&level) => {
                    let rules = rules.and_then(Result::ok).unwrap_or(RuleSetId::Battle);
                    start_ai(ui, user.id, lang, level, GameRules::Stratego(rules)).await;
                }
                _ => {
                    let _ = ui.send(chat, tr(lang, "ai-usage"), None);
                }
            }
        }
        "setup" => {
            if arg.is_empty() {
                let _ = ui.send(chat, tr(lang, "setup-usage"), None);
                return;
            }
            match current_setup_game(ui, user).await {
                Some(game) => match ui.app.setup_action(user.id, game, None, SetupAction::Code(arg.to_owned())).await {
                    Ok(done) => {
                        let _ = ui.send(chat, tr_args(lang, "setup-loaded", &[("id", game.into())]), None);
                        ui.spawn_after(done.clone(), Force::fresh(user.id));
                    }
                    Err(e) => reply_error(ui, chat, &e, lang).await,
                },
                // No game in setup: the code opens the workbench.
                None => match crate::app::code_rules(arg, None) {
                    Ok(setup) => send_bench(ui, chat, &crate::app::Bench::new(setup), lang),
                    Err(e) => reply_error(ui, chat, &e, lang).await,
                },
            }
        }
        "setups" => setups(ui, user, lang, arg).await,
        "cancel" => {
            let waiting = ui.app.waiting_invitations(user.id).await.unwrap_or_default();
            if waiting.is_empty() {
                let _ = ui.send(chat, tr(lang, "cancel-nothing"), None);
            }
            for id in waiting {
                match ui.app.cancel_invitation(user.id, id).await {
                    Ok(done) => {
                        ui.notify(&done.notices).await;
                        // Closes the invitation message.
                        ui.spawn_sync(id, Force::default());
                    }
                    Err(e) => reply_error(ui, chat, &e, lang).await,
                }
            }
        }
        _ => {
            let _ = ui.send(chat, tr(lang, "unknown-command"), None);
        }
    }
}

pub(super) async fn start_ai(ui: &Ui, user_id: i64, lang: Lang, level: ai::Level, rules: GameRules) {
    let started = match rules {
        GameRules::Stratego(rules) => ui.app.new_ai_game(user_id, level, rules).await,
        GameRules::Jungle => ui.app.new_ai_jungle_game(user_id, level, engine::Player::South).await,
    };
    match started {
        Ok(game) => {
            let mut args = vec![("id", game.into()), ("name", ai_name(level, lang).into())];
            let key = if rules == GameRules::Jungle {
                args.push(("side", crate::telegram::render::side_name(engine::Player::South, lang).into()));
                "ai-started-jungle"
            } else {
                "ai-started"
            };
            ui.send(user_id, tr_args(lang, key, &args), None).await;
            if rules == GameRules::Jungle {
                // The board, and the AI's first move if the lot gave it to the AI (J4).
                ui.spawn_after(Done { game_id: Some(game), notices: vec![] }, Force::default());
            } else {
                ui.spawn_sync(game, Force::default());
            }
        }
        Err(e) => reply_error(ui, user_id, &e, lang).await,
    }
}

/// Starts a spectator board of `game` in the user's private chat.
pub(super) async fn watch(ui: &Ui, user_id: i64, game: i64, lang: Lang) {
    match ui.app.watch(user_id, game).await {
        Ok(rec) => {
            let _ = ui.send(user_id, tr_args(lang, "watching", &[("id", game.into())]), None);
            if matches!(rec.status, GameStatus::Play | GameStatus::Finished) {
                crate::telegram::cards::sync_spectators(ui, &rec).await;
            }
        }
        Err(e) => reply_error(ui, user_id, &e, lang).await,
    }
}

/// The rules of one rule set, in its own numbering and names (`/rules NAME`).
pub(super) fn rules_text(rules: RuleSetId, lang: Lang) -> String {
    tr(lang, &format!("rules-text-{}", rules.as_str()))
}

/// The game a typed setup command applies to: the last one touched if it is
/// in setup, else the user's only game in setup.
pub(super) async fn current_setup_game(ui: &Ui, user: &UserRecord) -> Option<i64> {
    ui.app.current_setup_game(user.id).await
}

/// "You joined game #N …": a game that began at once (Jungle has no setup,
/// J3) points to its board; one in its setup phase asks for the army.
async fn joined_text(ui: &Ui, game: i64, lang: Lang) -> String {
    let started = matches!(ui.app.game(game).await, Ok(Some(rec)) if rec.status == GameStatus::Play);
    tr_args(lang, if started { "joined-play" } else { "joined" }, &[("id", game.into())])
}

/// Joins the game of invitation `code`; a failure is told to the user and returned.
pub(super) async fn join(ui: &Ui, user: &UserRecord, lang: Lang, code: &str) -> Result<(), UserError> {
    let valid = code.len() <= 64 && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let joined =
        if valid { ui.app.join(user.id, &user.first_name, code).await } else { Err(UserError::InvitationNotFound) };
    match joined {
        Ok(j) => {
            let _ = ui.send(user.id, joined_text(ui, j.game_id, lang).await, None);
            let already = j.done.notices.is_empty();
            let force = if already { Force::fresh(user.id) } else { Force::default() };
            ui.spawn_after(j.done.clone(), force);
            Ok(())
        }
        Err(e) => {
            reply_error(ui, user.id, &e, lang).await;
            Err(e)
        }
    }
}

/// Creates an invitation and returns its game and message: the deep link,
/// a share button and a cancel button.
pub(super) async fn invitation(
    ui: &Ui,
    user_id: i64,
    lang: Lang,
    rules: GameRules,
    days: u8,
) -> Option<(i64, String, InlineKeyboardMarkup)> {
    let days_per_move = (days > 0).then_some(i64::from(days));
    let created = match rules {
        GameRules::Stratego(rules) => ui.app.new_game(user_id, NewGameChoice { rules, days_per_move }).await,
        GameRules::Jungle => ui.app.new_jungle_game(user_id, days_per_move, engine::Player::South).await,
    };
    match created {
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
            Some((game_id, text, InlineKeyboardMarkup::new(rows)))
        }
        Err(e) => {
            reply_error(ui, user_id, &e, lang).await;
            None
        }
    }
}

pub(super) fn settings_message(user: &UserRecord, lang: Lang) -> (String, InlineKeyboardMarkup) {
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

pub(super) async fn typed_move(ui: &Ui, user: &UserRecord, lang: Lang, text: &str) {
    let looks_like_move = text.len() <= 12
        && text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && text.chars().any(|c| c.is_ascii_digit());
    if !looks_like_move {
        let _ = ui.send(user.id, tr(lang, "short-help"), None);
        return;
    }
    match ui.app.typed_move(user.id, text).await {
        // No receipt: the board, edited in place, shows the move.
        Ok((_, _, _, done)) => ui.spawn_after(done, Force::default()),
        Err(e) => reply_error(ui, user.id, &e, lang).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_word(text: &str, word: &str) -> bool {
        text.split(|c: char| !c.is_alphanumeric()).any(|w| w == word)
    }

    /// `/rules NAME` speaks only of that rule set, in its numbering and
    /// names (RULES.md §8): no «Сражение» army in the classic rules, no
    /// Bombs or Spy in «Сражение», runners only where Soldiers run.
    #[test]
    fn each_rule_set_has_rules_of_its_own() {
        for lang in Lang::ALL {
            for rules in RuleSetId::ALL {
                let t = rules_text(rules, lang);
                assert!(!t.contains('{') && !t.contains("rules-"), "{rules} {lang:?}: {t}");
            }
        }
        let en = |r| rules_text(r, Lang::En);
        let classic = en(RuleSetId::Classic);
        assert!(classic.contains("Marshal 10") && classic.contains("Bomb") && classic.contains("Red moves first"));
        assert!(!classic.contains("Sapper") && !has_word(&classic, "Mines") && !has_word(&classic, "lot"), "{classic}");
        let battle = en(RuleSetId::Battle);
        assert!(battle.contains("Marshal 1,") && battle.contains("drawn by lot"));
        assert!(!battle.contains("Bomb") && !battle.contains("Spy") && !battle.contains("run "), "{battle}");
        assert!(en(RuleSetId::BattleRunners).contains("Soldier (9) may run"));
        let duel = en(RuleSetId::Duel);
        assert!(duel.contains("10 pieces") && duel.contains("Spy 1") && !duel.contains("Sapper"), "{duel}");
        let battle_duel = en(RuleSetId::BattleDuel);
        assert!(battle_duel.contains("2 Sappers 8") && !battle_duel.contains("Bomb"), "{battle_duel}");
        assert!(rules_text(RuleSetId::Classic, Lang::Ru).contains("Первыми ходят красные"));
    }
}
