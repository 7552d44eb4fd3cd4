//! Texts that are not boards: notices, answers to errors, help. All through
//! the localization files, in the reader's language.

use engine::MoveError;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::Callback;
use super::render::esc;
use crate::app::{Notice, UserError};
use crate::i18n::{Lang, tr, tr_args};

/// A notice's text and its buttons: the answers to a question (a draw
/// offer, a rematch) and, for a notice about a game that has a board, one
/// that brings that board to the bottom of the chat.
#[must_use]
pub fn notice(n: &Notice, lang: Lang) -> (String, Option<InlineKeyboardMarkup>) {
    let id = |game_id: &i64| ("id", (*game_id).into());
    let mut rows: Vec<Vec<InlineKeyboardButton>> = vec![];
    let text = match n {
        Notice::OpponentJoined { game_id, name } => {
            tr_args(lang, "notice-joined", &[id(game_id), ("name", esc(name).into())])
        }
        Notice::OpponentReady { game_id } => tr_args(lang, "notice-ready", &[id(game_id)]),
        Notice::GameStarted { game_id, you_first } => {
            let key = if *you_first { "notice-started-you" } else { "notice-started-them" };
            tr_args(lang, key, &[id(game_id)])
        }
        Notice::DrawOffered { game_id } => {
            rows.push(vec![
                InlineKeyboardButton::callback(
                    tr(lang, "btn-accept-draw"),
                    Callback::DrawAnswer { game: *game_id, accept: true }.encode(),
                ),
                InlineKeyboardButton::callback(
                    tr(lang, "btn-decline-draw"),
                    Callback::DrawAnswer { game: *game_id, accept: false }.encode(),
                ),
            ]);
            tr_args(lang, "notice-draw-offered", &[id(game_id)])
        }
        Notice::DrawDeclined { game_id } => tr_args(lang, "notice-draw-declined", &[id(game_id)]),
        Notice::GameOver { game_id } => tr_args(lang, "notice-game-over", &[id(game_id)]),
        Notice::OpponentBlocked { game_id } => tr_args(lang, "notice-opponent-blocked", &[id(game_id)]),
        Notice::Reminder { game_id, hours_left } => {
            tr_args(lang, "notice-reminder", &[id(game_id), ("n", (*hours_left).into())])
        }
        Notice::RematchOffered { game_id, code, .. } => {
            if let Ok(c) = <[u8; 22]>::try_from(code.as_bytes()) {
                rows.push(vec![InlineKeyboardButton::callback(
                    tr(lang, "btn-accept-rematch"),
                    Callback::Join(c).encode(),
                )]);
            }
            tr_args(lang, "notice-rematch", &[id(game_id)])
        }
        Notice::Aborted { game_id } => tr_args(lang, "notice-aborted", &[id(game_id)]),
        Notice::InvitationCancelled { game_id } => tr_args(lang, "notice-invite-cancelled", &[id(game_id)]),
    };
    if let Some(game) = board_of(n) {
        rows.push(vec![InlineKeyboardButton::callback(tr(lang, "btn-resend"), Callback::Resend { game }.encode())]);
    }
    (text, (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows)))
}

/// The game whose board a notice leads to (a button brings it to the
/// bottom); `None` for notices about games without a live board.
#[must_use]
pub fn board_of(n: &Notice) -> Option<i64> {
    match n {
        Notice::OpponentJoined { game_id, .. }
        | Notice::OpponentReady { game_id }
        | Notice::GameStarted { game_id, .. }
        | Notice::DrawOffered { game_id }
        | Notice::DrawDeclined { game_id }
        | Notice::GameOver { game_id }
        | Notice::OpponentBlocked { game_id }
        | Notice::Reminder { game_id, .. } => Some(*game_id),
        Notice::RematchOffered { .. } | Notice::Aborted { .. } | Notice::InvitationCancelled { .. } => None,
    }
}

/// The question a notice asks, to close once it is answered or expires:
/// the game it depends on and its kind (see [`super::questions`]).
#[must_use]
pub fn question_of(n: &Notice) -> Option<(i64, &'static str)> {
    match n {
        Notice::DrawOffered { game_id } => Some((*game_id, "draw")),
        Notice::Reminder { game_id, .. } => Some((*game_id, "reminder")),
        Notice::RematchOffered { new_game, .. } => Some((*new_game, "rematch")),
        _ => None,
    }
}

/// The one-line stub left where a board was before it was sent again below.
#[must_use]
pub fn moved_below(lang: Lang) -> String {
    tr(lang, "board-moved-below")
}

