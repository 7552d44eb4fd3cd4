//! `srazhenie arena`: N games between two AI levels (ARENA.md).
//!
//! Game `i` is seeded from the run's seed and `i` alone, so a run with a
//! node-free (time) budget differs only by timing. Side A plays South in
//! even games; the first move alternates every two games where the rule
//! set draws it by lot (R7), so A meets every side × first-move pairing
//! equally often. A move the engine refuses is a bug: the run panics.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ai::Level;
use engine::{ByPlayer, DrawReason, FirstMove, Game, Outcome, Player, RuleSetId, WinReason};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::stats::{Tally, elo, fmt_elo, ms, time_summary};

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Side A's level.
    pub a: Level,
    /// Side B's level.
    pub b: Level,
    /// Games to play.
    pub games: usize,
    /// The rule set.
    pub rules: RuleSetId,
    /// Seed of the whole run.
    pub seed: u64,
    /// Think time per move of A.
    pub think_a: Duration,
    /// Think time per move of B.
    pub think_b: Duration,
    /// Node budget per move of A: replaces its think time (reproducible, and
    /// independent of the machine's load).
    pub nodes_a: Option<u64>,
    /// Node budget per move of B (see `nodes_a`).
    pub nodes_b: Option<u64>,
    /// Games played at once (threads).
    pub threads: usize,
}

/// One finished game, from A's side.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The outcome.
    pub outcome: Outcome,
    /// Whether A won, drew or lost: 1, 0 or -1.
    pub a_result: i8,
    /// Plies played.
    pub plies: usize,
    /// Think time of each of A's moves.
    pub times_a: Vec<Duration>,
    /// Think time of each of B's moves.
    pub times_b: Vec<Duration>,
    /// Search nodes, samples and depth (plies) of each of A's moves.
    pub search_a: Vec<(u64, u32, u8)>,
    /// Search nodes, samples and depth (plies) of each of B's moves.
    pub search_b: Vec<(u64, u32, u8)>,
}

/// The seed of game `i` of a run seeded `seed`.
fn game_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ 0x94D0_49BB
}

/// Plays game `i` of the run.
///
/// # Panics
/// When an AI proposes a move the engine refuses, or none while it has a
/// legal move: both are bugs.
#[must_use]
pub fn play_game(cfg: &ArenaConfig, i: usize) -> GameResult {
    let seed = game_seed(cfg.seed, i);
    let a_side = if i.is_multiple_of(2) { Player::South } else { Player::North };
    let first = match cfg.rules.rules().first_move {
        FirstMove::South => Player::South,
        FirstMove::Lot if (i / 2).is_multiple_of(2) => Player::South,
        FirstMove::Lot => Player::North,
    };
    let level = |p: Player| if p == a_side { cfg.a } else { cfg.b };
    let budget = |p: Player| {
        let (time, nodes) = if p == a_side { (cfg.think_a, cfg.nodes_a) } else { (cfg.think_b, cfg.nodes_b) };
        nodes.map_or(ai::Budget::time(time), ai::Budget::nodes)
    };
    let mut rngs = ByPlayer::new_with(|p| StdRng::seed_from_u64(seed ^ ((p.index() as u64 + 1) * 0x1234_5678_9ABC)));
    let setups = ByPlayer::new_with(|p| ai::choose_setup(cfg.rules, level(p), &mut rngs[p], None));
    let mut game = Game::new(cfg.rules, setups, first).expect("setups of the rule set, legal first player");
    let mut times = ByPlayer::<Vec<Duration>>::default();
    let mut search = ByPlayer::<Vec<(u64, u32, u8)>>::default();
    while game.outcome().is_none() {
        let p = game.turn();
        let view = game.view(p);
        let t0 = Instant::now();
        let thought = ai::think_counted(&ai::Observation::from_view(&view), level(p), budget(p), &mut rngs[p]);
        times[p].push(t0.elapsed());
        search[p].push((thought.nodes, thought.samples, thought.depth));
        let mv = thought.mv;
        let Some(mv) = mv else {
            panic!(
                "{} ({p:?}) found no move at ply {} though it has {}",
                level(p),
                game.ply(),
                view.legal_moves().len()
            );
        };
        if let Err(e) = game.play(mv) {
            panic!("BUG: {} ({p:?}) proposed the illegal move {mv} at ply {} of game {i}: {e}", level(p), game.ply());
        }
    }
    let outcome = game.outcome().expect("the loop ends at the end");
    let a_result = match outcome.winner() {
        Some(w) if w == a_side => 1,
        Some(_) => -1,
        None => 0,
    };
    GameResult {
        outcome,
        a_result,
        plies: game.ply(),
        times_a: times[a_side].clone(),
        times_b: times[a_side.other()].clone(),
        search_a: search[a_side].clone(),
        search_b: search[a_side.other()].clone(),
    }
}

