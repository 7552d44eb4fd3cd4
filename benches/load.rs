//! Load benchmark (issue 7): many concurrent games through a fake Bot API.
//!
//! Not a test. It runs the real bot in-process (`srazhenie::telegram::run`,
//! the same handler tree, use cases, SQLite store and delivery code as in
//! production) against the in-process fake Bot API of [`fakeapi`], and:
//!
//! 1. creates `--games` games directly through the `App` use cases on a
//!    fresh temporary SQLite file (users, `new_game`, `join`, a fixed setup
//!    code for both sides, `Confirm`), then marks every board as already
//!    delivered (message ids 1 and 2) so the bot's start-up redraw has
//!    nothing to do;
//! 2. starts `--bots` bot instances (tokens `1:bench`, `2:bench`, …) over the
//!    same store; game `i` is served by bot `i % bots`;
//! 3. lets every game move once per `games / rate` seconds (start phases
//!    spread at random), typing legal moves ("a4-a5" …: South walks its a4
//!    piece round a5 b5 b6 a6, North its j7 piece round j6 i6 i5 j5, which
//!    never repeats a two-square shuttle, R11, and stops before R21's 100
//!    quiet plies), and waits for the 5 API calls a move causes: to the mover
//!    `sendMessage` (the typed-move receipt) and `editMessageText` (board);
//!    to the opponent `editMessageText` (board), `deleteMessage` (old "your
//!    move") and `sendMessage` (new "your move");
//! 4. reports, over the measured window, the latency from getUpdates handing
//!    the update out to the last of those calls (p50/p90/p99/max), moves per
//!    second completed, CPU used (the whole process, and apart the thread
//!    `fakeapi` that runs the fake Bot API and the driver on a runtime of
//!    its own, so the bot's share is known), and the process's RSS with all
//!    games loaded.
//!
//! Pacing: the bot deliberately paces calls to Telegram's limits (about one
//! a second per chat with bursts of 3, and `TELEGRAM_CALLS_PER_SEC`, default
//! 30, in all; see `src/telegram/pacer.rs`). Every game has its own two chats
//! and moves every `games / rate` seconds, so the per-chat limit never binds.
//! At the default 30 calls/s one bot makes at most 6 moves/s (5 calls a
//! move); `--calls-per-sec N` raises the bot's limit to measure what the
//! code itself sustains, and `--bots K` runs K tokens over one store.
//!
//! `--warm-rate R` runs the `--warmup` at R moves/s, then switches to
//! `--rate`: after 30 s at 500 moves/s every game has moved, so the store's
//! caches hold them all, as in a bot that has been running.
//!
//! ```sh
//! cargo bench --bench load -- --games 10000 --calls-per-sec 10000 --rate 1000 --warm-rate 500 --warmup 30 --secs 30
//! cargo bench --bench load -- --games 10000 --rate 5 --secs 40
//! ```
//!
//! Offering more than the bot sustains grows a backlog: the latencies then
//! measure the queue (BENCHMARKS.md, "Load").

/// The allocator of the `srazhenie` binary (see `src/main.rs`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "load/fakeapi.rs"]
mod fakeapi;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::{RuleSetId, ValidSetup};
use fakeapi::{BASE_USER, Games};
use rand::{Rng, SeedableRng};
use srazhenie::app::{App, NewGameChoice, SetupAction};
use srazhenie::config::Config;
use srazhenie::storage::Store;

/// Command-line options (`--name value`; cargo's own `--bench` is ignored).
struct Args {
    games: usize,
    bots: usize,
    rate: f64,
    warmup: u64,
    /// Moves per second during the warm-up (default: `rate`).
    warm_rate: Option<f64>,
    secs: u64,
    /// `TELEGRAM_CALLS_PER_SEC` of each bot (Telegram's default 30).
    calls_per_sec: u32,
    /// Worker threads of the bot's runtime (0 = tokio's default, one per core).
    workers: usize,
}

