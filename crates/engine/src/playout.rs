//! Random playouts, for tests and benchmarks.

use rand::Rng;

use crate::game::Game;
use crate::mv::Move;

/// Plays uniformly random legal moves until the game ends or `max_plies`
/// plies have been played; returns the number of plies played.
pub fn random_playout(game: &mut Game, rng: &mut impl Rng, max_plies: usize) -> usize {
    let mut buf: Vec<Move> = Vec::with_capacity(256);
    let mut n = 0;
    while n < max_plies && game.outcome().is_none() {
        game.legal_moves_into(&mut buf);
        let mv = buf[rng.random_range(0..buf.len())];
        game.apply(mv);
        n += 1;
    }
    n
}
