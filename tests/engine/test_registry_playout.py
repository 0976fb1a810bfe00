"""Every registered game, the test run's toy game included (tests/engine/registry.py), through the
conformance harness (tests/engine/conformance.py): round trips, illegal actions refused, the presenter's
board, hand, labels and log lines, the replay from the seed. A game added with its registration line is
played here without a line of this file changing; each shipped game's own playout test adds many more
games, with its hidden-card checks and invariants."""
from __future__ import annotations

import pytest

from engine import GAMES
from tests.engine.conformance import playout
from tests.engine.registry import keys


@pytest.mark.parametrize("key", keys())
def test_every_registered_game_plays_through_the_common_contract(key):
    game = GAMES[key]
    seats = [f"p{i}" for i in range(1, game.min_players + 1)]
    state, log = playout(game, seats, seed=1)
    assert state.over and log


def test_the_toy_game_is_in_the_registry_for_this_run():
    """The proof works only while the toy game is registered: the generic tests read engine.GAMES."""
    assert "toy" in keys() and GAMES["toy"].title == "Toy"
