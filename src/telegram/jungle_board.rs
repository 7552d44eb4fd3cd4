//! The Jungle board in the chat (RULES.md §9), from a [`PlayerView`] only.
//!
//! The keyboard is the board: the whole 7×9 board at once, 7 buttons a
//! row (Telegram shows at most 8) and 63 squares plus one control row
//! (≤ 100 buttons), from the reader's side (J1). Each button shows an
//! animal with its emoji and rank (the opponent's with their side's
//! colour), or the square's terrain: 🏠 den, 🪤 trap, 🌊 water (J2). The
//! last move's squares carry `›`, the selected animal is in brackets, its
//! legal destinations show `○` (or `⚔` on an animal it can capture).
//! The text above names the game, the animals, the last two plies, the
//! captures and whose turn it is.

use engine::Player;
use jungle::{Animal, DrawReason, Outcome, PlayerView, Record, Square, Terrain, WinReason};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::Callback;
use super::marks::LAST_MOVE;
use super::render::{BoardCtx, button, esc, recent_and_captured, seat_keyboard, status_lines, title_of};
use crate::app::{Action, Seat, from_jungle, to_jungle};
use crate::i18n::jungle::{animal_emoji, animal_name};
use crate::i18n::{Lang, TrArg, tr, tr_args};

/// Buttons in one row of the board: the 7 files (J1).
pub const ROW: usize = jungle::FILES as usize;

/// Rows of squares: the 9 ranks (J1).
pub const ROWS: usize = jungle::RANKS as usize;

/// The colour mark of a side's animals on the reader's board (J1: South red, North blue).
#[must_use]
pub const fn side_mark(side: Player) -> &'static str {
    match side {
        Player::South => "🔴",
        Player::North => "🔵",
    }
}

/// An animal as a label: emoji and rank, `🐘8`.
#[must_use]
pub fn animal_label(a: Animal) -> String {
    format!("{}{}", animal_emoji(a), a.rank())
}

/// Why a Jungle game ended, in words ("an animal entered the den.").
#[must_use]
pub fn reason_text(o: Outcome, lang: Lang) -> String {
    let key = match o {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Den => "why-den",
            WinReason::AllCaptured => "why-allcaptured",
            WinReason::NoLegalMoves => "why-nomoves",
            WinReason::Resignation => "why-resign",
            WinReason::Time => "why-time",
        },
        Outcome::Draw(reason) => match reason {
            DrawReason::NoCaptures => "why-draw-nocaptures",
            DrawReason::Repetition => "why-draw-repetition",
            DrawReason::Agreement => "why-draw-agreed",
        },
    };
    tr(lang, key)
}

/// The headline of a Jungle outcome for the reader: won / lost / draw with the reason.
#[must_use]
pub fn outcome_line(o: Outcome, me: Player, lang: Lang) -> String {
    super::render::headline(o.winner(), me, &reason_text(o, lang), lang)
}

/// One ply from the reader's side: `You: a3-a4 ✖ 🐀1 Rat`.
#[must_use]
pub fn describe_ply(v: &PlayerView, rec: &Record, lang: Lang, opponent: &str) -> String {
    let who = if rec.player == v.me() { tr(lang, "you") } else { esc(opponent) };
    let mut s = tr_args(lang, "ply-line", &[("who", who.into()), ("mv", rec.mv.to_string().into())]);
    if let Some(a) = rec.captured {
        let animal = format!("{} {}", animal_label(a), animal_name(a, lang));
        s.push(' ');
        s.push_str(&tr_args(lang, "jungle-captures", &[("animal", animal.into())]));
    }
    s
}

fn captured_line(v: &PlayerView, p: Player) -> String {
    let mut lost = v.captured(p);
    lost.sort();
    if lost.is_empty() { "—".into() } else { lost.into_iter().map(animal_label).collect::<Vec<_>>().join(" ") }
}

