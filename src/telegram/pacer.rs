//! Client-side pacing of sends and edits within Telegram's flood limits:
//! about one message a second per chat (bursts of 3), 20 a minute per group,
//! 30 a second in all. teloxide's `Throttle` paces sends only; edits count
//! too, so every counted call goes through [`Pacer::wait`].
//!
//! A call reaches Telegram some milliseconds after the pacer lets it go,
//! and not always after the same time: a call let go on the dot may arrive
//! early by the difference. So the pacer keeps a margin: a chat gets a
//! token every [`CHAT_INTERVAL`] (1.1 s, not 1 s), and the group and global
//! windows span [`WINDOW_MARGIN`] more than Telegram's. The group and global
//! limits are sliding windows, as Telegram counts them (a token bucket of
//! 30 a second with a burst of 30 would let 60 through in one second).
//!
//! A restarted bot does not know what it sent just before (a crash, a
//! deploy): Telegram still counts those. So a new pacer assumes that every
//! chat has just had its burst: a chat's bucket fills from the pacer's start,
//! and is full only [`CHAT_BURST`] × [`CHAT_INTERVAL`] (3.3 s) after it.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// Messages one chat may get at once.
const CHAT_BURST: f64 = 3.0;
/// A chat's next token after this long (Telegram: one message a second,
/// plus a tenth for the spread in how long a call takes to arrive).
const CHAT_INTERVAL: Duration = Duration::from_millis(1100);
/// Messages to one group within [`GROUP_SPAN`] (Telegram: 20 a minute).
const GROUP_PER_SPAN: usize = 20;
/// The span of the group window: a minute plus [`WINDOW_MARGIN`].
const GROUP_SPAN: Duration = Duration::from_secs(60).saturating_add(WINDOW_MARGIN);
/// The span of the global window: a second plus [`WINDOW_MARGIN`].
const GLOBAL_SPAN: Duration = Duration::from_secs(1).saturating_add(WINDOW_MARGIN);
/// How much longer the pacer's windows are than Telegram's.
const WINDOW_MARGIN: Duration = Duration::from_millis(100);

/// A token bucket of [`CHAT_BURST`] tokens, one more every [`CHAT_INTERVAL`].
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    #[cfg(test)]
    fn full(now: Instant) -> Bucket {
        Bucket { tokens: CHAT_BURST, at: now }
    }

    /// The bucket of a chat first paced at any time after `started`: as if
    /// it had spent its burst at `started`.
    fn since(started: Instant) -> Bucket {
        Bucket { tokens: 0.0, at: started }
    }

    /// The tokens at `now`.
    fn tokens(&self, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + elapsed / CHAT_INTERVAL.as_secs_f64()).min(CHAT_BURST)
    }

    /// `None` if a token is there at `now`; otherwise how long until it is.
    fn delay(&self, now: Instant) -> Option<Duration> {
        let t = self.tokens(now);
        (t < 1.0).then(|| CHAT_INTERVAL.mul_f64(1.0 - t))
    }

    fn take(&mut self, now: Instant) {
        *self = Bucket { tokens: (self.tokens(now) - 1.0).max(0.0), at: now };
    }
}

/// The times of the calls within the last `span`: at most `limit` of them.
#[derive(Clone, Debug, Default)]
struct Window {
    times: VecDeque<Instant>,
}

impl Window {
    /// Forgets the calls older than `span` at `now`.
    fn expire(&mut self, now: Instant, span: Duration) {
        while self.times.front().is_some_and(|&t| now.saturating_duration_since(t) >= span) {
            self.times.pop_front();
        }
    }

    /// `None` if one more call fits at `now`; otherwise how long until it does.
    fn delay(&mut self, now: Instant, limit: usize, span: Duration) -> Option<Duration> {
        self.expire(now, span);
        if self.times.len() < limit {
            return None;
        }
        let oldest_that_must_go = self.times[self.times.len() - limit];
        Some((oldest_that_must_go + span).saturating_duration_since(now))
    }
}

/// Waits before each counted call so that no limit is exceeded.
#[derive(Debug)]
pub struct Pacer {
    state: Mutex<State>,
    /// Calls per second in all.
    global: usize,
}

impl Default for Pacer {
    /// Telegram's default limits: 30 calls a second in all.
    fn default() -> Self {
        Pacer::new(crate::config::DEFAULT_CALLS_PER_SEC)
    }
}

