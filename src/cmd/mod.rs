//! The offline commands around the built-in AI (crate `ai`): `arena`
//! (strength measurement against our own levels and external programs,
//! `docs/ai-agents.md`), `agent` (the UCC 2012 referee protocol), `play`
//! (a game in the terminal) and `analyze` (one decision in a recorded game).

pub mod agent;
pub mod analyze;
pub mod arena;
pub mod external;
pub mod jungle;
pub mod play;
pub mod review;
pub mod stats;
pub mod ucc;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use engine::RuleSetId;

use crate::cli::{AgentArgs, AnalyzeArgs, ArenaArgs, PlayArgs, ReviewArgs, Rules};

/// `srazhenie arena`: plays the games and prints the report on stdout.
#[must_use]
pub fn arena_main(args: &ArenaArgs) -> ExitCode {
    let Rules::Stratego(rules) = args.rules else { return jungle::arena_main(args) };
    let side = |level: Option<ai::Level>, cmd: &Option<String>| match (level, cmd) {
        (_, Some(cmd)) => arena::Side::Program(cmd.clone()),
        (Some(level), None) => arena::Side::Ai(level),
        (None, None) => unreachable!("clap requires a level or a command for each side"),
    };
    let (a, b) = (side(args.a, &args.a_cmd), side(args.b, &args.b_cmd));
    let programs = args.a_cmd.is_some() || args.b_cmd.is_some();
    if programs && !matches!(rules, RuleSetId::Ucc | RuleSetId::Classic) {
        eprintln!(
            "arena: external programs play the UCC 2012 referee's rules: use --rules ucc (or classic), not {}",
            rules
        );
        return ExitCode::from(2);
    }
    let ms = |own: Option<u64>, side: &arena::Side| {
        let default = side.level().map_or(Duration::ZERO, ai::Level::default_budget);
        own.or(args.think_ms).map_or(default, Duration::from_millis)
    };
    let cfg = arena::ArenaConfig {
        think_a: ms(args.think_a_ms, &a),
        think_b: ms(args.think_b_ms, &b),
        a,
        b,
        games: args.games,
        rules,
        seed: args.seed,
        nodes_a: args.nodes_a,
        nodes_b: args.nodes_b,
        threads: args.threads,
        program_limit: Duration::from_millis(args.program_ms),
        log_dir: args.log_dir.clone(),
    };
    let results = arena::run(&cfg);
    println!("{}", arena::report(&cfg, &results));
    ExitCode::SUCCESS
}

/// `srazhenie agent`: the referee protocol on stdin/stdout, logs on stderr.
#[must_use]
pub fn agent_main(args: &AgentArgs) -> ExitCode {
    let budget = args.nodes.map_or_else(|| ai::Budget::time(Duration::from_millis(args.think_ms)), ai::Budget::nodes);
    let agent = agent::Agent::new(args.level, budget, args.seed);
    match agent::run(agent, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("agent: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `srazhenie play`: a game against the AI on the terminal.
#[must_use]
pub fn play_main(args: &PlayArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(rand::random);
    let think = args.think_ms.map_or_else(|| args.level.default_budget(), Duration::from_millis);
    let mut out = BufWriter::new(io::stdout().lock());
    let result = match args.rules {
        Rules::Stratego(rules) => {
            let cfg = play::PlayConfig { level: args.level, rules, seed, think };
            play::run(&cfg, io::stdin().lock(), &mut out)
        }
        Rules::Jungle => jungle::play(args.level, seed, think, io::stdin().lock(), &mut out),
    }
    .and_then(|()| out.flush());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `srazhenie analyze`: the AI's values in one position of a recorded game.
#[must_use]
pub fn analyze_main(args: &AnalyzeArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("analyze: cannot read {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let budget = match (args.nodes, args.think_ms) {
        (Some(n), _) => ai::Budget::nodes(n),
        (None, ms) => ai::Budget::time(ms.map_or_else(|| args.level.default_budget(), Duration::from_millis)),
    };
    let cfg = analyze::AnalyzeConfig { ply: args.ply, level: args.level, budget, seed: args.seed, top: args.top };
    match analyze::run(&text, &cfg) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("analyze: {}: {e}", args.file.display());
            ExitCode::from(2)
        }
    }
}

/// `srazhenie review`: how side A's games in arena log folders were won and
/// lost. A file that is no arena log is named on stderr and skipped; no
/// game read at all exits with 2.
#[must_use]
pub fn review_main(args: &ReviewArgs) -> ExitCode {
    let mut r = review::Review::default();
    let mut read = 0;
    for dir in &args.dirs {
        let mut files: Vec<_> = match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("game-") && n.ends_with(".txt"))
                })
                .collect(),
            Err(e) => {
                eprintln!("review: cannot read {}: {e}", dir.display());
                continue;
            }
        };
        files.sort();
        for file in files {
            match std::fs::read_to_string(&file)
                .map_err(|e| e.to_string())
                .and_then(|t| review::parse(&t).map_err(|e| e.to_string()))
            {
                Ok(log) => {
                    r.add(&log);
                    read += 1;
                }
                Err(e) => eprintln!("review: {}: {e}", file.display()),
            }
        }
    }
    if read == 0 {
        eprintln!("review: no arena game log (game-*.txt) read");
        return ExitCode::from(2);
    }
    print!("{}", r.text());
    ExitCode::SUCCESS
}
