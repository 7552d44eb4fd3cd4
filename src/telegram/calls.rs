//! One Bot API call and Telegram's answers to it: errors classified as
//! delivery cares about them, 429s waited out, network errors retried.

use std::future::Future;
use std::time::Duration;

use teloxide::ApiError;
use teloxide::RequestError;

use super::pacer::Pacer;

/// How Telegram answered a call, as far as delivery cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// 400 "message is not modified": the board already shows this.
    NotModified,
    /// 400 "message to edit/delete not found": the user deleted it.
    NotFound,
    /// 403: the user blocked the bot.
    Blocked,
    /// 403: the user never pressed Start.
    CantInitiate,
    /// Anything else (logged).
    Other(String),
}

/// Classifies a request error (teloxide maps some 403s to `Unknown`: match the text).
#[must_use]
pub fn classify(e: &RequestError) -> Failure {
    match e {
        RequestError::Api(ApiError::MessageNotModified) => Failure::NotModified,
        RequestError::Api(ApiError::MessageToEditNotFound | ApiError::MessageToDeleteNotFound) => Failure::NotFound,
        RequestError::Api(ApiError::BotBlocked) => Failure::Blocked,
        RequestError::Api(ApiError::CantInitiateConversation) => Failure::CantInitiate,
        RequestError::Api(ApiError::Unknown(t)) => {
            let t = t.to_lowercase();
            if t.contains("not modified") {
                Failure::NotModified
            } else if t.contains("not found") && t.contains("message") {
                Failure::NotFound
            } else if t.contains("blocked") {
                Failure::Blocked
            } else if t.contains("initiate conversation") {
                Failure::CantInitiate
            } else {
                Failure::Other(t)
            }
        }
        e => Failure::Other(e.to_string()),
    }
}

/// Runs a call to `chat` after the pacer allows it; on 429 waits the
/// `retry_after` Telegram asked for and tries again (up to five times, for
/// edits as well as sends), and retries network errors three times.
///
/// # Errors
/// The last error once the retries are used up, or any other API error at once.
pub async fn with_retry<T, F, Fut>(pacer: &Pacer, chat: i64, mut f: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut tries = 0;
    loop {
        pacer.wait(chat).await;
        let r = f().await;
        if let Err(e) = &r
            && backoff(e, &mut tries, chat).await
        {
            continue;
        }
        return r;
    }
}

/// After a failed call (try number `tries`, counted up here): waits what
/// Telegram asked for on 429 (up to five times) or half a second after a
/// network error (up to three times) and returns `true` to try again;
/// `false` for any other error or when the retries are used up.
pub async fn backoff(e: &RequestError, tries: &mut u32, chat: i64) -> bool {
    match e {
        RequestError::RetryAfter(s) if *tries < 5 => {
            *tries += 1;
            tracing::warn!(chat, secs = s.seconds(), "429 from Telegram, waiting");
            tokio::time::sleep(s.duration() + Duration::from_millis(50)).await;
            true
        }
        RequestError::Network(e) if *tries < 3 => {
            *tries += 1;
            tracing::warn!(chat, error = %e, "network error, retrying");
            tokio::time::sleep(Duration::from_millis(500)).await;
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use teloxide::types::Seconds;

    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_429_is_waited_out_and_retried() {
        let pacer = Pacer::default();
        let calls = AtomicU32::new(0);
        let t0 = tokio::time::Instant::now();
        let r: Result<u32, RequestError> = with_retry(&pacer, 5, || async {
            match calls.fetch_add(1, Ordering::SeqCst) {
                0 | 1 => Err(RequestError::RetryAfter(Seconds::from_seconds(2))),
                n => Ok(n),
            }
        })
        .await;
        assert_eq!(r.unwrap(), 2);
        assert!(t0.elapsed() >= Duration::from_secs(4), "waited {:?}", t0.elapsed());
    }

    #[tokio::test(start_paused = true)]
    async fn other_errors_are_not_retried() {
        let pacer = Pacer::default();
        let calls = AtomicU32::new(0);
        let r: Result<(), RequestError> = with_retry(&pacer, 5, || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(RequestError::Api(ApiError::MessageNotModified))
        })
        .await;
        assert_eq!(classify(&r.unwrap_err()), Failure::NotModified);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn telegram_errors_are_classified_by_their_text_too() {
        let unknown = |t: &str| RequestError::Api(ApiError::Unknown(t.to_owned()));
        assert_eq!(classify(&unknown("Forbidden: bot can't initiate conversation with a user")), Failure::CantInitiate);
        assert_eq!(classify(&unknown("Forbidden: bot was blocked by the user")), Failure::Blocked);
        assert_eq!(classify(&RequestError::Api(ApiError::MessageToEditNotFound)), Failure::NotFound);
        assert!(matches!(classify(&unknown("Bad Request: chat not found")), Failure::Other(_)));
    }
}
