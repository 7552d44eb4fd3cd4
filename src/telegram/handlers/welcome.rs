//! First contact: `/start`, `/help`, the menu buttons, a dead invitation
//! link, and the bot being added to a group. The texts are rendered in
//! [`crate::telegram::intro`].

use super::*;
use crate::telegram::callback::MenuItem;
use crate::telegram::intro;

/// `/start`: the welcome (for a returning player, the games that wait for
/// their move), then the boards that waited for this user to open the chat.
pub(super) async fn start(ui: &Ui, user: &UserRecord, lang: Lang) {
    let games = ui.app.games(user.id, 50).await.unwrap_or_default();
    let (text, kb) = intro::start_message(&user.first_name, &games, lang);
    let _ = ui.send(user.id, text, Some(kb));
    for g in games.iter().filter(|g| matches!(g.status, GameStatus::Setup | GameStatus::Play)) {
        ui.spawn_sync(g.id, Force::default());
    }
}

/// `/help`: how to play and every command, with the two ways into a game.
pub(super) async fn help(ui: &Ui, user: &UserRecord, lang: Lang) {
    let _ = ui.send(user.id, intro::help_text(lang, &ui.username), Some(intro::menu_keyboard(lang)));
}

/// After a link that leads nowhere (cancelled, taken, unknown): the way on.
pub(super) async fn offer_to_play(ui: &Ui, user: &UserRecord, lang: Lang) {
    let _ = ui.send(user.id, tr(lang, "dead-link-offer"), Some(intro::menu_keyboard(lang)));
}

/// Whether `e` means the link someone opened leads nowhere.
pub(super) fn is_dead_link(e: &UserError) -> bool {
    matches!(
        e,
        UserError::InvitationNotFound
            | UserError::InvitationCancelled
            | UserError::InvitationUsed
            | UserError::ChallengeTaken
            | UserError::NoSuchGame
    )
}

/// A menu button: does what its command does.
pub(super) async fn menu(ui: &Ui, user: &UserRecord, lang: Lang, item: MenuItem) {
    command(ui, user, lang, item.command(), "").await;
}

/// The bot's own membership in a group changed: greet the group once when added.
pub(super) async fn on_group_membership(ui: &Ui, upd: &ChatMemberUpdated) {
    if upd.old_chat_member.is_present() || !upd.new_chat_member.is_present() {
        return;
    }
    let lang = Lang::for_user(None, upd.from.language_code.as_deref());
    let _ = ui.send(upd.chat.id.0, tr(lang, "group-welcome"), None);
}
