//! Jungle engine speed: legal-move generation per position, random
//! playouts (plies per second, one core) and perft. See the "# Jungle"
//! section of BENCHMARKS.md at the workspace root.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jungle::{Game, Move, Player, Position, perft, random_playout};
use rand::SeedableRng;
use rand::rngs::{SmallRng, StdRng};

/// The start and positions of random games after some plies.
fn sample_positions() -> Vec<Position> {
    let mut out = vec![Position::start(Player::South)];
    let mut rng = StdRng::seed_from_u64(99);
    for seed in 0..16u64 {
        let mut g = Game::new(if seed % 2 == 0 { Player::South } else { Player::North });
        for _ in 0..4 {
            random_playout(&mut g, &mut rng, 25);
            if g.outcome().is_none() {
                out.push(*g.position());
            }
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("jungle");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        let mut buf: Vec<Move> = Vec::with_capacity(32);
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_moves_into(&mut buf);
                n += buf.len();
            }
            black_box(n)
        });
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    // A fixed batch of plies per iteration over as many games as it takes,
    // so the throughput is plies per second; only the playouts are timed.
    let mut group = c.benchmark_group("jungle");
    let plies_per_iter = 10_000u64;
    group.throughput(Throughput::Elements(plies_per_iter));
    group.bench_function("playout", |b| {
        // A small fast generator: the playout, not the generator, is measured.
        let mut rng = SmallRng::seed_from_u64(5);
        let mut start = Game::new(Player::South);
        start.stop_recording();
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let mut left = plies_per_iter as usize;
                while left > 0 {
                    let mut g = start.clone();
                    let t = Instant::now();
                    left -= random_playout(&mut g, &mut rng, left);
                    total += t.elapsed();
                    black_box(&g);
                }
            }
            total
        });
    });
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let start = Position::start(Player::South);
    let mut group = c.benchmark_group("jungle");
    group.throughput(Throughput::Elements(perft(&start, 4)));
    group.bench_function("perft4", |b| b.iter(|| black_box(perft(&start, 4))));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = movegen, playouts, perft_start
}
criterion_main!(benches);
