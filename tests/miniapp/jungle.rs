//! Jungle (RULES.md §9) through the Mini App's API: the view of a 7×9
//! board made from the Jungle engine's view, a move played and followed by
//! the chat and the event stream, and refusals in the same order as for
//! Stratego (401, 403, 409, 422) that change nothing.

use serde_json::{Value, json};

use crate::api::env_with_web;
use crate::client::{Events, call, get, post, tma};
use crate::support::env::Env;
use crate::support::game::*;
use crate::support::users::{User, WAIT, wait_for};

/// Alice (en, South) invites Bob (ru, North) to Jungle with `/new jungle`;
/// the game is in play as soon as Bob joins (no setup, J3).
pub fn start_jungle(env: &Env) -> (User, User, i64) {
    let alice = started_user(env, "Alice", "en");
    let bob = started_user(env, "Bob", "ru");
    let (game, link) = invite(&alice, "jungle");
    bob.open_link(&link);
    let in_play = |m: &crate::support::world::Msg| {
        ["Your move.", "to move.", "Ваш ход.", "Ходит"].iter().any(|s| m.text.contains(s))
    };
    wait_board(&alice, game, "in play", in_play);
    wait_board(&bob, game, "in play", in_play);
    (alice, bob, game)
}

/// The squares of a view by name.
fn square<'a>(v: &'a Value, sq: &str) -> &'a Value {
    v["squares"].as_array().expect("squares").iter().find(|s| s["sq"] == sq).unwrap_or(&Value::Null)
}

/// J1–J3 on the wire: 63 squares with their terrain, both armies with
/// their ranks, the keys of the Stratego view and no other, the reader's
/// moves on their turn only; the chat's board opens the page.
#[test]
fn rule_j1_j3_a_jungle_view_is_the_whole_board_and_nothing_odd() {
    let (env, port) = env_with_web();
    let (alice, bob, game) = start_jungle(&env);
    let (ta, tb) = (tma(alice.id, "Alice", "en"), tma(bob.id, "Bob", "ru"));
    let path = format!("/api/games/{game}");
    let a = get(port, &path, &ta);
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json;
    assert_eq!(
        (v["rules"].as_str(), v["status"].as_str(), v["me"].as_str()),
        (Some("jungle"), Some("play"), Some("south"))
    );
    assert_eq!(v["size"], json!({ "files": 7, "ranks": 9 }));
    let keys: Vec<&str> = v.as_object().expect("an object").keys().map(String::as_str).collect();
    let known = [
        "game",
        "version",
        "status",
        "rules",
        "size",
        "me",
        "turn",
        "myTurn",
        "first",
        "names",
        "ai",
        "drawOffer",
        "deadline",
        "now",
        "daysPerMove",
        "confirmMoves",
        "outcome",
        "result",
        "squares",
        "legal",
        "last",
        "history",
        "graveyard",
        "setup",
        "ranks",
        "lang",
        "quietPlies",
    ];
    assert!(keys.iter().all(|k| known.contains(k)), "odd keys: {keys:?}");
    let squares = v["squares"].as_array().expect("squares");
    assert_eq!(squares.len(), 63, "J1: 7×9");
    for s in squares {
        let odd: Vec<&String> = s
            .as_object()
            .expect("a square")
            .keys()
            .filter(|k| !["sq", "k", "r", "owner", "t", "of"].contains(&k.as_str()))
            .collect();
        assert!(odd.is_empty(), "odd keys {odd:?} in {s}");
    }
    // J2: dens, traps, water.
    assert_eq!((&square(&v, "d9")["t"], &square(&v, "d9")["of"]), (&json!("den"), &json!("north")));
    assert_eq!((&square(&v, "e1")["t"], &square(&v, "e1")["of"]), (&json!("trap"), &json!("south")));
    assert_eq!(squares.iter().filter(|s| s["t"] == "water").count(), 12);
    // J3: eight animals a side, South's own and North's enemy, ranks 1–8.
    assert_eq!(squares.iter().filter(|s| s["k"] == "own").count(), 8);
    assert_eq!(squares.iter().filter(|s| s["k"] == "enemy").count(), 8);
    assert_eq!((&square(&v, "a3")["r"], &square(&v, "a3")["owner"]), (&json!("8"), &json!("south")));
    assert_eq!((&square(&v, "a7")["k"], &square(&v, "a7")["r"]), (&json!("enemy"), &json!("1")));
    assert_eq!((v["ranks"]["8"]["label"].as_str(), v["ranks"]["8"]["name"].as_str()), (Some("🐘8"), Some("Elephant")));
    let vb = get(port, &path, &tb).json;
    assert_eq!(vb["ranks"]["8"]["name"], "Слон", "Bob's page in his language");
    assert_eq!((&square(&vb, "a7")["k"], &vb["me"]), (&json!("own"), &json!("north")));
    // J4: the side the lot chose has its legal moves, the other none.
    let (mover, waiter) = if v["myTurn"] == true { (&v, &vb) } else { (&vb, &v) };
    assert_eq!((mover["myTurn"].as_bool(), waiter["myTurn"].as_bool()), (Some(true), Some(false)));
    assert!(mover["legal"].as_array().is_some_and(|l| !l.is_empty()), "{}", mover["legal"]);
    assert_eq!(waiter["legal"], json!([]));
    assert_eq!((&v["setup"], &v["last"], &v["history"]), (&Value::Null, &Value::Null, &json!([])));
    // The chat's Jungle boards carry the Mini App button for this game.
    for u in [&alice, &bob] {
        let urls: Vec<String> = the_board(u, game).buttons().into_iter().filter_map(|b| b.web_app).collect();
        assert_eq!(urls, vec![format!("https://board.example.org/app/?game={game}")], "{}'s board", u.name);
    }
    env.check_clean();
}

