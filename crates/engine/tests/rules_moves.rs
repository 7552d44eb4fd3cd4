//! R8–R10 and R12: turns, how pieces move, attacks, runners.

mod common;

use common::*;
use engine::{Cell, MoveError, Rank, RuleSetId};

const EXAMPLE: &str = "BFB8657B869B3745s2485B98B963579919849796";

#[test]
fn rule_r8_players_alternate() {
    // R8: one move each in turn; the other side's move is refused.
    let mut g = game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, South);
    assert_eq!(g.turn(), South);
    play(&mut g, "a4-a5");
    assert_eq!(g.turn(), North);
    let before = g.clone();
    assert_eq!(g.play_as(South, mv("b4-b5")), Err(MoveError::NotYourTurn));
    // Played without naming the side, South's piece is simply not North's.
    assert_eq!(g.play(mv("b4-b5")), Err(MoveError::EnemyPiece(sq("b4"))));
    assert_eq!(g, before);
    assert!(g.view(South).legal_moves().is_empty() && !g.view(South).my_turn());
    assert!(g.view(North).my_turn());
    g.play_as(North, mv("a7-a6")).unwrap();
    assert_eq!(g.turn(), South);
    assert_eq!(g.ply(), 2);
    // Passing is not allowed: there is no null move.
    refused(&mut g, "a5-a5", MoveError::SameSquare);
}

#[test]
fn rule_r9_every_refusal_reason() {
    // R9 (and R2): each reason a move is refused; the game never changes.
    let mut g = game(RuleSetId::Battle, "c4:1 e4:B f4:F a4:2 b4:3", "", South);
    // Ranks 5–6 are empty; open the d-file for the lake checks.
    assert!(g.piece_at(sq("e5")).is_none());
    refused(&mut g, "e5-e6", MoveError::EmptySquare(sq("e5")));
    refused(&mut g, "a7-a6", MoveError::EnemyPiece(sq("a7")));
    refused(&mut g, "e4-e5", MoveError::Immobile(Rank::Mine));
    refused(&mut g, "f4-f5", MoveError::Immobile(Rank::Flag));
    refused(&mut g, "c4-c5", MoveError::Lake);
    refused(&mut g, "a4-b4", MoveError::OwnPiece(sq("b4")));
    refused(&mut g, "a4-b5", MoveError::Diagonal);
    refused(&mut g, "a4-a6", MoveError::TooFar);
    refused(&mut g, "a4-a4", MoveError::SameSquare);
    play(&mut g, "a4-a5 a7-a6");
    refused(&mut g, "a5-b6", MoveError::Diagonal);
    // Every piece moves forward, back, left and right by one square.
    play(&mut g, "a5-b5 a6-a5");
    let here: Vec<_> = g.legal_moves().into_iter().filter(|m| m.from == sq("b5")).map(|m| m.to).collect();
    assert_eq!(here.len(), 2, "{here:?}"); // b6, a5 (attack); b4 is own, c5 a lake
    assert!(here.contains(&sq("b6")) && here.contains(&sq("a5")));
    play(&mut g, "b5-b6 a5-a4");
    // Mines and the Flag never appear among the legal moves.
    for m in g.legal_moves() {
        assert!(g.piece_at(m.from).unwrap().rank.is_movable());
    }
}

#[test]
fn rule_r10_moving_onto_an_enemy_is_an_attack() {
    // R10: the target holds an enemy piece, so the move is a combat.
    let mut g = game(RuleSetId::Battle, "e4:4", "e7:5", South);
    assert_eq!(play(&mut g, "e4-e5 e7-e6").unwrap().combat, None);
    let r = play(&mut g, "e5-e6").unwrap();
    let c = r.combat.expect("an attack");
    assert_eq!((c.attacker, c.defender, c.result), (Rank::Major, Rank::Captain, engine::CombatResult::AttackerWins));
    assert_eq!(g.history().last().unwrap().combat, Some(c));
    assert_eq!(g.quiet_plies(), 0);
}

