//! A small blocking HTTP/1.1 client for the Mini App's server: JSON calls
//! and a server-sent-events reader (chunked transfer decoded).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The bot's token in the e2e environment (the key of the init data).
pub use crate::support::env::TOKEN;

/// A free port on 127.0.0.1 (bound and released; the bot binds it next).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

/// Init data signed for `user_id` now (as Telegram would give the page).
pub fn tma(user_id: i64, name: &str, lang: &str) -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs();
    srazhenie::web::auth::sign_for_user(user_id, name, lang, i64::try_from(now).expect("time"), TOKEN)
}

/// An answer: status and JSON body (`Null` when it is not JSON).
#[derive(Debug)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// The parsed body.
    pub json: Value,
    /// The raw body.
    pub body: String,
}

fn connect(port: u16) -> TcpStream {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => return s,
            Err(e) if Instant::now() > deadline => panic!("cannot reach the Mini App server on {port}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

/// One request; `auth` is sent as `Authorization: tma <auth>`.
pub fn call(port: u16, method: &str, path: &str, auth: Option<&str>, body: Option<&Value>) -> Answer {
    let auth = auth.map(|a| format!("tma {a}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    call_with(port, method, path, &headers, body)
}

/// One request with extra `headers`.
pub fn call_with(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Answer {
    let mut sock = connect(port);
    sock.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        req.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() {
        req.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    sock.write_all(req.as_bytes()).expect("send");
    let mut raw = Vec::new();
    sock.read_to_end(&mut raw).expect("read");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").expect("a response head");
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
    let body =
        if head.to_ascii_lowercase().contains("transfer-encoding: chunked") { dechunk(rest) } else { rest.into() };
    Answer { status, json: serde_json::from_str(&body).unwrap_or(Value::Null), body }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// `GET` with init data.
pub fn get(port: u16, path: &str, auth: &str) -> Answer {
    call(port, "GET", path, Some(auth), None)
}

/// `POST` of `body` with init data.
pub fn post(port: u16, path: &str, auth: &str, body: &Value) -> Answer {
    call(port, "POST", path, Some(auth), Some(body))
}

/// An open event stream.
pub struct Events {
    rd: BufReader<TcpStream>,
}

impl Events {
    /// Opens `GET path` (the init data in `?tma=`, as a browser's `EventSource` sends it).
    pub fn open(port: u16, game: i64, auth: &str) -> Events {
        let mut sock = connect(port);
        sock.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
        let q: String = url::form_urlencoded::byte_serialize(auth.as_bytes()).collect();
        let req = format!(
            "GET /api/games/{game}/events?tma={q} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        );
        sock.write_all(req.as_bytes()).expect("send");
        let mut rd = BufReader::new(sock);
        let mut line = String::new();
        rd.read_line(&mut line).expect("status line");
        assert!(line.contains(" 200 "), "the stream opens: {line}");
        loop {
            line.clear();
            rd.read_line(&mut line).expect("header");
            if line == "\r\n" {
                break;
            }
        }
        Events { rd }
    }

    /// The next `view` event's JSON (keep-alive comments skipped).
    pub fn next_view(&mut self) -> Value {
        let mut event = String::new();
        let mut data = String::new();
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.rd.read_line(&mut line).expect("an event within 30 s");
            assert!(n > 0, "the stream ended");
            let l = line.trim_end_matches(['\r', '\n']);
            if let Some(e) = l.strip_prefix("event: ").or_else(|| l.strip_prefix("event:")) {
                event = e.trim().to_owned();
            } else if let Some(d) = l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")) {
                data.push_str(d);
            } else if l.is_empty() && !data.is_empty() && event == "view" {
                return serde_json::from_str(&data).expect("a JSON view");
            } else if l.is_empty() {
                // The end of a comment or of a chunk header's line.
                event.clear();
                data.clear();
            }
            // Chunk-size lines (hex) are ignored: they never start with `event:`/`data:`.
        }
    }

    /// Reads views until one satisfies `pred`.
    pub fn wait_view(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..20 {
            let v = self.next_view();
            if pred(&v) {
                return v;
            }
        }
        panic!("no view on the stream: {what}");
    }
}
