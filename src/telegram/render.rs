//! Boards as text and keyboards, from a [`PlayerView`] (play) or the player's
//! own draft (setup) only — never from the full game, so nothing hidden can
//! reach a message (R25).

use engine::{Cell, CombatResult, DrawReason, Outcome, Player, PlayerView, Rank, Record, Square, WinReason};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::Callback;
use super::marks::{Place, label, legend, marked};
pub use super::marks::{grid, square_at};
pub use super::setup_board::{SetupCtx, setup_keyboard, setup_text};
use crate::app::{Action, Seat};
pub use crate::i18n::names::{family, rank_label, rank_name, rank_name_in};
use crate::i18n::{Lang, TrArg, tr, tr_args};

// Files shown at once on a keyboard (Telegram shows at most 8 buttons a row) and the last window start.
pub use crate::app::{LAST_WINDOW, WINDOW};

/// Everything a board render needs besides the view.
#[derive(Clone, Debug)]
pub struct BoardCtx<'a> {
    /// The reader's language.
    pub lang: Lang,
    /// Game id.
    pub game_id: i64,
    /// Board version for the buttons.
    pub version: i64,
    /// The opponent's display name.
    pub opponent: &'a str,
    /// What the board shows besides the position.
    pub seat: Seat,
    /// First visible column (0–2) in the reader's orientation.
    pub scroll: u8,
    /// Who offered a draw, if an offer stands.
    pub draw_offer: Option<Player>,
    /// Days per move; `None` = unlimited.
    pub days_per_move: Option<i64>,
    /// Seconds left for the side to move (R23), when there is a time limit.
    pub time_left: Option<i64>,
    /// When the side to move runs out of time, unix seconds (shown as a UTC date and time).
    pub deadline: Option<i64>,
    /// The end of the opponent's vacation (their clock is paused), as a date.
    pub opponent_vacation: Option<String>,
}

/// HTML-escapes user text for `parse_mode = HTML`.
#[must_use]
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

pub(crate) fn side_name(side: Player, lang: Lang) -> String {
    tr(lang, if side == Player::South { "side-south" } else { "side-north" })
}

/// One line describing a ply from the reader's side, with its combat.
#[must_use]
pub fn describe_ply(v: &PlayerView, rec: &Record, lang: Lang, opponent: &str) -> String {
    let who = if rec.player == v.me() { tr(lang, "you") } else { esc(opponent) };
    let mut s = tr_args(lang, "ply-line", &[("who", who.into()), ("mv", rec.mv.to_string().into())]);
    if let Some(c) = rec.combat {
        let r = v.rule_set();
        let (mine, theirs) = if rec.player == v.me() { (c.attacker, c.defender) } else { (c.defender, c.attacker) };
        let key = match (c.result, rec.player == v.me()) {
            (CombatResult::BothRemoved, _) => "combat-both",
            (CombatResult::AttackerWins, true) | (CombatResult::DefenderWins, false) => "combat-won",
            _ => "combat-lost",
        };
        s.push_str(" ⚔ ");
        s.push_str(&tr_args(
            lang,
            key,
            &[("mine", rank_name(r, mine, lang).into()), ("theirs", rank_name_in(r, theirs, lang, "gen").into())],
        ));
    }
    s
}

/// Why the game ended, in words ("the flag was captured.").
#[must_use]
pub fn reason_text(o: Outcome, lang: Lang) -> String {
    let key = match o {
        Outcome::Win { reason, .. } => match reason {
            WinReason::FlagCaptured => "why-flag",
            WinReason::NoLegalMoves => "why-nomoves",
            WinReason::Resignation => "why-resign",
            WinReason::Time => "why-time",
        },
        Outcome::Draw(reason) => match reason {
            DrawReason::NoLegalMoves => "why-draw-nomoves",
            DrawReason::NoAttacks => "why-draw-noattacks",
            DrawReason::Agreement => "why-draw-agreed",
            DrawReason::DeadPosition => "why-draw-dead",
            DrawReason::PlyLimit => "why-draw-plylimit",
        },
    };
    tr(lang, key)
}

/// The headline of an outcome for the reader: won / lost / draw with the reason.
#[must_use]
pub fn outcome_line(o: Outcome, me: Player, lang: Lang) -> String {
    headline(o.winner(), me, &reason_text(o, lang), lang)
}

/// "You won — `reason`" (lost, draw) for the reader on `me`, whichever game
/// `winner` (`None`: a draw) comes from.
pub(crate) fn headline(winner: Option<Player>, me: Player, reason: &str, lang: Lang) -> String {
    let head = match winner {
        Some(w) if w == me => tr(lang, "result-won"),
        Some(_) => tr(lang, "result-lost"),
        None => tr(lang, "result-draw"),
    };
    format!("{head} — {reason}")
}

