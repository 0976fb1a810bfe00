"""What only a shared database must do: the same schema as SQLite, and two processes never both applying
a move to one game."""
import sqlite3

import pytest

from bot.storage import Storage
from bot.storage.base import StaleGame
from bot.storage.sqlite import MIGRATIONS as SQLITE_MIGRATIONS
from bot.storage.postgres_schema import MIGRATIONS as PG_MIGRATIONS
from tests.storage.test_backends import a_game


@pytest.fixture
async def pg(pg_cluster):
    url = pg_cluster.new_database()
    store = await Storage.open(url)
    yield store
    await store.close()


async def test_the_schema_is_sqlites_table_for_table_and_column_for_column(pg, tmp_path):
    assert len(PG_MIGRATIONS) == len(SQLITE_MIGRATIONS)
    lite = sqlite3.connect(str(tmp_path / "s.sqlite3"))
    for script in SQLITE_MIGRATIONS:
        lite.executescript(script)
    tables = [n for (n,) in lite.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    expected = {t: {row[1] for row in lite.execute(f"PRAGMA table_info({t})")} for t in tables}
    rows = await pg.db.execute_fetchall(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'"
        " AND table_name != 'schema_version'")
    found: dict[str, set] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    found["seat_handovers"].discard("id")  # stands in for SQLite's rowid
    assert found == expected


async def test_a_move_made_on_a_state_another_process_moved_on_is_refused(pg):
    other = await Storage.open(pg.url)  # a second process on the same database
    try:
        game = await a_game(pg)
        await pg.record_actions(game, [("p1", {"n": 1}, "player", 1)], 0, version=1, state={"n": 1})
        # the other process still believes the game is at version 0
        with pytest.raises(StaleGame):
            await other.record_actions(game, [("p2", {"n": 9}, "player", 2)], 0, version=1, state={"n": 9})
        # a write made on a version that doesn't exist yet is refused too, and writes nothing
        with pytest.raises(StaleGame):
            await other.record_actions(game, [("p2", {"n": 9}, "player", 3)], 5, version=6, state={"n": 9})
        assert [a["interaction_id"] for a in await other.actions(game)] == [1]
        assert (await other.get_game(game))["state"] == {"n": 1}
        # once it has reloaded (version 1), its move goes through
        await other.record_actions(game, [("p2", {"n": 2}, "player", 2)], 1, version=2, state={"n": 2})
        assert (await pg.get_game(game))["version"] == 2
    finally:
        await other.close()


async def test_racing_writers_on_one_game_apply_each_version_once(pg):
    import asyncio

    stores = [pg, *[await Storage.open(pg.url) for _ in range(3)]]
    game = await a_game(pg)
    outcomes = []

    async def write(store, n):
        try:
            await store.record_actions(game, [("p1", {"by": n}, "player", 100 + n)], 0, version=1, state={"by": n})
            outcomes.append(n)
        except StaleGame:
            pass

    try:
        await asyncio.gather(*(write(s, n) for n, s in enumerate(stores)))
    finally:
        for s in stores[1:]:
            await s.close()
    assert len(outcomes) == 1
    (only,) = await pg.actions(game)
    assert only["action"] == {"by": outcomes[0]} and (await pg.get_game(game))["state"] == {"by": outcomes[0]}


async def test_a_newer_schema_is_refused(pg):
    await pg.db.execute_fetchall(f"UPDATE schema_version SET version = {len(PG_MIGRATIONS) + 1} RETURNING 1")
    with pytest.raises(RuntimeError, match="newer"):
        await Storage.open(pg.url)
