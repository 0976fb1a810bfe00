"""Nevermore (Smirk & Dagger, 2015): draft, resolve four suits, turn rivals into Ravens. 3-6 players."""
from __future__ import annotations

from engine import register
from engine.core import check_seats, resolve_options
from engine.data import load
from engine.nevermore import bot, effects, flow, magick, suits, text  # noqa: F401  (registers the task kinds)
from engine.nevermore.state import NevermoreState


class Nevermore:
    key = "nevermore"
    title = "Nevermore"
    min_players = 3
    max_players = 6
    options: dict = {}
    rules = load("nevermore/rules.md")

    def new(self, seats, seed, options=None):
        resolve_options(self, options)
        check_seats(self, seats)
        return flow.new_state(seats, seed)

    def load(self, data):
        return NevermoreState.from_json(data)

    def render(self, view, names):
        return text.render(view, names)

    def label(self, action, view, names=None):
        return text.label(action, view, names)

    def describe(self, event, names):
        return text.describe(event, names)

    def bot_choose(self, view, legal, rng):
        return bot.choose(view, legal, rng)


GAME = register(Nevermore())
