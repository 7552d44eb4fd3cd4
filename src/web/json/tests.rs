//! R25 for the page's JSON: what a player is sent depends on nothing the
//! opponent has kept hidden.

use engine::{ByPlayer, Cell, Game, Move, Player, RuleSetId, ValidSetup};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng, rngs::StdRng};

use super::board_json;
use crate::app::{Board, GameRules, Stage};
use crate::i18n::Lang;
use crate::storage::GameStatus;

fn board(game: &Game, me: Player) -> Board {
    Board {
        game_id: 7,
        status: GameStatus::Play,
        rules: GameRules::Stratego(RuleSetId::Battle),
        side: Some(me),
        version: 12,
        first: Some(Player::South),
        names: [(Player::South, "Alice".into()), (Player::North, "Bob".into())],
        ai: None,
        draw_offer: None,
        days_per_move: Some(3),
        deadline: Some(1_000),
        confirm_moves: false,
        result: None,
        stage: Stage::Play(game.view(me)),
    }
}

/// Plays up to `plies` random legal plies from `setups`; returns the game and its moves.
fn random_game(setups: ByPlayer<ValidSetup>, plies: usize, rng: &mut StdRng) -> (Game, Vec<(Player, Move)>) {
    let mut game = Game::new(RuleSetId::Battle, setups, Player::South).unwrap();
    let mut moves = vec![];
    for _ in 0..plies {
        let side = game.turn();
        let legal = game.view(side).legal_moves().to_vec();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        let mut next = game.clone();
        next.play_as(side, mv).unwrap();
        if next.outcome().is_some() {
            break; // R26 reveals everything at the end: stop before it.
        }
        game = next;
        moves.push((side, mv));
    }
    (game, moves)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// R25: permuting North's pieces that never moved and were never
    /// revealed (before the same plies) leaves South's JSON unchanged, byte for byte.
    #[test]
    fn rule_r25_the_json_ignores_the_opponents_hidden_ranks(seed: u64, plies in 0usize..90, perm: u64) {
        let rules = RuleSetId::Battle.rules();
        let mut rng = StdRng::seed_from_u64(seed);
        let setups = ByPlayer { south: engine::smart(rules, &mut rng), north: engine::shuffle(rules, &mut rng) };
        let (game, moves) = random_game(setups, plies, &mut rng);
        // North's hidden, unmoved pieces are still on their home squares.
        let north = game.view(Player::North);
        let slots: Vec<usize> = (0..40)
            .filter(|slot| {
                let sq = engine::home_square(Player::North, *slot);
                matches!(north.cell(sq), Cell::Own(p) if !p.moved && !p.revealed)
            })
            .collect();
        let code: Vec<char> = setups.north.to_code().chars().collect();
        let mut ranks: Vec<char> = slots.iter().map(|s| code[*s]).collect();
        ranks.shuffle(&mut StdRng::seed_from_u64(perm));
        let mut permuted = code.clone();
        for (slot, r) in slots.iter().zip(&ranks) {
            permuted[*slot] = *r;
        }
        let north2 = ValidSetup::from_code(rules, &permuted.iter().collect::<String>()).unwrap();
        let mut other = Game::new(RuleSetId::Battle, ByPlayer { south: setups.south, north: north2 }, Player::South).unwrap();
        for (side, mv) in &moves {
            other.play_as(*side, *mv).expect("the same plies stay legal");
        }
        prop_assume!(other.outcome().is_none());
        let a = board_json(&board(&game, Player::South), Lang::En, 500, &[]).to_string();
        let b = board_json(&board(&other, Player::South), Lang::En, 500, &[]).to_string();
        prop_assert_eq!(a, b);
    }
}

#[test]
fn rule_r25_enemy_squares_carry_no_rank_until_revealed() {
    let rules = RuleSetId::Battle.rules();
    let mut rng = StdRng::seed_from_u64(5);
    let setups = ByPlayer { south: engine::smart(rules, &mut rng), north: engine::smart(rules, &mut rng) };
    let game = Game::new(RuleSetId::Battle, setups, Player::South).unwrap();
    let json = board_json(&board(&game, Player::South), Lang::Ru, 500, &[]);
    let squares = json["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 100);
    let enemy: Vec<_> = squares.iter().filter(|s| s["k"] == "enemy").collect();
    let own: Vec<_> = squares.iter().filter(|s| s["k"] == "own").collect();
    assert_eq!((enemy.len(), own.len()), (40, 40));
    assert!(enemy.iter().all(|s| s["r"].is_null() && s["revealed"] == false));
    assert!(own.iter().all(|s| s["r"].is_string()));
    assert_eq!(squares.iter().filter(|s| s["k"] == "lake").count(), 8);
    assert_eq!(json["me"], "south");
    assert_eq!(json["ranks"]["1"]["name"], "Маршал (1)");
    assert_eq!(json["legal"].as_array().unwrap().len(), game.view(Player::South).legal_moves().len());
}

#[test]
fn rule_r24_a_spectator_sees_both_armies_as_backs() {
    let rules = RuleSetId::Battle.rules();
    let mut rng = StdRng::seed_from_u64(9);
    let setups = ByPlayer { south: engine::smart(rules, &mut rng), north: engine::smart(rules, &mut rng) };
    let (game, moves) = random_game(setups, 6, &mut rng);
    let mut b = board(&game, Player::South);
    b.side = None;
    b.stage = Stage::Watch(game.spectator_view());
    let json = board_json(&b, Lang::En, 500, &[]);
    let squares = json["squares"].as_array().unwrap();
    let pieces: Vec<_> = squares.iter().filter(|s| s["k"] == "piece").collect();
    assert!(squares.iter().all(|s| s["k"] != "own" && s["k"] != "enemy"));
    for side in ["south", "north"] {
        let army: Vec<_> = pieces.iter().filter(|s| s["owner"] == side).collect();
        assert!(army.iter().all(|s| s["r"].is_null() == (s["revealed"] == false)), "{side}");
        assert!(army.iter().filter(|s| s["revealed"] == false).count() > 30, "{side}: most pieces stay hidden");
    }
    assert_eq!(json["me"], serde_json::Value::Null);
    assert_eq!(json["legal"].as_array().map(Vec::len), Some(0), "a spectator has no moves");
    assert_eq!(json["history"].as_array().map(Vec::len), Some(moves.len()));
}
