"""Every refusal of the Activity's socket and pages: a clear message in the reader's language, the socket closed
(1008) where the contract says so, nothing changed, no traceback logged; the page's Content Security Policy."""
import asyncio
import json
import logging
import time

import pytest
from aiohttp import WSMsgType

from bot.config import Settings
from bot.web.activity.play import BURST
from bot.web.activity.sessions import Sessions, session_key
from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.web.activity_support import PageSocket, act, raven_in, sign_in  # noqa: F401 (a fixture)


async def closed_with_error(ws) -> str:
    """The error message the server sent, after which it closed the socket with 1008."""
    message = await ws.receive(timeout=5)
    assert message.type == WSMsgType.TEXT, message
    data = json.loads(message.data)
    assert data["kind"] == "error" and data["message"]
    end = await ws.receive(timeout=5)
    assert end.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
    assert ws.close_code == 1008
    return data["message"]


def expired_session(user_id: int, channel_id: int) -> str:
    past = Sessions(session_key(CLIENT_SECRET), clock=lambda: time.time() - 7 * 3600)
    return past.issue(user_id, channel_id, None, "ann")


@pytest.mark.parametrize("hello", [
    {"kind": "hello", "version": -1},                                   # no session
    {"kind": "hello", "session": "forged.token", "version": -1},       # forged
    {"kind": "hello", "session": "EXPIRED", "version": -1},            # expired
    {"kind": "hello", "session": 5, "version": -1},
])
async def test_a_socket_without_a_valid_session_is_closed(act, hello, caplog):
    if hello.get("session") == "EXPIRED":
        hello = {**hello, "session": expired_session(1, 2)}
    ws = await act.client.ws_connect("/api/ws")
    with caplog.at_level(logging.DEBUG):
        await ws.send_json({**hello, "locale": "es-ES"})
        said = await closed_with_error(ws)
    assert "sesión" in said  # in the language the hello asked for
    assert not act.play.pages and "Traceback" not in caplog.text


async def test_a_session_signed_with_another_key_is_refused(act):
    other = Sessions(session_key("another application's secret")).issue(1, 2, 3, "x")
    ws = await act.client.ws_connect("/api/ws")
    await ws.send_json({"kind": "hello", "session": other, "version": -1})
    assert "session" in await closed_with_error(ws)


@pytest.mark.parametrize("bad", ["not json", "[1, 2]", '{"kind": "shout"}', '{"no": "kind"}',
                                 '{"kind": "move", "ref": 1, "prompt": 5, "action": 0}',
                                 '{"kind": "move", "ref": 1, "prompt": "p", "action": 0, "bundle": 1}',
                                 '{"kind": "move", "ref": "1", "prompt": "p", "action": 0}',
                                 '{"kind": "move", "ref": 1, "prompt": "p", "action": true}',
                                 '{"kind": "lobby", "ref": 1, "do": "explode"}',
                                 '{"kind": "hello", "session": "s", "version": "new"}'])
async def test_what_is_not_understood_closes_the_socket_and_changes_nothing(act, bad, caplog):
    users = [await act.fake.add_user(n) for n in ("ann", "ben", "cat")]
    games = await act.fake.add_channel("games")
    table = await raven_in(act, games, users)
    version = table.version
    page = await PageSocket.open(act, await sign_in(act, users[0], games))
    await page.next("frame")
    with caplog.at_level(logging.DEBUG):
        await page.ws.send_str(bad)
        assert "does not understand" in await closed_with_error(page.ws)
    assert table.version == version and not [c for c in act.door.calls if c[0] == "publish"]
    assert "Traceback" not in caplog.text


async def test_an_oversized_frame_and_a_binary_frame_are_refused(act):
    ann = await act.fake.add_user("ann")
    games = await act.fake.add_channel("games")
    session = await sign_in(act, ann, games)
    page = await PageSocket.open(act, session)
    await page.next("lobby")
    await page.ws.send_str(json.dumps({"kind": "hello", "session": session, "version": -1, "pad": "x" * 5000}))
    assert "too long" in await closed_with_error(page.ws)
    page = await PageSocket.open(act, session)
    await page.next("lobby")
    await page.ws.send_bytes(b"\x00\x01")
    assert "does not understand" in await closed_with_error(page.ws)
    # past aiohttp's own limit the socket is closed at once (1009), before any JSON is read
    page = await PageSocket.open(act, session)
    await page.next("lobby")
    await page.ws.send_str("x" * 70000)
    end = await page.ws.receive(timeout=5)
    assert end.type in (WSMsgType.CLOSE, WSMsgType.CLOSED) and page.ws.close_code == 1009


