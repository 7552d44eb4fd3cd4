-- Messages that ask something about a game (a draw offer, a reminder, an
-- invitation, a rematch offer): once the question is answered or expires,
-- the message is edited to say what happened and loses its buttons.
CREATE TABLE questions (
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    game_id    INTEGER NOT NULL,
    kind       TEXT    NOT NULL,   -- "draw", "reminder", "invite", "rematch"
    lang       TEXT    NOT NULL,   -- the reader's language when it was asked
    PRIMARY KEY (chat_id, message_id)
);
CREATE INDEX questions_game ON questions (game_id);
