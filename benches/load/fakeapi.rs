//! A minimal in-process fake Bot API for the load benchmark.
//!
//! Hand-written HTTP/1.1 with keep-alive over `tokio::net::TcpListener`:
//! `POST /bot<token>/<method>` with a JSON body, answered with the shapes
//! teloxide-core 0.13 expects (`getMe` → `Me`, `sendMessage` and
//! `editMessageText` → `Message`, everything else → `true`). `getUpdates`
//! long-polls an in-memory queue per token that the driver fills.
//!
//! Every counted call (`sendMessage`, `editMessageText`, `deleteMessage`)
//! is stamped with the time it arrived and credited to the game of its
//! chat ([`Games::chat_game`]); when a game has seen the calls its current
//! move is expected to cause, the move is complete and its waiter is woken.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// First user id; game `i` is played by users `BASE + 2i` (South) and
/// `BASE + 2i + 1` (North), each in their own private chat.
pub const BASE_USER: i64 = 1_000_000;

/// Per-game bookkeeping of the move in flight.
#[derive(Default)]
pub struct Slot {
    /// Calls seen since the move was injected.
    pub calls: AtomicU32,
    /// Calls the move should cause (0 = no move in flight).
    pub expected: AtomicU32,
    /// When getUpdates handed the move's update to the bot (ns since start; 0 = not yet).
    pub handed_ns: AtomicU64,
    /// When the last call of the move arrived (ns since start).
    pub done_ns: AtomicU64,
    /// Woken when `calls` reaches `expected`.
    pub done: Notify,
}

/// One queued update: its id, the game it belongs to, and its JSON.
struct Queued {
    id: i64,
    game: usize,
    json: String,
}

/// The update queue of one bot token.
#[derive(Default)]
pub struct Queue {
    items: Mutex<VecDeque<Queued>>,
    ready: Notify,
}

/// The shared state of the fake server and the driver.
pub struct Games {
    /// The clock all times are measured against.
    pub t0: Instant,
    /// One slot per game.
    pub slots: Vec<Slot>,
    /// One update queue per bot token (game `i` belongs to bot `i % bots`).
    pub queues: Vec<Queue>,
    /// Counted calls that arrived while their game had no move in flight.
    pub stray: AtomicU64,
    /// All counted calls.
    pub total_calls: AtomicU64,
    next_update: AtomicI64,
    next_message: AtomicI64,
}

impl Games {
    /// State for `games` games spread over `bots` tokens.
    pub fn new(games: usize, bots: usize) -> Arc<Games> {
        Arc::new(Games {
            t0: Instant::now(),
            slots: (0..games).map(|_| Slot::default()).collect(),
            queues: (0..bots).map(|_| Queue::default()).collect(),
            stray: AtomicU64::new(0),
            total_calls: AtomicU64::new(0),
            next_update: AtomicI64::new(1),
            next_message: AtomicI64::new(100),
        })
    }

    /// Nanoseconds since [`Games::t0`].
    pub fn now_ns(&self) -> u64 {
        u64::try_from(self.t0.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// The game played in private chat `chat`, if it is one of ours.
    pub fn chat_game(&self, chat: i64) -> Option<usize> {
        let i = usize::try_from((chat - BASE_USER) / 2).ok()?;
        (chat >= BASE_USER && i < self.slots.len()).then_some(i)
    }

    /// Queues the text message `text` from `user` (game `game`) for the bot
    /// of that game, expecting `expected` counted calls in answer.
    pub fn inject(&self, game: usize, user: i64, text: &str, expected: u32) {
        let slot = &self.slots[game];
        slot.calls.store(0, Ordering::SeqCst);
        slot.handed_ns.store(0, Ordering::SeqCst);
        slot.expected.store(expected, Ordering::SeqCst);
        let id = self.next_update.fetch_add(1, Ordering::Relaxed);
        let msg = self.next_message.fetch_add(1, Ordering::Relaxed);
        let json = json!({
            "update_id": id,
            "message": {
                "message_id": msg, "date": 1_700_000_000,
                "from": {"id": user, "is_bot": false, "first_name": "P", "language_code": "en"},
                "chat": {"id": user, "type": "private", "first_name": "P"},
                "text": text,
            }
        })
        .to_string();
        let q = &self.queues[game % self.queues.len()];
        q.items.lock().expect("queue").push_back(Queued { id, game, json });
        q.ready.notify_one();
    }

    /// Records one counted call to `chat`.
    fn record(&self, chat: i64) {
        self.total_calls.fetch_add(1, Ordering::Relaxed);
        let Some(g) = self.chat_game(chat) else { return };
        let slot = &self.slots[g];
        let expected = slot.expected.load(Ordering::SeqCst);
        let n = slot.calls.fetch_add(1, Ordering::SeqCst) + 1;
        if expected == 0 || n > expected {
            self.stray.fetch_add(1, Ordering::Relaxed);
        } else if n == expected {
            slot.done_ns.store(self.now_ns(), Ordering::SeqCst);
            slot.expected.store(0, Ordering::SeqCst);
            slot.done.notify_one();
        }
    }

    /// Answers `getUpdates` for bot `bot`: drops acknowledged updates, waits
    /// up to `timeout` for new ones, and stamps the hand-out time.
    async fn updates(&self, bot: usize, offset: i64, timeout: Duration) -> String {
        let q = &self.queues[bot];
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            {
                let mut items = q.items.lock().expect("queue");
                while items.front().is_some_and(|u| u.id < offset) {
                    items.pop_front();
                }
                if !items.is_empty() {
                    let now = self.now_ns();
                    let mut out = String::from("[");
                    for (k, u) in items.iter().take(100).enumerate() {
                        let _ =
                            self.slots[u.game].handed_ns.compare_exchange(0, now, Ordering::SeqCst, Ordering::SeqCst);
                        if k > 0 {
                            out.push(',');
                        }
                        out.push_str(&u.json);
                    }
                    out.push(']');
                    return out;
                }
            }
            if tokio::time::timeout_at(deadline, q.ready.notified()).await.is_err() {
                return "[]".into();
            }
        }
    }
}

/// Starts the server on an ephemeral port of 127.0.0.1; returns its base URL.
pub async fn start(games: Arc<Games>) -> std::io::Result<String> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            let _ = sock.set_nodelay(true);
            tokio::spawn(serve(sock, games.clone()));
        }
    });
    Ok(format!("http://{addr}"))
}

