//! The page's JSON of a Jungle game: the board as the engine's view has
//! it (J1–J3), the moves of the reader's turn only, nothing else.

use engine::Player;
use jungle::Game;
use serde_json::Value;

use crate::app::{Board, GameRules, Stage};
use crate::i18n::Lang;
use crate::storage::GameStatus;
use crate::web::json::board_json;

fn board(game: &Game, me: Option<Player>) -> Board {
    let view = game.view(me.unwrap_or(Player::South));
    Board {
        game_id: 9,
        status: GameStatus::Play,
        rules: GameRules::Jungle,
        side: me,
        version: 4,
        first: Some(game.first_player()),
        names: [(Player::South, "Alice".into()), (Player::North, "Bob".into())],
        ai: None,
        draw_offer: None,
        days_per_move: None,
        deadline: None,
        confirm_moves: false,
        result: None,
        stage: if me.is_some() { Stage::JunglePlay(view) } else { Stage::JungleWatch(view) },
    }
}

fn sq<'a>(j: &'a Value, name: &str) -> &'a Value {
    j["squares"].as_array().unwrap().iter().find(|s| s["sq"] == name).unwrap()
}

/// J1–J3: 63 squares with dens, traps and water; the animals with their
/// side and rank; every key of a square is one the page knows.
#[test]
fn rule_j2_j3_the_json_holds_the_board_terrain_and_animals() {
    let game = Game::new(Player::South);
    let j = board_json(&board(&game, Some(Player::South)), Lang::En, 0, &[]);
    assert_eq!((j["rules"].as_str(), &j["size"]), (Some("jungle"), &serde_json::json!({ "files": 7, "ranks": 9 })));
    assert_eq!(j["squares"].as_array().unwrap().len(), 63);
    for s in j["squares"].as_array().unwrap() {
        for k in s.as_object().unwrap().keys() {
            assert!(["sq", "k", "r", "owner", "t", "of"].contains(&k.as_str()), "odd key {k} in {s}");
        }
    }
    // J2: dens d1/d9, traps c1 e1 d2 / c9 e9 d8, water b4–c6 and e4–f6.
    assert_eq!((&sq(&j, "d1")["t"], &sq(&j, "d1")["of"]), (&"den".into(), &"south".into()));
    assert_eq!((&sq(&j, "d8")["t"], &sq(&j, "d8")["of"]), (&"trap".into(), &"north".into()));
    assert_eq!(sq(&j, "e5")["t"], "water");
    assert!(sq(&j, "d5").get("t").is_none(), "land has no terrain key");
    let water = j["squares"].as_array().unwrap().iter().filter(|s| s["t"] == "water").count();
    assert_eq!(water, 12);
    // J3: South's Elephant on a3, North's Rat on a7, seen by South.
    assert_eq!((&sq(&j, "a3")["k"], &sq(&j, "a3")["r"]), (&"own".into(), &"8".into()));
    assert_eq!(
        (&sq(&j, "a7")["k"], &sq(&j, "a7")["owner"], &sq(&j, "a7")["r"]),
        (&"enemy".into(), &"north".into(), &"1".into())
    );
    assert_eq!(j["ranks"]["8"]["label"], "🐘8");
    assert_eq!(board_json(&board(&game, Some(Player::South)), Lang::Ru, 0, &[])["ranks"]["1"]["name"], "Крыса");
    assert_eq!(j["setup"], Value::Null);
}

/// J5: the reader's legal moves on their turn, none on the opponent's;
/// a spectator gets none and no turn of their own; a capture is in the
/// history and the graveyard.
#[test]
fn rule_j5_moves_only_on_the_readers_turn_and_never_to_a_spectator() {
    let mut game = Game::new(Player::South);
    let south = board_json(&board(&game, Some(Player::South)), Lang::En, 0, &[]);
    let north = board_json(&board(&game, Some(Player::North)), Lang::En, 0, &[]);
    let legal: Vec<String> = game.view(Player::South).legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(south["legal"], serde_json::json!(legal));
    assert_eq!((south["myTurn"].as_bool(), north["myTurn"].as_bool()), (Some(true), Some(false)));
    assert_eq!(north["legal"], serde_json::json!([]));
    let watch = board_json(&board(&game, None), Lang::En, 0, &[]);
    assert_eq!(
        (watch["legal"].clone(), watch["myTurn"].as_bool(), watch["me"].clone()),
        (serde_json::json!([]), Some(false), Value::Null)
    );
    assert_eq!(sq(&watch, "g3")["k"], "piece");
    // J7: South's Rat walks g3–g7 and takes North's Elephant.
    for mv in ["g3-g4", "a7-a6", "g4-g5", "a6-a5", "g5-g6", "g9-f9", "g6-g7"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let j = board_json(&board(&game, Some(Player::North)), Lang::En, 0, &[]);
    assert_eq!(j["last"]["mv"], "g6-g7");
    assert_eq!(j["last"]["captured"], "8", "{}", j["last"]);
    assert_eq!(j["graveyard"]["north"], serde_json::json!(["8"]));
    assert_eq!(j["history"].as_array().unwrap().len(), 7);
}
