//! The JSON API on a fresh database: authentication, a setup flow, moves
//! (409 stale, 422 illegal), the chat following the page, the event stream.

use serde_json::json;

use crate::client::{Events, call, free_port, get, post, tma};
use crate::support::env::Env;
use crate::support::game::*;

/// A bot with its Mini App server on a free port and `WEBAPP_URL` set.
pub fn env_with_web() -> (Env, u16) {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let env = Env::with(
        crate::support::world::Config::default(),
        &[("HTTP_ADDR", &addr), ("WEBAPP_URL", "https://board.example.org/app/")],
    );
    (env, port)
}

#[test]
fn missing_forged_and_expired_init_data_get_401_and_strangers_403() {
    let (env, port) = env_with_web();
    let (alice, _bob, game) = start_pair(&env, None, None, false);
    let path = format!("/api/games/{game}");
    assert_eq!(call(port, "GET", &path, None, None).status, 401, "no header");
    let good = tma(alice.id, "Alice", "en");
    let forged = good.replace(&format!("%22id%22%3A{}", alice.id), "%22id%22%3A1");
    assert_ne!(forged, good);
    assert_eq!(get(port, &path, &forged).status, 401, "another user id under Alice's hash");
    let old = srazhenie::web::auth::sign_for_user(alice.id, "Alice", "en", 1_000_000_000, crate::client::TOKEN);
    assert_eq!(get(port, &path, &old).json["error"], "expired");
    let other_bot = srazhenie::web::auth::sign_for_user(alice.id, "Alice", "en", 2_000_000_000, "999:other");
    assert_eq!(get(port, &path, &other_bot).status, 401);
    // The event stream checks the same data.
    assert_eq!(call(port, "GET", &format!("{path}/events?tma=x"), None, None).status, 401);
    // Someone who neither plays nor watches: 403, and nothing changes.
    let carol = started_user(&env, "Carol", "en");
    let carol_tma = tma(carol.id, "Carol", "en");
    let a = get(port, &path, &carol_tma);
    assert_eq!((a.status, a.json["error"].as_str()), (403, Some("not-your-game")));
    let view = get(port, &path, &good).json;
    let swap = json!({ "action": "shuffle", "version": view["version"] });
    assert_eq!(post(port, &format!("{path}/setup"), &carol_tma, &swap).status, 403);
    assert_eq!(get(port, &path, &good).json["setup"], view["setup"], "Carol's press changed nothing");
    assert_eq!(get(port, &format!("/api/games/{}", game + 100), &good).status, 404);
    // The order of checks on a POST: 401 (init data), 403 (the reader's
    // part), 409 (version), 422 (the rest). A stranger with a stale version
    // or a body that does not parse learns nothing, not even the version.
    let moves = format!("{path}/moves");
    let stale = json!({ "from": "a4", "to": "a5", "version": view["version"].as_i64().unwrap_or(0) - 1 });
    let garbage = json!("not a move");
    assert_eq!(call(port, "POST", &moves, None, Some(&garbage)).status, 401, "no header, bad body");
    assert_eq!(call(port, "POST", &moves, Some(&forged), Some(&stale)).status, 401, "forged, stale");
    for (what, body) in [("stale", &stale), ("bad body", &garbage)] {
        let a = post(port, &moves, &carol_tma, body);
        assert_eq!((a.status, a.json["error"].as_str()), (403, Some("not-your-game")), "Carol, {what}: {}", a.body);
        assert!(a.json.get("view").is_none() && !a.body.contains("version"), "Carol learns nothing: {}", a.body);
    }
    let a = post(port, &moves, &good, &stale);
    assert_eq!((a.status, &a.json["view"]["version"]), (409, &view["version"]), "Alice, stale: {}", a.body);
    let current = json!({ "from": "a4", "to": "a5", "version": view["version"] });
    assert_eq!(post(port, &moves, &good, &current).json["error"], "wrong-phase", "Alice, current, in the setup");
    let a = post(port, &moves, &good, &garbage);
    assert_eq!((a.status, a.json["error"].as_str()), (422, Some("bad-request")), "Alice, bad body: {}", a.body);
    // The menu button's list: Alice's games, none of them Carol's.
    let list = get(port, "/api/games", &good).json;
    assert_eq!(list["games"][0]["id"], game);
    assert_eq!(list["games"][0]["status"], "setup");
    assert_eq!(get(port, "/api/games", &carol_tma).json["games"], json!([]));
    assert_eq!(call(port, "GET", "/api/games", None, None).status, 401);
    env.check_clean();
}

