//! The JSON API: each handler checks the init data, parses, calls one use
//! case and answers with the reader's view (see the table in [`super`]).

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use engine::{Move, Square};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Web;
use super::auth::{self, AuthError, InitData};
use crate::app::{Action, GameRules, SetupAction, Stage, UserError};
use crate::i18n::Lang;
use crate::storage::now;

/// A refused request: its status and a JSON body `{error, message, view?}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: Value,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> ApiError {
        let code = match e {
            AuthError::Missing => "missing",
            AuthError::Malformed => "malformed",
            AuthError::Forged => "forged",
            AuthError::Expired => "expired",
        };
        ApiError { status: StatusCode::UNAUTHORIZED, body: json!({ "error": code, "message": e.to_string() }) }
    }
}

/// The status of a refusal: 404 no game, 403 not the reader's, 409 stale,
/// 500 internal, 422 for everything the reader can fix.
fn status(e: &UserError) -> (StatusCode, &'static str) {
    match e {
        UserError::NoSuchGame => (StatusCode::NOT_FOUND, "no-game"),
        UserError::NotInGame => (StatusCode::FORBIDDEN, "not-your-game"),
        UserError::Stale => (StatusCode::CONFLICT, "stale"),
        UserError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        UserError::Illegal(_) | UserError::JungleIllegal(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal"),
        UserError::NotYourTurn => (StatusCode::UNPROCESSABLE_ENTITY, "not-your-turn"),
        UserError::WrongPhase => (StatusCode::UNPROCESSABLE_ENTITY, "wrong-phase"),
        _ => (StatusCode::UNPROCESSABLE_ENTITY, "refused"),
    }
}

/// The query of the event stream (`?tma=<init data>`).
#[derive(Debug, Default, Deserialize)]
pub struct TmaQuery {
    /// The raw init data, URL-decoded.
    pub tma: Option<String>,
}

impl Web {
    /// The init data of a request: `Authorization: tma …`, else `query`.
    ///
    /// # Errors
    /// 401 ([`AuthError`]).
    pub(super) fn reader(&self, headers: &HeaderMap, query: Option<&str>) -> Result<InitData, ApiError> {
        let header = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        let raw = match (header.and_then(|h| h.strip_prefix("tma ")), query) {
            (Some(raw), _) | (None, Some(raw)) => raw,
            (None, None) => return Err(AuthError::Missing.into()),
        };
        Ok(auth::validate(raw, &self.token, now())?)
    }

    /// The reader's language: their `/lang` choice, else their Telegram client's.
    pub(super) async fn lang(&self, who: &InitData) -> Lang {
        let user = self.app.user(who.user.id).await.ok().flatten();
        match user {
            Some(u) => Lang::for_user(u.lang.as_deref(), u.tg_lang.as_deref().or(who.user.language_code.as_deref())),
            None => Lang::from_code(who.user.language_code.as_deref()),
        }
    }

    /// A use case's refusal as an answer in `lang`; a stale version carries
    /// the current view so that the page redraws at once.
    pub(super) async fn refusal(&self, e: &UserError, user_id: i64, game_id: i64, lang: Lang) -> ApiError {
        let (status, code) = status(e);
        let mut body = json!({ "error": code, "message": crate::i18n::errors::error(e, lang) });
        if *e == UserError::Stale
            && let Ok(view) = self.view(user_id, game_id, lang).await
        {
            body["view"] = view;
        }
        ApiError { status, body }
    }

    /// The reader's view of a game as JSON ([`super::json::board_json`]).
    ///
    /// # Errors
    /// The errors of [`crate::app::App::board`].
    pub(super) async fn view(&self, user_id: i64, game_id: i64, lang: Lang) -> Result<Value, UserError> {
        let board = self.app.board(user_id, game_id).await?;
        let saved = match (&board.stage, board.side, board.rules) {
            (Stage::Setup { .. }, Some(_), GameRules::Stratego(r)) => self.app.saved_setups_of(user_id, r).await?,
            _ => vec![],
        };
        Ok(super::json::board_json(&board, lang, now(), &saved))
    }

    /// Answers a use case's outcome: on success the chat front-end gets the
    /// result to deliver and the reader the new view; otherwise the refusal.
    async fn answer(
        &self,
        who: &InitData,
        game_id: i64,
        done: Result<crate::app::Done, UserError>,
    ) -> Result<Json<Value>, ApiError> {
        let lang = self.lang(who).await;
        let uid = who.user.id;
        match done {
            Ok(done) => {
                self.app.hub().deliver(done);
                self.view(uid, game_id, lang).await.map(Json).map_err(|e| status_only(&e, lang))
            }
            Err(e) => Err(self.refusal(&e, uid, game_id, lang).await),
        }
    }
}

/// A request body as JSON, or why it is not. Read only after the init data
/// and the reader's part in the game are checked, so that the order of
/// refusals is 401, 403 (or 404), then 409, then 422 whatever the body.
pub type Body<T> = Result<Json<T>, JsonRejection>;

impl Web {
    /// The body of a POST by `who` on game `game_id`, or the refusal: the
    /// reader's own (404, 403 for anyone who does not play the game, a
    /// spectator included), else 422 for a body that does not parse.
    async fn body<T>(&self, who: &InitData, game_id: i64, body: Body<T>) -> Result<T, ApiError> {
        let rejection = match body {
            Ok(Json(b)) => return Ok(b),
            Err(r) => r,
        };
        let lang = self.lang(who).await;
        if let Err(e) = self.app.game_of(who.user.id, game_id).await {
            return Err(status_only(&e, lang));
        }
        Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            body: json!({ "error": "bad-request", "message": rejection.body_text() }),
        })
    }
}

