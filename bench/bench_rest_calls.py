"""Discord REST calls per action: Raven, 4 humans, through simcord (issue 14's publishing rows).

    python bench/bench_rest_calls.py [moves]

Every request the bot makes is counted (the interaction callback, board edits, DM sends and edits,
channel messages) while random human clicks play `moves` moves. Three rows in the same run:
  baseline  DMs repeat the public board and log (as before this change), every forced move clicked
  now       DMs carry only the seat's private part and prompt, a new turn is a new DM (the ping),
            forced moves play themselves
  now, pings off   the same with every member's `/game notify off`
"""
from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simcord import Env  # noqa: E402

from bot import render  # noqa: E402
from bot.app import Rookery  # noqa: E402
from bot.config import Settings  # noqa: E402
from tests.bot.driver import Driver  # noqa: E402


async def run(moves: int, private: bool, pings: bool, forced: bool) -> tuple[float, float, int]:
    """(REST calls per accepted action, per click, actions)."""
    real_hand_text = render.hand_text
    if not private:  # the baseline: the DM form is the full hand, board and log included
        render.hand_text = lambda table, seat_id, where="", private=False: real_hand_text(table, seat_id, where)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = Rookery(Settings(db_path=os.path.join(tmp, "bench.sqlite3"), timer_poll=0))
            env = Env(bot)
            await env.start()
            try:
                guild = env.create_guild()
                channel = guild.create_text_channel("raven")
                members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat", "dan")]
                await members[0].slash(channel, "game new", game="raven")
                for m in members[1:]:
                    await m.click(channel.last_message, label="Join")
                await members[0].click(channel.last_message, label="Start")
                host, service = env.bot.host, env.bot.service
                table = service.in_channel(channel.id)
                if not pings:
                    for m in members:
                        await host.settings.set_notify(guild.id, m.id, False)
                driver = Driver(env, channel, {m.id: m for m in members}, seed=1)
                mark, version, clicks = len(env.http_requests), table.version, 0
                for _ in range(moves):
                    if forced:
                        await host.timers.play_forced(service.clock() + host.timers.forced_delay + 1)
                        await env.settle()
                    if table.state.over:
                        break
                    await driver.step()
                    clicks += 1
                calls, actions = len(env.http_requests) - mark, table.version - version
            finally:
                await env.shutdown()
                await bot.store.close()
    finally:
        render.hand_text = real_hand_text
    return calls / actions, calls / clicks, actions


async def main(moves: int) -> None:
    print(f"Raven, 4 humans, {moves} clicks each run: Discord REST calls")
    print(f"{'run':<18} {'per action':>11} {'per click':>10} {'actions':>8}")
    for name, private, pings, forced in (("baseline", False, False, False), ("now", True, True, True),
                                          ("now, pings off", True, False, True)):
        per_action, per_click, actions = await run(moves, private, pings, forced)
        print(f"{name:<18} {per_action:>11.2f} {per_click:>10.2f} {actions:>8}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 150))
