"""Smoke tests of the fake Discord with a real discord.py bot process (tests/e2e/minibot.py)."""
import aiohttp
import pytest

from tests.e2e.conftest import MINIBOT

pytestmark = pytest.mark.e2e


async def test_slash_click_survive_sigkill(fake_discord, start_bot):
    fake = fake_discord
    alice = await fake.add_user("alice")
    games = await fake.add_channel("games")
    bot = await start_bot(MINIBOT)
    await fake.wait_ready()

    hello = await fake.slash(alice, games, "demo", subcommand="hello", options={"start": 5})
    assert hello.callback_type == 4 and not hello.ephemeral
    assert hello.content == "Count is 5"
    board = hello.original
    assert fake.messages(games) == [board]
    button = fake.find_button(board, prefix="mini:count:")
    assert (button["custom_id"], button["label"]) == ("mini:count:5", "Count 5")
    dms = fake.dm_messages(alice)
    assert [m["content"] for m in dms] == ["Hello from minibot"]

    click = await fake.click(alice, board, button)
    assert click.callback_type == 7 and click.content == "Count is 6"
    assert [(m["content"], m["flags"] & 64) for m in click.followups] == [("You counted to 6", 64)]
    assert [m["content"] for m in fake.messages(games)] == ["Count is 6"]  # edited in place, ephemeral hidden
    assert fake.find_button(board, prefix="mini:count:")["custom_id"] == "mini:count:6"

    pick = await fake.select(alice, board, fake.find_select(board, prefix="mini:pick"), ["b"])
    assert (pick.content, pick.ephemeral) == ("You picked b", True)

    await bot.kill()
    assert not bot.alive
    await bot.start()
    await fake.wait_ready()
    assert fake.identify_count == 2

    again = await fake.click(alice, board, fake.find_button(board, prefix="mini:count:"))
    assert again.content == "Count is 7", "the old button must still work after SIGKILL + restart"
    assert again.texts == ["Count is 7", "You counted to 7"]
    ping = await fake.click(alice, dms[0], "mini:dm:ping")
    assert ping.content.startswith("pong (pid ") and str(bot.pid) in ping.content
    assert fake.dm_messages(alice)[-1] is ping.original
    assert fake.unknown_routes == [] and fake.errors == []
    assert "Traceback" not in bot.output()
    ids = [i.id for i in fake.interactions.values()]
    assert len(set(ids)) == len(ids) == 5
    assert len({i.token for i in fake.interactions.values()}) == 5


async def test_dm_closed_and_permissions(fake_discord, start_bot):
    fake = fake_discord
    games = await fake.add_channel("games")
    bot = await start_bot(MINIBOT)
    await fake.wait_ready()
    # Added after the bot connected: announced on the gateway.
    bob = await fake.add_user("bob", dm_closed=True)
    boss = await fake.add_user("boss", admin=True)

    hello = await fake.slash(bob, games, "demo", subcommand="hello")
    assert hello.content == "Count is 0"
    assert [(m["content"], m["flags"] & 64) for m in hello.followups] == [("I could not DM you", 64)]
    assert fake.dm_messages(bob) == []
    assert [(e["status"], e["code"]) for e in fake.errors] == [(403, 50007)]

    denied = await fake.slash(bob, games, "demo", subcommand="admin")
    assert (denied.content, denied.ephemeral) == ("You need Manage Server", True)
    allowed = await fake.slash(boss, games, "demo", subcommand="admin")
    assert (allowed.content, allowed.ephemeral) == ("admin ok", True)
    assert [m["content"] for m in fake.messages(games)] == ["Count is 0"]

    deep = await fake.slash(bob, games, "demo", subcommand="more deep", options={"who": boss})
    assert deep.content == "deep boss admin=True"
    hand = await fake.slash(bob, games, "demo", subcommand="hand")
    assert hand.ephemeral and hand.content == "Your hand"
    with pytest.raises(AssertionError, match="cannot see ephemeral"):
        await fake.click(boss, hand.original, fake.find_button(hand.original, label="Play"))
    played = await fake.click(bob, hand.original, fake.find_button(hand.original, label="Play"))
    assert played.callback_type == 7 and played.original is hand.original
    assert (hand.content, hand.components, hand.ephemeral) == ("Played", [], True)
    assert [m["content"] for m in fake.messages(games)] == ["Count is 0", "deep boss admin=True"]

    assert await fake.autocomplete(bob, games, "demo", "pick", {"fruit": "ap"}, focused="fruit") == [
        {"name": "apple", "value": "apple"}, {"name": "apricot", "value": "apricot"}]
    with pytest.raises(AssertionError, match="unknown"):
        await fake.slash(bob, games, "demo", subcommand="hello", options={"nope": 1})
    with pytest.raises(AssertionError, match="no subcommand"):
        await fake.slash(bob, games, "demo", subcommand="bye")
    assert "Traceback" not in bot.output()


