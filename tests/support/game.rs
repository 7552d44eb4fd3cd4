//! Helpers for playing «Сражение» through the fake Telegram, the way
//! `tests/e2e/harness.py` does for tgsim: find a game's board message,
//! press its buttons and wait for the redraw, invite, set up, move.

use serde_json::Value;

use super::env::Env;
use super::users::{User, WAIT, wait_for};
use super::world::Msg;

/// A valid «Сражение» setup code (RULES §8a).
pub const EXAMPLE: &str = "BFB8657B869B3745s2485B98B963579919849796";

/// The number right after the first `marker` in `text`.
pub fn number_after(text: &str, marker: &str) -> Option<i64> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The game id of a board message ("Game #12 · …" / "Партия №12 · …").
pub fn board_game(m: &Msg) -> Option<i64> {
    let rest = m.text.strip_prefix("Game #").or_else(|| m.text.strip_prefix("Партия №"))?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty() && rest[digits.len()..].starts_with(" ·")).then(|| digits.parse().ok())?
}

/// The user's newest board message of `game`.
pub fn board(u: &User, game: i64) -> Option<Msg> {
    u.bot_messages().into_iter().rfind(|m| board_game(m) == Some(game))
}

/// The board of `game`, which must exist.
pub fn the_board(u: &User, game: i64) -> Msg {
    board(u, game).unwrap_or_else(|| panic!("{} has no board of game {game}", u.name))
}

/// The bot's challenge card in group chat `group` whose text contains
/// `needle`, once it has its buttons.
pub fn wait_card(env: &Env, group: i64, needle: &str) -> Msg {
    wait_for(WAIT, "the challenge card", || {
        env.api.messages(group).into_iter().find(|m| m.from_bot && m.text.contains(needle) && !m.keyboard().is_empty())
    })
}

/// Waits until the user's board of `game` satisfies `pred`.
pub fn wait_board(u: &User, game: i64, what: &str, pred: impl Fn(&Msg) -> bool) -> Msg {
    wait_for(WAIT, &format!("{}'s board of game {game}: {what}", u.name), || board(u, game).filter(|m| pred(m)))
}

/// The `callback_data` of the button labelled `label`.
pub fn button_data(m: &Msg, label: &str) -> String {
    let buttons = m.buttons();
    buttons
        .iter()
        .find(|b| b.text == label)
        .and_then(|b| b.data.clone())
        .unwrap_or_else(|| panic!("no button {label:?} in {:?}", buttons.iter().map(|b| &b.text).collect::<Vec<_>>()))
}

/// The data of the button that jumps the board's window right (`c–j ▶`) or left (`◀ a–h`).
pub fn window_jump(m: &Msg, right: bool) -> String {
    let b = m.buttons().into_iter().find(|b| if right { b.text.ends_with(" ▶") } else { b.text.starts_with("◀ ") });
    b.and_then(|b| b.data).unwrap_or_else(|| panic!("no {} jump in {:?}", if right { "▶" } else { "◀" }, m.buttons()))
}

/// The files the board's window shows, from its `👁 a–h` button.
pub fn window_shown(m: &Msg) -> String {
    let b = m.buttons().into_iter().find(|b| b.text.starts_with("👁 ")).expect("a window label");
    b.text.trim_start_matches("👁 ").to_owned()
}

/// The callback data of the board button for square `sq`, if it is shown.
pub fn square_data(m: &Msg, sq: &str) -> Option<String> {
    m.buttons()
        .into_iter()
        .filter_map(|b| b.data)
        .find(|d| d.rsplit('.').next() == Some(sq) && d.starts_with(['u', 'p']))
}

/// Data of the user's own pieces on a play board (buttons labelled with a rank digit).
pub fn own_pieces(m: &Msg) -> Vec<String> {
    m.buttons()
        .into_iter()
        .filter(|b| b.text.chars().all(|c| c.is_ascii_digit()) && !b.text.is_empty())
        .filter_map(|b| b.data)
        .filter(|d| d.starts_with("p."))
        .collect()
}

