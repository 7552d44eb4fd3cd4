use std::time::{Duration, Instant};
use ai::{Budget, Level, Observation};
use engine::{ByPlayer, Game, Player, RuleSetId, random_playout};
use rand::SeedableRng;
fn main() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let rules = RuleSetId::Battle;
    for plies in [0usize, 100, 300, 600] {
        let setups = ByPlayer::new_with(|_| ai::choose_setup(rules, Level::Normal, &mut rng, None));
        let mut g = Game::new(rules, setups, Player::South).unwrap();
        random_playout(&mut g, &mut rng, plies);
        if g.outcome().is_some() { continue; }
        let obs = Observation::from_view(&g.view(g.turn()));
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            for ms in [30u64, 100] {
                let t = Instant::now();
                let mv = ai::think(&obs, level, Budget::time(Duration::from_millis(ms)), &mut rng);
                eprintln!("plies {plies} hist {} {level} {ms}ms -> {:?} in {:?}", obs.history().len(), mv.map(|m| m.to_string()), t.elapsed());
            }
        }
    }
}
