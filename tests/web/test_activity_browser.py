"""The Activity's page against the bot's own Activity server (bot/web/activity/, on loopback over a real
TableService, signed in against the fake Discord's OAuth2 and instance routes), in headless Chromium framed by
the stand-in Discord client (tests/support/activity_client.py), the page at https://<app id>.discordsays.com.

The SDK's side as the page drives it: the handshake names our application and the SDK's version, READY, then
AUTHORIZE with scope identify (a code the fake Discord minted for this user), the code to /api/token and the
token to AUTHENTICATE, /api/session with the SDK's instance id, the participants and their update event, the
page's console reaching Discord as CAPTURE_LOG, and error 4002 for a command the client does not know. Then the
page's hello and its view: a seat's own choices, in the user's Discord language, and a move from a click.
"""
from __future__ import annotations

import asyncio

import discord
import pytest

from bot.table import Actor
from tests.support.activity_client import StandInDiscord, User, click_a_move, why_no_openssl
from tests.support.browser import why_no_browser
from tests.web.activity_support import close_activity, make_activity, raven_in


@pytest.fixture
async def act(tmp_path):
    if reason := why_no_browser() or why_no_openssl():
        pytest.skip(reason)
    old = discord.http.Route.BASE
    act = await make_activity(tmp_path)
    try:
        yield act
    finally:
        await close_activity(act)
        discord.http.Route.BASE = old


async def test_sign_in_through_the_sdk_then_play_from_the_page(act, tmp_path):
    ann, ben = await act.fake.add_user("ann"), await act.fake.add_user("ben")
    games = await act.fake.add_channel("games")
    table = await raven_in(act, games, [ann, ben])
    users = {str(u.id): u for u in (ann, ben)}
    base = str(act.client.make_url("")).rstrip("/")
    async with StandInDiscord(str(act.fake.app_id), lambda uid: act.fake.authorize(users[uid]), tmp_path) as stand_in:
        pages = {}
        for user, locale in ((ann, "en-US"), (ben, "de")):
            instance = act.fake.enter_activity(user, games)
            pages[user.name] = await stand_in.open(User(str(user.id), user.name, locale), base, instance_id=instance,
                                                   channel_id=str(games.id), guild_id=str(act.fake.guild_id))
        for page in pages.values():
            await page.live()
        seen = await pages["ann"].stand_in()
        assert seen["handshake"] == {"v": 1, "encoding": "json", "client_id": str(act.fake.app_id),
                                     "frame_id": seen["handshake"]["frame_id"], "sdk_version": "2.5.0"}
        commands = [m["message"][1]["cmd"] for m in seen["log"] if m["dir"] == "in" and m["message"][0] == 1]
        assert commands[0] == "USER_SETTINGS_GET_LOCALE"
        assert commands.index("AUTHORIZE") < commands.index("AUTHENTICATE")
        assert "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS" in commands
        authorize = next(m["message"][1]["args"] for m in seen["log"]
                         if m["dir"] == "in" and m["message"][0] == 1 and m["message"][1]["cmd"] == "AUTHORIZE")
        assert authorize["scope"] == ["identify"] and authorize["response_type"] == "code"
        assert "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE" in seen["subscriptions"]
        assert len(seen["tokens"]) == 1 and act.fake.oauth.exchanges == 2
        assert stand_in.authorized == [str(ann.id), str(ben.id)]
        hello = next(m for m in pages["ben"].sent if m.get("kind") == "hello")
        assert hello["version"] == -1 and hello["locale"] == "de" and hello["session"]

        # Ann learns that Ben opened the Activity (the participants update), by name.
        await pages["ann"].wait_for("r => document.getElementById('here').textContent.includes('ben')")

        # The page's console reaches Discord (CAPTURE_LOG); a command Discord does not know is error 4002.
        frame = pages["ann"].frame
        code = await frame.evaluate("""async () => {
            console.info('hello from the page');
            try { await RookeryActivity.sdk().commands.getSkus(); return 'answered'; } catch (e) { return e.code; }
        }""")
        assert code == 4002
        seen = await pages["ann"].stand_in()
        assert any(m["message"][1].get("cmd") == "CAPTURE_LOG" and "hello from the page" in
                   m["message"][1]["args"]["message"] for m in seen["log"] if m["dir"] == "in" and m["message"][0] == 1)

        # Each sees their own view, in their language, and a click on a choice is a move through the service.
        await pages["ann"].wait_for("r => r.dataset.view === 'p1'")
        await pages["ben"].wait_for("r => r.dataset.view === 'p2'")
        assert await pages["ben"].frame.locator("#log-title").inner_text() == "Verlauf"
        seat, legal = next(iter(table.pending().items()))
        page = pages["ann" if seat == "p1" else "ben"]
        await page.wait_for("r => r.dataset.prompt !== ''")
        before = table.version
        await page.frame.locator("#choices button.action, #choices button.bundle, button.card.legal").first.click()
        await page.wait_for("(r, v) => Number(r.dataset.version) > v", before)
        assert table.version > before
        done = [m for m in page.received if m.get("kind") == "done"]
        assert done and done[-1]["ref"] == 1


async def test_a_black_rose_wars_game_turn_from_two_browsers(act, tmp_path):
    """Two mages play Game Turn 1 to its end from their pages only (Lodge, cards or buttons: whatever the page
    offers), each move through the service; the Game Turn then reads 2 on both pages."""
    ann, ben = await act.fake.add_user("ann"), await act.fake.add_user("ben")
    games = await act.fake.add_channel("games")
    table = await act.seating.create_lobby(act.fake.guild_id, games.id, Actor(ann.id, ann.name), "blackrose",
                                           None, 300)
    await act.seating.join(table, ben.id, ben.name)
    await act.service.start(table)
    users = {str(u.id): u for u in (ann, ben)}
    base = str(act.client.make_url("")).rstrip("/")
    async with StandInDiscord(str(act.fake.app_id), lambda uid: act.fake.authorize(users[uid]), tmp_path) as stand_in:
        pages = []
        for user in (ann, ben):
            instance = act.fake.enter_activity(user, games)
            pages.append(await stand_in.open(User(str(user.id), user.name), base, instance_id=instance,
                                             channel_id=str(games.id), guild_id=str(act.fake.guild_id)))
        for page in pages:
            await page.live()
        clicks = refused = 0
        for _ in range(300):
            if table.frame().view(None).get("turn", 1) >= 2 or table.status != "active":
                break
            for page in pages:
                state = await page.state()
                if state.get("prompt") and int(state.get("version", -1)) >= table.version:
                    answer = await click_a_move(page)
                    if answer is not None:
                        clicks += 1
                        refused += answer["kind"] == "refused"
                        break
            else:
                await asyncio.sleep(0.05)
        assert table.frame().view(None).get("turn") == 2, (clicks, refused)
        for page in pages:
            await page.wait_for("(r, v) => Number(r.dataset.version) >= v", table.version)
            last = [m["frame"] for m in page.received if m.get("kind") == "frame"][-1]
            assert last["round"] == 2
        assert refused == 0
        print(f"Black Rose Wars Game Turn 1 from two pages: {clicks} clicks")
