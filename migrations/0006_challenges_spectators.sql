-- Challenge cards posted in any chat (inline mode) or in a group (/challenge).
CREATE TABLE challenges (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    card_key          TEXT    NOT NULL UNIQUE,   -- "inline:<inline_message_id>" or "chat:<chat_id>:<message_id>"
    challenger_id     INTEGER NOT NULL REFERENCES users (id),
    rule_set          TEXT    NOT NULL,
    days_per_move     INTEGER,                   -- NULL = unlimited
    chat_id           INTEGER,                   -- the group, for group cards
    message_id        INTEGER,
    inline_message_id TEXT,
    target_user_id    INTEGER,                   -- only this person may accept
    target_username   TEXT,
    lang              TEXT    NOT NULL,          -- the card is in the challenger's language
    acceptor_id       INTEGER,                   -- who pressed Accept before starting the bot
    game_id           INTEGER REFERENCES games (id),
    card_text         TEXT,                      -- what the card shows now
    card_updated_at   INTEGER,
    created_at        INTEGER NOT NULL
);
CREATE INDEX challenges_game ON challenges (game_id);
CREATE INDEX challenges_chat ON challenges (chat_id);

-- Spectators: a private, public-information-only board per watcher.
CREATE TABLE spectators (
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users (id),
    message_id       INTEGER,
    rendered_version INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
);

-- Whether the user has opened a private chat with the bot (/start).
ALTER TABLE users ADD COLUMN started INTEGER NOT NULL DEFAULT 0;
