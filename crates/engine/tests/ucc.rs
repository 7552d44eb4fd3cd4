//! The `ucc` rule set: the rules of the 2012 UCC competition's referee,
//! for the arena's external programs (docs/arena.md). Classic pieces, but
//! none of R11, the chasing rule, R21 or the dead-position draw; a draw
//! only at the referee's turn limit.

mod common;

use common::*;
use engine::{DrawReason, Outcome, RuleSetId};

#[test]
fn ucc_has_no_two_square_rule() {
    // R11 refuses the fourth shuttle elsewhere; the referee does not.
    let mut g = game(RuleSetId::Ucc, "a4:2 e4:1", "j7:2 e7:1", South);
    for _ in 0..10 {
        play(&mut g, "a4-a5 j7-j6 a5-a4 j6-j7");
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn ucc_has_no_chasing_rule() {
    // The chase of tests/classic.rs, repeated: the referee allows it.
    let mut g = game(RuleSetId::Ucc, "e4:1 a4:2", "e7:2", South);
    play(&mut g, "a4-a5 e7-e6 e4-e5 e6-f6 e5-e6 f6-f5 e6-f6 f5-e5 f6-f5 e5-e6");
    play(&mut g, "f5-f6 e6-e5 f6-f5 e5-e6 f5-f6 e6-e5 f6-f5");
    assert_eq!(g.outcome(), None);
}

#[test]
fn ucc_has_no_dead_position_draw() {
    // The classic dead position of tests/classic.rs goes on under `ucc`.
    let (south, north) = ("a1:F b1:B a2:B e4:8 f4:8 c4:5", "j10:F i10:B j9:B e7:8 f7:8 c7:5");
    let mut g = game(RuleSetId::Ucc, south, north, South);
    play(&mut g, "e4-e5 e7-e6 e5-e6 f7-f6 f4-f5 f6-f5");
    assert_eq!(g.outcome(), None);
}

#[test]
fn ucc_draws_at_the_referees_turn_limit_only() {
    // The referee's default -m 5000 plays 4999 turns of two plies; no
    // attack happens in them, which R21 would have drawn after 200.
    let mut g = game(RuleSetId::Ucc, "a4:2", "j7:2", South);
    let limit = usize::from(g.rules().ply_limit);
    assert_eq!(limit, 9998);
    for _ in 0..limit / 4 {
        play(&mut g, "a4-a5 j7-j6 a5-a4 j6-j7");
    }
    play(&mut g, "a4-a5");
    assert_eq!(g.outcome(), None, "ply {}", g.ply());
    let r = play(&mut g, "j7-j6").unwrap();
    assert_eq!(g.ply(), limit);
    assert_eq!(r.outcome, Some(Outcome::Draw(DrawReason::PlyLimit)));
}
