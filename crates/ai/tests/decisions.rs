//! Reproducible decisions, the Flag taken when it can be, and decisions
//! that depend on the viewer's information only (R25).

mod common;

use ai::{Budget, Level, Observation};
use engine::{Game, Player, Rank, RuleSetId, Square};
use rand::Rng;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn same_seed_same_view_same_move() {
    let mut rng = common::rng(5);
    for rules in RuleSetId::ALL {
        for _ in 0..6 {
            let game = common::random_position(rules, &mut rng, 200);
            let obs = Observation::from_view(&game.view(game.turn()));
            for level in Level::ALL {
                let seed = rng.random();
                let a = ai::think(&obs, level, Budget::nodes(3_000), &mut common::rng(seed));
                let b = ai::think(&obs, level, Budget::nodes(3_000), &mut common::rng(seed));
                assert_eq!(a, b, "{rules} {level}");
            }
        }
    }
}

/// A position where South's Sergeant on e6 stands next to North's only
/// unmoved piece, which therefore is the Flag; North's Marshal has moved.
fn flag_in_reach(rules: RuleSetId) -> Game {
    let pieces = [
        (sq("e6"), Player::South, Rank::Sergeant),
        (sq("a1"), Player::South, Rank::Flag),
        (sq("b2"), Player::South, Rank::General),
        (sq("e7"), Player::North, Rank::Flag),
        (sq("j9"), Player::North, Rank::Marshal),
    ];
    let mut g = Game::from_pieces(rules, &pieces, Player::South);
    for mv in ["b2-b3", "j9-j8", "b3-b2", "j8-j9"] {
        g.play(mv.parse().unwrap()).unwrap();
    }
    g
}

#[test]
fn takes_the_flag_when_it_can_in_one_move() {
    // R17, R19.
    for rules in [RuleSetId::Battle, RuleSetId::BattleRunners, RuleSetId::Classic] {
        let game = flag_in_reach(rules);
        let obs = Observation::from_view(&game.view(Player::South));
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            for seed in 0..5 {
                let mv = ai::think(&obs, level, Budget::nodes(5_000), &mut common::rng(seed)).unwrap();
                assert_eq!(mv.to_string(), "e6-e7", "{rules} {level} seed {seed}");
            }
        }
    }
}

#[test]
fn greedy_takes_a_revealed_piece_it_beats() {
    // South's Soldier attacks North's Major and dies, revealing it (R18);
    // then South's General comes next to it and Greedy takes it.
    let pieces = [
        (sq("e5"), Player::South, Rank::General),
        (sq("e7"), Player::South, Rank::Soldier),
        (sq("a1"), Player::South, Rank::Flag),
        (sq("e8"), Player::North, Rank::Major),
        (sq("a9"), Player::North, Rank::Soldier),
        (sq("j10"), Player::North, Rank::Flag),
    ];
    let mut g = Game::from_pieces(RuleSetId::Battle, &pieces, Player::South);
    for mv in ["e7-e8", "a9-a8", "e5-e6", "a8-a9", "e6-e7", "a9-a8"] {
        g.play(mv.parse().unwrap()).unwrap();
    }
    let obs = Observation::from_view(&g.view(Player::South));
    for seed in 0..10 {
        let mv = ai::think(&obs, Level::Greedy, Budget::nodes(10), &mut common::rng(seed)).unwrap();
        assert_eq!(mv.to_string(), "e7-e8", "seed {seed}");
    }
}

#[test]
fn rule_r25_decisions_do_not_depend_on_hidden_enemy_ranks() {
    // Two games that differ only in two enemy pieces that never moved or
    // fought give South the same view, and so the same move.
    let mut rng = common::rng(99);
    let mut compared = 0;
    for _ in 0..30 {
        let rules = RuleSetId::Battle;
        let g1 = common::random_position(rules, &mut rng, 120);
        if g1.turn() != Player::South {
            continue;
        }
        let north = g1.setups().north;
        let hidden: Vec<usize> = (0..40)
            .filter(|&slot| {
                let s = engine::home_square(Player::North, slot);
                g1.piece_at(s).is_some_and(|p| p.player == Player::North && !p.moved && !p.revealed)
            })
            .collect();
        let Some((a, b)) = hidden
            .iter()
            .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| north.setup().slots[a] != north.setup().slots[b])
        else {
            continue;
        };
        let setups = engine::ByPlayer { south: g1.setups().south, north: north.swapped(a, b) };
        let mut g2 = Game::new(rules, setups, g1.first_player()).unwrap();
        if g1.history().iter().any(|r| g2.play(r.mv).is_err()) {
            continue;
        }
        let (v1, v2) = (g1.view(Player::South), g2.view(Player::South));
        assert_eq!(v1, v2, "the views must not differ");
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let (o1, o2) = (Observation::from_view(&v1), Observation::from_view(&v2));
            let n1 = ai::think(&o1, level, Budget::nodes(2_000), &mut common::rng(2));
            let n2 = ai::think(&o2, level, Budget::nodes(2_000), &mut common::rng(2));
            assert!(n1.is_some());
            assert_eq!(n1, n2, "{level}");
        }
        compared += 1;
    }
    assert!(compared >= 5, "{compared}");
}

/// `hard` searches deeper than its three plies where its budget allows
/// enough samples there (few pieces, a large budget), and stays at three
/// plies on a small budget; the other levels keep their depth.
#[test]
fn hard_deepens_only_where_the_budget_allows() {
    let mut rng = common::rng(9);
    let endgame = flag_in_reach(RuleSetId::Battle);
    let opening = common::random_position(RuleSetId::Battle, &mut rng, 0);
    let depth = |game: &Game, level: Level, nodes: u64| {
        let obs = Observation::from_view(&game.view(game.turn()));
        let t = ai::think_counted(&obs, level, Budget::nodes(nodes), &mut common::rng(1));
        assert!(t.mv.is_some());
        (t.depth, t.samples)
    };
    let (deep, samples) = depth(&endgame, Level::Hard, 3_000_000);
    assert!(deep > 3, "hard reached {deep} plies in a five-piece endgame");
    assert!(samples > 0);
    assert_eq!(depth(&opening, Level::Hard, 20_000).0, 3, "a small budget keeps three plies");
    assert_eq!(depth(&endgame, Level::Normal, 3_000_000).0, 2, "normal never deepens");
}
