//! Engine speed: legal-move generation per position and random playouts
//! (plies per second, one core). See BENCHMARKS.md at the workspace root.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::{ByPlayer, Game, Move, Player, RuleSetId, random_playout, shuffle, smart};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A fresh game of `id` from smart setups drawn with `seed`.
fn new_game(id: RuleSetId, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = id.rules();
    let setups =
        ByPlayer::new_with(|p| if p == Player::South { smart(rules, &mut rng) } else { shuffle(rules, &mut rng) });
    Game::new(id, setups, Player::South).expect("setups of this rule set")
}

/// Positions sampled from random games: the start and some midgame plies.
fn sample_positions(id: RuleSetId) -> Vec<Game> {
    let mut out = Vec::new();
    let mut rng = StdRng::seed_from_u64(99);
    for seed in 0..16 {
        let mut g = new_game(id, seed);
        out.push(g.clone());
        for _ in 0..4 {
            random_playout(&mut g, &mut rng, 40);
            if g.outcome().is_none() {
                out.push(g.clone());
            }
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for id in RuleSetId::ALL {
        let positions = sample_positions(id);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(id), &positions, |b, positions| {
            let mut buf: Vec<Move> = Vec::with_capacity(256);
            b.iter(|| {
                let mut n = 0;
                for g in positions {
                    g.legal_moves_into(&mut buf);
                    n += buf.len();
                }
                black_box(n)
            });
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for id in RuleSetId::ALL {
        // Playouts end after different numbers of plies, so each iteration
        // plays a fixed batch of plies over as many games as it takes:
        // criterion's throughput is then plies per second. Only the
        // playouts are timed, not cloning the start positions.
        let starts: Vec<Game> = (0..32).map(|s| new_game(id, s)).collect();
        let plies_per_iter = 10_000u64;
        group.throughput(Throughput::Elements(plies_per_iter));
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            let mut rng = StdRng::seed_from_u64(5);
            let mut k = 0usize;
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut left = plies_per_iter as usize;
                    while left > 0 {
                        let mut g = starts[k % starts.len()].clone();
                        k += 1;
                        let t = Instant::now();
                        left -= random_playout(&mut g, &mut rng, left);
                        total += t.elapsed();
                        black_box(&g);
                    }
                }
                total
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = movegen, playouts
}
criterion_main!(benches);
