//! Properties over random setups and random games, for every rule set.
//! (Non-interference of views is in tests/noninterference.rs.)

mod common;

use common::random::{biased_move, check_line_moves, new_game, seeded_game};
use engine::{
    CombatResult, DrawReason, Game, Move, Outcome, Player, RuleSetId, Setup, Square, ValidSetup, WinReason,
    random_playout, shuffle, smart,
};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rule_set() -> impl Strategy<Value = RuleSetId> {
    (0..RuleSetId::ALL.len()).prop_map(|i| RuleSetId::ALL[i])
}

/// Checks one ply: untouched squares are unchanged, the mover and the
/// fight follow R13–R18, piece counts never rise, revealed stays revealed.
fn check_ply(before: &Game, after: &Game, m: Move) {
    let mover = before.piece_at(m.from).expect("a mover");
    for s in Square::all() {
        if s != m.from && s != m.to {
            assert_eq!(before.piece_at(s), after.piece_at(s), "{s} changed by {m}");
        }
    }
    assert_eq!(after.piece_at(m.from), None);
    let rec = after.history().last().unwrap();
    assert_eq!((rec.player, rec.mv), (before.turn(), m));
    match (before.piece_at(m.to), rec.combat) {
        (None, None) => {
            let p = after.piece_at(m.to).unwrap();
            assert_eq!((p.player, p.rank, p.revealed, p.moved), (mover.player, mover.rank, mover.revealed, true));
            assert_eq!(p.ran, mover.ran || m.from.distance(m.to) > 1);
        }
        (Some(def), Some(c)) => {
            assert_eq!((c.attacker, c.defender), (mover.rank, def.rank));
            let survivor = after.piece_at(m.to);
            match c.result {
                CombatResult::AttackerWins => {
                    assert_eq!(survivor.map(|p| (p.rank, p.player)), Some((mover.rank, mover.player)))
                }
                CombatResult::DefenderWins => {
                    assert_eq!(survivor.map(|p| (p.rank, p.player)), Some((def.rank, def.player)))
                }
                CombatResult::BothRemoved => assert_eq!(survivor, None),
            }
            assert!(survivor.is_none_or(|p| p.revealed), "R18: the survivor is revealed");
        }
        other => panic!("{m}: target and record disagree: {other:?}"),
    }
    for p in Player::ALL {
        assert!(after.piece_count(p) <= before.piece_count(p), "piece counts never rise");
        let lost = after.graveyard(p).len() - before.graveyard(p).len();
        assert_eq!(before.piece_count(p) - after.piece_count(p), lost as u32);
    }
    if after.outcome().is_none() {
        assert_eq!(after.has_legal_move(after.turn()), !after.legal_moves().is_empty());
    }
}

/// All 100×100 from/to pairs: the legal ones play, the others are refused
/// with the game unchanged, and `check` agrees.
fn check_all_pairs(g: &Game) {
    let legal = g.legal_moves();
    let mut count = 0;
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            let mut h = g.clone();
            let r = h.play(m);
            assert_eq!(r.is_ok(), legal.contains(&m), "{m} at ply {}: {r:?}", g.ply());
            assert_eq!(g.check(m).err(), r.err(), "{m}");
            if r.is_ok() {
                count += 1;
            } else {
                assert_eq!(&h, g, "refused {m} changed the game");
            }
        }
    }
    assert_eq!(count, legal.len(), "no duplicate legal moves");
}

