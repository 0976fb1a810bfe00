"""`rookery migrate-db --from sqlite:////abs/path --to postgresql://…`: copy a server's SQLite data into PostgreSQL.

Games (with their ids, so old Discord buttons still name the right game), action logs, server settings
and, when the SQLite file has them, the history tables (finished games, per-member results, ratings, seat
handovers). The source is read in one snapshot, read-only, so it is never changed; the copy is one
transaction, so a failure leaves the target as it was. A count check per table at the end says that
nothing was lost. Stop the bot first: moves made during the copy would not be in it.
"""
from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path
from typing import TextIO

from bot.storage.postgres_schema import MIGRATIONS, is_postgres_url, migrate_connection

# Parents before children; seat_handovers in rowid order (its identity column keeps that order).
TABLES = ("games", "actions", "guild_config", "finished_games", "finished_seats", "ratings", "seat_handovers",
          "member_settings", "members", "watch_links")
ORDER = {"games": "id", "actions": "game_id, seq", "seat_handovers": "rowid"}


class MigrationError(Exception):
    """Something an operator must fix (a missing file, a target already in use); the message says what."""


EXAMPLE = "sqlite:////absolute/path/rookery.sqlite3"


def sqlite_path(source: str) -> str:
    """The file a --from names: sqlite:////abs/path (SQLAlchemy's form: four slashes for an absolute path)
    or sqlite:///abs/path (both are /abs/path), or a plain path taken as it is. Anything else, a
    sqlite://host/... authority or another scheme included, is refused with a one-line example."""
    if source.startswith("sqlite:"):
        rest = source[len("sqlite:"):]
        if not rest.startswith("///"):
            raise MigrationError(f"--from {source!r} is not a SQLite URL; write it like {EXAMPLE}")
        path = "/" + rest.lstrip("/")
    elif "://" in source or not source:
        raise MigrationError(f"--from {source!r} is not a SQLite URL; write it like {EXAMPLE}")
    else:
        path = source
    if not os.path.isfile(path):
        raise MigrationError(f"no SQLite database at {path!r} (from {source!r}; write it like {EXAMPLE})")
    return path


def open_readonly(source: str) -> sqlite3.Connection:
    """The source database, read-only (a file: URI with the path percent-quoted, so "?", "#" and spaces
    stay part of the name)."""
    return sqlite3.connect(f"{Path(sqlite_path(source)).resolve().as_uri()}?mode=ro", uri=True)


def _convert(value, pg_type: str):
    """SQLite keeps whatever it was given; PostgreSQL wants the column's own type."""
    if value is None:
        return None
    if pg_type in ("bigint", "integer"):
        return int(value)
    if pg_type == "double precision":
        return float(value)
    return value if isinstance(value, str) else str(value)


async def copy(source: str, target: str, out: TextIO) -> bool:
    """Copy everything; print a count per table; True when every count matches."""
    import asyncpg

    if not is_postgres_url(target):
        raise MigrationError(f"--to must be a postgresql:// URL, not {target!r}")
    lite = open_readonly(source)
    try:
        lite.execute("BEGIN")  # one snapshot of every table
        present = {n for (n,) in lite.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "games" not in present:
            raise MigrationError(f"{source} has no games table: is it a Rookery database?")
        conn = await asyncpg.connect(target)
        try:
            await migrate_connection(conn)
            counts = await _copy_tables(lite, conn, [t for t in TABLES if t in present])
        finally:
            await conn.close()
    finally:
        lite.close()
    everything_there = True
    for table, (copied, stored) in counts.items():
        ok = copied == stored
        everything_there &= ok
        print(f"{table}: {copied} in SQLite, {stored} in PostgreSQL{'' if ok else '  <- MISMATCH'}", file=out)
    return everything_there


async def _copy_tables(lite: sqlite3.Connection, conn, tables: list[str]) -> dict[str, tuple[int, int]]:
    counts: dict[str, tuple[int, int]] = {}
    async with conn.transaction():
        (games,) = await conn.fetchrow("SELECT count(*) FROM games")
        if games:
            raise MigrationError("the PostgreSQL database already has games; copy into an empty one")
        for table in tables:
            types = {r["column_name"]: r["data_type"] for r in await conn.fetch(
                "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1"
                " AND table_schema = current_schema()", table)}
            columns = [row[1] for row in lite.execute(f"PRAGMA table_info({table})") if row[1] in types]
            cursor = lite.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {ORDER.get(table, 'rowid')}")
            copied = 0
            while batch := cursor.fetchmany(5000):
                records = [tuple(_convert(v, types[c]) for v, c in zip(row, columns)) for row in batch]
                await conn.copy_records_to_table(table, records=records, columns=columns)
                copied += len(records)
            stored = await conn.fetchval(f"SELECT count(*) FROM {table}")
            counts[table] = (copied, stored)
        # New games continue after the copied ids (an identity column doesn't see explicit inserts).
        await conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'),"
                           " COALESCE((SELECT max(id) FROM games), 0) + 1, false)")
    return counts


def main(source: str, target: str, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        ok = asyncio.run(copy(source, target, out))
    except MigrationError as exc:
        print(f"rookery migrate-db: {exc}", file=sys.stderr)
        return 2
    except ImportError:
        print("rookery migrate-db: asyncpg is not installed: pip install 'rookery[postgres]'", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - unreachable server, refused login, bad file: say which, exit 1
        if not isinstance(exc, (OSError, sqlite3.Error)) and not type(exc).__module__.startswith("asyncpg"):
            raise
        print(f"rookery migrate-db: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if not ok:
        print("rookery migrate-db: the counts differ; the copy is incomplete", file=sys.stderr)
        return 1
    print(f"Copied into PostgreSQL (schema {len(MIGRATIONS)}); every count matches.", file=out)
    return 0
