"""The pacer (cogs/table/pacer.py) on a fake clock: whose turn comes first under a budget too small for the
demand, how fast turns come, and how the token's budget is split between shard processes."""
import asyncio
import logging

import pytest

from bot.config import Settings
from cogs.table.pacer import CHANNEL, DM, DUE, TIDY, GlobalLimitWatch, Pacer, process_budget


class FakeTime:
    """Time moves only when the pacer waits for its next token: every turn is as late as the budget makes it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def make_pacer(rate=10.0, burst=1):
    time = FakeTime()
    return Pacer(rate, burst, clock=time.clock, sleep=time.sleep), time


async def run_tables(pacer, time, plans, turns):
    """Play `turns` grants. plans: table id -> lanes it wants again after each of its turns (a busy table
    wants a due prompt forever). Returns the grants in order, as (table, lane, when)."""
    grants = []

    async def table(table_id):
        while pacer.wants(table_id) and len(grants) < turns:
            lane = await pacer.turn(table_id)
            grants.append((table_id, lane, time.now))
            again = plans[table_id]
            if again:
                pacer.want(table_id, again)
            await asyncio.sleep(0)  # the pass sends, then comes back for its next turn

    tasks = [asyncio.create_task(table(t)) for t in plans]
    while len(grants) < turns and not all(t.done() for t in tasks):
        await asyncio.sleep(0)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    pacer.stop()
    return grants[:turns]


async def test_a_busy_table_cannot_starve_a_quiet_one():
    """Ten tables flood the due lane (each wants a prompt again as soon as it was served); a quiet table's
    one due prompt goes out within one round of them."""
    pacer, time = make_pacer()
    busy = {t: (DUE,) for t in range(1, 11)}
    for table_id in busy:
        pacer.want(table_id, (DUE,))
    # the busy tables have been going a while before the quiet one asks
    await run_tables(pacer, time, busy, turns=30)
    pacer.want(99, (DUE,))
    grants = await run_tables(pacer, time, {**busy, 99: ()}, turns=40)
    quiet = [i for i, (table_id, _, _) in enumerate(grants) if table_id == 99]
    assert quiet and quiet[0] <= len(busy), f"the quiet table waited {quiet} turns behind {len(busy)} busy ones"
    # and round robin between the busy ones: nobody served twice before another was served once
    served = [table_id for table_id, _, _ in grants if table_id != 99][:20]
    assert all(served.count(t) == 2 for t in busy), served


async def test_due_prompts_go_before_boards_and_other_dms_and_shrinks_last():
    pacer, time = make_pacer()
    pacer.want(1, (TIDY,))
    pacer.want(2, (CHANNEL,))
    pacer.want(3, (DM,))
    pacer.want(4, (DUE,))
    grants = await run_tables(pacer, time, {1: (), 2: (), 3: (), 4: ()}, turns=4)
    assert [(t, lane) for t, lane, _ in grants] == [(4, DUE), (3, DM), (2, CHANNEL), (1, TIDY)]


async def test_under_a_tight_budget_a_new_due_prompt_overtakes_every_waiting_board():
    pacer, time = make_pacer(rate=5.0)
    boards = {t: () for t in range(1, 21)}
    for table_id in boards:
        pacer.want(table_id, (CHANNEL,))
    grants = await run_tables(pacer, time, boards, turns=3)  # the budget is spent: boards wait
    assert len(grants) == 3
    pacer.want(50, (DUE,))
    grants = await run_tables(pacer, time, {**boards, 50: ()}, turns=2)
    assert grants[0][:2] == (50, DUE), "the due prompt is the very next request"


async def test_boards_still_move_under_sustained_overload_but_shrinks_wait_for_a_quiet_moment():
    """Due prompts alone use the whole budget: a board that waited AGING seconds per lane gets turns by
    age among them (it is not starved); a shrink waits until nothing else is wanted (deferrable without
    limit)."""
    pacer, time = make_pacer(rate=10.0)
    busy = {t: (DUE,) for t in range(1, 31)}
    for table_id in busy:
        pacer.want(table_id, (DUE,))
    pacer.want(100, (CHANNEL,))
    pacer.want(101, (TIDY,))
    grants = await run_tables(pacer, time, {**busy, 100: (), 101: ()}, turns=300)
    board = [when for table_id, _, when in grants if table_id == 100]
    assert board and board[0] - grants[0][2] <= 2 * 5.0 + 31 / 10.0, "the board went out after aging two lanes"
    assert not [g for g in grants if g[0] == 101], "the shrink waits while anything else is wanted"
    pacer.want(101, (TIDY,))
    grants = await run_tables(pacer, time, {101: ()}, turns=1)
    assert grants[0][:2] == (101, TIDY), "and goes once the demand stops"


async def test_the_queue_is_bounded_by_the_tables_not_the_demand():
    """Fifty tables asking for every lane again after each turn, far past the budget, for a thousand turns:
    at most one entry per (table, lane) ever waits."""
    pacer, time = make_pacer(rate=45.0, burst=4)
    tables = {t: (DUE, DM, CHANNEL, TIDY) for t in range(50)}
    for table_id in tables:
        pacer.want(table_id, (DUE, DM, CHANNEL, TIDY))
    sizes = []
    original = pacer.want

    def want(table_id, lanes=(DUE, DM, CHANNEL)):
        for _ in range(5):  # five changes per turn: demand far past the budget
            original(table_id, lanes)
        sizes.append(pacer.queued())

    pacer.want = want
    grants = await run_tables(pacer, time, tables, turns=1000)
    assert len(grants) == 1000
    assert max(sizes) <= 4 * len(tables)


async def test_turns_come_at_the_rate_with_at_most_the_burst_at_once_and_a_global_429_pauses_them():
    pacer, time = make_pacer(rate=45.0, burst=4)
    tables = {t: (DUE,) for t in range(20)}
    for table_id in tables:
        pacer.want(table_id, (DUE,))
    start = time.now
    grants = await run_tables(pacer, time, tables, turns=94)
    in_first_second = [g for g in grants if g[2] < start + 1.0]
    assert len(in_first_second) <= 45 + 4
    assert grants[-1][2] - start == pytest.approx((94 - 4) / 45.0, abs=0.05)
    # Discord says the global limit was hit: nothing for retry_after
    pacer.pause(2.0)
    paused_at = time.now
    grants = await run_tables(pacer, time, tables, turns=1)
    assert grants[0][2] >= paused_at + 2.0


async def test_a_turn_with_nothing_to_send_gives_its_request_back():
    pacer, time = make_pacer(rate=1.0)
    pacer.want(1, (CHANNEL,))
    assert await pacer.turn(1) == CHANNEL
    pacer.give_back()  # its board had not changed
    pacer.want(2, (DUE,))
    start = time.now
    assert await pacer.turn(2) == DUE
    assert time.now == start, "the request given back was used at once"
    pacer.stop()


async def test_discord_pys_own_global_429_pauses_the_pacer():
    """discord.py waits out a global 429 itself and logs it (discord/http.py); the pacer hears the line."""
    pacer, time = make_pacer(rate=45.0, burst=4)
    watch = GlobalLimitWatch(pacer)
    try:
        logging.getLogger("discord.http").warning("Global rate limit has been hit. Retrying in %.2f seconds.", 3.5)
    finally:
        watch.remove()
    assert pacer.bucket.delay() >= 3.5
    logging.getLogger("discord.http").warning("Global rate limit has been hit. Retrying in %.2f seconds.", 9.0)
    assert pacer.bucket.delay() < 9.0, "a removed watch pauses nothing"


def test_shard_processes_split_the_tokens_budget():
    assert process_budget(50, 1) == (45.0, 5)
    rate, burst = process_budget(50, 2)
    assert (rate, burst) == (23.0, 2)
    for shards in range(1, 6):
        rate, burst = process_budget(50, shards)
        # in any one second, every process bursting at once: still within the token's 50
        assert shards * (rate + burst) <= 50
    assert process_budget(100, 4) == (23.0, 2)
    settings = Settings.from_env({"ROOKERY_GLOBAL_RATE": "100"})
    assert settings.global_rate == 100.0
    assert Settings.from_env({}).global_rate == 50.0
    for bad in ("fast", "0", "nan", "-5"):
        with pytest.raises(ValueError, match="ROOKERY_GLOBAL_RATE"):
            Settings.from_env({"ROOKERY_GLOBAL_RATE": bad})
