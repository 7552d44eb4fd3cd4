//! Runtime configuration read from environment variables (and an optional `.env` file).
//!
//! | variable           | required           | meaning                                                        |
//! |--------------------|--------------------|----------------------------------------------------------------|
//! | `TELOXIDE_TOKEN`   | for `serve`        | bot token from @BotFather, `<digits>:<secret>`                 |
//! | `TELOXIDE_API_URL` | no                 | custom Bot API server (e.g. a local `telegram-bot-api` or mock) |
//! | `DATABASE_URL`     | no                 | sqlx URL, default [`DEFAULT_DATABASE_URL`]                      |
//! | `RUST_LOG`         | no                 | tracing filter, default [`DEFAULT_LOG_FILTER`]                 |
//!
//! Call [`load_dotenv`] once at start-up, before reading anything: variables already set in the
//! real environment win over the `.env` file (dotenvy's default behaviour).

use std::path::PathBuf;

use url::Url;

/// Database used when `DATABASE_URL` is unset: a SQLite file in the working directory,
/// created on first start (`mode=rwc`).
pub const DEFAULT_DATABASE_URL: &str = "sqlite://srazhenie.db?mode=rwc";

/// Tracing filter used when `RUST_LOG` is unset.
pub const DEFAULT_LOG_FILTER: &str = "info,sqlx=warn";

/// Minimum length of the secret part (after the colon) of a real Telegram bot token.
/// Real tokens have 35 characters there; we check loosely.
pub const MIN_TOKEN_SECRET_LEN: usize = 20;

/// Validated configuration of the `serve` command.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// Bot token (`TELOXIDE_TOKEN`), already trimmed and validated by [`validate_token`].
    pub token: String,
    /// Custom Bot API server (`TELOXIDE_API_URL`); `None` = api.telegram.org.
    /// Pass it to `teloxide::Bot::set_api_url`.
    pub api_url: Option<Url>,
    /// sqlx database URL (`DATABASE_URL`), default [`DEFAULT_DATABASE_URL`].
    pub database_url: String,
    /// Tracing filter directives (`RUST_LOG`), default [`DEFAULT_LOG_FILTER`].
    pub log_filter: String,
    /// AI thinking time per move in milliseconds (`AI_THINK_MS`); `None` =
    /// each level's default (easy 20 ms, normal 300 ms, hard 1.95 s).
    pub ai_think_ms: Option<u64>,
    /// The least time the AI thinks per move, in milliseconds
    /// (`AI_MIN_THINK_MS`): a deliberately slow AI for tests and demos.
    pub ai_min_think_ms: Option<u64>,
    /// Hours before a move's deadline at which the player to move is
    /// reminded (`REMINDER_HOURS`, comma-separated; default `24,1`).
    pub reminder_hours: Vec<i64>,
    /// Bot API calls per second in all (`TELEGRAM_CALLS_PER_SEC`, default
    /// [`DEFAULT_CALLS_PER_SEC`], Telegram's broadcast limit). Raise it only
    /// for a bot whose limit Telegram raised (paid broadcasts allow up to 1000).
    pub calls_per_sec: u32,
}

/// Telegram's default limit of messages per second for one bot.
pub const DEFAULT_CALLS_PER_SEC: u32 = 30;

impl std::fmt::Debug for Config {
    /// Never prints the token secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bot_id = self.token.split(':').next().unwrap_or("");
        f.debug_struct("Config")
            .field("token", &format_args!("{bot_id}:***"))
            .field("api_url", &self.api_url.as_ref().map(Url::as_str))
            .field("database_url", &self.database_url)
            .field("log_filter", &self.log_filter)
            .field("ai_think_ms", &self.ai_think_ms)
            .field("ai_min_think_ms", &self.ai_min_think_ms)
            .field("reminder_hours", &self.reminder_hours)
            .field("calls_per_sec", &self.calls_per_sec)
            .finish()
    }
}

/// Why the configuration could not be loaded. `Display` gives one user-facing line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// `TELOXIDE_TOKEN` is unset/empty or does not look like a bot token.
    #[error(
        "TELOXIDE_TOKEN is missing or malformed — create a bot with @BotFather in Telegram \
         (/newbot), then put TELOXIDE_TOKEN=<token> in .env (see .env.example)"
    )]
    BadToken,
    /// `TELOXIDE_API_URL` is set but is not an absolute http(s) URL; holds the offending value.
    #[error("TELOXIDE_API_URL is not a valid http(s) URL: {0:?} (unset it to use api.telegram.org)")]
    BadApiUrl(String),
}