/// The result said of the players by name, for public cards and spectators.
#[must_use]
pub fn public_result(o: Outcome, south: &str, north: &str, lang: Lang) -> String {
    let head = match o.winner() {
        Some(Player::South) => tr_args(lang, "card-winner", &[("name", esc(south).into())]),
        Some(Player::North) => tr_args(lang, "card-winner", &[("name", esc(north).into())]),
        None => tr(lang, "result-draw"),
    };
    format!("{head} — {}", reason_text(o, lang))
}

fn graveyard_line(v: &PlayerView, p: Player, lang: Lang) -> String {
    let mut ranks: Vec<Rank> = v.graveyard(p).to_vec();
    ranks.sort();
    if ranks.is_empty() {
        return "—".into();
    }
    ranks.iter().map(|r| rank_label(v.rule_set(), *r, lang)).collect::<Vec<_>>().join(" ")
}

/// The game, its rule set and who plays whom, each line ended.
#[must_use]
pub fn title_line(v: &PlayerView, ctx: &BoardCtx<'_>) -> String {
    title_of(v.rule_set().as_str(), v.me(), ctx)
}

/// The title lines of any game: its number and rules (`rules` is the
/// stored code, `battle` … `jungle`), the reader's side and opponent.
pub(crate) fn title_of(rules: &str, me: Player, ctx: &BoardCtx<'_>) -> String {
    let lang = ctx.lang;
    let mut t = format!(
        "<b>{}</b> · {}\n",
        tr_args(lang, "game-title", &[("id", ctx.game_id.into())]),
        tr(lang, &format!("rules-{rules}"))
    );
    t.push_str(&tr_args(
        lang,
        "board-you-vs",
        &[("side", side_name(me, lang).into()), ("opponent", esc(ctx.opponent).into())],
    ));
    t.push('\n');
    t
}

/// The text of a play (or finished) board.
#[must_use]
pub fn board_text(v: &PlayerView, ctx: &BoardCtx<'_>) -> String {
    let lang = ctx.lang;
    if let Seat::Moves(page) = ctx.seat
        && v.outcome().is_none()
    {
        return super::move_list::text(v, ctx, page);
    }
    let mut t = title_line(v, ctx);
    t.push_str(&format!("<pre>{}</pre>\n", grid(v, lang)));
    t.push_str(&legend(v, lang));
    t.push('\n');
    // The last two plies, so a reply never hides the result of the
    // reader's own move.
    let recent: Vec<String> =
        v.history()[v.ply().saturating_sub(2)..].iter().map(|rec| describe_ply(v, rec, lang, ctx.opponent)).collect();
    recent_and_captured(
        &mut t,
        &recent,
        graveyard_line(v, v.me(), lang),
        graveyard_line(v, v.me().other(), lang),
        lang,
    );
    match v.outcome() {
        Some(o) => {
            t.push_str(&format!("<b>{}</b>\n", outcome_line(o, v.me(), lang)));
            t.push_str(&tr_args(lang, "moves-played", &[("n", TrArg::from(v.ply()))]));
            t.push('\n');
            if let Some(s) = v.revealed_setups() {
                // R26: both setups once the game is over.
                t.push_str(&tr_args(
                    lang,
                    "setups-revealed",
                    &[("south", s.south.to_code().into()), ("north", s.north.to_code().into())],
                ));
            }
        }
        None => {
            status_lines(&mut t, v.me(), v.turn() == v.me(), ctx);
            if let Seat::Selected(sq) = ctx.seat
                && let Cell::Own(p) = v.cell(sq)
            {
                // A piece with nowhere to go says so instead of asking for a
                // marked square (there is none).
                let key = if v.destinations(sq).next().is_some() { "selected" } else { "selected-stuck" };
                t.push_str(&tr_args(
                    lang,
                    key,
                    &[("sq", sq.to_string().into()), ("piece", rank_name(v.rule_set(), p.rank, lang).into())],
                ));
            }
        }
    }
    t.trim_end().to_owned()
}

/// The last plies (described), then what each side lost, each line ended.
pub(crate) fn recent_and_captured(t: &mut String, recent: &[String], lost: String, taken: String, lang: Lang) {
    if !recent.is_empty() {
        t.push_str(&tr_args(lang, "last-moves", &[("n", TrArg::from(recent.len()))]));
        for line in recent {
            t.push_str(&format!("\n{line}"));
        }
        t.push('\n');
    }
    t.push_str(&tr_args(lang, "captured", &[("lost", lost.into()), ("taken", taken.into())]));
    t.push('\n');
}

