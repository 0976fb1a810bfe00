"""Turn timers through the table service (issue 12 §3): a timeout takes the safe choice, finishes a move
built in steps, keeps the full timer for the next prompt, and after two in a row marks the seat away."""
import random

import pytest

from bot import render
from bot.storage import Storage
from present import fmt
from bot.seating import Seating
from bot.service import AWAY_AFTER, SHORT_TIMER, TableService
from bot.table import Actor
from engine import GAMES
from engine.bots import bot_choice
from tests.support.clock import Clock


async def others_play_until_p1(service, table):
    """Others play (bots' choices) until p1 must start a turn; a reaction asked of p1 is answered too."""
    rng = random.Random(1)
    while "p1" not in table.pending() or table.frame().decision().get("quick"):
        seat, legal = next(iter(table.pending().items()))
        action = bot_choice(table.game, table.state.view(seat), legal, rng)
        # A reaction asked of p1 is answered for it (not its own click, which would bring it back).
        await service.act(table, seat, action, source="timer" if seat == "p1" else "player")


@pytest.fixture
async def world(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    store = await Storage.open(path)
    clock = Clock()
    yield path, TableService(store, clock), clock
    await store.close()


async def deadlies_table(service, hand_p1=None, turn=120):
    table = await Seating(service).create_lobby(1, 10, Actor(100, "Ann"), "deadlies", None, turn)
    await Seating(service).join(table, 101, "Bo")
    await Seating(service).join(table, 102, "Cy")
    await service.start(table)
    if hand_p1 is not None:  # deal p1 exactly these cards (swapped with whoever held them)
        data = table.state.to_json()
        hand = data["hands"]["p1"]
        zones = [data["hands"][s] for s in data["hands"] if s != "p1"] + [data["deck"]]
        for want in hand_p1:
            if want in hand:  # already dealt to p1 (the table's seed is random)
                continue
            give = next(c for c in hand if c not in hand_p1)
            zone = next((z for z in zones if want in z), None)
            if zone is not None:  # else it sits outside hands and deck (the Halo in the centre)
                zone[zone.index(want)] = give
            hand[hand.index(give)] = want
        data["hands"]["p1"] = list(hand_p1)
        table.state = GAMES["deadlies"].load(data)
        service._sync_timers(table)
    return table


async def test_a_timed_out_turn_plays_one_card_and_the_next_prompt_keeps_the_full_timer(world):
    _, service, clock = world
    table = await deadlies_table(service, hand_p1=["SL5", "CO8", "HALO"])
    assert table.timers["p1"].seconds == 120
    clock.now += 121
    steps = (await service.expire(table, "p1")).steps
    # Picking and playing are one decision: the timeout finished it, with the least valuable card.
    assert [s.action for s in steps[:2]] == [{"type": "pick", "card": "SL5"}, {"type": "play", "as": "single"}]
    assert {s.source for s in steps} == {"timer"}
    assert sorted(table.state.view("p1")["hand"]) == ["CO8", "HALO"]
    # The seat is not hurried afterwards: its next prompt gets the whole turn timer again.
    await others_play_until_p1(service, table)
    assert table.timers["p1"].seconds == 120 and table.timers["p1"].due == clock.now + 120


async def test_reaction_window_is_short_reminded_at_half_time_and_declined(world):
    _, service, clock = world
    table = await deadlies_table(service, hand_p1=["WR3", "GR1", "PR5"])
    for action in ({"type": "pick", "card": "WR3"}, {"type": "play", "as": "single"},
                   {"type": "target", "seat": "p2"}):
        await service.act(table, "p1", action)
    assert table.frame().decision().get("quick") and set(table.timers) == {"p2"}
    timer = table.timers["p2"]
    assert timer.seconds == SHORT_TIMER and not timer.reminded
    clock.now += SHORT_TIMER / 2 - 1
    assert service.due(clock.now) == []
    clock.now += 1
    assert [(d.seat, d.kind) for d in service.due(clock.now)] == [("p2", "remind")]
    clock.now += SHORT_TIMER / 2
    steps = (await service.expire(table, "p2")).steps
    assert steps[0].action == {"type": "stop"}  # never throws a Wrath back for an absent player


def away_lines(table) -> int:
    return sum(1 for to, event in table.logs["log"] if event["type"] == "_away")


async def test_two_timeouts_in_a_row_mark_the_seat_away_until_its_own_move(world):
    path, service, clock = world
    table = await deadlies_table(service)
    seat = table.seat("p1")
    clock.now += 121
    await service.expire(table, "p1")
    assert seat.timeouts == 1 and not seat.away and away_lines(table) == 0

    async def to_p1():
        await others_play_until_p1(service, table)

    await to_p1()
    clock.now += 121
    await service.expire(table, "p1")
    assert seat.away and away_lines(table) == 1
    assert any("Ann seems to be away" in fmt.plain_line(line) for line in render.log_lines(table, None))
    restarted = TableService(await Storage.open(path), clock)  # the mark is saved with the seats
    (again,) = await restarted.restore()
    assert again.seat("p1").away and again.seat("p1").timeouts == AWAY_AFTER
    await restarted.store.close()
    await to_p1()
    clock.now += 121
    before = {id(entry) for entry in table.logs["log"]}  # the log keeps only its tail: compare what it gains
    await service.expire(table, "p1")
    added = [event for entry in table.logs["log"] if id(entry) not in before for _, event in [entry]]
    assert seat.away and not any(e["type"] == "_away" for e in added)  # the table is told once
    await to_p1()
    await service.act(table, "p1", table.pending()["p1"][0], automatic=True)  # a move the host made for it
    assert seat.away, "a lone card played for them does not bring them back"
    await to_p1()
    await service.act(table, "p1", table.pending()["p1"][0])  # its own click brings it back
    assert not seat.away and seat.timeouts == 0
