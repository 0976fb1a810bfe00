"""The simcord fixtures live with the Discord side's tests; test_history.py has one simcord test too."""
from tests.cogs.conftest import db_path, make_bot, simcord_bot  # noqa: F401
