//! Delivery: draws owed boards and notifications, sends notices, and deals
//! with Telegram's errors — "not modified" ignored, "not found" answered by
//! a new message, blocked users remembered, 429 waited out and retried.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::Player;
use teloxide::RequestError;
use teloxide::payloads::SendMessageSetters;
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, MessageId, ParseMode, WebAppInfo};

use super::board_message::record_drawn;
pub use super::board_message::{ai_name, board_message};
pub use super::calls::{Failure, classify, with_retry};
use super::outbox::{Content, Outbox, Pending, Target};
use super::pacer::Pacer;
use super::texts;
use crate::app::{AI_USER_ID, Addressed, App, Done, REDRAW_OWED};
use crate::i18n::Lang;
use crate::i18n::tr;
use crate::storage::{GameStatus, UserRecord};

/// The front-end's shared state: the bot, the use cases, pacing, and one
/// delivery lock per game so that boards are drawn in order.
#[derive(Clone)]
pub struct Ui {
    /// The Bot API client.
    pub bot: Bot,
    /// The use cases.
    pub app: App,
    /// The bot's @username (for deep links).
    pub username: String,
    /// Thinking time of the AI per move; `None` = each level's default.
    pub ai_budget: Option<Duration>,
    /// The least time the AI's thread stays busy per move (`AI_MIN_THINK_MS`, for tests).
    pub ai_min_think: Option<Duration>,
    /// The least seconds between two edits of a challenge card in play (`CARD_EDIT_SECS`).
    pub card_edit_secs: i64,
    /// The Mini App's public base (`WEBAPP_URL`): private boards get a
    /// "🗺 Board" button that opens it on their game; `None` = no button.
    pub webapp_url: Option<url::Url>,
    /// Games whose card waits for a trailing edit (see [`Ui::trail_card`]).
    trailing: Arc<Mutex<HashSet<i64>>>,
    /// Held while a card is brought up to date, so that card edits are
    /// queued in the order of the game states they show (a late edit from
    /// an older state never replaces a newer one).
    pub(crate) card_turn: Arc<tokio::sync::Mutex<()>>,
    /// Where each replay message is headed (see [`super::replay`]).
    pub(crate) replays: Arc<super::replay::ReplayPositions>,
    /// By chat: questions for a setup's name still being sent and recorded
    /// (a reply that races its question's record waits for it).
    pub(crate) naming: Arc<Mutex<HashMap<i64, u32>>>,
    pacer: Arc<Pacer>,
    outbox: Arc<Outbox>,
    locks: Arc<Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>>,
    in_flight: Arc<tokio::sync::Semaphore>,
}

/// Updates handled at once (see [`Ui::admit`]). Each waits mostly on the
/// Bot API (tens of ms per call on the real network) and on the pacer (up
/// to a second when one chat gets several messages in a row), holding its
/// place meanwhile, so the bound is wide: with 512, the load bench at 1000
/// moves/s had a p99 of 1.9 s, with 2048 0.19 s (BENCHMARKS.md, "Load").
/// It exists so that a flood of updates waits here, not on the database.
pub const MAX_IN_FLIGHT: usize = 2048;

/// What a board delivery should do besides drawing what is owed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Force {
    /// Send this user's board anew at the bottom of the chat (old one becomes a stub).
    pub fresh_for: Option<i64>,
    /// Redraw this user's board in place even if it is current (after a stale press).
    pub redraw_for: Option<i64>,
    /// Redraw every board in place (the clock: the time left changed).
    pub refresh: bool,
}

impl Force {
    /// Sends `user`'s board anew at the bottom of their chat.
    #[must_use]
    pub fn fresh(user: i64) -> Force {
        Force { fresh_for: Some(user), ..Force::default() }
    }
}

impl Ui {
    /// A front-end over `bot` and `app`, paced to Telegram's default limits.
    #[must_use]
    pub fn new(bot: Bot, app: App, username: String) -> Ui {
        let pacer = Arc::new(Pacer::default());
        Ui {
            outbox: Outbox::new(bot.clone(), pacer.clone()),
            bot,
            app,
            username,
            ai_budget: None,
            ai_min_think: None,
            card_edit_secs: crate::config::DEFAULT_CARD_EDIT_SECS as i64,
            webapp_url: None,
            trailing: Arc::default(),
            card_turn: Arc::default(),
            replays: Arc::default(),
            naming: Arc::default(),
            pacer,
            locks: Arc::default(),
            in_flight: Arc::new(tokio::sync::Semaphore::new(MAX_IN_FLIGHT)),
        }
    }

