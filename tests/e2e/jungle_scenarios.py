"""Jungle (RULES.md §9) end to end against tgsim: two people play to a den
entry by taps and typed moves, and a game against `/ai jungle`.

Registered by scenarios.py (JUNGLE_SCENARIOS). With E2E_TRANSCRIPT=1 each
scenario prints its players' chats as they read them.
"""

from __future__ import annotations

import os
import re

from harness import board, buttons, invite, new_user, press_and_wait, square_data, wait_board, wait_text

# South's Leopard walks e3–d3–d4 … d8 into North's den d9 (J5, J10).
SOUTH_PLAN = ["e3-d3", "d3-d4", "d4-d5", "d5-d6", "d6-d7", "d7-d8", "d8-d9"]
# The same walk turned by 180° for North (J3: North's army is South's turned).
NORTH_PLAN = ["c7-d7", "d7-d6", "d6-d5", "d5-d4", "d4-d3", "d3-d2", "d2-d1"]
# The animals' emoji (J3), as the board's buttons show them.
ANIMALS = ("🐀", "🐈", "🐕", "🐺", "🐆", "🐅", "🦁", "🐘")


def transcript(*users) -> None:
    """Prints each user's chat as they see it (E2E_TRANSCRIPT=1): texts and button rows."""
    if not os.environ.get("E2E_TRANSCRIPT"):
        return
    for u in users:
        print(f"==== {u.first_name}'s chat ====")
        for m in u.messages():
            who = "bot" if m["from_bot"] else u.first_name
            edits = f" (edited {m['edits']}×)" if m.get("edits") else ""
            print(f"--- {who} #{m['message_id']}{edits}{' [deleted]' if m['deleted'] else ''}")
            print(m["text"] or "")
            for row in (m.get("reply_markup") or {}).get("inline_keyboard", []):
                print("  [" + "] [".join(b["text"] for b in row) + "]")


def my_turn(user, game) -> bool:
    t = board(user, game)["text"]
    return "Your move." in t or "Ваш ход." in t


def in_play(m) -> bool:
    return any(s in m["text"] for s in ("Your move.", "to move.", "Ваш ход.", "Ходит"))


def tap_jungle_move(user, game, mv: str) -> None:
    """The animal, its destination (answered by a toast asking for a second
    tap: moves between people are confirmed by default) and the destination again."""
    frm, to = mv.split("-")
    press_and_wait(user, game, square_data(board(user, game), frm))
    sel = board(user, game)
    dest = square_data(sel, to)
    label = next(t for t, d in buttons(sel) if d == dest)
    assert label.lstrip("›").startswith(("○", "⚔")), f"{to} is marked as a destination: {label!r}"
    answer = user.press(callback_data=dest, message_id=sel["message_id"])
    text = (answer or {}).get("text") or ""
    assert mv in text and (" again " in text or " ещё раз" in text), f"the first tap asks: {text!r}"
    assert board(user, game)["edits"] == sel["edits"], "asking does not redraw the board"
    press_and_wait(user, game, dest)


def type_jungle_move(user, game, mv: str) -> None:
    """A typed move; the user's own board, edited in place, is the answer."""
    user.send(mv)
    wait_board(user, game, lambda m: not my_turn(user, game))


