"""What the Stratego scenarios do again and again: start a game between two
people, and make moves by tapping the board's keyboard as a player would.
"""

from __future__ import annotations

import re

from harness import board, buttons, invite, new_user, press_and_wait, square_data, wait_board, wait_text, button_data


def setup_code_in(text: str) -> str:
    return re.search(r"\b[1-9sBF.]{40}\b", text).group(0)


def start_pair(env, south_code=None, north_code=None, confirm=True):
    """Alice (en, South) invites Bob (ru, North); both set up and (optionally) confirm."""
    alice, bob = new_user(env, "Alice", "en"), new_user(env, "Bob", "ru")
    alice.start()
    wait_text(alice, "Welcome")
    game, link = invite(env, alice)
    bob.open_link(link)
    wait_board(alice, game)
    wait_board(bob, game)
    for user, code in ((alice, south_code), (bob, north_code)):
        if code:
            sent = user.send(f"/setup {code}")
            wait_board(user, game, lambda m, c=code: c in m["text"])
    if confirm:
        for user, label in ((alice, "⚔ To battle!"), (bob, "⚔ В бой!")):
            b = board(user, game)
            press_and_wait(user, game, button_data(b, label))
        wait_board(alice, game, lambda m: "Your move." in m["text"] or "to move." in m["text"])
        wait_board(bob, game, lambda m: "Ваш ход." in m["text"] or "Ходит" in m["text"])
    return alice, bob, game


def my_turn(user, game) -> bool:
    t = board(user, game)["text"]
    return "Your move." in t or "Ваш ход." in t


def tap_destination(user, game, data: str) -> bool:
    """Taps a destination of the selected piece and waits for the move. With
    move confirmation on (the default between people) the first tap is
    answered by a toast and leaves the board as it is; a second tap on the
    same square plays the move. Returns whether it was asked."""
    before = board(user, game)
    answer = user.press(callback_data=data, message_id=before["message_id"])
    assert answer is not None, f"press {data} was not answered"
    text = answer.get("text") or ""
    asked = " again " in text or " ещё раз" in text
    if asked:
        assert board(user, game)["edits"] == before["edits"], "asking to confirm does not redraw the board"
        press_and_wait(user, game, data)
    else:
        user.wait_for(lambda: (board(user, game) or {}).get("edits", 0) > before["edits"]
                      or board(user, game)["message_id"] != before["message_id"], 15)
    return asked


def tap_move(user, game, frm: str, to: str):
    """The piece, its destination and the destination again (confirmation), scrolling the window as needed."""
    for sq in (frm, to):
        for _ in range(3):
            b = board(user, game)
            data = square_data(b, sq)
            if data:
                break
            right = sq[0] in "ij" or user is None
            scroll = next(d for t, d in buttons(b) if (t.endswith(" ▶") if right else t.startswith("◀ ")))
            press_and_wait(user, game, scroll)
        assert data, f"{sq} never became visible"
        if sq == to:
            assert tap_destination(user, game, data), "moves between people are confirmed by default"
        else:
            press_and_wait(user, game, data)


def tap_any_move(user, game) -> None:
    """Selects the user's pieces one by one until one can move, then moves it."""
    b = board(user, game)
    pieces = [x["callback_data"] for row in b["reply_markup"]["inline_keyboard"] for x in row
              if x["callback_data"].startswith("p.") and x["text"].isdigit()]
    for piece_sq in [d.split(".")[-1] for d in pieces]:
        press_and_wait(user, game, square_data(board(user, game), piece_sq))
        sel = board(user, game)
        dest = next((x["callback_data"] for row in sel["reply_markup"]["inline_keyboard"] for x in row
                     if x["text"].startswith("○")), None)
        if dest:
            tap_destination(user, game, dest)
            return
        press_and_wait(user, game, square_data(sel, piece_sq))
    raise AssertionError("no piece could move")
