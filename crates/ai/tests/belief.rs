//! Belief invariants (R4, R18, R24): sampled enemy armies respect the
//! composition, every reveal, and never put a Mine or the Flag on a piece
//! that moved; a piece that ran is the runner kind.

mod common;

use ai::{Belief, Observation};
use engine::{Cell, Player, Rank, RuleSetId, Square};

#[test]
fn sampled_armies_respect_composition_reveals_and_movement() {
    let mut rng = common::rng(31);
    let mut moved_seen = 0;
    for rules in RuleSetId::ALL {
        let data = rules.rules();
        for _ in 0..60 {
            let game = common::random_position(rules, &mut rng, 600);
            for me in Player::ALL {
                let view = game.view(me);
                let belief = Belief::new(&Observation::from_view(&view)).expect("a real game is consistent");
                let enemy_squares: Vec<Square> =
                    Square::all().filter(|s| matches!(view.cell(*s), Cell::Enemy(_))).collect();
                for _ in 0..10 {
                    let sample = belief.sample(&mut rng);
                    let mut squares: Vec<Square> = sample.iter().map(|(s, _)| *s).collect();
                    squares.sort();
                    assert_eq!(squares, enemy_squares, "every enemy piece gets one rank");
                    let mut count = [0u8; 12];
                    for &(sq, rank) in &sample {
                        count[rank.index()] += 1;
                        let Cell::Enemy(e) = view.cell(sq) else { unreachable!() };
                        if let Some(r) = e.revealed {
                            assert_eq!(rank, r, "R18: a revealed rank is kept");
                        }
                        if e.moved {
                            moved_seen += 1;
                            assert!(rank.is_movable(), "R24: {sq} moved, so it is no {rank:?}");
                        }
                        if e.ran {
                            assert!(data.is_runner(rank), "R24: {sq} ran, so it is the runner kind");
                        }
                    }
                    for r in view.graveyard(me.other()) {
                        count[r.index()] += 1;
                    }
                    assert_eq!(count, data.army, "R4: board + removed = the army, in {rules}");
                    assert!(sample.iter().filter(|(_, r)| *r == Rank::Flag).count() == 1);
                }
            }
        }
    }
    assert!(moved_seen > 1000, "{moved_seen}");
}

#[test]
fn approaching_a_revealed_piece_makes_stronger_ranks_likelier() {
    // South's Sergeant takes a Soldier on e5 and is revealed (R18); then
    // an unknown North piece steps next to it from e7 to e6.
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let pieces = [
        (sq("e4"), Player::South, Rank::Sergeant),
        (sq("a1"), Player::South, Rank::Flag),
        (sq("e5"), Player::North, Rank::Soldier),
        (sq("e7"), Player::North, Rank::Soldier),
        (sq("j10"), Player::North, Rank::Flag),
    ];
    let mut g = engine::Game::from_pieces(RuleSetId::Battle, &pieces, Player::South);
    g.play("e4-e5".parse().unwrap()).unwrap();
    g.play("e7-e6".parse().unwrap()).unwrap();
    let belief = Belief::new(&Observation::from_view(&g.view(Player::South))).unwrap();
    let mut rng = common::rng(4);
    let n = 4000;
    let stronger = (0..n)
        .filter(|_| {
            let s = belief.sample(&mut rng);
            let r = s.iter().find(|(q, _)| *q == sq("e6")).unwrap().1;
            r < Rank::Sergeant
        })
        .count();
    // Without the evidence 15 of the 32 movable ranks left beat a Sergeant (47 %).
    let share = stronger as f64 / f64::from(n);
    assert!(share > 0.65, "{share}");
}
