"""Bot seats. A bot sees only its own view and its legal actions, never the state itself."""
from __future__ import annotations

import random

from engine.core import Action, Game, View


def choose(game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
    """A game may offer a smarter `bot_choose(view, legal, rng)`; otherwise a legal random move."""
    smart = getattr(game, "bot_choose", None)
    if smart is not None:
        return smart(view, legal, rng)
    return rng.choice(legal)