impl ConfigError {
    /// Process exit code for this error (2 = usage/configuration error).
    pub fn exit_code(&self) -> u8 {
        2
    }
}

/// Loads `.env` from the current directory (or a parent) if there is one.
///
/// Existing environment variables are not overridden. Returns the path of the file loaded,
/// `None` when there is no `.env`. A `.env` that cannot be parsed is reported on stderr
/// (logging is not initialised yet at this point) and otherwise ignored.
pub fn load_dotenv() -> Option<PathBuf> {
    match dotenvy::dotenv() {
        Ok(path) => Some(path),
        Err(e) if e.not_found() => None,
        Err(e) => {
            eprintln!("warning: ignoring .env: {e}");
            None
        }
    }
}

/// Checks the shape of a bot token (pure; no network).
///
/// * Normally: `^\d+:[A-Za-z0-9_-]{20,}$` (bot id, colon, at least [`MIN_TOKEN_SECRET_LEN`]
///   URL-safe characters).
/// * With a custom API server (`custom_api == true`, e.g. a test mock): `^\d+:\S+$`, so test
///   tokens such as `123:abc` pass.
pub fn validate_token(token: &str, custom_api: bool) -> bool {
    let Some((id, secret)) = token.split_once(':') else {
        return false;
    };
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) || secret.is_empty() {
        return false;
    }
    if custom_api {
        !secret.chars().any(char::is_whitespace)
    } else {
        secret.len() >= MIN_TOKEN_SECRET_LEN
            && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    }
}

/// Returns the database URL from `DATABASE_URL`, or [`DEFAULT_DATABASE_URL`] when unset/blank.
/// Needs no token, so commands that only touch the database can use it.
pub fn database_url_from_env() -> String {
    non_blank(std::env::var("DATABASE_URL").ok()).unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// Returns the tracing filter from `RUST_LOG`, or [`DEFAULT_LOG_FILTER`] when unset/blank.
pub fn log_filter_from_env() -> String {
    non_blank(std::env::var("RUST_LOG").ok()).unwrap_or_else(|| DEFAULT_LOG_FILTER.to_owned())
}

impl Config {
    /// Reads and validates the configuration from the process environment.
    ///
    /// # Errors
    /// [`ConfigError::BadToken`] or [`ConfigError::BadApiUrl`].
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Same as [`Config::from_env`], but variables come from `lookup(name)` (pure; for tests).
    /// Values are trimmed; empty values count as unset.
    ///
    /// # Errors
    /// [`ConfigError::BadToken`] or [`ConfigError::BadApiUrl`].
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let api_url = match non_blank(lookup("TELOXIDE_API_URL")) {
            None => None,
            Some(raw) => match Url::parse(&raw) {
                Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => Some(url),
                _ => return Err(ConfigError::BadApiUrl(raw)),
            },
        };
        let token = non_blank(lookup("TELOXIDE_TOKEN")).ok_or(ConfigError::BadToken)?;
        if !validate_token(&token, api_url.is_some()) {
            return Err(ConfigError::BadToken);
        }
        Ok(Config {
            token,
            api_url,
            database_url: non_blank(lookup("DATABASE_URL")).unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            log_filter: non_blank(lookup("RUST_LOG")).unwrap_or_else(|| DEFAULT_LOG_FILTER.to_owned()),
            ai_think_ms: non_blank(lookup("AI_THINK_MS")).and_then(|v| v.parse().ok()),
            ai_min_think_ms: non_blank(lookup("AI_MIN_THINK_MS")).and_then(|v| v.parse().ok()),
            reminder_hours: parse_hours(non_blank(lookup("REMINDER_HOURS")).as_deref()),
            calls_per_sec: non_blank(lookup("TELEGRAM_CALLS_PER_SEC"))
                .and_then(|v| v.parse().ok())
                .filter(|n| *n > 0)
                .unwrap_or(DEFAULT_CALLS_PER_SEC),
        })
    }
}

/// Reads `REMINDER_HOURS` (`"24,1"`): positive whole hours, most distant
/// first; the default `[24, 1]` when unset or unreadable.
#[must_use]
pub fn parse_hours(value: Option<&str>) -> Vec<i64> {
    let parsed: Option<Vec<i64>> =
        value.and_then(|v| v.split(',').map(|h| h.trim().parse::<i64>().ok().filter(|h| *h > 0)).collect());
    match parsed {
        Some(mut hours) if !hours.is_empty() => {
            hours.sort_unstable_by(|a, b| b.cmp(a));
            hours.dedup();
            hours
        }
        _ => vec![24, 1],
    }
}

