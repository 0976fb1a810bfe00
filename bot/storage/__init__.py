"""Storage: games, their append-only action logs, hand messages, server settings.

`base` is the backend-neutral contract; `sqlite` is the default backend (aiosqlite, WAL, one transaction per
call), `postgres` the scale-out one.
"""
from bot.storage.base import LIVE, ChannelTaken, DuplicateInteraction, GuildConfig, Storage
from bot.storage.sqlite import SqliteStorage
from bot.storage.sqlite_schema import MIGRATIONS

__all__ = ["LIVE", "MIGRATIONS", "ChannelTaken", "DuplicateInteraction", "GuildConfig", "SqliteStorage", "Storage"]
