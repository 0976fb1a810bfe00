"""Every storage test runs against both backends: SQLite in a temp file, PostgreSQL in a throwaway cluster.

The cluster is started once per test session (initdb in a temp dir, a free loopback port) and stopped at
the end; each test gets a fresh database in it. When PostgreSQL can't be started here, the PostgreSQL
cases skip and say why: they never pass without having run.
"""
import pytest

import tests.support.toygame  # noqa: F401  registers the "toy" game
from bot.storage import Storage
from tests.storage import pgcluster


@pytest.fixture(scope="session")
def pg_cluster():
    cluster, why_not = pgcluster.start()
    if cluster is None:
        pytest.skip(why_not)
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def target(request, tmp_path):
    """A fresh, empty database of each backend: a SQLite path or a postgresql:// URL."""
    if request.param == "sqlite":
        return str(tmp_path / "rookery.sqlite3")
    return request.getfixturevalue("pg_cluster").new_database()


@pytest.fixture
async def store(target):
    store = await Storage.open(target)
    yield store
    await store.close()
