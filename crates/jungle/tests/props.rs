//! Property tests over random games: no panic, every legal move plays,
//! every other from/to pair is refused with the game unchanged, every game
//! ends within J11's limits, and export/import and serde round-trip.

use jungle::{Game, Move, Player, QUIET_PLY_LIMIT, Square, export, import, random_playout};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// At most 16 captures (one per enemy animal, J10) with at most 100 quiet
/// plies before each and after the last (J11).
const MAX_PLIES: usize = 16 * QUIET_PLY_LIMIT as usize;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn rule_j5_j9_every_legal_move_plays_every_other_is_refused(
        south_first in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 1..160),
    ) {
        // J5–J9, J4: the generator and the check agree on all 63×63 pairs.
        let mut g = Game::new(if south_first { Player::South } else { Player::North });
        for pick in picks {
            let legal = g.legal_moves();
            let mut copy = g.clone();
            for from in Square::all() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    if !legal.contains(&m) {
                        prop_assert!(copy.play(m).is_err(), "{} was accepted", m);
                    }
                }
            }
            prop_assert_eq!(&copy, &g, "refused moves leave the game unchanged");
            for &m in &legal {
                let mut t = g.clone();
                let r = t.play(m);
                prop_assert!(r.is_ok(), "{} was refused: {:?}", m, r);
            }
            if g.outcome().is_some() {
                prop_assert!(legal.is_empty());
                break;
            }
            g.play(legal[pick as usize % legal.len()]).unwrap();
        }
    }

    #[test]
    fn a_random_move_is_a_legal_move(seed in any::<u64>(), plies in 0usize..200) {
        // Playouts draw (animal, direction) slots instead of listing the
        // moves: the move drawn is legal (J5–J9), and there is one exactly
        // when the list is not empty (J10).
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = Game::new(Player::South);
        random_playout(&mut g, &mut rng, plies);
        let pos = *g.position();
        let legal = pos.legal_moves();
        match pos.random_move(&mut rng) {
            Some(mv) => prop_assert!(legal.contains(&mv), "{mv} is not legal in {pos}"),
            None => prop_assert!(legal.is_empty()),
        }
    }

    #[test]
    fn rule_j10_j11_random_games_end_within_the_limits(seed in any::<u64>(), south_first in any::<bool>()) {
        // J10, J11: every game ends; never more than 100 quiet plies in a row.
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = Game::new(if south_first { Player::South } else { Player::North });
        while g.outcome().is_none() {
            random_playout(&mut g, &mut rng, 1);
            prop_assert!(g.quiet_plies() <= QUIET_PLY_LIMIT);
            prop_assert!(g.occurrences() <= 3);
            // J11: a third occurrence always ends the game (the filter that skips the count never hides one).
            prop_assert!(g.outcome().is_some() || g.occurrences() < 3);
            prop_assert!(g.ply() <= MAX_PLIES);
        }
        // J12: the record round-trips.
        prop_assert_eq!(import(&export(&g)), Ok(g.clone()));
        let json = serde_json::to_string(&g).unwrap();
        prop_assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), g);
    }
}

/// Draws `n` random moves per legal move in `pos` and checks that each
/// legal move came up within 25 % of its share (a fixed seed, so the
/// check is deterministic; the bound is over 5 standard deviations).
fn assert_uniform(pos: &jungle::Position, seed: u64) {
    const PER_MOVE: usize = 600;
    let legal = pos.legal_moves();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut counts = vec![0usize; legal.len()];
    for _ in 0..PER_MOVE * legal.len() {
        let mv = pos.random_move(&mut rng).expect("a legal move");
        counts[legal.iter().position(|&m| m == mv).expect("drawn moves are legal")] += 1;
    }
    for (mv, &c) in legal.iter().zip(&counts) {
        assert!(c.abs_diff(PER_MOVE) < PER_MOVE / 4, "{mv} drawn {c} times of about {PER_MOVE} in {pos}");
    }
}

#[test]
fn random_moves_are_uniform_over_the_legal_moves() {
    // Playouts draw every legal move (J5–J9) with the same chance: at the
    // start and in positions of random games.
    let mut rng = StdRng::seed_from_u64(7);
    let mut g = Game::new(Player::South);
    assert_uniform(g.position(), 1);
    for seed in 2..8 {
        random_playout(&mut g, &mut rng, 15);
        if g.outcome().is_some() {
            g = Game::new(Player::North);
        }
        assert_uniform(g.position(), seed);
    }
}

#[test]
fn random_moves_are_uniform_where_few_moves_are_legal() {
    // South's Elephant on a1 is walled in by its own Rat, Dog and Cat
    // (J5): 4 of 16 (animal, direction) slots are legal moves, so the draw
    // often misses and now and then falls back to the list: still uniform.
    let pos: jungle::Position =
        "......l/......./......./......./......./......./......./DC...../ER..... s".parse().unwrap();
    assert_eq!(pos.legal_moves().len(), 4);
    assert_uniform(&pos, 9);
}
