//! Setup generators: «Перемешать» (shuffle) and «Расставить с умом» (smart
//! setup), RULES.md §3. Randomness comes from the caller's RNG.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::rank::Rank;
use crate::rules::RuleSet;
use crate::setup::{HOME_SQUARES, Setup, ValidSetup};

fn army_list(rules: &RuleSet) -> Vec<Rank> {
    Rank::ALL.iter().flat_map(|&r| std::iter::repeat_n(r, rules.count(r) as usize)).collect()
}

/// A uniformly random legal setup (Shuffle): every arrangement of the army
/// over the home squares (and, in duels, every choice of squares) equally likely.
#[must_use]
pub fn shuffle(rules: &RuleSet, rng: &mut impl Rng) -> ValidSetup {
    let mut slots: Vec<Option<Rank>> = army_list(rules).into_iter().map(Some).collect();
    slots.resize(HOME_SQUARES, None);
    slots.shuffle(rng);
    let setup = Setup { slots: slots.try_into().expect("40 slots") };
    ValidSetup::new(rules, setup).expect("a permutation of the army is legal")
}

/// Slot `i`'s neighbours inside the home area (same back-to-front numbering).
fn slot_neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (i / 10, i % 10);
    [(col > 0).then(|| i - 1), (col < 9).then(|| i + 1), (row > 0).then(|| i - 10), (row < 3).then(|| i + 10)]
        .into_iter()
        .flatten()
}

/// A randomised but sensible setup (Smart setup, §3): the Flag on the back
/// rank with Mines on every free orthogonal neighbour, Soldiers mostly on
/// the front rank, the Marshal and General off the front rank. In duels the
/// Flag goes to a back corner so its two Mines close it.
#[must_use]
pub fn smart(rules: &RuleSet, rng: &mut impl Rng) -> ValidSetup {
    let mut slots: [Option<Rank>; HOME_SQUARES] = [None; HOME_SQUARES];
    let mut left = rules.army;
    let full = rules.fills_home();
    // Flag on the back rank; in a duel in a corner, where two Mines suffice.
    let flag = if full {
        rng.random_range(0..10)
    } else if rng.random_bool(0.5) {
        0
    } else {
        9
    };
    slots[flag] = Some(Rank::Flag);
    left[Rank::Flag.index()] -= 1;
    for n in slot_neighbours(flag) {
        if left[Rank::Mine.index()] > 0 {
            slots[n] = Some(Rank::Mine);
            left[Rank::Mine.index()] -= 1;
        }
    }
    // The squares still free, by row (0 back .. 3 front).
    let mut free: Vec<usize> = (0..HOME_SQUARES).filter(|&i| slots[i].is_none()).collect();
    free.shuffle(rng);
    let take = |free: &mut Vec<usize>, pred: &dyn Fn(usize) -> bool| -> Option<usize> {
        let pos = free.iter().position(|&i| pred(i))?;
        Some(free.swap_remove(pos))
    };
    // Soldiers: about two in three on the front rank.
    let soldiers = left[Rank::Soldier.index()] as usize;
    let front_soldiers = if full { (soldiers * 2).div_ceil(3) } else { soldiers };
    for k in 0..soldiers {
        let want_front = k < front_soldiers;
        let i = take(&mut free, &|i| (i / 10 == 3) == want_front)
            .or_else(|| take(&mut free, &|_| true))
            .expect("room for the army");
        slots[i] = Some(Rank::Soldier);
    }
    left[Rank::Soldier.index()] = 0;
    // Marshal and General off the front rank; the other Mines off the front rank too.
    for r in [Rank::Marshal, Rank::General, Rank::Mine] {
        for _ in 0..left[r.index()] {
            let i = take(&mut free, &|i| i / 10 < 3).or_else(|| take(&mut free, &|_| true)).expect("room");
            slots[i] = Some(r);
        }
        left[r.index()] = 0;
    }
    // Everything else anywhere; in a duel the remaining pieces go forward.
    for r in Rank::ALL {
        for _ in 0..left[r.index()] {
            let i = if full {
                take(&mut free, &|_| true)
            } else {
                take(&mut free, &|i| i / 10 >= 2).or_else(|| take(&mut free, &|_| true))
            }
            .expect("room");
            slots[i] = Some(r);
        }
    }
    ValidSetup::new(rules, Setup { slots }).expect("smart setup places the whole army")
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;
    use crate::rules::RuleSetId;

    #[test]
    fn shuffle_is_legal_and_varied() {
        let mut rng = StdRng::seed_from_u64(1);
        for id in RuleSetId::ALL {
            let a = shuffle(id.rules(), &mut rng);
            let b = shuffle(id.rules(), &mut rng);
            assert_eq!(a.rules(), id);
            assert_ne!(a, b);
        }
    }

    #[test]
    fn smart_setup_guards_the_flag() {
        // §3: flag on the back rank, every free neighbour a Mine; Marshal and
        // General off the front rank; Soldiers mostly in front.
        let mut rng = StdRng::seed_from_u64(7);
        for id in RuleSetId::ALL {
            for _ in 0..200 {
                let v = smart(id.rules(), &mut rng);
                let s = v.setup().slots;
                let flag = s.iter().position(|r| *r == Some(Rank::Flag)).unwrap();
                assert!(flag < 10, "{id}: flag on the back rank");
                for n in slot_neighbours(flag) {
                    assert_eq!(s[n], Some(Rank::Mine), "{id}: {}", v.to_code());
                }
                for (i, r) in s.iter().enumerate() {
                    if matches!(r, Some(Rank::Marshal | Rank::General)) {
                        assert!(i < 30, "{id}: {}", v.to_code());
                    }
                }
                if id.rules().fills_home() {
                    let front = s[30..].iter().filter(|r| **r == Some(Rank::Soldier)).count();
                    assert!(front >= 5, "{}", v.to_code());
                }
            }
        }
    }
}
