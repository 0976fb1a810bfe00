"""Accepted actions per second through the table service: SQLite on one process (the baseline, same run)
beside PostgreSQL on one process and on two (shards 0 and 1, each playing its own servers' games).

    python bench/bench_postgres.py [seconds] [games per process]

Each process plays `games` Raven tables at once (seat p1 is the "player", three bots), every click
committed before the next; a click and the bot moves it sets off are one commit. PostgreSQL is a
throwaway cluster started here with fsync and synchronous_commit ON (the durability the bot promises),
or the server named by ROOKERY_BENCH_DATABASE_URL (no query string). The processes and the server share
this machine. SQLite's WAL with synchronous=NORMAL does not wait for the disk at each commit (it survives
a crash of the bot, not a power cut), so two extra rows show PostgreSQL with synchronous_commit=off too.
"""
from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.storage import Storage  # noqa: E402
from bot.seating import Seating
from bot.service import TableService  # noqa: E402
from bot.table import Actor


async def worker(target: str, shard: int, seconds: float, games: int) -> None:
    """One bot process's share: play until the time is up; print clicks and committed actions."""
    store = await Storage.open(target)
    service = TableService(store)
    rng = random.Random(shard)
    guild = (shard + 2) << 22  # (guild >> 22) % 2 == shard: this shard's server
    clicks = actions = 0
    deadline = time.perf_counter() + seconds

    async def table_loop(channel: int) -> None:
        nonlocal clicks, actions
        while time.perf_counter() < deadline:
            table = await Seating(service).create_lobby(guild, shard * 10_000 + channel, Actor(1, "Me"), "raven", None, 300)
            for _ in range(3):
                await Seating(service).add_bot(table)
            await service.start(table)
            while not table.state.over and time.perf_counter() < deadline:
                async with table.lock:
                    steps = await service.act(table, "p1", rng.choice(table.pending()["p1"]))
                clicks += 1
                actions += len(steps)
            if not table.state.over:
                await Seating(service).end(table)

    started = time.perf_counter()
    await asyncio.gather(*(table_loop(n) for n in range(games)))
    elapsed = time.perf_counter() - started
    await store.close()
    print(f"{clicks} {actions} {elapsed:.3f}", flush=True)


def run_processes(target: str, shards: list[int], seconds: float, games: int) -> tuple[float, float]:
    """(clicks/s, actions/s) summed over processes started at the same moment."""
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", target, str(s), str(seconds), str(games)],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT) for s in shards]
    clicks_per_s = actions_per_s = 0.0
    for proc in procs:
        out, _ = proc.communicate()
        if proc.returncode:
            raise SystemExit(f"a worker failed (exit {proc.returncode})")
        clicks, actions, elapsed = out.split()
        clicks_per_s += int(clicks) / float(elapsed)
        actions_per_s += int(actions) / float(elapsed)
    return clicks_per_s, actions_per_s


def main(seconds: float, games: int) -> None:
    from tests.storage import pgcluster

    cluster = None
    base = os.environ.get("ROOKERY_BENCH_DATABASE_URL")
    if base is None:
        cluster, why_not = pgcluster.start(durable=True)
        if cluster is None:
            raise SystemExit(f"bench_postgres: {why_not}")
    try:
        rows = []
        with tempfile.TemporaryDirectory() as tmp:
            rows.append(("SQLite, 1 process (baseline)",
                         run_processes(os.path.join(tmp, "bench.sqlite3"), [0], seconds, games)))
        fresh = (lambda: cluster.new_database()) if cluster else (lambda: base)
        rows.append(("PostgreSQL, 1 process", run_processes(fresh(), [0], seconds, games)))
        rows.append(("PostgreSQL, 2 processes (shards 0+1)", run_processes(fresh(), [0, 1], seconds, games)))
        # Without waiting for the WAL flush (asyncpg passes unknown URL parameters as session settings):
        # NOT the bot's promise, shown to separate the disk's limit from the processes' CPU.
        rows.append(("  same, synchronous_commit=off, 1 process",
                     run_processes(fresh() + "?synchronous_commit=off", [0], seconds, games)))
        rows.append(("  same, synchronous_commit=off, 2 processes",
                     run_processes(fresh() + "?synchronous_commit=off", [0, 1], seconds, games)))
    finally:
        if cluster is not None:
            cluster.stop()
    print(f"Raven, 4 seats (1 player + 3 bots), {games} tables per process, {seconds:.0f} s each, "
          f"{os.cpu_count()} CPU(s)")
    baseline = rows[0][1][0]
    for name, (clicks, actions) in rows:
        print(f"  {name:44s} {clicks:8.0f} clicks/s  {actions:8.0f} actions/s  ({clicks / baseline:.2f}x SQLite)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        target, shard, seconds, games = sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
        asyncio.run(worker(target, shard, seconds, games))
    else:
        args = sys.argv[1:]
        main(float(args[0]) if args else 5.0, int(args[1]) if len(args) > 1 else 8)
