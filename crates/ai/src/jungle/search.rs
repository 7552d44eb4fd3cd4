//! Alpha-beta search for Jungle (perfect information): negamax with
//! iterative deepening, a transposition table, move ordering (table move,
//! den entries, captures by value, killers, history) and a quiescence
//! search on captures and den entries. `hard` adds principal variation
//! search (null windows after the first move), late-move reductions and a
//! ply more where an enemy animal stands next to its den (J10). Null-move
//! pruning was tried and dropped: 68.0 % against `normal` instead of
//! 76.8 % over the same 200 games (BENCHMARKS.md).

use jungle::{Move, Position, QUIET_PLY_LIMIT, Square};

use super::eval::{Terms, VALUE, evaluate};
use crate::level::Clock;

/// A won position's score at the root; a win `n` plies away scores `WIN - n`.
pub(crate) const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;
/// Scores above this are wins (or losses) found by the search.
const WIN_BOUND: i32 = WIN - 1_000;
const MAX_PLY: usize = 96;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i8,
    /// 0 exact, 1 lower bound (fail high), 2 upper bound (fail low).
    bound: u8,
}

/// One decision's search state.
pub(crate) struct Search<'c> {
    clock: &'c mut Clock,
    terms: Terms,
    tt: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Position hashes since the last capture of the game, then of the
    /// search path; the last is the current node's.
    path: Vec<u64>,
    bufs: Vec<Vec<Move>>,
    /// Set once the budget ran out: the scores from then on mean nothing.
    pub(crate) aborted: bool,
    /// What a draw costs the side to move at the root (points): with a
    /// contempt above 0 it plays on rather than repeat.
    contempt: i32,
    /// `hard`'s refinements: null windows after the first move, late quiet
    /// moves searched shallower first (re-searched at full depth when they
    /// beat the best so far), den threats searched a ply deeper, and no
    /// standing pat under a den threat.
    sharp: bool,
}

fn history_index(mv: Move) -> usize {
    mv.from.index() * Square::COUNT + mv.to.index()
}

fn wins_at_once(pos: &Position, mv: Move) -> bool {
    mv.to == Square::den(pos.turn().other()) || (pos.is_capture(mv) && pos.count(pos.turn().other()) == 1)
}

/// Whether an enemy animal of the side to move stands next to its den,
/// ready to enter it (J10).
fn den_threat(pos: &Position) -> bool {
    let den = Square::den(pos.turn());
    (0..4).filter_map(|d| den.step(d)).any(|sq| pos.piece_at(sq).is_some_and(|p| p.player != pos.turn()))
}

/// The value of the captured animal of `mv`, 0 for a quiet move.
pub(super) fn victim(pos: &Position, mv: Move) -> i32 {
    pos.piece_at(mv.to).filter(|p| p.player != pos.turn()).map_or(0, |p| VALUE[p.animal.rank() as usize])
}

