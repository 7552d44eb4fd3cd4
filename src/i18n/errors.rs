//! The app's refusals in words: why a move is illegal (R9–R12), why a
//! setup code is wrong (§8a), and every [`UserError`], in the reader's language.

use engine::MoveError;

use super::{Lang, tr, tr_args};
use crate::app::UserError;

/// A polite answer to a refused action, as plain text in `lang` (every
/// front-end: chat toasts and replies, the Mini App's API errors).
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
        UserError::JungleIllegal(m) => return super::jungle::illegal(*m, lang),
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
        UserError::SetupCodeNeeded => "setups-save-code",
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
            tr_args(lang, "code-bad-char", &[("pos", (*position).into()), ("ch", ch.to_string().into())])
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