impl Args {
    fn parse() -> Args {
        let mut a = Args {
            games: 10_000,
            bots: 1,
            rate: 100.0,
            warmup: 10,
            warm_rate: None,
            secs: 30,
            calls_per_sec: 30,
            workers: 0,
        };
        let argv: Vec<String> = std::env::args().skip(1).collect();
        let mut i = 0;
        while i < argv.len() {
            let val = argv.get(i + 1).cloned().unwrap_or_default();
            match argv[i].as_str() {
                "--games" => a.games = val.parse().expect("--games N"),
                "--bots" => a.bots = val.parse().expect("--bots K"),
                "--rate" => a.rate = val.parse().expect("--rate MOVES_PER_SEC"),
                "--warmup" => a.warmup = val.parse().expect("--warmup SECS"),
                "--warm-rate" => a.warm_rate = Some(val.parse().expect("--warm-rate MOVES_PER_SEC")),
                "--secs" => a.secs = val.parse().expect("--secs SECS"),
                "--calls-per-sec" => a.calls_per_sec = val.parse().expect("--calls-per-sec N"),
                "--workers" => a.workers = val.parse().expect("--workers N"),
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        a
    }
}

/// South's and North's walks: leave home, then a four-square loop (R11-safe).
const SOUTH: [&str; 5] = ["a4-a5", "a5-b5", "b5-b6", "b6-a6", "a6-a5"];
const NORTH: [&str; 5] = ["j7-j6", "j6-i6", "i6-i5", "i5-j5", "j5-j6"];
/// Plies per game before R21's draw after 100 plies without an attack.
const MAX_PLIES: usize = 98;
/// Counted API calls per move (see the module comment).
const CALLS_PER_MOVE: u32 = 5;

/// The `k`-th move (0-based) of one side's walk.
fn walk(side: &[&'static str; 5], k: usize) -> &'static str {
    if k == 0 { side[0] } else { side[1 + (k - 1) % 4] }
}

/// A smart battle setup with a movable piece in slot 30 (a4 for South, j7 for North).
fn setup_code() -> String {
    let rules = RuleSetId::Battle.rules();
    let s = engine::smart(rules, &mut rand::rngs::StdRng::seed_from_u64(7));
    let code: Vec<char> = s.to_code().chars().collect();
    let immobile = |c: char| c == 'B' || c == 'F';
    if !immobile(code[30]) {
        return s.to_code();
    }
    let other = (31..40).find(|&i| !immobile(code[i])).expect("a movable front-rank piece");
    let fixed = s.swapped(30, other).to_code();
    ValidSetup::from_code(rules, &fixed).expect("still legal").to_code()
}

/// `VmRSS` and `VmHWM` of this process in MiB.
fn rss_mib() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = |key: &str| {
        status.lines().find(|l| l.starts_with(key)).and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
    };
    (kb("VmRSS:").unwrap_or(0.0) / 1024.0, kb("VmHWM:").unwrap_or(0.0) / 1024.0)
}

/// CPU seconds (user + system) used by this process so far.
fn cpu_secs() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = after.split_whitespace().map(|x| x.parse().unwrap_or(0.0)).collect();
    // Fields 14 and 15 (utime, stime) are 12 and 13 after the ")"; clock ticks of 1/100 s.
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0
}

/// CPU seconds used so far by this process's threads named `name`
/// (`/proc/self/task/*/comm`).
fn thread_cpu_secs(name: &str) -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return 0.0 };
    let mut total = 0.0;
    for t in tasks.flatten() {
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        if comm.trim() != name {
            continue;
        }
        let stat = std::fs::read_to_string(t.path().join("stat")).unwrap_or_default();
        let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let f: Vec<f64> = after.split_whitespace().map(|x| x.parse().unwrap_or(0.0)).collect();
        total += (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0;
    }
    total
}

/// The thread that runs the fake Bot API and the driver, apart from the bot's runtime.
const FAKE_THREAD: &str = "fakeapi";

/// Starts a one-thread runtime named [`FAKE_THREAD`] and returns its handle.
fn fake_runtime() -> tokio::runtime::Handle {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name(FAKE_THREAD.into())
        .spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("fake API runtime");
            tx.send(rt.handle().clone()).expect("handle");
            rt.block_on(std::future::pending::<()>());
        })
        .expect("fake API thread");
    rx.recv().expect("fake API runtime")
}

