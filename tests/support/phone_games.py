"""Whole games through simcord, kept as their readers saw them: every state of the channel's messages (the
board, the lobby, the result, the ephemeral **My hand** answers) and of each player's DMs, with the pictures
they showed and, for each picture, every text drawn on it (present/draw.py `measured`).

tests/support/phone.py shows these messages as a phone would (tests/cogs/test_phone_width.py checks them;
bench/phone_screenshots.py photographs them)."""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from io import BytesIO

from PIL import Image

from present import draw as D
from tests.support.components import action_components
from tests.support.driver import Driver

NAMES = ("ann", "ben", "cat")


@dataclass(frozen=True)
class Setup:
    """The seeded game played: `humans` members (NAMES) and `bots` bots, its lobby settings, and a cap on
    the members' moves (a whole Black Rose Wars game takes minutes: its first Game Turns show every kind
    of message it sends)."""

    settings: str | None = None
    humans: int = 2
    bots: int = 1
    seed: int = 1
    moves: int = 4000
    my_hand_every: int = 12   # a member opens **My hand** every this many moves (its picture, ephemeral)


SETUPS = {"raven": Setup("length=short"), "nevermore": Setup(), "deadlies": Setup(),
          "everrain": Setup("length=8"), "blackrose": Setup(moves=70)}


@dataclass
class Picture:
    """A picture as uploaded, and what was drawn on it: present/draw.py `measured` rows (text, size asked,
    size used, width, box width or inf, width drawn on)."""

    png: bytes
    width: int
    height: int
    texts: list = field(default_factory=list)


@dataclass(frozen=True)
class Shown:
    """One message in one state: where it was (`#channel`, `DM ann`), when (the members' move count), its
    Components V2 parts as Discord received them, and its pictures by attachment name."""

    where: str
    step: int
    components: list
    pictures: dict   # file name -> Picture

    @property
    def prompts(self) -> bool:
        """Whether it offers game moves (a hand waiting for its player)."""
        return bool(action_components({"components": self.components}))


@dataclass
class Played:
    game: str
    shown: list[Shown] = field(default_factory=list)
    moves: int = 0
    over: bool = False


def play(game: str) -> Played:
    """The game played and captured on a thread of its own (simcord's loop must not meet a caller's, such as
    Playwright's synchronous API)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _play(game, SETUPS[game])).result()


async def _play(game: str, setup: Setup) -> Played:
    from simcord import Env

    from bot.app import Rookery
    from bot.config import Settings

    out = Played(game)
    with tempfile.TemporaryDirectory() as tmp, pictures_recorded() as drawn:
        bot = Rookery(Settings(db_path=os.path.join(tmp, "phone.sqlite3"), timer_poll=0,
                               global_rate=1e9))  # unpaced: simcord's virtual clock would hold the pacer
        env = Env(bot, settle_timeout=30)
        await env.start()
        try:
            guild = env.create_guild()
            channel = guild.create_text_channel(game)
            members = [guild.add_member(env.create_user(n)) for n in NAMES[:setup.humans]]
            await members[0].slash(channel, "game new", game=game,
                                   **({"settings": setup.settings} if setup.settings else {}))
            capture = _Capture(env, channel, members, drawn, out)
            capture.look()  # the lobby
            for m in members[1:]:
                await m.click(channel.last_message, label="Join")
            for _ in range(setup.bots):
                await members[0].click(channel.last_message, label="Add bot")
            env.bot.service.in_channel(channel.id).seed = setup.seed   # the deal, made repeatable
            env.bot.service.bot_rng = random.Random(setup.seed)        # and the bots' few random choices
            await members[0].click(channel.last_message, label="Start")
            table = env.bot.service.in_channel(channel.id)
            driver = Driver(env, channel, {m.id: m for m in members}, seed=setup.seed,
                            prefer=lambda label: not label.startswith("Take back"))
            while not table.state.over and out.moves < setup.moves:
                await _settled(env)
                capture.look(table.board_message_id)
                if out.moves % setup.my_hand_every == setup.my_hand_every - 1:
                    seat = table.seat_of(members[0].id)
                    await driver.open_hand(seat)
                    capture.look(table.board_message_id)
                if await driver.step() is None:
                    break
                out.moves += 1
                capture.step = out.moves
            await _settled(env)
            capture.look(table.board_message_id)
            out.over = table.state.over
        finally:
            await env.shutdown()
            await bot.store.close()
    return out


async def _settled(env) -> None:
    await env.bot.services.publisher.settled()
    await env.settle()


class _Capture:
    """Keeps each message state once: the channel's newest messages and the board, each DM's newest."""

    NEWEST = 3   # an older message changes too (a prompt shrinks when a newer one is sent): look a few back

    def __init__(self, env, channel, members, drawn: dict, out: Played) -> None:
        self.env, self.out, self.drawn = env, out, drawn
        self.places = [(f"#{channel.name}", channel.id)] + [(f"DM {m.name}", m.user.dm_channel.id) for m in members]
        self.seen: set[str] = set()
        self.step = 0

    def look(self, board_id: int | None = None) -> None:
        backend = self.env.backend
        for where, channel_id in self.places:
            messages = backend.messages.get(channel_id, {})
            ids = sorted(messages)[-self.NEWEST:]
            if board_id in messages and board_id not in ids and where.startswith("#"):
                ids.append(board_id)
            for message_id in ids:
                self._keep(where, messages[message_id])

    def _keep(self, where: str, message) -> None:
        urls = [a["url"] for a in message.attachments]
        mark = hashlib.blake2s(json.dumps([message.components, urls], sort_keys=True).encode()).hexdigest()
        if mark in self.seen or not message.components:
            return
        self.seen.add(mark)
        pictures = {a["filename"]: self._picture(self.env.backend.cdn.get(a["url"]))
                    for a in message.attachments if a["filename"].endswith(".png")}
        self.out.shown.append(Shown(where, self.step, message.components, pictures))

    def _picture(self, png: bytes) -> Picture:
        with Image.open(BytesIO(png)) as img:
            width, height = img.size
        return Picture(png, width, height, self.drawn.get(hashlib.sha256(png).digest(), []))


_drawing = threading.Lock()


@contextmanager
def pictures_recorded() -> Iterator[dict]:
    """While active, every picture is drawn (one at a time) with present/draw.py `measured` on; yields PNG
    digest -> measured rows. A tile a game caches (a Black Rose Wars room, a spell strip) has its texts
    recorded with the first picture drawing it only: forgetting the tiles for every picture made a game's
    capture ten times slower, and a tile is drawn at one size on one kind of picture, so a check that
    takes the smallest text of every picture of a game still sees it."""
    drawn: dict[bytes, list] = {}
    cached = D.cached

    by_key: dict[str, bytes] = {}   # as draw.cached, a picture asked for again is not drawn again

    def recording(game: str, facts: dict, render):
        key = D.key(game, facts)
        with _drawing:
            if key not in by_key:
                D.measured = rows = []
                try:
                    by_key[key] = D.encode(render(facts))
                finally:
                    D.measured = None
                drawn[hashlib.sha256(by_key[key]).digest()] = rows
        return by_key[key], key

    D.cached = recording
    try:
        yield drawn
    finally:
        D.cached = cached