/// Taps two of the user's pieces in turn, `n` taps `gap` apart, each on
/// the board as it shows at that moment, without waiting for answers:
/// returns each tap's square and callback query id, and when the last went.
pub fn tap_burst(
    u: &User,
    game: i64,
    n: usize,
    gap: std::time::Duration,
) -> (Vec<(String, String)>, std::time::Instant) {
    let pieces: Vec<String> = own_pieces(&the_board(u, game))
        .into_iter()
        .filter_map(|d| d.rsplit('.').next().map(str::to_owned))
        .take(2)
        .collect();
    assert_eq!(pieces.len(), 2, "two pieces to tap");
    let mut taps = vec![];
    for i in 0..n {
        let sq = &pieces[i % 2];
        let b = the_board(u, game);
        let data = square_data(&b, sq).expect("the piece is shown");
        let qid = u.tap(super::users::On::Message(u.id, b.id), &data, false).expect("a shown button");
        taps.push((sq.clone(), qid));
        std::thread::sleep(gap);
    }
    (taps, std::time::Instant::now())
}

/// Presses a button of the user's board of `game` and waits until the board changed.
pub fn press_and_wait(u: &User, game: i64, data: &str) -> Value {
    let before = the_board(u, game);
    let answer = u.press(before.id, data);
    wait_for(WAIT, &format!("{}'s board of game {game} to change after {data}", u.name), || {
        board(u, game).filter(|b| b.edits > before.edits || b.id != before.id)
    });
    answer
}

/// Presses the button labelled `label` on the user's board of `game` and waits for the redraw.
pub fn press_label(u: &User, game: i64, label: &str) -> Value {
    press_and_wait(u, game, &button_data(&the_board(u, game), label))
}

/// The first `https://t.me/...` link in `text`.
pub fn link_in(text: &str) -> String {
    text[text.find("https://t.me/").expect("a link")..].split_whitespace().next().expect("link").to_owned()
}

/// `/new <rules>`: returns the game and the invitation link.
pub fn invite(inviter: &User, rules: &str) -> (i64, String) {
    let sent = inviter.send(&format!("/new {rules}"));
    let msg = inviter.wait_text("t.me/", sent);
    let link = link_in(&msg.text);
    let game = number_after(&msg.text, "#").or_else(|| number_after(&msg.text, "№")).expect("game number");
    (game, link)
}

/// `base` with pieces moved so that slot `i` holds `c` for each `(i, c)` (composition kept).
pub fn code_with(base: &str, fixed: &[(usize, char)]) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for &(i, c) in fixed {
        let j = (0..s.len()).find(|&k| s[k] == c && !fixed.iter().any(|&(f, _)| f == k)).expect("piece to move");
        s.swap(i, j);
    }
    s.into_iter().collect()
}

/// The 40-character setup code shown in a setup board's text.
pub fn setup_code_in(text: &str) -> String {
    text.split(|c: char| !(c.is_ascii_digit() || matches!(c, 's' | 'B' | 'F' | '.')))
        .find(|w| w.len() == 40 && !w.contains('0'))
        .unwrap_or_else(|| panic!("no setup code in {text}"))
        .to_owned()
}

/// Whether it is the user's move in `game`.
pub fn my_turn(u: &User, game: i64) -> bool {
    board(u, game).is_some_and(|b| b.text.contains("Your move.") || b.text.contains("Ваш ход."))
}

/// Alice (en, South) invites Bob (ru, North); both load the given codes and (optionally) confirm.
pub fn start_pair(env: &Env, south: Option<&str>, north: Option<&str>, confirm: bool) -> (User, User, i64) {
    let (alice, bob) = (env.api.user("Alice", "en"), env.api.user("Bob", "ru"));
    let sent = alice.start();
    alice.wait_reply();
    let _ = sent;
    let (game, link) = invite(&alice, "battle");
    bob.open_link(&link);
    wait_board(&alice, game, "exists", |_| true);
    wait_board(&bob, game, "exists", |_| true);
    for (user, code) in [(&alice, south), (&bob, north)] {
        if let Some(code) = code {
            user.send(&format!("/setup {code}"));
            wait_board(user, game, "shows the loaded code", |m| m.text.contains(code));
        }
    }
    if confirm {
        press_label(&alice, game, "⚔ To battle!");
        press_label(&bob, game, "⚔ В бой!");
        wait_board(&alice, game, "in play", |m| m.text.contains("Your move.") || m.text.contains("to move."));
        wait_board(&bob, game, "in play", |m| m.text.contains("Ваш ход.") || m.text.contains("Ходит"));
    }
    (alice, bob, game)
}

