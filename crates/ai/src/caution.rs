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
//! pieces are not drawn towards such pieces by the evaluation — also when
//! no low piece is left: the enemy must move a piece every turn, so what
//! it still has comes out to be taken, and the unknown pieces that never
//! move by then are mostly Mines. Letting the cheapest piece probe once
//! the low ones were gone sent Captains, Majors and Colonels into Mines
//! late in the game: against the 2012 UCC winner, 76 of the 100 blind
//! attacks by our Captain and up made with ten or fewer of its unmoved
//! pieces left hit a Mine, and 1 the Flag. Without them `hard` did better
//! in 8 of the same 800 games and worse in 5 (in 16 and 2 of 536 on a
//! trial build), and as well in «Сражение» (BENCHMARKS.md,
//! thirty-third round). A piece that is cornered — next to a revealed
//! enemy piece that beats it, with no empty square to step to — may attack
//! blind at the root: waiting loses it for sure.

use engine::{Cell, CombatResult, Move, Piece, Rank, Square, resolve};

use crate::observation::Observation;

/// Whether `rank` is too valuable to attack an unknown, unmoved piece while
/// a lower piece can: the Marshal down to the Captain, and the Scout (the
/// Spy of the classic names), which loses every attack but one.
#[must_use]
pub(crate) const fn keeps_back(rank: Rank) -> bool {
    matches!(rank, Rank::Marshal | Rank::General | Rank::Colonel | Rank::Major | Rank::Captain | Rank::Scout)
}

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

/// Which of our ranks may attack unknown unmoved pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caution {
    /// The [`keeps_back`] ranks make no blind attack (else every rank may).
    strict: bool,
}

impl Caution {
    /// The caution of `hard`: only the ranks that do not [`keeps_back`]
    /// probe, whatever is left.
    #[must_use]
    pub(crate) const fn hard() -> Caution {
        Caution { strict: true }
    }

    /// A caution that lets every rank probe (the `hard` terms of the
    /// evaluation without holding anything back), for tests.
    #[cfg(test)]
    pub(crate) const fn permissive() -> Caution {
        Caution { strict: false }
    }

    /// Whether an attack by `attacker` on `defender` (a piece of the
    /// sampled game) is a blind attack this caution forbids.
    #[inline]
    #[must_use]
    pub(crate) fn forbids(&self, attacker: Rank, defender: Piece) -> bool {
        self.holds_back(attacker) && !defender.revealed && !defender.moved
    }

    /// Whether `rank` is kept from unknown unmoved pieces (and so is not
    /// drawn to them by the evaluation).
    #[inline]
    #[must_use]
    pub(crate) const fn holds_back(&self, rank: Rank) -> bool {
        self.strict && keeps_back(rank)
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
                    !self.holds_back(p.rank) || e.revealed.is_some() || e.moved || cornered(obs, mv.from, p.rank)
                }
                _ => true,
            })
            .collect();
        if kept.is_empty() { legal.to_vec() } else { kept }
    }
}

#[cfg(test)]
mod tests {
    use engine::{Move, Player, Rank, RuleSetId, Square};

    use super::Caution;
    use crate::observation::Observation;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn attack(from: &str, to: &str) -> Move {
        format!("{from}-{to}").parse().unwrap()
    }

    /// South's view with `movers` of its own beside its Flag, against
    /// North's unmoved, unknown pieces on e5 and j5 and its Flag.
    fn observe(movers: &[(&str, Rank)]) -> Observation {
        let mut pieces = vec![
            (sq("a1"), Player::South, Rank::Flag),
            (sq("e5"), Player::North, Rank::Sergeant),
            (sq("j5"), Player::North, Rank::Mine),
            (sq("j10"), Player::North, Rank::Flag),
        ];
        pieces.extend(movers.iter().map(|&(s, r)| (sq(s), Player::South, r)));
        let g = engine::Game::from_pieces(RuleSetId::Ucc, &pieces, Player::South);
        Observation::from_view(&g.view(Player::South))
    }

    #[test]
    fn high_pieces_do_not_attack_unknown_unmoved_pieces_even_with_no_low_piece_left() {
        // R15: an unmoved piece may be a Mine. With only its Captain and
        // General left, hard sends neither into one.
        let obs = observe(&[("e4", Rank::Captain), ("j4", Rank::General)]);
        let legal = obs.legal_moves();
        assert!(legal.contains(&attack("e4", "e5")) && legal.contains(&attack("j4", "j5")));
        let kept = Caution::hard().root_moves(&obs, legal);
        assert!(!kept.contains(&attack("e4", "e5")) && !kept.contains(&attack("j4", "j5")), "{kept:?}");
        assert!(!kept.is_empty());
        // A Sergeant probes.
        let obs = observe(&[("e4", Rank::Sergeant), ("j4", Rank::General)]);
        let kept = Caution::hard().root_moves(&obs, obs.legal_moves());
        assert!(kept.contains(&attack("e4", "e5")) && !kept.contains(&attack("j4", "j5")), "{kept:?}");
    }
}
