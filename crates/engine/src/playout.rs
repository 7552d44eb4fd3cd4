//! Random playouts, for tests and benchmarks, of any game of the product.

use rand::Rng;

use crate::game::Game;
use crate::mv::Move;

/// A game that [`random_playout`] can drive: Stratego's [`Game`] here,
/// Jungle's in its own crate.
pub trait Playout {
    /// The game's move.
    type Move: Copy;

    /// Whether the game has ended.
    fn is_over(&self) -> bool;

    /// The legal moves of the side to move, into `out` (cleared first).
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// Plays `mv`, one of the moves [`Playout::legal_moves_into`] just
    /// gave, without checking it again (for speed).
    fn play_legal(&mut self, mv: Self::Move);

    /// A legal move drawn uniformly at random (`None` when there is none):
    /// by default the `k`-th of [`Playout::legal_moves_into`] (into `buf`)
    /// for `k` drawn by `rng.random_range(0..len)`. A game that can count
    /// its moves without listing them may override it, drawing the same
    /// `k` from the same generator so that playouts stay the same.
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.legal_moves_into(buf);
        (!buf.is_empty()).then(|| buf[rng.random_range(0..buf.len())])
    }
}

impl Playout for Game {
    type Move = Move;

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        Game::legal_moves_into(self, out);
    }

    fn play_legal(&mut self, mv: Move) {
        self.apply(mv);
    }
}

/// Plays uniformly random legal moves until the game ends or `max_plies`
/// plies have been played; returns the number of plies played.
pub fn random_playout<G: Playout>(game: &mut G, rng: &mut impl Rng, max_plies: usize) -> usize {
    let mut buf: Vec<G::Move> = Vec::with_capacity(256);
    let mut n = 0;
    while n < max_plies && !game.is_over() {
        let Some(mv) = game.random_move(rng, &mut buf) else { break };
        game.play_legal(mv);
        n += 1;
    }
    n
}
