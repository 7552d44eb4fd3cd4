-- Ratings (Glicko-2) per rule-set family, and the games already counted.
CREATE TABLE ratings (
    user_id    INTEGER NOT NULL REFERENCES users (id),
    family     TEXT    NOT NULL,             -- battle | classic | duel
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,   -- all finished games, AI games included
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, family)
);

-- A finished game is counted exactly once (also across restarts).
CREATE TABLE settled_games (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    settled_at INTEGER NOT NULL
);
