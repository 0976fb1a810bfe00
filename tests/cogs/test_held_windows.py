"""The host side of a held reaction window (a decision with `hold`, data/blackrose/rules.md): only a seat with a
real choice is asked, with a timer of exactly the hold; a seat whose only move is to let it pass is never
prompted, pinged or timed, and the host passes for it when the time is up; and the table sees the same thing
in both cases: the window opens, nothing happens for exactly the hold, then the game goes on. An early answer
is kept back until then, so the public cannot tell a seat that could react from one that could not."""
from __future__ import annotations

from engine.blackrose import GAME
from tests.support.clock import Clock
from tests.support.components import action_components
from tests.support.driver import started_table
from tests.engine.test_blackrose_reactions import _armed

STEP_INTO_RED = {"type": "step", "to": "B2", "step": True}  # p1 walks into the red Summoner Room


async def window_table(env, spell: str):
    """A three-human Black Rose Wars table where p2 holds an "ask me" `spell` and p1 is about to walk into a
    red room: Blade Barrage (a red Trap) matches there, a real choice; Profane Mark (grey or yellow) cannot,
    so p2 can only let it pass."""
    channel, members, table = await started_table(env, "blackrose", ("ann", "ben", "cat"))
    services, service = env.bot.services, env.bot.service
    clock = service.clock = Clock(service.clock())
    async with service.locked(table):
        table.state = GAME.load(_armed(spell, ask=True).to_json())
        table.touch()
        service._sync_timers(table)
        await services.changes.publish(table)
    await services.publisher.settled()
    await env.settle()
    return channel, members, table, clock


async def through_windows(env, table, clock) -> None:
    """Let every further held window (the same move may meet several moments) run its whole time."""
    for _ in range(10):
        await env.bot.services.publisher.settled()
        await env.settle()
        decision = table.frame().decision() or {}
        if not decision.get("hold"):
            return
        clock.now += decision["hold"]
        await env.bot.services.timers.play_forced(clock.now)
    raise AssertionError("the windows never closed")


def board_requests(env, channel, since: int) -> list:
    return [r for r in env.http_requests[since:] if r.path.startswith(f"/channels/{channel.id}/")]


async def open_window(env, table):
    service, services = env.bot.service, env.bot.services
    async with service.locked(table):
        outcome = await service.act(table, "p1", STEP_INTO_RED)
        await services.changes.publish(table, outcome)
    await services.publisher.settled()
    await env.settle()
    decision = table.frame().decision()
    assert decision["about"] == "reactions" and decision["hold"] and decision["seats"] == []
    return decision


async def test_a_seat_that_cannot_react_is_never_asked_and_the_host_passes_for_it_when_the_time_is_up(simcord_env):
    env = simcord_env
    channel, members, table, clock = await window_table(env, "profane_mark")
    ben = members[1]
    ben_dm_before = ben.user.dm_channel.last_message.id if ben.user.dm_channel.last_message else None
    mark = len(env.http_requests)
    decision = await open_window(env, table)
    assert table.pending() == {"p2": [{"type": "react", "card": None}]}
    assert "p2" not in table.timers, "no timer for a seat that is not asked"
    dm_traffic = [r for r in env.http_requests[mark:] if r.path.startswith(f"/channels/{ben.user.dm_channel.id}/")]
    assert dm_traffic == [] and (ben.user.dm_channel.last_message.id if ben.user.dm_channel.last_message
                                 else None) == ben_dm_before, "Ben is neither prompted nor pinged"
    opened = len(board_requests(env, channel, mark))
    clock.now += decision["hold"] - 1
    await env.bot.services.timers.play_forced(clock.now)
    await env.bot.services.publisher.settled()
    assert table.frame().decision()["id"] == decision["id"], "the window stays open for its whole time"
    assert len(board_requests(env, channel, mark)) == opened
    clock.now += 1
    await env.bot.services.timers.play_forced(clock.now)
    await env.bot.services.publisher.settled()
    assert table.frame().decision()["id"] != decision["id"], "the host let it pass when the time was up"
    await through_windows(env, table, clock)
    assert len(board_requests(env, channel, mark)) > opened, "then the table sees the game go on"


async def test_an_early_answer_is_kept_back_until_the_window_would_have_closed(simcord_env):
    env = simcord_env
    channel, members, table, clock = await window_table(env, "blade_barrage")
    ben = members[1]
    mark = len(env.http_requests)
    decision = await open_window(env, table)
    prompt = ben.user.dm_channel.last_message
    comps = action_components(prompt)
    assert comps, "Ben, whose Trap matches, is asked in his DM"
    assert table.timers["p2"].seconds == decision["hold"], "his timer is exactly the window's hold"
    opened = len(board_requests(env, channel, mark))
    let_pass = next(c for c in comps if c.get("label") and "pass" in c["label"].lower()) if any(
        "pass" in (c.get("label") or "").lower() for c in comps) else comps[-1]
    await ben.user.click(prompt, custom_id=let_pass["custom_id"])  # he answers at once
    await env.bot.services.publisher.settled()
    await env.settle()
    assert table.frame().decision()["id"] != decision["id"], "his answer closed the window in the rules"
    assert len(board_requests(env, channel, mark)) == opened, "but the table sees nothing before the hold"
    clock.now += decision["hold"]
    await env.bot.services.timers.play_forced(clock.now)
    await through_windows(env, table, clock)
    assert len(board_requests(env, channel, mark)) > opened, "and the game goes on when the window's time is up"


async def test_a_paused_window_keeps_the_time_it_had_left(simcord_env):
    """While the table is paused the window's time stops: closing it during the pause would end it at once on
    resume when nobody could react, and not when someone could, which would tell the table."""
    from bot.table import Actor

    env = simcord_env
    channel, members, table, clock = await window_table(env, "profane_mark")
    decision = await open_window(env, table)
    service, timers = env.bot.service, env.bot.services.timers
    await timers.play_forced(clock.now)  # the poll that sees the window open
    clock.now += 5
    await timers.play_forced(clock.now)
    async with service.locked(table):
        await service.pause(table, Actor(table.host_id, "host"))
    for _ in range(3):  # a long pause, past the window's time, polled as the loop does
        clock.now += decision["hold"]
        await timers.play_forced(clock.now)
    assert table.frame().decision()["id"] == decision["id"], "nothing closes while paused"
    async with service.locked(table):
        await service.resume(table, Actor(table.host_id, "host"))
    clock.now += decision["hold"] - 5 - 1
    await timers.play_forced(clock.now)
    assert table.frame().decision()["id"] == decision["id"], "after the pause it has the time it had left"
    clock.now += 1
    await timers.play_forced(clock.now)
    await env.bot.services.publisher.settled()
    assert table.frame().decision()["id"] != decision["id"], "and then it closes"
