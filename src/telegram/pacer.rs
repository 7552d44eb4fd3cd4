//! Client-side pacing of sends and edits within Telegram's flood limits:
//! about one message a second per chat (bursts of 3), 20 a minute per group,
//! 30 a second in all. teloxide's `Throttle` paces sends only; edits count
//! too, so every counted call goes through [`Pacer::wait`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// A token bucket: `capacity` tokens, refilled at `per_sec` a second.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// Takes a token if there is one; otherwise how long until there is.
    fn take(&mut self, now: Instant, capacity: f64, per_sec: f64) -> Option<Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_sec).min(capacity);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            None
        } else {
            Some(Duration::from_secs_f64((1.0 - self.tokens) / per_sec))
        }
    }
}

/// Waits before each counted call so that no limit is exceeded.
#[derive(Debug)]
pub struct Pacer {
    state: Mutex<State>,
    /// Calls per second in all (and the burst of the global bucket).
    global: f64,
}

impl Default for Pacer {
    /// Telegram's default limits: 30 calls a second in all.
    fn default() -> Self {
        Pacer::new(crate::config::DEFAULT_CALLS_PER_SEC)
    }
}

/// The buckets of [`Pacer`].
#[derive(Debug)]
struct State {
    chats: HashMap<i64, Bucket>,
    global: Bucket,
    /// When full chat buckets were last forgotten.
    pruned_at: Instant,
}

/// Chat buckets kept before full ones are forgotten.
const CHATS_KEPT: usize = 4096;

/// A chat's bucket: burst and refill rate (tokens a second); negative
/// ids are groups.
fn chat_limits(chat_id: i64) -> (f64, f64) {
    if chat_id < 0 { (3.0, 20.0 / 60.0) } else { (3.0, 1.0) }
}

impl Pacer {
    /// A pacer allowing `per_sec` calls a second in all (per chat the limits are fixed).
    #[must_use]
    pub fn new(per_sec: u32) -> Pacer {
        let global = f64::from(per_sec.max(1));
        let now = Instant::now();
        let state = State { chats: HashMap::new(), global: Bucket { tokens: global, at: now }, pruned_at: now };
        Pacer { state: Mutex::new(state), global }
    }

    /// Waits until a message may go to `chat_id` (negative ids are groups).
    pub async fn wait(&self, chat_id: i64) {
        loop {
            let delay = {
                let mut guard = self.state.lock().expect("pacer lock");
                let State { chats, global, pruned_at } = &mut *guard;
                let now = Instant::now();
                // At most once a second (a scan of every chat on each call
                // took 5 % of a busy bot's CPU, inside this lock): forget
                // the buckets that are full again, which changes nothing.
                if chats.len() >= CHATS_KEPT && now.saturating_duration_since(*pruned_at) >= Duration::from_secs(1) {
                    *pruned_at = now;
                    chats.retain(|&id, b| {
                        let (cap, rate) = chat_limits(id);
                        b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * rate < cap
                    });
                }
                let (cap, rate) = chat_limits(chat_id);
                let bucket = chats.entry(chat_id).or_insert(Bucket { tokens: cap, at: now });
                // Check both before taking either, so a wait does not burn a token.
                let mut probe_chat = *bucket;
                let mut probe_global = *global;
                match (probe_chat.take(now, cap, rate), probe_global.take(now, self.global, self.global)) {
                    (None, None) => {
                        *bucket = probe_chat;
                        *global = probe_global;
                        None
                    }
                    (a, b) => Some(a.unwrap_or_default().max(b.unwrap_or_default())),
                }
            };
            match delay {
                None => return,
                Some(d) => tokio::time::sleep(d + Duration::from_millis(5)).await,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_allows_a_burst_then_one_a_second() {
        let t0 = Instant::now();
        let mut b = Bucket { tokens: 3.0, at: t0 };
        for _ in 0..3 {
            assert_eq!(b.take(t0, 3.0, 1.0), None);
        }
        let wait = b.take(t0, 3.0, 1.0).expect("must wait after the burst");
        assert!(wait > Duration::from_millis(900) && wait <= Duration::from_secs(1));
        assert_eq!(b.take(t0 + Duration::from_secs(1), 3.0, 1.0), None);
    }

    #[tokio::test(start_paused = true)]
    async fn pacer_spaces_a_fourth_message() {
        let p = Pacer::default();
        let t0 = tokio::time::Instant::now();
        for _ in 0..4 {
            p.wait(7).await;
        }
        // With a paused clock, sleeping advances time: the 4th had to wait ~1 s.
        assert!(t0.elapsed() >= Duration::from_millis(900), "{:?}", t0.elapsed());
    }

    #[tokio::test(start_paused = true)]
    async fn the_global_limit_binds_across_chats_and_is_configurable() {
        for (per_sec, calls) in [(30, 60), (1000, 2000)] {
            let p = Pacer::new(per_sec);
            let t0 = tokio::time::Instant::now();
            for chat in 0..calls {
                p.wait(chat).await; // every call to a fresh chat: only the global bucket binds
            }
            // A full bucket of `per_sec`, then `per_sec` a second: about 1 s for 2 × per_sec calls.
            let took = t0.elapsed();
            assert!(took >= Duration::from_millis(900) && took < Duration::from_millis(1500), "{per_sec}: {took:?}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn only_full_buckets_are_forgotten() {
        let p = Pacer::new(1_000_000);
        for _ in 0..3 {
            p.wait(7).await; // chat 7 spends its burst
            p.wait(-5).await; // and so does a group
        }
        p.wait(8).await; // chat 8 spends one token
        tokio::time::advance(Duration::from_millis(1500)).await;
        for chat in 100..(100 + CHATS_KEPT as i64) {
            p.wait(chat).await; // enough chats to prune, 1.5 s after the start
        }
        let state = p.state.lock().unwrap();
        assert!(!state.chats.contains_key(&8), "2 + 1.5 tokens: full again, forgotten");
        assert!(state.chats.contains_key(&7), "1.5 tokens of 3: kept");
        assert!(state.chats.contains_key(&-5), "a group gets a token in 3 s: kept");
        assert!(state.chats.len() >= CHATS_KEPT);
    }
}
