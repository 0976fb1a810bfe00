"""Storage for a server's memory: finished-game rows, per-member results, ratings and seat handovers.

Kept beside the core storage rather than inside it: the tables come from migration 2 in sqlite_schema.py,
and every query here is scoped by guild_id, so one server's data can never answer another server's
question. Every method is a coroutine that hands one function to the store's connection thread (see
sqlite.py): each write is one transaction of the store (nothing can interleave with it), a read of several
statements runs as one unit. Reads use the indexes named in the migration, so they stay fast with hundreds
of thousands of finished games. PostgreSQL answers the same methods in postgres_records.py.
"""
from __future__ import annotations

import sqlite3
from typing import Any, Callable

import orjson

from bot.storage.base import LIVE, Storage

BOT_USER = 0  # the ratings row all bot seats share (never listed with people's)


def history_store(store: Storage) -> "SqliteHistoryStore":
    """The history queries for this storage backend."""
    from bot.storage.sqlite import SqliteStorage

    if hasattr(store, "history_queries"):  # PostgreSQL: the same methods, bot/storage/postgres_records.py
        return store.history_queries()
    if not isinstance(store, SqliteStorage):
        raise NotImplementedError(f"no history queries for {type(store).__name__}")
    return SqliteHistoryStore(store)


class SqliteHistoryStore:
    def __init__(self, store) -> None:
        self.store = store

    async def _transaction(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        return await self.store._write(work)

    async def _read(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        return await self.store._read(work)

    async def _all(self, sql: str, params: tuple | list) -> list[tuple]:
        return await self.store._read(lambda conn: conn.execute(sql, params).fetchall())

    # ---- writing
    async def record(self, summary: dict, members: list[dict],
               rate: Callable[[dict[int, tuple[float, float] | None]], dict[int, tuple[float, float, float]]] | None
               ) -> bool:
        """Store one game's summary, its members' results and (if `rate`) new ratings, all or nothing.

        `rate` gets {user_id: (mu, sigma) or None when unrated} for summary["raters"] and returns the new
        (mu, sigma, ordinal) for each. Returns False, writing nothing, if the game was already recorded:
        recording twice (the finish hook and the after-restart catch-up) can never rate a game twice."""
        def work(conn: sqlite3.Connection) -> bool:
            cursor = conn.execute(
                "INSERT OR IGNORE INTO finished_games (game_id, guild_id, game_key, ended, rated, started_at,"
                " finished_at, moves, seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (summary["game_id"], summary["guild_id"], summary["game_key"], int(summary["ended"]),
                 int(rate is not None), summary["started_at"], summary["finished_at"], summary["moves"],
                 orjson.dumps(summary["seats"]).decode()))
            if cursor.rowcount == 0:
                return False
            conn.executemany(
                "INSERT OR IGNORE INTO finished_seats (game_id, guild_id, user_id, game_key, ended, won,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(summary["game_id"], summary["guild_id"], m["user"], summary["game_key"], int(summary["ended"]),
                  int(m["won"]), summary["finished_at"]) for m in members])
            if rate is not None:
                self._rate(conn, summary, rate)
            return True

        return await self._transaction(work)

    def _rate(self, conn: sqlite3.Connection, summary: dict, rate) -> None:
        guild, key, raters = summary["guild_id"], summary["game_key"], summary["raters"]
        current: dict[int, tuple[float, float] | None] = {}
        for user in raters:
            row = conn.execute("SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game_key = ? AND user_id = ?",
                               (guild, key, user)).fetchone()
            current[user] = tuple(row) if row else None
        for user, (mu, sigma, ordinal) in rate(current).items():
            conn.execute(
                "INSERT INTO ratings (guild_id, game_key, user_id, name, mu, sigma, ordinal, games)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT(guild_id, game_key, user_id) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = games + 1",
                (guild, key, user, summary["names"].get(user, "?"), mu, sigma, ordinal))

    async def handover(self, game_id: int, seat: str, user_id: int | None, name: str, until_seq: int) -> None:
        await self._transaction(lambda conn: conn.execute(
            "INSERT INTO seat_handovers (game_id, seat, user_id, name, until_seq) VALUES (?, ?, ?, ?, ?)",
            (game_id, seat, user_id, name, until_seq)))

    async def forget_guild(self, guild_id: int) -> dict[str, int]:
        """Delete everything a server left behind except games still being played; counts per table."""
        live = ", ".join(f"'{s}'" for s in LIVE)

        def work(conn: sqlite3.Connection) -> dict[str, int]:
            done = f"SELECT id FROM games WHERE guild_id = ? AND status NOT IN ({live})"
            counts = {
                "seat_handovers": conn.execute(f"DELETE FROM seat_handovers WHERE game_id IN ({done})",
                                               (guild_id,)).rowcount,
                "actions": conn.execute(f"DELETE FROM actions WHERE game_id IN ({done})", (guild_id,)).rowcount,
            }
            for table in ("finished_seats", "finished_games", "ratings", "guild_config", "member_settings"):
                counts[table] = conn.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,)).rowcount
            counts["games"] = conn.execute(
                f"DELETE FROM games WHERE guild_id = ? AND status NOT IN ({live})", (guild_id,)).rowcount
            return counts

        return await self._transaction(work)

    # ---- reading what a finished game needs
    async def handovers(self, game_id: int) -> list[tuple[str, int | None, str, int]]:
        return await self._all("SELECT seat, user_id, name, until_seq FROM seat_handovers WHERE game_id = ?"
                               " ORDER BY rowid", (game_id,))

    async def seat_moves(self, game_id: int) -> list[tuple[int, str]]:
        return await self._all("SELECT seq, seat FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))

    async def first_action_at(self, game_id: int) -> float | None:
        rows = await self._all("SELECT at FROM actions WHERE game_id = ? ORDER BY seq LIMIT 1", (game_id,))
        return rows[0][0] if rows else None

    async def unrecorded(self, limit: int = 500) -> list[int]:
        """Ids of started games that are over or ended but have no history row yet (a crash came between)."""
        live = ", ".join(f"'{s}'" for s in LIVE)
        return [r[0] for r in await self._all(
            f"SELECT id FROM games WHERE status NOT IN ({live}) AND state IS NOT NULL"
            " AND id NOT IN (SELECT game_id FROM finished_games) ORDER BY id LIMIT ?", (limit,))]

    # ---- queries for people
    async def history(self, guild_id: int, game_key: str | None, user_id: int | None, limit: int,
                      offset: int) -> tuple[int, list[dict]]:
        """(how many match, one page of finished_games rows, newest first)."""
        # A member's games are found (and counted) in finished_seats alone, newest first straight from the
        # member_history index; only the page's own rows are then joined to their summaries.
        params: list[int | str]  # ids, then the game key
        if user_id is None:
            source, where, params = "finished_games f", ["f.guild_id = ?"], [guild_id]
            order = "f.finished_at DESC, f.game_id DESC"
        else:
            source = "finished_seats s"
            where, params, order = ["s.guild_id = ?", "s.user_id = ?"], [guild_id, user_id], "s.finished_at DESC"
        if game_key is not None:
            where.append(f"{source[-1]}.game_key = ?")
            params.append(game_key)
        clause = " AND ".join(where)
        join = "" if user_id is None else " JOIN finished_games f ON f.game_id = s.game_id"

        def count_and_page(conn: sqlite3.Connection) -> tuple[int, list[tuple]]:
            (total,) = conn.execute(f"SELECT COUNT(*) FROM {source} WHERE {clause}", params).fetchone()
            return total, conn.execute(
                f"SELECT f.game_id, f.game_key, f.ended, f.rated, f.started_at, f.finished_at, f.moves, f.seats"
                f" FROM {source}{join} WHERE {clause} ORDER BY {order} LIMIT ? OFFSET ?",
                [*params, limit, offset]).fetchall()

        total, rows = await self._read(count_and_page)
        return total, finished_rows(rows)

    async def member_results(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, int]]:
        """(game_key, ended, games, won) for one member of one server (the covering index member_results)."""
        return await self._all(
            "SELECT game_key, ended, COUNT(*), SUM(won) FROM finished_seats WHERE guild_id = ? AND user_id = ?"
            " GROUP BY ended, game_key", (guild_id, user_id))

    async def rating(self, guild_id: int, game_key: str,
                     user_id: int) -> tuple[float, float, float, int, int] | None:
        """(mu, sigma, ordinal, games, rank among people) or None."""
        def rating_and_rank(conn: sqlite3.Connection):
            row = conn.execute("SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND game_key = ?"
                               " AND user_id = ?", (guild_id, game_key, user_id)).fetchone()
            if row is None:
                return None
            (above,) = conn.execute(
                "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_key = ? AND ordinal > ? AND user_id != ?",
                (guild_id, game_key, row[2], BOT_USER)).fetchone()
            return (*row, above + 1)

        return await self._read(rating_and_rank)

    async def leaderboard(self, guild_id: int, game_key: str, limit: int,
                          offset: int) -> tuple[int, list[tuple]]:
        """(how many people are rated, one page of (user_id, name, mu, sigma, ordinal, games)), best first."""
        def count_and_page(conn: sqlite3.Connection) -> tuple[int, list[tuple]]:
            (total,) = conn.execute("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_key = ?"
                                    " AND user_id != ?", (guild_id, game_key, BOT_USER)).fetchone()
            return total, conn.execute(
                "SELECT user_id, name, mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND game_key = ?"
                " AND user_id != ? ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
                (guild_id, game_key, BOT_USER, limit, offset)).fetchall()

        return await self._read(count_and_page)


FINISHED_COLUMNS = ("game_id", "game_key", "ended", "rated", "started_at", "finished_at", "moves", "seats")


def finished_rows(rows) -> list[dict]:
    """A page of finished games as dicts (both backends select FINISHED_COLUMNS, in that order)."""
    out = []
    for raw in rows:
        row = dict(zip(FINISHED_COLUMNS, raw))
        row["seats"] = orjson.loads(row["seats"])
        out.append(row)
    return out
