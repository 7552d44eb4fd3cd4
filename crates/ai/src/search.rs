//! Determinized search (Perfect Information Monte Carlo): sample an enemy
//! army from the belief, search the resulting game of perfect information
//! with alpha-beta to a fixed depth plus a capture search, add up each root
//! move's value over the samples, play the best on average.

use engine::{CombatResult, Game, Move, Player, Rank, resolve};
use rand::Rng;

use crate::belief::Belief;
use crate::caution::{Caution, keeps_back};
use crate::determinize;
use crate::eval::{Evaluator, Score, WIN};
use crate::level::{Budget, Clock};
use crate::observation::Observation;

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
}

impl Params {
    fn shape(&self, depth: u8) -> Shape {
        Shape { depth, qdepth: self.qdepth, caution: self.caution }
    }
}

/// The shape of one sample's search: full-width plies, capture plies, and
/// our side's caution (see [`Params::caution`]).
#[derive(Clone, Copy, Debug)]
struct Shape {
    depth: u8,
    qdepth: u8,
    caution: Option<Caution>,
}

/// Samples searched at a depth before a deeper one is tried.
const SAMPLES_BEFORE_DEEPENING: u32 = 8;

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
    for s in 0..params.max_samples {
        if s > 0 && clock.out() {
            break;
        }
        let ranks = belief.sample_ids(rng);
        let game = determinize::build(belief, obs, &ranks);
        let ev = Evaluator::new(&game, obs.me, params.caution);
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
            let deeper = root_values(&game, legal, &order, &ev, params.shape(depth + 1), &mut probe);
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
        let values = root_values(&game, legal, &order, &ev, params.shape(depth), clock).or_else(|| {
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
                        Shape { depth: 1, qdepth: 1, caution: params.caution },
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
    }
    (tallies, depth)
}

/// Move-ordering scores are multiplied by this to break ties by the
/// generation order (more than the legal moves of any position).
const ORDER_TIES: i32 = 1024;

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
    clock: &mut Clock,
) -> Option<Vec<i32>> {
    let Shape { depth, qdepth, caution } = shape;
    let me = game.turn();
    let careful = caution.map(|_| careful_attackers(game, me));
    let mut searcher = Searcher { ev, me, clock, qdepth, caution, careful, legal: Vec::new(), lists: Vec::new() };
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

/// The careful opponent of `hard`'s search: in a sampled game the enemy
/// "sees" our ranks, and its Marshal would take any piece of ours it
/// knows to be weaker — a fusion of what no opponent can know (Long et
/// al., AAAI 2010). Careful players and programs (the 2012 UCC winner
/// among them) attack a piece of ours they have not seen with a strong
/// piece ([`keeps_back`]) only when nothing it could be beats that piece:
/// never one that has not moved (it may be a Mine, R15), and a moved one
/// only when every rank of ours still unseen loses to the attacker or
/// trades with it. Low pieces probe freely. By [`Rank::index`] of the
/// enemy's attacker: whether it attacks our moved hidden pieces, as the
/// public record of `game` (ours, `me`) lets it judge (R24).
fn careful_attackers(game: &Game, me: Player) -> [bool; 12] {
    let mut unseen = [false; 12];
    for sq in engine::Square::all() {
        if let Some(p) = game.piece_at(sq)
            && p.player == me
            && p.rank.is_movable()
            && !p.revealed
            && !p.ran
        {
            unseen[p.rank.index()] = true;
        }
    }
    Rank::ALL.map(|a| {
        Rank::ALL.into_iter().filter(|r| unseen[r.index()]).all(|r| resolve(a, r) != CombatResult::DefenderWins)
    })
}

struct Searcher<'a> {
    ev: &'a Evaluator,
    me: Player,
    clock: &'a mut Clock,
    qdepth: u8,
    /// Our side makes no blind attacks (`caution.rs`).
    caution: Option<Caution>,
    /// The careful opponent (`hard`, see [`careful_attackers`]): by enemy
    /// rank, whether it attacks our moved hidden pieces.
    careful: Option<[bool; 12]>,
    /// Scratch for the legal moves of a node.
    legal: Vec<Move>,
    /// The ordered moves of the node at each ply below the root (reused,
    /// so that the search does not allocate once warmed up).
    lists: Vec<Vec<(i32, Move)>>,
}

