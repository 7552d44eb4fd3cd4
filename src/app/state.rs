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
    /// A move waiting for its confirmation (setting): a second tap on its
    /// destination plays it. Drawn as its piece's selection ([`Seat::drawn`]).
    ConfirmMove(engine::Move),
    /// The move list, at this page (0 = the first plies; past the last
    /// page means the last).
    Moves(u16),
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
            Some(m) if m.starts_with("moves:") => m[6..].parse().map_or(Seat::Idle, Seat::Moves),
            Some(sq) => sq.parse().map_or(Seat::Idle, Seat::Selected),
        }
    }

    /// The seat as the board draws it. A move waiting for its second tap is
    /// drawn as its piece's selection: the tap's answer asks the question,
    /// and any redraw (a restart, a resend, a sync that overtook the record
    /// of the last edit) shows the very board the player tapped on.
    #[must_use]
    pub fn drawn(self) -> Seat {
        match self {
            Seat::ConfirmMove(m) => Seat::Selected(m.from),
            seat => seat,
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
            Seat::Moves(page) => Some(format!("moves:{page}")),
        }
    }
}

/// One line of `/games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub id: i64,
    /// Its game and rule set.
    pub rule_set: super::GameRules,
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

/// The side to move and the plies played of a game in play or finished,
/// whichever game it is (Stratego or Jungle).
pub(crate) fn turn_and_ply(rec: &GameRecord) -> Result<(Player, usize), UserError> {
    if super::jungle::is_jungle(rec) {
        return super::jungle::turn_and_ply(rec);
    }
    let g = load_engine(rec)?;
    Ok((g.turn(), g.ply()))
}

/// The user to move in `rec` (Stratego or Jungle), `None` when the game
/// is not in play.
#[must_use]
pub fn user_to_move(rec: &GameRecord) -> Option<i64> {
    if rec.status != GameStatus::Play {
        return None;
    }
    let (side, _) = turn_and_ply(rec).ok()?;
    player(rec, side).map(|p| p.user_id)
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

/// Files a board keyboard shows at once (of 10); the window starts at
/// column 0 (the player's default view) or [`LAST_WINDOW`].
pub const WINDOW: u8 = 8;

/// The first column of the other useful view (files c–j from South's side).
pub const LAST_WINDOW: u8 = 10 - WINDOW;

/// The column of `sq` as `side` sees the board (0 = their left).
#[must_use]
pub fn column(side: Player, sq: Square) -> u8 {
    match side {
        Player::South => sq.file(),
        Player::North => 9 - sq.file(),
    }
}

/// The window (its first column, 0 or [`LAST_WINDOW`]) to show after `side`
/// selects `sq`: one that shows `sq` and as many of `dests` as fit;
/// `current` when it is as good.
#[must_use]
pub fn window_for(side: Player, sq: Square, dests: &[Square], current: u8) -> u8 {
    let shows = |start: u8, s: Square| (start..start + WINDOW).contains(&column(side, s));
    let score = |start: u8| shows(start, sq).then(|| dests.iter().filter(|d| shows(start, **d)).count());
    let current = if current == 0 || current == LAST_WINDOW { Some(current) } else { None };
    let mut best = current.filter(|c| score(*c).is_some());
    for start in [0, LAST_WINDOW] {
        if score(start) > best.and_then(score) {
            best = Some(start);
        }
    }
    best.unwrap_or(0)
}

/// What `side`'s board shows besides the position (its `selected` column).
pub(crate) fn seat(rec: &GameRecord, side: Player) -> Seat {
    Seat::parse(player(rec, side).and_then(|p| p.selected.as_deref()))
}

/// Shows `seat` on `side`'s board (and redraws it).
pub(crate) fn set_seat(rec: &mut GameRecord, side: Player, seat: Seat) -> Result<(), UserError> {
    player_mut(rec, side)?.selected = seat.store();
    touch(rec, side);
    Ok(())
}

/// Whether `user` asked to confirm each move in games like `rec` (against
/// the AI or people: two settings).
pub(crate) fn confirms(rec: &GameRecord, user: Option<&crate::storage::UserRecord>) -> bool {
    user.is_some_and(|u| if super::ai_level(&rec.opponent_kind).is_some() { u.confirm_ai } else { u.confirm_human })
}

/// Marks `side`'s board for redrawing (its buttons become stale).
pub(crate) fn touch(rec: &mut GameRecord, side: Player) {
    if let Some(p) = rec.player_mut(side.as_str()) {
        p.board_version += 1;
    }
}

/// The rendered version of a board marked by [`owe`]: below every board version.
pub const REDRAW_OWED: i64 = -1;

/// Marks `side`'s board for redrawing while its buttons stay valid (only
/// its text changes, e.g. "Your opponent is ready."): the board version,
/// which the buttons carry, is kept, and the rendered version is set to
/// [`REDRAW_OWED`], so the delivery draws the board (after a restart too).
/// Only a drawing that saw the mark clears it: an edit drawn before it,
/// recorded later, leaves it (see `telegram::deliver`).
pub(crate) fn owe(rec: &mut GameRecord, side: Player) {
    if let Some(p) = rec.player_mut(side.as_str()) {
        p.rendered_version = REDRAW_OWED;
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
            let (turn, ply) = turn_and_ply(rec)?;
            (rec.status == GameStatus::Play && turn == side, ply)
        }
        _ => (false, 0),
    };
    Ok(GameSummary {
        id: rec.id,
        rule_set: super::GameRules::parse(&rec.rule_set)
            .ok_or_else(|| UserError::Internal(format!("bad rule set {:?}", rec.rule_set)))?,
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
            Seat::Moves(0),
            Seat::Moves(17),
        ] {
            assert_eq!(Seat::parse(s.store().as_deref()), s);
        }
        assert_eq!(Seat::parse(Some("garbage")), Seat::Idle);
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_window_shows_the_selected_piece_and_most_of_its_destinations() {
        use Player::{North, South};
        // A scout on c4 reaching a4–j4: a–h shows 7 of 9 destinations, c–j 7: keep the current view.
        let rank4: Vec<Square> = "abdefghij".chars().map(|f| sq(&format!("{f}4"))).collect();
        assert_eq!(window_for(South, sq("c4"), &rank4, 0), 0);
        assert_eq!(window_for(South, sq("c4"), &rank4, LAST_WINDOW), LAST_WINDOW);
        // A piece on i4 is only in c–j; one on b4 only in a–h, whatever the current view.
        assert_eq!(window_for(South, sq("i4"), &[], 0), LAST_WINDOW);
        assert_eq!(window_for(South, sq("b4"), &[sq("a4")], LAST_WINDOW), 0);
        // On c6 with a6 and b6 to go to: a–h shows them, c–j does not.
        assert_eq!(window_for(South, sq("c6"), &[sq("a6"), sq("b6")], LAST_WINDOW), 0);
        // North sees the files mirrored: j is its column 0.
        assert_eq!(window_for(North, sq("j7"), &[], LAST_WINDOW), 0);
        assert_eq!(window_for(North, sq("a7"), &[], 0), LAST_WINDOW);
        // A stored middle view (from an older keyboard) moves to a useful one.
        assert_eq!(window_for(South, sq("e4"), &[], 1), 0);
    }
}
