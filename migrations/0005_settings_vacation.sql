-- Player settings: confirm moves with a second step (default on in games
-- between people, off against the AI).
ALTER TABLE users ADD COLUMN confirm_human INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN confirm_ai INTEGER NOT NULL DEFAULT 0;
-- Vacation allowance: days used in `vacation_year` (UTC calendar year).
ALTER TABLE users ADD COLUMN vacation_year INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN vacation_used INTEGER NOT NULL DEFAULT 0;
-- A player's vacation in a game pauses their clock between these times.
ALTER TABLE game_players ADD COLUMN vacation_from INTEGER;
ALTER TABLE game_players ADD COLUMN vacation_until INTEGER;
