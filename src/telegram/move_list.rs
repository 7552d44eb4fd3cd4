//! The move list of the game menu (R24): every ply as the reader saw it —
//! moves, combats with both ranks in the rule set's numbering — a page at
//! a time with ◀ ▶.

use engine::PlayerView;
use teloxide::types::InlineKeyboardMarkup;

use super::callback::Callback;
use super::render::{BoardCtx, button, describe_ply};
use crate::app::Action;
use crate::i18n::{TrArg, tr, tr_args};

/// Plies per page: 20 lines stay far below Telegram's 4096 characters.
pub const PAGE: usize = 20;

/// Number of pages for `plies` plies (at least one, empty, page).
#[must_use]
pub fn pages(plies: usize) -> usize {
    plies.div_ceil(PAGE).max(1)
}

/// The page shown for a requested `page`: past the end means the last.
#[must_use]
pub fn clamp(page: u16, plies: usize) -> usize {
    usize::from(page).min(pages(plies) - 1)
}

/// The text of page `page` (clamped): the title, which plies, one line a ply
/// numbered from 1.
#[must_use]
pub fn text(v: &PlayerView, ctx: &BoardCtx<'_>, page: u16) -> String {
    let lang = ctx.lang;
    let mut t = super::render::title_line(v, ctx);
    let plies = v.history();
    if plies.is_empty() {
        t.push_str(&tr(lang, "moves-none"));
        return t;
    }
    let page = clamp(page, plies.len());
    let (from, to) = (page * PAGE, ((page + 1) * PAGE).min(plies.len()));
    t.push_str(&tr_args(
        lang,
        "moves-heading",
        &[("from", TrArg::from(from + 1)), ("to", TrArg::from(to)), ("total", TrArg::from(plies.len()))],
    ));
    for (i, rec) in plies[from..to].iter().enumerate() {
        t.push_str(&format!("\n{}. {}", from + i + 1, describe_ply(v, rec, lang, ctx.opponent)));
    }
    t
}

/// The keyboard of page `page` (clamped): ◀ and ▶ where there is a page
/// that way, the page number, and back to the board.
#[must_use]
pub fn keyboard(v: &PlayerView, ctx: &BoardCtx<'_>, page: u16) -> InlineKeyboardMarkup {
    let (game, ver) = (ctx.game_id, ctx.version);
    let play = |action| Callback::Play { game, ver, action };
    let total = pages(v.ply());
    let page = clamp(page, v.ply());
    let to = |p: usize| play(Action::Moves(u16::try_from(p).unwrap_or(u16::MAX)));
    let mut nav = vec![];
    if page > 0 {
        nav.push(button("◀", to(page - 1)));
    }
    nav.push(button(format!("{}/{total}", page + 1), Callback::Noop));
    if page + 1 < total {
        nav.push(button("▶", to(page + 1)));
    }
    InlineKeyboardMarkup::new(vec![nav, vec![button(tr(ctx.lang, "btn-back"), play(Action::Back))]])
}

#[cfg(test)]
mod tests {
    use engine::{ByPlayer, Game, Player, RuleSetId};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;
    use crate::app::Seat;
    use crate::i18n::Lang;
    use crate::telegram::marks_tests::ctx;
    use crate::telegram::render;

    use crate::telegram::marks_tests::buttons_with_data as labels_and_data;

    /// A classic game of 45 plies seen by North (a combat in it).
    fn game() -> engine::PlayerView {
        for seed in 0..50 {
            let mut rng = StdRng::seed_from_u64(seed);
            let setups = ByPlayer::new_with(|_| engine::smart(RuleSetId::Classic.rules(), &mut rng));
            let mut g = Game::new(RuleSetId::Classic, setups, Player::South).unwrap();
            while g.ply() < 45 && g.outcome().is_none() {
                let moves = g.legal_moves();
                g.play(moves[rand::Rng::random_range(&mut rng, 0..moves.len())]).unwrap();
            }
            let v = g.view(Player::North);
            if v.ply() == 45 && v.outcome().is_none() && v.history().iter().any(|r| r.combat.is_some()) {
                return v;
            }
        }
        panic!("no 45-ply game");
    }

