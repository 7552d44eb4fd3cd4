//! The offline commands around the built-in AI (crate `ai`): `arena`
//! (strength measurement, docs/ai-agents.md), `agent` (the UCC 2012 referee
//! protocol) and `play` (a game in the terminal).

pub mod agent;
pub mod arena;
pub mod play;
pub mod stats;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use crate::cli::{AgentArgs, ArenaArgs, PlayArgs};

/// `srazhenie arena`: plays the games and prints the report on stdout.
#[must_use]
pub fn arena_main(args: &ArenaArgs) -> ExitCode {
    let ms = |own: Option<u64>, level: ai::Level| {
        own.or(args.think_ms).map_or_else(|| level.default_budget(), Duration::from_millis)
    };
    let cfg = arena::ArenaConfig {
        a: args.a,
        b: args.b,
        games: args.games,
        rules: args.rules,
        seed: args.seed,
        think_a: ms(args.think_a_ms, args.a),
        think_b: ms(args.think_b_ms, args.b),
        nodes_a: args.nodes_a,
        nodes_b: args.nodes_b,
        threads: args.threads,
    };
    let results = arena::run(&cfg);
    println!("{}", arena::report(&cfg, &results));
    ExitCode::SUCCESS
}

/// `srazhenie agent`: the referee protocol on stdin/stdout, logs on stderr.
#[must_use]
pub fn agent_main(args: &AgentArgs) -> ExitCode {
    let budget = ai::Budget::time(Duration::from_millis(args.think_ms));
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
    let cfg = play::PlayConfig { level: args.level, rules: args.rules, seed, think };
    let mut out = BufWriter::new(io::stdout().lock());
    let result = play::run(&cfg, io::stdin().lock(), &mut out).and_then(|()| out.flush());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}
