"""The SQLite backend on aiosqlite: each call's whole transaction runs as one unit on the connection's thread.

What it must keep from the synchronous backend it replaced: two tables' transactions never interleave, an
awaited commit is on disk (in the WAL) before the caller goes on, and the event loop never waits for SQLite.
"""
import asyncio
import re
import sqlite3
import time

import pytest

from bot.storage import GuildConfig, Storage
from bot.storage.records import history_store


@pytest.fixture
async def store(tmp_path):
    store = await Storage.open(str(tmp_path / "t.sqlite3"))
    yield store
    await store.close()


async def a_game(store, channel):
    return await store.create_game(guild_id=1, channel_id=channel, game_key="toy", status="active", host_id=1,
                                   options={}, turn_seconds=60, seed=3, seats=[], state={"n": 0}, logs={})


def transactions(statements: list[str]) -> list[list[str]]:
    """The statements between each BEGIN and its COMMIT/ROLLBACK; fails if a BEGIN comes inside another."""
    out, current = [], None
    for sql in statements:
        if sql.startswith("BEGIN"):
            assert current is None, f"a transaction began inside another: {current}"
            current = []
        elif sql in ("COMMIT", "ROLLBACK"):
            assert current is not None
            out.append(current)
            current = None
        elif current is not None:
            current.append(sql)
    assert current is None
    return out


async def test_concurrent_tables_transactions_never_interleave(store):
    games = [await a_game(store, channel) for channel in range(6)]
    statements: list[str] = []
    # The trace callback runs on the connection's thread, in the order SQLite executes the statements.
    await store._on_thread(store._raw.set_trace_callback, statements.append)
    history = history_store(store)

    async def clicks(game):
        for n in range(10):
            await asyncio.sleep(0)  # let every other table's click start in between
            batch = [("p1", {"n": n}, "player", game * 1000 + n), ("p2", {"n": n}, "bot", None)]
            await store.record_actions(game, batch, 2 * n, state={"n": n, "game": game}, version=2 * n + 2)
            await history.handover(game, "p2", game, f"g{game}", 2 * n + 2)

    await asyncio.gather(*(clicks(g) for g in games),
                         *(store.save_guild_config(GuildConfig(g, channel_ids=(g,))) for g in range(10, 20)),
                         *(store.update_game(g, timers={"p1": {"due": 1.0}}) for g in games))
    await store._on_thread(store._raw.set_trace_callback, None)

    units = transactions(statements)
    appended = [unit for unit in units if unit and unit[0].startswith("INSERT INTO actions")]
    assert len(appended) == len(games) * 10
    for unit in appended:  # the two entries of one game, then its UPDATE: nobody else's statement between
        inserts, update = unit[:-1], unit[-1]
        (game,) = {int(g) for sql in inserts for g in re.findall(r"VALUES \((\d+),", sql)}
        assert len(inserts) == 2 and all(sql.startswith("INSERT INTO actions") for sql in inserts)
        assert update.startswith("UPDATE games") and update.endswith(f"WHERE id = {game}")
    for game in games:
        rows = await store.actions(game)
        assert [r["seq"] for r in rows] == list(range(20))
        row = await store.get_game(game)
        assert row["state"] == {"n": 9, "game": game} and row["version"] == 20


async def test_an_awaited_commit_is_visible_to_another_connection_at_once(store):
    game = await a_game(store, 1)
    other = sqlite3.connect(store.path)
    try:
        for n in range(20):
            await store.record_actions(game, [("p1", {"n": n}, "player", n)], n, version=n + 1)
            assert other.execute("SELECT count(*), max(seq) FROM actions").fetchone() == (n + 1, n)
    finally:
        other.close()


async def test_the_loop_keeps_running_while_the_thread_works_and_calls_keep_their_order(store):
    game = await a_game(store, 1)
    ticks = 0

    async def ticker():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    running = asyncio.create_task(ticker())
    try:
        # A slow transaction (think of an fsync with ROOKERY_DURABILITY=full): 0.3 s on the thread.
        slow = asyncio.create_task(store._write(lambda conn: time.sleep(0.3)))
        await asyncio.sleep(0)
        started = time.monotonic()
        await store.record_actions(game, [("p1", {"n": 0}, "player", 1)], 0, version=1)  # queued behind it
        assert slow.done() and time.monotonic() - started > 0.2
        assert ticks >= 10, "the event loop stalled while the thread worked"
    finally:
        running.cancel()


async def test_the_connection_is_used_on_its_thread_only(store):
    with pytest.raises(sqlite3.ProgrammingError, match="thread"):
        store._raw.execute("SELECT 1")  # from the event loop's thread: refused by sqlite3 itself


async def test_a_failed_transaction_rolls_back_and_the_next_commits(store):
    game = await a_game(store, 1)

    def half_then_fail(conn):
        conn.execute("UPDATE games SET version = 99 WHERE id = ?", (game,))
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await store._write(half_then_fail)
    assert (await store.get_game(game))["version"] == 0
    await store.record_actions(game, [("p1", {"n": 0}, "player", 1)], 0, version=1)
    assert (await store.get_game(game))["version"] == 1
