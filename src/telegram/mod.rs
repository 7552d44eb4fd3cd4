//! The Telegram front-end: the handler tree, commands, and the run loop.
//!
//! Handlers parse an update, call one use case of [`crate::app`], and render
//! the answer; delivery of boards and notices lives in [`deliver`].

mod board_message;
pub mod callback;
pub mod calls;
pub mod cards;
pub mod deliver;
mod handlers;
pub mod health;
pub mod intro;
pub mod jungle_board;
mod marks;
mod move_list;
pub mod outbox;
pub mod pacer;
pub mod questions;
pub mod render;
pub mod replay;
pub mod setup_bench;
mod setup_board;
pub mod shared;
pub mod texts;

#[cfg(test)]
pub(crate) mod marks_tests;
#[cfg(test)]
mod render_tests;

use std::sync::Arc;
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::BotCommand;
use teloxide::update_listeners::{Polling, webhooks};

use crate::app::App;
use crate::config::Config;
use crate::i18n::{Lang, tr};
use crate::startup::{StartError, TELEGRAM_API_URL};
pub use deliver::Ui;

/// Days-per-move choices offered by `/new` (0 = unlimited), R23.
pub const DAYS_CHOICES: [u8; 7] = [0, 1, 2, 3, 5, 7, 14];

/// The commands shown in Telegram's menu, in `lang`.
#[must_use]
pub fn commands(lang: Lang) -> Vec<BotCommand> {
    [
        "start", "new", "ai", "games", "history", "stats", "settings", "vacation", "setups", "rules", "lang", "cancel",
        "help",
    ]
    .iter()
    .map(|c| BotCommand::new(*c, tr(lang, &format!("cmd-{c}"))))
    .collect()
}

/// The one background task of the correspondence clock (R23): runs
/// [`App::tick`], redraws the boards whose time left crossed a mark
/// ([`App::clock_refreshes`]: each reminder, every hour of the last day)
/// and sleeps until the next event (at most a minute, so new games are
/// picked up).
async fn clock_loop(ui: Ui, cfg: crate::app::ClockConfig) {
    let mut since = None;
    loop {
        let now = crate::storage::now();
        let mut next = None;
        let mut refresh = vec![];
        match ui.app.tick(now, &cfg).await {
            Ok((dones, n)) => {
                for d in &dones {
                    ui.after(d, deliver::Force::default()).await;
                    refresh.extend(d.notices.iter().filter_map(|n| match n.notice {
                        crate::app::Notice::Reminder { game_id, .. } => Some(game_id),
                        _ => None,
                    }));
                }
                next = n;
            }
            Err(e) => tracing::error!(error = %e, "clock tick failed"),
        }
        match ui.app.clock_refreshes(now, since, &cfg).await {
            Ok((ids, n)) => {
                refresh.extend(ids);
                next = next.into_iter().chain(n).min();
            }
            Err(e) => tracing::error!(error = %e, "clock refresh failed"),
        }
        refresh.sort_unstable();
        refresh.dedup();
        for id in refresh {
            ui.sync_game(id, deliver::Force { refresh: true, ..deliver::Force::default() }).await;
        }
        since = Some(now);
        let wait = next.map_or(60, |n| (n - now).clamp(1, 60));
        tokio::time::sleep(std::time::Duration::from_secs(wait.unsigned_abs())).await;
    }
}

