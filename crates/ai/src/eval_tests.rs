//! Tests of `eval.rs`: the Flag guard, the last shield, the Scout's worth, thrift while behind in movers and the incremental terms.

use engine::{ByPlayer, RuleSetId, random_playout, smart};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;

/// South's Flag on f1 walled by Mines, South's General on a4, North's
/// Sapper on f9 (eight squares from the Flag, Mines not counted as
/// walls), a North Soldier on j9; North to move first, so the Sapper
/// may march first.
fn sapper_and_walled_flag(march: bool) -> Game {
    sapper_and_walled_flag_with(march, &[])
}

/// [`sapper_and_walled_flag`] with more South pieces.
fn sapper_and_walled_flag_with(march: bool, more: &[(&str, Rank)]) -> Game {
    walled_flag_after("f9", if march { "f9-f8" } else { "j9-j8" }, more)
}

/// The position of [`sapper_and_walled_flag`] with North's Sapper on
/// `sapper` and more South pieces, after North's move `mv`.
fn walled_flag_after(sapper: &str, mv: &str, more: &[(&str, Rank)]) -> Game {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut pieces = vec![
        (sq("f1"), Player::South, Rank::Flag),
        (sq("e1"), Player::South, Rank::Mine),
        (sq("g1"), Player::South, Rank::Mine),
        (sq("f2"), Player::South, Rank::Mine),
        (sq("a4"), Player::South, Rank::General),
        (sq(sapper), Player::North, Rank::Sapper),
        (sq("j9"), Player::North, Rank::Soldier),
        (sq("a10"), Player::North, Rank::Flag),
    ];
    pieces.extend(more.iter().map(|&(s, r)| (sq(s), Player::South, r)));
    let mut g = Game::from_pieces(RuleSetId::Battle, &pieces, Player::North);
    g.play(mv.parse().unwrap()).unwrap();
    g
}

#[test]
fn a_sapper_marching_on_our_walled_flag_from_afar_is_an_intruder() {
    // R15: a Sapper removes the Mines one move each, so seven squares
    // away it is seven moves from the Flag; hard's General, the only
    // piece that stops it, sets out to meet it beside the Flag's Mines
    // (f3 is next to the Mine on f2), not to chase it. One that has not
    // moved is not (yet) taken for a threat.
    let general = Rank::General.index();
    let at = |s: &str| s.parse::<Square>().unwrap().index();
    let marching = Evaluator::new(&sapper_and_walled_flag(true), Player::South, Some(Caution::permissive()));
    assert_eq!(marching.attract_w[general], DEFEND);
    assert_eq!(marching.attract[general][at("f3")], 0, "f3 is beside the Mine on f2");
    assert_eq!(marching.attract[general][at("f7")], 4, "drawn to f3, not to the Sapper on f8");
    let waiting = Evaluator::new(&sapper_and_walled_flag(false), Player::South, Some(Caution::permissive()));
    assert_ne!(waiting.attract_w[general], DEFEND);
    // The closer it comes, the more it costs (hard), beyond the reach of
    // the flat term of the other levels.
    let (near, far) = ("f4".parse::<Square>().unwrap(), "f7".parse::<Square>().unwrap());
    let sapper = Piece { player: Player::North, rank: Rank::Sapper, revealed: false, moved: true, ran: false };
    assert!(marching.contrib(sapper, near).2 < marching.contrib(sapper, far).2);
    assert!(marching.contrib(sapper, far).2 < 0, "still a threat at six squares");
}

#[test]
fn a_sapper_that_has_moved_is_an_intruder_from_twelve_squares_off() {
    // R15. Against the 2012 UCC winner, a lone Miner walked from the far
    // side of the board through our Mines while our pieces were ahead
    // and elsewhere: hard's General sets out while the Sapper is still
    // eleven squares away (b8; Mines not counted as walls), not yet at
    // thirteen (j10).
    let general = Rank::General.index();
    let after = |sapper: &str, mv: &str| {
        Evaluator::new(&walled_flag_after(sapper, mv, &[]), Player::South, Some(Caution::permissive()))
    };
    assert_eq!(after("b9", "b9-b8").attract_w[general], DEFEND, "eleven squares off");
    assert_ne!(after("i10", "i10-j10").attract_w[general], DEFEND, "thirteen squares off");
}

