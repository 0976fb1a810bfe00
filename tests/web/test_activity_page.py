"""The Activity's page (present/web/activity/) in headless Chromium, framed by the stand-in Discord client
(tests/support/activity_client.py: a parent page at https://discord.com speaking the SDK's protocol), against
the contract's server side as tests/web/activity_stub.py plays it over a real TableService.

Covered: the SDK handshake and sign-in (authorize -> /api/token -> authenticate -> /api/session -> hello with
the session, version and locale), the lobby's buttons, a seat's cards (legal ones highlighted, a click sends
that action with the prompt it answers), a refusal shown, the spectator's public view (every WebSocket message
it received audited for hidden cards), the page's language from Discord's locale, a server restart after which
the page reconnects and says hello with the last version it had, and the phone width (400 px).
"""
from __future__ import annotations

import asyncio
import re

import pytest
from aiohttp import web

from bot.service import TableService
from bot.storage import Storage
from tests.support.activity_client import StandInDiscord, User, why_no_openssl
from tests.support.browser import PHONE, why_no_browser
from tests.web.activity_stub import StubServer
from tests.web.conftest import secret_names

APP_ID = "1400000000000000001"
ANN, BEN, CAT = User("101", "Ann"), User("102", "Ben", "de"), User("103", "Cat", "es-ES")
EVE = User("104", "Eve <img id=pwn src=x>")


@pytest.fixture
async def world(tmp_path):
    if reason := why_no_browser() or why_no_openssl():
        pytest.skip(reason)
    store = await Storage.open(str(tmp_path / "activity.sqlite3"))
    service = TableService(store)
    stub = StubServer(service, APP_ID, {u.id: u.username for u in (ANN, BEN, CAT, EVE)})
    runner = web.AppRunner(stub.app(), shutdown_timeout=1)  # open sockets: no minute-long grace
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    stub.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"
    stub.runner = runner
    try:
        async with StandInDiscord(APP_ID, lambda user: f"code-{user}", tmp_path) as discord:
            yield stub, discord
    finally:
        await runner.cleanup()
        await store.close()


async def open_as(discord, stub, user, **kw):
    page = await discord.open(user, stub.url, instance_id="i-1-77", channel_id="10", guild_id="1", **kw)
    await page.live()
    return page


async def click(page, selector: str) -> None:
    await (await page.frame_when_ready()).locator(selector).first.click()


async def until_view(page, check: str, arg=None) -> None:
    await page.wait_for(check, arg)


async def test_sign_in_lobby_and_a_seat_plays_its_cards(world):
    stub, discord = world
    ann = await open_as(discord, stub, ANN)
    seen = await ann.stand_in()
    assert seen["handshake"]["client_id"] == APP_ID and seen["handshake"]["v"] == 1
    assert seen["handshake"]["sdk_version"] == "2.5.0"
    assert "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE" in seen["subscriptions"]
    assert seen["tokens"] == ["token-101"], "the page authenticated with the token /api/token gave it"
    assert discord.authorized == ["101"]
    hello = next(m for m in ann.sent if m.get("kind") == "hello")
    assert hello == {"kind": "hello", "session": "session-101", "version": -1, "locale": "en-US"}
    assert (await ann.state())["user"] == "101"

    # The lobby: no table yet, so the games to open.
    await until_view(ann, "r => r.dataset.view === 'lobby'")
    await click(ann, "button.lobby-open[data-game='raven']")
    ben = await open_as(discord, stub, BEN)
    frame_b = await ben.frame_when_ready()
    await frame_b.locator("button.lobby-join").wait_for()
    assert await frame_b.locator("button.lobby-join").inner_text() == "Beitreten", "Ben reads German"
    await frame_b.locator("button.lobby-join").click()
    frame_a = await ann.frame_when_ready()
    await frame_a.locator("button.lobby-start").wait_for()
    await frame_a.locator("button.lobby-start").click()
    await until_view(ann, "r => r.dataset.view === 'p1'")
    assert [m["do"] for m in stub.moves if m.get("kind") == "lobby"] == ["open", "join", "start"]

    # The game: whoever must act clicks on their page; a card click sends that card's action.
    pages = {"101": ann, "102": ben}
    table = stub.table
    for _ in range(10):
        seat, legal = next(iter(table.pending().items()))
        user = str(table.seat(seat).user_id)
        page = pages[user]
        frame = await page.frame_when_ready()
        await page.wait_for("(r, v) => r.dataset.version === String(v) && r.dataset.prompt !== ''", table.version)
        before = table.version
        if any("card" in a for a in legal):
            cards = frame.locator("button.card.legal")
            shown = {await c.get_attribute("data-card") for c in await frame.locator("button.card").all()}
            lit = {await c.get_attribute("data-card") for c in await cards.all()}
            assert lit == {a["card"] for a in legal if "card" in a} & shown, "exactly the legal cards are lit"
            card_id = await cards.first.get_attribute("data-card")
            await cards.first.click()
            sent = [m for m in page.sent if m.get("kind") == "move"][-1]
            assert legal[sent["action"]]["card"] == card_id
        else:
            await frame.locator("#choices button.action").first.click()
        await page.wait_for("(r, v) => Number(r.dataset.version) > v", before)
    assert all(m.get("prompt") for m in stub.moves if m.get("kind") == "move")

    # A stale click (an old prompt) is refused and said, briefly; nothing changes.
    version = table.version
    await frame_a.evaluate("() => RookeryActivity.send({kind: 'move', prompt: '0.dead', action: 0})")
    await frame_a.locator(".toast").wait_for()
    assert "Refused" in await frame_a.locator(".toast").inner_text()
    assert table.version == version


