//! R13–R18 through real games: every attacker × defender pair of every
//! rule set's army, played with Game::play, and what stays visible.

mod common;

use common::*;
use engine::{Cell, CombatResult, EnemyPiece, Game, Outcome, OwnPiece, Rank, RuleSetId, WinReason};

/// The combat table stated independently of the engine: the Flag falls to
/// any attacker (R17), a Mine removes every attacker but the Sapper (R15),
/// the Scout takes the Marshal when it attacks (R16), equal ranks both go
/// (R14), otherwise the lower number wins (R13).
fn expected(a: Rank, d: Rank) -> CombatResult {
    let number = |r: Rank| r.soviet_number().expect("movable");
    if d == Rank::Flag || (d == Rank::Mine && a == Rank::Sapper) || (a == Rank::Scout && d == Rank::Marshal) {
        CombatResult::AttackerWins
    } else if d == Rank::Mine {
        CombatResult::DefenderWins
    } else if number(a) == number(d) {
        CombatResult::BothRemoved
    } else if number(a) < number(d) {
        CombatResult::AttackerWins
    } else {
        CombatResult::DefenderWins
    }
}

/// A quiet North move far from the e-file, not by the piece on e7.
fn spare(g: &Game) -> engine::Move {
    *g.legal_moves()
        .iter()
        .find(|m| {
            m.from != sq("e7")
                && g.piece_at(m.to).is_none()
                && !(3..=6).contains(&m.to.file())
                && !(3..=6).contains(&m.from.file())
        })
        .expect("North has a spare move")
}

/// South's `a` walks e4–e5–e6 and attacks North's `d` on e7.
fn fight(id: RuleSetId, a: Rank, d: Rank) -> (Game, engine::MoveReport) {
    let mut g = game(id, &format!("e4:{}", a.code_char()), &format!("e7:{}", d.code_char()), South);
    play(&mut g, "e4-e5");
    g.play(spare(&g)).unwrap();
    play(&mut g, "e5-e6");
    g.play(spare(&g)).unwrap();
    let report = play(&mut g, "e6-e7").unwrap();
    (g, report)
}

#[test]
fn rule_r13_to_r17_full_combat_table_through_the_game() {
    // R13 R14 R15 R16 R17 (and R19): every pair of kinds of every army.
    let mut pairs = 0;
    for id in RuleSetId::ALL {
        let rules = id.rules();
        let kinds: Vec<Rank> = Rank::ALL.into_iter().filter(|&r| rules.count(r) > 0).collect();
        for &a in kinds.iter().filter(|r| r.is_movable()) {
            for &d in &kinds {
                let (g, r) = fight(id, a, d);
                let c = r.combat.unwrap_or_else(|| panic!("{id}: {a:?} x {d:?} is an attack"));
                let want = expected(a, d);
                assert_eq!((c.attacker, c.defender, c.result), (a, d, want), "{id}: {a:?} x {d:?}");
                let (e6, e7) = (g.piece_at(sq("e6")), g.piece_at(sq("e7")));
                assert_eq!(e6, None, "{id}: the attacker left e6");
                let (mut lost_s, mut lost_n) = (vec![], vec![]);
                match want {
                    CombatResult::AttackerWins => {
                        let p = e7.expect("attacker on e7");
                        assert_eq!((p.player, p.rank, p.revealed), (South, a, true), "{id}: {a:?} x {d:?}");
                        lost_n.push(d);
                    }
                    CombatResult::DefenderWins => {
                        let p = e7.expect("defender on e7");
                        assert_eq!((p.player, p.rank, p.revealed), (North, d, true), "{id}: {a:?} x {d:?}");
                        lost_s.push(a);
                    }
                    CombatResult::BothRemoved => {
                        assert_eq!(e7, None, "{id}: {a:?} x {d:?}");
                        lost_s.push(a);
                        lost_n.push(d);
                    }
                }
                // R18: removed ranks are public.
                assert_eq!(g.graveyard(South), lost_s.as_slice(), "{id}: {a:?} x {d:?}");
                assert_eq!(g.graveyard(North), lost_n.as_slice(), "{id}: {a:?} x {d:?}");
                // R19: taking the Flag wins; nothing else here ends the game.
                let want_outcome =
                    (d == Rank::Flag).then_some(Outcome::Win { winner: South, reason: WinReason::FlagCaptured });
                assert_eq!(g.outcome(), want_outcome, "{id}: {a:?} x {d:?}");
                assert_eq!(r.outcome, want_outcome);
                assert_eq!(g.quiet_plies(), 0);
                pairs += 1;
            }
        }
    }
    // 10 movers × 12 kinds in the three full armies, 5 × 7 in the duels.
    assert_eq!(pairs, 3 * 120 + 2 * 35);
}

