//! Graceful shutdown on SIGINT (Ctrl-C) or SIGTERM (`docker stop`, `systemctl stop`).
//!
//! teloxide's `ctrlc_handler` only reacts to Ctrl-C. Use this module to stop the dispatcher
//! on SIGTERM too:
//!
//! ```no_run
//! # use teloxide::dispatching::{DefaultKey, Dispatcher};
//! # async fn run(mut dispatcher: Dispatcher<teloxide::Bot, std::convert::Infallible, DefaultKey>)
//! #     -> std::io::Result<()> {
//! let token = dispatcher.shutdown_token();
//! let mut signals = srazhenie::shutdown::Signals::install()?;
//! tokio::spawn(async move {
//!     let which = signals.recv().await;
//!     tracing::info!(?which, "shutting down");
//!     if let Ok(f) = token.shutdown() { f.await }
//! });
//! dispatcher.dispatch().await;
//! # Ok(())
//! # }
//! ```

use std::io;

/// Which signal asked us to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShutdownSignal {
    /// SIGINT, e.g. Ctrl-C in a terminal.
    Interrupt,
    /// SIGTERM, e.g. `docker stop` / `systemctl stop`.
    Terminate,
}

/// Installed SIGINT + SIGTERM listeners.
///
/// Install early (before starting long work) so that no signal is missed; once installed, the
/// default "terminate the process" action for these signals is replaced for the rest of the
/// process lifetime, so you must actually react to [`Signals::recv`].
#[derive(Debug)]
pub struct Signals {
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
}

impl Signals {
    /// Registers the listeners. Must be called inside a Tokio runtime.
    ///
    /// # Errors
    /// The OS refused to install a signal handler (very unusual).
    pub fn install() -> io::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Signals { int: signal(SignalKind::interrupt())?, term: signal(SignalKind::terminate())? })
        }
        #[cfg(not(unix))]
        {
            Ok(Signals {})
        }
    }

    /// Resolves when the next SIGINT or SIGTERM arrives (cancel-safe; can be called again).
    pub async fn recv(&mut self) -> ShutdownSignal {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.int.recv() => ShutdownSignal::Interrupt,
                _ = self.term.recv() => ShutdownSignal::Terminate,
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            ShutdownSignal::Interrupt
        }
    }
}

/// Installs the listeners and waits for the first SIGINT or SIGTERM.
///
/// # Errors
/// See [`Signals::install`].
pub async fn wait_for_signal() -> io::Result<ShutdownSignal> {
    Ok(Signals::install()?.recv().await)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn sigterm_is_reported() {
        let mut signals = Signals::install().unwrap();
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("kill -TERM {}", std::process::id()))
            .status()
            .unwrap();
        assert!(status.success());
        let got = tokio::time::timeout(Duration::from_secs(5), signals.recv()).await.expect("signal not delivered");
        assert_eq!(got, ShutdownSignal::Terminate);
    }
}
