//! R19–R23: the end of the game, in the order R21 prescribes.

mod common;

use common::*;
use engine::{DrawReason, Game, MoveError, Outcome, Player, RuleSetId, WinReason};

const EXAMPLE: &str = "BFB8657B869B3745s2485B98B963579919849796";

fn win(winner: Player, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn rule_r19_flag_capture_wins_before_r20() {
    // R19: taking the Flag wins, even though the loser would also have no
    // legal move left (R19 is checked before R20).
    let mut g = board(RuleSetId::Battle, "Sa1:F Se4:1 Ne5:F Nj10:B", South);
    assert_eq!(g.outcome(), None);
    let r = play(&mut g, "e4-e5").unwrap();
    assert_eq!(r.outcome, win(South, WinReason::FlagCaptured));
    assert_eq!(g.outcome(), r.outcome);
    assert_eq!(g.play(mv("e5-e6")), Err(MoveError::GameOver));
}

/// A full setup whose front rank is closed: Mines and the Flag on every
/// front square that is not behind a lake, so no piece can move (R20).
fn closed(id: RuleSetId, player: Player) -> String {
    let front = if player == South { "a4:B b4:B e4:B f4:B i4:B j4:F" } else { "a7:B b7:B e7:B f7:B i7:B j7:F" };
    code(id, player, front)
}

#[test]
fn rule_r20_no_legal_move_at_the_very_first_turn() {
    // R20: a setup that leaves the side to move without a legal move loses
    // at once; if the other side is closed in too, it is a draw.
    for id in [RuleSetId::Battle, RuleSetId::BattleRunners, RuleSetId::Classic] {
        let g = game_from_codes(id, &closed(id, South), EXAMPLE, South);
        assert!(!g.has_legal_move(South) && g.has_legal_move(North), "{id}");
        assert_eq!(g.outcome(), win(North, WinReason::NoLegalMoves), "{id}");
        assert!(g.legal_moves().is_empty());
        let g = game_from_codes(id, &closed(id, South), &closed(id, North), South);
        assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::NoLegalMoves)), "{id}");
    }
    // Battle: North moves first and South is closed in: the game goes on
    // until South's first turn.
    let mut g = game_from_codes(RuleSetId::Battle, &closed(RuleSetId::Battle, South), EXAMPLE, North);
    assert_eq!(g.outcome(), None);
    let r = play(&mut g, "a7-a6").unwrap();
    assert_eq!(r.outcome, win(North, WinReason::NoLegalMoves));
}

#[test]
fn rule_r20_all_movable_pieces_gone() {
    // R20: South's last movable piece dies; North moves; South has no move.
    let mut g = board(RuleSetId::Battle, "Sa1:F Sb1:B Se4:7 Nj10:F Ne5:1", South);
    play(&mut g, "e4-e5");
    assert_eq!(g.outcome(), None, "North still moves");
    let r = play(&mut g, "e5-e4").unwrap();
    assert_eq!(r.outcome, win(North, WinReason::NoLegalMoves));
}

#[test]
fn rule_r20_both_armies_lost_every_movable_piece_draw() {
    // R20, the Soviet rule: both armies lost every movable piece → draw.
    for id in RuleSetId::ALL {
        let mut g = board(id, "Sa1:F Se4:7 Nj10:F Ne5:7", South);
        let r = play(&mut g, "e4-e5").unwrap();
        assert_eq!(r.outcome, Some(Outcome::Draw(DrawReason::NoLegalMoves)), "{id}");
    }
}

#[test]
fn rule_r20_blocked_by_own_mines() {
    // R20: the only movable piece is walled in by its own Mines.
    let g = board(RuleSetId::Battle, "Sa1:1 Sb1:B Sa2:B Sj1:F Nj10:F Na10:1", South);
    assert_eq!(g.outcome(), win(North, WinReason::NoLegalMoves));
    let g = board(RuleSetId::Battle, "Sa1:1 Sb1:B Sa2:B Sj1:F Nj10:F Na10:1", North);
    assert_eq!(g.outcome(), None);
}

