//! One test (or more) per rule J3–J12 of RULES.md §9 (J1 and J2 are
//! tested next to `Square`).

mod common;

use common::{game, mv, pos, sq, try_play};
use jungle::{
    Animal, DrawReason, Game, MoveError, Outcome, Piece, Player, Position, QUIET_PLY_LIMIT, WinReason,
    draw_first_player, export, import,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

const S: Player = Player::South;
const N: Player = Player::North;

#[test]
fn rule_j3_start_position() {
    // J3: eight animals each, fixed squares; North is South turned by 180°.
    let p = Position::start(S);
    assert_eq!(p.to_string(), "l.....t/.d...c./r.p.w.e/......./......./......./E.W.P.R/.C...D./T.....L s");
    let south = [("a1", Animal::Tiger), ("g1", Animal::Lion), ("b2", Animal::Cat), ("f2", Animal::Dog)];
    let south2 = [("a3", Animal::Elephant), ("c3", Animal::Wolf), ("e3", Animal::Leopard), ("g3", Animal::Rat)];
    for (name, animal) in south.into_iter().chain(south2) {
        assert_eq!(p.piece_at(sq(name)), Some(Piece::new(S, animal)), "{name}");
        let turned = jungle::Square::from_index(62 - sq(name).index()).unwrap();
        assert_eq!(p.piece_at(turned), Some(Piece::new(N, animal)), "{turned}");
    }
    assert_eq!((p.count(S), p.count(N)), (8, 8));
    assert_eq!(p.to_string().parse::<Position>(), Ok(p));
}

#[test]
fn rule_j4_alternate_moves_no_pass_first_by_lot() {
    // J4: alternate plies, no passing, first player drawn by lot and recorded.
    let mut g = Game::new(N);
    assert_eq!((g.turn(), g.first_player()), (N, N));
    assert_eq!(g.play_as(S, mv("a3-a4")), Err(MoveError::NotYourTurn));
    assert_eq!(try_play(&g, "a7-a7"), Err(MoveError::SameSquare));
    g.play(mv("a7-a6")).unwrap();
    assert_eq!(g.turn(), S);
    assert_eq!(try_play(&g, "a6-a5"), Err(MoveError::EnemyPiece(sq("a6"))));
    let mut rng = StdRng::seed_from_u64(4);
    let firsts: Vec<Player> = (0..64).map(|_| draw_first_player(&mut rng)).collect();
    assert!(firsts.contains(&S) && firsts.contains(&N));
}

#[test]
fn rule_j5_one_orthogonal_step() {
    // J5: one square forward, back, left or right; never diagonally or further.
    let g = game("Wd4 Ed3 ra9", S);
    for ok in ["d4-d5", "d4-c4", "d4-e4"] {
        // c4, e4 are water: only the Rat goes there.
        let r = try_play(&g, ok);
        if ok == "d4-d5" { assert!(r.is_ok()) } else { assert_eq!(r, Err(MoveError::Water)) }
    }
    assert_eq!(try_play(&g, "d4-e5"), Err(MoveError::NotAStep));
    assert_eq!(try_play(&g, "d4-d6"), Err(MoveError::NotAStep));
    assert_eq!(try_play(&g, "d4-d3"), Err(MoveError::OwnPiece(sq("d3"))));
    assert_eq!(try_play(&g, "d5-d6"), Err(MoveError::EmptySquare(sq("d5"))));
}

#[test]
fn rule_j5_no_animal_enters_its_own_den() {
    // J5: own den refused for every animal around it; the enemy den is entered.
    let g = game("Cc1 Re1 Ld2 rd8 ea9", S);
    for m in ["c1-d1", "e1-d1", "d2-d1"] {
        assert_eq!(try_play(&g, m), Err(MoveError::OwnDen), "{m}");
    }
    let g = game("Cc1 Ra9 ld8", N);
    assert_eq!(try_play(&g, "d8-d9"), Err(MoveError::OwnDen));
}

#[test]
fn rule_j5_only_the_rat_swims() {
    // J5: the Rat enters the water and swims square by square; nobody else does.
    let g = game("Rb3 Dc3 Ee3 Pf3 ra9", S);
    assert_eq!(try_play(&g, "c3-c4"), Err(MoveError::Water));
    assert_eq!(try_play(&g, "e3-e4"), Err(MoveError::Water));
    assert_eq!(try_play(&g, "f3-f4"), Err(MoveError::Water));
    let g = try_play(&g, "b3-b4").unwrap();
    let g = try_play(&g, "a9-a8").unwrap();
    let g = try_play(&g, "b4-b5").unwrap();
    let g = try_play(&g, "a8-a9").unwrap();
    let g = try_play(&g, "b5-c5").unwrap();
    assert_eq!(g.piece_at(sq("c5")), Some(Piece::new(S, Animal::Rat)));
}

/// Every river jump of J6: (from, to, the water squares in between).
fn all_jumps() -> Vec<(String, String, Vec<String>)> {
    let mut out = Vec::new();
    for rank in 4..=6 {
        // Along a rank, over two water squares, both rivers, both ways.
        for (a, b, over) in [('a', 'd', "bc"), ('d', 'g', "ef")] {
            let over: Vec<String> = over.chars().map(|f| format!("{f}{rank}")).collect();
            out.push((format!("{a}{rank}"), format!("{b}{rank}"), over.clone()));
            out.push((format!("{b}{rank}"), format!("{a}{rank}"), over));
        }
    }
    for file in ['b', 'c', 'e', 'f'] {
        // Along a file, over three water squares, both ways.
        let over: Vec<String> = (4..=6).map(|r| format!("{file}{r}")).collect();
        out.push((format!("{file}3"), format!("{file}7"), over.clone()));
        out.push((format!("{file}7"), format!("{file}3"), over));
    }
    out
}

#[test]
fn rule_j6_every_jump_both_rivers_both_directions() {
    // J6: Lion and Tiger of both sides jump each river along ranks and files, both ways.
    let jumps = all_jumps();
    assert_eq!(jumps.len(), 20);
    for (from, to, _) in &jumps {
        for (letter, side, other) in [('L', S, "cg9"), ('T', S, "cg9"), ('l', N, "Ca1"), ('t', N, "Ca1")] {
            // A lone enemy Cat in a far corner, never in the way.
            let g = game(&format!("{letter}{from} {other}"), side);
            let after = try_play(&g, &format!("{from}-{to}")).unwrap_or_else(|e| panic!("{letter} {from}-{to}: {e}"));
            assert!(after.piece_at(sq(to)).is_some());
            // Any other animal may not.
            let g = game(&format!("{}{from} {other}", if side == S { 'P' } else { 'p' }), side);
            assert_eq!(try_play(&g, &format!("{from}-{to}")), Err(MoveError::Water), "leopard {from}-{to}");
        }
    }
}

#[test]
fn rule_j6_jump_blocked_by_a_rat_of_either_side() {
    // J6: a Rat of either side on any water square in between blocks the jump.
    for (from, to, over) in all_jumps() {
        for w in &over {
            for rat in ['R', 'r'] {
                let g = game(&format!("L{from} {rat}{w} eg9"), S);
                assert_eq!(try_play(&g, &format!("{from}-{to}")), Err(MoveError::JumpBlocked), "{rat} on {w}");
            }
        }
    }
}

#[test]
fn rule_j6_jump_may_capture() {
    // J6: a jump may end in a capture (by J7).
    let g = game("La5 wd5 rg9", S);
    let after = try_play(&g, "a5-d5").unwrap();
    assert_eq!(after.history()[0].captured, Some(Animal::Wolf));
    let g = game("Ta5 ed5 rg9", S);
    assert!(matches!(try_play(&g, "a5-d5"), Err(MoveError::TooWeak { .. })));
}

#[test]
fn rule_j7_capture_equal_or_lower_rat_takes_elephant() {
    // J7: equal or lower rank is captured; the Rat takes the Elephant; the Elephant never takes the Rat.
    let g = game("Wd4 pd5 ca9", S);
    assert_eq!(try_play(&g, "d4-d5"), Err(MoveError::TooWeak { attacker: Animal::Wolf, defender: Animal::Leopard }));
    let g = game("Wd4 wd5 ca9", S);
    assert_eq!(try_play(&g, "d4-d5").unwrap().history()[0].captured, Some(Animal::Wolf));
    let g = game("Wd4 dd5 ca9", S);
    assert!(try_play(&g, "d4-d5").is_ok());
    let g = game("Ra2 ea3 cg9", S);
    assert_eq!(try_play(&g, "a2-a3").unwrap().history()[0].captured, Some(Animal::Elephant));
    let g = game("Ra2 ea3 cg9", N);
    assert_eq!(try_play(&g, "a3-a2"), Err(MoveError::TooWeak { attacker: Animal::Elephant, defender: Animal::Rat }));
}

#[test]
fn rule_j8_rat_and_elephant_in_all_four_land_water_combinations() {
    // J8: rat on land takes the Elephant; a Rat in the water does not; the Elephant takes neither.
    let land = game("Rd4 ed5 cg9", S);
    assert!(try_play(&land, "d4-d5").is_ok(), "rat on land attacks elephant on land");
    let water = game("Rc5 ed5 cg9", S);
    assert_eq!(try_play(&water, "c5-d5"), Err(MoveError::AcrossBank), "rat in water attacks elephant on land");
    let land = game("Rd4 ed5 cg9", N);
    assert!(matches!(try_play(&land, "d5-d4"), Err(MoveError::TooWeak { .. })), "elephant attacks rat on land");
    let water = game("Rc5 ed5 cg9", N);
    assert_eq!(try_play(&water, "d5-c5"), Err(MoveError::Water), "elephant attacks rat in water");
}

#[test]
fn rule_j8_rat_against_rat_across_the_bank_and_in_the_water() {
    // J8: no capture across the bank either way; in the water a Rat takes a Rat.
    let g = game("Rc5 rd5 cg9", S);
    assert_eq!(try_play(&g, "c5-d5"), Err(MoveError::AcrossBank));
    let g = game("Rc5 rd5 Cg1", N);
    assert_eq!(try_play(&g, "d5-c5"), Err(MoveError::AcrossBank));
    let g = game("Rc5 rc6 cg9", S);
    assert_eq!(try_play(&g, "c5-c6").unwrap().history()[0].captured, Some(Animal::Rat));
    let g = game("Rc5 rc6 Cg1", N);
    assert_eq!(try_play(&g, "c6-c5").unwrap().history()[0].captured, Some(Animal::Rat));
}

#[test]
fn rule_j9_traps_weaken_only_on_the_enemy_side() {
    // J9: on the enemy's trap anyone takes it; on its own trap it keeps its rank.
    let g = game("Cc2 ec1 Ra9", S);
    assert_eq!(try_play(&g, "c2-c1").unwrap().history()[0].captured, Some(Animal::Elephant), "enemy trap c1");
    let g = game("Cd7 ed8 Ra1", S);
    assert!(matches!(try_play(&g, "d7-d8"), Err(MoveError::TooWeak { .. })), "own trap d8");
    for trap in ["c1", "e1", "d2"] {
        // The Rat of North on South's traps: even the Elephant takes it.
        let near = match trap {
            "c1" => "b1",
            "e1" => "f1",
            _ => "d3",
        };
        let g = game(&format!("E{near} r{trap} ca9"), S);
        assert!(try_play(&g, &format!("{near}-{trap}")).is_ok(), "{trap}");
    }
    // Only the defence is weakened: from a trap the Cat still cannot take the Dog,
    // and the Rat on a trap still takes the Elephant.
    let g = game("Dc2 cc1 Ea9", N);
    assert!(matches!(try_play(&g, "c1-c2"), Err(MoveError::TooWeak { .. })));
    let g = game("Ed3 rd2 Ca9", N);
    assert!(try_play(&g, "d2-d3").is_ok());
}

#[test]
fn rule_j10_win_by_den() {
    // J10: an animal moving into the enemy den wins at once.
    let mut g = game("Cd8 ea1 lg9", S);
    let r = g.play(mv("d8-d9")).unwrap();
    assert_eq!(r.outcome, Some(Outcome::Win { winner: S, reason: WinReason::Den }));
    assert_eq!(g.play(mv("a1-a2")), Err(MoveError::GameOver));
    assert_eq!(g.legal_moves(), []);
}

#[test]
fn rule_j10_win_by_capture_of_all() {
    // J10: capturing the last enemy animal wins.
    let mut g = game("Dd4 cd5", S);
    let r = g.play(mv("d4-d5")).unwrap();
    assert_eq!(r.outcome, Some(Outcome::Win { winner: S, reason: WinReason::AllCaptured }));
}

#[test]
fn rule_j10_loss_by_no_legal_move() {
    // J10: the side with no legal move on its turn loses.
    let mut g = game("Da8 Wb9 ca9 Lg1", S);
    let r = g.play(mv("g1-g2")).unwrap();
    assert_eq!(r.outcome, Some(Outcome::Win { winner: S, reason: WinReason::NoLegalMoves }));
    let stuck = game("Da8 Wb9 ca9 Lg1", N);
    assert_eq!(stuck.outcome(), Some(Outcome::Win { winner: S, reason: WinReason::NoLegalMoves }));
}

#[test]
fn rule_j10_checks_in_order_den_before_no_moves() {
    // J10: entering the den wins even when the enemy would also have no move.
    let mut g = game("Cd8 ca1 Da2 Wb1", S);
    let r = g.play(mv("d8-d9")).unwrap();
    assert_eq!(r.outcome, Some(Outcome::Win { winner: S, reason: WinReason::Den }));
}

#[test]
fn rule_j11_draw_after_100_quiet_plies() {
    // J11: 100 plies in a row without a capture draw (none of them repeating three times).
    let mut rng = StdRng::seed_from_u64(11);
    let mut g = Game::new(S);
    while g.outcome().is_none() {
        let safe: Vec<_> = g
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut t = g.clone();
                let r = t.play(m).unwrap();
                r.captured.is_none() && (t.quiet_plies() >= QUIET_PLY_LIMIT || r.outcome.is_none())
            })
            .collect();
        assert_eq!(g.quiet_plies() as usize, g.ply(), "no capture so far");
        g.play(*safe.choose(&mut rng).expect("a quiet move")).unwrap();
    }
    assert_eq!(g.ply(), 100);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::NoCaptures)));
}

