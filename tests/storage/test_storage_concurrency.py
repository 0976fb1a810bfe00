"""Many games, lobbies, timers and config changes hitting storage at the same moment.

The bug this guards against: all tables share one connection, so a second game's transaction began inside
the first one's ("cannot start a transaction within a transaction") and three clicks of four went unanswered.
Each scenario runs on SQLite, on SQLite with every storage call also yielding to the event loop before and
after (so that calls interleave as much as they can), and on PostgreSQL (skipped, saying why, where it can't
start).
"""
import asyncio
import itertools

import pytest

import tests.support.toygame  # noqa: F401
from tests.support.clock import Clock
from bot.storage import DuplicateInteraction, GuildConfig, Storage
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor
from bot.errors import Refusal

GAMES, CLICKS = 8, 5   # 5 clicks always fit: a 3-round toy game needs 6 human picks before it can end


class Yielding:
    """Wraps a Storage so every call gives other coroutines a chance to run before and after it."""

    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):
        target = getattr(self._inner, name)
        if not asyncio.iscoroutinefunction(target):
            return target

        async def call(*args, **kwargs):
            await asyncio.sleep(0)
            result = await target(*args, **kwargs)
            await asyncio.sleep(0)
            return result

        return call


@pytest.fixture(scope="module")
def pg_cluster():
    from tests.storage import pgcluster

    cluster, why_not = pgcluster.start()
    if cluster is None:
        pytest.skip(why_not)
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "sqlite-yielding", "postgres"])
async def world(request, tmp_path):
    """PostgreSQL runs the same scenarios with real concurrency: a pool, awaits inside every transaction."""
    if request.param == "postgres":
        path = request.getfixturevalue("pg_cluster").new_database()
    else:
        path = str(tmp_path / "c.sqlite3")
    store = await Storage.open(path)
    clock = Clock()
    service = TableService(Yielding(store) if request.param == "sqlite-yielding" else store, clock)
    yield path, store, service, clock
    await store.close()


async def new_table(service, channel, humans=2, bots=1, turn=300):
    table = await Seating(service).create_lobby(1, channel, Actor(1000 + channel * 10, "Ann"), "toy", {"rounds": 3}, turn)
    for i in range(1, humans):
        await Seating(service).join(table, 1000 + channel * 10 + i, f"P{i}")
    for _ in range(bots):
        await Seating(service).add_bot(table)
    await service.start(table)
    return table


async def click(service, table, interaction_id):
    """What a button press does: under the table's lock, the first human seat that must act plays."""
    await asyncio.sleep(0)
    async with table.lock:
        seats = [s for s in table.pending() if not table.seat(s).is_bot]
        if not seats:
            return "nothing to do", interaction_id
        seat = seats[0]
        await service.act(table, seat, table.pending()[seat][0], interaction_id=interaction_id)
        return "applied", interaction_id


async def expire_all(service, table):
    async with table.lock:
        for seat in list(table.timers):
            await service.expire(table, seat)


async def assert_disk_matches_memory(path, service, tables):
    """Every table's log on disk numbers exactly its accepted actions, and replays to its state."""
    for table in tables:
        rows = await service.store.actions(table.id)
        assert [r["seq"] for r in rows] == list(range(table.version))
        assert await service.replay(table.id) == table.state.to_json()
    other = await Storage.open(path)  # what a restarted process would load
    try:
        for table in tables:
            row = await other.get_game(table.id)
            assert row["version"] == table.version and row["state"] == table.state.to_json()
            assert row["seats"][0]["moves"] == table.seats[0].moves
    finally:
        await other.close()


async def test_concurrent_clicks_in_many_games_are_each_applied_once(world):
    path, store, service, clock = world
    tables = await asyncio.gather(*(new_table(service, channel, turn=60) for channel in range(GAMES)))
    ids = itertools.count(1)
    clicks = [click(service, t, next(ids)) for t in tables for _ in range(CLICKS)]
    clock.now += 61  # every human's turn timer is due too, and fires in the middle of the clicks
    timers = [expire_all(service, t) for t in tables[: GAMES // 2]]
    lobbies = [new_table(service, 100 + n) for n in range(3)]
    # Other servers' settings change meanwhile (the lobbies above are in server 1, whose settings stay open).
    configs = [store.save_guild_config(GuildConfig(g, channel_ids=(g,), turn_seconds=60)) for g in range(10, 13)]
    everything = [*clicks, *timers, *lobbies, *configs]
    results = await asyncio.gather(*everything, return_exceptions=True)

    errors = [r for r in results if isinstance(r, BaseException)]
    assert errors == []
    answers = results[: len(clicks)]
    applied = [iid for outcome, iid in answers if outcome == "applied"]
    # Timers may have finished a game or two early, but the untouched half played every click.
    assert len(applied) >= (GAMES - GAMES // 2) * CLICKS
    recorded = [r["interaction_id"] for t in tables for r in await store.actions(t.id) if r["interaction_id"]]
    assert sorted(recorded) == sorted(applied), "every answered click is on disk exactly once"
    for t in tables[GAMES // 2:]:
        assert sum(s.moves for s in t.seats if not s.is_bot) == CLICKS
    await assert_disk_matches_memory(path, service, [*tables, *results[-6:-3]])
    assert [(await store.guild_config(g)).channel_ids for g in range(10, 13)] == [(10,), (11,), (12,)]


async def test_a_duplicate_in_one_game_does_not_disturb_the_others(world):
    path, store, service, _ = world
    tables = await asyncio.gather(*(new_table(service, channel) for channel in range(4)))
    before = [t.version for t in tables]
    # Two different games claim the same interaction id at the same moment, alongside two normal clicks.
    results = await asyncio.gather(
        click(service, tables[0], 77), click(service, tables[1], 77),
        click(service, tables[2], 78), click(service, tables[3], 79), return_exceptions=True,
    )
    assert sum(isinstance(r, DuplicateInteraction) for r in results) == 1
    assert sum(r == ("applied", 77) for r in results) == 1
    assert results[2:] == [("applied", 78), ("applied", 79)]
    # The refused game was put back exactly as it was on disk; the other three moved on.
    moved = [t.version > v for t, v in zip(tables, before)]
    assert sorted(moved[:2]) == [False, True] and moved[2:] == [True, True]
    await assert_disk_matches_memory(path, service, tables)


async def test_refused_moves_write_nothing_while_others_commit(world):
    path, store, service, _ = world
    tables = await asyncio.gather(*(new_table(service, channel) for channel in range(4)))

    async def bad(table):
        async with table.lock:
            with pytest.raises(Refusal):
                await service.act(table, "p1", {"type": "pick", "card": "nope"}, interaction_id=9000 + table.id)

    await asyncio.gather(*(bad(t) for t in tables[:2]), *(click(service, t, 500 + t.id) for t in tables[2:]))
    assert [t.version for t in tables[:2]] == [tables[0].version, tables[1].version]
    for t in tables[:2]:
        assert [r["interaction_id"] for r in await store.actions(t.id) if r["interaction_id"]] == []
    await assert_disk_matches_memory(path, service, tables)
