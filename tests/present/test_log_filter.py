"""present.LogFilter answers "does this event make a log line?" once per game and event type: it must agree
with the presenter's describe() on every event of whole games, the types a presenter lists in `log_varies`
included (asked each time)."""
from __future__ import annotations

import itertools
import random

import pytest

from engine import GAMES
from present import LogFilter, presenter
from tests.engine.registry import keys


def events_of(key: str, seeds: int, at_least: int = 0):
    """The events of `seeds` seeded random games, and of more until there are `at_least` (a short game)."""
    game = GAMES[key]
    count = 0
    for seed in itertools.count():
        if seed >= seeds and count >= at_least:
            return
        seats = [f"p{i}" for i in range(max(game.min_players, min(3, game.max_players)))]
        state = game.new(seats, seed, None)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.over:
                break
            pending = state.pending()
            seat = rng.choice(sorted(pending))
            events = state.act(seat, rng.choice(pending[seat]))
            count += len(events)
            yield from events


@pytest.mark.parametrize("key", keys())
def test_the_filter_agrees_with_describe_on_every_event(key):
    p, logs, names = presenter(key), LogFilter(), {f"p{i}": f"P{i}" for i in range(3)}
    worded: dict[str, set[bool]] = {}
    count = 0
    for event in events_of(key, seeds=4, at_least=101):
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
