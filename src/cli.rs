//! Command-line interface of the `srazhenie` binary.

use clap::{Parser, Subcommand};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Run the Telegram bot (long polling) until SIGINT/SIGTERM. Needs TELOXIDE_TOKEN.
    Serve,
    /// Create/upgrade the database at DATABASE_URL and exit. Needs no token.
    Migrate,
}

impl Cli {
    /// The subcommand to run, defaulting to [`Command::Serve`].
    pub fn command_or_default(&self) -> Command {
        self.command.unwrap_or(Command::Serve)
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
    }
}
