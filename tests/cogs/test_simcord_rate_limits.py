"""simcord's requests pass through tests/simcord_hook.py, so the e2e fake's rate limiter counts them there
too (always) and enforces Discord's limits when a test asks (`rate_limits(env, RateLimits(...))`): the
global bucket refuses with Discord's 429, discord.py's own request code waits it out, interaction answers
are exempt, and invalid requests are counted in Discord's window."""
import asyncio
import time

import discord
import pytest
from discord.http import handle_message_parameters

from tests.e2e.fake_discord.ratelimits import RateLimits
from tests.simcord_hook import faults, rate_limiter, rate_limits
from tests.support.components import text_of


async def send(env, channel, text="hello"):
    with handle_message_parameters(content=text) as params:
        return await env.bot.http.send_message(channel.id, params=params)


async def test_every_request_is_counted_and_errors_are_invalid_requests(simcord_env):
    env = simcord_env
    channel = env.create_guild().create_text_channel("games")
    before = rate_limiter(env).stats()["requests"]
    await send(env, channel)
    faults(env).fail("POST", "/channels/*/messages", status=429, retry_after=0.05)
    await send(env, channel)  # a 429, waited out, then sent: two requests
    faults(env).fail("POST", "/channels/*/messages", status=403, code=50013)
    with pytest.raises(discord.Forbidden):
        await send(env, channel)
    stats = rate_limiter(env).stats()
    assert stats["requests"] - before == 4
    assert stats["routes"]["messages.create"] == {"requests": 4, "429": 1}
    assert (stats["429_other"], stats["429_global"], rate_limiter(env).invalid_requests()) == (1, 0, 2)
    assert [e.status for e in rate_limiter(env).log][-4:] == [200, 429, 200, 403]


async def test_the_global_bucket_is_enforced_and_discord_py_waits_it_out(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channels = [guild.create_text_channel(f"c{i}") for i in range(12)]
    limiter = rate_limits(env, RateLimits(global_per_second=5))
    started = time.monotonic()
    got = await asyncio.gather(*(send(env, c, f"to {c.name}") for c in channels))
    assert sorted(m["content"] for m in got) == sorted(f"to {c.name}" for c in channels)
    assert all(len(c.history()) == 1 for c in channels), "each sent once, after any 429"
    stats = limiter.stats()
    assert stats["429_global"] >= 1 and stats["429_route"] == 0
    assert limiter.invalid_requests() == stats["429_global"]
    assert time.monotonic() - started >= 0.9  # a whole global window was waited out


async def test_interaction_answers_are_exempt_from_the_global_bucket(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    limiter = rate_limits(env, RateLimits(global_per_second=1))
    await send(env, channel)  # the global bucket is empty for a second now
    started = time.monotonic()
    result = await ann.slash(channel, "game rules", game="raven")
    assert result.ephemeral and "Raven" in text_of(result.response)
    assert limiter.stats()["429_global"] == 0 and time.monotonic() - started < 0.9
    assert limiter.stats()["routes"]["interaction.callback"]["requests"] == 1
