//! Command-line interface of the `srazhenie` binary.

use ai::Level;
use clap::{Args, Parser, Subcommand};
use engine::RuleSetId;

/// `srazhenie [COMMAND]` — configuration comes from the environment / `.env`
/// (see `.env.example`), not from flags.
#[derive(Debug, Parser)]
#[command(name = "srazhenie", version, about = "«Сражение»: correspondence Stratego on Telegram")]
pub struct Cli {
    /// What to do; `serve` when omitted.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Run the Telegram bot (long polling) until SIGINT/SIGTERM. Needs TELOXIDE_TOKEN.
    Serve,
    /// Create/upgrade the database at DATABASE_URL and exit. Needs no token.
    Migrate,
    /// Play N games between two sides (AI levels or external programs) and print the table of docs/ai-agents.md.
    Arena(ArenaArgs),
    /// Run the AI as a UCC 2012 referee agent on stdin/stdout (the referee's `ucc` rules).
    Agent(AgentArgs),
    /// Play against the AI in the terminal.
    Play(PlayArgs),
    /// Show what the AI thinks of a position of an exported game (an arena log or a game export): every root move's value.
    Analyze(AnalyzeArgs),
    /// Count how side A's games in arena log folders were won and lost (Flags lost while ahead, no mover left, movers, Marshal trades).
    Review(ReviewArgs),
    /// Write a consistent copy of the database at DATABASE_URL to FILE (safe while the bot runs).
    Backup(BackupArgs),
}

/// `backup`: where to write the copy.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct BackupArgs {
    /// The backup file to create; it must not exist yet.
    pub file: std::path::PathBuf,
}

/// `arena`: two sides, N games, alternating sides and first move. A side
/// is an AI level (`--a`, `--b`) or an external program speaking the UCC
/// 2012 referee protocol (`--a-cmd`, `--b-cmd`).
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct ArenaArgs {
    /// Side A's level: random, greedy, easy, normal, hard, hard-v1.
    #[arg(long = "a", required_unless_present = "a_cmd", conflicts_with = "a_cmd")]
    pub a: Option<Level>,
    /// Side B's level.
    #[arg(long = "b", required_unless_present = "b_cmd", conflicts_with = "b_cmd")]
    pub b: Option<Level>,
    /// Side A as an external program (run with `sh -c`) speaking the UCC
    /// 2012 referee protocol; use with `--rules ucc`.
    #[arg(long)]
    pub a_cmd: Option<String>,
    /// Side B as an external program (see `--a-cmd`).
    #[arg(long)]
    pub b_cmd: Option<String>,
    /// Time an external program may take for each answer, in milliseconds
    /// (the 2012 referee's default is 2 s); slower is a loss.
    #[arg(long, default_value_t = 2000)]
    pub program_ms: u64,
    /// Write each game (setups, every move, result) to DIR/game-NNN.txt.
    #[arg(long)]
    pub log_dir: Option<std::path::PathBuf>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Rule set: battle, battle-runners, classic, duel, battle-duel, ucc
    /// (the 2012 referee's rules, for external programs), or jungle (the
    /// other game, docs/jungle.md; AI levels only).
    #[arg(long, default_value_t = Rules::Stratego(RuleSetId::Battle), value_parser = Rules::parse)]
    pub rules: Rules,
    /// Seed of the run (game i is seeded from it and i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Think time per move in milliseconds for both sides (default: each level's own).
    #[arg(long)]
    pub think_ms: Option<u64>,
    /// Think time of A in milliseconds (overrides --think-ms).
    #[arg(long)]
    pub think_a_ms: Option<u64>,
    /// Think time of B in milliseconds (overrides --think-ms).
    #[arg(long)]
    pub think_b_ms: Option<u64>,
    /// Search nodes per move of A instead of a think time (reproducible;
    /// the report shows how many nodes a millisecond buys).
    #[arg(long)]
    pub nodes_a: Option<u64>,
    /// Search nodes per move of B instead of a think time.
    #[arg(long)]
    pub nodes_b: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// What `--rules` names: a Stratego rule set, or Jungle (docs/jungle.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// A rule set of the Stratego engine.
    Stratego(RuleSetId),
    /// Jungle, the second game.
    Jungle,
}

