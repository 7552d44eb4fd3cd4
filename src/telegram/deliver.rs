//! Delivery: draws owed boards and notifications, sends notices, and deals
//! with Telegram's errors — "not modified" ignored, "not found" answered by
//! a new message, blocked users remembered, 429 waited out and retried.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::Player;
use teloxide::ApiError;
use teloxide::RequestError;
use teloxide::payloads::{EditMessageTextSetters, SendMessageSetters};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, MessageId, ParseMode};

use super::pacer::Pacer;
use super::render::{self, BoardCtx, SetupCtx};
use super::texts;
use crate::app::{AI_USER_ID, Addressed, App, Done, Seat};
use crate::i18n::Lang;
use crate::i18n::tr_args;
use crate::storage::{GameRecord, GameStatus, UserRecord};

/// How Telegram answered a call, as far as delivery cares.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// 400 "message is not modified": the board already shows this.
    NotModified,
    /// 400 "message to edit/delete not found": the user deleted it.
    NotFound,
    /// 403: the user blocked the bot.
    Blocked,
    /// 403: the user never pressed Start.
    CantInitiate,
    /// Anything else (logged).
    Other(String),
}

/// Classifies a request error (teloxide maps some 403s to `Unknown`: match the text).
#[must_use]
pub fn classify(e: &RequestError) -> Failure {
    match e {
        RequestError::Api(ApiError::MessageNotModified) => Failure::NotModified,
        RequestError::Api(ApiError::MessageToEditNotFound | ApiError::MessageToDeleteNotFound) => Failure::NotFound,
        RequestError::Api(ApiError::BotBlocked) => Failure::Blocked,
        RequestError::Api(ApiError::CantInitiateConversation) => Failure::CantInitiate,
        RequestError::Api(ApiError::Unknown(t)) => {
            let t = t.to_lowercase();
            if t.contains("not modified") {
                Failure::NotModified
            } else if t.contains("not found") && t.contains("message") {
                Failure::NotFound
            } else if t.contains("blocked") {
                Failure::Blocked
            } else if t.contains("initiate conversation") {
                Failure::CantInitiate
            } else {
                Failure::Other(t)
            }
        }
        e => Failure::Other(e.to_string()),
    }
}

/// Runs a call to `chat` after the pacer allows it; on 429 waits the
/// `retry_after` Telegram asked for and tries again (up to five times, for
/// edits as well as sends), and retries network errors three times.
///
/// # Errors
/// The last error once the retries are used up, or any other API error at once.
pub async fn with_retry<T, F, Fut>(pacer: &Pacer, chat: i64, mut f: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut tries = 0;
    loop {
        pacer.wait(chat).await;
        match f().await {
            Err(RequestError::RetryAfter(s)) if tries < 5 => {
                tries += 1;
                tracing::warn!(chat, secs = s.seconds(), "429 from Telegram, waiting");
                tokio::time::sleep(s.duration() + Duration::from_millis(50)).await;
            }
            Err(RequestError::Network(e)) if tries < 3 => {
                tries += 1;
                tracing::warn!(chat, error = %e, "network error, retrying");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            r => return r,
        }
    }
}

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
    pacer: Arc<Pacer>,
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
}

