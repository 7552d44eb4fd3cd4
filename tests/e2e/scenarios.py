"""End-to-end scenarios: the real bot binary against tgsim, asserting what each user sees.

    python3 tests/e2e/scenarios.py --bin target/release/srazhenie [-k NAME]

Prints one line per scenario and finally "N passed, M failed"; exits 1 on a failure.
Jungle's scenarios are in jungle_scenarios.py and the robustness ones (a blocked bot, restarts,
kills, flood limits) in robust_scenarios.py; the moves they share are in play_helpers.py.
E2E_TRANSCRIPT=1 prints Jungle's chats.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
import traceback

from harness import (EXAMPLE, Env, SimTimeout, board, button_data, code_with, invite, new_user, press_and_wait,
                     square_data, wait_board, wait_text)
from client import SimError  # noqa: E402 (harness puts tgsim on the path)
from jungle_scenarios import JUNGLE_SCENARIOS
from play_helpers import my_turn, setup_code_in, start_pair, tap_any_move, tap_move
from robust_scenarios import ROBUST_SCENARIOS

SCENARIOS = []


def scenario(f):
    SCENARIOS.append(f)
    return f



@scenario
def invite_setup_and_play_to_flag_capture(env):
    # South's piece on j4 walks to North's flag on j7 (R17, R19).
    south = code_with(EXAMPLE, {39: "5"})
    north = code_with(EXAMPLE, {30: "F", 39: "9"})
    alice, bob, game = start_pair(env, confirm=False)
    wait_text(alice, "Bob accepted your invitation")
    a = board(alice, game)
    assert "Set up your army" in a["text"], a["text"]
    assert "Расставьте армию" in board(bob, game)["text"]
    # Shuffle, smart setup and a tap-tap swap all change the draft.
    c0 = setup_code_in(a["text"])
    press_and_wait(alice, game, button_data(a, "🔀 Shuffle"))
    c1 = setup_code_in(board(alice, game)["text"])
    press_and_wait(alice, game, button_data(board(alice, game), "🧠 Smart setup"))
    c2 = setup_code_in(board(alice, game)["text"])
    assert c0 != c1 != c2, (c0, c1, c2)
    assert c2.index("F") < 10, "smart setup puts the flag on the back rank"
    if c2[0] == c2[1]:
        alice.send(f"/setup {EXAMPLE}")
        wait_board(alice, game, lambda m: EXAMPLE in m["text"])
        c2 = EXAMPLE
    press_and_wait(alice, game, square_data(board(alice, game), "a1"))
    press_and_wait(alice, game, square_data(board(alice, game), "b1"))
    c3 = setup_code_in(board(alice, game)["text"])
    assert c3[0] == c2[1] and c3[1] == c2[0] and c3[2:] == c2[2:], (c2, c3)
    # A wrong setup code is refused with the reason; the draft is unchanged.
    bob.send("/setup BFB")
    wait_text(bob, "40", after=bob.last_sent["message_id"])
    bad = north.replace("F", "B", 1)
    bob.send(f"/setup {bad}")
    wait_text(bob, "состав армии", after=bob.last_sent["message_id"])
    for user, code in ((alice, south), (bob, north)):
        user.send(f"/setup {code}")
        wait_board(user, game, lambda m, c=code: c in m["text"])
    press_and_wait(alice, game, button_data(board(alice, game), "⚔ To battle!"))
    wait_text(bob, "готов")
    press_and_wait(bob, game, button_data(board(bob, game), "⚔ В бой!"))
    wait_board(alice, game, lambda m: "Your move." in m["text"] or "to move." in m["text"])
    # R25: Alice cannot see where Bob's flag stands.
    a = board(alice, game)
    row7 = next(line for line in a["text"].splitlines() if line.startswith(" 7 "))
    assert row7.split()[-1] == "?", f"R25: North's j7 must look like any enemy piece: {row7!r}"
    assert all(c == "?" for c in row7.split()[1:]), row7
    plans = {alice.id: ["j4-j5", "j5-j6", "j6-j7"], bob.id: ["a7 a6", "a6-b6", "b6:a6"]}
    for _ in range(6):
        mover = alice if my_turn(alice, game) else bob
        mv = plans[mover.id].pop(0)
        if mover is alice:
            frm, to = mv.split("-")
            tap_move(alice, game, frm, to)
        else:
            bob.send(mv)
            # No receipt: Bob's board, edited in place, shows the move.
            wait_board(bob, game, lambda m: not my_turn(bob, game))
        if not plans[alice.id]:
            break
        other = bob if mover is alice else alice
        wait_board(other, game, lambda m: my_turn(other, game))
        wait_text(other, f"#{game}" if other is alice else f"№{game}", after=0)
    a = wait_board(alice, game, lambda m: "You won" in m["text"])
    b = wait_board(bob, game, lambda m: "Вы проиграли" in m["text"])
    assert "flag" in a["text"] and "знамя" in b["text"]
    assert north in a["text"] and south in b["text"], "R26: both setups revealed"
    for m in (a, b):
        labels = [x["text"] for row in (m.get("reply_markup") or {}).get("inline_keyboard", []) for x in row]
        assert len(labels) == 1 and "🔁" in labels[0], f"finished boards lose their move buttons: {labels}"
    wait_text(alice, f"Game #{game} is over")
    wait_text(bob, f"Партия №{game} окончена")


@scenario
def resign_with_confirmation(env):
    alice, bob, game = start_pair(env)
    press_and_wait(alice, game, button_data(board(alice, game), "☰ Menu"))
    press_and_wait(alice, game, button_data(board(alice, game), "🏳 Resign"))
    assert "Yes, resign" in str(board(alice, game)["reply_markup"])
    press_and_wait(alice, game, button_data(board(alice, game), "Yes, resign"))
    wait_board(alice, game, lambda m: "You lost" in m["text"] and "resignation" in m["text"])
    b = wait_board(bob, game, lambda m: "Вы победили" in m["text"])
    # A rematch with sides swapped: Bob offers, Alice accepts and now plays North.
    ans = bob.press(callback_data=button_data(b, "🔁 Реванш (стороны меняются)"), message_id=b["message_id"])
    assert ans and "Реванш предложен" in ans["text"], ans
    offer = wait_text(alice, f"game #{game} offers a rematch")
    alice.press(callback_data=button_data(offer, "✅ Accept the rematch"), message_id=offer["message_id"])
    new = wait_text(alice, "You joined game #")
    new_game = int(re.search(r"#(\d+)", new["text"]).group(1))
    assert new_game != game
    wait_board(alice, new_game, lambda m: "You play North" in m["text"])
    wait_board(bob, new_game, lambda m: "за Юг" in m["text"])


@scenario
def agreed_draw(env):
    alice, bob, game = start_pair(env)
    press_and_wait(bob, game, button_data(board(bob, game), "☰ Меню"))
    press_and_wait(bob, game, button_data(board(bob, game), "🤝 Предложить ничью"))
    offer = wait_text(alice, f"game #{game} offers a draw")
    ans = alice.press(callback_data=button_data(offer, "✅ Accept the draw"), message_id=offer["message_id"])
    assert ans is not None
    wait_board(alice, game, lambda m: "Draw" in m["text"])
    wait_board(bob, game, lambda m: "Ничья" in m["text"])


@scenario
def bad_input_changes_nothing(env):
    alice, bob, game = start_pair(env)
    carol = new_user(env, "Carol", "en")
    carol.start()
    wait_text(carol, "Welcome")
    mover = alice if my_turn(alice, game) else bob
    waiter = bob if mover is alice else alice
    b = board(mover, game)
    data = next(d for _, d in [(t, d) for row in b["reply_markup"]["inline_keyboard"] for t, d in
                               [(x["text"], x["callback_data"]) for x in row]] if d.startswith("p."))
    # A forged and an unknown callback.
    ans = carol.press(callback_data="zz.1", forge=True, message_id=carol.last(from_bot=True)["message_id"])
    assert ans and ans["text"] == "This button is not valid.", ans
    ans = carol.press(callback_data=f"p.999999.1.e4", forge=True, message_id=carol.last(from_bot=True)["message_id"])
    assert ans and "does not exist" in ans["text"], ans
    # Someone else's board (a forwarded message).
    ans = carol.press(callback_data=data, forge=True, message_id=carol.last(from_bot=True)["message_id"])
    assert ans and ans["text"] == "This is not your game.", ans
    # Not your turn.
    wb = board(waiter, game)
    own = next(d for row in wb["reply_markup"]["inline_keyboard"] for x in row
               if (d := x["callback_data"]).startswith("p.") and x["text"].isdigit())
    ans = waiter.press(callback_data=own, message_id=wb["message_id"])
    assert ans and ans["text"] in ("It is not your move yet.", "Сейчас не ваш ход."), ans
    # A stale board: select a piece (new version), then press the old data.
    before = board(mover, game)
    piece = next(d for row in before["reply_markup"]["inline_keyboard"] for x in row
                 if (d := x["callback_data"]).startswith("p.") and x["text"].isdigit())
    press_and_wait(mover, game, piece)
    after = board(mover, game)
    ans = mover.press(callback_data=piece, forge=True, message_id=after["message_id"])
    assert ans and ans["text"] in ("This board is out of date — here is the current one.",
                                   "Эта доска устарела — вот актуальная."), ans
    # Typed nonsense, a typo, an illegal move, an unknown command.
    for text, needle in (("hello there", "e4-e5"), ("e4-z9", "e4-e5"), ("e5-e6", "e5"), ("/frobnicate", "/help")):
        mover.send(text)
        reply = mover.wait_reply()
        assert needle in reply["text"], (text, reply["text"])
    # Invitations: used, own, cancelled.
    game2, link2 = invite(env, carol)
    carol.open_link(link2)
    wait_text(carol, "your own invitation")
    carol.send("/cancel")
    wait_text(carol, "is cancelled")
    alice.open_link(link2)
    wait_text(alice, "was cancelled")
    carol.send(f"/start {'A' * 22}")
    wait_text(carol, "does not exist")
    # Nothing changed in the game: the board is the same as after the selection.
    assert board(mover, game)["text"] == after["text"]
    stats = env.sim.stats()
    assert not stats["unanswered_callback_queries"], stats


# Robustness (a blocked bot, restarts, kills, flood limits) lives beside these
# (tests/e2e/robust_scenarios.py).
SCENARIOS.extend(ROBUST_SCENARIOS)


@scenario
def games_list_and_resend(env):
    alice, bob, game = start_pair(env)
    alice.send("/games")
    lst = wait_text(alice, "Your games", after=alice.last_sent["message_id"])
    old = board(alice, game)
    ans = alice.press(callback_data=button_data(lst, f"Show game #{game}"), message_id=lst["message_id"])
    assert ans is not None
    alice.wait_for(lambda: board(alice, game)["message_id"] > lst["message_id"])
    alice.wait_for(lambda: any(m["message_id"] == old["message_id"] and "moved below" in m["text"]
                               for m in alice.bot_messages()))
    # A board the user deleted: the next redraw sends a new one (and keeps its id).
    import json
    import urllib.request
    from harness import TOKEN
    current = board(alice, game)
    req = urllib.request.Request(f"{env.url}/bot{TOKEN}/deleteMessage", method="POST",
                                 data=json.dumps({"chat_id": alice.id, "message_id": current["message_id"]}).encode(),
                                 headers={"Content-Type": "application/json"})
    assert json.load(urllib.request.urlopen(req))["ok"]
    press_and_wait(bob, game, button_data(board(bob, game), "☰ Меню"))
    press_and_wait(bob, game, button_data(board(bob, game), "🤝 Предложить ничью"))
    fresh = wait_board(alice, game, lambda m: m["message_id"] > current["message_id"])
    assert "offers a draw" in fresh["text"], fresh["text"]


@scenario
def new_game_by_buttons_language_and_saved_setups(env):
    dora = new_user(env, "Dora", "en")
    dora.start()
    wait_text(dora, "Welcome")
    dora.send("/lang")
    langs = wait_text(dora, "Choose your language", after=dora.last_sent["message_id"])
    dora.press(callback_data=button_data(langs, "Русский"), message_id=langs["message_id"])
    dora.send("/new")
    menu = wait_text(dora, "Во что играем?", after=dora.last_sent["message_id"])
    dora.press(callback_data=button_data(menu, "Классический Стратего"), message_id=menu["message_id"])
    dora.wait_for(lambda: "сколько времени на ход" in next(m for m in dora.bot_messages()
                                                            if m["message_id"] == menu["message_id"])["text"])
    days = next(m for m in dora.bot_messages() if m["message_id"] == menu["message_id"])
    dora.press(callback_data=button_data(days, "3 дня"), message_id=menu["message_id"])
    inv = dora.wait_for(lambda: next((m for m in dora.bot_messages() if m["message_id"] == menu["message_id"]
                                      and "t.me/" in m["text"]), None))
    assert "3 дня на ход" in inv["text"], inv["text"]
    link = re.search(r"https://t\.me/\S+", inv["text"]).group(0)
    erik = new_user(env, "Erik", "en")
    erik.open_link(link)
    game = int(re.search(r"№(\d+)", inv["text"]).group(1))
    b = wait_board(dora, game, lambda m: "Классический" in m["text"])
    # Save the draft, change it, load the saved one back, delete it.
    code = setup_code_in(b["text"])
    dora.send("/setups save крепость")
    wait_text(dora, "Сохранено как «крепость»")
    press_and_wait(dora, game, button_data(board(dora, game), "🔀 Перемешать"))
    assert setup_code_in(board(dora, game)["text"]) != code
    dora.send("/setups")
    lst = wait_text(dora, "сохранённые расстановки", after=dora.last_sent["message_id"])
    dora.press(callback_data=button_data(lst, "Загрузить «крепость»"), message_id=lst["message_id"])
    wait_board(dora, game, lambda m: code in m["text"])
    ans = dora.press(callback_data=button_data(lst, "🗑 Удалить"), message_id=lst["message_id"])
    assert ans and ans["text"] == "Удалено.", ans
    ans = dora.press(callback_data=button_data(lst, "🗑 Удалить"), message_id=lst["message_id"])
    assert ans and "нет" in ans["text"], ans
    # Settings: switch move confirmation off for games with people.
    dora.send("/settings")
    st = wait_text(dora, "Настройки", after=dora.last_sent["message_id"])
    assert "с людьми: вкл" in st["text"], st["text"]
    dora.press(callback_data=button_data(st, "Переключить для партий с людьми"), message_id=st["message_id"])
    dora.wait_for(lambda: "с людьми: выкл" in next(m for m in dora.bot_messages()
                                                  if m["message_id"] == st["message_id"])["text"])
    # Russian board, English board for the friend.
    wait_board(erik, game, lambda m: "Classic Stratego" in m["text"] and "3 days per move" in m["text"])


@scenario
def history_replay_export_and_picture(env):
    alice, bob, game = start_pair(env)
    mover = alice if my_turn(alice, game) else bob
    tap_any_move(mover, game)
    press_and_wait(alice, game, button_data(board(alice, game), "☰ Menu"))
    press_and_wait(alice, game, button_data(board(alice, game), "🏳 Resign"))
    press_and_wait(alice, game, button_data(board(alice, game), "Yes, resign"))
    alice.send("/history")
    lst = wait_text(alice, "Finished games", after=alice.last_sent["message_id"])
    assert f"#{game}" in lst["text"] and "You lost" in lst["text"], lst["text"]
    alice.press(callback_data=button_data(lst, f"▶ #{game}"), message_id=lst["message_id"])
    rep = wait_text(alice, f"Replay of game #{game}", after=lst["message_id"])
    assert "ply 0 of 1" in rep["text"], rep["text"]
    alice.press(callback_data=button_data(rep, "⏭"), message_id=rep["message_id"])
    alice.wait_for(lambda: "ply 1 of 1" in next(m for m in alice.bot_messages()
                                               if m["message_id"] == rep["message_id"])["text"])
    alice.press(callback_data=button_data(lst, "📄 Export"), message_id=lst["message_id"])
    doc = alice.wait_for(lambda: next((m for m in alice.bot_messages() if m.get("document")), None))
    assert doc["document"]["file_name"] == f"srazhenie-game-{game}.txt", doc["document"]
    alice.press(callback_data=button_data(lst, "🖼 Picture"), message_id=lst["message_id"])
    alice.wait_for(lambda: next((m for m in alice.bot_messages() if m.get("photo")), None))


@scenario
def inline_challenge_cards_and_spectators(env):
    alice, bob, carol, dave = (new_user(env, n, "en") for n in ("Alice", "Bob", "Carol", "Dave"))
    for u in (alice, bob, dave):
        u.start()
        wait_text(u, "Welcome")
    group = env.sim.group(-100_000 - alice.id, "Club", [alice, bob, carol, dave])
    results = alice.inline_query("classic 3")
    assert results and all("Classic" in r["title"] and "3 days" in r["title"] for r in results), results
    posted = alice.choose_inline(results[0]["id"], chat_id=group)
    inline_id = posted["inline_message_id"]
    accept = results[0]["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    # The challenger cannot accept; a newcomer is sent to the bot first.
    ans = alice.press(callback_data=accept, inline_message_id=inline_id)
    assert ans and "your own challenge" in ans["text"], ans
    ans = carol.press(callback_data=accept, inline_message_id=inline_id)
    assert ans and "start=ch_" in (ans.get("url") or ""), ans
    carol.open_link(ans["url"])
    joined = wait_text(carol, "You joined game #")
    game = int(re.search(r"#(\d+)", joined["text"]).group(1))
    wait_board(carol, game, lambda m: "Classic Stratego" in m["text"])
    wait_board(alice, game, lambda m: "Set up your army" in m["text"])
    # The card follows the game: setting up, with a Watch button.
    card = lambda: next(m for m in env.sim.messages(group.chat_id) if m.get("inline_message_id") == inline_id)
    # A second acceptor is refused politely if the card still offered Accept
    # when he pressed; once it is edited, Telegram no longer lets him press it.
    try:
        ans = bob.press(callback_data=accept, inline_message_id=inline_id)
        assert ans and "already accepted" in ans["text"], ans
    except SimError as e:
        assert e.status == 404, e
        buttons = [b["callback_data"] for row in card()["reply_markup"]["inline_keyboard"] for b in row]
        assert accept not in buttons, buttons
    env.sim.wait_for(lambda: "setting up" in card()["text"], 15, what="the card shows the setup")
    watch = card()["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    ans = dave.press(callback_data=watch, inline_message_id=inline_id)
    assert ans is not None
    wait_text(dave, f"watching game #{game}")
    for u, label in ((alice, "⚔ To battle!"), (carol, "⚔ To battle!")):
        press_and_wait(u, game, button_data(board(u, game), label))
    env.sim.wait_for(lambda: "🎯 move 1" in card()["text"], 15, what="the card shows the first move")
    spect = dave.wait_for(lambda: next((m for m in dave.bot_messages() if "👁" in (m["text"] or "")
                                        and "Game #" in m["text"]), None))
    grid = [line for line in spect["text"].split("\n") if re.match(r"^[ 1][0-9] ", line)]
    assert len(grid) == 10, spect["text"]
    assert all(not re.search(r"[rb]\d|[rb][BF]", line) for line in grid), f"no rank is public yet: {grid}"
    # Resignation: the card shows the result. The card may show the game
    # before Alice's board does (Carol's press counts as done once her board
    # changed, and Alice's ready-line may be that change): wait for it.
    wait_board(alice, game, lambda m: "Your move." in m["text"] or "to move." in m["text"])
    press_and_wait(alice, game, button_data(board(alice, game), "☰ Menu"))
    press_and_wait(alice, game, button_data(board(alice, game), "🏳 Resign"))
    press_and_wait(alice, game, button_data(board(alice, game), "Yes, resign"))
    env.sim.wait_for(lambda: "Carol won" in card()["text"], 15, what="the card shows the result")


@scenario
def group_challenge_to_a_named_person(env):
    alice, bob, carol = (new_user(env, n, "en") for n in ("Alice", "Bob", "Carol"))
    for u in (alice, bob, carol):
        u.start()
        wait_text(u, "Welcome")
    group = env.sim.group(-200_000 - alice.id, "Club", [alice, bob, carol])
    said = bob.send("hi all", chat_id=group)
    alice.send("/challenge duel", chat_id=group, reply_to=said["message_id"])
    card = env.sim.wait_for(lambda: next((m for m in env.sim.messages(group.chat_id)
                                          if m["from_bot"] and "challenges Bob" in (m["text"] or "")
                                          and m.get("reply_markup")), None), 15)
    data = card["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    ans = carol.press(callback_data=data, chat_id=group, message_id=card["message_id"])
    assert ans and "for someone else" in ans["text"], ans
    ans = bob.press(callback_data=data, chat_id=group, message_id=card["message_id"])
    assert ans and "accepted" in ans["text"], ans
    game = int(re.search(r"#(\d+)", wait_text(bob, "Game #")["text"]).group(1))
    wait_board(bob, game, lambda m: "Duel" in m["text"])
    alice.send("/games", chat_id=group)
    env.sim.wait_for(lambda: any("Games of this group" in (m["text"] or "") and f"#{game}" in m["text"]
                                 for m in env.sim.messages(group.chat_id)), 15)


@scenario
def game_against_the_ai(env):
    alice = new_user(env, "Alice", "en")
    alice.start()
    wait_text(alice, "Welcome")
    alice.send("/ai easy")
    started = wait_text(alice, "against AI (", after=alice.last_sent["message_id"])
    game = int(re.search(r"#(\d+)", started["text"]).group(1))
    b = wait_board(alice, game, lambda m: "Set up your army" in m["text"])
    assert "AI (" in b["text"]
    press_and_wait(alice, game, button_data(b, "⚔ To battle!"))
    # Whoever moves first, the AI answers every move of the human.
    # Its reply brings the board to the bottom of the chat.
    for _ in range(3):
        b = wait_board(alice, game, lambda m: "Your move." in m["text"], timeout=20)
        tap_any_move(alice, game)
        moved = wait_board(alice, game, lambda m: m["message_id"] > b["message_id"] and "Your move." in m["text"],
                           timeout=20)
        live = [m for m in alice.bot_messages() if not m["deleted"]]
        assert live[-1]["message_id"] == moved["message_id"], "the board is at the bottom"

    # Resign, then a rematch against the AI starts at once with sides swapped.
    press_and_wait(alice, game, button_data(board(alice, game), "☰ Menu"))
    press_and_wait(alice, game, button_data(board(alice, game), "🏳 Resign"))
    press_and_wait(alice, game, button_data(board(alice, game), "Yes, resign"))
    done = wait_board(alice, game, lambda m: "You lost" in m["text"])
    ans = alice.press(callback_data=button_data(done, "🔁 Rematch (sides swapped)"), message_id=done["message_id"])
    assert ans is not None
    wait_board(alice, game + 1, lambda m: "You play North" in m["text"])
    alice.send("/stats")
    st = wait_text(alice, "Your ratings", after=alice.last_sent["message_id"])
    assert "1 game: 0 won, 0 drawn, 1 lost" in st["text"] and "1500" in st["text"], st["text"]
    alice.send("/games")
    lst = wait_text(alice, "Your games", after=alice.last_sent["message_id"])
    assert "AI (" in lst["text"], lst["text"]


@scenario
def a_thinking_ai_does_not_delay_other_chats(env):
    # A slow AI (3 s a move) must not slow anyone else down.
    env.stop_bot()
    env.start_bot(AI_THINK_MS="3000", AI_MIN_THINK_MS="3000")
    try:
        alice, carol = new_user(env, "Alice", "en"), new_user(env, "Carol", "en")
        for u in (alice, carol):
            u.start()
            wait_text(u, "Welcome")
        alice.send("/ai hard")
        started = wait_text(alice, "against AI (", after=alice.last_sent["message_id"])
        game = int(re.search(r"#(\d+)", started["text"]).group(1))
        b = wait_board(alice, game)
        press_and_wait(alice, game, button_data(b, "⚔ To battle!"))
        wait_board(alice, game, lambda m: "Your move." in m["text"], timeout=20)
        t_move = time.time()
        tap_any_move(alice, game)
        # Now the AI thinks for about 3 s; Carol's commands are answered meanwhile.
        t0 = time.time()
        for _ in range(2):
            carol.send("/help")
            carol.wait_reply(timeout=5)
        elapsed = time.time() - t0
        assert elapsed < 2.0, f"other chats waited {elapsed:.1f}s while the AI was thinking"
        wait_board(alice, game, lambda m: "Your move." in m["text"], timeout=20)
        # Counted from the taps: the AI starts thinking as soon as the move is
        # made, while the mover's board edit may still wait for the chat's pacing.
        assert time.time() - t_move > 2.5, "the AI was meant to think about 3 s"
    finally:
        env.stop_bot()
        env.start_bot()


# Jungle's scenarios live beside these (tests/e2e/jungle_scenarios.py).
SCENARIOS.extend(JUNGLE_SCENARIOS)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("-k", default="")
    args = ap.parse_args()
    env = Env(args.bin)
    passed = failed = 0
    try:
        for sc in SCENARIOS:
            if args.k and args.k not in sc.__name__:
                continue
            t0 = time.time()
            try:
                sc(env)
                passed += 1
                print(f"ok   {sc.__name__} ({time.time() - t0:.1f}s)", flush=True)
            except (AssertionError, SimTimeout, Exception):  # noqa: BLE001 - report every failure
                failed += 1
                print(f"FAIL {sc.__name__} ({time.time() - t0:.1f}s)", flush=True)
                traceback.print_exc()
                for u in list(env.sim.stats().get("x", [])):
                    pass
        stats = env.sim.stats()
        if stats["flood_event_count"]:
            print(f"note: {stats['flood_event_count']} sends over Telegram's rate limits: {stats['flood_events'][:5]}",
                  flush=True)
    finally:
        if failed:
            print("---- bot log (tail) ----")
            print(env.bot_log()[-6000:])
        env.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
