//! Finished games: the list, replay, export and picture (R26: once a game is
//! over, both setups and the whole record are public to both players).

use engine::{ByPlayer, Game, Outcome, Player, PlayerView};

use super::state::{self, GameSummary};
use super::{AI_USER_ID, App, GameRules, UserError};
use crate::storage::{GameRecord, GameStatus};

/// Who sat on one side of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// A person, by their Telegram first name.
    Person(String),
    /// The built-in AI at this level.
    Ai(ai::Level),
}

/// What a shared record of a finished game says besides the moves: the
/// caption of its picture and the header of its export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// The game's id.
    pub id: i64,
    /// Its game and rule set.
    pub rule_set: GameRules,
    /// Who played South and North.
    pub players: ByPlayer<Who>,
    /// The reader's side.
    pub me: Player,
    /// The result (R19–R23, J10–J11).
    pub outcome: Option<Ending>,
    /// Days per move; `None` = unlimited (R23).
    pub days_per_move: Option<i64>,
    /// When the game was created and when it ended, unix seconds.
    pub started_at: i64,
    /// When it ended, unix seconds.
    pub finished_at: Option<i64>,
}

/// How a finished game ended, in its own game's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A Stratego game's outcome (R19–R23).
    Stratego(Outcome),
    /// A Jungle game's outcome (J10, J11, R22, R23).
    Jungle(jungle::Outcome),
}

impl Ending {
    /// The winner; `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            Ending::Stratego(o) => o.winner(),
            Ending::Jungle(o) => o.winner(),
        }
    }
}

/// The position of a replay frame in its own game's terms.
#[derive(Clone, Debug)]
pub enum FrameView {
    /// A Stratego position, all ranks revealed (R26).
    Stratego(PlayerView),
    /// A Jungle position (nothing is hidden, RULES.md §9).
    Jungle(jungle::PlayerView),
}

/// One frame of a replay: the position after `ply` plies, everything revealed.
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    /// Who played the reader's opponent.
    pub opponent: Who,
    /// The reader's view of that position, from the reader's side.
    pub view: FrameView,
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

    /// A finished game of the user's with their side (R26: only after the end).
    async fn finished_record(&self, user_id: i64, game_id: i64) -> Result<(GameRecord, Player), UserError> {
        let (rec, side) = self.game_of(user_id, game_id).await?;
        if rec.status != GameStatus::Finished {
            return Err(UserError::WrongPhase);
        }
        Ok((rec, side))
    }

    /// The facts of finished game `rec` for the reader on `side`.
    async fn facts(&self, rec: &GameRecord, side: Player, rule_set: GameRules, outcome: Option<Ending>) -> GameFacts {
        let players = ByPlayer { south: self.who(rec, Player::South).await, north: self.who(rec, Player::North).await };
        GameFacts {
            id: rec.id,
            rule_set,
            players,
            me: side,
            outcome,
            days_per_move: rec.days_per_move,
            started_at: rec.created_at,
            finished_at: rec.finished_at,
        }
    }

    /// A finished Stratego game (a Jungle game has no picture or replay
    /// here: [`UserError::WrongPhase`]).
    async fn finished_game(&self, user_id: i64, game_id: i64) -> Result<(Game, GameFacts), UserError> {
        let (rec, side) = self.finished_record(user_id, game_id).await?;
        if super::jungle::is_jungle(&rec) {
            return Err(UserError::WrongPhase);
        }
        let game = state::load_engine(&rec)?;
        let facts =
            self.facts(&rec, side, GameRules::Stratego(game.rule_set()), game.outcome().map(Ending::Stratego)).await;
        Ok((game, facts))
    }

    /// Who sits on `side` of `rec` (an empty name if the user is gone).
    async fn who(&self, rec: &GameRecord, side: Player) -> Who {
        let id = rec.player(side.as_str()).map(|p| p.user_id);
        match (id, super::ai_level(&rec.opponent_kind)) {
            (Some(AI_USER_ID), Some(level)) => Who::Ai(level),
            (Some(id), _) => {
                Who::Person(self.store.get_user(id).await.ok().flatten().map(|u| u.first_name).unwrap_or_default())
            }
            (None, _) => Who::Person(String::new()),
        }
    }

    /// The game's export (the engine's documented text format, both setups
    /// and every move) with a file name and the facts for its header; only
    /// after the end (R26).
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end.
    pub async fn export_game(&self, user_id: i64, game_id: i64) -> Result<(String, String, GameFacts), UserError> {
        let (rec, side) = self.finished_record(user_id, game_id).await?;
        if super::jungle::is_jungle(&rec) {
            // J12: the Jungle engine's own format, read back by `jungle::import`.
            let (text, outcome) = super::jungle::export(&rec)?;
            let facts = self.facts(&rec, side, GameRules::Jungle, outcome.map(Ending::Jungle)).await;
            return Ok((format!("srazhenie-jungle-{game_id}.txt"), text, facts));
        }
        let (game, facts) = self.finished_game(user_id, game_id).await?;
        Ok((format!("srazhenie-game-{game_id}.txt"), engine::export(&game), facts))
    }

    /// A finished Jungle game of the user's with its facts
    /// ([`UserError::WrongPhase`] for a Stratego game).
    async fn finished_jungle(&self, user_id: i64, game_id: i64) -> Result<(jungle::Game, GameFacts), UserError> {
        let (rec, side) = self.finished_record(user_id, game_id).await?;
        if !super::jungle::is_jungle(&rec) {
            return Err(UserError::WrongPhase);
        }
        let game = super::jungle::load(&rec)?;
        let facts = self.facts(&rec, side, GameRules::Jungle, game.outcome().map(Ending::Jungle)).await;
        Ok((game, facts))
    }

    /// A PNG of the final position from the reader's side, everything
    /// revealed, with the facts for its caption (a Jungle game drawn by
    /// [`crate::picture::jungle::render_png`]).
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end.
    pub async fn picture(&self, user_id: i64, game_id: i64) -> Result<(Vec<u8>, GameFacts), UserError> {
        if self.is_jungle_game(game_id).await? {
            let (game, facts) = self.finished_jungle(user_id, game_id).await?;
            return Ok((crate::picture::jungle::render_png(&game.view(facts.me)), facts));
        }
        let (game, facts) = self.finished_game(user_id, game_id).await?;
        Ok((crate::picture::render_png(&game.view(facts.me)), facts))
    }

    /// The replay frame after `ply` plies (clamped to the game's length).
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end.
    pub async fn replay(&self, user_id: i64, game_id: i64, ply: usize) -> Result<ReplayFrame, UserError> {
        if self.is_jungle_game(game_id).await? {
            let (game, facts) = self.finished_jungle(user_id, game_id).await?;
            let (view, ply, total) = super::jungle::replay_view(&game, facts.me, ply)?;
            let opponent = facts.players[facts.me.other()].clone();
            return Ok(ReplayFrame { opponent, view: FrameView::Jungle(view), ply, total });
        }
        let (game, facts) = self.finished_game(user_id, game_id).await?;
        let side = facts.me;
        let total = game.ply();
        let ply = ply.min(total);
        let mut frame = game.at_ply(ply).map_err(UserError::Illegal)?;
        // The game is over, so everything is public (R26): show the frame as
        // a finished position, which reveals every rank in the view.
        if frame.outcome().is_none() {
            let _ = frame.agree_draw();
        }
        let opponent = facts.players[side.other()].clone();
        Ok(ReplayFrame { opponent, view: FrameView::Stratego(frame.view(side)), ply, total })
    }
}
