//! The Mini App: the whole board in a web page served by the bot itself,
//! for Stratego (10×10) and Jungle (7×9, RULES.md §9).
//!
//! [`router`] gives the routes; the binary hands them to
//! [`crate::telegram::run`], which serves them on `HTTP_ADDR` on the bot's
//! tokio runtime (with the webhook's route in webhook mode). They serve the page
//! (HTML, CSS and JS embedded in the binary; nothing from any other host)
//! and a JSON API that is the application's use cases and nothing new:
//!
//! | route | what |
//! |---|---|
//! | `GET /` | the page (`?game=<id>` opens that game) |
//! | `GET /api/games` | the reader's games |
//! | `GET /api/games/{id}` | the reader's view ([`json`]) |
//! | `POST /api/games/{id}/moves` | `{"from":"e4","to":"e5","version":N}` |
//! | `POST /api/games/{id}/setup` | `{"action":"swap"\|"shuffle"\|"smart"\|"saved"\|"confirm"\|"edit", "version":N, "a","b","id"}` |
//! | `POST /api/games/{id}/actions` | `{"action":"resign"\|"offer-draw"\|"accept-draw"\|"decline-draw"\|"abort", "version":N}` |
//! | `GET /api/games/{id}/events` | server-sent events: the view after every change |
//!
//! Every API call carries Telegram's init data ([`auth`]) in
//! `Authorization: tma <initData>` (the event stream also as `?tma=`):
//! 401 without valid data, 403 for a game the reader neither plays nor
//! watches, 409 with the current view for a stale version, 422 with the
//! reason in the reader's language for a refused action (R9–R12), checked
//! in that order: a stranger learns nothing of a game (not even its
//! version, whatever body they send), a spectator's POST is 403, and a
//! body that does not parse is 422 only for one of the game's players.
//!
//! R25: every view is built from the engine's `PlayerView` or
//! `SpectatorView` (or the reader's own draft), or the Jungle engine's
//! `PlayerView`, by [`json::board_json`]; nothing else about a game
//! reaches the page.
//!
//! A change made here is handed to the chat front-end through
//! [`crate::app::Hub::deliver`], so boards and notices in Telegram follow
//! exactly as after a tap; this module never calls `crate::telegram`.

mod api;
mod assets;
pub mod auth;
mod events;
pub mod json;

use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};

use crate::app::App;

/// Shared state of the handlers: the use cases and the bot token (the key
/// of the init data).
#[derive(Clone)]
pub struct Web {
    app: App,
    token: Arc<str>,
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web").field("token", &"***").finish_non_exhaustive()
    }
}

/// The Mini App's routes over `app`, checking init data with the bot `token`.
pub fn router(app: App, token: &str) -> Router {
    let web = Web { app, token: token.into() };
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/app.css", get(assets::style))
        .route("/api/games", get(api::games))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/moves", post(api::play_move))
        .route("/api/games/{id}/setup", post(api::setup))
        .route("/api/games/{id}/actions", post(api::action))
        .route("/api/games/{id}/events", get(events::stream))
        .with_state(web)
}
