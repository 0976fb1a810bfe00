"""The one client in live mode, against a stand-in server that keeps the contract documented in
present/web/frames.py: the page opens its WebSocket at <its path>/ws, says hello with the last version it saw,
renders the frames it is sent, and after the socket closes reconnects by itself and catches up."""
from __future__ import annotations

import asyncio
import json
import threading

import pytest
from aiohttp import web

from bot.render import describe
from present.fmt import plain_line
from present.i18n import reading
from present.web import frames, page, replay
from tests.present.test_web_replay import export
from tests.support import browser as shared
from tests.support.browser import desktop_page  # noqa: F401  (fixture)


@pytest.fixture(scope="module")
def browser():
    """This module's own browser (see tests/present/test_web_replay.py: Playwright's loop and later async tests)."""
    yield from shared.browser.__wrapped__()


def raven_frames(count: int) -> list[dict]:
    data = export("raven", 3, 3, {"length": "short"}, count)
    out, log = [], []
    with reading("en"):
        for table, events in replay.steps(data):
            log += [plain_line(said) for e in events if e.get("to") is None and (said := describe(table, e))]
            out.append(frames.build(table, None, log))
    return out


class StandIn:
    """A server on loopback in its own thread: the page at /watch/tok, frames over /watch/tok/ws. The first
    connection gets frame 3 and is then closed by the server; the next gets frame 4."""

    def __init__(self, sent: list[dict]) -> None:
        self.sent, self.hellos, self.connections = sent, [], 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()

    async def page(self, request):
        return web.Response(text=page.render(None), content_type="text/html")

    async def socket(self, request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.connections += 1
        hello = json.loads((await ws.receive()).data)
        self.hellos.append(hello)
        await ws.send_json({"kind": "frame", "frame": self.sent[3 if self.connections == 1 else 4]})
        if self.connections == 1:
            await ws.close()
        else:
            async for _ in ws:
                pass
        return ws

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        app = web.Application()
        app.router.add_get("/watch/tok", self.page)
        app.router.add_get("/watch/tok/ws", self.socket)
        self.runner = web.AppRunner(app)
        self.loop.run_until_complete(self.runner.setup())
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        self.loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]
        self.ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.runner.cleanup())

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


def test_live_page_renders_frames_and_reconnects_saying_what_it_saw(desktop_page):
    sent = raven_frames(6)
    server = StandIn(sent)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    server.ready.wait(10)
    try:
        desktop_page.goto(f"http://127.0.0.1:{server.port}/watch/tok")
        desktop_page.wait_for_function("() => document.getElementById('rookery').dataset.step === '3'")
        assert desktop_page.evaluate("() => document.getElementById('rookery').dataset.mode") == "live"
        board = desktop_page.inner_text("#board")
        assert sent[3]["board"]["sections"][0]["lines"][0] in board
        assert desktop_page.inner_text("#log").strip().endswith(sent[3]["log"][-1])
        # The server closed the socket: the page comes back by itself and says which version it has.
        desktop_page.wait_for_function("() => document.getElementById('rookery').dataset.step === '4'",
                                       timeout=15000)
        assert server.hellos == [{"kind": "hello", "version": -1}, {"kind": "hello", "version": 3}]
        assert desktop_page.is_visible("#picture")
    finally:
        server.stop()
        thread.join(10)


def test_a_public_frame_names_seats_by_name_and_holds_no_private_line():
    data = export("raven", 3, 3, {"length": "short"}, 40)
    with reading("en"):
        for table, _ in replay.steps(data):
            pass
        frame = frames.build(table, None, frames.log_text(table, None, data["actions"]))
        mine = frames.log_text(table, "p1", data["actions"])
    text = json.dumps(frame, ensure_ascii=False)
    assert frame["view"] == "public" and frame["hand"] is None and frame["hand_picture"] is None
    assert [s["name"] for s in frame["seats"]] == ["Ann", "Ben", "Cat"] and '"user_id"' not in text
    assert any(x.startswith("You set aside") for x in mine) and "You set aside" not in text
    assert frame["version"] == 40 and frame["round"] >= 1 and frame["round_label"].startswith("Hand ")
