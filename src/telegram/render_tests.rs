//! R25 by construction, checked: nothing the bot sends a player — board
//! text, button texts, callback data, move descriptions — changes when the
//! opponent's never-revealed pieces are permuted.

use engine::{ByPlayer, Cell, Game, Player, RuleSetId, ValidSetup, home_slot};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::render::{self, BoardCtx, SetupCtx};
use crate::app::Seat;
use crate::i18n::Lang;

/// Everything rendered for `me`: board text and keyboard (as JSON) in both
/// languages, with and without a selected piece, and every ply described.
fn rendered(game: &Game, me: Player) -> Vec<String> {
    let view = game.view(me);
    let mut out = vec![];
    let own = engine::Square::all().find(|sq| matches!(view.cell(*sq), Cell::Own(p) if p.rank.is_movable()));
    for lang in Lang::ALL {
        for seat in [Seat::Idle, Seat::Menu, own.map_or(Seat::Idle, Seat::Selected)] {
            for scroll in [0, 2] {
                let ctx = BoardCtx {
                    lang,
                    game_id: 7,
                    version: 3,
                    opponent: "Opponent",
                    seat,
                    scroll,
                    draw_offer: None,
                    days_per_move: Some(3),
                    time_left: Some(200_000),
                    deadline: Some(1_800_000_000),
                    opponent_vacation: None,
                };
                out.push(render::board_text(&view, &ctx));
                out.push(serde_json::to_string(&render::board_keyboard(&view, &ctx)).unwrap());
            }
        }
        for rec in view.history() {
            out.push(render::describe_ply(&view, rec, lang, "Opponent"));
        }
    }
    out
}

/// Plays `plies` random legal moves.
fn random_game(rules: RuleSetId, setups: ByPlayer<ValidSetup>, first: Player, plies: usize, rng: &mut StdRng) -> Game {
    let mut g = Game::new(rules, setups, first).unwrap();
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn rule_r25_rendering_ignores_hidden_enemy_ranks(seed in any::<u64>(), plies in 0usize..120, r in 0usize..5) {
        let rules = RuleSetId::ALL[r];
        let mut rng = StdRng::seed_from_u64(seed);
        let setups = ByPlayer { south: engine::smart(rules.rules(), &mut rng), north: engine::shuffle(rules.rules(), &mut rng) };
        let me = if rng.random_bool(0.5) { Player::South } else { Player::North };
        let first = if rules.rules().first_move == engine::FirstMove::South { Player::South } else { me };
        let game = random_game(rules, setups, first, plies, &mut rng);
        prop_assume!(game.outcome().is_none());
        // The opponent's pieces that never moved and never fought: still on
        // their setup squares, unrevealed.
        let view = game.view(me);
        let hidden: Vec<usize> = engine::Square::all()
            .filter(|sq| matches!(view.cell(*sq), Cell::Enemy(e) if e.revealed.is_none() && !e.moved))
            .filter_map(|sq| home_slot(me.other(), sq))
            .collect();
        prop_assume!(hidden.len() >= 2);
        let (a, b) = (hidden[rng.random_range(0..hidden.len())], hidden[rng.random_range(0..hidden.len())]);
        let orig = game.setups()[me.other()];
        prop_assume!(orig.setup().slots[a] != orig.setup().slots[b]);
        let mut permuted = *game.setups();
        permuted[me.other()] = orig.swapped(a, b);
        // Replay the same public record on the permuted army.
        let mut other = Game::new(rules, permuted, first).unwrap();
        for rec in game.history() {
            let ok = other.play(rec.mv).is_ok();
            prop_assume!(ok);
        }
        prop_assume!(other.outcome().is_none());
        prop_assert_eq!(rendered(&game, me), rendered(&other, me));
    }
}

