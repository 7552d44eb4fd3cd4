//! A tiny local stand-in for the Bot API for unit tests: answers each
//! `POST /bot<token>/<method>` with the JSON a closure returns, and records
//! the calls. One request per connection (`Connection: close`).

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A running stub; it stops when dropped.
pub struct StubApi {
    url: url::Url,
    calls: Arc<Mutex<Vec<(String, String)>>>,
    task: tokio::task::JoinHandle<()>,
}

impl StubApi {
    /// Starts a stub on a free local port; `answer(method, body)` gives the JSON of each reply.
    pub async fn start(answer: impl Fn(&str, &str) -> String + Send + Sync + 'static) -> StubApi {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let url = url::Url::parse(&format!("http://{}/", listener.local_addr().expect("address"))).expect("url");
        let calls: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
        let (log, answer) = (calls.clone(), Arc::new(answer));
        let task = tokio::spawn(async move {
            while let Ok((mut sock, _)) = listener.accept().await {
                let Some((method, body)) = read_request(&mut sock).await else { continue };
                let reply = answer(&method, &body);
                log.lock().expect("calls").push((method, body));
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    reply.len()
                );
                let _ = sock.write_all(head.as_bytes()).await;
                let _ = sock.write_all(reply.as_bytes()).await;
                let _ = sock.shutdown().await;
            }
        });
        StubApi { url, calls, task }
    }

    /// A bot that talks to this stub.
    pub fn bot(&self) -> teloxide::Bot {
        teloxide::Bot::new("123:stub").set_api_url(self.url.clone())
    }

    /// The stub's address.
    pub fn url(&self) -> &url::Url {
        &self.url
    }

    /// The calls so far: method and JSON body.
    pub fn calls(&self) -> Vec<(String, String)> {
        self.calls.lock().expect("calls").clone()
    }
}

impl Drop for StubApi {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Reads one HTTP request: the method name from the path, and the body.
async fn read_request(sock: &mut tokio::net::TcpStream) -> Option<(String, String)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let n = sock.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let path = head.split_whitespace().nth(1)?;
    // teloxide writes `GetMe`; Telegram's names are case-insensitive: use `getMe`.
    let name = path.rsplit('/').next()?;
    let mut chars = name.chars();
    let method = chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())?;
    let len: usize = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().ok()))
        .flatten()
        .unwrap_or(0);
    while buf.len() < head_end + len {
        let n = sock.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    Some((method, String::from_utf8_lossy(&buf[head_end..]).into_owned()))
}
