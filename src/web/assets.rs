//! The page's files, embedded in the binary: one HTML page, its script and
//! its style sheet. A content security policy keeps the page to this host.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/app.css");

/// Only this host: no script, style, font or connection elsewhere.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; \
                   base-uri 'none'; form-action 'none'";

fn file(kind: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
}

/// `GET /`: the page.
pub async fn index() -> impl IntoResponse {
    file("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    file("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /app.css`.
pub async fn style() -> impl IntoResponse {
    file("text/css; charset=utf-8", STYLE)
}
