"""What the bot needs from storage, independent of the database behind it.

Every method is one whole transaction: callers never see BEGIN or COMMIT, so two games (or a game and a
config change) can never end up inside each other's transaction, whatever the backend and however the
calls interleave. A backend keeps its SQL to itself; rows come back as plain dicts with JSON decoded.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, AsyncIterator

LIVE = ("lobby", "active", "paused")
MEMBER_FIELDS = ("dm_channel_id", "discord_locale", "language")


class DuplicateInteraction(Exception):
    """The same Discord interaction was already recorded."""


class ChannelTaken(Exception):
    """The channel already has a live game (the unique index one_live_game_per_channel): nothing was written.
    Another process (or a coroutine that got there first) opened a table there a moment ago; the service
    answers it as errors.ChannelTaken, the refusal a member sees."""


class StorageUnavailable(Exception):
    """The database can't be reached or refused us; the message says where and why (no password)."""


class StaleGame(Exception):
    """The game moved on in the database since this process loaded it (another shard wrote it): nothing
    was written; reload the game before acting on it. Only a shared database (PostgreSQL) raises it."""


@dataclass
class GuildConfig:
    guild_id: int
    starter_role_id: int | None = None
    channel_ids: tuple[int, ...] = ()
    turn_seconds: int | None = None
    language: str | None = None         # /game config language; None: the server's own Discord locale
    discord_locale: str | None = None   # the server's locale as Discord last told it (interaction.guild_locale)


@dataclass
class Member:
    """What the bot remembers of a Discord user, whatever the server: their DM channel (opened once) and
    their language (Discord's locale as last seen, and their own choice from /game language)."""

    user_id: int
    dm_channel_id: int | None = None
    discord_locale: str | None = None
    language: str | None = None


# One action log entry: (seat, action, source, interaction_id).
Entry = tuple[str, dict, str, "int | None"]


class Storage:
    """The storage contract. `await Storage.open(target)` picks the backend for the target."""

    @classmethod
    async def open(cls, target: str, durability: str = "normal") -> "Storage":
        """durability (ROOKERY_DURABILITY): "normal" commits survive a killed process; "full" also a power
        cut (SQLite fsyncs its WAL at every commit). PostgreSQL's default, synchronous_commit on, already
        survives a power cut; "full" insists on it even where the server was set otherwise."""
        if cls is not Storage:
            raise NotImplementedError(f"{cls.__name__} must define open()")
        # A postgresql:// URL picks PostgreSQL (the optional asyncpg extra); anything else is a SQLite path.
        if target.startswith(("postgresql://", "postgres://")):
            from bot.storage.postgres import PostgresStorage

            return await PostgresStorage.open(target, durability)
        from bot.storage.sqlite import SqliteStorage

        return await SqliteStorage.open(target, durability)

    async def close(self) -> None:
        raise NotImplementedError

    async def migrate(self) -> int:
        """Bring the schema up to date (safe when several processes start at once); returns its version."""
        raise NotImplementedError

    # ---- games
    async def create_game(self, **fields: Any) -> int:
        """Raises ChannelTaken, having written nothing, if a live game already holds the channel."""
        raise NotImplementedError

    async def update_game(self, game_id: int, **fields: Any) -> None:
        raise NotImplementedError

    async def get_game(self, game_id: int) -> dict | None:
        raise NotImplementedError

    async def live_game_in(self, channel_id: int) -> dict | None:
        raise NotImplementedError

    async def live_games(self) -> list[dict]:
        raise NotImplementedError

    async def live_game_batches(self) -> AsyncIterator[list[dict]]:
        """The rows of live_games() in batches, for a restore: a backend may leave the JSON columns (options,
        seats, state, timers, logs) as their stored text, for the table to decode when first read
        (bot/stored.py). This default gives live_games() whole, decoded."""
        yield await self.live_games()

    async def record_actions(self, game_id: int, entries: list[Entry], first_seq: int, **fields: Any) -> None:
        """Append entries (numbered from first_seq) and save the game's fields, all or nothing.

        Raises DuplicateInteraction, having written nothing, if an interaction id was already recorded.
        """
        raise NotImplementedError

    async def actions(self, game_id: int) -> list[dict]:
        raise NotImplementedError

    # ---- server settings
    async def guild_config(self, guild_id: int) -> GuildConfig:
        raise NotImplementedError

    async def save_guild_config(self, config: GuildConfig) -> None:
        raise NotImplementedError

    # ---- per member settings
    async def notify_off(self, guild_id: int) -> set[int]:
        """Members of this server who turned "your turn" pings off (`/game notify off`)."""
        raise NotImplementedError

    async def set_notify(self, guild_id: int, user_id: int, on: bool) -> None:
        raise NotImplementedError

    async def autoplay_on(self, guild_id: int) -> set[int]:
        """Members of this server who let the host play their only legal card (`/game autoplay on`)."""
        raise NotImplementedError

    async def set_autoplay(self, guild_id: int, user_id: int, on: bool) -> None:
        raise NotImplementedError

    async def save_guild_locale(self, guild_id: int, locale: str) -> None:
        """Remember the server's Discord locale (its board language unless /game config language says)."""
        raise NotImplementedError

    # ---- members, whatever the server
    async def members(self, user_ids: list[int]) -> dict[int, Member]:
        """The remembered members among these ids (others are simply absent)."""
        raise NotImplementedError

    async def save_member(self, user_id: int, **fields: Any) -> None:
        """Upsert some of a Member's fields (dm_channel_id, discord_locale, language)."""
        raise NotImplementedError

    # ---- watch links (bot/web/)
    async def watch_links(self) -> dict[int, str]:
        """Every table's watch token (game id -> token; '' where watching was turned off)."""
        raise NotImplementedError

    async def save_watch_link(self, game_id: int, token: str) -> None:
        raise NotImplementedError
