"""The host side of a held reaction window (a decision with `hold`, engine.core.decision), on the toy game's
windows (tests/support/toygame.py: after each reveal, a seat holding a low card may steal the point): only a
seat with a real choice is asked, with a timer of exactly the hold; a seat whose only move is to let it pass
is never prompted, pinged or timed, offered nothing that could end the window (not in its DM, not in My
hand), and the host passes for it when the time is up; and the table sees the same thing in both cases: the
window opens, nothing happens for exactly the hold, then the game goes on. An early answer is kept back
until then. (Black Rose Wars no longer holds its windows: data/blackrose/rules.md.)"""
from __future__ import annotations

from bot import errors
from tests.support.clock import Clock
from tests.support.components import action_components, text_of
from tests.support.driver import started_table
from tests.support.toygame import TOY

NAMES = ("ann", "ben", "cat")


async def window_table(env, low: tuple[str, ...]):
    """A three-human toy table with held windows on, where the seats in `low` hold a low card (a real choice
    in the window) and the others do not; Ann and Ben have picked, Cat is about to, and will win the round
    (so the window is Ann's and Ben's)."""
    channel, members, table = await started_table(env, "toy", NAMES)
    services, service = env.bot.services, env.bot.service
    clock = service.clock = Clock(service.clock())
    hands = {s: [f"c{n}" for n in range(6 + 4 * i, 10 + 4 * i)] for i, s in enumerate(("p1", "p2", "p3"))}
    for i, s in enumerate(("p1", "p2", "p3")):
        if s in low:
            hands[s][0] = f"c{i + 1}"
    data = {"seats": ["p1", "p2", "p3"], "hands": hands, "picked": {}, "winner": None, "round": 1,
            "rounds": 3, "scores": {s: 0 for s in ("p1", "p2", "p3")}, "react": True}
    async with service.locked(table):
        table.state = TOY.load(data)
        for s in ("p1", "p2"):
            table.state.act(s, {"type": "pick", "card": hands[s][-1]})
        table.touch()
        service._sync_timers(table)
        await services.changes.publish(table)
    await settle(env)
    return channel, members, table, clock


async def settle(env) -> None:
    await env.bot.services.publisher.settled()
    await env.settle()


def board_requests(env, channel, since: int) -> list:
    return [r for r in env.http_requests[since:] if r.path.startswith(f"/channels/{channel.id}/")]


def dm_requests(env, member, since: int) -> list:
    return [r for r in env.http_requests[since:] if r.path.startswith(f"/channels/{member.user.dm_channel.id}/")]


async def open_window(env, table):
    """Cat picks: the reveal opens the held window."""
    service, services = env.bot.service, env.bot.services
    async with service.locked(table):
        outcome = await service.act(table, "p3", {"type": "pick", "card": table.state.d["hands"]["p3"][-1]})
        await services.changes.publish(table, outcome)
    await settle(env)
    decision = table.frame().decision()
    assert decision["about"] == "reactions" and decision["hold"] and decision["seats"] == []
    return decision


async def close_at(env, clock, when: float) -> None:
    clock.now = when
    await env.bot.services.timers.play_forced(clock.now)
    await settle(env)


async def test_a_seat_that_cannot_react_is_never_asked_and_the_host_passes_for_it_when_the_time_is_up(simcord_env):
    env = simcord_env
    channel, members, table, clock = await window_table(env, low=())
    ben = members[1]
    mark = len(env.http_requests)
    decision = await open_window(env, table)
    assert table.frame().unasked() == {"p1", "p2"} and table.timers == {}, "nobody asked, nobody timed"
    assert dm_requests(env, ben, mark) == [], "Ben is neither prompted nor pinged"
    opened = len(board_requests(env, channel, mark))
    start = clock.now
    await close_at(env, clock, start + decision["hold"] - 1)
    assert table.frame().decision()["id"] == decision["id"], "the window stays open for its whole time"
    assert len(board_requests(env, channel, mark)) == opened
    await close_at(env, clock, start + decision["hold"])
    assert (table.frame().decision() or {}).get("id") != decision["id"], "the host let it pass when time was up"
    assert len(board_requests(env, channel, mark)) > opened, "then the table sees the game go on"


