//! R3, R5–R7 and R24–R26 through real games: sides and home ranks, the
//! setup code's mapping to squares, who sees what, who moves first.

mod common;

use common::*;
use engine::{ByPlayer, Cell, EnemyPiece, Game, GameError, MoveError, OwnPiece, Player, Rank, RuleSetId, ValidSetup};
use rand::SeedableRng;
use rand::rngs::StdRng;

const EXAMPLE: &str = "BFB8657B869B3745s2485B98B963579919849796";

fn example_game(first: Player) -> Game {
    game_from_codes(RuleSetId::Battle, EXAMPLE, EXAMPLE, first)
}

#[test]
fn rule_r3_home_ranks_and_code_mapping() {
    // R3: South on ranks 1–4, North on 7–10, ranks 5–6 empty; §8a: the code
    // runs from the owner's back rank, owner's left to right.
    let g = example_game(South);
    for s in engine::Square::all() {
        let piece = g.piece_at(s);
        match s.rank() {
            0..=3 => assert_eq!(piece.map(|p| p.player), Some(South), "{s}"),
            4 | 5 => assert_eq!(piece, None, "{s}"),
            _ => assert_eq!(piece.map(|p| p.player), Some(North), "{s}"),
        }
        assert_eq!(South.is_home(s), s.rank() < 4);
        assert_eq!(North.is_home(s), s.rank() > 5);
    }
    // "BFB…": South's a1 B, b1 F, c1 B; North's mirror: j10 B, i10 F, h10 B.
    let at = |s: &str| g.piece_at(sq(s)).map(|p| p.rank);
    assert_eq!((at("a1"), at("b1"), at("c1")), (Some(Rank::Mine), Some(Rank::Flag), Some(Rank::Mine)));
    assert_eq!((at("j10"), at("i10"), at("h10")), (Some(Rank::Mine), Some(Rank::Flag), Some(Rank::Mine)));
    // Last character (front rank, owner's right): South j4, North a7.
    assert_eq!(at("j4"), Some(Rank::Lieutenant));
    assert_eq!(at("a7"), Some(Rank::Lieutenant));
}

#[test]
fn rule_r3_view_orientation() {
    // R3: South sees rank 1 at the bottom and a on the left; North sees
    // rank 10 at the bottom and j on the left. Square names never change.
    assert_eq!(South.screen_square(9, 0), Some(sq("a1")));
    assert_eq!(South.screen_square(0, 0), Some(sq("a10")));
    assert_eq!(South.screen_square(9, 9), Some(sq("j1")));
    assert_eq!(North.screen_square(9, 0), Some(sq("j10")));
    assert_eq!(North.screen_square(0, 0), Some(sq("j1")));
    assert_eq!(North.screen_square(0, 9), Some(sq("a1")));
    assert_eq!(South.screen_square(10, 0), None);
    for p in Player::ALL {
        let mut seen = std::collections::HashSet::new();
        for row in 0..10 {
            for col in 0..10 {
                assert!(seen.insert(p.screen_square(row, col).unwrap()));
            }
        }
        // The owner's back-left home square (code slot 0) is at the
        // bottom-left of the owner's screen.
        assert_eq!(p.screen_square(9, 0), Some(engine::home_square(p, 0)));
    }
}

#[test]
fn rule_r5_game_places_whole_armies_and_duels_sparse() {
    // R5: battle fills all 40 home squares; duel uses any 10 of them.
    let g = example_game(South);
    assert_eq!((g.piece_count(South), g.piece_count(North)), (40, 40));
    let d = game(RuleSetId::Duel, "e4:1 a2:F", "e7:1", South);
    assert_eq!((d.piece_count(South), d.piece_count(North)), (10, 10));
    assert_eq!(d.piece_at(sq("a2")).map(|p| p.rank), Some(Rank::Flag));
}

#[test]
fn rule_r6_setups_hidden_until_the_end() {
    // R6: own ranks visible, the enemy's hidden; no setup of the enemy.
    let g = example_game(South);
    for me in Player::ALL {
        let v = g.view(me);
        assert_eq!(v.me(), me);
        assert!(v.revealed_setups().is_none());
        assert_eq!(v.own_setup(), &g.setups()[me]);
        for s in engine::Square::all() {
            match (g.piece_at(s), v.cell(s)) {
                (None, Cell::Lake) => assert!(s.is_lake()),
                (None, Cell::Empty) => assert!(!s.is_lake()),
                (Some(p), Cell::Own(o)) if p.player == me => {
                    assert_eq!(o, OwnPiece { rank: p.rank, revealed: false, moved: false });
                }
                (Some(p), Cell::Enemy(e)) if p.player != me => {
                    assert_eq!(e, EnemyPiece { revealed: None, moved: false, ran: false, fought: false });
                }
                (p, c) => panic!("{s}: {p:?} seen as {c:?}"),
            }
        }
    }
}