/// The lines of a running game under its board, whichever game it is:
/// whose turn, the time (R23), the opponent's vacation, a draw offer
/// (R22), a move waiting for confirmation, the resignation question.
pub(crate) fn status_lines(t: &mut String, me: Player, my_turn: bool, ctx: &BoardCtx<'_>) {
    let lang = ctx.lang;
    if my_turn {
        t.push_str(&format!("<b>{}</b>", tr(lang, "turn-yours")));
    } else {
        t.push_str(&tr_args(lang, "turn-theirs", &[("opponent", esc(ctx.opponent).into())]));
    }
    t.push_str(&format!(" · {}", days_text(ctx.days_per_move, lang)));
    if let Some(left) = ctx.time_left {
        t.push_str(&format!(" · ⏳ {}", time_left_text(left, lang)));
    }
    if let Some(at) = ctx.deadline {
        t.push_str(&format!(" ({})", tr_args(lang, "deadline-at", &[("at", fmt_date_time(at).into())])));
    }
    t.push('\n');
    if let Some(date) = &ctx.opponent_vacation {
        t.push_str(&tr_args(
            lang,
            "opponent-vacation",
            &[("opponent", esc(ctx.opponent).into()), ("date", date.clone().into())],
        ));
        t.push('\n');
    }
    match ctx.draw_offer {
        Some(p) if p == me => t.push_str(&tr(lang, "draw-you-offered")),
        Some(_) => t.push_str(&tr(lang, "draw-they-offered")),
        None => {}
    }
    if ctx.seat == Seat::ConfirmResign {
        t.push_str(&tr_args(lang, "resign-question", &[("id", ctx.game_id.into())]));
    }
}

/// A duration left as an upper bound in the unit the clock refreshes boards
/// with (see [`crate::app::refresh_points`]): whole days before the last
/// day ("≤ 3 d"), whole hours in it ("≤ 5 h"), so a board that waits for its
/// next refresh never shows more time than is left by more than that unit
/// and never less.
#[must_use]
pub fn time_left_text(secs: i64, lang: Lang) -> String {
    let secs = secs.max(1);
    if secs > 86_400 {
        tr_args(lang, "left-days", &[("d", ((secs + 86_399) / 86_400).into())])
    } else {
        tr_args(lang, "left-hours", &[("h", ((secs + 3_599) / 3_600).into())])
    }
}

/// A unix time as a UTC date and time, `2026-12-05 14:00`.
#[must_use]
pub fn fmt_date_time(unix: i64) -> String {
    let (y, m, d) = crate::app::civil_date(unix);
    let s = unix.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", s / 3_600, s % 3_600 / 60)
}

/// "unlimited time" / "3 days per move".
#[must_use]
pub fn days_text(days: Option<i64>, lang: Lang) -> String {
    match days {
        None | Some(0) => tr(lang, "time-unlimited"),
        Some(d) => tr_args(lang, "time-days", &[("n", d.into())]),
    }
}

pub(crate) fn button(text: impl Into<String>, cb: Callback) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(text, cb.encode())
}

/// The first column of the window: the stored one (the use cases move it
/// when a piece is selected and back after a move; a press of ◀/▶ moves it
/// anywhere — a selection never pins it).
pub(crate) fn window_start(scroll: u8) -> u8 {
    scroll.min(LAST_WINDOW)
}

/// The files a window starting at column `start` shows, e.g. `a–h` (from
/// `me`'s side: North's columns run from j to a, the label is still `c–j`).
#[must_use]
pub fn window_label(me: Player, start: u8) -> String {
    let file = |col: u8| (b'a' + square_at(me, 0, col).file()) as char;
    let (x, y) = (file(start), file(start + WINDOW - 1));
    format!("{}–{}", x.min(y), x.max(y))
}

/// The buttons that name the window shown (`👁 a–h`) and jump to the other
/// useful view (`c–j ▶` / `◀ a–h`), with `to` the callback of a jump.
pub(crate) fn window_buttons(me: Player, start: u8, to: impl Fn(u8) -> Callback) -> Vec<InlineKeyboardButton> {
    let mut row = vec![];
    if start > 0 {
        row.push(button(format!("◀ {}", window_label(me, 0)), to(0)));
    }
    row.push(button(format!("👁 {}", window_label(me, start)), Callback::Noop));
    if start < LAST_WINDOW {
        row.push(button(format!("{} ▶", window_label(me, LAST_WINDOW)), to(LAST_WINDOW)));
    }
    row
}

