//! Caution (`hard`): the strong pieces do not attack what nobody has seen
//! move.
//!
//! A piece that has never moved and never been revealed may be a Mine
//! (R15); in a sampled army it is one only in some samples, and a search
//! that sees the sampled ranks learns, in each sample, which of those
//! pieces are safe to take — the "strategy fusion" of Perfect Information
//! Monte Carlo (Long et al., AAAI 2010). In games against other programs
//! this sent the Marshal and the General into Mines again and again. Human
//! players and the strong Stratego programs (V. de Boer's *Invincible*,
//! 2007; I. Satz's *Probe*) keep their high pieces away from
//! unknown unmoved pieces and probe them with low ones. So with caution on,
//! neither the root nor our side in the search considers an attack by a
//! [`keeps_back`] piece on an unmoved, unrevealed enemy piece, and those
//! pieces are not drawn towards such pieces by the evaluation. With no low
//! movable piece left, the cheapest piece we have probes instead. A piece
//! that is cornered — next to a revealed enemy piece that beats it, with
//! no empty square to step to — may attack blind at the root: waiting
//! loses it for sure.

use engine::{Cell, CombatResult, Move, Piece, Rank, Square, resolve};

use crate::observation::Observation;

/// Whether `rank` is too valuable to attack an unknown, unmoved piece while
/// a lower piece can: the Marshal down to the Captain, and the Scout (the
/// Spy of the classic names), which loses every attack but one.
#[must_use]
pub(crate) const fn keeps_back(rank: Rank) -> bool {
    matches!(rank, Rank::Marshal | Rank::General | Rank::Colonel | Rank::Major | Rank::Captain | Rank::Scout)
}

/// The order in which [`keeps_back`] ranks are sent to probe when no lower
/// piece is left: cheapest first.
const PROBE_ORDER: [Rank; 6] = [Rank::Captain, Rank::Major, Rank::Scout, Rank::Colonel, Rank::General, Rank::Marshal];

/// Whether our piece of `rank` on `from` stands next to a revealed enemy
/// piece that beats it (R18) and has no empty square to step to: a blind
/// attack is then better than a sure loss.
fn cornered(obs: &Observation, from: Square, rank: Rank) -> bool {
    let mut threatened = false;
    for n in (0..4).filter_map(|k| from.step(k)) {
        match obs.cell(n) {
            Cell::Empty => return false,
            Cell::Enemy(e) => threatened |= e.revealed.is_some_and(|r| resolve(r, rank) == CombatResult::AttackerWins),
            _ => {}
        }
    }
    threatened
}

/// Which of our ranks may attack unknown unmoved pieces in one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caution {
    /// By [`Rank::index`]: may make a blind attack.
    may_probe: [bool; 12],
}

impl Caution {
    /// The caution of the viewer of `obs`: the ranks that do not
    /// [`keeps_back`] probe; with none of them left, only the cheapest
    /// rank we still have (in [`PROBE_ORDER`]).
    #[must_use]
    pub(crate) fn of(obs: &Observation) -> Caution {
        let mut have = [false; 12];
        for sq in Square::all() {
            if let Cell::Own(p) = obs.cell(sq)
                && p.rank.is_movable()
            {
                have[p.rank.index()] = true;
            }
        }
        let low = Rank::ALL.into_iter().any(|r| r.is_movable() && !keeps_back(r) && have[r.index()]);
        let mut may_probe = Rank::ALL.map(|r| !keeps_back(r));
        if !low && let Some(cheapest) = PROBE_ORDER.into_iter().find(|r| have[r.index()]) {
            may_probe[cheapest.index()] = true;
        }
        Caution { may_probe }
    }

    /// A caution that lets every rank probe (the `hard` terms of the
    /// evaluation without holding anything back), for tests.
    #[cfg(test)]
    pub(crate) const fn permissive() -> Caution {
        Caution { may_probe: [true; 12] }
    }

    /// Whether an attack by `attacker` on `defender` (a piece of the
    /// sampled game) is a blind attack this caution forbids.
    #[inline]
    #[must_use]
    pub(crate) fn forbids(&self, attacker: Rank, defender: Piece) -> bool {
        !self.may_probe[attacker.index()] && !defender.revealed && !defender.moved
    }

    /// Whether `rank` is kept from unknown unmoved pieces (and so is not
    /// drawn to them by the evaluation).
    #[inline]
    #[must_use]
    pub(crate) fn holds_back(&self, rank: Rank) -> bool {
        !self.may_probe[rank.index()]
    }

    /// `legal` without the blind attacks of `obs`, but for those of a
    /// cornered piece (all of `legal` if that leaves none).
    #[must_use]
    pub(crate) fn root_moves(&self, obs: &Observation, legal: &[Move]) -> Vec<Move> {
        let kept: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| match (obs.cell(mv.from), obs.cell(mv.to)) {
                (Cell::Own(p), Cell::Enemy(e)) => {
                    self.may_probe[p.rank.index()] || e.revealed.is_some() || e.moved || cornered(obs, mv.from, p.rank)
                }
                _ => true,
            })
            .collect();
        if kept.is_empty() { legal.to_vec() } else { kept }
    }
}