/// `play_legal` trusts its caller only where debug assertions are off:
/// a test build refuses a move onto a piece of the mover's own side (R13).
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "is not a legal move here")]
fn play_legal_checks_the_move_in_debug_builds() {
    let (mut g, _) = seeded_game(RuleSetId::Ucc, 1);
    g.play_legal(Move::new(common::sq("a1"), common::sq("a2")));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random games (uniform or biased towards shuttles and chases): no
    /// panic, every chosen legal move plays (by `play` and `play_legal`
    /// alike), `check` agrees with the legal moves, the ply invariants hold, and the game ends by R19–R21 (or the
    /// classic dead position) within the limits.
    #[test]
    fn random_games_end_by_the_rules(id in rule_set(), seed in any::<u64>(), biased: bool) {
        let (mut g, mut rng) = seeded_game(id, seed);
        while g.outcome().is_none() {
            check_line_moves(&g);
            let m = if biased {
                biased_move(&g, &mut rng)
            } else {
                let moves = g.legal_moves();
                moves[rng.random_range(0..moves.len())]
            };
            let before = g.clone();
            let r = g.play(m).expect("a legal move plays");
            check_ply(&before, &g, m);
            prop_assert_eq!(r.outcome, g.outcome());
            // A search's unchecked play of a generated move does the same.
            let mut fast = before.clone();
            prop_assert_eq!(fast.play_legal(m), r);
            prop_assert_eq!(&fast, &g);
        }
        let outcome = g.outcome().unwrap();
        let ok = match outcome {
            Outcome::Win { reason, .. } => matches!(reason, WinReason::FlagCaptured | WinReason::NoLegalMoves),
            Outcome::Draw(DrawReason::NoLegalMoves | DrawReason::NoAttacks) => true,
            Outcome::Draw(DrawReason::DeadPosition) => id.rules().dead_position_draw,
            Outcome::Draw(DrawReason::PlyLimit) => id.rules().ply_limit > 0,
            Outcome::Draw(DrawReason::Agreement) => false,
        };
        prop_assert!(ok, "{:?}", outcome);
        let attacks = g.history().iter().filter(|r| r.combat.is_some()).count();
        prop_assert!(g.ply() <= (attacks + 1) * id.rules().no_attack_limit as usize);
        prop_assert!(g.legal_moves().is_empty());
        // random_playout reaches an end too.
        let mut h = new_game(id, &mut rng);
        random_playout(&mut h, &mut rng, 1_000_000);
        prop_assert!(h.outcome().is_some());
    }

    /// Every candidate move of sampled positions is either legal and plays,
    /// or is refused leaving the game unchanged.
    #[test]
    fn illegal_candidates_are_refused(id in rule_set(), seed in any::<u64>()) {
        let (mut g, mut rng) = seeded_game(id, seed);
        let mut extra = 0;
        for stop in [0, 7, 60, 400, usize::MAX] {
            while g.outcome().is_none() && g.ply() < stop {
                let m = biased_move(&g, &mut rng);
                g.play(m).unwrap();
                // Also every position where R11 or the chasing rule bites.
                if extra < 6 && g.outcome().is_none() && check_line_moves(&g) != (0, 0) {
                    check_all_pairs(&g);
                    extra += 1;
                }
            }
            check_all_pairs(&g);
        }
    }

    /// A game that stops recording (for searches) plays on exactly like one
    /// that records: the same legal moves (R11 and the chasing rule too),
    /// board, ply count and end, but no record; and its attacks are the
    /// legal moves onto enemy pieces, in the same order.
    #[test]
    fn unrecorded_games_play_by_the_same_rules(id in rule_set(), seed in any::<u64>(), from in 0usize..300) {
        let (mut g, mut rng) = seeded_game(id, seed);
        while g.outcome().is_none() && g.ply() < from {
            g.play(biased_move(&g, &mut rng)).unwrap();
        }
        let mut h = g.clone();
        h.stop_recording();
        prop_assert!(h.history().is_empty());
        let mut attacks = Vec::new();
        loop {
            prop_assert_eq!(h.legal_moves(), g.legal_moves());
            prop_assert_eq!((h.ply(), h.quiet_plies(), h.turn(), h.outcome()), (g.ply(), g.quiet_plies(), g.turn(), g.outcome()));
            prop_assert!(Square::all().all(|sq| h.piece_at(sq) == g.piece_at(sq)));
            h.attacks_into(&mut attacks);
            let onto_enemy: Vec<Move> = g
                .legal_moves()
                .into_iter()
                .filter(|m| g.piece_at(m.to).is_some())
                .collect();
            prop_assert_eq!(&attacks, &onto_enemy);
            if g.outcome().is_some() {
                break;
            }
            let m = biased_move(&g, &mut rng);
            prop_assert_eq!(h.play(m).map(|r| (r.combat, r.outcome)), g.play(m).map(|r| (r.combat, r.outcome)));
        }
        prop_assert!(h.history().is_empty() && h.graveyard(Player::South).is_empty());
    }

    /// serde round trip: equal, and plays on identically.
    #[test]
    fn serde_round_trip(id in rule_set(), seed in any::<u64>(), plies in 0usize..600) {
        let (mut g, mut rng) = seeded_game(id, seed);
        for _ in 0..plies {
            if g.outcome().is_some() {
                break;
            }
            g.play(biased_move(&g, &mut rng)).unwrap();
        }
        let json = serde_json::to_string(&g).unwrap();
        let mut h: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&h, &g);
        prop_assert_eq!(h.view(Player::South), g.view(Player::South));
        let (mut r1, mut r2) = (StdRng::seed_from_u64(seed ^ 1), StdRng::seed_from_u64(seed ^ 1));
        random_playout(&mut g, &mut r1, 100_000);
        random_playout(&mut h, &mut r2, 100_000);
        prop_assert_eq!(&h, &g);
    }

    /// Setup codes round-trip (§8a), also after swaps.
    #[test]
    fn setup_code_round_trip(id in rule_set(), seed in any::<u64>(), a in 0usize..40, b in 0usize..40) {
        let mut rng = StdRng::seed_from_u64(seed);
        let rules = id.rules();
        for v in [shuffle(rules, &mut rng), smart(rules, &mut rng)] {
            let v = v.swapped(a, b);
            let code = v.to_code();
            prop_assert_eq!(code.chars().count(), 40);
            prop_assert_eq!(ValidSetup::from_code(rules, &code), Ok(v));
            prop_assert_eq!(Setup::from_code(&code), Ok(*v.setup()));
            let spaced: String = code.chars().enumerate().flat_map(|(i, c)| {
                let sep = if i % 10 == 9 { Some('/') } else { None };
                std::iter::once(c).chain(sep)
            }).collect();
            prop_assert_eq!(ValidSetup::from_code(rules, &spaced), Ok(v));
        }
    }

    /// Move text round-trips through every accepted form.
    #[test]
    fn move_text_round_trip(from in 0usize..100, to in 0usize..100, sep in 0usize..5, upper: bool) {
        let m = Move::new(Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        let text = format!("{}{}{}", m.from, ["-", " ", "", ":", "x"][sep], m.to);
        let text = if upper { text.to_uppercase() } else { text };
        prop_assert_eq!(text.parse::<Move>(), Ok(m));
    }
}