/// A Jungle move through the API (J5–J9): 401 without init data, 403 for
/// a stranger (whatever the version), 409 with the current view for a
/// stale version, 422 with the engine's reason for an illegal move or a
/// square off the 7×9 board — each changing nothing — then a legal move
/// that the opponent's chat and event stream both follow, and the
/// opponent's chat move arriving on the mover's stream.
#[test]
fn rule_j5_a_jungle_move_plays_through_the_api_and_refusals_change_nothing() {
    let (env, port) = env_with_web();
    let (alice, bob, game) = start_jungle(&env);
    let (ta, tb) = (tma(alice.id, "Alice", "en"), tma(bob.id, "Bob", "ru"));
    let path = format!("/api/games/{game}");
    let moves = format!("{path}/moves");
    let alice_first = get(port, &path, &ta).json["myTurn"] == true;
    let (mover_tma, waiter, waiter_tma) = if alice_first { (&ta, &bob, &tb) } else { (&tb, &alice, &ta) };
    // South's Rat g3–g4, North's a7–a6; a two-square step is illegal (J5).
    let (good, illegal, reply) = if alice_first { ("g3-g4", "a3-a5", "a7 a6") } else { ("a7-a6", "g7-g5", "g3 g4") };
    let body = |mv: &str, version: &Value| {
        let (from, to) = mv.split_once('-').expect("a move");
        json!({ "from": from, "to": to, "version": version })
    };
    let v0 = get(port, &path, mover_tma).json;
    let version = v0["version"].clone();
    let unchanged = |what: &str| {
        let now = get(port, &path, mover_tma).json;
        assert_eq!(
            (&now["version"], &now["history"], &now["squares"]),
            (&version, &json!([]), &v0["squares"]),
            "{what}"
        );
    };
    assert_eq!(call(port, "POST", &moves, None, Some(&body(good, &version))).status, 401);
    let carol = started_user(&env, "Carol", "en");
    let tc = tma(carol.id, "Carol", "en");
    for v in [version.clone(), json!(0)] {
        let a = post(port, &moves, &tc, &body(good, &v));
        assert_eq!((a.status, a.json["error"].as_str()), (403, Some("not-your-game")), "{}", a.body);
        assert!(!a.body.contains("version"), "a stranger learns nothing: {}", a.body);
    }
    assert_eq!(get(port, &path, &tc).status, 403);
    unchanged("after the stranger");
    let stale = post(port, &moves, mover_tma, &body(good, &json!(version.as_i64().unwrap_or(0) - 1)));
    assert_eq!((stale.status, &stale.json["view"]["version"]), (409, &version), "{}", stale.body);
    // 409 comes before the move is looked at: a stale illegal move is stale too.
    let stale = post(port, &moves, mover_tma, &body(illegal, &json!(version.as_i64().unwrap_or(0) - 1)));
    assert_eq!(stale.status, 409, "{}", stale.body);
    unchanged("after the stale moves");
    let bad = post(port, &moves, mover_tma, &body(illegal, &version));
    assert_eq!((bad.status, bad.json["error"].as_str()), (422, Some("illegal")), "{}", bad.body);
    let reason = bad.json["message"].as_str().unwrap_or_default();
    let expected = if alice_first { "one square along a file or rank" } else { "на одну клетку" };
    assert!(reason.contains(expected), "J5 in the mover's language: {reason}");
    let off = post(port, &moves, mover_tma, &json!({ "from": "g3", "to": "h3", "version": version }));
    assert_eq!(off.status, 422, "h3 is off the 7×9 board: {}", off.body);
    let theirs = if alice_first { "a7-a6" } else { "g3-g4" };
    let not_mine = post(port, &moves, mover_tma, &body(theirs, &version));
    assert_eq!((not_mine.status, not_mine.json["error"].as_str()), (422, Some("illegal")), "{}", not_mine.body);
    unchanged("after the refused moves");
    // The waiter's stream and chat follow the legal move.
    let mut waiter_events = Events::open(port, game, waiter_tma);
    assert_eq!(waiter_events.next_view()["myTurn"], false);
    let before = the_board(waiter, game).id;
    let played = post(port, &moves, mover_tma, &body(good, &version));
    assert_eq!(played.status, 200, "{}", played.body);
    assert_eq!((played.json["last"]["mv"].as_str(), played.json["myTurn"].as_bool()), (Some(good), Some(false)));
    assert_eq!(played.json["legal"], json!([]));
    let seen = waiter_events.wait_view("the page's move", |v| v["last"]["mv"] == json!(good));
    assert_eq!(seen["myTurn"], true);
    let board = wait_board(waiter, game, "sent anew for their turn", |m| m.id != before && my_turn(waiter, game));
    assert!(board.buttons().iter().any(|b| b.web_app.is_some()), "the new board opens the page too");
    // A repeated POST of the same move is stale now.
    assert_eq!(post(port, &moves, mover_tma, &body(good, &version)).status, 409);
    // The waiter answers in the chat; the mover's stream shows it live.
    let mut mover_events = Events::open(port, game, mover_tma);
    let _ = mover_events.next_view();
    waiter.send(reply);
    let want = reply.replace(' ', "-");
    let seen = mover_events.wait_view("the chat's move", |v| v["last"]["mv"] == json!(want));
    assert_eq!((seen["myTurn"].as_bool(), seen["history"].as_array().map(Vec::len)), (Some(true), Some(2)));
    env.check_clean();
}

