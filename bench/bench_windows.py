"""How much of a whole Black Rose Wars game the board spends in reaction windows (issue 33, point 1).

    python bench/bench_windows.py [games] [--think SECONDS]

Three human seats on simcord, played by the seeded random clicker (tests/support/driver.py: it picks
uniformly among the buttons each prompt offers, "ask me" included), on a clock the bench moves by hand:
- a quick human answers each prompt after `--think` seconds (default 0: every prompt answered at once);
- a forced move plays itself after the host's FORCED_DELAY;
- a held window (a decision with `hold`) stays open until its time is up, answered or not.
Play time is the sum of those; window time is the part spent while the public decision is a reaction
window ("Waiting for reactions…"). Printed per game: play time, window time and its share, windows opened,
and windows where some asked seat had a real choice (a spell that matches the moment).
"""
from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simcord import Env  # noqa: E402

from bot.app import Rookery  # noqa: E402
from bot.config import Settings  # noqa: E402
from tests.support.clock import Clock  # noqa: E402
from tests.support.driver import Driver, started_table  # noqa: E402


def _in_window(table) -> bool:
    decision = (table.frame().decision() or {}) if table.state is not None else {}
    return decision.get("about") == "reactions"


def _real_choice(table) -> bool:
    """Some seat of the open window holds a spell that matches (a choice beyond letting it pass)."""
    return any(len(legal) > 1 for legal in table.pending().values())


async def one_game(seed: int, think: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        bot = Rookery(Settings(db_path=os.path.join(tmp, "bench.sqlite3"), timer_poll=0,
                                global_rate=1e9))  # unpaced: simcord's virtual clock would hold the pacer
        env = Env(bot, settle_timeout=30)
        await env.start()
        try:
            channel, members, table = await started_table(env, "blackrose", ("ann", "ben", "cat"))
            services, service = env.bot.services, env.bot.service
            clock = service.clock = Clock(service.clock())
            driver = Driver(env, channel, {m.id: m for m in members}, seed=seed)
            out = {"play": 0.0, "window": 0.0, "windows": 0, "real": 0, "clicks": 0}
            seen: set = set()

            async def settle():
                await services.publisher.settled()
                await env.settle()

            async def wait(seconds: float) -> None:
                window = _in_window(table) or bool(services.publisher.held_until(table))
                clock.now += seconds
                out["play"] += seconds
                out["window"] += seconds if window else 0.0
                await services.timers.play_forced(clock.now)
                await settle()

            await settle()
            for _ in range(20000):
                table = service.in_channel(channel.id)
                if table is None or table.state is None or table.state.over or table.status != "active":
                    break
                decision = table.frame().decision() or {}
                if decision.get("about") == "reactions" and decision.get("id") not in seen:
                    seen.add(decision.get("id"))
                    out["windows"] += 1
                    out["real"] += _real_choice(table)
                held = services.publisher.held_until(table)
                window = services.schedule.windows.get(table.id)
                unasked = table.frame().unasked()
                humans = [s for s in table.pending() if not table.seat(s).is_bot and s not in unasked]
                forced = services.schedule.forced.get(table.id)
                if held:
                    await wait(max(0.0, held - clock.now) + 0.001)
                elif forced is not None:
                    await wait(max(0.0, forced.due - clock.now) + 0.001)
                elif humans:
                    if think:
                        await wait(think)
                    await driver.step_seat(driver.rng.choice(humans))
                    out["clicks"] += 1
                    await settle()
                elif window is not None:
                    await wait(max(0.0, window.closes - clock.now) + 0.001)
                else:
                    await wait(1.0)  # bots or a timer: let the host move
            out["over"] = bool(table is None or table.state.over)
            return out
        finally:
            await env.shutdown()
            await bot.store.close()


def main() -> None:
    args = [a for a in sys.argv[1:]]
    think = float(args[args.index("--think") + 1]) if "--think" in args else 0.0
    games = int(args[0]) if args and args[0].isdigit() else 1
    total = {"play": 0.0, "window": 0.0, "windows": 0, "real": 0}
    for seed in range(1, games + 1):
        r = asyncio.run(one_game(seed, think))
        for k in total:
            total[k] += r[k]
        print(f"seed {seed}: play {r['play']:.0f} s, in windows {r['window']:.0f} s "
              f"({100 * r['window'] / max(r['play'], 1e-9):.0f}%), windows {r['windows']}, "
              f"with a possible reaction {r['real']}, human clicks {r['clicks']}, finished {r['over']}")
    print(f"all: play {total['play']:.0f} s, in windows {total['window']:.0f} s "
          f"({100 * total['window'] / max(total['play'], 1e-9):.1f}%), windows {total['windows']}, "
          f"with a possible reaction {total['real']}")


if __name__ == "__main__":
    main()