#[test]
fn every_move_text_round_trips() {
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }
}

#[test]
fn biased_games_meet_the_two_square_and_chasing_rules() {
    // The biased policy really reaches refusals by R11 (every rule set) and
    // by the chasing rule (classic, duel), so the properties above cover them.
    for id in RuleSetId::ALL {
        let (mut r11, mut chase) = (0, 0);
        for seed in 0..6 {
            let (mut g, mut rng) = seeded_game(id, seed);
            while g.outcome().is_none() {
                let (a, b) = check_line_moves(&g);
                (r11, chase) = (r11 + a, chase + b);
                g.play(biased_move(&g, &mut rng)).unwrap();
            }
        }
        eprintln!("{id}: r11 {r11} chase {chase}");
        assert!(r11 > 0, "{id}: no R11 refusal met");
        assert_eq!(chase > 0, id.rules().chasing_rule, "{id}: chasing refusals {chase}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Fuzzing the text inputs a player can type: setup codes and moves
    /// never panic, and what parses prints back the same.
    #[test]
    fn typed_text_never_panics(text in "\\PC{0,60}") {
        if let Ok(setup) = engine::Setup::from_code(&text) {
            let code = setup.to_code();
            prop_assert_eq!(engine::Setup::from_code(&code).unwrap(), setup);
            for id in engine::RuleSetId::ALL {
                let _ = engine::ValidSetup::new(id.rules(), setup);
            }
        }
        if let Ok(mv) = text.parse::<engine::Move>() {
            prop_assert_eq!(mv.to_string().parse::<engine::Move>().unwrap(), mv);
        }
        let _ = text.parse::<engine::Square>();
        let _ = text.parse::<engine::RuleSetId>();
    }

    /// Setup-code-shaped input (the 13 code characters, spaces and slashes).
    #[test]
    fn code_shaped_text_never_panics(text in "[1-9sBF. /x]{30,50}") {
        match engine::ValidSetup::from_code(engine::RuleSetId::Battle.rules(), &text) {
            Ok(v) => prop_assert_eq!(v.to_code().len(), 40),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}
