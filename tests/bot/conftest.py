import pytest

import tests.bot.toygame  # noqa: F401  registers the "toy" game before the cogs build their menus
from bot.app import Rookery
from bot.config import Settings


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "rookery.sqlite3")


@pytest.fixture
def make_bot(db_path):
    return lambda: Rookery(Settings(db_path=db_path, timer_poll=0))


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()
