//! The setup board (R4–R6): the reader's own draft of the four home ranks
//! as text and keyboard — never anything of the opponent's (R25).

use engine::{Player, Rank, Square, ValidSetup};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::{Callback, SetupButton};
use super::render::{WINDOW, button, days_text, esc, rank_label, side_name, square_at, window_buttons, window_start};
use crate::i18n::{Lang, tr, tr_args};

/// Everything a setup-board render needs.
#[derive(Clone, Debug)]
pub struct SetupCtx<'a> {
    /// The reader's language.
    pub lang: Lang,
    /// Game id.
    pub game_id: i64,
    /// Board version for the buttons.
    pub version: i64,
    /// The reader's side.
    pub me: Player,
    /// Who moves first (R7: drawn and shown to both).
    pub first: Player,
    /// The opponent's name.
    pub opponent: &'a str,
    /// A selected square (first tap of a swap).
    pub selected: Option<Square>,
    /// First visible column.
    pub scroll: u8,
    /// The reader confirmed.
    pub confirmed: bool,
    /// The opponent confirmed.
    pub opponent_ready: bool,
    /// Days per move.
    pub days_per_move: Option<i64>,
}

/// Rows of the reader's home ranks, top to bottom as they see them: the
/// front rank first (row 6 of their view) down to the back rank.
fn home_rows(me: Player) -> impl Iterator<Item = u8> {
    let _ = me;
    6..10u8
}

/// The monospace grid of `me`'s four home ranks in `draft`, with file letters.
#[must_use]
pub fn home_grid(draft: &ValidSetup, me: Player, lang: Lang) -> String {
    let rules = draft.rules();
    let mut grid = String::new();
    let header: String =
        (0..10).map(|c| format!("{:>3}", (b'a' + square_at(me, 0, c).file()) as char)).collect::<String>();
    for row in home_rows(me) {
        let rank = square_at(me, row, 0).rank() + 1;
        grid.push_str(&format!("{rank:>2}"));
        for col in 0..10 {
            let sq = square_at(me, row, col);
            let slot = engine::home_slot(me, sq).expect("home row");
            let s = draft.setup().slots[slot].map_or_else(|| "·".to_owned(), |r| rank_label(rules, r, lang));
            grid.push_str(&format!("{s:>3}"));
        }
        grid.push('\n');
    }
    grid.push_str(&format!("  {header}"));
    grid
}

/// The text of a setup board: the reader's own draft only.
#[must_use]
pub fn setup_text(draft: &ValidSetup, ctx: &SetupCtx<'_>) -> String {
    let lang = ctx.lang;
    let rules = draft.rules();
    let grid = home_grid(draft, ctx.me, lang);
    // R7: by lot in «Сражение»; in classic and duel Red (South) moves first.
    let first = match (rules.rules().first_move, ctx.first == ctx.me) {
        (engine::FirstMove::Lot, true) => tr(lang, "first-you"),
        (engine::FirstMove::Lot, false) => tr(lang, "first-them"),
        (engine::FirstMove::South, true) => tr(lang, "first-red-you"),
        (engine::FirstMove::South, false) => tr(lang, "first-red-them"),
    };
    let mut t = format!(
        "<b>{}</b> · {} · {}\n{}\n{}\n<pre>{}</pre>\n{}\n<code>{}</code>\n",
        tr_args(lang, "game-title", &[("id", ctx.game_id.into())]),
        tr(lang, &format!("rules-{}", rules.as_str())),
        days_text(ctx.days_per_move, lang),
        tr_args(
            lang,
            "setup-header",
            &[("side", side_name(ctx.me, lang).into()), ("opponent", esc(ctx.opponent).into())]
        ),
        first,
        grid,
        tr(lang, "setup-code-label"),
        draft.to_code(),
    );
    t.push_str(&if ctx.confirmed {
        tr(lang, if ctx.opponent_ready { "setup-both-ready" } else { "setup-waiting" })
    } else {
        let mut s = tr(lang, "setup-help");
        if ctx.opponent_ready {
            s.push('\n');
            s.push_str(&tr(lang, "setup-opponent-ready"));
        }
        if let Some(sq) = ctx.selected {
            s.push('\n');
            s.push_str(&tr_args(lang, "setup-selected", &[("sq", sq.to_string().into())]));
        }
        s
    });
    t
}

/// The buttons of `me`'s four home ranks in `draft`, files `start..start +
/// WINDOW`, each pressing `tap(square)`; the selected square in brackets.
pub(crate) fn home_buttons(
    draft: &ValidSetup,
    me: Player,
    selected: Option<Square>,
    start: u8,
    lang: Lang,
    tap: impl Fn(Square) -> Callback,
) -> Vec<Vec<InlineKeyboardButton>> {
    let rules = draft.rules();
    let mut rows = vec![];
    for row in home_rows(me) {
        let mut line = vec![];
        for col in start..start + WINDOW {
            let sq = square_at(me, row, col);
            let slot = engine::home_slot(me, sq).expect("home row");
            let label = match draft.setup().slots[slot] {
                None => "·".to_owned(),
                Some(r) if selected == Some(sq) => format!("[{}]", rank_label(rules, r, lang)),
                Some(Rank::Mine) => "💣".to_owned(),
                Some(Rank::Flag) => "🚩".to_owned(),
                Some(r) => rank_label(rules, r, lang),
            };
            line.push(button(label, tap(sq)));
        }
        rows.push(line);
    }
    rows
}

/// The keyboard of a setup board: the four home ranks × 8 files and controls.
#[must_use]
pub fn setup_keyboard(draft: &ValidSetup, ctx: &SetupCtx<'_>) -> InlineKeyboardMarkup {
    let lang = ctx.lang;
    let (game, ver) = (ctx.game_id, ctx.version);
    let ctl = |button| Callback::Setup { game, ver, button };
    if ctx.confirmed {
        let rows = if ctx.opponent_ready {
            vec![]
        } else {
            vec![vec![button(tr(lang, "btn-edit-setup"), ctl(SetupButton::Edit))]]
        };
        return InlineKeyboardMarkup::new(rows);
    }
    let start = window_start(ctx.scroll);
    let mut rows = home_buttons(draft, ctx.me, ctx.selected, start, lang, |sq| Callback::SetupTap { game, ver, sq });
    let mut nav = window_buttons(ctx.me, start, |to| ctl(SetupButton::Scroll(to)));
    nav.push(button(tr(lang, "btn-shuffle"), ctl(SetupButton::Shuffle)));
    nav.push(button(tr(lang, "btn-smart"), ctl(SetupButton::Smart)));
    rows.push(nav);
    rows.push(vec![button(tr(lang, "btn-confirm"), ctl(SetupButton::Confirm))]);
    InlineKeyboardMarkup::new(rows)
}
