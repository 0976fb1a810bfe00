"""Raven: trick-taking with bids made of set-aside cards and four specialists (2–6 players).
Its words live in present/raven/; its bot in engine/raven/bot.py (found by engine.bots)."""
from __future__ import annotations

from engine import register
from engine.core import Option, Traits, check_seats, resolve_options
from engine.raven.state import RavenState


class RavenGame:
    key = "raven"
    title = "Raven"
    min_players = 2
    max_players = 6
    options = {
        "length": Option("length", "standard", ("standard", "short"),
                         "standard: 8 hands, trump rotates; short: 5 hands ending in the ravenclaw round"),
        "theme": Option("theme", "raven", ("raven", "prophecy"),
                        "card names: Raven (Shields, Swords, ...) or Prophecy (Sunburst, Spears, ...)"),
    }
    # Bidding is simultaneous (everyone sets cards aside at once); no reaction windows.
    traits = Traits(simultaneous=True, reactions=False, pictures=True, undo=("unbid",), partial=("bid",))

    def new(self, seats: list[str], seed: int, options: dict | None = None) -> RavenState:
        opts = resolve_options(self, options)
        check_seats(self, seats)
        return RavenState.new(list(seats), seed, opts)

    def load(self, data: dict) -> RavenState:
        return RavenState(data)


GAME = register(RavenGame())
