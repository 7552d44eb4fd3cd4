//! The fake Bot API server: a `std::net` listener on 127.0.0.1 with a
//! thread per keep-alive connection, all of them sharing one [`World`]
//! behind a mutex; `getUpdates` long-polls on a condition variable.

use std::io::BufReader;
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use super::http;
use super::world::{ApiErr, Call, Config, World};

/// The longest long poll served (Telegram allows 50 s; a short one lets SIGTERM stop the bot quickly).
const MAX_POLL: Duration = Duration::from_secs(2);

/// A running fake Bot API: cheap to clone, shared by the server threads and the test.
#[derive(Clone)]
pub struct Api {
    inner: Arc<(Mutex<World>, Condvar)>,
    /// `http://127.0.0.1:PORT/`, for `TELOXIDE_API_URL`.
    pub url: String,
}

impl Api {
    /// Starts a server on a free port of 127.0.0.1.
    pub fn start(cfg: Config) -> Api {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let url = format!("http://{}/", listener.local_addr().expect("local addr"));
        let api = Api { inner: Arc::new((Mutex::new(World::new(cfg)), Condvar::new())), url };
        let server = api.clone();
        std::thread::spawn(move || {
            for sock in listener.incoming().flatten() {
                let api = server.clone();
                std::thread::spawn(move || api.serve(sock));
            }
        });
        api
    }

    /// Locks the world (for reading it or acting as a user).
    pub fn world(&self) -> MutexGuard<'_, World> {
        self.inner.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wakes a waiting `getUpdates` after updates were queued.
    pub fn notify(&self) {
        self.inner.1.notify_all();
    }

