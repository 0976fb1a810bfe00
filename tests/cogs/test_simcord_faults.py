"""simcord's injected errors (tests/simcord_hook.py `faults(env)`) reach the bot the way real Discord's do:
discord.py's own request code meets them, so it waits out a 429 and sends again, retries a 500, raises
DiscordServerError on a 503 and Forbidden/NotFound with Discord's codes. (The bot's recovery is tested
elsewhere: these test the fake.)"""
import discord
import pytest
from discord.http import handle_message_parameters

from tests.simcord_hook import faults
from tests.support.components import text_of


async def send(env, channel, text="hello"):
    with handle_message_parameters(content=text) as params:
        return await env.bot.http.send_message(channel.id, params=params)


def posts(env, channel) -> int:
    return sum(1 for e in env.backend.http_requests if e.method == "POST" and e.path == f"/channels/{channel.id}/messages")


async def test_a_429_is_waited_out_and_the_request_sent_again(simcord_env):
    env = simcord_env
    channel = env.create_guild().create_text_channel("games")
    faults(env).fail("POST", "/channels/*/messages", status=429, retry_after=0.05, times=2)
    message = await send(env, channel)
    assert [m.id for m in channel.history()] == [int(message["id"])], "posted once, after two 429s"
    assert [(i.method, i.status) for i in faults(env).injected] == [("POST", 429)] * 2
    assert posts(env, channel) == 1, "simcord saw only the request that got through"


async def test_each_status_is_what_discord_py_makes_of_it(simcord_env):
    env = simcord_env
    channel = env.create_guild().create_text_channel("games")
    plan = faults(env)
    plan.fail("POST", "/channels/*/messages", status=403, code=50007, message="Cannot send messages to this user")
    with pytest.raises(discord.Forbidden) as refused:
        await send(env, channel)
    assert (refused.value.code, refused.value.text) == (50007, "Cannot send messages to this user")
    plan.fail("POST", "/channels/*/messages", status=503)
    with pytest.raises(discord.DiscordServerError):
        await send(env, channel)
    plan.fail("GET", f"/channels/{channel.id}", status=404, code=10003, message="Unknown Channel")
    with pytest.raises(discord.NotFound) as missing:
        await env.bot.http.get_channel(channel.id)
    assert missing.value.code == 10003
    plan.fail("POST", "/channels/*/messages", status=500)  # discord.py retries a 500 after a second
    await send(env, channel)
    assert len(channel.history()) == 1
    assert [(i.status, i.code) for i in plan.injected] == [(403, 50007), (503, 0), (404, 10003), (500, 0)]


async def test_an_interaction_answer_meeting_a_429_still_lands(simcord_env):
    """The webhook adapter's path (interaction callbacks): Discord's 429 carries Via, so it is waited out."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    faults(env).fail("POST", "/interactions/*/*/callback", status=429, retry_after=0.05)
    result = await ann.slash(channel, "game rules", game="raven")
    assert result.ephemeral and "Raven" in text_of(result.response)
    assert [(i.status, i.path.endswith("/callback")) for i in faults(env).injected] == [(429, True)]
