//! Determinized search (Perfect Information Monte Carlo): sample an enemy
//! army from the belief, search the resulting game of perfect information
//! with alpha-beta to a fixed depth plus a capture search (good attacks
//! first, then quiet moves by killer moves and history), add up each root
//! move's value over the samples, play the best on average.

use engine::{CombatResult, Game, Move, Outcome, Player, WinReason, resolve};
use rand::Rng;

use crate::belief::Belief;
use crate::careful::{Careful, careful_attackers};
use crate::caution::Caution;
use crate::determinize;
use crate::eval::{Evaluator, FLAG_GUESSED, Score, WIN};
use crate::level::{Budget, Clock};
use crate::observation::Observation;
use crate::table::{Bound, Table};

/// The shape of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Plies of full-width search per sample (1 = only our move).
    pub(crate) depth: u8,
    /// Plies of the capture search below it.
    pub(crate) qdepth: u8,
    /// Most samples (the budget usually ends the loop first).
    pub(crate) max_samples: u32,
    /// Random noise added to each root move's average, in points (0 = none).
    pub(crate) noise: i32,
    /// Deepest full-width search (= `depth`: never deeper). Above `depth`,
    /// the search goes one ply deeper whenever the budget left would still
    /// give [`Params::deepen_samples`] samples at the new depth.
    pub(crate) max_depth: u8,
    /// Samples the budget must still allow at a deeper depth (see `max_depth`).
    pub(crate) deepen_samples: u32,
    /// Caution (`caution.rs`): our strong pieces make no blind attacks in
    /// the search and are not drawn to unknown unmoved pieces.
    pub(crate) caution: Option<Caution>,
    /// Whether the search keeps a transposition table (`hard`; see `table.rs`).
    pub(crate) transpositions: bool,
}

impl Params {
    fn shape(&self, depth: u8, blind: [bool; 12]) -> Shape {
        Shape { depth, qdepth: self.qdepth, caution: self.caution, blind }
    }
}

/// The shape of one sample's search: full-width plies, capture plies, our
/// side's caution (see [`Params::caution`]) and, by [`engine::Rank::index`],
/// the enemy ranks seen attacking a hidden piece of ours blind (see
/// [`careful_attackers`]).
#[derive(Clone, Copy, Debug)]
struct Shape {
    depth: u8,
    qdepth: u8,
    caution: Option<Caution>,
    blind: [bool; 12],
}

/// Samples searched at a depth before a deeper one is tried.
const SAMPLES_BEFORE_DEEPENING: u32 = 8;
/// Samples after which a decision whose every move loses (`hard`) is
/// searched again with the loss of our Flag as the enemy's guess.
const SAMPLES_BEFORE_DOOM: u32 = 4;

/// Sum and count of one root move's values over the samples.
#[derive(Clone, Copy, Default)]
pub(crate) struct Tally {
    pub(crate) sum: i64,
    pub(crate) n: u32,
}

impl Tally {
    pub(crate) fn mean(self) -> i64 {
        if self.n == 0 { i64::MIN / 4 } else { self.sum / i64::from(self.n) }
    }
}

