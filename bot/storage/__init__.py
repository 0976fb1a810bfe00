"""Storage: games, their append-only action logs, hand messages, server settings.

`base` is the backend-neutral contract; `sqlite` is the backend in use (WAL, one transaction per call).
"""
from bot.storage.base import LIVE, DuplicateInteraction, GuildConfig, Storage
from bot.storage.sqlite import SqliteStorage
from bot.storage.sqlite_schema import MIGRATIONS

__all__ = ["LIVE", "MIGRATIONS", "DuplicateInteraction", "GuildConfig", "SqliteStorage", "Storage"]
