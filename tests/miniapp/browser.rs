//! The page in a real browser: Debian's `chromium` driven through
//! `chromedriver` (WebDriver, by `fantoccini`), with init data signed as
//! Telegram would put it in the page's URL fragment. Skipped, with a
//! message saying so, when either program is missing (`.ci/run` installs
//! them where it can).

use std::path::{Path, PathBuf};

use serde_json::json;

use crate::api::env_with_web;
use crate::chrome::{Browser, browser_programs};
use crate::client::{get, tma};
use crate::support::game::*;
use crate::support::users::User;

/// Clicks the button whose label starts with `label`.
fn click_button(b: &Browser, label: &str) {
    let found = b.js(&format!(
        "const x = [...document.querySelectorAll('button')].find(e => e.textContent.startsWith({label:?})); \
         if (x) x.click(); return !!x;"
    ));
    assert_eq!(found, json!(true), "a button {label:?}");
}

/// The browser programs; `None`, after saying that the test is skipped,
/// when either is not installed.
fn programs_or_skip() -> Option<(PathBuf, PathBuf)> {
    let found = browser_programs();
    if found.is_none() {
        println!(
            "skipped the browser test: chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        );
    }
    found
}

/// Opens game `game` as Alice (user `alice`, English) would from Telegram:
/// her signed init data in the URL fragment.
fn open_game(browser: &Browser, port: u16, game: i64, alice: i64) {
    let fragment: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("tgWebAppData", &tma(alice, "Alice", "en"))
        .append_pair("tgWebAppVersion", "8.0")
        .append_pair("tgWebAppPlatform", "android")
        .finish();
    browser.goto(&format!("http://127.0.0.1:{port}/?game={game}#{fragment}"));
}

/// Bob types `mv` (`a7 a6`) in his chat; Alice's page shows it live: her
/// turn, its destination marked as the last move.
fn chat_move_arrives(browser: &Browser, bob: &User, mv: &str) {
    bob.send(mv);
    let to = mv.rsplit([' ', '-']).next().unwrap_or(mv);
    browser.wait(
        &format!("Bob's chat move {mv}, live"),
        &format!("return window.srazhenie.view.myTurn && document.querySelector('[data-sq={to}]').classList.contains('last');"),
    );
}

/// A screenshot of the page for the README, `docs/{name}`: renewed only on
/// request (`SAVE_SCREENSHOT`), so that a test run leaves the tree as it
/// was; otherwise saved in the target's temporary directory. Either way it
/// must be a real picture.
fn readme_screenshot(browser: &Browser, name: &str) {
    let shot = if std::env::var_os("SAVE_SCREENSHOT").is_some() {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(name)
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
    };
    browser.screenshot(&shot);
    let png = std::fs::read(&shot).expect("the screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "a real picture of the board");
}

#[test]
fn the_page_shows_the_board_plays_by_clicks_and_follows_the_opponent() {
    let Some((chromium, driver)) = programs_or_skip() else { return };
    let (env, port) = env_with_web();
    let south = code_with(EXAMPLE, &[(39, '5')]);
    let north = code_with(EXAMPLE, &[(30, 'F'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, Some(&south), Some(&north), false);
    let browser = Browser::start(&driver, &chromium);
    // The setup: 100 squares, Alice's 40 pieces, nothing of Bob's (R6); a tap-tap swap.
    open_game(&browser, port, game, alice.id);
    browser.wait("100 squares", "return document.querySelectorAll('[data-sq]').length === 100;");
    assert_eq!(browser.js("return document.querySelectorAll('.p.own').length;"), json!(40));
    assert_eq!(browser.js("return document.querySelectorAll('.p.enemy').length;"), json!(0));
    let a1 = browser.js("return document.querySelector('[data-sq=a1]').textContent;");
    let b1 = browser.js("return document.querySelector('[data-sq=b1]').textContent;");
    assert_ne!(a1, b1, "the example setup has different pieces on a1 and b1");
    browser.click("[data-sq=a1]");
    browser.click("[data-sq=b1]");
    browser.wait(
        "a1 and b1 swapped",
        &format!("return document.querySelector('[data-sq=a1]').textContent === {b1} && !window.srazhenie.busy;"),
    );
    assert_eq!(browser.js("return document.querySelector('[data-sq=b1]').textContent;"), a1);
    // A swap by drag: c1 dropped onto d1. The setup code (a1, b1, c1, d1, … first) shows it.
    let ta = tma(alice.id, "Alice", "en");
    let path = format!("/api/games/{game}");
    let code = |v: &serde_json::Value| v["setup"]["code"].as_str().expect("a setup code").chars().collect::<Vec<_>>();
    let before = code(&get(port, &path, &ta).json);
    assert_ne!(before[2], before[3], "the example setup has different pieces on c1 and d1");
    browser.drag("c1", "d1", |b| {
        b.wait(
            "the lifted piece and the swap targets",
            "return !!document.querySelector('.p.ghost') && document.querySelector('[data-sq=c1]').classList.contains('from') \
             && document.querySelector('[data-sq=d1]').classList.contains('over') && document.querySelectorAll('.c.swap').length === 39;",
        );
    });
    let mut want = before.clone();
    want.swap(2, 3);
    let want: String = want.into_iter().collect();
    browser.wait(
        "c1 and d1 swapped",
        &format!("return window.srazhenie.view.setup.code === {want:?} && !window.srazhenie.busy;"),
    );
    assert_eq!(code(&get(port, &path, &ta).json).into_iter().collect::<String>(), want, "swapped through the use case");
    assert_eq!(
        browser.js("return document.querySelectorAll('.p.ghost').length;"),
        json!(0),
        "the lifted piece is gone"
    );
    // Alice confirms on the page, Bob in the chat: the page turns into the play board live.
    click_button(&browser, "To battle!");
    bob.wait_text("готов", 0);
    // Under load Bob's press can meet a board version that has just moved
    // on (refused as stale, with the current board), or his board may not
    // show the button yet: press again on the current board, until the
    // game starts (a minute at most: a loaded CI machine once needed more
    // than ten tries).
    let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < until {
        if browser.js("return window.srazhenie.view.status;") == json!("play") {
            break;
        }
        let b = the_board(&bob, game);
        if let Some(data) = b.buttons().into_iter().find(|x| x.text == "⚔ В бой!").and_then(|x| x.data) {
            press_and_wait(&bob, game, &data);
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    browser.wait("the play board", "return !!window.srazhenie.view && window.srazhenie.view.status === 'play';");
    assert_eq!(browser.js("return document.querySelectorAll('[data-sq]').length;"), json!(100));
    assert_eq!(browser.js("return document.querySelectorAll('.p.own').length;"), json!(40));
    assert_eq!(browser.js("return document.querySelectorAll('.p.enemy').length;"), json!(40));
    assert_eq!(
        browser.js("return [...document.querySelectorAll('.p.enemy')].every(e => e.textContent === '');"),
        json!(true),
        "R25: enemy pieces are backs"
    );
    assert_eq!(browser.js("return document.querySelectorAll('.c.lake').length;"), json!(8));
    // R3: South sees rank 10 at the top, file a on the left.
    assert_eq!(browser.js("return document.querySelector('[data-sq]').dataset.sq;"), json!("a10"));
    let alice_first = browser.js("return window.srazhenie.view.myTurn;") == json!(true);
    if !alice_first {
        chat_move_arrives(&browser, &bob, "a7 a6");
    }
    // Alice moves j4–j5 by clicks (moves between people are confirmed by default).
    let bob_board = the_board(&bob, game).id;
    browser.click("[data-sq=j4]");
    browser.wait("j5 offered", "return document.querySelector('[data-sq=j5]').classList.contains('dest');");
    browser.click("[data-sq=j5]");
    click_button(&browser, "Play j4-j5");
    browser.wait("the move played", "return window.srazhenie.view.last && window.srazhenie.view.last.mv === 'j4-j5';");
    // Bob's chat gets its notice: his board comes to the bottom for his turn.
    wait_board(&bob, game, "sent anew for his turn", |m| m.id != bob_board && my_turn(&bob, game));
    // Bob answers in the chat; the page shows it live.
    let answer = if alice_first { "a7 a6" } else { "a6 a5" };
    chat_move_arrives(&browser, &bob, answer);
    let plies = if alice_first { 2 } else { 3 };
    browser.wait("the move list", &format!("return document.querySelectorAll('#moves span').length === {plies};"));
    // For the README: Alice's piece on j5 selected, its destinations marked.
    browser.click("[data-sq=j5]");
    browser.wait("j6 offered", "return document.querySelector('[data-sq=j6]').classList.contains('dest');");
    readme_screenshot(&browser, "miniapp.png");
    // A drop where the piece cannot go (j7: two squares ahead, R10) changes nothing.
    let last = get(port, &path, &ta).json["last"].clone();
    let version = browser.js("return window.srazhenie.view.version;");
    browser.drag("j5", "j7", |_| {});
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(browser.js("return window.srazhenie.view.version;"), version, "nothing sent");
    assert_eq!(browser.js("return document.querySelectorAll('.c.dest, .c.over, .p.ghost').length;"), json!(0));
    assert_eq!(get(port, &path, &ta).json["last"], last, "no move made");
    // A move by drag: j5 lifted, carried onto j6 (the shot shows it
    // mid-drag), dropped, and confirmed as moves between people are.
    let drag_shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("miniapp-drag.png");
    browser.drag("j5", "j6", |b| {
        b.wait(
            "j5 lifted over j6",
            "return !!document.querySelector('.p.ghost') && document.querySelector('[data-sq=j5]').classList.contains('from') \
             && document.querySelector('[data-sq=j6]').classList.contains('dest') \
             && document.querySelector('[data-sq=j6]').classList.contains('over');",
        );
        b.screenshot(&drag_shot);
    });
    click_button(&browser, "Play j5-j6");
    browser.wait(
        "the dragged move played",
        "return window.srazhenie.view.last && window.srazhenie.view.last.mv === 'j5-j6';",
    );
    let v = get(port, &path, &ta).json;
    assert_eq!(
        (v["last"]["mv"].as_str(), v["myTurn"].as_bool()),
        (Some("j5-j6"), Some(false)),
        "played through the use case"
    );
    let j6 = v["squares"].as_array().expect("squares").iter().find(|s| s["sq"] == "j6").cloned().unwrap_or_default();
    assert_eq!(j6["k"], "own", "Alice's piece stands on j6");
    env.check_clean();
}

/// Jungle on the page (J1–J3): Alice's 7×9 board from her side with dens,
/// traps and water, both armies with emoji and rank; her move played by two
/// taps (and its confirmation, as between people), Bob's chat moves
/// arriving live, the last move marked, an animal's destinations marked.
#[test]
fn rule_j1_a_jungle_game_on_the_page_plays_by_taps() {
    let Some((chromium, driver)) = programs_or_skip() else { return };
    let (env, port) = env_with_web();
    let (alice, bob, game) = crate::jungle::start_jungle(&env);
    let browser = Browser::start(&driver, &chromium);
    open_game(&browser, port, game, alice.id);
    browser.wait("63 squares", "return document.querySelectorAll('[data-sq]').length === 63;");
    let count = |css: &str| browser.js(&format!("return document.querySelectorAll({css:?}).length;"));
    assert_eq!(count(".p.animal.south.mine"), json!(8), "Alice's animals");
    assert_eq!(count(".p.animal.north"), json!(8), "Bob's animals");
    assert_eq!((count(".c.lake"), count(".c.den"), count(".c.trap")), (json!(12), json!(2), json!(6)), "J2");
    // J1: South sees rank 9 at the top, file a on the left; the Elephant 🐘8 on a3.
    assert_eq!(browser.js("return document.querySelector('[data-sq]').dataset.sq;"), json!("a9"));
    assert_eq!(browser.js("return document.querySelector('[data-sq=a3]').textContent;"), json!("🐘8"));
    if browser.js("return window.srazhenie.view.myTurn;") != json!(true) {
        chat_move_arrives(&browser, &bob, "a7 a6");
    }
    // Alice's Rat g3–g4 by taps, confirmed on the page.
    let bob_board = the_board(&bob, game).id;
    browser.click("[data-sq=g3]");
    browser.wait("g4 offered", "return document.querySelector('[data-sq=g4]').classList.contains('dest');");
    assert_eq!(count(".c.dest"), json!(3), "the Rat on g3: g4, f3, g2");
    browser.click("[data-sq=g4]");
    click_button(&browser, "Play g3-g4");
    browser.wait("the move played", "return window.srazhenie.view.last && window.srazhenie.view.last.mv === 'g3-g4';");
    assert!(
        browser.js("return document.querySelector('[data-sq=g4]').classList.contains('last');") == json!(true),
        "the last move is marked"
    );
    wait_board(&bob, game, "sent anew for his turn", |m| m.id != bob_board && my_turn(&bob, game));
    let path = format!("/api/games/{game}");
    let ta = tma(alice.id, "Alice", "en");
    assert_eq!(get(port, &path, &ta).json["last"]["mv"], "g3-g4", "played through the use case");
    // Bob answers in the chat; the page shows it live.
    let answer = if browser.js("return window.srazhenie.view.history.length;") == json!(1) { "a7 a6" } else { "a6 a5" };
    chat_move_arrives(&browser, &bob, answer);
    // A tap on a square the Rat cannot reach (its own den) changes nothing.
    let version = browser.js("return window.srazhenie.view.version;");
    browser.click("[data-sq=g4]");
    browser.wait(
        "f4 offered: the Rat swims (J5)",
        "return document.querySelector('[data-sq=f4]').classList.contains('dest');",
    );
    browser.click("[data-sq=d1]");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(browser.js("return window.srazhenie.view.version;"), version, "nothing sent");
    assert_eq!(count(".c.dest"), json!(0), "the selection is cleared");
    // For the README: the Rat selected, its destinations marked, Bob's last move shown.
    browser.click("[data-sq=g4]");
    browser.wait("g5 offered", "return document.querySelector('[data-sq=g5]').classList.contains('dest');");
    readme_screenshot(&browser, "miniapp-jungle.png");
    env.check_clean();
}
