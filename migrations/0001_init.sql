-- «Сражение» initial schema.
-- Portable subset: only INTEGER and TEXT columns, timestamps are INTEGER unix seconds,
-- booleans are INTEGER 0/1. Engine state is opaque JSON text owned by the rules engine.
-- (On Postgres, INTEGER ids holding Telegram ids must become BIGINT.)

CREATE TABLE users (
    id           INTEGER PRIMARY KEY,            -- Telegram user id
    first_name   TEXT    NOT NULL,
    username     TEXT,
    tg_lang      TEXT,                           -- Telegram client language_code
    lang         TEXT,                           -- chosen with /lang; NULL = follow tg_lang
    last_game_id INTEGER,
    blocked      INTEGER NOT NULL DEFAULT 0,     -- 1 = the user blocked the bot
    created_at   INTEGER NOT NULL
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    rule_set        TEXT    NOT NULL,
    status          TEXT    NOT NULL
        CHECK (status IN ('waiting', 'setup', 'play', 'finished', 'cancelled')),
    version         INTEGER NOT NULL,            -- optimistic-locking counter
    first_player    TEXT    NOT NULL CHECK (first_player IN ('south', 'north')),
    days_per_move   INTEGER,                     -- NULL = unlimited
    state           TEXT,                        -- engine JSON; NULL until play starts
    state_format    INTEGER NOT NULL DEFAULT 1,
    draw_offer      TEXT CHECK (draw_offer IN ('south', 'north')),
    result          TEXT,                        -- result code; NULL until finished
    opponent_kind   TEXT    NOT NULL DEFAULT 'human',
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    turn_started_at INTEGER,
    finished_at     INTEGER
);

CREATE TABLE game_players (
    game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side              TEXT    NOT NULL CHECK (side IN ('south', 'north')),
    user_id           INTEGER NOT NULL REFERENCES users (id),
    board_message_id  INTEGER,
    notify_message_id INTEGER,
    setup_confirmed   INTEGER NOT NULL DEFAULT 0,
    draft_setup       TEXT,
    selected          TEXT,                      -- square selected on the board, or NULL
    scroll            INTEGER NOT NULL DEFAULT 0,
    board_version     INTEGER NOT NULL DEFAULT 1, -- bumped when the board's content changes
    rendered_version  INTEGER NOT NULL DEFAULT 0, -- last version delivered; behind = redraw owed
    notify_pending    INTEGER NOT NULL DEFAULT 0, -- a "your move" message is owed
    PRIMARY KEY (game_id, side)
);
CREATE INDEX game_players_user_id ON game_players (user_id);

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL,
    side    TEXT    NOT NULL,
    mv      TEXT    NOT NULL,
    combat  TEXT,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE invitations (
    code       TEXT    PRIMARY KEY,
    game_id    INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    inviter_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE saved_setups (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    rule_set   TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    code       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, rule_set, name)
);
