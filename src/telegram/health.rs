//! What the operator is told when polling the Bot API fails: a lost
//! connection, a refused token (401) or another instance polling with the
//! same token (409), each logged with what to do — once when it starts,
//! then a summary at most every [`SUMMARY_EVERY`] while it lasts, so a long
//! outage does not flood the log — and once more when updates flow again.
//!
//! teloxide's polling retries by itself (backoff up to a minute); this
//! module only decides what to log ([`Throttle`] is pure and tested).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use teloxide::{ApiError, RequestError};
use url::Url;

/// The least time between two log lines about the same kind of failure.
pub const SUMMARY_EVERY: Duration = Duration::from_secs(300);

/// The kinds of polling failure an operator can act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trouble {
    /// The Bot API did not answer (network, DNS, TLS, a proxy).
    Unreachable,
    /// 401: Telegram refused the token (revoked, or a typo).
    TokenRefused,
    /// 409: another program polls with this token.
    OtherInstance,
    /// Any other error answer.
    Other,
}

impl Trouble {
    /// The kind of `e`; `None` for a 429 (teloxide waits it out; nothing to do).
    #[must_use]
    pub fn of(e: &RequestError) -> Option<Trouble> {
        Some(match e {
            RequestError::RetryAfter(_) => return None,
            RequestError::Network(_) => Trouble::Unreachable,
            RequestError::Api(ApiError::InvalidToken) => Trouble::TokenRefused,
            RequestError::Api(ApiError::TerminatedByOtherGetUpdates) => Trouble::OtherInstance,
            RequestError::Api(ApiError::Unknown(t)) if t.contains("Conflict") => Trouble::OtherInstance,
            _ => Trouble::Other,
        })
    }

    /// What the operator should do, one sentence.
    #[must_use]
    pub fn advice(self, api: &Url) -> String {
        match self {
            Trouble::Unreachable => format!(
                "lost the connection to the Bot API at {api}; retrying (up to a minute between tries) — \
                 check the network, a proxy or firewall, or TELOXIDE_API_URL; updates wait at Telegram meanwhile"
            ),
            Trouble::TokenRefused => "the token was refused by Telegram (401 Unauthorized): check TELOXIDE_TOKEN / \
                 BotFather — a revoked token stops working; restart the bot with the new one"
                .to_owned(),
            Trouble::OtherInstance => "another instance is polling with this token (409 Conflict): stop the other \
                 srazhenie (or any other program using this bot's token) — only one may receive updates"
                .to_owned(),
            Trouble::Other => {
                format!("getUpdates failed at the Bot API at {api}; retrying — if it lasts, check TELOXIDE_API_URL")
            }
        }
    }
}

/// What to log for one failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first of its kind for a while: log it in full.
    First,
    /// A reminder that it goes on: `n` more failures of this kind since the last line.
    Summary(u32),
    /// Counted, not logged.
    Quiet,
}

/// Rate limit of log lines per kind of failure (pure: time is passed in).
#[derive(Debug, Default)]
pub struct Throttle {
    /// Per kind: when it was last logged and how many were not logged since.
    kinds: HashMap<Trouble, (Instant, u32)>,
    /// Failures since updates last flowed.
    failing: u32,
}

impl Throttle {
    /// Records a failure of `kind` at `now` and says what to log.
    pub fn on_failure(&mut self, kind: Trouble, now: Instant) -> Verdict {
        self.failing = self.failing.saturating_add(1);
        match self.kinds.get_mut(&kind) {
            None => {
                self.kinds.insert(kind, (now, 0));
                Verdict::First
            }
            Some((last, quiet)) if now.duration_since(*last) >= SUMMARY_EVERY => {
                let n = std::mem::take(quiet) + 1;
                *last = now;
                Verdict::Summary(n)
            }
            Some((_, quiet)) => {
                *quiet = quiet.saturating_add(1);
                Verdict::Quiet
            }
        }
    }

    /// Records that updates flow again: returns how many failures there
    /// were (0 = nothing to report) and forgets them, so the next failure
    /// is logged in full.
    pub fn on_update(&mut self) -> u32 {
        self.kinds.clear();
        std::mem::take(&mut self.failing)
    }
}