#[test]
fn rule_r12_battle_runners_run_but_do_not_strike() {
    // R12: in battle-runners a Soldier runs over empty squares in a line,
    // not over lakes or pieces, and attacks only an adjacent square.
    let mut g = game(RuleSetId::BattleRunners, "a4:9 c4:9 e4:1 f4:9", "a7:4 e7:3", South);
    let runs: Vec<_> = g.legal_moves().into_iter().filter(|m| m.from == sq("a4")).map(|m| m.to.to_string()).collect();
    assert_eq!(runs, ["a5", "a6"], "a7 is an enemy three squares away: no strike");
    refused(&mut g, "a4-a7", MoveError::RunnerCannotStrike);
    refused(&mut g, "c4-c6", MoveError::Lake);
    refused(&mut g, "e4-e6", MoveError::TooFar);
    play(&mut g, "f4-f6");
    assert_eq!(
        cell(&g, North, "f6"),
        Cell::Enemy(engine::EnemyPiece { revealed: None, moved: true, ran: true, fought: false })
    );
    assert!(g.piece_at(sq("f6")).unwrap().ran);
    // A piece in the way blocks the run.
    play(&mut g, "a7-a6");
    refused(&mut g, "a4-a7", MoveError::PathBlocked);
    // Next to an enemy, the Soldier attacks it (and loses to the Major).
    play(&mut g, "a4-a5 e7-e6");
    let c = play(&mut g, "a5-a6").unwrap().combat.unwrap();
    assert_eq!((c.attacker, c.defender), (Rank::Soldier, Rank::Major));
    // Plain battle: Soldiers move one square (R9).
    let mut b = game(RuleSetId::Battle, "a4:9", "", South);
    refused(&mut b, "a4-a6", MoveError::TooFar);
}

#[test]
fn rule_r12_battle_duel_runner_lines() {
    // R12 in battle-duel: a run along the open f-file stops before the
    // enemy; along rank 5 it stops before a lake.
    let mut g = game(RuleSetId::BattleDuel, "f4:9 a3:9", "f9:1", South);
    let to: Vec<_> = g.legal_moves().into_iter().filter(|m| m.from == sq("f4")).map(|m| m.to.to_string()).collect();
    assert_eq!(to.len(), 15, "4 up, 5 left, 4 right, 2 down: {to:?}");
    for s in ["f5", "f6", "f7", "f8", "a4", "j4", "f2"] {
        assert!(to.contains(&s.to_string()), "{s} in {to:?}");
    }
    refused(&mut g, "f4-f9", MoveError::RunnerCannotStrike);
    play(&mut g, "f4-f5 f9-f8");
    let to: Vec<_> = g.legal_moves().into_iter().filter(|m| m.from == sq("f5")).map(|m| m.to.to_string()).collect();
    for s in ["e5", "f4", "f3", "f6", "f7"] {
        assert!(to.contains(&s.to_string()), "{s} in {to:?}");
    }
    for s in ["g5", "d5", "f8", "f1"] {
        assert!(!to.contains(&s.to_string()), "{s} in {to:?}");
    }
    refused(&mut g, "f5-b5", MoveError::Lake);
    refused(&mut g, "f5-f8", MoveError::RunnerCannotStrike);
    // Adjacent attack is fine.
    play(&mut g, "f5-f6 f8-f9");
    play(&mut g, "f6-f7 f9-e9");
    refused(&mut g, "f7-f10", MoveError::RunnerCannotStrike);
}

#[test]
fn rule_r12_classic_scouts_strike_at_distance() {
    // §8 classic: a Scout (our Soldier) moves like a rook and may attack the
    // first piece in its line at the end of the move.
    for id in [RuleSetId::Classic, RuleSetId::Duel] {
        let mut g = game(id, "a4:9", "a7:8", South);
        assert!(g.legal_moves().contains(&mv("a4-a7")), "{id}");
        let r = play(&mut g, "a4-a7").unwrap();
        let c = r.combat.unwrap();
        assert_eq!((c.attacker, c.defender), (Rank::Soldier, Rank::Sapper));
        // It lost and is revealed; a striking runner is known to have run.
        assert!(g.piece_at(sq("a4")).is_none());
        assert_eq!(g.graveyard(South), [Rank::Soldier]);
        // Not past the first piece.
        let mut h = game(id, "b4:9", "b7:8", South);
        play(&mut h, "b4-b5 b7-b6");
        refused(&mut h, "b5-b8", MoveError::PathBlocked);
    }
}
