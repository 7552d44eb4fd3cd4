//! Random games for the property tests: setups, and a move policy biased
//! towards the situations the two-square and chasing rules are about.

use engine::{ByPlayer, Game, Move, MoveError, RuleSetId, Square, shuffle, smart};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A new game of `id`: each side's setup shuffled or smart, first player by R7.
pub fn new_game(id: RuleSetId, rng: &mut StdRng) -> Game {
    let rules = id.rules();
    let pick = |rng: &mut StdRng| if rng.random_bool(0.5) { shuffle(rules, rng) } else { smart(rules, rng) };
    let setups = ByPlayer { south: pick(rng), north: pick(rng) };
    let first = rules.draw_first_player(rng);
    Game::new(id, setups, first).expect("generated setups are legal")
}

/// A new game from a seed.
pub fn seeded_game(id: RuleSetId, seed: u64) -> (Game, StdRng) {
    let mut rng = StdRng::seed_from_u64(seed);
    (new_game(id, &mut rng), rng)
}

/// A legal move: often the way back (R11 series); often a chase: the
/// piece the opponent's last move came next to steps aside, or the piece
/// that moved last follows the opponent's last-moved piece; else uniform.
pub fn biased_move(g: &Game, rng: &mut StdRng) -> Move {
    let moves = g.legal_moves();
    let h = g.history();
    let pick = |v: &[Move], rng: &mut StdRng| (!v.is_empty()).then(|| v[rng.random_range(0..v.len())]);
    let quiet = |m: &&Move| g.piece_at(m.to).is_none();
    let r: f64 = rng.random();
    if r < 0.3 && h.len() >= 2 {
        let last = h[h.len() - 2].mv;
        let back = Move::new(last.to, last.from);
        if moves.contains(&back) {
            return back;
        }
    } else if r < 0.85 && !h.is_empty() {
        let threat = h[h.len() - 1].mv.to;
        // Evade: a threatened piece steps aside (diagonal to the threat),
        // which lets chases go round in circles.
        let evade: Vec<Move> = moves
            .iter()
            .filter(quiet)
            .filter(|m| m.from.is_adjacent(threat) && m.to.distance(threat) == 2 && m.to.file() != threat.file())
            .filter(|m| m.to.rank() != threat.rank())
            .copied()
            .collect();
        if let Some(m) = pick(&evade, rng) {
            return m;
        }
        // Chase: the piece this side moved last follows into the square the
        // opponent's last-moved piece has just left.
        if h.len() >= 2 {
            let follow = Move::new(h[h.len() - 2].mv.to, h[h.len() - 1].mv.from);
            if follow.to.is_adjacent(threat) && moves.contains(&follow) {
                return follow;
            }
        }
        let near: Vec<Move> = moves.iter().filter(quiet).filter(|m| m.to.is_adjacent(threat)).copied().collect();
        if let Some(m) = pick(&near, rng) {
            return m;
        }
    }
    moves[rng.random_range(0..moves.len())]
}

/// Every move of the side to move along a file or rank from one of its
/// pieces: `check` accepts exactly the legal ones. Returns the refusals
/// by R11 and the chasing rule seen.
pub fn check_line_moves(g: &Game) -> (usize, usize) {
    let legal = g.legal_moves();
    let mut is_legal = [false; 10_000];
    for m in &legal {
        assert!(!is_legal[m.from.index() * 100 + m.to.index()], "duplicate {m}");
        is_legal[m.from.index() * 100 + m.to.index()] = true;
    }
    let (mut r11, mut chase, mut n) = (0, 0, 0);
    for from in Square::all().filter(|s| g.piece_at(*s).is_some_and(|p| p.player == g.turn())) {
        for to in Square::all().filter(|t| t.file() == from.file() || t.rank() == from.rank()) {
            let m = Move::new(from, to);
            let r = g.check(m);
            assert_eq!(r.is_ok(), is_legal[from.index() * 100 + to.index()], "{m} at ply {}: {r:?}", g.ply());
            n += usize::from(r.is_ok());
            r11 += usize::from(r == Err(MoveError::TwoSquareRule));
            chase += usize::from(r == Err(MoveError::ChasingRule));
        }
    }
    assert_eq!(n, legal.len());
    (r11, chase)
}
