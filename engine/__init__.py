"""Pure rules: no Discord, no I/O, deterministic from a seed. `GAMES` maps each key to its Game."""
from __future__ import annotations

from engine.core import (
    Action, Event, Game, IllegalAction, Option, State, Traits, View, decision, resolve_options,
)

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if getattr(game, "traits", None) is None:  # declared once here, so nothing else ever probes for them
        game.traits = Traits()
    GAMES[game.key] = game
    return game


# The games Rookery ships, one line a game (each package registers itself; a test may register more).
PACKAGES = ("raven", "nevermore", "deadlies", "everrain", "blackrose")


def _load_all() -> None:
    # A missing package (work in progress) must not break the rest.
    import importlib

    for name in PACKAGES:
        try:
            importlib.import_module(f"engine.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"engine.{name}":
                raise


_load_all()

__all__ = ["GAMES", "PACKAGES", "Action", "Event", "Game", "IllegalAction", "Option", "State", "Traits", "View",
           "decision", "register", "resolve_options"]
