//! R24 on the chat board: every mark the view carries is drawn, on the grid
//! and on the keyboard, in both languages and every rule set.

use engine::{ByPlayer, Cell, Game, Player, PlayerView, RuleSetId, Runner, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use teloxide::types::{InlineKeyboardButtonKind, InlineKeyboardMarkup};

use super::render::{self, BoardCtx};
use crate::app::Seat;
use crate::i18n::Lang;

/// Every button of a keyboard with callback data: (label, data).
pub(crate) fn buttons_with_data(kb: &InlineKeyboardMarkup) -> Vec<(String, String)> {
    kb.inline_keyboard
        .iter()
        .flatten()
        .filter_map(|b| match &b.kind {
            InlineKeyboardButtonKind::CallbackData(d) => Some((b.text.clone(), d.clone())),
            _ => None,
        })
        .collect()
}

/// A context with a plain board and no clock.
pub(super) fn ctx(lang: Lang, seat: Seat, scroll: u8) -> BoardCtx<'static> {
    BoardCtx {
        lang,
        game_id: 5,
        version: 2,
        opponent: "Bob",
        seat,
        scroll,
        draw_offer: None,
        days_per_move: None,
        time_left: None,
        deadline: None,
        opponent_vacation: None,
    }
}

/// Whether `v` has everything the marks test needs: an enemy piece that
/// moved, one never moved, a revealed enemy on the board, an own piece
/// the enemy knows, a combat in the last two plies and, where the rule set
/// has runners, an enemy piece that ran.
fn rich(v: &PlayerView) -> bool {
    let cells = v.cells();
    let enemy = |f: &dyn Fn(&engine::EnemyPiece) -> bool| cells.iter().any(|c| matches!(c, Cell::Enemy(e) if f(e)));
    let runners = v.rule_set().rules().runner != Runner::None;
    enemy(&|e| e.moved && !e.ran && e.revealed.is_none())
        && enemy(&|e| !e.moved && e.revealed.is_none())
        && enemy(&|e| e.revealed.is_some())
        && (!runners || enemy(&|e| e.ran && e.revealed.is_none()))
        && cells.iter().any(|c| matches!(c, Cell::Own(p) if p.revealed))
        && v.history()[v.ply() - 2..].iter().any(|r| r.combat.is_some())
        && v.my_turn()
}

