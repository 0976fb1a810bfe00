"""The Activity's server on loopback (aiohttp's test server) over a real TableService and SQLite storage, signed
in against the e2e fake Discord (its /oauth2/token, /users/@me and activity-instance routes, spec-checked), with
a Door that does what the Discord side would: after a commit, the publisher's pass tells the pages."""
from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot import render
from bot.config import Settings
from bot.seating import Seating
from bot.service import TableService
from bot.storage import Storage
from bot.table import Actor
from bot.web import open_web
from bot.web.activity import Door, open_activity
from cogs.table.games import policy
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.oauth import CLIENT_SECRET

PUBLIC_URL = "https://rookery.test"


async def english(guild_id: int) -> str:
    return "en"


class RecordingDoor:
    """The Discord side, recorded: what it was asked to do, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []
        self.play = None

    def door(self) -> Door:
        async def publish(table, outcome):
            self.calls.append(("publish", table.id))
            self.play.changed(table)  # what the publisher's pass does after the commit

        async def lobby_changed(table):
            self.calls.append(("lobby_changed", table.id))

        async def lobby_opened(table):
            self.calls.append(("lobby_opened", table.id))

        async def started(table, outcome):
            self.calls.append(("started", table.id))
            self.play.changed(table)
        return Door(publish, lobby_changed, lobby_opened, started, policy)


async def make_activity(tmp_path, db_name: str = "act.sqlite3", fake: FakeDiscord | None = None):
    fake = fake or await FakeDiscord().start()
    discord.http.Route.BASE = fake.api_base
    store = await Storage.open(str(tmp_path / db_name))
    service = TableService(store, bundles=lambda t, s: render.bundle_steps(t, s, policy(t.game_key)))
    seating = Seating(service)
    recorder = RecordingDoor()
    settings = Settings(token=fake.token, web_url=PUBLIC_URL, activity=True, client_secret=CLIENT_SECRET)
    activity = open_activity(settings, service, seating, recorder.door(), fake.app_id)
    recorder.play = activity.play
    web = await open_web(settings, store, service, english, listen=False)
    web.server.mounts.append(activity.routes.mount)
    client = TestClient(TestServer(web.server.app()))
    await client.start_server()
    return SimpleNamespace(fake=fake, store=store, service=service, seating=seating, door=recorder,
                           activity=activity, play=activity.play, web=web, client=client)


async def close_activity(act, stop_fake: bool = True) -> None:
    await act.client.close()
    await act.web.links.saved()
    await act.store.close()
    if stop_fake:
        await act.fake.stop()


@pytest.fixture
async def act(tmp_path):
    old = discord.http.Route.BASE
    act = await make_activity(tmp_path)
    try:
        yield act
    finally:
        await close_activity(act)
        discord.http.Route.BASE = old


async def sign_in(act, user, channel) -> str:
    """What the page does: the code from AUTHORIZE to /api/token, then /api/session with the instance id."""
    code = act.fake.authorize(user)
    instance = act.fake.enter_activity(user, channel)
    r = await act.client.post("/api/token", json={"code": code})
    assert r.status == 200, await r.text()
    token = (await r.json())["access_token"]
    r = await act.client.post("/api/session", json={"access_token": token, "instance_id": instance})
    assert r.status == 200, await r.text()
    body = await r.json()
    assert body["user"] == {"id": str(user.id), "name": user.name}
    return body["session"]


class PageSocket:
    """An Activity page's WebSocket: hello, then every message kept."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.got: list[dict] = []

    @classmethod
    async def open(cls, act, session: str, version: int = -1, locale: str | None = None) -> "PageSocket":
        page = cls(await act.client.ws_connect("/api/ws"))
        hello = {"kind": "hello", "session": session, "version": version}
        if locale:
            hello["locale"] = locale
        await page.ws.send_json(hello)
        return page

    async def next(self, kind: str | None = None, timeout: float = 5.0) -> dict:
        """The next message (of `kind`, skipping others)."""
        while True:
            message = await self.ws.receive(timeout=timeout)
            if message.type != 1:  # TEXT
                raise AssertionError(f"socket ended: {message.type} {message.data} {message.extra}")
            data = json.loads(message.data)
            self.got.append(data)
            if kind is None or data["kind"] == kind:
                return data

    @property
    def last_frame(self) -> dict | None:
        return next((d["frame"] for d in reversed(self.got) if d["kind"] == "frame"), None)

    async def frame_at(self, version: int, timeout: float = 5.0) -> dict:
        """The first frame at `version` or newer (one already received counts)."""
        last = self.last_frame
        if last is not None and last["version"] >= version:
            return last
        while True:
            data = await self.next("frame", timeout)
            if data["frame"]["version"] >= version:
                return data["frame"]

    async def send(self, message: dict) -> None:
        await self.ws.send_json(message)

    async def close(self) -> None:
        await self.ws.close()


async def raven_in(act, channel, users, start: bool = True):
    """A Raven table in `channel`, the first user hosting, the others seated."""
    host = users[0]
    table = await act.seating.create_lobby(act.fake.guild_id, channel.id, Actor(host.id, host.name), "raven",
                                           None, 300)
    for user in users[1:]:
        await act.seating.join(table, user.id, user.name)
    if start:
        await act.service.start(table)
    return table


async def settle() -> None:
    await asyncio.sleep(0.05)
