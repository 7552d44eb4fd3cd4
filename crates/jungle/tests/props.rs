//! Property tests over random games: no panic, every legal move plays,
//! every other from/to pair is refused with the game unchanged, every game
//! ends within J11's limits, and export/import and serde round-trip.

use jungle::{Game, Move, Player, QUIET_PLY_LIMIT, Square, export, import, random_playout};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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
    fn a_random_move_is_the_listed_move_the_same_draw_picks(seed in any::<u64>(), plies in 0usize..200) {
        // Playouts count moves instead of listing them: the move drawn is
        // legal (J5–J9) and the one a draw over the listed moves gives.
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = Game::new(Player::South);
        random_playout(&mut g, &mut rng, plies);
        let pos = *g.position();
        let legal = pos.legal_moves();
        let (mut a, mut b) = (rng.clone(), rng);
        let drawn = pos.random_move(&mut a);
        let listed = (!legal.is_empty()).then(|| legal[b.random_range(0..legal.len())]);
        prop_assert_eq!(drawn, listed);
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
