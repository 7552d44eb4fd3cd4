//! The Jungle board in the chat: Telegram's limits, the marks, both sides' views.

use engine::Player;
use jungle::{Game, Square};

use super::*;
use crate::telegram::callback::MAX_LEN;

fn ctx(lang: Lang, seat: Seat) -> BoardCtx<'static> {
    BoardCtx {
        lang,
        game_id: i64::MAX,
        version: i64::MAX,
        opponent: "Bob",
        seat,
        scroll: 0,
        draw_offer: None,
        days_per_move: Some(3),
        time_left: Some(100_000),
        deadline: Some(1_800_000_000),
        opponent_vacation: None,
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn texts(kb: &InlineKeyboardMarkup) -> Vec<Vec<String>> {
    kb.inline_keyboard.iter().map(|r| r.iter().map(|b| b.text.clone()).collect()).collect()
}

fn data(b: &InlineKeyboardButton) -> String {
    match &b.kind {
        teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => d.clone(),
        k => panic!("not a callback button: {k:?}"),
    }
}

#[test]
fn rule_j1_the_whole_board_fits_telegrams_keyboard_limits() {
    let game = Game::new(Player::South);
    for me in Player::ALL {
        for lang in Lang::ALL {
            let kb = board_keyboard(&game.view(me), &ctx(lang, Seat::Idle));
            let rows = &kb.inline_keyboard;
            // 9 ranks of 7 squares and one control row: 64 buttons of at most 100.
            assert_eq!(rows.len(), ROWS + 1);
            assert!(rows[..ROWS].iter().all(|r| r.len() == ROW), "7 buttons a row");
            assert!(rows.iter().all(|r| r.len() <= 8), "Telegram shows at most 8 buttons a row");
            let n: usize = rows.iter().map(Vec::len).sum();
            assert!(n <= 100, "{n} buttons");
            assert_eq!(n, 64);
            for b in rows.iter().flatten() {
                let d = data(b);
                assert!(!d.is_empty() && d.len() <= MAX_LEN, "{d} is {} bytes", d.len());
                assert_eq!(Callback::parse(&d).map(|c| c.encode()), Ok(d.clone()), "{d}");
                assert!(!b.text.is_empty());
            }
        }
    }
}

#[test]
fn rule_j1_each_side_sees_its_own_side_at_the_bottom() {
    let game = Game::new(Player::South);
    let c = ctx(Lang::En, Seat::Idle);
    let tap = |kb: &InlineKeyboardMarkup, row: usize, col: usize| Callback::parse(&data(&kb.inline_keyboard[row][col]));
    let south = board_keyboard(&game.view(Player::South), &c);
    // South: a9 top left, g1 bottom right; North: g1 top left, a9 bottom right.
    assert_eq!(tap(&south, 0, 0), Ok(Callback::Tap { game: c.game_id, ver: c.version, sq: "a9".parse().unwrap() }));
    assert_eq!(tap(&south, 8, 6), Ok(Callback::Tap { game: c.game_id, ver: c.version, sq: "g1".parse().unwrap() }));
    let north = board_keyboard(&game.view(Player::North), &c);
    assert_eq!(tap(&north, 0, 0), Ok(Callback::Tap { game: c.game_id, ver: c.version, sq: "g1".parse().unwrap() }));
    assert_eq!(tap(&north, 8, 6), Ok(Callback::Tap { game: c.game_id, ver: c.version, sq: "a9".parse().unwrap() }));
}

#[test]
fn rule_j2_j3_animals_dens_traps_and_water_are_shown() {
    let game = Game::new(Player::South);
    let t = texts(&board_keyboard(&game.view(Player::South), &ctx(Lang::En, Seat::Idle)));
    // South's view: rank 9 on top. North's Lion a9, Tiger g9 (blue); North's den d9.
    assert_eq!(t[0], ["🔵🦁7", "·", "🪤", "🏠", "🪤", "·", "🔵🐅6"]);
    // Rank 5: water on b c and e f.
    assert_eq!(t[4], ["·", "🌊", "🌊", "·", "🌊", "🌊", "·"]);
    // Rank 1: own Tiger a1 and Lion g1 around the own den and traps.
    assert_eq!(t[8], ["🐅6", "·", "🪤", "🏠", "🪤", "·", "🦁7"]);
    assert_eq!(t[9], [tr(Lang::En, "btn-menu")]);
    // North sees its own animals without a mark and South's in red.
    let n = texts(&board_keyboard(&game.view(Player::North), &ctx(Lang::En, Seat::Idle)));
    assert_eq!(n[8], ["🐅6", "·", "🪤", "🏠", "🪤", "·", "🦁7"]);
    assert_eq!(n[0], ["🔴🦁7", "·", "🪤", "🏠", "🪤", "·", "🔴🐅6"]);
}

#[test]
fn rule_j5_the_selected_animal_and_its_destinations_are_marked() {
    let game = Game::new(Player::South);
    let view = game.view(Player::South);
    // The Rat on g3 may go to g4 and f3 (water, J5).
    let seat = Seat::Selected(from_jungle(sq("g3")));
    let kb = board_keyboard(&view, &ctx(Lang::En, seat));
    let label = |s: &str| {
        let j = sq(s);
        let (row, col) = (8 - j.rank() as usize, j.file() as usize);
        kb.inline_keyboard[row][col].text.clone()
    };
    assert_eq!(label("g3"), "[🐀1]");
    assert_eq!(label("g4"), "○");
    assert_eq!(label("g2"), "○");
    assert_eq!(label("f3"), "○");
    assert_eq!(label("f4"), "🌊", "not a destination: diagonal");
    assert_eq!(label("g5"), "·", "two squares away");
    let text = board_text(&view, &ctx(Lang::En, seat));
    assert!(text.contains("g3") && text.contains("Rat"), "{text}");
}

#[test]
fn rule_j7_the_last_move_and_a_capture_are_marked() {
    let mut game = Game::new(Player::South);
    for mv in ["g3-g4", "a7-a6", "g4-g5", "a6-a5", "g5-g6", "a5-a4", "g6-g7"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    // South's Rat took North's Elephant on g7 (J7).
    let view = game.view(Player::South);
    let t = texts(&board_keyboard(&view, &ctx(Lang::En, Seat::Idle)));
    assert_eq!(t[2][6], "›🐀1", "the capture's square");
    assert_eq!(t[3][6], "›·", "the square left");
    let text = board_text(&view, &ctx(Lang::En, Seat::Idle));
    assert!(text.contains("You: g6-g7 ✖ 🐘8 Elephant"), "{text}");
    assert!(text.contains("Taken: 🐘8"), "{text}");
    let ru = board_text(&game.view(Player::North), &ctx(Lang::Ru, Seat::Idle));
    assert!(ru.contains("✖ 🐘8 Слон") && ru.contains("Ваш ход"), "{ru}");
}

#[test]
fn rule_j10_a_finished_board_keeps_its_position_and_offers_a_rematch() {
    let mut game = Game::new(Player::South);
    game.resign(Player::North).unwrap();
    let view = game.view(Player::South);
    let kb = board_keyboard(&view, &ctx(Lang::En, Seat::Menu));
    assert_eq!(kb.inline_keyboard.len(), ROWS + 1);
    assert!(kb.inline_keyboard[..ROWS].iter().flatten().all(|b| data(b) == "_"), "inert squares");
    assert_eq!(Callback::parse(&data(&kb.inline_keyboard[ROWS][0])), Ok(Callback::Rematch { game: i64::MAX }));
    let text = board_text(&view, &ctx(Lang::En, Seat::Idle));
    assert!(text.contains("You won — by resignation."), "{text}");
}

#[test]
fn the_menu_replaces_the_squares_and_has_no_move_list() {
    let game = Game::new(Player::South);
    let kb = board_keyboard(&game.view(Player::South), &ctx(Lang::En, Seat::Menu));
    let all: Vec<Callback> = kb.inline_keyboard.iter().flatten().map(|b| Callback::parse(&data(b)).unwrap()).collect();
    let (game_id, ver) = (i64::MAX, i64::MAX);
    assert!(all.contains(&Callback::Play { game: game_id, ver, action: Action::Resign }));
    assert!(all.contains(&Callback::Play { game: game_id, ver, action: Action::OfferDraw }));
    assert!(all.contains(&Callback::Play { game: game_id, ver, action: Action::Abort }));
    assert!(!all.iter().any(|c| matches!(c, Callback::Play { action: Action::Moves(_), .. })));
}

#[test]
fn the_board_text_names_game_animals_and_turn_in_both_languages() {
    let game = Game::new(Player::North);
    let en = board_text(&game.view(Player::South), &ctx(Lang::En, Seat::Idle));
    assert!(en.contains("Jungle") && en.contains("🐘8 Elephant") && en.contains("🐀1 Rat"), "{en}");
    assert!(en.contains("Bob to move"), "{en}");
    assert!(en.contains("🔵 the opponent's animals"), "{en}");
    let ru = board_text(&game.view(Player::North), &ctx(Lang::Ru, Seat::Idle));
    assert!(ru.contains("Джунгли") && ru.contains("🐘8 Слон") && ru.contains("🦁7 Лев"), "{ru}");
    assert!(ru.contains("🔴 звери соперника"), "{ru}");
    for t in [&en, &ru] {
        assert!(!t.contains('{') && !t.contains("jungle-") && !t.contains("why-"), "no missing text: {t}");
    }
}

/// A game South plays after `moves`, South first.
fn after(moves: &[&str]) -> Game {
    let mut game = Game::new(Player::South);
    for mv in moves {
        game.play(mv.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn rule_r26_a_replay_frame_is_the_inert_board_with_its_last_ply() {
    let game = after(&["g3-g4", "a7-a6", "g4-g5", "a6-a5", "g5-g6", "a5-a4", "g6-g7"]);
    let (text, rows) = replay_board(&game.view(Player::North), "Alice", Lang::Ru);
    assert_eq!(rows.len(), ROWS);
    assert!(rows.iter().all(|r| r.len() == ROW));
    assert!(rows.iter().flatten().all(|b| data(b) == "_"), "inert squares");
    // North's view: g7 is row 6, column 0 (J1: rank 1 on top); the capture is marked.
    assert_eq!(rows[6][0].text, "›🔴🐀1");
    assert!(text.contains("Alice: g6-g7 ✖ 🐘8 Слон"), "{text}");
    assert!(!text.contains("<b>"), "no result mid-game: {text}");
    let mut over = game.clone();
    over.resign(Player::North).unwrap();
    let (text, _) = replay_board(&over.view(Player::South), "Bob", Lang::En);
    assert!(text.contains("You: g6-g7") && text.contains("<b>You won — by resignation.</b>"), "{text}");
}

#[test]
fn a_spectator_board_names_both_players_the_last_ply_and_the_turn() {
    let game = after(&["g3-g4", "a7-a6", "g4-g5", "a6-a5", "g5-g6", "a5-a4", "g6-g7"]);
    let v = game.view(Player::South);
    let (en, rows) = spectator_board(&v, 7, "Alice", "Bob <b>", Lang::En);
    assert!(en.starts_with("👁 <b>Game #7</b> of Jungle: Alice (South, 🔴) vs Bob &lt;b&gt; (North, 🔵)"), "{en}");
    assert!(en.contains("Alice: g6-g7 ✖ 🐘8 Elephant"), "{en}");
    assert!(en.contains("🎯 move 8, Bob &lt;b&gt; to play"), "{en}");
    assert_eq!(rows.len(), ROWS);
    assert!(rows.iter().flatten().all(|b| data(b) == "_"), "a spectator cannot move");
    assert_eq!(rows[2][6].text, "›🐀1", "South's Rat on g7, South's side below (J1)");
    let mut over = game.clone();
    over.resign(Player::North).unwrap();
    let (ru, _) = spectator_board(&over.view(Player::South), 7, "Алиса", "Боб", Lang::Ru);
    assert!(ru.contains("«Джунгли»") && ru.contains("<b>Победил(а) Алиса — сдача.</b>"), "{ru}");
    for t in [&en, &ru] {
        assert!(!t.contains('{') && !t.contains("jungle-"), "no missing text: {t}");
    }
}
