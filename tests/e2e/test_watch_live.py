"""A spectator follows a live game from the board's Watch link: the real Rookery process against the fake
Discord, with its web page on (ROOKERY_WEB_PORT), across a kill -9 of the bot.

The watcher is what the page's client does (present/web/client.js): a WebSocket to `<link>/ws`, a hello with
the last version seen, and after a lost connection, again. Every move any player makes reaches it, in
order, and after the restart it catches up on the same link. Every frame it ever received is then audited
against the seats' hidden cards at that frame's version (the game replayed from the stored seed and moves).
A real browser (Debian's chromium, tests/support/browser.py) opens the same link and shows the last move.
"""
import asyncio
import json
import re
import socket
import sqlite3
import sys

import aiohttp
import pytest

from engine import GAMES
from tests.e2e.test_rookery_e2e import play
from tests.support.components import iter_components
from tests.web.browser_page import page, shows_version  # noqa: F401 (a fixture)
from tests.web.conftest import secret_names
from tests.web.test_live_frames import readable

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def watch_button(message: dict) -> dict | None:
    return next((c for c in iter_components(message.get("components")) if c.get("style") == 5), None)


class Spectator:
    """A page following a table: reconnects by itself (every 0.1 s here) and keeps every frame it got."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.frames: list[dict] = []
        self.connections = 0
        self.task = asyncio.create_task(self.follow())

    @property
    def version(self) -> int:
        return self.frames[-1]["version"] if self.frames else -1

    async def follow(self) -> None:
        async with aiohttp.ClientSession() as session:
            while True:
                try:
                    async with session.ws_connect(self.url + "/ws") as ws:
                        self.connections += 1
                        await ws.send_json({"kind": "hello", "version": self.version})
                        async for message in ws:
                            data = json.loads(message.data)
                            assert data["kind"] == "frame", data
                            self.frames.append(data["frame"])
                except (aiohttp.ClientError, ConnectionError):
                    pass
                await asyncio.sleep(0.1)

    async def stop(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def stored(db_path: str) -> dict:
    with sqlite3.connect(db_path) as db:
        db.row_factory = sqlite3.Row
        game = dict(db.execute("SELECT * FROM games").fetchone())
        game["actions"] = [dict(r) for r in db.execute("SELECT seat, action FROM actions ORDER BY seq")]
    return game


def audit(frames: list[dict], game: dict) -> int:
    """Every frame against every seat's hidden cards at its version; returns how many versions were checked."""
    seats = [s["seat"] for s in json.loads(game["seats"])]
    state = GAMES["raven"].new(seats, game["seed"], json.loads(game["options"]))
    by_version: dict[int, list[dict]] = {}
    for frame in frames:
        assert frame["view"] == "public" and not frame.get("hand") and not frame.get("hand_picture")
        by_version.setdefault(frame["version"], []).append(frame)
    for version, entry in enumerate([None, *game["actions"]]):
        if entry is not None:
            state.act(entry["seat"], json.loads(entry["action"]))
        for frame in by_version.get(version, []):
            text = readable(frame)
            for name in secret_names(state):
                assert not re.search(re.escape(name) + r"(?!\d)", text), f"frame {version} shows {name}"
    return len(by_version)


async def watched_game(fake, start_bot, tmp_path):
    """A Raven game (alice, bob, two bots) on a bot process with its web page on; returns the bot, the two
    members, the channel, the database's path and the board's Watch link."""
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    port = free_port()
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0",
           "ROOKERY_WEB_PORT": str(port), "ROOKERY_WEB_URL": f"http://127.0.0.1:{port}",
           "ROOKERY_WEB_HOST": "127.0.0.1"}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()

    new = await fake.slash(alice, games, "game", subcommand="new", options={"game": "raven"})
    lobby = new.original
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_until(lambda: any(watch_button(m) for m in fake.messages(games)), what="the board's Watch link")
    await fake.wait_until(lambda: fake.dm_messages(alice) and fake.dm_messages(bob), what="both humans' hand DMs")
    await fake.wait_quiet()
    board = next(m for m in fake.messages(games) if watch_button(m))
    link = watch_button(board)
    assert link["label"] == "Watch" and "custom_id" not in link  # a link button: Discord opens it, no interaction
    assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/t/[A-Za-z0-9_-]{{24}}", link["url"])
    return bot, alice, bob, games, db_path, link["url"]


