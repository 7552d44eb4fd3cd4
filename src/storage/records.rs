//! Record types of games, players and moves (plain data, no I/O).

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::int_bool;

/// Lifecycle of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Created, waiting for the invited opponent to join.
    Waiting,
    /// Both players are placing their pieces.
    Setup,
    /// Moves are being played.
    Play,
    /// Ended with a result (see [`GameRecord::result`]).
    Finished,
    /// Abandoned before it finished (e.g. invitation withdrawn).
    Cancelled,
}

impl GameStatus {
    /// The database spelling: `"waiting"`, `"setup"`, `"play"`, `"finished"`, `"cancelled"`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Setup => "setup",
            GameStatus::Play => "play",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
        }
    }

    /// Inverse of [`GameStatus::as_str`]; `None` for anything else.
    pub fn parse(s: &str) -> Option<GameStatus> {
        [GameStatus::Waiting, GameStatus::Setup, GameStatus::Play, GameStatus::Finished, GameStatus::Cancelled]
            .into_iter()
            .find(|st| st.as_str() == s)
    }

    /// `true` for `Finished` and `Cancelled`.
    pub fn is_over(self) -> bool {
        matches!(self, GameStatus::Finished | GameStatus::Cancelled)
    }
}

/// One side's seat in a game, plus that player's UI state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// `"south"` or `"north"`.
    pub side: String,
    /// Telegram user id (must exist in `users`).
    pub user_id: i64,
    /// Message that shows this player's board (edited in place), if any.
    pub board_message_id: Option<i64>,
    /// Last "your move" notification, if any (deleted/replaced by the bot).
    pub notify_message_id: Option<i64>,
    /// The player has confirmed their initial placement.
    pub setup_confirmed: bool,
    /// Placement being edited during setup, in the engine's text encoding.
    pub draft_setup: Option<String>,
    /// Square the player selected on the board, or `None`.
    pub selected: Option<String>,
    /// Scroll offset of the board/list view.
    pub scroll: i64,
    /// Version of this player's board; bumped whenever its content changes.
    /// Buttons carry it, so a press on an older board is refused.
    pub board_version: i64,
    /// The board version last delivered to Telegram; behind `board_version`
    /// means the board must be redrawn (also after a restart).
    pub rendered_version: i64,
    /// A "your move" notification is owed to this player.
    pub notify_pending: bool,
    /// Start of this player's vacation, unix seconds: read from the user's
    /// row (a vacation belongs to the player, R23), else as stored with
    /// the game.
    pub vacation_from: Option<i64>,
    /// End of this player's vacation: their clock is paused in between.
    pub vacation_until: Option<i64>,
}

impl PlayerRecord {
    /// A fresh seat: no messages, nothing selected, setup not confirmed.
    pub fn new(side: impl Into<String>, user_id: i64) -> PlayerRecord {
        PlayerRecord {
            side: side.into(),
            user_id,
            board_message_id: None,
            notify_message_id: None,
            setup_confirmed: false,
            draft_setup: None,
            selected: None,
            scroll: 0,
            board_version: 1,
            rendered_version: 0,
            notify_pending: false,
            vacation_from: None,
            vacation_until: None,
        }
    }

    pub(super) fn from_row(row: &SqliteRow) -> sqlx::Result<PlayerRecord> {
        Ok(PlayerRecord {
            side: row.try_get("side")?,
            user_id: row.try_get("user_id")?,
            board_message_id: row.try_get("board_message_id")?,
            notify_message_id: row.try_get("notify_message_id")?,
            setup_confirmed: int_bool(row.try_get("setup_confirmed")?),
            draft_setup: row.try_get("draft_setup")?,
            selected: row.try_get("selected")?,
            scroll: row.try_get("scroll")?,
            board_version: row.try_get("board_version")?,
            rendered_version: row.try_get("rendered_version")?,
            notify_pending: int_bool(row.try_get("notify_pending")?),
            vacation_from: row.try_get("vacation_from")?,
            vacation_until: row.try_get("vacation_until")?,
        })
    }
}

/// One half-move in a game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1-based half-move number, unique per game.
    pub ply: i64,
    /// Side that moved: `"south"` or `"north"`.
    pub side: String,
    /// The move in the engine's notation (opaque here).
    pub mv: String,
    /// Combat outcome in the engine's notation, if the move was an attack.
    pub combat: Option<String>,
    /// When it was played, unix seconds.
    pub at: i64,
}

