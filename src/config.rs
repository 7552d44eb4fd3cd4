//! Runtime configuration read from environment variables (and an optional `.env` file).
//!
//! | variable           | required           | meaning                                                        |
//! |--------------------|--------------------|----------------------------------------------------------------|
//! | `TELOXIDE_TOKEN`   | for `serve`        | bot token from @BotFather, `<digits>:<secret>`                 |
//! | `TELOXIDE_API_URL` | no                 | custom Bot API server (e.g. a local `telegram-bot-api` or mock) |
//! | `DATABASE_URL`     | no                 | sqlx URL, default [`DEFAULT_DATABASE_URL`]                      |
//! | `RUST_LOG`         | no                 | tracing filter, default [`DEFAULT_LOG_FILTER`]                 |
//! | `AI_THINK_MS`      | no                 | the AI's think time per move, default each level's own         |
//! | `AI_MIN_THINK_MS`  | no                 | the least time the AI stays busy per move (tests, demos)       |
//! | `REMINDER_HOURS`   | no                 | reminders before a deadline, default [`DEFAULT_REMINDER_HOURS`] |
//! | `TELEGRAM_CALLS_PER_SEC` | no           | Bot API calls a second, default [`DEFAULT_CALLS_PER_SEC`]      |
//! | `CARD_EDIT_SECS`   | no                 | least seconds between two edits of a challenge card in play, default [`DEFAULT_CARD_EDIT_SECS`] |
//! | `HTTP_ADDR`        | no                 | where the Mini App's HTTP server listens, default [`DEFAULT_HTTP_ADDR`] |
//! | `WEBAPP_URL`       | no                 | public `https://` base of the Mini App; unset = no Mini App buttons |
//! | `WEBHOOK_URL`      | no                 | public `https://` URL for updates by webhook; unset = long polling |
//!
//! A variable that is set but cannot be read is an error that names it
//! ([`ConfigError`]), never a silent default.
//!
//! Call [`load_dotenv`] once at start-up, before reading anything: variables already set in the
//! real environment win over the `.env` file (dotenvy's default behaviour).

use std::path::PathBuf;

use url::Url;

/// Database used when `DATABASE_URL` is unset: a SQLite file in the working directory,
/// created on first start (`mode=rwc`).
pub const DEFAULT_DATABASE_URL: &str = "sqlite://srazhenie.db?mode=rwc";

/// Tracing filter used when `RUST_LOG` is unset. teloxide's polling says
/// "retrying getting updates" at `info` on every failed poll; the bot logs
/// a lost connection itself, rate-limited (`telegram::health`), so that
/// module is kept to warnings.
pub const DEFAULT_LOG_FILTER: &str = "info,sqlx=warn,teloxide::update_listeners=warn";

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
    /// The least seconds between two edits of a challenge card (group or
    /// inline) while its game is played (`CARD_EDIT_SECS`, default
    /// [`DEFAULT_CARD_EDIT_SECS`]); a change within the window is shown by
    /// a trailing edit once it passes.
    pub card_edit_secs: u64,
    /// Where the Mini App's HTTP server listens (`HTTP_ADDR`, default [`DEFAULT_HTTP_ADDR`]).
    pub http_addr: std::net::SocketAddr,
    /// The public `https://` base where Telegram opens the Mini App
    /// (`WEBAPP_URL`); `None` = no Mini App buttons.
    pub webapp_url: Option<Url>,
    /// The public `https://` URL Telegram posts updates to (`WEBHOOK_URL`);
    /// `None` = long polling.
    pub webhook_url: Option<Url>,
    /// Whether to run the HTTP server: `HTTP_ADDR`, `WEBAPP_URL` or
    /// `WEBHOOK_URL` is set (without them the bot opens no port).
    pub serve_http: bool,
}

/// Where the HTTP server listens when `HTTP_ADDR` is unset.
pub const DEFAULT_HTTP_ADDR: &str = "127.0.0.1:8080";

/// Seconds between two edits of a challenge card in play when `CARD_EDIT_SECS` is unset.
pub const DEFAULT_CARD_EDIT_SECS: u64 = 180;

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
            .field("card_edit_secs", &self.card_edit_secs)
            .field("http_addr", &self.http_addr)
            .field("webapp_url", &self.webapp_url.as_ref().map(Url::as_str))
            .field("webhook_url", &self.webhook_url.as_ref().map(Url::as_str))
            .field("serve_http", &self.serve_http)
            .finish()
    }
}

