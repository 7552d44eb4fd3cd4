//! Replay stepping (`/history` → ◀ ▶): where each replay message is headed.
//!
//! A replay's edits wait for the chat's pacing like every other edit, so
//! during quick presses the message shows an older ply than the presses
//! asked for, and its ◀ ▶ buttons still say where it was. Each step
//! therefore counts from the ply the presses before it lead to, kept here
//! per message, so that nine quick ▶ move nine plies. The presses of one
//! chat are handled one after another (the dispatcher keeps each chat's
//! order), so a step reads and sets its message's ply without racing
//! another. Kept in memory only: after a restart a step counts from the
//! ply its button was drawn with, which the message then shows.

use std::collections::HashMap;
use std::sync::Mutex;

use teloxide::types::MessageId;

/// Replay messages remembered before the map is cleared (a cleared
/// message steps from what it shows, as after a restart).
const KEPT: usize = 20_000;

/// The ply each replay message was last asked to show, by (chat, message).
#[derive(Debug, Default)]
pub struct ReplayPositions {
    plies: Mutex<HashMap<(i64, i32), usize>>,
}

impl ReplayPositions {
    /// The ply a ◀ (`forward: false`) or ▶ on message `msg` of `chat` leads
    /// to: one back or on from the ply the presses before it asked for, or
    /// from `drawn` (the ply the pressed buttons were drawn with) if none is
    /// known. Not clamped to the game's length (the replay clamps it).
    #[must_use]
    pub fn step(&self, chat: i64, msg: MessageId, drawn: usize, forward: bool) -> usize {
        let from = self.plies.lock().expect("replay positions").get(&(chat, msg.0)).copied().unwrap_or(drawn);
        if forward { from.saturating_add(1) } else { from.saturating_sub(1) }
    }

    /// Remembers that message `msg` of `chat` was asked to show `ply`.
    pub fn set(&self, chat: i64, msg: MessageId, ply: usize) {
        let mut plies = self.plies.lock().expect("replay positions");
        if plies.len() >= KEPT {
            plies.clear();
        }
        plies.insert((chat, msg.0), ply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_counts_from_the_ply_the_presses_before_it_asked_for() {
        let p = ReplayPositions::default();
        let (chat, msg) = (7, MessageId(3));
        // Nothing known: from the ply the button was drawn with.
        assert_eq!(p.step(chat, msg, 2, true), 3);
        p.set(chat, msg, 3);
        // A second press on the same (not yet redrawn) message goes on.
        assert_eq!(p.step(chat, msg, 2, true), 4);
        p.set(chat, msg, 4);
        assert_eq!(p.step(chat, msg, 2, false), 3);
        // Another message keeps its own.
        assert_eq!(p.step(chat, MessageId(4), 2, false), 1);
    }

    #[test]
    fn a_step_back_from_the_start_stays_at_the_start() {
        let p = ReplayPositions::default();
        assert_eq!(p.step(7, MessageId(3), 0, false), 0);
        p.set(7, MessageId(3), 0);
        assert_eq!(p.step(7, MessageId(3), 5, false), 0);
    }
}
