//! `GET /api/games/{id}/events`: server-sent events carrying the reader's
//! view (`event: view`, the same JSON as `GET /api/games/{id}`) at once and
//! after every change of the game, whoever made it (the opponent in the
//! chat or on their page, the AI, the clock). An `EventSource` cannot send
//! headers, so the init data may come as `?tma=<url-encoded init data>`.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use tokio::sync::broadcast::error::RecvError;

use super::Web;
use super::api::{ApiError, TmaParam};
use crate::i18n::Lang;

/// What the stream remembers between events.
struct Follow {
    web: Web,
    user_id: i64,
    game_id: i64,
    lang: Lang,
    changes: tokio::sync::broadcast::Receiver<i64>,
    last: Option<String>,
}

impl Follow {
    /// The next view that differs from the last one sent; `None` when the
    /// game can no longer be shown (or the application stopped).
    async fn next(&mut self) -> Option<String> {
        loop {
            if self.last.is_some() {
                match self.changes.recv().await {
                    Ok(id) if id != self.game_id => continue,
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return None,
                }
            }
            let view = self.web.view(self.user_id, self.game_id, self.lang).await.ok()?.to_string();
            if self.last.as_ref() != Some(&view) {
                self.last = Some(view.clone());
                return Some(view);
            }
        }
    }
}

/// Opens the stream; 401/403/404 as for `GET /api/games/{id}`.
pub async fn stream(
    State(web): State<Web>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    query: TmaParam,
) -> Result<impl IntoResponse, ApiError> {
    let who = web.reader(&headers, query.tma.as_deref())?;
    let lang = web.lang(&who).await;
    // Subscribe before the first view, so that no change falls between them.
    let changes = web.app.hub().changes();
    if let Err(e) = web.app.board(who.user.id, id).await {
        return Err(web.refusal(&e, who.user.id, id, lang).await);
    }
    let follow = Follow { web, user_id: who.user.id, game_id: id, lang, changes, last: None };
    let events = futures_util::stream::unfold(follow, |mut f| async move {
        let view = f.next().await?;
        Some((Ok::<_, Infallible>(Event::default().event("view").data(view)), f))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