def jungle_invite_and_play_to_a_den_entry(env):
    alice, bob = new_user(env, "Alice", "en"), new_user(env, "Bob", "ru")
    for u in (alice, bob):
        u.start()
    wait_text(alice, "Welcome")
    game, link = invite(env, alice, "jungle")
    bob.open_link(link)
    # No setup in Jungle (J3): Bob is sent to the board, not asked for an army.
    joined = wait_text(bob, f"Вы вступили в партию №{game}")
    assert "доска ниже" in joined["text"] and "Расставьте" not in joined["text"], joined["text"]
    a = wait_board(alice, game, in_play)
    b = wait_board(bob, game, in_play)
    assert "Jungle" in a["text"] and "«Джунгли»" in b["text"], (a["text"], b["text"])
    for m in (a, b):
        rows = m["reply_markup"]["inline_keyboard"]
        assert len(rows) == 10 and all(len(r) == 7 for r in rows[:9]), "the whole 7×9 board and a control row"
    south_first = my_turn(alice, game)
    att, dfd = (alice, bob) if south_first else (bob, alice)
    plan = SOUTH_PLAN if south_first else NORTH_PLAN
    shuffle = ["a9-a8", "a8-a9"] if south_first else ["g1-g2", "g2-g1"]
    # An illegal typed move is refused with the reason and changes nothing (J5).
    before = board(att, game)
    att.send("c3-c4" if south_first else "e7-e6")
    reply = att.wait_reply()
    assert "Rat" in reply["text"] or "Крыса" in reply["text"], reply["text"]
    assert board(att, game)["text"] == before["text"]
    for i, mv in enumerate(plan):
        (type_jungle_move if i % 2 == 0 else tap_jungle_move)(att, game, mv)
        if i == len(plan) - 1:
            break
        wait_board(dfd, game, lambda m: my_turn(dfd, game))
        (tap_jungle_move if i % 2 == 0 else type_jungle_move)(dfd, game, shuffle[i % 2])
        wait_board(att, game, lambda m: my_turn(att, game))
    won = wait_board(att, game, lambda m: "You won" in m["text"] or "Вы победили" in m["text"])
    lost = wait_board(dfd, game, lambda m: "You lost" in m["text"] or "Вы проиграли" in m["text"])
    for m in (won, lost):
        assert "entered the den" in m["text"] or "вошёл в логово" in m["text"], m["text"]
        labels = [t for t, _ in buttons(m)]
        assert any("🔁" in t for t in labels), f"a rematch is offered: {labels}"
    for u, over in ((alice, f"Game #{game} is over"), (bob, f"Партия №{game} окончена")):
        notice = wait_text(u, over)
        assert "setups" not in notice["text"] and "расстановк" not in notice["text"], notice["text"]
    transcript(alice, bob)


def jungle_against_the_ai(env):
    alice = new_user(env, "Alice", "en")
    alice.start()
    wait_text(alice, "Welcome")
    alice.send("/ai jungle")
    started = wait_text(alice, "of Jungle against AI", after=alice.last_sent["message_id"])
    game = int(re.search(r"#(\d+)", started["text"]).group(1))
    # J4: the lot may give the AI the first move; it plays at once (no setup, J3).
    for n in range(3):
        b = wait_board(alice, game, lambda m: "Your move." in m["text"], timeout=20)
        assert "AI (" in b["text"], b["text"]
        own = [d for t, d in buttons(b) if d and t.lstrip("›").startswith(ANIMALS)]
        # Eight at the start; later the AI may have taken one (J7).
        assert len(own) == 8 if n == 0 else 1 <= len(own) <= 8, f"own animals: {buttons(b)}"
        # Against the AI moves are not confirmed: the animal, then its destination.
        for data in own:
            press_and_wait(alice, game, data)
            sel = board(alice, game)
            dest = next((d for t, d in buttons(sel) if t.lstrip("›").startswith(("○", "⚔"))), None)
            if dest:
                press_and_wait(alice, game, dest)
                break
            press_and_wait(alice, game, data)
        else:
            raise AssertionError("no animal could move")
        moved = wait_board(alice, game, lambda m: m["message_id"] > b["message_id"] and "Your move." in m["text"],
                           timeout=20)
        live = [m for m in alice.bot_messages() if not m["deleted"]]
        assert live[-1]["message_id"] == moved["message_id"], "the AI's answer brings the board to the bottom"
    press_and_wait(alice, game, next(d for t, d in buttons(board(alice, game)) if t == "☰ Menu"))
    press_and_wait(alice, game, next(d for t, d in buttons(board(alice, game)) if t == "🏳 Resign"))
    press_and_wait(alice, game, next(d for t, d in buttons(board(alice, game)) if t == "Yes, resign"))
    done = wait_board(alice, game, lambda m: "You lost" in m["text"])
    assert "resign" in done["text"], done["text"]
    alice.send("/stats")
    st = wait_text(alice, "Your ratings", after=alice.last_sent["message_id"])
    assert "Jungle" in st["text"], st["text"]
    transcript(alice)


JUNGLE_SCENARIOS = [jungle_invite_and_play_to_a_den_entry, jungle_against_the_ai]
