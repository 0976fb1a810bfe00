"""SQLite storage (aiosqlite, WAL): games, their append-only action logs, hand messages, server settings.

Every accepted action is written together with the new state in one transaction, before the bot answers.
The schema is versioned with PRAGMA user_version; MIGRATIONS only ever grows.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: the first schema.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        status TEXT NOT NULL,              -- lobby | active | paused | over | ended
        host_id INTEGER NOT NULL,
        options TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,               -- JSON list of seat records
        state TEXT,                        -- JSON of the engine state (NULL in the lobby)
        version INTEGER NOT NULL DEFAULT 0,-- number of accepted actions
        board_message_id INTEGER,
        board_posted_at REAL,
        timers TEXT NOT NULL DEFAULT '{}', -- JSON {seat: {"due": epoch, "reminded": bool}}
        logs TEXT NOT NULL DEFAULT '{}',   -- JSON recent log lines, per reader
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_live_game_per_channel ON games(channel_id)
        WHERE status IN ('lobby', 'active', 'paused');
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        source TEXT NOT NULL,              -- player | bot | timer
        interaction_id INTEGER UNIQUE,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE guild_config (
        guild_id INTEGER PRIMARY KEY,
        starter_role_id INTEGER,
        channel_ids TEXT NOT NULL DEFAULT '[]',
        turn_seconds INTEGER
    );
    """,
]

LIVE = ("lobby", "active", "paused")
GAME_COLUMNS = (
    "id guild_id channel_id game_key status host_id options turn_seconds seed seats state version "
    "board_message_id board_posted_at timers logs created_at updated_at"
).split()
JSON_COLUMNS = {"options", "seats", "state", "timers", "logs"}


class DuplicateInteraction(Exception):
    """The same Discord interaction was already recorded."""


@dataclass
class GuildConfig:
    guild_id: int
    starter_role_id: int | None = None
    channel_ids: tuple[int, ...] = ()
    turn_seconds: int | None = None


def _dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


class Storage:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    @classmethod
    async def open(cls, path: str) -> "Storage":
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        store = cls(db)
        await store._run("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode survives a process crash (SIGKILL); only power loss could drop the last commit.
        await store._run("PRAGMA synchronous=NORMAL")
        await store._run("PRAGMA foreign_keys=ON")
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def migrate(self) -> int:
        ((current,),) = await self.db.execute_fetchall("PRAGMA user_version")
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self._run("BEGIN")
            try:
                for statement in filter(str.strip, script.split(";")):
                    await self._run(statement)
                await self._run(f"PRAGMA user_version={number}")
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise
        return len(MIGRATIONS)

    async def _run(self, sql: str, params: tuple | list = ()) -> None:
        """Execute and close the cursor at once (an open cursor blocks COMMIT)."""
        async with self.db.execute(sql, params):
            pass

    async def _one(self, sql: str, params: tuple) -> aiosqlite.Row | None:
        rows = await self.db.execute_fetchall(sql, params)
        return rows[0] if rows else None

    # ---- games
    def _row(self, row: aiosqlite.Row | None) -> dict | None:
        if row is None:
            return None
        out = dict(row)
        for key in JSON_COLUMNS:
            if out.get(key) is not None:
                out[key] = json.loads(out[key])
        return out

    async def create_game(self, **fields: Any) -> int:
        now = time.time()
        fields.setdefault("created_at", now)
        fields.setdefault("updated_at", now)
        names = list(fields)
        values = [_dump(fields[n]) if n in JSON_COLUMNS else fields[n] for n in names]
        async with self.db.execute(
            f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", values
        ) as cursor:
            return cursor.lastrowid

    async def update_game(self, game_id: int, **fields: Any) -> None:
        fields["updated_at"] = time.time()
        names = list(fields)
        values = [_dump(fields[n]) if n in JSON_COLUMNS else fields[n] for n in names]
        await self._run(
            f"UPDATE games SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?", [*values, game_id]
        )

    async def get_game(self, game_id: int) -> dict | None:
        return self._row(await self._one("SELECT * FROM games WHERE id = ?", (game_id,)))

    async def live_game_in(self, channel_id: int) -> dict | None:
        return self._row(await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')", (channel_id,)
        ))

    async def live_games(self) -> list[dict]:
        rows = await self.db.execute_fetchall("SELECT * FROM games WHERE status IN ('lobby','active','paused')")
        return [self._row(r) for r in rows]

    async def record_actions(
        self, game_id: int, entries: list[tuple[str, dict, str, int | None]], first_seq: int, **fields: Any
    ) -> None:
        """Append (seat, action, source, interaction_id) entries and save the game row, atomically."""
        now = time.time()
        await self._run("BEGIN IMMEDIATE")
        try:
            for offset, (seat, action, source, interaction_id) in enumerate(entries):
                await self._run(
                    "INSERT INTO actions (game_id, seq, seat, action, source, interaction_id, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, first_seq + offset, seat, _dump(action), source, interaction_id, now),
                )
            await self.update_game(game_id, **fields)
            await self._run("COMMIT")
        except aiosqlite.IntegrityError as exc:
            await self._run("ROLLBACK")
            if "interaction_id" in str(exc):
                raise DuplicateInteraction from exc
            raise
        except BaseException:
            await self._run("ROLLBACK")
            raise

    async def actions(self, game_id: int) -> list[dict]:
        rows = await self.db.execute_fetchall(
            "SELECT seq, seat, action, source, interaction_id, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [{**dict(r), "action": json.loads(r["action"])} for r in rows]

    # ---- server settings
    async def guild_config(self, guild_id: int) -> GuildConfig:
        row = await self._one("SELECT * FROM guild_config WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildConfig(guild_id)
        return GuildConfig(
            guild_id, row["starter_role_id"], tuple(json.loads(row["channel_ids"])), row["turn_seconds"]
        )

    async def save_guild_config(self, config: GuildConfig) -> None:
        await self._run(
            "INSERT INTO guild_config (guild_id, starter_role_id, channel_ids, turn_seconds) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET starter_role_id = excluded.starter_role_id,"
            " channel_ids = excluded.channel_ids, turn_seconds = excluded.turn_seconds",
            (config.guild_id, config.starter_role_id, _dump(list(config.channel_ids)), config.turn_seconds),
        )