async def test_defer_modal_and_member_chunks(fake_discord, start_bot):
    fake = fake_discord
    alice = await fake.add_user("alice")
    games = await fake.add_channel("games")
    bot = await start_bot(MINIBOT, env={"MINIBOT_MEMBERS": "1"})
    await fake.wait_ready()
    chunk_requests = [f["d"] for f in fake.gateway_received if f["op"] == 8]
    assert chunk_requests and chunk_requests[0]["nonce"], "members intent: discord.py asks for a member chunk"
    assert (await fake.slash(alice, games, "demo", subcommand="members")).content == "2 members"
    await fake.add_user("late")  # GUILD_MEMBER_ADD reaches the bot's cache
    assert (await fake.slash(alice, games, "demo", subcommand="members")).content == "3 members"

    slow = await fake.slash(alice, games, "demo", subcommand="slow")
    assert slow.callback_type == 5 and slow.texts == ["slow done", "second"]
    assert slow.original["flags"] == 0 and not slow.ephemeral
    assert [m["content"] for m in fake.messages(games)] == ["slow done", "second"]
    private = await fake.slash(alice, games, "demo", subcommand="slow", options={"private": True})
    assert private.ephemeral and private.texts == ["slow done", "second"]
    assert private.followups[0]["flags"] & 64 == 0  # a followup without ephemeral=True is public
    assert len(fake.messages(games)) == 3

    ask = await fake.slash(alice, games, "demo", subcommand="ask")
    assert ask.callback_type == 9 and ask.modal["title"] == "Question"
    said = await fake.submit_modal(alice, ask, {"mini:answer": "forty-two"})
    assert (said.content, said.ephemeral) == ("You said forty-two", True)

    await fake.slash(alice, games, "demo", subcommand="hello")
    dm = fake.dm_messages(alice)[0]
    later = await fake.click(alice, dm, fake.find_button(dm, label="Later"))
    assert later.callback_type == 6 and later.original is dm
    assert (dm["content"], dm["components"]) == ("Edited later", [])
    assert fake.errors == [] and fake.unknown_routes == []
    assert "Traceback" not in bot.output()


async def test_resume_and_invalid_session(fake_discord, start_bot):
    fake = fake_discord
    alice = await fake.add_user("alice")
    games = await fake.add_channel("games")
    await start_bot(MINIBOT)
    await fake.wait_ready()

    await fake.drop_gateway()
    await fake.wait_until(lambda: fake.resume_count == 1 and fake.connected, 10, "a RESUME")
    assert fake.identify_count == 1
    assert (await fake.slash(alice, games, "demo", subcommand="hello")).content == "Count is 0"

    fake.invalidate_sessions()
    fake.expect_identify()
    await fake.drop_gateway()
    await fake.wait_ready(timeout=15)  # discord.py waits 5 s before re-identifying
    assert fake.identify_count == 2
    assert (await fake.slash(alice, games, "demo", subcommand="hello", options={"start": 2})).content == "Count is 2"


async def test_unknown_route_is_recorded(fake_discord):
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake_discord.api_base}/guilds/1/bans") as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
        async with http.get(f"{fake_discord.api_base}/users/@me") as resp:
            assert resp.status == 401, "no token, no login"
        auth = {"Authorization": f"Bot {fake_discord.token}"}
        async with http.get(f"{fake_discord.api_base}/users/@me", headers=auth) as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["id"] == str(fake_discord.bot.id)
    assert fake_discord.unknown_routes == ["GET /guilds/1/bans"]
    fake_discord.unknown_routes.clear()  # seen: the fixture would fail this test for it