#[test]
fn one_rank_guards_the_flag_against_a_marching_sapper_and_the_others_chase_it() {
    // R15. The Sergeant on c3 is three squares from e2/d1 (beside the
    // Mines that touch the Flag), the General on a4 six: the Sergeant's
    // rank waits there; the General still goes after the Sapper on f8.
    let at = |s: &str| s.parse::<Square>().unwrap().index();
    let g = sapper_and_walled_flag_with(true, &[("c3", Rank::Sergeant)]);
    let ev = Evaluator::new(&g, Player::South, Some(Caution::permissive()));
    let (general, sergeant) = (Rank::General.index(), Rank::Sergeant.index());
    assert_eq!(ev.attract_w[sergeant], DEFEND);
    assert_eq!(ev.attract[sergeant][at("c3")], 3, "drawn to the squares beside the Flag's Mines");
    assert_eq!(ev.attract[sergeant][at("f7")], 4, "not to the Sapper on f8");
    assert_eq!(ev.attract_w[general], DEFEND);
    assert_eq!(ev.attract[general][at("f7")], 1, "the General chases the Sapper on f8");
    // Without `hard`'s terms, nobody guards.
    let plain = Evaluator::new(&g, Player::South, None);
    assert_ne!(plain.attract_w[sergeant], DEFEND);
}

#[test]
fn a_piece_shut_in_by_our_own_mines_does_not_stand_guard() {
    // R15. The Major on d1 stands beside the Mine on e1 but is walled in
    // by the Mines on c1 and d2: it cannot move to meet the Sapper. The
    // Sergeant on c3, three squares from e2, guards instead of chasing.
    let at = |s: &str| s.parse::<Square>().unwrap().index();
    let g = sapper_and_walled_flag_with(
        true,
        &[("d1", Rank::Major), ("c1", Rank::Mine), ("d2", Rank::Mine), ("c3", Rank::Sergeant)],
    );
    let ev = Evaluator::new(&g, Player::South, Some(Caution::permissive()));
    let sergeant = Rank::Sergeant.index();
    assert_eq!(ev.attract_w[sergeant], DEFEND);
    assert_eq!(ev.attract[sergeant][at("c3")], 3, "drawn to e2 beside the Flag's Mines, not to the Sapper on f8");
}

/// South's Flag on f1 with `ours` against North's Lieutenant, which
/// steps from f6 to f5 (four squares from the Flag: an intruder).
fn lieutenant_intrudes(ours: &[(&str, Rank)]) -> Evaluator {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut pieces = vec![
        (sq("f1"), Player::South, Rank::Flag),
        (sq("f6"), Player::North, Rank::Lieutenant),
        (sq("j9"), Player::North, Rank::Soldier),
        (sq("a10"), Player::North, Rank::Flag),
    ];
    pieces.extend(ours.iter().map(|&(s, r)| (sq(s), Player::South, r)));
    let mut g = Game::from_pieces(RuleSetId::Battle, &pieces, Player::North);
    g.play("f6-f5".parse().unwrap()).unwrap();
    Evaluator::new(&g, Player::South, Some(Caution::permissive()))
}