/// The keyboard that replaces a running board's squares, whichever game it
/// is: the menu (resign, draw, abort while `ply` < 2, the move list if
/// `moves`, resend, back), a move's confirmation, the resignation question;
/// `None` for the squares.
pub(crate) fn seat_keyboard(me: Player, ply: usize, moves: bool, ctx: &BoardCtx<'_>) -> Option<InlineKeyboardMarkup> {
    let lang = ctx.lang;
    let (game, ver) = (ctx.game_id, ctx.version);
    let play = |action| Callback::Play { game, ver, action };
    match ctx.seat {
        Seat::Menu => {
            let mut rows = vec![vec![button(tr(lang, "btn-resign"), play(Action::Resign))]];
            if ctx.draw_offer == Some(me.other()) {
                rows.push(vec![
                    button(tr(lang, "btn-accept-draw"), play(Action::AcceptDraw)),
                    button(tr(lang, "btn-decline-draw"), play(Action::DeclineDraw)),
                ]);
            } else if ctx.draw_offer.is_none() {
                rows.push(vec![button(tr(lang, "btn-offer-draw"), play(Action::OfferDraw))]);
            }
            if ply < 2 {
                // R23: either player may abort until both have made a first move.
                rows.push(vec![button(tr(lang, "btn-abort"), play(Action::Abort))]);
            }
            if moves {
                rows.push(vec![button(tr(lang, "btn-moves"), play(Action::Moves(u16::MAX)))]);
            }
            rows.push(vec![button(tr(lang, "btn-resend"), Callback::Resend { game })]);
            rows.push(vec![button(tr(lang, "btn-back"), play(Action::Back))]);
            Some(InlineKeyboardMarkup::new(rows))
        }
        Seat::ConfirmResign => Some(InlineKeyboardMarkup::new(vec![vec![
            button(tr(lang, "btn-resign-yes"), play(Action::ResignConfirm)),
            button(tr(lang, "btn-resign-no"), play(Action::Back)),
        ]])),
        // A move waiting for its second tap is drawn as a selection (`Seat::drawn`).
        Seat::Moves(_) | Seat::Idle | Seat::Selected(_) | Seat::ConfirmMove(_) => None,
    }
}

/// The keyboard of a play board: 10 ranks × 8 files and a control row
/// (≤ 88 buttons); the menu and the resignation question replace it. Once
/// the game is over only a rematch button is left. `None` never happens
/// today; the option leaves room for boards without buttons.
#[must_use]
pub fn board_keyboard(v: &PlayerView, ctx: &BoardCtx<'_>) -> Option<InlineKeyboardMarkup> {
    let lang = ctx.lang;
    if v.outcome().is_some() {
        // The board loses its move buttons; only a rematch is offered.
        return Some(InlineKeyboardMarkup::new(vec![vec![button(
            tr(lang, "btn-rematch"),
            Callback::Rematch { game: ctx.game_id },
        )]]));
    }
    let (game, ver) = (ctx.game_id, ctx.version);
    let play = |action| Callback::Play { game, ver, action };
    if let Some(kb) = seat_keyboard(v.me(), v.ply(), true, ctx) {
        return Some(kb);
    }
    if let Seat::Moves(page) = ctx.seat {
        return Some(super::move_list::keyboard(v, ctx, page));
    }
    let me = v.me();
    let selected = match ctx.seat {
        Seat::Selected(sq) => Some(sq),
        _ => None,
    };
    let dests: Vec<Square> = selected.map(|s| v.destinations(s).collect()).unwrap_or_default();
    let start = window_start(ctx.scroll);
    let r = v.rule_set();
    let mut rows = Vec::with_capacity(11);
    for row in 0..10 {
        let mut line = Vec::with_capacity(WINDOW as usize);
        for col in start..start + WINDOW {
            let sq = square_at(me, row, col);
            let is_dest = dests.contains(&sq);
            let text = match v.cell(sq) {
                Cell::Empty if is_dest => "○".to_owned(),
                Cell::Own(p) if selected == Some(sq) => format!("[{}]", rank_label(r, p.rank, lang)),
                Cell::Enemy(_) if is_dest => format!("⚔{}", label(v, sq, lang, Place::Button)),
                _ => label(v, sq, lang, Place::Button),
            };
            let text = marked(v, sq, text);
            let cb = if sq.is_lake() { Callback::Noop } else { Callback::Tap { game, ver, sq } };
            line.push(button(text, cb));
        }
        rows.push(line);
    }
    let mut controls = window_buttons(me, start, |to| play(Action::Scroll(to)));
    controls.push(button(tr(lang, "btn-menu"), play(Action::Menu)));
    rows.push(controls);
    Some(InlineKeyboardMarkup::new(rows))
}
