//! Test support for the end-to-end tests: an in-process fake Telegram Bot
//! API (`server`, `botapi`, `world`, `html`, `http`), scripted users
//! (`users`), the real bot binary in a temporary directory (`env`) and
//! helpers for playing a game (`game`).

pub mod botapi;
pub mod env;
pub mod game;
pub mod html;
pub mod http;
pub mod server;
pub mod users;
pub mod world;
