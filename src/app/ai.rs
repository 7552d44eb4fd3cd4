//! Games against the built-in AI: the human plays South, the AI North. The
//! AI decides from its own [`engine::PlayerView`] only (R25), on a blocking
//! thread, within a time budget.

use std::time::Duration;

use ai::Level;
use engine::{Player, RuleSetId};

use super::state;
use super::{App, Done, UserError};
use crate::storage::{GameStatus, NewGame, PlayerRecord};

/// The user id that seats the built-in AI (Telegram ids are positive).
pub const AI_USER_ID: i64 = 0;

/// The AI level of a game, from its `opponent_kind` (`ai:normal`), if it is an AI game.
#[must_use]
pub fn ai_level(opponent_kind: &str) -> Option<Level> {
    opponent_kind.strip_prefix("ai:")?.parse().ok()
}

impl App {
    /// Starts a game against the AI at `level`: the user plays South and sets
    /// up as usual; the AI's setup is ready at once (varied: never the same
    /// as in the user's previous AI game; the Flag never in front).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn new_ai_game(&self, user_id: i64, level: Level, rules: RuleSetId) -> Result<i64, UserError> {
        self.new_ai_game_as(user_id, level, rules, Player::South).await
    }

    /// Like [`App::new_ai_game`] with the human on `human` (a rematch swaps sides).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn new_ai_game_as(
        &self,
        user_id: i64,
        level: Level,
        rules: RuleSetId,
        human: Player,
    ) -> Result<i64, UserError> {
        let ai_side = human.other();
        let previous = self
            .store
            .games_of_user(user_id, 20)
            .await?
            .into_iter()
            .filter(|g| ai_level(&g.opponent_kind).is_some() && g.rule_set == rules.as_str())
            .find_map(|g| g.players.iter().find(|p| p.user_id == AI_USER_ID).and_then(|p| p.draft_setup.clone()))
            .and_then(|code| engine::ValidSetup::from_code(rules.rules(), &code).ok());
        let (first, ai_setup, human_setup) = {
            let mut rng = rand::rng();
            let first = rules.rules().draw_first_player(&mut rng);
            (first, ai::choose_setup(rules, level, &mut rng, previous.as_ref()), engine::smart(rules.rules(), &mut rng))
        };
        self.create_ai_game(user_id, level, rules.as_str(), first, human, |r| {
            let seat = state::player_mut(r, ai_side)?;
            seat.draft_setup = Some(ai_setup.to_code());
            seat.setup_confirmed = true;
            state::player_mut(r, human)?.draft_setup = Some(human_setup.to_code());
            r.status = GameStatus::Setup;
            state::touch_all(r);
            Ok(())
        })
        .await
    }

    /// Creates a game of `rule_set` (a stored code) between `user_id` on
    /// `human` and the AI at `level`, `first` to move first, and lets
    /// `ready` prepare it once both seats are taken (setups, or the start).
    /// Returns the game.
    ///
    /// # Errors
    /// What `ready` returns; [`UserError::Internal`] on a database failure.
    pub(crate) async fn create_ai_game(
        &self,
        user_id: i64,
        level: Level,
        rule_set: &str,
        first: Player,
        human: Player,
        mut ready: impl FnMut(&mut crate::storage::GameRecord) -> Result<(), UserError>,
    ) -> Result<i64, UserError> {
        self.store.upsert_user(AI_USER_ID, "AI", None, None).await?;
        let rec = self
            .store
            .create_game(&NewGame {
                rule_set: rule_set.to_owned(),
                first_player: first.as_str().to_owned(),
                days_per_move: None,
                opponent_kind: format!("ai:{level}"),
                creator: PlayerRecord::new(human.as_str(), user_id),
                invitation_code: None,
            })
            .await?;
        self.with_game(rec.id, |r| {
            r.players.push(PlayerRecord::new(human.other().as_str(), AI_USER_ID));
            r.players.sort_by_key(|p| p.side != Player::South.as_str());
            ready(r)?;
            Ok(((), vec![]))
        })
        .await?;
        self.store.set_last_game(user_id, rec.id).await?;
        Ok(rec.id)
    }

    /// If it is the AI's turn in `game_id`, thinks (on a blocking thread, at
    /// most `budget`, or the level's default) and plays its move. `Ok(None)`
    /// when there is nothing to do (not an AI game, not its turn, or the game
    /// changed meanwhile).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure or an AI failure.
    /// `min_think` keeps the blocking thread busy at least that long (a slow
    /// AI on purpose: tests show that other chats do not wait for it).
    pub async fn ai_turn(
        &self,
        game_id: i64,
        budget: Option<Duration>,
        min_think: Option<Duration>,
    ) -> Result<Option<Done>, UserError> {
        let rec = self.store.load_game(game_id).await?.ok_or(UserError::NoSuchGame)?;
        let Some(level) = ai_level(&rec.opponent_kind) else { return Ok(None) };
        if rec.status != GameStatus::Play {
            return Ok(None);
        }
        if super::jungle::is_jungle(&rec) {
            let budget = budget.unwrap_or_else(|| level.default_budget());
            return self.jungle_ai_turn(&rec, level, budget, min_think).await;
        }
        let game = state::load_engine(&rec)?;
        let side = state::side_of(&rec, AI_USER_ID)?;
        if game.turn() != side || game.outcome().is_some() {
            return Ok(None);
        }
        let (ply, view) = (game.ply(), game.view(side));
        let budget = budget.unwrap_or_else(|| level.default_budget());
        let mv = think_blocking(min_think, move || ai::choose_move(&view, level, budget, &mut rand::rng())).await?;
        let Some(mv) = mv else { return Ok(None) };
        let (notices, _) = self
            .with_game(game_id, |r| {
                let mut g = state::load_engine(r)?;
                if g.ply() != ply || r.status != GameStatus::Play {
                    return Err(UserError::Stale);
                }
                let report = g.play_as(side, mv).map_err(UserError::Illegal)?;
                let moves = vec![super::play::move_record(&g, &report)];
                let notices = super::play::after_change(r, &g, Some(side))?;
                Ok((notices, moves))
            })
            .await
            .or_else(|e| if e == UserError::Stale { Ok((vec![], rec.clone())) } else { Err(e) })?;
        Ok(Some(Done { game_id: Some(game_id), notices }))
    }
}

/// Runs `think` (an AI's decision) on a blocking thread, off the async
/// workers, taking at least `min_think`; returns its answer.
///
/// # Errors
/// [`UserError::Internal`] if the thread panicked.
pub(crate) async fn think_blocking<T: Send + 'static>(
    min_think: Option<Duration>,
    think: impl FnOnce() -> T + Send + 'static,
) -> Result<T, UserError> {
    tokio::task::spawn_blocking(move || {
        let t0 = std::time::Instant::now();
        let answer = think();
        if let Some(rest) = min_think.and_then(|m| m.checked_sub(t0.elapsed())) {
            std::thread::sleep(rest);
        }
        answer
    })
    .await
    .map_err(|e| UserError::Internal(format!("AI task: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_levels_are_read_from_the_opponent_kind() {
        assert_eq!(ai_level("ai:hard"), Some(Level::Hard));
        assert_eq!(ai_level("ai:easy"), Some(Level::Easy));
        assert_eq!(ai_level("human"), None);
        assert_eq!(ai_level("ai:grandmaster"), None);
    }
}
