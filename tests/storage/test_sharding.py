"""Two shards on one PostgreSQL, in one test process: each restores only its servers' games, a move shard 0
applies to another shard's game (a DM click) reaches the owner, and racing moves apply exactly once."""
import asyncio

import pytest

from bot import sharding
from bot.config import Settings
from bot.storage import Storage
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor

GUILD_OF_SHARD = {0: 2 << 22, 1: 1 << 22}  # (guild_id >> 22) % 2 picks the shard


class Shard:
    """What bot/app.py builds for one shard, without Discord."""

    def __init__(self, store, shard_id):
        self.settings = Settings(database_url=store.url, shard_count=2, shard_ids=(shard_id,))
        self.store, self.service = store, TableService(store)


async def a_shard(url, shard_id):
    store = await Storage.open(url)
    sharding.serve_own_shards(store, Settings(database_url=url, shard_count=2, shard_ids=(shard_id,)))
    return Shard(store, shard_id)


async def started_game(service, guild, channel):
    table = await Seating(service).create_lobby(guild, channel, Actor(100, "Ann"), "toy", {"rounds": 3}, 300)
    await Seating(service).join(table, 101, "Ben")
    await service.start(table)
    return table


async def until(predicate, timeout=20.0):  # generous: CI runs on 2 busy cores
    for _ in range(int(timeout / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_shard_settings():
    assert sharding.shard_of(GUILD_OF_SHARD[1], 2) == 1 and sharding.shard_of(GUILD_OF_SHARD[0], 2) == 0
    assert sharding.client_options(Settings()) == {}
    assert sharding.client_options(Settings(shard_count=3, shard_ids=(2,))) == {"shard_id": 2, "shard_count": 3}
    with pytest.raises(ValueError, match="ROOKERY_DATABASE_URL"):
        Settings.from_env({"ROOKERY_SHARD_COUNT": "2", "ROOKERY_SHARD_IDS": "1"})
    with pytest.raises(ValueError, match="0 to 1"):
        Settings.from_env({"ROOKERY_SHARD_COUNT": "2", "ROOKERY_SHARD_IDS": "2",
                           "ROOKERY_DATABASE_URL": "postgresql://x"})


async def test_each_shard_restores_only_its_servers_games(pg_cluster):
    url = pg_cluster.new_database()
    setup = TableService(await Storage.open(url))
    ids = {shard: (await started_game(setup, guild, 10 + shard)).id for shard, guild in GUILD_OF_SHARD.items()}
    await setup.store.close()
    shards = [await a_shard(url, n) for n in (0, 1)]
    try:
        for n, shard in enumerate(shards):
            assert [t.id for t in await shard.service.restore()] == [ids[n]]
    finally:
        for shard in shards:
            await shard.store.close()


async def test_a_dm_click_applied_by_shard_0_reaches_the_owning_shard(pg_cluster):
    url = pg_cluster.new_database()
    zero, one = await a_shard(url, 0), await a_shard(url, 1)
    try:
        owned = await started_game(one.service, GUILD_OF_SHARD[1], 11)
        owned.board_shown = "v2:the board before shard 0's move"  # what the owner remembers, not stored
        sync = await sharding.follow_other_shards(one)
        # shard 0 gets the DM click: it doesn't hold the game, so it loads it from the database and acts
        foreign = await zero.service.get(owned.id)
        assert foreign is not owned and owned.id not in zero.service.tables
        seat, legal = next(iter(foreign.pending().items()))
        await zero.service.act(foreign, seat, legal[0], interaction_id=9001)
        await until(lambda: sync.reloads == 1)
        assert owned.version == foreign.version == 1 and owned.state.to_json() == foreign.state.to_json()
        # shard 0 published the board after its move: the owner now holds what the database says it shows
        assert owned.board_shown != "v2:the board before shard 0's move"
        # the owner carries on from there: its next move is accepted
        seat, legal = next(iter(owned.pending().items()))
        async with owned.lock:
            await one.service.act(owned, seat, legal[0], interaction_id=9002)
        assert [a["interaction_id"] for a in await one.store.actions(owned.id)] == [9001, 9002]
        assert await one.service.replay(owned.id) == owned.state.to_json()
    finally:
        await zero.store.close()
        await one.store.close()


async def locked(table, move):
    async with table.lock:
        return await move


async def test_racing_moves_on_two_shards_apply_exactly_once(pg_cluster):
    url = pg_cluster.new_database()
    zero, one = await a_shard(url, 0), await a_shard(url, 1)
    try:
        owned = await started_game(one.service, GUILD_OF_SHARD[1], 12)
        await sharding.follow_other_shards(one)
        for round_ in range(3):
            before = (await one.store.get_game(owned.id))["version"]
            foreign = await zero.service.get(owned.id)
            seat, legal = next(iter(owned.pending().items()))
            # Each shard holds its own table's lock, as every caller of act must: a reload of a change
            # announced earlier then waits for this move instead of overwriting it halfway through.
            results = await asyncio.gather(
                locked(owned, one.service.act(owned, seat, legal[0], interaction_id=100 + 2 * round_)),
                locked(foreign, zero.service.act(foreign, seat, legal[0], interaction_id=101 + 2 * round_)),
                return_exceptions=True)
            # Exactly one move lands. The other is refused whole: StaleGame when both copies raced to the
            # commit, or RuleRefusal when the owner's copy took in shard 0's committed move (a reload queued by
            # an earlier round's announcement) before its own try, which the same seat then cannot repeat.
            kinds = sorted(type(r).__name__ for r in results)
            assert kinds in (["Outcome", "StaleGame"], ["Outcome", "RuleRefusal"]), kinds
            row = await one.store.get_game(owned.id)
            assert row["version"] == before + 1
            await until(lambda: owned.version == row["version"])
        log = await one.store.actions(owned.id)
        assert [a["seq"] for a in log] == list(range(len(log)))
        assert len(log) == (await one.store.get_game(owned.id))["version"]
        assert await one.service.replay(owned.id) == owned.state.to_json()
    finally:
        await zero.store.close()
        await one.store.close()
