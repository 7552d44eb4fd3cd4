//! Start-up failures, each told in one line that names its cause and the
//! fix: a bad variable, a database that cannot be opened (with its path), a
//! Bot API that does not answer (with its URL) or refuses the token.

use std::str::FromStr;

use sqlx::sqlite::SqliteConnectOptions;
use teloxide::{ApiError, RequestError};
use url::Url;

use crate::config::ConfigError;
use crate::storage::StorageError;

/// The Bot API used when `TELOXIDE_API_URL` is unset.
pub const TELEGRAM_API_URL: &str = "https://api.telegram.org/";

/// Why the bot (or `migrate`, `backup`) could not start. `Display` is the
/// whole message for the operator, printed once.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// A variable is missing or malformed.
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// The database could not be opened or created.
    #[error(
        "cannot open the database {path}: {cause} — check DATABASE_URL ({url}): the folder must exist and be \
         writable by this user"
    )]
    DatabaseOpen {
        /// The file.
        path: String,
        /// The URL it came from.
        url: String,
        /// What SQLite said.
        cause: String,
    },
    /// The migrations failed (e.g. a newer version wrote the database).
    #[error(
        "cannot upgrade the database {path}: {cause} — if a newer srazhenie wrote it, run that version or \
         restore a backup (docs/operations.md)"
    )]
    DatabaseUpgrade {
        /// The file.
        path: String,
        /// What went wrong.
        cause: String,
    },
    /// The Bot API did not answer.
    #[error(
        "cannot reach the Bot API at {url}: {cause} — check the network (a proxy, a firewall, DNS) or \
         TELOXIDE_API_URL"
    )]
    Unreachable {
        /// Where the bot tried.
        url: String,
        /// The error chain.
        cause: String,
    },
    /// 401: the token was refused.
    #[error(
        "the token was refused by Telegram: check TELOXIDE_TOKEN / BotFather (copy the token again from \
         @BotFather, /mybots → API Token; a revoked token stops working)"
    )]
    TokenRefused,
    /// Any other answer of the Bot API at start.
    #[error("the Bot API at {url} answered {method} with an error: {cause}")]
    Api {
        /// Where the bot asked.
        url: String,
        /// The method.
        method: &'static str,
        /// The error chain.
        cause: String,
    },
    /// `backup` failed.
    #[error(
        "cannot back up {from} to {to}: {cause} — the backup file must not exist yet and its folder must be writable"
    )]
    Backup {
        /// The database file.
        from: String,
        /// The backup file asked for.
        to: String,
        /// What went wrong.
        cause: String,
    },
    /// The HTTP server (Mini App, webhook) cannot listen.
    #[error(
        "cannot listen on {addr} for the Mini App: {cause} — check HTTP_ADDR (a free port, an address of this machine)"
    )]
    Http {
        /// The address.
        addr: String,
        /// What the system said.
        cause: String,
    },
    /// The async runtime could not start.
    #[error("cannot start the async runtime: {0}")]
    Runtime(#[from] std::io::Error),
}

impl StartError {
    /// The error of opening (and migrating) the database at `url`.
    #[must_use]
    pub fn database(url: &str, e: &StorageError) -> StartError {
        let path = database_path(url);
        match e {
            StorageError::Migrate(m) => StartError::DatabaseUpgrade { path, cause: error_chain(m) },
            other => StartError::DatabaseOpen { path, url: url.to_owned(), cause: error_chain(other) },
        }
    }

    /// The error of the Bot API call `method` made at start against `url`.
    #[must_use]
    pub fn bot_api(url: &Url, method: &'static str, e: &RequestError) -> StartError {
        match e {
            RequestError::Network(_) => StartError::Unreachable { url: url.to_string(), cause: error_chain(e) },
            RequestError::Api(ApiError::InvalidToken) => StartError::TokenRefused,
            other => StartError::Api { url: url.to_string(), method, cause: error_chain(other) },
        }
    }

    /// Process exit code: 2 for a configuration the operator must fix, 1 otherwise.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        match self {
            StartError::Config(_) | StartError::TokenRefused => 2,
            _ => 1,
        }
    }
}

/// The file a SQLite URL names (the URL itself if it cannot be read).
#[must_use]
pub fn database_path(url: &str) -> String {
    SqliteConnectOptions::from_str(url)
        .map_or_else(|_| url.to_owned(), |o| o.get_filename().to_string_lossy().into_owned())
}

/// An error and its sources in one line, `a: b: c`, skipping a source whose
/// text its parent already shows.
#[must_use]
pub fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let part = s.to_string();
        if !text.contains(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_missing_folder_names_the_database_file() {
        let url = "sqlite:///nonexistent-srazhenie-dir/sub/games.db?mode=rwc";
        let e = crate::storage::Store::connect(url).await.unwrap_err();
        let msg = StartError::database(url, &e).to_string();
        assert!(msg.starts_with("cannot open the database /nonexistent-srazhenie-dir/sub/games.db: "), "{msg}");
        assert!(msg.contains("unable to open database file") && msg.contains("DATABASE_URL"), "{msg}");
    }

    #[tokio::test]
    async fn an_unreachable_api_names_the_url() {
        // A port nobody listens on: the connection is refused at once.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let url = Url::parse(&format!("http://127.0.0.1:{port}/")).unwrap();
        let bot = teloxide::Bot::new("123:abc").set_api_url(url.clone());
        let e = teloxide::prelude::Requester::get_me(&bot).await.unwrap_err();
        let err = StartError::bot_api(&url, "getMe", &e);
        let msg = err.to_string();
        assert!(msg.starts_with(&format!("cannot reach the Bot API at {url}: ")), "{msg}");
        assert!(msg.to_lowercase().contains("connect"), "the cause is shown: {msg}");
        assert!(!msg.contains("123:abc"), "never the token");
        assert_eq!(err.exit_code(), 1);
    }

    #[tokio::test]
    async fn a_refused_token_says_what_to_check() {
        let stub = crate::testing::StubApi::start(|_, _| {
            r#"{"ok":false,"error_code":401,"description":"Unauthorized"}"#.to_owned()
        })
        .await;
        let e = teloxide::prelude::Requester::get_me(&stub.bot()).await.unwrap_err();
        let err = StartError::bot_api(stub.url(), "getMe", &e);
        assert!(err.to_string().starts_with("the token was refused by Telegram: check TELOXIDE_TOKEN / BotFather"));
        assert_eq!(err.exit_code(), 2);
    }
}