#[test]
fn setup_board_shows_only_the_own_draft() {
    // The setup board is built from the reader's own draft: its text and
    // keyboard contain the draft's code and no other.
    let mut rng = StdRng::seed_from_u64(5);
    let draft = engine::smart(RuleSetId::Battle.rules(), &mut rng);
    let ctx = SetupCtx {
        lang: Lang::En,
        game_id: 1,
        version: 1,
        me: Player::North,
        first: Player::South,
        opponent: "A",
        selected: None,
        scroll: 0,
        confirmed: false,
        opponent_ready: true,
        days_per_move: None,
    };
    let text = render::setup_text(&draft, &ctx);
    assert!(text.contains(&draft.to_code()));
    assert!(text.contains("Your opponent is ready."));
    // R7: the lot is named only where there is one.
    assert!(text.contains("The lot says: your opponent moves first"), "{text}");
    let classic = render::setup_text(&engine::smart(RuleSetId::Classic.rules(), &mut rng), &ctx);
    assert!(classic.contains("Red (South) moves first: your opponent") && !classic.contains("lot"), "{classic}");
    let kb = render::setup_keyboard(&draft, &ctx);
    // 4 home ranks × 8 files, then navigation and confirmation.
    assert_eq!(kb.inline_keyboard.len(), 6);
    assert!(kb.inline_keyboard.iter().all(|row| row.len() <= 8));
    assert!(kb.inline_keyboard.iter().map(Vec::len).sum::<usize>() <= 100);
}

#[test]
fn play_keyboard_fits_telegram_limits_and_marks_destinations() {
    let mut rng = StdRng::seed_from_u64(9);
    let rules = RuleSetId::BattleRunners;
    let setups =
        ByPlayer { south: engine::smart(rules.rules(), &mut rng), north: engine::smart(rules.rules(), &mut rng) };
    let game = Game::new(rules, setups, Player::South).unwrap();
    let view = game.view(Player::South);
    let mv = view.legal_moves()[0];
    let dests: Vec<engine::Square> = view.destinations(mv.from).collect();
    let ctx = BoardCtx {
        lang: Lang::Ru,
        game_id: i64::MAX,
        version: i64::MAX,
        opponent: "<b>&",
        seat: Seat::Selected(mv.from),
        scroll: crate::app::window_for(Player::South, mv.from, &dests, 0),
        draw_offer: None,
        days_per_move: None,
        time_left: None,
        deadline: None,
        opponent_vacation: Some("2026-12-05".into()),
    };
    let kb = render::board_keyboard(&view, &ctx).unwrap();
    assert!(kb.inline_keyboard.iter().all(|row| row.len() <= 8));
    assert!(kb.inline_keyboard.iter().map(Vec::len).sum::<usize>() <= 100);
    let marked = kb.inline_keyboard.iter().flatten().filter(|b| b.text == "○").count();
    assert_eq!(marked, view.destinations(mv.from).count(), "every destination is marked");
    for b in kb.inline_keyboard.iter().flatten() {
        if let teloxide::types::InlineKeyboardButtonKind::CallbackData(d) = &b.kind {
            assert!(d.len() <= 64);
        }
    }
    // User names are escaped for HTML.
    assert!(render::board_text(&view, &ctx).contains("&lt;b&gt;&amp;"));
}

/// The labels of a keyboard's buttons, row by row.
fn labels(kb: &teloxide::types::InlineKeyboardMarkup) -> Vec<Vec<String>> {
    kb.inline_keyboard.iter().map(|r| r.iter().map(|b| b.text.clone()).collect()).collect()
}

