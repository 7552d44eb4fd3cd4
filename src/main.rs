//! `srazhenie` binary: parses the CLI, loads configuration, sets up logging and storage, and
//! hands over to [`srazhenie::telegram::run`]; the AI commands (`arena`, `agent`, `play`) run
//! offline through [`srazhenie::cmd`].

use std::process::ExitCode;

use clap::Parser;
use srazhenie::cli::{Cli, Command};
use srazhenie::config::{self, Config};
use srazhenie::storage::Store;
use tracing_subscriber::EnvFilter;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// mimalloc instead of the system allocator: the bot allocates small
/// buffers on several threads at once (requests, JSON, rows), where glibc's
/// malloc spent a fifth of the CPU under load (BENCHMARKS.md, "Load").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let bot = match cli.command_or_default() {
        Command::Arena(args) => return srazhenie::cmd::arena_main(&args),
        Command::Agent(args) => return srazhenie::cmd::agent_main(&args),
        Command::Play(args) => return srazhenie::cmd::play_main(&args),
        bot @ (Command::Serve | Command::Migrate) => bot,
    };
    config::load_dotenv();
    init_tracing();

    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match bot {
        Command::Serve => {
            let cfg = match Config::from_env() {
                Ok(cfg) => cfg,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(e.exit_code());
                }
            };
            runtime.block_on(serve(cfg))
        }
        Command::Migrate => runtime.block_on(migrate(config::database_url_from_env())),
        Command::Arena(_) | Command::Agent(_) | Command::Play(_) => Ok(()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Logs to stderr, filtered by `RUST_LOG` (default [`config::DEFAULT_LOG_FILTER`]).
fn init_tracing() {
    let filter = EnvFilter::try_new(config::log_filter_from_env()).unwrap_or_else(|e| {
        eprintln!("warning: bad RUST_LOG ({e}); using {}", config::DEFAULT_LOG_FILTER);
        EnvFilter::new(config::DEFAULT_LOG_FILTER)
    });
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

/// `serve`: open the database, run the bot, close the database.
async fn serve(cfg: Config) -> Result<(), BoxError> {
    tracing::info!(version = env!("CARGO_PKG_VERSION"), ?cfg, "starting");
    let store = Store::connect(&cfg.database_url).await?;
    let result = srazhenie::telegram::run(cfg, store.clone()).await;
    store.close().await;
    tracing::info!("stopped");
    result
}

/// `migrate`: open (create) the database, apply migrations, exit.
async fn migrate(database_url: String) -> Result<(), BoxError> {
    let store = Store::connect(&database_url).await?;
    store.close().await;
    tracing::info!(%database_url, "database is up to date");
    Ok(())
}