/// Why the configuration could not be loaded. `Display` gives one user-facing line that
/// names the variable and says how to fix it.
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
    /// `DATABASE_URL` names another database than SQLite; holds the offending value.
    #[error(
        "DATABASE_URL={0:?}: only SQLite URLs are supported — use sqlite://PATH?mode=rwc \
         (or unset it for sqlite://srazhenie.db?mode=rwc)"
    )]
    UnsupportedDatabase(String),
    /// A variable is set to a value that cannot be read.
    #[error(
        "{name}={value:?} is not valid: expected {expected} (fix it or unset it for the default; see .env.example)"
    )]
    BadValue {
        /// The variable.
        name: &'static str,
        /// What it holds.
        value: String,
        /// What it should hold.
        expected: &'static str,
    },
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
///
/// # Errors
/// [`ConfigError::UnsupportedDatabase`] for a URL that is not SQLite's.
pub fn database_url_from_env() -> Result<String, ConfigError> {
    database_url(non_blank(std::env::var("DATABASE_URL").ok()))
}

/// Returns the tracing filter from `RUST_LOG`, or [`DEFAULT_LOG_FILTER`] when unset/blank.
///
/// # Errors
/// [`ConfigError::BadValue`] when it is no valid filter.
pub fn log_filter_from_env() -> Result<String, ConfigError> {
    log_filter(non_blank(std::env::var("RUST_LOG").ok()))
}

/// Checks a `DATABASE_URL` value (`None` = the default).
fn database_url(value: Option<String>) -> Result<String, ConfigError> {
    let url = value.unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
    if url.starts_with("sqlite:") { Ok(url) } else { Err(ConfigError::UnsupportedDatabase(url)) }
}

/// Checks a `RUST_LOG` value (`None` = the default).
fn log_filter(value: Option<String>) -> Result<String, ConfigError> {
    let Some(filter) = value else { return Ok(DEFAULT_LOG_FILTER.to_owned()) };
    match tracing_subscriber::EnvFilter::builder().parse(&filter) {
        Ok(_) => Ok(filter),
        Err(_) => Err(ConfigError::BadValue {
            name: "RUST_LOG",
            value: filter,
            expected: "a log filter such as info,sqlx=warn",
        }),
    }
}

/// Reads an optional number: `None` when unset; an error naming `name` when
/// it is not a whole number of at least `min`.
fn number<T: std::str::FromStr + PartialOrd>(
    name: &'static str,
    value: Option<String>,
    min: T,
    expected: &'static str,
) -> Result<Option<T>, ConfigError> {
    let Some(value) = value else { return Ok(None) };
    match value.parse::<T>() {
        Ok(n) if n >= min => Ok(Some(n)),
        _ => Err(ConfigError::BadValue { name, value, expected }),
    }
}

