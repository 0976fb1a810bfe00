"""How long a full cyclic-GC pass stalls the event loop with 10,000 live tables, tuned and untuned.

    python bench/bench_gc.py [games] [clicks]

Restores `games` live tables (the bench_restore database), then prints:
  - the same-run baseline: a full pass with every table in the ordinary generations (as before tuning);
  - a full pass after the bot's tuning (heap.tune_for, as setup_hook does after restore);
  - the longest automatic collection while `clicks` clicks are played through the service on random
    tables, the steady state the tuning must keep short (goal: every full pass < 20 ms).
"""
from __future__ import annotations

import asyncio
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_restore import build  # noqa: E402
from bot.storage import Storage, heap  # noqa: E402
from bot.service import TableService  # noqa: E402


def full_pass() -> float:
    started = time.perf_counter()
    gc.collect()
    return time.perf_counter() - started


class PassTimer:
    """Times every automatic collection through gc.callbacks."""

    def __init__(self) -> None:
        self.started = 0.0
        self.passes: list[tuple[int, float]] = []

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.passes.append((info["generation"], time.perf_counter() - self.started))


async def measure(path: str, clicks: int) -> None:
    store = await Storage.open(path)
    service = TableService(store)
    tables = await service.restore()
    gc.unfreeze()  # the baseline: every table back in the generations the collector walks
    baseline = max(full_pass() for _ in range(3))
    heap.tune_for(len(tables))
    tuned = max(full_pass() for _ in range(3))

    timer = PassTimer()
    gc.callbacks.insert(0, timer)
    rng = random.Random(3)
    started, played = time.perf_counter(), 0
    while played < clicks:
        table = rng.choice(tables)
        humans = [s for s in table.pending() if not table.seat(s).is_bot]
        if not humans:
            continue
        seat = humans[0]
        await service.act(table, seat, rng.choice(table.pending()[seat]))
        await asyncio.sleep(0)  # back to the event loop between clicks, as the bot is
        played += 1
    per_click = (time.perf_counter() - started) / played
    gc.callbacks.remove(timer)
    full = [d for g, d in timer.passes if g == 2]
    await store.close()

    print(f"{len(tables)} live tables; a full GC pass:")
    print(f"  after tuning {tuned * 1000:.2f} ms | untuned baseline (same run) {baseline * 1000:.1f} ms | "
          f"ratio {tuned / baseline:.3f}x (goal < 20 ms)")
    print(f"  while playing {played} clicks on random tables ({per_click * 1e6:.0f} µs each): "
          f"{len(timer.passes)} automatic passes, {len(full)} full; longest full pass "
          f"{max(full, default=0) * 1000:.1f} ms (median {statistics.median(full or [0]) * 1000:.1f} ms), "
          f"longest of any pass {max(d for _, d in timer.passes) * 1000:.1f} ms")
    print("  full passes in order (ms): " + " ".join(f"{d * 1000:.1f}" for d in full))


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args else 10_000
    clicks = int(args[1]) if len(args) > 1 else 5000
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gc.sqlite3")
        build(path, games)
        asyncio.run(measure(path, clicks))


if __name__ == "__main__":
    main()
