//! `srazhenie arena`: N games between two sides — AI levels, or external
//! programs of the UCC 2012 referee protocol (docs/ai-agents.md).
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

use std::path::{Path, PathBuf};

use ai::Level;
use engine::{ByPlayer, DrawReason, FirstMove, Game, Outcome, Player, RuleSetId, WinReason};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::external::{External, Fault};
use super::stats::{Tally, depth_shares, ms, score_table, time_summary};
use super::ucc;

/// One side of the arena: a level of the built-in AI, or an external
/// program speaking the UCC 2012 referee protocol ([`super::external`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The built-in AI (or a baseline) at this level.
    Ai(Level),
    /// The command line of an external program, run with `sh -c`.
    Program(String),
}

impl Side {
    /// The level, for an AI side.
    #[must_use]
    pub const fn level(&self) -> Option<Level> {
        match self {
            Side::Ai(l) => Some(*l),
            Side::Program(_) => None,
        }
    }
}

impl std::fmt::Display for Side {
    /// The level's name, or the name of the program's file.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Side::Ai(l) => write!(f, "{l}"),
            Side::Program(cmd) => {
                let first = cmd.split_whitespace().next().unwrap_or("program");
                f.write_str(first.rsplit('/').next().unwrap_or(first))
            }
        }
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Side A.
    pub a: Side,
    /// Side B.
    pub b: Side,
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
    /// Time an external program may take for each answer.
    pub program_limit: Duration,
    /// Where to write each game's log (`game-NNN.txt`), if anywhere.
    pub log_dir: Option<PathBuf>,
}

/// One finished game, from A's side.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The outcome (a fault is the faulty side's loss).
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
    /// An external side's fault that ended the game: `'A'` or `'B'`, and what.
    pub fault: Option<(char, Fault)>,
}

/// The seed of game `i` of a run seeded `seed`.
fn game_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ 0x94D0_49BB
}

/// A side while it plays one game.
enum Actor {
    Ai(Level, ai::Budget),
    Program(External),
}

/// Plays game `i` of the run.
///
/// # Panics
/// When an AI proposes a move the engine refuses, or none while it has a
/// legal move: both are bugs. (An external program's illegal move is its
/// fault and its loss.)
#[must_use]
pub fn play_game(cfg: &ArenaConfig, i: usize) -> GameResult {
    let seed = game_seed(cfg.seed, i);
    let a_side = if i.is_multiple_of(2) { Player::South } else { Player::North };
    let first = match cfg.rules.rules().first_move {
        FirstMove::South => Player::South,
        FirstMove::Lot if (i / 2).is_multiple_of(2) => Player::South,
        FirstMove::Lot => Player::North,
    };
    let side = |p: Player| if p == a_side { &cfg.a } else { &cfg.b };
    let letter = |p: Player| if p == a_side { 'A' } else { 'B' };
    let budget = |p: Player| {
        let (time, nodes) = if p == a_side { (cfg.think_a, cfg.nodes_a) } else { (cfg.think_b, cfg.nodes_b) };
        nodes.map_or(ai::Budget::time(time), ai::Budget::nodes)
    };
    let mut rngs = ByPlayer::new_with(|p| StdRng::seed_from_u64(seed ^ ((p.index() as u64 + 1) * 0x1234_5678_9ABC)));
    let mut times = ByPlayer::<Vec<Duration>>::default();
    let mut search = ByPlayer::<Vec<(u64, u32, u8)>>::default();
    let mut fault: Option<(Player, Fault)> = None;
    // Setups first: an external program that cannot set up loses at once.
    let mut start = |p: Player| -> Result<(Actor, engine::ValidSetup), Fault> {
        match side(p) {
            Side::Ai(level) => {
                Ok((Actor::Ai(*level, budget(p)), ai::choose_setup(cfg.rules, *level, &mut rngs[p], None)))
            }
            Side::Program(cmd) => {
                let mut ext = External::spawn(cmd, p, cfg.program_limit)?;
                let setup = ext.setup(&side(p.other()).to_string(), cfg.rules.rules())?;
                Ok((Actor::Program(ext), setup))
            }
        }
    };
    let (south, north) = match (start(Player::South), start(Player::North)) {
        (Ok(s), Ok(n)) => (s, n),
        (s, n) => {
            let (mut failed, mut running) = (None, Vec::new());
            for (p, started) in [(Player::South, s), (Player::North, n)] {
                match started {
                    Err(f) => failed = failed.or(Some((p, f))),
                    Ok((Actor::Program(ext), _)) => running.push(ext),
                    Ok(_) => {}
                }
            }
            let (p, f) = failed.expect("a side that did not start");
            for ext in running {
                ext.quit(ucc::result_word(None, p));
            }
            return faulted(a_side, p, letter(p), f, 0, times, search);
        }
    };
    let mut actors = ByPlayer { south: south.0, north: north.0 };
    let (south, north) = (south.1, north.1);
    let mut game =
        Game::new(cfg.rules, ByPlayer { south, north }, first).expect("setups of the rule set, legal first player");
    while game.outcome().is_none() {
        let p = game.turn();
        let mv = match &mut actors[p] {
            Actor::Ai(level, budget) => {
                let view = game.view(p);
                let t0 = Instant::now();
                let thought = ai::think_counted(&ai::Observation::from_view(&view), *level, *budget, &mut rngs[p]);
                times[p].push(t0.elapsed());
                search[p].push((thought.nodes, thought.samples, thought.depth));
                let Some(mv) = thought.mv else {
                    panic!(
                        "{level} ({p:?}) found no move at ply {} though it has {}",
                        game.ply(),
                        view.legal_moves().len()
                    );
                };
                mv
            }
            Actor::Program(ext) => {
                if game.ply() == 0 {
                    ext.tell("START");
                }
                match ext.play(&game) {
                    Ok((mv, took)) => {
                        times[p].push(took);
                        search[p].push((0, 0, 0));
                        mv
                    }
                    Err(f) => {
                        fault = Some((p, f));
                        break;
                    }
                }
            }
        };
        let report = game.play(mv).unwrap_or_else(|e| {
            panic!("BUG: {} ({p:?}) proposed the illegal move {mv} at ply {} of game {i}: {e}", side(p), game.ply())
        });
        if report.outcome.is_none() {
            let line = ucc::ply_line(&report);
            for actor in [&mut actors.south, &mut actors.north] {
                if let Actor::Program(ext) = actor {
                    ext.tell(&line);
                }
            }
        }
    }
    let plies = game.ply();
    let result = match &fault {
        Some((p, f)) => faulted(a_side, *p, letter(*p), f.clone(), plies, times, search),
        None => {
            let outcome = game.outcome().expect("the loop ends at the end");
            let a_result = match outcome.winner() {
                Some(w) if w == a_side => 1,
                Some(_) => -1,
                None => 0,
            };
            let (times_a, times_b) = (std::mem::take(&mut times[a_side]), std::mem::take(&mut times[a_side.other()]));
            let (search_a, search_b) =
                (std::mem::take(&mut search[a_side]), std::mem::take(&mut search[a_side.other()]));
            GameResult { outcome, a_result, plies, times_a, times_b, search_a, search_b, fault: None }
        }
    };
    for (p, actor) in [(Player::South, actors.south), (Player::North, actors.north)] {
        if let Actor::Program(ext) = actor {
            ext.quit(ucc::result_word(Some(result.outcome), p));
        }
    }
    if let Some(dir) = &cfg.log_dir {
        write_log(dir, cfg, i, a_side, &game, &result);
    }
    result
}

