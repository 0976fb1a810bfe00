"""How long the event loop is held while tables publish: the longest stretches in which nothing else (another
table's click, a timer) could run, through simcord, with pictures drawn as the host draws them now (on a
worker thread: cogs/shared/publisher.py `_draw_ahead`) and, in the same run, as before (inline).

    python bench/bench_loop_lag.py [clicks]

A Black Rose Wars table (3 humans; its board is the Lodge, the largest picture) and a Raven table (4 humans)
are played in turn, one random click at a time, each click's publish allowed to finish. Meanwhile a probe
task yields to the loop over and over and records how long each turn away took: the longest of those is
the longest time a click on another table would have waited to be read. The probe competes for the GIL
with the drawing thread, so its gaps there are bounded by Python's switch interval (5 ms), not zero.
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simtable import sim_table  # noqa: E402

from cogs.shared.publisher import Publisher  # noqa: E402


async def probe(gaps: list[float], stop: asyncio.Event) -> None:
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now


async def run(game: str, humans: int, clicks: int) -> list[float]:
    async with sim_table(game, humans) as sim:
        gaps: list[float] = []
        stop = asyncio.Event()
        task = asyncio.create_task(probe(gaps, stop))
        await sim.clicks(clicks)
        await sim.env.bot.host.settled()
        stop.set()
        await task
        return gaps


async def main(clicks: int) -> None:
    drawn_ahead = Publisher._draw_ahead

    async def inline(self, table) -> None:  # as before: the pass draws while it builds its messages
        return None

    print(f"event loop held while publishing: the longest turns away of a probe task, {clicks} clicks a game")
    print(f"{'game':<22} {'pictures drawn':<16} {'max ms':>7} {'p99.9 ms':>9} {'p99 ms':>7} {'turns':>8}")
    for game, humans in (("blackrose", 3), ("raven", 4)):
        for name, method in (("inline (before)", inline), ("on a thread", drawn_ahead)):
            Publisher._draw_ahead = method
            try:
                gaps = sorted(await run(game, humans, clicks))
            finally:
                Publisher._draw_ahead = drawn_ahead
            q = lambda f: gaps[min(len(gaps) - 1, int(f * len(gaps)))] * 1000  # noqa: E731
            print(f"{game + f' ({humans})':<22} {name:<16} {gaps[-1] * 1000:>7.1f} {q(0.999):>9.2f} "
                  f"{q(0.99):>7.2f} {len(gaps):>8}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 60))