/// A random game of `rules` played until South's view is [`rich`].
pub(super) fn rich_view(rules: RuleSetId) -> PlayerView {
    for seed in 0..200 {
        let mut rng = StdRng::seed_from_u64(seed);
        let setups = ByPlayer::new_with(|_| engine::shuffle(rules.rules(), &mut rng));
        let mut g = Game::new(rules, setups, Player::South).unwrap();
        for _ in 0..300 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer long moves now and then, so runners show up.
            let long: Vec<_> = moves
                .iter()
                .filter(|m| m.from.file().abs_diff(m.to.file()) + m.from.rank().abs_diff(m.to.rank()) > 1)
                .collect();
            let mv = if !long.is_empty() && rng.random_bool(0.3) {
                *long[rng.random_range(0..long.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            g.play(mv).unwrap();
            if g.outcome().is_some() {
                break;
            }
            let v = g.view(Player::South);
            if g.ply() > 20 && rich(&v) {
                return v;
            }
        }
    }
    panic!("no rich position in {rules}");
}

/// The trimmed label of every square, read back from the grid's columns.
fn grid_cells(v: &PlayerView, grid: &str) -> Vec<(Square, String)> {
    let lines: Vec<Vec<char>> = grid.lines().map(|l| l.chars().collect()).collect();
    let mut out = vec![];
    for row in 0..10u8 {
        let line = &lines[usize::from(row) + 1];
        for col in 0..10u8 {
            let at = 2 + 4 * usize::from(col);
            let cell: String = line[at..at + 4].iter().collect();
            out.push((render::square_at(v.me(), row, col), cell.trim().to_owned()));
        }
    }
    out
}

/// What a square must look like by R24, whatever the label's details.
fn check_mark(v: &PlayerView, sq: Square, text: &str) {
    let last = v.last_move().is_some_and(|r| r.mv.from == sq || r.mv.to == sq);
    assert_eq!(text.starts_with('›'), last, "{sq}: {text:?}");
    let t = text.trim_start_matches('›').trim_start_matches('⚔');
    match v.cell(sq) {
        Cell::Enemy(e) => match e.revealed {
            Some(_) => assert!(t.starts_with('*'), "{sq}: {text:?}"),
            None if e.ran => assert_eq!(t, "!!", "{sq}"),
            None if e.moved => assert_eq!(t, "!", "{sq}"),
            None => assert_eq!(t, "?", "{sq}"),
        },
        Cell::Own(p) => assert_eq!(t.ends_with('°'), p.revealed, "{sq}: {text:?}"),
        Cell::Empty => assert!(t == "·" || t == "○", "{sq}: {text:?}"),
        Cell::Lake => assert_eq!(t, "≈"),
    }
}

fn square_of(data: &str) -> Option<Square> {
    data.rsplit('.').next()?.parse().ok()
}

/// Every button of a play keyboard that stands for a square, with its label.
fn button_squares(kb: &InlineKeyboardMarkup) -> Vec<(Square, String)> {
    buttons_with_data(kb)
        .into_iter()
        .filter(|(_, d)| d.starts_with("p."))
        .filter_map(|(text, d)| square_of(&d).map(|sq| (sq, text)))
        .collect()
}

// R24: moved, runner, revealed, known-to-the-enemy and last-move marks on
// the grid and the keyboard; the grid stays aligned.
#[test]
fn rule_r24_the_board_draws_every_mark_of_the_view() {
    for rules in RuleSetId::ALL {
        let v = rich_view(rules);
        for lang in Lang::ALL {
            let grid = render::grid(&v, lang);
            let widths: Vec<usize> = grid.lines().map(|l| l.chars().count()).collect();
            assert!(widths.iter().all(|w| *w == 42), "{rules} {lang:?}: misaligned grid\n{grid}");
            let cells = grid_cells(&v, &grid);
            for (sq, text) in &cells {
                check_mark(&v, *sq, text);
            }
            assert!(cells.iter().any(|(_, t)| t.starts_with('*')), "a revealed enemy:\n{grid}");
            assert!(cells.iter().any(|(_, t)| t == "!"), "a moved enemy:\n{grid}");
            assert!(cells.iter().any(|(_, t)| t.ends_with('°')), "a known own piece:\n{grid}");
            let runners = rules.rules().runner != Runner::None;
            assert_eq!(cells.iter().any(|(_, t)| t.trim_start_matches('›') == "!!"), runners, "{rules}:\n{grid}");
            // Both windows together show every square once, each marked as on the grid.
            let mut seen = vec![];
            for scroll in [0, 2] {
                let kb = render::board_keyboard(&v, &ctx(lang, Seat::Idle, scroll)).unwrap();
                for (sq, text) in button_squares(&kb) {
                    check_mark(&v, sq, &text);
                    seen.push(sq);
                }
            }
            let last = v.last_move().unwrap().mv;
            assert!(seen.contains(&last.from) && seen.contains(&last.to));
        }
    }
}

// R24: the last two plies, with their combats, both in the text.
#[test]
fn rule_r24_the_board_text_tells_the_last_two_plies_and_the_marks() {
    for rules in RuleSetId::ALL {
        let v = rich_view(rules);
        for lang in Lang::ALL {
            let text = render::board_text(&v, &ctx(lang, Seat::Idle, 0));
            let recent = &v.history()[v.ply() - 2..];
            let heading = match lang {
                Lang::En => "Last moves:",
                Lang::Ru => "Последние ходы:",
            };
            let at = text.find(heading).unwrap_or_else(|| panic!("{text}"));
            let lines: Vec<&str> = text[at..].lines().skip(1).take(2).collect();
            for (line, rec) in lines.iter().zip(recent) {
                assert_eq!(*line, render::describe_ply(&v, rec, lang, "Bob"));
                assert!(line.contains(&rec.mv.to_string()));
                assert_eq!(line.contains('⚔'), rec.combat.is_some(), "{line}");
            }
            // In the order played: the reader's own ply, then the reply.
            assert!(!lines[0].starts_with("Bob") && lines[1].starts_with("Bob"), "{lines:?}");
            // The legend explains every mark, and the runner only where there is one.
            let (moved, runner, known) = match lang {
                Lang::En => ("! has moved", "!! has run", "5° known to the enemy"),
                Lang::Ru => ("! ходила", "!! пробежала", "5° противник знает"),
            };
            assert!(text.contains(moved) && text.contains(known) && text.contains("› "), "{text}");
            assert_eq!(text.contains(runner), rules.rules().runner != Runner::None, "{rules}: {text}");
        }
    }
}

// One ply played: the heading is singular.
#[test]
fn one_ply_gets_a_singular_heading() {
    let mut rng = StdRng::seed_from_u64(1);
    let setups = ByPlayer::new_with(|_| engine::smart(RuleSetId::Battle.rules(), &mut rng));
    let mut g = Game::new(RuleSetId::Battle, setups, Player::South).unwrap();
    g.play(g.legal_moves()[0]).unwrap();
    let v = g.view(Player::North);
    assert!(render::board_text(&v, &ctx(Lang::En, Seat::Idle, 0)).contains("Last move:\nBob: "));
    assert!(render::board_text(&v, &ctx(Lang::Ru, Seat::Idle, 0)).contains("Последний ход:\nBob: "));
}

/// `html` as a reader sees it: tags dropped, entities decoded.
fn plain(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

// The README's playing section shows a board as it is drawn now: the same
// lines in the same order, the same legend, heading and status lines, and
// grid rows of the same width made of the labels the grid uses.
#[test]
fn the_readme_shows_the_board_as_it_is_drawn() {
    let readme = include_str!("../../README.md");
    let playing = &readme[readme.find("## Playing").expect("a playing section")..];
    let block = playing.split("```text\n").nth(1).and_then(|b| b.split("\n```").next()).expect("a board");
    let v = rich_view(RuleSetId::BattleRunners);
    let drawn = plain(&render::board_text(&v, &ctx(Lang::En, Seat::Idle, 0)));
    let (shown, drawn): (Vec<&str>, Vec<&str>) = (block.lines().collect(), drawn.lines().collect());
    assert_eq!(shown.len(), drawn.len(), "README:\n{block}\ndrawn:\n{}", drawn.join("\n"));
    for (i, (s, d)) in shown.iter().zip(&drawn).enumerate() {
        match i {
            // Title, sides and the files above and below the grid.
            0..=2 | 13 => assert_eq!(s, d),
            3..=12 => {
                assert_eq!(s.chars().count(), d.chars().count(), "row {i} is aligned: {s:?} / {d:?}");
                assert_eq!(s[..3], d[..3], "rank label");
                let allowed = |c: char| " ?!·≈*°›BF0123456789".contains(c);
                assert!(s.chars().all(allowed), "{s:?}");
            }
            // The legend and the heading of the last moves.
            14..=16 => assert_eq!(s, d),
            17 => assert!(s.starts_with("You: ") && d.starts_with("You: "), "{s:?} / {d:?}"),
            18 => assert!(s.starts_with("Bob: ") && d.starts_with("Bob: "), "{s:?} / {d:?}"),
            19 => assert!(s.starts_with("Your losses: ") && s.contains(" · Taken: ") && d.contains(" · Taken: ")),
            _ => assert_eq!(s, d),
        }
    }
}
