"""When Discord says no, the game goes on (issue 19 §5), with the real bot process and discord.py's own HTTP
client against the fake: a board edit answered 503 repairs itself within seconds though nobody moves; after
a 403 (the bot lost access to the channel) the board catches up as soon as the permission comes back (the
fake announces it on the gateway); nothing acknowledged is lost; the log has one line per failure and no
traceback."""
import sqlite3
import sys

import pytest

from tests.support.components import text_of
from tests.e2e.fake_discord import VIEW_CHANNEL
from tests.e2e.test_rookery_e2e import play, player_actions

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]


async def raven_table(fake, start_bot, tmp_path):
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    bot = await start_bot(ROOKERY, env={"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id),
                                        "ROOKERY_TIMER_POLL": "1"})
    await fake.wait_ready()
    lobby = (await fake.slash(alice, games, "game", subcommand="new", options={"game": "raven"})).original
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_until(lambda: fake.dm_messages(alice) and fake.dm_messages(bob), what="the hands")
    await fake.wait_quiet()
    return bot, db_path, games, (alice, bob)


def board(fake, games):
    return next(m for m in reversed(fake.messages(games)) if m.get("components"))


async def test_a_503_on_the_board_and_a_403_in_the_channel_lose_nothing_and_repair(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    bot, db_path, games, players = await raven_table(fake, start_bot, tmp_path)
    acked = await play(fake, players, 3)

    # A board edit answered 503 (discord.py does not retry a 503): the board repairs itself, nobody moves.
    before = text_of(board(fake, games))
    fake.fail("PATCH", f"/channels/{games.id}/messages/*", status=503, times=1)
    acked += await play(fake, players, 1)
    await fake.wait_until(lambda: text_of(board(fake, games)) != before, timeout=15,
                          what="the board repaired after a 503")

    # The bot loses sight of the channel (a moderator's overwrite): Discord answers 403 Missing Access to every
    # edit, and the board stays behind; it catches up as soon as the permission is back.
    await fake.wait_quiet()
    await fake.set_channel_permissions(games, deny=VIEW_CHANNEL)
    stale = text_of(board(fake, games))
    acked += await play(fake, players, 2)
    await fake.wait_quiet()
    assert text_of(board(fake, games)) == stale, "the channel refused the edits"
    await fake.set_channel_permissions(games)  # the overwrite removed
    await fake.wait_until(lambda: text_of(board(fake, games)) != stale, timeout=15,
                          what="the board caught up when the permission came back")

    assert player_actions(db_path) == acked, "every acknowledged move is on disk"
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT count(*) FROM games WHERE status = 'active'").fetchone() == (1,)
    output = bot.output()
    assert "Traceback" not in output
    assert output.count("the board message failed") >= 2, "one line per failure"