/// The polling error handler of the dispatcher, and the hook that notices
/// updates flowing again (see the module docs).
#[derive(Debug)]
pub struct Health {
    api: Url,
    throttle: Mutex<Throttle>,
}

impl Health {
    /// Watches the Bot API at `api`.
    #[must_use]
    pub fn new(api: Url) -> Health {
        Health { api, throttle: Mutex::default() }
    }

    /// Logs a polling failure as its [`Verdict`] says.
    pub fn on_error(&self, e: &RequestError) {
        let Some(kind) = Trouble::of(e) else {
            tracing::debug!(error = %e, "getUpdates: waiting as Telegram asked");
            return;
        };
        let verdict =
            self.throttle.lock().unwrap_or_else(std::sync::PoisonError::into_inner).on_failure(kind, Instant::now());
        let advice = kind.advice(&self.api);
        let error = crate::startup::error_chain(e);
        match (verdict, kind) {
            (Verdict::Quiet, _) => {}
            (Verdict::First, Trouble::Unreachable | Trouble::Other) => tracing::warn!(%error, "{advice}"),
            (Verdict::First, _) => tracing::error!(%error, "{advice}"),
            (Verdict::Summary(n), _) => {
                tracing::error!(%error, failures = n, "still failing for {} min: {advice}", SUMMARY_EVERY.as_secs() / 60);
            }
        }
    }

    /// Notes that an update arrived; logs the recovery after failures.
    pub fn on_update(&self) {
        let failures = self.throttle.lock().unwrap_or_else(std::sync::PoisonError::into_inner).on_update();
        if failures > 0 {
            tracing::info!(failures, "the Bot API at {} answers again", self.api);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_outage_logs_once_then_every_five_minutes() {
        let mut t = Throttle::default();
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        assert_eq!(t.on_failure(Trouble::Unreachable, at(0)), Verdict::First);
        // teloxide retries after 1, 2, 4 … 64 s: an hour is about 60 failures.
        let mut lines = 0;
        for i in 1..60 {
            match t.on_failure(Trouble::Unreachable, at(i * 60)) {
                Verdict::Quiet => {}
                Verdict::Summary(n) => {
                    lines += 1;
                    assert_eq!(n, 5, "each summary counts the failures since the last line");
                }
                Verdict::First => panic!("only the first is logged in full"),
            }
        }
        assert_eq!(lines, 11, "one summary every 5 minutes of an hour");
        // Another kind is logged in full at once.
        assert_eq!(t.on_failure(Trouble::OtherInstance, at(3_600)), Verdict::First);
        assert_eq!(t.on_failure(Trouble::OtherInstance, at(3_601)), Verdict::Quiet);
        // Updates flow again: the count is reported, and a new outage is logged in full.
        assert_eq!(t.on_update(), 62);
        assert_eq!(t.on_update(), 0);
        assert_eq!(t.on_failure(Trouble::Unreachable, at(3_700)), Verdict::First);
    }

    #[test]
    fn failures_are_classified_with_advice() {
        let api = Url::parse("http://127.0.0.1:8081/").unwrap();
        let of = |e: RequestError| Trouble::of(&e);
        assert_eq!(of(RequestError::Api(ApiError::InvalidToken)), Some(Trouble::TokenRefused));
        assert_eq!(of(RequestError::Api(ApiError::TerminatedByOtherGetUpdates)), Some(Trouble::OtherInstance));
        assert_eq!(of(RequestError::Api(ApiError::Unknown("Conflict: whatever".into()))), Some(Trouble::OtherInstance));
        assert_eq!(of(RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(3))), None);
        assert_eq!(of(RequestError::Io(std::io::Error::other("x").into())), Some(Trouble::Other));
        assert!(Trouble::Unreachable.advice(&api).contains("http://127.0.0.1:8081/"));
        assert!(Trouble::TokenRefused.advice(&api).contains("check TELOXIDE_TOKEN / BotFather"));
        assert!(Trouble::OtherInstance.advice(&api).contains("another instance is polling"));
    }
}
