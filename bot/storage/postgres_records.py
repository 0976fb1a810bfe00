"""The history queries on PostgreSQL: bot/storage/records.py's contract, coroutines on the store's pool.

Each call is one short transaction (or one read) on a pooled connection, like every other PostgreSQL call.
"""
from __future__ import annotations

from typing import Any, Callable

import orjson

from bot.storage.postgres_schema import LIVE_SQL


class PostgresHistoryStore:
    """bot/storage/records.py's SqliteHistoryStore, method for method, on PostgreSQL."""

    def __init__(self, pool) -> None:
        self._pool = pool

    async def _call(self, work: Callable) -> Any:
        async with self._pool.acquire() as conn:
            return await work(conn)

    async def _fetch(self, sql: str, *args) -> list[tuple]:
        async with self._pool.acquire() as conn:
            return [tuple(r) for r in await conn.fetch(sql, *args)]

    # ---- writing
    async def record(self, summary: dict, members: list[dict], rate) -> bool:
        async def work(conn) -> bool:
            async with conn.transaction():
                status = await conn.execute(
                    "INSERT INTO finished_games (game_id, guild_id, game_key, ended, rated, started_at,"
                    " finished_at, moves, seats) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                    " ON CONFLICT DO NOTHING",
                    summary["game_id"], summary["guild_id"], summary["game_key"], int(summary["ended"]),
                    int(rate is not None), summary["started_at"], summary["finished_at"], summary["moves"],
                    orjson.dumps(summary["seats"]).decode())
                if status.endswith(" 0"):
                    return False
                await conn.executemany(
                    "INSERT INTO finished_seats (game_id, guild_id, user_id, game_key, ended, won, finished_at)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
                    [(summary["game_id"], summary["guild_id"], m["user"], summary["game_key"],
                      int(summary["ended"]), int(m["won"]), summary["finished_at"]) for m in members])
                if rate is not None:
                    await self._rate(conn, summary, rate)
                return True

        return await self._call(work)

    @staticmethod
    async def _rate(conn, summary: dict, rate) -> None:
        guild, key, raters = summary["guild_id"], summary["game_key"], summary["raters"]
        current: dict[int, tuple[float, float] | None] = {}
        for user in raters:
            # FOR UPDATE: two shards finishing games of one server rate from each other's results, in turn.
            row = await conn.fetchrow("SELECT mu, sigma FROM ratings WHERE guild_id = $1 AND game_key = $2"
                                      " AND user_id = $3 FOR UPDATE", guild, key, user)
            current[user] = tuple(row) if row else None
        for user, (mu, sigma, ordinal) in rate(current).items():
            await conn.execute(
                "INSERT INTO ratings (guild_id, game_key, user_id, name, mu, sigma, ordinal, games)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, 1) ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = ratings.games + 1",
                guild, key, user, summary["names"].get(user, "?"), mu, sigma, ordinal)

    async def handover(self, game_id: int, seat: str, user_id: int | None, name: str, until_seq: int) -> None:
        async def work(conn):
            await conn.execute("INSERT INTO seat_handovers (game_id, seat, user_id, name, until_seq)"
                               " VALUES ($1, $2, $3, $4, $5)", game_id, seat, user_id, name, until_seq)

        await self._call(work)

    async def forget_guild(self, guild_id: int) -> dict[str, int]:
        done = f"SELECT id FROM games WHERE guild_id = $1 AND NOT ({LIVE_SQL})"

        async def work(conn) -> dict[str, int]:
            def count(status: str) -> int:
                return int(status.rsplit(" ", 1)[-1])

            async with conn.transaction():
                counts = {
                    "seat_handovers": count(await conn.execute(
                        f"DELETE FROM seat_handovers WHERE game_id IN ({done})", guild_id)),
                    "actions": count(await conn.execute(f"DELETE FROM actions WHERE game_id IN ({done})", guild_id)),
                }
                for table in ("finished_seats", "finished_games", "ratings", "guild_config", "member_settings"):
                    counts[table] = count(await conn.execute(f"DELETE FROM {table} WHERE guild_id = $1", guild_id))
                counts["games"] = count(await conn.execute(
                    f"DELETE FROM games WHERE guild_id = $1 AND NOT ({LIVE_SQL})", guild_id))
                return counts

        return await self._call(work)

    # ---- reading what a finished game needs
    async def handovers(self, game_id: int) -> list[tuple[str, int | None, str, int]]:
        return await self._fetch("SELECT seat, user_id, name, until_seq FROM seat_handovers WHERE game_id = $1"
                           " ORDER BY id", game_id)

    async def seat_moves(self, game_id: int) -> list[tuple[int, str]]:
        return await self._fetch("SELECT seq, seat FROM actions WHERE game_id = $1 ORDER BY seq", game_id)

    async def first_action_at(self, game_id: int) -> float | None:
        rows = await self._fetch("SELECT at FROM actions WHERE game_id = $1 ORDER BY seq LIMIT 1", game_id)
        return rows[0][0] if rows else None

    async def unrecorded(self, limit: int = 500) -> list[int]:
        return [r[0] for r in await self._fetch(
            f"SELECT id FROM games WHERE NOT ({LIVE_SQL}) AND state IS NOT NULL"
            " AND id NOT IN (SELECT game_id FROM finished_games) ORDER BY id LIMIT $1", limit)]

    # ---- queries for people
    async def history(self, guild_id: int, game_key: str | None, user_id: int | None, limit: int,
                      offset: int) -> tuple[int, list[dict]]:
        params: list[int | str]  # ids, then the game key
        if user_id is None:
            source, where, params = "finished_games f", ["f.guild_id = $1"], [guild_id]
            order = "f.finished_at DESC, f.game_id DESC"
        else:
            source = "finished_seats s"
            where, params, order = ["s.guild_id = $1", "s.user_id = $2"], [guild_id, user_id], "s.finished_at DESC"
        if game_key is not None:
            params.append(game_key)
            where.append(f"{source[-1]}.game_key = ${len(params)}")
        clause = " AND ".join(where)
        ((total,),) = await self._fetch(f"SELECT COUNT(*) FROM {source} WHERE {clause}", *params)
        join = "" if user_id is None else " JOIN finished_games f ON f.game_id = s.game_id"
        n = len(params)
        rows = await self._fetch(
            f"SELECT f.game_id, f.game_key, f.ended, f.rated, f.started_at, f.finished_at, f.moves, f.seats"
            f" FROM {source}{join} WHERE {clause} ORDER BY {order} LIMIT ${n + 1} OFFSET ${n + 2}",
            *params, limit, offset)
        from bot.storage.records import finished_rows  # (records.py imports this module: at call time)

        return total, finished_rows(rows)

    async def member_results(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, int]]:
        return await self._fetch(
            "SELECT game_key, ended, COUNT(*), SUM(won)::BIGINT FROM finished_seats"
            " WHERE guild_id = $1 AND user_id = $2 GROUP BY ended, game_key", guild_id, user_id)

    async def rating(self, guild_id: int, game_key: str, user_id: int) -> tuple[float, float, float, int, int] | None:
        from bot.storage.records import BOT_USER

        rows = await self._fetch("SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = $1 AND game_key = $2"
                           " AND user_id = $3", guild_id, game_key, user_id)
        if not rows:
            return None
        row = rows[0]
        ((above,),) = await self._fetch(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game_key = $2 AND ordinal > $3 AND user_id != $4",
            guild_id, game_key, row[2], BOT_USER)
        return (*row, above + 1)

    async def leaderboard(self, guild_id: int, game_key: str, limit: int, offset: int) -> tuple[int, list[tuple]]:
        from bot.storage.records import BOT_USER

        ((total,),) = await self._fetch("SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game_key = $2"
                                  " AND user_id != $3", guild_id, game_key, BOT_USER)
        rows = await self._fetch(
            "SELECT user_id, name, mu, sigma, ordinal, games FROM ratings WHERE guild_id = $1 AND game_key = $2"
            " AND user_id != $3 ORDER BY ordinal DESC, user_id LIMIT $4 OFFSET $5",
            guild_id, game_key, BOT_USER, limit, offset)
        return total, rows
