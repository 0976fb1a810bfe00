"""The Raven bot plays legal moves from its own view only, and hits its bids more often than chance."""
from __future__ import annotations

import random

import pytest

from engine.bots import bot_choice
from tests.engine.raven_states import GAME, fresh


def _game(n: int, seed: int, smart: bool, length: str = "standard") -> float:
    st = fresh(n, length=length, seed=seed)
    rng = random.Random(seed)
    while not st.over:
        seat, legal = sorted(st.pending().items())[0]
        if smart:
            action = bot_choice(GAME, st.view(seat), legal, rng)
        else:
            action = rng.choice([a for a in legal if a["type"] != "unbid"] or legal)
        assert action in legal
        st.act(seat, action)
    return sum(st.bonuses.values()) / (n * st.hands_total)


@pytest.mark.parametrize("n", range(2, 7))
def test_bot_finishes_games_with_legal_moves(n):
    _game(n, 1, True, "short")


def test_bot_makes_exact_bids_more_often_than_random_play():
    smart = sum(_game(4, seed, True) for seed in range(6))
    rand = sum(_game(4, seed, False) for seed in range(6))
    assert smart > rand
