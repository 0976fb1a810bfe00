"""Bot seats and timeouts. A bot sees only its own view and its legal actions, never the state itself.

Each game may put in engine/<game>/bot.py:
  bot_choice(view, legal, rng) -> action         how a bot seat plays;
  timeout_choice(view, legal) -> action       what a human seat does when its time runs out.
A timeout is not a bot taking over: the player is only away for a moment, so it takes the safest choice
the game names (pass, stop, keep, decline) and spends a card only when the rules force one.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType

from engine.core import Action, Game, View

# Action types that decline, in the order a timeout prefers them when a game names no timeout choice (every
# game of ours names one in engine/<game>/bot.py; these are for a game that doesn't).
SAFE_TYPES = ("pass", "stop", "keep", "decline")

_MODULES: dict[str, ModuleType | None] = {}


def _bot_module(game: Game) -> ModuleType | None:
    key = game.key
    if key not in _MODULES:
        try:
            _MODULES[key] = importlib.import_module(f"engine.{key}.bot")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"engine.{key}", f"engine.{key}.bot"):
                raise  # a real import error inside an existing bot module
            _MODULES[key] = None
    return _MODULES[key]


def bot_choice(game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
    """The game's bot (engine/<game>/bot.py `bot_choice`); else a random legal move."""
    module = _bot_module(game)
    smart = getattr(module, "bot_choice", None)
    if smart is not None:
        return smart(view, legal, rng)
    return rng.choice(legal)


def timeout_choice(game: Game, view: View, legal: list[Action]) -> Action:
    """What a human seat does when its time runs out: the game's declared choice, else a declining action,
    else the first legal action (deterministic, so a timeout never depends on luck)."""
    module = _bot_module(game)
    declared = getattr(module, "timeout_choice", None)
    if declared is not None:
        action = declared(view, legal)
        if action in legal:
            return action
    for kind in SAFE_TYPES:
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]
