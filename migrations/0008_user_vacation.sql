-- A running vacation belongs to the player, not to their games (R23): a game
-- that starts during it is paused too, and one taken with no live game is kept.
ALTER TABLE users ADD COLUMN vacation_from INTEGER;
ALTER TABLE users ADD COLUMN vacation_until INTEGER;
-- Carry over the latest vacation recorded in a player's games.
UPDATE users SET
    vacation_from = (SELECT p.vacation_from FROM game_players p
                     WHERE p.user_id = users.id AND p.vacation_until IS NOT NULL
                     ORDER BY p.vacation_until DESC LIMIT 1),
    vacation_until = (SELECT p.vacation_until FROM game_players p
                      WHERE p.user_id = users.id AND p.vacation_until IS NOT NULL
                      ORDER BY p.vacation_until DESC LIMIT 1);
