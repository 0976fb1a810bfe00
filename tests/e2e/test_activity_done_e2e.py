"""Issue 35's "Done means", end to end on the real Rookery process against the fake Discord: a member presses
**Open table** on the board (the type-12 launch puts her in the channel's Activity instance), her Discord (the
stand-in client in headless Chromium) opens the Activity for THAT instance, and she plays her moves in it while
another member plays from his DM buttons; a third member opens the table too and only watches.

Raven (short): the game finishes, both doors show the same end (chat posts the result and its board's 🏁 line
is the one the pages' last frames show, at the stored final version; bob's DMs hold no move left), and the
spectator's page never received a hidden card (tests/e2e/test_watch_live.audit).
"""
import asyncio
import json
import sys
import time

import pytest

from tests.e2e.activity_doors import activity_env, dm_move, frames, launched, live_dm_prompt
from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.e2e.test_activity_launch_e2e import board_of, fake_discord  # noqa: F401 (Activities on at Discord)
from tests.e2e.test_rookery_e2e import pending_prompt
from tests.e2e.test_watch_live import audit, stored
from tests.support.activity_client import StandInDiscord, click_a_move, why_no_openssl
from tests.support.browser import why_no_browser
from tests.support.components import iter_components

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]
# Six seats, four of them bots: the host plays the bots' moves together, so each human has ~51 moves to make
# (short Raven) instead of ~87 at two seats; the whole game then fits the test's time on a loaded machine.
BOTS = 4


async def short_raven_from_chat(fake, alice, bob, channel) -> None:
    """alice opens a short Raven lobby with /game new, bob joins from chat, alice adds the bots and starts:
    the board is posted."""
    lobby = (await fake.slash(alice, channel, "game", subcommand="new", options={"game": "raven"})).original
    length = next(c for c in iter_components(lobby.get("components"))
                  if c.get("type") == 3 and c.get("custom_id", "").endswith(":length"))
    await fake.select(alice, lobby, length, ["short"])
    lobby = fake.message(lobby)
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    for _ in range(BOTS):
        await fake.click(alice, lobby, fake.find_button(fake.message(lobby), label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(fake.message(lobby), label="Start"))
    await fake.wait_until(lambda: board_of(fake, channel) is not None, what="the public board")
    await fake.wait_quiet()


async def test_open_table_then_play_in_the_activity_against_a_dm_player_to_the_end(fake_discord, start_bot, tmp_path):
    if reason := why_no_browser() or why_no_openssl():
        pytest.skip(reason)
    fake = fake_discord
    alice, bob, carol = [await fake.add_user(name) for name in ("alice", "bob", "carol")]
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    env, base = activity_env(fake, db_path)
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    await short_raven_from_chat(fake, alice, bob, games)
    assert json.loads(stored(db_path)["state"])["length"] == "short"
    users = {str(u.id): u for u in (alice, bob, carol)}

    async with StandInDiscord(str(fake.app_id), lambda uid: fake.authorize(users[uid]), tmp_path) as discord:
        a, instance_id = await launched(fake, discord, alice, games, base)
        c, same = await launched(fake, discord, carol, games, base)
        assert same == instance_id, "one Activity instance per channel: carol joined alice's"
        assert fake.world.activities.by_id[instance_id].users == [alice.id, carol.id]
        await a.wait_for("r => r.dataset.view.startsWith('p')")
        await c.wait_for("r => r.dataset.view === 'public'")

        page_moves, refused, began = 0, 0, time.monotonic()
        for _ in range(2000):
            game = stored(db_path)
            if game["status"] == "over":
                break
            if time.monotonic() - began > 150:
                break
            state = await a.state()
            if state.get("prompt") and int(state.get("version", -1)) >= game["version"]:
                answer = await click_a_move(a)
                if answer is not None:
                    if answer["kind"] == "done":
                        page_moves += 1
                    else:
                        refused += 1  # bob's DM move landed first: the page's next frame has the new prompt
                    continue
            if found := live_dm_prompt(fake, db_path, "raven", bob):
                if not await dm_move(fake, bob, *found):
                    refused += 1
                continue
            await asyncio.sleep(0.05)

        game = stored(db_path)
        # bob's moves are his seat's in the stored action log (a click answered "deferred" is not one by itself)
        bob_seat = next(s["seat"] for s in json.loads(game["seats"]) if s["user_id"] == bob.id)
        dm_moves = sum(1 for a in game["actions"] if a["seat"] == bob_seat)
        assert game["status"] == "over", (page_moves, dm_moves, refused)
        await fake.wait_quiet()
        print(f"Raven (short) to its end: {page_moves} moves in the Activity, {dm_moves} from DMs, "
              f"{refused} refused as stale, "
              f"in {time.monotonic() - began:.0f} s")
        assert page_moves >= 10 and dm_moves >= 10 and refused <= 3
        assert fake.oauth.exchanges == 2, "one sign-in per page"

        # Both doors show the same end.
        def chat_end() -> list[str]:
            return [json.dumps(m, ensure_ascii=False) for m in fake.messages(games) if "Game over" in json.dumps(m)]
        await fake.wait_until(lambda: chat_end() and any("🏁" in json.dumps(m, ensure_ascii=False)
                                                         for m in fake.messages(games)),
                              timeout=20, what="the chat board's end")
        assert pending_prompt(fake, [bob]) is None and not [m for m in fake.dm_messages(bob)
                                                             if any(True for _ in iter_components(m.get("components")))
                                                             and "rk:a:" in json.dumps(m)]
        for page in (a, c):
            await fake.wait_until(lambda: frames(page) and frames(page)[-1]["over"], timeout=20,
                                  what=f"{page.user.username}'s last frame")
        last_a, last_c = frames(a)[-1], frames(c)[-1]
        assert last_a["version"] == last_c["version"] == game["version"]
        assert last_a["board"] == last_c["board"], "the player and the spectator see the same final board"
        # the page's end line is the chat board's (both from render.waiting on the same, final, version)
        assert last_a["turn"].startswith("🏁") and last_a["status"] == "over"
        assert any(last_a["turn"] in json.dumps(m, ensure_ascii=False) for m in fake.messages(games)), last_a["turn"]
        # then the lobby, to open another game, over the finished game's board
        await a.wait_for("r => r.dataset.view === 'lobby' && !document.getElementById('play').hidden")
        assert await a.frame.locator("button.lobby-open").count() > 0

        # Nothing leaks: the spectator's page only watched, and no frame it got carries a hidden card.
        seen = frames(c)
        for frame in seen:
            assert frame["me"]["seat"] is None and frame["choices"] is None and frame["cards"] is None
        assert audit([{k: v for k, v in f.items() if k != "me"} for f in seen], game) >= 10
        assert not [m for m in c.received if m.get("kind") not in ("frame", "lobby")], "the spectator only watched"
    assert CLIENT_SECRET not in bot.output() and "Traceback" not in bot.output()