    // R24: every ply, with its combat, on pages of 20 with ◀ ▶.
    #[test]
    fn rule_r24_the_move_list_pages_through_every_ply() {
        let v = game();
        assert_eq!(pages(45), 3);
        assert_eq!(pages(0), 1);
        for lang in Lang::ALL {
            let mut seen = vec![];
            for page in [0u16, 1, 2] {
                let c = ctx(lang, Seat::Moves(page), 0);
                let text = render::board_text(&v, &c);
                let lines: Vec<&str> = text
                    .lines()
                    .filter(|l| l.split_once(". ").is_some_and(|(n, _)| n.parse::<usize>().is_ok()))
                    .collect();
                let (from, to) = (usize::from(page) * 20 + 1, (usize::from(page) * 20 + 20).min(45));
                assert_eq!(lines.len(), to - from + 1, "{text}");
                for (i, line) in lines.iter().enumerate() {
                    let rec = &v.history()[from - 1 + i];
                    assert_eq!(*line, format!("{}. {}", from + i, render::describe_ply(&v, rec, lang, "Bob")));
                    seen.push(rec.mv);
                }
                let heading = match lang {
                    Lang::En => format!("Moves {from}–{to} of 45:"),
                    Lang::Ru => format!("Ходы {from}–{to} из 45:"),
                };
                assert!(text.contains(&heading), "{text}");
                let kb = labels_and_data(&render::board_keyboard(&v, &c).unwrap());
                let has = |label: &str, data: &str| kb.iter().any(|(l, d)| l == label && d == data);
                assert_eq!(has("◀", &format!("P.5.2.h{}", page.wrapping_sub(1))), page > 0, "{kb:?}");
                assert_eq!(has("▶", &format!("P.5.2.h{}", page + 1)), page < 2, "{kb:?}");
                assert!(has(&format!("{}/3", page + 1), "_"), "{kb:?}");
                assert!(kb.iter().any(|(_, d)| d == "P.5.2.b"), "back to the board");
                for (_, d) in &kb {
                    assert!(d.len() <= 64 && crate::telegram::callback::Callback::parse(d).is_ok(), "{d}");
                }
            }
            assert_eq!(seen, v.history().iter().map(|r| r.mv).collect::<Vec<_>>());
            assert!(seen.len() == 45);
            // The menu opens the last page; a page past the end shows the last.
            let menu = labels_and_data(&render::board_keyboard(&v, &ctx(lang, Seat::Menu, 0)).unwrap());
            assert!(menu.iter().any(|(_, d)| d == "P.5.2.h65535"), "{menu:?}");
            let last = render::board_text(&v, &ctx(lang, Seat::Moves(u16::MAX), 0));
            assert_eq!(last, render::board_text(&v, &ctx(lang, Seat::Moves(2), 0)));
        }
    }

    #[test]
    fn a_game_with_no_moves_says_so() {
        let mut rng = StdRng::seed_from_u64(2);
        let setups = ByPlayer::new_with(|_| engine::smart(RuleSetId::Battle.rules(), &mut rng));
        let v = Game::new(RuleSetId::Battle, setups, Player::South).unwrap().view(Player::South);
        for (lang, want) in [(Lang::En, "No moves yet."), (Lang::Ru, "Ходов ещё не было.")] {
            let c = ctx(lang, Seat::Moves(0), 0);
            assert!(render::board_text(&v, &c).ends_with(want));
            let kb = labels_and_data(&render::board_keyboard(&v, &c).unwrap());
            assert!(!kb.iter().any(|(l, _)| l == "◀" || l == "▶"), "{kb:?}");
        }
    }
}
