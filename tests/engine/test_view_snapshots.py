"""A view, once built, never changes when the game moves on: every game's views are their own data, not
windows onto the state. The host relies on it: a publish pass builds a version's views on the event loop,
then a worker thread draws that version's pictures from them while the loop may already apply the next
move (cogs/table/messages.py `_draw_ahead`)."""
import json
import random

import pytest

from engine import GAMES
from engine.bots import bot_choice

SEATS = {"raven": 4}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_view_does_not_change_when_the_game_moves_on(key):
    game = GAMES[key]
    seats = [f"p{i}" for i in range(1, SEATS.get(key, max(game.min_players, 3)) + 1)]
    for seed in range(2):
        state, rng = game.new(seats, seed, None), random.Random(seed)
        for step in range(300):
            if state.over:
                break
            views = {reader: state.view(reader) for reader in [None, *seats]}
            before = {reader: json.dumps(view, sort_keys=True, default=str) for reader, view in views.items()}
            pending = state.pending()
            seat = sorted(pending)[0]
            state.act(seat, bot_choice(game, state.view(seat), pending[seat], rng))
            for reader, view in views.items():
                assert json.dumps(view, sort_keys=True, default=str) == before[reader], (key, seed, step, reader)