/// The buckets and windows of [`Pacer`].
#[derive(Debug)]
struct State {
    chats: HashMap<i64, Bucket>,
    /// Windows of the groups (negative chat ids) that got a call lately.
    groups: HashMap<i64, Window>,
    global: Window,
    /// When full buckets and empty windows were last forgotten.
    pruned_at: Instant,
    /// When the pacer was made (see the module docs).
    started: Instant,
}

/// Chat buckets kept before full ones are forgotten.
const CHATS_KEPT: usize = 4096;

impl Pacer {
    /// A pacer allowing `per_sec` calls a second in all (per chat and
    /// group the limits are fixed).
    #[must_use]
    pub fn new(per_sec: u32) -> Pacer {
        let now = Instant::now();
        let state = State {
            chats: HashMap::new(),
            groups: HashMap::new(),
            global: Window::default(),
            pruned_at: now,
            started: now,
        };
        Pacer { state: Mutex::new(state), global: per_sec.max(1) as usize }
    }

    /// Waits until a message may go to `chat_id` (negative ids are groups).
    pub async fn wait(&self, chat_id: i64) {
        loop {
            let delay = {
                let mut guard = self.state.lock().expect("pacer lock");
                let State { chats, groups, global, pruned_at, started } = &mut *guard;
                let now = Instant::now();
                // At most once a second (a scan of every chat on each call
                // took 5 % of a busy bot's CPU, inside this lock): forget
                // the buckets that are full again and the empty windows,
                // which changes nothing.
                if chats.len() >= CHATS_KEPT && now.saturating_duration_since(*pruned_at) >= Duration::from_secs(1) {
                    *pruned_at = now;
                    chats.retain(|_, b| b.tokens(now) < CHAT_BURST);
                    groups.retain(|_, w| {
                        w.expire(now, GROUP_SPAN);
                        !w.times.is_empty()
                    });
                }
                let bucket = chats.entry(chat_id).or_insert_with(|| Bucket::since(*started));
                let mut group = (chat_id < 0).then(|| groups.entry(chat_id).or_default());
                // Check all before taking any, so a wait does not burn a token.
                let waits = [
                    bucket.delay(now),
                    group.as_mut().and_then(|w| w.delay(now, GROUP_PER_SPAN, GROUP_SPAN)),
                    global.delay(now, self.global, GLOBAL_SPAN),
                ];
                match waits.into_iter().flatten().max() {
                    None => {
                        bucket.take(now);
                        if let Some(w) = group {
                            w.times.push_back(now);
                        }
                        global.times.push_back(now);
                        None
                    }
                    wait => wait,
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

    /// Telegram's side of the per-chat limit as the fake Bot API counts it:
    /// a bucket of 3, one token a second, checked when a call arrives
    /// (in the order they arrive).
    fn telegram_refuses_some(arrivals: &[Duration]) -> bool {
        let mut arrivals = arrivals.to_vec();
        arrivals.sort();
        let (mut tokens, mut last) = (3.0_f64, Duration::ZERO);
        arrivals.into_iter().any(|t| {
            let now = (tokens + (t - last).as_secs_f64()).min(3.0);
            last = t;
            tokens = (now - 1.0).max(0.0);
            now < 1.0
        })
    }

    /// A pacer past its start, when every chat's bucket is full.
    async fn settled(p: Pacer) -> Pacer {
        tokio::time::advance(CHAT_INTERVAL.mul_f64(CHAT_BURST)).await;
        p
    }

    /// When each of `n` calls to `chat` is let go, from the first.
    async fn let_go(p: &Pacer, chats: impl IntoIterator<Item = i64>) -> Vec<Duration> {
        let t0 = Instant::now();
        let mut times = Vec::new();
        for chat in chats {
            p.wait(chat).await;
            times.push(t0.elapsed());
        }
        times
    }

    #[test]
    fn bucket_allows_a_burst_then_one_an_interval() {
        let t0 = Instant::now();
        let mut b = Bucket::full(t0);
        for _ in 0..3 {
            assert_eq!(b.delay(t0), None);
            b.take(t0);
        }
        let wait = b.delay(t0).expect("must wait after the burst");
        assert_eq!(wait, CHAT_INTERVAL);
        assert_eq!(b.delay(t0 + Duration::from_secs(1)).map(|d| d.as_millis()), Some(100));
        assert_eq!(b.delay(t0 + CHAT_INTERVAL), None);
    }

    #[tokio::test(start_paused = true)]
    async fn pacer_spaces_a_fourth_message() {
        let times = let_go(&settled(Pacer::default()).await, [7; 4]).await;
        // With a paused clock, sleeping advances time: the 4th had to wait.
        assert!(times[3] >= CHAT_INTERVAL, "{times:?}");
        assert!(times[2] < Duration::from_millis(10), "a burst of 3 goes at once: {times:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn calls_arriving_unevenly_stay_within_telegrams_chat_limit() {
        let times = let_go(&settled(Pacer::default()).await, [7; 12]).await;
        // On the dot, Telegram's own bucket lets every call through.
        assert!(!telegram_refuses_some(&times));
        // The calls before the k-th take 80 ms longer to arrive than the
        // rest: Telegram's bucket then starts late and refills less before
        // the k-th. A pacer without margin fails this.
        let late = |times: &[Duration], k: usize| -> Vec<Duration> {
            times.iter().enumerate().map(|(i, &t)| if i < k { t + Duration::from_millis(80) } else { t }).collect()
        };
        for k in 1..times.len() {
            assert!(!telegram_refuses_some(&late(&times, k)), "{:?}", late(&times, k));
        }
        let no_margin: Vec<Duration> = times.iter().map(|&t| t.div_f64(1.1)).collect();
        assert!((1..times.len()).any(|k| telegram_refuses_some(&late(&no_margin, k))), "the check can fail");
    }

    #[tokio::test(start_paused = true)]
    async fn a_restarted_bot_assumes_each_chat_just_had_its_burst() {
        // Three messages to chat 7 just before a crash: Telegram still
        // counts them when the restarted bot sends again.
        let p = Pacer::default();
        let times = let_go(&p, [7; 4]).await;
        let arrivals: Vec<Duration> = [Duration::ZERO; 3].iter().chain(&times).copied().collect();
        assert!(!telegram_refuses_some(&arrivals), "{arrivals:?}");
        assert!(times[0] >= CHAT_INTERVAL, "{times:?}");
        // The check can fail: a message at once after the restart is refused.
        assert!(telegram_refuses_some(&[Duration::ZERO; 4]));
        // Once a burst has filled since the start, a new chat gets it at once.
        tokio::time::advance(CHAT_INTERVAL.mul_f64(CHAT_BURST)).await;
        let later = let_go(&p, [8; 3]).await;
        assert!(later[2] < Duration::from_millis(10), "{later:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn no_second_holds_more_than_the_global_limit() {
        for per_sec in [30, 1000] {
            // Every call to a fresh chat: only the global window binds.
            let times = let_go(&settled(Pacer::new(per_sec)).await, 0..3 * i64::from(per_sec)).await;
            let n = per_sec as usize;
            for (a, b) in times.iter().zip(&times[n..]) {
                assert!(*b - *a >= Duration::from_secs(1), "{per_sec}: {} calls within {:?}", n + 1, *b - *a);
            }
            // And the limit is used: 3 × per_sec calls take about 2 s.
            let took = *times.last().unwrap();
            assert!(took < Duration::from_millis(2500), "{per_sec}: {took:?}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_group_gets_twenty_a_minute() {
        let times = let_go(&settled(Pacer::default()).await, [-5; 45]).await;
        for (a, b) in times.iter().zip(&times[GROUP_PER_SPAN..]) {
            assert!(*b - *a >= Duration::from_secs(60), "21 messages within {:?}", *b - *a);
        }
        assert!(!telegram_refuses_some(&times), "the group's chat limit holds as well");
        assert!(times[44] < Duration::from_secs(130), "{:?}", times[44]);
    }

    #[tokio::test(start_paused = true)]
    async fn only_full_buckets_and_empty_windows_are_forgotten() {
        let p = settled(Pacer::new(1_000_000)).await;
        for _ in 0..3 {
            p.wait(7).await; // chat 7 spends its burst
        }
        p.wait(-5).await; // a group gets one message
        p.wait(8).await; // chat 8 spends one token
        tokio::time::advance(Duration::from_millis(1500)).await;
        for chat in 100..(100 + CHATS_KEPT as i64) {
            p.wait(chat).await; // enough chats to prune, 1.5 s after the start
        }
        {
            let state = p.state.lock().unwrap();
            assert!(!state.chats.contains_key(&8), "2 + 1.4 tokens: full again, forgotten");
            assert!(state.chats.contains_key(&7), "1.4 tokens of 3: kept");
            assert!(state.groups.contains_key(&-5), "the group's minute is not over: kept");
            assert!(state.chats.len() >= CHATS_KEPT);
        }
        tokio::time::advance(GROUP_SPAN).await;
        for chat in 10_000..(10_000 + CHATS_KEPT as i64) {
            p.wait(chat).await;
        }
        assert!(!p.state.lock().unwrap().groups.contains_key(&-5), "a minute later: forgotten");
    }
}