impl Rules {
    /// Parses `jungle` or a [`RuleSetId`] name (as [`RuleSetId::parse_any`]).
    ///
    /// # Errors
    /// The rule set's error text for anything else.
    pub fn parse(s: &str) -> Result<Rules, String> {
        if s.trim().eq_ignore_ascii_case("jungle") {
            return Ok(Rules::Jungle);
        }
        RuleSetId::parse_any(s).map(Rules::Stratego).map_err(|e| format!("{e}, or jungle"))
    }
}

impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rules::Stratego(id) => write!(f, "{id}"),
            Rules::Jungle => f.write_str("jungle"),
        }
    }
}

/// `agent`: the UCC 2012 referee protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Args)]
pub struct AgentArgs {
    /// Think time per move in milliseconds, the whole answer included (the
    /// referee waits 2 s; the default leaves a quarter of that spare).
    #[arg(long, default_value_t = 1500)]
    pub think_ms: u64,
    /// Search nodes per move instead of a think time: the same seed and
    /// the same input then give the same answers (for comparing referees).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The AI level.
    #[arg(long, default_value_t = Level::Hard)]
    pub level: Level,
    /// Seed of the agent's random choices (setup, ties).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `review`: the arena log folders to count.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct ReviewArgs {
    /// Folders written by `arena --log-dir` (their `game-*.txt` files).
    #[arg(required = true)]
    pub dirs: Vec<std::path::PathBuf>,
}

/// `analyze`: one decision of the AI in a recorded game, with its values.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct AnalyzeArgs {
    /// A game in the export format (`srazhenie-game v1`): an `arena
    /// --log-dir` file or an exported game.
    pub file: std::path::PathBuf,
    /// The position after this many plies (default: after the last one);
    /// the side to move there is analysed, from its own view only (R25).
    #[arg(long)]
    pub ply: Option<usize>,
    /// The AI level.
    #[arg(long, default_value_t = Level::Hard)]
    pub level: Level,
    /// Think time in milliseconds (default: the level's own).
    #[arg(long, conflicts_with = "nodes")]
    pub think_ms: Option<u64>,
    /// Search nodes instead of a think time: the same seed then gives the
    /// same values.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Seed of the AI's random choices (the sampled armies, ties).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many root moves to list, best first.
    #[arg(long, default_value_t = 10)]
    pub top: usize,
}

/// `play`: a game against the AI in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Args)]
pub struct PlayArgs {
    /// The AI level.
    #[arg(long, default_value_t = Level::Normal)]
    pub level: Level,
    /// Rule set: a Stratego rule set (battle, classic, …) or jungle.
    #[arg(long, default_value_t = Rules::Stratego(RuleSetId::Battle), value_parser = Rules::parse)]
    pub rules: Rules,
    /// Seed (first move by lot, the AI's setup and choices).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The AI's think time per move in milliseconds (default: the level's own).
    #[arg(long)]
    pub think_ms: Option<u64>,
}

impl Cli {
    /// The subcommand to run, defaulting to [`Command::Serve`].
    pub fn command_or_default(&self) -> Command {
        self.command.clone().unwrap_or(Command::Serve)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        <Cli as CommandFactory>::command().debug_assert();
    }

    #[test]
    fn serve_is_default() {
        let cli = Cli::try_parse_from(["srazhenie"]).unwrap();
        assert_eq!(cli.command_or_default(), Command::Serve);
        let cli = Cli::try_parse_from(["srazhenie", "serve"]).unwrap();
        assert_eq!(cli.command_or_default(), Command::Serve);
        let cli = Cli::try_parse_from(["srazhenie", "migrate"]).unwrap();
        assert_eq!(cli.command_or_default(), Command::Migrate);
        assert!(Cli::try_parse_from(["srazhenie", "nonsense"]).is_err());
        let cli = Cli::try_parse_from(["srazhenie", "backup", "/tmp/b.db"]).unwrap();
        assert_eq!(cli.command_or_default(), Command::Backup(BackupArgs { file: "/tmp/b.db".into() }));
        assert!(Cli::try_parse_from(["srazhenie", "backup"]).is_err(), "the file is required");
    }