/// A game with its players (sorted south first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Game id (also shown to users as "Game #id").
    pub id: i64,
    /// Rule-set code.
    pub rule_set: String,
    /// Lifecycle state.
    pub status: GameStatus,
    /// Optimistic-lock version; bumped by every [`Store::save_game`](super::Store::save_game).
    pub version: i64,
    /// Side that moves first: `"south"` or `"north"`.
    pub first_player: String,
    /// Move time limit in days; `None` = unlimited.
    pub days_per_move: Option<i64>,
    /// Engine state as JSON; `None` until play starts.
    pub state: Option<String>,
    /// Version of the engine's JSON format in `state` (default 1).
    pub state_format: i64,
    /// Side that offered a draw, if any.
    pub draw_offer: Option<String>,
    /// Result code once finished.
    pub result: Option<String>,
    /// `"human"` by default; other values are up to the bot (e.g. an AI opponent).
    pub opponent_kind: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last [`Store::save_game`](super::Store::save_game).
    pub updated_at: i64,
    /// When the side to move got the turn, unix seconds.
    pub turn_started_at: Option<i64>,
    /// Reminders sent for the current turn (bit 0: 24 h left, bit 1: 1 h left).
    pub reminders_sent: i64,
    /// The rematch game offered after this one, if any.
    pub rematch_game: Option<i64>,
    /// When the game finished or was cancelled, unix seconds.
    pub finished_at: Option<i64>,
    /// Seated players (0–2), south first.
    pub players: Vec<PlayerRecord>,
}

impl GameRecord {
    /// The player on `side`, if seated.
    pub fn player(&self, side: &str) -> Option<&PlayerRecord> {
        self.players.iter().find(|p| p.side == side)
    }

    /// Mutable access to the player on `side`, if seated.
    pub fn player_mut(&mut self, side: &str) -> Option<&mut PlayerRecord> {
        self.players.iter_mut().find(|p| p.side == side)
    }

    /// The side `user_id` plays (the first one if they hold both seats).
    pub fn side_of(&self, user_id: i64) -> Option<&str> {
        self.players.iter().find(|p| p.user_id == user_id).map(|p| p.side.as_str())
    }

    pub(super) fn from_row(row: &SqliteRow) -> sqlx::Result<GameRecord> {
        let status: String = row.try_get("status")?;
        let status = GameStatus::parse(&status)
            .ok_or_else(|| sqlx::Error::Decode(format!("unknown game status {status:?}").into()))?;
        Ok(GameRecord {
            id: row.try_get("id")?,
            rule_set: row.try_get("rule_set")?,
            status,
            version: row.try_get("version")?,
            first_player: row.try_get("first_player")?,
            days_per_move: row.try_get("days_per_move")?,
            state: row.try_get("state")?,
            state_format: row.try_get("state_format")?,
            draw_offer: row.try_get("draw_offer")?,
            result: row.try_get("result")?,
            opponent_kind: row.try_get("opponent_kind")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            turn_started_at: row.try_get("turn_started_at")?,
            reminders_sent: row.try_get("reminders_sent")?,
            rematch_game: row.try_get("rematch_game")?,
            finished_at: row.try_get("finished_at")?,
            players: Vec::new(),
        })
    }
}

/// Parameters of [`Store::create_game`](super::Store::create_game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Rule-set code.
    pub rule_set: String,
    /// `"south"` or `"north"`.
    pub first_player: String,
    /// Move time limit in days; `None` = unlimited.
    pub days_per_move: Option<i64>,
    /// `"human"` or another kind understood by the bot.
    pub opponent_kind: String,
    /// The creator's seat (see [`PlayerRecord::new`]); the user must already exist.
    pub creator: PlayerRecord,
    /// Invitation code to register for this game (unique), if any.
    pub invitation_code: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_strings_round_trip() {
        for st in
            [GameStatus::Waiting, GameStatus::Setup, GameStatus::Play, GameStatus::Finished, GameStatus::Cancelled]
        {
            assert_eq!(GameStatus::parse(st.as_str()), Some(st));
        }
        assert_eq!(GameStatus::parse("Play"), None);
        assert!(GameStatus::Cancelled.is_over() && !GameStatus::Waiting.is_over());
    }
}
