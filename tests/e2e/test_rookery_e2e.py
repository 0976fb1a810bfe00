"""The real Rookery process against the fake Discord: a game survives SIGKILL mid-hand with nothing lost."""
import asyncio
import sqlite3
import sys

import pytest

from bot.storage import Storage
from bot.service import TableService
from tests.cogs.test_command_payload import assert_server_only, synced_commands
from tests.support.components import iter_components

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]


def pending_prompt(fake, users):
    """(user, message, component) for a human whose DM shows choices now, else None."""
    for user in users:
        dms = fake.dm_messages(user)
        if not dms:
            continue
        message = dms[-1]
        for comp in iter_components(message.get("components")):
            if comp.get("custom_id", "").startswith(("rk:a:", "rk:s:")):
                return user, message, comp
    return None


async def play(fake, users, moves):
    """Make `moves` accepted moves through DM components; returns how many the bot acknowledged."""
    acked = 0
    for _ in range(moves):
        found = None
        for _ in range(50):
            found = pending_prompt(fake, users)
            if found:
                break
            await asyncio.sleep(0.05)
        assert found, "no human has a prompt: the game looks stuck"
        user, message, comp = found
        # Click only once the bot is quiet (discord-testing.md pitfall 7); a table still busy republishing
        # after a restart answers with a deferred update (type 6) and applies the move right after.
        await fake.wait_quiet()
        if comp["type"] == 2:
            result = await fake.click(user, message, comp)
        else:
            result = await fake.select(user, message, comp, [comp["options"][0]["value"]])
        assert result.callback_type in (6, 7), f"move not accepted: {result.texts}"
        if result.callback_type == 6:
            await fake.wait_quiet()  # the deferred move is applied and its prompt edited before the next one
        acked += 1
    return acked


def player_actions(db_path):
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT count(*) FROM actions WHERE source = 'player'").fetchone()[0]


async def test_sigkill_mid_hand_loses_nothing(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0"}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    assert_server_only(synced_commands(fake.calls))  # the real process's PUT …/guilds/{id}/commands body

    new = await fake.slash(alice, games, "game", subcommand="new", options={"game": "raven"})
    lobby = new.original
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    # A quiet spell alone is not enough on a busy machine: the start's DMs may come after 150 ms of work.
    await fake.wait_until(lambda: fake.dm_messages(alice) and fake.dm_messages(bob), what="both humans' hand DMs")
    await fake.wait_quiet()

    acked = await play(fake, [alice, bob], 10)
    await bot.kill()                              # SIGKILL mid-hand, right after the last answer
    assert player_actions(db_path) == acked, "every acknowledged move is on disk"
    store = await Storage.open(db_path)
    service = TableService(store)
    (table,) = await service.restore()
    assert table.status == "active" and not table.state.over
    assert await service.replay(table.id) == table.state.to_json(), "log + seed replay to the stored state"
    version_at_kill = table.version
    await store.close()

    await bot.start()
    await fake.wait_ready()
    acked += await play(fake, [alice, bob], 6)    # the DM messages (and buttons) from before the kill
    assert player_actions(db_path) == acked
    store = await Storage.open(db_path)
    row = await store.get_game(table.id)
    assert row["version"] > version_at_kill
    await store.close()
    assert fake.unknown_routes == []
    assert "Traceback" not in bot.output()


async def test_a_raven_only_process_offers_raven_and_keeps_a_black_rose_table(fake_discord, start_bot, tmp_path):
    """ROOKERY_GAMES=raven: /game new offers only Raven, and a Black Rose Wars table restored from the
    database answers that it is unavailable, its row untouched."""
    fake = fake_discord
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0"}
    every = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    lobby = (await fake.slash(alice, games, "game", subcommand="new", options={"game": "blackrose"})).original
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_until(lambda: fake.dm_messages(alice) and fake.dm_messages(bob), what="both humans' hand DMs")
    await fake.wait_quiet()
    await every.kill()
    store = await Storage.open(db_path)
    (before,) = await store.live_games()
    await store.close()

    raven = await start_bot(ROOKERY, env={**env, "ROOKERY_GAMES": "raven"})
    await fake.wait_ready()
    await fake.wait_quiet()
    (game,) = synced_commands(fake.calls)
    new = next(o for o in game["options"] if o["name"] == "new")
    offered = [c["value"] for o in new["options"] if o["name"] == "game" for c in o.get("choices", [])]
    assert offered == ["raven"]
    user, message, comp = pending_prompt(fake, [alice, bob])
    if comp["type"] == 2:
        answer = await fake.click(user, message, comp)
    else:
        answer = await fake.select(user, message, comp, [comp["options"][0]["value"]])
    assert any("doesn't run Black Rose Wars right now" in t for t in answer.texts), answer.texts
    await fake.wait_quiet()
    store = await Storage.open(db_path)
    assert (await store.live_games())[0] == before, "the table's row is untouched"
    await store.close()
    assert "Traceback" not in raven.output()
