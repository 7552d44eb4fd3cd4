//! The AI of Jungle (RULES.md §9): perfect information, so a real
//! alpha-beta search (`search.rs`) over the game itself, taken from the
//! player's [`jungle::PlayerView`].
//!
//! | level | method | default budget |
//! |---|---|---|
//! | `random` | uniformly random legal move | – |
//! | `greedy` | a winning move, else the most valuable capture, else random | – |
//! | `easy` | two plies + captures, material and den distance, ±60 points of noise | 20 ms |
//! | `normal` | iterative deepening, material and den distance | 300 ms |
//! | `hard` | iterative deepening with principal variation search, late-move reductions and den-threat extensions, a larger table, also trap, river and den-guard terms, den threats in the capture search, avoids draws (contempt) | 1.95 s |
//!
//! Every searching level first plays a move that wins at once (J10: into
//! the enemy den, or the capture of the last enemy animal). Ties between
//! root moves go by the random generator, so games differ.

mod eval;
mod search;

use jungle::{Move, PlayerView};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::level::{Budget, Clock, Level};
use eval::Terms;
use search::{Search, victim};

/// What a draw costs `hard` (points; a Rat is 300): it avoids repeating
/// positions rather than take a draw it need not.
const HARD_CONTEMPT: i32 = 300;

/// The deepest iteration the search tries (plies).
const MAX_DEPTH: i32 = 40;

/// The AI's Jungle move for the viewer of `view` and what it cost (see
/// [`crate::Thought`]; `samples` is always 0: nothing is sampled). `mv` is
/// `None` only when the viewer has no legal move.
#[must_use]
pub fn think<R: Rng + ?Sized>(view: &PlayerView, level: Level, budget: Budget, rng: &mut R) -> crate::Thought<Move> {
    // The clock runs from the start, and the search leaves a hundredth of a
    // time budget for what follows it (freeing the table, answering), so
    // that the whole decision stays within the budget.
    let mut clock = Clock::start(Budget { time: budget.time.map(|t| t - t / 100), ..budget });
    let plain = |mv| crate::Thought { mv, nodes: 0, samples: 0, depth: 0 };
    let legal = view.legal_moves();
    if !view.my_turn() || legal.is_empty() {
        return plain(None);
    }
    let pos = *view.position();
    let winning = legal.iter().copied().find(|&mv| {
        mv.to == jungle::Square::den(view.me().other()) || (pos.is_capture(mv) && pos.count(view.me().other()) == 1)
    });
    if level == Level::Random {
        return plain(Some(legal[rng.random_range(0..legal.len())]));
    }
    if let Some(mv) = winning {
        return plain(Some(mv));
    }
    if legal.len() == 1 {
        return plain(Some(legal[0]));
    }
    if level == Level::Greedy {
        let best = legal.iter().map(|&mv| victim(&pos, mv)).max().unwrap_or(0);
        let top: Vec<Move> = legal.iter().copied().filter(|&mv| victim(&pos, mv) == best).collect();
        return plain(Some(top[rng.random_range(0..top.len())]));
    }
    let game = view.replay();
    let hard = matches!(level, Level::Hard | Level::HardV1);
    let (terms, tt_bits, contempt) = if hard { (Terms::Full, 18, HARD_CONTEMPT) } else { (Terms::Basic, 16, 0) };
    let mut search = Search::new(&mut clock, terms, tt_bits, game.positions_since_capture(), contempt, hard);
    let mut moves = legal.to_vec();
    moves.shuffle(rng);
    let quiet = game.quiet_plies();
    if level == Level::Easy {
        let scores = search.root_all(&pos, &moves, 2, quiet);
        let noisy: Vec<i32> = scores.iter().map(|s| s + rng.random_range(-60..=60)).collect();
        let best = noisy.iter().enumerate().max_by_key(|(_, s)| **s).map_or(0, |(i, _)| i);
        let nodes = clock.nodes;
        return crate::Thought { mv: Some(moves[best]), nodes, samples: 0, depth: 2 };
    }
    let mut done = 0;
    let mut best = moves[0];
    for depth in 1..=MAX_DEPTH {
        let Some((i, score)) = search.root(&pos, &moves, depth, quiet) else { break };
        best = moves[i];
        done = depth;
        // The best move first at the next depth; the rest keep their order.
        moves[..=i].rotate_right(1);
        if score.abs() > search::WIN - 1_000 {
            break; // a forced win or loss is found: deeper changes nothing
        }
    }
    let nodes = clock.nodes;
    crate::Thought { mv: Some(best), nodes, samples: 0, depth: done as u8 }
}

/// The AI's Jungle move; `None` only when the viewer has no legal move.
#[must_use]
pub fn choose_move<R: Rng + ?Sized>(view: &PlayerView, level: Level, budget: Budget, rng: &mut R) -> Option<Move> {
    think(view, level, budget, rng).mv
}
