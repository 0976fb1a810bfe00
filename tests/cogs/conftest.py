import pytest

import tests.support.toygame  # noqa: F401  registers the "toy" game before the cogs build their menus
from bot.app import Rookery
from bot.config import Settings

UNPACED = 1e9  # requests a second: never a wait for the budget


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "rookery.sqlite3")


@pytest.fixture
async def make_bot(db_path):
    """Builds bots on one database file; simcord never calls close(), so their stores are closed here
    (an open aiosqlite connection keeps a worker thread, and the test process, alive)."""
    bots = []

    def make():
        # No pacing sleeps here: simcord runs the loop on a virtual clock that a pacer's sleep would wait
        # on (the pacer's turns and lanes still decide the order; tests/cogs/test_pacer*.py pace for real).
        bot = Rookery(Settings(db_path=db_path, timer_poll=0, global_rate=UNPACED))
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


def pytest_collection_modifyitems(items):
    """simcord waits 5 s for the bot to settle after each step. A Black Rose Wars publish draws several
    pictures, and a loaded 2-core CI machine can take longer than that: give every simcord test 30 s (a test
    that sets its own `simcord` marker keeps it)."""
    for item in items:
        if item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=30))