#[test]
fn rule_r20_blocked_by_the_two_square_rule() {
    // R20 with R11: South's only piece has shuttled a2–a3 three times and
    // a3's other neighbours are its own Mines.
    let spec = "Sa1:B Sb2:B Sb3:B Sa4:B Sa2:1 Sj1:F Nj10:F Ne8:1";
    let mut g = board(RuleSetId::Battle, spec, South);
    let r = play(&mut g, "a2-a3 e8-e7 a3-a2 e7-e8 a2-a3 e8-e7").unwrap();
    assert_eq!(r.outcome, win(North, WinReason::NoLegalMoves));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn rule_r20_draw_when_both_are_blocked_even_by_the_two_square_rule() {
    // R20's exception asks whether the opponent would have a legal move in
    // that position; R11 restricts the opponent's next move too, so two
    // pieces each stuck in a two-square corridor draw (documented decision).
    let spec = "Sa1:B Sb2:B Sb3:B Sa4:B Sa2:1 Sj1:F Nj10:B Ni9:B Ni8:B Nj7:B Nj9:1 Na10:F";
    let mut g = board(RuleSetId::Battle, spec, South);
    let r = play(&mut g, "a2-a3 j9-j8 a3-a2 j8-j9 a2-a3 j9-j8").unwrap();
    assert_eq!(r.outcome, Some(Outcome::Draw(DrawReason::NoLegalMoves)));
}

/// Plays the next move of a piece circling a 2×2 block, for the side to move.
struct Circles {
    moves: [Vec<engine::Move>; 2],
    next: [usize; 2],
}

impl Circles {
    fn new(south: &str, north: &str) -> Circles {
        let parse = |s: &str| s.split_whitespace().map(mv).collect();
        Circles { moves: [parse(south), parse(north)], next: [0, 0] }
    }

    fn step(&mut self, g: &mut Game) -> Option<Outcome> {
        let k = g.turn().index();
        let m = self.moves[k][self.next[k] % self.moves[k].len()];
        self.next[k] += 1;
        g.play(m).unwrap_or_else(|e| panic!("{m} at ply {}: {e}", g.ply())).outcome
    }
}

#[test]
fn rule_r21_no_attack_limit_draw() {
    // R21: 100 plies without an attack in battle (200 in classic) draw; an
    // attack starts the count again.
    for (id, limit) in [(RuleSetId::Battle, 100), (RuleSetId::Classic, 200), (RuleSetId::BattleDuel, 100)] {
        assert_eq!(id.rules().no_attack_limit, limit);
        let mut g = board(id, "Sa1:F Se2:1 Sb5:7 Nj10:F Ne9:1 Nb6:9", South);
        let mut c = Circles::new("e2-f2 f2-f3 f3-e3 e3-e2", "e9-f9 f9-f8 f8-e8 e8-e9");
        for _ in 0..60 {
            assert_eq!(c.step(&mut g), None);
        }
        assert_eq!(g.quiet_plies(), 60);
        play(&mut g, "b5-b6");
        assert_eq!(g.quiet_plies(), 0);
        for _ in 1..limit {
            assert_eq!(c.step(&mut g), None);
        }
        assert_eq!(g.quiet_plies(), limit - 1);
        assert_eq!(c.step(&mut g), Some(Outcome::Draw(DrawReason::NoAttacks)), "{id}");
        assert_eq!(g.ply() as u16, 61 + limit);
    }
}

#[test]
fn rule_r21_checks_r20_before_the_no_attack_draw() {
    // R21: after the 100th quiet ply the side to move has no legal move
    // (its Marshal shuttled into the a10 pocket three times): R20 decides,
    // not the R21 draw.
    let mut g = board(RuleSetId::Battle, "Sa1:F Se2:1 Nj10:F Nb10:B Nb9:1", North);
    let mut north: Vec<&str> = ["b9-b8", "b8-a8", "a8-a9", "a9-b9"].iter().copied().cycle().take(47).collect();
    north.extend(["a9-a10", "a10-a9", "a9-a10"]);
    let south = ["e2-f2", "f2-f3", "f3-e3", "e3-e2"];
    for (i, n) in north.iter().enumerate() {
        assert_eq!(g.play(mv(n)).unwrap().outcome, None, "{n}");
        let r = g.play(mv(south[i % 4])).unwrap();
        if i < 49 {
            assert_eq!(r.outcome, None);
        } else {
            assert_eq!(g.quiet_plies(), 100);
            assert_eq!(r.outcome, win(South, WinReason::NoLegalMoves));
        }
    }
}

#[test]
fn rule_r22_resign_at_any_time() {
    // R22: either player may resign at any time; the other wins; afterwards
    // every action is refused as game over.
    let mut g = game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, South);
    let mut h = g.clone();
    assert_eq!(g.resign(South), Ok(Outcome::Win { winner: North, reason: WinReason::Resignation }));
    assert_eq!(h.resign(North), Ok(Outcome::Win { winner: South, reason: WinReason::Resignation }));
    for g in [&mut g, &mut h] {
        let after = g.clone();
        assert_eq!(g.play(mv("a4-a5")), Err(MoveError::GameOver));
        assert_eq!(g.resign(North), Err(MoveError::GameOver));
        assert_eq!(g.agree_draw(), Err(MoveError::GameOver));
        assert_eq!(g.offer_draw(South), Err(MoveError::GameOver));
        assert_eq!(g.lose_on_time(), Err(MoveError::GameOver));
        assert_eq!(*g, after);
    }
}

