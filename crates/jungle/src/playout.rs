//! Random playouts (the engine crate's [`engine::random_playout`] drives
//! a Jungle game through [`Playout`]) and perft, for tests and benchmarks.

use engine::Playout;

use crate::game::Game;
use crate::position::Position;
use crate::record::Move;

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

    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, _: &mut Vec<Move>) -> Option<Move> {
        if self.outcome().is_some() { None } else { self.pos.random_move(rng) }
    }
}

/// The number of move sequences of `depth` plies from `pos` (perft): the
/// leaves of the tree of legal moves (J5–J9), where a position won on the
/// board (J10: an animal in the enemy den, or no enemy animal left) has no
/// moves. The draws of J11 play no part (they depend on the history).
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = *pos;
            next.apply(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
