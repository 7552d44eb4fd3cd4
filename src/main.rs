//! `srazhenie` binary: parses the CLI, loads configuration, sets up logging and storage, builds
//! the Mini App's routes ([`srazhenie::web`]) and hands over to [`srazhenie::telegram::run`]; the AI commands (`arena`, `agent`, `play`, `analyze`) run
//! offline through [`srazhenie::cmd`].

use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use srazhenie::cli::{Cli, Command};
use srazhenie::config::{self, Config};
use srazhenie::startup::StartError;
use srazhenie::storage::{self, Store};
use tracing_subscriber::EnvFilter;

/// mimalloc instead of the system allocator: the bot allocates small
/// buffers on several threads at once (requests, JSON, rows), where glibc's
/// malloc spent a fifth of the CPU under load (BENCHMARKS.md, "Load").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command_or_default();
    match &command {
        Command::Arena(args) => return srazhenie::cmd::arena_main(args),
        Command::Agent(args) => return srazhenie::cmd::agent_main(args),
        Command::Play(args) => return srazhenie::cmd::play_main(args),
        Command::Analyze(args) => return srazhenie::cmd::analyze_main(args),
        Command::Review(args) => return srazhenie::cmd::review_main(args),
        Command::Serve | Command::Migrate | Command::Backup(_) => {}
    }
    config::load_dotenv();
    // Every failure is printed here, once, on stderr: the message names its
    // cause and the fix (see `srazhenie::startup`).
    match run(&command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs `serve`, `migrate` or `backup`.
fn run(command: &Command) -> Result<(), StartError> {
    init_tracing(config::log_filter_from_env()?);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    match command {
        Command::Serve => runtime.block_on(serve(Config::from_env()?)),
        Command::Migrate => runtime.block_on(migrate(config::database_url_from_env()?)),
        Command::Backup(args) => runtime.block_on(backup(config::database_url_from_env()?, &args.file)),
        Command::Arena(_) | Command::Agent(_) | Command::Play(_) | Command::Analyze(_) | Command::Review(_) => Ok(()),
    }
}

/// Logs to stderr, filtered by `filter` (`RUST_LOG`, already checked). The
/// `log` records of teloxide and reqwest are forwarded into the same log.
fn init_tracing(filter: String) {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::new(filter))
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

/// Opens (creates, migrates) the database at `url`.
async fn open(url: &str) -> Result<Store, StartError> {
    Store::connect(url).await.map_err(|e| StartError::database(url, &e))
}

/// `serve`: open the database (migrating it), run the bot, close the database.
async fn serve(cfg: Config) -> Result<(), StartError> {
    tracing::info!(version = env!("CARGO_PKG_VERSION"), ?cfg, "starting");
    let store = open(&cfg.database_url).await?;
    let app = srazhenie::app::App::new(store.clone());
    let http = cfg.serve_http.then(|| srazhenie::web::router(app.clone(), &cfg.token));
    let result = srazhenie::telegram::run(cfg, app, http).await;
    store.close().await;
    tracing::info!("stopped");
    result
}

/// `migrate`: open (create) the database, apply migrations, exit.
async fn migrate(database_url: String) -> Result<(), StartError> {
    open(&database_url).await?.close().await;
    tracing::info!(%database_url, "database is up to date");
    Ok(())
}

/// `backup FILE`: a consistent copy of the database, safe while the bot runs.
async fn backup(database_url: String, file: &Path) -> Result<(), StartError> {
    let report = storage::backup(&database_url, file).await.map_err(|e| StartError::Backup {
        from: srazhenie::startup::database_path(&database_url),
        to: file.display().to_string(),
        cause: srazhenie::startup::error_chain(&e),
    })?;
    println!("backed up {} to {} ({} bytes, {} games)", report.source, file.display(), report.bytes, report.games);
    Ok(())
}
