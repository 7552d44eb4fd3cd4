//! Change notices between the use cases and the front-ends.
//!
//! Every committed change of a game is announced on [`Hub::changes`] (the
//! game id), so that a front-end can follow a game live (the Mini App's
//! event stream). A front-end that made a change through a use case hands
//! its [`Done`] to [`Hub::deliver`]; the front-end that owns the chat
//! delivery (Telegram) takes them from [`Hub::deliveries`] and draws boards
//! and notices exactly as after a button press. Neither front-end calls the
//! other: both talk to the application only.

use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, mpsc};

use super::Done;

/// How many game changes a slow follower may fall behind before it skips
/// ahead (it then reloads the view, so nothing is lost but intermediate states).
const CHANGES: usize = 1024;

/// The application's change notices; cheap to clone (shared channels).
#[derive(Clone, Debug)]
pub struct Hub {
    changes: broadcast::Sender<i64>,
    deliver_tx: mpsc::UnboundedSender<Done>,
    deliver_rx: Arc<Mutex<Option<mpsc::UnboundedReceiver<Done>>>>,
}

impl Default for Hub {
    fn default() -> Hub {
        let (changes, _) = broadcast::channel(CHANGES);
        let (deliver_tx, deliver_rx) = mpsc::unbounded_channel();
        Hub { changes, deliver_tx, deliver_rx: Arc::new(Mutex::new(Some(deliver_rx))) }
    }
}

impl Hub {
    /// Announces that game `game_id` changed (called after each commit).
    pub fn changed(&self, game_id: i64) {
        // No follower is not an error.
        let _ = self.changes.send(game_id);
    }

    /// A receiver of the ids of games as they change, from now on.
    #[must_use]
    pub fn changes(&self) -> broadcast::Receiver<i64> {
        self.changes.subscribe()
    }

    /// Hands a use case's result to the chat front-end for delivery (boards
    /// redrawn, notices sent, the AI's answer), as after a tap in the chat.
    pub fn deliver(&self, done: Done) {
        // Without a chat front-end (tests of the page alone) nothing is owed:
        // the boards stay marked in the database and are drawn at its start.
        let _ = self.deliver_tx.send(done);
    }

    /// The results to deliver; `None` once taken (there is one chat front-end).
    pub fn deliveries(&self) -> Option<mpsc::UnboundedReceiver<Done>> {
        self.deliver_rx.lock().expect("deliveries").take()
    }
}
