//! The correspondence clock (R23): reminders before the deadline, loss on
//! time, and abort without result while a side has not made its first move.
//!
//! Deadlines live in the database (`turn_started_at + days_per_move`); one
//! background task calls [`App::tick`] with the current time and sleeps
//! until the next event it returns. Which reminders were sent is stored with
//! the game, so nothing is missed or sent twice across a restart.

use engine::Player;

use super::state;
use super::{Addressed, App, Done, Notice, UserError};
use crate::storage::{GameRecord, GameStatus};

/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// When reminders go out: seconds before the deadline, most distant first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockConfig {
    /// Thresholds (default 24 h and 1 h); at most one reminder each per turn.
    pub reminders: Vec<i64>,
}

impl Default for ClockConfig {
    fn default() -> Self {
        ClockConfig { reminders: vec![DAY, 3_600] }
    }
}

/// The deadline of the side to move, unix seconds; `None` without a time limit.
#[must_use]
pub fn deadline(rec: &GameRecord) -> Option<i64> {
    Some(rec.turn_started_at? + rec.days_per_move? * DAY)
}

/// Ends the game at `now` if the side to move's time is up (R23): a loss on
/// time, or an abort without result while a side has not made its first move.
fn expire(rec: &mut GameRecord, now: i64) -> Result<Vec<Addressed>, UserError> {
    if rec.status != GameStatus::Play || deadline(rec).is_none_or(|d| now < d) {
        return Ok(vec![]);
    }
    let mut game = state::load_engine(rec)?;
    if game.can_abort() {
        return abort(rec);
    }
    game.lose_on_time().map_err(UserError::Illegal)?;
    super::play::after_change(rec, &game, None)
}

/// Cancels a game without result (R23) and tells both players.
pub(crate) fn abort(rec: &mut GameRecord) -> Result<Vec<Addressed>, UserError> {
    rec.status = GameStatus::Cancelled;
    rec.result = Some("aborted".into());
    rec.draw_offer = None;
    for p in &mut rec.players {
        p.selected = None;
    }
    state::touch_all(rec);
    Ok(rec
        .players
        .iter()
        .map(|p| Addressed { user_id: p.user_id, notice: Notice::Aborted { game_id: rec.id } })
        .collect())
}

impl App {
    /// Runs the clock at `now` (unix seconds): ends the games whose time is
    /// up and sends the reminders that are due. Returns what to deliver and
    /// when the next event is due (`None`: no timed game).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn tick(&self, now: i64, cfg: &ClockConfig) -> Result<(Vec<Done>, Option<i64>), UserError> {
        let mut out = vec![];
        let mut next: Option<i64> = None;
        let mut wake = |t: i64| next = Some(next.map_or(t, |n| n.min(t)));
        for (id, days, started, sent) in self.store.timed_games().await? {
            let due = started + days * DAY;
            if now >= due {
                let (notices, _) = self.with_game(id, |rec| Ok((expire(rec, now)?, vec![]))).await?;
                if !notices.is_empty() {
                    out.push(Done { game_id: Some(id), notices });
                }
                continue;
            }
            wake(due);
            // The most urgent threshold already passed and not yet reminded.
            // A threshold as long as the whole period (24 h with 1 day a move) never fires.
            let useful = |i: usize| cfg.reminders[i] < days * DAY;
            let passed: Vec<usize> =
                (0..cfg.reminders.len()).filter(|&i| useful(i) && due - now <= cfg.reminders[i]).collect();
            for (i, t) in cfg.reminders.iter().enumerate() {
                if useful(i) && due - t > now && sent & (1 << i) == 0 {
                    wake(due - t);
                }
            }
            let mask = passed.iter().fold(0i64, |m, &i| m | (1 << i));
            if mask & !sent == 0 {
                continue;
            }
            let (notices, _) = self
                .with_game(id, |rec| {
                    if rec.status != GameStatus::Play || rec.reminders_sent & mask == mask || deadline(rec) != Some(due)
                    {
                        return Ok((vec![], vec![]));
                    }
                    rec.reminders_sent |= mask;
                    let game = state::load_engine(rec)?;
                    let side: Player = game.turn();
                    let user_id = state::player(rec, side).map(|p| p.user_id).unwrap_or_default();
                    let hours = (due - now + 3_599) / 3_600;
                    Ok((
                        vec![Addressed { user_id, notice: Notice::Reminder { game_id: id, hours_left: hours } }],
                        vec![],
                    ))
                })
                .await?;
            if !notices.is_empty() {
                out.push(Done { game_id: None, notices });
            }
        }
        Ok((out, next))
    }
}
