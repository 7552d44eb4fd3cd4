//! Between storage records and the engine: sides, rule sets, the stored
//! game, drafts and the per-player board state.

use engine::{Game, Player, RuleSetId, Square, ValidSetup};

use super::UserError;
use crate::storage::{GameRecord, GameStatus, PlayerRecord};

/// What a player's board is showing besides the position: nothing, a
/// selected piece, the game menu or the resignation question. Stored in the
/// player's `selected` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Plain board.
    Idle,
    /// A piece is selected; its legal destinations are marked.
    Selected(Square),
    /// The in-game menu (resign, draw, resend).
    Menu,
    /// "Really resign?".
    ConfirmResign,
    /// "Confirm e4-e5?": a move waiting for its confirmation (setting).
    ConfirmMove(engine::Move),
}

impl Seat {
    /// Reads the `selected` column.
    #[must_use]
    pub fn parse(s: Option<&str>) -> Seat {
        match s {
            None => Seat::Idle,
            Some("menu") => Seat::Menu,
            Some("resign") => Seat::ConfirmResign,
            Some(m) if m.starts_with("confirm:") => m[8..].parse().map_or(Seat::Idle, Seat::ConfirmMove),
            Some(sq) => sq.parse().map_or(Seat::Idle, Seat::Selected),
        }
    }

    /// The `selected` column's value.
    #[must_use]
    pub fn store(self) -> Option<String> {
        match self {
            Seat::Idle => None,
            Seat::Selected(sq) => Some(sq.to_string()),
            Seat::Menu => Some("menu".into()),
            Seat::ConfirmResign => Some("resign".into()),
            Seat::ConfirmMove(m) => Some(format!("confirm:{m}")),
        }
    }
}

/// One line of `/games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub id: i64,
    /// Its rule set.
    pub rule_set: RuleSetId,
    /// Its phase.
    pub status: GameStatus,
    /// The opponent's user id, once there is one.
    pub opponent: Option<i64>,
    /// Whether the reader is to move (play phase only).
    pub your_turn: bool,
    /// Plies played.
    pub plies: usize,
    /// Result code when finished.
    pub result: Option<String>,
    /// The reader's side.
    pub side: Player,
    /// The AI's level, in a game against the AI.
    pub ai: Option<ai::Level>,
    /// When the side to move runs out of time (R23), unix seconds, in play.
    pub deadline: Option<i64>,
}

pub(crate) fn parse_side(s: &str) -> Result<Player, UserError> {
    Player::parse(s).ok_or_else(|| UserError::Internal(format!("bad side {s:?}")))
}

pub(crate) fn rule_set(rec: &GameRecord) -> Result<RuleSetId, UserError> {
    rec.rule_set.parse().map_err(|_| UserError::Internal(format!("bad rule set {:?}", rec.rule_set)))
}

/// The side `user_id` plays in `rec`.
pub(crate) fn side_of(rec: &GameRecord, user_id: i64) -> Result<Player, UserError> {
    parse_side(rec.side_of(user_id).ok_or(UserError::NotInGame)?)
}

/// The stored engine game (play and finished phases).
pub(crate) fn load_engine(rec: &GameRecord) -> Result<Game, UserError> {
    let json = rec.state.as_deref().ok_or(UserError::WrongPhase)?;
    serde_json::from_str(json).map_err(|e| UserError::Internal(format!("game {} state: {e}", rec.id)))
}

pub(crate) fn store_engine(rec: &mut GameRecord, game: &Game) -> Result<(), UserError> {
    rec.state = Some(serde_json::to_string(game).map_err(|e| UserError::Internal(e.to_string()))?);
    rec.state_format = i64::from(engine::FORMAT_VERSION);
    Ok(())
}

pub(crate) fn player_mut(rec: &mut GameRecord, side: Player) -> Result<&mut PlayerRecord, UserError> {
    rec.player_mut(side.as_str()).ok_or_else(|| UserError::Internal(format!("no {side:?} player")))
}

pub(crate) fn player(rec: &GameRecord, side: Player) -> Option<&PlayerRecord> {
    rec.player(side.as_str())
}

/// A player's draft setup (setup phase).
pub(crate) fn draft(rec: &GameRecord, side: Player) -> Result<ValidSetup, UserError> {
    let rules = rule_set(rec)?.rules();
    let code = player(rec, side).and_then(|p| p.draft_setup.as_deref()).ok_or(UserError::WrongPhase)?;
    ValidSetup::from_code(rules, code).map_err(|e| UserError::Internal(format!("stored draft: {e}")))
}

/// Marks `side`'s board for redrawing (its buttons become stale).
pub(crate) fn touch(rec: &mut GameRecord, side: Player) {
    if let Some(p) = rec.player_mut(side.as_str()) {
        p.board_version += 1;
    }
}

/// Marks both boards for redrawing.
pub(crate) fn touch_all(rec: &mut GameRecord) {
    for p in &mut rec.players {
        p.board_version += 1;
    }
}

/// Refuses a press that carries another board version than the current one.
pub(crate) fn check_version(rec: &GameRecord, side: Player, version: i64) -> Result<(), UserError> {
    match player(rec, side) {
        Some(p) if p.board_version == version => Ok(()),
        _ => Err(UserError::Stale),
    }
}

/// The side of `user_id` in `rec`, after checking the press's board
/// version (when it carries one) and that the game is in `phase`.
pub(crate) fn acting_side(
    rec: &GameRecord,
    user_id: i64,
    version: Option<i64>,
    phase: GameStatus,
) -> Result<Player, UserError> {
    let side = side_of(rec, user_id)?;
    if let Some(v) = version {
        check_version(rec, side, v)?;
    }
    if rec.status != phase {
        return Err(UserError::WrongPhase);
    }
    Ok(side)
}

/// The opponent's user id.
pub(crate) fn opponent_id(rec: &GameRecord, side: Player) -> Option<i64> {
    player(rec, side.other()).map(|p| p.user_id)
}

pub(crate) fn summary(rec: &GameRecord, side: Player) -> Result<GameSummary, UserError> {
    let (your_turn, plies) = match rec.status {
        GameStatus::Play | GameStatus::Finished if rec.state.is_some() => {
            let g = load_engine(rec)?;
            (rec.status == GameStatus::Play && g.turn() == side, g.ply())
        }
        _ => (false, 0),
    };
    Ok(GameSummary {
        id: rec.id,
        rule_set: rule_set(rec)?,
        status: rec.status,
        opponent: opponent_id(rec, side),
        your_turn,
        plies,
        result: rec.result.clone(),
        side,
        ai: super::ai_level(&rec.opponent_kind),
        deadline: (rec.status == GameStatus::Play).then(|| super::deadline(rec)).flatten(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_round_trips() {
        for s in [
            Seat::Idle,
            Seat::Menu,
            Seat::ConfirmResign,
            Seat::Selected("e4".parse().unwrap()),
            Seat::ConfirmMove("e4-e5".parse().unwrap()),
        ] {
            assert_eq!(Seat::parse(s.store().as_deref()), s);
        }
        assert_eq!(Seat::parse(Some("garbage")), Seat::Idle);
    }
}
