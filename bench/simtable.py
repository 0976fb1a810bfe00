"""A whole game on simcord for the Discord-side benches: a fresh bot on a temporary database, a channel, the
members seated and the game started, and the seeded random clicker (tests/support/driver.py) ready to play."""
from __future__ import annotations

import os
import sys
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simcord import Env  # noqa: E402

from bot.app import Rookery  # noqa: E402
from bot.config import Settings  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

NAMES = ("ann", "ben", "cat", "dan")


@asynccontextmanager
async def sim_table(game: str, humans: int, seed: int = 1, pings: bool = True):
    """Yields (env, channel, table, driver, clicks) where `await clicks(n)` plays up to n human clicks,
    letting every forced move play itself and every publish land between them, and returns how many."""
    with tempfile.TemporaryDirectory() as tmp:
        bot = Rookery(Settings(db_path=os.path.join(tmp, "bench.sqlite3"), timer_poll=0,
                                global_rate=1e9))  # unpaced: simcord's virtual clock would hold the pacer
        env = Env(bot, settle_timeout=30)  # as the tests have it: a loaded machine can take more than 5 s
        await env.start()
        try:
            guild = env.create_guild()
            channel = guild.create_text_channel(game)
            members = [guild.add_member(env.create_user(n)) for n in NAMES[:humans]]
            await members[0].slash(channel, "game new", game=game)
            for m in members[1:]:
                await m.click(channel.last_message, label="Join")
            await members[0].click(channel.last_message, label="Start")
            services, service = env.bot.services, env.bot.service
            table = service.in_channel(channel.id)
            if not pings:
                for m in members:
                    await services.settings.set_notify(guild.id, m.id, False)
            await services.publisher.settled()
            await env.settle()
            driver = Driver(env, channel, {m.id: m for m in members}, seed=seed)

            async def clicks(n: int, after=None) -> int:
                made = 0
                for _ in range(n):
                    await services.timers.play_forced(service.clock() + services.schedule.forced_delay + 1)
                    # A publish pass draws its pictures on a worker thread first: wait for the publisher's passes
                    # too, or a forced move's messages would land in the next click's count.
                    await services.publisher.settled()
                    await env.settle()
                    if table.state.over or table.status != "active":
                        break
                    if not any(not table.seat(s).is_bot for s in table.pending()):
                        continue
                    mark = len(env.http_requests)
                    stepped = await driver.step()
                    if stepped is None:
                        break
                    seat_id = stepped[0]
                    await services.publisher.settled()
                    await env.settle()
                    made += 1
                    if after is not None:
                        after(seat_id, mark)
                return made

            yield SimpleNamespace(env=env, channel=channel, table=table, driver=driver, clicks=clicks)
        finally:
            await env.shutdown()
            await bot.store.close()