/// Creates game `i` and plays both setups to the start; returns whether South moves first.
async fn create_game(app: &App, code: &str, i: usize) -> bool {
    let (s, n) = (BASE_USER + 2 * i as i64, BASE_USER + 2 * i as i64 + 1);
    app.touch_user(s, "P", None, Some("en")).await.expect("user");
    app.touch_user(n, "P", None, Some("en")).await.expect("user");
    let choice = NewGameChoice { rules: RuleSetId::Battle, days_per_move: None };
    let (id, inv) = app.new_game(s, choice).await.expect("new_game");
    app.join(n, "P", &inv).await.expect("join");
    for u in [s, n] {
        app.setup_action(u, id, None, SetupAction::Code(code.into())).await.expect("setup code");
    }
    for u in [s, n] {
        app.setup_action(u, id, None, SetupAction::Confirm).await.expect("confirm");
    }
    let rec = app.store().load_game(id).await.expect("load").expect("game");
    rec.first_player == "south"
}

/// One finished move: when it was injected, handed out and completed (ns).
#[derive(Clone, Copy)]
struct Sample {
    inject: u64,
    handed: u64,
    done: u64,
}

/// Plays game `i` at one move per `period`, starting after `phase`, until `stop_ns`.
#[allow(clippy::too_many_arguments, reason = "one driver per game, spawned from one place")]
async fn drive(
    g: Arc<Games>,
    i: usize,
    south_first: bool,
    (warm_period, period, warm_end): (Duration, Duration, tokio::time::Instant),
    phase: f64,
    stop_ns: u64,
    out: Arc<Mutex<Vec<Sample>>>,
    failed: Arc<Mutex<u64>>,
) {
    // `phase` is this game's place in the period (0..1): it moves at that
    // place of every warm-up period, then of every measured period.
    let mut next = tokio::time::Instant::now() + warm_period.mul_f64(phase);
    let mut south_turn = south_first;
    let (mut ks, mut kn) = (0, 0);
    for _ in 0..MAX_PLIES {
        tokio::time::sleep_until(next).await;
        next = if next >= warm_end {
            next + period
        } else if next + warm_period < warm_end || warm_period == period {
            next + warm_period
        } else {
            warm_end + period.mul_f64(phase)
        };
        if g.now_ns() >= stop_ns {
            return;
        }
        let (user, text) = if south_turn {
            ks += 1;
            (BASE_USER + 2 * i as i64, walk(&SOUTH, ks - 1))
        } else {
            kn += 1;
            (BASE_USER + 2 * i as i64 + 1, walk(&NORTH, kn - 1))
        };
        south_turn = !south_turn;
        let slot = &g.slots[i];
        let inject = g.now_ns();
        g.inject(i, user, text, CALLS_PER_MOVE);
        let waited = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                slot.done.notified().await;
                if slot.done_ns.load(std::sync::atomic::Ordering::SeqCst) >= inject {
                    break;
                }
            }
        })
        .await;
        if waited.is_err() {
            *failed.lock().expect("failed") += 1;
            return;
        }
        let handed = slot.handed_ns.load(std::sync::atomic::Ordering::SeqCst);
        let done = slot.done_ns.load(std::sync::atomic::Ordering::SeqCst);
        out.lock().expect("samples").push(Sample { inject, handed, done });
    }
}

/// Length of the periods of [`print_slow_periods`].
const PERIOD_NS: u64 = 250_000_000;

/// Where in the window the slow moves were: each quarter second (by the
/// time the update was handed out) whose slowest move took over 20 ms, with
/// its moves, p99 and slowest. Shows whether a tail comes from a few stalls
/// or from everywhere.
fn print_slow_periods(window: &[Sample], w0: u64) {
    let mut periods: std::collections::BTreeMap<u64, Vec<u64>> = std::collections::BTreeMap::new();
    for s in window {
        periods.entry(s.handed.saturating_sub(w0) / PERIOD_NS).or_default().push(s.done - s.handed);
    }
    let mut slow = Vec::new();
    for (k, v) in &mut periods {
        v.sort_unstable();
        if pct(v, 1.0) > 20.0 {
            slow.push(format!(
                "{:.2}s: {} moves p99 {:.0} max {:.0}",
                *k as f64 * 0.25,
                v.len(),
                pct(v, 0.99),
                pct(v, 1.0)
            ));
        }
    }
    println!("quarter seconds with a move over 20 ms: {} of {}", slow.len(), periods.len());
    for line in slow.iter().take(40) {
        println!("  {line}");
    }
}

