"""The storage contract, the same tests on SQLite and on PostgreSQL."""
import asyncio

import pytest

from bot import errors
from bot.storage import ChannelTaken, DuplicateInteraction, GuildConfig, Storage
from bot.storage.base import Storage as Contract
from bot.storage.records import history_store
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor


async def a_game(store, channel=5, guild=1, status="active"):
    return await store.create_game(guild_id=guild, channel_id=channel, game_key="toy", status=status, host_id=1,
                                   options={"rounds": 2}, turn_seconds=60, seed=2**61 + 3, seats=[],
                                   state={"n": 0}, logs={})


def test_both_backends_implement_the_whole_contract():
    from bot.storage.postgres import PostgresStorage
    from bot.storage.sqlite import SqliteStorage

    methods = [n for n in vars(Contract) if not n.startswith("_")]
    for backend in (SqliteStorage, PostgresStorage):
        assert [n for n in methods if n not in vars(backend)] == [], backend.__name__


async def test_games_round_trip_with_their_json(store):
    game = await a_game(store)
    odd = {"big": 2**70, "nested": [{"é": "ünïcødé 🐦‍⬛"}, None, 1.5, True], "int keys": {1: "a"}}
    await store.update_game(game, state=odd, board_message_id=2**62 + 1)
    row = await store.get_game(game)
    assert row["state"] == {"big": 2**70, "nested": [{"é": "ünïcødé 🐦‍⬛"}, None, 1.5, True],
                            "int keys": {"1": "a"}}
    assert row["board_message_id"] == 2**62 + 1 and row["seed"] == 2**61 + 3 and row["options"] == {"rounds": 2}
    assert row["version"] == 0 and row["timers"] == {} and await store.get_game(game + 1000) is None


async def test_live_games_and_the_live_game_in_a_channel(store):
    live = await a_game(store, channel=5)
    over = await a_game(store, channel=6, status="over")
    lobby = await a_game(store, channel=7, status="lobby")
    assert sorted(r["id"] for r in await store.live_games()) == [live, lobby]
    assert (await store.live_game_in(5))["id"] == live
    assert await store.live_game_in(6) is None
    assert over not in [r["id"] for r in await store.live_games()]


async def test_the_restore_batches_hold_every_live_game_once_and_decode_as_live_games_do(store):
    from bot.stored import StoredTable

    ids = [await a_game(store, channel=10 + n, status=("active", "lobby", "over", "paused")[n % 4]) for n in range(9)]
    await store.update_game(ids[0], timers={"p1": {"due": 5.0, "moves": 1}}, logs={"log": [[None, {"type": "x"}]]})
    batched = [row for rows in [rows async for rows in store.live_game_batches()] for row in rows]
    whole = {row["id"]: row for row in await store.live_games()}
    assert sorted(row["id"] for row in batched) == sorted(whole) and len(whole) == 7
    service = TableService(store)
    for row in batched:
        lazy, eager = StoredTable.from_row(row), service.from_row(whole[row["id"]])
        assert lazy.state.to_json() == eager.state.to_json()
        assert (lazy.options, lazy.seats, lazy.timers, lazy.logs, lazy.channel_id, lazy.status) == (
            eager.options, eager.seats, eager.timers, eager.logs, eager.channel_id, eager.status)


async def test_a_batch_with_a_duplicate_writes_nothing(store):
    game = await a_game(store)
    await store.record_actions(game, [("p1", {"n": 1}, "player", 10)], 0, state={"n": 1}, version=1)
    batch = [("p1", {"n": 2}, "player", 11), ("p2", {"n": 3}, "bot", None), ("p1", {"n": 4}, "player", 10)]
    with pytest.raises(DuplicateInteraction):
        await store.record_actions(game, batch, 1, state={"n": 4}, version=4)
    assert [a["seq"] for a in await store.actions(game)] == [0]
    row = await store.get_game(game)
    assert row["version"] == 1 and row["state"] == {"n": 1}
    await store.record_actions(game, batch[:2], 1, state={"n": 3}, version=3)
    assert [(a["seq"], a["action"], a["source"]) for a in await store.actions(game)] == [
        (0, {"n": 1}, "player"), (1, {"n": 2}, "player"), (2, {"n": 3}, "bot")]


