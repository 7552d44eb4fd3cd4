//! RULES.md §8 classic: the chasing (more-squares) rule and the draw when
//! neither side can ever capture the enemy Flag. Played in `duel`, which
//! has the classic rules with sparse setups.

mod common;

use common::*;
use engine::{DrawReason, Game, MoveError, Outcome, RuleSetId};

/// South's Marshal on e4 and a spare General on a4; North's General on e7.
fn chase_game(id: RuleSetId) -> Game {
    game(id, "e4:1 a4:2", "e7:2", South)
}

/// The Marshal threatens the General, which evades round the 2×2 block
/// e5 f5 f6 e6; the Marshal follows it.
const ROUND: &str = "a4-a5 e7-e6 e4-e5 e6-f6 e5-e6 f6-f5 e6-f6 f5-e5 f6-f5 e5-e6";

#[test]
fn classic_chasing_rule_forbids_repeating_a_position_of_the_chase() {
    // §8: the chaser may not make a chasing move that recreates a position
    // of the chase: f5-e5 would recreate the position after e4-e5.
    for id in [RuleSetId::Duel, RuleSetId::Classic] {
        let mut g = chase_game(id);
        play(&mut g, ROUND);
        refused(&mut g, "f5-e5", MoveError::ChasingRule);
        // The round is within R11; other chasing moves to new positions
        // are fine, and so are other moves.
        assert!(g.legal_moves().contains(&mv("f5-f6")));
        // The chase is part of the stored game.
        let mut h: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(h, g);
        refused(&mut h, "f5-e5", MoveError::ChasingRule);
        play(&mut g, "a5-a6");
    }
}

#[test]
fn classic_chasing_rule_is_classic_only() {
    // «Сражение» has no chasing rule (only R11).
    for id in [RuleSetId::BattleDuel, RuleSetId::Battle, RuleSetId::BattleRunners] {
        let mut g = chase_game(id);
        play(&mut g, ROUND);
        play(&mut g, "f5-e5");
    }
}

#[test]
fn classic_chasing_rule_allows_going_back_to_the_square_just_left() {
    // §8 exception: moving back to the square the chasing piece left on its
    // directly preceding turn is allowed, though the position repeats.
    let mut g = chase_game(RuleSetId::Duel);
    play(&mut g, "a4-a5 e7-e6 e4-e5 e6-f6 e5-f5 f6-e6");
    play(&mut g, "f5-e5");
}

#[test]
fn classic_chase_ends_when_the_evader_stops_evading() {
    // The chase is over once the chased side moves another piece, so the
    // old positions no longer bind the chaser.
    let mut g = game(RuleSetId::Duel, "e4:1 a4:2", "e7:2 a7:8", South);
    play(&mut g, "a4-a5 e7-e6 e4-e5 e6-f6 e5-e6 f6-f5 e6-f6 f5-e5 f6-f5");
    play(&mut g, "a7-a6"); // North does not evade: the chase ends
    play(&mut g, "f5-f4 a6-a7 f4-f5 e5-e6");
    // Position after e4-e5 again except that a7 moved and came back; a new
    // chase began with f4-f5 (threatening e5), so f5-e5 is not refused by
    // the old one.
    play(&mut g, "f5-e5");
}

#[test]
fn classic_dead_position_is_a_draw() {
    // §8: when neither side can ever capture the enemy Flag — no Miner left
    // on either side and both Flags enclosed by Bombs — the game is drawn.
    let south = "a1:F b1:B a2:B e4:8 f4:8";
    let north = "j10:F i10:B j9:B e7:8 f7:8";
    let mut g = game(RuleSetId::Duel, south, north, South);
    let r = play(&mut g, "e4-e5 e7-e6 e5-e6").unwrap();
    assert!(r.combat.is_some());
    assert_eq!(r.outcome, None, "Miners are left");
    let r = play(&mut g, "f7-f6 f4-f5 f6-f5").unwrap();
    assert_eq!(r.outcome, Some(Outcome::Draw(DrawReason::DeadPosition)));
    // «Сражение» has no such rule: the game goes on.
    let mut b = game(RuleSetId::BattleDuel, south, north, South);
    let r = play(&mut b, "e4-e5 e7-e6 e5-e6 f7-f6 f4-f5 f6-f5").unwrap();
    assert_eq!(r.outcome, None);
    // A Flag that is not enclosed keeps the game alive.
    let mut h = game(RuleSetId::Duel, "a1:F b1:B c2:B e4:8 f4:8", north, South);
    let r = play(&mut h, "e4-e5 e7-e6 e5-e6 f7-f6 f4-f5 f6-f5").unwrap();
    assert_eq!(r.outcome, None);
}

#[test]
fn classic_chase_switches_to_a_newly_threatened_piece() {
    // The Marshal chases the Sapper (f6→f7) and with f5-f6 threatens the
    // General on e6 too; the General evades instead. That ends the first
    // chase and starts a new one from the position after f5-f6, which the
    // Marshal may not recreate by chasing the General round e5 f5 f6 e6.
    let mut g = game(RuleSetId::Duel, "f4:1 a4:2", "e7:2 f7:8", South);
    play(&mut g, "a4-a5 e7-e6 a5-a6 f7-f6 f4-f5 f6-f7 f5-f6 e6-e5");
    play(&mut g, "f6-e6 e5-f5 e6-e5 f5-f6 e5-f5 f6-e6");
    refused(&mut g, "f5-f6", MoveError::ChasingRule);
}