#[test]
fn rule_j11_threefold_repetition_counts_the_start() {
    // J11: the same position for the third time draws; the start is the first.
    let mut g = Game::new(S);
    for (i, m) in ["g1-g2", "a9-a8", "g2-g1", "a8-a9", "g1-g2", "a9-a8", "g2-g1", "a8-a9"].iter().enumerate() {
        let r = g.play(mv(m)).unwrap();
        let expect = (i == 7).then_some(Outcome::Draw(DrawReason::Repetition));
        assert_eq!(r.outcome, expect, "ply {}", i + 1);
    }
    assert_eq!(g.occurrences(), 3);
}

#[test]
fn rule_j11_agreed_draw_and_r22_resignation() {
    // J11, R22: a draw by agreement; resignation and loss on time as R22–R23.
    let mut g = Game::new(S);
    assert_eq!(g.answer_draw(N, true), Err(MoveError::NoDrawOffer));
    assert_eq!(g.offer_draw(S), Ok(None));
    assert_eq!(g.answer_draw(N, true), Ok(Some(Outcome::Draw(DrawReason::Agreement))));
    let mut g = Game::new(S);
    g.offer_draw(N).unwrap();
    assert_eq!(g.answer_draw(S, false), Ok(None));
    g.play(mv("a3-a4")).unwrap();
    assert_eq!(g.lose_on_time(), Ok(Outcome::Win { winner: S, reason: WinReason::Time }));
    assert_eq!(g.resign(S), Err(MoveError::GameOver));
}