async def test_an_interaction_recorded_in_one_game_is_refused_in_another(store):
    one, two = await a_game(store, channel=5), await a_game(store, channel=6)
    await store.record_actions(one, [("p1", {"n": 1}, "player", 77)], 0, version=1)
    with pytest.raises(DuplicateInteraction):
        await store.record_actions(two, [("p1", {"n": 1}, "player", 77)], 0, version=1)
    assert await store.actions(two) == [] and (await store.get_game(two))["version"] == 0


async def test_a_second_live_game_in_a_channel_is_refused_as_channel_taken(store):
    first = await a_game(store, channel=5)
    with pytest.raises(ChannelTaken):
        await a_game(store, channel=5, status="lobby")
    over = await a_game(store, channel=6, status="over")
    with pytest.raises(ChannelTaken):  # bringing an old game back to life there too
        await store.update_game(over, status="active", channel_id=5)
    assert [r["id"] for r in await store.live_games()] == [first]
    assert (await store.get_game(over))["status"] == "over"
    await store.update_game(first, status="over")
    assert await a_game(store, channel=5, status="lobby") > first  # free again once the game is over


async def test_two_lobbies_opened_at_once_in_one_channel_give_one_table_and_one_refusal(store):
    # Two services (two processes, as far as each knows): both find the channel free, both insert.
    opened = await asyncio.gather(
        *(Seating(TableService(store)).create_lobby(1, 40, Actor(100 + n, "Ann"), "toy", {"rounds": 2}, 300) for n in range(2)),
        return_exceptions=True)
    refused = [r for r in opened if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], errors.ChannelTaken), opened
    assert [r["id"] for r in await store.live_games()] == [next(r.id for r in opened if r not in refused)]


async def test_guild_settings_round_trip(store):
    assert await store.guild_config(9) == GuildConfig(9)
    await store.save_guild_config(GuildConfig(9, 2**60, (11, 12), 300))
    await store.save_guild_config(GuildConfig(9, None, (13,), None))
    assert await store.guild_config(9) == GuildConfig(9, None, (13,), None)


async def test_member_settings_are_independent_and_per_server(store):
    assert await store.notify_off(9) == set() and await store.autoplay_on(9) == set()
    await store.set_autoplay(9, 5, True)
    await store.set_notify(9, 5, False)
    await store.set_notify(9, 6, False)
    await store.set_autoplay(10, 6, True)
    assert await store.autoplay_on(9) == {5} and await store.notify_off(9) == {5, 6}
    await store.set_notify(9, 5, True)                 # turning pings on leaves autoplay as it was
    assert await store.autoplay_on(9) == {5} and await store.notify_off(9) == {6}
    await store.set_autoplay(9, 5, False)
    assert await store.autoplay_on(9) == set() and await store.autoplay_on(10) == {6}


async def test_migrating_again_changes_nothing_and_processes_starting_at_once_agree(target):
    stores = await asyncio.gather(*(Storage.open(target) for _ in range(4)))
    try:
        versions = [await s.migrate() for s in stores]
        game = await a_game(stores[0])
        assert (await stores[3].get_game(game))["id"] == game
    finally:
        for s in stores:
            await s.close()
    assert len(set(versions)) == 1 and versions[0] >= 2


