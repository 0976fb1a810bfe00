"""The PostgreSQL backend (asyncpg), chosen by ROOKERY_DATABASE_URL=postgresql://…

The same contract as SQLite (bot/storage/base.py): every call is one transaction, committed before it
returns (synchronous_commit on, PostgreSQL's default, which ROOKERY_DURABILITY=full insists on: an
acknowledged move survives a crash of the bot or the server, and a power cut).
Unlike SQLite, several bot processes (shards) may share this database, so it leans on the database:
  * migrations run under a transaction-scoped advisory lock: processes starting at once on a fresh
    database apply each script exactly once;
  * record_actions locks the game's row (SELECT … FOR UPDATE) and refuses, writing nothing, when the
    row's version is not the one the caller's move was made on (StaleGame): another process moved the
    game on, so this one must reload before it may act;
  * interaction ids are UNIQUE, so a click applied by one process can never be applied again by another.
The schema is SQLite's, column for column (tests/storage checks it), with JSON kept as the same text.

The schema and the migrations are in postgres_schema.py; the history queries in postgres_records.py.
"""
from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any, AsyncIterator, Callable

import orjson

from bot.storage.base import (MEMBER_FIELDS, ChannelTaken, DuplicateInteraction, Entry, GuildConfig, Member, StaleGame, Storage,
                               StorageUnavailable)
from bot.storage.postgres_records import PostgresHistoryStore
from bot.storage.postgres_schema import LIVE_SQL, asyncpg, migrate_connection, require_driver
from bot.storage.sqlite import DECODED_COLUMNS, JSON_COLUMNS, _dump

POOL_SIZE = 8  # connections per process: games in different channels commit in parallel
CHANGES = "rookery_games"  # the NOTIFY channel: "<origin> <game id>" after a shard changed a game
ONE_LIVE_GAME = "one_live_game_per_channel"  # the unique index behind ChannelTaken


def _values(fields: dict[str, Any]) -> tuple[list[str], list]:
    names = list(fields)
    return names, [_dump(fields[n]) if n in JSON_COLUMNS else fields[n] for n in names]


def _decoded(record) -> dict:
    row = dict(record)
    for name in DECODED_COLUMNS.intersection(row):
        if row[name] is not None:
            row[name] = orjson.loads(row[name])
    return row