/// Serves one keep-alive connection until the client closes it.
async fn serve(sock: TcpStream, games: Arc<Games>) {
    let (rd, mut wr) = sock.into_split();
    let mut rd = BufReader::new(rd);
    let mut line = String::new();
    loop {
        line.clear();
        if rd.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("").to_owned();
        let mut len = 0usize;
        loop {
            line.clear();
            if rd.read_line(&mut line).await.unwrap_or(0) == 0 {
                return;
            }
            let h = line.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                len = v.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; len];
        if rd.read_exact(&mut body).await.is_err() {
            return;
        }
        let result = answer(&games, &path, &body).await;
        let out = format!("{{\"ok\":true,\"result\":{result}}}");
        let head =
            format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", out.len());
        if wr.write_all(head.as_bytes()).await.is_err() || wr.write_all(out.as_bytes()).await.is_err() {
            return;
        }
    }
}

/// The `result` of one call to `/bot<token>/<method>`.
async fn answer(games: &Games, path: &str, body: &[u8]) -> String {
    let mut parts = path.trim_start_matches('/').splitn(2, '/');
    let token = parts.next().unwrap_or("");
    // teloxide writes method names in PascalCase ("SendMessage"); Telegram ignores case.
    let method = parts.next().unwrap_or("").to_ascii_lowercase();
    // Tokens are "<bot index + 1>:bench".
    let bot = token.trim_start_matches("bot").split(':').next().and_then(|n| n.parse::<usize>().ok()).unwrap_or(1) - 1;
    let req: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let chat = req.get("chat_id").and_then(Value::as_i64).unwrap_or(0);
    match method.as_str() {
        "getme" => json!({
            "id": 900_000 + bot, "is_bot": true, "first_name": "Bench", "username": format!("bench{bot}_bot"),
            "can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false,
            "can_connect_to_business": false, "has_main_web_app": false
        })
        .to_string(),
        "getupdates" => {
            let offset = req.get("offset").and_then(Value::as_i64).unwrap_or(0);
            let secs = req.get("timeout").and_then(Value::as_u64).unwrap_or(0).min(5);
            games.updates(bot.min(games.queues.len() - 1), offset, Duration::from_secs(secs)).await
        }
        "sendmessage" | "editmessagetext" => {
            games.record(chat);
            let id = req
                .get("message_id")
                .and_then(Value::as_i64)
                .unwrap_or_else(|| games.next_message.fetch_add(1, Ordering::Relaxed));
            format!(
                "{{\"message_id\":{id},\"date\":1700000000,\"chat\":{{\"id\":{chat},\"type\":\"private\",\
                 \"first_name\":\"P\"}},\"from\":{{\"id\":900000,\"is_bot\":true,\"first_name\":\"Bench\"}},\
                 \"text\":\"ok\"}}"
            )
        }
        "deletemessage" => {
            games.record(chat);
            "true".into()
        }
        _ => "true".into(),
    }
}