fn status_only(e: &UserError, lang: Lang) -> ApiError {
    let (status, code) = status(e);
    ApiError { status, body: json!({ "error": code, "message": crate::i18n::errors::error(e, lang) }) }
}

/// `GET /api/games`: the reader's recent games, newest first.
pub async fn games(State(web): State<Web>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let who = web.reader(&headers, None)?;
    let lang = web.lang(&who).await;
    let games = web.app.games(who.user.id, 30).await.map_err(|e| status_only(&e, lang))?;
    let list: Vec<Value> = games
        .iter()
        .map(|g| {
            json!({
                "id": g.id, "rules": g.rule_set.as_str(), "status": g.status.as_str(), "side": g.side.as_str(),
                "yourTurn": g.your_turn, "plies": g.plies, "result": g.result, "ai": g.ai.map(|l| l.to_string()),
            })
        })
        .collect();
    Ok(Json(json!({ "games": list, "lang": lang.code() })))
}

/// `GET /api/games/{id}`: the reader's view.
pub async fn game(State(web): State<Web>, Path(id): Path<i64>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let who = web.reader(&headers, None)?;
    let lang = web.lang(&who).await;
    web.view(who.user.id, id, lang).await.map(Json).map_err(|e| status_only(&e, lang))
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
pub struct MoveBody {
    /// The square moved from, `e4`.
    pub from: String,
    /// The square moved to, `e5`.
    pub to: String,
    /// The board version the move was chosen on.
    pub version: i64,
}

fn square(s: &str) -> Result<Square, UserError> {
    s.parse().map_err(|e| UserError::BadMoveText(engine::MoveParseError::Square(e)))
}

/// `POST /api/games/{id}/moves`: plays a move (R9–R12; J5–J9 in Jungle) as a tap would.
pub async fn play_move(
    State(web): State<Web>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    body: Body<MoveBody>,
) -> Result<Json<Value>, ApiError> {
    let who = web.reader(&headers, None)?;
    let body = web.body(&who, id, body).await?;
    let mv = square(&body.from).and_then(|from| Ok(Move::new(from, square(&body.to)?)));
    let done = match mv {
        Ok(mv) => web.app.board_move(who.user.id, id, body.version, mv).await,
        Err(e) => Err(e),
    };
    web.answer(&who, id, done).await
}

/// The body of `POST /api/games/{id}/setup`.
#[derive(Debug, Deserialize)]
pub struct SetupBody {
    /// `swap`, `shuffle`, `smart`, `saved`, `confirm` or `edit`.
    pub action: String,
    /// The board version the action was chosen on.
    pub version: i64,
    /// `swap`: the first square.
    pub a: Option<String>,
    /// `swap`: the second square.
    pub b: Option<String>,
    /// `saved`: the saved setup's id.
    pub id: Option<i64>,
}

/// `POST /api/games/{id}/setup`: edits or confirms the reader's setup (R5–R7).
pub async fn setup(
    State(web): State<Web>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    body: Body<SetupBody>,
) -> Result<Json<Value>, ApiError> {
    let who = web.reader(&headers, None)?;
    let body = web.body(&who, id, body).await?;
    let action = match body.action.as_str() {
        "swap" => {
            let a = square(body.a.as_deref().unwrap_or_default());
            let b = square(body.b.as_deref().unwrap_or_default());
            a.and_then(|a| Ok(SetupAction::Swap(a, b?)))
        }
        "shuffle" => Ok(SetupAction::Shuffle),
        "smart" => Ok(SetupAction::Smart),
        "saved" => body.id.map(SetupAction::Saved).ok_or(UserError::NoSuchSetup),
        "confirm" => Ok(SetupAction::Confirm),
        "edit" => Ok(SetupAction::Edit),
        _ => Err(UserError::WrongPhase),
    };
    let done = match action {
        Ok(a) => web.app.setup_action(who.user.id, id, Some(body.version), a).await,
        Err(e) => Err(e),
    };
    web.answer(&who, id, done).await
}

/// The body of `POST /api/games/{id}/actions`.
#[derive(Debug, Deserialize)]
pub struct ActionBody {
    /// `resign`, `offer-draw`, `accept-draw`, `decline-draw` or `abort`.
    pub action: String,
    /// The board version the action was chosen on.
    pub version: i64,
}

/// `POST /api/games/{id}/actions`: resignation, draws, abort (R22, R23).
pub async fn action(
    State(web): State<Web>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    body: Body<ActionBody>,
) -> Result<Json<Value>, ApiError> {
    let who = web.reader(&headers, None)?;
    let body = web.body(&who, id, body).await?;
    let action = match body.action.as_str() {
        "resign" => Ok(Action::ResignConfirm),
        "offer-draw" => Ok(Action::OfferDraw),
        "accept-draw" => Ok(Action::AcceptDraw),
        "decline-draw" => Ok(Action::DeclineDraw),
        "abort" => Ok(Action::Abort),
        _ => Err(UserError::WrongPhase),
    };
    let done = match action {
        Ok(a) => web.app.action(who.user.id, id, Some(body.version), a).await,
        Err(e) => Err(e),
    };
    web.answer(&who, id, done).await
}

/// `?tma=` for the event stream.
pub type TmaParam = Query<TmaQuery>;
