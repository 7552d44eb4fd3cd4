//! The setup phase (R5–R7): edit the draft, confirm, start the game.

use engine::{ByPlayer, Game, Player, Square, ValidSetup, home_slot};

use super::state::{self, Seat};
use super::{Addressed, App, Done, Notice, UserError};
use crate::storage::{GameRecord, GameStatus, now};

/// A change to a player's draft setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// Tap a home square: the first tap selects, the second swaps the two pieces.
    Tap(Square),
    /// Swap the pieces of two home squares at once (the whole-board editor).
    Swap(Square, Square),
    /// «Перемешать»: a uniformly random setup.
    Shuffle,
    /// «Расставить с умом»: a smart setup.
    Smart,
    /// Load a setup code (§8a).
    Code(String),
    /// Load one of the user's saved setups by id.
    Saved(i64),
    /// «В бой!»: confirm the setup.
    Confirm,
    /// Take back a confirmation while the opponent is not ready yet.
    Edit,
    /// Scroll the board's file window to this first column (0–2).
    Scroll(u8),
}

impl App {
    /// Applies a setup action of `user_id` in `game_id`. `version` is the
    /// board version the press carried (`None` for typed commands).
    ///
    /// # Errors
    /// [`UserError::Stale`], [`UserError::WrongPhase`] (not in setup, or
    /// already confirmed), [`UserError::NotYourPiece`] (a tap outside the home
    /// ranks), [`UserError::BadSetupCode`], [`UserError::NoSuchSetup`],
    /// [`UserError::SetupRuleSet`], and the errors of [`App::with_game`].
    pub async fn setup_action(
        &self,
        user_id: i64,
        game_id: i64,
        version: Option<i64>,
        action: SetupAction,
    ) -> Result<Done, UserError> {
        let saved = match &action {
            SetupAction::Saved(id) => Some(self.store.get_setup(user_id, *id).await?.ok_or(UserError::NoSuchSetup)?),
            _ => None,
        };
        self.store.set_last_game(user_id, game_id).await?;
        let (notices, _) = self
            .with_game(game_id, |rec| {
                let side = state::acting_side(rec, user_id, version, GameStatus::Setup)?;
                let rules = state::rule_set(rec)?.rules();
                let confirmed = state::player(rec, side).is_some_and(|p| p.setup_confirmed);
                if confirmed && action != SetupAction::Edit {
                    return Err(UserError::WrongPhase);
                }
                let mut draft = state::draft(rec, side)?;
                let mut seat = Seat::parse(state::player(rec, side).and_then(|p| p.selected.as_deref()));
                let mut scroll = state::player(rec, side).map_or(0, |p| p.scroll);
                let mut notices = vec![];
                match &action {
                    SetupAction::Tap(sq) => {
                        let slot = home_slot(side, *sq).ok_or(UserError::NotYourPiece)?;
                        match seat {
                            Seat::Selected(first) if first != *sq => {
                                let a = home_slot(side, first).ok_or(UserError::NotYourPiece)?;
                                draft = draft.swapped(a, slot);
                                seat = Seat::Idle;
                            }
                            Seat::Selected(_) => seat = Seat::Idle,
                            _ => seat = Seat::Selected(*sq),
                        }
                    }
                    SetupAction::Swap(a, b) => {
                        let a = home_slot(side, *a).ok_or(UserError::NotYourPiece)?;
                        let b = home_slot(side, *b).ok_or(UserError::NotYourPiece)?;
                        draft = draft.swapped(a, b);
                    }
                    SetupAction::Shuffle => draft = engine::shuffle(rules, &mut rand::rng()),
                    SetupAction::Smart => draft = engine::smart(rules, &mut rand::rng()),
                    SetupAction::Code(code) => {
                        draft = ValidSetup::from_code(rules, code).map_err(UserError::BadSetupCode)?;
                    }
                    SetupAction::Saved(_) => {
                        let s = saved.as_ref().ok_or(UserError::NoSuchSetup)?;
                        if !super::fits(s, rules.id) {
                            return Err(UserError::SetupRuleSet);
                        }
                        draft = ValidSetup::from_code(rules, &s.code).map_err(UserError::BadSetupCode)?;
                    }
                    SetupAction::Scroll(to) => scroll = i64::from((*to).min(state::LAST_WINDOW)),
                    SetupAction::Confirm => {
                        state::player_mut(rec, side)?.setup_confirmed = true;
                        seat = Seat::Idle;
                        if let Some(other) = state::opponent_id(rec, side) {
                            notices.push(Addressed { user_id: other, notice: Notice::OpponentReady { game_id } });
                        }
                    }
                    SetupAction::Edit => {
                        if !confirmed {
                            return Err(UserError::WrongPhase);
                        }
                        state::player_mut(rec, side)?.setup_confirmed = false;
                    }
                }
                if !matches!(action, SetupAction::Tap(_) | SetupAction::Scroll(_) | SetupAction::Confirm) {
                    seat = Seat::Idle;
                }
                let p = state::player_mut(rec, side)?;
                p.draft_setup = Some(draft.to_code());
                p.selected = seat.store();
                p.scroll = scroll;
                state::touch(rec, side);
                if action == SetupAction::Confirm
                    && rec.players.len() == 2
                    && rec.players.iter().all(|p| p.setup_confirmed)
                {
                    notices = start(rec)?;
                } else if matches!(action, SetupAction::Confirm | SetupAction::Edit) {
                    // The opponent's board says whether this side is ready;
                    // its buttons do not change, so their presses stay valid.
                    state::owe(rec, side.other());
                }
                Ok((notices, vec![]))
            })
            .await?;
        Ok(Done { game_id: Some(game_id), notices })
    }
}

/// Both setups confirmed: build the engine game and enter the play phase (R7).
fn start(rec: &mut GameRecord) -> Result<Vec<Addressed>, UserError> {
    let rules = state::rule_set(rec)?;
    let setups = ByPlayer { south: state::draft(rec, Player::South)?, north: state::draft(rec, Player::North)? };
    let first = state::parse_side(&rec.first_player)?;
    let game = Game::new(rules, setups, first).map_err(|e| UserError::Internal(e.to_string()))?;
    state::store_engine(rec, &game)?;
    rec.status = if game.outcome().is_some() { GameStatus::Finished } else { GameStatus::Play };
    rec.turn_started_at = Some(now());
    for p in &mut rec.players {
        p.selected = None;
        p.scroll = 0;
    }
    state::touch_all(rec);
    let mut notices = vec![];
    for side in Player::ALL {
        let user_id = state::player(rec, side).map(|p| p.user_id).unwrap_or_default();
        notices.push(Addressed { user_id, notice: Notice::GameStarted { game_id: rec.id, you_first: side == first } });
        if game.outcome().is_some() {
            notices.push(Addressed { user_id, notice: Notice::GameOver { game_id: rec.id } });
        }
    }
    if game.outcome().is_some() {
        rec.result = game.outcome().map(super::play::result_code);
    }
    Ok(notices)
}