#[test]
fn only_the_nearest_stopper_goes_after_an_intruder() {
    // The Colonel on h4 is three steps from the Lieutenant on f5, the
    // General on a4 six: drawn alike, each step of either would gain the
    // same, and the search moved whichever — with every enemy rank known,
    // a Miner walked to our Flag in five moves while our Colonel, three
    // steps from it, stayed put (BENCHMARKS.md, thirty-first round). Only
    // the nearest rank is drawn.
    let at = |s: &str| s.parse::<Square>().unwrap().index();
    let (colonel, general) = (Rank::Colonel.index(), Rank::General.index());
    let ev = lieutenant_intrudes(&[("h4", Rank::Colonel), ("a4", Rank::General)]);
    assert_eq!(ev.attract_w[colonel], DEFEND);
    assert_eq!(ev.attract[colonel][at("h4")], 3, "drawn to the Lieutenant on f5");
    assert_ne!(ev.attract_w[general], DEFEND);
    // Alone, the General goes after it.
    let ev = lieutenant_intrudes(&[("a4", Rank::General)]);
    assert_eq!(ev.attract_w[general], DEFEND);
    assert_eq!(ev.attract[general][at("a4")], 6);
}

/// South's Marshal, General, Captain and Sergeant against North's
/// General, a Soldier on a5 and a Sergeant that passes on the j file;
/// the General, Captain and Sergeant have moved (hidden), and with
/// `reveal` the Marshal takes the Soldier (R18).
fn shielded(reveal: bool) -> Game {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let pieces = [
        (sq("a4"), Player::South, Rank::Marshal),
        (sq("b4"), Player::South, Rank::General),
        (sq("e4"), Player::South, Rank::Captain),
        (sq("f4"), Player::South, Rank::Sergeant),
        (sq("a1"), Player::South, Rank::Flag),
        (sq("a5"), Player::North, Rank::Soldier),
        (sq("e8"), Player::North, Rank::General),
        (sq("j8"), Player::North, Rank::Sergeant),
        (sq("j10"), Player::North, Rank::Flag),
    ];
    let mut g = Game::from_pieces(RuleSetId::Ucc, &pieces, Player::South);
    let mut moves = vec!["b4-b5", "j8-j9", "e4-e5", "j9-j8", "f4-f5", "j8-j9"];
    if reveal {
        moves.extend(["a4-a5", "j9-j8"]);
    }
    for mv in moves {
        g.play(mv.parse().unwrap()).unwrap();
    }
    g
}

#[test]
fn our_last_hidden_piece_that_stops_an_enemy_piece_is_worth_what_it_guards() {
    let b5 = "b5".parse::<Square>().unwrap();
    let general = |g: &Game, shield: bool| {
        let mut ev = Evaluator::new(g, Player::South, Some(Caution::permissive()));
        if shield {
            ev.shield(g);
        }
        (ev.contrib(g.piece_at(b5).unwrap(), b5).1, ev)
    };
    // While our Marshal is unseen, their General cannot be sure of any
    // moved piece of ours: nothing extra (North has no Marshal).
    let hidden = shielded(false);
    assert_eq!(general(&hidden, true).0, general(&hidden, false).0);
    // Once the Marshal is seen, our General is the last piece that
    // stops their General: it guards the Captain and the Sergeant.
    let seen = shielded(true);
    assert!(seen.piece_at("a5".parse().unwrap()).unwrap().revealed);
    let (base, plain) = general(&seen, false);
    let stake = plain.value(Player::South, Rank::Captain) + plain.value(Player::South, Rank::Sergeant);
    assert_eq!(general(&seen, true).0 - base, stake / SHIELD);
}

#[test]
fn incremental_terms_equal_the_full_count() {
    let mut rng = StdRng::seed_from_u64(8);
    for rules in RuleSetId::EVERY {
        for plies in [0, 50, 200, 500] {
            let setups = ByPlayer::new_with(|_| smart(rules.rules(), &mut rng));
            let mut g = Game::new(rules, setups, Player::South).unwrap();
            random_playout(&mut g, &mut rng, plies);
            for caution in [None, Some(Caution::permissive())] {
                let ev = Evaluator::new(&g, Player::South, caution);
                let s = ev.score(&g);
                for mv in g.legal_moves() {
                    let mut child = g.clone();
                    child.play(mv).unwrap();
                    assert_eq!(ev.update(s, &g, mv, &child), ev.score(&child), "{rules} {mv}");
                }
            }
        }
    }
}