    /// Waits for one of the [`MAX_IN_FLIGHT`] places to handle an update;
    /// the place is given back when the returned permit is dropped.
    pub async fn admit(&self) -> Arc<tokio::sync::OwnedSemaphorePermit> {
        let permit = self.in_flight.clone().acquire_owned().await.expect("the semaphore is never closed");
        Arc::new(permit)
    }

    /// The same front-end allowing `per_sec` Bot API calls a second in all
    /// (`TELEGRAM_CALLS_PER_SEC`).
    #[must_use]
    pub fn with_calls_per_sec(mut self, per_sec: u32) -> Ui {
        self.pacer = Arc::new(Pacer::new(per_sec));
        self.outbox = Outbox::new(self.bot.clone(), self.pacer.clone());
        self
    }

    /// Runs a counted call to `chat`, paced, retrying after 429 (see [`with_retry`]).
    pub async fn call<T, F, Fut>(&self, chat: i64, f: F) -> Result<T, RequestError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        with_retry(&self.pacer, chat, f).await
    }

    /// Queues an HTML message to `chat` after everything queued for it;
    /// the returned [`Pending`] gives its id, or `None` (logged) when it
    /// could not be delivered. Dropping it does not cancel the send.
    pub fn send(&self, chat: i64, text: String, kb: Option<InlineKeyboardMarkup>) -> Pending<Option<MessageId>> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let ui = self.clone();
        self.outbox.job(chat, move || async move {
            let _ = tx.send(ui.send_now(chat, Content { text, kb }).await);
        });
        Pending::new(rx, None)
    }

    /// Sends an HTML message to `chat` now (paced, not queued): for a job
    /// already in the chat's queue (see [`Ui::queue`]).
    pub(crate) async fn send_now(&self, chat: i64, content: Content) -> Option<MessageId> {
        let r = self
            .call(chat, || {
                let mut req = self.bot.send_message(ChatId(chat), content.text.clone()).parse_mode(ParseMode::Html);
                if let Some(kb) = &content.kb {
                    req = req.reply_markup(kb.clone());
                }
                req.into_future()
            })
            .await;
        match r {
            Ok(m) => {
                self.outbox.shows(Target::Chat(chat, m.id), &content);
                Some(m.id)
            }
            Err(e) => {
                let f = classify(&e);
                if f == Failure::Blocked {
                    self.mark_blocked(chat).await;
                }
                tracing::warn!(chat, failure = ?f, "send failed");
                None
            }
        }
    }

    /// Queues an edit of an HTML message in place, merged with a pending
    /// edit of the same message (the newest content wins) and dropped if
    /// the message already shows it (see [`super::outbox`]).
    ///
    /// The [`Pending`] result is `Ok` once the message shows the content,
    /// or the classified failure ("not modified" counts as success).
    pub fn edit(
        &self,
        chat: i64,
        id: MessageId,
        text: String,
        kb: Option<InlineKeyboardMarkup>,
    ) -> Pending<Result<(), Failure>> {
        self.outbox.edit(Target::Chat(chat, id), Content { text, kb })
    }

    /// Edits a message now, paced but not queued (see [`Outbox::edit_now`]):
    /// for a job in the chat's queue that needs the edit shown first.
    pub(crate) async fn edit_now(&self, chat: i64, id: MessageId, text: String) -> Result<(), Failure> {
        self.outbox.edit_now(Target::Chat(chat, id), Content { text, kb: None }).await
    }

    /// Queues an edit of a message posted through inline mode (as [`Ui::edit`]).
    pub fn edit_inline(
        &self,
        id: String,
        text: String,
        kb: Option<InlineKeyboardMarkup>,
    ) -> Pending<Result<(), Failure>> {
        self.outbox.edit(Target::Inline(id), Content { text, kb })
    }

    /// Queues an edit of `target` whose content `render` draws when the
    /// call goes (see [`Outbox::edit_rendered`]); `content` is the fallback.
    pub fn edit_rendered(
        &self,
        target: Target,
        content: Content,
        render: super::outbox::Render,
    ) -> Pending<Result<(), Failure>> {
        self.outbox.edit_rendered(target, content, render)
    }

    /// Queues `call` for `chat` after everything queued for it so far (for
    /// calls other than text messages, e.g. files): the caller goes on at once.
    pub fn queue<F>(&self, chat: i64, call: impl FnOnce(Ui) -> F + Send + 'static)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let ui = self.clone();
        self.outbox.job(chat, move || call(ui));
    }

    /// Queues the deletion of a message (failures, e.g. past 48 h, are ignored).
    pub fn delete(&self, chat: i64, id: MessageId) {
        let ui = self.clone();
        self.outbox.job(chat, move || async move {
            let _ = ui.call(chat, || ui.bot.delete_message(ChatId(chat), id).into_future()).await;
        });
    }

    async fn mark_blocked(&self, user_id: i64) {
        if let Ok(false) = self.app.is_blocked(user_id).await {
            let _ = self.app.set_blocked(user_id, true).await;
        }
    }

    fn lock(&self, game_id: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().expect("locks");
        if locks.len() >= 4096 {
            // Forget the locks nobody holds or waits for (one reference: the map's).
            locks.retain(|_, l| Arc::strong_count(l) > 1);
        }
        locks.entry(game_id).or_default().clone()
    }

    async fn user(&self, id: i64) -> Option<UserRecord> {
        self.app.user(id).await.ok().flatten()
    }

    /// Draws every owed board and notification of `game_id`, plus what `force` asks.
    pub async fn sync_game(&self, game_id: i64, force: Force) {
        let lock = self.lock(game_id);
        let _guard = lock.lock().await;
        let Ok(Some(rec)) = self.app.game(game_id).await else { return };
        super::questions::close_answered(self, &rec).await;
        if rec.status == GameStatus::Waiting || rec.status == GameStatus::Cancelled {
            return;
        }
        let mut updates = vec![];
        let ai = crate::app::ai_level(&rec.opponent_kind);
        for p in &rec.players {
            let Some(side) = Player::parse(&p.side) else { continue };
            if p.user_id == AI_USER_ID {
                continue;
            }
            // The player's turn came: their board moves to the bottom of the
            // chat (a new message notifies; the old one becomes a stub).
            let turn = p.notify_pending && rec.status == GameStatus::Play;
            let fresh = force.fresh_for == Some(p.user_id) || turn;
            let owed =
                p.rendered_version < p.board_version || fresh || force.redraw_for == Some(p.user_id) || force.refresh;
            let Some(user) = self.user(p.user_id).await else { continue };
            if user.blocked {
                // Owed boards wait until the user unblocks the bot; the game goes on.
                continue;
            }
            let lang = Lang::for_user(user.lang.as_deref(), user.tg_lang.as_deref());
            let opponent = match (rec.player(side.other().as_str()), ai) {
                (_, Some(level)) => ai_name(level, lang),
                (Some(o), None) => self.user(o.user_id).await.map(|u| u.first_name).unwrap_or_default(),
                (None, None) => String::new(),
            };
            // A board marked for a text-only redraw (`REDRAW_OWED`): this
            // drawing is what clears the mark.
            let saw_mark = p.rendered_version == REDRAW_OWED;
            let mut board_id = p.board_message_id;
            let mut notify_id = p.notify_message_id;
            let mut notified = false;
            let mut rendered = None;
            if owed {
                let Some((text, kb)) = board_message(&rec, side, lang, &opponent) else { continue };
                let kb = self.with_webapp_button(kb, game_id, lang);
                match (board_id, fresh) {
                    (Some(id), false) => {
                        // Queued, merged with a pending edit; recorded as
                        // drawn once Telegram has it (a crash before redraws it).
                        let shown = self.edit(p.user_id, MessageId(id as i32), text, kb);
                        self.spawn_record(game_id, side, p.user_id, (p.board_version, saw_mark), shown);
                    }
                    _ => {
                        board_id = self.put_board(p.user_id, board_id, text, kb, lang).await;
                        rendered = Some(p.board_version);
                    }
                }
            }
            if let Some(old) = notify_id.filter(|_| turn || rec.status != GameStatus::Play) {
                // A "your move" message of an older version of the bot: gone.
                self.delete(p.user_id, MessageId(old as i32));
                notify_id = None;
            }
            if turn || p.notify_message_id != notify_id {
                notified = true;
            }
            updates.push((side, board_id, rendered.map(|v| (v, saw_mark)), notify_id, notified));
        }
        let saved = self
            .app
            .with_game(game_id, |r| {
                for (side, board_id, rendered, notify_id, notified) in &updates {
                    if let Some(p) = r.player_mut(side.as_str()) {
                        p.board_message_id = *board_id;
                        if let Some(drawn) = rendered {
                            record_drawn(p, *drawn);
                        }
                        if *notified {
                            p.notify_message_id = *notify_id;
                            p.notify_pending = false;
                        }
                    }
                }
                Ok(((), vec![]))
            })
            .await;
        let rec = match saved {
            Ok(((), rec)) => rec,
            Err(e) => {
                tracing::warn!(game_id, error = %e, "could not record delivery");
                rec
            }
        };
        // The public card and the spectators follow the game.
        let (card, spectators) = self.app.followers(game_id).await.unwrap_or((true, true));
        if card {
            super::cards::update_card(self, &rec).await;
        }
        if spectators {
            super::cards::sync_spectators(self, &rec).await;
        }
    }

    /// `kb` with a last row holding the "🗺 Board" button that opens the
    /// Mini App on `game_id` (`WEBAPP_URL/?game=<id>`), when `WEBAPP_URL` is
    /// set and the keyboard has room (Telegram: at most 100 buttons).
    pub(super) fn with_webapp_button(
        &self,
        kb: Option<InlineKeyboardMarkup>,
        game_id: i64,
        lang: Lang,
    ) -> Option<InlineKeyboardMarkup> {
        let Some(base) = &self.webapp_url else { return kb };
        let mut url = base.clone();
        url.query_pairs_mut().append_pair("game", &game_id.to_string());
        let button = InlineKeyboardButton::web_app(tr(lang, "btn-webapp"), WebAppInfo { url });
        let mut kb = kb.unwrap_or_else(|| InlineKeyboardMarkup::new(Vec::<Vec<InlineKeyboardButton>>::new()));
        if kb.inline_keyboard.iter().map(Vec::len).sum::<usize>() < 100 {
            kb.inline_keyboard.push(vec![button]);
        }
        Some(kb)
    }

    /// Sends a board anew at the bottom of the chat; the old one, if any,
    /// becomes a one-line stub. Returns the new id (or the old one if the
    /// send failed).
    async fn put_board(
        &self,
        chat: i64,
        old: Option<i64>,
        text: String,
        kb: Option<InlineKeyboardMarkup>,
        lang: Lang,
    ) -> Option<i64> {
        let new = self.send(chat, text, kb).await.map(|m| i64::from(m.0));
        if let (Some(id), Some(_)) = (old, new) {
            let _ = self.edit(chat, MessageId(id as i32), texts::moved_below(lang), None);
        }
        new.or(old)
    }

    /// Waits in the background for a queued board edit: records the
    /// version as drawn once it is shown (`drawn`: the board version and
    /// whether the drawing saw a [`REDRAW_OWED`] mark, see [`record_drawn`]);
    /// sends the board anew if the user deleted it; remembers a user who
    /// blocked the bot.
    fn spawn_record(
        &self,
        game_id: i64,
        side: Player,
        user_id: i64,
        drawn: (i64, bool),
        shown: Pending<Result<(), Failure>>,
    ) {
        let ui = self.clone();
        tokio::spawn(async move {
            match shown.await {
                Ok(()) => {
                    let r = ui
                        .app
                        .with_game(game_id, |r| {
                            if let Some(p) = r.player_mut(side.as_str()) {
                                record_drawn(p, drawn);
                            }
                            Ok(((), vec![]))
                        })
                        .await;
                    if let Err(e) = r {
                        tracing::warn!(game_id, error = %e, "could not record a drawn board");
                    }
                }
                Err(Failure::NotFound) => ui.spawn_sync(game_id, Force::fresh(user_id)),
                Err(f) => {
                    tracing::warn!(chat = user_id, failure = ?f, "board edit failed");
                    if f == Failure::Blocked {
                        ui.mark_blocked(user_id).await;
                    }
                }
            }
        });
    }

    /// Updates the card of `game_id` once more after `delay` (a change the
    /// card's edit window held back), unless such an update is already due.
    pub fn trail_card(&self, game_id: i64, delay: Duration) {
        if !self.trailing.lock().expect("trailing").insert(game_id) {
            return;
        }
        let ui = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            ui.trailing.lock().expect("trailing").remove(&game_id);
            if let Ok(Some(rec)) = ui.app.game(game_id).await {
                super::cards::update_card(&ui, &rec).await;
            }
        });
    }

    /// Runs [`Ui::sync_game`] in the background.
    pub fn spawn_sync(&self, game_id: i64, force: Force) {
        let ui = self.clone();
        tokio::spawn(async move { ui.sync_game(game_id, force).await });
    }

    /// Runs [`Ui::after`] in the background: a handler that answered goes
    /// on with the next update while boards and notices wait for pacing.
    pub fn spawn_after(&self, done: Done, force: Force) {
        let ui = self.clone();
        tokio::spawn(async move { ui.after(&done, force).await });
    }

    /// Sends notices, each in its reader's language; one about a game with
    /// a board also gets the "🗺 Board" button when `WEBAPP_URL` is set.
    pub async fn notify(&self, notices: &[Addressed]) {
        for n in notices.iter().filter(|n| n.user_id != AI_USER_ID) {
            let Some(user) = self.user(n.user_id).await else { continue };
            let lang = Lang::for_user(user.lang.as_deref(), user.tg_lang.as_deref());
            let (text, kb) = texts::notice(&n.notice, lang);
            // A notice about a game with a board opens it in the Mini App too.
            let kb = match texts::board_of(&n.notice) {
                Some(game) => self.with_webapp_button(kb, game, lang),
                None => kb,
            };
            if user.blocked {
                continue;
            }
            match texts::question_of(&n.notice) {
                Some((game, kind)) => {
                    super::questions::ask(self, n.user_id, Content { text, kb }, game, kind, lang).await
                }
                None => drop(self.send(n.user_id, text, kb)),
            }
        }
    }

    /// Redraws whatever was owed when the bot stopped, brings challenge
    /// cards up to date, and lets the AI move where it was thinking
    /// (restart safety).
    pub async fn resume(&self) {
        match self.app.owed_deliveries().await {
            Ok(ids) => {
                tracing::info!(games = ids.len(), "delivering boards owed from before the restart");
                for id in ids {
                    self.sync_game(id, Force::default()).await;
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list pending deliveries"),
        }
        // Cards whose held-back edit died with the process catch up (at
        // once, or by a trailing edit once their window has passed).
        for id in self.app.cards_to_check().await.unwrap_or_default() {
            if let Ok(Some(rec)) = self.app.game(id).await {
                super::cards::update_card(self, &rec).await;
            }
        }
        // Questions whose message may not have gone out (see `questions::ask`).
        super::questions::resume(self).await;
        for id in self.app.unsettled_games().await.unwrap_or_default() {
            self.settle(id).await;
        }
        match self.app.live_ai_games().await {
            Ok(ids) => {
                for id in ids {
                    self.spawn_ai(id);
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list AI games"),
        }
    }

    /// Delivers a use case's boards and notices, then lets the AI answer if
    /// it is its turn in that game. The notices go first: a chat reads "Bob accepted", then the board.
    pub async fn after(&self, done: &Done, force: Force) {
        self.notify(&done.notices).await;
        if let Some(id) = done.game_id {
            self.sync_game(id, force).await;
            self.settle(id).await;
            self.spawn_ai(id);
        }
    }

    /// Counts a finished game in the ratings (once; a no-op otherwise).
    async fn settle(&self, game_id: i64) {
        if let Err(e) = self.app.settle(game_id).await {
            tracing::error!(game_id, error = %e, "cannot settle the game's ratings");
        }
    }

    /// Lets the AI think and move in `game_id` in the background (a blocking
    /// thread), so that no chat waits for it.
    pub fn spawn_ai(&self, game_id: i64) {
        let ui = self.clone();
        tokio::spawn(async move {
            match ui.app.ai_turn(game_id, ui.ai_budget, ui.ai_min_think).await {
                Ok(Some(done)) => {
                    ui.notify(&done.notices).await;
                    ui.sync_game(game_id, Force::default()).await;
                    ui.settle(game_id).await;
                }
                Ok(None) => {}
                Err(e) => tracing::error!(game_id, error = %e, "AI move failed"),
            }
        });
    }
}