#[test]
fn rule_r22_draw_offers() {
    // R22: an offer stands until the other player accepts or declines it,
    // or until the next move is made.
    let mut g = game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, South);
    assert_eq!(g.offer_draw(South), Ok(None));
    assert_eq!(g.view(North).draw_offer(), Some(South));
    assert_eq!(g.accept_draw(South), Err(MoveError::NoDrawOffer), "not one's own offer");
    assert_eq!(g.decline_draw(North), Ok(()));
    assert_eq!((g.draw_offer(), g.accept_draw(North)), (None, Err(MoveError::NoDrawOffer)));
    // A move lapses the offer, whoever made it.
    g.offer_draw(North).unwrap();
    play(&mut g, "a4-a5");
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.accept_draw(South), Err(MoveError::NoDrawOffer));
    g.offer_draw(North).unwrap();
    assert_eq!(g.accept_draw(South), Ok(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(g.play(mv("a7-a6")), Err(MoveError::GameOver));
    // Crossing offers agree the draw; agree_draw is the direct form.
    let mut g = game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, South);
    g.offer_draw(North).unwrap();
    assert_eq!(g.offer_draw(South), Ok(Some(Outcome::Draw(DrawReason::Agreement))));
    let mut g = game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, South);
    assert_eq!(g.agree_draw(), Ok(Outcome::Draw(DrawReason::Agreement)));
}

#[test]
fn rule_r23_time_and_abort() {
    // R23: only the side to move loses on time; until both sides have made
    // their first move the game may be aborted.
    let mut g = game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, South);
    assert!(g.can_abort());
    let mut t = g.clone();
    assert_eq!(t.lose_on_time(), Ok(Outcome::Win { winner: North, reason: WinReason::Time }));
    assert!(!t.can_abort());
    play(&mut g, "a4-a5");
    assert!(g.can_abort(), "North has not moved yet");
    let mut t = g.clone();
    assert_eq!(t.lose_on_time(), Ok(Outcome::Win { winner: South, reason: WinReason::Time }));
    play(&mut g, "a7-a6");
    assert!(!g.can_abort());
}