impl Searcher<'_> {
    /// The value of `g` for the side to move.
    fn negamax(&mut self, g: &Game, s: Score, depth: u8, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if let Some(o) = g.outcome() {
            return match o.winner() {
                Some(w) if w == g.turn() => WIN - ply,
                Some(_) => -(WIN - ply),
                None => 0,
            };
        }
        if depth == 0 {
            return self.quiesce(g, s, alpha, beta, self.qdepth, ply);
        }
        let moves = self.ordered(g, false, ply);
        let mut best = -WIN * 2;
        let mut stopped = false;
        for &(_, mv) in &moves {
            if self.clock.tick() {
                stopped = true;
                break;
            }
            let mut child = g.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let cs = self.ev.update(s, g, mv, &child);
            let v = -self.negamax(&child, cs, depth - 1, -beta, -alpha, ply + 1);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.give_back(moves, ply);
        if stopped {
            return best.max(self.static_value(g, s));
        }
        if best == -WIN * 2 { self.static_value(g, s) } else { best }
    }

    /// Captures only, with stand-pat.
    fn quiesce(&mut self, g: &Game, s: Score, mut alpha: i32, beta: i32, left: u8, ply: i32) -> i32 {
        if let Some(o) = g.outcome() {
            return match o.winner() {
                Some(w) if w == g.turn() => WIN - ply,
                Some(_) => -(WIN - ply),
                None => 0,
            };
        }
        let stand = self.static_value(g, s);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let moves = self.ordered(g, true, ply);
        for &(_, mv) in &moves {
            if self.clock.tick() {
                break;
            }
            let mut child = g.clone();
            if child.play(mv).is_err() {
                continue;
            }
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

    fn static_value(&self, g: &Game, s: Score) -> i32 {
        let v = self.ev.value_of(s, g);
        if g.turn() == self.me { v } else { -v }
    }

    /// Legal moves of the side to move, good attacks first; with
    /// `captures_only`, only attacks that win or trade by the sampled ranks.
    /// The list is the buffer of `ply`; hand it back with
    /// [`Searcher::give_back`].
    fn ordered(&mut self, g: &Game, captures_only: bool, ply: i32) -> Vec<(i32, Move)> {
        let mut scored = self.lists.get_mut(ply as usize).map(std::mem::take).unwrap_or_default();
        scored.clear();
        if captures_only {
            g.attacks_into(&mut self.legal);
        } else {
            g.legal_moves_into(&mut self.legal);
        }
        // Ties keep the generation order, as a stable sort would, without
        // the scratch a stable sort allocates.
        scored.extend(self.legal.iter().enumerate().filter_map(|(k, &mv)| {
            let s = self.order_score(g, mv, captures_only)?;
            Some((s * ORDER_TIES - k as i32, mv))
        }));
        scored.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
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
            && keeps_back(att)
            && !def.revealed
            && !def.ran
            && !(def.moved && careful[att.index()])
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
mod tests {
    use engine::{Game, Player, Rank, RuleSetId, Square};

    use super::careful_attackers;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_careful_enemy_attacks_moved_hidden_pieces_only_when_nothing_unseen_beats_it() {
        // South (ours): Marshal, General, Sergeant; North: a Soldier to be
        // taken, a Flag, and a piece to pass with.
        let pieces = [
            (sq("a4"), Player::South, Rank::Marshal),
            (sq("c4"), Player::South, Rank::General),
            (sq("e4"), Player::South, Rank::Sergeant),
            (sq("a1"), Player::South, Rank::Flag),
            (sq("a5"), Player::North, Rank::Soldier),
            (sq("j7"), Player::North, Rank::Sergeant),
            (sq("j10"), Player::North, Rank::Flag),
        ];
        let mut g = Game::from_pieces(RuleSetId::Ucc, &pieces, Player::South);
        let careful = careful_attackers(&g, Player::South);
        // Our Marshal is unseen: only the Marshal (which at worst trades
        // with it) may take a moved hidden piece; the General may not.
        assert!(careful[Rank::Marshal.index()]);
        assert!(!careful[Rank::General.index()]);
        assert!(!careful[Rank::Colonel.index()]);
        // The Marshal takes the Soldier and is revealed (R18): now our
        // unseen General is the strongest unknown, so the General may
        // attack (it trades at worst), the Colonel still may not.
        g.play("a4-a5".parse().unwrap()).unwrap();
        g.play("j7-j6".parse().unwrap()).unwrap();
        assert!(g.piece_at(sq("a5")).unwrap().revealed);
        let careful = careful_attackers(&g, Player::South);
        assert!(careful[Rank::General.index()]);
        assert!(!careful[Rank::Colonel.index()]);
    }
}