impl Ui {
    /// A front-end over `bot` and `app`, paced to Telegram's default limits.
    #[must_use]
    pub fn new(bot: Bot, app: App, username: String) -> Ui {
        Ui {
            bot,
            app,
            username,
            ai_budget: None,
            ai_min_think: None,
            pacer: Arc::new(Pacer::default()),
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

    /// Sends an HTML message; `None` (logged) when it could not be delivered.
    pub async fn send(&self, chat: i64, text: String, kb: Option<InlineKeyboardMarkup>) -> Option<MessageId> {
        let r = self
            .call(chat, || {
                let mut req = self.bot.send_message(ChatId(chat), text.clone()).parse_mode(ParseMode::Html);
                if let Some(kb) = &kb {
                    req = req.reply_markup(kb.clone());
                }
                req.into_future()
            })
            .await;
        match r {
            Ok(m) => Some(m.id),
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

    /// Edits an HTML message in place.
    ///
    /// # Errors
    /// The classified failure; "not modified" is reported as success.
    pub async fn edit(
        &self,
        chat: i64,
        id: MessageId,
        text: String,
        kb: Option<InlineKeyboardMarkup>,
    ) -> Result<(), Failure> {
        let r = self
            .call(chat, || {
                let mut req = self.bot.edit_message_text(ChatId(chat), id, text.clone()).parse_mode(ParseMode::Html);
                if let Some(kb) = &kb {
                    req = req.reply_markup(kb.clone());
                }
                req.into_future()
            })
            .await;
        match r.map_err(|e| classify(&e)) {
            Ok(_) | Err(Failure::NotModified) => Ok(()),
            Err(f) => Err(f),
        }
    }

    async fn mark_blocked(&self, user_id: i64) {
        if let Ok(Some(u)) = self.app.store().get_user(user_id).await
            && !u.blocked
        {
            let _ = self.app.store().set_blocked(user_id, true).await;
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
        self.app.store().get_user(id).await.ok().flatten()
    }

    /// Draws every owed board and notification of `game_id`, plus what `force` asks.
    pub async fn sync_game(&self, game_id: i64, force: Force) {
        let lock = self.lock(game_id);
        let _guard = lock.lock().await;
        let Ok(Some(rec)) = self.app.store().load_game(game_id).await else { return };
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
            let fresh = force.fresh_for == Some(p.user_id);
            let owed = p.rendered_version < p.board_version || fresh || force.redraw_for == Some(p.user_id);
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
            let mut board_id = p.board_message_id;
            let mut notify_id = p.notify_message_id;
            let mut notified = false;
            if owed {
                let Some((text, kb)) = board_message(&rec, side, lang, &opponent) else { continue };
                board_id = self.put_board(p.user_id, board_id, fresh, text, kb, lang).await;
            }
            if p.notify_pending && rec.status == GameStatus::Play {
                if let Some(old) = notify_id {
                    let _ = self
                        .call(p.user_id, || {
                            self.bot.delete_message(ChatId(p.user_id), MessageId(old as i32)).into_future()
                        })
                        .await;
                }
                let text = texts::your_turn(&rec, side, lang, &opponent);
                notify_id = self.send(p.user_id, text, None).await.map(|m| i64::from(m.0));
                notified = true;
            }
            updates.push((side, board_id, p.board_version, notify_id, notified));
        }
        let saved = self
            .app
            .with_game(game_id, |r| {
                for (side, board_id, version, notify_id, notified) in &updates {
                    if let Some(p) = r.player_mut(side.as_str()) {
                        p.board_message_id = *board_id;
                        p.rendered_version = p.rendered_version.max(*version);
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
        let (card, spectators) = self.app.store().followers(game_id).await.unwrap_or((true, true));
        if card {
            super::cards::update_card(self, &rec).await;
        }
        if spectators {
            super::cards::sync_spectators(self, &rec).await;
        }
    }

    /// Puts a board in the chat: edits `old` in place, or sends it anew
    /// (when `fresh`, when there is none, or when the user deleted it).
    async fn put_board(
        &self,
        chat: i64,
        old: Option<i64>,
        fresh: bool,
        text: String,
        kb: Option<InlineKeyboardMarkup>,
        lang: Lang,
    ) -> Option<i64> {
        if let (Some(id), false) = (old, fresh) {
            match self.edit(chat, MessageId(id as i32), text.clone(), kb.clone()).await {
                Ok(()) => return Some(id),
                Err(Failure::NotFound) => {}
                Err(f) => {
                    tracing::warn!(chat, failure = ?f, "board edit failed");
                    if f == Failure::Blocked {
                        self.mark_blocked(chat).await;
                    }
                    return Some(id);
                }
            }
        }
        let new = self.send(chat, text, kb).await.map(|m| i64::from(m.0));
        if let (Some(id), true, Some(_)) = (old, fresh, new) {
            let _ = self.edit(chat, MessageId(id as i32), texts::moved_below(lang), None).await;
        }
        new.or(old)
    }

    /// Sends notices, each in its reader's language.
    pub async fn notify(&self, notices: &[Addressed]) {
        for n in notices.iter().filter(|n| n.user_id != AI_USER_ID) {
            let Some(user) = self.user(n.user_id).await else { continue };
            let lang = Lang::for_user(user.lang.as_deref(), user.tg_lang.as_deref());
            let (text, kb) = texts::notice(&n.notice, lang);
            if user.blocked {
                continue;
            }
            self.send(n.user_id, text, kb).await;
        }
    }

    /// Redraws whatever was owed when the bot stopped, and lets the AI move
    /// where it was thinking (restart safety).
    pub async fn resume(&self) {
        match self.app.store().games_with_pending_delivery().await {
            Ok(ids) => {
                tracing::info!(games = ids.len(), "delivering boards owed from before the restart");
                for id in ids {
                    self.sync_game(id, Force::default()).await;
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list pending deliveries"),
        }
        for id in self.app.store().unsettled_games().await.unwrap_or_default() {
            self.settle(id).await;
        }
        match self.app.store().live_ai_games().await {
            Ok(ids) => {
                for id in ids {
                    self.spawn_ai(id);
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list AI games"),
        }
    }

    /// Delivers a use case's boards and notices, then lets the AI answer if
    /// it is its turn in that game.
    pub async fn after(&self, done: &Done, force: Force) {
        if let Some(id) = done.game_id {
            self.sync_game(id, force).await;
        }
        self.notify(&done.notices).await;
        if let Some(id) = done.game_id {
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
                    ui.sync_game(game_id, Force::default()).await;
                    ui.notify(&done.notices).await;
                    ui.settle(game_id).await;
                }
                Ok(None) => {}
                Err(e) => tracing::error!(game_id, error = %e, "AI move failed"),
            }
        });
    }
}

/// The AI's display name at `level`, e.g. "AI (normal)".
#[must_use]
pub fn ai_name(level: ai::Level, lang: Lang) -> String {
    tr_args(lang, "ai-name", &[("level", crate::i18n::tr(lang, &format!("ai-level-{level}")).into())])
}

/// The board message of `side` in `rec`: setup board in the setup phase,
/// play board afterwards. Built from the player's own draft or their
/// `PlayerView` only (R25).
#[must_use]
pub fn board_message(
    rec: &GameRecord,
    side: Player,
    lang: Lang,
    opponent: &str,
) -> Option<(String, Option<InlineKeyboardMarkup>)> {
    let p = rec.player(side.as_str())?;
    let seat = Seat::parse(p.selected.as_deref());
    let scroll = u8::try_from(p.scroll.clamp(0, 2)).unwrap_or(0);
    match rec.status {
        GameStatus::Setup => {
            let rules: engine::RuleSetId = rec.rule_set.parse().ok()?;
            let draft = engine::ValidSetup::from_code(rules.rules(), p.draft_setup.as_deref()?).ok()?;
            let opp = rec.player(side.other().as_str());
            let ctx = SetupCtx {
                lang,
                game_id: rec.id,
                version: p.board_version,
                me: side,
                first: Player::parse(&rec.first_player)?,
                opponent,
                selected: match seat {
                    Seat::Selected(sq) => Some(sq),
                    _ => None,
                },
                scroll,
                confirmed: p.setup_confirmed,
                opponent_ready: opp.is_some_and(|o| o.setup_confirmed),
                days_per_move: rec.days_per_move,
            };
            Some((render::setup_text(&draft, &ctx), Some(render::setup_keyboard(&draft, &ctx))))
        }
        GameStatus::Play | GameStatus::Finished => {
            let game: engine::Game = serde_json::from_str(rec.state.as_deref()?).ok()?;
            let view = game.view(side);
            let ctx = BoardCtx {
                lang,
                game_id: rec.id,
                version: p.board_version,
                opponent,
                seat,
                scroll,
                draw_offer: rec.draw_offer.as_deref().and_then(Player::parse),
                days_per_move: rec.days_per_move,
                opponent_vacation: rec
                    .player(side.other().as_str())
                    .and_then(|o| o.vacation_until)
                    .filter(|u| *u > crate::storage::now())
                    .map(super::texts::fmt_date),
                time_left: (rec.status == GameStatus::Play)
                    .then(|| crate::app::deadline(rec).map(|d| d - crate::storage::now()))
                    .flatten(),
            };
            Some((render::board_text(&view, &ctx), render::board_keyboard(&view, &ctx)))
        }
        GameStatus::Waiting | GameStatus::Cancelled => None,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use teloxide::types::Seconds;

    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_429_is_waited_out_and_retried() {
        let pacer = Pacer::default();
        let calls = AtomicU32::new(0);
        let t0 = tokio::time::Instant::now();
        let r: Result<u32, RequestError> = with_retry(&pacer, 5, || async {
            match calls.fetch_add(1, Ordering::SeqCst) {
                0 | 1 => Err(RequestError::RetryAfter(Seconds::from_seconds(2))),
                n => Ok(n),
            }
        })
        .await;
        assert_eq!(r.unwrap(), 2);
        assert!(t0.elapsed() >= Duration::from_secs(4), "waited {:?}", t0.elapsed());
    }

    #[tokio::test(start_paused = true)]
    async fn other_errors_are_not_retried() {
        let pacer = Pacer::default();
        let calls = AtomicU32::new(0);
        let r: Result<(), RequestError> = with_retry(&pacer, 5, || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(RequestError::Api(ApiError::MessageNotModified))
        })
        .await;
        assert_eq!(classify(&r.unwrap_err()), Failure::NotModified);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn telegram_errors_are_classified_by_their_text_too() {
        let unknown = |t: &str| RequestError::Api(ApiError::Unknown(t.to_owned()));
        assert_eq!(classify(&unknown("Forbidden: bot can't initiate conversation with a user")), Failure::CantInitiate);
        assert_eq!(classify(&unknown("Forbidden: bot was blocked by the user")), Failure::Blocked);
        assert_eq!(classify(&RequestError::Api(ApiError::MessageToEditNotFound)), Failure::NotFound);
        assert!(matches!(classify(&unknown("Bad Request: chat not found")), Failure::Other(_)));
    }
}
