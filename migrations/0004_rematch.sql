-- The rematch offered after a finished game (sides swapped), so that a
-- second press finds the same new game instead of creating another.
ALTER TABLE games ADD COLUMN rematch_game INTEGER REFERENCES games (id);
