//! R11, the two-square rule, exactly as written, in every rule set.

mod common;

use common::*;
use engine::{Game, MoveError, Rank, RuleSetId};

/// A game where South's Marshal stands on a4 and North has spare movers on
/// j7 and i7 far away.
fn shuttle_game(id: RuleSetId) -> Game {
    game(id, "a4:1 e4:2", "j7:2 i7:8", South)
}

#[test]
fn rule_r11_fourth_shuttle_is_refused_in_every_rule_set() {
    // R11: a non-attacking move is illegal if the same player's previous
    // three moves were all made by the same piece between the same two
    // squares; the opponent's moves in between do not matter.
    for id in RuleSetId::ALL {
        let mut g = shuttle_game(id);
        assert_eq!(g.rules().two_square_limit, 3);
        play(&mut g, "a4-a5 j7-j6 a5-a4 j6-j7 a4-a5 j7-j6");
        refused(&mut g, "a5-a4", MoveError::TwoSquareRule);
        assert_eq!(g.check(mv("a5-a4")), Err(MoveError::TwoSquareRule));
        // Other moves of the same piece are fine and start a new series.
        play(&mut g, "a5-b5");
        // North made three j6/j7 moves too: its fourth is refused.
        refused(&mut g, "j6-j7", MoveError::TwoSquareRule);
        play(&mut g, "i7-i6 b5-a5 j6-j5");
        play(&mut g, "a5-a4 j5-j6 a4-a5 j6-j5");
        // The series b5-a5, a5-a4, a4-a5 is not three between the same squares.
        play(&mut g, "a5-a4");
        refused(&mut g, "j5-j6", MoveError::TwoSquareRule);
    }
}

#[test]
fn rule_r11_another_piece_breaks_the_series() {
    // R11: a move by another piece of the same player breaks the series.
    for id in RuleSetId::ALL {
        let mut g = shuttle_game(id);
        // North's filler piece circles j6 j5 i5 i6, never repeating a pair.
        play(&mut g, "a4-a5 j7-j6 a5-a4 j6-j5 a4-a5 j5-i5");
        play(&mut g, "e4-e5 i5-i6");
        play(&mut g, "a5-a4 i6-j6 a4-a5 j6-j5 a5-a4 j5-i5");
        refused(&mut g, "a4-a5", MoveError::TwoSquareRule);
    }
}

#[test]
fn rule_r11_attacks_are_never_illegal_but_count() {
    // R11: after three shuttles the fourth move between the squares is
    // allowed when it is an attack; that attack counts in the series, so
    // the next move back is refused.
    let mut g = game(RuleSetId::Battle, "a4:4", "b7:7", South);
    play(&mut g, "a4-a5 b7-b6");
    play(&mut g, "a5-a6 b6-b5 a6-a5 j7-j6 a5-a6");
    // X shuttled a5-a6 three times and stands on a6; an enemy steps on a5.
    play(&mut g, "b5-a5");
    assert!(g.legal_moves().contains(&mv("a6-a5")));
    let r = play(&mut g, "a6-a5").unwrap();
    assert_eq!(r.combat.map(|c| (c.attacker, c.defender)), Some((Rank::Major, Rank::Sergeant)));
    assert_eq!(g.piece_at(sq("a5")).map(|p| p.rank), Some(Rank::Major));
    play(&mut g, "j6-j7");
    refused(&mut g, "a5-a6", MoveError::TwoSquareRule);
    play(&mut g, "a5-b5");
}

#[test]
fn rule_r11_an_attack_starts_a_series() {
    // R11: an earlier attack counts among the previous three moves even
    // when it opened the series.
    let mut g = game(RuleSetId::Battle, "e4:1", "e7:7", South);
    play(&mut g, "e4-e5 e7-e6");
    play(&mut g, "e5-e6 j7-j6"); // the Marshal takes the Sergeant on e6
    play(&mut g, "e6-e5 j6-j7 e5-e6 j7-j6");
    refused(&mut g, "e6-e5", MoveError::TwoSquareRule);
}

#[test]
fn rule_r11_multi_square_moves_count_by_start_and_end() {
    // R11: for a runner, "the same two squares" are the start and end
    // squares in either order; squares passed over do not count.
    for id in [RuleSetId::BattleRunners, RuleSetId::BattleDuel, RuleSetId::Classic, RuleSetId::Duel] {
        let mut g = game(id, "a4:9 e4:2", "j7:2 i7:8", South);
        play(&mut g, "a4-a6 j7-j6 a6-a4 j6-j5 a4-a6 j5-i5");
        refused(&mut g, "a6-a4", MoveError::TwoSquareRule);
        // a5 was passed over: a6-a5 is another pair.
        play(&mut g, "a6-a5 i5-i6");
        // The short move a5-a4 does not count with the long ones.
        play(&mut g, "a5-a4 i6-j6 a4-a6 j6-j5 a6-a4 j5-i5 a4-a6 i5-i6");
        refused(&mut g, "a6-a4", MoveError::TwoSquareRule);
        play(&mut g, "a6-a5");
    }
}

#[test]
fn rule_r11_state_survives_serialization() {
    // R11 bookkeeping is part of the stored game.
    let mut g = shuttle_game(RuleSetId::Battle);
    play(&mut g, "a4-a5 j7-j6 a5-a4 j6-j7 a4-a5 j7-j6");
    let mut h: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(h, g);
    refused(&mut h, "a5-a4", MoveError::TwoSquareRule);
}