    fn serve(&self, sock: TcpStream) {
        let _ = sock.set_nodelay(true);
        let Ok(mut wr) = sock.try_clone() else { return };
        let mut rd = BufReader::new(sock);
        while let Ok(Some(req)) = http::read_request(&mut rd) {
            let (status, body) = self.handle(&req);
            let close = req.header("connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
            if http::write_json(&mut wr, status, &body).is_err() || close {
                return;
            }
        }
    }

    /// Answers `/bot<token>/<method>`.
    fn handle(&self, req: &http::Request) -> (u16, Value) {
        let mut parts = req.path.trim_start_matches('/').splitn(2, '/');
        let token = parts.next().unwrap_or("").strip_prefix("bot").unwrap_or("");
        let method = parts.next().unwrap_or("").to_ascii_lowercase();
        let params = http::params(req);
        let result = match &params {
            Err(e) => Err(ApiErr(400, format!("Bad Request: {e}"), None)),
            Ok(_) if token.split(':').next().and_then(|n| n.parse::<i64>().ok()).is_none() => {
                Err(ApiErr(401, "Unauthorized".into(), None))
            }
            Ok(p) if method == "getupdates" => self.get_updates(p),
            Ok(p) if method == "sendmessage" && self.held(p) => {
                Err(ApiErr(502, "Bad Gateway: held and dropped".into(), None))
            }
            Ok(p) => {
                let (result, slow) = {
                    let mut w = self.world();
                    if let Some(id) = token.split(':').next().and_then(|n| n.parse().ok()) {
                        w.bot_id = id;
                    }
                    let result = w.bot_call(&method, p);
                    let text = p.get("text").and_then(Value::as_str).unwrap_or("");
                    let slow =
                        w.slow_sends.as_ref().filter(|(m, _)| method == "sendmessage" && text.contains(m.as_str()));
                    (result, slow.map(|(_, d)| *d))
                };
                if let Some(d) = slow {
                    std::thread::sleep(d); // World::slow_sends
                }
                result
            }
        };
        let logged = params.map(summarise).unwrap_or(Value::Null);
        let (status, body, error) = match result {
            Ok(v) => (200, json!({"ok": true, "result": v}), None),
            Err(ApiErr(code, desc, retry)) => {
                let mut b = json!({"ok": false, "error_code": code, "description": desc});
                if let Some(r) = retry {
                    b["parameters"] = json!({"retry_after": r});
                }
                (code, b, Some(desc))
            }
        };
        self.world().calls.push(Call { method, status, error, params: logged, at: std::time::Instant::now() });
        (status, body)
    }

    /// Whether a send is held ([`World::hold_sends`]): if so, waits until
    /// the hold is cleared.
    fn held(&self, p: &Map<String, Value>) -> bool {
        let text = p.get("text").and_then(Value::as_str).unwrap_or("");
        {
            let mut w = self.world();
            if !w.hold_sends.as_deref().is_some_and(|m| text.contains(m)) {
                return false;
            }
            w.held += 1;
        }
        while self.world().hold_sends.is_some() {
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    /// Long polling: drops confirmed updates, waits for new ones; a newer
    /// poll ends an older waiting one with 409, as Telegram does.
    fn get_updates(&self, p: &Map<String, Value>) -> Result<Value, ApiErr> {
        let int = |k: &str| p.get(k).and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok()));
        let offset = int("offset").unwrap_or(0);
        let limit = usize::try_from(int("limit").unwrap_or(100).clamp(1, 100)).unwrap_or(100);
        let timeout = Duration::from_secs(u64::try_from(int("timeout").unwrap_or(0).max(0)).unwrap_or(0)).min(MAX_POLL);
        let deadline = Instant::now() + timeout;
        let mut w = self.world();
        while w.updates.front().is_some_and(|u| u["update_id"].as_i64().unwrap_or(0) < offset) {
            w.updates.pop_front();
        }
        w.poll_seq += 1;
        let mine = w.poll_seq;
        self.inner.1.notify_all();
        loop {
            if w.poll_seq != mine {
                return Err(ApiErr(
                    409,
                    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
                        .into(),
                    None,
                ));
            }
            let now = Instant::now();
            if !w.updates.is_empty() || now >= deadline {
                return Ok(Value::Array(w.updates.iter().take(limit).cloned().collect()));
            }
            w = self.inner.1.wait_timeout(w, deadline - now).unwrap_or_else(std::sync::PoisonError::into_inner).0;
        }
    }
}

/// Parameters as logged: uploads keep only their name and size.
fn summarise(mut p: Map<String, Value>) -> Value {
    for v in p.values_mut() {
        if let Some(o) = v.as_object_mut() {
            o.remove("data_head");
            o.remove("data_text");
        }
    }
    Value::Object(p)
}

impl Api {
    /// Calls Bot API method `method` over HTTP as the bot would; returns the
    /// HTTP status and the JSON answer.
    pub fn call(&self, method: &str, params: &Value) -> (u16, Value) {
        use std::io::{Read, Write};
        let addr = self.url.trim_start_matches("http://").trim_end_matches('/');
        let mut s = TcpStream::connect(addr).expect("connect to the fake Bot API");
        let body = params.to_string();
        let req = format!(
            "POST /bot{}/{method} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            super::env::TOKEN,
            body.len()
        );
        s.write_all(req.as_bytes()).expect("send");
        let mut out = String::new();
        let mut rd = BufReader::new(s);
        rd.read_to_string(&mut out).expect("read");
        let status = out.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        let json = out.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        (status, serde_json::from_str(json).unwrap_or(Value::Null))
    }

    /// The description the bot set for `lang` ("" = default), if any.
    pub fn profile_text(&self, field: &str, lang: &str) -> Option<String> {
        self.world().profile.get(&(field.to_owned(), lang.to_owned())).cloned()
    }

    /// The commands the bot registered for the default scope in `lang` ("" = default).
    pub fn commands(&self, lang: &str) -> Vec<String> {
        let key = (json!({"type": "default"}).to_string(), lang.to_owned());
        let w = self.world();
        w.commands
            .get(&key)
            .map(|c| c.iter().filter_map(|c| c["command"].as_str().map(Into::into)).collect())
            .unwrap_or_default()
    }
}
