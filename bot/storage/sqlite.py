"""The SQLite backend (WAL) on aiosqlite: every call is one transaction, run whole on the connection's thread.

aiosqlite owns one sqlite3 connection and one worker thread that runs the functions handed to it one at a
time, in the order they were handed over. Each public call here hands over ONE function that runs its
whole transaction (BEGIN IMMEDIATE … COMMIT, or a single autocommit statement) and returns plain data, so:
  * a transaction never interleaves with another table's: the thread runs the next call only after this
    one's COMMIT or ROLLBACK, whatever the event loop does meanwhile (statement by statement, one game's
    writes could land inside another's open transaction);
  * the caller's await returns only after the COMMIT: an acknowledged move is in the WAL before the answer,
    and with synchronous=NORMAL the WAL is in the OS, so kill -9 loses nothing (ROOKERY_DURABILITY=full
    also syncs the WAL to the disk at every commit, for a power cut: see `SYNCHRONOUS`);
  * the loop never waits for SQLite: the commit (and its fsync with `full`) happens on the thread, and the
    WAL checkpoint (copying the WAL into the database file, with its fsync) on a background thread of its
    own with its own connection (Checkpointer).
A caller cancelled while it awaits does not cancel its transaction: the thread still runs it to its COMMIT
or ROLLBACK, in order, as a crash right after the commit would leave it (a restart loads what committed).
JSON is encoded on the loop before the hand-over: the values are the live table's state, which the loop
may change while the thread works. Rows are decoded on the thread (fresh objects, nobody else's).

aiosqlite has no public call for "run this function on your thread"; `Connection._execute(fn, *args)` is
how its own methods do it (see `_on_thread`), and the sqlite3 connection it owns is `Connection._conn`.
Both are pinned by the version in pyproject.toml and exercised by every test here.
"""
from __future__ import annotations

import functools
import json
import logging
import sqlite3
import threading
import time
from typing import Any, AsyncIterator, Callable

import aiosqlite
import orjson

from bot.storage.base import (LIVE, MEMBER_FIELDS, ChannelTaken, DuplicateInteraction, Entry, GuildConfig, Member,
                              Storage)
from bot.storage.sqlite_schema import MIGRATIONS

log = logging.getLogger("rookery.storage")

