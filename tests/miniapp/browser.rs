//! The page in a real browser (see `tests/miniapp/main.rs`).
