//! Hand-written HTTP/1.1 for the fake Bot API: one request at a time on a
//! keep-alive connection (`Content-Length` or chunked bodies), JSON,
//! urlencoded and `multipart/form-data` parameters.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use serde_json::{Map, Value, json};

/// The largest request body accepted (Telegram's limit for uploads by bots is far above our files).
const MAX_BODY: usize = 10 << 20;

/// One HTTP request.
pub struct Request {
    /// The path without the query string.
    pub path: String,
    /// The raw query string (empty when none).
    pub query: String,
    /// Header names in lower case with their values.
    pub headers: Vec<(String, String)>,
    /// The body, de-chunked.
    pub body: Vec<u8>,
}

impl Request {
    /// The value of header `name` (lower case), if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Reads the next request of a connection; `None` when the client closed it.
pub fn read_request(rd: &mut BufReader<TcpStream>) -> io::Result<Option<Request>> {
    let mut line = String::new();
    if rd.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    let target = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let (path, query) = target.split_once('?').map_or((target.clone(), String::new()), |(p, q)| (p.into(), q.into()));
    let mut headers = Vec::new();
    loop {
        line.clear();
        if rd.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let h = line.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    let mut req = Request { path, query, headers, body: Vec::new() };
    if req.header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        req.body = read_chunked(rd)?;
    } else {
        let len: usize = req.header("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
        if len > MAX_BODY {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "body too large"));
        }
        req.body = vec![0; len];
        rd.read_exact(&mut req.body)?;
    }
    Ok(Some(req))
}

fn read_chunked(rd: &mut BufReader<TcpStream>) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        rd.read_line(&mut line)?;
        let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or("0"), 16)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        if size == 0 {
            // Trailers, then the empty line.
            loop {
                line.clear();
                if rd.read_line(&mut line)? == 0 || line.trim_end().is_empty() {
                    return Ok(body);
                }
            }
        }
        if body.len() + size > MAX_BODY {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "body too large"));
        }
        let start = body.len();
        body.resize(start + size, 0);
        rd.read_exact(&mut body[start..])?;
        line.clear();
        rd.read_line(&mut line)?;
    }
}

/// Writes one JSON response.
pub fn write_json(w: &mut TcpStream, status: u16, body: &Value) -> io::Result<()> {
    let out = body.to_string();
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        409 => "Conflict",
        429 => "Too Many Requests",
        _ => "Error",
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        out.len()
    );
    w.write_all(head.as_bytes())?;
    w.write_all(out.as_bytes())?;
    w.flush()
}

/// The parameters of a Bot API call as one JSON object. Multipart and
/// urlencoded fields arrive as strings; an uploaded file becomes
/// `{"upload": true, "file_name": ..., "size": ..., "data_head": [first bytes],
/// "data_text": the whole content if it is UTF-8 text of at most 64 KiB}`.
pub fn params(req: &Request) -> Result<Map<String, Value>, String> {
    let ctype = req.header("content-type").unwrap_or("").to_owned();
    let mut out = Map::new();
    for (k, v) in urlencoded(&req.query) {
        out.insert(k, Value::String(v));
    }
    if req.body.is_empty() {
        return Ok(out);
    }
    if ctype.starts_with("application/json") {
        match serde_json::from_slice::<Value>(&req.body) {
            Ok(Value::Object(m)) => out.extend(m),
            _ => return Err("can't parse JSON body".into()),
        }
    } else if ctype.starts_with("multipart/form-data") {
        let boundary = ctype.split("boundary=").nth(1).ok_or("no multipart boundary")?.trim_matches('"');
        multipart(&req.body, boundary, &mut out)?;
    } else {
        let body = String::from_utf8_lossy(&req.body).into_owned();
        for (k, v) in urlencoded(&body) {
            out.insert(k, Value::String(v));
        }
    }
    Ok(out)
}

fn urlencoded(s: &str) -> Vec<(String, String)> {
    s.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                let hex = std::str::from_utf8(&b[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                if let Some(v) = hex {
                    out.push(v);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}

fn multipart(body: &[u8], boundary: &str, out: &mut Map<String, Value>) -> Result<(), String> {
    let delim = format!("--{boundary}");
    let mut pos = find(body, delim.as_bytes(), 0).ok_or("multipart: no first boundary")? + delim.len();
    let mut files = Map::new();
    loop {
        if body.get(pos..pos + 2) == Some(b"--") {
            break;
        }
        pos += 2; // CRLF after the boundary
        let head_end = find(body, b"\r\n\r\n", pos).ok_or("multipart: no part headers")?;
        let head = String::from_utf8_lossy(&body[pos..head_end]).into_owned();
        let data_start = head_end + 4;
        let next = find(body, format!("\r\n{delim}").as_bytes(), data_start).ok_or("multipart: unterminated part")?;
        let data = &body[data_start..next];
        let mut name = None;
        let mut file_name = None;
        let mut content_type = None;
        for h in head.split("\r\n") {
            let lower = h.to_ascii_lowercase();
            if lower.starts_with("content-disposition:") {
                for attr in h.split(';').skip(1) {
                    if let Some((k, v)) = attr.trim().split_once('=') {
                        let v = v.trim_matches('"').to_owned();
                        match k {
                            "name" => name = Some(v),
                            "filename" => file_name = Some(v),
                            _ => {}
                        }
                    }
                }
            } else if lower.starts_with("content-type:") {
                content_type = Some(h[13..].trim().to_owned());
            }
        }
        let name = name.ok_or("multipart: a part without a name")?;
        if let Some(file_name) = file_name {
            let head: Vec<u8> = data.iter().take(32).copied().collect();
            // A text file's whole content, for a test to read back (an export).
            let text = std::str::from_utf8(data).ok().filter(|t| t.len() <= 65_536);
            files.insert(
                name,
                json!({"upload": true, "file_name": file_name, "size": data.len(), "data_head": head,
                       "data_text": text, "content_type": content_type}),
            );
        } else {
            out.insert(name, Value::String(String::from_utf8_lossy(data).into_owned()));
        }
        pos = next + 2 + delim.len();
    }
    // A field may name its file part with "attach://<part>".
    for (k, v) in out.iter_mut() {
        if let Some(part) = v.as_str().and_then(|s| s.strip_prefix("attach://"))
            && let Some(f) = files.get(part)
        {
            let _ = k;
            *v = f.clone();
        }
    }
    for (k, f) in files {
        out.entry(k).or_insert(f);
    }
    Ok(())
}
