-- Correspondence clocks (R23): which reminders were sent for the current
-- turn (bit 0: 24 h left, bit 1: 1 h left); reset to 0 on every move, so a
-- reminder is sent at most once per threshold, also across restarts.
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