#[test]
fn rule_r7_first_player_honoured() {
    // R7: battle draws lots, so either side may start; classic and duel
    // always start with South.
    let g = example_game(North);
    assert_eq!((g.turn(), g.first_player()), (North, North));
    assert_eq!(g.view(South).first_player(), North);
    let mut g2 = g.clone();
    assert_eq!(g2.play_as(South, mv("a4-a5")), Err(MoveError::NotYourTurn));
    play(&mut g2, "a7-a6");
    let classic = engine::shuffle(RuleSetId::Classic.rules(), &mut StdRng::seed_from_u64(1));
    let both = ByPlayer { south: classic, north: classic };
    assert_eq!(Game::new(RuleSetId::Classic, both, North), Err(GameError::FirstPlayer(RuleSetId::Classic)));
    assert_eq!(Game::new(RuleSetId::Classic, both, South).unwrap().turn(), South);
    let duel = setup(RuleSetId::Duel, South, "");
    let duel_north = setup(RuleSetId::Duel, North, "");
    let err = Game::new(RuleSetId::Duel, ByPlayer { south: duel, north: duel_north }, North);
    assert_eq!(err, Err(GameError::FirstPlayer(RuleSetId::Duel)));
    let mut rng = StdRng::seed_from_u64(3);
    let drawn: Vec<Player> = (0..64).map(|_| RuleSetId::Battle.rules().draw_first_player(&mut rng)).collect::<Vec<_>>();
    assert!(drawn.contains(&South) && drawn.contains(&North), "a lot, not a fixed side");
    for id in [RuleSetId::Classic, RuleSetId::Duel] {
        assert!((0..16).all(|_| id.rules().draw_first_player(&mut rng) == South));
    }
    // A setup checked for another rule set is refused.
    let battle = ValidSetup::from_code(RuleSetId::Battle.rules(), EXAMPLE).unwrap();
    let mixed = ByPlayer { south: battle, north: classic };
    assert_eq!(Game::new(RuleSetId::Classic, mixed, South), Err(GameError::SetupRuleSet(South)));
}

#[test]
fn rule_r24_what_a_player_sees() {
    // R24: moved and ran flags of enemy pieces, combats with both ranks,
    // all removed pieces, every move.
    let mut g = game(RuleSetId::BattleDuel, "e4:1 a4:9 b4:8", "e7:2 a7:9 b7:8", South);
    play(&mut g, "a4-a6 e7-e6");
    let north = g.view(North);
    assert_eq!(north.cell(sq("a6")), Cell::Enemy(EnemyPiece { revealed: None, moved: true, ran: true, fought: false }));
    assert_eq!(
        north.cell(sq("b4")),
        Cell::Enemy(EnemyPiece { revealed: None, moved: false, ran: false, fought: false })
    );
    let south = g.view(South);
    assert_eq!(
        south.cell(sq("e6")),
        Cell::Enemy(EnemyPiece { revealed: None, moved: true, ran: false, fought: false })
    );
    assert_eq!(south.history().len(), 2);
    assert_eq!(south.last_move().map(|r| r.mv), Some(mv("e7-e6")));
    play(&mut g, "e4-e5 e6xe5");
    // The General attacked the Marshal and lost: both ranks public,
    // the General in North's graveyard, the Marshal revealed where it stands.
    for me in Player::ALL {
        let v = g.view(me);
        let c = v.last_move().unwrap().combat.unwrap();
        assert_eq!((c.attacker, c.defender), (Rank::General, Rank::Marshal));
        assert_eq!(v.graveyard(North), [Rank::General]);
        assert!(v.graveyard(South).is_empty());
    }
    assert_eq!(
        cell(&g, North, "e5"),
        Cell::Enemy(EnemyPiece { revealed: Some(Rank::Marshal), moved: true, ran: false, fought: true })
    );
    assert_eq!(cell(&g, South, "e5"), Cell::Own(OwnPiece { rank: Rank::Marshal, revealed: true, moved: true }));
}

#[test]
fn rule_r25_errors_name_only_own_pieces_and_public_facts() {
    // R25: trying to move an enemy Mine or Flag says only "not yours", never
    // the kind; the texts of all errors hold no enemy rank.
    let mut g = example_game(South);
    for s in ["a10", "i10", "b10"] {
        let e = g.play(mv(&format!("{s}-{}", "a5"))).unwrap_err();
        assert_eq!(e, MoveError::EnemyPiece(sq(s)));
        let text = e.to_string();
        for word in ["Mine", "Flag", "Marshal", "Sapper"] {
            assert!(!text.contains(word), "{text}");
        }
    }
    // Only own immobile pieces are named.
    assert_eq!(g.play(mv("a1-a2")), Err(MoveError::Immobile(Rank::Mine)));
    // The same move list yields the same view whatever the enemy's hidden
    // ranks (see tests/properties.rs for the general property).
    let other = EXAMPLE.replace('F', "x").replacen('B', "F", 1).replace('x', "B");
    let mut h = game_from_codes(RuleSetId::Battle, EXAMPLE, &other, South);
    let mut g = example_game(South);
    for m in ["a4-a5", "a7-a6", "b4-b5"] {
        g.play(mv(m)).unwrap();
        h.play(mv(m)).unwrap();
        assert_eq!(g.view(South), h.view(South));
        assert_ne!(g.view(North), h.view(North));
    }
}

#[test]
fn rule_r26_everything_visible_after_the_end() {
    // R26: after the end both setups and every rank are shown to both.
    let mut g = example_game(South);
    play(&mut g, "a4-a5 a7-a6");
    g.resign(North).unwrap();
    for me in Player::ALL {
        let v = g.view(me);
        assert_eq!(v.revealed_setups(), Some(g.setups()));
        assert_eq!(v.history().len(), 2);
        for s in engine::Square::all() {
            if let (Some(p), Cell::Enemy(e)) = (g.piece_at(s), v.cell(s)) {
                assert_eq!(e.revealed, Some(p.rank), "{s}");
            }
        }
        assert!(!v.my_turn() && v.legal_moves().is_empty());
    }
}
