//! Tests of `search.rs`: move order, killers and history, the transposition table.

use engine::{Game, Player, RuleSetId};
use rand::SeedableRng;

use super::{Memory, Shape, next_best, root_values};
use crate::eval::Evaluator;
use crate::level::{Budget, Clock};

/// The `ucc` games between `engine::smart` setups after `plies` random
/// plies, of `tries` (those already over left out); the same for the
/// same `seed`.
fn midgames(seed: u64, tries: usize, plies: usize) -> Vec<Game> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let rules = RuleSetId::Ucc.rules();
    (0..tries)
        .filter_map(|_| {
            let setups = engine::ByPlayer::new_with(|_| engine::smart(rules, &mut rng));
            let mut g = Game::new(RuleSetId::Ucc, setups, Player::South).unwrap();
            engine::random_playout(&mut g, &mut rng, plies);
            g.outcome().is_none().then_some(g)
        })
        .collect()
}

/// The best root value of `g` searched to `depth` plies (two capture
/// plies, no caution) with `memory`, and the nodes it took.
fn best_root(g: &Game, depth: u8, memory: &mut Memory) -> (i32, u64) {
    let legal = g.legal_moves();
    let order: Vec<usize> = (0..legal.len()).collect();
    let ev = Evaluator::new(g, g.turn(), None);
    let shape = Shape { depth, qdepth: 2, caution: None, blind: [false; 12] };
    let mut clock = Clock::start(Budget::nodes(u64::MAX / 2));
    let values = root_values(g, &legal, &order, &ev, shape, memory, &mut clock).unwrap();
    (values.into_iter().max().unwrap(), clock.nodes)
}

#[test]
fn killers_and_history_change_the_order_not_the_value() {
    let games = midgames(7, 4, 60);
    assert!(games.len() >= 3, "positions checked: {}", games.len());
    let mut trained = Memory::new(true);
    for g in &games {
        let fresh = best_root(g, 3, &mut Memory::new(true)).0;
        // `trained` carries the killers and history of the positions
        // before: another order of the same tree.
        assert_eq!(best_root(g, 3, &mut trained).0, fresh);
    }
    assert!(trained.history.iter().flatten().any(|&h| h > 0), "no cut-off recorded");
}

#[test]
fn the_table_saves_nodes_and_keeps_the_choice() {
    // The same five-ply searches with and without the transposition
    // table: the table must cut the nodes, and the best value of a
    // position may move only where an entry of a deeper search stood
    // in for a shallower one.
    let games = midgames(11, 8, 80);
    assert!(games.len() >= 6, "positions checked: {}", games.len());
    let (mut with, mut without, mut same) = (0, 0, 0);
    for g in &games {
        let (v_with, n_with) = best_root(g, 5, &mut Memory::new(true));
        let (v_without, n_without) = best_root(g, 5, &mut Memory::new(false));
        (with, without) = (with + n_with, without + n_without);
        same += usize::from(v_with == v_without);
    }
    assert!(with * 4 < without * 3, "nodes with the table {with}, without {without}");
    assert!(same * 4 >= games.len() * 3, "the same best value in {same} of {} positions", games.len());
}

#[test]
fn moves_come_in_the_order_of_a_full_sort_by_key() {
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let rules = RuleSetId::Ucc.rules();
    let setups = engine::ByPlayer::new_with(|_| engine::smart(rules, &mut rng));
    let g = Game::new(RuleSetId::Ucc, setups, Player::South).unwrap();
    let moves = g.legal_moves();
    for _ in 0..50 {
        // Distinct keys, as `ordered` gives: repeated scores, ties
        // broken by a count-down.
        let mut list: Vec<(i32, engine::Move)> =
            moves.iter().enumerate().map(|(k, &mv)| ((k as i32 % 3) * 1024 - k as i32, mv)).collect();
        list.shuffle(&mut rng);
        let mut sorted = list.clone();
        sorted.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
        let lazy: Vec<engine::Move> = (0..list.len()).map(|i| next_best(&mut list, i)).collect();
        assert_eq!(lazy, sorted.iter().map(|&(_, mv)| mv).collect::<Vec<_>>());
    }
}
