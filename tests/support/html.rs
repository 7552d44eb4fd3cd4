//! Telegram's HTML parse mode, strictly: the text a user sees after the
//! markup is parsed, or the error Telegram (as tgsim, stricter on bare `&`
//! and `>`) answers with.

/// Tags Telegram accepts in `parse_mode = HTML`.
const TAGS: [&str; 16] = [
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "span",
    "tg-spoiler",
    "a",
    "code",
    "pre",
    "blockquote",
    "tg-emoji",
];

/// Parses `src` as Telegram HTML; returns the visible text (trimmed as
/// Telegram trims it) or a "can't parse entities" description.
pub fn parse(src: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut open: Vec<String> = Vec::new();
    // Visible text before the first tag may be trimmed at the start.
    let mut first_tag_at: Option<usize> = None;
    let bytes = src.as_bytes();
    let mut i = 0;
    let err = |what: String| Err(format!("can't parse entities: {what}"));
    while i < src.len() {
        let c = bytes[i];
        match c {
            b'<' => {
                let end = match src[i..].find('>') {
                    Some(e) => i + e,
                    None => return err(format!("Unclosed start tag at byte offset {i}")),
                };
                let inner = &src[i + 1..end];
                if first_tag_at.is_none() {
                    first_tag_at = Some(out.len());
                }
                if let Some(name) = inner.strip_prefix('/') {
                    let name = name.trim().to_ascii_lowercase();
                    match open.pop() {
                        Some(top) if top == name => {}
                        Some(top) => {
                            return err(format!(
                                "Unmatched end tag at byte offset {i}, expected \"</{top}>\", found \"</{name}>\""
                            ));
                        }
                        None => return err(format!("Unexpected end tag at byte offset {i}")),
                    }
                } else {
                    let name: String =
                        inner.chars().take_while(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
                    if !TAGS.contains(&name.as_str()) {
                        return err(format!("Unsupported start tag \"{name}\" at byte offset {i}"));
                    }
                    let attrs = inner[name.len()..].trim();
                    if name == "a" && !attrs.starts_with("href=") {
                        return err(format!("Tag \"a\" must have attribute href at byte offset {i}"));
                    }
                    if name == "span" && !attrs.contains("tg-spoiler") {
                        return err(format!("Tag \"span\" must have class \"tg-spoiler\" at byte offset {i}"));
                    }
                    open.push(name);
                }
                i = end + 1;
            }
            b'&' => {
                let rest = &src[i..];
                let semi = rest.find(';').filter(|&s| s <= 10);
                let decoded = semi.and_then(|s| entity(&rest[1..s]));
                match (semi, decoded) {
                    (Some(s), Some(ch)) => {
                        out.push(ch);
                        i += s + 1;
                    }
                    _ => return err(format!("Unescaped '&' at byte offset {i}")),
                }
            }
            b'>' => return err(format!("Unescaped '>' at byte offset {i}")),
            _ => {
                let ch = src[i..].chars().next().unwrap_or(' ');
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    if let Some(top) = open.pop() {
        return err(format!("Can't find end tag corresponding to start tag \"{top}\""));
    }
    let limit = first_tag_at.unwrap_or(out.len());
    let lead = out[..limit].len() - out[..limit].trim_start().len();
    Ok(out[lead..].trim_end().to_owned())
}

fn entity(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "quot" => Some('"'),
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

/// The length Telegram measures texts in: UTF-16 code units.
pub fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}