/// Runs the determinized search on the candidate moves `legal` (legal
/// moves of `obs`); returns each move's tally, in the same order, and the
/// depth (full-width plies) the tallies come from.
pub(crate) fn run<R: Rng + ?Sized>(
    obs: &Observation,
    legal: &[Move],
    belief: &Belief,
    params: Params,
    clock: &mut Clock,
    rng: &mut R,
) -> (Vec<Tally>, u8) {
    let mut tallies = vec![Tally::default(); legal.len()];
    let mut depth = params.depth;
    // Samples searched at `depth`; whether a deeper search may still be tried.
    let (mut at_depth, mut may_deepen) = (0, params.max_depth > depth);
    let blind = belief.track.blind_attackers;
    let mut memory = Memory::new(params.transpositions);
    let mut doomed = false;
    for s in 0..params.max_samples {
        if s > 0 && clock.out() {
            break;
        }
        let ranks = belief.sample_ids(rng);
        let game = determinize::build(belief, obs, &ranks);
        let mut ev = Evaluator::new(&game, obs.me, params.caution);
        if params.caution.is_some() {
            ev.shield(&game);
        }
        if doomed {
            ev.flag_loss = FLAG_GUESSED;
        }
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(tallies[i].mean()));
        if may_deepen && at_depth >= SAMPLES_BEFORE_DEEPENING {
            // Iterative deepening over the samples: this sample one ply
            // deeper, on the share of the budget left that one sample at
            // that depth may take. If it fits, the deeper values replace
            // the shallower ones (they are not comparable: each ply changes
            // who moves last); if not, it is not tried again.
            let allowance = clock.nodes_left() / u64::from(params.deepen_samples.max(1));
            let mut probe = clock.share(allowance);
            let deeper =
                root_values(&game, legal, &order, &ev, params.shape(depth + 1, blind), &mut memory, &mut probe);
            clock.nodes += probe.nodes;
            if let Some(values) = deeper {
                depth += 1;
                (at_depth, may_deepen) = (1, depth < params.max_depth);
                tallies = values.into_iter().map(|v| Tally { sum: i64::from(v), n: 1 }).collect();
                continue;
            }
            may_deepen = false;
            if clock.out() {
                break;
            }
        }
        let values =
            root_values(&game, legal, &order, &ev, params.shape(depth, blind), &mut memory, clock).or_else(|| {
                // The first sample always gives an answer: one ply, on a small
                // node allowance of its own.
                let mut spare = Clock::start(Budget::nodes(SPARE_NODES));
                (s == 0)
                    .then(|| {
                        root_values(
                            &game,
                            legal,
                            &order,
                            &ev,
                            Shape { depth: 1, qdepth: 1, caution: params.caution, blind },
                            &mut memory,
                            &mut spare,
                        )
                    })
                    .flatten()
            });
        let Some(values) = values else { break };
        at_depth += 1;
        for (t, v) in tallies.iter_mut().zip(values) {
            t.sum += i64::from(v);
            t.n += 1;
        }
        if params.caution.is_some() && !doomed && at_depth == SAMPLES_BEFORE_DOOM {
            // Every move loses the game in every sample so far: the enemy
            // takes our Flag, which it cannot see. Start again with that
            // capture as a guess of theirs ([`FLAG_GUESSED`]).
            let lost = -(WIN / 2);
            if tallies.iter().all(|t| t.mean() <= i64::from(lost)) {
                doomed = true;
                at_depth = 0;
                tallies = vec![Tally::default(); legal.len()];
            }
        }
    }
    (tallies, depth)
}

/// Move-ordering scores are multiplied by this to break ties by the
/// generation order (more than the legal moves of any position).
const ORDER_TIES: i32 = 1024;

/// The ordering score of a quiet move that is the first killer of its ply
/// (the second has one less): above every other quiet move and every
/// losing attack, below winning attacks and good trades.
const KILLER: i32 = 4_000;
/// The ordering score of the best move the transposition table holds for
/// the position: above every other move.
const HINT: i32 = 20_000;
/// History counts are divided by this for the ordering score (so that
/// the largest count, [`HISTORY_AGE`] plus one cut-off, stays below
/// [`KILLER`]).
const HISTORY_SCALE: u16 = 16;
/// When a history count passes this, every count is halved.
const HISTORY_AGE: u16 = 60_000;

/// Node allowance of the fallback one-ply pass of the first sample.
const SPARE_NODES: u64 = 50_000;

/// Below the best root move of a sample by more than this, a move's value
/// is only bounded (fail-low), which is enough to rank it behind.
const ROOT_MARGIN: i32 = 150;

/// Each root move's value in one sampled game; `None` when the budget ran
/// out before every move was searched (an unfinished sample would bias the
/// tallies). Moves are searched in `order` (best average so far first), each
/// with the window (best − [`ROOT_MARGIN`], ∞).
fn root_values(
    game: &Game,
    legal: &[Move],
    order: &[usize],
    ev: &Evaluator,
    shape: Shape,
    memory: &mut Memory,
    clock: &mut Clock,
) -> Option<Vec<i32>> {
    let Shape { depth, qdepth, caution, blind } = shape;
    let me = game.turn();
    let careful = caution.map(|_| careful_attackers(game, me, &blind));
    // A new game: what the table learnt of another sample is not true here.
    memory.table.next_generation();
    let mut searcher =
        Searcher { ev, me, clock, qdepth, caution, careful, legal: Vec::new(), lists: Vec::new(), memory };
    let mut values = vec![0; legal.len()];
    let mut best = -WIN * 2;
    let root = ev.score(game);
    for &i in order {
        let mut child = game.clone();
        searcher.clock.tick();
        let alpha = best.saturating_sub(ROOT_MARGIN).max(-WIN * 2);
        let v = match child.play(legal[i]) {
            Ok(_) => {
                let s = ev.update(root, game, legal[i], &child);
                -searcher.negamax(&child, s, depth - 1, -WIN * 2, -alpha, 1)
            }
            Err(_) => ev.eval(game),
        };
        if searcher.clock.out() {
            return None;
        }
        best = best.max(v);
        values[i] = v;
    }
    Some(values)
}

/// The move of `list` searched `i`th: moves the entry with the highest key
/// among `list[i..]` to `i` and returns its move (a selection sort done
/// lazily, one step per move searched). With distinct keys the moves come
/// in the order a full sort by key, highest first, would give.
///
/// # Panics
/// If `i >= list.len()`.
fn next_best(list: &mut [(i32, Move)], i: usize) -> Move {
    let best = (i..list.len()).max_by_key(|&j| list[j].0).expect("i is within the list");
    list.swap(i, best);
    list[i].1
}

