"""Runs the real bot binary against ../shared/tgsim and drives simulated users.

Used by scenarios.py; standard library only (plus tgsim's client.py).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TGSIM = Path(os.environ.get("TGSIM_DIR", ROOT.parent / "shared" / "tgsim"))
sys.path.insert(0, str(TGSIM))

from client import Sim, SimError, SimTimeout, User  # noqa: E402

TOKEN = "123456:e2e-token-for-the-fake-bot-api"
EXAMPLE = "BFB8657B869B3745s2485B98B963579919849796"


class Env:
    """One tgsim server and one bot process on one database (restartable)."""

    def __init__(self, binary: str, flood: bool = False):
        self.binary = str(Path(binary).resolve())
        self.tmp = tempfile.mkdtemp(prefix="srazhenie-e2e-")
        self.db = f"sqlite://{self.tmp}/e2e.db?mode=rwc"
        args = [sys.executable, str(TGSIM / "tgsim.py"), "--port", "0", "--bot-username", "srazhenie_test_bot"]
        if flood:
            args.append("--flood")
        self.server = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        line = self.server.stdout.readline()
        m = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not m:
            self.server.kill()
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise RuntimeError(f"tgsim did not start: {line!r}")
        self.url = f"http://127.0.0.1:{m.group(1)}"
        self.sim = Sim(self.url)
        self.bot = None
        self.log = open(Path(self.tmp) / "bot.log", "ab")
        try:
            self.start_bot()
        except BaseException:
            self.close()
            raise

    def start_bot(self, **extra_env: str) -> None:
        env = dict(os.environ, TELOXIDE_TOKEN=TOKEN, TELOXIDE_API_URL=self.url + "/", DATABASE_URL=self.db,
                   RUST_LOG=os.environ.get("RUST_LOG", "info"), **extra_env)
        self.bot = subprocess.Popen([self.binary, "serve"], env=env, stdout=self.log, stderr=self.log,
                                    cwd=self.tmp)
        # The bot is up once it registered its commands.
        self.sim.wait_for(lambda: self.sim.bot().get("commands"), 30, what="setMyCommands")
        time.sleep(0.3)

    def stop_bot(self, sig: int = signal.SIGTERM) -> int:
        self.bot.send_signal(sig)
        try:
            return self.bot.wait(15)
        except subprocess.TimeoutExpired:
            self.bot.kill()
            raise AssertionError("the bot did not stop within 15 s of the signal")

    def close(self) -> None:
        """Stops the bot and the server and removes the temporary directory."""
        if self.bot and self.bot.poll() is None:
            self.bot.kill()
            self.bot.wait()
        self.server.terminate()
        self.server.wait()
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def bot_log(self) -> str:
        self.log.flush()
        return (Path(self.tmp) / "bot.log").read_text(errors="replace")


_next_id = [1000]


def new_user(env: Env, name: str, lang: str = "en") -> User:
    _next_id[0] += 1
    u = env.sim.user(_next_id[0], name, username=name.lower() + str(_next_id[0]), language_code=lang)
    return u


def boards(u: User) -> list[dict]:
    """The user's board messages (setup or play), oldest first."""
    return [m for m in u.bot_messages() if not m["deleted"] and re.match(r"^(Game #|Партия №)\d+ ·", m["text"] or "")]


def board(u: User, game_id: int) -> dict | None:
    mine = [m for m in boards(u) if re.match(rf"^(Game #|Партия №){game_id} ·", m["text"])]
    return mine[-1] if mine else None


def wait_board(u: User, game_id: int, pred=lambda m: True, timeout: float = 15) -> dict:
    def ok():
        b = board(u, game_id)
        return b if b and pred(b) else None
    return u.wait_for(ok, timeout)


def wait_text(u: User, needle: str, timeout: float = 15, after: int = 0) -> dict:
    def ok():
        for m in u.bot_messages():
            if m["message_id"] > after and needle in (m["text"] or ""):
                return m
        return None
    try:
        return u.wait_for(ok, timeout)
    except SimTimeout:
        tail = [(m["message_id"], (m["text"] or "")[:300]) for m in u.messages()[-4:]]
        raise AssertionError(f"{u.first_name} never saw {needle!r}; last messages: {tail}") from None


def buttons(m: dict) -> list[tuple[str, str]]:
    return [(b["text"], b.get("callback_data")) for row in (m.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row]


def button_data(m: dict, text: str) -> str:
    for t, d in buttons(m):
        if t == text:
            return d
    raise AssertionError(f"no button {text!r} in {[t for t, _ in buttons(m)]}")


def square_data(m: dict, sq: str) -> str | None:
    for _, d in buttons(m):
        if d and d.split(".")[-1] == sq and d[0] in "up":
            return d
    return None


def press_and_wait(u: User, game_id: int, data: str) -> dict:
    """Presses a board button and waits until the board changed (or an answer says why not)."""
    before = board(u, game_id)
    answer = u.press(callback_data=data, message_id=before["message_id"])
    assert answer is not None, f"press {data} was not answered"
    u.wait_for(lambda: (board(u, game_id) or {}).get("edits", 0) > before["edits"]
               or board(u, game_id)["message_id"] != before["message_id"], 15)
    return answer


def invite(env: Env, inviter: User, rules: str = "battle") -> tuple[int, str]:
    inviter.send(f"/new {rules}")
    msg = wait_text(inviter, "t.me/", after=inviter.last_sent["message_id"])
    link = re.search(r"https://t\.me/\S+", msg["text"]).group(0)
    game_id = int(re.search(r"(?:#|№)(\d+)", msg["text"]).group(1))
    return game_id, link


def code_with(base: str, fixed: dict[int, str]) -> str:
    """`base` with characters moved so that slot i holds fixed[i] (composition kept)."""
    s = list(base)
    for i, ch in fixed.items():
        j = next(k for k in range(len(s)) if s[k] == ch and k not in fixed)
        s[i], s[j] = s[j], s[i]
    return "".join(s)
