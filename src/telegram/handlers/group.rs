//! Messages in groups: `/challenge` cards and the group's `/games`.

use super::*;

/// Commands in a group: `/challenge` posts a card; `/games` lists the group's games.
pub(super) async fn on_group_message(ui: &Ui, msg: &Message) -> HandlerResult {
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
            let (rules, days) = crate::telegram::cards::parse_challenge_args(&plain);
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
            let kb = crate::telegram::cards::accept_keyboard(user.id, rules, days, lang);
            // Sent and recorded in the background: the group's other updates
            // (an Accept press) do not wait for the group's pacing. The card
            // gets its Accept button only once recorded, so that a press
            // within the first moment finds the challenge with the person it
            // names (a press on an unrecorded card would open it to anyone).
            let ui = ui.clone();
            tokio::spawn(async move {
                if let Some(id) = ui.send(chat, text.clone(), None).await {
                    let card = crate::storage::Challenge {
                        chat_id: Some(chat),
                        message_id: Some(i64::from(id.0)),
                        target_user_id,
                        target_username,
                        card_text: Some(text.clone()),
                        ..crate::storage::Challenge::open_card(
                            format!("chat:{chat}:{}", id.0),
                            user.id,
                            rules.as_str(),
                            (days > 0).then_some(i64::from(days)),
                            lang.code(),
                        )
                    };
                    match ui.app.open_challenge_card(&card).await {
                        Ok(_) => {
                            let _ = ui.edit(chat, id, text, Some(kb));
                        }
                        Err(e) => tracing::error!(error = %e, "cannot record the challenge"),
                    }
                }
            });
        }
        "games" => {
            let text = crate::telegram::cards::group_games(ui, chat, lang).await;
            let _ = ui.send(chat, text, None);
        }
        _ => {}
    }
    Ok(())
}