/// Plays the whole run on `cfg.threads` threads, reporting each game on stderr.
#[must_use]
pub fn run(cfg: &ArenaConfig) -> Vec<GameResult> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; cfg.games]);
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let r = play_game(cfg, i);
                    eprintln!(
                        "game {:>4}: {:?} after {} plies (A {})",
                        i + 1,
                        r.outcome,
                        r.plies,
                        ["lost", "drew", "won"][(r.a_result + 1) as usize]
                    );
                    results.lock().expect("no thread panicked holding the lock")[i] = Some(r);
                }
            });
        }
    });
    results.into_inner().expect("threads joined").into_iter().map(|r| r.expect("every game played")).collect()
}

/// The report of ARENA.md; its last line is
/// `result: A vs B: W wins, D draws, L losses, score P%`.
#[must_use]
pub fn report(cfg: &ArenaConfig, results: &[GameResult]) -> String {
    let mut t = Tally::default();
    for r in results {
        match r.a_result {
            1 => t.wins += 1,
            0 => t.draws += 1,
            _ => t.losses += 1,
        }
    }
    let (lo, hi) = t.score_ci95();
    let mut out = String::new();
    let budget = |level: Level, d: Duration, nodes: Option<u64>| match (level, nodes) {
        (Level::Random | Level::Greedy, _) => "no search".to_owned(),
        (_, Some(n)) => format!("{n} nodes per move"),
        (_, None) => format!("{} per move", ms(d)),
    };
    let _ = writeln!(
        out,
        "arena: {} (A, {}) vs {} (B, {}) on {}, {} games, seed {}, {} thread(s)\n",
        cfg.a,
        budget(cfg.a, cfg.think_a, cfg.nodes_a),
        cfg.b,
        budget(cfg.b, cfg.think_b, cfg.nodes_b),
        cfg.rules,
        t.games(),
        cfg.seed,
        cfg.threads
    );
    let _ = writeln!(out, "| A | B | wins | draws | losses | score | 95% CI | Elo diff (95% CI) |");
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    let _ = writeln!(
        out,
        "| {} | {} | {} | {} | {} | {:.1}% | {:.1}–{:.1}% | {} ({} … {}) |\n",
        cfg.a,
        cfg.b,
        t.wins,
        t.draws,
        t.losses,
        t.score() * 100.0,
        lo * 100.0,
        hi * 100.0,
        fmt_elo(elo(t.score())),
        fmt_elo(elo(lo)),
        fmt_elo(elo(hi))
    );
    let plies: Vec<usize> = results.iter().map(|r| r.plies).collect();
    let avg = plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64;
    let _ = writeln!(
        out,
        "average plies per game: {avg:.1} (min {}, max {})",
        plies.iter().min().unwrap_or(&0),
        plies.iter().max().unwrap_or(&0)
    );
    let _ = writeln!(out, "endings: {}\n", endings(results));
    let _ = writeln!(
        out,
        "| side | level | moves | mean think | p95 think | max think | mean nodes | mean samples | nodes per ms | plies searched |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|");
    for (side, level, times, search) in [
        ("A", cfg.a, all(results, |r| &r.times_a), all(results, |r| &r.search_a)),
        ("B", cfg.b, all(results, |r| &r.times_b), all(results, |r| &r.search_b)),
    ] {
        let (mean, p95, max) = time_summary(&times);
        let n = search.len().max(1) as f64;
        let nodes: u64 = search.iter().map(|(nodes, _, _)| nodes).sum();
        let samples: u64 = search.iter().map(|(_, s, _)| u64::from(*s)).sum();
        let total_ms: f64 = times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1000.0;
        let _ = writeln!(
            out,
            "| {side} | {level} | {} | {} | {} | {} | {:.0} | {:.1} | {:.0} | {} |",
            times.len(),
            ms(mean),
            ms(p95),
            ms(max),
            nodes as f64 / n,
            samples as f64 / n,
            if total_ms > 0.0 { nodes as f64 / total_ms } else { 0.0 },
            depths(&search)
        );
    }
    let _ = write!(
        out,
        "\nresult: {} vs {}: {} wins, {} draws, {} losses, score {:.1}%",
        cfg.a,
        cfg.b,
        t.wins,
        t.draws,
        t.losses,
        t.score() * 100.0
    );
    out
}