struct Searcher<'a> {
    ev: &'a Evaluator,
    me: Player,
    clock: &'a mut Clock,
    qdepth: u8,
    /// Our side makes no blind attacks (`caution.rs`).
    caution: Option<Caution>,
    /// The careful opponent (`hard`, see [`careful_attackers`]): by enemy
    /// rank, how it attacks our hidden pieces.
    careful: Option<[Careful; 12]>,
    /// Scratch for the legal moves of a node.
    legal: Vec<Move>,
    /// The ordered moves of the node at each ply below the root (reused,
    /// so that the search does not allocate once warmed up).
    lists: Vec<Vec<(i32, Move)>>,
    /// Killer moves, history and the transposition table (kept over the
    /// samples of a decision).
    memory: &'a mut Memory,
}

/// What the search keeps over the samples of one decision.
///
/// For the order of quiet moves: the last two that cut off at each ply
/// (killer moves) and, by the squares of a move, how much cutting off has
/// earned it (the history heuristic; Schaeffer, *The history heuristic and
/// alpha-beta search enhancements in practice*, IEEE PAMI 1989), as the
/// strong Stratego programs order their search. Kept over the samples of
/// one decision: the sampled games share the board and differ in hidden
/// ranks, so a move that refuted in one often refutes in the next.
///
/// And the transposition table ([`Table`]), whose entries count only
/// within the sample that made them.
pub(crate) struct Memory {
    killers: Vec<[Option<Move>; 2]>,
    history: Box<[[u16; 100]; 100]>,
    table: Table,
}

impl Memory {
    /// Empty killers and history, and a transposition table if `table`.
    pub(crate) fn new(table: bool) -> Memory {
        let table = if table { Table::new() } else { Table::disabled() };
        Memory { killers: Vec::new(), history: Box::new([[0; 100]; 100]), table }
    }
}