/// Whether the answer to a tap asks for a second tap on the same square
/// (move confirmation on).
pub fn asks_again(answer: &Value) -> bool {
    answer["text"].as_str().is_some_and(|t| t.contains(" again ") || t.contains(" ещё раз"))
}

/// Taps a destination of the selected piece and waits for the move on the
/// board. With move confirmation on (the default between people) the first
/// tap is answered by a toast and leaves the board as it is; a second tap
/// on the same square plays the move. Returns whether it was asked.
pub fn tap_destination(u: &User, game: i64, data: &str) -> bool {
    let before = the_board(u, game);
    let answer = u.press(before.id, data);
    let asked = asks_again(&answer);
    if asked {
        assert_eq!(the_board(u, game).edits, before.edits, "asking to confirm does not redraw the board");
        press_and_wait(u, game, data);
    } else {
        wait_for(WAIT, &format!("{}'s board of game {game} to change after {data}", u.name), || {
            board(u, game).filter(|b| b.edits > before.edits || b.id != before.id)
        });
    }
    asked
}

/// Taps a move (piece, destination, the destination again to confirm),
/// scrolling the 8-file window as needed.
pub fn tap_move(u: &User, game: i64, from: &str, to: &str) {
    for sq in [from, to] {
        let mut data = None;
        for _ in 0..3 {
            let b = the_board(u, game);
            data = square_data(&b, sq);
            if data.is_some() {
                break;
            }
            press_and_wait(u, game, &window_jump(&b, sq.starts_with(['i', 'j'])));
        }
        let data = data.unwrap_or_else(|| panic!("{sq} never became visible"));
        if sq == to {
            assert!(tap_destination(u, game, &data), "moves between people are confirmed by default");
        } else {
            press_and_wait(u, game, &data);
        }
    }
}

/// Selects the user's pieces one by one until one can move, moves it (○),
/// confirming if asked.
pub fn tap_any_move(u: &User, game: i64) {
    let pieces = own_pieces(&the_board(u, game));
    for piece in pieces {
        let sq = piece.rsplit('.').next().expect("square").to_owned();
        press_and_wait(u, game, &square_data(&the_board(u, game), &sq).expect("piece shown"));
        let sel = the_board(u, game);
        if let Some(dest) = sel.buttons().into_iter().find(|x| x.text.starts_with('○')).and_then(|x| x.data) {
            tap_destination(u, game, &dest);
            return;
        }
        press_and_wait(u, game, &square_data(&sel, &sq).expect("piece shown"));
    }
    panic!("no piece of {} could move", u.name);
}

/// Resigns `game` through the (English) board menu: ☰ → 🏳 → Yes.
pub fn resign(u: &User, game: i64) {
    for label in ["☰ Menu", "🏳 Resign", "Yes, resign"] {
        press_label(u, game, label);
    }
}

/// A new user (language `lang`) who pressed Start and got the bot's answer.
pub fn started_user(env: &Env, name: &str, lang: &str) -> User {
    let u = env.api.user(name, lang);
    u.start();
    u.wait_reply();
    u
}

/// The `step`-th typed move of a side in a game set up with
/// `code_with(EXAMPLE, &[(30, '5'), (39, '9')])` for both: South walks the
/// piece on a4 up, North the one on j7 down (legal in the first plies).
pub fn walk(south: bool, step: usize) -> &'static str {
    match (south, step) {
        (true, 0) => "a4-a5",
        (true, _) => "a5-a6",
        (false, 0) => "j7-j6",
        (false, _) => "j6-j5",
    }
}
