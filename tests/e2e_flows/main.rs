//! End-to-end flows: the real `srazhenie` binary against an in-process
//! fake Telegram Bot API (`tests/support`), with scripted users. These are
//! the flows `tests/e2e/scenarios.py` plays against `../shared/tgsim`, so
//! they run with nothing but the repository. Each test has its own fake
//! server, bot process and temporary database, so they run in parallel.

#[path = "../support/mod.rs"]
mod support;

mod burst;
mod clock;
mod games;
mod jungle;
mod menus;
mod notices;
mod profile;
mod robust;
mod setups;
mod social;
