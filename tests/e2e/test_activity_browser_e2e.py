"""One table, two doors, in real browsers: the real Rookery process (ROOKERY_ACTIVITY=1) against the fake
Discord; alice and dave play from the Activity's page in headless Chromium (each their own browser context and
Discord user, framed by the stand-in Discord client of tests/support/activity_client.py at https://discord.com,
the page at https://<app id>.discordsays.com proxied to the bot's web server), bob plays from his DM buttons,
carol watches from her Activity. The lobby is opened and joined from both doors; the bot is killed (-9)
mid-game and the pages reconnect by themselves, with nothing acknowledged lost; play goes on well past the kill
by clicks on the pages (cards, buttons) and on bob's DMs, both doors in step (a whole game to its end, and the
lobby after it: test_activity_done_e2e.py); every WebSocket message carol's page received is audited for hidden
cards.
"""
import asyncio
import time
import json
import sys

import pytest

from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.e2e.test_rookery_e2e import pending_prompt, play
from tests.e2e.test_watch_live import audit, free_port, stored
from tests.support.activity_client import StandInDiscord, User, click_a_move, why_no_openssl
from tests.support.browser import why_no_browser

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]


async def test_two_browsers_and_a_dm_player_play_a_raven_game_across_a_kill_9(fake_discord, start_bot, tmp_path):
    if reason := why_no_browser() or why_no_openssl():
        pytest.skip(reason)
    fake = fake_discord
    alice, bob, carol, dave = [await fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    games = await fake.add_channel("games")
    db_path, port = str(tmp_path / "rookery.sqlite3"), free_port()
    base = f"http://127.0.0.1:{port}"
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0",
           "ROOKERY_WEB_PORT": str(port), "ROOKERY_WEB_URL": base, "ROOKERY_WEB_HOST": "127.0.0.1",
           "ROOKERY_ACTIVITY": "1", "DISCORD_CLIENT_SECRET": CLIENT_SECRET}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    users = {str(u.id): u for u in (alice, bob, carol, dave)}

    async with StandInDiscord(str(fake.app_id), lambda uid: fake.authorize(users[uid]), tmp_path) as discord:
        async def opened(user, locale="en-US"):
            instance = fake.enter_activity(user, games)
            page = await discord.open(User(str(user.id), user.name, locale), base, instance_id=instance,
                                      channel_id=str(games.id), guild_id=str(fake.guild_id))
            await page.live()
            return page

        a = await opened(alice)
        await a.wait_for("r => r.dataset.view === 'lobby'")
        await a.frame.locator("button.lobby-open[data-game='raven']").click()
        await fake.wait_until(lambda: any("Raven" in json.dumps(m) for m in fake.messages(games)), what="lobby post")
        lobby_message = fake.messages(games)[-1]
        def lobby_table():
            last = next((m for m in reversed(a.received) if m.get("kind") == "lobby"), None)
            return last and last["lobby"]["table"]
        await fake.wait_until(lobby_table, what="the page's lobby with its table")
        table_id = lobby_table()
        await fake.wait_quiet()
        await fake.select(alice, lobby_message, fake.find_select(lobby_message, custom_id=f"rk:o:{table_id}:length"),
                          ["short"])
        await fake.click(bob, lobby_message, fake.find_button(lobby_message, label="Join"))  # chat's door
        d = await opened(dave, "de")
        await d.frame.locator("button.lobby-join").click()                                  # the Activity's door
        await a.wait_for("r => document.querySelectorAll('.seats li').length === 3")
        for seats in (4, 5, 6):  # bots from the Activity's door: the host plays them, so the game is shorter
            await a.frame.locator("button.lobby-bot").click()
            await a.wait_for(f"r => document.querySelectorAll('.seats li').length === {seats}")
        await a.frame.locator("button.lobby-start").click()
        c = await opened(carol, "pt-BR")
        await a.wait_for("r => r.dataset.view.startsWith('p')")
        await d.wait_for("r => r.dataset.view.startsWith('p')")
        await c.wait_for("r => r.dataset.view === 'public'")
        assert await c.frame.locator("#me").inner_text() == "Assistindo"

        browser_moves, dm_moves, refused, killed, seen_before_kill = 0, 0, 0, False, 0
        deadline = time.monotonic() + 240  # a loaded machine's pace, not a speed target
        while time.monotonic() < deadline:  # the whole game to its end is test_activity_done_e2e's
            game = stored(db_path)
            if game["status"] == "over" or (killed and browser_moves >= 40 and dm_moves >= 15):
                break
            if not killed and browser_moves >= 10:
                await fake.wait_quiet()
                # what the pages were told before the kill: every "done", and the newest frame after it
                seen_before_kill = max(m["frame"]["version"] for p in (a, d) for m in p.received if m.get("kind") == "frame")
                acknowledged = sum(1 for p in (a, d) for m in p.received if m.get("kind") == "done")
                hellos = [len([m for m in p.sent if m.get("kind") == "hello"]) for p in (a, d, c)]
                await bot.kill()
                await bot.start()
                await fake.wait_ready()
                for page, before in zip((a, d, c), hellos):
                    await page.wait_for("r => r.dataset.state === 'live'", timeout=30_000)
                    for _ in range(400):
                        if len([m for m in page.sent if m.get("kind") == "hello"]) > before:
                            break
                        await asyncio.sleep(0.05)
                    else:
                        raise AssertionError(f"{page.user.username}'s page never said hello again")
                assert stored(db_path)["version"] >= seen_before_kill, "an acknowledged move was lost"
                for page in (a, d):  # and each page, reconnected, shows at least what it had
                    await page.wait_for("(r, v) => Number(r.dataset.version) >= v", seen_before_kill)
                assert acknowledged >= 10
                killed = True
                continue
            acted = False
            for page in (a, d):
                state = await page.state()
                if state.get("prompt") and int(state.get("version", -1)) >= game["version"]:
                    answer = await click_a_move(page)
                    if answer is not None:
                        acted = True
                        if answer["kind"] == "done":
                            browser_moves += 1
                        else:
                            refused += 1  # a DM move landed first: the page's next frame has the new prompt
                        break
            if acted:
                continue
            if pending_prompt(fake, [bob]):
                dm_moves += await play(fake, [bob], 1)
                continue
            await asyncio.sleep(0.05)

        await fake.wait_quiet()
        game = stored(db_path)
        print(f"moves: {browser_moves} from the browsers, {dm_moves} from DMs, {refused} refused as stale")
        assert killed and browser_moves >= 40 and dm_moves >= 15 and refused <= 5, (browser_moves, dm_moves, refused)
        assert fake.oauth.exchanges == 3, "one sign-in per page (3): after the kill the sessions held"
        for page in (a, d, c):  # both doors in step: every page shows the stored version (the end: done_e2e)
            await page.wait_for("(r, v) => Number(r.dataset.version) >= v", game["version"])
        frames = [m["frame"] for m in c.received if m.get("kind") == "frame"]
        for frame in frames:
            assert frame["me"]["seat"] is None and frame["choices"] is None and frame["cards"] is None
        assert audit([{k: v for k, v in f.items() if k != "me"} for f in frames], game) >= 20
        assert not [m for m in c.received if m.get("kind") not in ("frame", "lobby")], "the spectator only watched"
    assert CLIENT_SECRET not in bot.output() and "Traceback" not in bot.output()