impl Config {
    /// Reads and validates the configuration from the process environment.
    ///
    /// # Errors
    /// The first variable that is missing or malformed, as a [`ConfigError`].
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Same as [`Config::from_env`], but variables come from `lookup(name)` (pure; for tests).
    /// Values are trimmed; empty values count as unset.
    ///
    /// # Errors
    /// The first variable that is missing or malformed, as a [`ConfigError`]:
    /// a wrong value is never silently replaced by the default.
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
        let var = |name| non_blank(lookup(name));
        Ok(Config {
            token,
            api_url,
            database_url: database_url(var("DATABASE_URL"))?,
            log_filter: log_filter(var("RUST_LOG"))?,
            ai_think_ms: number("AI_THINK_MS", var("AI_THINK_MS"), 1, "milliseconds, a whole number such as 300")?,
            ai_min_think_ms: number("AI_MIN_THINK_MS", var("AI_MIN_THINK_MS"), 0, "milliseconds, a whole number")?,
            reminder_hours: match var("REMINDER_HOURS") {
                None => DEFAULT_REMINDER_HOURS.to_vec(),
                Some(v) => parse_hours(&v).ok_or(ConfigError::BadValue {
                    name: "REMINDER_HOURS",
                    value: v,
                    expected: "whole hours above 0, separated by commas, such as 24,1",
                })?,
            },
            calls_per_sec: number(
                "TELEGRAM_CALLS_PER_SEC",
                var("TELEGRAM_CALLS_PER_SEC"),
                1,
                "a whole number of calls a second, at least 1 (Telegram allows 30)",
            )?
            .unwrap_or(DEFAULT_CALLS_PER_SEC),
            card_edit_secs: number("CARD_EDIT_SECS", var("CARD_EDIT_SECS"), 1, "whole seconds, at least 1")?
                .unwrap_or(DEFAULT_CARD_EDIT_SECS),
            http_addr: match var("HTTP_ADDR") {
                None => DEFAULT_HTTP_ADDR.parse().expect("a valid address"),
                Some(v) => v.parse().map_err(|_| ConfigError::BadValue {
                    name: "HTTP_ADDR",
                    value: v,
                    expected: "an address and port such as 127.0.0.1:8080",
                })?,
            },
            serve_http: ["HTTP_ADDR", "WEBAPP_URL", "WEBHOOK_URL"].into_iter().any(|n| var(n).is_some()),
            webapp_url: https_url("WEBAPP_URL", var("WEBAPP_URL"))?,
            webhook_url: match https_url("WEBHOOK_URL", var("WEBHOOK_URL"))? {
                // The page owns `/` and `/api/…` on the same server.
                Some(url) if url.path() == "/" || url.path().starts_with("/api/") => {
                    return Err(ConfigError::BadValue {
                        name: "WEBHOOK_URL",
                        value: url.to_string(),
                        expected: "an https:// URL with a path of its own such as https://bot.example.org/telegram",
                    });
                }
                other => other,
            },
        })
    }
}

/// Reads an optional public `https://` URL (Telegram opens Mini Apps and
/// posts webhooks only over HTTPS).
fn https_url(name: &'static str, value: Option<String>) -> Result<Option<Url>, ConfigError> {
    let Some(value) = value else { return Ok(None) };
    match Url::parse(&value) {
        Ok(url) if url.scheme() == "https" && url.has_host() => Ok(Some(url)),
        _ => {
            Err(ConfigError::BadValue { name, value, expected: "an https:// URL such as https://bot.example.org/app/" })
        }
    }
}

/// Reminder hours when `REMINDER_HOURS` is unset.
pub const DEFAULT_REMINDER_HOURS: [i64; 2] = [24, 1];

