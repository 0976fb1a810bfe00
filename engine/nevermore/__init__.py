"""Nevermore (Smirk & Dagger, 2015): draft, resolve four suits, turn rivals into Ravens. 3-6 players."""
from __future__ import annotations

from engine import register
from engine.core import Traits, check_seats, resolve_options
from engine.nevermore import bot, magick, phases, rules, suits  # noqa: F401  (registers the task kinds)
from engine.nevermore.state import NevermoreState


class Nevermore:
    key = "nevermore"
    title = "Nevermore"
    min_players = 3
    max_players = 6
    options: dict = {}
    # Drafting and readying cards are simultaneous; Magick windows are quick reaction windows.
    traits = Traits(simultaneous=True, reactions=True, pictures=True, undo=("unpick",), partial=("pick", "unpick"))

    def new(self, seats, seed, options=None):
        resolve_options(self, options)
        check_seats(self, seats)
        return phases.new_state(seats, seed)

    def load(self, data):
        return NevermoreState.from_json(data)


GAME = register(Nevermore())
