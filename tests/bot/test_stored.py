"""Restored tables decode their stored JSON when first read (bot/stored.py), invisibly: whatever reads a
restored table sees what an eager load would give; and the service's tables are indexed by channel."""
import pytest

import tests.support.toygame  # noqa: F401
from tests.support.clock import Clock
from bot import errors
from bot.seating import Seating
from bot.service import TableService
from bot.storage import Storage
from bot.storage import sqlite as sqlite_storage
from bot.stored import StoredTable, Tables
from bot.table import Actor, Seat, Table

DECODED_ON_READ = ("options", "seats", "state", "timers", "logs")


@pytest.fixture
async def world(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    store = await Storage.open(path)
    clock = Clock()
    yield path, store, TableService(store, clock), clock
    await store.close()


async def a_game(service, channel, moves=3):
    table = await Seating(service).create_lobby(1, channel, Actor(100, "Ann"), "toy", {"rounds": 3}, 300)
    await Seating(service).join(table, 101, "Bo")
    await service.start(table)
    for _ in range(moves):
        seat, legal = next(iter(table.pending().items()))
        await service.act(table, seat, legal[-1])
    return table


async def test_a_restored_table_decodes_each_column_when_first_read_and_equals_an_eager_load(world):
    path, store, service, clock = world
    played = await a_game(service, channel=10)
    restarted = TableService(await Storage.open(path), clock)
    (again,) = await restarted.restore()
    assert isinstance(again, StoredTable)
    assert not set(DECODED_ON_READ) & set(vars(again)), "nothing decoded before it is read"
    assert again.channel_id == 10 and again.version == played.version and again.status == "active"
    assert not set(DECODED_ON_READ) & set(vars(again)), "plain columns decode nothing"
    eager = restarted.from_row(await store.get_game(played.id))
    assert again.state.to_json() == eager.state.to_json() == played.state.to_json()
    assert set(vars(again)) & set(DECODED_ON_READ) == {"state"}, "reading the state decodes only the state"
    assert again.seats == eager.seats and again.timers == eager.timers and again.logs == eager.logs
    assert again.options == eager.options == {"rounds": 3}
    assert again._stored == {}, "the stored text is let go once decoded"
    assert again.state is again.state, "decoded once, then an ordinary attribute"
    await restarted.store.close()


async def test_a_restored_table_plays_on_and_its_moves_are_stored(world):
    path, store, service, clock = world
    played = await a_game(service, channel=10)
    restarted = TableService(await Storage.open(path), clock)
    (again,) = await restarted.restore()
    seat, legal = next(iter(again.pending().items()))
    async with restarted.locked(again, "active"):
        await restarted.act(again, seat, legal[-1])
    assert again.version == played.version + 1
    stored = await restarted.store.get_game(again.id)
    assert stored["state"] == again.state.to_json() and stored["version"] == again.version
    assert await restarted.replay(again.id) == again.state.to_json()
    await restarted.store.close()


async def test_a_field_set_before_it_was_read_keeps_the_value_set(world):
    path, store, service, clock = world
    await a_game(service, channel=10)
    restarted = TableService(await Storage.open(path), clock)
    (again,) = await restarted.restore()
    again.timers = {}
    again.seats = [Seat("p1", 7, "Cy")]
    assert again.timers == {} and [s.name for s in again.seats] == ["Cy"]
    await restarted.store.close()


async def test_timers_come_due_after_a_restart_without_decoding_any_state(world):
    path, store, service, clock = world
    await a_game(service, channel=10)
    await a_game(service, channel=11)
    restarted = TableService(await Storage.open(path), clock)
    tables = await restarted.restore()
    clock.now += 300
    assert {(d.table.channel_id, d.kind) for d in restarted.due(clock.now)} == {(10, "expire"), (11, "expire")}
    assert all("state" not in vars(t) for t in tables), "the timer pass reads the timers column only"
    await restarted.store.close()


async def test_the_restore_reads_in_batches_and_finds_each_channels_table(world, monkeypatch):
    path, store, service, clock = world
    monkeypatch.setattr(sqlite_storage, "RESTORE_BATCH", 2)
    games = [await a_game(service, channel=20 + n, moves=n % 3) for n in range(5)]
    ended = games.pop(2)
    await Seating(service).end(ended, Actor(100, "Ann"))
    restarted = TableService(await Storage.open(path), clock)
    tables = await restarted.restore()
    assert sorted(t.id for t in tables) == sorted(g.id for g in games), "every live game once, no ended one"
    for game in games:
        assert restarted.in_channel(game.channel_id).id == game.id
    assert restarted.in_channel(ended.channel_id) is None
    with pytest.raises(errors.NoGameHere):
        restarted.here(ended.channel_id)
    lobby = await Seating(restarted).create_lobby(1, ended.channel_id, Actor(100, "Ann"), "toy", None, 300)
    assert restarted.in_channel(ended.channel_id) is lobby, "a new table joins the index"
    await Seating(restarted).end(lobby, Actor(100, "Ann"))
    assert restarted.in_channel(ended.channel_id) is None, "an ended one leaves it"
    await restarted.store.close()


def a_table(game_id, channel):
    return Table(id=game_id, guild_id=1, channel_id=channel, game_key="toy", status="lobby", host_id=1, options={},
                 turn_seconds=60, seed=1, seats=[])


def test_the_channel_index_follows_every_change_to_the_dict():
    first, second, elsewhere = a_table(1, 5), a_table(2, 5), a_table(3, 6)
    tables = Tables()
    tables[1] = first
    tables.update({2: second, 3: elsewhere})
    assert tables.in_channel(5) is first, "two in a channel for a moment: the oldest, as a walk would find"
    tables[1] = first  # set again: still indexed once
    assert tables.pop(1) is first and tables.in_channel(5) is second
    assert tables.pop(1, None) is None
    with pytest.raises(KeyError):
        tables.pop(1)
    del tables[2]
    assert tables.in_channel(5) is None and tables.in_channel(6) is elsewhere
    moved = a_table(3, 7)
    tables[3] = moved  # the same id, another table: the old one leaves the index
    assert tables.in_channel(6) is None and tables.in_channel(7) is moved
    assert tables.setdefault(3, first) is moved and tables.setdefault(4, first) is first
    assert tables.in_channel(5) is first
    tables.clear()
    assert tables.in_channel(5) is None and tables.in_channel(7) is None and dict(tables) == {}
    assert dict(Tables([(9, elsewhere)])) == {9: elsewhere} and Tables([(9, elsewhere)]).in_channel(6) is elsewhere
