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

/// When reminders go out: seconds before the deadline, most distant first
/// (at most 62 thresholds: a bit each in `reminders_sent`).
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

/// When the boards of a game whose side to move is due at `due` (with
/// `days` per move) are redrawn so that their time left stays true: every
/// whole day before the deadline, every hour of the last day, and each
/// reminder threshold; ascending.
#[must_use]
pub fn refresh_points(due: i64, days: i64, cfg: &ClockConfig) -> Vec<i64> {
    let mut v: Vec<i64> = (1..=24)
        .map(|h| due - h * 3_600)
        .chain((2..days).map(|d| due - d * DAY))
        .chain(cfg.reminders.iter().map(|t| due - t))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Vacation days a player may take per calendar year (UTC).
pub const VACATION_DAYS_PER_YEAR: i64 = 14;

/// The deadline of the side to move, unix seconds; `None` without a time
/// limit. The mover's vacation pauses the clock: the part of it that falls
/// after the turn started is added.
#[must_use]
pub fn deadline(rec: &GameRecord) -> Option<i64> {
    let start = rec.turn_started_at?;
    let base = start + rec.days_per_move? * DAY;
    let mover = state::turn_and_ply(rec).ok().and_then(|(side, _)| state::player(rec, side));
    let pause = match mover.map(|p| (p.vacation_from, p.vacation_until)) {
        Some((Some(from), Some(until))) if until > start => until - from.max(start),
        _ => 0,
    };
    Some(base + pause)
}

/// The UTC calendar date `(year, month, day)` of a unix time.
#[must_use]
pub fn civil_date(unix: i64) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil algorithm.
    let z = unix.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// What `/vacation` did or can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// Days left in this year's allowance.
    pub days_left: i64,
    /// The end of the player's vacation if one is running, unix seconds.
    pub until: Option<i64>,
    /// The request lengthened a vacation that was already running.
    pub extended: bool,
    /// The player's games in setup or in play, whose boards show the change.
    pub games: Vec<i64>,
}

/// Vacation days `user` has used in the calendar year (UTC) of `now`.
fn used_in(user: &crate::storage::UserRecord, now: i64) -> i64 {
    if user.vacation_year == civil_date(now).0 { user.vacation_used } else { 0 }
}

/// Ends the game at `now` if the side to move's time is up (R23): a loss on
/// time, or an abort without result while a side has not made its first move.
fn expire(rec: &mut GameRecord, now: i64) -> Result<Vec<Addressed>, UserError> {
    if rec.status != GameStatus::Play || deadline(rec).is_none_or(|d| now < d) {
        return Ok(vec![]);
    }
    if super::jungle::is_jungle(rec) {
        return super::jungle::expire(rec);
    }
    let mut game = state::load_engine(rec)?;
    if game.can_abort() {
        // Before both first moves the game ends without result.
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
    /// The player's vacation allowance and running vacation at `now`
    /// (what `/vacation` without a number shows).
    ///
    /// # Errors
    /// [`UserError::NoActiveGame`] for a user never seen, [`UserError::Internal`].
    pub async fn vacation_status(&self, user_id: i64, now: i64) -> Result<Vacation, UserError> {
        let user = self.store.get_user(user_id).await?.ok_or(UserError::NoActiveGame)?;
        Ok(Vacation {
            days_left: VACATION_DAYS_PER_YEAR - used_in(&user, now),
            until: user.vacation_until.filter(|u| *u > now),
            extended: false,
            games: vec![],
        })
    }

    /// A new seat for `user_id` on `side`, paused by the player's running
    /// vacation (R23: a game that starts during it waits for them too).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub(crate) async fn seat(&self, side: Player, user_id: i64) -> Result<crate::storage::PlayerRecord, UserError> {
        let mut seat = crate::storage::PlayerRecord::new(side.as_str(), user_id);
        if let Some(user) = self.store.get_user(user_id).await?
            && user.vacation_until.is_some_and(|u| u > crate::storage::now())
        {
            seat.vacation_from = user.vacation_from;
            seat.vacation_until = user.vacation_until;
        }
        Ok(seat)
    }

    /// Takes `days` vacation days at `now` (R23: the player's clocks are
    /// paused). The vacation belongs to the player: it pauses every game of
    /// theirs, also one that starts during it, and opponents see it on
    /// their boards. A request while a vacation runs lengthens it by `days`
    /// (never shortens it); each day is charged once, at most
    /// [`VACATION_DAYS_PER_YEAR`] days a calendar year (UTC).
    ///
    /// # Errors
    /// [`UserError::VacationNotAllowed`] with what is left and the end of a
    /// running vacation, for `days < 1` or more than is left (nothing
    /// changes); [`UserError::NoActiveGame`] for a user never seen;
    /// [`UserError::Internal`].
    pub async fn vacation(&self, user_id: i64, days: i64, now: i64) -> Result<Vacation, UserError> {
        let user = self.store.get_user(user_id).await?.ok_or(UserError::NoActiveGame)?;
        let used = used_in(&user, now);
        let left = VACATION_DAYS_PER_YEAR - used;
        let running = user.vacation_until.filter(|u| *u > now);
        if days < 1 || days > left {
            return Err(UserError::VacationNotAllowed { days_left: left, until: running });
        }
        let (from, until) = match (running, user.vacation_from) {
            (Some(until), Some(from)) => (from, until + days * DAY),
            _ => (now, now + days * DAY),
        };
        self.store.set_vacation(user_id, civil_date(now).0, used + days, from, until).await?;
        let games: Vec<i64> = self
            .store
            .games_of_user(user_id, 200)
            .await?
            .iter()
            .filter(|g| matches!(g.status, GameStatus::Play | GameStatus::Setup))
            .map(|g| g.id)
            .collect();
        for &id in &games {
            self.with_game(id, |rec| {
                let side = state::side_of(rec, user_id)?;
                let p = state::player_mut(rec, side)?;
                p.vacation_from = Some(from);
                p.vacation_until = Some(until);
                state::touch_all(rec);
                Ok(((), vec![]))
            })
            .await?;
        }
        Ok(Vacation { days_left: left - days, until: Some(until), extended: running.is_some(), games })
    }

    /// The timed games whose boards should be redrawn at `now` because their
    /// time left crossed one of its [`refresh_points`] after `since` (the
    /// previous call; `None` after a start: every game in its last day), and
    /// when the next such point is due. Changes nothing.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn clock_refreshes(
        &self,
        now: i64,
        since: Option<i64>,
        cfg: &ClockConfig,
    ) -> Result<(Vec<i64>, Option<i64>), UserError> {
        let (mut ids, mut next) = (vec![], None::<i64>);
        for (id, days, started, _) in self.store.timed_games().await? {
            let Some(rec) = self.store.load_game(id).await? else { continue };
            let Some(due) = deadline(&rec) else { continue };
            if now >= due {
                continue;
            }
            let points: Vec<i64> = refresh_points(due, days, cfg).into_iter().filter(|p| *p > started).collect();
            let crossed = match since {
                Some(s) => points.iter().any(|p| s < *p && *p <= now),
                None => due - now <= DAY,
            };
            if crossed {
                ids.push(id);
            }
            if let Some(p) = points.iter().find(|p| **p > now) {
                next = Some(next.map_or(*p, |n| n.min(*p)));
            }
        }
        Ok((ids, next))
    }

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
        for (id, days, _, sent) in self.store.timed_games().await? {
            let Some(rec) = self.store.load_game(id).await? else { continue };
            let Some(due) = deadline(&rec) else { continue };
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
                    let side: Player = state::turn_and_ply(rec)?.0;
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