/// A spectator of a Jungle game (the Watch link) reads the board from
/// South's side (J1) with no moves and no side; their POSTs are 403 and
/// change nothing; a draw offer's notice opens the page too.
#[test]
fn a_jungle_spectator_reads_only_and_notices_open_the_page() {
    let (env, port) = env_with_web();
    let (alice, bob, game) = start_jungle(&env);
    let carol = started_user(&env, "Carol", "en");
    let bot = env.api.world().cfg.bot_username.clone();
    carol.open_link(&format!("https://t.me/{bot}?start=w_{game}"));
    let board = wait_for(WAIT, "Carol's spectator board with the page's button", || {
        carol
            .bot_messages()
            .into_iter()
            .find(|m| m.text.starts_with("👁") && m.buttons().iter().any(|b| b.web_app.is_some()))
    });
    let urls: Vec<String> = board.buttons().into_iter().filter_map(|b| b.web_app).collect();
    assert_eq!(urls, vec![format!("https://board.example.org/app/?game={game}")]);
    let tc = tma(carol.id, "Carol", "en");
    let path = format!("/api/games/{game}");
    let v = get(port, &path, &tc);
    assert_eq!(v.status, 200, "{}", v.body);
    let v = v.json;
    assert_eq!((&v["me"], &v["myTurn"], &v["legal"]), (&Value::Null, &json!(false), &json!([])));
    let squares = v["squares"].as_array().expect("squares");
    assert_eq!(squares.iter().filter(|s| s["k"] == "piece").count(), 16);
    assert!(squares.iter().all(|s| s["k"] != "own" && s["k"] != "enemy"), "no side's own view");
    let version = v["version"].clone();
    for mv in [json!({"from":"g3","to":"g4","version":version}), json!({"from":"a7","to":"a6","version":version})] {
        assert_eq!(post(port, &format!("{path}/moves"), &tc, &mv).status, 403);
    }
    let act = post(port, &format!("{path}/actions"), &tc, &json!({"action":"resign","version":version}));
    assert_eq!(act.status, 403);
    assert_eq!(get(port, &path, &tma(alice.id, "Alice", "en")).json["history"], json!([]), "nothing played");
    // A draw offer from Bob's menu: Alice's notice opens the page.
    press_label(&bob, game, "☰ Меню");
    press_label(&bob, game, "🤝 Предложить ничью");
    let offer = alice.wait_text(&format!("game #{game} offers a draw"), 0);
    let urls: Vec<String> = offer.buttons().into_iter().filter_map(|b| b.web_app).collect();
    assert_eq!(urls, vec![format!("https://board.example.org/app/?game={game}")]);
    env.check_clean();
}