impl Searcher<'_> {
    /// The value of `g` for the side to move.
    fn negamax(&mut self, g: &Game, s: Score, depth: u8, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if let Some(o) = g.outcome() {
            return self.terminal(o, g, s, ply);
        }
        if depth == 0 {
            return self.quiesce(g, s, alpha, beta, self.qdepth, ply);
        }
        let key = g.position_hash();
        let hit = self.memory.table.probe(key, ply);
        if let Some(h) = hit.filter(|h| h.depth >= depth) {
            match h.bound {
                Bound::Exact => return h.value,
                Bound::Lower if h.value >= beta => return h.value,
                Bound::Upper if h.value <= alpha => return h.value,
                _ => {}
            }
        }
        let alpha_in = alpha;
        let mut moves = self.ordered(g, false, ply, hit.and_then(|h| h.best));
        let (mut best, mut best_move) = (-WIN * 2, None);
        let mut stopped = false;
        for i in 0..moves.len() {
            let mv = next_best(&mut moves, i);
            if self.clock.tick() {
                stopped = true;
                break;
            }
            let mut child = g.clone();
            child.play_legal(mv);
            let cs = self.ev.update(s, g, mv, &child);
            let v = -self.negamax(&child, cs, depth - 1, -beta, -alpha, ply + 1);
            if v > best {
                (best, best_move) = (v, Some(mv));
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if g.piece_at(mv.to).is_none() {
                    self.cut_off(mv, depth, ply);
                }
                break;
            }
        }
        self.give_back(moves, ply);
        if stopped {
            return best.max(self.static_value(g, s));
        }
        if best_move.is_none() {
            return self.static_value(g, s);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.memory.table.store(key, ply, depth, bound, best, best_move);
        best
    }

    /// Captures only, with stand-pat.
    fn quiesce(&mut self, g: &Game, s: Score, mut alpha: i32, beta: i32, left: u8, ply: i32) -> i32 {
        if let Some(o) = g.outcome() {
            return self.terminal(o, g, s, ply);
        }
        let stand = self.static_value(g, s);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = self.ordered(g, true, ply, None);
        for i in 0..moves.len() {
            let mv = next_best(&mut moves, i);
            if self.clock.tick() {
                break;
            }
            let mut child = g.clone();
            child.play_legal(mv);
            let cs = self.ev.update(s, g, mv, &child);
            let v = -self.quiesce(&child, cs, -beta, -alpha, left - 1, ply + 1);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.give_back(moves, ply);
        best
    }

    /// The value of the finished game `g` for the side to move, `ply`
    /// plies below the root: a win sooner is better. Where the enemy's
    /// capture of our Flag is taken as a guess of theirs
    /// ([`Evaluator::flag_loss`]), it costs that plus the material lost.
    fn terminal(&self, o: Outcome, g: &Game, s: Score, ply: i32) -> i32 {
        match o {
            Outcome::Win { winner, reason: WinReason::FlagCaptured }
                if winner != self.me && self.ev.flag_loss < WIN =>
            {
                self.static_value(g, s) - (self.ev.flag_loss - ply)
            }
            Outcome::Win { winner, .. } if winner == g.turn() => WIN - ply,
            Outcome::Win { .. } => -(WIN - ply),
            Outcome::Draw { .. } => 0,
        }
    }

    fn static_value(&self, g: &Game, s: Score) -> i32 {
        let v = self.ev.value_of(s, g);
        if g.turn() == self.me { v } else { -v }
    }

    /// Legal moves of the side to move with their order keys (distinct;
    /// `hint`, the transposition table's best move, highest, then good
    /// attacks); with `captures_only`, only attacks that win
    /// or trade by the sampled ranks. The list is unsorted: take its moves
    /// in order with [`next_best`], which sorts only as far as the search
    /// goes (most nodes cut off after a move or two). It is the buffer of
    /// `ply`; hand it back with [`Searcher::give_back`].
    fn ordered(&mut self, g: &Game, captures_only: bool, ply: i32, hint: Option<Move>) -> Vec<(i32, Move)> {
        let mut scored = self.lists.get_mut(ply as usize).map(std::mem::take).unwrap_or_default();
        scored.clear();
        if captures_only {
            g.attacks_into(&mut self.legal);
        } else {
            g.legal_moves_into(&mut self.legal);
        }
        // Ties keep the generation order: the key counts down with it.
        let killers = self.memory.killers.get(ply as usize).copied().unwrap_or_default();
        let history = &self.memory.history;
        scored.extend(self.legal.iter().enumerate().filter_map(|(k, &mv)| {
            let mut s = self.order_score(g, mv, captures_only)?;
            if hint == Some(mv) {
                s = HINT;
            } else if g.piece_at(mv.to).is_none() {
                s = if killers[0] == Some(mv) {
                    KILLER
                } else if killers[1] == Some(mv) {
                    KILLER - 1
                } else {
                    i32::from(history[mv.from.index()][mv.to.index()] / HISTORY_SCALE)
                };
            }
            Some((s * ORDER_TIES - k as i32, mv))
        }));
        scored
    }

    /// How early [`Searcher::ordered`] searches `mv` (higher first); `None`
    /// leaves it out.
    fn order_score(&self, g: &Game, mv: Move, captures_only: bool) -> Option<i32> {
        let side = g.turn();
        let att = g.piece_at(mv.from)?.rank;
        let Some(def) = g.piece_at(mv.to) else {
            return (!captures_only).then_some(0);
        };
        if side == self.me && self.caution.is_some_and(|c| c.forbids(att, def)) {
            return None;
        }
        if side != self.me
            && let Some(careful) = self.careful
            && careful[att.index()] != Careful::No
            && !def.revealed
            && !def.ran
            && !(def.moved && careful[att.index()] == Careful::OnCertainty)
        {
            // The enemy cannot see the sampled rank of a hidden piece: its
            // strong pieces attack one only where nothing it could be
            // beats them.
            return None;
        }
        let (va, vd) = (self.ev.value(side, att), self.ev.value(side.other(), def.rank));
        match resolve(att, def.rank) {
            CombatResult::AttackerWins => Some(10_000 + vd - va / 10),
            CombatResult::BothRemoved if vd >= va => Some(5_000 + vd - va),
            CombatResult::BothRemoved => (!captures_only).then_some(-va),
            CombatResult::DefenderWins => (!captures_only).then_some(-10_000 - va),
        }
    }

    /// A quiet move `mv` cut off at `ply` with `depth` plies left: it
    /// becomes the first killer of the ply and earns history.
    fn cut_off(&mut self, mv: Move, depth: u8, ply: i32) {
        let q = &mut *self.memory;
        let i = ply as usize;
        if q.killers.len() <= i {
            q.killers.resize(i + 1, [None; 2]);
        }
        let k = &mut q.killers[i];
        if k[0] != Some(mv) {
            *k = [Some(mv), k[0]];
        }
        let h = &mut q.history[mv.from.index()][mv.to.index()];
        *h += u16::from(depth) * u16::from(depth);
        if *h > HISTORY_AGE {
            // Age the table: old cut-offs count half.
            for row in q.history.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
    }

    /// Returns the list of [`Searcher::ordered`] to the buffers of `ply`.
    fn give_back(&mut self, list: Vec<(i32, Move)>, ply: i32) {
        let i = ply as usize;
        if self.lists.len() <= i {
            self.lists.resize_with(i + 1, Vec::new);
        }
        self.lists[i] = list;
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
