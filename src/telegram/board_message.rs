//! The board message of a player, as delivery draws it: the setup board
//! in the setup phase, the play board afterwards, from the player's own
//! draft or view only (R25); and how a drawn board is recorded.

use engine::Player;
use teloxide::types::InlineKeyboardMarkup;

use super::render::{self, BoardCtx, SetupCtx};
use crate::app::{REDRAW_OWED, Seat};
use crate::i18n::{Lang, tr_args};
use crate::storage::{GameRecord, GameStatus, PlayerRecord};

/// Records that `p`'s board was drawn at `version` (`drawn.0`). A board
/// marked [`REDRAW_OWED`] keeps its mark unless this drawing saw it
/// (`drawn.1`): a drawing made before the mark does not show what the mark
/// asks for.
pub(crate) fn record_drawn(p: &mut PlayerRecord, (version, saw_mark): (i64, bool)) {
    if p.rendered_version != REDRAW_OWED || saw_mark {
        p.rendered_version = p.rendered_version.max(version);
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
    let seat = Seat::parse(p.selected.as_deref()).drawn();
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
            let deadline = (rec.status == GameStatus::Play).then(|| crate::app::deadline(rec)).flatten();
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
                time_left: deadline.map(|d| d - crate::storage::now()),
                deadline,
            };
            if crate::app::is_jungle(rec) {
                // RULES.md §9: the Jungle engine's game, its player's view only.
                let game: jungle::Game = serde_json::from_str(rec.state.as_deref()?).ok()?;
                let view = game.view(side);
                return Some((
                    super::jungle_board::board_text(&view, &ctx),
                    Some(super::jungle_board::board_keyboard(&view, &ctx)),
                ));
            }
            let game: engine::Game = serde_json::from_str(rec.state.as_deref()?).ok()?;
            let view = game.view(side);
            Some((render::board_text(&view, &ctx), render::board_keyboard(&view, &ctx)))
        }
        GameStatus::Waiting | GameStatus::Cancelled => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_made_before_a_redraw_mark_leaves_it() {
        let mut p = PlayerRecord::new("north", 2);
        p.board_version = 7;
        p.rendered_version = 6;
        record_drawn(&mut p, (7, false));
        assert_eq!(p.rendered_version, 7, "an ordinary drawing is recorded");
        p.rendered_version = REDRAW_OWED;
        record_drawn(&mut p, (7, false));
        assert_eq!(p.rendered_version, REDRAW_OWED, "drawn before the mark: still owed");
        record_drawn(&mut p, (7, true));
        assert_eq!(p.rendered_version, 7, "drawn after the mark: recorded");
    }

    /// A move waiting for its second tap is drawn exactly as its piece's
    /// selection: a redraw that comes between the two taps (a restart, a
    /// resend, a sync that overtook the record of the last edit) changes
    /// nothing the player sees, and the second tap still finds its square.
    #[tokio::test]
    async fn a_move_waiting_for_its_second_tap_is_drawn_as_its_selection() {
        use crate::app::TapResult;
        use crate::app::tests::{code_with, fresh_app, game_in_play, user_of, version_of};
        let app = fresh_app().await;
        let code = code_with(&[(30, '5'), (39, '9')]);
        let (game, first) = game_in_play(&app, &code, &code).await;
        let (from, to) = if first == Player::South { ("a4", "a5") } else { ("j7", "j6") };
        let (from, to): (engine::Square, engine::Square) = (from.parse().unwrap(), to.parse().unwrap());
        let v = version_of(&app, game, first).await;
        app.tap(user_of(first), game, v, from).await.unwrap();
        let selected = app.game(game).await.unwrap().unwrap();
        let v = version_of(&app, game, first).await;
        let asked = app.tap(user_of(first), game, v, to).await.unwrap().0;
        assert_eq!(asked, TapResult::Confirm(engine::Move::new(from, to)));
        let waiting = app.game(game).await.unwrap().unwrap();
        assert_ne!(waiting.player(first.as_str()).unwrap().selected, selected.player(first.as_str()).unwrap().selected);
        for lang in [Lang::En, Lang::Ru] {
            let drawn = board_message(&waiting, first, lang, "Bob").expect("a board");
            assert_eq!(drawn, board_message(&selected, first, lang, "Bob").expect("a board"));
            let kb = drawn.1.expect("a keyboard");
            let dest = kb.inline_keyboard.iter().flatten().find(|b| {
                matches!(&b.kind, teloxide::types::InlineKeyboardButtonKind::CallbackData(d)
                    if d.rsplit('.').next() == Some(to.to_string().as_str()))
            });
            assert_eq!(dest.map(|b| b.text.as_str()), Some("○"), "the destination is still marked for the second tap");
        }
    }
}