async def test_an_unasked_seat_is_offered_nothing_that_could_end_the_window(simcord_env):
    """Issue 33: a seat not asked could press My hand during a held window, see its lone "let it pass", and
    pressing it ended the window early, for everyone to see. Now My hand offers it nothing, and a click on
    an old prompt of its is refused without touching the game."""
    env = simcord_env
    channel, members, table, clock = await window_table(env, low=("p2",))
    ann = members[0]
    decision = await open_window(env, table)
    assert table.frame().unasked() == {"p1"} and set(table.timers) == {"p2"}
    board = next(m for m in reversed(channel.history()) if m.id == table.board_message_id)
    mine = await ann.click(board, label="My hand")
    assert mine.ephemeral and action_components(mine.response) == [], text_of(mine.response)
    service = env.bot.service
    async with service.locked(table):
        version = table.version
        try:
            await service.click(table, "p1", ann.id, service.prompt_key(table, "p1"), _pick(0))
            raise AssertionError("an unasked seat's pass was taken")
        except errors.OutOfDate:
            pass
    assert table.version == version and table.frame().decision()["id"] == decision["id"]


def _pick(index: int):
    from bot.table import Pick
    return Pick(indexes=(index,))


async def test_an_early_answer_is_kept_back_until_the_window_would_have_closed(simcord_env):
    """Ann and Ben may both steal and both let it pass at once: the window closes in the rules, but the table
    sees nothing until its time is up. Cat, outside the window, reads the same from My hand and the Log
    while it is open and while it is kept back (issue 33: My hand showed what the hold kept back: the
    window already over, and her next prompt)."""
    env = simcord_env
    channel, members, table, clock = await window_table(env, low=("p1", "p2"))
    ann, ben, cat = members
    mark = len(env.http_requests)
    start = clock.now
    decision = await open_window(env, table)
    assert table.timers["p2"].seconds == decision["hold"], "his timer is exactly the window's hold"
    while_open = await cat_reads(channel, table, cat)
    for member in (ann, ben):  # each is asked in their DM, and lets it pass at once
        prompt = member.user.dm_channel.last_message
        let_pass = next(c for c in action_components(prompt) if c.get("label") == "Let it pass")
        await member.user.click(prompt, custom_id=let_pass["custom_id"])
        await settle(env)
    assert (table.frame().decision() or {}).get("id") != decision["id"], "the answers closed it in the rules"
    assert "p3" in table.pending(), "Cat's next move is waiting, kept back"
    opened = len(board_requests(env, channel, mark))
    assert await cat_reads(channel, table, cat) == while_open, "Cat cannot tell it closed early"
    await close_at(env, clock, start + decision["hold"] - 1)
    assert len(board_requests(env, channel, mark)) == opened, "but the table sees nothing before the hold"
    await close_at(env, clock, start + decision["hold"])
    assert len(board_requests(env, channel, mark)) > opened, "and the game goes on when the window's time is up"
    assert action_components((await cat.click(board_of(channel, table), label="My hand")).response)


def board_of(channel, table):
    return next(m for m in reversed(channel.history()) if m.id == table.board_message_id)


async def cat_reads(channel, table, cat) -> tuple:
    """What Cat gets from My hand and the Log: their words and their buttons."""
    out = []
    for label in ("My hand", "Log"):
        got = await cat.click(board_of(channel, table), label=label)
        out.append((text_of(got.response), [c.get("label") for c in action_components(got.response)]))
    return tuple(out)


async def test_a_paused_window_keeps_the_time_it_had_left(simcord_env):
    """While the table is paused the window's time stops: closing it during the pause would end it at once on
    resume when nobody could react, and not when someone could, which would tell the table."""
    from bot.table import Actor

    env = simcord_env
    channel, members, table, clock = await window_table(env, low=())
    decision = await open_window(env, table)
    service, timers = env.bot.service, env.bot.services.timers
    await timers.play_forced(clock.now)  # the poll that sees the window open
    clock.now += 2
    await timers.play_forced(clock.now)
    async with service.locked(table):
        await service.pause(table, Actor(table.host_id, "host"))
    for _ in range(3):  # a long pause, past the window's time, polled as the loop does
        clock.now += decision["hold"]
        await timers.play_forced(clock.now)
    assert table.frame().decision()["id"] == decision["id"], "nothing closes while paused"
    async with service.locked(table):
        await service.resume(table, Actor(table.host_id, "host"))
    clock.now += decision["hold"] - 2 - 1
    await timers.play_forced(clock.now)
    assert table.frame().decision()["id"] == decision["id"], "after the pause it has the time it had left"
    clock.now += 1
    await timers.play_forced(clock.now)
    await settle(env)
    assert (table.frame().decision() or {}).get("id") != decision["id"], "and then it closes"
