//! The AI never proposes an illegal move: thousands of random positions of
//! every rule set, every level, each move checked by the real game.

mod common;

use ai::{Budget, Level, Observation};
use engine::RuleSetId;

#[test]
fn every_level_plays_only_legal_moves_in_every_rule_set() {
    let mut rng = common::rng(2024);
    let mut checked = 0;
    for rules in RuleSetId::EVERY {
        for _ in 0..80 {
            let game = common::random_position(rules, &mut rng, 400);
            let view = game.view(game.turn());
            let obs = Observation::from_view(&view);
            assert_eq!(obs.legal_moves(), view.legal_moves());
            for level in Level::ALL {
                let mv = ai::think(&obs, level, Budget::nodes(200), &mut rng).unwrap_or_else(|| {
                    panic!("{level} found no move in {rules} though it has {}", view.legal_moves().len())
                });
                assert!(game.check(mv).is_ok(), "{level} in {rules}: {mv}: {:?}", game.check(mv));
                checked += 1;
            }
            // Not the viewer's turn: no move.
            let theirs = game.view(game.turn().other());
            assert_eq!(ai::think(&Observation::from_view(&theirs), Level::Normal, Budget::nodes(50), &mut rng), None);
        }
    }
    assert!(checked >= 2000, "{checked}");
}

#[test]
fn whole_games_between_levels_stay_legal() {
    // Full games (every ply checked by Game::play) between the search
    // levels on small node budgets, in every rule set.
    let mut rng = common::rng(7);
    for rules in RuleSetId::EVERY {
        let data = rules.rules();
        let setups = engine::ByPlayer::new_with(|_| ai::choose_setup(rules, Level::Hard, &mut rng, None));
        let mut game = engine::Game::new(rules, setups, data.draw_first_player(&mut rng)).unwrap();
        let levels = [Level::Easy, Level::Normal];
        while game.outcome().is_none() && game.ply() < 300 {
            let view = game.view(game.turn());
            let level = levels[game.ply() % 2];
            let mv = ai::think(&Observation::from_view(&view), level, Budget::nodes(300), &mut rng).unwrap();
            game.play(mv).unwrap_or_else(|e| panic!("{rules}: {level} played {mv}: {e}"));
        }
    }
}