#[test]
fn rule_j12_notation_and_export_round_trip() {
    // J12: moves by start and end square, the typed forms of Stratego; export and import.
    for typed in ["a3 a4", "A3-A4", "a3a4", "a3:a4", "a3—a4"] {
        assert_eq!(mv(typed).to_string(), "a3-a4");
    }
    assert!("a3-h4".parse::<jungle::Move>().is_err());
    let mut rng = StdRng::seed_from_u64(12);
    for first in [S, N] {
        let mut g = Game::new(first);
        jungle::random_playout(&mut g, &mut rng, 10_000);
        assert!(g.outcome().is_some());
        let text = export(&g);
        assert!(text.starts_with("srazhenie-jungle v1\n"));
        assert_eq!(import(&text), Ok(g.clone()), "{text}");
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), g);
    }
    let bad = "srazhenie-jungle v1\nfirst: south\n1. south a3-a5\nresult: in progress\n";
    assert_eq!(import(bad).unwrap_err().line, 3);
    let agreed = "srazhenie-jungle v1\nfirst: north\n1. north a7-a6\nresult: draw, agreed\n";
    assert_eq!(import(agreed).unwrap().outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    let wrong = "srazhenie-jungle v1\nfirst: north\n1. north a7-a6\nresult: north wins, den\n";
    assert_eq!(import(wrong).unwrap_err().line, 4);
    assert_eq!(pos("Ra1 rg9", S).count(N), 1);
}
