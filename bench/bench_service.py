"""A whole accepted action through the table service: engine + SQLite commit (WAL, on disk).

    python bench/bench_service.py [game] [players] [games]

Prints milliseconds per accepted action (each one committed before returning), the slowest one, and
the database size per game. Every seat is a bot except seat p1, whose moves go through act() just as a
button click would.
"""
from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage import Storage  # noqa: E402
from bot.seating import Seating
from bot.service import TableService  # noqa: E402
from bot.table import Actor


async def main(game: str, players: int, games: int) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.sqlite3")
        store = await Storage.open(path)
        service = TableService(store)
        actions, per_call, started = 0, [], time.perf_counter()
        for channel in range(games):
            table = await Seating(service).create_lobby(1, channel, Actor(1, "Me"), game, None, 300)
            for _ in range(players - 1):
                await Seating(service).add_bot(table)
            actions += len(await service.start(table))
            while not table.state.over:
                legal = table.pending()["p1"]
                t0 = time.perf_counter()
                steps = await service.act(table, "p1", rng.choice(legal))
                per_call.append((time.perf_counter() - t0) / len(steps))
                actions += len(steps)
        total = time.perf_counter() - started
        size = os.path.getsize(path) + os.path.getsize(path + "-wal")
        await store.close()
    per_call.sort()
    print(f"{game}, {players} players, {games} games, {actions} accepted actions")
    print(f"  mean per accepted action (engine + commit): {total / actions * 1000:.3f} ms")
    print(f"  median per action: {per_call[len(per_call) // 2] * 1000:.3f} ms, "
          f"p99: {per_call[int(len(per_call) * 0.99)] * 1000:.3f} ms")
    print(f"  database: {size / games / 1024:.0f} KiB per game")


if __name__ == "__main__":
    args = sys.argv[1:]
    asyncio.run(main(args[0] if args else "raven", int(args[1]) if len(args) > 1 else 4,
                     int(args[2]) if len(args) > 2 else 5))
