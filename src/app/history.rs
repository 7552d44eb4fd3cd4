//! Finished games: the list, replay, export and picture (R26: once a game is
//! over, both setups and the whole record are public to both players).

use engine::{Game, PlayerView};

use super::state::{self, GameSummary};
use super::{App, UserError};
use crate::storage::GameStatus;

/// One frame of a replay: the position after `ply` plies, everything revealed.
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    /// The reader's view of that position, with all ranks revealed (R26).
    pub view: PlayerView,
    /// Plies shown (0 = the start position).
    pub ply: usize,
    /// Plies in the whole game.
    pub total: usize,
}

impl App {
    /// The user's finished games, newest first.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn history(&self, user_id: i64, limit: i64) -> Result<Vec<GameSummary>, UserError> {
        let recs = self.store.games_of_user(user_id, 200).await?;
        recs.iter()
            .filter(|r| r.status == GameStatus::Finished)
            .take(usize::try_from(limit).unwrap_or(0))
            .map(|r| state::summary(r, state::side_of(r, user_id)?))
            .collect()
    }

    async fn finished_game(&self, user_id: i64, game_id: i64) -> Result<(Game, engine::Player), UserError> {
        let (rec, side) = self.game_of(user_id, game_id).await?;
        if rec.status != GameStatus::Finished {
            return Err(UserError::WrongPhase);
        }
        Ok((state::load_engine(&rec)?, side))
    }

    /// The game's export (the engine's documented text format, both setups
    /// and every move) with a file name; only after the end (R26).
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end.
    pub async fn export_game(&self, user_id: i64, game_id: i64) -> Result<(String, String), UserError> {
        let (game, _) = self.finished_game(user_id, game_id).await?;
        Ok((format!("srazhenie-game-{game_id}.txt"), engine::export(&game)))
    }

    /// A PNG of the final position from the reader's side, everything revealed.
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end.
    pub async fn picture(&self, user_id: i64, game_id: i64) -> Result<Vec<u8>, UserError> {
        let (game, side) = self.finished_game(user_id, game_id).await?;
        Ok(crate::picture::render_png(&game.view(side)))
    }

    /// The replay frame after `ply` plies (clamped to the game's length).
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end.
    pub async fn replay(&self, user_id: i64, game_id: i64, ply: usize) -> Result<ReplayFrame, UserError> {
        let (game, side) = self.finished_game(user_id, game_id).await?;
        let total = game.ply();
        let ply = ply.min(total);
        let mut frame = Game::new(game.rule_set(), *game.setups(), game.first_player())
            .map_err(|e| UserError::Internal(e.to_string()))?;
        for rec in &game.history()[..ply] {
            frame.play(rec.mv).map_err(UserError::Illegal)?;
        }
        // The game is over, so everything is public (R26): show the frame as
        // a finished position, which reveals every rank in the view.
        if frame.outcome().is_none() {
            let _ = frame.agree_draw();
        }
        Ok(ReplayFrame { view: frame.view(side), ply, total })
    }
}