#[test]
fn the_window_is_named_and_jumps_between_the_two_views() {
    assert_eq!(render::window_label(Player::South, 0), "a–h");
    assert_eq!(render::window_label(Player::South, 2), "c–j");
    // North sees j on its left: its default view is c–j, the other a–h.
    assert_eq!(render::window_label(Player::North, 0), "c–j");
    assert_eq!(render::window_label(Player::North, 2), "a–h");
    let mut rng = StdRng::seed_from_u64(3);
    let draft = engine::smart(RuleSetId::Battle.rules(), &mut rng);
    let j4: engine::Square = "j4".parse().unwrap();
    for (scroll, row, j_shown) in [(0, ["👁 a–h", "c–j ▶"], false), (2, ["◀ a–h", "👁 c–j"], true)] {
        // j4 selected: the window stays where the player put it.
        let ctx = SetupCtx {
            lang: Lang::En,
            game_id: 1,
            version: 1,
            me: Player::South,
            first: Player::South,
            opponent: "A",
            selected: Some(j4),
            scroll,
            confirmed: false,
            opponent_ready: false,
            days_per_move: None,
        };
        let kb = render::setup_keyboard(&draft, &ctx);
        assert_eq!(labels(&kb)[4][..2], row);
        let shows_j = kb.inline_keyboard.iter().flatten().any(
            |b| matches!(&b.kind, teloxide::types::InlineKeyboardButtonKind::CallbackData(d) if d.ends_with(".j4")),
        );
        assert_eq!(shows_j, j_shown, "scroll {scroll}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// R25 for spectators: permuting either side's never-revealed,
    /// never-moved pieces changes nothing a spectator is sent.
    #[test]
    fn rule_r25_spectator_boards_ignore_hidden_ranks(seed in any::<u64>(), plies in 0usize..80) {
        let rules = RuleSetId::Battle;
        let mut rng = StdRng::seed_from_u64(seed);
        let setups = ByPlayer { south: engine::shuffle(rules.rules(), &mut rng), north: engine::shuffle(rules.rules(), &mut rng) };
        let game = random_game(rules, setups, Player::South, plies, &mut rng);
        prop_assume!(game.outcome().is_none());
        let side = if rng.random_bool(0.5) { Player::South } else { Player::North };
        let view = game.view(side.other());
        let hidden: Vec<usize> = engine::Square::all()
            .filter(|sq| matches!(view.cell(*sq), Cell::Enemy(e) if e.revealed.is_none() && !e.moved))
            .filter_map(|sq| home_slot(side, sq))
            .collect();
        prop_assume!(hidden.len() >= 2);
        let (a, b) = (hidden[0], hidden[hidden.len() - 1]);
        let orig = game.setups()[side];
        prop_assume!(orig.setup().slots[a] != orig.setup().slots[b]);
        let mut permuted = *game.setups();
        permuted[side] = orig.swapped(a, b);
        let mut other = Game::new(rules, permuted, Player::South).unwrap();
        for rec in game.history() {
            let ok = other.play(rec.mv).is_ok();
            prop_assume!(ok);
        }
        prop_assume!(other.outcome().is_none());
        for lang in Lang::ALL {
            let t1 = super::cards::spectator_text(&game.spectator_view(), 1, "S", "N", lang);
            let t2 = super::cards::spectator_text(&other.spectator_view(), 1, "S", "N", lang);
            prop_assert_eq!(t1, t2);
        }
    }
}

/// Russian combat lines put the opponent's rank in the genitive after
/// «против» («против Полковника (3)», not «против Полковник (3)»), in both
/// armies' names; English has one form.
#[test]
fn russian_combat_lines_use_the_genitive_for_every_rank() {
    use engine::Rank;
    // The seven officers are named alike in both armies; the rest differ.
    let officers = ["Маршала", "Генерала", "Полковника", "Майора", "Капитана", "Лейтенанта", "Сержанта"];
    let rest = |tail: [&'static str; 5]| officers.into_iter().chain(tail).collect::<Vec<_>>();
    let battle = rest(["Сапёра", "Солдата", "Разведчика", "Мины", "Знамени"]);
    let classic = rest(["Минёра", "Разведчика", "Шпиона", "Бомбы", "Флага"]);
    for (rules, names) in [(RuleSetId::Battle, battle), (RuleSetId::Classic, classic)] {
        for (rank, genitive) in Rank::ALL.into_iter().zip(names) {
            let ru = render::rank_name_in(rules, rank, Lang::Ru, "gen");
            assert!(ru.starts_with(genitive), "{rules} {rank:?}: {ru}");
            assert_ne!(ru, render::rank_name(rules, rank, Lang::Ru), "{rules} {rank:?}");
            assert_eq!(render::rank_name_in(rules, rank, Lang::En, "gen"), render::rank_name(rules, rank, Lang::En));
        }
    }
    // In a played game every combat line names the opponent's rank so.
    let mut rng = StdRng::seed_from_u64(5);
    let setups = ByPlayer::new_with(|_| engine::smart(RuleSetId::Battle.rules(), &mut rng));
    let game = random_game(RuleSetId::Battle, setups, Player::South, 400, &mut rng);
    let view = game.view(Player::South);
    let mut seen = 0;
    for rec in view.history() {
        if let Some(c) = rec.combat {
            let theirs = if rec.player == Player::South { c.defender } else { c.attacker };
            let line = render::describe_ply(&view, rec, Lang::Ru, "Боб");
            let want =
                format!("против {} противника", render::rank_name_in(RuleSetId::Battle, theirs, Lang::Ru, "gen"));
            assert!(line.contains(&want), "{line}");
            seen += 1;
        }
    }
    assert!(seen > 0, "the random game had no combat");
}

/// The play board's legend speaks the rule set's numbering and names: a
/// classic board says Bomb and "the higher, the stronger", a «Сражение»
/// board Mine and "the lower"; the Russian classic grid draws Б and Ф.
#[test]
fn the_legend_and_grid_follow_the_rule_sets_numbering() {
    let mut rng = StdRng::seed_from_u64(9);
    for (rules, strong, mine) in [
        (RuleSetId::Classic, "the higher, the stronger", "B bomb"),
        (RuleSetId::Battle, "the lower, the stronger", "B mine"),
    ] {
        let setups = ByPlayer::new_with(|_| engine::smart(rules.rules(), &mut rng));
        let game = random_game(rules, setups, Player::South, 0, &mut rng);
        let view = game.view(Player::South);
        let en = render::board_text(&view, &plain_ctx(Lang::En, 1, Seat::Idle));
        assert!(en.contains(strong) && en.contains(mine), "{rules}: {en}");
        let ru = render::grid(&view, Lang::Ru);
        let (bomb, flag) = if rules == RuleSetId::Classic { ('Б', 'Ф') } else { ('М', 'З') };
        assert!(ru.contains(bomb) && ru.contains(flag), "{rules}: {ru}");
    }
}

#[test]
fn the_time_left_is_an_upper_bound_and_the_deadline_a_utc_time() {
    let en = |s| render::time_left_text(s, Lang::En);
    // In the last day whole hours, rounded up: an hour left never reads as a day.
    assert_eq!(en(3_000), "≤ 1 h left");
    assert_eq!(en(3_600), "≤ 1 h left");
    assert_eq!(en(3_601), "≤ 2 h left");
    assert_eq!(en(86_400), "≤ 24 h left");
    // Before it whole days, rounded up.
    assert_eq!(en(86_401), "≤ 2 d left");
    assert_eq!(en(3 * 86_400), "≤ 3 d left");
    assert_eq!(render::time_left_text(5_000, Lang::Ru), "осталось ≤ 2 ч");
    assert_eq!(render::fmt_date_time(1_800_000_000), "2027-01-15 08:00");
    assert_eq!(render::fmt_date_time(1_800_000_000 + 57_599), "2027-01-15 23:59");
    assert_eq!(render::fmt_date_time(1_800_000_000 + 57_600), "2027-01-16 00:00");
}

/// The resignation step asks its question, and a selected piece with no
/// move says so instead of asking for a marked square.
#[test]
fn the_board_asks_before_resigning_and_names_a_piece_with_no_move() {
    let mut rng = StdRng::seed_from_u64(11);
    let setups = ByPlayer::new_with(|_| engine::smart(RuleSetId::Battle.rules(), &mut rng));
    let game = random_game(RuleSetId::Battle, setups, Player::South, 0, &mut rng);
    let view = game.view(game.turn());
    let own = |moves: bool| {
        engine::Square::all()
            .find(|sq| {
                matches!(view.cell(*sq), Cell::Own(p) if p.rank.is_movable())
                    && view.destinations(*sq).next().is_some() == moves
            })
            .unwrap()
    };
    for lang in Lang::ALL {
        let text = |seat| render::board_text(&view, &plain_ctx(lang, 4, seat));
        let (ask, stuck, tap) = match lang {
            Lang::En => ("Resign game #4?", "It has no move now", "Tap a marked square"),
            Lang::Ru => ("Сдать партию №4?", "некуда ходить", "Нажмите отмеченную клетку"),
        };
        assert!(text(Seat::ConfirmResign).contains(ask));
        let t = text(Seat::Selected(own(false)));
        assert!(t.contains(stuck) && !t.contains(tap), "{t}");
        assert!(text(Seat::Selected(own(true))).contains(tap));
    }
}

/// A board context with no clock, draw offer or vacation.
fn plain_ctx(lang: Lang, game_id: i64, seat: Seat) -> BoardCtx<'static> {
    BoardCtx {
        lang,
        game_id,
        version: 1,
        opponent: "O",
        seat,
        scroll: 0,
        draw_offer: None,
        days_per_move: None,
        time_left: None,
        deadline: None,
        opponent_vacation: None,
    }
}