/// The result of a game that `p` (side `letter`) lost by `fault` after `plies` plies.
fn faulted(
    a_side: Player,
    p: Player,
    letter: char,
    fault: Fault,
    plies: usize,
    mut times: ByPlayer<Vec<Duration>>,
    mut search: ByPlayer<Vec<(u64, u32, u8)>>,
) -> GameResult {
    let reason = if matches!(fault, Fault::Timeout(_)) { WinReason::Time } else { WinReason::Resignation };
    GameResult {
        outcome: Outcome::Win { winner: p.other(), reason },
        a_result: if p == a_side { -1 } else { 1 },
        plies,
        times_a: std::mem::take(&mut times[a_side]),
        times_b: std::mem::take(&mut times[a_side.other()]),
        search_a: std::mem::take(&mut search[a_side]),
        search_b: std::mem::take(&mut search[a_side.other()]),
        fault: Some((letter, fault)),
    }
}

/// Writes `DIR/game-NNN.txt`: who played which colour, the game in the
/// export format (both setups, every ply, the engine's result), and the
/// arena's result with any fault. A failure to write is reported on stderr.
fn write_log(dir: &Path, cfg: &ArenaConfig, i: usize, a_side: Player, game: &Game, r: &GameResult) {
    let (south, north) = if a_side == Player::South { (&cfg.a, &cfg.b) } else { (&cfg.b, &cfg.a) };
    let mut text = format!(
        "# arena game {} of seed {}: South (RED) = {}, North (BLUE) = {}\n",
        i + 1,
        cfg.seed,
        side_label(south, if a_side == Player::South { 'A' } else { 'B' }),
        side_label(north, if a_side == Player::North { 'A' } else { 'B' })
    );
    text.push_str(&engine::export(game));
    let _ = writeln!(text, "# arena result: {:?}, A {}", r.outcome, ["lost", "drew", "won"][(r.a_result + 1) as usize]);
    if let Some((who, f)) = &r.fault {
        let _ = writeln!(text, "# fault of {who}: {f}");
    }
    let path = dir.join(format!("game-{:03}.txt", i + 1));
    if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, text)) {
        eprintln!("arena: cannot write {}: {e}", path.display());
    }
}

