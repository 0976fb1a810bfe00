"""The Raven Game object: options, construction, and the words the platform shows."""
from __future__ import annotations

from engine.core import Option, check_seats, resolve_options
from engine.raven import bot, text
from engine.raven.cards import RULES
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
    rules = RULES

    def new(self, seats: list[str], seed: int, options: dict | None = None) -> RavenState:
        opts = resolve_options(self, options)
        check_seats(self, seats)
        return RavenState.new(list(seats), seed, opts)

    def load(self, data: dict) -> RavenState:
        return RavenState(data)

    def render(self, view: dict, names: dict[str, str]) -> str:
        return text.render(view, names)

    def label(self, action: dict, view: dict, names: dict[str, str] | None = None) -> str:
        return text.label(action, view)

    def describe(self, event: dict, names: dict[str, str]) -> str:
        return text.describe(event, names)

    def bot_choose(self, view: dict, legal: list[dict], rng) -> dict:
        return bot.choose(view, legal, rng)