impl<'c> Search<'c> {
    /// A search under `clock` with a table of `2^tt_bits` entries, after
    /// the game's positions since its last capture (`seen`, current last).
    pub(crate) fn new(
        clock: &'c mut Clock,
        terms: Terms,
        tt_bits: u32,
        seen: &[u64],
        contempt: i32,
        sharp: bool,
    ) -> Search<'c> {
        Search {
            clock,
            terms,
            tt: vec![Entry::default(); 1 << tt_bits],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; Square::COUNT * Square::COUNT],
            path: seen.to_vec(),
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            aborted: false,
            contempt,
            sharp,
        }
    }

    /// Scores each of `moves` (legal in `pos`) to `depth` plies: the best
    /// exactly, the others as upper bounds (the window is the best so far
    /// to infinity). Returns the best move's index and score; `None` when
    /// the budget ran out first.
    pub(crate) fn root(&mut self, pos: &Position, moves: &[Move], depth: i32, quiet: u16) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        let mut alpha = -INF;
        for (i, &mv) in moves.iter().enumerate() {
            let mut score =
                if self.sharp && best.is_some() { self.child(pos, mv, depth, alpha, alpha + 1, 0, quiet) } else { INF };
            if score > alpha && !self.aborted {
                score = self.child(pos, mv, depth, alpha, INF, 0, quiet);
            }
            if self.aborted {
                return None;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((i, score));
                alpha = alpha.max(score);
            }
        }
        best
    }

    /// The score of each root move searched with a full window to `depth`.
    pub(crate) fn root_all(&mut self, pos: &Position, moves: &[Move], depth: i32, quiet: u16) -> Vec<i32> {
        moves.iter().map(|&mv| self.child(pos, mv, depth, -INF, INF, 0, quiet)).collect()
    }

    /// Plays `mv` in `pos` (at `ply`) and returns its score for the mover,
    /// searching the rest `depth - 1` plies deep.
    #[allow(clippy::too_many_arguments)]
    fn child(&mut self, pos: &Position, mv: Move, depth: i32, alpha: i32, beta: i32, ply: usize, quiet: u16) -> i32 {
        if wins_at_once(pos, mv) {
            return WIN - ply as i32 - 1; // J10
        }
        let mut next = *pos;
        let captured = next.apply(mv).is_some();
        self.path.push(next.hash());
        let quiet = if captured { 0 } else { quiet + 1 };
        let score = -self.node(&next, depth - 1, -beta, -alpha, ply + 1, quiet);
        self.path.pop();
        score
    }

    /// Whether the current node repeats a position (J11: the search takes
    /// the first repetition as the draw it leads to).
    fn repeats(&self, quiet: u16) -> bool {
        let n = self.path.len();
        let h = self.path[n - 1];
        let window = (quiet as usize).min(n - 1);
        self.path[n - 1 - window..n - 1].iter().rev().skip(1).step_by(2).any(|&x| x == h)
    }

    fn node(&mut self, pos: &Position, mut depth: i32, mut alpha: i32, beta: i32, ply: usize, quiet: u16) -> i32 {
        if self.clock.tick() {
            self.aborted = true;
            return 0;
        }
        if quiet >= QUIET_PLY_LIMIT || self.repeats(quiet) {
            // J11: a draw, worth less than nothing to the root's side.
            return if ply.is_multiple_of(2) { -self.contempt } else { self.contempt };
        }
        // hard: a den threat (an enemy animal next to the den, J10) is
        // searched a ply deeper, like a check in chess.
        if self.sharp && depth >= 0 && ply < MAX_PLY / 2 && den_threat(pos) {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 6);
        }
        let slot = (pos.hash() as usize) & (self.tt.len() - 1);
        let e = self.tt[slot];
        let tt_move = (e.key == pos.hash()).then_some(e.mv).flatten();
        if e.key == pos.hash() && i32::from(e.depth) >= depth {
            let s = from_tt(e.score, ply);
            if e.bound == 0 || (e.bound == 1 && s >= beta) || (e.bound == 2 && s <= alpha) {
                return s;
            }
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return -(WIN - ply as i32); // J10: no legal move loses
        }
        self.order(pos, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_mv = None;
        let killers = self.killers[ply];
        for (i, &mv) in moves.iter().enumerate() {
            // A late quiet move (after the table move, captures and
            // killers) is first searched a ply shallower with a null window.
            let late = self.sharp
                && depth >= 3
                && i >= 3
                && !pos.is_capture(mv)
                && !killers.contains(&Some(mv))
                && !wins_at_once(pos, mv);
            let score = if self.sharp && i > 0 {
                // Principal variation search: every move after the first
                // is first shown to be no better with a null window.
                let first = if late { depth - 1 } else { depth };
                let mut score = self.child(pos, mv, first, alpha, alpha + 1, ply, quiet);
                if score > alpha && first < depth && !self.aborted {
                    score = self.child(pos, mv, depth, alpha, alpha + 1, ply, quiet);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = self.child(pos, mv, depth, alpha, beta, ply, quiet);
                }
                score
            } else {
                self.child(pos, mv, depth, alpha, beta, ply, quiet)
            };
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_mv = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !pos.is_capture(mv) {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                    self.history[history_index(mv)] += depth * depth;
                }
                break;
            }
        }
        self.bufs[ply] = moves;
        if !self.aborted {
            let bound = if best <= alpha0 {
                2
            } else if best >= beta {
                1
            } else {
                0
            };
            self.tt[slot] = Entry { key: pos.hash(), mv: best_mv, score: to_tt(best, ply), depth: depth as i8, bound };
        }
        best
    }

    /// Captures and den entries only, with standing pat (at most `left` plies).
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, left: u8) -> i32 {
        if self.clock.tick() {
            self.aborted = true;
            return 0;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return -(WIN - ply as i32);
        }
        if moves.iter().any(|&mv| wins_at_once(pos, mv)) {
            self.bufs[ply] = moves;
            return WIN - ply as i32 - 1;
        }
        // Under a den threat (an enemy animal next to our den) only a
        // capture can save the game: no standing pat (J10).
        let stand = if self.sharp && den_threat(pos) { -(WIN - ply as i32 - 2) } else { evaluate(pos, self.terms) };
        if stand >= beta || left == 0 || ply + 1 >= MAX_PLY {
            self.bufs[ply] = moves;
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        moves.retain(|&mv| pos.is_capture(mv));
        moves.sort_by_key(|&mv| -victim(pos, mv));
        for &mv in &moves {
            let mut next = *pos;
            next.apply(mv);
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1, left - 1);
            if self.aborted {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.bufs[ply] = moves;
        best
    }

    /// Orders `moves`: the table move, winning moves, captures by the
    /// victim's value, killers, then by history.
    fn order(&self, pos: &Position, moves: &mut [Move], tt_move: Option<Move>, ply: usize) {
        let killers = self.killers[ply];
        moves.sort_by_cached_key(|&mv| {
            let key = if Some(mv) == tt_move {
                i32::MAX
            } else if wins_at_once(pos, mv) {
                i32::MAX - 1
            } else if pos.is_capture(mv) {
                1 << 28 | victim(pos, mv)
            } else if killers.contains(&Some(mv)) {
                1 << 27
            } else {
                self.history[history_index(mv)].min((1 << 27) - 1)
            };
            -key
        });
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use jungle::Position;

    use super::*;
    use crate::level::Budget;

    /// South to move; North's Rat stands on d2, next to South's den (d1),
    /// and nothing of South's can take it in time: South's Elephant is far
    /// away on g9 (and could not take a Rat anyway, J8).
    const THREATENED: &str = "......E/......./......./......./......./......./......./...r.../......l s";

    #[test]
    fn rule_j10_hard_sees_an_unstoppable_den_threat_where_normal_stands_pat() {
        let pos: Position = THREATENED.parse().unwrap();
        assert_eq!(
            pos.piece_at(Square::den(jungle::Player::South).step(0).unwrap()).map(|p| p.animal),
            Some(jungle::Animal::Rat)
        );
        let score = |sharp: bool| {
            let mut clock = Clock::start(Budget::nodes(10_000));
            let mut search = Search::new(&mut clock, Terms::Full, 10, &[pos.hash()], 0, sharp);
            search.quiesce(&pos, -INF, INF, 0, 6)
        };
        assert!(score(true) < -WIN_BOUND, "hard: the Rat enters the den next ply");
        assert!(score(false) > -WIN_BOUND, "normal stands pat on the evaluation");
    }

    /// The same threat, but South's Cat on c2 takes the Rat (J7): hard's
    /// capture search finds the rescue.
    #[test]
    fn rule_j10_a_capture_that_removes_the_den_threat_saves_the_game() {
        let pos: Position =
            "......E/......./......./......./......./......./......./..Cr.../......l s".parse().unwrap();
        let mut clock = Clock::start(Budget::nodes(10_000));
        let mut search = Search::new(&mut clock, Terms::Full, 10, &[pos.hash()], 0, true);
        assert!(search.quiesce(&pos, -INF, INF, 0, 6) > -WIN_BOUND);
    }
}
