//! The whole board at once, for a front-end that can show every square
//! (the Mini App): what a reader may see of a game of Stratego or Jungle,
//! a move sent as `from`–`to` with the board version it was chosen on, and
//! the reader's saved setups. The chat goes through the same use cases for what they
//! share ([`App::setup_action`], [`App::action`]).

use engine::{Move, Player, PlayerView, RuleSetId, SpectatorView, ValidSetup};

use super::jungle::{self as jg, GameRules};
use super::play::play_for;
use super::state;
use super::{App, Done, UserError};
use crate::storage::{GameRecord, GameStatus, SavedSetup, UserRecord};

/// What the reader may see of the position, by phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// No position yet (waiting for an opponent, cancelled, or a spectator
    /// during the setup phase, who sees no draft, R6).
    Empty,
    /// The setup phase (R5, R6): the reader's own draft only.
    Setup {
        /// The reader's draft.
        draft: ValidSetup,
        /// Whether the reader confirmed it.
        confirmed: bool,
        /// Whether the opponent confirmed theirs.
        opponent_ready: bool,
    },
    /// In play or finished: the player's view (R24–R26), made by the engine.
    Play(PlayerView),
    /// A spectator's public view (R24 for both sides, R26 at the end).
    Watch(SpectatorView),
    /// Jungle in play or finished, a player's view made by the Jungle
    /// engine (J1: from their side; nothing in Jungle is hidden).
    JunglePlay(jungle::PlayerView),
    /// Jungle watched: South's view (J1), to be shown without moves.
    JungleWatch(jungle::PlayerView),
}

/// A game as one reader may see it, with what a page needs around the
/// board. Holds no hidden rank of anyone but the reader (R25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The game.
    pub game_id: i64,
    /// Its phase.
    pub status: GameStatus,
    /// Its game: Stratego under a rule set, or Jungle.
    pub rules: GameRules,
    /// The reader's side; `None` for a spectator.
    pub side: Option<Player>,
    /// The version a move or setup action must carry: the player's board
    /// version (the same as the chat board's buttons); a spectator's is the game's.
    pub version: i64,
    /// Who moves first (R7), once drawn.
    pub first: Option<Player>,
    /// The players' display names by side (empty for the AI), South first.
    pub names: [(Player, String); 2],
    /// The AI's level in a game against the AI.
    pub ai: Option<ai::Level>,
    /// The side whose draw offer stands (R22).
    pub draw_offer: Option<Player>,
    /// Days per move (R23); `None` = unlimited.
    pub days_per_move: Option<i64>,
    /// When the side to move runs out of time, unix seconds (R23), in play.
    pub deadline: Option<i64>,
    /// Whether the reader asked to confirm each move (their setting for this kind of opponent).
    pub confirm_moves: bool,
    /// The stored result code once finished (`south-flag`, `draw-agreed`, …).
    pub result: Option<String>,
    /// The position as the reader may see it.
    pub stage: Stage,
}

