//! «Сражение»: correspondence Stratego on Telegram.
//!
//! The rules live in the `engine` crate; this crate holds the bot: configuration, storage,
//! localisation, the Telegram front-end and process plumbing.

pub mod app;
pub mod cli;
pub mod cmd;
pub mod config;
pub mod i18n;
pub mod picture;
pub mod shutdown;
pub mod startup;
pub mod storage;
pub mod telegram;
pub mod web;

#[cfg(test)]
mod testing;
