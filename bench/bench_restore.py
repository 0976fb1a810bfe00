"""Restoring every live game in a fresh process, beside a bare SELECT + json.loads of the same rows.

    python bench/bench_restore.py [games] [rounds]

Builds a database of `games` live tables (mid-game Raven, Nevermore, Deadlies and Everrain rows, as the
service saved them), then times, each in a new process and alternating: Storage.open + TableService.restore
(rows to ready Table objects with engine states), and bare sqlite3 fetching the same rows and decoding
their JSON columns. Prints the medians and the ratio (goal: restore 10,000 games in <= 1 s).
"""
from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from bot.table import Actor

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

JSON_COLUMNS = ("options", "seats", "state", "timers", "logs")
KINDS = ("raven", "nevermore", "deadlies", "everrain")


async def sample_rows(path: str) -> list[dict]:
    """A few real mid-game rows per game, saved through the service."""
    from bot.storage import Storage
    from bot.seating import Seating
    from bot.service import TableService

    store = await Storage.open(path)
    service = TableService(store)
    rng = random.Random(5)
    for channel in range(16):
        table = await Seating(service).create_lobby(1, channel, Actor(1, "Me"), KINDS[channel % 4], None, 300)
        for _ in range(3):
            await Seating(service).add_bot(table)
        await service.start(table)
        for _ in range(5 + channel):
            legal = table.pending().get("p1")
            if table.state.over or not legal:
                break
            await service.act(table, "p1", rng.choice(legal))
    await store.close()
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    rows = [dict(r) for r in conn.execute("SELECT * FROM games WHERE status = 'active'")]
    conn.close()
    return rows


def build(path: str, games: int) -> None:
    rows = asyncio.run(sample_rows(path))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.execute("DELETE FROM actions")
    conn.execute("DELETE FROM games")
    names = [n for n in rows[0] if n != "id"]
    insert = f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    for n in range(games):
        row = rows[n % len(rows)]
        conn.execute(insert, [n if name == "channel_id" else row[name] for name in names])
    conn.execute("COMMIT")
    conn.execute("VACUUM")
    conn.close()


def child_rookery(path: str) -> float:
    from bot.storage import Storage
    from bot.service import TableService

    async def restore() -> float:
        started = time.perf_counter()
        store = await Storage.open(path)
        tables = await TableService(store).restore()
        took = time.perf_counter() - started
        assert len(tables) == GAMES_IN(path)
        await store.close()
        return took

    return asyncio.run(restore())


def child_bare(path: str) -> float:
    import json

    started = time.perf_counter()
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    rows = []
    for row in conn.execute("SELECT * FROM games WHERE status IN ('lobby', 'active', 'paused')"):
        out = dict(row)
        for key in JSON_COLUMNS:
            if out[key] is not None:
                out[key] = json.loads(out[key])
        rows.append(out)
    took = time.perf_counter() - started
    conn.close()
    return took


def GAMES_IN(path: str) -> int:  # noqa: N802 - reads like a constant at the call site
    conn = sqlite3.connect(path)
    (count,) = conn.execute("SELECT count(*) FROM games WHERE status IN ('lobby', 'active', 'paused')").fetchone()
    conn.close()
    return count


def run_child(kind: str, path: str) -> float:
    out = subprocess.run([sys.executable, __file__, "--child", kind, path], check=True, capture_output=True,
                         text=True, cwd=ROOT)
    return float(out.stdout.split()[-1])


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        kind, path = sys.argv[2], sys.argv[3]
        if kind == "rookery":
            import engine  # noqa: F401  imports are not part of a restore: load every game module first
            import bot.service  # noqa: F401
        print(child_rookery(path) if kind == "rookery" else child_bare(path))
        return
    args = sys.argv[1:]
    games = int(args[0]) if args else 10_000
    rounds = int(args[1]) if len(args) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "restore.sqlite3")
        build(path, games)
        size = os.path.getsize(path)
        ours, theirs = [], []
        for _ in range(rounds):
            ours.append(run_child("rookery", path))
            theirs.append(run_child("bare", path))
    mine, base = statistics.median(ours), statistics.median(theirs)
    print(f"restore {games} live games in a fresh process ({size / games / 1024:.1f} KiB per row):")
    print(f"  Storage.open + TableService.restore {mine:.2f} s | bare SELECT + json.loads {base:.2f} s | "
          f"ratio {mine / base:.2f}x (goal <= 1 s)")


if __name__ == "__main__":
    main()
