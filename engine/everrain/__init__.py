"""The Everrain: a voyage through a rain-drenched sea of islands, built around the Story card system
(engine/everrain/story.py, usable on its own). The game around it is our own small design."""
from __future__ import annotations

from engine import register
from engine.core import Option, Traits, check_seats, resolve_options
from engine.everrain.state import EverrainState, copy


class EverrainGame:
    key = "everrain"
    title = "The Everrain"
    min_players = 1
    max_players = 5
    options = {
        "length": Option("length", 12, (8, 12, 16),
                         "Discovery Track space that ends the voyage (Acts end at 3/6/8, 4/8/12 or 5/11/16)."),
    }
    # One captain decides at a time; no reaction windows.
    traits = Traits(simultaneous=False, reactions=False, pictures=True)

    def new(self, seats: list[str], seed: int, options: dict | None = None) -> EverrainState:
        opts = resolve_options(self, options)
        check_seats(self, seats)
        return EverrainState.new(list(seats), seed, opts)

    def load(self, data: dict) -> EverrainState:
        return EverrainState(copy(data))


GAME = register(EverrainGame())