/// Runs the bot over `app` until SIGINT or SIGTERM (results of use cases
/// made elsewhere, e.g. on the Mini App, arrive by [`crate::app::Hub::deliveries`]
/// and are delivered like the chat's own). `http` (the Mini App's routes),
/// when given, is served on `HTTP_ADDR`, with the webhook's route added in
/// webhook mode (`WEBHOOK_URL`; long polling otherwise). Registers the commands and the
/// description in both languages, redraws boards owed from before a
/// restart, then polls updates; polling failures are logged by [`health`].
///
/// # Errors
/// A failure to reach the Bot API at start (`getMe`), told as a [`StartError`].
pub async fn run(cfg: Config, app: App, http: Option<axum::Router>) -> Result<(), StartError> {
    let mut bot = Bot::new(cfg.token.clone());
    if let Some(url) = &cfg.api_url {
        bot = bot.set_api_url(url.clone());
    }
    let api = cfg.api_url.clone().unwrap_or_else(|| TELEGRAM_API_URL.parse().expect("a valid URL"));
    let me = bot.get_me().await.map_err(|e| StartError::bot_api(&api, "getMe", &e))?;
    let username = me.username.clone().unwrap_or_default();
    tracing::info!(%username, %api, "connected to the Bot API");
    for lang in Lang::ALL {
        let req = bot.set_my_commands(commands(lang));
        let res = if lang == Lang::En { req.await } else { req.language_code(lang.code()).await };
        if let Err(e) = res {
            tracing::warn!(error = %e, "setMyCommands failed");
        }
    }
    intro::sync(&bot).await;
    if let Some(url) = &cfg.webapp_url {
        set_menu_button(&bot, url).await;
    }
    let deliveries = app.hub().deliveries();
    let mut ui = Ui::new(bot.clone(), app, username).with_calls_per_sec(cfg.calls_per_sec);
    ui.webapp_url = cfg.webapp_url.clone();
    ui.ai_budget = cfg.ai_think_ms.map(Duration::from_millis);
    ui.ai_min_think = cfg.ai_min_think_ms.map(Duration::from_millis);
    ui.card_edit_secs = i64::try_from(cfg.card_edit_secs).unwrap_or(i64::MAX);
    ui.resume().await;
    let clock = crate::app::ClockConfig { reminders: cfg.reminder_hours.iter().map(|h| h * 3_600).collect() };
    tokio::spawn(clock_loop(ui.clone(), clock));
    if let Some(mut rx) = deliveries {
        // Changes made on the Mini App: boards and notices as after a tap.
        let ui = ui.clone();
        tokio::spawn(async move {
            while let Some(done) = rx.recv().await {
                ui.spawn_after(done, deliver::Force::default());
            }
        });
    }
    let health = Arc::new(health::Health::new(api.clone()));
    let mut dispatcher = Dispatcher::builder(bot.clone(), handlers::schema())
        .dependencies(dptree::deps![ui, health.clone()])
        .default_handler(|_| async {})
        .build();
    let token = dispatcher.shutdown_token();
    tokio::spawn(async move {
        match crate::shutdown::wait_for_signal().await {
            Ok(sig) => tracing::info!(?sig, "shutting down"),
            Err(e) => tracing::error!(error = %e, "cannot listen for signals"),
        }
        loop {
            match token.shutdown() {
                Ok(f) => {
                    f.await;
                    break;
                }
                // The dispatcher is not running yet: try again shortly.
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    });
    if let Some(url) = cfg.webhook_url.clone() {
        // Updates by webhook, on the same server as the Mini App.
        let options = webhooks::Options::new(cfg.http_addr, url).secret_token(webhook_secret(&cfg.token));
        let (listener, _stop, route) = webhooks::axum_to_router(bot.clone(), options)
            .await
            .map_err(|e| StartError::bot_api(&api, "setWebhook", &e))?;
        serve_http(cfg.http_addr, http.unwrap_or_default().merge(route)).await?;
        tracing::info!(addr = %cfg.http_addr, "receiving updates by webhook");
        let on_error = Arc::new(|e: std::convert::Infallible| async move { match e {} });
        return dispatcher
            .try_dispatch_with_listener(listener, on_error)
            .await
            .map_err(|e| StartError::bot_api(&api, "getMe", &e));
    }
    if let Some(router) = http {
        serve_http(cfg.http_addr, router).await?;
    }
    // As `Dispatcher::dispatch`, but polling failures go to `health`.
    let listener = Polling::builder(bot).timeout(Duration::from_secs(10)).delete_webhook().await.build();
    let on_error = move |e: teloxide::RequestError| {
        health.on_error(&e);
        std::future::ready(())
    };
    dispatcher
        .try_dispatch_with_listener(listener, Arc::new(on_error))
        .await
        .map_err(|e| StartError::bot_api(&api, "getMe", &e))
}

/// Makes the bot's default menu button (every private chat without one of
/// its own) open the Mini App at `url`, where the page without `?game=`
/// lists the reader's games; BotFather's menu-button step is then not
/// needed. A failure is logged: the chat works without it.
async fn set_menu_button(bot: &Bot, url: &url::Url) {
    use teloxide::payloads::SetChatMenuButtonSetters as _;
    let button = teloxide::types::MenuButton::WebApp {
        text: tr(Lang::En, "btn-webapp-menu"),
        web_app: teloxide::types::WebAppInfo { url: url.clone() },
    };
    if let Err(e) = bot.set_chat_menu_button().menu_button(button).await {
        tracing::warn!(error = %e, "setChatMenuButton failed");
    }
}

/// Listens on `addr` and serves `router` (the Mini App, the webhook) in the background.
///
/// # Errors
/// [`StartError::Http`] when the address cannot be bound.
async fn serve_http(addr: std::net::SocketAddr, router: axum::Router) -> Result<(), StartError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| StartError::Http { addr: addr.to_string(), cause: e.to_string() })?;
    tracing::info!(%addr, "HTTP server listening");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "the HTTP server stopped");
        }
    });
    Ok(())
}

/// The webhook's secret token (Telegram sends it back in
/// `X-Telegram-Bot-Api-Secret-Token`): derived from the bot token, so it
/// survives restarts and is known to nobody without the token; 64 hex digits.
#[must_use]
pub fn webhook_secret(token: &str) -> String {
    use hmac::Mac as _;
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(token.as_bytes()).expect("HMAC takes any key length");
    mac.update(b"srazhenie webhook secret");
    hex::encode(mac.finalize().into_bytes())
}