class PostgresStorage(Storage):
    def __init__(self, pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.db = AdHocQueries(pool)
        self._history: PostgresHistoryStore | None = None
        # Sharding (bot/sharding.py): which shards' games live_games() returns, and whether every change to
        # a game is announced to the other processes. Off by default: one process needs neither.
        self.shards: tuple[tuple[int, ...], int] | None = None
        self.origin = secrets.token_hex(6)  # this process, so it can ignore its own announcements
        self._listener = None

    @classmethod
    async def open(cls, url: str, durability: str = "normal") -> "PostgresStorage":
        """PostgreSQL's default (synchronous_commit on) already has a commit wait for the WAL's fsync, so it
        survives a power cut: "normal" keeps the server's setting, "full" (ROOKERY_DURABILITY) insists on it
        for this process's connections, whatever the server was configured with."""
        if durability not in ("normal", "full"):
            raise ValueError(f"durability {durability!r}: expected normal or full")
        require_driver()
        settings = {"synchronous_commit": "on"} if durability == "full" else None
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, server_settings=settings)
        except (OSError, asyncio.TimeoutError, asyncpg.PostgresError) as exc:
            where = url.split("@")[-1]  # never the password
            raise StorageUnavailable(f"can't use the PostgreSQL database at {where} (ROOKERY_DATABASE_URL): "
                                     f"{exc or type(exc).__name__}") from None
        store = cls(pool, url)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        await self.pool.close()

    async def migrate(self) -> int:
        async with self.pool.acquire() as conn:
            return await migrate_connection(conn)

    def history_queries(self) -> "PostgresHistoryStore":
        """The history queries (bot/storage/records.py's contract), on this store's pool."""
        if self._history is None:
            self._history = PostgresHistoryStore(self.pool)
        return self._history

    # ---- sharding
    def serve_shards(self, shard_ids: tuple[int, ...], shard_count: int) -> None:
        """From now on live_games() returns only these shards' games, and every change is announced."""
        self.shards = (tuple(shard_ids), shard_count)

    async def listen(self, changed: Callable[[int], None]) -> None:
        """Call changed(game_id) whenever another process committed a change to a game."""
        self._listener = listener = await asyncpg.connect(self.url)

        def heard(_conn, _pid, _channel, payload: str) -> None:
            origin, _, game_id = payload.partition(" ")
            if origin != self.origin:
                changed(int(game_id))

        await listener.add_listener(CHANGES, heard)

    async def _announce(self, conn, game_id: int) -> None:
        # Inside the writing transaction: delivered at its COMMIT, never for a rolled-back change.
        if self.shards is not None:
            await conn.execute("SELECT pg_notify($1, $2)", CHANGES, f"{self.origin} {game_id}")

    async def _fetch(self, sql: str, *args) -> list[dict]:
        async with self.pool.acquire() as conn:
            return [_decoded(r) for r in await conn.fetch(sql, *args)]

    # ---- games
    async def create_game(self, **fields: Any) -> int:
        now = time.time()
        fields.setdefault("created_at", now)
        fields.setdefault("updated_at", now)
        names, values = _values(fields)
        marks = ", ".join(f"${i}" for i in range(1, len(names) + 1))
        async with self.pool.acquire() as conn:
            try:
                return await conn.fetchval(f"INSERT INTO games ({', '.join(names)}) VALUES ({marks}) RETURNING id",
                                           *values)
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name == ONE_LIVE_GAME:
                    raise ChannelTaken(f"channel {fields.get('channel_id')} already has a live game") from exc
                raise

    async def update_game(self, game_id: int, **fields: Any) -> None:
        fields["updated_at"] = time.time()
        names, values = _values(fields)
        sets = ", ".join(f"{n} = ${i}" for i, n in enumerate(names, 2))
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                await conn.execute(f"UPDATE games SET {sets} WHERE id = $1", game_id, *values)
                await self._announce(conn, game_id)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == ONE_LIVE_GAME:
                raise ChannelTaken(f"game {game_id}: its channel already has another live game") from exc
            raise

    async def get_game(self, game_id: int) -> dict | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = $1", game_id)
        return rows[0] if rows else None

    async def live_game_in(self, channel_id: int) -> dict | None:
        rows = await self._fetch(f"SELECT * FROM games WHERE channel_id = $1 AND {LIVE_SQL}", channel_id)
        return rows[0] if rows else None

    def _live(self) -> tuple[str, list]:
        """The live games' query and its arguments: this process's shards' only, when sharded."""
        if self.shards is None:
            return f"SELECT * FROM games WHERE {LIVE_SQL} ORDER BY id", []
        # Discord's own rule for which shard gets a server's events: (guild_id >> 22) % shard_count.
        ids, count = self.shards
        return (f"SELECT * FROM games WHERE {LIVE_SQL} AND (guild_id >> 22) % $2 = ANY($1::BIGINT[]) ORDER BY id",
                [list(ids), count])

    async def live_games(self) -> list[dict]:
        sql, args = self._live()
        return await self._fetch(sql, *args)

    async def live_game_batches(self) -> AsyncIterator[list[dict]]:
        """This process's live games, their JSON columns left as the stored text (the restore decodes each
        when its table is first read: bot/stored.py). One batch: asyncpg hands the records over whole."""
        sql, args = self._live()
        async with self.pool.acquire() as conn:
            records = await conn.fetch(sql, *args)
        yield [dict(r) for r in records]

    async def record_actions(self, game_id: int, entries: list[Entry], first_seq: int, **fields: Any) -> None:
        now = time.time()
        checked = "version" in fields  # the service always says which version its move makes
        fields["updated_at"] = now
        names, values = _values(fields)
        sets = ", ".join(f"{n} = ${i}" for i, n in enumerate(names, 8))
        seats, actions, sources, interactions = zip(*entries) if entries else ((), (), (), ())
        last = 8 + len(names)  # $last: how many entries; $last+1: the announcement (same SQL for every game)
        announce = f", pg_notify('{CHANGES}', ${last + 1})" if self.shards is not None else ""
        # One statement, so one round trip and its own transaction: lock the game's row, append the entries
        # only if the stored version is the one the move was made on, then save the game's fields. A
        # concurrent writer waits on the row lock and then sees the new version: it appends nothing, its
        # UPDATE matches no row, and it gets StaleGame. NOTIFY (when shards listen) goes out at the commit.
        same_version = "(SELECT version FROM current) = $2" if checked else "EXISTS (SELECT 1 FROM current)"
        sql = (
            "WITH current AS (SELECT version FROM games WHERE id = $1 FOR UPDATE),"
            " appended AS (INSERT INTO actions (game_id, seq, seat, action, source, interaction_id, at)"
            " SELECT $1, $2 + e.n - 1, e.seat, e.action, e.source, e.iid, $7"
            " FROM unnest($3::text[], $4::text[], $5::text[], $6::bigint[]) WITH ORDINALITY"
            " AS e(seat, action, source, iid, n)"
            f" WHERE {same_version} RETURNING 1)"
            f" UPDATE games SET {sets} WHERE id = $1{' AND version = $2' if checked else ''}"
            f" AND (SELECT count(*) FROM appended) = ${last} RETURNING 1{announce}"
        )
        async with self.pool.acquire() as conn:
            try:
                extra = [f"{self.origin} {game_id}"] if announce else []
                done = await conn.fetchrow(sql, game_id, first_seq, list(seats), [_dump(a) for a in actions],
                                           list(sources), list(interactions), now, *values, len(entries), *extra)
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name == "actions_interaction_id_key":
                    raise DuplicateInteraction from exc
                if exc.constraint_name == ONE_LIVE_GAME:
                    raise ChannelTaken(f"game {game_id}: its channel already has another live game") from exc
                raise StaleGame(f"game {game_id}: action {first_seq} is already recorded") from exc
        if done is None:
            raise StaleGame(f"game {game_id} is not at version {first_seq} any more (or is gone)")

    async def actions(self, game_id: int) -> list[dict]:
        return await self._fetch(
            "SELECT seq, seat, action, source, interaction_id, at FROM actions WHERE game_id = $1 ORDER BY seq",
            game_id)

    # ---- server settings
    async def guild_config(self, guild_id: int) -> GuildConfig:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT starter_role_id, channel_ids, turn_seconds, language, discord_locale FROM guild_config"
                " WHERE guild_id = $1", guild_id)
        if row is None:
            return GuildConfig(guild_id)
        return GuildConfig(guild_id, row[0], tuple(orjson.loads(row[1])), row[2], row[3], row[4])

    async def save_guild_config(self, config: GuildConfig) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO guild_config (guild_id, starter_role_id, channel_ids, turn_seconds, language)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id) DO UPDATE SET"
                " starter_role_id = excluded.starter_role_id, channel_ids = excluded.channel_ids,"
                " turn_seconds = excluded.turn_seconds, language = excluded.language",
                config.guild_id, config.starter_role_id, _dump(list(config.channel_ids)), config.turn_seconds,
                config.language)

    async def save_guild_locale(self, guild_id: int, locale: str) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO guild_config (guild_id, discord_locale) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET discord_locale = excluded.discord_locale", guild_id, locale)

    async def members(self, user_ids: list[int]) -> dict[int, Member]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._fetch(
            "SELECT user_id, dm_channel_id, discord_locale, language FROM members WHERE user_id = ANY($1::bigint[])",
            ids)
        return {r["user_id"]: Member(r["user_id"], r["dm_channel_id"], r["discord_locale"], r["language"])
                for r in rows}

    async def save_member(self, user_id: int, **fields: Any) -> None:
        names = [n for n in MEMBER_FIELDS if n in fields]
        marks = ", ".join(f"${i}" for i in range(2, len(names) + 2))
        async with self.pool.acquire() as conn:
            await conn.execute(
                f"INSERT INTO members (user_id, {', '.join(names)}) VALUES ($1, {marks})"
                f" ON CONFLICT (user_id) DO UPDATE SET {', '.join(f'{n} = excluded.{n}' for n in names)}",
                user_id, *(fields[n] for n in names))

    async def notify_off(self, guild_id: int) -> set[int]:
        rows = await self._fetch("SELECT user_id FROM member_settings WHERE guild_id = $1 AND notify = 0", guild_id)
        return {r["user_id"] for r in rows}

    async def set_notify(self, guild_id: int, user_id: int, on: bool) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO member_settings (guild_id, user_id, notify) VALUES ($1, $2, $3)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET notify = excluded.notify",
                guild_id, user_id, int(on))

    async def autoplay_on(self, guild_id: int) -> set[int]:
        rows = await self._fetch("SELECT user_id FROM member_settings WHERE guild_id = $1 AND autoplay = 1",
                                 guild_id)
        return {r["user_id"] for r in rows}

    async def set_autoplay(self, guild_id: int, user_id: int, on: bool) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO member_settings (guild_id, user_id, autoplay) VALUES ($1, $2, $3)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET autoplay = excluded.autoplay",
                guild_id, user_id, int(on))

    async def watch_links(self) -> dict[int, str]:
        return {r["game_id"]: r["token"] for r in await self._fetch("SELECT game_id, token FROM watch_links")}

    async def save_watch_link(self, game_id: int, token: str) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("INSERT INTO watch_links (game_id, token) VALUES ($1, $2)"
                               " ON CONFLICT (game_id) DO UPDATE SET token = excluded.token", game_id, token)


class AdHocQueries:
    """Read-only queries for tests and operators (`await store.db.execute_fetchall(sql, params)`, $n marks)."""

    def __init__(self, pool) -> None:
        self._pool = pool

    async def execute_fetchall(self, sql: str, params: tuple | list = ()) -> list[tuple]:
        async with self._pool.acquire() as conn:
            return [tuple(r) for r in await conn.fetch(sql, *params)]
