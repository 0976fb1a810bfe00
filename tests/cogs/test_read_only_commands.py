"""Bad input changes nothing (issue 32): a command from a server the bot is not in (a forged or stale
interaction: the bot was removed from it) gets an answer and stores nothing, and no read-only command
writes the server's settings."""
from __future__ import annotations

import sqlite3

import pytest

from tests.support.components import text_of

READ_ONLY = [("game status", {}), ("game hand", {}), ("game history", {}), ("game stats", {}),
             ("game rules", {"game": "raven"})]


def rows(db_path: str, table: str) -> int:
    with sqlite3.connect(db_path) as db:
        return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def stranger_server(env):
    """A server with a member and a channel, which the bot's cache does not know (it left it)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(env.create_user("eve"))
    env.bot._connection._remove_guild(env.bot.get_guild(guild.id))
    assert env.bot.get_guild(guild.id) is None
    return guild, channel, member


async def test_game_status_from_a_server_the_bot_is_not_in_is_answered_and_stores_nothing(simcord_env, db_path):
    env = simcord_env
    guild, channel, eve = stranger_server(env)
    answer = await eve.slash(channel, "game status")
    assert answer.ephemeral and text_of(answer.response)
    assert rows(db_path, "guild_config") == 0, "a server the bot is not in got a settings row"
    assert rows(db_path, "members") == 0


@pytest.mark.parametrize("known", [False, True], ids=["stranger server", "bot's server"])
@pytest.mark.parametrize("name,options", READ_ONLY)
async def test_no_read_only_command_writes_server_settings(simcord_env, db_path, name, options, known):
    """Whether the bot is in the server or not: only /game config writes a server's settings (its Discord
    language is read from the gateway's cache, not stored by whichever command came first)."""
    env = simcord_env
    if known:
        guild = env.create_guild(preferred_locale="de")
        channel = guild.create_text_channel("games")
        eve = guild.add_member(env.create_user("eve"))
    else:
        guild, channel, eve = stranger_server(env)
    answer = await eve.slash(channel, name, **options)
    assert text_of(answer.response) or answer.response.attachments
    assert rows(db_path, "guild_config") == 0, f"/{name} wrote the server's settings"
