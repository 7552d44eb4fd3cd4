//! R25 non-interference: what a player sees does not depend on the
//! opponent's hidden ranks.

mod common;

use common::random::{biased_move, seeded_game};
use engine::{CombatResult, Game, Player, RuleSetId, Setup, ValidSetup};
use proptest::prelude::*;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

fn rule_set() -> impl Strategy<Value = RuleSetId> {
    (0..RuleSetId::ALL.len()).prop_map(|i| RuleSetId::ALL[i])
}

/// The opponent's pieces that never fought, grouped so that swapping ranks
/// within a group keeps the game's record legal: never moved (any kind),
/// moved one square at a time only (movable kinds), ran (runner kind).
fn hidden_groups(g: &Game, opp: Player) -> [Vec<usize>; 3] {
    let mut at: [Option<usize>; 100] = [None; 100];
    for slot in 0..engine::HOME_SQUARES {
        if g.setups()[opp].setup().slots[slot].is_some() {
            at[engine::home_square(opp, slot).index()] = Some(slot);
        }
    }
    let (mut fought, mut moved, mut ran) = ([false; 40], [false; 40], [false; 40]);
    for rec in g.history() {
        let (f, t) = (rec.mv.from.index(), rec.mv.to.index());
        let mover = at[f].take();
        if let Some(id) = mover {
            moved[id] = true;
            ran[id] |= rec.mv.from.distance(rec.mv.to) > 1;
        }
        match rec.combat {
            None => at[t] = mover,
            Some(c) => {
                for id in [mover, at[t]].into_iter().flatten() {
                    fought[id] = true;
                }
                match c.result {
                    CombatResult::AttackerWins => at[t] = mover,
                    CombatResult::DefenderWins => {}
                    CombatResult::BothRemoved => at[t] = None,
                }
            }
        }
    }
    let mut groups: [Vec<usize>; 3] = Default::default();
    for id in (0..40).filter(|&i| g.setups()[opp].setup().slots[i].is_some() && !fought[i]) {
        groups[usize::from(moved[id]) + usize::from(ran[id])].push(id);
    }
    groups
}

/// `opp`'s setup with the ranks permuted at random within each group of
/// [`hidden_groups`].
fn permute_hidden(g: &Game, opp: Player, rng: &mut StdRng) -> ValidSetup {
    let mut slots = g.setups()[opp].setup().slots;
    for group in hidden_groups(g, opp) {
        let mut ranks: Vec<_> = group.iter().map(|&i| slots[i]).collect();
        ranks.shuffle(rng);
        for (&i, r) in group.iter().zip(ranks) {
            slots[i] = r;
        }
    }
    ValidSetup::new(g.rules(), Setup { slots }).expect("a permutation of the army")
}

#[test]
fn permutations_change_hidden_pieces() {
    // The property below is not vacuous: the permuted setups differ, also
    // among pieces that have moved.
    for id in RuleSetId::ALL {
        let (mut changed, mut moved_changed) = (0, 0);
        for seed in 0..20 {
            let (mut g, mut rng) = seeded_game(id, seed);
            for _ in 0..150 {
                if g.outcome().is_none() {
                    g.play(biased_move(&g, &mut rng)).unwrap();
                }
            }
            let p = permute_hidden(&g, Player::North, &mut rng);
            changed += usize::from(p != g.setups()[Player::North]);
            let moved = &hidden_groups(&g, Player::North)[1];
            let orig = g.setups()[Player::North].setup().slots;
            moved_changed += usize::from(moved.iter().any(|&i| p.setup().slots[i] != orig[i]));
        }
        assert!(changed >= 15, "{id}: {changed}");
        assert!(moved_changed >= 3, "{id}: {moved_changed}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// R25 non-interference: permuting the ranks of the opponent's pieces
    /// that never fought (within the groups of `hidden_groups`) and
    /// replaying the same moves leaves `view(me)` equal at every ply while
    /// the game goes on. (The end itself may differ: R20's draw exception
    /// and the classic dead position depend on the whole position, and the
    /// end reveals everything anyway, R26.)
    #[test]
    fn views_do_not_depend_on_hidden_enemy_ranks(id in rule_set(), seed in any::<u64>(), plies in 1usize..400) {
        let (mut g, mut rng) = seeded_game(id, seed);
        for _ in 0..plies {
            if g.outcome().is_some() {
                break;
            }
            g.play(biased_move(&g, &mut rng)).unwrap();
        }
        let me = if rng.random_bool(0.5) { Player::South } else { Player::North };
        let mut setups = *g.setups();
        setups[me.other()] = permute_hidden(&g, me.other(), &mut rng);
        let mut a = Game::new(id, *g.setups(), g.first_player()).unwrap();
        let mut b = Game::new(id, setups, g.first_player()).unwrap();
        for rec in g.history() {
            if a.outcome().is_some() || b.outcome().is_some() {
                break;
            }
            prop_assert_eq!(a.view(me), b.view(me), "ply {}", a.ply());
            a.play(rec.mv).unwrap();
            b.play(rec.mv).expect("the permuted game replays the record");
        }
        if a.outcome().is_none() && b.outcome().is_none() {
            prop_assert_eq!(a.view(me), b.view(me));
        }
    }
}
