"""What a click's commit stores, on both backends: exactly the row a full rewrite of the game would store.

The SQLite commit leaves out what it knows is stored already (the status: see SqliteStorage._status); these
tests hold it to the same rows as before, whatever the order of changes, failures and restarts.
"""
import random

import pytest

from bot.service import seat_records
from bot.storage import DuplicateInteraction, Storage
from bot.storage.sqlite import _dump
from bot.table import Actor
from bot.seating import Seating
from bot.service import TableService


async def a_game(store, channel=5, status="active"):
    return await store.create_game(guild_id=1, channel_id=channel, game_key="toy", status=status, host_id=1,
                                   options={}, turn_seconds=60, seed=3, seats=[], state={"n": 0}, logs={})


async def status_of(store, game):
    return (await store.get_game(game))["status"]


async def test_a_commit_stores_the_status_it_is_given_after_any_other_write(store):
    game = await a_game(store)
    await store.record_actions(game, [("p1", {"n": 1}, "player", None)], 0, status="active", version=1)
    assert await status_of(store, game) == "active"
    await store.update_game(game, status="paused")          # another write changes it...
    await store.record_actions(game, [("p1", {"n": 2}, "player", None)], 1, status="active", version=2)
    assert await status_of(store, game) == "active"         # ...so the commit must write it back
    await store.record_actions(game, [("p1", {"n": 3}, "player", None)], 2, status="over", version=3)
    assert await status_of(store, game) == "over" and await store.live_game_in(5) is None


async def test_a_failed_commit_leaves_the_status_to_be_written_by_the_next(store):
    game = await a_game(store)
    await store.record_actions(game, [("p1", {"n": 1}, "player", 10)], 0, status="active", version=1)
    with pytest.raises(DuplicateInteraction):
        await store.record_actions(game, [("p1", {"n": 2}, "player", 10)], 1, status="over", version=2)
    assert await status_of(store, game) == "active"
    await store.record_actions(game, [("p1", {"n": 2}, "player", 11)], 1, status="over", version=2)
    assert await status_of(store, game) == "over"


async def test_a_new_process_writes_the_status_it_did_not_write_itself(target):
    first = await Storage.open(target)
    game = await a_game(first, status="lobby")
    await first.close()
    second = await Storage.open(target)
    try:
        await second.record_actions(game, [("p1", {"n": 1}, "player", None)], 0, status="active", version=1)
        assert await status_of(second, game) == "active" and (await second.live_game_in(5))["id"] == game
    finally:
        await second.close()


async def stored_columns(store, game_id):
    sql = "SELECT status, seats, state, version, timers, logs FROM games WHERE id = " + (
        "$1" if "postgres" in type(store).__name__.lower() else "?")
    ((status, seats, state, version, timers, logs),) = await store.db.execute_fetchall(sql, (game_id,))
    return status, seats, state, version, timers, logs


@pytest.mark.parametrize("humans", [4, 1])
async def test_every_click_of_a_whole_game_stores_what_a_fresh_encoding_gives(store, humans):
    """Over a whole random Raven game, after each click the games row holds, byte for byte, the encoding
    of the table as it is in memory: the state as a fresh to_json() gives it, seats, timers and logs."""
    service = TableService(store)
    rng = random.Random(humans)
    table = await Seating(service).create_lobby(1, 1, Actor(1, "P1"), "raven", None, 300)
    for n in range(2, humans + 1):
        await Seating(service).join(table, n, f"P{n}")
    for _ in range(4 - humans):
        await Seating(service).add_bot(table)
    await service.start(table)
    clicks = 0
    while table.status == "active":
        seat = next(s for s in table.pending() if not table.seat(s).is_bot)
        await service.act(table, seat, rng.choice(table.pending()[seat]), interaction_id=clicks + 1)
        clicks += 1
        expected = (table.status, _dump(seat_records(table)), _dump(table.state.to_json()), table.version,
                    _dump(table.timers), _dump(table.logs))
        assert await stored_columns(store, table.id) == expected
    assert table.status == "over" and clicks > 20
    assert await service.replay(table.id) == table.state.to_json()