/// A polite answer to a refused action (used for toasts and replies).
#[must_use]
pub fn error(e: &UserError, lang: Lang) -> String {
    if let UserError::VacationNotAllowed { days_left, until } = e {
        let allowance = tr_args(lang, "vacation-allowance", &[("n", (*days_left).into())]);
        return match until {
            Some(u) => format!("{}\n{allowance}", tr_args(lang, "vacation-running", &[("date", fmt_date(*u).into())])),
            None => allowance,
        };
    }
    let key = match e {
        UserError::NoSuchGame => "err-no-game",
        UserError::NotInGame => "err-not-in-game",
        UserError::Stale => "err-stale",
        UserError::WrongPhase => "err-wrong-phase",
        UserError::NotYourTurn => "err-not-your-turn",
        UserError::Illegal(m) => return illegal(*m, lang),
        UserError::BadMoveText(_) => "err-bad-move-text",
        UserError::BadSetupCode(c) => {
            return tr_args(lang, "err-bad-setup-code", &[("why", setup_error(c, lang).into())]);
        }
        UserError::NotYourPiece => "err-not-your-piece",
        UserError::NotADestination => "err-not-destination",
        UserError::InvitationNotFound => "err-invite-not-found",
        UserError::InvitationCancelled => "err-invite-cancelled",
        UserError::InvitationUsed => "err-invite-used",
        UserError::OwnInvitation => "err-own-invite",
        UserError::NoActiveGame => "err-no-active-game",
        UserError::OwnChallenge => "err-own-challenge",
        UserError::ChallengeTaken => "err-challenge-taken",
        UserError::ChallengeNotForYou => "err-challenge-not-for-you",
        UserError::NoDrawOffer => "err-no-draw-offer",
        UserError::NoSuchSetup => "err-no-setup",
        UserError::SetupRuleSet => "err-setup-rule-set",
        UserError::BadSetupName => "err-setup-name",
        UserError::Internal(_) | UserError::VacationNotAllowed { .. } => "err-internal",
    };
    tr(lang, key)
}

/// A unix time as a UTC date, `2026-12-05`.
#[must_use]
pub fn fmt_date(unix: i64) -> String {
    let (y, m, d) = crate::app::civil_date(unix);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The engine's reason for refusing a move, in words (R9–R12).
#[must_use]
pub fn illegal(e: MoveError, lang: Lang) -> String {
    match e {
        MoveError::GameOver => tr(lang, "mv-game-over"),
        MoveError::NotYourTurn => tr(lang, "err-not-your-turn"),
        MoveError::EmptySquare(sq) => tr_args(lang, "mv-empty", &[("sq", sq.to_string().into())]),
        MoveError::EnemyPiece(sq) => tr_args(lang, "mv-enemy", &[("sq", sq.to_string().into())]),
        MoveError::Immobile(r) => {
            tr(lang, if r == engine::Rank::Flag { "mv-immobile-flag" } else { "mv-immobile-mine" })
        }
        MoveError::SameSquare => tr(lang, "mv-same"),
        MoveError::Lake => tr(lang, "mv-lake"),
        MoveError::OwnPiece(sq) => tr_args(lang, "mv-own", &[("sq", sq.to_string().into())]),
        MoveError::Diagonal => tr(lang, "mv-diagonal"),
        MoveError::TooFar => tr(lang, "mv-too-far"),
        MoveError::PathBlocked => tr(lang, "mv-blocked"),
        MoveError::RunnerCannotStrike => tr(lang, "mv-runner-strike"),
        MoveError::TwoSquareRule => tr(lang, "mv-two-square"),
        MoveError::ChasingRule => tr(lang, "mv-chasing"),
        MoveError::NoDrawOffer => tr(lang, "err-no-draw-offer"),
    }
}

fn setup_error(e: &engine::CodeError, lang: Lang) -> String {
    use engine::{CodeError, SetupCodeError, SetupError};
    match e {
        CodeError::Code(SetupCodeError::Length(n)) => tr_args(lang, "code-length", &[("n", (*n).into())]),
        CodeError::Code(SetupCodeError::BadChar { position, ch }) => {
            tr_args(lang, "code-bad-char", &[("pos", (*position).into()), ("ch", esc(&ch.to_string()).into())])
        }
        CodeError::Setup(SetupError::EmptySquare { position }) => {
            tr_args(lang, "code-empty", &[("pos", (*position).into())])
        }
        CodeError::Setup(SetupError::Composition(diffs)) => {
            let parts: Vec<String> = diffs
                .iter()
                .map(|d| {
                    tr_args(
                        lang,
                        "code-diff",
                        &[
                            ("piece", d.rank.code_char().to_string().into()),
                            ("found", i64::from(d.found).into()),
                            ("expected", i64::from(d.expected).into()),
                        ],
                    )
                })
                .collect();
            tr_args(lang, "code-composition", &[("diffs", parts.join(", ").into())])
        }
    }
}