#[test]
fn rule_r13_combat_reveals_both_pieces() {
    // R13: both ranks are shown to both players: in the record, and the
    // survivor on the board.
    let (g, _) = fight(RuleSetId::Battle, Rank::Colonel, Rank::Major);
    for me in [South, North] {
        let c = g.view(me).last_move().unwrap().combat.unwrap();
        assert_eq!((c.attacker, c.defender), (Rank::Colonel, Rank::Major));
    }
    assert_eq!(
        cell(&g, North, "e7"),
        Cell::Enemy(EnemyPiece { revealed: Some(Rank::Colonel), moved: true, ran: false, fought: true })
    );
    assert_eq!(cell(&g, South, "e7"), Cell::Own(OwnPiece { rank: Rank::Colonel, revealed: true, moved: true }));
}

#[test]
fn rule_r15_mine_stays_and_is_revealed() {
    // R15: the Mine stays where it was, now known to both.
    let (g, _) = fight(RuleSetId::Battle, Rank::Marshal, Rank::Mine);
    assert_eq!(
        cell(&g, South, "e7"),
        Cell::Enemy(EnemyPiece { revealed: Some(Rank::Mine), moved: false, ran: false, fought: true })
    );
    let (g, _) = fight(RuleSetId::Battle, Rank::Sapper, Rank::Mine);
    assert_eq!(
        cell(&g, North, "e7"),
        Cell::Enemy(EnemyPiece { revealed: Some(Rank::Sapper), moved: true, ran: false, fought: true })
    );
}

#[test]
fn rule_r16_scout_and_marshal_in_play() {
    // R16: the Scout takes the attacked Marshal; the attacking Marshal takes the Scout.
    let (g, _) = fight(RuleSetId::Battle, Rank::Scout, Rank::Marshal);
    assert_eq!(g.piece_at(sq("e7")).map(|p| (p.player, p.rank)), Some((South, Rank::Scout)));
    let (g, _) = fight(RuleSetId::Battle, Rank::Marshal, Rank::Scout);
    assert_eq!(g.piece_at(sq("e7")).map(|p| (p.player, p.rank)), Some((South, Rank::Marshal)));
    assert_eq!(g.graveyard(North), [Rank::Scout]);
}

#[test]
fn rule_r18_survivor_stays_revealed() {
    // R18: after a combat the survivor stays revealed for the rest of the
    // game, wherever it goes; removed ranks stay public.
    let (mut g, _) = fight(RuleSetId::Battle, Rank::General, Rank::Colonel);
    let n = spare(&g);
    g.play(n).unwrap();
    play(&mut g, "e7-e6");
    g.play(spare(&g)).unwrap();
    play(&mut g, "e6-f6");
    assert_eq!(
        cell(&g, North, "f6"),
        Cell::Enemy(EnemyPiece { revealed: Some(Rank::General), moved: true, ran: false, fought: true })
    );
    for me in [South, North] {
        assert_eq!(g.view(me).graveyard(North), [Rank::Colonel]);
    }
    // Both removed: both ranks public, nobody left on the square.
    let (g, _) = fight(RuleSetId::Classic, Rank::Sapper, Rank::Sapper);
    assert_eq!(g.view(North).graveyard(South), [Rank::Sapper]);
    assert_eq!(g.view(South).graveyard(North), [Rank::Sapper]);
    assert_eq!(cell(&g, South, "e7"), Cell::Empty);
}