    #[test]
    fn ai_subcommands_parse() {
        let cli = Cli::try_parse_from([
            "srazhenie",
            "arena",
            "--a",
            "normal",
            "--b",
            "random",
            "--games",
            "10",
            "--rules",
            "battle",
            "--seed",
            "3",
            "--think-ms",
            "50",
        ])
        .unwrap();
        let Command::Arena(a) = cli.command_or_default() else { panic!("{cli:?}") };
        assert_eq!(
            (a.a, a.b, a.games, a.rules, a.seed, a.think_ms),
            (Some(Level::Normal), Some(Level::Random), 10, Rules::Stratego(RuleSetId::Battle), 3, Some(50))
        );
        let cli = Cli::try_parse_from(["srazhenie", "arena", "--a", "hard", "--b-cmd", "./agent x", "--rules", "ucc"])
            .unwrap();
        let Command::Arena(a) = cli.command_or_default() else { panic!("{cli:?}") };
        assert_eq!(
            (a.a, a.b, a.b_cmd.as_deref(), a.rules),
            (Some(Level::Hard), None, Some("./agent x"), Rules::Stratego(RuleSetId::Ucc))
        );
        assert_eq!(a.program_ms, 2000);
        assert!(Cli::try_parse_from(["srazhenie", "arena", "--a", "hard"]).is_err(), "B is missing");
        assert!(Cli::try_parse_from(["srazhenie", "arena", "--a", "hard", "--b", "easy", "--b-cmd", "x"]).is_err());
        let cli = Cli::try_parse_from(["srazhenie", "agent", "--think-ms", "900"]).unwrap();
        assert!(matches!(cli.command_or_default(), Command::Agent(AgentArgs { think_ms: 900, .. })));
        let cli =
            Cli::try_parse_from(["srazhenie", "play", "--level", "easy", "--rules", "classic", "--seed", "5"]).unwrap();
        assert!(matches!(cli.command_or_default(), Command::Play(PlayArgs { level: Level::Easy, seed: Some(5), .. })));
        let cli = Cli::try_parse_from(["srazhenie", "agent"]).unwrap();
        let Command::Agent(a) = cli.command_or_default() else { panic!("{cli:?}") };
        assert!(a.think_ms <= 1700, "the default leaves at least 15 % of the referee's 2 s");
        assert!(Cli::try_parse_from(["srazhenie", "arena", "--a", "expert", "--b", "random"]).is_err());
        let cli =
            Cli::try_parse_from(["srazhenie", "arena", "--a", "hard", "--b", "normal", "--rules", "Jungle"]).unwrap();
        assert!(matches!(cli.command_or_default(), Command::Arena(ArenaArgs { rules: Rules::Jungle, .. })));
        let cli = Cli::try_parse_from(["srazhenie", "play", "--rules", "jungle"]).unwrap();
        assert!(matches!(cli.command_or_default(), Command::Play(PlayArgs { rules: Rules::Jungle, .. })));
        assert!(Cli::try_parse_from(["srazhenie", "play", "--rules", "chess"]).is_err());
        let cli = Cli::try_parse_from(["srazhenie", "analyze", "g.txt", "--ply", "40", "--nodes", "9000"]).unwrap();
        let Command::Analyze(a) = cli.command_or_default() else { panic!("{cli:?}") };
        assert_eq!(
            (a.file.to_str(), a.ply, a.nodes, a.level, a.seed, a.top),
            (Some("g.txt"), Some(40), Some(9000), Level::Hard, 1, 10)
        );
        assert!(Cli::try_parse_from(["srazhenie", "analyze", "g.txt", "--nodes", "9", "--think-ms", "9"]).is_err());
        assert!(Cli::try_parse_from(["srazhenie", "analyze"]).is_err(), "the file is required");
        let cli = Cli::try_parse_from(["srazhenie", "review", "runs/a", "runs/b"]).unwrap();
        let Command::Review(r) = cli.command_or_default() else { panic!("{cli:?}") };
        assert_eq!(r.dirs.len(), 2);
        assert!(Cli::try_parse_from(["srazhenie", "review"]).is_err(), "a folder is required");
    }
}