/// `A: hard` or `B: ./agent --x` for the log.
fn side_label(side: &Side, letter: char) -> String {
    match side {
        Side::Ai(l) => format!("{letter} {l}"),
        Side::Program(cmd) => format!("{letter} `{cmd}`"),
    }
}

/// Plays the whole run on `cfg.threads` threads, reporting each game on stderr.
#[must_use]
pub fn run(cfg: &ArenaConfig) -> Vec<GameResult> {
    parallel(cfg.games, cfg.threads, |i| {
        let r = play_game(cfg, i);
        eprintln!("{}", game_line(i, &r.outcome, r.plies, r.a_result));
        r
    })
}

/// The progress line of game `i` (0-based) on stderr: outcome, plies, and
/// whether A lost, drew or won (`a_result` -1, 0, 1).
pub fn game_line(i: usize, outcome: &dyn std::fmt::Debug, plies: usize, a_result: i8) -> String {
    format!(
        "game {:>4}: {outcome:?} after {plies} plies (A {})",
        i + 1,
        ["lost", "drew", "won"][(a_result + 1) as usize]
    )
}

/// `play(i)` for every `i` below `games`, on `threads` threads, in order of `i`.
pub fn parallel<T: Send>(games: usize, threads: usize, play: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let r = play(i);
                    results.lock().expect("no thread panicked holding the lock")[i] = Some(r);
                }
            });
        }
    });
    results.into_inner().expect("threads joined").into_iter().map(|r| r.expect("every game played")).collect()
}

/// The report of docs/ai-agents.md; its last line is
/// `result: A vs B: W wins, D draws, L losses, score P%`.
#[must_use]
pub fn report(cfg: &ArenaConfig, results: &[GameResult]) -> String {
    let t = Tally::of(results.iter().map(|r| r.a_result));
    let mut out = String::new();
    let budget = |side: &Side, d: Duration, nodes: Option<u64>| match (side, nodes) {
        (Side::Program(_), _) => format!("a program, {} per answer at most", ms(cfg.program_limit)),
        (Side::Ai(Level::Random | Level::Greedy), _) => "no search".to_owned(),
        (_, Some(n)) => format!("{n} nodes per move"),
        (_, None) => format!("{} per move", ms(d)),
    };
    let _ = writeln!(
        out,
        "arena: {} (A, {}) vs {} (B, {}) on {}, {} games, seed {}, {} thread(s)\n",
        cfg.a,
        budget(&cfg.a, cfg.think_a, cfg.nodes_a),
        cfg.b,
        budget(&cfg.b, cfg.think_b, cfg.nodes_b),
        cfg.rules,
        t.games(),
        cfg.seed,
        cfg.threads
    );
    out.push_str(&score_table(&cfg.a.to_string(), &cfg.b.to_string(), &t));
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
        ("A", &cfg.a, all(results, |r| &r.times_a), all(results, |r| &r.search_a)),
        ("B", &cfg.b, all(results, |r| &r.times_b), all(results, |r| &r.search_b)),
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
            depth_shares(search.iter().map(|(_, _, d)| *d))
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

/// One per-move series of every game, in order.
fn all<T: Copy>(results: &[GameResult], series: impl Fn(&GameResult) -> &Vec<T>) -> Vec<T> {
    results.iter().flat_map(|r| series(r).iter().copied()).collect()
}

/// How the games ended, e.g. `flag 12, no moves 3, R21 draw 1`.
fn endings(results: &[GameResult]) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for r in results {
        let fault = r.fault.as_ref().map(|(who, f)| {
            let what = match f {
                Fault::Spawn(_) => "could not start",
                Fault::Timeout(_) => "timeout",
                Fault::Crash => "crash",
                Fault::Setup(_) => "bad setup",
                Fault::Illegal(_) => "illegal move",
                Fault::Surrender => "surrender",
            };
            if *who == 'A' { format!("{what} of A") } else { format!("{what} of B") }
        });
        let name = match r.outcome {
            _ if fault.is_some() => "",
            Outcome::Win { reason: WinReason::FlagCaptured, .. } => "flag captured",
            Outcome::Win { reason: WinReason::NoLegalMoves, .. } => "no legal move (R20)",
            Outcome::Win { .. } => "other win",
            Outcome::Draw(DrawReason::NoAttacks) => "draw by R21",
            Outcome::Draw(DrawReason::NoLegalMoves) => "draw by R20",
            Outcome::Draw(DrawReason::DeadPosition) => "dead position",
            Outcome::Draw(DrawReason::PlyLimit) => "turn limit",
            Outcome::Draw(_) => "other draw",
        };
        let name = fault.unwrap_or_else(|| name.to_owned());
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += 1,
            None => counts.push((name, 1)),
        }
    }
    counts.iter().map(|(n, c)| format!("{n} {c}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
#[path = "arena_tests.rs"]
mod tests;