/// Setup on the page (swap, shuffle, smart, stale, confirm) with the chat
/// following; then moves: 422 with the reason in the reader's language,
/// 409 with the current view, a move that the opponent's chat and event
/// stream both see, and the opponent's chat move arriving on the stream.
#[test]
fn setup_and_moves_through_the_api_follow_the_chat_and_stream() {
    let (env, port) = env_with_web();
    let south = code_with(EXAMPLE, &[(39, '5')]);
    let north = code_with(EXAMPLE, &[(30, 'F'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, None, None, false);
    let (ta, tb) = (tma(alice.id, "Alice", "en"), tma(bob.id, "Bob", "ru"));
    let path = format!("/api/games/{game}");
    let v = get(port, &path, &ta).json;
    assert_eq!((v["status"].as_str(), v["me"].as_str()), (Some("setup"), Some("south")));
    let squares = v["squares"].as_array().expect("squares");
    assert_eq!(squares.len(), 100);
    assert_eq!(squares.iter().filter(|s| s["k"] == "own").count(), 40, "Alice's draft");
    assert_eq!(squares.iter().filter(|s| s["k"] == "enemy").count(), 0, "R6: nothing of Bob's draft");
    // The board message carries the Mini App button for this game.
    let urls: Vec<String> = the_board(&alice, game).buttons().into_iter().filter_map(|b| b.web_app).collect();
    assert_eq!(urls, vec![format!("https://board.example.org/app/?game={game}")]);
    // Swap a1 and b1 on the page: the draft and the chat board change.
    let code0 = v["setup"]["code"].as_str().expect("code").to_owned();
    let edits = the_board(&alice, game).edits;
    let v =
        post(port, &format!("{path}/setup"), &ta, &json!({"action":"swap","a":"a1","b":"b1","version":v["version"]}));
    assert_eq!(v.status, 200, "{}", v.body);
    let code1 = v.json["setup"]["code"].as_str().expect("code").to_owned();
    assert_eq!((&code1[..1], &code1[1..2], &code1[2..]), (&code0[1..2], &code0[..1], &code0[2..]));
    wait_board(&alice, game, "redrawn after the page's swap", |m| m.edits > edits && m.text.contains(&code1));
    // A stale version: 409 with the current view, nothing changed.
    let stale = post(port, &format!("{path}/setup"), &ta, &json!({"action":"shuffle","version":0}));
    assert_eq!(stale.status, 409);
    assert_eq!(stale.json["view"]["setup"]["code"].as_str(), Some(code1.as_str()));
    let version = stale.json["view"]["version"].clone();
    let shuffled = post(port, &format!("{path}/setup"), &ta, &json!({"action":"shuffle","version":version}));
    let smart =
        post(port, &format!("{path}/setup"), &ta, &json!({"action":"smart","version":shuffled.json["version"]}));
    assert_ne!(shuffled.json["setup"]["code"], json!(code1));
    assert_ne!(smart.json["setup"]["code"], shuffled.json["setup"]["code"]);
    // Known codes from the chat, then both confirm on the page; Bob's chat hears that Alice is ready.
    for (user, code) in [(&alice, &south), (&bob, &north)] {
        user.send(&format!("/setup {code}"));
        wait_board(user, game, "shows the code", |m| m.text.contains(code.as_str()));
    }
    let bob_board = the_board(&bob, game).id;
    let va = get(port, &path, &ta).json;
    let ok = post(port, &format!("{path}/setup"), &ta, &json!({"action":"confirm","version":va["version"]}));
    assert_eq!(ok.json["setup"]["confirmed"], true);
    bob.wait_text("готов", 0);
    // Bob's setup board in the chat says so too, with the same buttons.
    let ready = wait_board(&bob, game, "Bob's board to say Alice is ready", |m| m.text.contains("Противник готов."));
    assert_eq!(ready.id, bob_board, "redrawn in place");
    let vb = get(port, &path, &tb).json;
    assert_eq!(vb["setup"]["opponentReady"], true);
    let started = post(port, &format!("{path}/setup"), &tb, &json!({"action":"confirm","version":vb["version"]}));
    assert_eq!(started.json["status"], "play", "{}", started.body);
    // In play: R25 on the wire, and the mover chosen by the lot (R7).
    let va = get(port, &path, &ta).json;
    let enemy: Vec<_> = va["squares"].as_array().unwrap().iter().filter(|s| s["k"] == "enemy").cloned().collect();
    assert_eq!(enemy.len(), 40);
    assert!(enemy.iter().all(|s| s["r"].is_null()), "R25: no enemy rank on the wire");
    let alice_first = va["myTurn"] == true;
    let (mover, mover_tma, waiter, waiter_tma) =
        if alice_first { (&alice, &ta, &bob, &tb) } else { (&bob, &tb, &alice, &ta) };
    let (good, illegal, reply) =
        if alice_first { (("j4", "j5"), ("j4", "j6"), "a7 a6") } else { (("a7", "a6"), ("a7", "a5"), "j4 j5") };
    let mut waiter_events = Events::open(port, game, waiter_tma);
    let first = waiter_events.next_view();
    assert_eq!(first["myTurn"], false);
    let vm = get(port, &path, mover_tma).json;
    let moves = format!("{path}/moves");
    // 422: the engine's reason in the mover's language.
    let bad = post(port, &moves, mover_tma, &json!({"from":illegal.0,"to":illegal.1,"version":vm["version"]}));
    assert_eq!((bad.status, bad.json["error"].as_str()), (422, Some("illegal")), "{}", bad.body);
    let reason = bad.json["message"].as_str().unwrap_or_default();
    let expected = if alice_first { "one square at a time" } else { "на одну клетку" };
    assert!(reason.to_lowercase().contains(expected), "{reason}");
    // 409: a stale version is refused before the move is looked at.
    let stale = post(
        port,
        &moves,
        mover_tma,
        &json!({"from":good.0,"to":good.1,"version":vm["version"].as_i64().unwrap() - 1}),
    );
    assert_eq!(stale.status, 409);
    assert_eq!(stale.json["view"]["version"], vm["version"]);
    // The waiter's chat gets the usual notice: their board comes to the bottom, their turn.
    let before = the_board(waiter, game).id;
    let played = post(port, &moves, mover_tma, &json!({"from":good.0,"to":good.1,"version":vm["version"]}));
    assert_eq!(played.status, 200, "{}", played.body);
    assert_eq!(played.json["last"]["mv"], format!("{}-{}", good.0, good.1));
    wait_board(waiter, game, "sent anew for their turn", |m| m.id != before && my_turn(waiter, game));
    let seen =
        waiter_events.wait_view("the page's move", |v| v["last"]["mv"] == json!(format!("{}-{}", good.0, good.1)));
    assert_eq!(seen["myTurn"], true);
    // The waiter answers in the chat; the mover's stream shows it live.
    let mut mover_events = Events::open(port, game, mover_tma);
    let _ = mover_events.next_view();
    waiter.send(reply);
    let want = reply.replace(' ', "-");
    let seen = mover_events.wait_view("the chat's move", |v| v["last"]["mv"] == json!(want));
    assert_eq!(seen["myTurn"], true);
    assert_eq!(seen["history"].as_array().map(Vec::len), Some(2));
    let _ = mover;
    env.check_clean();
}

/// With `WEBAPP_URL` set, a notice about a game (here a draw offer) opens
/// that game's page too, besides its answers and the ⬇ board button.
#[test]
fn a_notice_about_a_game_opens_its_page() {
    let (env, _port) = env_with_web();
    let (alice, bob, game) = start_pair(&env, None, None, true);
    press_label(&bob, game, "☰ Меню");
    press_label(&bob, game, "🤝 Предложить ничью");
    let offer = alice.wait_text(&format!("game #{game} offers a draw"), 0);
    let labels: Vec<String> = offer.buttons().into_iter().map(|b| b.text).collect();
    assert_eq!(labels, ["✅ Accept the draw", "❌ Decline", "⬇ Board to the bottom", "🗺 Board"], "{labels:?}");
    let urls: Vec<String> = offer.buttons().into_iter().filter_map(|b| b.web_app).collect();
    assert_eq!(urls, vec![format!("https://board.example.org/app/?game={game}")]);
    env.check_clean();
}

/// A spectator (who opened the Watch link) reads the public view only:
/// both armies as backs with no rank (R24, R25 for both sides), the moves
/// as they are made; every move, setup or game action of theirs is 403
/// and changes nothing.
#[test]
fn a_spectator_gets_the_public_view_and_cannot_act() {
    let (env, port) = env_with_web();
    let code = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, Some(&code), Some(&code), true);
    let carol = started_user(&env, "Carol", "en");
    let bot = env.api.world().cfg.bot_username.clone();
    carol.open_link(&format!("https://t.me/{bot}?start=w_{game}"));
    carol.wait_text(&format!("watching game #{game}"), 0);
    // Carol's spectator board in her chat opens the same page (in spectator mode).
    let board = crate::support::users::wait_for(crate::support::users::WAIT, "Carol's spectator board", || {
        carol.bot_messages().into_iter().find(|m| m.buttons().iter().any(|b| b.web_app.is_some()))
    });
    let urls: Vec<String> = board.buttons().into_iter().filter_map(|b| b.web_app).collect();
    assert_eq!(urls, vec![format!("https://board.example.org/app/?game={game}")]);
    let tc = tma(carol.id, "Carol", "en");
    let path = format!("/api/games/{game}");
    let public = |v: &serde_json::Value| {
        let squares = v["squares"].as_array().expect("squares").clone();
        assert_eq!(squares.len(), 100);
        assert!(squares.iter().all(|s| s["k"] != "own" && s["k"] != "enemy"), "no side's own view");
        let pieces: Vec<_> = squares.iter().filter(|s| s["k"] == "piece").collect();
        assert!(pieces.iter().all(|s| s["r"].is_null()), "R25: no hidden rank on the wire: {pieces:?}");
        pieces.len()
    };
    let v = get(port, &path, &tc);
    assert_eq!(v.status, 200, "{}", v.body);
    assert_eq!((v.json["me"].clone(), v.json["myTurn"].clone()), (json!(null), json!(false)));
    assert_eq!(v.json["legal"], json!([]), "a spectator has no moves");
    assert_eq!(public(&v.json), 80);
    // Moves, setup and game actions: 403, nothing changes.
    let version = v.json["version"].clone();
    let mv = post(port, &format!("{path}/moves"), &tc, &json!({"from":"a4","to":"a5","version":version}));
    assert_eq!((mv.status, mv.json["error"].as_str()), (403, Some("not-your-game")), "{}", mv.body);
    let mv = post(port, &format!("{path}/moves"), &tc, &json!({"from":"j7","to":"j6","version":version}));
    assert_eq!(mv.status, 403);
    let mv = post(port, &format!("{path}/moves"), &tc, &json!({"from":"a4","to":"a5","version":0}));
    assert_eq!(mv.status, 403, "a spectator's stale version: still 403, {}", mv.body);
    let act = post(port, &format!("{path}/actions"), &tc, &json!({"action":"offer-draw","version":version}));
    assert_eq!(act.status, 403);
    let set = post(port, &format!("{path}/setup"), &tc, &json!({"action":"shuffle","version":version}));
    assert_eq!(set.status, 403);
    let ta = tma(alice.id, "Alice", "en");
    assert_eq!(get(port, &path, &ta).json["history"], json!([]), "no move was made");
    // A move in the chat: the spectator sees it, still without ranks.
    let (mover, mv) = if my_turn(&alice, game) { (&alice, "a4-a5") } else { (&bob, "j7-j6") };
    mover.send(mv);
    let seen = crate::support::users::wait_for(crate::support::users::WAIT, "the spectator's view of the move", || {
        let v = get(port, &path, &tc).json;
        (v["last"]["mv"] == json!(mv)).then_some(v)
    });
    assert_eq!(public(&seen), 80);
    env.check_clean();
}

/// A saved setup loads through the setup POST (`{"action":"saved","id":…}`):
/// the view lists the reader's saved setups, the draft becomes the saved
/// code and the chat board follows; an unknown id or a stale version
/// changes nothing.
#[test]
fn a_saved_setup_loads_through_the_setup_post() {
    let (env, port) = env_with_web();
    let (alice, _bob, game) = start_pair(&env, None, None, false);
    let wall = code_with(EXAMPLE, &[(30, '5'), (39, '9')]);
    let sent = alice.send(&format!("/setups save wall {wall}"));
    alice.wait_text("Saved as «wall»", sent);
    let ta = tma(alice.id, "Alice", "en");
    let path = format!("/api/games/{game}");
    let v = get(port, &path, &ta).json;
    let saved = v["setup"]["saved"].as_array().expect("saved setups").clone();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(saved[0]["name"], "wall");
    let id = saved[0]["id"].as_i64().expect("id");
    assert_ne!(v["setup"]["code"], json!(wall));
    let setup = format!("{path}/setup");
    let unknown = post(port, &setup, &ta, &json!({"action":"saved","id":id + 1000,"version":v["version"]}));
    assert_eq!(unknown.status, 422, "{}", unknown.body);
    let stale = post(port, &setup, &ta, &json!({"action":"saved","id":id,"version":0}));
    assert_eq!(stale.status, 409);
    assert_eq!(get(port, &path, &ta).json["setup"]["code"], v["setup"]["code"], "nothing changed");
    let loaded = post(port, &setup, &ta, &json!({"action":"saved","id":id,"version":v["version"]}));
    assert_eq!(loaded.status, 200, "{}", loaded.body);
    assert_eq!(loaded.json["setup"]["code"], json!(wall));
    wait_board(&alice, game, "the chat board shows the loaded setup", |m| m.text.contains(&wall));
    env.check_clean();
}

/// With `WEBAPP_URL` set, the bot makes its default menu button open the
/// Mini App at start (no chat id: every private chat), so that BotFather's
/// menu-button step is optional; the page without `?game=` lists the
/// reader's games (`GET /api/games`, checked above).
#[test]
fn the_menu_button_opens_the_mini_app() {
    let (env, _port) = env_with_web();
    let set = crate::support::users::wait_for(crate::support::users::WAIT, "setChatMenuButton", || {
        env.api.world().calls.iter().find(|c| c.method == "setchatmenubutton").map(|c| c.params.clone())
    });
    assert!(set.get("chat_id").is_none_or(serde_json::Value::is_null), "the default button: {set}");
    let button = match &set["menu_button"] {
        serde_json::Value::String(s) => serde_json::from_str(s).expect("JSON"),
        v => v.clone(),
    };
    assert_eq!(button["type"], "web_app", "{button}");
    assert_eq!(button["web_app"]["url"], "https://board.example.org/app/");
    assert!(!button["text"].as_str().unwrap_or_default().is_empty(), "{button}");
    env.check_clean();
}
