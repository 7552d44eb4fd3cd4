//! Search speed of `hard`: search nodes per second over whole decisions at
//! a fixed node budget, one core. A node budget makes every run search the
//! same tree (the same samples, depth and move), so only the time changes.
//! See BENCHMARKS.md at the workspace root ("Search speed").

use std::hint::black_box;
use std::time::Duration;

use ai::{Budget, Level, Observation, choose_setup, think_counted};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{ByPlayer, Game, Player, RuleSetId, random_playout};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Nodes per decision.
const NODES: u64 = 200_000;

/// The side to move's view of positions from games between `hard`'s own
/// setups (classic rules, as in the arena against the 2012 programs): the
/// start and after 40 and 120 random plies, from four games.
fn positions() -> Vec<Observation> {
    let mut rng = StdRng::seed_from_u64(5);
    let mut out = Vec::new();
    for _ in 0..4 {
        let setups = ByPlayer::new_with(|_| choose_setup(RuleSetId::Ucc, Level::Hard, &mut rng, None));
        let mut g = Game::new(RuleSetId::Ucc, setups, Player::South).expect("setups of this rule set");
        for plies in [0, 40, 80] {
            random_playout(&mut g, &mut rng, plies);
            if g.outcome().is_none() {
                out.push(Observation::from_view(&g.view(g.turn())));
            }
        }
    }
    out
}

fn hard_decisions(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("hard_search");
    group.sample_size(10).measurement_time(Duration::from_secs(30));
    group.throughput(Throughput::Elements(NODES * positions.len() as u64));
    group.bench_function("nodes", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for obs in &positions {
                let mut rng = StdRng::seed_from_u64(1);
                nodes += think_counted(obs, Level::Hard, Budget::nodes(NODES), &mut rng).nodes;
            }
            black_box(nodes)
        });
    });
    group.finish();
}

criterion_group!(benches, hard_decisions);
criterion_main!(benches);
