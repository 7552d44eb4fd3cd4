-- A saved setup belongs to a family of rule sets with the same army and board
-- (the rating families: `battle` = «Сражение» and its running variant,
-- `classic`, `duel` = both 10-piece games), not to one rule set: one saved
-- for «Сражение» is offered in a game with running Soldiers too. `rule_set`
-- stays: the rule set it was made in (its numbering on the workbench).
CREATE TABLE saved_setups_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    family     TEXT    NOT NULL,
    rule_set   TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    code       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, family, name)
);
-- Old rows keep their ids; of two setups with one name in one family (say
-- «mine» in `battle` and in `battle-runners`) the older keeps the name and
-- the newer gets its id appended, so nothing is lost.
WITH f AS (
    SELECT id, user_id, rule_set, name, code, created_at,
           CASE rule_set
               WHEN 'battle' THEN 'battle'
               WHEN 'battle-runners' THEN 'battle'
               WHEN 'duel' THEN 'duel'
               WHEN 'battle-duel' THEN 'duel'
               ELSE 'classic'
           END AS family
    FROM saved_setups
)
INSERT INTO saved_setups_new (id, user_id, family, rule_set, name, code, created_at)
SELECT id, user_id, family, rule_set,
       CASE WHEN EXISTS (SELECT 1 FROM f o
                         WHERE o.user_id = f.user_id AND o.family = f.family
                           AND o.name = f.name AND o.id < f.id)
            THEN name || ' ' || id ELSE name END,
       code, created_at
FROM f;
DROP TABLE saved_setups;
ALTER TABLE saved_setups_new RENAME TO saved_setups;

-- A question that waits for a typed reply about saved setups: the name to
-- save a workbench's setup under (`code` and `rule_set` set) or the new name
-- of a saved setup (`setup_id` set). Kept until answered with a good name.
CREATE TABLE setup_prompts (
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    setup_id   INTEGER,
    rule_set   TEXT,
    code       TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (chat_id, message_id)
);

-- The newest `/setups` list message of each chat, redrawn in place after a
-- save, rename or delete.
CREATE TABLE setup_lists (
    chat_id    INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL
);
