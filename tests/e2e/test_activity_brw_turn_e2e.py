"""A Black Rose Wars Game Turn played from the Activity (issue 35), on the real Rookery process against the fake
Discord: ann and ben each press **Open table** on the board and play in the Activity's Lodge (each their own
browser context and Discord user, in the stand-in Discord client), cat plays from her DM buttons. Nobody plays
for anyone: the page players click what the Lodge draws (rooms, models, the ⚡ token, spells on the Mage Sheet,
the buttons under the map, a place's list when it offers several), at random, as a player would; cat picks
among her DM's controls at random (tests/e2e/brw_players.random_choice, the bench's policy).

The Game Turn ends (the engine's turn counter moves on), both doors stay in step (each page's last frame is the
stored version), and every click made in the Activity is counted: the figure printed is clicks per human per
Game Turn in the Activity, beside cat's on chat (a menu costs 2), to set beside bench/bench_clicks.py --activity.
"""
import asyncio
import json
import random
import sys
import time

import pytest

from engine import GAMES
from tests.e2e.activity_doors import activity_env, frames, launched, live_dm_prompt
from tests.e2e.brw_players import NEVER, Table, random_choice, table_row
from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.e2e.test_activity_launch_e2e import fake_discord  # noqa: F401 (Activities on at Discord)
from tests.support.activity_client import StandInDiscord, answered, why_no_openssl
from tests.support.browser import why_no_browser

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]
BRW = GAMES["blackrose"]
ENOUGH = 100  # seconds for the set-up and one Game Turn (~45 moves); the test fails after this


def turn_of(row: dict) -> int:
    return json.loads(row["state"]).get("turn", 0)


async def lodge_move(page, rng: random.Random, never: set[int]) -> tuple[int, dict | None]:
    """One move made in the Lodge as a player makes it: click something clickable at random; if that only
    opened a place's list or selected a spell to aim, click again among what it offers. Returns (clicks,
    the server's answer) — no answer when the page offered nothing to click."""
    frame = page.frame
    before = int((await page.state()).get("sent") or 0)
    clicks = 0
    for _ in range(4):
        lodge = frame.locator("#lodge")
        menu = lodge.locator(".lodge-menu:not([hidden]) button.lodge-choice")
        confirm = lodge.locator("button.lodge-confirm")
        if await menu.count():
            targets = await menu.all()
        elif await lodge.locator(".lodge-spell.selected").count():
            targets = await lodge.locator(".lodge-map [role=button]").all()  # the selected spell's aims
        elif await confirm.count():  # several steps of one decision: tick as few as it takes, then confirm
            for toggle in await lodge.locator("button.lodge-choice[aria-pressed]").all():
                if await confirm.is_enabled():
                    break
                await toggle.click()
                clicks += 1
            targets = [confirm]
        else:
            targets = []
            for element in await lodge.locator("[role=button], button:not([disabled])").all():
                index = await element.get_attribute("data-index")
                classes = await element.get_attribute("class") or ""
                if "lodge-cancel" in classes or (index is not None and int(index) in never):
                    continue
                targets.append(element)
        if not targets:
            return clicks, None
        await rng.choice(targets).click(force=True)
        clicks += 1
        now = int((await page.state()).get("sent") or 0)
        if now > before:
            return clicks, await answered(page, now)
    return clicks, None


async def test_a_game_turn_from_two_activities_and_a_dm_player(fake_discord, start_bot, tmp_path):
    if reason := why_no_browser() or why_no_openssl():
        pytest.skip(reason)
    fake = fake_discord
    db_path = str(tmp_path / "rookery.sqlite3")
    env, base = activity_env(fake, db_path)
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    table = await Table.start(fake, db_path, seed=7)  # ann, ben and cat seated from chat's lobby
    ann, ben, cat = table.users
    games = table.channel
    users = {str(u.id): u for u in table.users}
    rng = random.Random(7)
    # Turn 0 is the set-up (mages, starting hands); the Game Turn measured is the first real one.
    measured = max(1, turn_of(table_row(db_path)))

    async with StandInDiscord(str(fake.app_id), lambda uid: fake.authorize(users[uid]), tmp_path) as discord:
        a, instance_id = await launched(fake, discord, ann, games, base)
        b, same = await launched(fake, discord, ben, games, base)
        assert same == instance_id
        pages = {ann.id: a, ben.id: b}
        for page in pages.values():
            await page.wait_for("r => r.dataset.view.startsWith('p')")
            await page.wait_for("r => !document.getElementById('lodge').hidden")
        seats = {s["user_id"]: s["seat"] for s in json.loads(table_row(db_path)["seats"])}

        clicks = {ann.name: 0, ben.name: 0, cat.name: 0}
        moves = {ann.name: 0, ben.name: 0, cat.name: 0}
        refused, began = 0, time.monotonic()
        while time.monotonic() - began < ENOUGH:
            row = table_row(db_path)
            if row["status"] != "active" or turn_of(row) > measured:
                break
            counting = turn_of(row) == measured  # the set-up's clicks are not the Game Turn's
            state = BRW.load(json.loads(row["state"]))
            pending = state.pending()
            acted = False
            for user, page in pages.items():
                legal = pending.get(seats[user])
                shown = await page.state()
                if not legal or not shown.get("prompt") or int(shown.get("version", -1)) < row["version"]:
                    continue
                never = {i for i, action in enumerate(legal) if action["type"] in NEVER}
                made, answer = await lodge_move(page, rng, never)
                clicks[page.user.username] += made if counting else 0
                if answer is not None:
                    acted = True
                    if answer["kind"] == "done":
                        moves[page.user.username] += counting
                    else:
                        refused += 1  # another door's move landed first; the page's next frame has the new prompt
                    break
            if acted:
                continue
            if found := live_dm_prompt(fake, db_path, "blackrose", cat):
                message, _ = found
                names = {s["seat"]: s["name"] for s in json.loads(row["seats"])}
                comp, value = random_choice(rng, message, state, seats[cat.id], names)
                result = await (fake.click(cat, message, comp) if value is None
                                else fake.select(cat, message, comp, [value]))
                clicks[cat.name] += (2 if comp["type"] == 3 else 1) if counting else 0
                if result.callback_type in (6, 7):
                    moves[cat.name] += counting
                else:
                    refused += 1
                continue
            await asyncio.sleep(0.05)

        row = table_row(db_path)
        took = time.monotonic() - began
        print(f"Black Rose Wars Game Turn {measured} in {took:.0f} s: clicks {clicks}, moves {moves}, "
              f"{refused} refused as stale")
        assert turn_of(row) > measured, f"the Game Turn did not end in {ENOUGH} s: {clicks} {moves}"
        in_activity = [clicks[ann.name], clicks[ben.name]]
        print(f"Activity: {sum(in_activity) / 2:.1f} clicks per human per Game Turn ({in_activity}); "
              f"chat (cat, DMs): {clicks[cat.name]}")
        assert all(moves[u.name] >= 3 for u in (ann, ben)), "both page players played their turn in the Lodge"
        assert moves[cat.name] >= 3 and refused <= 3
        for user, page in pages.items():  # both doors in step: a page's last frame is the stored version
            await fake.wait_until(lambda: frames(page) and frames(page)[-1]["version"] == table_row(db_path)["version"],
                                  timeout=20, what=f"{page.user.username}'s page in step")
            assert all(m.get("kind") != "error" for m in page.received)
        assert fake.oauth.exchanges == 2
    assert CLIENT_SECRET not in bot.output() and "Traceback" not in bot.output()