/// The text of a Jungle board: title, legend, the animals, the last two
/// plies, captures, then the result or whose turn it is.
#[must_use]
pub fn board_text(v: &PlayerView, ctx: &BoardCtx<'_>) -> String {
    let lang = ctx.lang;
    let me = v.me();
    let mut t = title_of(crate::app::JUNGLE, me, ctx);
    t.push_str(&tr_args(lang, "jungle-legend", &[("enemy", side_mark(me.other()).into())]));
    t.push('\n');
    let list: Vec<String> =
        Animal::ALL.iter().rev().map(|&a| format!("{} {}", animal_label(a), animal_name(a, lang))).collect();
    t.push_str(&tr_args(lang, "jungle-animals", &[("list", list.join(" · ").into())]));
    t.push('\n');
    // The last two plies, so a reply never hides the result of the reader's own move.
    let recent: Vec<String> =
        v.history()[v.ply().saturating_sub(2)..].iter().map(|rec| describe_ply(v, rec, lang, ctx.opponent)).collect();
    recent_and_captured(&mut t, &recent, captured_line(v, me), captured_line(v, me.other()), lang);
    match v.outcome() {
        Some(o) => {
            t.push_str(&format!("<b>{}</b>\n", outcome_line(o, me, lang)));
            t.push_str(&tr_args(lang, "moves-played", &[("n", TrArg::from(v.ply()))]));
        }
        None => {
            status_lines(&mut t, me, v.my_turn(), ctx);
            if let Seat::Selected(sq) = ctx.seat
                && let Some(p) = to_jungle(sq).and_then(|s| v.piece_at(s)).filter(|p| p.player == me)
            {
                let key = if to_jungle(sq).is_some_and(|s| v.destinations(s).next().is_some()) {
                    "selected"
                } else {
                    "selected-stuck"
                };
                let piece = format!("{} {}", animal_label(p.animal), animal_name(p.animal, lang));
                t.push_str(&tr_args(lang, key, &[("sq", sq.to_string().into()), ("piece", piece.into())]));
            }
        }
    }
    t.trim_end().to_owned()
}

/// The label of square `sq` on the reader's keyboard (module docs).
#[must_use]
pub fn square_label(v: &PlayerView, sq: Square, selected: Option<Square>, dests: &[Square]) -> String {
    let me = v.me();
    let is_dest = dests.contains(&sq);
    let text = match v.piece_at(sq) {
        Some(p) if p.player == me && selected == Some(sq) => format!("[{}]", animal_label(p.animal)),
        Some(p) if p.player == me => animal_label(p.animal),
        Some(p) if is_dest => format!("⚔{}", animal_label(p.animal)),
        Some(p) => format!("{}{}", side_mark(p.player), animal_label(p.animal)),
        None if is_dest => "○".to_owned(),
        None => match v.terrain(sq) {
            Terrain::Land => "·".to_owned(),
            Terrain::Water => "🌊".to_owned(),
            Terrain::Trap(_) => "🪤".to_owned(),
            Terrain::Den(_) => "🏠".to_owned(),
        },
    };
    let last = v.last_move().is_some_and(|r| r.mv.from == sq || r.mv.to == sq);
    if last { format!("{LAST_MOVE}{text}") } else { text }
}

/// The keyboard of a Jungle board: 9 rows of 7 squares and a control row
/// (☰ menu while the game runs, a rematch once it is over; 64 buttons).
/// The menu, a move's confirmation and the resignation question replace it.
#[must_use]
pub fn board_keyboard(v: &PlayerView, ctx: &BoardCtx<'_>) -> InlineKeyboardMarkup {
    let lang = ctx.lang;
    let (game, ver) = (ctx.game_id, ctx.version);
    let over = v.outcome().is_some();
    if !over && let Some(kb) = seat_keyboard(v.me(), v.ply(), false, ctx) {
        return kb;
    }
    let selected = match ctx.seat {
        Seat::Selected(sq) if !over => to_jungle(sq),
        _ => None,
    };
    let dests: Vec<Square> = selected.map(|s| v.destinations(s).collect()).unwrap_or_default();
    // Once the game is over the board stays, its squares inert.
    let mut rows = square_rows(v, selected, &dests, |sq| {
        if over { Callback::Noop } else { Callback::Tap { game, ver, sq: from_jungle(sq) } }
    });
    rows.push(if over {
        vec![button(tr(lang, "btn-rematch"), Callback::Rematch { game })]
    } else {
        vec![button(tr(lang, "btn-menu"), Callback::Play { game, ver, action: Action::Menu })]
    });
    InlineKeyboardMarkup::new(rows)
}