/// The `q`-quantile of sorted `v`, in milliseconds.
fn pct(v: &[u64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let k = ((v.len() as f64 - 1.0) * q).round() as usize;
    v[k] as f64 / 1e6
}

async fn bench(a: Args) {
    let db = std::env::temp_dir().join(format!("srazhenie-load-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
    let url = format!("sqlite://{}?mode=rwc", db.display());
    let store = Store::connect(&url).await.expect("database");
    let app = App::new(store.clone());
    let code = setup_code();
    let (rss_empty, _) = rss_mib();

    // 1. Games in play.
    let t = std::time::Instant::now();
    let workers = 8;
    let mut tasks = vec![];
    for w in 0..workers {
        let (app, code, n) = (app.clone(), code.clone(), a.games);
        tasks.push(tokio::spawn(async move {
            let mut firsts = vec![];
            for i in (w..n).step_by(workers) {
                firsts.push((i, create_game(&app, &code, i).await));
            }
            firsts
        }));
    }
    let mut south_first = vec![false; a.games];
    for task in tasks {
        for (i, f) in task.await.expect("setup task") {
            south_first[i] = f;
        }
    }
    sqlx::query(
        "UPDATE game_players SET rendered_version = board_version, notify_pending = 0,
         board_message_id = 1, notify_message_id = 2",
    )
    .execute(store.pool())
    .await
    .expect("mark delivered");
    store.forget_cached(); // the raw write above bypassed the store's caches
    println!("created {} games in {:.1} s ({code})", a.games, t.elapsed().as_secs_f64());

    // 2. The fake Bot API and the bots.
    let g = Games::new(a.games, a.bots);
    let fake = fake_runtime();
    let api = fake.spawn(fakeapi::start(g.clone())).await.expect("fake API task").expect("fake Bot API");
    for b in 0..a.bots {
        let (api, url, calls_per_sec) = (api.clone(), url.clone(), a.calls_per_sec);
        let cfg = Config::from_lookup(move |k| match k {
            "TELOXIDE_TOKEN" => Some(format!("{}:bench", b + 1)),
            "TELOXIDE_API_URL" => Some(api.clone()),
            "DATABASE_URL" => Some(url.clone()),
            "TELEGRAM_CALLS_PER_SEC" => Some(calls_per_sec.to_string()),
            _ => None,
        })
        .expect("config");
        let store = store.clone();
        tokio::spawn(async move {
            if let Err(e) = srazhenie::telegram::run(cfg, srazhenie::app::App::new(store), None).await {
                eprintln!("bot {b} stopped: {e}");
            }
        });
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (rss_loaded, _) = rss_mib();
    println!("{} bots polling; RSS {rss_loaded:.1} MiB (before the database: {rss_empty:.1} MiB)", a.bots);

    // 3. Moves.
    let period = Duration::from_secs_f64(a.games as f64 / a.rate);
    let w0 = g.now_ns() + a.warmup * 1_000_000_000;
    let w1 = w0 + a.secs * 1_000_000_000;
    let samples = Arc::new(Mutex::new(Vec::with_capacity((a.rate * (a.secs + a.warmup) as f64) as usize)));
    let failed = Arc::new(Mutex::new(0u64));
    let warm_period = a.warm_rate.map_or(period, |r| Duration::from_secs_f64(a.games as f64 / r));
    let warm_end = tokio::time::Instant::now() + Duration::from_secs(a.warmup);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    for (i, &first) in south_first.iter().enumerate() {
        let phase = rng.random::<f64>();
        let schedule = (warm_period, period, warm_end);
        fake.spawn(drive(g.clone(), i, first, schedule, phase, w1, samples.clone(), failed.clone()));
    }
    tokio::time::sleep(Duration::from_nanos(w0 - g.now_ns())).await;
    let (cpu0, fake0, calls0) =
        (cpu_secs(), thread_cpu_secs(FAKE_THREAD), g.total_calls.load(std::sync::atomic::Ordering::Relaxed));
    let saves0 = store.save_stats();
    tokio::time::sleep(Duration::from_nanos(w1 - g.now_ns())).await;
    let (cpu1, fake1, calls1) =
        (cpu_secs(), thread_cpu_secs(FAKE_THREAD), g.total_calls.load(std::sync::atomic::Ordering::Relaxed));
    let saves1 = store.save_stats();
    let (rss, hwm) = rss_mib();
    tokio::time::sleep(Duration::from_secs(2)).await; // let moves injected before w1 finish

    // 4. Report.
    let all = samples.lock().expect("samples").clone();
    let window: Vec<Sample> = all.iter().copied().filter(|s| s.done >= w0 && s.done < w1).collect();
    let mut lat: Vec<u64> = window.iter().map(|s| s.done - s.handed).collect();
    let mut e2e: Vec<u64> = window.iter().map(|s| s.done - s.inject).collect();
    lat.sort_unstable();
    e2e.sort_unstable();
    let moves_s = window.len() as f64 / a.secs as f64;
    let cpu = cpu1 - cpu0;
    println!(
        "games {}  bots {}  offered rate {:.0} moves/s  window {} s after {} s warm-up at {:.0} moves/s",
        a.games,
        a.bots,
        a.rate,
        a.secs,
        a.warmup,
        a.warm_rate.unwrap_or(a.rate)
    );
    println!(
        "moves completed in window: {} = {moves_s:.1} moves/s; API calls {:.1}/s",
        window.len(),
        (calls1 - calls0) as f64 / a.secs as f64
    );
    let quantiles = |v: &[u64]| {
        format!(
            "p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
            pct(v, 0.5),
            pct(v, 0.9),
            pct(v, 0.99),
            pct(v, 1.0)
        )
    };
    println!("update handed out -> last API call: {}", quantiles(&lat));
    println!("update queued -> last API call:     {}", quantiles(&e2e));
    let fake_cpu = fake1 - fake0;
    let per_move = |c: f64| c / window.len().max(1) as f64 * 1e6;
    println!(
        "CPU {cpu:.1} s in {} s = {:.2} cores; {:.0} µs CPU per move in all",
        a.secs,
        cpu / a.secs as f64,
        per_move(cpu)
    );
    println!(
        "  of which the fake Bot API and the driver (thread {FAKE_THREAD}): {:.2} cores, {:.0} µs per move; \
         the bot: {:.2} cores, {:.0} µs per move",
        fake_cpu / a.secs as f64,
        per_move(fake_cpu),
        (cpu - fake_cpu) / a.secs as f64,
        per_move(cpu - fake_cpu)
    );
    let (txs, saves) = (saves1.transactions - saves0.transactions, saves1.saves - saves0.saves);
    println!(
        "game saves {saves} in {txs} write transactions ({:.2} saves per transaction)",
        saves as f64 / txs.max(1) as f64
    );
    println!(
        "write batches over {} ms: {} in the window; longest batch so far {:.1} ms",
        srazhenie::storage::SLOW_BATCH.as_millis(),
        saves1.slow_batches - saves0.slow_batches,
        saves1.longest_batch_us as f64 / 1000.0
    );
    let catch_ups = saves1.catch_ups - saves0.catch_ups;
    println!(
        "writer's catch-up checkpoints: {catch_ups}, {:.1} ms each on average",
        (saves1.catch_up_us - saves0.catch_up_us) as f64 / 1000.0 / catch_ups.max(1) as f64
    );
    print_slow_periods(&window, w0);
    println!("RSS {rss:.1} MiB at the end of the window (peak {hwm:.1} MiB)");
    println!(
        "games stalled (no complete answer within 20 s): {}; stray calls: {}",
        failed.lock().expect("failed"),
        g.stray.load(std::sync::atomic::Ordering::Relaxed)
    );
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
}

fn main() {
    let args = Args::parse();
    // `RUST_LOG` (e.g. `sqlx=debug` to see every statement) logs to stderr.
    if let Ok(filter) = tracing_subscriber::EnvFilter::try_from_default_env() {
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).init();
    }
    // The bot's runtime: tokio's default, one worker per core. The fake Bot API
    // and the driver run on a thread of their own (see `fake_runtime`).
    let mut rt = tokio::runtime::Builder::new_multi_thread();
    if args.workers > 0 {
        rt.worker_threads(args.workers);
    }
    let rt = rt.enable_all().build().expect("runtime");
    rt.block_on(bench(args));
    // The bots run until a signal; end the process instead.
    std::process::exit(0);
}
