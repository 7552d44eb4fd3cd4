"""Robustness end to end against tgsim: a player who blocks the bot, restarts
and kills in the middle of a game, and a burst of games under Telegram's
flood limits. Registered by scenarios.py (ROBUST_SCENARIOS).
"""

from __future__ import annotations

import signal
import time

from harness import EXAMPLE, Env, SimTimeout, board, button_data, press_and_wait, wait_board, wait_text
from play_helpers import my_turn, start_pair, tap_any_move, tap_destination

ROBUST_SCENARIOS = []


def scenario(f):
    ROBUST_SCENARIOS.append(f)
    return f


@scenario
def opponent_blocks_the_bot_and_the_game_goes_on(env):
    alice, bob, game = start_pair(env)
    if my_turn(bob, game):
        tap_any_move(bob, game)
        wait_board(alice, game, lambda m: my_turn(alice, game))
    bob.block()
    wait_text(alice, "has blocked the bot")
    tap_any_move(alice, game)
    wait_board(alice, game, lambda m: "Bob to move." in m["text"])
    time.sleep(1.5)
    told = [m for m in alice.bot_messages() if "has blocked the bot" in (m["text"] or "")]
    assert len(told) == 1, "the player is told once"
    bob.unblock()
    wait_board(bob, game, lambda m: my_turn(bob, game))


@scenario
def restart_in_the_middle_of_a_game(env):
    alice, bob, game = start_pair(env)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        mover = alice if my_turn(alice, game) else bob
        b = board(mover, game)
        env.stop_bot(sig)
        env.start_bot()
        # After the restart the same board still works: select a piece by tapping.
        piece = next(d for row in b["reply_markup"]["inline_keyboard"] for x in row
                     if (d := x["callback_data"]).startswith("p.") and x["text"].isdigit())
        press_and_wait(mover, game, piece)
        sel = board(mover, game)
        dest = next((x["callback_data"] for row in sel["reply_markup"]["inline_keyboard"] for x in row
                     if x["text"].startswith("○") or x["text"].startswith("⚔")), None)
        if dest is None:  # that piece cannot move: drop it and use a typed front-rank move instead
            press_and_wait(mover, game, piece)
            continue
        tap_destination(mover, game, dest)
        other = bob if mover is alice else alice
        wait_board(other, game, lambda m: my_turn(other, game))
    assert "Your move." in board(alice, game)["text"] or "Ваш ход." in board(bob, game)["text"]


@scenario
def sigkill_at_random_points_loses_nothing(env):
    import random
    import sqlite3
    rnd = random.Random(7)
    alice, bob, game = start_pair(env, EXAMPLE, EXAMPLE)
    plans = {alice.id: ["a4-a5", "a5-a6", "a6-b6", "b6-a6", "a6-b6"],
             bob.id: ["j7-j6", "j6-j5", "j5-i5", "i5-j5", "j5-i5"]}
    db = env.db.split("sqlite://")[1].split("?")[0]

    def plies() -> int:
        with sqlite3.connect(db) as c:
            return c.execute("SELECT count(*) FROM moves WHERE game_id = ?", (game,)).fetchone()[0]

    while plans[alice.id] or plans[bob.id]:
        mover = alice if my_turn(alice, game) else bob
        if not plans[mover.id]:
            break
        before = plies()
        sent = mover.send(plans[mover.id][0])
        time.sleep(rnd.uniform(0, 0.3))
        if rnd.random() < 0.5:
            env.stop_bot(signal.SIGKILL)
            env.start_bot()
        # Wait until the move is committed or answered (a redelivered update
        # is processed after the restart); it is never applied twice.
        replied = lambda: any(m["message_id"] > sent["message_id"] for m in mover.bot_messages())
        try:
            env.sim.wait_for(lambda: plies() > before or replied(), 20)
        except SimTimeout:
            continue  # lost with the process before it was read: send again
        assert plies() <= before + 1, "a move was applied twice"
        if plies() == before + 1:
            plans[mover.id].pop(0)
            other = bob if mover is alice else alice
            # Both boards catch up (after a restart the pacer holds each
            # chat's first messages back) before the next mover is read off them.
            wait_board(other, game, lambda m: my_turn(other, game), timeout=20)
            wait_board(mover, game, lambda m: not my_turn(mover, game), timeout=20)
    assert plies() == 10, plies()
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        moves = [r[0] for r in c.execute("SELECT mv FROM moves WHERE game_id = ? ORDER BY ply", (game,))]
    assert len(set(moves)) <= len(moves) and moves.count("a4-a5") == 1 and moves.count("j7-j6") == 1, moves
    # Each player's board shows the last move after all the restarts.
    last = moves[-1]
    wait_board(alice, game, lambda m: last in m["text"])
    wait_board(bob, game, lambda m: last in m["text"])


@scenario
def a_burst_of_games_under_flood_limits(env):
    # A second fake server that refuses with 429 past Telegram's limits.
    import threading
    flood = Env(env.binary, flood=True)
    try:
        pairs = [start_pair(flood, confirm=False) for _ in range(3)]
        errors = []

        def play(alice, bob, game):
            try:
                for user in (alice, bob):
                    for label in ("🔀 Shuffle", "🧠 Smart setup", "🔀 Shuffle") if user is alice else (
                            "🔀 Перемешать", "🧠 Расставить с умом", "🔀 Перемешать"):
                        press_and_wait(user, game, button_data(board(user, game), label))
                press_and_wait(alice, game, button_data(board(alice, game), "⚔ To battle!"))
                press_and_wait(bob, game, button_data(board(bob, game), "⚔ В бой!"))
                wait_board(alice, game, lambda m: "Your move." in m["text"] or "to move." in m["text"], timeout=30)
                wait_board(bob, game, lambda m: "Ваш ход." in m["text"] or "Ходит" in m["text"], timeout=30)
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)

        threads = [threading.Thread(target=play, args=p) for p in pairs]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not errors, errors
        stats = flood.sim.stats()
        assert not stats["unanswered_callback_queries"], stats
        refused = [e for e in stats["flood_events"] if e["refused"]]
        print(f"    flood: {len(refused)} sends refused with 429 and retried; {stats['calls']} calls", flush=True)
    finally:
        flood.close()
