//! Random positions of real games for the AI's tests.

#![allow(dead_code)]

use engine::{ByPlayer, Game, Player, RuleSetId, random_playout, shuffle, smart};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A game of `rules` after a random number of random plies (up to
/// `max_plies`), from smart or shuffled setups, still going.
pub fn random_position(rules: RuleSetId, rng: &mut StdRng, max_plies: usize) -> Game {
    loop {
        let data = rules.rules();
        let setups = ByPlayer::new_with(|_| if rng.random_bool(0.5) { smart(data, rng) } else { shuffle(data, rng) });
        let first = data.draw_first_player(rng);
        let Ok(mut game) = Game::new(rules, setups, first) else { continue };
        let plies = rng.random_range(0..=max_plies);
        random_playout(&mut game, rng, plies);
        if game.outcome().is_none() {
            return game;
        }
    }
}

/// A seeded generator.
pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// The side to move's opponent.
pub fn other(game: &Game) -> Player {
    game.turn().other()
}