/// A «Сражение» game of `pieces` (square, side, rank), South to move.
fn battle(pieces: &[(&str, Player, Rank)]) -> Game {
    let pieces: Vec<_> = pieces.iter().map(|&(s, side, r)| (s.parse::<Square>().unwrap(), side, r)).collect();
    Game::from_pieces(RuleSetId::Battle, &pieces, Player::South)
}

/// What South's evaluator (with `caution`, as `hard`, or without) gains
/// by trading its `ours` for North's `theirs`, in points.
fn south_trade(g: &Game, caution: Option<Caution>, theirs: Rank, ours: Rank) -> i32 {
    let ev = Evaluator::new(g, Player::South, caution);
    ev.value(Player::North, theirs) - ev.value(Player::South, ours)
}

#[test]
fn hard_holds_its_scout_worth_a_colonel_while_the_enemy_marshal_lives() {
    // R16: the Scout is the one piece that takes the Marshal. For `hard`
    // a trade of our Scout for their Colonel gains nothing; for the
    // levels without caution it is a gain; once their Marshal is gone the
    // Scout is worth little to all of them.
    let game = |marshal: bool| {
        let mut pieces = vec![
            ("a1", Player::South, Rank::Flag),
            ("c3", Player::South, Rank::Scout),
            ("e3", Player::South, Rank::Sergeant),
            ("j10", Player::North, Rank::Flag),
            ("c8", Player::North, Rank::Colonel),
        ];
        if marshal {
            pieces.push(("h8", Player::North, Rank::Marshal));
        }
        battle(&pieces)
    };
    let trade = |g: &Game, caution: Option<Caution>| south_trade(g, caution, Rank::Colonel, Rank::Scout);
    let alive = game(true);
    assert!(trade(&alive, Some(Caution::permissive())) <= 0, "hard keeps its Scout");
    assert!(trade(&alive, None) > 0, "the other levels trade it");
    let gone = game(false);
    assert_eq!(
        Evaluator::new(&gone, Player::South, Some(Caution::permissive())).value(Player::South, Rank::Scout),
        Evaluator::new(&gone, Player::South, None).value(Player::South, Rank::Scout),
    );
}

#[test]
fn hard_holds_its_movers_dearer_while_it_has_fewer() {
    // R20: a side with no movable piece left loses, so an even trade
    // costs the side with fewer movers more. South has a Captain and a
    // Sergeant against North's Captain and two Soldiers: for `hard` a
    // trade of Captains is a loss while it is behind, an even trade once a
    // third mover of ours evens the count, and always even for the levels
    // without caution. The enemy's pieces keep their worth either way.
    let pieces = [
        ("a1", Player::South, Rank::Flag),
        ("c3", Player::South, Rank::Captain),
        ("e3", Player::South, Rank::Sergeant),
        ("j10", Player::North, Rank::Flag),
        ("c8", Player::North, Rank::Captain),
        ("e8", Player::North, Rank::Soldier),
        ("g8", Player::North, Rank::Soldier),
    ];
    let behind = battle(&pieces);
    let even = battle(&[&pieces[..], &[("g3", Player::South, Rank::Soldier)]].concat());
    let trade = |g: &Game, caution: Option<Caution>| south_trade(g, caution, Rank::Captain, Rank::Captain);
    assert_eq!(trade(&behind, Some(Caution::permissive())), -BASE[Rank::Captain.index()] * BEHIND_PREMIUM / 100);
    assert_eq!(trade(&behind, None), 0, "the other levels trade evenly");
    assert_eq!(trade(&even, Some(Caution::permissive())), 0, "even counts, even trade");
    // Seen from North, which has more movers: no premium on either side.
    let ev = Evaluator::new(&behind, Player::North, Some(Caution::permissive()));
    assert_eq!(ev.value(Player::North, Rank::Captain), ev.value(Player::South, Rank::Captain));
}