async def test_a_flood_of_frames_closes_the_connection(act):
    ann = await act.fake.add_user("ann")
    games = await act.fake.add_channel("games")
    session = await sign_in(act, ann, games)
    page = await PageSocket.open(act, session)
    await page.next("lobby")
    for _ in range(BURST + 10):
        await page.ws.send_json({"kind": "hello", "session": session, "version": -1})
    while True:
        message = await page.ws.receive(timeout=5)
        if message.type != WSMsgType.TEXT:
            break
        data = json.loads(message.data)
        if data["kind"] == "error":
            assert "Too many messages" in data["message"]
            break
    assert (await page.ws.receive(timeout=5)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
    assert page.ws.close_code == 1008


async def test_a_socket_that_never_says_hello_is_closed(act, monkeypatch):
    monkeypatch.setattr("bot.web.activity.play.HELLO_WITHIN", 0.2)
    ws = await act.client.ws_connect("/api/ws")
    assert "session" in await closed_with_error(ws)


async def test_the_page_has_its_csp_and_serves_only_its_own_files(act, tmp_path):
    r = await act.client.get("/?frame_id=1&instance_id=i-1&platform=desktop")
    assert r.status == 200 and r.content_type == "text/html"
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp
    assert "wss://rookery.test" in csp and "frame-ancestors https://discord.com" in csp
    assert "<script>" not in await r.text() and '/activity/app.js' in await r.text()
    assets = tmp_path / "assets"
    assets.mkdir()
    (assets / "app.js").write_text("console.log('hi')")
    (assets / "style.css").write_text("body{}")
    act.activity.routes.assets = assets
    r = await act.client.get("/activity/app.js")
    assert r.status == 200 and r.content_type == "text/javascript" and await r.text() == "console.log('hi')"
    assert (await act.client.get("/activity/style.css")).content_type == "text/css"
    for bad in ("/activity/missing.js", "/activity/..%2Fsecret.js", "/activity/.hidden.js", "/activity/x.py"):
        r = await act.client.get(bad)
        assert r.status == 404, bad
        assert "error" in await r.json()
    text = await (await act.client.get("/")).text()
    assert CLIENT_SECRET not in text


def test_config_refuses_an_activity_without_its_settings_and_hides_the_secret():
    base = {"DISCORD_TOKEN": "t", "ROOKERY_ACTIVITY": "1"}
    with pytest.raises(ValueError) as missing:
        Settings.from_env(base)
    assert "ROOKERY_WEB_PORT" in str(missing.value) and "DISCORD_CLIENT_SECRET" in str(missing.value)
    web = {**base, "ROOKERY_WEB_PORT": "8080", "ROOKERY_WEB_URL": "https://rookery.example.org"}
    with pytest.raises(ValueError, match="DISCORD_CLIENT_SECRET"):
        Settings.from_env(web)
    settings = Settings.from_env({**web, "DISCORD_CLIENT_SECRET": "hush-123", "DISCORD_CLIENT_ID": "42"})
    assert settings.activity and settings.client_secret == "hush-123" and settings.client_id == 42
    assert "hush-123" not in repr(settings) and "hush-123" not in str(settings)
    assert not Settings.from_env({"DISCORD_TOKEN": "t"}).activity
    with pytest.raises(ValueError, match="DISCORD_CLIENT_ID"):
        Settings.from_env({**web, "DISCORD_CLIENT_SECRET": "s", "DISCORD_CLIENT_ID": "abc"})
    with pytest.raises(ValueError, match="ROOKERY_ACTIVITY"):
        Settings.from_env({**web, "ROOKERY_ACTIVITY": "maybe"})


async def test_one_member_may_not_open_pages_without_end(act, monkeypatch):
    monkeypatch.setattr("bot.web.activity.play.PAGES_PER_USER", 2)
    ann = await act.fake.add_user("ann")
    games = await act.fake.add_channel("games")
    session = await sign_in(act, ann, games)
    first, second = await PageSocket.open(act, session), await PageSocket.open(act, session)
    await first.next("lobby")
    await second.next("lobby")
    third = await act.client.ws_connect("/api/ws")
    await third.send_json({"kind": "hello", "session": session, "version": -1})
    assert "too many Activities" in await closed_with_error(third)
    await first.close()
    for _ in range(50):
        if act.play.open_for(ann.id) < 2:
            break
        await asyncio.sleep(0.02)
    fourth = await PageSocket.open(act, session)  # one closed: room again
    await fourth.next("lobby")


async def test_rookery_run_refuses_an_activity_without_its_secret_in_one_line(tmp_path):
    from tests.bot.test_startup_errors import assert_one_clear_line, rookery_run
    code, lines = await rookery_run({"DISCORD_TOKEN": "t", "ROOKERY_ACTIVITY": "1", "ROOKERY_WEB_PORT": "8080",
                                     "ROOKERY_WEB_URL": "https://rookery.example.org"}, tmp_path)
    assert code != 0
    assert_one_clear_line(lines, "ROOKERY_ACTIVITY=1", "DISCORD_CLIENT_SECRET")
