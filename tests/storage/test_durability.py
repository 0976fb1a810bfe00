"""ROOKERY_DURABILITY: parsed like every setting, and applied to the database connection."""
import pytest

from bot.app import Rookery
from bot.config import Settings
from bot.storage import Storage


def test_the_setting_defaults_to_normal_and_takes_full():
    assert Settings.from_env({}).durability == "normal"
    assert Settings.from_env({"ROOKERY_DURABILITY": " Full "}).durability == "full"
    assert Settings.from_env({"ROOKERY_DURABILITY": "normal"}).durability == "normal"


def test_a_bad_value_is_a_plain_error_naming_the_variable():
    with pytest.raises(ValueError, match=r"^ROOKERY_DURABILITY='fsync': expected normal .* or full"):
        Settings.from_env({"ROOKERY_DURABILITY": "fsync"})


@pytest.mark.parametrize("durability, synchronous", [("normal", 1), ("full", 2)])
async def test_sqlite_runs_with_the_synchronous_level_it_asks_for(tmp_path, durability, synchronous):
    store = await Storage.open(str(tmp_path / "d.sqlite3"), durability)
    try:
        assert await store.db.execute_fetchall("PRAGMA synchronous") == [(synchronous,)]
        assert await store.db.execute_fetchall("PRAGMA journal_mode") == [("wal",)]
    finally:
        await store.close()


async def test_an_unknown_durability_opens_nothing(tmp_path):
    with pytest.raises(ValueError, match="durability"):
        await Storage.open(str(tmp_path / "d.sqlite3"), "sometimes")
    assert not (tmp_path / "d.sqlite3").exists()


async def test_postgresql_with_full_commits_durably_whatever_the_server_says(pg_cluster):
    # The test cluster runs with synchronous_commit=off (tests never kill the server): "normal" keeps the
    # server's setting (PostgreSQL's default is on), "full" insists on it for every pooled connection.
    url = pg_cluster.new_database()
    for durability, expected in (("normal", "off"), ("full", "on")):
        store = await Storage.open(url, durability)
        try:
            for _ in range(3):
                assert await store.db.execute_fetchall("SHOW synchronous_commit") == [(expected,)]
        finally:
            await store.close()


async def test_the_bot_opens_its_store_with_the_setting(monkeypatch, tmp_path):
    asked = []

    class Opened(Exception):
        pass

    async def fake_open(target, durability="normal"):
        asked.append((target, durability))
        raise Opened

    monkeypatch.setattr(Storage, "open", staticmethod(fake_open))
    bot = Rookery(Settings(db_path=str(tmp_path / "b.sqlite3"), durability="full", timer_poll=0))
    with pytest.raises(Opened):
        await bot.setup_hook()
    assert asked == [(str(tmp_path / "b.sqlite3"), "full")]
