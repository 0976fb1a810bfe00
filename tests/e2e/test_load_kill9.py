"""Kill -9 under load (issue 36's "Done means"): 16 live tables across the five games, their members clicking
their DM prompts quickly, the real process SIGKILLed mid-load and started again. Every move the bot
acknowledged is in the stored game, and once the clicks stop every board and every prompt shows the newest
stored state: no prompt is lost. Not a timed test: it asserts what happened, not how fast."""
import asyncio
import random
import sys
from pathlib import Path

import pytest

from tests.e2e.fake_discord.ratelimits import Limit, RateLimits
from tests.e2e.load_players import Crowd, not_current, stored_interactions

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
ROOKERY = [sys.executable, "-m", "bot", "run"]
TABLES = 16


async def wait_current(fake, db_path: str, within: float) -> tuple[list, list]:
    """Until every prompt and board shows the stored state (or `within` seconds passed): what is still not."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        await fake.wait_quiet(500, timeout=120)
        stale, boards = await not_current(fake, db_path)
        if not (stale or boards) or asyncio.get_running_loop().time() > deadline:
            return stale, boards
        await asyncio.sleep(1)


async def test_kill9_under_load_loses_no_acknowledged_move_and_every_board_converges(fake_discord, start_bot,
                                                                                  tmp_path):
    fake = fake_discord
    # Discord's limits, but DMs opened faster than the fake's chosen 10 per 10 s: forty members' first DMs
    # would take the test's whole minute, and what this test is about comes after them.
    fake.set_rate_limits(RateLimits(routes={"dm.open": Limit(100, 1.0)}))
    # The fixture's fake has started: hook it as Crowd would before the start (stamps only; the hooks on the
    # message store are what this test needs).
    crowd = Crowd(fake, random.Random(5), pace=20)  # think 0.25–1 s: a busy table, many moves in flight
    crowd.answer_wait = 5.0  # a click the kill cut off is given up on sooner than the bench's 30 s
    db_path = str(tmp_path / "load.sqlite3")
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "1"}
    await crowd.seat_tables(TABLES)
    bot = await start_bot(ROOKERY, env)
    await fake.wait_ready(timeout=60)
    await crowd.open_tables()
    await fake.wait_quiet(500, timeout=120)
    assert {t.game for t in crowd.tables} == {"raven", "nevermore", "deadlies", "everrain", "blackrose"}

    crowd.start(db_path)
    await asyncio.sleep(6)
    before_kill = sum(1 for c in crowd.clicks if c.moved)
    # Mid-load, and a burst of clicks at the very moment: some are committed and not answered, some not even
    # read, while publishes are queued behind the rate limits.
    sent = len(fake.interactions)
    burst = [asyncio.create_task(crowd.click(seat, *found)) for seat in list(crowd.by_user.values())[:12]
             if (found := crowd.live_prompt(seat)) is not None]
    while len(fake.interactions) < sent + len(burst):  # every click of the burst is on its way to the bot
        await asyncio.sleep(0.001)
    await bot.kill()
    crowd.hold = True  # until the restarted bot is ready (it must go quiet once for the fake to say so)
    await asyncio.gather(*burst)
    assert any(c.latency is None for c in crowd.clicks), "clicks were in flight when the bot was killed"
    assert crowd.acknowledged_ids() <= stored_interactions(db_path), "acknowledged before the kill: on disk"

    await bot.start()
    await fake.wait_ready(timeout=60)
    crowd.hold = False
    await asyncio.sleep(6)
    await crowd.stop()

    acknowledged = crowd.acknowledged_ids()
    assert before_kill >= 10 and len(acknowledged) > before_kill, "moves were made before and after the kill"
    assert acknowledged <= stored_interactions(db_path), "every acknowledged move is in the stored game"
    stale, boards = await wait_current(fake, db_path, within=40)
    assert stale == [], "every member who must act has buttons for their current prompt"
    assert boards == [], "every board shows the newest stored state"
    assert "Traceback" not in bot.output()
