//! A Flag the enemy cannot see (`hard`): positions from games against the
//! 2012 UCC winner (`peternlewis`, through the arena under `ucc` rules) in
//! which an enemy piece stood beside our Flag with nothing of ours able to
//! reach it. In every sampled game the enemy takes the Flag within the
//! search's horizon, so every move loses the game and, tied, the move was
//! chosen at random; the real enemy does not know where our Flag is and
//! left it standing for 140 plies while it took our pieces one by one.

use ai::{Budget, Level, Observation};
use engine::{Cell, Rank, Square};

mod common;

#[test]
fn with_an_enemy_miner_beside_our_flag_the_general_still_runs_from_the_marshal() {
    // Ply 144: the enemy's revealed Miner on j2 has stood beside our Flag
    // on j1 since ply 108, guarded by its revealed Colonel on i3; its
    // revealed Marshal has just stepped to h7, beside our revealed General
    // on i7. In the game `hard` played c4-d4 and lost the General at once
    // (h7xi7); the Flag fell 104 plies later.
    let game = engine::import(include_str!("data/ucc-miner-beside-flag.txt")).expect("a recorded game");
    let view = game.view(game.turn());
    let obs = Observation::from_view(&view);
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert!(matches!(view.cell(sq("i7")), Cell::Own(p) if p.rank == Rank::General));
    assert!(matches!(view.cell(sq("j1")), Cell::Own(p) if p.rank == Rank::Flag));
    assert!(matches!(view.cell(sq("j2")), Cell::Enemy(e) if e.revealed == Some(Rank::Sapper)));
    for seed in 0..4 {
        let mv = ai::think(&obs, Level::Hard, Budget::nodes(300_000), &mut common::rng(seed)).unwrap();
        assert_eq!(mv.from, sq("i7"), "hard played {mv} (seed {seed}) and left the General beside the Marshal");
    }
}
