"""How long the event loop is held while tables publish: the longest stretches in which nothing else (another
table's click, a timer) could run, through simcord, with pictures drawn as the host draws them now (on a
worker thread: cogs/table/messages.py `_draw_ahead`) and, in the same run, as before (inline).

    python bench/bench_loop_lag.py [clicks]

A Black Rose Wars table (3 humans; its board is the Lodge, the largest picture), then a Raven table (4 humans),
each on its own simulated Discord, one random click at a time, each click's publish allowed to finish. Meanwhile a probe
task yields to the loop over and over and records how long each turn away took: the longest of those is
the longest time a click on another table would have waited to be read. Printed: the longest turn, how
many turns took 5 ms or more, and their total per click. The probe competes for the GIL with the drawing
thread, so its turns there are bounded by Python's switch interval (5 ms), not zero. "Inline" is the host
as it was: both the pass's pictures and the clicker's own are drawn on the loop.
"""
from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simtable import sim_table  # noqa: E402

from cogs.table.messages import Messages  # noqa: E402


async def probe(gaps: list[float], stop: asyncio.Event) -> None:
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now


LONG = 0.005  # a turn away this long is a click on another table kept waiting


async def run(game: str, humans: int, clicks: int) -> list[float]:
    async with sim_table(game, humans) as sim:
        gaps: list[float] = []
        stop = asyncio.Event()
        task = asyncio.create_task(probe(gaps, stop))
        await sim.clicks(clicks)
        await sim.env.bot.services.publisher.settled()
        stop.set()
        await task
        return gaps


async def main(clicks: int) -> None:
    threaded = Messages.draw_ahead, Messages.draw_hand

    async def inline(*_args, **_kwargs) -> None:  # as before: pictures are drawn as messages are built
        return None

    print(f"event loop held while publishing: the turns away of a probe task, {clicks} clicks a game")
    print(f"{'game':<16} {'pictures drawn':<16} {'longest ms':>10} {'turns >= 5 ms':>13} {'their ms a click':>16}")
    for game, humans in (("blackrose", 3), ("raven", 4)):
        for name, methods in (("inline (before)", (inline, inline)), ("on a thread", threaded)):
            Messages.draw_ahead, Messages.draw_hand = methods
            try:
                gaps = await run(game, humans, clicks)
            finally:
                Messages.draw_ahead, Messages.draw_hand = threaded
            long = [g for g in gaps if g >= LONG]
            print(f"{game + f' ({humans})':<16} {name:<16} {max(gaps) * 1000:>10.1f} {len(long):>13} "
                  f"{sum(long) * 1000 / clicks:>16.1f}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 60))