async def test_a_spectator_sees_only_the_public_view(world):
    stub, discord = world
    ann = await open_as(discord, stub, ANN)
    await click(ann, "button.lobby-open[data-game='raven']")
    await (await ann.frame_when_ready()).locator("button.lobby-bot").wait_for()
    await click(ann, "button.lobby-bot")
    await ann.wait_for("r => document.querySelectorAll('.seats li').length === 2")
    await click(ann, "button.lobby-start")
    cat = await open_as(discord, stub, CAT)
    await cat.wait_for("r => r.dataset.view === 'public'")
    frame = await cat.frame_when_ready()
    assert await frame.locator("#me").inner_text() == "Mirando", "Cat's Discord is in Spanish"
    assert await frame.locator("button.card").count() == 0
    table = stub.table
    for _ in range(6):  # Ann plays on; Cat's page follows
        seat, legal = next(iter(table.pending().items()))
        page = await ann.frame_when_ready()
        await ann.wait_for("(r, v) => r.dataset.version === String(v)", table.version)
        await (page.locator("button.card.legal") if any("card" in a for a in legal)
               else page.locator("#choices button.action")).first.click()
        await cat.wait_for("(r, v) => Number(r.dataset.version) > v", table.version - 1)
    frames = [m["frame"] for m in cat.received if m.get("kind") == "frame"]
    assert frames, "the spectator received frames"
    for f in frames:
        assert f["view"] == "public" and f["hand"] is None and f["choices"] is None and f["cards"] is None
    secrets = secret_names(table.state)
    text = "\n".join(str(m) for m in cat.received) + await frame.locator("body").inner_text()
    for name in secrets:
        assert not re.search(re.escape(name) + r"(?!\d)", text), f"the spectator was sent {name}"


async def test_the_page_reconnects_after_the_server_restarts(world):
    stub, discord = world
    ann = await open_as(discord, stub, ANN)
    await click(ann, "button.lobby-open[data-game='raven']")
    await click(ann, "button.lobby-bot")
    await ann.wait_for("r => document.querySelectorAll('.seats li').length === 2")
    await click(ann, "button.lobby-start")
    await ann.wait_for("r => r.dataset.view === 'p1'")
    version = int((await ann.state())["version"])
    port = int(stub.url.rsplit(":", 1)[1])
    await stub.runner.cleanup()  # the server goes away; the page says so
    await ann.wait_for("r => r.dataset.state === 'connecting'")
    runner = web.AppRunner(stub.app(), shutdown_timeout=1)  # open sockets: no minute-long grace
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    stub.runner = runner
    await ann.live(timeout=20_000)
    hellos = [m for m in ann.sent if m.get("kind") == "hello"]
    assert len(hellos) == 2 and hellos[-1]["version"] == version and hellos[-1]["session"] == "session-101"


async def test_phone_width(world):
    stub, discord = world
    ann = await open_as(discord, stub, ANN, viewport=PHONE)
    await click(ann, "button.lobby-open[data-game='raven']")
    await click(ann, "button.lobby-bot")
    await ann.wait_for("r => document.querySelectorAll('.seats li').length === 2")
    await click(ann, "button.lobby-start")
    await ann.wait_for("r => r.dataset.view === 'p1'")
    frame = await ann.frame_when_ready()
    if not await frame.locator("button.card").count():  # Ann deals first: the hand comes with the deal
        await frame.locator("#choices button.action").first.click()
    await ann.wait_for("r => document.querySelectorAll('button.card').length > 0")
    width = await frame.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at a phone's 400"
    for box in await frame.locator("button.card").all():
        b = await box.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] and b["height"] >= 40, "cards fit and are tappable"


async def test_server_text_is_shown_as_text_never_as_markup(world):
    stub, discord = world
    eve = await open_as(discord, stub, EVE)
    await click(eve, "button.lobby-open[data-game='raven']")
    await eve.wait_for("r => document.querySelectorAll('.seats li').length === 1")
    frame = await eve.frame_when_ready()
    assert await frame.locator(".seats li").inner_text() == EVE.username
    assert await frame.evaluate("() => document.getElementById('pwn') === null")


async def test_an_expired_session_is_renewed_without_a_new_authorization(world):
    stub, discord = world
    ann = await open_as(discord, stub, ANN)
    await ann.wait_for("r => r.dataset.view === 'lobby'")
    stub.expire.add(ANN.id)
    await stub.drop_all()  # the page reconnects; its hello is refused as expired; it signs in again
    for _ in range(400):
        if len(stub.hellos) >= 2 and len(stub.sessions_issued) == 2:
            break
        await asyncio.sleep(0.05)
    await ann.live()
    await ann.wait_for("r => r.dataset.view === 'lobby'")
    assert stub.sessions_issued == [ANN.id, ANN.id], "a new session from the same access token"
    assert discord.authorized == [ANN.id], "no second AUTHORIZE: the token still served"
    hellos = [m for m in ann.sent if m.get("kind") == "hello"]
    assert len(hellos) == 3  # the first, the refused one, the one after the new session