JSON_COLUMNS = frozenset({"options", "seats", "state", "timers", "logs"})
DECODED_COLUMNS = JSON_COLUMNS | {"action"}   # games' JSON columns and actions.action
LIVE_SQL = "status IN ({})".format(", ".join(f"'{s}'" for s in LIVE))
RESTORE_BATCH = 2000       # live rows per read at a restore: big enough that the hand-overs cost nothing
RESTORE_SQL = f"SELECT * FROM games WHERE id > ? AND {LIVE_SQL} ORDER BY id LIMIT ?"
INSERT_ACTION = (
    "INSERT INTO actions (game_id, seq, seat, action, source, interaction_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
BUSY_SECONDS = 5.0         # another process holding the write lock (only at start-up in practice)
SAFETY_CHECKPOINT = 4000   # pages: the writer checkpoints itself only if the background thread falls behind
CHECKPOINT_EVERY = 256     # commits between background checkpoints (and at least every few seconds)
# ROOKERY_DURABILITY -> PRAGMA synchronous. In WAL mode NORMAL writes each commit to the WAL without an
# fsync (a killed process loses nothing; a power cut may lose the last commits, never corrupt the file);
# FULL also fsyncs the WAL at every commit (a power cut loses nothing acknowledged either).
SYNCHRONOUS = {"normal": "NORMAL", "full": "FULL"}


def _enter_wal(conn: sqlite3.Connection) -> None:
    """Switch to WAL, waiting for another process that is doing the same or migrating. Changing the journal
    mode answers "database is locked" at once, without SQLite's busy handler, so this loop is the wait."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


# JSON through orjson: encoding and decoding were half of a commit and most of a restore with the
# standard library. The text is the same compact JSON (TEXT columns, readable by any tool); values orjson
# refuses (integers beyond 64 bits) fall back to the standard encoder.
_load = orjson.loads
_std_encode = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def _dump(value: Any) -> str | None:
    if value is None:
        return None
    try:
        # Plain first: OPT_NON_STR_KEYS doubles orjson's time, and only a few values have integer keys
        # (orjson refuses those, and the retry writes them as JSON object keys, as json.dumps would).
        return orjson.dumps(value).decode()
    except (orjson.JSONEncodeError, TypeError):
        pass
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return _std_encode(value)


@functools.lru_cache(maxsize=64)
def _update_sql(names: tuple[str, ...]) -> str:
    """The UPDATE of a game's row for these columns: the same few sets every click, so built once each."""
    return f"UPDATE games SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?"


def _update(game_id: int, fields: dict[str, Any]) -> tuple[str, list]:
    """The UPDATE statement and its parameters (JSON columns encoded, the game's id last)."""
    values = [_dump(v) if n in JSON_COLUMNS else v for n, v in fields.items()]
    values.append(game_id)
    return _update_sql(tuple(fields)), values


def _rows(conn: sqlite3.Connection, sql: str, params: tuple | list = (), decode: bool = True) -> list[dict]:
    """Rows as dicts, JSON columns decoded unless `decode` is False (on the connection's thread)."""
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    json_at = [i for i, n in enumerate(names) if n in DECODED_COLUMNS] if decode else []
    out = []
    for raw in cursor.fetchall():
        row = dict(zip(names, raw))
        for i in json_at:
            if raw[i] is not None:
                row[names[i]] = _load(raw[i])
        out.append(row)
    return out


def _channel_taken(exc: sqlite3.IntegrityError) -> bool:
    """The unique index one_live_game_per_channel refused a second live game in a channel."""
    return "games.channel_id" in str(exc)


class SqliteStorage(Storage):
    def __init__(self, conn: aiosqlite.Connection, path: str, durability: str = "normal") -> None:
        self.conn = conn          # the aiosqlite connection; its sqlite3 connection is used on its thread only
        self._raw: sqlite3.Connection = conn._conn
        self.path = path
        self.durability = durability
        self.db = conn            # ad-hoc read-only queries for tests and operators: `await store.db.execute_fetchall(sql)`
        self._writer: sqlite3.Cursor | None = None   # set in open(), on the thread
        self._checkpointer: Checkpointer | None = None
        self._commits = 0         # counted on the thread
        # Each game's status as this connection last committed it. The partial unique index
        # one_live_game_per_channel reads `status`, so an UPDATE that sets it (even to the same value) has
        # SQLite delete, re-check and re-insert that index entry: a quarter of a click's commit. A click
        # leaves the status as it was in almost every case, so record_actions sets it only when it differs
        # from this (a game it never wrote, after a restart, gets it written once). Read and written on the
        # loop only; a table's commits are one at a time (the service holds its lock).
        self._status: dict[int, str] = {}

    @classmethod
    async def open(cls, path: str, durability: str = "normal") -> "SqliteStorage":
        if durability not in SYNCHRONOUS:
            raise ValueError(f"durability {durability!r}: expected one of {', '.join(SYNCHRONOUS)}")
        conn = aiosqlite.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
        # A daemon thread: a process that exits without close() (a crash, a test that forgot it) must not
        # hang waiting for it. Stopping mid-transaction is then a crash like any other; WAL rolls it back.
        conn._thread.daemon = True
        await conn
        try:
            store = cls(conn, path, durability)
            await store._on_thread(store._prepare)
            await store.migrate()
        except BaseException:
            await conn.close()
            raise
        if path != ":memory:" and not path.startswith("file::memory:"):
            store._checkpointer = Checkpointer(path)
        return store

    def _prepare(self) -> None:
        conn = self._raw
        self._writer = conn.cursor()   # one cursor for the transaction statements and a commit's writes
        _enter_wal(conn)
        conn.execute(f"PRAGMA synchronous={SYNCHRONOUS[self.durability]}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA wal_autocheckpoint={SAFETY_CHECKPOINT}")

    async def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()
            self._checkpointer = None
        await self.conn.close()

    async def migrate(self) -> int:
        # BEGIN IMMEDIATE takes the write lock before reading the version: a second process starting at
        # the same moment waits here, then finds the schema already current and applies nothing twice.
        def upgrade(conn: sqlite3.Connection) -> int:
            (current,) = conn.execute("PRAGMA user_version").fetchone()
            if current > len(MIGRATIONS):
                raise RuntimeError(f"database schema {current} is newer than this code ({len(MIGRATIONS)})")
            for script in MIGRATIONS[current:]:
                for statement in filter(str.strip, script.split(";")):
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version={len(MIGRATIONS)}")
            return len(MIGRATIONS)

        return await self._write(upgrade)

    # ---- running on the connection's thread
    async def _on_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run fn(*args) on aiosqlite's thread, after every call handed over before it; its result."""
        return await self.conn._execute(fn, *args)

    async def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """work(conn) as one transaction, all or nothing, run whole on the thread."""
        return await self.conn._execute(self._transaction, work)

    async def _read(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """work(conn) on the thread, outside any transaction (each statement sees committed data)."""
        return await self.conn._execute(work, self._raw)

    def _open_writer(self) -> sqlite3.Cursor:
        assert self._writer is not None, "the store is open"
        return self._writer

    def _transaction(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """On the thread: BEGIN IMMEDIATE, work(conn), COMMIT; ROLLBACK if anything fails."""
        conn, writer = self._raw, self._open_writer()
        writer.execute("BEGIN IMMEDIATE")
        try:
            result = work(conn)
            writer.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                writer.execute("ROLLBACK")
            raise
        self._committed()
        return result

    def _autocommit(self, sql: str, params: tuple | list) -> sqlite3.Cursor:
        """On the thread: one statement, its own transaction."""
        cursor = self._raw.execute(sql, params)
        self._committed()
        return cursor

    def _committed(self) -> None:
        self._commits += 1
        if self._checkpointer is not None and self._commits % CHECKPOINT_EVERY == 0:
            self._checkpointer.kick()

    async def _one(self, sql: str, params: tuple | list) -> None:
        await self.conn._execute(self._autocommit, sql, params)

    async def _fetch(self, sql: str, params: tuple | list = ()) -> list[dict]:
        return await self.conn._execute(_rows, self._raw, sql, params)

    # ---- games
    async def create_game(self, **fields: Any) -> int:
        now = time.time()
        fields.setdefault("created_at", now)
        fields.setdefault("updated_at", now)
        names = list(fields)
        values = [_dump(fields[n]) if n in JSON_COLUMNS else fields[n] for n in names]
        sql = f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
        try:
            game_id = await self.conn._execute(lambda: self._autocommit(sql, values).lastrowid)
        except sqlite3.IntegrityError as exc:
            if _channel_taken(exc):
                raise ChannelTaken(f"channel {fields.get('channel_id')} already has a live game") from exc
            raise
        self._status[game_id] = fields["status"]  # a reused id starts afresh here
        return game_id

    async def update_game(self, game_id: int, **fields: Any) -> None:
        fields["updated_at"] = time.time()
        try:
            await self._one(*_update(game_id, fields))
        except sqlite3.IntegrityError as exc:
            if _channel_taken(exc):
                raise ChannelTaken(f"game {game_id}: its channel already has another live game") from exc
            raise
        if "status" in fields:
            self._status[game_id] = fields["status"]

    async def get_game(self, game_id: int) -> dict | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        return rows[0] if rows else None

    async def live_game_in(self, channel_id: int) -> dict | None:
        rows = await self._fetch(f"SELECT * FROM games WHERE channel_id = ? AND {LIVE_SQL}", (channel_id,))
        return rows[0] if rows else None

    async def live_games(self) -> list[dict]:
        return await self._fetch(f"SELECT * FROM games WHERE {LIVE_SQL}")

    async def live_game_batches(self) -> AsyncIterator[list[dict]]:
        """Live rows RESTORE_BATCH at a time, by id, their JSON columns left as text (the restore decodes each
        when its table is first read). Each batch is its own statement: no cursor stays open on the
        connection between them, so a write handed over meanwhile runs as usual."""
        after = -1
        while True:
            rows = await self.conn._execute(_rows, self._raw, RESTORE_SQL, (after, RESTORE_BATCH), False)
            if rows:
                yield rows
            if len(rows) < RESTORE_BATCH:
                return
            after = rows[-1]["id"]

    async def record_actions(self, game_id: int, entries: list[Entry], first_seq: int, **fields: Any) -> None:
        now = time.time()
        fields["updated_at"] = now
        status = fields.get("status")
        if status is not None and self._status.get(game_id) == status:
            del fields["status"]  # stored already: see self._status
        update, values = _update(game_id, fields)
        rows = [
            (game_id, first_seq + offset, seat, _dump(action), source, interaction_id, now)
            for offset, (seat, action, source, interaction_id) in enumerate(entries)
        ]

        def append(_conn: sqlite3.Connection) -> None:
            writer = self._open_writer()
            if len(rows) == 1:  # most clicks: executemany costs about 7 µs more for a single row
                writer.execute(INSERT_ACTION, rows[0])
            else:
                writer.executemany(INSERT_ACTION, rows)
            writer.execute(update, values)

        try:
            await self._write(append)
        except sqlite3.IntegrityError as exc:
            if "interaction_id" in str(exc):
                raise DuplicateInteraction from exc
            if _channel_taken(exc):
                raise ChannelTaken(f"game {game_id}: its channel already has another live game") from exc
            raise
        if status is not None:  # committed (a failed transaction rolled back: the old status stands)
            self._status[game_id] = status

    async def actions(self, game_id: int) -> list[dict]:
        return await self._fetch(
            "SELECT seq, seat, action, source, interaction_id, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )

    # ---- server settings
    async def guild_config(self, guild_id: int) -> GuildConfig:
        row = await self._read(lambda conn: conn.execute(
            "SELECT starter_role_id, channel_ids, turn_seconds, language, discord_locale FROM guild_config"
            " WHERE guild_id = ?", (guild_id,)).fetchone())
        if row is None:
            return GuildConfig(guild_id)
        return GuildConfig(guild_id, row[0], tuple(_load(row[1])), row[2], row[3], row[4])

    async def save_guild_config(self, config: GuildConfig) -> None:
        await self._one(
            "INSERT INTO guild_config (guild_id, starter_role_id, channel_ids, turn_seconds, language)"
            " VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET starter_role_id = excluded.starter_role_id,"
            " channel_ids = excluded.channel_ids, turn_seconds = excluded.turn_seconds,"
            " language = excluded.language",
            (config.guild_id, config.starter_role_id, _dump(list(config.channel_ids)), config.turn_seconds,
             config.language),
        )

    async def save_guild_locale(self, guild_id: int, locale: str) -> None:
        await self._one(
            "INSERT INTO guild_config (guild_id, discord_locale) VALUES (?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET discord_locale = excluded.discord_locale", (guild_id, locale))

    async def members(self, user_ids: list[int]) -> dict[int, Member]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._read(lambda conn: conn.execute(
            "SELECT user_id, dm_channel_id, discord_locale, language FROM members WHERE user_id IN"
            f" ({', '.join('?' * len(ids))})", ids).fetchall())
        return {r[0]: Member(*r) for r in rows}

    async def save_member(self, user_id: int, **fields: Any) -> None:
        names = [n for n in MEMBER_FIELDS if n in fields]
        await self._one(
            f"INSERT INTO members (user_id, {', '.join(names)}) VALUES (?{', ?' * len(names)})"
            f" ON CONFLICT(user_id) DO UPDATE SET {', '.join(f'{n} = excluded.{n}' for n in names)}",
            (user_id, *(fields[n] for n in names)))

    async def notify_off(self, guild_id: int) -> set[int]:
        rows = await self._read(lambda conn: conn.execute(
            "SELECT user_id FROM member_settings WHERE guild_id = ? AND notify = 0", (guild_id,)).fetchall())
        return {r[0] for r in rows}

    async def set_notify(self, guild_id: int, user_id: int, on: bool) -> None:
        await self._one(
            "INSERT INTO member_settings (guild_id, user_id, notify) VALUES (?, ?, ?)"
            " ON CONFLICT(guild_id, user_id) DO UPDATE SET notify = excluded.notify",
            (guild_id, user_id, int(on)))

    async def autoplay_on(self, guild_id: int) -> set[int]:
        rows = await self._read(lambda conn: conn.execute(
            "SELECT user_id FROM member_settings WHERE guild_id = ? AND autoplay = 1", (guild_id,)).fetchall())
        return {r[0] for r in rows}

    async def set_autoplay(self, guild_id: int, user_id: int, on: bool) -> None:
        await self._one(
            "INSERT INTO member_settings (guild_id, user_id, autoplay) VALUES (?, ?, ?)"
            " ON CONFLICT(guild_id, user_id) DO UPDATE SET autoplay = excluded.autoplay",
            (guild_id, user_id, int(on)))

    async def watch_links(self) -> dict[int, str]:
        rows = await self._read(lambda conn: conn.execute("SELECT game_id, token FROM watch_links").fetchall())
        return {r[0]: r[1] for r in rows}

    async def save_watch_link(self, game_id: int, token: str) -> None:
        await self._one("INSERT INTO watch_links (game_id, token) VALUES (?, ?)"
                        " ON CONFLICT(game_id) DO UPDATE SET token = excluded.token", (game_id, token))


class Checkpointer:
    """Copies committed WAL pages into the database file on its own thread and connection.

    With synchronous=NORMAL the checkpoint is the only step that waits for fsync; PASSIVE never blocks
    the writer, so commits stay short. SAFETY_CHECKPOINT bounds the WAL if this falls behind.
    """

    IDLE_SECONDS = 5.0

    def __init__(self, path: str) -> None:
        self.path = path
        self._wake = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def kick(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()
        self._thread.join(BUSY_SECONDS)

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_SECONDS)
        try:
            while True:
                self._wake.wait(self.IDLE_SECONDS)
                self._wake.clear()
                if self._stopping:
                    return
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:
                    log.exception("background WAL checkpoint failed; the writer's own checkpoint still bounds it")
        finally:
            conn.close()
