//! The Mini App end to end: the real `srazhenie` binary with its HTTP
//! server, against the fake Telegram Bot API (`tests/support`): the JSON
//! API (`api`; Jungle in `jungle`), the page in a real browser (`browser`, skipped with a
//! message when Chromium and chromedriver are not installed) and updates
//! by webhook on the same server (`webhook`).

// The shared support serves several test binaries; this one uses part of it.
#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

mod api;
mod browser;
mod chrome;
mod client;
mod jungle;
mod webhook;
