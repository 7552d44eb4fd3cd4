//! Telegram Mini App init data: the proof that a request comes from the
//! user Telegram opened the page for.
//!
//! The page sends the raw init data (`Telegram.WebApp.initData`, a query
//! string) in `Authorization: tma <initData>`. Per Telegram's Web App
//! scheme the data-check string is every field but `hash` (newer ones such
//! as `signature`, `chat_instance`, `chat_type` included), as `key=value`
//! sorted by key and joined by `\n`; the secret is HMAC-SHA256 of the bot
//! token under the key `WebAppData`; `hash` is the hex HMAC-SHA256 of the
//! data-check string under that secret. Data older than [`MAX_AGE`] is refused.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The oldest init data accepted, in seconds (24 hours).
pub const MAX_AGE: i64 = 24 * 3_600;

/// How far `auth_date` may lie in the future (clock skew), in seconds.
const SKEW: i64 = 300;

/// The Telegram user the init data was issued for.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct TgUser {
    /// Telegram user id.
    pub id: i64,
    /// First name.
    #[serde(default)]
    pub first_name: String,
    /// The client's language (an IETF tag such as `ru`, `en-US`).
    #[serde(default)]
    pub language_code: Option<String>,
}

/// Validated init data: who, and when Telegram issued it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    /// The user (the `user` field).
    pub user: TgUser,
    /// When Telegram issued the data, unix seconds (`auth_date`).
    pub auth_date: i64,
}

/// Why init data was refused; each one is answered with 401.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    /// No `Authorization: tma …` header (or `?tma=`), or an empty one.
    #[error("missing init data")]
    Missing,
    /// Not a query string of unique keys with `hash`, `auth_date` and `user`.
    #[error("malformed init data")]
    Malformed,
    /// The hash does not match: forged or changed data, or another bot's.
    #[error("init data signature mismatch")]
    Forged,
    /// `auth_date` is more than [`MAX_AGE`] ago (or in the future).
    #[error("init data expired")]
    Expired,
}

type HmacSha256 = Hmac<Sha256>;

/// The secret key of `token`'s Mini App data: HMAC-SHA256(`WebAppData`, token).
fn secret(token: &str) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(b"WebAppData").expect("HMAC takes any key length");
    mac.update(token.as_bytes());
    mac.finalize().into_bytes().into()
}

/// The data-check string of `pairs` (every key but `hash`, sorted, `k=v` lines).
fn check_string(pairs: &[(String, String)]) -> String {
    let mut fields: Vec<String> = pairs.iter().filter(|(k, _)| k != "hash").map(|(k, v)| format!("{k}={v}")).collect();
    fields.sort_unstable();
    fields.join("\n")
}

/// Checks raw init data `raw` (as the page got it) against the bot `token`
/// at unix time `now`.
///
/// # Errors
/// [`AuthError::Missing`] for an empty string, [`AuthError::Malformed`],
/// [`AuthError::Forged`] (checked before the age, so a forged date is
/// "forged"), [`AuthError::Expired`].
pub fn validate(raw: &str, token: &str, now: i64) -> Result<InitData, AuthError> {
    if raw.trim().is_empty() {
        return Err(AuthError::Missing);
    }
    let pairs: Vec<(String, String)> =
        url::form_urlencoded::parse(raw.trim().as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    let mut keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
    keys.sort_unstable();
    if keys.windows(2).any(|w| w[0] == w[1]) {
        return Err(AuthError::Malformed);
    }
    let field = |name: &str| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let hash = field("hash").and_then(|h| hex::decode(h).ok()).ok_or(AuthError::Malformed)?;
    let mut mac = HmacSha256::new_from_slice(&secret(token)).expect("HMAC takes any key length");
    mac.update(check_string(&pairs).as_bytes());
    mac.verify_slice(&hash).map_err(|_| AuthError::Forged)?;
    let auth_date: i64 = field("auth_date").and_then(|d| d.parse().ok()).ok_or(AuthError::Malformed)?;
    if now - auth_date > MAX_AGE || auth_date - now > SKEW {
        return Err(AuthError::Expired);
    }
    let user: TgUser = field("user").and_then(|u| serde_json::from_str(u).ok()).ok_or(AuthError::Malformed)?;
    Ok(InitData { user, auth_date })
}

/// Signs `fields` (`(key, value)`, unencoded, without `hash`) with `token`
/// the way Telegram does, and returns the init data string with `hash`
/// appended. For tests and tools that open the page without Telegram.
#[must_use]
pub fn sign(fields: &[(&str, &str)], token: &str) -> String {
    let pairs: Vec<(String, String)> = fields.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    let mut mac = HmacSha256::new_from_slice(&secret(token)).expect("HMAC takes any key length");
    mac.update(check_string(&pairs).as_bytes());
    let hash = hex::encode(mac.finalize().into_bytes());
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        out.append_pair(k, v);
    }
    out.append_pair("hash", &hash);
    out.finish()
}

/// Init data for `user_id` issued at `auth_date`, signed with `token` (for tests and tools).
#[must_use]
pub fn sign_for_user(user_id: i64, first_name: &str, lang: &str, auth_date: i64, token: &str) -> String {
    let user = serde_json::json!({ "id": user_id, "first_name": first_name, "language_code": lang }).to_string();
    sign(&[("auth_date", &auth_date.to_string()), ("query_id", "AAF9tBMlAAAAAH20EyUmC0Pf"), ("user", &user)], token)
}

#[cfg(test)]
mod tests;
