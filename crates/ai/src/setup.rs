//! The AI's setups (R5): varied and sensible, never the previous one.

use engine::{HOME_SQUARES, Rank, RuleSetId, Setup, ValidSetup, smart};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::level::Level;

/// A setup for `level` in `rules` (R4, R5), different from `previous`.
///
/// The baselines and `easy` use the engine's smart setup (RULES.md §3).
/// `normal` and `hard` in the 40-piece rule sets use a setup of their own:
/// the Flag on the back rank (in a corner a third of the time) walled in
/// by Mines, the remaining Mines as decoys on the back two ranks, the
/// Scout next to the General (to guard it against the Marshal) and off
/// the front rank, two
/// Sappers held back, the Marshal and General off the front rank, Soldiers
/// mostly in front. The Flag is never on the front rank.
#[must_use]
pub fn choose_setup<R: Rng + ?Sized>(
    rules: RuleSetId,
    level: Level,
    mut rng: &mut R,
    previous: Option<&ValidSetup>,
) -> ValidSetup {
    let data = rules.rules();
    let own = matches!(level, Level::Normal | Level::Hard | Level::HardV1) && data.fills_home();
    for _ in 0..32 {
        let s = if own { strategic(rules, rng) } else { smart(data, &mut rng) };
        if previous != Some(&s) {
            return s;
        }
    }
    // Astronomically unlikely: swap two different pieces behind the front rank.
    let s = previous.copied().unwrap_or_else(|| smart(data, &mut rng));
    let slots = s.setup().slots;
    let (a, b) = (10..30)
        .flat_map(|a| (a + 1..30).map(move |b| (a, b)))
        .find(|&(a, b)| {
            slots[a] != slots[b] && slots[a].is_some_and(Rank::is_movable) && slots[b].is_some_and(Rank::is_movable)
        })
        .unwrap_or((10, 11));
    s.swapped(a, b)
}

/// Slot `i`'s neighbours among the 40 home slots.
fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (i / 10, i % 10);
    [(col > 0).then(|| i - 1), (col < 9).then(|| i + 1), (row > 0).then(|| i - 10), (row < 3).then(|| i + 10)]
        .into_iter()
        .flatten()
}

/// The setup of `normal` and `hard` (see [`choose_setup`]).
fn strategic<R: Rng + ?Sized>(rules: RuleSetId, rng: &mut R) -> ValidSetup {
    let data = rules.rules();
    let mut slots: [Option<Rank>; HOME_SQUARES] = [None; HOME_SQUARES];
    let mut left = data.army;
    let put = |slots: &mut [Option<Rank>; HOME_SQUARES], left: &mut [u8; 12], i: usize, r: Rank| {
        slots[i] = Some(r);
        left[r.index()] -= 1;
    };
    let flag = if rng.random_ratio(1, 3) { [0, 9][rng.random_range(0..2)] } else { rng.random_range(1..9) };
    put(&mut slots, &mut left, flag, Rank::Flag);
    for n in neighbours(flag).collect::<Vec<_>>() {
        if left[Rank::Mine.index()] > 0 {
            put(&mut slots, &mut left, n, Rank::Mine);
        }
    }
    // Free slots in random order; `take` finds the first one in the wanted rows.
    let mut free: Vec<usize> = (0..HOME_SQUARES).filter(|&i| slots[i].is_none()).collect();
    free.shuffle(rng);
    let take = |free: &mut Vec<usize>, rows: std::ops::Range<usize>| -> usize {
        let pos = free.iter().position(|&i| rows.contains(&(i / 10))).unwrap_or(0);
        free.swap_remove(pos)
    };
    while left[Rank::Mine.index()] > 0 {
        let i = take(&mut free, 0..2);
        put(&mut slots, &mut left, i, Rank::Mine);
    }
    let general = take(&mut free, 1..3);
    put(&mut slots, &mut left, general, Rank::General);
    // Never on the front rank: there the opponent's first probes find it.
    if left[Rank::Scout.index()] > 0 {
        let spy = match free.iter().position(|&i| i / 10 < 3 && neighbours(general).any(|n| n == i)) {
            Some(k) => free.swap_remove(k),
            None => take(&mut free, 1..3),
        };
        put(&mut slots, &mut left, spy, Rank::Scout);
    }
    let marshal = take(&mut free, 1..3);
    put(&mut slots, &mut left, marshal, Rank::Marshal);
    for _ in 0..2.min(left[Rank::Sapper.index()]) {
        let i = take(&mut free, 0..2);
        put(&mut slots, &mut left, i, Rank::Sapper);
    }
    let soldiers = left[Rank::Soldier.index()];
    for k in 0..soldiers {
        let i = if k < soldiers * 5 / 8 { take(&mut free, 3..4) } else { take(&mut free, 0..4) };
        put(&mut slots, &mut left, i, Rank::Soldier);
    }
    for r in Rank::ALL {
        while left[r.index()] > 0 {
            let i = take(&mut free, 0..4);
            put(&mut slots, &mut left, i, r);
        }
    }
    ValidSetup::new(data, Setup { slots }).expect("the whole army is placed")
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    #[test]
    fn setups_are_sensible_varied_and_new() {
        // R4, R5 and §3: legal, Flag never on the front rank, not the previous one.
        let mut rng = StdRng::seed_from_u64(3);
        for rules in RuleSetId::EVERY {
            for level in Level::ALL {
                let mut prev: Option<ValidSetup> = None;
                for _ in 0..30 {
                    let s = choose_setup(rules, level, &mut rng, prev.as_ref());
                    assert_eq!(s.rules(), rules);
                    assert_ne!(Some(s), prev);
                    let flag = s.setup().slots.iter().position(|r| *r == Some(Rank::Flag)).unwrap();
                    assert!(flag < 30, "{rules} {level}: {}", s.to_code());
                    if matches!(level, Level::Normal | Level::Hard) && rules.rules().fills_home() {
                        // The Scout (the piece that takes the Marshal) is off the front rank.
                        let front = &s.setup().slots[30..];
                        assert!(!front.contains(&Some(Rank::Scout)), "{rules} {level}: {}", s.to_code());
                    }
                    prev = Some(s);
                }
            }
        }
    }
}