/// The 9 rows of 7 square buttons of `v`, from its reader's side, each
/// pressing `tap` of its square (J1).
fn square_rows(
    v: &PlayerView,
    selected: Option<Square>,
    dests: &[Square],
    tap: impl Fn(Square) -> Callback,
) -> Vec<Vec<InlineKeyboardButton>> {
    (0..jungle::RANKS)
        .map(|row| {
            (0..jungle::FILES)
                .filter_map(|col| v.screen_square(row, col))
                .map(|sq| button(square_label(v, sq, selected, dests), tap(sq)))
                .collect()
        })
        .collect()
}

/// A frame of a finished game's replay (`/history`): the text under the
/// replay's title (the legend, the ply shown, the result on the last frame)
/// and the position as 9 rows of 7 inert buttons, for the caller's
/// stepping row.
#[must_use]
pub fn replay_board(v: &PlayerView, opponent: &str, lang: Lang) -> (String, Vec<Vec<InlineKeyboardButton>>) {
    let mut t = format!("\n{}", tr_args(lang, "jungle-legend", &[("enemy", side_mark(v.me().other()).into())]));
    if let Some(last) = v.last_move() {
        t.push_str(&format!("\n{}", describe_ply(v, last, lang, opponent)));
    }
    if let Some(o) = v.outcome() {
        t.push_str(&format!("\n<b>{}</b>", outcome_line(o, v.me(), lang)));
    }
    (t, square_rows(v, None, &[], |_| Callback::Noop))
}

/// A spectator's Jungle board: the title with both names, a legend, the
/// last ply by name, then the result or who is to move; and the position
/// from South's side (J1) as 9 rows of 7 inert buttons, for the caller's
/// Unwatch row. `v` is South's view (nothing in Jungle is hidden).
#[must_use]
pub fn spectator_board(
    v: &PlayerView,
    game_id: i64,
    south: &str,
    north: &str,
    lang: Lang,
) -> (String, Vec<Vec<InlineKeyboardButton>>) {
    let name = |p: Player| esc(if p == Player::South { south } else { north });
    let mut t = tr_args(
        lang,
        "jungle-spectator-title",
        &[("id", game_id.into()), ("south", name(Player::South).into()), ("north", name(Player::North).into())],
    );
    t.push_str(&format!("\n{}", tr(lang, "jungle-spectator-legend")));
    if let Some(last) = v.last_move() {
        let mut line =
            tr_args(lang, "ply-line", &[("who", name(last.player).into()), ("mv", last.mv.to_string().into())]);
        if let Some(a) = last.captured {
            let animal = format!("{} {}", animal_label(a), animal_name(a, lang));
            line.push_str(&format!(" {}", tr_args(lang, "jungle-captures", &[("animal", animal.into())])));
        }
        t.push_str(&format!("\n{line}"));
    }
    let status = public_status(v, south, north, lang);
    t.push_str(&if v.outcome().is_some() { format!("\n<b>{status}</b>") } else { format!("\n{status}") });
    (t, square_rows(v, None, &[], |_| Callback::Noop))
}

/// A Jungle game's public status line for a challenge card or a
/// spectator (names escaped): "🎯 move 8, Bob to play" or "Alice won — an
/// animal entered the den."
#[must_use]
pub fn public_status(v: &PlayerView, south: &str, north: &str, lang: Lang) -> String {
    let name = |p: Player| esc(if p == Player::South { south } else { north });
    match v.outcome() {
        Some(o) => {
            let head = match o.winner() {
                Some(w) => tr_args(lang, "card-winner", &[("name", name(w).into())]),
                None => tr(lang, "result-draw"),
            };
            format!("{head} — {}", reason_text(o, lang))
        }
        None => tr_args(lang, "card-move", &[("n", (v.ply() + 1).into()), ("name", name(v.turn()).into())]),
    }
}

#[cfg(test)]
#[path = "jungle_board_tests.rs"]
mod tests;
