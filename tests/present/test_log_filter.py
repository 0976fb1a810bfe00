"""present.LogFilter answers "does this event make a log line?" once per game and event type: it must agree
with the presenter's describe() on every event of whole games, the types a presenter lists in `log_varies`
included (asked each time)."""
from __future__ import annotations

import random

import pytest

from engine import GAMES
from present import LogFilter, presenter

GAME_KEYS = ("raven", "nevermore", "deadlies", "everrain", "blackrose")  # (other tests add toy games to GAMES)


def events_of(key: str, seeds: int):
    game = GAMES[key]
    for seed in range(seeds):
        seats = [f"p{i}" for i in range(3)]
        state = game.new(seats, seed, None)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.over:
                break
            pending = state.pending()
            seat = rng.choice(sorted(pending))
            yield from state.act(seat, rng.choice(pending[seat]))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_filter_agrees_with_describe_on_every_event(key):
    p, logs, names = presenter(key), LogFilter(), {f"p{i}": f"P{i}" for i in range(3)}
    worded: dict[str, set[bool]] = {}
    count = 0
    for event in events_of(key, seeds=4):
        said = p.describe(event, names) is not None
        assert logs(key, event, names) == said, (key, event)
        worded.setdefault(event["type"], set()).add(said)
        count += 1
    assert count > 100
    # No type outside the presenter's list varies (the filter would answer it from the first event seen).
    varies = {kind for kind, answers in worded.items() if len(answers) > 1}
    assert varies <= set(p.log_varies)


def test_a_varying_type_is_asked_each_time():
    logs, names = LogFilter(), {"p0": "Ann"}
    assert logs("nevermore", {"type": "heal", "seat": "p0", "n": 2}, names)
    assert not logs("nevermore", {"type": "heal", "seat": "p0", "n": 0}, names)
    assert logs("nevermore", {"type": "heal", "seat": "p0", "n": 1}, names)
