//! Combat (R13–R18): who wins when one piece attacks another.

use serde::{Deserialize, Serialize};

use crate::rank::Rank;

/// The result of one attack (R13–R17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatResult {
    /// The defender is removed and the attacker takes its square (R13, R15
    /// Sapper on a Mine, R16 Scout on the Marshal, R17 Flag).
    AttackerWins,
    /// The attacker is removed; the defender stays (R13, R15).
    DefenderWins,
    /// Equal ranks: both are removed (R14).
    BothRemoved,
}

/// One combat as both players see it (R13, R18): both ranks and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    /// The attacking piece's rank.
    pub attacker: Rank,
    /// The defending piece's rank.
    pub defender: Rank,
    /// Who survived.
    pub result: CombatResult,
}

impl Combat {
    /// The combat of `attacker` against `defender` by [`resolve`].
    #[must_use]
    pub const fn new(attacker: Rank, defender: Rank) -> Combat {
        Combat { attacker, defender, result: resolve(attacker, defender) }
    }
}

/// Decides an attack by `attacker` (a movable rank) on `defender`.
///
/// R17: any attacker takes the Flag. R15: a Mine removes every attacker but
/// the Sapper, which removes it. R16: the Scout takes the Marshal only when
/// it attacks. R14: equal ranks both go. R13: otherwise the stronger
/// (lower Soviet number) wins.
#[must_use]
pub const fn resolve(attacker: Rank, defender: Rank) -> CombatResult {
    match (attacker, defender) {
        (_, Rank::Flag) => CombatResult::AttackerWins,
        (Rank::Sapper, Rank::Mine) => CombatResult::AttackerWins,
        (_, Rank::Mine) => CombatResult::DefenderWins,
        (Rank::Scout, Rank::Marshal) => CombatResult::AttackerWins,
        (a, d) if a as u8 == d as u8 => CombatResult::BothRemoved,
        (a, d) if (a as u8) < (d as u8) => CombatResult::AttackerWins,
        _ => CombatResult::DefenderWins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CombatResult::*;

    #[test]
    fn rule_r13_stronger_wins() {
        // R13: lower number is stronger.
        assert_eq!(resolve(Rank::Marshal, Rank::General), AttackerWins);
        assert_eq!(resolve(Rank::Soldier, Rank::Sergeant), DefenderWins);
    }

    #[test]
    fn rule_r14_equal_ranks_both_removed() {
        // R14
        for r in &Rank::ALL[..10] {
            assert_eq!(resolve(*r, *r), BothRemoved);
        }
    }

    #[test]
    fn rule_r15_mines() {
        // R15: only the Sapper removes a Mine.
        for r in &Rank::ALL[..10] {
            let want = if *r == Rank::Sapper { AttackerWins } else { DefenderWins };
            assert_eq!(resolve(*r, Rank::Mine), want, "{r:?}");
        }
    }

    #[test]
    fn rule_r16_scout_and_marshal() {
        // R16: the Scout takes the Marshal only when attacking; loses all else.
        assert_eq!(resolve(Rank::Scout, Rank::Marshal), AttackerWins);
        assert_eq!(resolve(Rank::Marshal, Rank::Scout), AttackerWins);
        for r in &Rank::ALL[1..9] {
            assert_eq!(resolve(Rank::Scout, *r), DefenderWins, "{r:?}");
            assert_eq!(resolve(*r, Rank::Scout), AttackerWins, "{r:?}");
        }
    }

    #[test]
    fn rule_r17_any_mover_takes_the_flag() {
        // R17
        for r in &Rank::ALL[..10] {
            assert_eq!(resolve(*r, Rank::Flag), AttackerWins);
        }
    }

    /// Every attacker × defender pair, against an independent statement of
    /// the table: the strength order, then the three exceptions.
    #[test]
    fn full_combat_table() {
        for a in &Rank::ALL[..10] {
            for d in Rank::ALL {
                let want = if d == Rank::Flag {
                    AttackerWins
                } else if d == Rank::Mine {
                    if *a == Rank::Sapper { AttackerWins } else { DefenderWins }
                } else if *a == Rank::Scout && d == Rank::Marshal {
                    AttackerWins
                } else {
                    let (sa, sd) = (a.soviet_number().unwrap(), d.soviet_number().unwrap());
                    match sa.cmp(&sd) {
                        std::cmp::Ordering::Less => AttackerWins,
                        std::cmp::Ordering::Equal => BothRemoved,
                        std::cmp::Ordering::Greater => DefenderWins,
                    }
                };
                assert_eq!(resolve(*a, d), want, "{a:?} attacks {d:?}");
            }
        }
    }
}
