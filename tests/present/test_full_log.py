"""The whole log on request: rebuilt from the seed and the stored actions, per reader, so nothing scrolls
away and nothing addressed to another seat is included."""
from __future__ import annotations

import random
from types import SimpleNamespace

from bot.render import full_log
from engine import GAMES
from present import fmt, presenter


def test_full_log_is_what_each_reader_was_told_and_nothing_else():
    game, p = GAMES["raven"], presenter("raven")
    seats = ["p1", "p2", "p3"]
    names = {"p1": "Ann", "p2": "Bo", "p3": "Cy"}
    state, rng, actions = game.new(seats, 4, {"length": "short"}), random.Random(4), []
    told: dict = {s: [] for s in [None, *seats]}
    for _ in range(120):
        seat = rng.choice(sorted(state.pending()))
        action = rng.choice(state.pending()[seat])
        actions.append({"seat": seat, "action": action})
        for event in state.act(seat, action):
            said = p.describe(event, names)
            for reader in told:
                if said and event.get("to") in (None, reader):
                    told[reader].append(said)
    table = SimpleNamespace(game_key="raven", game=game, seed=4, options={"length": "short"}, names=names,
                            seats=[SimpleNamespace(seat=s) for s in seats])
    for reader, lines in told.items():
        assert full_log(table, reader, actions) == lines
    mine = [fmt.plain_line(x) for x in full_log(table, "p1", actions) if "You set aside" in fmt.plain_line(x)]
    bids = [a for a in actions if a["seat"] == "p1" and a["action"]["type"] == "bid"]
    assert len(mine) == len(bids) > 0
    assert not any("You set aside" in fmt.plain_line(x) for x in full_log(table, None, actions))