async def test_a_toy_game_played_through_the_service_restores_and_replays(target):
    store = await Storage.open(target)
    service = TableService(store)
    table = await Seating(service).create_lobby(1, 10, Actor(100, "Ann"), "toy", {"rounds": 2}, 300)
    await Seating(service).join(table, 101, "Ben")
    await service.start(table)
    clicks = 0
    while table.status == "active" and clicks < 3:
        seat, legal = next((s, a) for s, a in table.pending().items())
        await service.act(table, seat, legal[0], interaction_id=500 + clicks)
        clicks += 1
    version = table.version
    await store.close()
    store = await Storage.open(target)
    try:
        again = TableService(store)
        (restored,) = await again.restore()
        assert restored.version == version == len(await store.actions(table.id))
        assert await again.replay(table.id) == restored.state.to_json()
    finally:
        await store.close()


async def test_history_queries_answer_the_same_on_both(store):
    db = history_store(store)
    game = await a_game(store, status="over")
    await store.record_actions(game, [("p1", {"n": 1}, "player", None), ("p2", {"n": 2}, "player", None)], 0,
                               version=2, state={"n": 2})
    await db.handover(game, "p2", 7, "Gil", 1)
    await db.handover(game, "p2", 8, "Hal", 2)
    assert await db.unrecorded() == [game]
    assert await db.handovers(game) == [("p2", 7, "Gil", 1), ("p2", 8, "Hal", 2)]
    assert await db.seat_moves(game) == [(0, "p1"), (1, "p2")] and await db.first_action_at(game) > 0
    summary = {"game_id": game, "guild_id": 1, "game_key": "toy", "ended": False, "started_at": 1.0,
               "finished_at": 2.0, "moves": 2, "seats": [{"name": "Ann", "user": 5, "score": 3, "won": True}],
               "raters": [5, 0], "names": {5: "Ann", 0: "Bots"}}
    rate = lambda current: {u: (30.0 if u == 5 else 20.0, 8.0, 6.0 if u == 5 else -4.0) for u in current}  # noqa: E731
    assert await db.record(summary, [{"user": 5, "won": True}], rate) is True
    assert await db.record(summary, [{"user": 5, "won": True}], rate) is False  # never twice
    assert await db.unrecorded() == []
    total, rows = await db.history(1, None, None, 10, 0)
    assert total == 1 and rows[0]["seats"] == summary["seats"] and rows[0]["rated"] == 1
    assert (await db.history(1, "toy", 5, 10, 0))[0] == 1 and (await db.history(1, "toy", 6, 10, 0))[0] == 0
    assert [tuple(r) for r in await db.member_results(1, 5)] == [("toy", 0, 1, 1)]
    assert await db.rating(1, "toy", 5) == (30.0, 8.0, 6.0, 1, 1)
    total, board = await db.leaderboard(1, "toy", 10, 0)
    assert total == 1 and [tuple(r) for r in board] == [(5, "Ann", 30.0, 8.0, 6.0, 1)]
    live = await a_game(store, channel=9)
    counts = await db.forget_guild(1)
    assert counts["games"] == 1 and counts["actions"] == 2 and counts["finished_games"] == 1
    assert counts["ratings"] == 2 and counts["seat_handovers"] == 2
    assert await store.get_game(live) is not None and await store.get_game(game) is None


async def test_watch_links_are_kept_and_replaced(store):
    """A table's watch token (bot/web/links.py): one per game, replaced when renewed, '' once turned off."""
    assert await store.watch_links() == {}
    await store.save_watch_link(7, "A" * 24)
    await store.save_watch_link(8, "B" * 24)
    await store.save_watch_link(7, "")
    assert await store.watch_links() == {7: "", 8: "B" * 24}


async def test_published_version_is_null_until_stored_and_comes_back_with_the_restore_rows(store):
    game = await a_game(store)
    assert (await store.get_game(game))["published_version"] is None  # as every row from before migration 7
    await store.update_game(game, version=4, published_version=3)
    rows = [r for batch in [b async for b in store.live_game_batches()] for r in batch]
    assert [(r["version"], r["published_version"]) for r in rows] == [(4, 3)]
    await store.update_game(game, published_version=None)
    assert (await store.get_game(game))["published_version"] is None
