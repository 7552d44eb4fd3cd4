//! The two baselines every build carries (docs/ai-agents.md): `random` and `greedy`.

use engine::{Cell, CombatResult, Move, resolve};
use rand::Rng;

use crate::observation::Observation;

/// A uniformly random legal move; `None` when there is none.
pub(crate) fn random<R: Rng + ?Sized>(obs: &Observation, rng: &mut R) -> Option<Move> {
    let legal = obs.legal_moves();
    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
}

/// An attack that wins by ranks known from combat (R13–R18), the most
/// valuable target first; otherwise a random legal move.
pub(crate) fn greedy<R: Rng + ?Sized>(obs: &Observation, rng: &mut R) -> Option<Move> {
    let wins: Vec<(usize, Move)> = obs
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            let (Cell::Own(a), Cell::Enemy(d)) = (obs.cell(mv.from), obs.cell(mv.to)) else { return None };
            let d = d.revealed?;
            (resolve(a.rank, d) == CombatResult::AttackerWins).then_some((d.index(), mv))
        })
        .collect();
    let Some(best) = wins.iter().map(|(r, _)| *r).min() else { return random(obs, rng) };
    let top: Vec<Move> = wins.iter().filter(|(r, _)| *r == best).map(|(_, m)| *m).collect();
    Some(top[rng.random_range(0..top.len())])
}
