//! Caution (`hard`): positions from games against the 2012 UCC winner
//! (`peternlewis`, through the arena under `ucc` rules) in which the
//! Marshal or a Colonel attacked a piece that had never moved nor been
//! revealed — a Mine — while a low piece could have probed it. `hard` makes no such
//! attack; `hard-v1` (the level before caution) is shown to make it, so the
//! positions do test something.

use ai::{Budget, Level, Observation};
use engine::{Cell, Move, Rank};

mod common;

/// Whether `mv` is an attack by a strong piece (or the Spy, `Scout` here)
/// on an enemy piece nobody has seen move or fight.
fn blind_attack(obs_view: &engine::PlayerView, mv: Move) -> bool {
    let strong = [Rank::Marshal, Rank::General, Rank::Colonel, Rank::Major, Rank::Captain, Rank::Scout];
    matches!(
        (obs_view.cell(mv.from), obs_view.cell(mv.to)),
        (Cell::Own(p), Cell::Enemy(e)) if strong.contains(&p.rank) && e.revealed.is_none() && !e.moved
    )
}

fn check(record: &str) {
    let game = engine::import(record).expect("a recorded game");
    let view = game.view(game.turn());
    let obs = Observation::from_view(&view);
    let blind: Vec<Move> = view.legal_moves().iter().copied().filter(|m| blind_attack(&view, *m)).collect();
    assert!(!blind.is_empty(), "the position offers a blind attack");
    let mut v1_blind = 0;
    for seed in 0..6 {
        let mv = ai::think(&obs, Level::Hard, Budget::nodes(150_000), &mut common::rng(seed)).unwrap();
        assert!(!blind_attack(&view, mv), "hard played the blind attack {mv} (seed {seed})");
        let old = ai::think(&obs, Level::HardV1, Budget::nodes(150_000), &mut common::rng(seed)).unwrap();
        v1_blind += usize::from(blind_attack(&view, old));
    }
    assert!(v1_blind > 0, "hard-v1 never attacked blindly here: the position tests nothing");
}

#[test]
fn the_marshal_does_not_attack_an_unmoved_back_rank_piece() {
    // Ply 257 of the game: the Marshal on h8 next to h9 (a Mine).
    check(include_str!("data/ucc-marshal-before-mine.txt"));
}

#[test]
fn the_colonel_does_not_attack_an_unmoved_piece_in_the_opening() {
    // Ply 14 of another game: North's Colonel on i2 next to i1 (a Mine).
    check(include_str!("data/ucc-colonel-before-mine.txt"));
}

#[test]
fn a_cornered_general_attacks_blind_rather_than_wait_for_the_marshal() {
    // Ply 192 of a game against `peternlewis`: our revealed General on c7
    // has the revealed enemy Marshal on b7, the lake on c6 and two pieces
    // that never moved on c8 and d7 — no empty square to step to. Waiting
    // loses the General for sure (the game record: b7xc7 at ply 194); a
    // blind attack is the only chance, and here either one wins.
    let game = engine::import(include_str!("data/ucc-general-cornered.txt")).expect("a recorded game");
    let view = game.view(game.turn());
    let obs = Observation::from_view(&view);
    let c7: engine::Square = "c7".parse().unwrap();
    assert!(matches!(view.cell(c7), Cell::Own(p) if p.rank == Rank::General));
    for seed in 0..3 {
        let mv = ai::think(&obs, Level::Hard, Budget::nodes(150_000), &mut common::rng(seed)).unwrap();
        assert!(mv.from == c7 && blind_attack(&view, mv), "hard played {mv} (seed {seed}), not a blind attack from c7");
    }
}

#[test]
fn the_spy_does_not_step_next_to_a_captain_that_probes() {
    // Ply 54 of a game against `peternlewis` at 1 s a move: the enemy's
    // revealed Captain on e5, its revealed Marshal on f5, our unmoved Spy
    // on e3. `hard` played e3-e4 — next to the Captain, which took the Spy
    // at once: its search had the Captain attack a hidden piece only on
    // certainty, as the Major and higher pieces of a careful opponent do,
    // while that program's Captains and lower pieces probe every unknown
    // piece beside them.
    let game = engine::import(include_str!("data/ucc-spy-beside-captain.txt")).expect("a recorded game");
    let view = game.view(game.turn());
    let obs = Observation::from_view(&view);
    let (e3, e4): (engine::Square, engine::Square) = ("e3".parse().unwrap(), "e4".parse().unwrap());
    assert!(matches!(view.cell(e3), Cell::Own(p) if p.rank == Rank::Scout));
    for seed in 0..4 {
        let mv = ai::think(&obs, Level::Hard, Budget::nodes(300_000), &mut common::rng(seed)).unwrap();
        assert!(!(mv.from == e3 && mv.to == e4), "hard moved the Spy next to the Captain (seed {seed})");
    }
}