/// Trims a value; `None` if it is missing or blank.
fn non_blank(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

#[cfg(test)]
mod hour_tests {
    use super::parse_hours;

    #[test]
    fn reminder_hours() {
        assert_eq!(parse_hours(None), vec![24, 1]);
        assert_eq!(parse_hours(Some("1, 48,24")), vec![48, 24, 1]);
        assert_eq!(parse_hours(Some("soon")), vec![24, 1]);
        assert_eq!(parse_hours(Some("0")), vec![24, 1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REAL_LIKE: &str = "1234567890:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-";

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
    }

    #[test]
    fn token_shapes() {
        assert!(validate_token(REAL_LIKE, false));
        assert!(validate_token("1:abcdefghijklmnopqrst", false)); // exactly 20
        assert!(!validate_token("1:abcdefghijklmnopqrs", false)); // 19
        assert!(!validate_token("123:abc", false));
        assert!(validate_token("123:abc", true));
        assert!(!validate_token("", false));
        assert!(!validate_token("", true));
        assert!(!validate_token(":abcdefghijklmnopqrstuvwxyz", false));
        assert!(!validate_token("12a:abcdefghijklmnopqrstuvwxyz", false));
        assert!(!validate_token("123abcdefghijklmnopqrstuvwxyz", false));
        assert!(!validate_token("123:", true));
        assert!(!validate_token("123:ab cd", true));
        assert!(!validate_token("123:abcdefghijklmnopqrstu.wxyz", false));
        assert!(!validate_token("<token>", false));
    }

    #[test]
    fn defaults_apply() {
        let cfg = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE)])).unwrap();
        assert_eq!(cfg.token, REAL_LIKE);
        assert_eq!(cfg.api_url, None);
        assert_eq!(cfg.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(cfg.log_filter, DEFAULT_LOG_FILTER);
        assert_eq!(cfg.calls_per_sec, DEFAULT_CALLS_PER_SEC);
        let raised = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE), ("TELEGRAM_CALLS_PER_SEC", "1000")]));
        assert_eq!(raised.unwrap().calls_per_sec, 1000);
        let zero = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE), ("TELEGRAM_CALLS_PER_SEC", "0")]));
        assert_eq!(zero.unwrap().calls_per_sec, DEFAULT_CALLS_PER_SEC, "0 would stop the bot: ignored");
    }

    #[test]
    fn values_are_read_and_trimmed() {
        let cfg = Config::from_lookup(env(&[
            ("TELOXIDE_TOKEN", " 123:abc \n"),
            ("TELOXIDE_API_URL", "http://127.0.0.1:8081"),
            ("DATABASE_URL", "sqlite::memory:"),
            ("RUST_LOG", "debug"),
        ]))
        .unwrap();
        assert_eq!(cfg.token, "123:abc");
        assert_eq!(cfg.api_url.unwrap().as_str(), "http://127.0.0.1:8081/");
        assert_eq!(cfg.database_url, "sqlite::memory:");
        assert_eq!(cfg.log_filter, "debug");
    }

    #[test]
    fn bad_token_and_url() {
        assert_eq!(Config::from_lookup(env(&[])), Err(ConfigError::BadToken));
        assert_eq!(Config::from_lookup(env(&[("TELOXIDE_TOKEN", "  ")])), Err(ConfigError::BadToken));
        assert_eq!(Config::from_lookup(env(&[("TELOXIDE_TOKEN", "123:abc")])), Err(ConfigError::BadToken));
        let err = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE), ("TELOXIDE_API_URL", "localhost:8081")]))
            .unwrap_err();
        assert_eq!(err, ConfigError::BadApiUrl("localhost:8081".into()));
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn error_message_is_one_helpful_line() {
        let msg = ConfigError::BadToken.to_string();
        assert!(!msg.contains('\n'));
        assert!(msg.starts_with("TELOXIDE_TOKEN is missing or malformed"));
        assert!(msg.contains("@BotFather") && msg.contains(".env.example"));
    }

    #[test]
    fn debug_hides_secret() {
        let cfg = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE)])).unwrap();
        let dbg = format!("{cfg:?}");
        assert!(dbg.contains("1234567890:***"));
        assert!(!dbg.contains("AAHdq"));
    }
}
