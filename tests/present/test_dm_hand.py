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


def dm_cases(key: str, seed: int, steps: int = 400):
    """(seat, its view, the pending seats, the board's sections, the seat's dm_hand, its whole hand) at every
    state of a random game, in every language (the hand and board worded in that language)."""
    game, p = GAMES[key], presenter(key)
    seats = list(NAMES)[:max(game.min_players, min(4, game.max_players))]
    state, rng = game.new(seats, seed, None), random.Random(seed)
    for _ in range(steps):
        pending = state.pending()
        if state.over or not pending:
            break
        public = state.view(None)
        for lang in LANGUAGES:
            with reading(lang):
                board = p.board(public, NAMES).sections
                for seat in seats:
                    view = state.view(seat)
                    yield seat, view, pending, board, p.dm_hand(view, public, NAMES), p.hand(view, NAMES)
        seat = rng.choice(sorted(pending))
        state.act(seat, rng.choice(pending[seat]))


@pytest.mark.parametrize("key", [k for k in OWN if k != "everrain"])
@pytest.mark.parametrize("seed", [1, 2])
def test_dm_hand_is_the_hand_without_what_the_board_shows(key, seed):
    built = 0
    for seat, _view, _pending, board, dm, whole in dm_cases(key, seed):
        if dm is None:
            assert key != "raven", "a Raven seat always sees the table as the public does"
            continue
        whole.sections = [s for s in whole.sections if s not in board]
        assert dm == whole, seat
        built += 1
    assert built


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_everrain_dm_keeps_the_card_the_seat_decides_on(seed):
    """An Everrain DM leaves the table to the board, but not the card in play while it is the seat's move:
    "Choose the crew member who takes the test" comes with the test (and a reroll with the failed roll), as
    the board shows it. Otherwise it holds only what the board does not show (the seat's face-down
    stories), and the hand's footer."""
    p, kept = presenter("everrain"), 0
    for seat, view, pending, board, dm, whole in dm_cases("everrain", seed, steps=300):
        assert dm.footer == whole.footer and dm.title == whole.title
        mine = seat in pending and view["card"]
        rest = dm.sections[1:] if mine else dm.sections
        if mine:
            assert dm.sections[0] in board and dm.sections[0].title == board[1].title
            kept += 1
        assert not any(s in board for s in rest), "the rest is the seat's own"
        # (the whole hand, made compact on a crowded table, can differ from the board's sections in form
        # only: what the DM once showed beside the stories; it now leaves all that out)
        assert [s.title for s in rest] == [s.title for s in p._private(view, False)]
    assert kept, "some seat decided on a card"
