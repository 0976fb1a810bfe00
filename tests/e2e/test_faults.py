"""The e2e fake's injected errors are what real Discord sends, so discord.py's own HTTP client reacts to them
as it would in production (the bot's recovery is tested elsewhere); and a change of the bot's permissions
is enforced and announced on the gateway."""
import asyncio
import json

import aiohttp
import discord
import pytest
from discord.http import Route, handle_message_parameters

from tests.e2e.fake_discord import SEND_MESSAGES

pytestmark = pytest.mark.e2e


@pytest.fixture
async def http(fake_discord, monkeypatch):
    """discord.py's real HTTP client, talking to the fake over loopback."""
    monkeypatch.setattr(Route, "BASE", fake_discord.api_base)
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake_discord.token)
    yield client
    await client.close()


async def send(http, channel, text="hello"):
    with handle_message_parameters(content=text) as params:
        return await http.send_message(channel.id, params=params)


def posts(fake, channel) -> int:
    return sum(1 for method, path, _ in fake.calls if method == "POST" and path == f"/channels/{channel.id}/messages")


async def test_a_429_is_waited_out_and_the_request_sent_again(fake_discord, http):
    fake = fake_discord
    games = await fake.add_channel("games")
    fake.fail("POST", "/channels/*/messages", status=429, retry_after=0.05, times=2)
    message = await send(http, games)
    assert [m["id"] for m in fake.messages(games)] == [message["id"]], "posted once, after two 429s"
    assert [(i.status, i.method) for i in fake.faults.injected] == [(429, "POST")] * 2
    assert posts(fake, games) == 3 and fake.faults.faults == [], "the fault is spent"


async def test_a_429_looks_like_discords(fake_discord):
    fake = fake_discord
    fake.fail("GET", "/channels/*", status=429, retry_after=2.5, times=None)
    async with aiohttp.ClientSession() as session:
        for _ in range(2):  # until cleared
            async with session.get(f"{fake.api_base}/channels/1") as response:
                assert response.status == 429
                assert json.loads(await response.read()) == {
                    "message": "You are being rate limited.", "retry_after": 2.5, "global": False}
                headers = response.headers
                assert headers["Content-Type"] == "application/json" and headers["Via"]
                assert headers["Retry-After"] == "3" and headers["X-RateLimit-Remaining"] == "0"
                assert headers["X-RateLimit-Reset-After"] == "2.500" and headers["X-RateLimit-Scope"] == "user"
                assert {"X-RateLimit-Limit", "X-RateLimit-Reset", "X-RateLimit-Bucket"} <= set(headers)
        fake.faults.clear()
        async with session.get(f"{fake.api_base}/channels/1") as response:
            assert response.status == 404, "cleared: the fake answers as usual (no such channel)"


async def test_discord_py_raises_what_each_status_means(fake_discord, http):
    fake = fake_discord
    games = await fake.add_channel("games")
    fake.fail("POST", f"/channels/{games.id}/messages", status=403, code=50007,
              message="Cannot send messages to this user")
    with pytest.raises(discord.Forbidden) as refused:
        await send(http, games)
    assert (refused.value.status, refused.value.code, refused.value.text) == (
        403, 50007, "Cannot send messages to this user")

    fake.fail("POST", f"/channels/{games.id}/messages", status=403)
    with pytest.raises(discord.Forbidden) as refused:
        await send(http, games)
    assert (refused.value.code, refused.value.text) == (50013, "Missing Permissions")

    message = await send(http, games)
    fake.fail("PATCH", "/channels/*/messages/*", status=404)
    with pytest.raises(discord.NotFound) as missing:
        with handle_message_parameters(content="edit") as params:
            await http.edit_message(games.id, message["id"], params=params)
    assert missing.value.code == 10008
    fake.fail("GET", "/channels/*", status=404, code=10003, message="Unknown Channel")
    with pytest.raises(discord.NotFound) as missing:
        await http.get_channel(games.id)
    assert (missing.value.code, missing.value.text) == (10003, "Unknown Channel")

    fake.fail("POST", "/channels/*/messages", status=503)
    with pytest.raises(discord.DiscordServerError) as down:
        await send(http, games)  # discord.py does not retry a 503
    assert down.value.status == 503 and posts(fake, games) == 4

    fake.fail("POST", "/channels/*/messages", status=400, code=50006, message="Cannot send an empty message")
    with pytest.raises(discord.HTTPException) as bad:
        await send(http, games)
    assert (bad.value.status, bad.value.code) == (400, 50006)
    assert [(i.status, i.code) for i in fake.faults.injected] == [
        (403, 50007), (403, 50013), (404, 10008), (404, 10003), (503, 0), (400, 50006)]


async def test_a_502_is_retried_by_discord_py(fake_discord, http):
    fake = fake_discord
    games = await fake.add_channel("games")
    fake.fail("POST", "/channels/*/messages", status=502)  # the edge's HTML page; discord.py retries after 1 s
    await send(http, games)
    assert len(fake.messages(games)) == 1 and posts(fake, games) == 2


async def test_a_permission_change_is_enforced_and_announced(fake_discord, http):
    fake = fake_discord
    games = await fake.add_channel("games")
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 0, "properties": {}}})
        events = []

        async def until(name: str) -> dict:
            while True:
                frame = await asyncio.wait_for(ws.receive_json(), 5)
                events.append(frame["t"])
                if frame["t"] == name:
                    return frame["d"]

        await until("GUILD_CREATE")
        await fake.set_channel_permissions(games, deny=SEND_MESSAGES)
        update = await until("CHANNEL_UPDATE")
        assert update["permission_overwrites"] == [
            {"id": str(fake.bot.id), "type": 1, "allow": "0", "deny": str(SEND_MESSAGES)}]
        with pytest.raises(discord.Forbidden) as refused:
            await send(http, games)
        assert refused.value.code == 50013
        await fake.set_channel_permissions(games)
        assert (await until("CHANNEL_UPDATE"))["permission_overwrites"] == []
        await send(http, games)

        await fake.set_bot_permissions(0)  # the role loses everything, @everyone still sends
        role = (await until("GUILD_ROLE_UPDATE"))["role"]
        assert role["id"] == str(fake.bot.role_ids[0]) and role["permissions"] == "0"
    assert len(fake.messages(games)) == 1