/// Reads `REMINDER_HOURS` (`"24,1"`): positive whole hours, returned most
/// distant first without repeats; `None` when any part is no such number.
#[must_use]
pub fn parse_hours(value: &str) -> Option<Vec<i64>> {
    let mut hours: Vec<i64> =
        value.split(',').map(|h| h.trim().parse::<i64>().ok().filter(|h| *h > 0)).collect::<Option<_>>()?;
    hours.sort_unstable_by(|a, b| b.cmp(a));
    hours.dedup();
    Some(hours)
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
        assert_eq!(parse_hours("24,1"), Some(vec![24, 1]));
        assert_eq!(parse_hours("1, 48,24,24"), Some(vec![48, 24, 1]));
        assert_eq!(parse_hours("soon"), None);
        assert_eq!(parse_hours("0"), None);
        assert_eq!(parse_hours("24,"), None);
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
        assert_eq!(cfg.reminder_hours, DEFAULT_REMINDER_HOURS);
        assert_eq!((cfg.ai_think_ms, cfg.ai_min_think_ms), (None, None));
        assert_eq!(cfg.card_edit_secs, DEFAULT_CARD_EDIT_SECS);
        assert_eq!(cfg.http_addr.to_string(), DEFAULT_HTTP_ADDR);
        assert_eq!((cfg.webapp_url, cfg.webhook_url, cfg.serve_http), (None, None, false));
    }

    #[test]
    fn web_variables() {
        let cfg = Config::from_lookup(env(&[
            ("TELOXIDE_TOKEN", REAL_LIKE),
            ("HTTP_ADDR", "0.0.0.0:9000"),
            ("WEBAPP_URL", "https://bot.example.org/app/"),
        ]))
        .unwrap();
        assert_eq!(cfg.http_addr.to_string(), "0.0.0.0:9000");
        assert!(cfg.serve_http);
        assert_eq!(cfg.webapp_url.unwrap().as_str(), "https://bot.example.org/app/");
        for (name, value) in
            [("HTTP_ADDR", "localhost"), ("WEBAPP_URL", "http://bot.example.org/"), ("WEBHOOK_URL", "bot")]
        {
            let err = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE), (name, value)])).unwrap_err();
            assert!(err.to_string().starts_with(&format!("{name}=")), "{err}");
        }
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

    #[test]
    fn malformed_values_are_errors_naming_the_variable() {
        for (name, value) in [
            ("AI_THINK_MS", "fast"),
            ("AI_THINK_MS", "0"),
            ("AI_MIN_THINK_MS", "-5"),
            ("REMINDER_HOURS", "soon"),
            ("REMINDER_HOURS", "0"),
            ("TELEGRAM_CALLS_PER_SEC", "-1"),
            ("TELEGRAM_CALLS_PER_SEC", "0"),
            ("CARD_EDIT_SECS", "0"),
            ("CARD_EDIT_SECS", "soon"),
            ("RUST_LOG", "info,[="),
        ] {
            let err = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE), (name, value)])).unwrap_err();
            assert!(matches!(&err, ConfigError::BadValue { name: n, value: v, .. } if *n == name && v == value));
            let msg = err.to_string();
            assert!(msg.starts_with(&format!("{name}={value:?} is not valid: expected ")), "{msg}");
            assert!(!msg.contains('\n'));
        }
        let ok = Config::from_lookup(env(&[
            ("TELOXIDE_TOKEN", REAL_LIKE),
            ("AI_THINK_MS", "50"),
            ("AI_MIN_THINK_MS", "0"),
            ("REMINDER_HOURS", "48, 2"),
            ("CARD_EDIT_SECS", "3"),
        ]))
        .unwrap();
        assert_eq!((ok.ai_think_ms, ok.ai_min_think_ms, ok.reminder_hours), (Some(50), Some(0), vec![48, 2]));
        assert_eq!(ok.card_edit_secs, 3);
    }

    #[test]
    fn only_sqlite_urls() {
        let err = Config::from_lookup(env(&[("TELOXIDE_TOKEN", REAL_LIKE), ("DATABASE_URL", "postgres://u@h/db")]));
        let err = err.unwrap_err();
        assert_eq!(err, ConfigError::UnsupportedDatabase("postgres://u@h/db".into()));
        assert!(err.to_string().contains("only SQLite URLs are supported"));
        assert_eq!(database_url(Some("sqlite:///var/lib/x.db".into())), Ok("sqlite:///var/lib/x.db".into()));
        assert_eq!(database_url(None).unwrap(), DEFAULT_DATABASE_URL);
    }

    /// `.env.example` states the code's defaults: each optional variable's
    /// commented example line carries the default value, and the AI's think
    /// times are the levels' own budgets.
    #[test]
    fn env_example_states_the_defaults() {
        let text = include_str!("../.env.example");
        let example = |name: &str| {
            let prefix = format!("# {name}=");
            let lines: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix(prefix.as_str())).collect();
            assert_eq!(lines.len(), 1, "one example line for {name}");
            lines[0].to_owned()
        };
        assert_eq!(example("DATABASE_URL"), DEFAULT_DATABASE_URL);
        assert_eq!(example("RUST_LOG"), DEFAULT_LOG_FILTER);
        let hours: Vec<String> = DEFAULT_REMINDER_HOURS.iter().map(ToString::to_string).collect();
        assert_eq!(example("REMINDER_HOURS"), hours.join(","));
        assert_eq!(example("TELEGRAM_CALLS_PER_SEC"), DEFAULT_CALLS_PER_SEC.to_string());
        assert_eq!(example("CARD_EDIT_SECS"), DEFAULT_CARD_EDIT_SECS.to_string());
        let ms = |l: ai::Level| l.default_budget().as_millis();
        let levels =
            format!("(easy {}, normal {}, hard {})", ms(ai::Level::Easy), ms(ai::Level::Normal), ms(ai::Level::Hard));
        assert!(text.contains(&levels), ".env.example must state {levels}");
        assert!(text.contains(&format!("Default: {DEFAULT_CALLS_PER_SEC}.")));
        // Every variable the code reads is described.
        for name in ["TELOXIDE_TOKEN", "TELOXIDE_API_URL", "AI_THINK_MS", "AI_MIN_THINK_MS"] {
            assert!(text.contains(&format!("{name}=")), "{name} missing");
        }
    }
}
