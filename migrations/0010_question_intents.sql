-- Questions about to be asked (a reminder, a draw offer, a rematch offer),
-- recorded before their message is sent and replaced by their `questions`
-- row once it is: a crash between the two leaves the intent, and the
-- restarted bot asks again if the question is still open (nothing lost).
-- `text` and `keyboard` (JSON) are the message as it was to be sent.
CREATE TABLE question_intents (
    id       INTEGER PRIMARY KEY,
    chat_id  INTEGER NOT NULL,
    game_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    lang     TEXT    NOT NULL,
    text     TEXT    NOT NULL,
    keyboard TEXT
);