impl App {
    /// A user's row (their language and settings), if they were ever seen.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn user(&self, user_id: i64) -> Result<Option<UserRecord>, UserError> {
        Ok(self.store.get_user(user_id).await?)
    }

    /// Game `game_id` as `user_id` may see it: a player gets their draft or
    /// [`PlayerView`], a spectator (who pressed Watch) the public view.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; [`UserError::NotInGame`] for anyone else;
    /// [`UserError::Internal`].
    pub async fn board(&self, user_id: i64, game_id: i64) -> Result<Board, UserError> {
        let rec = self.store.load_game(game_id).await?.ok_or(UserError::NoSuchGame)?;
        let side = match rec.side_of(user_id) {
            Some(s) => Some(state::parse_side(s)?),
            None if self.store.spectators(game_id).await?.iter().any(|(u, _, _)| *u == user_id) => None,
            None => return Err(UserError::NotInGame),
        };
        let reader = self.store.get_user(user_id).await?;
        let mut names = [(Player::South, String::new()), (Player::North, String::new())];
        for (p, name) in &mut names {
            if let Some(pl) = state::player(&rec, *p).filter(|pl| pl.user_id != super::AI_USER_ID) {
                *name = self.store.get_user(pl.user_id).await?.map(|u| u.first_name).unwrap_or_default();
            }
        }
        board_of(&rec, side, reader.as_ref(), names)
    }

    /// A move chosen on the whole board: `mv` by `user_id` in `game_id`,
    /// shown to them at board version `version`. The version is checked
    /// before anything else, then the phase, the turn and the move (R9–R12;
    /// in Jungle J5–J9, the squares named as on the 7×9 board).
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::Stale`], [`UserError::WrongPhase`],
    /// [`UserError::NotYourTurn`], [`UserError::Illegal`] (Stratego) or
    /// [`UserError::JungleIllegal`] with the engine's reason,
    /// [`UserError::BadMoveText`] for a square off the Jungle board, and the
    /// errors of [`App::with_game`].
    pub async fn board_move(&self, user_id: i64, game_id: i64, version: i64, mv: Move) -> Result<Done, UserError> {
        let (notices, _) = self
            .with_game(game_id, |rec| {
                let side = state::acting_side(rec, user_id, Some(version), GameStatus::Play)?;
                if jg::is_jungle(rec) {
                    return jg::play_chosen(rec, side, mv);
                }
                let mut game = state::load_engine(rec)?;
                let (_, notices, moves) = play_for(rec, &mut game, side, mv)?;
                Ok((notices, moves))
            })
            .await?;
        self.store.set_last_game(user_id, game_id).await?;
        Ok(Done { game_id: Some(game_id), notices })
    }

    /// The user's saved setups that fit `rule_set` (its family, R5), by name.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn saved_setups_of(&self, user_id: i64, rule_set: RuleSetId) -> Result<Vec<SavedSetup>, UserError> {
        Ok(self.store.list_setups(user_id, super::family(rule_set)).await?)
    }
}

/// Builds what `side` (`None`: a spectator) may see of `rec`.
fn board_of(
    rec: &GameRecord,
    side: Option<Player>,
    reader: Option<&UserRecord>,
    names: [(Player, String); 2],
) -> Result<Board, UserError> {
    let me = side.and_then(|s| state::player(rec, s));
    let ai = super::ai_level(&rec.opponent_kind);
    let jungle = jg::is_jungle(rec);
    let stage = match (rec.status, side) {
        (GameStatus::Play | GameStatus::Finished, Some(s)) if jungle => Stage::JunglePlay(jg::load(rec)?.view(s)),
        (GameStatus::Play | GameStatus::Finished, None) if jungle => {
            Stage::JungleWatch(jg::load(rec)?.view(Player::South))
        }
        (GameStatus::Setup, Some(s)) => Stage::Setup {
            draft: state::draft(rec, s)?,
            confirmed: me.is_some_and(|p| p.setup_confirmed),
            opponent_ready: state::player(rec, s.other()).is_some_and(|p| p.setup_confirmed),
        },
        (GameStatus::Play | GameStatus::Finished, Some(s)) => Stage::Play(state::load_engine(rec)?.view(s)),
        (GameStatus::Play | GameStatus::Finished, None) => Stage::Watch(state::load_engine(rec)?.spectator_view()),
        _ => Stage::Empty,
    };
    Ok(Board {
        game_id: rec.id,
        status: rec.status,
        rules: GameRules::parse(&rec.rule_set)
            .ok_or_else(|| UserError::Internal(format!("bad rule set {:?}", rec.rule_set)))?,
        side,
        version: me.map_or(rec.version, |p| p.board_version),
        first: Player::parse(&rec.first_player),
        names,
        ai,
        draw_offer: rec.draw_offer.as_deref().and_then(Player::parse),
        days_per_move: rec.days_per_move,
        deadline: (rec.status == GameStatus::Play).then(|| super::deadline(rec)).flatten(),
        confirm_moves: reader.is_some_and(|u| if ai.is_some() { u.confirm_ai } else { u.confirm_human }),
        result: rec.result.clone(),
        stage,
    })
}
