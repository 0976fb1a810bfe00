"""Storage on its own: schema upgrades, start-up races, all-or-nothing writes, the JSON it stores, GC tuning."""
import asyncio
import gc
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

import tests.support.toygame  # noqa: F401
from bot.storage import MIGRATIONS, DuplicateInteraction, SqliteStorage, Storage, heap
from bot.storage.base import Storage as Contract
from bot.storage.sqlite import Checkpointer
from bot.service import TableService

OLD_V1 = Path(__file__).resolve().parent.parent / "data" / "old_schema_v1.sqlite3"


async def test_a_database_made_by_the_first_schema_opens_and_upgrades(tmp_path):
    # Made by the code before the storage rewrite (schema 1, stdlib JSON): a finished toy game (id 1),
    # a live one two clicks in (id 2) and a lobby (id 3).
    path = str(tmp_path / "old.sqlite3")
    shutil.copy(OLD_V1, path)
    store = await Storage.open(path)
    try:
        ((version,),) = await store.db.execute_fetchall("PRAGMA user_version")
        assert version == len(MIGRATIONS)
        service = TableService(store)
        restored = {t.id: t for t in await service.restore()}
        assert sorted(restored) == [2, 3] and restored[3].status == "lobby"
        live = restored[2]
        assert live.status == "active" and live.version == 3
        assert await service.replay(2) == live.state.to_json()
        finished = await store.get_game(1)
        assert finished["status"] == "over" and len(await store.actions(1)) == finished["version"]
        # and it keeps working: the live game takes a move, which the next process sees
        seat = next(s for s in live.pending() if not live.seat(s).is_bot)
        await service.act(live, seat, live.pending()[seat][0], interaction_id=99)
    finally:
        await store.close()
    again = await Storage.open(path)
    assert (await again.get_game(2))["version"] == live.version
    await again.close()


def test_processes_starting_at_once_migrate_exactly_once(tmp_path):
    path = str(tmp_path / "race.sqlite3")
    starters = 4
    barrier = threading.Barrier(starters)
    errors, versions = [], []

    def start():
        async def open_and_close():
            store = await Storage.open(path)
            ((version,),) = await store.db.execute_fetchall("PRAGMA user_version")
            versions.append(version)
            await store.close()

        barrier.wait()
        try:
            asyncio.run(open_and_close())
        except Exception as exc:  # noqa: BLE001 - the assertion below shows it
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(starters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and versions == [len(MIGRATIONS)] * starters
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games'").fetchone() == (1,)


async def test_a_newer_schema_is_refused(tmp_path):
    path = str(tmp_path / "new.sqlite3")
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version={len(MIGRATIONS) + 1}")
    with pytest.raises(RuntimeError, match="newer"):
        await Storage.open(path)


@pytest.fixture
async def store(tmp_path):
    store = await Storage.open(str(tmp_path / "s.sqlite3"))
    yield store
    await store.close()


async def a_game(store):
    return await store.create_game(guild_id=1, channel_id=5, game_key="toy", status="active", host_id=1,
                                   options={}, turn_seconds=60, seed=3, seats=[], state={"n": 0}, logs={})


async def test_a_batch_with_a_duplicate_writes_nothing(store):
    game = await a_game(store)
    await store.record_actions(game, [("p1", {"n": 1}, "player", 10)], 0, state={"n": 1}, version=1)
    batch = [("p1", {"n": 2}, "player", 11), ("p2", {"n": 3}, "bot", None), ("p1", {"n": 4}, "player", 10)]
    with pytest.raises(DuplicateInteraction):
        await store.record_actions(game, batch, 1, state={"n": 4}, version=4)
    assert [a["seq"] for a in await store.actions(game)] == [0]
    row = await store.get_game(game)
    assert row["version"] == 1 and row["state"] == {"n": 1}
    # and the connection is usable afterwards (no transaction left open)
    await store.record_actions(game, batch[:2], 1, state={"n": 3}, version=3)
    assert [a["action"] for a in await store.actions(game)] == [{"n": 1}, {"n": 2}, {"n": 3}]


async def test_stored_json_round_trips_and_stays_plain_text(store):
    game = await a_game(store)
    odd = {"big": 2**70, "nested": [{"é": "ünïcødé 🐦‍⬛"}, None, 1.5, True], "int keys": {1: "a"}}
    await store.update_game(game, state=odd)
    row = await store.get_game(game)
    assert row["state"] == {"big": 2**70, "nested": [{"é": "ünïcødé 🐦‍⬛"}, None, 1.5, True], "int keys": {"1": "a"}}
    ((kind,),) = await store.db.execute_fetchall("SELECT typeof(state) FROM games WHERE id = ?", (game,))
    assert kind == "text"


async def test_commits_reach_the_database_file_by_the_background_checkpoint(tmp_path, monkeypatch):
    # The writer never waits for a checkpoint (the fsync); the checkpointer thread copies the WAL over.
    monkeypatch.setattr(Checkpointer, "IDLE_SECONDS", 0.02)
    path = str(tmp_path / "wal.sqlite3")
    store = await Storage.open(path)
    await a_game(store)

    def games_in_database_file() -> int:
        db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)  # reads the main file only, not the WAL
        try:
            return db.execute("SELECT count(*) FROM games").fetchone()[0]
        except sqlite3.DatabaseError:  # not even the schema copied yet, or (immutable=1 takes no lock) a page
            return 0                    # read while the checkpointer was writing it: look again
        finally:
            db.close()

    thread = store._checkpointer._thread
    try:
        for _ in range(250):
            if games_in_database_file() == 1:
                break
            await asyncio.sleep(0.02)
        assert games_in_database_file() == 1
    finally:
        await store.close()
    assert not thread.is_alive(), "close() stops the checkpointer"


def test_the_sqlite_backend_implements_the_whole_contract():
    methods = [n for n in vars(Contract) if not n.startswith("_")]
    missing = [n for n in methods if n not in vars(SqliteStorage)]
    assert "record_actions" in methods and missing == []


def test_bulk_load_pauses_the_collector_and_restores_it():
    assert gc.isenabled()
    with heap.bulk_load():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), heap.bulk_load():
        raise ValueError
    assert gc.isenabled()


async def test_tuned_full_passes_freeze_what_survives():
    threshold = gc.get_threshold()
    try:
        heap.keep_full_passes_short()
        heap.keep_full_passes_short()  # idempotent
        assert gc.callbacks.count(heap._after_middle_pass) == 1 and gc.get_threshold()[2] == heap.NEVER
        survivor = [[n] for n in range(1000)]
        before = gc.get_freeze_count()
        for _ in range(heap.MOST_MIDDLE_PASSES + 1):
            gc.collect(1)  # middle passes: the loop is asked to run a full pass, then freeze
        await asyncio.sleep(0)
        assert gc.get_freeze_count() >= before + len(survivor)
    finally:
        if heap._after_middle_pass in gc.callbacks:
            gc.callbacks.remove(heap._after_middle_pass)
        gc.set_threshold(*threshold)
        gc.unfreeze()