async def test_a_spectator_follows_a_game_across_a_kill_9(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    bot, alice, bob, games, db_path, url = await watched_game(fake, start_bot, tmp_path)

    asked = await fake.slash(bob, games, "game", subcommand="watch")
    assert asked.ephemeral and url in "\n".join(asked.texts)  # /game watch: the same link, privately

    spectator = Spectator(url)
    await fake.wait_until(lambda: spectator.version == stored(db_path)["version"], what="the first frame")
    for _ in range(6):
        await play(fake, [alice, bob], 1)
        await fake.wait_until(lambda: spectator.version == stored(db_path)["version"], what="the move's frame")

    await bot.kill()                     # kill -9: the page loses its socket and keeps trying
    await bot.start()
    await fake.wait_ready()
    await fake.wait_until(lambda: spectator.connections >= 2, timeout=20, what="the page reconnecting")
    for _ in range(4):
        await play(fake, [alice, bob], 1)
        await fake.wait_until(lambda: spectator.version == stored(db_path)["version"], what="a move after the restart")
    await fake.wait_quiet()

    versions = [f["version"] for f in spectator.frames]
    assert versions == sorted(versions), "frames arrive in order"
    game = stored(db_path)
    assert audit(spectator.frames, game) >= 10
    await spectator.stop()

    # Turning the link off is the host's or a moderator's, as pausing is: bob is refused and nothing changes.
    refused = await fake.slash(bob, games, "game", subcommand="watch", options={"setting": "off"})
    assert refused.ephemeral and "host" in "\n".join(refused.texts).lower()
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as response:
            assert response.status == 200

    # The host turns the link off: the page's socket is refused from then on, and the board loses its button.
    off = await fake.slash(alice, games, "game", subcommand="watch", options={"setting": "off"})
    assert off.ephemeral
    await fake.wait_until(lambda: not any(watch_button(m) for m in fake.messages(games)), what="the button gone")
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as response:
            assert response.status == 404
    assert "Traceback" not in bot.output()
    assert url.rsplit("/", 1)[1] not in bot.output(), "a watch link's token is a secret: never logged"



async def test_the_watch_page_in_a_browser_comes_back_after_a_kill_9(fake_discord, start_bot, tmp_path, page):
    """The real client in Debian's chromium, opened from the board's Watch link, follows the game, and after a
    kill -9 and a restart of the bot reconnects by itself and shows the moves made since."""
    fake = fake_discord
    bot, alice, bob, games, db_path, url = await watched_game(fake, start_bot, tmp_path)
    await page.goto(url)
    await shows_version(page, stored(db_path)["version"])
    await play(fake, [alice, bob], 2)
    await shows_version(page, stored(db_path)["version"])
    await bot.kill()
    await bot.start()
    await fake.wait_ready()
    await play(fake, [alice, bob], 2)
    await shows_version(page, stored(db_path)["version"])
    text = "\n".join(line for line in (await page.locator("body").inner_text()).splitlines()
                     if not line.startswith("› "))
    game = stored(db_path)
    state = GAMES["raven"].new([s["seat"] for s in json.loads(game["seats"])], game["seed"],
                               json.loads(game["options"]))
    for entry in game["actions"]:
        state.act(entry["seat"], json.loads(entry["action"]))
    for name in secret_names(state):
        assert not re.search(re.escape(name) + r"(?!\d)", text), f"the page shows {name}"
    assert "Traceback" not in bot.output()