/// How often each search depth occurred, e.g. `3: 91%, 4: 9%` ("–" without a search).
fn depths(search: &[(u64, u32, u8)]) -> String {
    let mut counts = std::collections::BTreeMap::<u8, usize>::new();
    for (_, _, d) in search.iter().filter(|(_, _, d)| *d > 0) {
        *counts.entry(*d).or_default() += 1;
    }
    let total: usize = counts.values().sum();
    if total == 0 {
        return "–".to_owned();
    }
    counts.iter().map(|(d, n)| format!("{d}: {:.0}%", *n as f64 * 100.0 / total as f64)).collect::<Vec<_>>().join(", ")
}

/// One per-move series of every game, in order.
fn all<T: Copy>(results: &[GameResult], series: impl Fn(&GameResult) -> &Vec<T>) -> Vec<T> {
    results.iter().flat_map(|r| series(r).iter().copied()).collect()
}

/// How the games ended, e.g. `flag 12, no moves 3, R21 draw 1`.
fn endings(results: &[GameResult]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for r in results {
        let name = match r.outcome {
            Outcome::Win { reason: WinReason::FlagCaptured, .. } => "flag captured",
            Outcome::Win { reason: WinReason::NoLegalMoves, .. } => "no legal move (R20)",
            Outcome::Win { .. } => "other win",
            Outcome::Draw(DrawReason::NoAttacks) => "draw by R21",
            Outcome::Draw(DrawReason::NoLegalMoves) => "draw by R20",
            Outcome::Draw(DrawReason::DeadPosition) => "dead position",
            Outcome::Draw(_) => "other draw",
        };
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += 1,
            None => counts.push((name, 1)),
        }
    }
    counts.iter().map(|(n, c)| format!("{n} {c}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_games_finish_and_report() {
        let cfg = ArenaConfig {
            a: Level::Greedy,
            b: Level::Random,
            games: 4,
            rules: RuleSetId::Battle,
            seed: 7,
            think_a: Duration::ZERO,
            think_b: Duration::ZERO,
            nodes_a: None,
            nodes_b: None,
            threads: 2,
        };
        let results = run(&cfg);
        assert_eq!(results.len(), 4);
        let text = report(&cfg, &results);
        let last = text.lines().last().unwrap();
        assert!(last.starts_with("result: greedy vs random: "), "{last}");
        assert!(last.ends_with('%'));
    }

    /// With node budgets a run is reproducible whatever the machine's load,
    /// and the report shows the nodes and samples the searches took.
    #[test]
    fn node_budgets_repeat_exactly() {
        let cfg = ArenaConfig {
            a: Level::Normal,
            b: Level::Easy,
            games: 2,
            rules: RuleSetId::Duel,
            seed: 3,
            think_a: Duration::ZERO,
            think_b: Duration::ZERO,
            nodes_a: Some(3_000),
            nodes_b: Some(500),
            threads: 2,
        };
        let (first, second) = (run(&cfg), run(&cfg));
        for (x, y) in first.iter().zip(&second) {
            assert_eq!((x.outcome, x.plies, &x.search_a, &x.search_b), (y.outcome, y.plies, &y.search_a, &y.search_b));
            let most = x.search_a.iter().map(|(nodes, _, _)| *nodes).max().unwrap();
            assert!(most <= 3_000 + 100, "{most} nodes: the budget, and one more per root move searched as it ran out");
            assert!(x.search_a.iter().any(|(nodes, samples, depth)| *nodes > 0 && *samples > 0 && *depth == 2));
        }
        let text = report(&cfg, &first);
        assert!(text.contains("(A, 3000 nodes per move)"), "{text}");
    }
}
