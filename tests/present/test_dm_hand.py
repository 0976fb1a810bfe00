"""A presenter's dm_hand (present/base.py) is the hand's DM form built without the board: over random games,
in every language, it must be exactly hand() minus the sections board() shows too (what the host computes
from the board otherwise), and for Raven it must apply in every state (else the answer waits for the board)."""
import random

import pytest

from engine import GAMES
from present import presenter
from present.base import BasePresenter
from present.i18n import LANGUAGES, reading

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}
OWN = [key for key in GAMES if type(presenter(key)).dm_hand is not BasePresenter.dm_hand]


def test_raven_builds_its_dm_hand_without_the_board():
    assert "raven" in OWN


@pytest.mark.parametrize("key", OWN)
@pytest.mark.parametrize("seed", [1, 2])
def test_dm_hand_is_the_hand_without_what_the_board_shows(key, seed):
    game, p = GAMES[key], presenter(key)
    seats = list(NAMES)[:max(game.min_players, min(4, game.max_players))]
    state, rng, built = game.new(seats, seed, None), random.Random(seed), 0
    for _ in range(400):
        pending = state.pending()
        if state.over or not pending:
            break
        public = state.view(None)
        for lang in LANGUAGES:
            with reading(lang):
                board = p.board(public, NAMES).sections
                for seat in seats:
                    view = state.view(seat)
                    dm = p.dm_hand(view, public, NAMES)
                    if dm is None:
                        assert key != "raven", "a Raven seat always sees the table as the public does"
                        continue
                    whole = p.hand(view, NAMES)
                    whole.sections = [s for s in whole.sections if s not in board]
                    assert dm == whole, (lang, seat)
                    built += 1
        seat = rng.choice(sorted(pending))
        state.act(seat, rng.choice(pending[seat]))
    assert built
