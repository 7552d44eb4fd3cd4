//! The setup prior of `hard`: how likely each rank is on each home square
//! at the start, as the AI itself would set up.
//!
//! Programs that play Stratego well weigh hidden ranks by where pieces
//! usually stand at the start — de Boer's *Invincible* (MSc thesis, TU
//! Delft, 2007) and the opponent models of Stankiewicz & Schadd (BNAIC
//! 2009) draw that from records of human setups. With no such records,
//! `hard` assumes that the enemy sets up the way a sensible player (this
//! AI, [`crate::choose_setup`]) does: the table is counted once per rule
//! set over a fixed sample of those setups, then blended with "no
//! preference" so that an unusual setup is still believed possible.

use std::sync::OnceLock;

use engine::{HOME_SQUARES, Player, Rank, RuleSetId, Square, home_slot};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::level::Level;
use crate::setup::choose_setup;

/// Setups counted per rule set.
const SAMPLE: u32 = 4_000;
/// Weight of "no preference" (factor 1) in the blend.
const FLAT: f32 = 0.15;

/// Factor of each rank ([`Rank::index`]) on each setup slot (`0..40`,
/// [`engine::home_square`]): P(rank | slot) / P(rank), blended with 1 by
/// [`FLAT`]; `> 1` where the rank is more common than on average.
#[derive(Debug)]
pub(crate) struct SetupPrior {
    factor: [[f32; 12]; HOME_SQUARES],
}

impl SetupPrior {
    /// The prior of `rules`, counted on first use (a few milliseconds) and
    /// kept for the life of the process.
    pub(crate) fn of(rules: RuleSetId) -> &'static SetupPrior {
        static PRIORS: [OnceLock<SetupPrior>; RuleSetId::EVERY.len()] =
            [const { OnceLock::new() }; RuleSetId::EVERY.len()];
        PRIORS[index(rules)].get_or_init(|| SetupPrior::count(rules))
    }

    /// The prior that `hard` holds ([`crate::Belief::suspecting`]): that
    /// of [`SetupPrior::of`], except that the Scout (the piece that takes
    /// the Marshal, R16) may stand on any square (factor 1 everywhere).
    ///
    /// Where a player hides the Scout is a matter of taste, not of
    /// soundness as for the Flag or the Mines; a prior that presumes our
    /// own habit (the Scout beside the General, off the front rank) gets
    /// other players wrong where it costs most. Against the 2012 UCC
    /// winner, whose Scout waits unmoved on its front rank, our revealed
    /// Marshal stepped next to unmoved front-rank pieces 81 times in 400
    /// games and 42 of them were the Scout, which took it; with this prior
    /// `hard` scored 67.1 % instead of 58.6 % over the same 400 games
    /// (BENCHMARKS.md, seventeenth round).
    pub(crate) fn open_scout(rules: RuleSetId) -> &'static SetupPrior {
        static PRIORS: [OnceLock<SetupPrior>; RuleSetId::EVERY.len()] =
            [const { OnceLock::new() }; RuleSetId::EVERY.len()];
        PRIORS[index(rules)].get_or_init(|| {
            let mut factor = SetupPrior::of(rules).factor;
            for row in &mut factor {
                row[Rank::Scout.index()] = 1.0;
            }
            SetupPrior { factor }
        })
    }

    fn count(rules: RuleSetId) -> SetupPrior {
        let mut rng = StdRng::seed_from_u64(0x5e7u64);
        let mut count = [[0u32; 12]; HOME_SQUARES];
        let mut total = [0u32; 12];
        for _ in 0..SAMPLE {
            let s = choose_setup(rules, Level::Hard, &mut rng, None);
            for (slot, r) in s.setup().slots.iter().enumerate() {
                if let Some(r) = r {
                    count[slot][r.index()] += 1;
                    total[r.index()] += 1;
                }
            }
        }
        let mut factor = [[1.0; 12]; HOME_SQUARES];
        for (slot, row) in factor.iter_mut().enumerate() {
            for r in Rank::ALL {
                let i = r.index();
                if total[i] > 0 {
                    // P(r | slot) / P(r) = count / (total / slots).
                    let ratio = count[slot][i] as f32 * HOME_SQUARES as f32 / total[i] as f32;
                    row[i] = FLAT + (1.0 - FLAT) * ratio;
                }
            }
        }
        SetupPrior { factor }
    }

    /// The factors of every rank ([`Rank::index`]) for a piece of `owner`
    /// that started on `sq` (all 1 off the home squares).
    pub(crate) fn factors(&self, owner: Player, sq: Square) -> &[f32; 12] {
        static NO_PREFERENCE: [f32; 12] = [1.0; 12];
        home_slot(owner, sq).map_or(&NO_PREFERENCE, |slot| &self.factor[slot])
    }

    /// The factor of `rank` for a piece of `owner` that started on `sq`
    /// (1 off the home squares).
    pub(crate) fn factor(&self, owner: Player, sq: Square, rank: Rank) -> f32 {
        self.factors(owner, sq)[rank.index()]
    }
}

/// The place of `rules` in [`RuleSetId::EVERY`] (the slot of its priors).
fn index(rules: RuleSetId) -> usize {
    RuleSetId::EVERY.iter().position(|r| *r == rules).expect("every rule set is in EVERY")
}

#[cfg(test)]
mod tests {
    use engine::home_square;

    use super::*;

    #[test]
    fn the_prior_follows_sensible_setups() {
        // RULES §3 advice as the AI's setups follow it: the Flag on the
        // back rank, Soldiers in front, Marshal and General behind it.
        let p = SetupPrior::of(RuleSetId::Battle);
        for player in [Player::South, Player::North] {
            let back = home_square(player, 4);
            let front = home_square(player, 34);
            assert!(p.factor(player, back, Rank::Flag) > 2.0);
            assert!(p.factor(player, front, Rank::Flag) <= FLAT + 1e-6);
            assert!(p.factor(player, front, Rank::Soldier) > 1.5);
            assert!(p.factor(player, front, Rank::Marshal) <= FLAT + 1e-6);
            assert!(p.factor(player, home_square(player, 24), Rank::Marshal) > 1.0);
            assert_eq!(p.factor(player.other(), back, Rank::Flag), 1.0, "not a home square of the other side");
        }
    }

    #[test]
    fn hards_prior_lets_the_scout_stand_anywhere_and_keeps_the_rest() {
        // R16: where the Scout hides is taste; the Flag's place is not.
        for rules in [RuleSetId::Battle, RuleSetId::Ucc] {
            let (ours, open) = (SetupPrior::of(rules), SetupPrior::open_scout(rules));
            let front = home_square(Player::South, 34);
            assert!(
                ours.factor(Player::South, front, Rank::Scout) <= FLAT + 1e-6,
                "our own setups keep it off the front"
            );
            for slot in 0..HOME_SQUARES {
                let sq = home_square(Player::North, slot);
                assert_eq!(open.factor(Player::North, sq, Rank::Scout), 1.0);
                for r in Rank::ALL.into_iter().filter(|&r| r != Rank::Scout) {
                    assert_eq!(open.factor(Player::North, sq, r), ours.factor(Player::North, sq, r));
                }
            }
        }
    }
}
