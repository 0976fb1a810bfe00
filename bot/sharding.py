"""Several bot processes splitting the servers (ROOKERY_SHARD_COUNT, ROOKERY_SHARD_ID(S)) over one PostgreSQL.

Discord sends a server's events to shard (guild_id >> 22) % shard_count, so each process restores, times
and republishes only the games of its own servers. One exception: every DM event, DM button clicks
included, goes to shard 0. Shard 0 answers such a click itself: TableService.get() loads a game it does
not hold from the database, and the move is applied under the database's protection (the game's row is
locked and its version must be the one the move was made on, else StaleGame and nothing is written; an
interaction id can be recorded once only), and shard 0 itself edits the board and hand messages, as for
its own games. Every committed change is announced with NOTIFY, and the shard that owns the game reloads
it from the database, so its memory, timers and next moves continue from what shard 0 wrote. A move the
owner made on its copy meanwhile is refused whole (StaleGame) and the player is asked to try again.
"""
from __future__ import annotations

import asyncio
import logging

from bot.storage import LIVE

log = logging.getLogger("rookery.sharding")


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord delivers this server's events to."""
    return (guild_id >> 22) % shard_count


def scaling_from_env(env) -> dict:
    """Settings fields from ROOKERY_DATABASE_URL, ROOKERY_SHARD_COUNT and ROOKERY_SHARD_IDS (ValueError if bad)."""
    url = env.get("ROOKERY_DATABASE_URL", "").strip() or None
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ValueError(f"ROOKERY_DATABASE_URL must start with postgresql:// (got {url.split('@')[-1]!r}); "
                         "for SQLite set ROOKERY_DB to a file path instead.")
    raw_count = env.get("ROOKERY_SHARD_COUNT", "1").strip() or "1"
    if not raw_count.isdigit() or not 1 <= int(raw_count) <= 1024:
        raise ValueError(f"ROOKERY_SHARD_COUNT={raw_count!r}: expected how many processes split the servers "
                         "(1 to 1024).")
    count = int(raw_count)
    raw_ids = env.get("ROOKERY_SHARD_IDS", "").strip() or "0"
    parts = [p.strip() for p in raw_ids.split(",")]
    if not all(p.isdigit() and int(p) < count for p in parts) or len(parts) != 1:
        raise ValueError(f"ROOKERY_SHARD_IDS={raw_ids!r}: expected this process's one shard id, 0 to {count - 1} "
                         "(start one process per shard).")
    if count > 1 and url is None:
        raise ValueError("ROOKERY_SHARD_COUNT > 1 needs the shards to share a database: set ROOKERY_DATABASE_URL "
                         "to a postgresql:// URL.")
    return {"database_url": url, "shard_count": count, "shard_ids": tuple(int(p) for p in parts)}


def client_options(settings) -> dict:
    """Keyword arguments for discord.py's client: which shard this process connects as."""
    if settings.shard_count <= 1:
        return {}
    return {"shard_id": settings.shard_ids[0], "shard_count": settings.shard_count}


def serve_own_shards(store, settings) -> None:
    """Before the restore: live_games() returns only this process's servers, and changes are announced."""
    if settings.shard_count > 1:
        store.serve_shards(settings.shard_ids, settings.shard_count)


async def follow_other_shards(bot) -> "GameSync | None":
    """After the restore: reload a game whenever another process changed it."""
    if bot.settings.shard_count <= 1:
        return None
    sync = GameSync(bot)
    await bot.store.listen(sync.changed)
    return sync


class GameSync:
    """Keeps this process's copy of its games equal to the database when another process wrote them."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self._waiting: set[int] = set()   # games with a reload queued (announcements come in bursts)
        self._tasks: set[asyncio.Task] = set()
        self.reloads = 0                  # how many foreign changes were taken in (tests read it)

    def changed(self, game_id: int) -> None:
        if game_id not in self.bot.service.tables or game_id in self._waiting:
            return  # not ours (or already on its way in)
        self._waiting.add(game_id)
        task = asyncio.get_running_loop().create_task(self.reload(game_id), name=f"rookery-reload-{game_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def reload(self, game_id: int) -> None:
        service = self.bot.service
        table = service.tables.get(game_id)
        if table is None:
            self._waiting.discard(game_id)
            return
        try:
            async with table.lock:  # after any move of ours on this game has committed (its publisher sends
                # later, from a snapshot, and records a message only if its id is still the one it saw)
                self._waiting.discard(game_id)
                row = await service.store.get_game(game_id)
                if row is None:
                    service.tables.pop(game_id, None)
                    return
                fresh = service.from_row(row)
                if fresh.version == table.version and fresh.status == table.status and fresh.seats == table.seats:
                    return  # our own write, or nothing a player can see
                for name in ("status", "state", "version", "seats", "timers", "logs", "board_message_id",
                             "board_posted_at", "board_shown", "board_picture", "options"):
                    setattr(table, name, getattr(fresh, name))
                self.reloads += 1
                if table.status not in LIVE:
                    service.tables.pop(game_id, None)  # finished elsewhere: the result was said there
                    return
                # No publish here: shard 0 already brought the board and hands up to date after its move,
                # and a second writer of the seats' message fields could undo a newer move's. What the board
                # shows came with the row (board_shown), so our next publish compares with the truth.
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("reloading game %s after another shard changed it failed", game_id)
